//! The in-process store: a map behind a mutex.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use tokio::sync::watch;

use super::accounts::{check_attach, check_board, check_name, check_rate};
use super::hub::WatchHub;
use super::inbox::{check_append, check_read, first_id};
use super::queue::MemoryQueues;
use super::{
    AccountGames, BoardEntry, BoardPage, GameStore, INBOX_TTL, InboxEntry, InboxPage, ListPage,
    ListQuery, ListStatus, ListedGame, Listing, MAX_ACCOUNT_NAME_LEN, MAX_INBOX_ENTRIES,
    MAX_RATINGS_PER_CALL, MAX_RECENT_GAMES, MAX_TOKEN_LEN, QueueEntry, QueueJoin, QueueJoined,
    QueuePlace, RateOutcome, RatingWrite, StoreConfig, StoreError, StoredGame, StoredRating, Write,
    check_idem_key,
};

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

    fn remove_deadline(&mut self, id: &str) {
        if let Some((id, at)) = self.deadlines.remove_entry(id) {
            self.deadline_order.remove(&(at, id));
        }
    }
}

#[async_trait]
impl GameStore for MemoryStore {
    async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError> {
        w.check()?;
        let now = Instant::now();
        let expires_at = self.expiry(now, w.finished);
        let mut inner = self.lock();
        match w.expected {
            None => {
                if inner.live(id, now).is_some() {
                    return Err(StoreError::AlreadyExists);
                }
                let cap = self.config.max_games;
                if cap > 0 && inner.games.len() >= cap {
                    // Sweep only if a game may have expired since the last sweep: a client
                    // hammering a full store must not make every create pay an O(games) sweep.
                    if inner.next_expiry.is_some_and(|at| at <= now) {
                        inner.sweep(now);
                    }
                    if inner.games.len() >= cap {
                        return Err(StoreError::Full);
                    }
                }
                inner.expires(expires_at);
                inner.games.insert(
                    id.to_owned(),
                    Entry {
                        version: w.new_version,
                        data: w.data.to_vec(),
                        log: w.log.iter().map(|e| e.to_vec()).collect(),
                        expires_at,
                        listing: None,
                    },
                );
            }
            Some(expected) => {
                let entry = inner.live(id, now).ok_or(StoreError::NotFound)?;
                if entry.version != expected {
                    return Err(StoreError::Conflict {
                        current: entry.version,
                    });
                }
                entry.version = w.new_version;
                entry.data.clear();
                entry.data.extend_from_slice(w.data);
                entry.log.extend(w.log.iter().map(|e| e.to_vec()));
                if !w.keep_expiry {
                    entry.expires_at = expires_at;
                    inner.expires(expires_at);
                }
                if let Some(idem) = w.idem {
                    inner.idem.entry(id.to_owned()).or_default().insert(
                        idem.key.to_owned(),
                        Timed {
                            value: idem.answer.to_vec(),
                            expires_at: expiry(now, idem.ttl),
                        },
                    );
                }
            }
        }
        if let Some(listing) = &w.listing {
            inner.relist(id, listing);
        }
        inner.after_write(now);
        // Under the lock, so that watchers see the writes of a game in their order.
        self.hub.notify(id, w.new_version);
        Ok(())
    }

