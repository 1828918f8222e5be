//! Duplicate matches: the request that starts one and the match resource.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{Ruleset, RulesetSpec, Seat};

/// Start a duplicate match.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"a": "house-expert", "b": "house-heuristic", "ruleset": {"preset": "euchre"}, "deals": 20}))]
pub struct CreateMatchRequest {
    /// Player A: the caller's bot, or a house account (`house-random`, `house-heuristic`,
    /// `house-expert`, `house-expert_v1`). One of the two players is the caller's bot unless both are house
    /// accounts; another bot is played against through a challenge it accepts
    /// (`POST /v1/challenges` with `deals`).
    #[schema(min_length = 1, max_length = 64)]
    pub a: String,
    /// Player B, as `a`; not the same as `a`.
    #[schema(min_length = 1, max_length = 64)]
    pub b: String,
    /// The game (default `hasenpfeffer`). Each deal is played as a game of one hand: any
    /// `max_hands` given is replaced by 1.
    #[serde(default)]
    pub ruleset: Option<RulesetSpec>,
    /// How many deals (at least 1; each deal is played in every seating: twice with two
    /// partnerships, twice per seat with every player alone, twice per team with three teams of
    /// two, each team once A's and once B's; at most 200 games in all).
    #[schema(minimum = 1, maximum = 100)]
    pub deals: u32,
    /// A time limit per decision in the match's games (100 to 86,400,000 ms, as for
    /// `POST /v1/games`; default 60,000 when a bot plays, none between house accounts). A
    /// seat whose clock runs out is played by the fallback for that decision.
    #[serde(default)]
    #[schema(minimum = 100, maximum = 86_400_000)]
    pub turn_time_limit_ms: Option<u64>,
}

/// How far a match is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Its games are being created (`POST /v1/matches` answers at once; they follow within
    /// moments, each listed here as it is made).
    Starting,
    /// Some of its games are being played.
    Playing,
    /// Every game is over: the result is final.
    Finished,
}

/// One game of a match: one deal in one seating.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchPlay {
    /// The game (`GET /v1/games/{id}`; it expires some time after it ends, its result stays
    /// here); null while the match is `starting` and this game is not made yet.
    #[schema(required = true)]
    pub game_id: Option<String>,
    /// The seats player A holds in this play (B holds the others).
    #[schema(value_type = Vec<u8>)]
    pub a_seats: Vec<Seat>,
    /// Whether the game is over and its result counted.
    pub finished: bool,
    /// The points each side scored on the deal (by side, as the game's `scores`), once over.
    #[schema(required = true)]
    pub points: Option<Vec<i32>>,
    /// A's mean points per seat minus B's on this play (negated where scores count down:
    /// positive is always better for A), once over.
    #[schema(required = true)]
    pub a_minus_b: Option<f64>,
    /// The game's log (every hand face up once it is over); null with `game_id`.
    #[schema(required = true)]
    pub log: Option<String>,
}

/// One deal of a match, played in every seating.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MatchDeal {
    /// The deal's number, from 0.
    pub deal: u32,
    /// Its plays, one per seating.
    pub plays: Vec<MatchPlay>,
    /// The mean of the plays' `a_minus_b`, once every play is over: the deal's result.
    #[schema(required = true)]
    pub a_minus_b: Option<f64>,
}

/// The result over the finished deals.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"deals_counted": 20, "a_minus_b": 1.35, "ci95_low": 0.13, "ci95_high": 2.57, "ci_method": "student_t", "a_points_per_deal": 1.9, "b_points_per_deal": 0.55}))]
pub struct MatchResult {
    /// The deals whose every play is over (the others do not count yet).
    pub deals_counted: u32,
    /// The mean over those deals of A's points per seat minus B's: above 0, A played better.
    pub a_minus_b: f64,
    /// The 95% confidence interval of that mean (Student's t with `deals_counted - 1` degrees
    /// of freedom times the standard error over the deals, which are independent; 0 wide at
    /// one deal): low end.
    pub ci95_low: f64,
    /// High end.
    pub ci95_high: f64,
    /// How the interval is made: `student_t`.
    pub ci_method: String,
    /// A's mean points per seat per deal.
    pub a_points_per_deal: f64,
    /// B's mean points per seat per deal.
    pub b_points_per_deal: f64,
}

/// A duplicate match.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Match {
    /// The match's id.
    pub match_id: String,
    /// How far it is.
    pub status: MatchStatus,
    /// Player A (its account's name).
    pub a: String,
    /// Player B.
    pub b: String,
    /// The bot that asked for the match.
    pub created_by: String,
    /// The game every deal is played in, every option resolved (`max_hands` 1).
    #[serde(with = "crate::engine::shown_ruleset")]
    #[schema(value_type = crate::engine::ShownRuleset)]
    pub ruleset: Ruleset,
    /// The number of deals.
    pub deals: u32,
    /// The plays of each deal (its seatings).
    pub plays_per_deal: u32,
    /// When it was asked for (ms since the Unix epoch).
    pub created_unix_ms: u64,
    /// When its last game ended.
    #[schema(required = true)]
    pub finished_unix_ms: Option<u64>,
    /// The result over the deals finished so far (null before the first).
    #[schema(required = true)]
    pub result: Option<MatchResult>,
    /// Every deal and its plays.
    pub deal_results: Vec<MatchDeal>,
}
