//! The game service: load a game from the store, check the caller, apply with the engine, let
//! house players take their turns, save with a compare-and-set on the version, and build the
//! caller's view. Handlers call this and do nothing else.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use super::auth::{TokenHash, hash_token, new_token};
use super::error::ApiError;
use super::wire::{
    ClaimSeatRequest, ClaimedSeat, CreateGameRequest, CreatedGame, DealOrigin, GameLog, GameStatus,
    GameView, Samples, SeatInfo, SeatKind, SeatSpec, TimeoutRecord,
};
use crate::bots::Strategy;
use crate::engine::{
    Action, Call, Card, Game, HandRecord, HandSummary, Seat, Trick, Trump, Viewer,
};
use crate::metrics::Metrics;
use crate::store::{GameStore, IdemWrite, MAX_LOG_ENTRIES_PER_WRITE, StoreError, Write};

/// The version of the stored record format written: 3 is positional MessagePack (structs as
/// arrays, no field names), 2 named MessagePack with cards as one byte each (see `Card`'s
/// serde), 1 named with cards as their codes. All three are read; an older server refuses a
/// newer format as unknown (see k8s/README.md, "Upgrading").
const RECORD_FORMAT: u32 = 3;

/// The record formats this server reads.
const READABLE_FORMATS: std::ops::RangeInclusive<u32> = 1..=RECORD_FORMAT;

/// How many house players' decisions may run at once on the blocking pool, over all web
/// workers: one per CPU, so that experts queue rather than pile up threads.
fn bot_permits() -> &'static tokio::sync::Semaphore {
    static PERMITS: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    &PERMITS
}

/// The most log entries (finished hands) house players add in one step of work, that is in one
/// write. A write also carries at most a client's finished hand and a timeout entry, and one
/// move finishes at most one hand, so a write appends at most `HANDS_PER_STEP + 3` entries,
/// within the store's limit (a long game is stored whole, a step at a time).
const HANDS_PER_STEP: usize = 32;
const _: () = assert!(HANDS_PER_STEP + 3 <= MAX_LOG_ENTRIES_PER_WRITE);

/// How long house players of a table without clients think in one step before the step is
/// written (checked between moves; a table with clients stops at the next client's turn).
const STEP_BUDGET: Duration = Duration::from_millis(100);

/// Where the deadline index puts a game with house players' work left: this long after the
/// write. The replica doing the work pushes the entry on with every step; if it stops (a crash,
/// a shutdown), a sweeper picks the game up then.
const BOT_GRACE_MS: u64 = 5_000;

/// The pause between two background steps of one game: an endless game of house players
/// (one can drift forever) costs a bounded rate of writes rather than a busy loop.
const BACKGROUND_STEP_PAUSE: Duration = Duration::from_millis(10);

/// The longest `Idempotency-Key` a client may send, in bytes (the stored key adds the seat's
/// scope, see [`scoped_idem_key`]).
const IDEMPOTENCY_KEY_MAX: usize = 128;

/// How many times a write that lost a compare-and-set race is retried from the new state
/// (only when the client did not pin a version with If-Match).
const CAS_RETRIES: usize = 8;

/// How long an idempotent answer is kept.
const IDEMPOTENCY_TTL: Duration = Duration::from_secs(24 * 3600);

/// The house player that moves for a seat whose turn clock ran out.
pub const FALLBACK: Strategy = Strategy::Heuristic;

/// The shortest and longest turn time limits.
pub const TURN_LIMIT_MS: std::ops::RangeInclusive<u64> = 100..=86_400_000;

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One seat of a stored game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Open for a client, or a house player.
    pub spec: SeatSpec,
    /// The display name.
    #[serde(default)]
    pub name: Option<String>,
    /// SHA-256 of the seat's token, once claimed.
    #[serde(default)]
    pub token_hash: Option<String>,
}

impl SeatRecord {
    fn bot(&self) -> Option<Strategy> {
        match self.spec {
            SeatSpec::Bot { strategy } => Some(strategy),
            SeatSpec::Open => None,
        }
    }

    fn filled(&self) -> bool {
        self.bot().is_some() || self.token_hash.is_some()
    }
}

/// One entry of a game's log (kept beside the game in the store, appended with the write that
/// produced it).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum LogEntry {
    /// A finished hand, hidden cards included.
    Hand(HandRecord),
    /// A move the server made for a seat whose turn clock ran out.
    Timeout(TimeoutRecord),
}

/// Everything stored for one game (the log lives beside it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    format: u32,
    /// The engine state.
    pub game: Game,
    /// The seats.
    pub seats: Vec<SeatRecord>,
    /// The time limit per decision, if the game has turn clocks.
    #[serde(default)]
    pub turn_time_limit_ms: Option<u64>,
    /// When the seat to act runs out of time (ms since the epoch).
    #[serde(default)]
    pub deadline_ms: Option<u64>,
    /// How the deals were made. A record stored before this was kept reads as `unknown`
    /// (it may have had a seed), so it is never taken for a random deal.
    #[serde(default)]
    pub deal: DealOrigin,
    /// Log entries produced by the change in progress, written with it.
    #[serde(skip)]
    pending_log: Vec<LogEntry>,
}

impl GameRecord {
    fn started(&self) -> bool {
        self.seats.iter().all(SeatRecord::filled)
    }

    fn status(&self) -> GameStatus {
        if self.game.is_over() {
            GameStatus::Finished
        } else if self.started() {
            GameStatus::Playing
        } else {
            GameStatus::WaitingForPlayers
        }
    }

    /// The stored form: positional MessagePack (structs as arrays, in field order), about half
    /// the size of MessagePack with field names and a third of JSON. See BENCHMARKS.md.
    ///
    /// Positions are only sound if no field in the middle of a stored struct is ever left out:
    /// the record's own optional fields are written as nil, and the engine's skipped optional
    /// fields (`Bid::pepper`, `Contract::forced`, `Trick::winner`) are each their struct's
    /// last, read back as their default when absent. The round-trip test over random games of
    /// every preset checks this.
    fn encode(&self) -> Result<Vec<u8>, ApiError> {
        // Records are a few hundred bytes to 1 KB: one allocation instead of a doubling series.
        let mut out = Vec::with_capacity(1024);
        rmp_serde::encode::write(&mut out, self).map_err(|e| {
            tracing::error!(error = %e, "cannot encode a game");
            ApiError::Internal
        })?;
        Ok(out)
    }

