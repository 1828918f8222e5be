//! Arenas: the request that creates one, the arena resource with its standings and tables, and
//! a page of the list.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::queue::HouseFill;
use crate::engine::{Ruleset, RulesetSpec, Seat};

/// How an arena pairs its players and scores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArenaKind {
    /// Until its end, a bot is seated again as soon as its game is over (with the bots then
    /// waiting, nearest in score first); each game scores 2 for first place down to 0 for last.
    Continuous,
    /// Rounds: in each, every table plays the same deals (one game of one hand per deal),
    /// and each seat's points on a deal are compared with every other player's who held the
    /// same cards at another table (matchpoints: 1 for each one beaten, 1/2 for each tie).
    Duplicate,
}

/// Create an arena (as a bot: `Authorization: Bot <key>`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Friday Five Hundred", "kind": "duplicate", "ruleset": {"preset": "five-hundred"}, "rounds": 6, "starts_in_ms": 300000_u64, "house": "heuristic"}))]
pub struct CreateArenaRequest {
    /// The arena's name as lists show it (1 to 64 characters, not only spaces; a tab or
    /// another space reads as a space, another control character as U+FFFD).
    #[schema(min_length = 1, max_length = 64, pattern = r"\S")]
    pub name: String,
    /// `continuous` or `duplicate`.
    pub kind: ArenaKind,
    /// The game (default `hasenpfeffer`, its usual player count). A duplicate arena plays each
    /// deal as a game of one hand: any `max_hands` given is replaced by 1.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    pub ruleset: Option<RulesetSpec>,
    /// When it starts, from now (0 to 43,200,000 ms; default 60,000). Bots join before and
    /// while it runs.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(minimum = 0, maximum = 43_200_000, nullable = false)]
    pub starts_in_ms: Option<u64>,
    /// A continuous arena's length from its start (10,000 to 43,200,000 ms; default
    /// 1,800,000): no game starts after it; the games under way count. Not for a duplicate
    /// arena.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(minimum = 10_000, maximum = 43_200_000, nullable = false)]
    pub duration_ms: Option<u64>,
    /// A duplicate arena's number of rounds (1 to 50; default 5). Not for a continuous arena.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(minimum = 1, maximum = 50, nullable = false)]
    pub rounds: Option<u32>,
    /// A duplicate arena's deals per round (1 to 8; default 1): deal `d` of a round is
    /// played with each table's seats turned `d` places, so over as many deals as seats
    /// every bot holds every hand. Not for a continuous arena.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(minimum = 1, maximum = 8, nullable = false)]
    pub deals_per_round: Option<u32>,
    /// Whether the games are rated (default false): only a continuous arena's, and only with
    /// the preset's own rules (their pool's, `GET /v1/leaderboards`).
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    pub rated: Option<bool>,
    /// House players who fill the seats bots leave empty (none by default: tables of bots
    /// only). A continuous arena fills a table for a bot that has waited 3 s for others; a
    /// duplicate arena fills its last table, and makes two tables at least.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    pub house: Option<HouseFill>,
    /// The time limit per decision in the arena's games (100 to 86,400,000 ms; default
    /// 60,000). A seat whose clock runs out is played by the fallback for that decision.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(minimum = 100, maximum = 86_400_000, nullable = false)]
    pub turn_time_limit_ms: Option<u64>,
    /// The most bots that may join (2 to 256; default 64).
    #[serde(default, deserialize_with = "super::present")]
    #[schema(minimum = 2, maximum = 256, nullable = false)]
    pub max_players: Option<u32>,
}

/// How far an arena is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArenaStatus {
    /// Not started: bots join.
    Upcoming,
    /// Under way: bots join, leave and are seated.
    Running,
    /// Its last game is over: the standings are final.
    Finished,
}

/// A player's part in an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArenaPlayerStatus {
    /// Seated as the arena pairs.
    Active,
    /// Left (`POST /v1/arenas/{id}/leave`): not seated again; may join again while it runs.
    Left,
    /// Withdrawn by the arena after 2 forfeits: not seated again; its games still being
    /// played (by the fallback) score nothing for it.
    Withdrawn,
}

/// One bot's line of the standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArenaStanding {
    /// Its place, from 1 (equal scores share a place).
    pub rank: u32,
    /// The bot.
    pub bot: String,
    /// Its score: a continuous arena's points (2 a win), or a duplicate arena's mean
    /// matchpoint percentage over the deals it played (0 to 100).
    pub score: f64,
    /// A duplicate arena's 95% interval of `score` (Student's t over its deals' percentages),
    /// once it has played two deals; null otherwise.
    #[schema(required = true)]
    pub ci95: Option<[f64; 2]>,
    /// Games finished (a duplicate arena: deals).
    pub games: u32,
    /// Games it won (first place, alone or shared); a duplicate arena: deals on which it
    /// beat everyone it was compared with.
    pub wins: u32,
    /// Games it forfeited, or (a duplicate arena) deals on which its clock played its last 3
    /// turns: each scores nothing.
    pub forfeits: u32,
    /// Active, left or withdrawn.
    pub status: ArenaPlayerStatus,
    /// Whether it is seated in a game of the arena now.
    pub playing: bool,
}

