//! Five Hundred (RULES-FAMILY section 5), the parts no other game has: the bid table of strains
//! and misères, the exchange with the kitty in the strain bid, the partner called by a card
//! with five players, misère played alone, the scores by the table and the game that only a
//! contract can end. The auction itself is `auction.rs`'s (a pass is not final, n - 1 passes
//! end it), the deal `hand.rs`'s and the joker led at no trump `play.rs`'s.

use super::action::{Action, ActionError, Bid, Misere, Seat, Team};
use super::cards::{Card, Suit, Trump};
use super::game::Game;
use super::hand::combinations;
use super::ruleset::DefenderPoints;
use super::scoring::{HandResult, Outcome, tricks_won};
use super::side::BySide;

/// The strains from low to high.
const STRAINS: [Trump; 5] = [
    Trump::Suit(Suit::Spades),
    Trump::Suit(Suit::Clubs),
    Trump::Suit(Suit::Diamonds),
    Trump::Suit(Suit::Hearts),
    Trump::NoTrump,
];

/// Every bid of Five Hundred, lowest first: 6S to 10NT with misère after 7NT and open misère
/// last.
pub fn bids() -> impl Iterator<Item = Bid> {
    // In rank order: misère between 7NT and 8S.
    let strains = |range: std::ops::RangeInclusive<u8>| {
        range.flat_map(|t| STRAINS.into_iter().map(move |s| Bid::strain(t, s)))
    };
    strains(6..=7)
        .chain([Bid::misere(Misere::Closed)])
        .chain(strains(8..=10))
        .chain([Bid::misere(Misere::Open)])
}

impl Bid {
    /// Five Hundred: the trump a contract is played in (no trump for the misères).
    pub const fn strain_trump(self) -> Trump {
        match (self.misere, self.trump) {
            (None, Some(t)) => t,
            _ => Trump::NoTrump,
        }
    }
}

impl Game {
    /// The auction's legal bids over the standing one.
    pub(super) fn five_hundred_bids(&self, out: &mut Vec<Action>) {
        let floor = self.highest_bid().and_then(|c| c.bid).map_or(0, Bid::rank);
        out.extend(bids().filter(|b| b.rank() > floor).map(Action::from));
    }

    /// A bid's shape: 6 to 10 tricks with a strain (misères are their own actions).
    pub(super) fn five_hundred_bid_check(&self, bid: Bid) -> Result<(), ActionError> {
        let invalid = |message: &str| {
            Err(ActionError::InvalidBid {
                message: message.into(),
            })
        };
        if bid.pepper.is_some() {
            return invalid("Five Hundred has no pepper bids; leave `pepper` out");
        }
        if bid.misere.is_none() && bid.trump.is_none() {
            return invalid(
                "a Five Hundred bid names a strain: `trump` S, C, D, H or NT (or bid `misere` or `open_misere`)",
            );
        }
        if bid.misere.is_none() && !(6..=10).contains(&bid.tricks) {
            return if bid.tricks > 10 {
                Err(ActionError::BidTooHigh { max: 10 })
            } else {
                Err(ActionError::BidTooLow {
                    message: "the lowest bid is 6 tricks".into(),
                })
            };
        }
        Ok(())
    }

    /// The exchange: the kitty's size of discards, in the strain bid.
    pub(super) fn five_hundred_exchanges(&self, hand: &[Card], out: &mut Vec<Action>) {
        let Some(c) = self.hand.contract else { return };
        let trump = c.bid.strain_trump();
        combinations(hand, self.rules.widow_size(), |discard| {
            out.push(Action::Exchange { trump, discard })
        });
    }

    /// Checks an exchange: the trump is the strain bid.
    pub(super) fn five_hundred_exchange_check(&self, trump: Trump) -> Result<(), ActionError> {
        match self.hand.contract {
            Some(c) if c.bid.strain_trump() != trump => Err(ActionError::TrumpNotBid {
                bid: c.bid.to_string(),
                trump: c.bid.strain_trump().code(),
            }),
            _ => Ok(()),
        }
    }

    /// After the discard: a misère's partners sit out; with five players the declarer calls a
    /// partner (or goes alone); then the play.
    pub(super) fn five_hundred_after_exchange(&mut self) {
        let Some(c) = self.hand.contract else { return };
        if c.bid.misere.is_some() {
            // Played alone: the declarer's partners sit out.
            self.hand.alone = Some(c.seat);
            let sides = self.rules.sides();
            self.hand.sitting_out = (0..self.n())
                .filter(|&s| s != c.seat && sides.same(s, c.seat))
                .fold(0u8, |m, s| m | (1 << s));
            self.start_play();
        } else if self.rules.calls_partner() {
            self.phase = super::action::Phase::Alone;
            self.hand.alone_step = 0;
            self.turn = Some(c.seat);
        } else {
            self.start_play();
        }
    }

    /// Whether the declarer may call `card`: not a trump (at a suit contract the joker and the
    /// left bower are trumps), in the pack, and not the declarer's own (its hand or discards).
    fn callable(&self, card: Card) -> Result<(), String> {
        let ranking = self.ranking();
        if self.rules.deck.copies_of(card) == 0 {
            return Err(format!("{card} is not in this pack"));
        }
        if ranking.is_trump(card) {
            return Err(format!("{card} is a trump: call a card that is not"));
        }
        let declarer = self.hand.contract.map_or(0, |c| c.seat);
        if self.hand.hands[declarer as usize].contains(&card) || self.hand.discards.contains(&card)
        {
            return Err(format!(
                "{card} is yours (in your hand or discards): call a card another player holds"
            ));
        }
        Ok(())
    }

