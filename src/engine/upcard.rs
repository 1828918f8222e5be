//! Trump made by an upcard (Euchre, RULES-FAMILY section 1): the first undealt card is turned
//! face up; round 1 accepts its suit or passes, the dealer may then take it and discard; round
//! 2, after everybody passed, names another suit or passes.

use serde::{Deserialize, Serialize};

use super::action::{Action, ActionError, Bid, Phase, Seat, SuitName};
use super::auction::Contract;
use super::bacon::Answer;
use super::cards::{Card, Suit, Trump};
use super::game::{Applied, Game};
use super::hand::{HandState, remove_card};
use super::ruleset::{AllPass, DealerPickup};
use super::scoring::HandResult;

/// One call of an upcard auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpcardCall {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// 1 (accept the upcard's suit or pass) or 2 (name another suit or pass); in Bacon, the
    /// upcard's number, 1 to 4.
    pub round: u8,
    /// The trump accepted or named; null for a pass.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub trump: Option<Trump>,
    /// Bacon: true for `pick_up_alone` (false otherwise, and in other games).
    // Always written (as are the fields below and `Upcard`'s): stored states are encoded by
    // position, where a left-out field in the middle would shift the rest.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub alone: bool,
    /// Bacon: the caller's partner's answer to a pick-up, `allow`, `veto` or `veto_alone`; null
    /// for a pass, until the partner answers, and in other games.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub answer: Option<Answer>,
}

impl UpcardCall {
    /// A call of `seat` on the upcard of `round`: a pass (`trump` None) or a taking.
    pub(super) const fn new(seat: Seat, round: u8, trump: Option<Trump>, alone: bool) -> Self {
        UpcardCall {
            seat,
            round,
            trump,
            alone,
            answer: None,
        }
    }
}

/// What became of the upcard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum UpcardFate {
    /// Face up on the stub while round 1 is called.
    #[default]
    FaceUp,
    /// Everybody passed in round 1: turned down (still public), its suit barred in round 2. In
    /// Bacon, the fourth upcard everybody passed (the hand acquitted).
    TurnedDown,
    /// The dealer (in Bacon the seat left of the caller, `taken_by`) took it into hand (it is
    /// known to be there until played) and discarded one card, face down (in Bacon face up:
    /// `discard`).
    Taken,
    /// Ordered up, but the dealer left it face up on the stub.
    Left,
}

/// The upcard of the hand in progress and what became of it. Public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Upcard {
    /// The card.
    pub card: Card,
    /// `face_up`, `turned_down`, `taken` (by the dealer) or `left` (on the stub).
    pub fate: UpcardFate,
    /// Bacon: the seat that took it (the caller's left), once taken; null otherwise and in
    /// other games (in Euchre the dealer takes it).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub taken_by: Option<Seat>,
    /// Bacon: the card its taker discarded, face up (perhaps the upcard itself), once taken;
    /// null otherwise and in other games (Euchre's discard is face down).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub discard: Option<Card>,
}

impl HandState {
    /// The upcard: the first undealt card (in Bacon, the first not yet passed).
    pub(super) fn upcard(&self) -> Option<Card> {
        self.widow.get(self.upcards_passed as usize).copied()
    }

    /// Bacon: the upcards everybody passed, discarded face up, oldest first.
    pub(super) fn passed_upcards(&self) -> &[Card] {
        self.widow
            .get(..self.upcards_passed as usize)
            .unwrap_or_default()
    }
}

impl Game {
    /// The upcard of the hand in progress and its fate (upcard games only).
    pub(super) fn upcard_state(&self) -> Option<Upcard> {
        if !self.rules.upcard() {
            return None;
        }
        let bacon_taken =
            self.rules.successive_upcards() && self.hand.upcard_fate == UpcardFate::Taken;
        self.hand.upcard().map(|card| Upcard {
            card,
            fate: self.hand.upcard_fate,
            taken_by: self
                .hand
                .contract
                .filter(|_| bacon_taken)
                .map(|c| self.rules.upcard_taker(self.hand.dealer, c.seat)),
            discard: self.hand.discards.first().copied().filter(|_| bacon_taken),
        })
    }

    /// The round being called: 1, then 2 once every seat has passed the upcard.
    pub(super) fn upcard_round(&self) -> u8 {
        if self.hand.upcard_calls.len() < self.n() as usize {
            1
        } else {
            2
        }
    }

    /// The upcard's suit.
    fn upcard_suit(&self) -> Option<Suit> {
        self.hand.upcard().and_then(Card::suit)
    }

    /// Whether `seat` is a dealer stuck in round 2.
    fn stuck(&self, seat: Seat) -> bool {
        self.rules.stick_the_dealer && self.upcard_round() == 2 && seat == self.hand.dealer
    }

