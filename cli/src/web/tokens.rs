//! The secret tokens that name a match and its seats: 128 bits from the
//! operating system, written as hex, compared in constant time.

use super::error::WebError;
use plateau::rand::rngs::OsRng;
use plateau::rand::TryRngCore;

/// A secret token: 128 bits from the operating system's generator.
pub type Token = [u8; 16];

/// A new secret token (or match id) from the operating system's generator.
pub fn new_token() -> Result<Token, WebError> {
    let mut token = [0u8; 16];
    OsRng.try_fill_bytes(&mut token).map_err(|e| {
        WebError::new(
            "internal",
            format!("the operating system's random generator failed: {e}"),
        )
    })?;
    Ok(token)
}

/// A token as 32 lowercase hex digits.
pub fn token_hex(token: &Token) -> String {
    token.iter().map(|b| format!("{b:02x}")).collect()
}

/// A token read from 32 hex digits, if it is one.
pub fn parse_token(text: &str) -> Option<Token> {
    let bytes = text.as_bytes();
    if bytes.len() != 32 {
        return None;
    }
    let mut token = [0u8; 16];
    for (i, pair) in bytes.chunks(2).enumerate() {
        let hex = std::str::from_utf8(pair).ok()?;
        token[i] = u8::from_str_radix(hex, 16).ok()?;
    }
    Some(token)
}

/// Whether two tokens are equal, in a time that does not depend on where
/// they differ.
pub fn same_token(a: &Token, b: &Token) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_in_hex_and_read_back() {
        let t = new_token().unwrap();
        let hex = token_hex(&t);
        assert_eq!(hex.len(), 32);
        assert_eq!(parse_token(&hex), Some(t));
        assert_ne!(new_token().unwrap(), t, "two draws of 128 bits differ");
        assert_eq!(parse_token("zz"), None);
        assert_eq!(parse_token(&"g".repeat(32)), None);
        assert_eq!(parse_token(&"é".repeat(16)), None);
    }

    #[test]
    fn tokens_compare_equal_only_when_every_byte_is() {
        let a = [7u8; 16];
        let mut b = a;
        assert!(same_token(&a, &b));
        b[15] ^= 1;
        assert!(!same_token(&a, &b));
    }
}