/// One game of an arena.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArenaTable {
    /// The game (watch it: `GET /v1/games/{id}`); in a duplicate arena null until every table
    /// has played the deal (its cards are the same at every table).
    #[schema(required = true)]
    pub game_id: Option<String>,
    /// The round (from 1; a continuous arena's: the pairing that seated it).
    pub round: u32,
    /// A duplicate arena's deal of the round (from 0); 0 in a continuous arena.
    pub deal: u32,
    /// Who sits where, seat 0 first (house players as `house-<strategy>`).
    pub seats: Vec<String>,
    /// Whether its game is over and counted.
    pub finished: bool,
    /// The points each side scored (by side, as the game's `scores`), once over (in a
    /// duplicate arena, once every table has played the deal).
    #[schema(required = true)]
    pub points: Option<Vec<i32>>,
    /// The seat that forfeited, if one did.
    #[schema(required = true)]
    #[schema(value_type = Option<u8>)]
    pub forfeit: Option<Seat>,
    /// When the arena paired it (ms since the epoch); its game is made moments later.
    pub paired_unix_ms: u64,
    /// When the arena counted its result.
    #[schema(required = true)]
    pub ended_unix_ms: Option<u64>,
}

/// An arena.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Arena {
    /// Its id.
    pub arena_id: String,
    /// Its name.
    pub name: String,
    /// The bot that created it, or `house-arenas` for an operator's.
    pub created_by: String,
    /// Continuous or duplicate.
    pub kind: ArenaKind,
    /// Upcoming, running or finished.
    pub status: ArenaStatus,
    /// The game's ruleset, every option resolved.
    #[serde(with = "crate::engine::shown_ruleset")]
    #[schema(value_type = crate::engine::ShownRuleset)]
    pub ruleset: Ruleset,
    /// Whether its games are rated.
    pub rated: bool,
    /// The house players who fill empty seats, if any.
    #[schema(required = true)]
    pub house: Option<HouseFill>,
    /// The time limit per decision of its games (ms).
    pub turn_time_limit_ms: u64,
    /// When it starts (ms since the epoch).
    pub starts_unix_ms: u64,
    /// A continuous arena's end: no game starts after it.
    #[schema(required = true)]
    pub ends_unix_ms: Option<u64>,
    /// A duplicate arena's rounds.
    #[schema(required = true)]
    pub rounds: Option<u32>,
    /// A duplicate arena's deals per round.
    #[schema(required = true)]
    pub deals_per_round: Option<u32>,
    /// The round under way (from 1; 0 before the start).
    pub round: u32,
    /// When its last game ended.
    #[schema(required = true)]
    pub finished_unix_ms: Option<u64>,
    /// The most bots that may join.
    pub max_players: u32,
    /// Its bots, best first.
    pub standings: Vec<ArenaStanding>,
    /// Its games, oldest first (the latest 200).
    pub tables: Vec<ArenaTable>,
    /// Join it (`POST`, as a bot).
    pub join: String,
    /// Leave it (`POST`, as a bot).
    pub leave: String,
}

/// An arena as a list shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ArenaSummary {
    /// Its id (`GET /v1/arenas/{id}`).
    pub arena_id: String,
    /// Its name.
    pub name: String,
    /// Continuous or duplicate.
    pub kind: ArenaKind,
    /// Upcoming, running or finished.
    pub status: ArenaStatus,
    /// The preset.
    pub preset: crate::engine::Preset,
    /// The player count.
    pub players: u8,
    /// Whether its games are rated.
    pub rated: bool,
    /// When it starts (ms since the epoch).
    pub starts_unix_ms: u64,
    /// A continuous arena's end.
    #[schema(required = true)]
    pub ends_unix_ms: Option<u64>,
    /// A duplicate arena's rounds.
    #[schema(required = true)]
    pub rounds: Option<u32>,
    /// Bots joined.
    pub bots: u32,
    /// The leader, once a game is counted.
    #[schema(required = true)]
    pub leader: Option<String>,
    /// Its creator (a bot, or `house-arenas` for an operator's).
    pub created_by: String,
}

/// A page of arenas, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArenaPage {
    /// The arenas of the page.
    pub arenas: Vec<ArenaSummary>,
    /// Pass it as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}
