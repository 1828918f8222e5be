//! Matchmaking queues: the records the store keeps for bots waiting to be seated together.
//!
//! The store knows nothing of rulesets or bots here either. A queue is a key the caller
//! derives (the service: the preset, the seat count and a hash of the resolved ruleset); in it
//! each member (an account) has at most one entry: opaque bytes, when it joined, when it asked
//! to be filled up with house players (if it did) and until when its lease runs. An entry whose
//! lease ran out is gone: every operation that looks at a queue drops such entries first.
//!
//! [`GameStore::queue_take`](super::GameStore::queue_take) is the one way entries leave a queue
//! to be seated, in one atomic step (one script on Redis, one lock in memory), so an entry is
//! popped by one caller only, whatever the replica: the `n` oldest if `n` wait, else every
//! waiting entry once the oldest one's `fill_at` has passed, else nothing.
//!
//! A take is the first of two phases: the entries it pops are held, in the same step, under
//! the table the caller is about to seat them at (its game's id), until the caller settles the
//! hold ([`GameStore::queue_settle`](super::GameStore::queue_settle): seated, or put back in
//! their places). A hold whose time runs out (a caller that died) is found by any replica's
//! sweeper ([`GameStore::queue_holds_due`](super::GameStore::queue_holds_due)), which finishes
//! the seating or puts the entries back. So an entry is always waiting, held, or gone with a
//! settled table.
//!
//! Sweepers touch only the queues that are due ([`GameStore::queues_due`](super::GameStore::queues_due)):
//! each queue has a next due time, kept with its entries in the same atomic steps. A join
//! makes it due [`JOIN_GRACE_MS`] later at the latest (and at the entry's fill time, if
//! sooner), in case the joiner fails to take; a take sets it from what is left: now if a full
//! table of the take's size still waits, else the oldest entry's fill time or the first lease
//! to run out, whichever comes first (none: the queue is empty); entries put back by a settle
//! make it due now. So idle queues (entries waiting without a fill due) cost a sweeper nothing
//! until a lease runs out.
//!
//! On Redis every queue key carries the one hash tag `{queue}` (`{prefix}:{queue}:...`). Why
//! one slot: a member's entries in every queue are indexed by member (renewing a bot's leases,
//! listing its entries and capping how many queues it is in are one script each), and a script
//! may only touch one slot; the queues and that index must therefore share it. The cost: on a
//! cluster all matchmaking goes through the one node owning that slot (each join, take and
//! renewal is a small script there), so matchmaking's rate is bounded by one node, as the
//! accounts' (`{bots}`) and the lobby's (`{lobby}`) are. Queues are short-lived and small (an
//! entry is a few hundred bytes), so the node's memory is not the bound; its CPU is.

use std::collections::{BTreeSet, HashMap};

use super::MAX_ACCOUNT_NAME_LEN;
use super::StoreError;
use super::accounts::check_name;
use super::listing::valid_group;

/// The most entries one take pops (a table's seats).
pub const MAX_TAKE: usize = 16;

/// The largest entry's bytes.
pub const MAX_QUEUE_DATA: usize = 16 * 1024;

/// How long after a join a sweeper looks at its queue (ms), should the joiner fail to take
/// from it itself (its own take, right after the join, sets the queue's next due time).
pub const JOIN_GRACE_MS: u64 = 2_000;

/// The most queues one [`GameStore::queues_due`](super::GameStore::queues_due) answers.
pub const MAX_DUE_QUEUES: usize = 256;

/// One waiting entry of a queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueEntry {
    /// The member (an account).
    pub member: String,
    /// The entry's bytes, as joined (the last join's).
    pub data: Vec<u8>,
    /// When the member joined (ms since the Unix epoch): its place in the queue, kept by every
    /// later join until the entry leaves.
    pub joined_ms: u64,
    /// When the member asked to be filled up with house players (the last join's), if it did.
    pub fill_at_ms: Option<u64>,
    /// Until when the entry waits without a renewal (ms since the Unix epoch).
    pub lease_until_ms: u64,
}

/// Where a take holds its entries ([`GameStore::queue_take`](super::GameStore::queue_take)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueHold<'a> {
    /// The table (the id of the game the caller will create for it): 1 to 64 ASCII letters,
    /// digits, `-` or `_`.
    pub table: &'a str,
    /// Until when the hold is the caller's; then a sweeper may take it over.
    pub until_ms: u64,
}

/// A hold whose time ran out ([`GameStore::queue_holds_due`](super::GameStore::queue_holds_due)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueHeld {
    /// The queue the entries were taken from.
    pub queue: String,
    /// The table.
    pub table: String,
    /// The entries, oldest first, as they were taken.
    pub entries: Vec<QueueEntry>,
}

