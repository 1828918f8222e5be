//! House players: strategies a seat can be given at game creation. They see the game only
//! through the engine, and only what their seat may see.

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use crate::engine::{Action, Game, Seat, Viewer};

/// A house player's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// A random legal action, every one equally likely, except in the auction: there it passes
    /// three times in four when it may, and otherwise makes the lowest legal bid. (A uniformly
    /// random bidder overbids so wildly that scores drift below zero and games of pepper or
    /// double Hasenpfeffer practically never end.)
    Random,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 1] = [Strategy::Random];

    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
        }
    }

    /// The action this strategy takes for `seat`, or None if it is not that seat's turn.
    pub fn choose<R: Rng + ?Sized>(self, game: &Game, seat: Seat, rng: &mut R) -> Option<Action> {
        // A bot decides from its seat's view, so it can never use a card it may not see.
        let view = game.view(Viewer::Seat(seat));
        let legal = view.legal_actions;
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
                    return legal.into_iter().find(|a| a.as_bid().is_some());
                }
                let i = rng.random_range(0..legal.len());
                legal.into_iter().nth(i)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Preset;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn random_bots_finish_games_of_every_preset() {
        let mut rng = SmallRng::seed_from_u64(7);
        for preset in Preset::ALL {
            let mut finished = 0;
            for seed in 0..20 {
                let mut g = Game::new(preset.rules(), seed, None).unwrap();
                let mut steps = 0;
                while let Some(seat) = g.turn() {
                    let a = Strategy::Random.choose(&g, seat, &mut rng).unwrap();
                    g.apply(seat, &a).unwrap();
                    steps += 1;
                    if steps > 20_000 {
                        break;
                    }
                }
                finished += usize::from(g.is_over());
            }
            assert!(finished >= 15, "{preset:?}: only {finished}/20 games ended");
        }
    }
}
