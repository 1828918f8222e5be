//! The game core's request and response types, with their OpenAPI schemas (as the engine's
//! types carry theirs): games, seats, samples, the log, the lobby's pages, and the view
//! ([`GameView`], with its hand-written serializer).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bots::Strategy;
use crate::engine::schema::ActionDoc;
use crate::engine::{RulesetSpec, Scenario};

mod lobby;
mod view;
pub use lobby::{LobbyGame, LobbyPage, LobbyStatus};
pub use view::{GameView, LastHandMemo, example_view};

/// Who sits in a seat, as given at game creation (the schema is [`SeatSpecDoc`]'s; an open
/// seat with other fields is refused by the handler, as serde ignores them on unit variants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatSpec {
    /// Open for a client to claim with `POST /v1/games/{id}/seats`.
    Open,
    /// A house player.
    Bot {
        /// Its strategy.
        strategy: Strategy,
    },
}

/// Always `open`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum OpenKind {
    /// `open`
    #[serde(rename = "open")]
    Value,
}

/// Always `bot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum BotKind {
    /// `bot`
    #[serde(rename = "bot")]
    Value,
}

/// Open for a client to claim with `POST /v1/games/{id}/seats`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenSeat {
    /// The seat kind.
    pub kind: OpenKind,
}

/// A house player.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat kind.
    pub kind: BotKind,
    /// Its strategy.
    pub strategy: Strategy,
}

/// Who sits in a seat, as given at game creation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(
    discriminator(property_name = "kind", mapping(
        ("open" = "#/components/schemas/OpenSeat"),
        ("bot" = "#/components/schemas/BotSeat"),
    )),
    example = json!({"kind": "bot", "strategy": "heuristic"})
)]
#[schema(as = SeatSpec)]
pub enum SeatSpecDoc {
    /// An open seat.
    Open(OpenSeat),
    /// A house player.
    Bot(BotSeat),
}

/// Create a game. Every field may be left out: `{}` creates a `hasenpfeffer` game with a random
/// seed, a random deal and every seat open.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "ruleset": {"preset": "hasenpfeffer"},
    "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
}))]
pub struct CreateGameRequest {
    /// The ruleset (default: the `hasenpfeffer` preset).
    #[serde(default)]
    pub ruleset: Option<RulesetSpec>,
    /// The seed every deal is drawn from (default: random). The same seed always gives the same
    /// deals.
    #[serde(default)]
    #[schema(minimum = 0, example = 42)]
    pub seed: Option<u64>,
    /// An explicit first deal.
    #[serde(default)]
    pub scenario: Option<Scenario>,
    /// A time limit per decision in milliseconds (100 to 86400000). When a seat's clock runs
    /// out, a house player makes that move for it (and the log says so). Default: no clock.
    #[serde(default)]
    #[schema(minimum = 100, maximum = 86400000, example = 30000)]
    pub turn_time_limit_ms: Option<u64>,
    /// Who sits where, seat 0 first, one entry per player (default: every seat open).
    #[serde(default)]
    #[schema(min_items = 2, max_items = 6, value_type = Option<Vec<SeatSpecDoc>>)]
    pub seats: Option<Vec<SeatSpec>>,
}

/// A created game.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "game_id": "k3x9p2m7q4w8z5ab", "version": 1, "status": "waiting_for_players",
    "seats": [
        {"seat": 0, "kind": "open", "guest": false, "claimed": false},
        {"seat": 1, "kind": "bot", "strategy": "random", "guest": false, "claimed": true},
        {"seat": 2, "kind": "bot", "strategy": "random", "guest": false, "claimed": true},
        {"seat": 3, "kind": "bot", "strategy": "random", "guest": false, "claimed": true}
    ],
    "deal": "random", "ranked_eligible": true
}))]
pub struct CreatedGame {
    /// The game's id.
    pub game_id: String,
    /// The game's version (it grows by one with every change).
    pub version: u64,
    /// `waiting_for_players` while a seat is open; `finished` for a game of house players
    /// only, played out before this answers.
    pub status: GameStatus,
    /// Who sits where, by seat, as in the game's views (its length is the number of seats).
    pub seats: Vec<SeatInfo>,
    /// How the game's deals are made.
    pub deal: DealOrigin,
    /// Whether results of this game may count for ranked play (only `deal: random` games).
    pub ranked_eligible: bool,
}