    fn decode(data: &[u8]) -> Result<GameRecord, ApiError> {
        let r: GameRecord = rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "a stored game is corrupt");
            ApiError::Internal
        })?;
        if !READABLE_FORMATS.contains(&r.format) || r.seats.len() != r.game.rules().seats() {
            tracing::error!("a stored game has an unknown format");
            return Err(ApiError::Internal);
        }
        Ok(r)
    }

    /// The seat whose token this is.
    fn seat_of(&self, token: &str) -> Result<Seat, ApiError> {
        let h = TokenHash::of(token);
        let mut found = None;
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(stored) = &s.token_hash
                && h.matches(stored)
            {
                found = Some(i as Seat);
            }
        }
        found.ok_or(ApiError::InvalidToken)
    }

    /// Applies one seat's action and logs any hand it finished.
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), ApiError> {
        let applied = self.game.apply(seat, action)?;
        self.pending_log
            .extend(applied.finished_hands.into_iter().map(LogEntry::Hand));
        Ok(())
    }

    /// Whether a house player is to act (the game has started and the seat to act is a bot).
    fn bot_to_move(&self) -> bool {
        self.started()
            && self
                .game
                .turn()
                .is_some_and(|seat| self.seats[seat as usize].bot().is_some())
    }

    /// Whether any seat is an expert house player (whose decisions take milliseconds).
    fn has_expert(&self) -> bool {
        self.seats.iter().any(|s| s.bot() == Some(Strategy::Expert))
    }

    /// Whether every seat is a house player (nobody waits for a client).
    fn all_bots(&self) -> bool {
        self.seats.iter().all(|s| s.bot().is_some())
    }

    /// One step of house players' work: they act until it is a client's turn or the game is
    /// over, or the step is full: [`HANDS_PER_STEP`] log entries pending, or (at a table
    /// without clients) [`STEP_BUDGET`] spent, or `cancel` raised (nobody waits for the
    /// result). Checked between moves; what is left is the next step's (see
    /// [`GameService::play_house_players`]).
    fn run_bots(
        &mut self,
        rng: &mut SmallRng,
        metrics: &Metrics,
        cancel: &AtomicBool,
    ) -> Result<(), ApiError> {
        if !self.started() {
            return Ok(());
        }
        let budget = self.all_bots().then(|| Instant::now() + STEP_BUDGET);
        while let Some(seat) = self.game.turn() {
            let Some(strategy) = self.seats[seat as usize].bot() else {
                break;
            };
            if cancel.load(Ordering::Relaxed)
                || self.pending_log.len() >= HANDS_PER_STEP
                || budget.is_some_and(|at| Instant::now() >= at)
            {
                break;
            }
            let Some(action) = strategy.choose(&self.game, seat, rng) else {
                break;
            };
            self.apply(seat, &action).map_err(|e| {
                tracing::error!(error = %e, "a house player chose an illegal action");
                ApiError::Internal
            })?;
            metrics.applied_by_bot.inc();
        }
        Ok(())
    }

    /// When the sweeper should look at the game (the deadline index's entry): the turn clock's
    /// deadline, or [`BOT_GRACE_MS`] after `now` while house players have work left.
    fn wake_ms(&self, now: u64) -> Option<u64> {
        self.deadline_ms
            .or_else(|| self.bot_to_move().then_some(now + BOT_GRACE_MS))
    }

    /// The index entry a loaded game may have: its deadline, or, with house players' work
    /// left, an unknown time taken as 0 (so that an update only moves it after its write).
    fn wake_hint(&self) -> Option<u64> {
        self.deadline_ms.or_else(|| self.bot_to_move().then_some(0))
    }

    /// Sets the turn clock after a change: a client to act gets a fresh deadline.
    fn reset_deadline(&mut self, now: u64) {
        self.deadline_ms = match (self.turn_time_limit_ms, self.game.turn()) {
            (Some(limit), Some(seat))
                if self.started() && self.seats[seat as usize].bot().is_none() =>
            {
                Some(now + limit)
            }
            _ => None,
        };
    }

    /// The view for `viewer`, with the game's id and version.
    pub fn view(&self, game_id: &str, version: u64, viewer: Viewer) -> GameView {
        let mut view = self.game.view(viewer);
        if !self.started() {
            // Nothing can be done before every seat is filled (acting is `game_not_started`).
            view.legal_actions.clear();
            view.turn = None;
        }
        GameView {
            game_id: game_id.to_owned(),
            version,
            status: self.status(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: i as Seat,
                    kind: match s.spec {
                        SeatSpec::Open => SeatKind::Open,
                        SeatSpec::Bot { .. } => SeatKind::Bot,
                    },
                    strategy: s.bot(),
                    claimed: s.filled(),
                    name: s.name.clone(),
                })
                .collect(),
            deal: self.deal,
            ranked_eligible: self.deal.ranked_eligible(),
            turn_time_limit_ms: self.turn_time_limit_ms,
            deadline_unix_ms: self.deadline_ms,
            view,
        }
    }
}

/// The seed of the house players' random choices after a change to `record` at `version`.
fn record_seed(record: &GameRecord, version: u64) -> u64 {
    record.game.seed() ^ version
}

/// Ids are 16 characters of `[a-z0-9]` (about 82 bits).
fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..16)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// The view of a loaded game for the holder of `token` (a spectator's without one).
fn view_of(id: &str, entry: &(u64, GameRecord), token: Option<&str>) -> Result<GameView, ApiError> {
    let (version, record) = (entry.0, &entry.1);
    let viewer = match token {
        Some(t) => Viewer::Seat(record.seat_of(t)?),
        None => Viewer::Spectator,
    };
    Ok(record.view(id, version, viewer))
}

/// Rejects ids that no game could have, without asking the store.
fn check_id(id: &str) -> Result<(), ApiError> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(ApiError::GameNotFound(id.chars().take(64).collect()))
    }
}

/// Defines how a finished hand is stored in the log (since record format 3): positional
/// MessagePack, the fields of [`HandRecord`] in order with the summary as the first (it is
/// flattened in the JSON, which positions cannot express); about an eighth of the JSON's size.
/// The field list is written once; both conversions destructure or build a whole
/// `HandRecord`, so a field added there fails to compile here until it is added.
macro_rules! stored_hand {
    ($($field:ident: $ty:ty),* $(,)?) => {
        /// A finished hand as stored: a tuple of [`HandRecord`]'s fields.
        type StoredHand = ($($ty,)*);

        fn encode_hand(h: &HandRecord) -> Result<Vec<u8>, rmp_serde::encode::Error> {
            let HandRecord { $($field),* } = h;
            rmp_serde::to_vec(&($($field,)*))
        }

        fn decode_hand(raw: &[u8]) -> Result<HandRecord, rmp_serde::decode::Error> {
            let ($($field,)*): StoredHand = rmp_serde::from_slice(raw)?;
            Ok(HandRecord { $($field),* })
        }
    };
}

stored_hand!(
    summary: HandSummary,
    dealer: Seat,
    deal: Vec<Vec<Card>>,
    widow: Vec<Card>,
    auction: Vec<Call>,
    trump: Option<Trump>,
    discards: Vec<Card>,
    alone: Option<Seat>,
    defender_alone: Option<Seat>,
    lone_discards: Vec<Card>,
    passed_cards: Vec<Card>,
    tricks: Vec<Trick>,
);

/// The stored form of log entries: hands as [`StoredHand`], timeouts (rare) as JSON.
fn encode_log(entries: &[LogEntry]) -> Result<Vec<Vec<u8>>, ApiError> {
    entries
        .iter()
        .map(|e| {
            match e {
                LogEntry::Hand(h) => encode_hand(h).map_err(|e| e.to_string()),
                LogEntry::Timeout(_) => serde_json::to_vec(e).map_err(|e| e.to_string()),
            }
            .map_err(|e| {
                tracing::error!(error = %e, "cannot encode a log entry");
                ApiError::Internal
            })
        })
        .collect()
}

/// Reads a stored log entry: JSON (a timeout, or any entry written before format 3) starts
/// with `{`; anything else is a [`StoredHand`] (a MessagePack array).
fn decode_log_entry(raw: &[u8]) -> Result<LogEntry, String> {
    if raw.first() == Some(&b'{') {
        return serde_json::from_slice(raw).map_err(|e| e.to_string());
    }
    decode_hand(raw)
        .map(LogEntry::Hand)
        .map_err(|e| e.to_string())
}

/// What an action answers: the new version and the caller's view, encoded once (an
/// idempotent replay answers the stored bytes).
#[derive(Debug, Clone)]
pub struct Answer {
    /// The version after the action.
    pub version: u64,
    /// The caller's view as JSON.
    pub body: Vec<u8>,
}

/// What is kept for an `Idempotency-Key`: who asked what, and the answer.
#[derive(Serialize, Deserialize)]
struct IdemRecord {
    seat: Seat,
    action: Action,
    version: u64,
    view: serde_json::Value,
}

/// One action request.
pub struct ActRequest<'a> {
    /// The game.
    pub id: &'a str,
    /// The seat token.
    pub token: &'a str,
    /// The action.
    pub action: Action,
    /// Apply only at this version (`If-Match`).
    pub if_match: Option<u64>,
    /// The client's `Idempotency-Key`.
    pub idempotency_key: Option<&'a str>,
}