/// One join of a queue ([`GameStore::queue_join`](super::GameStore::queue_join)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueJoin<'a> {
    /// The queue: 1 to 64 ASCII letters, digits, `-` or `_`.
    pub queue: &'a str,
    /// The member.
    pub member: &'a str,
    /// The entry's bytes (at most [`MAX_QUEUE_DATA`]).
    pub data: &'a [u8],
    /// When to fill up with house players, if the member asks for that.
    pub fill_at_ms: Option<u64>,
    /// Until when the entry waits without a renewal; after `now_ms`.
    pub lease_until_ms: u64,
    /// Now (ms since the Unix epoch): the entry's `joined_ms` if it is new, and the time
    /// expired leases are compared with.
    pub now_ms: u64,
    /// The most queues the member may wait in at once, this one included.
    pub max_queues: usize,
}

/// Where a member waits ([`QueueJoined::Joined`], [`GameStore::queue_entries`](super::GameStore::queue_entries)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuePlace {
    /// The queue.
    pub queue: String,
    /// The entry.
    pub entry: QueueEntry,
    /// Its place: 1 for the oldest entry.
    pub position: u64,
    /// How many entries wait in the queue.
    pub size: u64,
}

/// What a join did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueueJoined {
    /// The member waits (a new entry, or its entry renewed, keeping its place).
    Joined(QueuePlace),
    /// The member waits in `max_queues` other queues already: nothing was written.
    TooManyQueues,
}

/// Checks a queue key.
pub(super) fn check_queue(queue: &str) -> Result<(), StoreError> {
    if !valid_group(queue) {
        return Err(StoreError::InvalidKey(format!(
            "a queue is 1 to 64 ASCII letters, digits, - or _, not {queue:?}"
        )));
    }
    Ok(())
}

/// Checks a member's name.
pub(super) fn check_member(member: &str) -> Result<(), StoreError> {
    check_name("a queue member", member, MAX_ACCOUNT_NAME_LEN)
}

/// Checks a join's arguments.
pub(super) fn check_join(j: &QueueJoin<'_>) -> Result<(), StoreError> {
    check_queue(j.queue)?;
    check_member(j.member)?;
    if j.data.len() > MAX_QUEUE_DATA {
        return Err(StoreError::InvalidWrite(format!(
            "a queue entry holds at most {MAX_QUEUE_DATA} bytes"
        )));
    }
    if j.lease_until_ms <= j.now_ms {
        return Err(StoreError::InvalidWrite(
            "a queue entry's lease must end after now".into(),
        ));
    }
    if j.max_queues == 0 {
        return Err(StoreError::InvalidWrite(
            "a member may wait in at least one queue".into(),
        ));
    }
    Ok(())
}

/// Checks a table's name (as a queue's).
pub(super) fn check_table(table: &str) -> Result<(), StoreError> {
    if !valid_group(table) {
        return Err(StoreError::InvalidKey(format!(
            "a table is 1 to 64 ASCII letters, digits, - or _, not {table:?}"
        )));
    }
    Ok(())
}

/// Checks a take's arguments.
pub(super) fn check_take(queue: &str, n: usize, hold: &QueueHold<'_>) -> Result<(), StoreError> {
    check_queue(queue)?;
    check_table(hold.table)?;
    if n == 0 || n > MAX_TAKE {
        return Err(StoreError::InvalidWrite(format!(
            "a take pops 1 to {MAX_TAKE} entries, not {n}"
        )));
    }
    Ok(())
}

/// The queues of the in-memory store (behind its lock: each method is one atomic step).
#[derive(Debug, Default)]
pub(super) struct MemoryQueues {
    queues: HashMap<String, Queue>,
    /// The queues each member waits in.
    members: HashMap<String, BTreeSet<String>>,
    /// The holds by table: the queue, the entries, until when.
    holds: HashMap<String, (String, Vec<QueueEntry>, u64)>,
    /// Each queue's next due time (see the module docs).
    due: HashMap<String, u64>,
}

#[derive(Debug, Default)]
struct Queue {
    entries: HashMap<String, QueueEntry>,
    /// The entries by `joined_ms`, then member: the oldest first.
    order: BTreeSet<(u64, String)>,
}

