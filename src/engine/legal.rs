//! What a seat may do: the legal actions, and the checks that refuse anything else.

use arrayvec::ArrayVec;

use super::action::{Action, ActionError, Bid, Pepper, Phase, Seat, SuitName};
use super::auction::Call;
use super::cards::{Suit, Trump};
use super::game::Game;
use super::hand::{combinations, holds_all};

impl Game {
    /// The legal actions of `seat` (empty when it is not that seat's turn).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// Like [`Game::legal_actions`], reusing a buffer.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.turn != Some(seat) {
            return;
        }
        let hand = self.hand_of(seat);
        if self.rules.upcard() && matches!(self.phase, Phase::Auction | Phase::Exchange) {
            self.upcard_legal(seat, out);
            return;
        }
        match self.phase {
            Phase::Auction if self.rules.five_hundred() => {
                out.push(Action::Pass);
                self.five_hundred_bids(out);
            }
            Phase::Exchange if self.rules.five_hundred() => self.five_hundred_exchanges(hand, out),
            Phase::Alone if self.rules.calls_partner() => self.five_hundred_calls(out),
            Phase::Auction => {
                if !self.dealer_must_bid(seat) {
                    out.push(Action::Pass);
                }
                let floor = self.highest_bid().and_then(|c| c.bid).map_or(0, Bid::rank);
                let all = self.rules.cards_per_player() as u8;
                for t in self.rules.min_bid..=self.rules.max_plain_bid() {
                    let b = Bid::plain(t);
                    if b.rank() > floor {
                        out.push(b.into());
                    }
                }
                if self.rules.pepper_bids {
                    for p in [Pepper::Little, Pepper::Big] {
                        let b = Bid {
                            tricks: all,
                            pepper: Some(p),
                            trump: None,
                            misere: None,
                        };
                        if b.rank() > floor {
                            out.push(b.into());
                        }
                    }
                }
            }
            Phase::Exchange => {
                let mut trumps: ArrayVec<Trump, 5> =
                    Suit::ALL.into_iter().map(Trump::Suit).collect();
                if self.rules.no_trump {
                    trumps.push(Trump::NoTrump);
                }
                for trump in trumps {
                    combinations(hand, self.rules.widow_size(), |discard| {
                        out.push(Action::Exchange { trump, discard })
                    });
                }
            }
            Phase::Alone => {
                out.push(Action::Alone { alone: false });
                out.push(Action::Alone { alone: true });
            }
            Phase::PassCards => {
                combinations(hand, 2, |cards| out.push(Action::PassCards { cards }))
            }
            Phase::DropOut => self.drop_out_legal(out),
            Phase::Play => {
                let (held, follow) = self.play_masks(hand);
                // The cards of the suit led if the seat holds any, else every card; a bit set
                // per distinct card, read out in card (= hand) order.
                let mut playable = if follow != 0 { follow } else { held };
                let deck = self.rules.deck;
                let leading_at_no_trump =
                    self.hand.trick.plays.is_empty() && self.hand.trump == Some(Trump::NoTrump);
                while playable != 0 {
                    let card = deck.card_at(playable.trailing_zeros());
                    if card.is_joker() && leading_at_no_trump {
                        // Five Hundred: the led joker names a suit its holder has not renounced
                        // (any, if all are).
                        let may = self.joker_suits(seat);
                        for s in Suit::ALL {
                            if may & (1 << s.index()) != 0 {
                                out.push(Action::Play {
                                    card,
                                    suit: Some(s),
                                });
                            }
                        }
                    } else {
                        out.push(Action::play(card));
                    }
                    playable &= playable - 1;
                }
            }
            Phase::GameOver => {}
        }
    }

    /// Checks an action without changing anything.
    pub fn validate(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if self.phase == Phase::GameOver {
            return Err(ActionError::GameOver);
        }
        if seat >= self.n() {
            return Err(ActionError::InvalidSeat {
                seat,
                players: self.n(),
            });
        }
        let wrong_phase = || ActionError::WrongPhase {
            action: action.kind(),
            phase: self.phase,
        };
        let expected = match action {
            Action::Pass
            | Action::Bid { .. }
            | Action::Misere
            | Action::OpenMisere
            | Action::OrderUp
            | Action::NameTrump { .. }
            | Action::PickUp
            | Action::PickUpAlone
            | Action::Allow
            | Action::Veto
            | Action::VetoAlone => Phase::Auction,
            Action::Exchange { .. } | Action::TakeUpcard { .. } | Action::LeaveUpcard => {
                Phase::Exchange
            }
            Action::Alone { .. } | Action::Call { .. } => Phase::Alone,
            Action::PassCards { .. } => Phase::PassCards,
            Action::Stay | Action::Drop => Phase::DropOut,
            Action::Play { .. } => Phase::Play,
        };
        if expected != self.phase {
            return Err(wrong_phase());
        }
        let turn = self.turn.unwrap_or(0);
        if seat != turn {
            return Err(ActionError::NotYourTurn { turn });
        }
        if matches!(action, Action::Misere | Action::OpenMisere) && !self.rules.five_hundred() {
            // Checked before the upcard games' own checks, which would otherwise let it by.
            return Err(ActionError::InvalidBid {
                message: "misère is a bid of Five Hundred's; see legal_actions".into(),
            });
        }
        if self.rules.upcard() && matches!(self.phase, Phase::Auction | Phase::Exchange) {
            return self.upcard_validate(seat, action);
        }
        let hand = self.hand_of(seat);
        match action {
            Action::OrderUp
            | Action::NameTrump { .. }
            | Action::TakeUpcard { .. }
            | Action::LeaveUpcard
            | Action::PickUp
            | Action::PickUpAlone
            | Action::Allow
            | Action::Veto
            | Action::VetoAlone => return Err(wrong_phase()),
            Action::Pass => {
                if self.dealer_must_bid(seat) {
                    return Err(ActionError::MustBid {
                        min_bid: self.rules.min_bid,
                    });
                }
            }
            Action::Bid { .. } | Action::Misere | Action::OpenMisere
                if self.rules.five_hundred() =>
            {
                let bid = action.as_bid().unwrap_or(Bid::plain(0));
                self.five_hundred_bid_check(bid)?;
                self.check_overcall(bid)?;
            }
            // Refused above outside Five Hundred.
            Action::Misere | Action::OpenMisere => {}
            Action::Bid {
                tricks,
                pepper,
                trump,
            } => {
                if trump.is_some() {
                    return Err(ActionError::InvalidBid {
                        message: "this game's bids name no strain: leave `trump` out (trump is named after the auction)".into(),
                    });
                }
                let bid = Bid::plain(*tricks);
                let all = self.rules.cards_per_player() as u8;
                if bid.tricks > all {
                    return Err(ActionError::BidTooHigh { max: all });
                }
                if bid.tricks < self.rules.min_bid {
                    return Err(ActionError::BidTooLow {
                        message: format!("the minimum bid is {}", self.rules.min_bid),
                    });
                }
                match (self.rules.pepper_bids, pepper) {
                    (false, Some(_)) => {
                        return Err(ActionError::InvalidBid {
                            message: "this ruleset has no pepper bids; leave `pepper` out".into(),
                        });
                    }
                    (true, Some(_)) if bid.tricks != all => {
                        return Err(ActionError::InvalidBid {
                            message: format!("a pepper bid is for all {all} tricks"),
                        });
                    }
                    (true, None) if bid.tricks == all => {
                        return Err(ActionError::InvalidBid {
                            message: format!(
                                "to bid all {all} tricks, bid `\"pepper\": \"little\"` or `\"big\"`"
                            ),
                        });
                    }
                    _ => {}
                }
                self.check_overcall(Bid {
                    pepper: *pepper,
                    ..bid
                })?;
            }
            Action::Exchange { trump, discard } => {
                if self.rules.five_hundred() {
                    self.five_hundred_exchange_check(*trump)?;
                }
                if *trump == Trump::NoTrump && !self.rules.no_trump {
                    return Err(ActionError::NoTrumpNotAllowed);
                }
                let want = self.rules.widow_size();
                if discard.len() != want {
                    return Err(ActionError::WrongCardCount {
                        expected: want as u8,
                        got: discard.len() as u8,
                    });
                }
                holds_all(hand, discard).map_err(|card| ActionError::CardNotInHand { card })?;
            }
            Action::Alone { .. } | Action::Call { .. } if self.rules.calls_partner() => {
                self.five_hundred_call_check(action)?
            }
            Action::Call { .. } => {
                return Err(ActionError::InvalidCall {
                    message: "calling a partner by a card is Five Hundred's, for five players"
                        .into(),
                });
            }
            Action::Alone { .. } | Action::Stay => {}
            Action::Drop => self.drop_out_validate()?,
            Action::PassCards { cards } => {
                if cards.len() != 2 {
                    return Err(ActionError::WrongCardCount {
                        expected: 2,
                        got: cards.len() as u8,
                    });
                }
                holds_all(hand, cards).map_err(|card| ActionError::CardNotInHand { card })?;
            }
            Action::Play { card, suit } => {
                let (held, follow) = self.play_masks(hand);
                let bit = self.deck_bit(*card);
                if held & bit == 0 {
                    return Err(ActionError::CardNotInHand { card: *card });
                }
                if follow != 0 && follow & bit == 0 {
                    let led = self.led_code(self.ranking());
                    return Err(ActionError::MustFollowSuit {
                        led: SuitName(Suit::ALL[led as usize & 3]),
                    });
                }
                let led = self.led_code(self.ranking());
                self.check_joker_suit(seat, *card, *suit, led)?;
            }
        }
        Ok(())
    }

    /// Refuses a bid that does not overcall the standing one.
    fn check_overcall(&self, bid: Bid) -> Result<(), ActionError> {
        match self.highest_bid() {
            Some(Call {
                bid: Some(high),
                seat: by,
            }) if bid.rank() <= high.rank() => Err(ActionError::BidTooLow {
                message: format!("seat {by} bid {high}; bid higher or pass"),
            }),
            _ => Ok(()),
        }
    }
}