/// Builds the answer stored for an idempotency key from the record about to be written.
type IdemAnswer<'a, T> = dyn Fn(&GameRecord, u64, &T) -> Result<Vec<u8>, ApiError> + Sync + 'a;

/// What an update did: applied the change and wrote it, or found the answer of an earlier
/// request with the same idempotency key (its stored bytes), and did nothing.
enum Outcome<T> {
    Applied(Updated<T>),
    Replayed(Vec<u8>),
}

/// What a successful update wrote.
struct Updated<T> {
    version: u64,
    /// The version and the record as written (shared with the cache).
    record: Arc<(u64, GameRecord)>,
    out: T,
}

/// Recently used games, by id.
type GameCache = quick_cache::sync::Cache<String, Cached>;

/// A cached game: the version and the record as last written or read here, and when this
/// replica last set the game's expiry (`None`: not known, as after a read).
#[derive(Clone)]
struct Cached {
    entry: Arc<(u64, GameRecord)>,
    expiry_set: Option<ExpirySet>,
}

/// A write that set a game's expiry: when it was sent, and for which kind of game.
#[derive(Clone, Copy, Debug)]
struct ExpirySet {
    at: Instant,
    finished: bool,
}

/// How often, at most, this replica sets the expiry of a game it keeps writing: once per
/// 1/64 of the TTL. Setting it costs Redis two `PEXPIRE`s, more than the rest of a move's
/// write, and an expiry set a moment ago is as good: a game still expires between 63/64 of the
/// TTL and the whole TTL after its last move. A write that appends to the log, finishes (or
/// reopens) the game, follows a read, or is the first of this replica, sets it again.
const EXPIRY_REFRESH_DIVISOR: u32 = 64;

impl ExpirySet {
    /// Whether a write of a game `finished` (or not) with TTL `ttl`, sent now, may keep the
    /// expiry set by `self`.
    fn still_fresh(self, finished: bool, ttl: Duration, now: Instant) -> bool {
        self.finished == finished
            && now.saturating_duration_since(self.at) < ttl / EXPIRY_REFRESH_DIVISOR
    }
}

/// Settings and signals of the push endpoints (event streams and long polls).
#[derive(Clone, Debug)]
pub struct Push {
    /// How often an idle event stream sends a keep-alive comment and re-reads its game.
    pub keep_alive: Duration,
    /// Turns true when the server starts shutting down (None: never).
    stopping: Option<tokio::sync::watch::Receiver<bool>>,
}

impl Push {
    /// Settings with `keep_alive`, and the sender that tells streams the server is stopping.
    pub fn new(keep_alive: Duration) -> (Push, tokio::sync::watch::Sender<bool>) {
        let (tx, stopping) = tokio::sync::watch::channel(false);
        (
            Push {
                keep_alive,
                stopping: Some(stopping),
            },
            tx,
        )
    }

    /// Completes once the server is shutting down (at once if it already is).
    pub async fn stopping(&self) {
        match &self.stopping {
            Some(rx) => {
                // An error means the sender is gone: so is the server.
                let _ = rx.clone().wait_for(|stopping| *stopping).await;
            }
            None => std::future::pending().await,
        }
    }
}

impl Default for Push {
    /// The default keep-alive, never stopping (for services built without a server).
    fn default() -> Push {
        Push {
            keep_alive: super::events::KEEP_ALIVE,
            stopping: None,
        }
    }
}

/// The service handlers call.
#[derive(Clone)]
pub struct GameService {
    store: Arc<dyn GameStore>,
    metrics: Metrics,
    cache: Option<Arc<GameCache>>,
    push: Push,
    /// Games this replica works on in the background (house players' steps, a sweeper's
    /// fallback move), so that it runs one task per game.
    busy: Arc<Mutex<HashSet<String>>>,
}

/// A game marked busy by [`GameService::begin_work`]; dropping it ends the mark.
pub struct BusyGuard {
    busy: Arc<Mutex<HashSet<String>>>,
    id: String,
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.busy
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.id);
    }
}

/// Raises its flag when dropped: a house players' step on the blocking pool checks it between
/// moves, so that a step whose request went away (the client disconnected, the server stops)
/// ends at the next move instead of thinking to the end for nobody.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The key an `Idempotency-Key` is stored under: scoped to the seat by 64 bits of a digest of
/// the seat's token (one token per seat; a digest of its own, not a part of the stored token
/// hash), so that two seats using the same key are two keys; the same seat reusing a key for
/// another action is `idempotency_key_reused`.
fn scoped_idem_key(token: &str, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"hasenpfeffer idempotency scope\0")
        .chain_update(token.as_bytes())
        .finalize();
    format!("{}.{key}", hex::encode(&digest[..8]))
}

impl GameService {
    /// A service over a store, keeping up to `cached_games` recently used games in memory (0
    /// keeps none) so that a move usually costs one store round trip: the compare-and-set.
    /// The cache is only a guess: a stale entry fails the compare-and-set and is reloaded, so
    /// replicas stay stateless.
    pub fn new(store: Arc<dyn GameStore>, metrics: Metrics, cached_games: usize) -> Self {
        GameService {
            store,
            metrics,
            cache: (cached_games > 0).then(|| Arc::new(GameCache::new(cached_games))),
            push: Push::default(),
            busy: Arc::default(),
        }
    }

    /// The same service with these push settings.
    #[must_use]
    pub fn with_push(mut self, push: Push) -> Self {
        self.push = push;
        self
    }

    /// The push settings and the shutdown signal.
    pub fn push(&self) -> &Push {
        &self.push
    }

