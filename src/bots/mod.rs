//! House players: strategies a seat can be given at game creation. They see the game only
//! through the engine, and only what their seat may see.
//!
//! - [`Strategy::Random`]: a random legal action.
//! - [`Strategy::Heuristic`]: rules of thumb from its own hand (see [`hand_tricks`]).
//! - [`Strategy::Expert`]: samples the hidden cards ([`sample_hidden`]) and plays each candidate
//!   out in every sample (see [`Expert`]); in the play, from 24 cards left on, each sample is
//!   solved exactly by an open-hand alpha-beta solver ([`open_hand_values`]).

pub mod duplicate;
mod expert;
mod heuristic;
mod sampler;
mod solver;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

pub use crate::engine::SampleDeal;
use crate::engine::{Action, Game, Seat, Viewer};
pub use expert::{Expert, ExpertConfig};
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
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 3] = [Strategy::Random, Strategy::Heuristic, Strategy::Expert];

    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Heuristic => "heuristic",
            Strategy::Expert => "expert",
        }
    }

    /// The action this strategy takes for `seat`, or None if it is not that seat's turn.
    pub fn choose<R: Rng + ?Sized>(self, game: &Game, seat: Seat, rng: &mut R) -> Option<Action> {
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
            Strategy::Expert => Some(Expert::default().decide(game, &view, rng)),
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
