//! An exact open-hand solver of the trick play: every hand seen, how many of the tricks left a
//! set of seats (the target) takes when the seats of one coalition (the maximizers) try to make
//! that number as large as possible and every other seat as small as possible.
//!
//! Alpha-beta over single card plays, with:
//!
//! - a **transposition table** at every trick's start, keyed by the cards left in each hand
//!   and the leader (and, in Five Hundred at no trump while the joker is out, the suits its
//!   holder renounced, which decide the suits it may name), holding bounds on the value and
//!   the best lead found;
//! - **equivalent cards merged**: of a seat's cards of one effective suit, consecutive in rank
//!   with no card between them left in another hand or lying on the trick in progress, only one
//!   is tried (identical cards of a double deck included);
//! - **move ordering**: the table's best lead first; a lead of the highest card left in its
//!   suit before the others; in second hand and later, the cheapest card that takes the trick
//!   from the other coalition, else the lowest card (the lowest when a partner already wins).
//!
//! The cards are numbered afresh for each position solved (by effective suit, then strength),
//! so a hand is a bit set and the trick's winner is decided by the engine's own trick keys
//! (`Ranking::trick_key`; of two equal cards the first played wins, as in the engine).
//! Tricks are the whole of the value: no game of the family scores the cards within a trick.
//! The tests check every value against plain minimax over the engine's own `Game::apply`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use arrayvec::ArrayVec;

use crate::engine::{Action, Card, Game, MAX_SEATS, Phase, Ranking, Scoring, Seat, Suit};

/// A move: the card's number, and the suit a led joker names at no trump (4: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Move {
    card: u8,
    named: u8,
}

/// What a position's numbering of the cards says about them, fixed while it is solved.
#[derive(Debug, Clone)]
struct Tables {
    /// The card of each number.
    cards: ArrayVec<Card, 64>,
    /// Each card's effective suit (4: the joker at no trump).
    eff: [u8; 64],
    /// Each card's strength within its effective suit.
    strength: [u8; 64],
    /// The trick key of each card by the suit led (0..4, 4 for none).
    keys: [[u8; 64]; 5],
    /// The cards of each effective suit.
    suit_mask: [u64; 5],
    /// For each card, the first and last numbers of the cards of its suit and strength.
    lo: [u8; 64],
    hi: [u8; 64],
    /// The joker's number when it is played at no trump (a led joker names a suit), else none.
    nt_joker: Option<u8>,
    /// Seats in the play.
    active: u8,
    players: u8,
    /// The seats whose tricks are counted, and the seats that maximize that count.
    target: u8,
    maxers: u8,
}

/// The state that changes while searching (copied on each step and put back).
#[derive(Debug, Clone, Copy)]
struct State {
    hands: [u64; MAX_SEATS],
    voids: [u8; MAX_SEATS],
    /// The trick in progress: (seat, card) in play order.
    trick: [(u8, u8); MAX_SEATS],
    trick_len: u8,
    /// The effective suit led to the trick in progress (4 before the lead).
    led: u8,
    leader: u8,
    /// Tricks not yet finished, the one in progress included.
    left: u8,
}

/// The transposition table's key: the hands, the leader, and the renounced suits where they
/// matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [u64; MAX_SEATS],
    leader: u8,
    voids: u8,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    lower: i8,
    upper: i8,
    best: u8,
}

/// A multiply-rotate hasher (the keys are bit sets, already well mixed by the card numbers).
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The seats whose tricks count and the seats that want them many, for `me` in `game`: in
/// Buck Euchre each player alone (its own tricks against everybody); at misère the declaring
/// seats' tricks, which everybody else wants many; otherwise `me`'s coalition (the declaring
/// seats, a called partner's included, or all the others), or `me`'s side when nobody
/// declared.
pub(crate) fn coalition(game: &Game, me: Seat) -> (u8, u8) {
    let rules = game.rules();
    let sides = rules.sides();
    let n = rules.players;
    let all: u8 = ((1u16 << n) - 1) as u8;
    let seats_of = |side_mask: u8| -> u8 {
        (0..n)
            .filter(|&s| side_mask & (1 << sides.of(s)) != 0)
            .fold(0, |m, s| m | 1 << s)
    };
    if rules.scoring == Scoring::Buck {
        let mine = seats_of(1 << sides.of(me));
        return (mine, mine);
    }
    match game.contract() {
        Some(c) => {
            let declaring = seats_of(game.declaring_sides());
            if c.bid.misere.is_some() {
                (declaring, all & !declaring)
            } else if declaring & (1 << me) != 0 {
                (declaring, declaring)
            } else {
                (all & !declaring, all & !declaring)
            }
        }
        None => {
            let mine = seats_of(1 << sides.of(me));
            (mine, mine)
        }
    }
}

