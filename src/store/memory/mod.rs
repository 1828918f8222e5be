//! The in-process store: a map behind a mutex.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[cfg(doc)]
use super::StoreError;
use super::hub::WatchHub;
use super::queue::MemoryQueues;
use super::{INBOX_TTL, ListStatus, Listing, StoreConfig};

mod archive;
mod game_store;

/// Games (and their logs) kept in this process's memory, with the same semantics as the Redis
/// stores.
///
/// For `cargo run` on a bare machine and for tests: the games are lost when the process stops and
/// are not shared between replicas. Expiry is lazy: an expired game (idempotent answer, claim) is
/// invisible at once and is dropped from memory the next time it is touched or during a sweep of
/// the whole map: one amortized over writes (so memory stays bounded by the live records), one
/// at least every [`SWEEP_PERIOD`] when the turn-clock task reads the deadline index (so an idle
/// store frees its expired games too), and one when a create finds the store full. At most
/// [`StoreConfig::max_games`] games are held: past it a create fails with [`StoreError::Full`].
/// Watchers are told about writes in-process, in the order of the writes.
#[derive(Debug)]
pub struct MemoryStore {
    config: StoreConfig,
    inner: Mutex<Inner>,
    accounts: Mutex<Accounts>,
    queues: Mutex<MemoryQueues>,
    hub: WatchHub,
    /// Inboxes by account (see `store::inbox`), and their watchers.
    inboxes: Mutex<HashMap<String, Inbox>>,
    inbox_hub: WatchHub,
    /// The archive (see `store::archive`).
    archive: Mutex<archive::Archive>,
}

/// One account's inbox: its last id, its kept entries (oldest first, with their `once` keys),
/// the ids of those keys, and when it was last appended to.
#[derive(Debug)]
struct Inbox {
    last: u64,
    entries: VecDeque<(u64, Vec<u8>, Option<String>)>,
    once: HashMap<String, u64>,
    touched: Instant,
}

impl Inbox {
    fn is_live(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.touched) < INBOX_TTL
    }
}

/// Accounts and ratings (see `store::accounts`): they never expire.
#[derive(Debug, Default)]
struct Accounts {
    /// Account records by name.
    records: HashMap<String, Vec<u8>>,
    /// Account names by key hash.
    keys: HashMap<String, String>,
    /// Accounts' preferences by name.
    preferences: HashMap<String, Vec<u8>>,
    /// Account names by look (what the name looks like).
    looks: HashMap<String, String>,
    /// Each account's game count and recent games (by when attached, then id).
    games: HashMap<String, (u64, BTreeSet<(u64, String)>)>,
    /// Ratings by board and member: version, data, score.
    ratings: HashMap<(String, String), (u64, Vec<u8>, f64)>,
    /// Each board's ranking: by score (as [`score_order`]) then member.
    boards: HashMap<String, BTreeSet<(u64, String)>>,
    /// The rated events.
    rated: HashSet<String>,
}

