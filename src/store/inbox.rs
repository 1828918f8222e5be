//! Inboxes: an append-only list of events per account (a bot's inbox: the games it was seated
//! in, its results), read after an id, watched for new entries.
//!
//! The store knows nothing of the events: an entry is opaque bytes with an id. Ids increase by
//! one per entry within an inbox's life; a new inbox (never written, or expired after
//! [`INBOX_TTL`] without a write, or lost with a memory store's process) starts at the append's
//! `now_unix_ms`, so its ids are greater than any id an earlier life of it gave (as long as that
//! life appended fewer entries than there are milliseconds in [`INBOX_TTL`]): a reader resuming
//! with an id of an earlier life reads the new life from its start, and never skips entries.
//!
//! Bounded: an inbox keeps its last [`MAX_INBOX_ENTRIES`] entries (older ones are dropped: a
//! reader after an id older than those gets the kept ones, from the oldest), and is deleted
//! [`INBOX_TTL`] after its last append.
//!
//! An append may carry a `once` key: if an entry kept in the inbox was appended with the same
//! key, nothing is appended and its id is answered, so a retried announcement (a game's end
//! announced again after a failure) lands once.
//!
//! On Redis an inbox is one hash at `{prefix}:{inbox:<tag>}:inbox` (`<tag>` the account name as
//! [`key_tag`](super::key_tag) writes a game id), so on a cluster each account's inbox has its own
//! slot: fields `first` and `last` the first id of the inbox's life and its last id, field `<id>` each kept entry, `o:<once>` the id appended with
//! a `once` key and `k:<id>` that key (to drop it with its entry). Every append and every read
//! is one script (one round trip); an append publishes the new id on
//! `{prefix}:{inbox:<tag>}:inbox:events`, which the store's one `PSUBSCRIBE {prefix}:*:events`
//! hears (see [Change notifications](super#change-notifications)), and a resync after a
//! reconnect re-reads the `last` field of every watched inbox.

use std::time::Duration;

use super::StoreError;
use super::accounts::{MAX_TOKEN_LEN, check_account_name, check_name};

/// The most entries an inbox keeps (the oldest are dropped).
pub const MAX_INBOX_ENTRIES: u64 = 1_000;

/// How long an inbox lives after its last append.
pub const INBOX_TTL: Duration = Duration::from_secs(7 * 24 * 3600);

/// The most entries one read answers.
pub const MAX_INBOX_READ: usize = 1_000;

/// The largest entry, in bytes.
pub const MAX_INBOX_ENTRY_LEN: usize = 64 * 1024;

/// Ids stay below 2^53 (exact as an f64, in Lua and in JavaScript): an `after` above it reads
/// nothing.
pub const MAX_INBOX_ID: u64 = 1 << 53;

/// One entry of an inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboxEntry {
    /// Its id: greater than every earlier entry's of the inbox.
    pub id: u64,
    /// The entry (opaque bytes, as appended).
    pub data: Vec<u8>,
}

/// What a read of an inbox found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InboxPage {
    /// The entries after the id asked for, oldest first (at most the limit asked for).
    pub entries: Vec<InboxEntry>,
    /// The inbox's last id (0: the inbox is empty, or gone).
    pub last: u64,
}

/// Checks an append's arguments.
pub(super) fn check_append(
    account: &str,
    data: &[u8],
    once: Option<&str>,
) -> Result<(), StoreError> {
    check_account_name(account)?;
    if let Some(once) = once {
        check_name("a once key", once, MAX_TOKEN_LEN)?;
    }
    if data.len() > MAX_INBOX_ENTRY_LEN {
        return Err(StoreError::InvalidWrite(format!(
            "an inbox entry has at most {MAX_INBOX_ENTRY_LEN} bytes, not {}",
            data.len()
        )));
    }
    Ok(())
}

/// Checks a read's arguments.
pub(super) fn check_read(account: &str, limit: usize) -> Result<(), StoreError> {
    check_account_name(account)?;
    if limit == 0 || limit > MAX_INBOX_READ {
        return Err(StoreError::InvalidKey(format!(
            "an inbox read takes 1 to {MAX_INBOX_READ} entries, not {limit}"
        )));
    }
    Ok(())
}

/// The first id of a new inbox appended to at `now_unix_ms`.
pub(super) fn first_id(now_unix_ms: u64) -> u64 {
    now_unix_ms.clamp(1, MAX_INBOX_ID / 2)
}
