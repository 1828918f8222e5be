//! What a write of a game carries: [`Write`], the idempotent answer recorded with it
//! ([`IdemWrite`]), and the stored record ([`StoredGame`]).

use std::time::Duration;

#[cfg(doc)]
use super::{GameStore, StoreConfig};
use super::{Listing, StoreError};

/// One stored game: the opaque serialized game and its version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// The version the record was written with; every successful write stores a new one.
    pub version: u64,
    /// The serialized game, exactly as it was passed to the store.
    pub data: Vec<u8>,
}

/// An idempotent answer to record together with a write ([`GameStore::save_if_idem`]).
///
/// The answer is stored under the game id and `key` only if the compare-and-set succeeds, in the
/// same atomic step, so a retried request either finds the answer of the write that happened or
/// finds neither the write nor the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdemWrite<'a> {
    /// The idempotency key (the game service's: a client's `Idempotency-Key` scoped to its
    /// seat): 1 to [`MAX_IDEM_KEY_LEN`] bytes, any characters.
    pub key: &'a str,
    /// The answer to replay (opaque bytes, produced and read by the caller).
    pub answer: &'a [u8],
    /// How long the answer is kept. Zero means forever (as for [`StoreConfig`] TTLs).
    pub ttl: Duration,
}

/// The longest accepted idempotency key, in bytes: room for a client's key of up to 128 bytes
/// and the game service's scope (the seat) before it.
pub const MAX_IDEM_KEY_LEN: usize = 160;

/// The most log entries one [`Write`] may append; more is [`StoreError::InvalidWrite`].
pub const MAX_LOG_ENTRIES_PER_WRITE: usize = 64;

/// The most outbox events one [`Write`] may record; more is [`StoreError::InvalidWrite`].
pub const MAX_EVENTS_PER_WRITE: usize = 8;

/// One write of a game ([`GameStore::write`]): a create (`expected: None`) or a compare-and-set
/// (`expected: Some(v)`), together with the log entries to append and, for a compare-and-set, an
/// idempotent answer to record, all in one atomic step.
///
/// ```
/// # use hasenpfeffer::store::{Write, IdemWrite};
/// let entries: [&[u8]; 2] = [b"hand 1", b"hand 2"];
/// let create = Write { log: &entries, ..Write::create(1, b"game") };
/// let update = Write { finished: true, ..Write::update(1, 2, b"game v2") };
/// # let _ = (create, update);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Write<'a> {
    /// `None`: create the game ([`StoreError::AlreadyExists`] if the id is taken). `Some(v)`:
    /// compare-and-set, only if the stored version is `v` ([`StoreError::Conflict`] with the
    /// stored version otherwise, [`StoreError::NotFound`] if there is no game).
    pub expected: Option<u64>,
    /// The version written.
    pub new_version: u64,
    /// The serialized game (opaque bytes).
    pub data: &'a [u8],
    /// Picks the expiry of the game and its log (see [`StoreConfig::ttl`]).
    pub finished: bool,
    /// Leave the expiry of the game and of its log as an earlier write set it, instead of
    /// setting it again (`finished` is then ignored). Only where [`Write::may_keep_expiry`]
    /// ([`Write::check`] refuses it otherwise): such a write cannot create the log, so both
    /// keys keep the one expiry they share. Setting an expiry costs Redis more than the
    /// rest of a move's write, so callers skip it while the last one set is recent enough for
    /// them (the game service: 1/64 of the TTL).
    pub keep_expiry: bool,
    /// An idempotent answer to record with the write, as [`GameStore::save_if_idem`]. Only with
    /// `expected: Some(_)` (answers live under the game id, which a create's caller does not
    /// know in advance); with a create it is [`StoreError::InvalidWrite`].
    pub idem: Option<IdemWrite<'a>>,
    /// Entries appended to the game's log, in order, only if the write succeeds (after the
    /// entries of every earlier write; a create starts the log afresh). At most
    /// [`MAX_LOG_ENTRIES_PER_WRITE`]; each entry is opaque bytes, empty ones included.
    pub log: &'a [&'a [u8]],
    /// The game's place in the listing index after this write, if the write changes it
    /// (`None`: the index is left as it is). See [`GameStore::list`].
    pub listing: Option<Listing<'a>>,
    /// Events recorded in the game's outbox with the write, in the same atomic step, only if
    /// the write succeeds: what must follow from it (see [`outbox`](super::outbox)). At most
    /// [`MAX_EVENTS_PER_WRITE`]; each opaque bytes. The game is then due in the outbox index.
    pub events: &'a [&'a [u8]],
}

impl<'a> Write<'a> {
    /// A create of `data` at `version`, as an active game, without log entries.
    pub fn create(version: u64, data: &'a [u8]) -> Self {
        Self {
            expected: None,
            new_version: version,
            data,
            finished: false,
            keep_expiry: false,
            idem: None,
            log: &[],
            listing: None,
            events: &[],
        }
    }

    /// A compare-and-set from `expected` to `new_version`, as an active game, without log entries
    /// or idempotent answer.
    pub fn update(expected: u64, new_version: u64, data: &'a [u8]) -> Self {
        Self {
            expected: Some(expected),
            ..Self::create(new_version, data)
        }
    }

    /// Whether this write may keep the expiry ([`Write::keep_expiry`]): a compare-and-set that
    /// appends no log entries and records no events, so it creates neither the log nor the
    /// outbox.
    pub fn may_keep_expiry(&self) -> bool {
        self.expected.is_some() && self.log.is_empty() && self.events.is_empty()
    }

    /// Whether the store can take this write at all, before touching any data: the idempotency
    /// key is valid, the answer comes with a compare-and-set, there are at most
    /// [`MAX_LOG_ENTRIES_PER_WRITE`] log entries, and `keep_expiry` comes with a compare-and-set
    /// that appends none.
    pub fn check(&self) -> Result<(), StoreError> {
        if self.log.len() > MAX_LOG_ENTRIES_PER_WRITE {
            return Err(StoreError::InvalidWrite(format!(
                "a write appends at most {MAX_LOG_ENTRIES_PER_WRITE} log entries, not {}",
                self.log.len()
            )));
        }
        if self.events.len() > MAX_EVENTS_PER_WRITE {
            return Err(StoreError::InvalidWrite(format!(
                "a write records at most {MAX_EVENTS_PER_WRITE} events, not {}",
                self.events.len()
            )));
        }
        if self.keep_expiry && !self.may_keep_expiry() {
            return Err(StoreError::InvalidWrite(
                "only a compare-and-set without log entries can keep the expiry".into(),
            ));
        }
        if let Some(idem) = &self.idem {
            if self.expected.is_none() {
                return Err(StoreError::InvalidWrite(
                    "an idempotent answer can only be recorded with a compare-and-set".into(),
                ));
            }
            check_idem_key(idem.key)?;
        }
        if let Some(listing) = &self.listing {
            listing.check()?;
        }
        Ok(())
    }
}

/// Whether `key` is usable as an idempotency key: 1 to [`MAX_IDEM_KEY_LEN`] bytes.
/// [`StoreError::InvalidKey`] otherwise. Every character is allowed (the Redis stores encode the
/// unsafe ones).
pub fn check_idem_key(key: &str) -> Result<(), StoreError> {
    if key.is_empty() || key.len() > MAX_IDEM_KEY_LEN {
        return Err(StoreError::InvalidKey(format!(
            "an idempotency key has 1 to {MAX_IDEM_KEY_LEN} bytes, not {}",
            key.len()
        )));
    }
    Ok(())
}
