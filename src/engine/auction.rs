//! The auction: calls, the contract, and who may bid what.

use serde::{Deserialize, Serialize};

use super::action::{Bid, Pepper, Seat};
use super::cards::Card;
use super::game::{Applied, Game};
use super::ruleset::{AllPass, AuctionKind};
use super::scoring::HandResult;

/// One call of the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Call {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The bid, or null for a pass.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub bid: Option<Bid>,
}

/// How a contract came about when nobody bid freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forced {
    /// The joker holder, after all passed, was forced to bid 3.
    JokerHolder,
    /// The dealer, after all others passed, had to bid.
    Dealer,
}

/// The contract of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Contract {
    /// The declarer (high bidder).
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The winning bid. In upcard games, where nobody bids, it says what the makers (Buck
    /// Euchre's declarer, Bacon's callers) need: `tricks` 3 of the 5, in the trump made.
    pub bid: Bid,
    /// Why the bid was forced (left out when it was not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub forced: Option<Forced>,
}

impl Game {
    pub(super) fn highest_bid(&self) -> Option<Call> {
        self.hand
            .auction
            .iter()
            .rev()
            .find(|c| c.bid.is_some())
            .copied()
    }

    pub(super) fn max_bid(&self) -> Bid {
        let all = self.rules.cards_per_player() as u8;
        if self.rules.five_hundred() {
            Bid::misere(super::action::Misere::Open)
        } else if self.rules.pepper_bids {
            Bid {
                tricks: all,
                pepper: Some(Pepper::Big),
                trump: None,
                misere: None,
            }
        } else {
            Bid::plain(all)
        }
    }

    /// Whether the seat to act in the auction is a dealer who may not pass.
    pub(super) fn dealer_must_bid(&self, seat: Seat) -> bool {
        self.rules.all_pass == AllPass::DealerForced
            && seat == self.hand.dealer
            && self.highest_bid().is_none()
            && self.hand.passed.count_ones() as u8 == self.n() - 1
    }

    pub(super) fn advance_auction(&mut self, seat: Seat, applied: &mut Applied) {
        let n = self.n();
        let passed = self.hand.passed.count_ones() as u8;
        let high = self.highest_bid();
        let over = match self.rules.auction {
            // The upcard auction is its own module's (`upcard.rs`); bids never reach here.
            AuctionKind::SingleRound | AuctionKind::Upcard | AuctionKind::SuccessiveUpcards => {
                seat == self.hand.dealer
            }
            AuctionKind::Open => passed == n || (passed == n - 1 && high.is_some()),
            AuctionKind::ConsecutivePasses => {
                // The passes since the last bid (or since the start): everybody else has
                // passed over the standing bid, or everybody has passed with no bid.
                let run = self
                    .hand
                    .auction
                    .iter()
                    .rev()
                    .take_while(|c| c.bid.is_none())
                    .count();
                run == n as usize || (run == n as usize - 1 && high.is_some())
            }
        };
        if !over {
            let mut s = self.next_seat(seat);
            if self.rules.auction == AuctionKind::Open {
                while self.hand.passed & (1 << s) != 0 {
                    s = self.next_seat(s);
                }
            }
            self.turn = Some(s);
            return;
        }
        if let Some(Call {
            seat,
            bid: Some(bid),
        }) = high
        {
            self.hand.contract = Some(Contract {
                seat,
                bid,
                forced: None,
            });
            self.start_exchange();
            return;
        }
        // Every player passed.
        match self.rules.all_pass {
            AllPass::JokerHolderBids3 => {
                let holder = (0..n).find(|&s| self.hand.hands[s as usize].contains(&Card::JOKER));
                match holder {
                    Some(h) => {
                        self.hand.joker_revealed_by = Some(h);
                        self.hand.contract = Some(Contract {
                            seat: h,
                            bid: Bid::plain(3),
                            forced: Some(Forced::JokerHolder),
                        });
                        self.start_exchange();
                    }
                    None => self.end_hand(HandResult::VoidJokerInWidow, applied),
                }
            }
            AllPass::NoTrumpNoDeclarer if self.rules.five_hundred() => {
                // Five Hundred: played at no trump, each for himself, the kitty untouched; the
                // dealer's left leads.
                self.hand.trump = Some(super::cards::Trump::NoTrump);
                self.start_play();
            }
            // (Buck Euchre's `no_trump_no_declarer` is `upcard.rs`'s.)
            AllPass::Redeal | AllPass::DealerForced | AllPass::NoTrumpNoDeclarer => {
                self.end_hand(HandResult::ThrownIn, applied)
            }
        }
    }
}
