//! Matchmaking: joining a queue, a bot's tickets.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bots::Strategy;
use crate::engine::RulesetSpec;

/// Join the matchmaking queue of a ruleset.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"ruleset": {"preset": "euchre"}, "fill_with_house_after_ms": 30000, "house_strategy": "heuristic"}))]
pub struct QueueRequest {
    /// The ruleset to play, as `POST /v1/games` takes it. Bots asking for the same resolved
    /// ruleset (whatever options they spell out or leave to the preset) wait in one queue.
    pub ruleset: RulesetSpec,
    /// After waiting this long (ms, 0 to 3600000), fill the table up with house players
    /// rather than wait for more bots. Left out: wait for bots only. A table is filled when the
    /// bot that waited longest asked for it and its wait is over.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 3600000)]
    pub fill_with_house_after_ms: Option<u64>,
    /// The house players filling the table (default `heuristic`; `mixed`: each drawn at
    /// random from `random`, `heuristic` and `expert`): the longest-waiting bot's choice.
    #[serde(default)]
    pub house_strategy: Option<HouseFill>,
    /// The time limit per decision in the table's game (100 to 86,400,000 ms; default
    /// 60,000): when a seat's clock runs out, a heuristic house player moves for it, so a bot
    /// that goes away does not stall the others. The longest-waiting bot's choice.
    #[serde(default)]
    #[schema(minimum = 100, maximum = 86_400_000)]
    pub turn_time_limit_ms: Option<u64>,
}

/// Where a bot waits: one queue (a ticket), with its place.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "ticket": "q4-euchre-3f9a0c1e2b7d4a5f6e8c9b0a",
    "status": "waiting",
    "bot": "rabbit-stew",
    "preset": "euchre",
    "seats": 4,
    "position": 2,
    "waiting": 3,
    "joined_unix_ms": 1764115200000_u64,
    "lease_expires_unix_ms": 1764115260000_u64,
    "fill_with_house_at_unix_ms": 1764115230000_u64,
    "house_strategy": "heuristic",
    "turn_time_limit_ms": 60000,
    "leave": "/v1/queue/q4-euchre-3f9a0c1e2b7d4a5f6e8c9b0a"
}))]
pub struct QueueTicket {
    /// The queue's key: the same for every bot asking for the same resolved ruleset.
    /// `DELETE /v1/queue/{ticket}` leaves it.
    pub ticket: String,
    /// `waiting`: the bot waits (its inbox, `GET /v1/bots/me/events`, will announce its seat);
    /// `matched`: this very request formed the bot's table (its seat is in its inbox).
    pub status: TicketStatus,
    /// The bot.
    pub bot: String,
    /// The ruleset's preset.
    pub preset: crate::engine::Preset,
    /// The table's seats.
    pub seats: u8,
    /// The bot's place in the queue, 1 for the longest waiting (as joined; 0 once matched).
    pub position: u64,
    /// How many bots wait in the queue (as joined).
    pub waiting: u64,
    /// When the bot joined this queue (ms since the Unix epoch); joining again keeps it.
    pub joined_unix_ms: u64,
    /// When the bot's place lapses unless renewed (ms since the Unix epoch): posting again,
    /// or reading the bot's inbox, renews it.
    pub lease_expires_unix_ms: u64,
    /// When the bot asked for house players to fill the table (null: never).
    #[schema(required = true)]
    pub fill_with_house_at_unix_ms: Option<u64>,
    /// The house players' strategy, if the table is filled.
    pub house_strategy: HouseFill,
    /// The time limit per decision in the table's game (ms), if this bot's entry forms it.
    pub turn_time_limit_ms: u64,
    /// Leave this queue (`DELETE`).
    pub leave: String,
}

/// The house players who fill a table: one strategy for every seat, or `mixed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HouseFill {
    /// `house-random` in every house seat.
    Random,
    /// `house-heuristic` in every house seat.
    Heuristic,
    /// `house-expert` in every house seat.
    Expert,
    /// Each house seat drawn at random from the three (a table of mixed strengths, and a
    /// ladder on which the house players meet one another).
    Mixed,
    /// `house-expert_v1` in every house seat: the expert of before, a fixed reference.
    ExpertV1,
}

impl HouseFill {
    /// The strategy of one house seat (for `mixed`, drawn with `rng`).
    pub fn draw(self, rng: &mut impl rand::Rng) -> Strategy {
        match self {
            HouseFill::Random => Strategy::Random,
            HouseFill::Heuristic => Strategy::Heuristic,
            HouseFill::Expert => Strategy::Expert,
            HouseFill::ExpertV1 => Strategy::ExpertV1,
            HouseFill::Mixed => {
                use rand::seq::IndexedRandom;
                *Strategy::LADDER.choose(rng).unwrap_or(&Strategy::Heuristic)
            }
        }
    }
}

/// A ticket's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    /// Waiting for a table.
    Waiting,
    /// Seated: the table formed.
    Matched,
}

/// A bot's tickets: every queue it waits in.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QueueTickets {
    /// The tickets, by ticket.
    pub tickets: Vec<QueueTicket>,
}

/// What leaving answered.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"left": 1}))]
pub struct LeftQueues {
    /// How many queues the bot left.
    pub left: u64,
}