/// How a game's deals are made. A creator who gives a `seed` or a `scenario` knows every card,
/// so only `random` games are fit for ranked play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Deal)]
pub enum DealOrigin {
    /// The server drew the seed at random: nobody knows the cards.
    Random,
    /// From a `seed` the creator gave: the creator can know every deal.
    Seed,
    /// The first hand as the creator's `scenario` gave it, later hands from a seed.
    Scenario,
    /// Not recorded: a game stored before the server recorded how it was dealt (it may have
    /// had a seed or a scenario), so not fit for ranked play.
    #[default]
    Unknown,
}

impl DealOrigin {
    /// Whether games dealt this way may count for ranked play.
    pub fn ranked_eligible(self) -> bool {
        self == DealOrigin::Random
    }
}

/// Claim a seat. Every field may be left out: `{}` (or no body) takes the next free seat.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"seat": 0, "name": "my-bot"}))]
pub struct ClaimSeatRequest {
    /// The seat to claim (default: the lowest open seat).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 5)]
    pub seat: Option<u8>,
    /// A display name (up to 64 characters, no control characters).
    #[serde(default)]
    #[schema(max_length = 64, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub name: Option<String>,
}

/// A claimed seat and its secret token. The token is shown only here.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"game_id": "k3x9p2m7q4w8z5ab", "seat": 0, "token": "hp_8c1d7a0e1f2b4c6d8e9fa0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b"}))]
pub struct ClaimedSeat {
    /// The game's id.
    pub game_id: String,
    /// The seat.
    pub seat: u8,
    /// The bearer token for this seat: send it as `Authorization: Bearer <token>`.
    pub token: String,
}

/// Samples of the hidden cards, for sampling bots. (Named `SampleSet` in the OpenAPI document:
/// a schema named like one of its properties, `samples`, makes generated clients shadow the
/// type with the property.)
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SampleSet)]
pub struct Samples {
    /// The game's id.
    pub game_id: String,
    /// The version the samples are for.
    pub version: u64,
    /// The seat they are drawn for.
    pub seat: u8,
    /// Independent, uniform samples of everything the seat cannot see.
    pub samples: Vec<crate::engine::SampleDeal>,
}

/// Whether the game is waiting for players, playing, or over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Some seats are still open.
    WaitingForPlayers,
    /// Every seat is filled and the game is on.
    Playing,
    /// The game is over.
    Finished,
}

/// What sits in a seat: a client (`open`, claimed or not) or a house player (`bot`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A client's seat.
    Open,
    /// A house player.
    Bot,
}

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeatInfo {
    /// The seat number.
    pub seat: u8,
    /// `open` (a client seat) or `bot`.
    pub kind: SeatKind,
    /// The house player's strategy, for a bot (left out for an open seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub strategy: Option<Strategy>,
    /// Whether a client holds this seat (always true for a bot).
    pub claimed: bool,
    /// Whether a guest holds this seat: a client that claimed it without a bot key (no
    /// `account`). A guest's `name` is only what it typed: never a house player's or a
    /// registered bot's, nor one that reads as theirs.
    pub guest: bool,
    /// The display name the claimer gave (left out if none); a bot account's name where a
    /// bot account holds the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub name: Option<String>,
    /// The bot account that holds the seat (left out for a seat claimed without one): a
    /// registered bot's name (`GET /v1/bots/{name}`), or a house player's account
    /// (`house-random`, `house-heuristic`, `house-expert`, `house-expert_v1`). Only these seats are rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub account: Option<String>,
}

/// The game log: every finished hand in full (hidden cards included), oldest first. The hand in
/// progress is not in it; see the game view.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameLog {
    /// The game's id.
    pub game_id: String,
    /// The game's version.
    pub version: u64,
    /// Finished hands.
    pub hands: Vec<crate::engine::HandRecord>,
    /// Moves the server made for seats whose turn clock ran out, oldest first.
    pub timeouts: Vec<TimeoutRecord>,
}

/// A move made for a seat whose turn clock ran out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TimeoutRecord {
    /// The game version this move produced.
    pub version: u64,
    /// The hand it was made in.
    pub hand_number: u32,
    /// The seat it was made for.
    pub seat: u8,
    /// The deadline that passed (milliseconds since the Unix epoch).
    pub deadline_unix_ms: u64,
    /// The move's type (`pass`, `exchange`, `pass_cards`, ...).
    #[serde(default)]
    pub action_type: String,
    /// The move; `null` while its hand is being played if it holds face-down cards (an
    /// exchange's discard, passed cards), the whole move once the hand is over.
    #[schema(value_type = Option<ActionDoc>, required = true)]
    pub action: Option<crate::engine::Action>,
}