/// The solver of one position (a game in its play phase, every hand known).
pub(crate) struct Solver {
    t: Tables,
    s: State,
    tt: HashMap<Key, Entry, BuildHasherDefault<FastHasher>>,
    /// Nodes visited (for the benchmarks and tests).
    pub nodes: u64,
}

impl Solver {
    /// The solver of `game`'s play from here, counting the tricks of the seats in `target`,
    /// which the seats in `maxers` want many and the others few; None outside the play.
    pub(crate) fn new(game: &Game, target: u8, maxers: u8) -> Option<Solver> {
        if game.phase() != Phase::Play {
            return None;
        }
        let ranking: Ranking = game.ranking();
        let rules = game.rules();
        let n = rules.players;
        let (sitting_out, voids) = (game.sitting_out(), game.renounced());
        let active = !sitting_out & (((1u16 << n) - 1) as u8);
        // Every card still to be played, and those on the trick in progress.
        let trick = game.current_trick();
        let mut all: Vec<(Card, Option<Seat>)> = Vec::new();
        // (A seat sitting out keeps its cards, never played.)
        for s in (0..n).filter(|&s| active & (1 << s) != 0) {
            all.extend(game.hand_of(s).iter().map(|&c| (c, Some(s))));
        }
        all.extend(trick.plays.iter().map(|p| (p.card, None)));
        if all.len() > 64 {
            return None;
        }
        all.sort_by_key(|&(c, _)| (ranking.eff_code(c), ranking.strength(c), c.index()));
        let mut t = Tables {
            cards: ArrayVec::new(),
            eff: [0; 64],
            strength: [0; 64],
            keys: [[0; 64]; 5],
            suit_mask: [0; 5],
            lo: [0; 64],
            hi: [0; 64],
            nt_joker: None,
            active,
            players: n,
            target,
            maxers,
        };
        let mut s = State {
            hands: [0; MAX_SEATS],
            voids,
            trick: [(0, 0); MAX_SEATS],
            trick_len: 0,
            led: 4,
            leader: trick.leader,
            left: (rules.cards_per_player() - game.tricks().len()) as u8,
        };
        let mut trick_cards: ArrayVec<u8, MAX_SEATS> = ArrayVec::new();
        for (i, &(c, holder)) in all.iter().enumerate() {
            t.cards.push(c);
            t.eff[i] = ranking.eff_code(c);
            t.strength[i] = ranking.strength(c);
            for led in 0..5u8 {
                t.keys[led as usize][i] = ranking.trick_key(c, led);
            }
            t.suit_mask[t.eff[i] as usize] |= 1 << i;
            if c.is_joker() && ranking.trump.is_none() {
                t.nt_joker = Some(i as u8);
            }
            match holder {
                Some(seat) => s.hands[seat as usize] |= 1 << i,
                None => trick_cards.push(i as u8),
            }
        }
        let mut start = 0;
        for i in 1..=all.len() {
            if i == all.len() || (t.eff[i], t.strength[i]) != (t.eff[start], t.strength[start]) {
                for k in start..i {
                    t.lo[k] = start as u8;
                    t.hi[k] = (i - 1) as u8;
                }
                start = i;
            }
        }
        // The trick in progress, in play order: each card's number (equal cards numbered in
        // turn).
        let mut used = 0u64;
        for p in &trick.plays {
            let i = trick_cards
                .iter()
                .copied()
                .find(|&i| t.cards[i as usize] == p.card && used & (1 << i) == 0)?;
            used |= 1 << i;
            if s.trick_len == 0 {
                s.led = match p.suit {
                    Some(named) => named.index() as u8,
                    None => t.eff[i as usize],
                };
            }
            s.trick[s.trick_len as usize] = (p.seat, i);
            s.trick_len += 1;
        }
        Some(Solver {
            t,
            s,
            tt: HashMap::default(),
            nodes: 0,
        })
    }