impl MemoryQueues {
    /// Drops `member`'s entry of `queue` (if any): `true` if there was one.
    fn remove(&mut self, queue: &str, member: &str) -> Option<QueueEntry> {
        let q = self.queues.get_mut(queue)?;
        let e = q.entries.remove(member)?;
        q.order.remove(&(e.joined_ms, member.to_owned()));
        if q.entries.is_empty() {
            self.queues.remove(queue);
            self.due.remove(queue);
        }
        if let Some(qs) = self.members.get_mut(member) {
            qs.remove(queue);
            if qs.is_empty() {
                self.members.remove(member);
            }
        }
        Some(e)
    }

    /// Drops `queue`'s entries whose lease ran out at `now`.
    fn purge(&mut self, queue: &str, now: u64) {
        let Some(q) = self.queues.get(queue) else {
            return;
        };
        let gone: Vec<String> = q
            .entries
            .values()
            .filter(|e| e.lease_until_ms <= now)
            .map(|e| e.member.clone())
            .collect();
        for m in gone {
            self.remove(queue, &m);
        }
    }

    /// Drops `member`'s entries whose lease ran out at `now`, in every queue.
    fn purge_member(&mut self, member: &str, now: u64) {
        let qs: Vec<String> = self
            .members
            .get(member)
            .map(|qs| qs.iter().cloned().collect())
            .unwrap_or_default();
        for queue in qs {
            let lapsed = self.queues.get(&queue).and_then(|q| q.entries.get(member));
            if lapsed.is_none_or(|e| e.lease_until_ms <= now) {
                self.remove(&queue, member);
            }
        }
    }

    fn place(&self, queue: &str, member: &str) -> Option<QueuePlace> {
        let q = self.queues.get(queue)?;
        let entry = q.entries.get(member)?.clone();
        let position = q
            .order
            .range(..(entry.joined_ms, member.to_owned()))
            .count() as u64
            + 1;
        Some(QueuePlace {
            queue: queue.to_owned(),
            entry,
            position,
            size: q.entries.len() as u64,
        })
    }

    pub(super) fn join(&mut self, j: &QueueJoin<'_>) -> Result<QueueJoined, StoreError> {
        check_join(j)?;
        self.purge(j.queue, j.now_ms);
        self.purge_member(j.member, j.now_ms);
        let existing = self
            .queues
            .get(j.queue)
            .and_then(|q| q.entries.get(j.member))
            .map(|e| e.joined_ms);
        let joined_ms = match existing {
            Some(joined) => joined,
            None => {
                let waiting = self.members.get(j.member).map_or(0, BTreeSet::len);
                if waiting >= j.max_queues {
                    return Ok(QueueJoined::TooManyQueues);
                }
                j.now_ms
            }
        };
        let q = self.queues.entry(j.queue.to_owned()).or_default();
        q.order.insert((joined_ms, j.member.to_owned()));
        q.entries.insert(
            j.member.to_owned(),
            QueueEntry {
                member: j.member.to_owned(),
                data: j.data.to_vec(),
                joined_ms,
                fill_at_ms: j.fill_at_ms,
                lease_until_ms: j.lease_until_ms,
            },
        );
        self.members
            .entry(j.member.to_owned())
            .or_default()
            .insert(j.queue.to_owned());
        let at = j.fill_at_ms.map_or(j.now_ms + JOIN_GRACE_MS, |f| {
            f.min(j.now_ms + JOIN_GRACE_MS)
        });
        self.due_by(j.queue, at);
        Ok(QueueJoined::Joined(self.place(j.queue, j.member).ok_or(
            StoreError::InvalidWrite("a joined entry is missing".into()),
        )?))
    }

    pub(super) fn leave(
        &mut self,
        queue: &str,
        member: &str,
        now: u64,
    ) -> Result<bool, StoreError> {
        check_queue(queue)?;
        check_member(member)?;
        Ok(self
            .remove(queue, member)
            .is_some_and(|e| e.lease_until_ms > now))
    }

    /// The queues `member` still waits in at `now` (its entries whose lease ran out dropped
    /// first).
    fn queues_of(&mut self, member: &str, now: u64) -> Result<Vec<String>, StoreError> {
        check_member(member)?;
        self.purge_member(member, now);
        Ok(self
            .members
            .get(member)
            .map(|qs| qs.iter().cloned().collect())
            .unwrap_or_default())
    }

    pub(super) fn renew(
        &mut self,
        member: &str,
        until: u64,
        now: u64,
    ) -> Result<usize, StoreError> {
        let qs = self.queues_of(member, now)?;
        for queue in &qs {
            if let Some(e) = self
                .queues
                .get_mut(queue)
                .and_then(|q| q.entries.get_mut(member))
            {
                e.lease_until_ms = e.lease_until_ms.max(until);
            }
        }
        Ok(qs.len())
    }

