//! Determinization: the game as it would be if the cards a seat cannot see lay as a sample says.
//!
//! A sampling player (see `crate::bots::sample_hidden`) guesses where the hidden cards are, then
//! plays the hand out in that guessed world. [`Game::determinize`] builds that world: it keeps
//! everything public and everything the seat itself knows, and replaces every card the seat
//! cannot see (other seats' hands, the face-down widow, the declarer's face-down discards, the
//! cards passed to a lone bidder) by the sample's. It also rebuilds the record of the deal from
//! the sample, so the result holds nothing hidden from the real game except its seed, which only
//! deals *later* hands.

use serde::{Deserialize, Serialize};

use super::action::{Phase, Seat};
use super::cards::Card;
use super::game::Game;
use super::hand::Hand;
use super::upcard::UpcardFate;
use super::view::Viewer;

/// One assignment of the cards a seat cannot see, as a whole table of where every unplayed card
/// lies. The seat's own hand and the piles it saw are given as they really are.
///
/// Cards already played to tricks are not listed: they are public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = Sample))]
pub struct SampleDeal {
    /// Each seat's cards in hand now, by seat (the viewing seat's own hand as it is).
    pub hands: Vec<Vec<Card>>,
    /// The widow while it still lies face down (empty once the high bidder took it, and in decks
    /// without a widow); in upcard games the stub less the upcard, which is public.
    #[serde(default)]
    pub widow: Vec<Card>,
    /// The high bidder's face-down exchange discard (empty before the exchange and in decks
    /// without a widow); in upcard games the dealer's one discard after taking the upcard. The
    /// discarder itself gets its real discard.
    #[serde(default)]
    pub discards: Vec<Card>,
    /// The lone bidder's two-card discard under `exchange_two` (empty if none was made). The lone
    /// bidder itself gets its real discard.
    #[serde(default)]
    pub lone_discards: Vec<Card>,
}

fn count(cards: &[Card]) -> [u8; Card::CODES] {
    let mut c = [0u8; Card::CODES];
    for x in cards {
        c[x.index()] += 1;
    }
    c
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort_unstable();
    v
}

/// `a - b` as multisets, or None if `b` is not contained in `a`.
fn minus(a: &[u8; Card::CODES], b: &[Card]) -> Option<[u8; Card::CODES]> {
    let mut r = *a;
    for c in b {
        let slot = &mut r[c.index()];
        *slot = slot.checked_sub(1)?;
    }
    Some(r)
}

fn to_hand(counts: &[u8; Card::CODES]) -> Hand {
    let mut h = Hand::new();
    for c in Card::all() {
        for _ in 0..counts[c.index()] {
            h.push(c);
        }
    }
    h
}

