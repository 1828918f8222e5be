//! Bacon (RULES-FAMILY section 3), the parts no other game has: up to four upcards in turn, the
//! caller's partner's answer (allow, veto, or veto going alone), the upcard taken by the seat
//! left of the caller with a face-up discard, the acquitted hand that the same dealer deals
//! again, and the points of the side with three tricks. Cards rank without bowers (the
//! preset's `bowers: false`); the play is the common one.

use serde::{Deserialize, Serialize};

use super::action::{Action, ActionError, Bid, Phase, Seat};
use super::auction::Contract;
use super::cards::{Card, Trump};
use super::game::{Applied, Game};
use super::hand::remove_card;
use super::ruleset::AloneRule;
use super::scoring::HandResult;
use super::side::BySide;
use super::upcard::{UpcardCall, UpcardFate};

/// How many upcards a Bacon hand may turn before it is acquitted.
pub const BACON_UPCARDS: u8 = 4;

/// The caller's partner's answer to a pick-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The pick-up stands (alone, if it was `pick_up_alone`).
    Allow,
    /// As if the caller had passed.
    Veto,
    /// After `pick_up_alone`: the pick-up stands, not alone.
    VetoAlone,
}

impl Answer {
    /// The action that gives this answer.
    pub const fn action(self) -> Action {
        match self {
            Answer::Allow => Action::Allow,
            Answer::Veto => Action::Veto,
            Answer::VetoAlone => Action::VetoAlone,
        }
    }
}

impl Game {
    /// The pick-up waiting for the partner's answer, if any.
    pub(super) fn pending_pick_up(&self) -> Option<UpcardCall> {
        self.hand
            .upcard_calls
            .last()
            .copied()
            .filter(|c| c.trump.is_some() && c.answer.is_none())
    }

