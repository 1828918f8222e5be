//! Challenges: one bot asks another for a game or a duplicate match, which is played only if
//! the other accepts; and what a bot accepts.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bots::Strategy;
use crate::engine::{Preset, Ruleset, RulesetSpec};

/// Challenge another bot.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"opponent": "rabbit-stew", "ruleset": {"preset": "euchre"}, "turn_time_limit_ms": 30000, "rated": true}))]
pub struct CreateChallengeRequest {
    /// The bot challenged (its name, any case). Not the caller, not a house account (play
    /// those through matchmaking or `POST /v1/matches`).
    #[schema(min_length = 1, max_length = 64)]
    pub opponent: String,
    /// The game (default `hasenpfeffer`). A rated challenge plays the preset's own rules at
    /// its player count; the seats the two bots do not take are house players (`house`).
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    pub ruleset: Option<RulesetSpec>,
    /// The time limit per decision (100 to 86,400,000 ms; default 60,000). A seat whose clock
    /// runs out 3 turns in a row forfeits the game.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    #[schema(minimum = 100, maximum = 86_400_000)]
    pub turn_time_limit_ms: Option<u64>,
    /// Whether the game is rated (default false). A duplicate match (`deals`) is never rated:
    /// its result is the match's.
    #[serde(default)]
    pub rated: bool,
    /// Make it a duplicate match of this many deals (as `POST /v1/matches`, the challenger as
    /// `a`) instead of one game.
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    #[schema(minimum = 1, maximum = 100)]
    pub deals: Option<u32>,
    /// The house players in the seats neither bot takes (default `heuristic`).
    #[serde(default, deserialize_with = "super::present")]
    #[schema(nullable = false)]
    pub house: Option<Strategy>,
}

/// Where a challenge is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeStatus {
    /// Waiting for the opponent's answer.
    Pending,
    /// Accepted: its game (or match) is made.
    Accepted,
    /// Declined by the opponent (`decline_reason` says why).
    Declined,
    /// Withdrawn by the challenger.
    Canceled,
    /// Not answered in time.
    Expired,
}

/// Why a challenge was declined (as Lichess's decline reasons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum DeclineReason {
    /// No reason given.
    #[default]
    Generic,
    /// Not now; maybe later.
    Later,
    /// The turn clock is too short.
    TooFast,
    /// The turn clock is too long.
    TooSlow,
    /// The bot does not play rated games (by challenge).
    Rated,
    /// The bot plays only rated games.
    Casual,
    /// The bot does not play this preset.
    Preset,
    /// The bot does not play duplicate matches (by challenge).
    Duplicate,
    /// The bot does not accept challenges from this bot.
    NotYou,
}

/// Decline a challenge.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclineChallengeRequest {
    /// Why (default `generic`).
    #[serde(default)]
    pub reason: DeclineReason,
}

/// A challenge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Challenge {
    /// The challenge's id.
    pub challenge_id: String,
    /// Where it is.
    pub status: ChallengeStatus,
    /// The bot that challenged, as registered.
    pub challenger: String,
    /// The bot challenged, as registered.
    pub opponent: String,
    /// The preset.
    pub preset: Preset,
    /// The ruleset, resolved.
    #[serde(with = "crate::engine::shown_ruleset")]
    #[schema(value_type = crate::engine::ShownRuleset)]
    pub ruleset: Ruleset,
    /// The time limit per decision (ms).
    pub turn_time_limit_ms: u64,
    /// Whether the game is rated.
    pub rated: bool,
    /// The deals of a duplicate match; null for one game.
    #[schema(required = true)]
    pub deals: Option<u32>,
    /// The house players in the other seats.
    pub house: Strategy,
    /// When it was made (ms since the Unix epoch).
    pub created_unix_ms: u64,
    /// When it expires unless answered (ms since the Unix epoch).
    pub expires_unix_ms: u64,
    /// Why it was declined (`declined` only).
    #[schema(required = true)]
    pub decline_reason: Option<DeclineReason>,
    /// Its game, once accepted (one game): `GET /v1/games/{id}`; each bot is told its seat
    /// in its inbox (`seated`).
    #[schema(required = true)]
    pub game_id: Option<String>,
    /// Its match, once accepted (`deals`): `GET /v1/matches/{id}`.
    #[schema(required = true)]
    pub match_id: Option<String>,
}

/// Whether a bot takes rated challenges, casual ones, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum RatedChoice {
    /// Both.
    #[default]
    Any,
    /// Only rated challenges.
    Rated,
    /// Only casual (unrated) challenges.
    Casual,
}

/// What challenges a bot accepts: a challenge outside them is declined at once, with the
/// reason (as Lichess's challenge preferences and its `ChallengeGranter`). Every field has a
/// default; a bot that never set them accepts any challenge to answer it itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"accept": true, "presets": ["euchre", "hasenpfeffer"], "rated": "any", "min_turn_time_limit_ms": 2000, "max_turn_time_limit_ms": 120000, "duplicate": true, "block": ["spammer"]}))]
pub struct ChallengePreferences {
    /// Whether it takes challenges at all (default true).
    #[serde(default = "yes")]
    pub accept: bool,
    /// The presets it plays (absent: every preset).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present"
    )]
    #[schema(nullable = false)]
    pub presets: Option<Vec<Preset>>,
    /// Rated, casual or both (default both).
    #[serde(default)]
    pub rated: RatedChoice,
    /// The shortest turn clock it takes (ms; absent: any).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present"
    )]
    #[schema(nullable = false, minimum = 100, maximum = 86_400_000)]
    pub min_turn_time_limit_ms: Option<u64>,
    /// The longest turn clock it takes (ms; absent: any).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present"
    )]
    #[schema(nullable = false, minimum = 100, maximum = 86_400_000)]
    pub max_turn_time_limit_ms: Option<u64>,
    /// Whether it takes duplicate matches (default true).
    #[serde(default = "yes")]
    pub duplicate: bool,
    /// Only these bots may challenge it (absent: any bot).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::present"
    )]
    #[schema(nullable = false)]
    pub from: Option<Vec<String>>,
    /// These bots may not (at most 200 names).
    #[serde(default)]
    pub block: Vec<String>,
}

fn yes() -> bool {
    true
}

impl Default for ChallengePreferences {
    fn default() -> Self {
        ChallengePreferences {
            accept: true,
            presets: None,
            rated: RatedChoice::Any,
            min_turn_time_limit_ms: None,
            max_turn_time_limit_ms: None,
            duplicate: true,
            from: None,
            block: Vec::new(),
        }
    }
}