impl Game {
    /// This game with the cards `seat` cannot see replaced by `hidden`.
    ///
    /// `hidden` must agree with everything `seat` knows: its own hand and the piles it saw, every
    /// seat's hand size, the sizes of the face-down piles, the suits each seat has shown void
    /// in, the holder of a revealed joker, the cards it passed or was passed, and, with the
    /// cards already played, it must make up exactly the deck. Otherwise this is an error
    /// saying what is wrong, and nothing is built.
    ///
    /// The result is a complete, valid game (it passes [`Game::check_integrity`]) in which the
    /// hand in progress can be played on with [`Game::apply`]. Its view for `seat` is the same
    /// as this game's.
    pub fn determinize(&self, seat: Seat, hidden: &SampleDeal) -> Result<Game, String> {
        let n = self.rules.seats();
        if seat as usize >= n {
            return Err(format!("seat {seat} does not exist (0..{n})"));
        }
        if self.phase == Phase::GameOver {
            return Err("the game is over: nothing is hidden".into());
        }
        let h = &self.hand;
        // What the seat knows, from the one place that decides it.
        let known = self.knowledge(Viewer::Seat(seat));
        if hidden.hands.len() != n {
            return Err(format!(
                "{} hands given, the game has {n} seats",
                hidden.hands.len()
            ));
        }
        for (s, cards) in hidden.hands.iter().enumerate() {
            if cards.len() != h.hands[s].len() {
                return Err(format!(
                    "seat {s} holds {} cards, not {}",
                    h.hands[s].len(),
                    cards.len()
                ));
            }
        }
        if sorted(&hidden.hands[seat as usize]) != known.hand {
            return Err(format!("seat {seat}'s own hand differs from the sample's"));
        }
        let declarer = h.contract.map(|c| c.seat);
        let is_declarer = declarer == Some(seat);
        // In upcard games the upcard (the stub's first card) is public wherever it lies, the
        // sample's widow is the rest of the stub, and the face-down discard is the dealer's.
        let upcard = if self.rules.upcard() {
            h.upcard()
        } else {
            None
        };
        let taken = upcard.is_some() && h.upcard_fate == UpcardFate::Taken;
        let discarder = self.rules.discarder(h.dealer, declarer);
        // Bacon: the upcards passed lie face up, and so does the taker's discard.
        let passed_upcards = h.passed_upcards();
        let face_up = self.rules.successive_upcards();
        let public_discards: &[Card] = if face_up { &h.discards } else { &[] };
        let taker = declarer.map_or(h.dealer, |d| self.rules.upcard_taker(h.dealer, d));
        let exchanged = h.trump.is_some();
        let widow_hidden = !h.widow_taken;
        let want_widow = if widow_hidden {
            h.widow.len() - usize::from(upcard.is_some()) - passed_upcards.len()
        } else {
            0
        };
        if hidden.widow.len() != want_widow {
            return Err(format!(
                "the face-down widow holds {want_widow} cards, not {}",
                hidden.widow.len()
            ));
        }
        let want_discards = if exchanged && !face_up {
            h.discards.len()
        } else {
            0
        };
        if hidden.discards.len() != want_discards {
            return Err(format!(
                "the exchange discard holds {want_discards} cards, not {}",
                hidden.discards.len()
            ));
        }
        if hidden.lone_discards.len() != h.lone_discards.len() {
            return Err(format!(
                "the lone discard holds {} cards, not {}",
                h.lone_discards.len(),
                hidden.lone_discards.len()
            ));
        }
        if (discarder == Some(seat) && sorted(&hidden.discards) != sorted(known.discards))
            || (is_declarer && sorted(&hidden.lone_discards) != sorted(known.lone_discards))
        {
            return Err("the seat's own discards differ from the sample's".into());
        }

        // Conservation: the sample plus the cards played make up the deck.
        let mut played: Vec<(Seat, Card)> = Vec::new();
        for t in h.tricks.iter().chain(std::iter::once(&h.trick)) {
            played.extend(t.plays.iter().map(|p| (p.seat, p.card)));
        }
        let mut all: Vec<Card> = hidden.hands.iter().flatten().copied().collect();
        all.extend(&hidden.widow);
        all.extend(&hidden.discards);
        all.extend(&hidden.lone_discards);
        all.extend(played.iter().map(|&(_, c)| c));
        all.extend(passed_upcards);
        all.extend(public_discards);
        // The upcard where it lies face up: not taken, or taken and discarded face up.
        let upcard_in_hand = upcard.filter(|c| taken && !public_discards.contains(c));
        if let Some(c) = upcard.filter(|c| upcard_in_hand.is_none() && !public_discards.contains(c))
        {
            all.push(c);
        }
        if count(&all) != self.rules.deck.counts() {
            return Err("the sample and the cards played do not make up the deck".into());
        }
        if let Some(c) = upcard_in_hand {
            let with_taker = hidden.hands[taker as usize].contains(&c)
                || played.iter().any(|&(s, p)| s == taker && p == c);
            if !with_taker {
                return Err(format!(
                    "seat {taker} took the upcard {c}, but the sample puts it elsewhere"
                ));
            }
        }

        // Public facts: voids, the revealed joker, and (for those who know them) passed cards.
        let ranking = self.ranking();
        for (s, cards) in hidden.hands.iter().enumerate() {
            let voids = h.voids[s];
            if let Some(&c) = cards.iter().find(|&&c| {
                ranking
                    .effective_suit(c)
                    .is_some_and(|su| voids & (1 << su.index()) != 0)
            }) {
                return Err(format!(
                    "seat {s} has shown void in the suit of {c} but the sample gives it that card"
                ));
            }
        }
        if let Some(holder) = h.joker_revealed_by {
            let joker_played = played.iter().any(|&(_, c)| c.is_joker());
            let with_holder = hidden.hands[holder as usize].contains(&Card::JOKER)
                || (declarer == Some(holder) && hidden.discards.contains(&Card::JOKER));
            if !joker_played && !with_holder {
                return Err(format!(
                    "seat {holder} revealed the joker, but the sample puts it elsewhere"
                ));
            }
        }
        // Five Hundred: the called card is with the partner (until played), and an open misère's
        // hand is the declarer's.
        if let (Some(card), Some(p)) = (h.called, h.partner) {
            let played = played.iter().any(|&(s, c)| s == p && c == card);
            if !played && !hidden.hands[p as usize].contains(&card) {
                return Err(format!(
                    "seat {p} showed the called card {card}, but the sample puts it elsewhere"
                ));
            }
        }
        if let Some(d) = declarer
            && !known.open_hand.is_empty()
            && sorted(&hidden.hands[d as usize]) != known.open_hand
        {
            return Err(format!(
                "seat {d}'s open misère hand is public, but the sample gives it other cards"
            ));
        }
        let passer = declarer
            .filter(|_| !h.passed_cards.is_empty())
            .map(|d| self.passing_partner(d));
        let knows_passed = !known.passed_cards.is_empty();
        // Cards each seat has played.
        let mut played_by = vec![Vec::new(); n];
        for &(s, c) in &played {
            played_by[s as usize].push(c);
        }
        if let (Some(d), true) = (declarer, knows_passed) {
            // The passed cards are in the declarer's hand or were played by it.
            let mut have = hidden.hands[d as usize].clone();
            have.extend(&played_by[d as usize]);
            if minus(&count(&have), &h.passed_cards).is_none() {
                return Err("the cards passed to the lone bidder are not with the bidder".into());
            }
        }

        let mut g = self.clone();
        let gh = &mut g.hand;
        for (s, cards) in hidden.hands.iter().enumerate() {
            gh.hands[s] = cards.iter().copied().collect();
            gh.hands[s].sort_unstable();
        }
        if widow_hidden {
            gh.widow = passed_upcards
                .iter()
                .chain(upcard.iter())
                .chain(&hidden.widow)
                .copied()
                .collect();
        }
        if !face_up {
            gh.discards = hidden.discards.iter().copied().collect();
        }
        gh.lone_discards = hidden.lone_discards.iter().copied().collect();

        // What the viewer never saw is rebuilt from the sample, so no hidden card of the real
        // game survives: the widow the declarer took and the cards passed to a lone bidder.
        if let Some(d) = declarer {
            let mut declarer_cards = hidden.hands[d as usize].clone();
            declarer_cards.extend(&played_by[d as usize]);
            if !h.passed_cards.is_empty() && !knows_passed {
                // Any two of the bidder's cards since the pass will do.
                gh.passed_cards = declarer_cards.iter().take(2).copied().collect();
            }
            if !widow_hidden && !is_declarer && !h.widow.is_empty() {
                // The declarer took the widow: say it discarded what it took (or, before its
                // discard, that the widow was among the cards it holds), never putting a
                // revealed joker in the widow.
                let need = h.widow.len();
                let joker_revealed_here = h.joker_revealed_by == Some(d);
                let mut widow = hidden.discards.clone();
                if widow.len() != need || (joker_revealed_here && widow.contains(&Card::JOKER)) {
                    let mut pool = declarer_cards.clone();
                    if joker_revealed_here {
                        pool.retain(|c| !c.is_joker());
                    }
                    // Cards passed to the bidder were not in the widow.
                    let pool_counts = minus(&count(&pool), &gh.passed_cards)
                        .ok_or("cannot rebuild the widow from the sample")?;
                    let pool = to_hand(&pool_counts);
                    if pool.len() < need {
                        return Err("cannot rebuild the widow from the sample".into());
                    }
                    widow = pool[..need].to_vec();
                }
                gh.widow = widow.into_iter().collect();
            }
        }
        // The deal: each seat's cards now, plus what it played, adjusted for the exchanges.
        for (s, played) in played_by.iter().enumerate() {
            let mut cards: Vec<Card> = gh.hands[s].to_vec();
            cards.extend(played);
            let seat_s = s as Seat;
            if Some(seat_s) == discarder {
                cards.extend(gh.discards.iter());
            }
            if Some(seat_s) == declarer {
                cards.extend(gh.lone_discards.iter());
            }
            if face_up && taken && seat_s == taker {
                cards.extend(gh.discards.iter());
            }
            let mut counts = count(&cards);
            if let Some(c) = upcard.filter(|_| taken && seat_s == taker) {
                counts = minus(&counts, &[c]).ok_or("cannot rebuild the deal: the upcard")?;
            }
            if Some(seat_s) == declarer {
                counts = minus(&counts, &gh.passed_cards)
                    .ok_or("cannot rebuild the deal: passed cards")?;
                if gh.widow_taken {
                    counts = minus(&counts, &gh.widow).ok_or("cannot rebuild the deal: widow")?;
                }
            }
            if Some(seat_s) == passer {
                for &c in &gh.passed_cards {
                    counts[c.index()] += 1;
                }
            }
            gh.deal[s] = to_hand(&counts);
        }
        g.check_integrity()?;
        Ok(g)
    }
}
