//! [`StoreConfig`]: the settings shared by every backend.

use std::time::Duration;

use super::StoreError;

/// Settings shared by every backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreConfig {
    /// How long an active (or abandoned) game lives after its last write. Zero means forever.
    pub game_ttl: Duration,
    /// How long a finished game lives after its last write. Zero means forever.
    pub finished_ttl: Duration,
    /// First part of every Redis key (`{key_prefix}:{<id>}:game`). Must not contain `{` or `}`.
    pub key_prefix: String,
    /// Upper bound for every backend call, retries included.
    pub op_timeout: Duration,
    /// The most games the in-memory store holds (a create past it fails with
    /// [`StoreError::Full`]); 0: no cap. The Redis stores leave the cap to Redis (`maxmemory`).
    pub max_games: usize,
    /// How long a finished game's archive is kept beyond [`Self::finished_ttl`] (see
    /// [`archive`](super::archive)): it is kept [`Self::archive_retention`] from when the game
    /// finished.
    pub archive_ttl: Duration,
}

impl StoreConfig {
    /// Default [`StoreConfig::game_ttl`]: one day without a move.
    pub const DEFAULT_GAME_TTL: Duration = Duration::from_secs(24 * 60 * 60);
    /// Default [`StoreConfig::finished_ttl`]: one hour after the last write.
    pub const DEFAULT_FINISHED_TTL: Duration = Duration::from_secs(60 * 60);
    /// Default [`StoreConfig::key_prefix`].
    pub const DEFAULT_KEY_PREFIX: &'static str = "hp";
    /// Default [`StoreConfig::op_timeout`].
    pub const DEFAULT_OP_TIMEOUT: Duration = Duration::from_secs(2);
    /// Default [`StoreConfig::max_games`].
    pub const DEFAULT_MAX_GAMES: usize = 100_000;
    /// Default [`StoreConfig::archive_ttl`]: 30 days (`ARCHIVE_DAYS`).
    pub const DEFAULT_ARCHIVE_TTL: Duration = Duration::from_secs(30 * 24 * 60 * 60);

    /// How long an archived game is kept from when it finished: [`Self::finished_ttl`] plus
    /// [`Self::archive_ttl`], so it outlives the live game by the archive's TTL. None (for
    /// good) when finished games never expire (a zero [`Self::finished_ttl`]).
    pub fn archive_retention(&self) -> Option<Duration> {
        if self.finished_ttl.is_zero() {
            None
        } else {
            Some(self.finished_ttl.saturating_add(self.archive_ttl))
        }
    }

    /// [`Self::archive_retention`] in ms.
    pub(super) fn archive_retention_ms(&self) -> Option<u64> {
        self.archive_retention()
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    /// The expiry a write gets: [`Self::finished_ttl`] if `finished`, else [`Self::game_ttl`].
    pub fn ttl(&self, finished: bool) -> Duration {
        if finished {
            self.finished_ttl
        } else {
            self.game_ttl
        }
    }

    pub(super) fn validate(&self) -> Result<(), StoreError> {
        if self.key_prefix.contains(['{', '}']) {
            return Err(StoreError::Unavailable(format!(
                "invalid store key prefix {:?}: it must not contain braces",
                self.key_prefix
            )));
        }
        if self.op_timeout.is_zero() {
            return Err(StoreError::Unavailable(
                "invalid store op_timeout: it must be positive".into(),
            ));
        }
        Ok(())
    }
}

impl Default for StoreConfig {
    fn default() -> Self {
        Self {
            game_ttl: Self::DEFAULT_GAME_TTL,
            finished_ttl: Self::DEFAULT_FINISHED_TTL,
            key_prefix: Self::DEFAULT_KEY_PREFIX.to_owned(),
            op_timeout: Self::DEFAULT_OP_TIMEOUT,
            max_games: Self::DEFAULT_MAX_GAMES,
            archive_ttl: Self::DEFAULT_ARCHIVE_TTL,
        }
    }
}
