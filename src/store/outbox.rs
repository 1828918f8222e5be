//! The outbox: what must follow a write, recorded by the write itself.
//!
//! A write may carry events ([`Write::events`](super::Write::events): opaque bytes, the
//! service's). The store appends them to the written record's outbox in the same atomic step as
//! the write (the same lock in memory, the same Lua script on Redis, in the record's own slot on
//! a cluster), so an event exists exactly when its write happened. The record is then due in the
//! outbox index, which workers on every replica read ([`GameStore::outbox_take`]).
//!
//! Taking is leasing: a taken record's index entry is pushed `lease_ms` ahead, so no other
//! worker takes it meanwhile, and a worker that dies with it leaves it to be taken again when the
//! lease runs out. A worker that has applied the first `done` events of a batch acknowledges them
//! ([`GameStore::outbox_ack`]): they leave the outbox, and a record whose outbox is empty leaves
//! the index, unless a write recorded more events since it was taken (its entry is then due at
//! once). Events are thus delivered at least once, in order per record; the service makes their
//! effects idempotent (keyed by the event), so each is applied exactly once.
//!
//! On one Redis server (and in memory) the write puts the record in the index in the same step.
//! On a cluster the index (`{prefix}:{outbox}:due`) is in another slot than the record, so a
//! write with events first puts the record in the index [`OUTBOX_GRACE_MS`] ahead, then writes,
//! then makes it due at once: a process that dies anywhere in between leaves an entry that a
//! worker takes within the grace (and an entry without events, after a failed write, is dropped
//! by the worker that takes it). The record's outbox expires with the record.

#[cfg(doc)]
use super::GameStore;

/// The most records one [`GameStore::outbox_take`] answers.
pub const MAX_OUTBOX_TAKE: usize = 64;

/// The most events of one record a take answers (the rest come after its acknowledgement).
pub const MAX_OUTBOX_BATCH: usize = 64;

/// On a cluster, how far ahead a write with events puts its record in the index before writing
/// (see the module doc): longer than a store call may take, so a worker does not take the
/// entry before the write it announces has happened.
pub const OUTBOX_GRACE_MS: u64 = 3_000;

/// One record's events, leased to a worker by [`GameStore::outbox_take`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxBatch {
    /// The record (a game's id, or another record's written through [`GameStore::write`]).
    pub owner: String,
    /// Until when the worker holds the lease (ms since the epoch): passed back to
    /// [`GameStore::outbox_ack`].
    pub lease_until_ms: u64,
    /// The record's oldest events, in the order they were recorded (at most
    /// [`MAX_OUTBOX_BATCH`]; none if the write that announced them failed or the record expired).
    pub events: Vec<Vec<u8>>,
}

/// Now, in ms since the Unix epoch: when a write's record is due in the index.
pub(crate) fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Whether `limit` is a valid take size.
pub(crate) fn check_take(limit: usize) -> Result<(), super::StoreError> {
    if limit == 0 || limit > MAX_OUTBOX_TAKE {
        return Err(super::StoreError::InvalidKey(format!(
            "an outbox take asks for 1 to {MAX_OUTBOX_TAKE} records, not {limit}"
        )));
    }
    Ok(())
}
