//! The sampler: random assignments of the cards a seat cannot see, consistent with everything
//! that seat knows. The expert plays its decisions out over these samples, and the HTTP API
//! hands them to bot authors (`GET /v1/games/{id}/samples?count=N`).
//!
//! See [`sample_hidden`] for what a sample respects and how it is drawn.

use std::collections::HashMap;

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::engine::{AloneRule, Card, Phase, Ranking, SampleDeal, Seat, UpcardFate, View};

/// Why no sample can be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    /// The view is a spectator's: samples are drawn for a seat.
    #[error("samples are drawn for a seat; a spectator view has no seat")]
    NotASeat,
    /// The game is over: nothing is hidden any more.
    #[error("the game is over: no cards are hidden")]
    GameOver,
    /// The view contradicts itself (it was not made by the engine).
    #[error("the view is inconsistent: {0}")]
    Inconsistent(String),
}

/// Card classes: the four effective suits, then the joker.
const CLASSES: usize = 5;
const JOKER_CLASS: usize = 4;

/// Where hidden cards can lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Hand(Seat),
    Widow,
    Discards,
    LoneDiscards,
}

#[derive(Debug, Clone)]
struct Slot {
    place: Place,
    cap: usize,
    /// Bit `c` set: class `c` may lie here.
    eligible: u8,
}

/// A prepared sampler for one view: build it once, draw as many samples as needed.
#[derive(Debug, Clone)]
pub struct Sampler {
    players: usize,
    seat: Seat,
    own_hand: Vec<Card>,
    /// The viewer's own discards when it is the declarer, split into the exchange discard and
    /// the lone discard.
    own_discards: Vec<Card>,
    own_lone_discards: Vec<Card>,
    /// Cards known to be in a seat's hand (passed cards the passer knows about).
    forced: Vec<(Seat, Card)>,
    /// The hidden cards by class.
    pool: [Vec<Card>; CLASSES],
    /// Constrained slots first, then the free ones.
    slots: Vec<Slot>,
    /// Index of the first slot every class may fill: from there on a plain deal is uniform.
    free_from: usize,
    /// The number of ways to fill slots `j..` from class counts `r`, by [`key`].
    memo: HashMap<u64, f64, FastHash>,
    /// The possible splits for slot `j` from class counts `r` with their weights, by [`key`].
    choices: HashMap<u64, Vec<([u8; CLASSES], f64)>, FastHash>,
}

/// A memo key: the slot and the remaining class counts, packed.
fn key(j: usize, r: [u8; CLASSES]) -> u64 {
    r.iter().fold(j as u64, |k, &x| k << 8 | u64::from(x))
}

/// A multiplicative hasher for the packed keys (the default hasher is slow for them).
#[derive(Debug, Clone, Copy, Default)]
struct FastHash;

#[derive(Debug, Default)]
struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

impl std::hash::BuildHasher for FastHash {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0)
    }
}

fn binom(n: u8, k: u8) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    let mut r = 1.0;
    for i in 0..k {
        r = r * f64::from(n - i) / f64::from(i + 1);
    }
    r
}

/// `n! / (k1! k2! ...)` for caps summing to `n`.
fn multinomial(caps: impl Iterator<Item = usize>) -> f64 {
    let mut total = 0u32;
    let mut r = 1.0;
    for c in caps {
        for i in 1..=c as u32 {
            total += 1;
            r = r * f64::from(total) / f64::from(i);
        }
    }
    r
}

fn class_of(ranking: Ranking, card: Card) -> usize {
    if card.is_joker() {
        JOKER_CLASS
    } else {
        ranking
            .effective_suit(card)
            .map_or(JOKER_CLASS, |s| s.index())
    }
}

