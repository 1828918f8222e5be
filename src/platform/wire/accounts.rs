//! Bot accounts, their profiles and the leaderboards.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bots::Strategy;
use crate::engine::Preset;

/// Register a bot account.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "rabbit-stew"}))]
pub struct RegisterBotRequest {
    /// The bot's name: 1 to 64 characters, as a seat name may hold (letters of any script,
    /// digits, punctuation, symbols, emoji; no control, format or invisible characters).
    /// Unique regardless of case; names starting with `house-` (or a look-alike of it, by
    /// Unicode's confusables) are the house players'.
    #[schema(
        min_length = 1,
        max_length = 64,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub name: String,
}

/// A new bot account and its API key (shown only here).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "name": "rabbit-stew",
    "api_key": "hpb_4b1d5e0c2f9a7e3d8c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d",
    "created_unix_ms": 1764115200000_u64,
    "profile": "/v1/bots/rabbit-stew"
}))]
pub struct RegisteredBot {
    /// The name, as registered.
    pub name: String,
    /// The bot's secret key (`hpb_` and 64 hex digits): send `Authorization: Bot <api_key>`
    /// to claim seats as this bot. Shown only in this answer: the server keeps only its hash.
    pub api_key: String,
    /// When the account was made (ms since the Unix epoch).
    pub created_unix_ms: u64,
    /// The bot's profile (`GET /v1/bots/{name}`).
    pub profile: String,
}

/// A bot's rating in one pool (a preset at a player count).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"pool": "hasenpfeffer-4", "preset": "hasenpfeffer", "players": 4, "rating": 27.4, "uncertainty": 6.1, "conservative": 9.1, "provisional": false, "games": 12, "history": "/v1/bots/rabbit-stew/ratings/hasenpfeffer-4"}))]
pub struct PoolRating {
    /// The pool (`preset-players`: `pepper-3` is not `pepper-4`).
    pub pool: String,
    /// The preset.
    pub preset: Preset,
    /// The number of players.
    pub players: u8,
    /// The rating (Weng-Lin's mu; a new bot starts at 25).
    pub rating: f64,
    /// Its uncertainty (Weng-Lin's sigma; a new bot starts at 25/3, and it shrinks as the bot
    /// plays rated games).
    pub uncertainty: f64,
    /// The leaderboards' order: the rating less three uncertainties.
    pub conservative: f64,
    /// Fewer than 10 rated games in the pool: the rating is still a guess.
    pub provisional: bool,
    /// Rated games played in this pool.
    pub games: u32,
    /// The rating's history (`GET /v1/bots/{name}/ratings/{pool}`).
    pub history: String,
}

/// One point of a rating's history: the rating after a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RatingPoint {
    /// The game.
    pub game_id: String,
    /// When it was rated (ms since the Unix epoch).
    pub at_unix_ms: u64,
    /// The rating after it.
    pub rating: f64,
    /// Its uncertainty after it.
    pub uncertainty: f64,
}

/// A bot's rating in a pool and how it got there.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RatingHistory {
    /// The bot, as registered.
    pub name: String,
    /// The pool.
    pub pool: String,
    /// The pool's preset.
    pub preset: Preset,
    /// The pool's number of players.
    pub players: u8,
    /// The rating now.
    pub rating: f64,
    /// Its uncertainty now.
    pub uncertainty: f64,
    /// The leaderboards' order: the rating less three uncertainties.
    pub conservative: f64,
    /// Fewer than 10 rated games in the pool.
    pub provisional: bool,
    /// Rated games played in the pool.
    pub games: u32,
    /// The rating after each of its most recent games (at most 500), oldest first.
    pub history: Vec<RatingPoint>,
}

/// What a rated game did to a bot's rating (in its `game_over` event).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingChange {
    /// The pool the game was rated in.
    pub pool: String,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// `after - before`.
    pub change: f64,
    /// The uncertainty after it.
    pub uncertainty: f64,
}