    async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        Ok(inner
            .live(id, now)
            .map(|e| e.log.get(from..).unwrap_or_default().to_vec())
            .unwrap_or_default())
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        Ok(inner.live(id, now).map(|e| StoredGame {
            version: e.version,
            data: e.data.clone(),
        }))
    }

    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(self.lock().live(id, Instant::now()).map(|e| e.version))
    }

    async fn load_with_idem(
        &self,
        id: &str,
        key: &str,
    ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError> {
        check_idem_key(key)?;
        let now = Instant::now();
        let mut inner = self.lock();
        let game = inner.live(id, now).map(|e| StoredGame {
            version: e.version,
            data: e.data.clone(),
        });
        let answer = match inner.idem.get_mut(id) {
            Some(answers) => {
                if answers.get(key).is_some_and(|a| !a.is_live(now)) {
                    answers.remove(key);
                }
                let answer = answers.get(key).map(|a| a.value.clone());
                if answers.is_empty() {
                    inner.idem.remove(id);
                }
                answer
            }
            None => None,
        };
        Ok((game, answer))
    }

    fn watch(&self, id: &str) -> watch::Receiver<u64> {
        self.hub.subscribe(id).0
    }

    async fn schedule_deadline(&self, id: &str, at_unix_ms: u64) -> Result<(), StoreError> {
        let mut inner = self.lock();
        inner.remove_deadline(id);
        inner.deadlines.insert(id.to_owned(), at_unix_ms);
        inner.deadline_order.insert((at_unix_ms, id.to_owned()));
        Ok(())
    }

    async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError> {
        self.lock().remove_deadline(id);
        Ok(())
    }

    async fn due_deadlines(
        &self,
        now_unix_ms: u64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let mut inner = self.lock();
        inner.sweep_if_older(Instant::now(), SWEEP_PERIOD);
        Ok(inner
            .deadline_order
            .iter()
            .take_while(|(at, _)| *at <= now_unix_ms)
            .take(limit)
            .map(|(_, id)| id.clone())
            .collect())
    }

    async fn claim(&self, id: &str, owner: &str, ttl: Duration) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        if inner.claims.get(id).is_some_and(|c| c.is_live(now)) {
            return Ok(false);
        }
        inner.claims.insert(
            id.to_owned(),
            Timed {
                value: owner.to_owned(),
                expires_at: expiry(now, ttl.max(Duration::from_millis(1))),
            },
        );
        inner.after_write(now);
        Ok(true)
    }

    async fn release_claim(&self, id: &str, owner: &str) -> Result<bool, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        let held = inner
            .claims
            .get(id)
            .is_some_and(|c| c.is_live(now) && c.value == owner);
        if held {
            inner.claims.remove(id);
        }
        Ok(held)
    }

    async fn list(&self, q: ListQuery<'_>) -> Result<ListPage, StoreError> {
        q.check()?;
        let now = Instant::now();
        let inner = self.lock();
        let key = (q.status, q.group.map(str::to_owned));
        let Some(set) = inner.lists.0.get(&key) else {
            return Ok(ListPage::default());
        };
        let newer = match q.after {
            Some(c) => set.range(..(c.listed_ms, c.id.clone())),
            None => set.range(..),
        };
        let games = newer
            .rev()
            .filter_map(|(listed_ms, id)| {
                let entry = inner.games.get(id).filter(|e| e.is_live(now))?;
                Some(ListedGame {
                    id: id.clone(),
                    listed_ms: *listed_ms,
                    item: entry.listing.as_ref()?.item.clone(),
                })
            })
            .take(q.limit + 1)
            .collect();
        Ok(ListPage::from_candidates(games, q.limit))
    }

    async fn create_account(
        &self,
        name: &str,
        key_hash: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        check_name("an account name", name, MAX_ACCOUNT_NAME_LEN)?;
        check_name("a key hash", key_hash, MAX_TOKEN_LEN)?;
        let mut a = self.accounts();
        if a.records.contains_key(name) || a.keys.contains_key(key_hash) {
            return Err(StoreError::AlreadyExists);
        }
        a.records.insert(name.to_owned(), data.to_vec());
        a.keys.insert(key_hash.to_owned(), name.to_owned());
        Ok(())
    }

    async fn load_account(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_name("an account name", name, MAX_ACCOUNT_NAME_LEN)?;
        Ok(self.accounts().records.get(name).cloned())
    }

    async fn account_by_key(&self, key_hash: &str) -> Result<Option<Vec<u8>>, StoreError> {
        check_name("a key hash", key_hash, MAX_TOKEN_LEN)?;
        let a = self.accounts();
        Ok(a.keys.get(key_hash).and_then(|n| a.records.get(n)).cloned())
    }

    async fn attach_game(
        &self,
        names: &[&str],
        game_id: &str,
        at_unix_ms: u64,
    ) -> Result<(), StoreError> {
        check_attach(names, game_id)?;
        let mut a = self.accounts();
        for name in names {
            let (count, recent) = a.games.entry((*name).to_owned()).or_default();
            if recent.iter().any(|(_, id)| id == game_id) {
                continue;
            }
            *count += 1;
            recent.insert((at_unix_ms, game_id.to_owned()));
            while recent.len() > MAX_RECENT_GAMES {
                recent.pop_first();
            }
        }
        Ok(())
    }

    async fn account_games(&self, name: &str) -> Result<AccountGames, StoreError> {
        check_name("an account name", name, MAX_ACCOUNT_NAME_LEN)?;
        let a = self.accounts();
        Ok(a.games
            .get(name)
            .map(|(count, recent)| AccountGames {
                count: *count,
                recent: recent
                    .iter()
                    .rev()
                    .map(|(at, id)| (id.clone(), *at))
                    .collect(),
            })
            .unwrap_or_default())
    }

    async fn load_ratings(
        &self,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<Option<StoredRating>>, StoreError> {
        if pairs.len() > MAX_RATINGS_PER_CALL {
            return Err(StoreError::InvalidKey(format!(
                "at most {MAX_RATINGS_PER_CALL} ratings a call"
            )));
        }
        for (board, member) in pairs {
            check_board(board)?;
            check_name("a member", member, MAX_ACCOUNT_NAME_LEN)?;
        }
        let a = self.accounts();
        Ok(pairs
            .iter()
            .map(|(board, member)| {
                a.ratings
                    .get(&((*board).to_owned(), (*member).to_owned()))
                    .map(|(version, data, _)| StoredRating {
                        version: *version,
                        data: data.clone(),
                    })
            })
            .collect())
    }

    async fn rate(
        &self,
        event: &str,
        board: &str,
        writes: &[RatingWrite<'_>],
    ) -> Result<RateOutcome, StoreError> {
        check_rate(event, board, writes)?;
        let mut a = self.accounts();
        if a.rated.contains(event) {
            return Ok(RateOutcome::AlreadyRated);
        }
        for w in writes {
            let current = a
                .ratings
                .get(&(board.to_owned(), w.member.to_owned()))
                .map_or(0, |r| r.0);
            if current != w.expected {
                return Err(StoreError::Conflict { current });
            }
        }
        for w in writes {
            let key = (board.to_owned(), w.member.to_owned());
            let old = a.ratings.remove(&key);
            let ranking = a.boards.entry(board.to_owned()).or_default();
            if let Some((_, _, score)) = &old {
                ranking.remove(&(score_order(*score), w.member.to_owned()));
            }
            ranking.insert((score_order(w.score), w.member.to_owned()));
            a.ratings
                .insert(key, (w.expected + 1, w.data.to_vec(), w.score));
        }
        a.rated.insert(event.to_owned());
        Ok(RateOutcome::Rated)
    }

    async fn board(&self, board: &str, offset: u64, limit: usize) -> Result<BoardPage, StoreError> {
        check_board(board)?;
        let a = self.accounts();
        let Some(ranking) = a.boards.get(board) else {
            return Ok(BoardPage::default());
        };
        let entries = ranking
            .iter()
            .rev()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(limit)
            .filter_map(|(_, member)| {
                let (_, data, score) = a.ratings.get(&(board.to_owned(), member.clone()))?;
                Some(BoardEntry {
                    member: member.clone(),
                    score: *score,
                    data: data.clone(),
                })
            })
            .collect();
        Ok(BoardPage {
            entries,
            total: ranking.len() as u64,
        })
    }

    async fn queue_join(&self, j: QueueJoin<'_>) -> Result<QueueJoined, StoreError> {
        self.queue_lock().join(&j)
    }

    async fn queue_leave(
        &self,
        queue: &str,
        member: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.queue_lock().leave(queue, member, now_ms)
    }

    async fn queue_renew(
        &self,
        member: &str,
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<usize, StoreError> {
        self.queue_lock().renew(member, lease_until_ms, now_ms)
    }

    async fn queue_take(
        &self,
        queue: &str,
        n: usize,
        now_ms: u64,
    ) -> Result<Vec<QueueEntry>, StoreError> {
        self.queue_lock().take(queue, n, now_ms)
    }

    async fn queues(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.queue_lock().queues())
    }

    async fn queue_entries(
        &self,
        member: &str,
        now_ms: u64,
    ) -> Result<Vec<QueuePlace>, StoreError> {
        self.queue_lock().entries(member, now_ms)
    }

    async fn append_inbox(
        &self,
        account: &str,
        data: &[u8],
        once: Option<&str>,
        now_unix_ms: u64,
    ) -> Result<u64, StoreError> {
        check_append(account, data, once)?;
        let now = Instant::now();
        let mut inboxes = self.inboxes.lock().unwrap_or_else(|e| e.into_inner());
        if inboxes.get(account).is_some_and(|i| !i.is_live(now)) {
            inboxes.remove(account);
        }
        if let Some(inbox) = inboxes.get(account)
            && let Some(id) = once.and_then(|k| inbox.once.get(k))
        {
            return Ok(*id);
        }
        let inbox = inboxes.entry(account.to_owned()).or_insert_with(|| Inbox {
            last: 0,
            entries: VecDeque::new(),
            once: HashMap::new(),
            touched: now,
        });
        let id = if inbox.last == 0 {
            first_id(now_unix_ms)
        } else {
            inbox.last + 1
        };
        inbox.last = id;
        inbox.touched = now;
        inbox
            .entries
            .push_back((id, data.to_vec(), once.map(str::to_owned)));
        if let Some(key) = once {
            inbox.once.insert(key.to_owned(), id);
        }
        while inbox.entries.len() as u64 > MAX_INBOX_ENTRIES {
            if let Some((_, _, Some(key))) = inbox.entries.pop_front() {
                inbox.once.remove(&key);
            }
        }
        // Told under the lock, so watchers hear the appends in their order.
        self.inbox_hub.notify(account, id);
        Ok(id)
    }

    async fn read_inbox(
        &self,
        account: &str,
        after: u64,
        limit: usize,
    ) -> Result<InboxPage, StoreError> {
        check_read(account, limit)?;
        let now = Instant::now();
        let mut inboxes = self.inboxes.lock().unwrap_or_else(|e| e.into_inner());
        if inboxes.get(account).is_some_and(|i| !i.is_live(now)) {
            inboxes.remove(account);
        }
        let Some(inbox) = inboxes.get(account) else {
            return Ok(InboxPage::default());
        };
        let start = inbox.entries.partition_point(|(id, _, _)| *id <= after);
        Ok(InboxPage {
            entries: inbox
                .entries
                .range(start..)
                .take(limit)
                .map(|(id, data, _)| InboxEntry {
                    id: *id,
                    data: data.clone(),
                })
                .collect(),
            last: inbox.last,
        })
    }

    fn watch_inbox(&self, account: &str) -> watch::Receiver<u64> {
        self.inbox_hub.subscribe(account).0
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn backend(&self) -> &'static str {
        "memory"
    }

    fn config(&self) -> &StoreConfig {
        &self.config
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn sweeps_expired_entries() {
        let store = MemoryStore::new(StoreConfig {
            game_ttl: Duration::from_millis(1),
            ..StoreConfig::default()
        });
        for i in 0..10 {
            store
                .create(&format!("g{i}"), 1, b"x", false)
                .await
                .unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(store.len(), 10);
        for i in 0..MIN_WRITES_BETWEEN_SWEEPS {
            store
                .create(&format!("h{i}"), 1, b"x", false)
                .await
                .unwrap();
        }
        // The sweep ran at least once and dropped the first ten (and some of the new ones).
        assert!(store.len() <= MIN_WRITES_BETWEEN_SWEEPS, "{}", store.len());
        assert!(store.load("g0").await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_full_store_refuses_creates_until_games_expire() {
        let store = MemoryStore::new(StoreConfig {
            game_ttl: Duration::from_millis(30),
            max_games: 3,
            ..StoreConfig::default()
        });
        for i in 0..3 {
            store
                .create(&format!("g{i}"), 1, b"x", false)
                .await
                .unwrap();
        }
        assert!(matches!(
            store.create("g3", 1, b"x", false).await,
            Err(StoreError::Full)
        ));
        assert!(store.load("g3").await.unwrap().is_none());
        std::thread::sleep(Duration::from_millis(40));
        // A full store sweeps before it refuses: the expired games make room.
        store.create("g3", 1, b"x", false).await.unwrap();
        assert_eq!(store.len(), 1);
    }

    #[tokio::test]
    async fn expired_games_leave_memory_without_writes() {
        let store = MemoryStore::new(StoreConfig {
            game_ttl: Duration::from_millis(1),
            ..StoreConfig::default()
        });
        for i in 0..10 {
            store
                .create(&format!("g{i}"), 1, b"x", false)
                .await
                .unwrap();
            store.schedule_deadline(&format!("g{i}"), 5).await.unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(store.len(), 10);
        // The turn-clock task reads the index: that sweeps (the first read, then every period).
        store.lock().last_sweep = None;
        assert!(store.due_deadlines(10, 64).await.unwrap().is_empty());
        assert_eq!(store.len(), 0);
    }

    #[tokio::test]
    async fn zero_ttl_never_expires() {
        let store = MemoryStore::new(StoreConfig {
            game_ttl: Duration::ZERO,
            ..StoreConfig::default()
        });
        store.create("g", 1, b"x", false).await.unwrap();
        assert!(store.load("g").await.unwrap().is_some());
    }
}