impl Sampler {
    /// Prepares sampling for the seat whose view this is.
    pub fn new(view: &View) -> Result<Sampler, SampleError> {
        let seat = view.seat.ok_or(SampleError::NotASeat)?;
        if view.phase == Phase::GameOver {
            return Err(SampleError::GameOver);
        }
        let bad = |m: &str| SampleError::Inconsistent(m.to_string());
        let rules = &view.ruleset;
        let n = rules.seats();
        if view.hand_sizes.len() != n || view.voids.len() != n || seat as usize >= n {
            return Err(bad("wrong number of seats"));
        }
        let ranking = Ranking {
            trump: view.trump.and_then(|t| t.suit()),
            bowers: rules.bowers,
        };
        let declarer = view.contract.map(|c| c.seat);
        let is_declarer = declarer == Some(seat);

        // The unseen cards: the deck less what the seat has seen.
        let mut unseen = rules.deck.counts();
        let mut take = |c: Card| -> Result<(), SampleError> {
            let slot = &mut unseen[c.index()];
            *slot = slot
                .checked_sub(1)
                .ok_or_else(|| bad("a card is seen more often than the deck holds it"))?;
            Ok(())
        };
        for &c in &view.hand {
            take(c)?;
        }
        let mut played_by: Vec<Vec<Card>> = vec![Vec::new(); n];
        for t in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            for p in &t.plays {
                take(p.card)?;
                played_by
                    .get_mut(p.seat as usize)
                    .ok_or_else(|| bad("a play by a seat that does not exist"))?
                    .push(p.card);
            }
        }
        // Upcard games: the upcard is public wherever it lies; an upcard the dealer took stays
        // in the dealer's hand until played, and the dealer's one discard is face down.
        let upcard = view.upcard;
        let taken = upcard.is_some_and(|u| u.fate == UpcardFate::Taken);
        let discarder = rules.discarder(view.dealer, declarer);
        let owns_discards = discarder == Some(seat);
        // Bacon: the upcards passed and the taker's discard lie face up.
        let face_up = rules.successive_upcards();
        for &c in &view.passed_upcards {
            take(c)?;
        }
        let public_discard = upcard.and_then(|u| u.discard).filter(|_| face_up);
        if let Some(c) = public_discard {
            take(c)?;
        }
        let discard_size = if face_up {
            0
        } else if rules.upcard() {
            usize::from(taken)
        } else if view.trump.is_some() && view.contract.is_some() {
            // (Five Hundred's all-pass hands are played at no trump with the kitty untouched.)
            rules.widow_size()
        } else {
            0
        };
        let lone_two = rules.alone == AloneRule::ExchangeTwo && view.alone.is_some();
        let lone_made = lone_two && !(view.phase == Phase::PassCards && view.turn == declarer);
        let lone_size = if lone_made { 2 } else { 0 };
        let (mut own_discards, mut own_lone_discards) = (Vec::new(), Vec::new());
        let own_size = if owns_discards { discard_size } else { 0 };
        let own_lone_size = if is_declarer { lone_size } else { 0 };
        if view.discards.len() != own_size + own_lone_size {
            return Err(bad("the seat's own discards have the wrong size"));
        }
        if owns_discards || is_declarer {
            own_discards = view.discards[..own_size].to_vec();
            own_lone_discards = view.discards[own_size..].to_vec();
            for &c in &view.discards {
                take(c)?;
            }
        }

        let mut forced = Vec::new();
        if let Some(u) = upcard {
            // Taken by the dealer, or in Bacon by the seat left of the caller.
            let holder = u.taken_by.unwrap_or(view.dealer);
            let played = played_by
                .get(holder as usize)
                .is_some_and(|p| p.contains(&u.card));
            if !taken {
                // On the stub, face up.
                take(u.card)?;
            } else if public_discard == Some(u.card) {
                // Taken and discarded face up: seen above.
            } else if holder != seat && !played {
                take(u.card)?;
                forced.push((holder, u.card));
            }
        }
        // Five Hundred: the called card is with the partner it revealed (until played), and an
        // open misère's hand is public.
        if let (Some(card), Some(p)) = (view.called, view.partner)
            && p != seat
            && !played_by[p as usize].contains(&card)
        {
            take(card)?;
            forced.push((p, card));
        }
        if let Some(d) = declarer.filter(|&d| d != seat) {
            for &c in &view.open_hand {
                take(c)?;
                forced.push((d, c));
            }
        }
        // Passed cards the viewer knows about and does not hold: with the lone bidder.
        if let Some(d) = declarer
            && !view.passed_cards.is_empty()
            && !is_declarer
        {
            let mut left = view.passed_cards.clone();
            for c in &played_by[d as usize] {
                if let Some(i) = left.iter().position(|x| x == c) {
                    left.remove(i);
                }
            }
            for c in left {
                take(c)?;
                forced.push((d, c));
            }
        }

        let mut pool: [Vec<Card>; CLASSES] = Default::default();
        for c in Card::all() {
            for _ in 0..unseen[c.index()] {
                pool[class_of(ranking, c)].push(c);
            }
        }

