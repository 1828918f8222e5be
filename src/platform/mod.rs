//! The platform around the game core: bot accounts, their inboxes, ratings and leaderboards,
//! matchmaking's queues and duplicate matches. Each concern is a module of its own; they meet
//! the core only through its API (creating games with [`GameService::create_seated`], reading
//! a finished game's record) and its events ([`GameEvent`](crate::games::GameEvent), applied by
//! the outbox's worker, `effects`). The core imports nothing of this; `api` calls both.
//!
//! - `env`: [`Platform`], the platform's wiring: the core's service and the settings.
//! - `wire`: the platform's request and response types, with their OpenAPI schemas.
//! - `limits`: limits per bot (duplicate matches per hour).
//! - `running`: the duplicate matches running now, bounded per bot and for the server, counted
//!   in the store.
//! - `accounts`: bot accounts (registration, a key's bot, profiles, the games attached to
//!   each) and the house players' accounts.
//! - `ratings`: rating a finished game once, and the leaderboards.
//! - `archive`: finished games kept (compressed) beyond their live TTL, and each bot's
//!   history of them, paged or streamed with every game's log.
//! - `inbox`: bots' inboxes: the events announced to a bot account (seated, game over, match
//!   finished), and reading them.
//! - `challenges`: one bot challenges another to a game or a match, played only if accepted;
//!   what a bot accepts.
//! - `matches`: duplicate matches (their games, and each deal's points as its games end).
//! - `arenas`: tournaments bots join, continuous or duplicate: pairing, standings, their games.
//! - `queue`: matchmaking: bots' places in the queues, and the tables formed from them, by
//!   joins and by every replica's sweeper.
//! - `effects`: the outbox's worker, which applies the core's events and the platform's own
//!   (a match's start) exactly once.

mod accounts;
mod archive;
mod arenas;
mod challenges;
mod effects;
mod env;
mod inbox;
pub mod limits;
mod matches;
mod queue;
mod ratings;
mod running;
mod seating;
pub mod wire;

pub use self::accounts::profile_path;
pub use self::archive::{
    DEFAULT_ARCHIVE_LIMIT, DEFAULT_STREAM_MAX, MAX_ARCHIVE_LIMIT, MAX_STREAM_MAX,
};
pub use self::arenas::{
    DEFAULT_ARENA_LIMIT, HOUSE_FILL_AFTER_MS, MAX_ARENA_LIMIT, RecurringArena,
    SERVER as ARENAS_CREATOR, WITHDRAW_AFTER_FORFEITS, run_arenas,
};
pub use self::challenges::{CHALLENGE_TTL_MS, MAX_PREFERENCE_NAMES};
pub use self::effects::{OUTBOX_LEASE_MS, run_outbox};
pub use self::inbox::{InboxEvent, InboxItem, SeatOutcome, Via, entry_json};
pub use self::limits::{DEFAULT_MATCHES_RUNNING, DEFAULT_MATCHES_RUNNING_PER_BOT, MatchBounds};
pub use self::matches::{MAX_MATCH_DEALS, MAX_MATCH_GAMES};
pub use self::queue::{
    MAX_FILL_WAIT_MS, MAX_QUEUES_PER_BOT, run as run_queue_sweeper, sweep as sweep_queues,
};
pub use self::ratings::{
    CONSERVATIVE_SIGMAS, DEFAULT_BOARD_LIMIT, MAX_BOARD_LIMIT, PROVISIONAL_GAMES, Pool,
};

pub use self::env::{
    DEFAULT_ARENAS_ACTIVE, DEFAULT_ARENAS_PER_BOT, DEFAULT_CHALLENGES_PER_HOUR,
    DEFAULT_MATCHES_PER_HOUR, DEFAULT_QUEUE_LEASE_MS, Platform,
};
