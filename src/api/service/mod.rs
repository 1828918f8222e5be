//! The game service: load a game from the store, check the caller, apply with the engine, let
//! house players take their turns, save with a compare-and-set on the version, and build the
//! caller's view. Handlers call this and do nothing else.
//!
//! One concern a module; the arrows go one way (a module uses only those above it):
//!
//! - `record`: the stored game (seats, log entries, engine state, turn clock) and a seat's
//!   view of it.
//! - `codec`: the record's format versions and encoding, and the log entries' encoding.
//! - `cache`: the recently used games of this replica.
//! - `push`: the push endpoints' settings and the shutdown signal.
//! - `busy`: the games this replica works on in the background.
//! - `game_service`: [`GameService`], its parts, and a game's load.
//! - `deadlines`: the turn clock and the store's deadline index.
//! - `house`: house players' steps and the pool they think on.
//! - `update`: the compare-and-set loop every change goes through, and house players' work
//!   left, in the background.
//! - `lobby`: a game's entry in the store's listing index (written with every change), and a
//!   page of the lobby.
//! - `games`, `actions`, `timeouts`: what the handlers and the sweeper call.
//! - `bots`: bot accounts (registration, a key's bot, profiles, the games attached to each)
//!   and the house players' accounts.
//! - `ratings`: rating a finished game once, and the leaderboards.
//! - `inbox`: bots' inboxes: the events announced to a bot account (seated, game over, match
//!   finished), and reading them.
//! - `seated`: games created with bots' seats claimed for them (matchmaking, matches).
//! - `matches`: duplicate matches (their games, and each deal's points as its games end).
//! - `queue`: matchmaking: bots' places in the queues, and the tables formed from them (through
//!   `seated`), by joins and by every replica's sweeper.

mod actions;
mod bots;
mod busy;
mod cache;
mod codec;
mod deadlines;
mod effects;
mod game_service;
mod games;
mod house;
mod inbox;
mod lobby;
mod matches;
mod push;
mod queue;
mod ratings;
mod record;
mod seated;
mod timeouts;
mod update;

#[cfg(test)]
mod tests;

pub use self::actions::{ActRequest, Answer};
pub use self::bots::{HOUSE_PREFIX, house_name, profile_path};
pub use self::busy::BusyGuard;
pub use self::deadlines::{TURN_LIMIT_MS, now_ms};
pub use self::effects::{GameEvent, OUTBOX_LEASE_MS, OutboxWake, SeatNote, run_outbox};
pub use self::game_service::{DEFAULT_MATCHES_PER_HOUR, GameService};
pub use self::games::ViewJson;
pub use self::inbox::{InboxEvent, InboxItem, SeatOutcome, Via, entry_json};
pub use self::lobby::{DEFAULT_LOBBY_LIMIT, LobbyQuery, MAX_LOBBY_LIMIT};
pub use self::matches::{MAX_MATCH_DEALS, MAX_MATCH_GAMES, MatchLink};
pub use self::push::{KEEP_ALIVE, Push};
pub use self::queue::{
    LEASE_MS, MAX_FILL_WAIT_MS, MAX_QUEUES_PER_BOT, run as run_queue_sweeper, sweep as sweep_queues,
};
pub use self::ratings::{DEFAULT_BOARD_LIMIT, MAX_BOARD_LIMIT};
pub use self::record::{GameRecord, LogEntry, SeatRecord};
pub use self::seated::{SeatFor, SeatedGame};
pub use self::timeouts::FALLBACK;
