//! House players: strategies a seat can be given at game creation. They see the game only
//! through the engine, and only what their seat may see.
//!
//! - [`Strategy::Random`]: a random legal action.
//! - [`Strategy::Heuristic`]: rules of thumb from its own hand (see [`hand_tricks`]).
//! - [`Strategy::Expert`]: samples the hidden cards ([`sample_hidden`]) and plays each candidate
//!   out in every sample (see [`Expert`]); in the play, from 24 cards left on, each sample is
//!   solved exactly by an open-hand alpha-beta solver ([`open_hand_values`]). Its budget is the
//!   caller's ([`Strategy::choose_with`]): the service gives matches, arenas and tables of house
//!   players only a cheaper one than a game with a client.
//! - [`Strategy::ExpertV1`]: the expert as it was before it solved its worlds
//!   ([`ExpertConfig::V1`], heuristic playouts only), kept fixed as a reference.

pub mod duplicate;
mod expert;
mod heuristic;
mod sampler;
mod solver;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

pub use crate::engine::SampleDeal;
use crate::engine::{Action, Game, Seat, Viewer};
pub use expert::{CallModel, Expert, ExpertConfig};
pub use heuristic::{Heuristic, HeuristicParams, hand_tricks};
pub use sampler::{SampleError, Sampler, sample_hidden};
pub use solver::open_hand_values;

/// A house player's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// A random legal action, every one equally likely, except in the auction: there it passes
    /// three times in four when it may, and otherwise makes the lowest legal bid (in an upcard
    /// game, a random call: ordering up or naming a suit). (A uniformly
    /// random bidder overbids so wildly that scores drift below zero and games of pepper or
    /// double Hasenpfeffer practically never end. One that never passes, as the load
    /// benchmark's driver does, fares no better: its bids climb to the maximum, which random
    /// play fails; none of 100 games of pepper or six-player double Hasenpfeffer ended.) Four
    /// random players end a game of every preset within a bounded number of hands (the bots'
    /// tests state the bounds and the numbers observed).
    Random,
    /// Sound play from its own hand: bids from hand strength, a sensible trump and discard,
    /// standard trick play. Deterministic.
    Heuristic,
    /// Samples the cards it cannot see and plays every candidate out in each sample with
    /// heuristic players, choosing the best mean result (default budget: [`ExpertConfig::DEFAULT`]).
    Expert,
    /// The expert of before (`expert-v1` in the arena): heuristic playouts only, never a solved
    /// world ([`ExpertConfig::V1`], always its own budget). A fixed reference for bot authors,
    /// and what the expert's strength is measured against.
    ExpertV1,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 4] = [
        Strategy::Random,
        Strategy::Heuristic,
        Strategy::Expert,
        Strategy::ExpertV1,
    ];

    /// The strategies of distinct strength that a `mixed` house fill draws from (the fixed
    /// reference `expert_v1` is only seated when asked for by name).
    pub const LADDER: [Strategy; 3] = [Strategy::Random, Strategy::Heuristic, Strategy::Expert];

    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Heuristic => "heuristic",
            Strategy::Expert => "expert",
            Strategy::ExpertV1 => "expert_v1",
        }
    }

    /// Whether its decisions take milliseconds (an expert's sampled worlds), not microseconds.
    pub const fn thinks(self) -> bool {
        matches!(self, Strategy::Expert | Strategy::ExpertV1)
    }

    /// The action this strategy takes for `seat`, or None if it is not that seat's turn (the
    /// expert at its default budget).
    pub fn choose<R: Rng + ?Sized>(self, game: &Game, seat: Seat, rng: &mut R) -> Option<Action> {
        self.choose_with(game, seat, ExpertConfig::DEFAULT, rng)
    }

    /// The action this strategy takes for `seat`, or None if it is not that seat's turn, the
    /// expert thinking within `expert` (`expert_v1` keeps its own fixed budget).
    pub fn choose_with<R: Rng + ?Sized>(
        self,
        game: &Game,
        seat: Seat,
        expert: ExpertConfig,
        rng: &mut R,
    ) -> Option<Action> {
        // A bot decides from its seat's view, so it can never use a card it may not see.
        let view = game.view(Viewer::Seat(seat));
        let legal = &view.legal_actions;
        if legal.is_empty() {
            return None;
        }
        match self {
            Strategy::Random => {
                if view.phase == crate::engine::Phase::Auction {
                    let may_pass = legal[0] == Action::Pass;
                    if may_pass && (legal.len() == 1 || rng.random_range(0..4) != 0) {
                        return Some(Action::Pass);
                    }
                    // The lowest bid, or in an upcard game a random call.
                    if let Some(bid) = legal.iter().find(|a| a.as_bid().is_some()) {
                        return Some(bid.clone());
                    }
                    let calls: Vec<&Action> =
                        legal.iter().filter(|a| **a != Action::Pass).collect();
                    return calls
                        .get(rng.random_range(0..calls.len().max(1)))
                        .map(|a| (*a).clone())
                        .or_else(|| legal.first().cloned());
                }
                let i = rng.random_range(0..legal.len());
                legal.get(i).cloned()
            }
            Strategy::Heuristic => Some(heuristic::decide(
                &heuristic::Ctx::from_game(game, seat),
                legal,
            )),
            Strategy::Expert => Some(Expert::new(expert).decide(game, &view, rng)),
            Strategy::ExpertV1 => Some(Expert::new(ExpertConfig::V1).decide(game, &view, rng)),
        }
    }
}

/// The expert's budget in the service: how many worlds a decision samples and how long it
/// may think (the rest of [`ExpertConfig::DEFAULT`] as it is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpertBudget {
    /// Worlds sampled per decision (at least 1).
    pub worlds: usize,
    /// The time cap of one decision, in milliseconds (at least 1).
    pub ms: u64,
}

impl ExpertBudget {
    /// The default, for a game with a client: [`ExpertConfig::DEFAULT`]'s 64 worlds and 40 ms.
    pub const INTERACTIVE: ExpertBudget = ExpertBudget { worlds: 64, ms: 40 };

    /// The cheaper default for matches, arenas and tables of house players only: 16 worlds
    /// and 10 ms, about a quarter of the CPU (measured in BENCHMARKS.md: it keeps most of the
    /// expert's lead over the heuristic).
    pub const BACKGROUND: ExpertBudget = ExpertBudget { worlds: 16, ms: 10 };

    /// The expert's configuration with this budget.
    pub fn config(self) -> ExpertConfig {
        ExpertConfig {
            samples: self.worlds.max(1),
            time_limit: Some(std::time::Duration::from_millis(self.ms.max(1))),
            ..ExpertConfig::DEFAULT
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(feature = "openapi")]
crate::engine::schema::string_enum_schema!(
    Strategy,
    "Strategy",
    "A house player's strategy.",
    Strategy::ALL.to_vec()
);