    /// The target's tricks from here (the trick in progress included) with best play.
    pub(crate) fn value(&mut self) -> i8 {
        self.search(0, self.s.left as i8)
    }

    /// Every legal action of the seat to play, as the engine lists it, with the target's
    /// tricks from here after it, with best play (equivalent cards share one search).
    pub(crate) fn action_values(&mut self) -> Vec<(Action, i8)> {
        let seat = self.to_move();
        let legal = self.legal(seat);
        let mut out = Vec::new();
        let mut done: Vec<(Move, i8)> = Vec::new();
        let mut bits = legal;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let names: ArrayVec<u8, 4> = self.names(seat, i);
            for named in names {
                let m = Move { card: i, named };
                let rep = self.representative(seat, legal, m);
                let v = match done.iter().find(|(r, _)| *r == rep) {
                    Some(&(_, v)) => v,
                    None => {
                        let v = self.after(seat, rep, 0, self.s.left as i8);
                        done.push((rep, v));
                        v
                    }
                };
                // The engine lists two identical cards (a double deck's) once.
                let a = self.action(m);
                if !out.iter().any(|(x, _)| *x == a) {
                    out.push((a, v));
                }
            }
        }
        out
    }

    fn action(&self, m: Move) -> Action {
        Action::Play {
            card: self.t.cards[m.card as usize],
            suit: (m.named < 4).then(|| Suit::ALL[m.named as usize]),
        }
    }

    /// The seat to play.
    fn to_move(&self) -> u8 {
        if self.s.trick_len == 0 {
            self.s.leader
        } else {
            self.next_active(self.s.trick[self.s.trick_len as usize - 1].0)
        }
    }

    fn next_active(&self, seat: u8) -> u8 {
        let mut s = seat;
        loop {
            s = if s + 1 >= self.t.players { 0 } else { s + 1 };
            if self.t.active & (1 << s) != 0 {
                return s;
            }
        }
    }

    /// The cards `seat` may play.
    fn legal(&self, seat: u8) -> u64 {
        let hand = self.s.hands[seat as usize];
        if self.s.trick_len == 0 || self.s.led >= 4 {
            return hand;
        }
        let follow = hand & self.t.suit_mask[self.s.led as usize];
        if follow != 0 { follow } else { hand }
    }

    /// The suits a play of card `i` names: those `seat` has not renounced (all four if it
    /// renounced all) for the joker led at no trump; none (4) otherwise.
    fn names(&self, seat: u8, i: u8) -> ArrayVec<u8, 4> {
        let mut out = ArrayVec::new();
        if self.s.trick_len == 0 && self.t.nt_joker == Some(i) {
            let renounced = self.s.voids[seat as usize] & 0xF;
            let allowed = if renounced == 0xF {
                0xF
            } else {
                !renounced & 0xF
            };
            for suit in 0..4 {
                if allowed & (1 << suit) != 0 {
                    out.push(suit);
                }
            }
        } else {
            out.push(4);
        }
        out
    }

    /// Cards that are in another hand or on the trick in progress: what separates two of
    /// `seat`'s cards.
    fn outside(&self, seat: u8) -> u64 {
        let mut m = 0u64;
        for (s, h) in self.s.hands.iter().enumerate() {
            if s != seat as usize {
                m |= h;
            }
        }
        for &(_, c) in &self.s.trick[..self.s.trick_len as usize] {
            m |= 1 << c;
        }
        m
    }

    /// The lowest card of `m`'s run of equivalent legal cards (the move searched for it).
    fn representative(&self, seat: u8, legal: u64, m: Move) -> Move {
        if m.named < 4 {
            return m;
        }
        let outside = self.outside(seat);
        let mut i = m.card;
        loop {
            // The next lower legal card of the same suit with nothing outside between.
            let below =
                legal & ((1u64 << i) - 1) & self.t.suit_mask[self.t.eff[i as usize] as usize];
            if below == 0 {
                return Move { card: i, named: 4 };
            }
            let j = 63 - below.leading_zeros() as u8;
            let range = range_mask(self.t.lo[j as usize], self.t.hi[i as usize]);
            if outside & range != 0 && self.t.cards[j as usize] != self.t.cards[i as usize] {
                return Move { card: i, named: 4 };
            }
            i = j;
        }
    }

    /// The moves worth searching for `seat`, best first.
    fn moves(&self, seat: u8, tt_best: Option<u8>) -> ArrayVec<(i32, Move), 64> {
        let legal = self.legal(seat);
        let outside = self.outside(seat);
        let me_max = self.t.maxers & (1 << seat) != 0;
        // The trick's best card so far, and whether it is my coalition's.
        let (best_key, ours) = if self.s.trick_len > 0 {
            let led = self.s.led.min(4) as usize;
            let mut bk = 0u8;
            let mut bs = 0u8;
            for (k, &(s, c)) in self.s.trick[..self.s.trick_len as usize].iter().enumerate() {
                let key = self.t.keys[led][c as usize];
                if k == 0 || key > bk {
                    bk = key;
                    bs = s;
                }
            }
            (bk, (self.t.maxers & (1 << bs) != 0) == me_max)
        } else {
            (0, false)
        };
        let mut out: ArrayVec<(i32, Move), 64> = ArrayVec::new();
        let mut prev: Option<u8> = None;
        let mut bits = legal;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            // Equivalent to the previous legal card of its suit: skipped.
            if let Some(j) = prev
                && self.t.eff[j as usize] == self.t.eff[i as usize]
                && (outside & range_mask(self.t.lo[j as usize], self.t.hi[i as usize]) == 0
                    || self.t.cards[j as usize] == self.t.cards[i as usize])
                && self.t.nt_joker != Some(i)
            {
                prev = Some(i);
                continue;
            }
            prev = Some(i);
            let st = i32::from(self.t.strength[i as usize]);
            let score = if self.s.trick_len == 0 {
                // A lead: the highest card left of its suit first, then low cards.
                let suit = self.t.suit_mask[self.t.eff[i as usize] as usize];
                let higher = suit & !range_mask(0, self.t.hi[i as usize]);
                if Some(i) == tt_best {
                    10_000
                } else if outside & higher == 0 {
                    1000 + st
                } else {
                    500 - st
                }
            } else {
                let key = self.t.keys[self.s.led.min(4) as usize][i as usize];
                if key > best_key && !ours {
                    // The cheapest card that takes the trick.
                    1000 - i32::from(key)
                } else {
                    500 - st - i32::from(key)
                }
            };
            for named in self.names(seat, i) {
                out.push((score, Move { card: i, named }));
            }
        }
        out.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        out
    }

    /// Plays `m` for `seat`; if it ends the trick, whether the target won it.
    fn play(&mut self, seat: u8, m: Move) -> Option<bool> {
        let i = m.card;
        let s = &mut self.s;
        s.hands[seat as usize] &= !(1u64 << i);
        if s.trick_len == 0 {
            s.led = if m.named < 4 {
                m.named
            } else {
                self.t.eff[i as usize]
            };
            s.leader = seat;
        } else if s.led < 4 && self.t.eff[i as usize] != s.led {
            s.voids[seat as usize] |= 1 << s.led;
        }
        s.trick[s.trick_len as usize] = (seat, i);
        s.trick_len += 1;
        if u32::from(s.trick_len) < self.t.active.count_ones() {
            return None;
        }
        let led = s.led.min(4) as usize;
        let (mut best, mut best_key) = (s.trick[0].0, self.t.keys[led][s.trick[0].1 as usize]);
        for &(p, c) in &s.trick[1..s.trick_len as usize] {
            let key = self.t.keys[led][c as usize];
            if key > best_key {
                best = p;
                best_key = key;
            }
        }
        s.trick_len = 0;
        s.led = 4;
        s.leader = best;
        s.left -= 1;
        Some(self.t.target & (1 << best) != 0)
    }

    /// The value after `seat` plays `m`, searched in the window.
    fn after(&mut self, seat: u8, m: Move, alpha: i8, beta: i8) -> i8 {
        let saved = self.s;
        let v = match self.play(seat, m) {
            Some(won) => {
                let w = i8::from(won);
                w + self.search(alpha - w, beta - w)
            }
            None => self.search(alpha, beta),
        };
        self.s = saved;
        v
    }

    fn key(&self) -> Key {
        let voids = match self.t.nt_joker {
            Some(j) => (0..self.t.players)
                .find(|&s| self.s.hands[s as usize] & (1 << j) != 0)
                .map_or(0, |s| self.s.voids[s as usize] & 0xF),
            None => 0,
        };
        Key {
            hands: self.s.hands,
            leader: self.s.leader,
            voids,
        }
    }

    /// Fail-soft alpha-beta: the target's tricks from here.
    fn search(&mut self, mut alpha: i8, mut beta: i8) -> i8 {
        self.nodes += 1;
        let left = self.s.left as i8;
        let mut key = None;
        let mut tt_best = None;
        if self.s.trick_len == 0 {
            if left == 0 {
                return 0;
            }
            if alpha >= left {
                return left;
            }
            if beta <= 0 {
                return 0;
            }
            let k = self.key();
            if let Some(e) = self.tt.get(&k) {
                if e.lower >= beta || e.lower == e.upper {
                    return e.lower;
                }
                if e.upper <= alpha {
                    return e.upper;
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
                tt_best = Some(e.best);
            }
            key = Some(k);
        }
        let seat = self.to_move();
        let maxing = self.t.maxers & (1 << seat) != 0;
        let moves = self.moves(seat, tt_best);
        let (a0, b0) = (alpha, beta);
        let mut best = if maxing { i8::MIN } else { i8::MAX };
        let mut best_move = moves[0].1;
        for &(_, m) in &moves {
            let v = self.after(seat, m, alpha, beta);
            if maxing {
                if v > best {
                    best = v;
                    best_move = m;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_move = m;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            let e = self.tt.entry(k).or_insert(Entry {
                lower: 0,
                upper: left,
                best: best_move.card,
            });
            if best <= a0 {
                e.upper = e.upper.min(best);
            } else if best >= b0 {
                e.lower = e.lower.max(best);
            } else {
                e.lower = best;
                e.upper = best;
            }
            e.best = best_move.card;
        }
        best
    }
}

/// The bits `lo..=hi`.
fn range_mask(lo: u8, hi: u8) -> u64 {
    let upto = if hi >= 63 {
        u64::MAX
    } else {
        (1u64 << (hi + 1)) - 1
    };
    upto & !((1u64 << lo) - 1)
}

/// Every hand open, the tricks left (the one in progress included) that `seat`'s coalition
/// takes after each of its legal actions with best play by everyone (see `coalition`: at
/// Five Hundred's misère, the declarer's tricks); None when it is not `seat`'s turn to play a
/// card. For the benchmarks and for bot authors who want an exact reference.
pub fn open_hand_values(game: &Game, seat: Seat) -> Option<Vec<(Action, i8)>> {
    if game.turn() != Some(seat) {
        return None;
    }
    let (target, maxers) = coalition(game, seat);
    Some(Solver::new(game, target, maxers)?.action_values())
}

/// What `winners` of the tricks left (the one in progress included) score: `me`'s side's points
/// minus the other sides' mean, negated where scores count down (as the expert's playouts
/// score a hand).
pub(crate) fn margin(game: &Game, me: Seat, winners: &[Seat]) -> f64 {
    let d = game.score_if_won_by(winners);
    let team = game.rules().sides().of(me) as usize;
    let own = f64::from(d[team]);
    let others = d.iter().map(|&x| f64::from(x)).sum::<f64>() - own;
    let m = own - others / (d.len() - 1).max(1) as f64;
    if game.rules().counts_down() { -m } else { m }
}

/// Who takes the tricks left when the target takes `value` of them: the target's first, to
/// `me` if it is one of them, else to its first seat in play; the others in turn among the
/// seats in play outside the target, from `me`'s left.
pub(crate) fn winners(game: &Game, me: Seat, target: u8, value: i8, left: u8) -> Vec<Seat> {
    let n = game.rules().players;
    let sitting = game.sitting_out();
    let active = |s: Seat| sitting & (1 << s) == 0;
    let ours = if target & (1 << me) != 0 && active(me) {
        me
    } else {
        (0..n)
            .find(|&s| target & (1 << s) != 0 && active(s))
            .unwrap_or(me)
    };
    let others: Vec<Seat> = (1..=n)
        .map(|k| (me + k) % n)
        .filter(|&s| target & (1 << s) == 0 && active(s))
        .collect();
    let mut out = vec![ours; value.max(0) as usize];
    for k in 0..(left as usize).saturating_sub(out.len()) {
        out.push(if others.is_empty() {
            ours
        } else {
            others[k % others.len()]
        });
    }
    out
}

#[cfg(test)]
mod tests;
