//! What one seat, or a spectator, is sent of a game: its [`SeatKnowledge`](super::SeatKnowledge)
//! (the one place that decides what is hidden) with its legal actions, as owned data.

use serde::{Deserialize, Serialize};

use super::action::{Action, Phase, Seat, Team};
use super::auction::{Call, Contract};
use super::cards::{Card, Suit, Trump};
use super::game::Game;
use super::play::Trick;
use super::ruleset::Ruleset;
use super::scoring::{HandSummary, Outcome};
use super::side::BySide;

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
    pub tricks_won: BySide<u8>,
    /// Scores by team.
    pub scores: BySide<i32>,
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
    /// The view of the game for `viewer`: its [`SeatKnowledge`](super::SeatKnowledge), with
    /// its legal actions.
    pub fn view(&self, viewer: Viewer) -> View {
        let k = self.knowledge(viewer);
        let mut discards = k.discards.to_vec();
        discards.extend_from_slice(k.lone_discards);
        View {
            seat: k.seat,
            ruleset: *k.rules,
            phase: k.phase,
            turn: k.turn,
            dealer: k.dealer,
            hand_number: k.hand_number,
            hand: k.hand.to_vec(),
            hand_sizes: k.hand_sizes.to_vec(),
            widow_size: k.widow_size,
            widow: k.widow.to_vec(),
            discards,
            passed_cards: k.passed_cards.to_vec(),
            legal_actions: k.seat.map_or_else(Vec::new, |s| self.legal_actions(s)),
            auction: k.auction.to_vec(),
            contract: k.contract,
            trump: k.trump,
            alone: k.alone,
            defender_alone: k.defender_alone,
            sitting_out: (0..k.rules.players)
                .filter(|s| k.sitting_out & (1 << s) != 0)
                .collect(),
            trick: k.trick.clone(),
            tricks: k.tricks.to_vec(),
            tricks_won: k.tricks_won(),
            scores: k.scores,
            winner: match k.outcome {
                Some(Outcome::Winner(t)) => Some(t),
                _ => None,
            },
            draw: k.outcome == Some(Outcome::Draw),
            joker_revealed_by: k.joker_revealed_by,
            voids: k
                .voids
                .iter()
                .map(|m| {
                    Suit::ALL
                        .into_iter()
                        .filter(|s| m & (1 << s.index()) != 0)
                        .collect()
                })
                .collect(),
            last_hand: k.last_hand.map(|summary| LastHand {
                summary: summary.clone(),
                tricks: k.last_tricks.to_vec(),
            }),
        }
    }
}
