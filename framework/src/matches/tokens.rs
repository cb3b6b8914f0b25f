//! Secret tokens: 128 bits from the operating system's generator, written
//! as 32 lowercase hex digits, compared in constant time.

use super::MatchError;
use rand::rngs::OsRng;
use rand::TryRngCore;

/// A secret token that names a seat (or the hot seat, or the referee).
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Token([u8; 16]);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never printed by accident.
        f.write_str("Token(..)")
    }
}

impl Token {
    /// A new token from the operating system's random generator.
    pub fn new() -> Result<Token, MatchError> {
        let mut bytes = [0u8; 16];
        OsRng.try_fill_bytes(&mut bytes).map_err(|e| {
            MatchError::Internal(format!(
                "the operating system's random generator failed: {e}"
            ))
        })?;
        Ok(Token(bytes))
    }

    /// The token as 32 lowercase hex digits.
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A token read from 32 hex digits (either case), if it is one.
    pub fn parse(text: &str) -> Option<Token> {
        let bytes = text.trim().as_bytes();
        if bytes.len() != 32 {
            return None;
        }
        let mut token = [0u8; 16];
        for (i, pair) in bytes.chunks(2).enumerate() {
            let hex = std::str::from_utf8(pair).ok()?;
            token[i] = u8::from_str_radix(hex, 16).ok()?;
        }
        Some(Token(token))
    }

    /// Whether two tokens are equal, in a time that does not depend on
    /// where they differ.
    pub fn same(&self, other: &Token) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
    }
}

/// A random seed from the operating system's generator.
pub(crate) fn os_seed() -> Result<u64, MatchError> {
    OsRng.try_next_u64().map_err(|e| {
        MatchError::Internal(format!(
            "the operating system's random generator failed: {e}"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_in_hex_and_read_back() {
        let t = Token::new().unwrap();
        let hex = t.hex();
        assert_eq!(hex.len(), 32);
        assert!(Token::parse(&hex).unwrap().same(&t));
        assert!(Token::parse(&hex.to_uppercase()).unwrap().same(&t));
        assert!(
            !Token::new().unwrap().same(&t),
            "two draws of 128 bits differ"
        );
        assert!(Token::parse("zz").is_none());
        assert!(Token::parse(&"g".repeat(32)).is_none());
        assert!(Token::parse(&"é".repeat(16)).is_none());
        assert_eq!(format!("{t:?}"), "Token(..)");
    }

    #[test]
    fn tokens_compare_equal_only_when_every_byte_is() {
        let a = Token([7u8; 16]);
        let mut b = a;
        assert!(a.same(&b));
        b.0[15] ^= 1;
        assert!(!a.same(&b));
    }
}
