//! Trick play: tricks, who must follow, who wins a trick, and who leads.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::action::{ActionError, Phase, Seat, SuitName};
use super::cards::{Card, DeckSet, NOT_IN_DECK, Ranking, Suit};
use super::game::{Applied, Game, MAX_SEATS};
use super::hand::remove_card;
use super::ruleset::{AloneRule, FirstLead};
use super::scoring::HandResult;

/// A card played to a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Play {
    /// Who played it.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// Five Hundred at no trump: the suit a led joker's holder named (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub suit: Option<Suit>,
}

// The engine keeps the trick in progress as one too, without a winner; views write that one as
// a `CurrentTrick`, so on the wire a trick always has its winner.
/// A finished trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Trick {
    /// The seat that led (played the first card).
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub leader: Seat,
    /// Cards in play order, one per active seat.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Play>))]
    pub plays: ArrayVec<Play, MAX_SEATS>,
    /// The seat that won it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = u8, required = true))]
    pub winner: Option<Seat>,
}

/// The effective suit a trick's first card leads (an index, 4 for none): a joker led at no
/// trump leads the suit its holder named.
#[inline]
pub(super) fn led_of(ranking: Ranking, first: &Play) -> u8 {
    match first.suit {
        Some(s) => s.index() as u8,
        None => ranking.eff_code(first.card),
    }
}

impl Game {
    /// Five Hundred at no trump: the suits `seat` may name when leading the joker, as a bit set
    /// by suit index: those it has not renounced this hand, or all four if it renounced every
    /// one. The one place of the rule: the legal actions and the check read it.
    pub(super) fn joker_suits(&self, seat: Seat) -> u8 {
        let renounced = self.hand.voids[seat as usize] & 0xF;
        if renounced == 0xF {
            0xF
        } else {
            !renounced & 0xF
        }
    }

