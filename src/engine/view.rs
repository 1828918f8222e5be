//! What one seat, or a spectator, may see of a game. This is the only place that decides it.

use serde::{Deserialize, Serialize};

use super::action::{Action, Phase, Seat, Team};
use super::auction::{Call, Contract};
use super::cards::{Card, Suit, Trump};
use super::game::Game;
use super::play::Trick;
use super::ruleset::Ruleset;
use super::scoring::{HandSummary, Outcome};

/// Who is looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A seat: sees its own cards.
    Seat(Seat),
    /// Someone without a seat: public information only.
    Spectator,
}

/// A seat's or a spectator's view of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat this view is for, or None for a spectator.
    pub seat: Option<Seat>,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The phase.
    pub phase: Phase,
    /// The seat to act, or None when the game is over.
    pub turn: Option<Seat>,
    /// The dealer of the hand in progress.
    pub dealer: Seat,
    /// The hand number (0 for the first hand).
    pub hand_number: u32,
    /// The viewer's own cards (empty for a spectator).
    pub hand: Vec<Card>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<u8>,
    /// Cards still lying face down in the widow.
    pub widow_size: u8,
    /// The widow cards the viewer took into hand (the declarer only).
    pub widow: Vec<Card>,
    /// The viewer's own face-down discards this hand.
    pub discards: Vec<Card>,
    /// The two cards passed to a lone bidder, shown to the passer and the bidder.
    pub passed_cards: Vec<Card>,
    /// The viewer's legal actions, each ready to be posted as it is.
    pub legal_actions: Vec<Action>,
    /// The auction so far.
    pub auction: Vec<Call>,
    /// The contract, once the auction is over.
    pub contract: Option<Contract>,
    /// The trump, once named.
    pub trump: Option<Trump>,
    /// The lone bidder.
    pub alone: Option<Seat>,
    /// The lone defender.
    pub defender_alone: Option<Seat>,
    /// Seats sitting out this hand.
    pub sitting_out: Vec<Seat>,
    /// The trick in progress. Written with `leader` null until its first card is played (the
    /// engine's leader of an empty trick is a placeholder before the play phase; the seat to
    /// lead is `turn`).
    #[serde(with = "current_trick")]
    pub trick: Trick,
    /// The finished tricks of this hand.
    pub tricks: Vec<Trick>,
    /// Tricks taken by each team this hand.
    pub tricks_won: [u8; 2],
    /// Scores by team.
    pub scores: [i32; 2],
    /// The winning team, once the game is over (None for a draw or a game in progress).
    pub winner: Option<Team>,
    /// True if the game ended in a draw.
    pub draw: bool,
    /// The seat that revealed the joker after all passed.
    pub joker_revealed_by: Option<Seat>,
    /// Suits each seat has shown void in this hand (by failing to follow).
    pub voids: Vec<Vec<Suit>>,
    /// The result of the last finished hand, with its tricks.
    pub last_hand: Option<LastHand>,
}

/// The last finished hand: its public result and every trick of it (all played face up; no
/// face-down card is in it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastHand {
    /// The result.
    #[serde(flatten)]
    pub summary: HandSummary,
    /// Its tricks, in order, each with its winner (empty for a hand thrown in or voided).
    pub tricks: Vec<Trick>,
}

/// The trick in progress as views write it: `leader` is the seat that played its first card,
/// null before one is played.
pub struct CurrentTrick<'a>(pub &'a Trick);

impl Serialize for CurrentTrick<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut m = s.serialize_struct("CurrentTrick", 2)?;
        m.serialize_field("leader", &self.0.plays.first().map(|p| p.seat))?;
        m.serialize_field("plays", &self.0.plays)?;
        m.end()
    }
}

/// [`CurrentTrick`] as a serde `with` module (reading it back takes the first player as the
/// leader).
mod current_trick {
    use arrayvec::ArrayVec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::CurrentTrick;
    use crate::engine::MAX_SEATS;
    use crate::engine::action::Seat;
    use crate::engine::play::{Play, Trick};

    pub fn serialize<S: Serializer>(t: &Trick, s: S) -> Result<S::Ok, S::Error> {
        CurrentTrick(t).serialize(s)
    }

    #[derive(Deserialize)]
    struct Wire {
        leader: Option<Seat>,
        plays: ArrayVec<Play, MAX_SEATS>,
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Trick, D::Error> {
        let w = Wire::deserialize(d)?;
        Ok(Trick {
            leader: w.leader.unwrap_or_default(),
            plays: w.plays,
            winner: None,
        })
    }
}

impl Game {
    /// The view of the game for `viewer`.
    pub fn view(&self, viewer: Viewer) -> View {
        let h = self.hand_state();
        let seat = match viewer {
            Viewer::Seat(s) if (s as usize) < self.rules().seats() => Some(s),
            _ => None,
        };
        let own = |cards: &[Card], owner: Option<Seat>| -> Vec<Card> {
            if seat.is_some() && seat == owner {
                cards.to_vec()
            } else {
                Vec::new()
            }
        };
        let declarer = h.contract.map(|c| c.seat);
        let passer = h
            .contract
            .filter(|_| !h.passed_cards.is_empty())
            .map(|c| (c.seat + 2) % self.rules().players);
        let passed_cards = if seat.is_some() && (seat == declarer || seat == passer) {
            h.passed_cards.to_vec()
        } else {
            Vec::new()
        };
        let mut discards = own(&h.discards, declarer);
        discards.extend(own(&h.lone_discards, declarer));
        let won = {
            let mut w = [0u8; 2];
            for t in &h.tricks {
                if let Some(s) = t.winner {
                    w[(s % 2) as usize] += 1;
                }
            }
            w
        };
        View {
            seat,
            ruleset: *self.rules(),
            phase: self.phase(),
            turn: self.turn(),
            dealer: h.dealer,
            hand_number: h.number,
            hand: seat.map_or_else(Vec::new, |s| self.hand_of(s).to_vec()),
            hand_sizes: h.hands.iter().map(|c| c.len() as u8).collect(),
            widow_size: if h.widow_taken {
                0
            } else {
                h.widow.len() as u8
            },
            widow: if h.widow_taken {
                own(&h.widow, declarer)
            } else {
                Vec::new()
            },
            discards,
            passed_cards,
            legal_actions: seat.map_or_else(Vec::new, |s| self.legal_actions(s)),
            auction: h.auction.clone(),
            contract: h.contract,
            trump: h.trump,
            alone: h.alone,
            defender_alone: h.defender_alone,
            sitting_out: (0..self.rules().players)
                .filter(|s| h.sitting_out & (1 << s) != 0)
                .collect(),
            trick: h.trick.clone(),
            tricks: h.tricks.clone(),
            tricks_won: won,
            scores: self.scores(),
            winner: match self.outcome() {
                Some(Outcome::Winner(t)) => Some(t),
                _ => None,
            },
            draw: self.outcome() == Some(Outcome::Draw),
            joker_revealed_by: h.joker_revealed_by,
            voids: h.voids[..self.rules().seats()]
                .iter()
                .map(|m| {
                    Suit::ALL
                        .into_iter()
                        .filter(|s| m & (1 << s.index()) != 0)
                        .collect()
                })
                .collect(),
            last_hand: self.last_hand().map(|summary| LastHand {
                summary: summary.clone(),
                tricks: self.last_tricks.clone(),
            }),
        }
    }
}
