//! An independent oracle of Five Hundred (RULES-FAMILY section 5) for the property tests: it
//! reads a finished hand's record and checks the auction, the kitty's exchange, the call, the
//! misère's sitting out, every trick (following, the joker at no trump, the winner) and the
//! points, and the game's end, from the text of the rules rather than the engine's code.

use crate::engine::{Bid, Card, HandRecord, Misere, Outcome, Ruleset, Seat, Sides, Suit, Trump};

/// The side of `seat` as section 0 and 5 say: seat % 2 at four and six (two teams), seat % 3
/// at six in three teams, else each seat its own.
fn side(rules: &Ruleset, seat: Seat) -> usize {
    match rules.sides() {
        Sides::Partners { teams } => (seat % teams) as usize,
        Sides::Individual { .. } => seat as usize,
    }
}

fn sides(rules: &Ruleset) -> usize {
    match rules.sides() {
        Sides::Partners { teams } => teams as usize,
        Sides::Individual { players } => players as usize,
    }
}

/// The bid's place in the order of section 5: strain bids by value, misère between 7NT (220)
/// and 8S (240), open misère above 10NT (520).
fn order(b: &Bid) -> u32 {
    match b.misere {
        Some(Misere::Closed) => 2300,
        Some(Misere::Open) => 5300,
        None => {
            let strain = match b.trump.expect("a strain bid") {
                Trump::Suit(Suit::Spades) => 0,
                Trump::Suit(Suit::Clubs) => 1,
                Trump::Suit(Suit::Diamonds) => 2,
                Trump::Suit(Suit::Hearts) => 3,
                Trump::NoTrump => 4,
            };
            10 * (40 + (u32::from(b.tricks) - 6) * 100 + 20 * strain)
        }
    }
}

/// The bid's value by the table: misère 250, open misère 520, else the strain bid's order.
fn value(b: &Bid) -> i32 {
    match b.misere {
        Some(Misere::Closed) => 250,
        Some(Misere::Open) => 520,
        None => (order(b) / 10) as i32,
    }
}

/// The suit a card belongs to when following, under `trump` (the left bower is a trump; the
/// joker a trump at a suit contract and of no suit at no trump).
fn suit_of(card: Card, trump: Trump, bowers: bool) -> Option<Suit> {
    if card.is_joker() {
        return trump.suit();
    }
    let (rank, suit) = (card.rank().unwrap(), card.suit().unwrap());
    if let Trump::Suit(t) = trump
        && bowers
        && rank == crate::engine::Rank::Jack
        && suit != t
        && matches!(
            (suit, t),
            (Suit::Clubs, Suit::Spades)
                | (Suit::Spades, Suit::Clubs)
                | (Suit::Diamonds, Suit::Hearts)
                | (Suit::Hearts, Suit::Diamonds)
        )
    {
        return Some(t);
    }
    Some(suit)
}

/// How strong a card is in a trick led in `led`: the joker above all, then trumps (right
/// bower, left bower, then by rank), then the suit led by rank; 0 for a card that cannot win.
fn power(card: Card, trump: Trump, bowers: bool, led: Option<Suit>) -> u32 {
    if card.is_joker() {
        return 1000;
    }
    let rank = card.rank().unwrap() as u32;
    let s = suit_of(card, trump, bowers);
    if trump.suit().is_some() && s == trump.suit() {
        let bower = bowers && card.rank() == Some(crate::engine::Rank::Jack);
        let extra = match (bower, card.suit() == trump.suit()) {
            (true, true) => 200,
            (true, false) => 100,
            _ => 0,
        };
        return 500 + extra + rank;
    }
    if s == led { 100 + rank } else { 0 }
}

