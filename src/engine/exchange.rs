//! After the auction: the declarer takes the widow and names trump, the going-alone decisions,
//! and the two cards passed to a lone bidder under `exchange_two`.

use arrayvec::ArrayVec;

use super::action::{Phase, Seat};
use super::game::{Game, MAX_SEATS};
use super::ruleset::AloneRule;

impl Game {
    /// The order of going-alone decisions: the declarer, then (partner-sits-out) the defenders
    /// from the declarer's left.
    pub(super) fn alone_order(&self) -> ArrayVec<Seat, MAX_SEATS> {
        let mut order = ArrayVec::new();
        let Some(c) = self.hand.contract else {
            return order;
        };
        order.push(c.seat);
        if self.rules.alone == AloneRule::PartnerSitsOut {
            // The defenders in seat order from the declarer's left, or in an upcard game
            // (Euchre's lone defender) from the dealer's left.
            let from = if self.rules.upcard() {
                self.hand.dealer
            } else {
                c.seat
            };
            let mut s = self.next_seat(from);
            for _ in 0..self.n() {
                if !self.rules.sides().same(s, c.seat) {
                    order.push(s);
                }
                s = self.next_seat(s);
            }
        }
        order
    }

    /// Trump is made (and the widow or upcard taken): the going-alone decisions, from the
    /// declarer, if the ruleset has them; else the play.
    pub(super) fn start_alone(&mut self) {
        let Some(c) = self.hand.contract else {
            return;
        };
        if self.rules.drop_outs() {
            self.start_drop_outs();
        } else if self.rules.alone == AloneRule::None {
            self.start_play();
        } else {
            self.phase = Phase::Alone;
            self.hand.alone_step = 0;
            self.turn = Some(c.seat);
        }
    }

    /// The partner who passes two cards to a lone bidder under `exchange_two`: the one on the
    /// bidder's left.
    pub(super) fn passing_partner(&self, declarer: Seat) -> Seat {
        (declarer + 2) % self.n()
    }

    pub(super) fn start_exchange(&mut self) {
        let Some(c) = self.hand.contract else {
            return;
        };
        if self.rules.dead_hand() {
            // Nobody takes a dead hand: it stays face down until the hand is over.
            self.phase = Phase::Exchange;
            self.turn = Some(c.seat);
            return;
        }
        let widow = std::mem::take(&mut self.hand.widow);
        let hand = &mut self.hand.hands[c.seat as usize];
        hand.extend(widow.iter().copied());
        hand.sort_unstable();
        self.hand.widow = widow;
        self.hand.widow_taken = true;
        self.phase = Phase::Exchange;
        self.turn = Some(c.seat);
    }

    pub(super) fn apply_alone(&mut self, seat: Seat, alone: bool) {
        let Some(c) = self.hand.contract else {
            return;
        };
        let order = self.alone_order();
        if alone {
            let partners = (0..self.n())
                .filter(|&s| s != seat && self.rules.sides().same(s, seat))
                .fold(0u8, |m, s| m | (1 << s));
            self.hand.sitting_out |= partners;
            if seat == c.seat {
                self.hand.alone = Some(seat);
                if self.rules.alone == AloneRule::ExchangeTwo {
                    self.phase = Phase::PassCards;
                    self.turn = Some(seat);
                    return;
                }
            } else {
                self.hand.defender_alone = Some(seat);
                self.start_play();
                return;
            }
        }
        self.hand.alone_step += 1;
        match order.get(self.hand.alone_step as usize) {
            Some(&next) => self.turn = Some(next),
            None => self.start_play(),
        }
    }
}