    /// A copy for one web worker: the same games, cache and metrics, with the store's
    /// connections driven on the calling worker's thread where the store supports that (see
    /// [`GameStore::thread_local_copy`]).
    #[must_use]
    pub fn for_this_thread(&self) -> Self {
        GameService {
            store: self
                .store
                .thread_local_copy()
                .unwrap_or_else(|| self.store.clone()),
            metrics: self.metrics.clone(),
            cache: self.cache.clone(),
            push: self.push.clone(),
            busy: self.busy.clone(),
        }
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    /// The metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    async fn load(&self, id: &str) -> Result<Arc<(u64, GameRecord)>, ApiError> {
        check_id(id)?;
        let stored = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| ApiError::GameNotFound(id.to_owned()))?;
        let entry = Arc::new((stored.version, GameRecord::decode(&stored.data)?));
        self.cache_put(id, &entry, None);
        Ok(entry)
    }

    /// Takes a game out of the cache for an update. The record is moved out rather than
    /// copied unless a reader still holds it; while the update runs, other requests for the
    /// game read the store.
    fn cache_take(&self, id: &str) -> Option<(u64, GameRecord, Option<ExpirySet>)> {
        let (_, hit) = self.cache.as_ref()?.remove(id)?;
        let (version, record) = Arc::try_unwrap(hit.entry).unwrap_or_else(|e| (*e).clone());
        Some((version, record, hit.expiry_set))
    }

    /// Remembers `entry` (a version and its record) unless a newer version is cached, with
    /// when this replica last set the game's expiry.
    fn cache_put(&self, id: &str, entry: &Arc<(u64, GameRecord)>, expiry_set: Option<ExpirySet>) {
        if let Some(cache) = &self.cache
            && cache.get(id).is_none_or(|c| c.entry.0 < entry.0)
        {
            cache.insert(
                id.to_owned(),
                Cached {
                    entry: entry.clone(),
                    expiry_set,
                },
            );
        }
    }

    fn cache_drop(&self, id: &str) {
        if let Some(cache) = &self.cache {
            cache.remove(id);
        }
    }

    /// Lets house players take their turns after a change (`seed` seeds their random choices),
    /// for one step ([`GameRecord::run_bots`]). Expert players (and tables of house players
    /// only) think on Tokio's blocking pool, so that a web worker keeps answering other
    /// requests meanwhile, at most one table per CPU at a time ([`bot_permits`]); others wait
    /// their turn, for at most a step of each table ahead (a permit is held for one step). If
    /// this future is dropped (the client went away), the thinking stops at the next move.
    async fn let_bots_play(
        &self,
        mut record: GameRecord,
        seed: u64,
    ) -> Result<GameRecord, ApiError> {
        if !record.bot_to_move() {
            return Ok(record);
        }
        let metrics = self.metrics.clone();
        // A table of house players only thinks up to a whole step's budget: off the web worker
        // too, whatever its players.
        let offload = record.has_expert() || record.all_bots();
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let play = move || {
            let mut rng = SmallRng::seed_from_u64(seed);
            record
                .run_bots(&mut rng, &metrics, &cancel)
                .map(|()| record)
        };
        if offload {
            let _permit = bot_permits()
                .acquire()
                .await
                .map_err(|_| ApiError::Internal)?;
            tokio::task::spawn_blocking(play).await.map_err(|e| {
                tracing::error!(error = %e, "a house player's task failed");
                ApiError::Internal
            })?
        } else {
            play()
        }
    }

    /// Marks game `id` as worked on by a background task of this replica: `None` if one
    /// already is.
    pub fn begin_work(&self, id: &str) -> Option<BusyGuard> {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        busy.insert(id.to_owned()).then(|| BusyGuard {
            busy: self.busy.clone(),
            id: id.to_owned(),
        })
    }

    /// Lets house players finish their work on game `id` in a background task of this replica
    /// (unless one already does), after a write that left them to move.
    fn continue_in_background(&self, id: &str) {
        let Some(guard) = self.begin_work(id) else {
            return;
        };
        let svc = self.clone();
        let id = id.to_owned();
        tokio::spawn(async move {
            let _guard = guard;
            svc.play_house_players(&id).await;
        });
    }

    /// Plays house players' turns of game `id`, a step ([`GameRecord::run_bots`]) per write,
    /// until a client is to act or the game is over. Each step is a compare-and-set like a
    /// client's move, so replicas (or a client's request) racing for the game cannot both
    /// apply a step; the loser reloads. Called in the background after a request left house
    /// players to move (a table of house players only, after its first step) and by the
    /// sweeper for a game whose worker stopped (see [`GameRecord::wake_ms`]).
    pub async fn play_house_players(&self, id: &str) {
        loop {
            let result = self
                .update(id, None, None, |record, _version| {
                    if record.bot_to_move() {
                        Ok(())
                    } else {
                        Err(ApiError::Conflict {
                            code: "not_due",
                            detail: String::new(),
                        })
                    }
                })
                .await;
            match result {
                Ok(Outcome::Applied(u)) if u.record.1.bot_to_move() => {}
                Ok(_)
                | Err(ApiError::Conflict {
                    code: "not_due", ..
                }) => return,
                Err(e) => {
                    // The index entry (BOT_GRACE_MS ahead) makes a sweeper try again.
                    tracing::warn!(game_id = %id, error = %e, "house players cannot move");
                    return;
                }
            }
            tokio::time::sleep(BACKGROUND_STEP_PAUSE).await;
        }
    }

    /// Moves game `id`'s entry in the deadline index from `before` to `after` (no-op if equal).
    /// Callers move it earlier before a write and later (or drop it) only after the write
    /// succeeded, so a crash or a failed write can only leave an early entry, which the sweeper
    /// checks against the game and fixes; a deadline is never lost.
    async fn schedule(&self, id: &str, before: Option<u64>, after: Option<u64>) {
        if before == after {
            return;
        }
        let result = match after {
            Some(at) => self.store.schedule_deadline(id, at).await,
            None => self.store.cancel_deadline(id).await,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "cannot update the deadline index");
        }
    }

    /// Loads, changes and saves a game with a compare-and-set, retrying from the new state when
    /// another request won the race (unless the client pinned `if_match`). `change` gets the
    /// record and its version; a failed change writes nothing. `answer` builds the idempotent
    /// answer to store with the write when `idem` is given (the stored key); an earlier answer
    /// under that key is returned instead of applying anything ([`Outcome::Replayed`]), before
    /// any version check and also after a lost compare-and-set, so that a request whose key was
    /// answered always gets that answer. After a write that leaves house players to move (a
    /// step was full), they go on in the background.
    async fn update<T>(
        &self,
        id: &str,
        if_match: Option<u64>,
        idem: Option<(&str, &IdemAnswer<'_, T>)>,
        mut change: impl FnMut(&mut GameRecord, u64) -> Result<T, ApiError>,
    ) -> Result<Outcome<T>, ApiError> {
        check_id(id)?;
        // A cached copy saves the load: if it is stale, the compare-and-set fails and the
        // next attempt reads the store. Idempotent requests always read (the key must be
        // checked in the same round trip).
        let mut cached = if idem.is_none() {
            self.cache_take(id)
        } else {
            None
        };
        for _ in 0..CAS_RETRIES {
            let from_cache = cached.is_some();
            let (version, mut record, expiry_set) = match cached.take() {
                Some(hit) => hit,
                None => {
                    let (stored, replay) = match idem {
                        Some((key, _)) => self.store.load_with_idem(id, key).await?,
                        None => (self.store.load(id).await?, None),
                    };
                    if let Some(answer) = replay {
                        return Ok(Outcome::Replayed(answer));
                    }
                    let stored = stored.ok_or_else(|| ApiError::GameNotFound(id.to_owned()))?;
                    (stored.version, GameRecord::decode(&stored.data)?, None)
                }
            };
            if let Some(expected) = if_match
                && expected != version
            {
                if from_cache {
                    continue; // the cache may be behind: decide on the stored version
                }
                return Err(ApiError::VersionConflict { current: version });
            }
            let was_over = record.game.is_over();
            let deadline_before = record.wake_hint();
            let out = match change(&mut record, version) {
                Ok(out) => out,
                // A refusal may come from a stale copy (another replica moved): decide on the
                // stored game (the copy is out of the cache already).
                Err(_) if from_cache => continue,
                Err(e) => return Err(e),
            };
            let seed = record_seed(&record, version);
            let mut record = self.let_bots_play(record, seed).await?;
            let now = now_ms();
            record.reset_deadline(now);
            let wake = record.wake_ms(now);
            let next = version + 1;
            let finished = record.game.is_over();
            let answer = match idem {
                Some((_, build)) => Some(build(&record, next, &out)?),
                None => None,
            };
            let log = encode_log(&record.pending_log)?;
            let log_refs: Vec<&[u8]> = log.iter().map(Vec::as_slice).collect();
            let data = record.encode()?;
            // Before the write the deadline index may only move earlier (an early entry is
            // harmless: the sweeper checks the game and fixes it); moving it later or dropping
            // it waits for the write to succeed, so a lost write cannot lose the deadline.
            let early = wake.filter(|at| deadline_before.is_none_or(|b| *at < b));
            if early.is_some() {
                self.schedule(id, deadline_before, early).await;
            }
            let mut write = Write {
                expected: Some(version),
                new_version: next,
                data: &data,
                finished,
                keep_expiry: false,
                idem: match (idem, &answer) {
                    (Some((key, _)), Some(answer)) => Some(IdemWrite {
                        key,
                        answer,
                        ttl: IDEMPOTENCY_TTL,
                    }),
                    _ => None,
                },
                log: &log_refs,
            };
            let sent = Instant::now();
            let ttl = self.store.config().ttl(finished);
            write.keep_expiry = write.may_keep_expiry()
                && expiry_set.is_some_and(|e| e.still_fresh(finished, ttl, sent));
            match self.store.write(id, write).await {
                Ok(()) => {
                    // Cache first: long polls woken by this write look for it there.
                    record.pending_log.clear();
                    let bots_left = record.bot_to_move();
                    let entry = Arc::new((next, record));
                    let expiry_set = if write.keep_expiry {
                        expiry_set
                    } else {
                        Some(ExpirySet { at: sent, finished })
                    };
                    self.cache_put(id, &entry, expiry_set);
                    if early.is_none() {
                        self.schedule(id, deadline_before, wake).await;
                    }
                    if finished && !was_over {
                        self.metrics.games_finished.inc();
                    }
                    if bots_left {
                        self.continue_in_background(id);
                    }
                    return Ok(Outcome::Applied(Updated {
                        version: next,
                        record: entry,
                        out,
                    }));
                }
                Err(StoreError::Conflict { current }) => {
                    self.cache_drop(id);
                    // A keyed request reads again: if a copy of it won the race, its answer is
                    // this one's (and otherwise the If-Match check refuses it there).
                    if if_match.is_some() && !from_cache && idem.is_none() {
                        return Err(ApiError::VersionConflict { current });
                    }
                }
                Err(StoreError::NotFound) => return Err(ApiError::GameNotFound(id.to_owned())),
                Err(e) => return Err(e.into()),
            }
        }
        let current = self.load(id).await?.0;
        Err(ApiError::VersionConflict { current })
    }

    /// Creates a game; house players act at once if every seat is filled.
    pub async fn create(&self, req: CreateGameRequest) -> Result<CreatedGame, ApiError> {
        let rules = req.ruleset.unwrap_or_default().build()?;
        let seed = req.seed.unwrap_or_else(|| rand::rng().random());
        let game = Game::new(rules, seed, req.scenario.as_ref())?;
        let n = rules.seats();
        let specs = req.seats.unwrap_or_else(|| vec![SeatSpec::Open; n]);
        if specs.len() != n {
            return Err(ApiError::InvalidRuleset(crate::engine::RulesetError {
                code: "wrong_seat_count",
                message: format!(
                    "`seats` lists {} seat{}; this ruleset has {n}",
                    specs.len(),
                    if specs.len() == 1 { "" } else { "s" }
                ),
            }));
        }
        if let Some(limit) = req.turn_time_limit_ms
            && !TURN_LIMIT_MS.contains(&limit)
        {
            return Err(ApiError::InvalidRuleset(crate::engine::RulesetError {
                code: "invalid_turn_time_limit",
                message: format!(
                    "turn_time_limit_ms must be between {} and {} (24 hours)",
                    TURN_LIMIT_MS.start(),
                    TURN_LIMIT_MS.end()
                ),
            }));
        }
        let record = GameRecord {
            format: RECORD_FORMAT,
            game,
            seats: specs
                .into_iter()
                .map(|spec| SeatRecord {
                    spec,
                    name: None,
                    token_hash: None,
                })
                .collect(),
            turn_time_limit_ms: req.turn_time_limit_ms,
            deadline_ms: None,
            deal: match (&req.scenario, req.seed) {
                (Some(_), _) => DealOrigin::Scenario,
                (None, Some(_)) => DealOrigin::Seed,
                (None, None) => DealOrigin::Random,
            },
            pending_log: Vec::new(),
        };
        let mut record = self.let_bots_play(record, seed ^ 0x5EED_B075).await?;
        let now = now_ms();
        record.reset_deadline(now);
        let wake = record.wake_ms(now);
        let data = record.encode()?;
        let log = encode_log(&record.pending_log)?;
        let log_refs: Vec<&[u8]> = log.iter().map(Vec::as_slice).collect();
        let finished = record.game.is_over();
        for _ in 0..4 {
            let id = new_game_id();
            self.schedule(&id, None, wake).await;
            let write = Write {
                expected: None,
                new_version: 1,
                data: &data,
                finished,
                keep_expiry: false,
                idem: None,
                log: &log_refs,
            };
            match self.store.write(&id, write).await {
                Ok(()) => {
                    self.metrics.games_created.inc();
                    if finished {
                        self.metrics.games_finished.inc();
                    }
                    if record.bot_to_move() {
                        self.continue_in_background(&id);
                    }
                    let view = record.view(&id, 1, Viewer::Spectator);
                    return Ok(CreatedGame {
                        game_id: id,
                        version: 1,
                        status: view.status,
                        seats: view.seats,
                        deal: view.deal,
                        ranked_eligible: view.ranked_eligible,
                    });
                }
                Err(StoreError::AlreadyExists) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ApiError::Internal)
    }

    /// Claims a seat and returns its token (shown only now).
    pub async fn claim_seat(
        &self,
        id: &str,
        req: ClaimSeatRequest,
    ) -> Result<ClaimedSeat, ApiError> {
        let name = super::names::check_seat_name(req.name)?;
        let token = new_token();
        let hash = hash_token(&token);
        let updated = self
            .update(id, None, None, |record, _version| {
                let n = record.seats.len();
                let seat = match req.seat {
                    Some(s) if s as usize >= n => {
                        return Err(ApiError::Conflict {
                            code: "invalid_seat",
                            detail: format!(
                                "seat {s} does not exist; this game has seats 0 to {}",
                                n - 1
                            ),
                        });
                    }
                    Some(s) => s as usize,
                    None => record
                        .seats
                        .iter()
                        .position(|s| !s.filled())
                        .ok_or_else(|| ApiError::Conflict {
                            code: "no_free_seat",
                            detail: "every seat of this game is taken".into(),
                        })?,
                };
                if record.seats[seat].filled() {
                    return Err(ApiError::Conflict {
                        code: "seat_taken",
                        detail: format!("seat {seat} is already taken"),
                    });
                }
                record.seats[seat].token_hash = Some(hash.clone());
                record.seats[seat].name = name.clone();
                Ok(seat as Seat)
            })
            .await?;
        match updated {
            Outcome::Applied(u) => Ok(ClaimedSeat {
                game_id: id.to_owned(),
                seat: u.out,
                token,
            }),
            Outcome::Replayed(_) => Err(ApiError::Internal),
        }
    }

    /// The caller's view: a seat's with a token, else the spectator's.
    pub async fn view(&self, id: &str, token: Option<&str>) -> Result<GameView, ApiError> {
        let loaded = self.load(id).await?;
        view_of(id, &loaded, token)
    }

    /// The view after a wake-up: when a change notification announced that a write made
    /// version `announced` of the game (see [`GameStore::watch`]), the cached record if it is
    /// that very version; otherwise (no announcement, or another version cached) a read of the
    /// store as in [`view`](Self::view). A cached record is a version the store held (read from
    /// it, or written by a compare-and-set here), so when the versions match it is the
    /// announced state. The replica that made the change usually has it cached, so long polls
    /// and event streams woken by it need no read.
    pub async fn view_announced(
        &self,
        id: &str,
        token: Option<&str>,
        announced: Option<u64>,
    ) -> Result<GameView, ApiError> {
        check_id(id)?;
        if let Some(version) = announced
            && let Some(hit) = self.cache.as_ref().and_then(|c| c.get(id))
            && hit.entry.0 == version
        {
            return view_of(id, &hit.entry, token);
        }
        self.view(id, token).await
    }

    /// Applies the token holder's action, lets house players answer, and returns the new view.
    /// With an idempotency key, a repeat of the same request answers what the first one did,
    /// and the action is applied once.
    pub async fn act(&self, req: ActRequest<'_>) -> Result<Answer, ApiError> {
        if let Some(key) = req.idempotency_key
            && (key.is_empty() || key.len() > IDEMPOTENCY_KEY_MAX)
        {
            return Err(ApiError::bad_request(
                "invalid_idempotency_key",
                format!(
                    "an Idempotency-Key has 1 to {IDEMPOTENCY_KEY_MAX} characters, not {}",
                    key.len()
                ),
            ));
        }
        let token = req.token;
        let scoped = req.idempotency_key.map(|k| scoped_idem_key(token, k));
        let action = &req.action;
        let build = |record: &GameRecord, version: u64, seat: &Seat| -> Result<Vec<u8>, ApiError> {
            let view = record.view(req.id, version, Viewer::Seat(*seat));
            serde_json::to_vec(&IdemRecord {
                seat: *seat,
                action: action.clone(),
                version,
                view: serde_json::to_value(view).map_err(|_| ApiError::Internal)?,
            })
            .map_err(|_| ApiError::Internal)
        };
        let idem = scoped
            .as_deref()
            .map(|k| (k, &build as &IdemAnswer<'_, Seat>));
        let result = self
            .update(req.id, req.if_match, idem, |record, _version| {
                let seat = record.seat_of(token)?;
                if !record.started() && !record.game.is_over() {
                    return Err(ApiError::Conflict {
                        code: "game_not_started",
                        detail: "the game starts when every seat is claimed".into(),
                    });
                }
                record.apply(seat, action)?;
                Ok(seat)
            })
            .await;
        match result {
            Ok(Outcome::Applied(u)) => {
                self.metrics.applied_by_client.inc();
                let view = u.record.1.view(req.id, u.version, Viewer::Seat(u.out));
                Ok(Answer {
                    version: u.version,
                    body: {
                        // A seat's view is 1 to 2 KB: one allocation instead of a doubling series.
                        let mut body = Vec::with_capacity(2048);
                        serde_json::to_writer(&mut body, &view).map_err(|_| ApiError::Internal)?;
                        body
                    },
                })
            }
            Ok(Outcome::Replayed(stored)) => {
                self.metrics
                    .actions
                    .with_label_values(&["replayed", "client"])
                    .inc();
                self.replay(req.id, token, &req.action, &stored).await
            }
            Err(e) => {
                let outcome = match e {
                    ApiError::VersionConflict { .. } => "conflict",
                    _ => "rejected",
                };
                self.metrics
                    .actions
                    .with_label_values(&[outcome, "client"])
                    .inc();
                Err(e)
            }
        }
    }

    /// Answers a repeated idempotent request: only the same seat asking the same action gets
    /// the stored answer.
    async fn replay(
        &self,
        id: &str,
        token: &str,
        action: &Action,
        stored: &[u8],
    ) -> Result<Answer, ApiError> {
        let rec: IdemRecord = serde_json::from_slice(stored).map_err(|_| ApiError::Internal)?;
        let loaded = self.load(id).await?;
        let record = &loaded.1;
        let seat = record.seat_of(token)?;
        if seat != rec.seat || &rec.action != action {
            return Err(ApiError::Conflict {
                code: "idempotency_key_reused",
                detail: "this Idempotency-Key was used for a different request; use a new key for each action".into(),
            });
        }
        Ok(Answer {
            version: rec.version,
            body: serde_json::to_vec(&rec.view).map_err(|_| ApiError::Internal)?,
        })
    }

    /// Makes the fallback move for the seat whose turn clock ran out, if it still has the turn
    /// and its deadline has passed. Exactly once per deadline: the compare-and-set on the
    /// version decides between racing replicas. Answers whether a move was made.
    pub async fn expire_turn(&self, id: &str, now: u64) -> Result<bool, ApiError> {
        let metrics = self.metrics.clone();
        let result = self
            .update(id, None, None, |record, version| {
                let not_due = || ApiError::Conflict {
                    code: "not_due",
                    detail: String::new(),
                };
                let (Some(deadline), Some(seat)) = (record.deadline_ms, record.game.turn()) else {
                    return Err(not_due());
                };
                if deadline > now {
                    return Err(not_due());
                }
                let mut rng = SmallRng::seed_from_u64(record.game.seed() ^ version ^ 0x71C7);
                let action = FALLBACK
                    .choose(&record.game, seat, &mut rng)
                    .ok_or(ApiError::Internal)?;
                let hand = record.game.hand_number();
                record.apply(seat, &action)?;
                record.pending_log.insert(
                    0,
                    LogEntry::Timeout(TimeoutRecord {
                        version: version + 1,
                        hand_number: hand,
                        seat,
                        deadline_unix_ms: deadline,
                        action_type: action.kind().to_owned(),
                        action: Some(action.clone()),
                    }),
                );
                metrics.actions.with_label_values(&["timeout", "bot"]).inc();
                Ok(seat)
            })
            .await;
        match result {
            Ok(_) => Ok(true),
            Err(ApiError::Conflict {
                code: "not_due", ..
            }) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Makes the deadline index agree with the game's own deadline, or its house players'
    /// work left ([`GameRecord::wake_ms`]), after a sweep.
    pub async fn sync_deadline(&self, id: &str) {
        let result = match self.load(id).await {
            Ok(loaded) => match loaded.1.wake_ms(now_ms()) {
                Some(at) => self.store.schedule_deadline(id, at).await,
                None => self.store.cancel_deadline(id).await,
            },
            Err(ApiError::GameNotFound(_)) => self.store.cancel_deadline(id).await,
            Err(_) => return,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "cannot update the deadline index");
        }
    }

    /// `count` samples of the cards the token's seat cannot see, from the expert's sampler.
    pub async fn samples(&self, id: &str, token: &str, count: usize) -> Result<Samples, ApiError> {
        let loaded = self.load(id).await?;
        let (version, record) = (loaded.0, &loaded.1);
        let seat = record.seat_of(token)?;
        let view = record.game.view(Viewer::Seat(seat));
        let samples = crate::bots::sample_hidden(&view, count, &mut rand::rng()).map_err(|e| {
            ApiError::Conflict {
                code: "nothing_hidden",
                detail: e.to_string(),
            }
        })?;
        Ok(Samples {
            game_id: id.to_owned(),
            version,
            seat,
            samples,
        })
    }

    /// The log of finished hands and timed-out moves. A timed-out move of a hand still being
    /// played shows only its public part (its type) if it holds face-down cards (an exchange's
    /// discard, passed cards); the whole move is stored, and shown once the hand is over.
    pub async fn log(&self, id: &str) -> Result<GameLog, ApiError> {
        let loaded = self.load(id).await?;
        let (version, game) = (loaded.0, &loaded.1.game);
        // The log is read after the game: it may hold entries of later writes, of this hand or
        // of later ones, none of them over as far as this answer knows.
        let playing = (!game.is_over()).then(|| game.hand_number());
        let mut hands = Vec::new();
        let mut timeouts = Vec::new();
        for raw in self.store.load_log(id, 0).await? {
            match decode_log_entry(&raw) {
                Ok(LogEntry::Hand(h)) => hands.push(h),
                Ok(LogEntry::Timeout(mut t)) => {
                    if let Some(action) = &t.action {
                        t.action_type = action.kind().to_owned();
                    }
                    let hidden = matches!(
                        t.action,
                        Some(Action::Exchange { .. } | Action::PassCards { .. })
                    );
                    if hidden && playing.is_some_and(|hand| t.hand_number >= hand) {
                        t.action = None;
                    }
                    timeouts.push(t);
                }
                Err(e) => tracing::error!(error = %e, "a log entry is corrupt"),
            }
        }
        Ok(GameLog {
            game_id: id.to_owned(),
            version,
            hands,
            timeouts,
        })
    }

    /// Whether the store answers.
    pub async fn ready(&self) -> Result<(), ApiError> {
        self.store.ping().await.map_err(ApiError::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RulesetSpec;

    fn record() -> GameRecord {
        let rules = RulesetSpec::default().build().expect("default rules");
        GameRecord {
            format: RECORD_FORMAT,
            game: Game::new(rules, 42, None).expect("a game"),
            seats: vec![
                SeatRecord {
                    spec: SeatSpec::Open,
                    name: Some("ann".into()),
                    token_hash: Some("00".repeat(16)),
                };
                4
            ],
            turn_time_limit_ms: Some(30_000),
            deadline_ms: None,
            deal: DealOrigin::Seed,
            pending_log: Vec::new(),
        }
    }

    /// A record stored before the deal's origin was kept has no such field: it reads as
    /// `unknown` (it may have had a seed), never as a random deal fit for ranked play.
    #[test]
    fn records_without_a_deal_origin_read_as_unknown() {
        let r = record();
        // ... and its game state has no `last_tricks` either.
        let g = &r.game;
        let old_game = (
            g.format,
            g.rules,
            g.seed,
            g.scores,
            g.phase,
            g.turn,
            g.outcome,
            &g.last_hand,
            &g.hand,
        );
        let old = (
            r.format,
            old_game,
            &r.seats,
            r.turn_time_limit_ms,
            r.deadline_ms,
        );
        let bytes = rmp_serde::to_vec(&old).expect("encode");
        let loaded = GameRecord::decode(&bytes).expect("an old record loads");
        assert_eq!(loaded.deal, DealOrigin::Unknown);
        assert_eq!(loaded.game, r.game);
        let view = loaded.view("g", 1, Viewer::Spectator);
        assert_eq!(
            (view.deal, view.ranked_eligible),
            (DealOrigin::Unknown, false)
        );
        let again = GameRecord::decode(&r.encode().expect("encode")).expect("loads");
        assert_eq!(again.deal, DealOrigin::Seed);
    }

    #[test]
    fn records_of_formats_1_and_2_still_load() {
        let r = record();
        // Format 1: named fields, cards as their codes (what a human-readable encoder writes).
        let mut old = r.clone();
        old.format = 1;
        let mut bytes = Vec::new();
        old.serialize(
            &mut rmp_serde::Serializer::new(&mut bytes)
                .with_struct_map()
                .with_human_readable(),
        )
        .expect("encode");
        let hand = r.game.view(Viewer::Seat(0)).hand;
        assert!(
            bytes
                .windows(2)
                .any(|w| w == hand[0].to_string().as_bytes()),
            "format 1 holds card codes"
        );
        let loaded = GameRecord::decode(&bytes).expect("format 1 loads");
        assert_eq!(loaded.game.view(Viewer::Seat(0)).hand, hand);
        assert_eq!(loaded.format, 1);
        // Format 2: named fields, cards as one byte.
        let mut two = r.clone();
        two.format = 2;
        let named = rmp_serde::to_vec_named(&two).expect("encode");
        assert!(
            named.len() < bytes.len(),
            "{} vs {}",
            named.len(),
            bytes.len()
        );
        let loaded = GameRecord::decode(&named).expect("format 2 loads");
        assert_eq!(loaded.game, r.game);
        assert_eq!(loaded.format, 2);
        // Format 3 is smaller still and round-trips.
        let new = r.encode().expect("encode");
        assert!(
            new.len() * 2 < named.len(),
            "{} vs {}",
            new.len(),
            named.len()
        );
        let again = GameRecord::decode(&new).expect("format 3 loads");
        assert_eq!(again.game, r.game);
        // A format from the future is refused, not misread.
        let mut future = r.clone();
        future.format = RECORD_FORMAT + 1;
        assert!(GameRecord::decode(&future.encode().expect("encode")).is_err());
    }

    /// Every state a random game passes through, of every preset, with every kind of seat
    /// record, survives the positional encoding unchanged (a left-out field in the middle of
    /// a struct would shift the rest, and fail here).
    #[test]
    fn positional_records_round_trip_through_whole_games() {
        use crate::engine::{Preset, RulesetSpec};
        let (mut states, mut hands) = (0, 0);
        let mut specs: Vec<RulesetSpec> = Preset::ALL
            .into_iter()
            .map(|preset| RulesetSpec {
                preset,
                ..RulesetSpec::default()
            })
            .collect();
        specs.push(RulesetSpec {
            preset: Preset::DoubleHasenpfeffer,
            players: Some(6),
            ..RulesetSpec::default()
        });
        for (i, spec) in specs.into_iter().enumerate() {
            let preset = spec.preset;
            for seed in 0..6u64 {
                let rules = spec.clone().build().expect("preset rules");
                let seats = rules.seats();
                let mut r = GameRecord {
                    format: RECORD_FORMAT,
                    game: Game::new(rules, seed * 7 + i as u64, None).expect("a game"),
                    seats: (0..seats)
                        .map(|s| SeatRecord {
                            spec: if s % 3 == 2 {
                                SeatSpec::Bot {
                                    strategy: crate::bots::Strategy::Heuristic,
                                }
                            } else {
                                SeatSpec::Open
                            },
                            name: (s % 2 == 0).then(|| format!("p{s}")),
                            token_hash: (s != 1).then(|| "ab".repeat(16)),
                        })
                        .collect(),
                    turn_time_limit_ms: (seed % 2 == 0).then_some(30_000),
                    deadline_ms: (seed % 3 == 0).then_some(1_700_000_000_000 + seed),
                    deal: [DealOrigin::Random, DealOrigin::Seed, DealOrigin::Scenario]
                        [seed as usize % 3],
                    pending_log: Vec::new(),
                };
                let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for _ in 0..400 {
                    let bytes = r.encode().expect("encode");
                    let back = GameRecord::decode(&bytes).expect("decode");
                    assert_eq!(back.game, r.game, "{preset:?} seed {seed}");
                    assert_eq!(back.encode().expect("encode"), bytes);
                    assert_eq!(back.turn_time_limit_ms, r.turn_time_limit_ms);
                    assert_eq!(back.deadline_ms, r.deadline_ms);
                    for (a, b) in back.seats.iter().zip(&r.seats) {
                        assert_eq!(
                            (a.spec, &a.name, &a.token_hash),
                            (b.spec, &b.name, &b.token_hash)
                        );
                    }
                    states += 1;
                    let Some(seat) = r.game.turn() else { break };
                    let legal = r.game.legal_actions(seat);
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let action = &legal[(rng % legal.len() as u64) as usize];
                    let applied = r.game.apply(seat, action).expect("a legal action");
                    for hand in applied.finished_hands {
                        check_log_round_trip(LogEntry::Hand(hand), &mut hands);
                    }
                }
            }
        }
        assert!(states > 5_000, "{states} states");
        assert!(hands > 200, "{hands} hands");
        check_log_round_trip(
            LogEntry::Timeout(TimeoutRecord {
                version: 7,
                hand_number: 1,
                seat: 2,
                deadline_unix_ms: 1_700_000_000_000,
                action_type: "pass".into(),
                action: Some(Action::Pass),
            }),
            &mut hands,
        );
    }

    /// A game (seeded `seed`) with seat 0 claimed by a client and three random house players:
    /// its id and the client's token.
    async fn one_client_game(svc: &GameService, seed: u64) -> (String, String) {
        let req: CreateGameRequest = serde_json::from_value(serde_json::json!({
            "seed": seed,
            "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"},
                      {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
        }))
        .expect("a request");
        let id = svc.create(req).await.expect("created").game_id;
        let claim = serde_json::from_value(serde_json::json!({"seat": 0})).expect("a claim");
        let token = svc.claim_seat(&id, claim).await.expect("claimed").token;
        (id, token)
    }

    /// The holder of `token` makes a legal `action` in game `id`.
    async fn client_moves(svc: &GameService, id: &str, token: &str, action: Action) -> Answer {
        svc.act(ActRequest {
            id,
            token,
            action,
            if_match: None,
            idempotency_key: None,
        })
        .await
        .expect("a legal move")
    }

    /// After a change notification, a replica answers from its cache exactly when the cache
    /// holds the announced version, and reads the store otherwise. Two services on one store
    /// stand for two replicas: B moves, so A's cache is one version behind the store.
    #[tokio::test]
    async fn announced_versions_come_from_the_cache_only_when_it_holds_them() {
        let store: Arc<dyn GameStore> = Arc::new(crate::store::MemoryStore::new(
            crate::store::StoreConfig::default(),
        ));
        let a = GameService::new(store.clone(), Metrics::new(), 100);
        let b = GameService::new(store, Metrics::new(), 100);
        let (id, token) = one_client_game(&a, 5).await;
        let seen = a.view(&id, Some(&token)).await.expect("a view");
        let v = seen.version;
        let action = seen.view.legal_actions[0].clone();
        client_moves(&b, &id, &token, action).await;
        // A holds version v: announced v, that is the answer, without a read.
        let cached = a
            .view_announced(&id, Some(&token), Some(v))
            .await
            .expect("a view");
        assert_eq!(cached.version, v);
        // Announced v + 1, which A does not hold: a read, which finds it.
        let read = a
            .view_announced(&id, Some(&token), Some(v + 1))
            .await
            .expect("a view");
        assert_eq!(read.version, v + 1);
        assert_eq!(a.view(&id, None).await.expect("a view").version, v + 1);
        // The read refreshed A's cache.
        let again = a
            .view_announced(&id, None, Some(v + 1))
            .await
            .expect("a view");
        assert_eq!(again.version, v + 1);
        // No announcement (a keep-alive tick, a new poll): a read, whatever A holds.
        let mine = a.view(&id, Some(&token)).await.expect("a view");
        assert_eq!(mine.version, v + 1);
        let action = mine.view.legal_actions[0].clone();
        b.act(ActRequest {
            id: &id,
            token: &token,
            action,
            if_match: None,
            idempotency_key: None,
        })
        .await
        .expect("B moves again");
        let fresh = a.view_announced(&id, None, None).await.expect("a view");
        assert_eq!(fresh.version, v + 2);
        // A token that is no seat's is refused either way.
        assert!(
            a.view_announced(&id, Some("hp_nope"), Some(v + 1))
                .await
                .is_err()
        );
    }

    /// A log entry survives its stored form; a hand's is far smaller than its JSON, which
    /// (as entries written before format 3 are) still reads.
    fn check_log_round_trip(entry: LogEntry, count: &mut usize) {
        let json = serde_json::to_vec(&entry).expect("json");
        let stored = encode_log(std::slice::from_ref(&entry)).expect("encode");
        let back = decode_log_entry(&stored[0]).expect("decode");
        let old = decode_log_entry(&json).expect("decode json");
        match (&entry, back, old) {
            (LogEntry::Hand(h), LogEntry::Hand(b), LogEntry::Hand(o)) => {
                assert_eq!(&b, h);
                assert_eq!(&o, h);
                assert!(
                    stored[0].len() * 4 < json.len(),
                    "{} vs {}",
                    stored[0].len(),
                    json.len()
                );
                *count += 1;
            }
            (LogEntry::Timeout(t), LogEntry::Timeout(b), LogEntry::Timeout(o)) => {
                assert_eq!(&b, t);
                assert_eq!(&o, t);
            }
            _ => panic!("the entry changed kind"),
        }
    }

    use ::redis::AsyncCommands;

    /// Redis's count of calls of `command` (lower case; scripts' calls included).
    async fn calls(con: &mut ::redis::aio::ConnectionManager, command: &str) -> u64 {
        let info: String = ::redis::cmd("INFO")
            .arg("commandstats")
            .query_async(con)
            .await
            .expect("INFO");
        let prefix = format!("cmdstat_{command}:calls=");
        info.lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|rest| rest.split(',').next()?.parse().ok())
            .unwrap_or(0)
    }

    /// Redis's count of `PEXPIRE` calls (scripts' calls included).
    async fn pexpire_calls(con: &mut ::redis::aio::ConnectionManager) -> u64 {
        calls(con, "pexpire").await
    }

    /// A store on a private Redis (kept running while the first value lives), and a
    /// connection to that Redis for inspecting it.
    async fn private_redis_store() -> (
        crate::store::testing::TestRedis,
        Arc<dyn GameStore>,
        ::redis::aio::ConnectionManager,
    ) {
        let redis = crate::store::testing::TestRedis::start();
        let store =
            crate::store::RedisStore::connect(&redis.url(), crate::store::StoreConfig::default())
                .await
                .expect("redis");
        let con = store.connection();
        (redis, Arc::new(store), con)
    }

    /// A replica's moves on a game it holds read nothing from the store: each is one write
    /// script (the record goes from the cache into the update and back).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn moves_on_a_cached_game_only_write() {
        let (_redis, store, mut con) = private_redis_store().await;
        let svc = GameService::new(store, Metrics::new(), 100);
        let (id, token) = one_client_game(&svc, 11).await;
        let mut view = svc.view(&id, Some(&token)).await.expect("a view").view;
        let (reads, scripts) = (
            calls(&mut con, "hmget").await,
            calls(&mut con, "evalsha").await,
        );
        let mut moves = 0;
        while let Some(action) = view.legal_actions.first().cloned() {
            let answer = client_moves(&svc, &id, &token, action).await;
            moves += 1;
            let body: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
            view.legal_actions =
                serde_json::from_value(body["legal_actions"].clone()).expect("legal actions");
        }
        assert!(moves >= 10, "{moves} moves");
        assert_eq!(
            calls(&mut con, "hmget").await,
            reads,
            "{moves} moves read the store"
        );
        assert_eq!(calls(&mut con, "evalsha").await - scripts, moves);
    }

    /// A replica sets a game's expiry (two `PEXPIRE`s: the game and its log) on its first write
    /// of the game and then only with writes that append to the log, within 1/64 of the TTL;
    /// the game and its log keep one expiry. Another replica's first write sets it again.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_replica_sets_the_expiry_on_hand_ends_only() {
        let (_redis, store, mut con) = private_redis_store().await;
        let a = GameService::new(store.clone(), Metrics::new(), 100);
        let (id, token) = one_client_game(&a, 11).await;
        let before = pexpire_calls(&mut con).await;
        let (mut moves, mut appending) = (0, 0);
        let mut logged = store.load_log(&id, 0).await.expect("log").len();
        while moves < 80 {
            let view = a.view(&id, Some(&token)).await.expect("a view");
            let Some(action) = view.view.legal_actions.first().cloned() else {
                break;
            };
            client_moves(&a, &id, &token, action).await;
            moves += 1;
            let now = store.load_log(&id, 0).await.expect("log").len();
            if now > logged {
                appending += 1;
            }
            logged = now;
        }
        let set = pexpire_calls(&mut con).await - before;
        assert!(
            appending >= 3 && moves >= 4 * appending,
            "{moves} moves, {appending}"
        );
        assert_eq!(
            set,
            2 * appending,
            "{moves} moves, {appending} appended to the log"
        );
        let key = |kind: &str| format!("hp:{{{id}}}:{kind}");
        let g: i64 = con.pttl(key("game")).await.expect("PTTL");
        let l: i64 = con.pttl(key("log")).await.expect("PTTL");
        assert!(g > 0 && (g - l).abs() < 50, "{g} {l}");
        // Another replica knows nothing of the expiry: its first write sets it.
        let b = GameService::new(store.clone(), Metrics::new(), 100);
        let view = b.view(&id, Some(&token)).await.expect("a view");
        if let Some(action) = view.view.legal_actions.first().cloned() {
            let before = pexpire_calls(&mut con).await;
            client_moves(&b, &id, &token, action).await;
            assert_eq!(pexpire_calls(&mut con).await - before, 2);
        }
    }
}