    pub(super) fn bacon_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Auction => match self.pending_pick_up() {
                Some(call) => {
                    out.push(Action::Allow);
                    out.push(Action::Veto);
                    if call.alone {
                        out.push(Action::VetoAlone);
                    }
                }
                None => {
                    out.push(Action::Pass);
                    out.push(Action::PickUp);
                    if self.rules.alone != AloneRule::None {
                        out.push(Action::PickUpAlone);
                    }
                }
            },
            Phase::Exchange => {
                // Any one of the six cards: the five held and the upcard.
                let mut six: Vec<Card> = self.hand_of(seat).to_vec();
                six.extend(self.hand.upcard());
                six.sort_unstable();
                out.extend(
                    six.into_iter()
                        .map(|discard| Action::TakeUpcard { discard }),
                );
            }
            _ => {}
        }
    }

    pub(super) fn bacon_validate(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        let pending = self.pending_pick_up();
        let wrong_phase = || ActionError::WrongPhase {
            action: action.kind(),
            phase: self.phase,
        };
        match *action {
            Action::Pass | Action::PickUp | Action::PickUpAlone if pending.is_some() => {
                Err(ActionError::MustAnswer)
            }
            Action::PickUpAlone if self.rules.alone == AloneRule::None => {
                Err(ActionError::AloneNotAllowed)
            }
            Action::Pass | Action::PickUp | Action::PickUpAlone => Ok(()),
            Action::Allow | Action::Veto | Action::VetoAlone => match pending {
                None => Err(ActionError::NothingToAnswer {
                    message: "there is no pick-up to answer: `allow`, `veto` and `veto_alone` answer your partner's `pick_up` at once",
                }),
                Some(c) if *action == Action::VetoAlone && !c.alone => {
                    Err(ActionError::NothingToAnswer {
                        message: "`veto_alone` answers a `pick_up_alone`; your partner picked up not alone: `allow` or `veto`",
                    })
                }
                Some(_) => Ok(()),
            },
            Action::TakeUpcard { discard } => {
                if self.hand_of(seat).contains(&discard) || self.hand.upcard() == Some(discard) {
                    Ok(())
                } else {
                    Err(ActionError::CardNotInHand { card: discard })
                }
            }
            _ => Err(wrong_phase()),
        }
    }

    /// The upcard being called: 1 to 4 (the round of Bacon's calls).
    pub(super) fn bacon_round(&self) -> u8 {
        self.hand.upcards_passed + 1
    }

    pub(super) fn bacon_apply(&mut self, seat: Seat, action: &Action, applied: &mut Applied) {
        let round = self.bacon_round();
        let upcard_suit = self.hand.upcard().and_then(Card::suit);
        match *action {
            Action::Pass => {
                self.hand
                    .upcard_calls
                    .push(UpcardCall::new(seat, round, None, false));
                self.bacon_passed(seat, applied);
            }
            Action::PickUp | Action::PickUpAlone => {
                // Bacon's deck has no joker: every upcard has a suit.
                self.hand.upcard_calls.push(UpcardCall::new(
                    seat,
                    round,
                    upcard_suit.map(Trump::Suit),
                    *action == Action::PickUpAlone,
                ));
                self.turn = Some(self.rules.answering_partner(seat));
            }
            Action::Allow | Action::Veto | Action::VetoAlone => {
                let answer = match *action {
                    Action::Allow => Answer::Allow,
                    Action::Veto => Answer::Veto,
                    _ => Answer::VetoAlone,
                };
                let Some(call) = self.hand.upcard_calls.last_mut() else {
                    return;
                };
                call.answer = Some(answer);
                let call = *call;
                if answer == Answer::Veto {
                    // As if the caller had passed.
                    self.bacon_passed(call.seat, applied);
                    return;
                }
                self.hand.trump = call.trump;
                self.hand.contract = Some(Contract {
                    seat: call.seat,
                    bid: Bid::plain(self.rules.min_bid),
                    forced: None,
                });
                if call.alone && answer == Answer::Allow {
                    self.hand.alone = Some(call.seat);
                    self.hand.sitting_out |= 1 << self.rules.answering_partner(call.seat);
                }
                self.phase = Phase::Exchange;
                self.turn = Some(self.rules.upcard_taker(self.hand.dealer, call.seat));
            }
            Action::TakeUpcard { discard } => {
                let upcard = self.hand.upcard();
                let hand = &mut self.hand.hands[seat as usize];
                hand.extend(upcard);
                remove_card(hand, discard);
                hand.sort_unstable();
                self.hand.discards.clear();
                self.hand.discards.push(discard);
                self.hand.upcard_fate = UpcardFate::Taken;
                self.start_play();
            }
            _ => {}
        }
    }

    /// `seat` passed (or was vetoed): the turn goes on, or after the dealer the upcard is
    /// discarded face up and the next one turned, or after the fourth the hand is acquitted.
    fn bacon_passed(&mut self, seat: Seat, applied: &mut Applied) {
        if seat != self.hand.dealer {
            self.turn = Some(self.next_seat(seat));
        } else if self.hand.upcards_passed + 1 >= BACON_UPCARDS {
            self.hand.upcard_fate = UpcardFate::TurnedDown;
            self.end_hand(HandResult::Acquitted, applied);
        } else {
            self.hand.upcards_passed += 1;
            self.hand.upcard_fate = UpcardFate::FaceUp;
            self.turn = Some(self.next_seat(seat));
        }
    }

    /// Bacon's points: only a side with 3 or more tricks scores; the declarers 1 (2 for all
    /// five), a loner 2 (4), the defenders of either 2 (4).
    pub(super) fn score_bacon(&self) -> BySide<i32> {
        let mut delta = self.rules.sides().zeroed();
        let Some((won, makers, need, all)) = self.declared_tricks() else {
            return delta;
        };
        for (side, d) in delta.iter_mut().enumerate() {
            if won[side] < need {
                continue;
            }
            let march = if won[side] == all { 2 } else { 1 };
            let double = side != makers || self.hand.alone.is_some();
            *d = if double { 2 * march } else { march };
        }
        delta
    }
}