/// Checks one finished hand of Five Hundred; `dealt` and `widow` are the seed's deal.
pub(super) fn check_record(
    rules: &Ruleset,
    rec: &HandRecord,
    dealer: Seat,
    dealt: &[Vec<Card>],
    widow: &[Card],
) {
    let n = rules.players;
    let kitty = rules.widow_size();
    assert_eq!(widow.len(), kitty);
    assert!(dealt.iter().all(|h| h.len() == 10), "ten cards each");

    // The auction: from the dealer's left; each passes or overcalls; a pass is not final
    // (`consecutive_passes`) or is (`open`); n-1 passes after a bid (or all passing) end it,
    // and open misère ends it at once.
    let final_passes = rules.auction == crate::engine::AuctionKind::Open;
    let mut passed = vec![false; n as usize];
    let mut high: Option<(Seat, Bid)> = None;
    let mut seat = (dealer + 1) % n;
    let mut run = 0usize;
    let mut over = false;
    for (i, call) in rec.auction.iter().enumerate() {
        assert!(!over, "call {i} after the auction ended");
        assert_eq!(call.seat, seat, "call {i}: wrong seat");
        match call.bid {
            None => {
                passed[seat as usize] = true;
                run += 1;
            }
            Some(b) => {
                assert!(b.pepper.is_none());
                assert!(
                    b.misere.is_some() || (b.trump.is_some() && (6..=10).contains(&b.tricks)),
                    "{b:?}"
                );
                if let Some((_, h)) = high {
                    assert!(order(&b) > order(&h), "{b} does not overcall {h}");
                }
                high = Some((seat, b));
                run = 0;
            }
        }
        let passes = passed.iter().filter(|&&p| p).count();
        over = match (final_passes, high) {
            (_, Some((_, b))) if b.misere == Some(Misere::Open) => true,
            (false, Some(_)) => run == n as usize - 1,
            (false, None) => run == n as usize,
            (true, Some(_)) => passes == n as usize - 1,
            (true, None) => passes == n as usize,
        };
        // The next seat: the left, skipping passers when a pass is final.
        seat = (seat + 1) % n;
        if final_passes && !over {
            while passed[seat as usize] {
                seat = (seat + 1) % n;
            }
        }
    }
    assert!(over, "the auction did not end: {:?}", rec.auction);

    let contract = rec.summary.contract;
    assert_eq!(contract.map(|c| (c.seat, c.bid)), high);
    let trump = match high {
        None => Trump::NoTrump,
        Some((_, b)) => match b.misere {
            Some(_) => Trump::NoTrump,
            None => b.trump.unwrap(),
        },
    };
    assert_eq!(rec.trump, Some(trump));
    let bowers = rules.bowers;

    // Hands at the start of the play.
    let mut held: Vec<Vec<Card>> = dealt.to_vec();
    let mut out = vec![false; n as usize];
    let mut partner = None;
    match high {
        None => {
            assert!(rec.discards.is_empty(), "the kitty stays untouched");
            assert_eq!(rec.called, None);
        }
        Some((d, b)) => {
            assert_eq!(rec.discards.len(), kitty, "as many discards as the kitty");
            let mut mine = held[d as usize].clone();
            mine.extend_from_slice(widow);
            for c in &rec.discards {
                let i = mine
                    .iter()
                    .position(|x| x == c)
                    .expect("a discard the declarer held");
                mine.remove(i);
            }
            held[d as usize] = mine;
            if b.misere.is_some() {
                // Played alone: partners sit out.
                for s in 0..n {
                    out[s as usize] = s != d && side(rules, s) == side(rules, d);
                }
                assert_eq!(rec.called, None);
                assert_eq!(rec.alone, Some(d), "a misère is played alone");
                assert!(rec.dropped.is_empty(), "nobody dropped out");
            } else if n == 5 {
                match rec.called {
                    None => assert_eq!(rec.alone, Some(d), "alone or a call"),
                    Some(card) => {
                        assert!(suit_of(card, trump, bowers) != trump.suit() && !card.is_joker());
                        assert!(!held[d as usize].contains(&card) && !rec.discards.contains(&card));
                        let holder = (0..n).find(|&s| held[s as usize].contains(&card));
                        assert_eq!(rec.partner, holder);
                        partner = holder;
                    }
                }
            } else {
                assert_eq!(rec.called, None);
            }
        }
    }

    // The play: ten tricks; the declarer (all passing: the dealer's left) leads the first.
    assert_eq!(rec.tricks.len(), 10);
    let mut leader = high.map_or((dealer + 1) % n, |(d, _)| d);
    let mut renounced = vec![[false; 4]; n as usize];
    let mut won = vec![0i32; n as usize];
    for (i, t) in rec.tricks.iter().enumerate() {
        assert_eq!(t.leader, leader, "trick {i}: the winner of the last leads");
        let active: Vec<Seat> = (0..n)
            .map(|k| (leader + k) % n)
            .filter(|s| !out[*s as usize])
            .collect();
        let order_played: Vec<Seat> = t.plays.iter().map(|p| p.seat).collect();
        assert_eq!(
            order_played, active,
            "trick {i}: one card per active seat in turn"
        );
        let first = t.plays[0];
        let led = if first.card.is_joker() && trump == Trump::NoTrump {
            let named = first.suit.expect("a led joker names a suit");
            let r = renounced[first.seat as usize];
            assert!(
                !r[named.index()] || r.iter().all(|&x| x),
                "the led joker names a suit its holder renounced"
            );
            Some(named)
        } else {
            assert_eq!(first.suit, None);
            suit_of(first.card, trump, bowers)
        };
        for (k, p) in t.plays.iter().enumerate() {
            let hand = &mut held[p.seat as usize];
            let at = hand
                .iter()
                .position(|c| *c == p.card)
                .expect("a card in hand");
            hand.remove(at);
            if k == 0 {
                continue;
            }
            assert_eq!(p.suit, None, "only a led joker names a suit");
            let follows = suit_of(p.card, trump, bowers) == led
                && !(p.card.is_joker() && trump == Trump::NoTrump);
            let could = hand.iter().chain(std::iter::once(&p.card)).any(|&c| {
                suit_of(c, trump, bowers) == led && !(c.is_joker() && trump == Trump::NoTrump)
            });
            if !follows {
                assert!(!could, "trick {i}: seat {} did not follow {led:?}", p.seat);
                if let Some(l) = led {
                    renounced[p.seat as usize][l.index()] = true;
                }
            }
        }
        let best = t
            .plays
            .iter()
            .fold(None::<(u32, Seat)>, |b, p| {
                let pw = power(p.card, trump, bowers, led);
                match b {
                    Some((bp, _)) if bp >= pw => b,
                    _ => Some((pw, p.seat)),
                }
            })
            .unwrap();
        assert_eq!(t.winner, Some(best.1), "trick {i}: the winner");
        won[best.1 as usize] += 1;
        leader = best.1;
    }

    // The points.
    let k = sides(rules);
    let mut by_side = vec![0i32; k];
    for s in 0..n {
        by_side[side(rules, s)] += won[s as usize];
    }
    assert_eq!(
        rec.summary
            .tricks_won
            .iter()
            .map(|&x| i32::from(x))
            .collect::<Vec<_>>(),
        by_side
    );
    let mut want = vec![0i32; k];
    match high {
        None => want.clone_from(&by_side.iter().map(|w| 10 * w).collect()),
        Some((d, b)) => {
            let mut declaring = vec![false; k];
            declaring[side(rules, d)] = true;
            if let Some(p) = partner {
                declaring[side(rules, p)] = true;
            }
            let declarers: i32 = (0..k).filter(|&s| declaring[s]).map(|s| by_side[s]).sum();
            let made = match b.misere {
                Some(_) => won[d as usize] == 0,
                None => declarers >= i32::from(b.tricks),
            };
            for s in 0..k {
                want[s] = if declaring[s] {
                    if made { value(&b) } else { -value(&b) }
                } else if b.misere.is_some() {
                    10 * won[d as usize]
                } else if rules.defender_points == crate::engine::DefenderPoints::OwnTricks {
                    10 * by_side[s]
                } else {
                    10 * (10 - declarers)
                };
            }
        }
    }
    assert_eq!(
        rec.summary.score_delta.to_vec(),
        want,
        "the points of {:?}",
        high
    );
}

