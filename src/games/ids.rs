//! What names a game and a retried request, parsed once: a value of these types is valid, and
//! nothing checks it again (`api::extract` reads them from a request).

use crate::error::{Code, Error};

/// The longest `Idempotency-Key` a client may send, in bytes (the stored key adds the seat's
/// scope; see the store's `MAX_IDEM_KEY_LEN`).
pub const IDEMPOTENCY_KEY_MAX: usize = 128;

/// A game's id as games are given one: 1 to 64 of `A-Z a-z 0-9 - _`. Any other id names no
/// game (a 404, without asking the store).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameId(String);

impl GameId {
    /// The id `id`, or `game_not_found` for one no game could have.
    pub fn parse(id: &str) -> Result<GameId, Error> {
        let ok = !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(GameId(id.to_owned()))
        } else {
            Err(Error::GameNotFound(id.chars().take(64).collect()))
        }
    }

    /// The id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for GameId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// An `Idempotency-Key`: 1 to [`IDEMPOTENCY_KEY_MAX`] visible ASCII characters (spaces inside);
/// `invalid_idempotency_key` otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// The key `key` (a header's bytes).
    pub fn parse(key: &[u8]) -> Result<IdempotencyKey, Error> {
        let key = std::str::from_utf8(key)
            .ok()
            .filter(|k| k.bytes().all(|b| (0x20..0x7f).contains(&b)))
            .ok_or_else(|| {
                Error::bad_request(
                    Code::InvalidIdempotencyKey,
                    "the Idempotency-Key header must be 1 to 128 visible ASCII characters",
                )
            })?;
        if key.is_empty() || key.len() > IDEMPOTENCY_KEY_MAX {
            return Err(Error::bad_request(
                Code::InvalidIdempotencyKey,
                format!(
                    "an Idempotency-Key has 1 to {IDEMPOTENCY_KEY_MAX} characters, not {}",
                    key.len()
                ),
            ));
        }
        Ok(IdempotencyKey(key.to_owned()))
    }

    /// The key.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_and_keys_are_checked_once_here() {
        assert!(GameId::parse("k3x9p2m7q4w8z5ab").is_ok());
        for bad in ["", "a b", "{x}", &"x".repeat(65)] {
            assert_eq!(GameId::parse(bad).unwrap_err().code(), Code::GameNotFound);
        }
        assert!(IdempotencyKey::parse(b"retry 1").is_ok());
        for bad in [&b""[..], &[b'x'; 129], b"caf\xc3\xa9", b"tab\there"] {
            assert_eq!(
                IdempotencyKey::parse(bad).unwrap_err().code(),
                Code::InvalidIdempotencyKey
            );
        }
    }
}
