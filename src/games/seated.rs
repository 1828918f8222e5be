//! Games created with every seat filled (matchmaking's tables, a match's games): house
//! players, and accounts whose seats are claimed for them, each with a new token that the
//! create's `seated` event carries to whoever tells the account (never to the caller).

use super::events::Series;
use super::game::{Made, SeatClaim};
use super::service::GameService;
use super::tokens::new_token;
use super::wire::{CreateGameRequest, CreatedGame, SeatSpec};
use crate::bots::Strategy;
use crate::engine::RulesetSpec;
use crate::error::Error;

/// Who sits in a seat of a [`SeatedGame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatFor {
    /// A house player of this strategy.
    House(Strategy),
    /// An account: its name as registered (the caller has checked that it is one).
    Account(String),
}

/// A game to create with its seats filled ([`GameService::create_seated`]).
#[derive(Debug, Clone)]
pub struct SeatedGame {
    /// The ruleset.
    pub ruleset: RulesetSpec,
    /// Who sits where, seat 0 first, one per player of the ruleset.
    pub seats: Vec<SeatFor>,
    /// The seed of the deals (None: the server draws one, and the game may be rated).
    pub seed: Option<u64>,
    /// The time limit per decision (ms), as `turn_time_limit_ms` of `POST /v1/games`.
    pub turn_time_limit_ms: Option<u64>,
    /// What the creator says of the game, handed back in its `seated` event (opaque here).
    pub via: Option<serde_json::Value>,
    /// The set of games dealt the same deals that this one is a play of, if any.
    pub series: Option<Series>,
    /// The game's id, drawn beforehand (a queue's table, a match's games), or None for a new
    /// one.
    pub game_id: Option<String>,
    /// Whether the game is rated (kept with it and shown; see [`GameRecord::rated`]).
    ///
    /// [`GameRecord::rated`]: super::record::GameRecord::rated
    pub rated: bool,
    /// What the game is part of (an arena's record), kept with it ([`GameRecord::part_of`]).
    ///
    /// [`GameRecord::part_of`]: super::record::GameRecord::part_of
    pub part_of: Option<String>,
}

impl SeatedGame {
    /// A game of `ruleset` with these seats, a deal the server draws, no turn clock, a new id,
    /// and nothing said of it.
    pub fn new(ruleset: RulesetSpec, seats: Vec<SeatFor>) -> SeatedGame {
        SeatedGame {
            ruleset,
            seats,
            seed: None,
            turn_time_limit_ms: None,
            via: None,
            series: None,
            game_id: None,
            rated: false,
            part_of: None,
        }
    }
}

impl GameService {
    /// Creates a game with every seat filled: house players, and accounts whose seats are
    /// claimed for them (a new token each, only its hash stored; the seat named as the
    /// account). The create records the `seated` event with each account's seat and token, so
    /// a game that exists always reaches its accounts. Refused before anything is written:
    /// whatever `POST /v1/games` refuses (a ruleset that cannot be played, a seat count that is
    /// not the ruleset's, a bad time limit).
    pub async fn create_seated(&self, req: SeatedGame) -> Result<CreatedGame, Error> {
        let specs = req
            .seats
            .iter()
            .map(|s| match s {
                SeatFor::House(strategy) => SeatSpec::Bot {
                    strategy: *strategy,
                },
                SeatFor::Account(_) => SeatSpec::Open,
            })
            .collect();
        let claims = req
            .seats
            .into_iter()
            .enumerate()
            .filter_map(|(seat, s)| match s {
                SeatFor::Account(account) => Some((
                    seat,
                    SeatClaim {
                        account,
                        token: new_token(),
                    },
                )),
                SeatFor::House(_) => None,
            })
            .collect();
        let (created, _) = self
            .create_with(
                CreateGameRequest {
                    ruleset: Some(req.ruleset),
                    seed: req.seed,
                    scenario: None,
                    turn_time_limit_ms: req.turn_time_limit_ms,
                    seats: Some(specs),
                },
                claims,
                Made {
                    series: req.series,
                    via: req.via,
                    game_id: req.game_id,
                    rated: req.rated,
                    part_of: req.part_of,
                },
            )
            .await?;
        Ok(created)
    }
}