/// The game's end after a hand of Five Hundred (section 5): `scores` after it.
pub(super) fn outcome(rules: &Ruleset, scores: &[i32], rec: &HandRecord) -> Option<Outcome> {
    let c = rec.summary.contract?;
    let k = scores.len();
    let mut declaring = vec![false; k];
    declaring[side(rules, c.seat)] = true;
    if let Some(p) = rec.partner {
        declaring[side(rules, p)] = true;
    }
    let d = side(rules, c.seat);
    let made = rec.summary.score_delta[d] > 0;
    let target = rules.target_score;
    let set = |v: Vec<usize>| -> Option<Outcome> {
        match v[..] {
            [] => None,
            [one] => Some(Outcome::Winner(one as u8)),
            _ => Some(Outcome::Tied(v.iter().fold(0u8, |m, &s| m | (1 << s)))),
        }
    };
    if made {
        return set((0..k)
            .filter(|&s| declaring[s] && scores[s] >= target)
            .collect());
    }
    let losers: Vec<usize> = (0..k)
        .filter(|&s| declaring[s] && scores[s] <= -target)
        .collect();
    if losers.is_empty() {
        return None;
    }
    let best = (0..k)
        .filter(|s| !losers.contains(s))
        .map(|s| scores[s])
        .max()?;
    set((0..k)
        .filter(|&s| !losers.contains(&s) && scores[s] == best)
        .collect())
}
