//! The ids of matches: 128 bits from the operating system, written as hex.
//! (The seats' secret tokens are the match layer's.)

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_bits_in_hex() {
        let t = new_token().unwrap();
        let hex = token_hex(&t);
        assert_eq!(hex.len(), 32);
        assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(new_token().unwrap(), t, "two draws of 128 bits differ");
    }
}