    /// Five Hundred at no trump: a joker led names a suit its holder has not renounced (any if
    /// all are); no other play names one.
    pub(super) fn check_joker_suit(
        &self,
        seat: Seat,
        card: Card,
        suit: Option<Suit>,
        led: u8,
    ) -> Result<(), ActionError> {
        let bad = |message: String| Err(ActionError::InvalidJokerSuit { message });
        let naming =
            card.is_joker() && led == 4 && self.hand.trump == Some(super::cards::Trump::NoTrump);
        match (naming, suit) {
            (false, None) => Ok(()),
            (false, Some(_)) => bad(
                "`suit` is named only when leading the joker at no trump; leave it out".into(),
            ),
            (true, None) => bad(
                "leading the joker at no trump, name the suit the others must follow: `suit` (C, D, H or S, one you have not renounced)".into(),
            ),
            (true, Some(s)) => {
                if self.joker_suits(seat) & (1 << s.index()) == 0 {
                    bad(format!(
                        "you renounced {} earlier this hand: the led joker names a suit you have not renounced",
                        SuitName(s)
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Bit sets (by card code) of the cards in `hand`, and of those that follow the effective
    /// suit led to the trick in progress (none before the lead).
    pub(super) fn play_masks(&self, hand: &[Card]) -> (DeckSet, DeckSet) {
        let ranking = self.ranking();
        let led = self.led_code(ranking);
        let row = ranking.eff_row();
        let places = self.rules.deck.places();
        let (mut held, mut follow): (DeckSet, DeckSet) = (0, 0);
        for &c in hand {
            // A card in hand is one of the deck's (the integrity check holds every state to it).
            let bit = 1u64 << (places[c.index()] & 63);
            held |= bit;
            if row[c.index()] == led {
                follow |= bit;
            }
        }
        if led >= 4 {
            follow = 0;
        }
        (held, follow)
    }

    /// The card's bit in a [`DeckSet`] of this game's deck; 0 for a card the deck does not hold
    /// (so never held).
    #[inline]
    pub(super) fn deck_bit(&self, card: Card) -> DeckSet {
        let place = self.rules.deck.places()[card.index()];
        if place == NOT_IN_DECK {
            0
        } else {
            1 << (place & 63)
        }
    }

    /// The effective suit led to the trick in progress (an index, or 4 before the lead).
    pub(super) fn led_code(&self, ranking: Ranking) -> u8 {
        self.hand
            .trick
            .plays
            .first()
            .map_or(4, |p| led_of(ranking, p))
    }

    /// Plays `card` for `seat`, whose turn it is in the play phase: refused exactly as
    /// [`Game::validate`] refuses it, else played.
    pub(super) fn play(
        &mut self,
        seat: Seat,
        card: Card,
        suit: Option<Suit>,
    ) -> Result<Applied, ActionError> {
        let ranking = self.ranking();
        let led = self.led_code(ranking);
        if suit.is_some() || (card.is_joker() && led == 4 && ranking.trump.is_none()) {
            self.check_joker_suit(seat, card, suit, led)?;
        }
        let hand = &self.hand.hands[seat as usize];
        let (held, follow) = self.play_masks(hand);
        let bit = self.deck_bit(card);
        if held & bit == 0 {
            return Err(ActionError::CardNotInHand { card });
        }
        if follow != 0 && follow & bit == 0 {
            return Err(ActionError::MustFollowSuit {
                led: SuitName(Suit::ALL[led as usize & 3]),
            });
        }
        let mut applied = Applied::default();
        remove_card(&mut self.hand.hands[seat as usize], card);
        if led < 4 && ranking.eff_code(card) != led {
            self.hand.voids[seat as usize] |= 1 << led;
        }
        self.hand.trick.plays.push(Play { seat, card, suit });
        if self.hand.trick.plays.len() == self.active_count() {
            self.finish_trick(&mut applied);
        } else {
            self.turn = Some(self.next_active(seat));
        }
        Ok(applied)
    }

    pub(super) fn start_play(&mut self) {
        // A hand with no declarer (Buck Euchre's clubs upcard or all passing) is led from the
        // dealer's left.
        let declarer = self
            .hand
            .contract
            .map_or(self.next_seat(self.hand.dealer), |c| c.seat);
        // Someone alone (seed 002): the player to the lone player's left leads; if the high
        // bidder and a defender are both alone, the defender leads. The seat left of a lone
        // player is always an opponent, who plays (only the lone player's partners sit out).
        let leader = if self.rules.first_lead == FirstLead::UpcardTaker {
            // Bacon: the seat that took the upcard, left of the caller (never sitting out).
            self.rules.upcard_taker(self.hand.dealer, declarer)
        } else if self.rules.first_lead == FirstLead::DealerLeft {
            // Euchre: the first active seat from the dealer's left, whoever is alone.
            self.next_active(self.hand.dealer)
        } else if let Some(d) = self.hand.defender_alone {
            if self.hand.alone.is_some() {
                d
            } else {
                self.next_active(d)
            }
        } else if self.hand.alone.is_some() && self.rules.alone == AloneRule::PartnerSitsOut {
            self.next_active(declarer)
        } else {
            match self.rules.first_lead {
                FirstLead::HighBidder => declarer,
                FirstLead::LeftOfDealer | FirstLead::DealerLeft | FirstLead::UpcardTaker => {
                    let s = self.next_seat(self.hand.dealer);
                    if self.is_active(s) {
                        s
                    } else {
                        self.next_active(s)
                    }
                }
            }
        };
        self.phase = Phase::Play;
        self.hand.trick = Trick {
            leader,
            ..Trick::default()
        };
        self.turn = Some(leader);
    }

    pub(super) fn finish_trick(&mut self, applied: &mut Applied) {
        let ranking = self.ranking();
        let plays = &self.hand.trick.plays;
        let led = led_of(ranking, &plays[0]);
        let mut best = plays[0];
        let mut best_key = ranking.trick_key(best.card, led);
        for p in plays.iter().skip(1) {
            // Strictly greater: of two identical cards the first played stays the winner.
            let key = ranking.trick_key(p.card, led);
            if key > best_key {
                best = *p;
                best_key = key;
            }
        }
        let mut done = std::mem::take(&mut self.hand.trick);
        done.winner = Some(best.seat);
        self.hand.tricks.push(done);
        if self.hand.tricks.len() == self.rules.cards_per_player() {
            self.end_hand(HandResult::Played, applied);
        } else {
            self.hand.trick = Trick {
                leader: best.seat,
                ..Trick::default()
            };
            self.turn = Some(best.seat);
        }
    }
}