        // The joker's holder, when it was revealed and the joker is still unseen.
        let joker_holder = view
            .joker_revealed_by
            .filter(|_| !pool[JOKER_CLASS].is_empty());
        let all: u8 = (1 << CLASSES) - 1;
        let mut slots = Vec::new();
        for s in 0..n as Seat {
            if s == seat {
                continue;
            }
            let mut cap = view.hand_sizes[s as usize] as usize;
            let held = forced.iter().filter(|(f, _)| *f == s).count();
            cap = cap
                .checked_sub(held)
                .ok_or_else(|| bad("a hand is smaller than the cards known to be in it"))?;
            let mut eligible = all;
            for su in &view.voids[s as usize] {
                eligible &= !(1 << su.index());
                if ranking.trump == Some(*su) {
                    eligible &= !(1 << JOKER_CLASS);
                }
            }
            if joker_holder.is_some_and(|h| h != s) {
                eligible &= !(1 << JOKER_CLASS);
            }
            slots.push(Slot {
                place: Place::Hand(s),
                cap,
                eligible,
            });
        }
        let no_joker = all & !(1 << JOKER_CLASS);
        let pile = |place, cap, may_hold_joker: bool| Slot {
            place,
            cap,
            eligible: if may_hold_joker { all } else { no_joker },
        };
        slots.push(pile(
            Place::Widow,
            view.widow_size as usize,
            joker_holder.is_none(),
        ));
        if !owns_discards {
            slots.push(pile(
                Place::Discards,
                discard_size,
                joker_holder.is_none() || joker_holder == discarder,
            ));
        }
        if !is_declarer {
            slots.push(pile(Place::LoneDiscards, lone_size, joker_holder.is_none()));
        }
        slots.retain(|s| s.cap > 0);
        let capacity: usize = slots.iter().map(|s| s.cap).sum();
        let hidden: usize = pool.iter().map(Vec::len).sum();
        if capacity != hidden {
            return Err(bad(
                "the hidden cards do not fill the hands and piles that are not seen",
            ));
        }
        // Constrained slots first.
        slots.sort_by_key(|s| s.eligible == all);
        let free_from = slots
            .iter()
            .position(|s| s.eligible == all)
            .unwrap_or(slots.len());
        let mut sampler = Sampler {
            players: n,
            seat,
            own_hand: view.hand.clone(),
            own_discards,
            own_lone_discards,
            forced,
            pool,
            slots,
            free_from,
            memo: HashMap::default(),
            choices: HashMap::default(),
        };
        let counts = sampler.counts();
        if sampler.ways(0, counts) <= 0.0 {
            return Err(bad("no placement of the hidden cards fits the voids"));
        }
        Ok(sampler)
    }

    fn counts(&self) -> [u8; CLASSES] {
        let mut r = [0u8; CLASSES];
        for (i, p) in self.pool.iter().enumerate() {
            r[i] = p.len() as u8;
        }
        r
    }

    /// Calls `f(y, weight)` for every way to give slot `j` `y[c]` cards of each class `c` out of
    /// `r`, where weight is the number of ways to choose those cards.
    fn splits(&self, j: usize, r: [u8; CLASSES], mut f: impl FnMut([u8; CLASSES], f64)) {
        let slot = &self.slots[j];
        fn rec(
            c: usize,
            left: usize,
            eligible: u8,
            r: &[u8; CLASSES],
            y: &mut [u8; CLASSES],
            w: f64,
            f: &mut dyn FnMut([u8; CLASSES], f64),
        ) {
            if c == CLASSES {
                if left == 0 {
                    f(*y, w);
                }
                return;
            }
            let max = if eligible & (1 << c) != 0 {
                (r[c] as usize).min(left)
            } else {
                0
            };
            for k in 0..=max {
                y[c] = k as u8;
                rec(c + 1, left - k, eligible, r, y, w * binom(r[c], k as u8), f);
            }
            y[c] = 0;
        }
        let mut y = [0u8; CLASSES];
        rec(0, slot.cap, slot.eligible, &r, &mut y, 1.0, &mut f);
    }

    /// The number of ways to fill slots `j..` from the class counts `r`.
    fn ways(&mut self, j: usize, r: [u8; CLASSES]) -> f64 {
        if j >= self.free_from {
            return multinomial(self.slots[j..].iter().map(|s| s.cap));
        }
        if let Some(&w) = self.memo.get(&key(j, r)) {
            return w;
        }
        let mut options = Vec::new();
        self.splits(j, r, |y, w| options.push((y, w)));
        let mut total = 0.0;
        for (y, w) in options {
            let mut rest = r;
            for c in 0..CLASSES {
                rest[c] -= y[c];
            }
            total += w * self.ways(j + 1, rest);
        }
        self.memo.insert(key(j, r), total);
        total
    }

    /// The splits slot `j` can take from class counts `r`, with weights proportional to the
    /// number of ways to complete each (only those with some).
    fn choices(&mut self, j: usize, r: [u8; CLASSES]) -> &[([u8; CLASSES], f64)] {
        let k = key(j, r);
        if !self.choices.contains_key(&k) {
            let mut options = Vec::new();
            self.splits(j, r, |y, w| options.push((y, w)));
            let mut weighted = Vec::with_capacity(options.len());
            for (y, w) in options {
                let mut rest = r;
                for c in 0..CLASSES {
                    rest[c] -= y[c];
                }
                let w = w * self.ways(j + 1, rest);
                if w > 0.0 {
                    weighted.push((y, w));
                }
            }
            self.choices.insert(k, weighted);
        }
        self.choices.get(&k).map_or(&[], Vec::as_slice)
    }

    /// Draws one sample.
    pub fn sample<R: Rng + ?Sized>(&mut self, rng: &mut R) -> SampleDeal {
        let mut pool = self.pool.clone();
        for p in &mut pool {
            p.shuffle(rng);
        }
        let mut r = self.counts();
        let mut filled: Vec<(Place, Vec<Card>)> = Vec::with_capacity(self.slots.len());
        for j in 0..self.free_from {
            let x = rng.random_range(0.0..1.0f64);
            let options = self.choices(j, r);
            debug_assert!(!options.is_empty(), "a feasible state has a split");
            let Some(&(last, _)) = options.last() else {
                break;
            };
            let total: f64 = options.iter().map(|o| o.1).sum();
            let mut x = x * total;
            let mut y = last;
            for &(option, w) in options {
                if x < w {
                    y = option;
                    break;
                }
                x -= w;
            }
            let mut cards = Vec::with_capacity(self.slots[j].cap);
            for c in 0..CLASSES {
                for _ in 0..y[c] {
                    cards.extend(pool[c].pop());
                }
                r[c] -= y[c];
            }
            filled.push((self.slots[j].place, cards));
        }
        let mut rest: Vec<Card> = pool.into_iter().flatten().collect();
        rest.shuffle(rng);
        for slot in &self.slots[self.free_from..] {
            let cards = rest.split_off(rest.len() - slot.cap);
            filled.push((slot.place, cards));
        }

        let mut deal = SampleDeal {
            hands: vec![Vec::new(); self.players],
            widow: Vec::new(),
            discards: self.own_discards.clone(),
            lone_discards: self.own_lone_discards.clone(),
        };
        deal.hands[self.seat as usize] = self.own_hand.clone();
        for &(s, c) in &self.forced {
            deal.hands[s as usize].push(c);
        }
        for (place, cards) in filled {
            match place {
                Place::Hand(s) => deal.hands[s as usize].extend(cards),
                Place::Widow => deal.widow = cards,
                Place::Discards => deal.discards = cards,
                Place::LoneDiscards => deal.lone_discards = cards,
            }
        }
        for h in &mut deal.hands {
            h.sort_unstable();
        }
        deal.widow.sort_unstable();
        deal.discards.sort_unstable();
        deal.lone_discards.sort_unstable();
        deal
    }
}