/// A rated pool: a preset at a player count, with its own ratings and leaderboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"pool": "pepper-3", "preset": "pepper", "players": 3, "leaderboard": "/v1/leaderboards/pepper-3"}))]
pub struct PoolInfo {
    /// The pool's name.
    pub pool: String,
    /// The preset.
    pub preset: Preset,
    /// The number of players.
    pub players: u8,
    /// Its leaderboard.
    pub leaderboard: String,
}

/// One of a bot's recent games, and what happened in it once it is over.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"game_id": "k3x9p2m7q4w8z5ab", "joined_unix_ms": 1764115200000_u64, "game": "/v1/games/k3x9p2m7q4w8z5ab", "log": "/v1/games/k3x9p2m7q4w8z5ab/log", "finished_unix_ms": 1764115500000_u64, "outcome": "won", "place": 1, "scores": [32, 17]}))]
pub struct RecentGame {
    /// The game's id (the game itself expires some time after its last move).
    pub game_id: String,
    /// When the bot took its seat (ms since the Unix epoch).
    pub joined_unix_ms: u64,
    /// The game (`GET /v1/games/{id}`).
    pub game: String,
    /// Its log (`GET /v1/games/{id}/log`).
    pub log: String,
    /// When it finished (ms since the Unix epoch); null while it is played, and for a game
    /// the archive does not list (a duplicate match's, or one its time in the archive ran
    /// out for).
    #[schema(required = true)]
    pub finished_unix_ms: Option<u64>,
    /// How it ended for the bot (null as `finished_unix_ms`).
    #[schema(required = true)]
    pub outcome: Option<super::super::SeatOutcome>,
    /// The bot's side's place, from 1 (null as `finished_unix_ms`).
    #[schema(required = true)]
    pub place: Option<u32>,
    /// The final scores, by side (null as `finished_unix_ms`).
    #[schema(required = true)]
    pub scores: Option<Vec<i32>>,
}

/// A bot's profile.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BotProfile {
    /// The name, as registered.
    pub name: String,
    /// Whether this is a house player's account (`house-random`, `house-heuristic`,
    /// `house-expert`, `house-expert_v1`), which exists without registering and plays every house seat.
    pub house: bool,
    /// The house player's strategy (null for a registered bot).
    #[schema(required = true)]
    pub strategy: Option<Strategy>,
    /// When the account was registered (ms since the Unix epoch; null for a house account).
    #[schema(required = true)]
    pub created_unix_ms: Option<u64>,
    /// Games the bot took a seat in (each counted once).
    pub games_played: u64,
    /// Its rating in each pool it has played rated games in.
    pub ratings: Vec<PoolRating>,
    /// Its most recent games (at most 50), newest first, each with its result once over.
    /// Every finished game: `GET /v1/bots/{name}/games`.
    pub recent_games: Vec<RecentGame>,
    /// Its archived games (`GET /v1/bots/{name}/games`).
    pub games: String,
}

/// One place of a leaderboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"rank": 1, "name": "house-expert", "house": true, "rating": 31.2, "uncertainty": 2.4, "conservative": 24.0, "provisional": false, "games": 140}))]
pub struct LeaderboardEntry {
    /// The place, from 1.
    pub rank: u64,
    /// The bot's name (its profile: `GET /v1/bots/{name}`).
    pub name: String,
    /// Whether it is a house account (a reference point: the same house player every game).
    pub house: bool,
    /// The rating (Weng-Lin's mu).
    pub rating: f64,
    /// Its uncertainty (Weng-Lin's sigma).
    pub uncertainty: f64,
    /// The ranking's order: the rating less three uncertainties (a bot ranks high once it is
    /// surely good).
    pub conservative: f64,
    /// Fewer than 10 rated games in the pool.
    pub provisional: bool,
    /// Rated games played in this pool.
    pub games: u32,
}

/// A page of a pool's leaderboard, highest conservative estimate first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Leaderboard {
    /// The pool.
    pub pool: String,
    /// The preset.
    pub preset: Preset,
    /// The number of players.
    pub players: u8,
    /// How many bots are rated in the pool.
    pub total: u64,
    /// This page.
    pub entries: Vec<LeaderboardEntry>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}
