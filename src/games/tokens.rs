//! Seat tokens: 256 random bits from the operating system's CSPRNG, shown to the client once
//! and stored only as a SHA-256 hash, compared in constant time. Never logged.

use rand::RngExt;
use sha2::{Digest, Sha256};
use subtle::{Choice, ConstantTimeEq};

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
    TokenHash::of(token).as_str().to_owned()
}

/// A token's stored form, computed once (on the stack) to compare with every seat's.
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &str) -> TokenHash {
        let mut hex = [0u8; 32];
        hex::encode_to_slice(&Sha256::digest(token.as_bytes())[..16], &mut hex)
            .expect("16 bytes are 32 hex digits");
        TokenHash(hex)
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("hex digits are ASCII")
    }

    /// Whether `stored` is this hash, in constant time: the bytes are compared eight at a
    /// time, and no branch depends on them (only on the length, which is not secret).
    pub fn matches(&self, stored: &str) -> bool {
        let Ok(stored) = <&[u8; 32]>::try_from(stored.as_bytes()) else {
            return false;
        };
        let word = |b: &[u8]| u64::from_ne_bytes(b.try_into().expect("8 bytes"));
        self.0
            .chunks_exact(8)
            .zip(stored.chunks_exact(8))
            .fold(Choice::from(1), |same, (a, b)| {
                same & word(a).ct_eq(&word(b))
            })
            .into()
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
        assert!(TokenHash::of(&a).matches(&h));
        assert!(!TokenHash::of(&b).matches(&h));
        assert!(!h.contains(&a[3..]));
    }

    #[test]
    fn the_stored_form_is_the_first_half_of_the_sha256_in_hex() {
        // Stored games hold this form: it must never change.
        assert_eq!(hash_token("abc"), "ba7816bf8f01cfea414140de5dae2223");
        let h = TokenHash::of("abc");
        assert!(h.matches("ba7816bf8f01cfea414140de5dae2223"));
        // a difference in any one of the four compared words, or in the length, is no match
        for i in [0, 9, 18, 31] {
            let mut other = *b"ba7816bf8f01cfea414140de5dae2223";
            other[i] = if other[i] == b'0' { b'1' } else { b'0' };
            assert!(!h.matches(std::str::from_utf8(&other).unwrap()), "byte {i}");
        }
        assert!(!h.matches("ba7816bf8f01cfea414140de5dae222"));
        assert!(!h.matches("ba7816bf8f01cfea414140de5dae22230"));
        assert!(!h.matches(""));
    }
}