    /// The legal calls of an upcard auction, and the dealer's exchange.
    pub(super) fn upcard_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.rules.successive_upcards() {
            return self.bacon_legal(seat, out);
        }
        match self.phase {
            Phase::Auction => {
                if !self.stuck(seat) {
                    out.push(Action::Pass);
                }
                if self.upcard_round() == 1 {
                    out.push(Action::OrderUp);
                } else {
                    for s in Suit::ALL {
                        if Some(s) != self.upcard_suit() {
                            out.push(Action::NameTrump {
                                trump: Trump::Suit(s),
                            });
                        }
                    }
                }
            }
            Phase::Exchange => {
                for &discard in self.hand_of(seat) {
                    out.push(Action::TakeUpcard { discard });
                }
                if self.rules.dealer_pickup == DealerPickup::Optional {
                    out.push(Action::LeaveUpcard);
                }
            }
            _ => {}
        }
    }

    /// Checks an upcard call or the dealer's exchange (the phase and turn are already checked).
    pub(super) fn upcard_validate(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if self.rules.successive_upcards() {
            return self.bacon_validate(seat, action);
        }
        let round = self.upcard_round();
        match *action {
            Action::Pass if self.stuck(seat) => Err(ActionError::MustNameTrump),
            Action::OrderUp if round == 2 => Err(ActionError::WrongRound {
                message: "the upcard was turned down: in round 2 name another suit (`name_trump`) or pass",
            }),
            Action::NameTrump { .. } if round == 1 => Err(ActionError::WrongRound {
                message: "round 1 accepts the upcard's suit (`order_up`) or passes; a suit is named only in round 2",
            }),
            Action::NameTrump { trump } => match trump {
                Trump::NoTrump => Err(ActionError::NoTrumpNotAllowed),
                Trump::Suit(s) if Some(s) == self.upcard_suit() => {
                    Err(ActionError::SuitTurnedDown { suit: SuitName(s) })
                }
                Trump::Suit(_) => Ok(()),
            },
            Action::TakeUpcard { discard } => {
                if self.hand_of(seat).contains(&discard) {
                    Ok(())
                } else {
                    Err(ActionError::CardNotInHand { card: discard })
                }
            }
            Action::LeaveUpcard if self.rules.dealer_pickup == DealerPickup::Mandatory => {
                Err(ActionError::MustTakeUpcard)
            }
            Action::Bid { .. }
            | Action::Exchange { .. }
            | Action::PickUp
            | Action::PickUpAlone
            | Action::Allow
            | Action::Veto
            | Action::VetoAlone => Err(ActionError::WrongPhase {
                action: action.kind(),
                phase: self.phase,
            }),
            _ => Ok(()),
        }
    }

    /// Applies a validated upcard call or the dealer's exchange.
    pub(super) fn upcard_apply(&mut self, seat: Seat, action: &Action, applied: &mut Applied) {
        if self.rules.successive_upcards() {
            return self.bacon_apply(seat, action, applied);
        }
        let round = self.upcard_round();
        match *action {
            Action::Pass => {
                self.hand
                    .upcard_calls
                    .push(UpcardCall::new(seat, round, None, false));
                if seat != self.hand.dealer {
                    self.turn = Some(self.next_seat(seat));
                } else if round == 1 {
                    self.hand.upcard_fate = UpcardFate::TurnedDown;
                    self.turn = Some(self.next_seat(seat));
                } else if self.rules.all_pass == AllPass::NoTrumpNoDeclarer {
                    // Buck Euchre: played at no trump, with no declarer and no drop-outs.
                    self.hand.trump = Some(Trump::NoTrump);
                    self.start_play();
                } else {
                    // Everybody passed twice: thrown in, the deal passes left.
                    self.end_hand(HandResult::ThrownIn, applied);
                }
            }
            Action::OrderUp | Action::NameTrump { .. } => {
                let trump = match *action {
                    Action::NameTrump { trump } => trump,
                    _ => Trump::Suit(self.upcard_suit().unwrap_or(Suit::Clubs)),
                };
                self.hand
                    .upcard_calls
                    .push(UpcardCall::new(seat, round, Some(trump), false));
                self.hand.trump = Some(trump);
                // The makers need 3 of the 5 tricks.
                self.hand.contract = Some(Contract {
                    seat,
                    bid: Bid::plain(self.rules.min_bid),
                    forced: None,
                });
                if round == 1 {
                    self.phase = Phase::Exchange;
                    self.turn = Some(self.hand.dealer);
                } else {
                    self.start_alone();
                }
            }
            Action::TakeUpcard { discard } => {
                let upcard = self.hand.upcard();
                let hand = &mut self.hand.hands[seat as usize];
                remove_card(hand, discard);
                hand.extend(upcard);
                hand.sort_unstable();
                self.hand.discards.clear();
                self.hand.discards.push(discard);
                self.hand.upcard_fate = UpcardFate::Taken;
                self.start_alone();
            }
            Action::LeaveUpcard => {
                self.hand.upcard_fate = UpcardFate::Left;
                self.start_alone();
            }
            _ => {}
        }
    }
}