    /// The call's legal actions: going alone, or calling any card that may be called.
    pub(super) fn five_hundred_calls(&self, out: &mut Vec<Action>) {
        out.push(Action::Alone { alone: true });
        out.extend(
            self.rules
                .deck
                .canonical()
                .iter()
                .filter(|&&c| self.callable(c).is_ok())
                .map(|&card| Action::Call { card }),
        );
    }

    /// Checks the declarer's call (or `alone`).
    pub(super) fn five_hundred_call_check(&self, action: &Action) -> Result<(), ActionError> {
        match action {
            Action::Alone { alone: true } => Ok(()),
            Action::Alone { alone: false } => Err(ActionError::InvalidCall {
                message: "call a partner's card (`call` with a `card`), or play alone (`alone` with `true`)".into(),
            }),
            Action::Call { card } => self
                .callable(*card)
                .map_err(|message| ActionError::InvalidCall { message }),
            _ => Ok(()),
        }
    }

    /// The call: its holder is revealed as the declarer's partner at once; or alone. Then the
    /// play.
    pub(super) fn five_hundred_call(&mut self, seat: Seat, called: Option<Card>) {
        match called {
            Some(card) => {
                self.hand.called = Some(card);
                self.hand.partner = (0..self.n())
                    .find(|&s| s != seat && self.hand.hands[s as usize].contains(&card));
            }
            None => self.hand.alone = Some(seat),
        }
        self.start_play();
    }

    /// The declaring sides of the hand in progress (the declarer's, and a called partner's),
    /// as a bit set of sides; 0 when nobody declared.
    pub(crate) fn declaring_sides(&self) -> u8 {
        let sides = self.rules.sides();
        let Some(c) = self.hand.contract else {
            return 0;
        };
        let mut mask = 1u8 << sides.of(c.seat);
        if let Some(p) = self.hand.partner {
            mask |= 1 << sides.of(p);
        }
        mask
    }

    /// Whether the contract of the hand just played was made: the declaring seats took at least
    /// the tricks bid, or at misère the declarer took none; None when nobody declared.
    fn contract_made(&self) -> Option<bool> {
        let c = self.hand.contract?;
        let sides = self.rules.sides();
        let won = tricks_won(sides, &self.hand.tricks);
        Some(match c.bid.misere {
            Some(_) => won[sides.of(c.seat) as usize] == 0,
            None => self.declarers_tricks(&won) >= i32::from(c.bid.tricks),
        })
    }

    /// The tricks the declaring sides took together.
    fn declarers_tricks(&self, won: &BySide<u8>) -> i32 {
        let declaring = self.declaring_sides();
        won.sides()
            .filter(|(s, _)| declaring & (1 << s) != 0)
            .map(|(_, &w)| i32::from(w))
            .sum()
    }

    /// Five Hundred's points for the hand just played.
    pub(super) fn score_five_hundred(&self) -> BySide<i32> {
        let sides = self.rules.sides();
        let won = tricks_won(sides, &self.hand.tricks);
        let mut delta: BySide<i32> = sides.zeroed();
        let (Some(c), Some(made)) = (self.hand.contract, self.contract_made()) else {
            // All passed: each side 10 per trick it won.
            for (d, w) in delta.iter_mut().zip(won.iter()) {
                *d = 10 * i32::from(*w);
            }
            return delta;
        };
        let declaring = self.declaring_sides();
        let opponents = self.rules.cards_per_player() as i32 - self.declarers_tricks(&won);
        let value = c.bid.value();
        for (side, d) in delta.iter_mut().enumerate() {
            *d = if declaring & (1 << side) != 0 {
                if made { value } else { -value }
            } else if c.bid.misere.is_some() {
                // 10 per trick the declarer took, whatever `defender_points` says.
                10 * i32::from(won[sides.of(c.seat) as usize])
            } else {
                match self.rules.defender_points {
                    DefenderPoints::SideTotal => 10 * opponents,
                    DefenderPoints::OwnTricks => 10 * i32::from(won[side]),
                }
            };
        }
        delta
    }

    /// Five Hundred's end, once the scores of the hand are in: only a contract ends the game.
    /// After a made contract each declaring side at the target or more wins; after a failed one
    /// each declaring side at minus the target or less loses, and the highest other score wins
    /// (equal: tied winners). Defence and all-pass points never end it.
    pub(super) fn five_hundred_outcome(&self, result: HandResult) -> Option<Outcome> {
        if result != HandResult::Played {
            return None;
        }
        let made = self.contract_made()?;
        let declaring = self.declaring_sides();
        let target = self.rules.target_score;
        let sides = 0..self.scores.len();
        let mask = |pred: &dyn Fn(usize) -> bool| -> u8 {
            sides
                .clone()
                .filter(|&s| pred(s))
                .fold(0u8, |m, s| m | (1 << s))
        };
        let declarer = |s: usize| declaring & (1 << s) != 0;
        if made {
            return Outcome::of_sides(mask(&|s| declarer(s) && self.scores[s] >= target));
        }
        let losers = mask(&|s| declarer(s) && self.scores[s] <= -target);
        if losers == 0 {
            return None;
        }
        let best = sides
            .clone()
            .filter(|&s| losers & (1 << s) == 0)
            .map(|s| self.scores[s])
            .max()?;
        Outcome::of_sides(mask(&|s| losers & (1 << s) == 0 && self.scores[s] == best))
    }
}

impl Outcome {
    /// The outcome won by the sides of `mask`: one winner, several tied, or none (None).
    pub(crate) fn of_sides(mask: u8) -> Option<Outcome> {
        match mask.count_ones() {
            0 => None,
            1 => Some(Outcome::Winner(mask.trailing_zeros() as Team)),
            _ => Some(Outcome::Tied(mask)),
        }
    }
}