/// An order-preserving map of finite f64 scores to u64 (so a `BTreeSet` sorts by score).
fn score_order(score: f64) -> u64 {
    let bits = score.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

#[derive(Debug, Default)]
struct Inner {
    games: HashMap<String, Entry>,
    /// Idempotent answers, by game id then key.
    idem: HashMap<String, HashMap<String, Timed<Vec<u8>>>>,
    /// Claims: the owner, until when.
    claims: HashMap<String, Timed<String>>,
    /// The deadline index: each game's deadline, and the same ordered by deadline.
    deadlines: HashMap<String, u64>,
    deadline_order: BTreeSet<(u64, String)>,
    /// The listing index: per listing, and per listing and group, the games in it by the time
    /// they were first listed and their id (read backwards: newest first). Each game's own
    /// place is in its entry ([`Entry::listing`]); a game leaves when its entry is dropped.
    lists: Lists,
    /// The outbox index: when each record with events is due (ms since the epoch), and the
    /// same ordered by that time. The events are in the record's entry ([`Entry::events`]).
    outbox_due: HashMap<String, u64>,
    outbox_order: BTreeSet<(u64, String)>,
    /// Writes since the last sweep of expired entries.
    writes_since_sweep: usize,
    /// When the last sweep ran (None: never).
    last_sweep: Option<Instant>,
    /// No game expires before this (a lower bound: the earliest expiry at the last sweep, or
    /// of a write since). None: no game expires.
    next_expiry: Option<Instant>,
}

#[derive(Debug)]
struct Entry {
    version: u64,
    data: Vec<u8>,
    /// The game's log, kept with the game so that it expires (and is replaced by a create) with
    /// it.
    log: Vec<Vec<u8>>,
    /// `None`: never expires (a zero TTL).
    expires_at: Option<Instant>,
    /// The game's place in the listing index, if it has one.
    listing: Option<Listed>,
    /// The game's outbox: events recorded by its writes and not yet acknowledged.
    events: VecDeque<Vec<u8>>,
}

/// A game's place in the listing index.
#[derive(Debug)]
struct Listed {
    status: ListStatus,
    group: String,
    listed_ms: u64,
    item: Vec<u8>,
}

/// A listing (group `None`) or a listing's group.
type ListKey = (ListStatus, Option<String>);

/// Games by the time they were first listed and their id.
type ListOrder = BTreeSet<(u64, String)>;

/// The ordered sets of the listing index: by listing and by listing and group.
#[derive(Debug, Default)]
struct Lists(HashMap<ListKey, ListOrder>);

impl Lists {
    fn insert(&mut self, id: &str, l: &Listed) {
        for group in [None, Some(l.group.clone())] {
            self.0
                .entry((l.status, group))
                .or_default()
                .insert((l.listed_ms, id.to_owned()));
        }
    }

    fn remove(&mut self, id: &str, l: &Listed) {
        for group in [None, Some(l.group.clone())] {
            let key = (l.status, group);
            if let Some(set) = self.0.get_mut(&key) {
                set.remove(&(l.listed_ms, id.to_owned()));
                if set.is_empty() {
                    self.0.remove(&key);
                }
            }
        }
    }
}

impl Entry {
    fn is_live(&self, now: Instant) -> bool {
        self.expires_at.is_none_or(|at| now < at)
    }
}

/// A value with an expiry (`None`: never).
#[derive(Debug)]
struct Timed<T> {
    value: T,
    expires_at: Option<Instant>,
}

impl<T> Timed<T> {
    fn is_live(&self, now: Instant) -> bool {
        self.expires_at.is_none_or(|at| now < at)
    }
}

/// Sweep at the latest after this many writes (or after as many writes as there are entries, if
/// that is more, so a sweep costs O(1) per write amortized).
const MIN_WRITES_BETWEEN_SWEEPS: usize = 1024;

/// A sweep of the whole store runs at least this often while the deadline index is read (every
/// replica's turn-clock task reads it several times a second).
pub const SWEEP_PERIOD: Duration = Duration::from_secs(10);

/// `now + ttl`, `None` for a zero TTL (or one too long for the clock: it never runs out).
fn expiry(now: Instant, ttl: Duration) -> Option<Instant> {
    if ttl.is_zero() {
        None
    } else {
        now.checked_add(ttl)
    }
}

impl MemoryStore {
    /// An empty store.
    pub fn new(config: StoreConfig) -> Self {
        Self {
            config,
            inner: Mutex::new(Inner::default()),
            accounts: Mutex::new(Accounts::default()),
            queues: Mutex::new(MemoryQueues::default()),
            hub: WatchHub::default(),
            inboxes: Mutex::new(HashMap::new()),
            inbox_hub: WatchHub::default(),
            archive: Mutex::new(archive::Archive::default()),
        }
    }

    /// The number of games held in memory, expired ones not yet swept included (for tests and
    /// metrics).
    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    /// Whether no game is held in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many games have watchers (an upper bound: some may have lost theirs since the last
    /// write or sweep). For tests and metrics.
    pub fn watched_games(&self) -> usize {
        self.hub.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave a half-written entry (every update is a
        // single assignment), so a poisoned lock is still consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn accounts(&self) -> std::sync::MutexGuard<'_, Accounts> {
        // Every update below checks first and then writes, and nothing in it panics.
        self.accounts.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn queue_lock(&self) -> std::sync::MutexGuard<'_, MemoryQueues> {
        // Every update checks first and then writes, and nothing in it panics.
        self.queues.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn expiry(&self, now: Instant, finished: bool) -> Option<Instant> {
        expiry(now, self.config.ttl(finished))
    }
}

impl Inner {
    fn after_write(&mut self, now: Instant) {
        self.writes_since_sweep += 1;
        let entries = self.games.len() + self.idem.len() + self.claims.len();
        if self.writes_since_sweep >= MIN_WRITES_BETWEEN_SWEEPS.max(entries) {
            self.sweep(now);
        }
    }

    /// Sweeps if the last sweep is at least `period` old.
    fn sweep_if_older(&mut self, now: Instant, period: Duration) {
        if self
            .last_sweep
            .is_none_or(|at| now.saturating_duration_since(at) >= period)
        {
            self.sweep(now);
        }
    }

    /// Notes that a game expires at `at` (for [`Inner::next_expiry`]).
    fn expires(&mut self, at: Option<Instant>) {
        if let Some(at) = at {
            self.next_expiry = Some(self.next_expiry.map_or(at, |n| n.min(at)));
        }
    }

    /// Drops every expired entry: games (with their logs and deadline index entries),
    /// idempotent answers and claims.
    fn sweep(&mut self, now: Instant) {
        let Inner {
            games,
            deadlines,
            deadline_order,
            lists,
            next_expiry,
            ..
        } = self;
        *next_expiry = None;
        games.retain(|id, e| {
            let live = e.is_live(now);
            if !live && let Some(at) = deadlines.remove(id) {
                deadline_order.remove(&(at, id.clone()));
            }
            if !live && let Some(l) = &e.listing {
                lists.remove(id, l);
            }
            if live && let Some(at) = e.expires_at {
                *next_expiry = Some(next_expiry.map_or(at, |n| n.min(at)));
            }
            live
        });
        self.idem.retain(|_, answers| {
            answers.retain(|_, a| a.is_live(now));
            !answers.is_empty()
        });
        self.claims.retain(|_, c| c.is_live(now));
        self.writes_since_sweep = 0;
        self.last_sweep = Some(now);
    }

    /// The live entry at `id`, dropping it first if it has expired.
    fn live(&mut self, id: &str, now: Instant) -> Option<&mut Entry> {
        if self.games.get(id).is_some_and(|e| !e.is_live(now))
            && let Some(gone) = self.games.remove(id)
            && let Some(l) = &gone.listing
        {
            self.lists.remove(id, l);
        }
        self.games.get_mut(id)
    }

    /// Moves game `id` to `listing` (its entry must exist): out of its listing, if any, into
    /// the new one, keeping the time it was first listed.
    fn relist(&mut self, id: &str, listing: &Listing<'_>) {
        let Some(entry) = self.games.get_mut(id) else {
            return;
        };
        let listed_ms = match entry.listing.take() {
            Some(old) => {
                self.lists.remove(id, &old);
                old.listed_ms
            }
            None => listing.now_unix_ms,
        };
        let listed = Listed {
            status: listing.status,
            group: listing.group.to_owned(),
            listed_ms,
            item: listing.item.to_vec(),
        };
        self.lists.insert(id, &listed);
        entry.listing = Some(listed);
    }

    /// Put `id` in the outbox index, due at `at_ms` (replacing its entry).
    fn outbox_due_at(&mut self, id: &str, at_ms: u64) {
        if let Some(old) = self.outbox_due.insert(id.to_owned(), at_ms) {
            self.outbox_order.remove(&(old, id.to_owned()));
        }
        self.outbox_order.insert((at_ms, id.to_owned()));
    }

    /// Take `id` out of the outbox index.
    fn outbox_remove(&mut self, id: &str) {
        if let Some(old) = self.outbox_due.remove(id) {
            self.outbox_order.remove(&(old, id.to_owned()));
        }
    }

    fn remove_deadline(&mut self, id: &str) {
        if let Some((id, at)) = self.deadlines.remove_entry(id) {
            self.deadline_order.remove(&(at, id));
        }
    }
}

#[cfg(test)]
mod tests;
