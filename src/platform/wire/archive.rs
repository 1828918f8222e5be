//! A bot's archived games (`GET /v1/bots/{name}/games`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bots::Strategy;
use crate::engine::{HandRecord, Preset, Ruleset, Seat};
use crate::games::wire::TimeoutRecord;
use crate::platform::SeatOutcome;

/// One seat of an archived game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"seat": 0, "side": 0, "name": "rabbit-stew", "account": "rabbit-stew", "house": false, "strategy": null, "guest": false, "outcome": "won", "place": 1}))]
pub struct ArchivedSeat {
    /// The seat.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// Its side (the index of its score in `scores`).
    pub side: u8,
    /// The seat's name (a bot's, a house player's or what a guest called itself).
    #[schema(required = true)]
    pub name: Option<String>,
    /// The account that played it: a bot's name as registered, or a house account's
    /// (`house-<strategy>`); null for a guest.
    #[schema(required = true)]
    pub account: Option<String>,
    /// Whether a house player played it.
    pub house: bool,
    /// The house player's strategy (null for any other seat).
    #[schema(required = true)]
    pub strategy: Option<Strategy>,
    /// Whether it was claimed without a bot account (a guest: its name is only what it called
    /// itself).
    pub guest: bool,
    /// How the game ended for the seat's side.
    pub outcome: SeatOutcome,
    /// Its side's place, from 1 (the winners; sides sharing a win or a score share a place).
    pub place: u32,
    /// What the game did to the seat's account's rating, if the game was rated (stored last:
    /// a summary archived before it reads with none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rating_change: Option<f64>,
}

/// What every page shows of an archived game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ArchivedSummary {
    /// The game's id (its live record expires some time after it finished; the archive keeps
    /// it `ARCHIVE_DAYS` longer).
    pub game_id: String,
    /// The game's preset.
    pub preset: Preset,
    /// How many players it had.
    pub players: u8,
    /// When it finished (ms since the Unix epoch).
    pub finished_unix_ms: u64,
    /// Every seat, in seat order.
    pub seats: Vec<ArchivedSeat>,
    /// The final scores, by side.
    pub scores: Vec<i32>,
    /// Each side's place, from 1.
    pub places: Vec<u32>,
}

/// One of a bot's games: the game, and how it went for the bot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "game_id": "k3x9p2m7q4w8z5ab", "preset": "hasenpfeffer", "players": 4,
    "finished_unix_ms": 1764115200000_u64,
    "seats": [
        {"seat": 0, "side": 0, "name": "rabbit-stew", "account": "rabbit-stew", "house": false, "strategy": null, "guest": false, "outcome": "won", "place": 1},
        {"seat": 1, "side": 1, "name": "house-expert", "account": "house-expert", "house": true, "strategy": "expert", "guest": false, "outcome": "lost", "place": 2},
        {"seat": 2, "side": 0, "name": "house-heuristic", "account": "house-heuristic", "house": true, "strategy": "heuristic", "guest": false, "outcome": "won", "place": 1},
        {"seat": 3, "side": 1, "name": "house-expert", "account": "house-expert", "house": true, "strategy": "expert", "guest": false, "outcome": "lost", "place": 2}
    ],
    "scores": [32, 17], "places": [1, 2],
    "bot_seats": [0], "outcome": "won", "place": 1, "opponents": ["house-expert"],
    "rating_change": null
}))]
pub struct BotGame {
    /// The game.
    #[serde(flatten)]
    pub summary: ArchivedSummary,
    /// The bot's seats (one, unless it played a partnership alone).
    #[schema(value_type = Vec<u8>)]
    pub bot_seats: Vec<Seat>,
    /// How the game ended for the bot (its first seat's side).
    pub outcome: SeatOutcome,
    /// The bot's side's place, from 1.
    pub place: u32,
    /// The accounts (or, for guests, the names) of the seats of the other sides, each once.
    pub opponents: Vec<String>,
    /// How the game changed the bot's rating (null: not rated, or not known here yet).
    #[schema(required = true)]
    pub rating_change: Option<f64>,
}

/// A page of a bot's games, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BotGames {
    /// The bot's name, as registered.
    pub name: String,
    /// This page.
    pub games: Vec<BotGame>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// One line of `GET /v1/bots/{name}/games` as `application/x-ndjson`: a bot's game with its
/// whole log (every hand, hidden cards included: the game is over).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BotGameRecord {
    /// The game, and how it went for the bot.
    #[serde(flatten)]
    pub game: BotGame,
    /// The game's ruleset, every option resolved.
    #[serde(with = "crate::engine::shown_ruleset")]
    #[schema(value_type = crate::engine::ShownRuleset)]
    pub ruleset: Ruleset,
    /// Every hand, oldest first, hidden cards included.
    pub hands: Vec<HandRecord>,
    /// The moves the server made for seats whose turn clock ran out, oldest first.
    pub timeouts: Vec<TimeoutRecord>,
}
