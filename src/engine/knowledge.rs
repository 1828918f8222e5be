//! What one seat, or a spectator, knows of a game: its own cards and the public record. This is
//! the only place that decides what is hidden; the views ([`Game::view`]) and the house players
//! read it, and nothing else of the engine's state.

use arrayvec::ArrayVec;

use super::action::{Phase, Seat, Team};
use super::auction::{Call, Contract};
use super::cards::{Card, Ranking, Trump};
use super::game::{Game, MAX_SEATS};
use super::play::Trick;
use super::ruleset::Ruleset;
use super::scoring::{HandSummary, Outcome, tricks_won};
use super::side::BySide;
use super::upcard::{Upcard, UpcardCall};
use super::view::Viewer;

/// What one seat (or a spectator) knows: borrowed from the game, nothing hidden from it.
#[derive(Debug, Clone)]
pub struct SeatKnowledge<'a> {
    /// The seat, or None for a spectator.
    pub seat: Option<Seat>,
    /// The ruleset.
    pub rules: &'a Ruleset,
    /// The phase.
    pub phase: Phase,
    /// The seat to act, or None when the game is over.
    pub turn: Option<Seat>,
    /// The dealer of the hand in progress.
    pub dealer: Seat,
    /// The hand number (0 for the first).
    pub hand_number: u32,
    /// The seat's own cards (empty for a spectator).
    pub hand: &'a [Card],
    /// How many cards each seat holds.
    pub hand_sizes: ArrayVec<u8, MAX_SEATS>,
    /// Cards still lying face down in the widow.
    pub widow_size: u8,
    /// The widow cards the seat took into hand (the declarer only).
    pub widow: &'a [Card],
    /// The seat's own exchange discard (the declarer only).
    pub discards: &'a [Card],
    /// The seat's own two-card discard as a lone bidder under `exchange_two`.
    pub lone_discards: &'a [Card],
    /// The two cards passed to a lone bidder (the passer and the bidder only).
    pub passed_cards: &'a [Card],
    /// The auction so far.
    pub auction: &'a [Call],
    /// The contract, once the auction is over.
    pub contract: Option<Contract>,
    /// The trump, once named.
    pub trump: Option<Trump>,
    /// The lone bidder.
    pub alone: Option<Seat>,
    /// The lone defender.
    pub defender_alone: Option<Seat>,
    /// Seats sitting out this hand, as a bit set.
    pub sitting_out: u8,
    /// The trick in progress.
    pub trick: &'a Trick,
    /// The finished tricks of this hand.
    pub tricks: &'a [Trick],
    /// The scores by side.
    pub scores: BySide<i32>,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
    /// The seat that revealed the joker after all passed.
    pub joker_revealed_by: Option<Seat>,
    /// Suits each seat has shown void in this hand, as bit sets by suit index.
    pub voids: &'a [u8],
    /// The result of the last finished hand.
    pub last_hand: Option<&'a HandSummary>,
    /// The tricks of the last finished hand (all played face up).
    pub last_tricks: &'a [Trick],
    /// Upcard games: the upcard and what became of it.
    pub upcard: Option<Upcard>,
    /// Upcard games: the calls of rounds 1 and 2 so far.
    pub upcard_calls: &'a [UpcardCall],
    /// Bacon: the upcards everybody passed this hand, discarded face up, oldest first.
    pub passed_upcards: &'a [Card],
    /// Five Hundred for 5: the card the declarer called.
    pub called: Option<Card>,
    /// Five Hundred for 5: the called card's holder, revealed at once as the partner.
    pub partner: Option<Seat>,
    /// Five Hundred's open misère: the declarer's hand, shown to all once the discard is made
    /// (empty otherwise).
    pub open_hand: &'a [Card],
}