    pub(super) fn take(
        &mut self,
        queue: &str,
        n: usize,
        now: u64,
        hold: QueueHold<'_>,
    ) -> Result<Vec<QueueEntry>, StoreError> {
        check_take(queue, n, &hold)?;
        self.purge(queue, now);
        let Some(q) = self.queues.get(queue) else {
            self.due.remove(queue);
            return Ok(Vec::new());
        };
        let oldest: Vec<String> = q.order.iter().take(n).map(|(_, m)| m.clone()).collect();
        let fill_due = oldest
            .first()
            .and_then(|m| q.entries.get(m))
            .and_then(|e| e.fill_at_ms)
            .is_some_and(|at| at <= now);
        if oldest.len() < n && !fill_due {
            self.reschedule(queue, n, now);
            return Ok(Vec::new());
        }
        let taken: Vec<QueueEntry> = oldest
            .iter()
            .filter_map(|m| self.remove(queue, m))
            .collect();
        self.holds.insert(
            hold.table.to_owned(),
            (queue.to_owned(), taken.clone(), hold.until_ms),
        );
        self.reschedule(queue, n, now);
        Ok(taken)
    }

    /// Makes `queue` due at `at` at the latest.
    fn due_by(&mut self, queue: &str, at: u64) {
        let due = self.due.entry(queue.to_owned()).or_insert(at);
        *due = (*due).min(at);
    }

    /// Sets `queue`'s next due time from what waits in it after a take of `n` at `now` (see
    /// the module docs).
    fn reschedule(&mut self, queue: &str, n: usize, now: u64) {
        let Some(q) = self.queues.get(queue) else {
            self.due.remove(queue);
            return;
        };
        let at = if q.entries.len() >= n {
            now
        } else {
            let fill = q
                .order
                .first()
                .and_then(|(_, m)| q.entries.get(m))
                .and_then(|e| e.fill_at_ms);
            let lease = q.entries.values().map(|e| e.lease_until_ms).min();
            fill.into_iter().chain(lease).min().unwrap_or(u64::MAX)
        };
        self.due.insert(queue.to_owned(), at);
    }

    pub(super) fn settle(
        &mut self,
        table: &str,
        seated: bool,
        now: u64,
        lease_until: u64,
    ) -> Result<usize, StoreError> {
        check_table(table)?;
        let Some((queue, entries, _)) = self.holds.remove(table) else {
            return Ok(0);
        };
        if seated {
            return Ok(0);
        }
        self.purge(&queue, now);
        let mut back = 0;
        for e in entries {
            let q = self.queues.entry(queue.clone()).or_default();
            if q.entries.contains_key(&e.member) {
                continue; // it joined again meanwhile
            }
            q.order.insert((e.joined_ms, e.member.clone()));
            self.members
                .entry(e.member.clone())
                .or_default()
                .insert(queue.clone());
            let lease_until_ms = e.lease_until_ms.max(lease_until);
            q.entries.insert(
                e.member.clone(),
                QueueEntry {
                    lease_until_ms,
                    ..e
                },
            );
            back += 1;
        }
        if back > 0 {
            self.due_by(&queue, now);
        }
        Ok(back)
    }

    pub(super) fn holds_due(&mut self, now: u64, until: u64, limit: usize) -> Vec<QueueHeld> {
        let mut due: Vec<(u64, String)> = self
            .holds
            .iter()
            .filter(|(_, (_, _, at))| *at <= now)
            .map(|(t, (_, _, at))| (*at, t.clone()))
            .collect();
        due.sort();
        due.truncate(limit);
        due.into_iter()
            .filter_map(|(_, table)| {
                let (queue, entries, at) = self.holds.get_mut(&table)?;
                *at = until;
                Some(QueueHeld {
                    queue: queue.clone(),
                    table,
                    entries: entries.clone(),
                })
            })
            .collect()
    }

    pub(super) fn queues_due(&self, now: u64, limit: usize) -> Vec<String> {
        let mut out: Vec<(u64, String)> = self
            .due
            .iter()
            .filter(|(_, at)| **at <= now)
            .map(|(q, at)| (*at, q.clone()))
            .collect();
        out.sort();
        out.truncate(limit);
        out.into_iter().map(|(_, q)| q).collect()
    }

    pub(super) fn entries(
        &mut self,
        member: &str,
        now: u64,
    ) -> Result<Vec<QueuePlace>, StoreError> {
        let qs = self.queues_of(member, now)?;
        for queue in &qs {
            self.purge(queue, now);
        }
        Ok(qs.iter().filter_map(|q| self.place(q, member)).collect())
    }
}
