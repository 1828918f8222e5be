//! Seat tokens: 256 random bits from the operating system's CSPRNG, shown to the client once and
//! stored only as a SHA-256 hash, compared in constant time. Tokens are never logged.

use actix_web::HttpRequest;
use actix_web::http::header;
use rand::RngExt;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::error::ApiError;

/// A new token: `hp_` and 64 hex digits (256 bits).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    format!("hp_{}", hex::encode(bytes))
}

/// The stored form of a token: the first 128 bits of its SHA-256, in hex. (The token has 256
/// random bits, so 128 bits of hash leave no feasible way to find a matching token, and the
/// stored game stays small.)
pub fn hash_token(token: &str) -> String {
    hex::encode(&Sha256::digest(token.as_bytes())[..16])
}

/// Whether `token` hashes to `stored`, in constant time.
pub fn token_matches(token_hash: &str, stored: &str) -> bool {
    token_hash.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// The bearer token of a request: None without an Authorization header, an error for a
/// malformed one.
pub fn bearer(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| ApiError::InvalidToken)?;
    let mut parts = text.splitn(2, ' ');
    match (parts.next(), parts.next()) {
        (Some(scheme), Some(token)) if scheme.eq_ignore_ascii_case("bearer") => {
            let token = token.trim();
            if token.is_empty() || token.len() > 256 {
                Err(ApiError::InvalidToken)
            } else {
                Ok(Some(token.to_owned()))
            }
        }
        _ => Err(ApiError::MalformedAuthorization),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 3 + 64);
        let h = hash_token(&a);
        assert!(token_matches(&hash_token(&a), &h));
        assert!(!token_matches(&hash_token(&b), &h));
        assert!(!h.contains(&a[3..]));
    }
}