impl SeatKnowledge<'_> {
    /// Tricks taken by each side this hand.
    /// The sides that won, once the game is over: the winner, or on a draw every side with
    /// the highest score (tied winners).
    pub fn winners(&self) -> Vec<Team> {
        match self.outcome {
            None => Vec::new(),
            Some(Outcome::Winner(t)) => vec![t],
            Some(Outcome::Tied(mask)) => (0..self.scores.len() as Team)
                .filter(|t| mask & (1 << t) != 0)
                .collect(),
            Some(Outcome::Draw) => {
                // The highest score, or counting down the lowest.
                let best = if self.rules.counts_down() {
                    self.scores.iter().copied().min().unwrap_or(0)
                } else {
                    self.scores.iter().copied().max().unwrap_or(0)
                };
                self.scores
                    .sides()
                    .filter(|(_, s)| **s == best)
                    .map(|(t, _)| t)
                    .collect()
            }
        }
    }

    pub fn tricks_won(&self) -> BySide<u8> {
        tricks_won(self.rules.sides(), self.tricks)
    }

    /// How cards rank in the hand in progress.
    pub fn ranking(&self) -> Ranking {
        Ranking {
            trump: self.trump.and_then(Trump::suit),
            bowers: self.rules.bowers,
        }
    }
}

impl Game {
    /// What `viewer` knows of the game: the one function that decides what is hidden.
    pub fn knowledge(&self, viewer: Viewer) -> SeatKnowledge<'_> {
        let h = &self.hand;
        let n = self.rules.seats();
        let seat = match viewer {
            Viewer::Seat(s) if (s as usize) < n => Some(s),
            _ => None,
        };
        let declarer = h.contract.map(|c| c.seat);
        let passer = declarer
            .filter(|_| !h.passed_cards.is_empty())
            .map(|d| self.passing_partner(d));
        let is = |owner: Option<Seat>| seat.is_some() && seat == owner;
        fn shown(cards: &[Card], to_viewer: bool) -> &[Card] {
            if to_viewer { cards } else { &[] }
        }
        let mine = is(declarer);
        // Face-down discards are their discarder's.
        let discarder = self.rules.discarder(h.dealer, declarer);
        SeatKnowledge {
            seat,
            rules: &self.rules,
            phase: self.phase,
            turn: self.turn,
            dealer: h.dealer,
            hand_number: h.number,
            hand: seat.map_or(&[], |s| self.hand_of(s)),
            hand_sizes: h.hands.iter().map(|c| c.len() as u8).collect(),
            widow_size: if h.widow_taken {
                0
            } else if self.rules.upcard() {
                // The stub, face down; the upcard (and in Bacon the passed ones) are shown as
                // such.
                h.widow.len().saturating_sub(1 + h.passed_upcards().len()) as u8
            } else {
                h.widow.len() as u8
            },
            widow: if h.widow_taken {
                shown(&h.widow, mine)
            } else {
                &[]
            },
            discards: shown(&h.discards, is(discarder)),
            lone_discards: shown(&h.lone_discards, mine),
            passed_cards: shown(&h.passed_cards, mine || is(passer)),
            auction: &h.auction,
            contract: h.contract,
            trump: h.trump,
            alone: h.alone,
            defender_alone: h.defender_alone,
            sitting_out: h.sitting_out,
            trick: &h.trick,
            tricks: &h.tricks,
            scores: self.scores,
            outcome: self.outcome,
            joker_revealed_by: h.joker_revealed_by,
            voids: &h.voids[..n],
            last_hand: self.last_hand.as_ref(),
            last_tricks: &self.last_tricks,
            upcard: self.upcard_state(),
            upcard_calls: &h.upcard_calls,
            passed_upcards: h.passed_upcards(),
            called: h.called,
            partner: h.partner,
            open_hand: match h.contract {
                Some(c)
                    if c.bid.misere == Some(super::action::Misere::Open)
                        && self.phase == Phase::Play =>
                {
                    self.hand_of(c.seat)
                }
                _ => &[],
            },
        }
    }
}
