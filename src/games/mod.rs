//! The game core: a game as the server keeps it. Load a game from the store, check the caller,
//! apply with the engine, let house players take their turns, save with a compare-and-set on
//! the version (recording what the change tells the world in the outbox with it), and build the
//! caller's view. It knows nothing of accounts, inboxes, ratings, queues or matches (the
//! `platform` beside it, which creates games through [`GameService`] and learns what happened
//! from the core's [`GameEvent`]s), nor of HTTP (`api`, which calls it).
//!
//! One concern a module; the arrows go one way (a module uses only those above it):
//!
//! - `ids`, `tokens`, `names`: a game's id and an idempotency key, seat tokens, seat names and
//!   the house players' account names.
//! - `wire`: the core's request and response types (games, seats, the log, samples, the
//!   lobby's pages, the view), with their OpenAPI schemas.
//! - `events`: what a write records in the outbox ([`GameEvent`]), and a duplicate deal's
//!   [`Series`].
//! - `record`: the stored game (seats, log entries, engine state, turn clock) and a seat's
//!   view of it.
//! - `codec`: the record's format versions and encoding, and the log entries' encoding.
//! - `cache`: the recently used games of this replica.
//! - `push`: the push endpoints' settings and the shutdown signal.
//! - `busy`: the games this replica works on in the background.
//! - `service`: [`GameService`], its parts, and a game's load.
//! - `deadlines`: the turn clock and the store's deadline index.
//! - `house`: house players' steps and the pool they think on.
//! - `lobby`: a game's entry in the store's listing index (written with every change), and a
//!   page of the lobby.
//! - `update`: the compare-and-set loop every change goes through, and house players' work
//!   left, in the background.
//! - `game`, `seated`, `actions`, `timeouts`: what the handlers, the platform and the sweeper
//!   call: create (also with accounts' seats claimed for them), claim, view, log, samples; a
//!   seat's action; the fallback move of a turn clock.

mod actions;
mod busy;
mod cache;
mod codec;
mod deadlines;
mod events;
mod game;
mod house;
mod ids;
mod lobby;
mod names;
mod push;
mod record;
mod seated;
mod service;
mod timeouts;
mod tokens;
mod update;
pub mod wire;

#[cfg(test)]
mod tests;

pub use self::actions::{ActRequest, Answer};
pub use self::busy::BusyGuard;
pub use self::deadlines::{TURN_LIMIT_MS, check_turn_limit, now_ms};
pub use self::events::{GameEvent, OutboxWake, SeatNote, Series};
pub use self::game::{ViewJson, new_game_id};
pub use self::house::HouseBudgets;
pub use self::ids::{GameId, IDEMPOTENCY_KEY_MAX, IdempotencyKey};
pub use self::lobby::{
    DEFAULT_LOBBY_LIMIT, LobbyQuery, MAX_LOBBY_LIMIT, decode_cursor as decode_list_cursor,
    encode_cursor as encode_list_cursor,
};
pub use self::names::{
    HOUSE_PREFIX, MAX_CHARS, check_seat_name, fold, house_name, house_strategy, look,
    looks_like_house, skeleton,
};
pub use self::push::{KEEP_ALIVE, Push};
pub use self::record::{GameRecord, LogEntry, SeatRecord};
pub use self::seated::{SeatFor, SeatedGame};
pub use self::service::GameService;
pub use self::timeouts::{FALLBACK, FORFEIT_AFTER_TIMEOUTS};
pub use self::tokens::{TokenHash, hash_token, new_token};
