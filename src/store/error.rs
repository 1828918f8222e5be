//! [`StoreError`]: why a store operation failed.

#[cfg(doc)]
use super::{MAX_LOG_ENTRIES_PER_WRITE, StoreConfig, Write, check_idem_key};

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// A compare-and-set lost: the stored version is `current`, not the expected one.
    #[error("version conflict: the game is now at version {current}")]
    Conflict {
        /// The version that is stored now.
        current: u64,
    },
    /// `create` was called with an id that is already taken.
    #[error("a game with this id already exists")]
    AlreadyExists,
    /// The game does not exist (never created, or expired).
    #[error("game not found")]
    NotFound,
    /// The store holds as many games as it may ([`StoreConfig::max_games`]); nothing was
    /// written.
    #[error("the store is full")]
    Full,
    /// The backend could not be reached or did not answer in time.
    #[error("game store unavailable: {0}")]
    Unavailable(String),
    /// The backend answered with something the store cannot make sense of (a damaged record, a
    /// wrong type at the key, an unexpected script reply).
    #[error("game store returned corrupt data: {0}")]
    Corrupt(String),
    /// A caller-chosen key (an idempotency key) is empty or too long; see [`check_idem_key`].
    /// Nothing was read or written. The key comes from the client (`Idempotency-Key`), so the
    /// HTTP layer answers 400.
    #[error("invalid key: {0}")]
    InvalidKey(String),
    /// A [`Write`] the store refuses whatever is stored: more than
    /// [`MAX_LOG_ENTRIES_PER_WRITE`] log entries, or an idempotent answer with a create (see
    /// [`Write::check`]). Nothing was written. The service builds writes itself, so this is a bug
    /// of the service (500), not of its client.
    #[error("invalid write: {0}")]
    InvalidWrite(String),
}