/// `count` random assignments of the cards the viewing seat cannot see, each consistent with
/// everything that seat knows, drawn independently and uniformly from all such assignments.
///
/// Each [`SampleDeal`] gives every seat's hand (the viewer's own as it is) and the face-down
/// piles; with the cards already played it makes up exactly the deck, and
/// [`Game::determinize`](crate::engine::Game::determinize) turns it into a playable game. It
/// serialises as `{"hands": [[card, ...], ...], "widow": [...], "discards": [...],
/// "lone_discards": [...]}` with cards as two-character codes.
///
/// Errors: a spectator view ([`SampleError::NotASeat`]), a finished game
/// ([`SampleError::GameOver`]), or a view the engine could not have produced.
///
/// # What a sample respects
///
/// A seat knows its own hand, every card played, the widow if it took it, its own discards,
/// the cards it passed or was passed, and from the public record: each seat's hand size, the
/// sizes of the face-down piles (the widow, the high bidder's discard, a lone bidder's discard),
/// the suits each seat has shown void in (by failing to follow; under the hand's trump, so a
/// seat void in trumps holds neither the joker nor the left bower), the seat that revealed
/// the joker after all passed (it holds the joker, or discarded it), and in upcard games the
/// upcard (public: on the stub, or in the dealer's hand once taken, until played; the dealer's
/// one discard then lies face down). Every sample respects all of these exactly.
///
/// # How it is drawn
///
/// Uniformly over all assignments of the physical cards that respect those facts (the two copies
/// of a card in a double deck count as different cards). Cards matter to the constraints only
/// through their class (their suit under the hand's trump, or the joker), so a dynamic
/// programme counts, slot by slot, the ways to fill the remaining slots from the remaining
/// class counts; each slot's share of each class is drawn in proportion to those counts, and the
/// cards within a class are shuffled. There is no rejection and no bias. The auction is not used
/// to weight the samples (a bid says something about a hand, but nothing certain).
///
/// # Cost
///
/// The counting is done once per call (a few hundred microseconds at most); each sample then
/// costs a few microseconds. `count` is not bounded here: a caller serving untrusted requests
/// should cap it.
pub fn sample_hidden<R: Rng + ?Sized>(
    view: &View,
    count: usize,
    rng: &mut R,
) -> Result<Vec<SampleDeal>, SampleError> {
    let mut sampler = Sampler::new(view)?;
    Ok((0..count).map(|_| sampler.sample(rng)).collect())
}
