//! Buck Euchre (RULES-FAMILY section 2), the parts no other game has: a clubs upcard that makes
//! trump at once, the drop-outs after a declarer made trump, the countdown scoring and the game
//! won at 0 or by taking every trick. The upcard rounds are `upcard.rs`'s.

use super::action::{Action, ActionError, Phase, Seat, Team};
use super::cards::Trump;
use super::game::{Applied, Game};
use super::ruleset::AllDrop;
use super::scoring::{HandResult, Outcome, tricks_won};
use super::side::BySide;

impl Game {
    /// A new hand's first phase: the auction, or with an automatic-trump upcard (a club in Buck
    /// Euchre) the play at once, with that trump and no declarer.
    pub(super) fn start_hand(&mut self) {
        self.phase = Phase::Auction;
        self.turn = Some(self.next_seat(self.hand.dealer));
        let automatic = self.rules.automatic_trump();
        if automatic.is_some() && automatic == self.hand.upcard().and_then(|c| c.suit()) {
            self.hand.trump = automatic.map(Trump::Suit);
            self.start_play();
        }
    }

    /// Trump is made and the declarer's exchange done: the others, from the declarer's left,
    /// stay in or drop out.
    pub(super) fn start_drop_outs(&mut self) {
        let Some(c) = self.hand.contract else {
            self.start_play();
            return;
        };
        self.phase = Phase::DropOut;
        self.hand.alone_step = 0;
        self.turn = Some(self.next_seat(c.seat));
    }

    /// Whether the seat deciding now is the last after two drops, under `last_must_stay`.
    fn must_stay(&self) -> bool {
        self.rules.all_drop == AllDrop::LastMustStay
            && self.hand.alone_step + 1 == self.n() - 1
            && self.hand.sitting_out.count_ones() + 1 == u32::from(self.n()) - 1
    }

    pub(super) fn drop_out_legal(&self, out: &mut Vec<Action>) {
        out.push(Action::Stay);
        if !self.must_stay() {
            out.push(Action::Drop);
        }
    }

    pub(super) fn drop_out_validate(&self) -> Result<(), ActionError> {
        if self.must_stay() {
            Err(ActionError::MustStay)
        } else {
            Ok(())
        }
    }

    pub(super) fn drop_out_apply(&mut self, seat: Seat, drop: bool, applied: &mut Applied) {
        if drop {
            self.hand.sitting_out |= 1 << seat;
        }
        self.hand.alone_step += 1;
        if self.hand.alone_step + 1 < self.n() {
            self.turn = Some(self.next_seat(seat));
        } else if self.active_count() == 1 {
            // Everybody dropped: the declarer takes every trick without play.
            self.end_hand(HandResult::AllDropped, applied);
        } else {
            self.start_play();
        }
    }

    /// The tricks each player took: as played, or every trick to a declarer everybody left.
    pub(super) fn buck_tricks(&self, result: HandResult) -> BySide<u8> {
        let sides = self.rules.sides();
        let mut won = tricks_won(sides, &self.hand.tricks);
        if let (HandResult::AllDropped, Some(c)) = (result, self.hand.contract) {
            won[sides.of(c.seat) as usize] = self.rules.cards_per_player() as u8;
        }
        won
    }

    /// Buck Euchre's points for the hand, per player (counting down): dropped out 0; a
    /// declarer with fewer than 3 tricks +5; any other player in the hand with no trick +5;
    /// otherwise minus a point a trick.
    pub(super) fn score_buck(&self, result: HandResult) -> BySide<i32> {
        let sides = self.rules.sides();
        let won = self.buck_tricks(result);
        let declarer = self.hand.contract.map(|c| sides.of(c.seat));
        let mut delta = sides.zeroed();
        for (side, d) in delta.iter_mut().enumerate() {
            let seat = side as Seat;
            let failed = if declarer == Some(side as Team) {
                won[side] < self.rules.min_bid
            } else {
                won[side] == 0
            };
            *d = if !self.is_active(seat) {
                0
            } else if failed {
                5
            } else {
                -i32::from(won[side])
            };
        }
        delta
    }

    /// `lowest_at_zero`: a player who took every trick of the hand just played wins alone;
    /// else, once some score is 0 or less, the lowest score wins (equal lowest scores tie).
    pub(super) fn countdown_outcome(&self, won: &BySide<u8>) -> Option<Outcome> {
        let all = self.rules.cards_per_player() as u8;
        if let Some(side) = won.iter().position(|&w| w == all) {
            return Some(Outcome::Winner(side as Team));
        }
        let low = *self.scores.iter().min()?;
        if low > 0 {
            return None;
        }
        let mut lowest = self.scores.iter().enumerate().filter(|(_, s)| **s == low);
        let (winner, _) = lowest.next()?;
        Some(if lowest.next().is_some() {
            Outcome::Draw
        } else {
            Outcome::Winner(winner as Team)
        })
    }
}
