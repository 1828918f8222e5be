//! The lobby: a page of `GET /v1/games` and the games it lists.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{DealOrigin, SeatInfo};
use crate::engine::Preset;

/// Which games the lobby lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LobbyStatus {
    /// At least one seat is free: claim it with `POST /v1/games/{id}/seats`.
    Open,
    /// Every seat is filled and the game is being played: watch it.
    Live,
    /// The game is over (listed until it expires: `FINISHED_GAME_TTL_SECS` after its last move).
    Finished,
}

/// A game as the lobby lists it: public facts only (never a card or a token).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "game_id": "k3x9p2m7q4w8z5ab", "preset": "hasenpfeffer", "players": 4, "status": "open",
    "seats": [
        {"seat": 0, "kind": "open", "guest": false, "claimed": false},
        {"seat": 1, "kind": "bot", "strategy": "heuristic", "guest": false, "claimed": true},
        {"seat": 2, "kind": "open", "guest": true, "claimed": true, "name": "my-bot"},
        {"seat": 3, "kind": "bot", "strategy": "expert", "guest": false, "claimed": true}
    ],
    "free_seats": [0], "version": 2, "created_unix_ms": 1764115200000u64,
    "updated_unix_ms": 1764115260000u64, "hand_number": 0, "scores": [0, 0],
    "target_score": 10, "turn_time_limit_ms": null, "deal": "random"
}))]
pub struct LobbyGame {
    /// The game's id.
    pub game_id: String,
    /// The preset of its ruleset.
    pub preset: Preset,
    /// The number of players (seats).
    pub players: u8,
    /// Which listing it is in.
    pub status: LobbyStatus,
    /// Who sits in each seat, as views show it: open seats (claimed or not, with the name the
    /// claimer gave) and house players with their strategy.
    pub seats: Vec<SeatInfo>,
    /// The seats nobody has claimed yet (empty unless `status` is `open`).
    pub free_seats: Vec<u8>,
    /// The game's version when it was listed as it is (its version now, but for a move a moment
    /// ago).
    pub version: u64,
    /// When the game was created (ms since the Unix epoch).
    pub created_unix_ms: u64,
    /// When it last changed (ms since the Unix epoch).
    pub updated_unix_ms: u64,
    /// The hand number, as views give it (0 for the first hand).
    pub hand_number: u32,
    /// The scores, by side (team 0 holds the even seats; where every player plays alone, one
    /// per seat).
    pub scores: Vec<i32>,
    /// The score that wins the game.
    pub target_score: i32,
    /// The turn clock, if the game has one (ms per decision; null without one).
    #[schema(required = true)]
    pub turn_time_limit_ms: Option<u64>,
    /// How its deals are made (only `random` games are fit for ranked play).
    pub deal: DealOrigin,
}

/// A page of the lobby, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LobbyPage {
    /// The games, newest first (by creation).
    pub games: Vec<LobbyGame>,
    /// Pass it as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}
