//! Five Hundred (issue 21, RULES-FAMILY section 5) over real HTTP, on both stores: whole games
//! for 2, 3, 4, 5 and 6 players (with the options: no joker for 3, three teams of two for 6,
//! final passes, the opponents' own tricks) played by a client holding every seat; every view
//! checked for leaks against the hand's record once it is in the log; the log checked against an
//! independent reading of section 5 (the pack, the auction, the kitty, the call, misère's
//! partners sitting out, following suit and the joker at no trump, the trick winners, the
//! points and the game's end); `/samples` for a seat; the refusals (422 with the new codes, 400
//! for malformed bodies, never a 5xx); the ruleset's validation.

use std::collections::BTreeMap;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    Cards, Store, TestApp, assert_problem, both_stores, cards, cards_outside, plus, spawn_app,
    view_of, wait_finished, within,
};

// ---------------------------------------------------------------------------------------------
// Section 5, read independently of the engine

/// Card ranks low to high (RULES-FAMILY section 5: plain suits A K Q J N M L T 9 ... 2).
const RANKS: &str = "23456789TLMNJQKA";

/// The rules a log is checked by, read from a view's `ruleset`.
#[derive(Debug, Clone, Copy)]
struct Rules {
    players: usize,
    joker: bool,
    bowers: bool,
    teams_of_2: bool,
    final_pass: bool,
    own_tricks: bool,
    target: i64,
}

impl Rules {
    fn of(ruleset: &Value) -> Rules {
        assert_eq!(ruleset["preset"], "five-hundred");
        assert_eq!(ruleset["scoring"], "five_hundred");
        assert_eq!(ruleset["game_end"], "made_contract");
        assert_eq!(ruleset["all_pass"], "no_trump_no_declarer");
        let players = ruleset["players"].as_u64().expect("players") as usize;
        let deck = ruleset["deck"].as_str().expect("deck");
        let joker = players != 2 && deck.ends_with('3');
        let cards = 10 * players + kitty(players, joker);
        assert_eq!(
            deck,
            format!("five_hundred_{cards}"),
            "the pack for {players}"
        );
        Rules {
            players,
            joker,
            bowers: ruleset["bowers"] == true,
            teams_of_2: ruleset["sides"] == "teams_of_2",
            final_pass: ruleset["auction"] == "open",
            own_tricks: ruleset["defender_points"] == "own_tricks",
            target: ruleset["target_score"].as_i64().expect("target_score"),
        }
    }

    /// The side of a seat: partners (seat % 2) at 4 and at 6 in two teams of three, seat % 3 in
    /// three teams of two, else each for himself.
    fn side(&self, seat: usize) -> usize {
        match (self.players, self.teams_of_2) {
            (4, _) | (6, false) => seat % 2,
            (6, true) => seat % 3,
            _ => seat,
        }
    }

    fn sides(&self) -> usize {
        match (self.players, self.teams_of_2) {
            (4, _) | (6, false) => 2,
            (6, true) => 3,
            (n, _) => n,
        }
    }
}

/// The kitty: 4 with two players, else 2, or 3 with the joker.
fn kitty(players: usize, joker: bool) -> usize {
    match (players, joker) {
        (2, _) => 4,
        (_, true) => 3,
        (_, false) => 2,
    }
}

/// The pack for `players` (section 5's table): 2: 9-A; 3: 7-A; 4: 5-A and the red fours; 5:
/// 2-A; 6: 2-A with elevens and twelves in every suit and the red thirteens; and the joker.
fn pack(players: usize, joker: bool) -> Cards {
    let (ranks, extra): (&str, &[&str]) = match players {
        2 => ("9TJQKA", &[]),
        3 => ("789TJQKA", &[]),
        4 => ("56789TJQKA", &["4D", "4H"]),
        5 => ("23456789TJQKA", &[]),
        6 => ("23456789TLMJQKA", &["ND", "NH"]),
        n => panic!("{n} players"),
    };
    let mut out = Cards::new();
    for r in ranks.chars() {
        for s in "CDHS".chars() {
            out.insert(format!("{r}{s}"), 1);
        }
    }
    for c in extra.iter().copied().chain(joker.then_some("JK")) {
        out.insert(c.to_owned(), 1);
    }
    out
}

fn count(c: &Cards) -> usize {
    c.values().map(|&n| n as usize).sum()
}

fn minus(a: &Cards, b: &Cards) -> Cards {
    let mut out = a.clone();
    for (c, n) in b {
        let have = out
            .get_mut(c)
            .unwrap_or_else(|| panic!("{c} is not in {a:?}"));
        assert!(*have >= *n, "{c} is not in {a:?}");
        *have -= n;
    }
    out.retain(|_, n| *n > 0);
    out
}

fn one(c: &str) -> Cards {
    Cards::from([(c.to_owned(), 1)])
}

/// The strains low to high.
const STRAINS: [&str; 5] = ["S", "C", "D", "H", "NT"];

/// A bid's value (section 5's table; misère 250, open misère 520) and its rank in the auction
/// (misère between 7NT and 8S, open misère above 10NT).
fn value_and_rank(bid: &Value) -> (i64, i64) {
    match bid["misere"].as_str() {
        Some("closed") => (250, 230),
        Some("open") => (520, 530),
        Some(other) => panic!("misère {other}"),
        None => {
            let tricks = bid["tricks"].as_i64().expect("tricks");
            assert!((6..=10).contains(&tricks), "{bid}");
            let strain = bid["trump"].as_str().expect("a strain");
            let s = STRAINS.iter().position(|&x| x == strain).expect("strain") as i64;
            let v = 40 + (tricks - 6) * 100 + 20 * s;
            (v, v)
        }
    }
}

/// The trump a contract is played at: its strain, no trump at misère.
fn strain(bid: &Value) -> &str {
    if bid["misere"].is_null() {
        bid["trump"].as_str().expect("a strain")
    } else {
        "NT"
    }
}

fn suit(card: &str) -> char {
    card.chars().nth(1).expect("a suit")
}

fn red(s: char) -> bool {
    matches!(s, 'D' | 'H')
}

/// A card's suit for following at `trump` (`S`...`NT`): the joker and, with bowers, the left
/// bower belong to the trump suit; at no trump the joker belongs to no suit.
fn follows(card: &str, trump: &str, bowers: bool) -> Option<char> {
    let t = trump.chars().next().filter(|_| trump != "NT");
    if card == "JK" {
        return t;
    }
    let s = suit(card);
    match t {
        Some(t) if bowers && card.starts_with('J') && s != t && red(s) == red(t) => Some(t),
        _ => Some(s),
    }
}

/// A card's power among the cards of its suit: the joker, the right bower, the left, then the
/// ranks.
fn power(card: &str, trump: &str, bowers: bool) -> usize {
    if card == "JK" {
        return 100;
    }
    let t = trump.chars().next().filter(|_| trump != "NT");
    if let Some(t) = t
        && bowers
        && card.starts_with('J')
        && follows(card, trump, bowers) == Some(t)
    {
        return if suit(card) == t { 99 } else { 98 };
    }
    RANKS.find(&card[..1]).expect("a rank")
}

/// Checks a finished game's log against section 5, hand by hand; answers what the game showed
/// (for the tests that want some of it seen).
pub fn check_five_hundred_log(log: &Value, last: &Value) -> Features {
    let rules = Rules::of(&last["ruleset"]);
    let n = rules.players;
    let full = pack(n, rules.joker);
    let kitty = kitty(n, rules.joker);
    let hands = log["hands"].as_array().expect("hands");
    assert!(!hands.is_empty());
    let mut scores = vec![0i64; rules.sides()];
    let mut seen = Features::default();
    let mut outcome = None;
    for (i, h) in hands.iter().enumerate() {
        assert!(outcome.is_none(), "hand {i} after the game was over");
        assert_eq!(h["number"], i);
        assert_eq!(h["result"], "played", "hand {i}: every hand is played");
        // The deal: ten each and the kitty, the whole pack.
        let deal: Vec<Cards> = h["deal"]
            .as_array()
            .expect("deal")
            .iter()
            .map(cards)
            .collect();
        assert_eq!(deal.len(), n);
        let widow = cards(&h["widow"]);
        assert_eq!(count(&widow), kitty, "hand {i}: the kitty");
        let mut all = widow.clone();
        for d in &deal {
            assert_eq!(count(d), 10, "hand {i}: ten cards each");
            all = plus(&all, d);
        }
        assert_eq!(all, full, "hand {i}: the deal and the kitty are the pack");
        let dealer = h["dealer"].as_u64().expect("dealer") as usize;
        if i > 0 {
            let before = hands[i - 1]["dealer"].as_u64().expect("dealer") as usize;
            assert_eq!(dealer, (before + 1) % n, "hand {i}: the deal passes left");
        }
        // The auction, from the dealer's left.
        let calls = h["auction"].as_array().expect("auction");
        let mut next = (dealer + 1) % n;
        let mut passed = vec![false; n];
        let mut high: Option<(usize, &Value)> = None;
        let mut run = 0;
        let mut ended = false;
        for c in calls {
            assert!(
                !ended,
                "hand {i}: a call after the auction ended: {calls:?}"
            );
            let seat = c["seat"].as_u64().expect("seat") as usize;
            assert_eq!(seat, next, "hand {i}: {c} out of turn: {calls:?}");
            if c["bid"].is_null() {
                run += 1;
                passed[seat] = true;
            } else {
                if rules.final_pass {
                    assert!(
                        !passed[seat],
                        "hand {i}: a final pass, then a bid: {calls:?}"
                    );
                }
                let (_, rank) = value_and_rank(&c["bid"]);
                if let Some((_, b)) = high {
                    assert!(rank > value_and_rank(b).1, "hand {i}: {c} not above {b}");
                }
                high = Some((seat, &c["bid"]));
                run = 0;
            }
            let open = high.is_some_and(|(_, b)| b["misere"] == "open");
            ended = open
                || match high {
                    Some((h, _)) if rules.final_pass => (0..n).all(|s| s == h || passed[s]),
                    Some(_) => run == n - 1,
                    None => run == n,
                };
            next = (seat + 1) % n;
            if rules.final_pass {
                while passed[next] && (0..n).any(|s| !passed[s]) && !ended {
                    next = (next + 1) % n;
                }
            }
        }
        assert!(ended, "hand {i}: the auction did not end: {calls:?}");
        let contract = high.map(|(seat, bid)| json!({"seat": seat, "bid": bid}));
        assert_eq!(
            h["contract"],
            contract.clone().unwrap_or(Value::Null),
            "hand {i}"
        );
        let declarer = high.map(|(s, _)| s);
        let bid = high.map(|(_, b)| b.clone());
        let misere = bid.as_ref().is_some_and(|b| !b["misere"].is_null());
        let trump = bid.as_ref().map_or("NT", |b| strain(b)).to_owned();
        assert_eq!(h["trump"], trump, "hand {i}: the strain bid is trump");
        // The kitty and the discard.
        let discards = cards(&h["discards"]);
        let mut held: Vec<Cards> = deal.clone();
        match declarer {
            Some(d) => {
                assert_eq!(count(&discards), kitty, "hand {i}: the declarer discards");
                let thirteen = plus(&deal[d], &widow);
                assert!(within(&discards, &thirteen), "hand {i}: {discards:?}");
                held[d] = minus(&thirteen, &discards);
            }
            None => {
                assert!(
                    discards.is_empty(),
                    "hand {i}: all passed, the kitty untouched"
                );
                seen.all_passed += 1;
            }
        }
        for k in ["lone_discards", "passed_cards"] {
            assert_eq!(h[k], json!([]), "hand {i}: no {k}");
        }
        assert_eq!(h["defender_alone"], Value::Null);
        // The call (five players, not at misère).
        let called = h.get("called").cloned().unwrap_or(Value::Null);
        let partner = h.get("partner").cloned().unwrap_or(Value::Null);
        let mut partner_seat = None;
        if let (Some(d), true, false) = (declarer, n == 5, misere) {
            match called.as_str() {
                None => {
                    assert_eq!(h["alone"], d, "hand {i}: no call, the declarer alone");
                    assert_eq!(partner, Value::Null);
                    seen.alone += 1;
                }
                Some(c) => {
                    assert_eq!(h["alone"], Value::Null, "hand {i}");
                    assert!(full.contains_key(c), "hand {i}: {c} is not in the pack");
                    assert!(
                        follows(c, &trump, rules.bowers) != trump.chars().next() || trump == "NT",
                        "hand {i}: {c} is a trump at {trump}"
                    );
                    assert_ne!(c, "JK", "hand {i}: the joker called");
                    assert!(
                        !deal[d].contains_key(c) && !widow.contains_key(c),
                        "hand {i}: the declarer called its own {c}"
                    );
                    let holder = (0..n).find(|&s| deal[s].contains_key(c)).expect("a holder");
                    assert_eq!(partner, holder, "hand {i}: {c}'s holder is the partner");
                    partner_seat = Some(holder);
                    seen.called += 1;
                }
            }
        } else {
            assert_eq!(
                called,
                Value::Null,
                "hand {i}: a call without five or at misère"
            );
            assert_eq!(partner, Value::Null, "hand {i}");
            // Misère is played alone (its partners sit out); nobody else is alone.
            let alone = declarer
                .filter(|_| misere)
                .map_or(Value::Null, |d| json!(d));
            assert_eq!(h["alone"], alone, "hand {i}: misère alone, nobody else");
        }
        // Misère: the declarer's partners sit out.
        let out: Vec<usize> = match declarer.filter(|_| misere) {
            Some(d) => (0..n)
                .filter(|&s| s != d && rules.side(s) == rules.side(d))
                .collect(),
            None => Vec::new(),
        };
        if misere {
            seen.misere += 1;
            if bid.as_ref().is_some_and(|b| b["misere"] == "open") {
                seen.open_misere += 1;
            }
            if !out.is_empty() {
                seen.sat_out += 1;
            }
        }
        // The play: the declarer leads (all passed: the dealer's left); each trick one card
        // from each seat in the hand, in turn; the suit led followed when possible; the joker at
        // no trump led naming a suit its holder did not renounce, else played only when void;
        // the winner as section 5 says; the winner leads next.
        let tricks = h["tricks"].as_array().expect("tricks");
        assert_eq!(tricks.len(), 10, "hand {i}: ten tricks");
        let mut leader = declarer.unwrap_or((dealer + 1) % n);
        let mut renounced = vec![Vec::<char>::new(); n];
        let mut won = vec![0i64; rules.sides()];
        let mut won_by_seat = vec![0i64; n];
        for t in tricks {
            assert_eq!(t["leader"], leader, "hand {i}: {t}");
            let plays = t["plays"].as_array().expect("plays");
            let order: Vec<usize> = (0..n)
                .map(|k| (leader + k) % n)
                .filter(|s| !out.contains(s))
                .collect();
            assert_eq!(plays.len(), order.len(), "hand {i}: {t}");
            let mut led = None;
            for (k, p) in plays.iter().enumerate() {
                let seat = p["seat"].as_u64().expect("seat") as usize;
                assert_eq!(seat, order[k], "hand {i}: {t} out of turn");
                let card = p["card"].as_str().expect("card");
                assert!(
                    held[seat].contains_key(card),
                    "hand {i}: {seat} played {card}"
                );
                let named = p.get("suit").and_then(Value::as_str);
                if k == 0 {
                    if card == "JK" && trump == "NT" {
                        let s = named.expect("a led joker at no trump names a suit");
                        let s = s.chars().next().expect("a suit");
                        assert!(
                            !renounced[seat].contains(&s) || renounced[seat].len() == 4,
                            "hand {i}: {seat} named {s}, renounced before: {t}"
                        );
                        led = Some(s);
                        seen.joker_led_at_no_trump += 1;
                    } else {
                        assert!(named.is_none(), "hand {i}: a suit named for {p}");
                        led = follows(card, &trump, rules.bowers);
                    }
                } else {
                    assert!(named.is_none(), "hand {i}: a suit named for {p}");
                    let l = led.expect("a suit led");
                    let could = held[seat]
                        .keys()
                        .any(|c| follows(c, &trump, rules.bowers) == Some(l));
                    let did = follows(card, &trump, rules.bowers) == Some(l);
                    if could {
                        assert!(did, "hand {i}: {seat} did not follow {l} in {t}");
                    } else if !renounced[seat].contains(&l) {
                        renounced[seat].push(l);
                    }
                }
                let c = held[seat].get_mut(card).expect("held");
                *c -= 1;
                held[seat].retain(|_, n| *n > 0);
            }
            // The winner: the joker; else the highest trump; else the highest of the suit led.
            let card_of = |p: &Value| p["card"].as_str().expect("card").to_owned();
            let seat_of = |p: &Value| p["seat"].as_u64().expect("seat") as usize;
            let t_suit = trump.chars().next().filter(|_| trump != "NT");
            let best = |want: Option<char>| {
                plays
                    .iter()
                    .filter(|p| follows(&card_of(p), &trump, rules.bowers) == want)
                    .max_by_key(|p| power(&card_of(p), &trump, rules.bowers))
                    .map(seat_of)
            };
            let winner = plays
                .iter()
                .find(|p| p["card"] == "JK")
                .map(seat_of)
                .or_else(|| t_suit.and_then(|t| best(Some(t))))
                .or_else(|| best(led))
                .expect("a winner");
            assert_eq!(t["winner"], winner, "hand {i}: who won {t} at {trump}");
            won[rules.side(winner)] += 1;
            won_by_seat[winner] += 1;
            leader = winner;
        }
        for s in 0..n {
            if out.contains(&s) {
                assert_eq!(held[s], deal[s], "hand {i}: seat {s} sat out, yet played");
            } else {
                assert!(held[s].is_empty(), "hand {i}: seat {s} kept {:?}", held[s]);
            }
        }
        assert_eq!(h["tricks_won"], json!(won), "hand {i}: tricks won");
        // The points.
        let mut declaring = vec![false; rules.sides()];
        let mut made = None;
        let delta: Vec<i64> = match (declarer, &bid) {
            (Some(d), Some(b)) => {
                declaring[rules.side(d)] = true;
                if let Some(p) = partner_seat {
                    declaring[rules.side(p)] = true;
                }
                let theirs: i64 = (0..rules.sides())
                    .filter(|&s| declaring[s])
                    .map(|s| won[s])
                    .sum();
                let ok = if misere {
                    won_by_seat[d] == 0
                } else {
                    theirs >= b["tricks"].as_i64().expect("tricks")
                };
                made = Some(ok);
                let (value, _) = value_and_rank(b);
                (0..rules.sides())
                    .map(|s| {
                        if declaring[s] {
                            if ok { value } else { -value }
                        } else if misere {
                            10 * won_by_seat[d]
                        } else if rules.own_tricks {
                            10 * won[s]
                        } else {
                            10 * (10 - theirs)
                        }
                    })
                    .collect()
            }
            _ => won.iter().map(|w| 10 * w).collect(),
        };
        match made {
            Some(true) => seen.made += 1,
            Some(false) => seen.failed += 1,
            None => {}
        }
        assert_eq!(
            h["score_delta"],
            json!(delta),
            "hand {i}: the points of {contract:?}"
        );
        for (s, d) in scores.iter_mut().zip(&delta) {
            *s += d;
        }
        assert_eq!(h["scores"], json!(scores), "hand {i}: the running scores");
        // The end: only a contract ends the game.
        let sides = 0..rules.sides();
        outcome = match made {
            Some(true) => {
                let w: Vec<usize> = sides
                    .filter(|&s| declaring[s] && scores[s] >= rules.target)
                    .collect();
                (!w.is_empty()).then_some(w)
            }
            Some(false) => {
                let lost: Vec<usize> = sides
                    .clone()
                    .filter(|&s| declaring[s] && scores[s] <= -rules.target)
                    .collect();
                let best = sides
                    .clone()
                    .filter(|s| !lost.contains(s))
                    .map(|s| scores[s])
                    .max();
                match best {
                    Some(best) if !lost.is_empty() => Some(
                        sides
                            .filter(|&s| !lost.contains(&s) && scores[s] == best)
                            .collect(),
                    ),
                    _ => None,
                }
            }
            None => None,
        };
        if scores.iter().any(|&s| s.abs() >= rules.target) && outcome.is_none() {
            seen.past_target_not_over += 1;
        }
    }
    let winners = outcome.expect("the game ended with its last hand");
    assert_eq!(last["winners"], json!(winners), "the winners");
    assert_eq!(last["draw"], winners.len() > 1, "several winners: a draw");
    assert_eq!(
        last["winner"],
        if winners.len() == 1 {
            json!(winners[0])
        } else {
            Value::Null
        }
    );
    assert_eq!(last["scores"], json!(scores));
    if winners.len() > 1 {
        seen.tied += 1;
    }
    seen
}

/// What games showed, summed over hands (to know the tests reach what they mean to).
#[derive(Debug, Default, Clone, Copy)]
pub struct Features {
    all_passed: usize,
    alone: usize,
    called: usize,
    misere: usize,
    open_misere: usize,
    sat_out: usize,
    joker_led_at_no_trump: usize,
    made: usize,
    failed: usize,
    tied: usize,
    past_target_not_over: usize,
}

impl Features {
    fn add(&mut self, o: Features) {
        self.all_passed += o.all_passed;
        self.alone += o.alone;
        self.called += o.called;
        self.misere += o.misere;
        self.open_misere += o.open_misere;
        self.sat_out += o.sat_out;
        self.joker_led_at_no_trump += o.joker_led_at_no_trump;
        self.made += o.made;
        self.failed += o.failed;
        self.tied += o.tied;
        self.past_target_not_over += o.past_target_not_over;
    }
}

// ---------------------------------------------------------------------------------------------
// Secrecy

/// The cards a view shows as played (finished tricks and the trick in progress), by seat.
fn played_in(view: &Value, n: usize) -> Vec<Cards> {
    let mut out = vec![Cards::new(); n];
    let tricks = view["tricks"].as_array().expect("tricks");
    for t in tricks.iter().chain([&view["trick"]]) {
        for p in t["plays"].as_array().expect("plays") {
            let s = p["seat"].as_u64().expect("seat") as usize;
            out[s] = plus(&out[s], &one(p["card"].as_str().expect("card")));
        }
    }
    out
}

/// One view against its hand's record: the reader sees its own cards (the declarer the kitty
/// it took and its discards), the cards played, the called card and the open misère hand, and
/// nothing else; the spectator nothing but the public. The kitty's size is shown, never its
/// cards; the discards only to the declarer, never to anyone else, not even after the play.
fn check_view(reader: Option<usize>, view: &Value, record: &Value, rules: &Rules) {
    let n = rules.players;
    let deal: Vec<Cards> = record["deal"]
        .as_array()
        .expect("deal")
        .iter()
        .map(cards)
        .collect();
    let widow = cards(&record["widow"]);
    let declarer = record["contract"]["seat"].as_u64().map(|s| s as usize);
    let took = declarer.is_some() && !matches!(view["phase"].as_str(), Some("auction"));
    let known: Vec<Cards> = (0..n)
        .map(|s| {
            if took && Some(s) == declarer {
                plus(&deal[s], &widow)
            } else {
                deal[s].clone()
            }
        })
        .collect();
    let kitty = kitty(n, rules.joker) as u64;
    // The kitty lies face down until the declarer takes it, and all hand when all passed.
    let phase = view["phase"].as_str().expect("phase");
    let kitty_down = declarer.is_none() || matches!(phase, "auction");
    assert_eq!(
        view["widow_size"],
        if kitty_down { kitty } else { 0 },
        "the kitty's size in {phase}"
    );
    for k in ["contract", "trump"] {
        if !view[k].is_null() {
            assert_eq!(view[k], record[k], "the view's {k} is the hand's");
        }
    }
    // The call and its holder: public once made, the hand's.
    let called = record.get("called").cloned().unwrap_or(Value::Null);
    let partner = record.get("partner").cloned().unwrap_or(Value::Null);
    if !view["called"].is_null() {
        assert_eq!(view["called"], called);
        assert_eq!(
            view["partner"], partner,
            "the called card's holder, revealed"
        );
    } else {
        assert_eq!(view["partner"], Value::Null, "a partner without a call");
    }
    // Misère: the declarer's partners sit out while it is played.
    let bid = &record["contract"]["bid"];
    let misere = !bid.is_null() && !bid["misere"].is_null();
    let out = view["sitting_out"].as_array().expect("sitting_out");
    if misere && phase == "play" {
        let d = declarer.expect("a declarer");
        let want: Vec<Value> = (0..n)
            .filter(|&s| s != d && rules.side(s) == rules.side(d))
            .map(|s| json!(s))
            .collect();
        assert_eq!(out, &want, "misère's partners sit out");
    } else if phase != "game_over" {
        assert!(out.is_empty(), "{out:?} sit out in {phase}");
    }
    // The open misère hand: public in the play, the declarer's cards in hand.
    let played = played_in(view, n);
    let open = cards(&view["open_hand"]);
    let mut public = Cards::new();
    if !open.is_empty() {
        assert_eq!(bid["misere"], "open", "a hand shown at {bid}");
        assert_eq!(phase, "play", "the open hand is shown from the discard on");
        let d = declarer.expect("a declarer");
        let kept = minus(&known[d], &cards(&record["discards"]));
        assert_eq!(
            plus(&open, &played[d]),
            kept,
            "the open hand is the declarer's cards in hand"
        );
        public = plus(&public, &open);
    } else if bid["misere"] == "open" && phase == "play" {
        let d = declarer.expect("a declarer");
        assert_eq!(view["hand_sizes"][d], 0, "the open misère hand is shown");
    }
    if let Some(c) = view["called"].as_str() {
        public = plus(&public, &one(c));
    }
    for (s, p) in played.iter().enumerate() {
        assert!(within(p, &known[s]), "seat {s} played {p:?}, not its own");
    }
    let Some(s) = reader else {
        for k in ["hand", "widow", "discards", "passed_cards", "legal_actions"] {
            assert_eq!(view[k], json!([]), "the spectator's `{k}` is empty");
        }
        for (path, card) in cards_outside(view, &["trick", "tricks", "last_hand"]) {
            assert!(
                public.contains_key(&card),
                "the spectator sees {card} at {path}"
            );
        }
        return;
    };
    let hand = cards(&view["hand"]);
    assert!(within(&hand, &known[s]), "seat {s} holds {hand:?}");
    if phase == "auction" {
        assert_eq!(hand, deal[s], "in the auction a hand is the deal");
    }
    let view_widow = cards(&view["widow"]);
    let view_discards = cards(&view["discards"]);
    if Some(s) == declarer && took {
        assert_eq!(view_widow, widow, "the declarer sees the kitty it took");
    } else {
        assert!(
            view_widow.is_empty(),
            "seat {s} sees the kitty {view_widow:?}"
        );
    }
    if Some(s) != declarer {
        assert!(view_discards.is_empty(), "seat {s} sees the discards");
    } else if !view_discards.is_empty() {
        assert_eq!(view_discards, cards(&record["discards"]));
    }
    if phase != "game_over" {
        assert_eq!(
            plus(&plus(&hand, &played[s]), &view_discards),
            known[s],
            "seat {s}: in hand, played and discarded is what it was dealt and took"
        );
    }
    for a in view["legal_actions"].as_array().expect("legal_actions") {
        let held = |c: &Value| hand.contains_key(c.as_str().expect("a card"));
        match a["type"].as_str() {
            Some("call") => assert!(!held(&a["card"]), "{a}: its own card"),
            Some("play") => assert!(held(&a["card"]), "{a} not in hand"),
            Some("exchange") => {
                let d = cards(&a["discard"]);
                assert_eq!(count(&d) as u64, kitty, "{a}");
                assert!(within(&d, &hand), "{a} not in hand");
            }
            _ => {}
        }
    }
    for (path, card) in cards_outside(
        view,
        &["hand", "trick", "tricks", "legal_actions", "last_hand"],
    ) {
        assert!(
            known[s].contains_key(&card) || public.contains_key(&card),
            "seat {s} sees {card} at {path}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Samples

/// `GET /v1/games/{id}/samples` for a seat, checked against its view: its own hand as it is,
/// every hand of its size, the kitty of its size while face down, the declarer's discards (its
/// own as they are), and with the cards played the whole pack once; the called card (unless
/// played) in the partner's hand, the open misère hand in the declarer's, and no seat holding a
/// suit it has shown void in.
async fn check_samples(app: &TestApp, id: &str, token: &str, rules: &Rules) {
    let view = app.view(id, Some(token)).await;
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/samples?count=4")))
        .bearer_auth(token)
        .send()
        .await
        .expect("samples sent");
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.expect("samples JSON");
    assert_eq!(body["version"], view["version"]);
    let me = view["seat"].as_u64().expect("seat") as usize;
    assert_eq!(body["seat"], me);
    let n = rules.players;
    let played = played_in(&view, n);
    let trump = view["trump"].as_str().unwrap_or("NT").to_owned();
    let declarer = view["contract"]["seat"].as_u64().map(|s| s as usize);
    let samples = body["samples"].as_array().expect("samples");
    assert_eq!(samples.len(), 4);
    for sample in samples {
        let hands = sample["hands"].as_array().expect("hands");
        assert_eq!(hands.len(), n);
        assert_eq!(hands[me], view["hand"], "my own hand as it is");
        let mut all = cards(&sample["widow"]);
        assert_eq!(
            Some(count(&all) as u64),
            view["widow_size"].as_u64(),
            "the kitty's size"
        );
        let discards = cards(&sample["discards"]);
        if Some(me) == declarer {
            assert_eq!(discards, cards(&view["discards"]), "my own discards");
        } else if declarer.is_some() && view["widow_size"] == 0 {
            assert_eq!(count(&discards), kitty(n, rules.joker), "{sample}");
        }
        all = plus(&all, &discards);
        for (s, h) in hands.iter().enumerate() {
            let h = cards(h);
            assert_eq!(Some(count(&h) as u64), view["hand_sizes"][s].as_u64());
            for v in view["voids"][s].as_array().expect("voids") {
                let v = v.as_str().and_then(|v| v.chars().next());
                assert!(
                    h.keys().all(|c| follows(c, &trump, rules.bowers) != v),
                    "seat {s} is void in {v:?}, yet holds {h:?}"
                );
            }
            all = plus(&plus(&all, &h), &played[s]);
        }
        assert_eq!(all, pack(n, rules.joker), "a sample is the whole pack");
        if let (Some(c), Some(p)) = (view["called"].as_str(), view["partner"].as_u64())
            && !played.iter().any(|x| x.contains_key(c))
        {
            assert!(cards(&hands[p as usize]).contains_key(c), "{c} with {p}");
        }
        let open = &view["open_hand"];
        if let (Some(d), false) = (declarer, open.as_array().is_none_or(Vec::is_empty)) {
            assert_eq!(&hands[d], open, "the open misère hand as it is");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Playing

/// The endpoint made for a Five Hundred action: the auction's calls (the misères too) to
/// `/bid`, the call of a partner where its alternative goes, `/alone`.
fn endpoint_of(action: &Value) -> &'static str {
    match action["type"].as_str().expect("type") {
        "pass" | "bid" | "misere" | "open_misere" => "bid",
        "exchange" => "exchange",
        "play" => "play",
        "alone" | "call" => "alone",
        other => panic!("{other} is not Five Hundred's"),
    }
}

/// The test client's policy: in the auction pass three times in five, else the lowest bid seven
/// times in eight, or one at random (misères and 10NT too); with five players play alone one
/// time in three, else call any card; otherwise the first legal action or one at random.
fn choose(view: &Value, rng: &mut SmallRng) -> Value {
    let legal = view["legal_actions"].as_array().expect("legal_actions");
    assert!(!legal.is_empty(), "the seat to act has legal actions");
    let pass = json!({"type": "pass"});
    match view["phase"].as_str() {
        Some("auction") => {
            let bids: Vec<&Value> = legal.iter().filter(|a| **a != pass).collect();
            if bids.is_empty() || (legal.contains(&pass) && rng.random_range(0..5) < 3) {
                return pass;
            }
            if rng.random_range(0..8) != 0 {
                bids[0].clone()
            } else {
                bids[rng.random_range(0..bids.len())].clone()
            }
        }
        Some("alone") => {
            let alone = json!({"type": "alone", "alone": true});
            assert_eq!(legal[0], alone, "the declarer may play alone");
            if rng.random_range(0..3) == 0 {
                alone
            } else {
                legal[rng.random_range(1..legal.len())].clone()
            }
        }
        _ => {
            if rng.random_range(0..2) == 0 {
                legal[0].clone()
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            }
        }
    }
}

/// A finished game of Five Hundred.
struct Game500 {
    id: String,
    tokens: Vec<String>,
    last: Value,
    log: Value,
    features: Features,
    endpoints: BTreeMap<&'static str, usize>,
}

/// Plays a whole game of `ruleset` through the API as a client holding every seat, posting
/// the chosen legal action to `/actions` or its own endpoint at random; the version grows by one
/// per action. Every view read (the seat to act's before and after each action; with
/// `all_views` every seat's and the spectator's after each action, else every tenth action) is
/// checked against its hand's record once the game is over, and the log against section 5.
async fn play(app: &TestApp, ruleset: Value, seed: u64, all_views: bool) -> Game500 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let id = app
        .create_game(&json!({"ruleset": ruleset, "seed": seed}))
        .await;
    let first = app.view(&id, None).await;
    let rules = Rules::of(&first["ruleset"]);
    let n = rules.players;
    assert_eq!(first["seats"].as_array().map(Vec::len), Some(n));
    let tokens = app.claim_all(&id, n).await;
    let mut version = 1 + n as u64;
    let mut views: Vec<(Option<usize>, Value)> = Vec::new();
    let mut endpoints = BTreeMap::new();
    let mut record = |reader: Option<usize>, view: Value, text: &str| {
        for t in &tokens {
            assert!(!text.contains(t.as_str()), "a view holds a token");
        }
        assert_eq!(view["seat"], reader.map_or(Value::Null, |s| json!(s)));
        views.push((reader, view));
    };
    let mut turn = app.view(&id, None).await["turn"].as_u64();
    let mut actions = 0;
    while let Some(seat) = turn {
        let seat = seat as usize;
        let (view, text) = app.view_text(&id, Some(&tokens[seat])).await;
        assert_eq!(view["version"], version, "nobody else moved");
        let action = choose(&view, &mut rng);
        record(Some(seat), view, &text);
        let endpoint = if rng.random_range(0..2) == 0 {
            "actions"
        } else {
            endpoint_of(&action)
        };
        *endpoints.entry(endpoint).or_default() += 1;
        let res = app.act(&id, &tokens[seat], endpoint, &action).await;
        if res.status() != StatusCode::OK {
            let status = res.status();
            let body = res.text().await.unwrap_or_default();
            panic!("{action} to /{endpoint} was refused ({status}): {body}");
        }
        let (after, text) = view_of(res).await;
        version += 1;
        assert_eq!(after["version"], version, "one action, one version");
        turn = after["turn"].as_u64();
        record(Some(seat), after, &text);
        actions += 1;
        assert!(actions < 20_000, "the game does not end");
        if actions % 15 == 0
            && let Some(t) = turn
        {
            check_samples(app, &id, &tokens[t as usize], &rules).await;
        }
        if all_views || actions % 10 == 0 {
            for (s, token) in tokens.iter().enumerate() {
                let (v, text) = app.view_text(&id, Some(token)).await;
                record(Some(s), v, &text);
            }
            let (v, text) = app.view_text(&id, None).await;
            // The log holds the hands over, never the one in progress.
            let log = app.log(&id).await;
            let logged = log["hands"].as_array().expect("hands").len() as u64;
            let number = v["hand_number"].as_u64().expect("hand_number");
            let over = u64::from(v["phase"] == "game_over");
            assert_eq!(
                logged,
                number + over,
                "the hand in progress stays out of the log"
            );
            record(None, v, &text);
        }
    }
    let (last, text) = app.view_text(&id, None).await;
    record(None, last.clone(), &text);
    assert_eq!(last["phase"], "game_over");
    assert_eq!(last["status"], "finished");
    for (s, token) in tokens.iter().enumerate() {
        let (v, text) = app.view_text(&id, Some(token)).await;
        assert_eq!(
            v["legal_actions"],
            json!([]),
            "nothing to do after the game"
        );
        record(Some(s), v, &text);
    }
    let log = app.log(&id).await;
    assert_eq!(log["version"], version);
    let features = check_five_hundred_log(&log, &last);
    let hands = log["hands"].as_array().expect("hands");
    for (reader, view) in &views {
        let k = view["hand_number"].as_u64().expect("hand_number") as usize;
        check_view(*reader, view, &hands[k], &rules);
        let lh = &view["last_hand"];
        if !lh.is_null() {
            let r = &hands[lh["number"].as_u64().expect("number") as usize];
            for key in [
                "number",
                "result",
                "contract",
                "tricks_won",
                "score_delta",
                "scores",
            ] {
                assert_eq!(lh[key], r[key], "last_hand.{key} is the log's");
            }
            assert_eq!(lh["tricks"], r["tricks"], "last_hand.tricks are the log's");
            assert_eq!(lh.as_object().map(|o| o.len()), Some(7), "{lh}");
        }
    }
    Game500 {
        id,
        tokens,
        last,
        log,
        features,
        endpoints,
    }
}

// ---------------------------------------------------------------------------------------------
// Whole games

/// Plays a game and checks the game is over for everyone afterwards.
async fn whole_game(store: Store, ruleset: Value, seed: u64, all_views: bool) -> Features {
    let app = spawn_app(store).await;
    let g = play(&app, ruleset.clone(), seed, all_views).await;
    for (k, v) in ruleset.as_object().expect("ruleset") {
        assert_eq!(&g.last["ruleset"][k], v, "{k}");
    }
    for e in ["actions", "bid", "exchange", "play"] {
        assert!(
            g.endpoints.contains_key(e),
            "/{e} never used: {:?}",
            g.endpoints
        );
    }
    let before = app.view(&g.id, None).await;
    let res = app
        .act(&g.id, &g.tokens[0], "actions", &json!({"type": "pass"}))
        .await;
    assert_problem(res, 422, "game_over").await;
    assert_eq!(app.view(&g.id, None).await, before);
    eprintln!(
        "{ruleset}: {} hands, {:?}, scores {}",
        g.log["hands"].as_array().map_or(0, Vec::len),
        g.features,
        g.last["scores"]
    );
    g.features
}

/// Two players: 24 cards 9 to ace, no joker, a kitty of four.
async fn whole_game_2(store: Store) {
    let f = whole_game(
        store,
        json!({"preset": "five-hundred", "players": 2}),
        2,
        true,
    )
    .await;
    assert!(f.made + f.failed > 0);
}

/// Three players without the joker: 32 cards, a kitty of two.
async fn whole_game_3_without_joker(store: Store) {
    let ruleset = json!({"preset": "five-hundred", "players": 3, "joker": false});
    whole_game(store, ruleset, 3, false).await;
}

/// Four players, partners, with final passes (`auction_pass` `final`).
async fn whole_game_4_final_passes(store: Store) {
    let ruleset = json!({"preset": "five-hundred", "auction_pass": "final"});
    let f = whole_game(store, ruleset, 4, false).await;
    assert!(f.made + f.failed > 0);
}

/// Five players: the partner called by a card, or the declarer alone.
async fn whole_game_5(store: Store) {
    let ruleset = json!({"preset": "five-hundred", "players": 5});
    let f = whole_game(store, ruleset, 5, true).await;
    assert!(f.called > 0, "{f:?}");
}

/// Six players in three teams of two, the opponents scoring their own tricks.
async fn whole_game_6_teams_of_2(store: Store) {
    let ruleset = json!({"preset": "five-hundred", "players": 6, "sides": "teams_of_2",
        "defender_points": "own_tricks"});
    whole_game(store, ruleset, 56, false).await;
}

/// Six players in two teams of three (the default), to 300.
async fn whole_game_6(store: Store) {
    let ruleset = json!({"preset": "five-hundred", "players": 6, "target_score": 300});
    whole_game(store, ruleset, 16, false).await;
}

both_stores!(
    whole_game_2,
    whole_game_3_without_joker,
    whole_game_4_final_passes,
    whole_game_5,
    whole_game_6_teams_of_2,
    whole_game_6,
);

/// Many short games (target 200) on the memory store, every player count and option, reach
/// what section 5 has: all passing, misère with partners sitting out, open misère, a called
/// partner and a declarer alone, a joker led at no trump, made and failed contracts, scores past
/// the target that did not end a game, tied winners.
#[tokio::test]
async fn games_reach_every_rule() {
    let app = spawn_app(Store::Memory).await;
    let mut total = Features::default();
    for seed in 0..24u64 {
        let players = 2 + seed % 5;
        let mut ruleset = json!({"preset": "five-hundred", "players": players,
            "target_score": 200});
        match seed % 4 {
            1 => ruleset["auction_pass"] = json!("final"),
            2 => ruleset["defender_points"] = json!("own_tricks"),
            3 if players == 6 => ruleset["sides"] = json!("teams_of_2"),
            3 if players > 2 => ruleset["joker"] = json!(false),
            _ => {}
        }
        let g = play(&app, ruleset, 100 + seed, false).await;
        total.add(g.features);
    }
    eprintln!("{total:?}");
    let Features {
        all_passed,
        alone,
        called,
        misere,
        open_misere,
        sat_out,
        joker_led_at_no_trump,
        made,
        failed,
        tied,
        past_target_not_over,
    } = total;
    for (what, n) in [
        ("all passed", all_passed),
        ("alone", alone),
        ("called", called),
        ("misère", misere),
        ("open misère", open_misere),
        ("partners sitting out", sat_out),
        ("a joker led at no trump", joker_led_at_no_trump),
        ("made", made),
        ("failed", failed),
        ("tied winners", tied),
        ("past the target, not over", past_target_not_over),
    ] {
        assert!(n > 0, "never {what}: {total:?}");
    }
}

/// Games of house players only (random, heuristic) end by themselves with a log section 5
/// accepts, for every player count.
async fn house_players_play_five_hundred(store: Store) {
    let app = spawn_app(store).await;
    for (players, strategy) in [
        (2, "heuristic"),
        (3, "random"),
        (4, "heuristic"),
        (5, "heuristic"),
        (5, "random"),
        (6, "heuristic"),
    ] {
        let bot = json!({"kind": "bot", "strategy": strategy});
        let id = app
            .create_game(&json!({
                "ruleset": {"preset": "five-hundred", "players": players},
                "seed": 40 + players,
                "seats": vec![bot; players],
            }))
            .await;
        let last = wait_finished(&app, &id, std::time::Duration::from_secs(120)).await;
        assert_eq!(last["phase"], "game_over");
        check_five_hundred_log(&app.log(&id).await, &last);
    }
}

both_stores!(house_players_play_five_hundred);

// ---------------------------------------------------------------------------------------------
// Refusals

/// Four players, dealer 3 (seat 0 bids first): seat 0 holds the joker and the spades A to 9
/// with A K Q of clubs, seat 1 the hearts A to 5, seat 2 the diamonds A to 5, seat 3 the clubs J
/// to 5 and 8 7 6 of spades; the kitty 5S 4D 4H.
fn four_handed() -> Value {
    json!({
        "ruleset": {"preset": "five-hundred"},
        "seed": 3,
        "scenario": {"dealer": 3, "widow": ["5S", "4D", "4H"], "hands": [
            ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "AC", "KC", "QC"],
            ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H"],
            ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D"],
            ["JC", "TC", "9C", "8C", "7C", "6C", "5C", "8S", "7S", "6S"],
        ]},
    })
}

/// Five players, dealer 4: seat 0 holds the joker and the hearts A to 6, seats 1, 2 and 3 the
/// spades, diamonds and clubs A to 5, seat 4 the twos to fours but 4C 3C 2C, the kitty.
fn five_handed() -> Value {
    json!({
        "ruleset": {"preset": "five-hundred", "players": 5},
        "seed": 3,
        "scenario": {"dealer": 4, "widow": ["4C", "3C", "2C"], "hands": [
            ["JK", "AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"],
            ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"],
            ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D"],
            ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"],
            ["5H", "4H", "3H", "2H", "4S", "3S", "2S", "4D", "3D", "2D"],
        ]},
    })
}

/// Posts `action` to `endpoint` as `seat`: it must be refused with `status` and `code`, and the
/// game left as it was (every seat's view and the spectator's).
async fn refused(
    app: &TestApp,
    id: &str,
    tokens: &[String],
    seat: usize,
    (endpoint, action): (&str, Value),
    (status, code): (u16, &str),
) {
    let before = app.view(id, None).await;
    let mine = app.view(id, Some(&tokens[seat])).await;
    let res = app.act(id, &tokens[seat], endpoint, &action).await;
    let doc = assert_problem(res, status, code).await;
    assert!(doc["detail"].as_str().is_some_and(|d| !d.is_empty()));
    assert_eq!(
        app.view(id, None).await,
        before,
        "{action}: the game changed"
    );
    assert_eq!(app.view(id, Some(&tokens[seat])).await, mine);
}

/// Posts a legal action (it must be in the seat's `legal_actions`): answers the new view.
async fn ok(app: &TestApp, id: &str, tokens: &[String], seat: usize, ep: &str, a: Value) -> Value {
    let mine = app.view(id, Some(&tokens[seat])).await;
    let legal = mine["legal_actions"].as_array().expect("legal_actions");
    assert!(
        legal.contains(&a),
        "{a} is not among the {} legal",
        legal.len()
    );
    let res = app.act(id, &tokens[seat], ep, &a).await;
    view_of(res).await.0
}

/// Five Hundred's refusals over HTTP: 422 with the new codes (`trump_not_bid` for an exchange
/// in another strain, `invalid_joker_suit` for a joker led at no trump without a suit or a suit
/// named for another card, `invalid_call` for a trump, the left bower, the joker, the
/// declarer's own card or discard, a card not in the pack, or `alone: false`) and the older ones
/// where they apply (`invalid_bid`, `bid_too_low`, `bid_too_high`, `wrong_card_count`,
/// `wrong_phase`, `not_your_turn`), 400 for malformed bodies and the wrong endpoint; the game
/// unchanged each time. The led joker names the suit the others follow; the call reveals the
/// partner to everyone at once.
async fn five_hundred_refusals(store: Store) {
    let app = spawn_app(store).await;
    let id = app.create_game(&four_handed()).await;
    let t = app.claim_all(&id, 4).await;
    let bid = |tricks: u8, trump: &str| json!({"type": "bid", "tricks": tricks, "trump": trump});
    for (action, status, code) in [
        (json!({"type": "bid", "tricks": 6}), 422, "invalid_bid"),
        (bid(5, "S"), 422, "bid_too_low"),
        (bid(11, "S"), 422, "bid_too_high"),
        (
            json!({"type": "bid", "tricks": 6, "trump": "S", "pepper": "big"}),
            422,
            "invalid_bid",
        ),
        (bid(6, "X"), 400, "invalid_body"),
        (
            json!({"type": "bid", "tricks": 6, "trump": null}),
            400,
            "invalid_body",
        ),
        (json!({"type": "misere", "tricks": 0}), 400, "unknown_field"),
        (json!({"type": "open_misere", "x": 1}), 400, "unknown_field"),
        (json!({"type": "call"}), 400, "invalid_body"),
        (json!({"type": "call", "card": "ZZ"}), 400, "invalid_card"),
        (json!({"type": "call", "card": "AH"}), 422, "wrong_phase"),
        (
            json!({"type": "play", "card": "JK", "suit": "NT"}),
            400,
            "invalid_value",
        ),
        (
            json!({"type": "exchange", "trump": "NT", "discard": ["5S", "4D", "4H"]}),
            422,
            "wrong_phase",
        ),
    ] {
        refused(&app, &id, &t, 0, ("actions", action), (status, code)).await;
    }
    refused(
        &app,
        &id,
        &t,
        1,
        ("actions", bid(6, "H")),
        (422, "not_your_turn"),
    )
    .await;
    ok(&app, &id, &t, 0, "bid", bid(6, "NT")).await;
    refused(&app, &id, &t, 1, ("bid", bid(6, "H")), (422, "bid_too_low")).await;
    for s in 1..4 {
        ok(&app, &id, &t, s, "bid", json!({"type": "pass"})).await;
    }
    let view = app.view(&id, Some(&t[0])).await;
    assert_eq!(view["phase"], "exchange");
    assert_eq!(
        view["widow"],
        json!(["5S", "4D", "4H"]),
        "the declarer takes the kitty"
    );
    assert_eq!(view["widow_size"], 0);
    let other = app.view(&id, Some(&t[1])).await;
    assert_eq!(other["widow"], json!([]));
    // (`legal_actions` lists discards in the hand's order: by suit, then rank.)
    let kitty = ["4D", "4H", "5S"];
    let exchange = |trump: &str, discard: &[&str]| json!({"type": "exchange", "trump": trump, "discard": discard});
    refused(
        &app,
        &id,
        &t,
        0,
        ("exchange", exchange("S", &kitty)),
        (422, "trump_not_bid"),
    )
    .await;
    refused(
        &app,
        &id,
        &t,
        0,
        ("actions", exchange("H", &kitty)),
        (422, "trump_not_bid"),
    )
    .await;
    let two = exchange("NT", &["4D", "4H"]);
    refused(
        &app,
        &id,
        &t,
        0,
        ("exchange", two),
        (422, "wrong_card_count"),
    )
    .await;
    refused(
        &app,
        &id,
        &t,
        0,
        ("bid", exchange("NT", &kitty)),
        (400, "wrong_endpoint"),
    )
    .await;
    ok(&app, &id, &t, 0, "exchange", exchange("NT", &kitty)).await;
    // The discards stay face down: the declarer's only.
    for token in &t[1..] {
        assert_eq!(app.view(&id, Some(token)).await["discards"], json!([]));
    }
    let play = |card: &str| json!({"type": "play", "card": card});
    for (action, code) in [
        (play("JK"), "invalid_joker_suit"),
        (
            json!({"type": "play", "card": "AS", "suit": "H"}),
            "invalid_joker_suit",
        ),
        (json!({"type": "call", "card": "AH"}), "wrong_phase"),
    ] {
        refused(&app, &id, &t, 0, ("actions", action), (422, code)).await;
    }
    refused(
        &app,
        &id,
        &t,
        0,
        ("play", play("JK")),
        (422, "invalid_joker_suit"),
    )
    .await;
    let lead = json!({"type": "play", "card": "JK", "suit": "H"});
    let view = app.view(&id, Some(&t[0])).await;
    let legal = view["legal_actions"].as_array().expect("legal");
    for s in ["C", "D", "H", "S"] {
        assert!(legal.contains(&json!({"type": "play", "card": "JK", "suit": s})));
    }
    assert!(!legal.contains(&play("JK")), "the joker led names a suit");
    ok(&app, &id, &t, 0, "play", lead).await;
    // Everyone follows the suit named: seat 1 its hearts; seat 2, void, plays anything.
    let spectator = app.view(&id, None).await;
    assert_eq!(
        spectator["trick"]["plays"][0],
        json!({"seat": 0, "card": "JK", "suit": "H"})
    );
    let v1 = app.view(&id, Some(&t[1])).await;
    let legal = v1["legal_actions"].as_array().expect("legal");
    assert_eq!(legal.len(), 10);
    assert!(
        legal
            .iter()
            .all(|a| suit(a["card"].as_str().expect("card")) == 'H')
    );
    refused(
        &app,
        &id,
        &t,
        1,
        ("play", play("AD")),
        (422, "card_not_in_hand"),
    )
    .await;
    ok(&app, &id, &t, 1, "play", play("5H")).await;
    let v2 = app.view(&id, Some(&t[2])).await;
    assert_eq!(v2["legal_actions"].as_array().map(Vec::len), Some(10));

    // Five players: the call.
    let id = app.create_game(&five_handed()).await;
    let t = app.claim_all(&id, 5).await;
    ok(&app, &id, &t, 0, "bid", bid(6, "H")).await;
    for s in 1..5 {
        ok(&app, &id, &t, s, "bid", json!({"type": "pass"})).await;
    }
    ok(
        &app,
        &id,
        &t,
        0,
        "exchange",
        exchange("H", &["2C", "3C", "4C"]),
    )
    .await;
    let view = app.view(&id, Some(&t[0])).await;
    assert_eq!(view["phase"], "alone");
    let legal = view["legal_actions"].as_array().expect("legal");
    assert_eq!(legal[0], json!({"type": "alone", "alone": true}));
    // Every card but the trumps (13 hearts, the left bower, the joker) and the declarer's own.
    assert_eq!(legal.len(), 1 + 53 - 15 - 3, "{legal:?}");
    let call = |card: &str| json!({"type": "call", "card": card});
    for card in ["AH", "5H", "JD", "JK", "2C", "LS"] {
        refused(
            &app,
            &id,
            &t,
            0,
            ("actions", call(card)),
            (422, "invalid_call"),
        )
        .await;
    }
    let not_alone = json!({"type": "alone", "alone": false});
    refused(
        &app,
        &id,
        &t,
        0,
        ("alone", not_alone),
        (422, "invalid_call"),
    )
    .await;
    refused(
        &app,
        &id,
        &t,
        1,
        ("actions", call("AS")),
        (422, "not_your_turn"),
    )
    .await;
    refused(
        &app,
        &id,
        &t,
        0,
        ("actions", play("AH")),
        (422, "wrong_phase"),
    )
    .await;
    refused(
        &app,
        &id,
        &t,
        0,
        ("play", call("AS")),
        (400, "wrong_endpoint"),
    )
    .await;
    refused(
        &app,
        &id,
        &t,
        0,
        ("actions", call("AS ")),
        (400, "invalid_card"),
    )
    .await;
    ok(&app, &id, &t, 0, "actions", call("AS")).await;
    for token in [None, Some(t[3].as_str()), Some(t[1].as_str())] {
        let v = app.view(&id, token).await;
        assert_eq!(v["called"], "AS", "the call is public");
        assert_eq!(v["partner"], 1, "its holder revealed at once");
        assert_eq!(v["phase"], "play");
        assert_eq!(v["turn"], 0, "the declarer leads");
    }
    // At a suit contract the joker is the top trump: led without a suit.
    refused(
        &app,
        &id,
        &t,
        0,
        ("play", lead_h()),
        (422, "invalid_joker_suit"),
    )
    .await;
    ok(&app, &id, &t, 0, "play", play("JK")).await;
}

fn lead_h() -> Value {
    json!({"type": "play", "card": "JK", "suit": "H"})
}

both_stores!(five_hundred_refusals);

/// Misère and open misère have `/bid` as their endpoint, as every call of an auction, and the
/// call of a partner `/alone`, where its alternative (`alone`) goes.
async fn calls_on_their_own_endpoints(store: Store) {
    let app = spawn_app(store).await;
    let id = app.create_game(&four_handed()).await;
    let t = app.claim_all(&id, 4).await;
    let res = app.act(&id, &t[0], "bid", &json!({"type": "misere"})).await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let res = app
        .act(&id, &t[1], "bid", &json!({"type": "open_misere"}))
        .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap_or_default()
    );

    let id = app.create_game(&five_handed()).await;
    let t = app.claim_all(&id, 5).await;
    let bid = json!({"type": "bid", "tricks": 6, "trump": "H"});
    ok(&app, &id, &t, 0, "bid", bid).await;
    for s in 1..5 {
        ok(&app, &id, &t, s, "bid", json!({"type": "pass"})).await;
    }
    let exchange = json!({"type": "exchange", "trump": "H", "discard": ["2C", "3C", "4C"]});
    ok(&app, &id, &t, 0, "exchange", exchange).await;
    let res = app
        .act(&id, &t[0], "alone", &json!({"type": "call", "card": "AS"}))
        .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap_or_default()
    );
}

both_stores!(calls_on_their_own_endpoints);

// ---------------------------------------------------------------------------------------------
// Rulesets

/// `GET /v1/rulesets` lists five-hundred: 2 to 6 players, its packs, its options, its rules
/// (4 players, the 43-card pack, 6 to 10 tricks, no trump, a pass not final, all passing at no
/// trump, game to 500 by a contract); a game created with each player count has its pack and
/// kitty; what it does not take is refused with a clear code.
async fn five_hundred_rulesets(store: Store) {
    let app = spawn_app(store).await;
    let res = app.get("/v1/rulesets").await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.expect("JSON");
    let presets = body["presets"].as_array().expect("presets");
    let p = presets
        .iter()
        .find(|p| p["name"] == "five-hundred")
        .expect("five-hundred listed");
    assert_eq!(p["players"], json!([2, 3, 4, 5, 6]));
    let decks: Vec<String> = [24, 32, 33, 42, 43, 52, 53, 62, 63]
        .iter()
        .map(|n| format!("five_hundred_{n}"))
        .collect();
    assert_eq!(p["decks"], json!(decks));
    let options = p["options"].as_array().expect("options");
    for o in [
        "players",
        "target_score",
        "joker",
        "sides",
        "defender_points",
        "auction_pass",
    ] {
        assert!(options.contains(&json!(o)), "{o} in {options:?}");
    }
    for o in ["deck", "alone", "min_bid", "dealer_pickup"] {
        assert!(!options.contains(&json!(o)), "{o} in {options:?}");
    }
    let rules = &p["rules"];
    for (k, v) in [
        ("players", json!(4)),
        ("deck", json!("five_hundred_43")),
        ("min_bid", json!(6)),
        ("no_trump", json!(true)),
        ("auction", json!("consecutive_passes")),
        ("all_pass", json!("no_trump_no_declarer")),
        ("target_score", json!(500)),
        ("game_end", json!("made_contract")),
        ("scoring", json!("five_hundred")),
        ("defender_points", json!("side_total")),
    ] {
        assert_eq!(rules[k], v, "five-hundred's {k}");
    }
    for (players, joker, deck, kitty) in [
        (2, None, 24, 4),
        (3, None, 33, 3),
        (3, Some(false), 32, 2),
        (4, Some(false), 42, 2),
        (5, None, 53, 3),
        (6, Some(true), 63, 3),
    ] {
        let mut ruleset = json!({"preset": "five-hundred", "players": players});
        if let Some(j) = joker {
            ruleset["joker"] = json!(j);
        }
        let id = app.create_game(&json!({"ruleset": ruleset})).await;
        let view = app.view(&id, None).await;
        assert_eq!(view["ruleset"]["deck"], format!("five_hundred_{deck}"));
        assert_eq!(view["seats"].as_array().map(Vec::len), Some(players));
        assert_eq!(view["widow_size"], kitty, "{ruleset}");
        assert_eq!(view["hand_sizes"], json!(vec![10; players]));
        let sides = if players == 4 || players == 6 {
            2
        } else {
            players
        };
        assert_eq!(view["scores"], json!(vec![0; sides]));
        for k in ["called", "partner"] {
            assert_eq!(view[k], Value::Null);
        }
        assert_eq!(view["open_hand"], json!([]));
    }
    let id = app
        .create_game(&json!({"ruleset": {"preset": "five-hundred", "players": 6,
            "sides": "teams_of_2"}}))
        .await;
    assert_eq!(app.view(&id, None).await["scores"], json!([0, 0, 0]));
    for (ruleset, status, code) in [
        (
            json!({"players": 2, "joker": true}),
            422,
            "unsupported_deal",
        ),
        (
            json!({"players": 4, "sides": "teams_of_2"}),
            422,
            "option_not_in_game",
        ),
        (json!({"sides": "teams_of_2"}), 422, "option_not_in_game"),
        (json!({"players": 7}), 422, "invalid_players"),
        (json!({"players": 1}), 422, "invalid_players"),
        (json!({"deck": "full52"}), 422, "option_not_in_game"),
        (json!({"alone": "none"}), 422, "option_not_in_game"),
        (
            json!({"target_score": 5001}),
            422,
            "target_score_out_of_range",
        ),
        (
            json!({"players": 6, "sides": "teams_of_4"}),
            400,
            "invalid_value",
        ),
        (json!({"joker": "yes"}), 400, "invalid_body"),
    ] {
        let mut body = json!({"preset": "five-hundred"});
        for (k, v) in ruleset.as_object().expect("options") {
            body[k] = v.clone();
        }
        assert_problem(app.create(&json!({"ruleset": body})).await, status, code).await;
    }
    // Five Hundred's options belong to it alone.
    for (preset, option, value) in [
        ("euchre", "joker", json!(false)),
        ("hasenpfeffer", "auction_pass", json!("final")),
        ("bacon", "defender_points", json!("own_tricks")),
        ("hasenpfeffer", "sides", json!("teams_of_3")),
    ] {
        let body = json!({"ruleset": {"preset": preset, option: value}});
        assert_problem(app.create(&body).await, 422, "option_not_in_game").await;
    }
    let body = json!({"ruleset": {"preset": "five-hundred", "players": 2, "joker": false},
        "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}]});
    assert_problem(app.create(&body).await, 422, "wrong_seat_count").await;
    // Pepper's auction is named by `auction_pass` too (RULES-FAMILY.md §8), and shown so.
    for (given, auction, pass) in [
        (json!({"auction_pass": "final"}), "open", "final"),
        (
            json!({"auction_pass": "not_final"}),
            "consecutive_passes",
            "not_final",
        ),
        (
            json!({"auction": "open", "auction_pass": "final"}),
            "open",
            "final",
        ),
        (json!({"auction": "open"}), "open", "final"),
    ] {
        let mut ruleset = json!({"preset": "pepper", "players": 3});
        for (k, v) in given.as_object().expect("options") {
            ruleset[k] = v.clone();
        }
        let id = app.create_game(&json!({"ruleset": ruleset})).await;
        let game = app.view(&id, None).await;
        assert_eq!(
            (
                &game["ruleset"]["auction"],
                &game["ruleset"]["auction_pass"]
            ),
            (&json!(auction), &json!(pass)),
            "{given}"
        );
    }
    let body = json!({"ruleset": {"preset": "pepper", "auction": "single_round", "auction_pass": "final"}});
    assert_problem(app.create(&body).await, 422, "options_disagree").await;
}

both_stores!(five_hundred_rulesets);

/// `GET /v1/rulesets` lists each of five-hundred's options once.
#[tokio::test]
async fn five_hundred_options_listed_once() {
    let app = spawn_app(Store::Memory).await;
    let body: Value = app.get("/v1/rulesets").await.json().await.expect("JSON");
    let p = body["presets"]
        .as_array()
        .expect("presets")
        .iter()
        .find(|p| p["name"] == "five-hundred")
        .expect("five-hundred")
        .clone();
    let mut options: Vec<&str> = p["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o.as_str().expect("an option"))
        .collect();
    let listed = options.len();
    options.sort_unstable();
    options.dedup();
    assert_eq!(options.len(), listed, "{:?}", p["options"]);
}

// ---------------------------------------------------------------------------------------------
// Clocks

/// Waits (long polling) until the game's version is past `after`; answers the spectator view.
async fn wait_past(app: &TestApp, id: &str, after: u64) -> Value {
    let start = std::time::Instant::now();
    loop {
        let path = format!("/v1/games/{id}?wait_for_version={after}&wait_ms=1000");
        let (view, _) = view_of(app.get(&path).await).await;
        if view["version"].as_u64().expect("version") > after {
            return view;
        }
        assert!(start.elapsed().as_secs() < 10, "no move past {after}");
    }
}

/// The log's fallback move that made `version`.
fn timeout_at(log: &Value, version: u64) -> Value {
    log["timeouts"]
        .as_array()
        .expect("timeouts")
        .iter()
        .find(|t| t["version"] == version)
        .cloned()
        .unwrap_or_else(|| panic!("no fallback move at version {version}: {log}"))
}

/// Five Hundred's decisions time out like any other, once each: a declarer who does not
/// exchange in time gets a fallback discard in the strain bid (face down: the log holds the
/// action back while the hand is played, nobody else sees it); one who does not call in time a
/// fallback call (public: the card and its holder shown at once) or `alone`; a declarer who does
/// not lead in time at no trump a fallback lead among its legal ones (the joker naming a suit).
async fn five_hundred_decisions_time_out(store: Store) {
    let app = spawn_app(store).await;
    let mut body = five_handed();
    body["turn_time_limit_ms"] = json!(300);
    let id = app.create_game(&body).await;
    let t = app.claim_all(&id, 5).await;
    let bid = json!({"type": "bid", "tricks": 6, "trump": "H"});
    ok(&app, &id, &t, 0, "bid", bid).await;
    for s in 1..5 {
        ok(&app, &id, &t, s, "bid", json!({"type": "pass"})).await;
    }
    // The exchange times out.
    let before = app.view(&id, Some(&t[0])).await;
    assert_eq!(before["phase"], "exchange");
    let v = before["version"].as_u64().expect("version");
    let view = wait_past(&app, &id, v).await;
    assert_eq!(view["version"], v + 1, "one fallback move");
    assert_eq!(view["phase"], "alone");
    assert_eq!(view["turn"], 0);
    let t_ex = timeout_at(&app.log(&id).await, v + 1);
    assert_eq!(t_ex["seat"], 0);
    assert_eq!(t_ex["action_type"], "exchange");
    assert_eq!(t_ex["action"], Value::Null, "the discard is held back");
    let mine = app.view(&id, Some(&t[0])).await;
    let discards = mine["discards"].as_array().expect("discards").clone();
    assert_eq!(discards.len(), 3);
    let legal = before["legal_actions"].as_array().expect("legal");
    assert!(
        legal.contains(&json!({"type": "exchange", "trump": "H", "discard": discards})),
        "the fallback exchange is one of the legal ones: {discards:?}"
    );
    for token in &t[1..] {
        assert_eq!(app.view(&id, Some(token)).await["discards"], json!([]));
    }
    // The call times out.
    let calls = mine["legal_actions"].as_array().expect("legal").clone();
    let v = v + 1;
    let view = wait_past(&app, &id, v).await;
    assert_eq!(view["version"], v + 1, "one fallback move");
    assert_eq!(view["phase"], "play");
    let t_call = timeout_at(&app.log(&id).await, v + 1);
    assert_eq!(t_call["seat"], 0);
    let action = t_call["action"].clone();
    assert!(calls.contains(&action), "{action} is not a legal call");
    match action["type"].as_str() {
        Some("call") => {
            let card = action["card"].as_str().expect("card");
            assert_eq!(view["called"], card, "the call is public at once");
            let holder = five_handed()["scenario"]["hands"]
                .as_array()
                .expect("hands")
                .iter()
                .position(|h| h.as_array().expect("hand").contains(&json!(card)))
                .expect("a holder");
            assert_eq!(view["partner"], holder);
        }
        _ => assert_eq!(view["alone"], 0, "alone: {action}"),
    }
    // At no trump the lead times out: a legal lead, the joker naming a suit.
    let mut body = four_handed();
    body["turn_time_limit_ms"] = json!(300);
    let id = app.create_game(&body).await;
    let t = app.claim_all(&id, 4).await;
    ok(
        &app,
        &id,
        &t,
        0,
        "bid",
        json!({"type": "bid", "tricks": 6, "trump": "NT"}),
    )
    .await;
    for s in 1..4 {
        ok(&app, &id, &t, s, "bid", json!({"type": "pass"})).await;
    }
    let kitty = json!({"type": "exchange", "trump": "NT", "discard": ["4D", "4H", "5S"]});
    ok(&app, &id, &t, 0, "exchange", kitty).await;
    let before = app.view(&id, Some(&t[0])).await;
    let v = before["version"].as_u64().expect("version");
    let view = wait_past(&app, &id, v).await;
    assert_eq!(view["version"], v + 1);
    let lead = view["trick"]["plays"][0].clone();
    assert_eq!(lead["seat"], 0);
    let mut posted = json!({"type": "play", "card": lead["card"]});
    if lead["card"] == "JK" {
        posted["suit"] = lead["suit"].clone();
        assert!(lead["suit"].is_string(), "a led joker names a suit: {lead}");
    }
    let legal = before["legal_actions"].as_array().expect("legal");
    assert!(legal.contains(&posted), "{posted} is not a legal lead");
    assert_eq!(timeout_at(&app.log(&id).await, v + 1)["action"], posted);
}

both_stores!(five_hundred_decisions_time_out);

// ---------------------------------------------------------------------------------------------
// Retries

/// A call of a partner sent again with its key (ten copies at once to `/alone`, later one to
/// `/actions`) answers the original view and is applied once: one call, its holder revealed;
/// the same key for `alone` is refused with 409 and changes nothing.
async fn a_call_retried_is_applied_once(store: Store) {
    use futures_util::future::join_all;
    let app = spawn_app(store).await;
    let id = app.create_game(&five_handed()).await;
    let t = app.claim_all(&id, 5).await;
    ok(
        &app,
        &id,
        &t,
        0,
        "bid",
        json!({"type": "bid", "tricks": 6, "trump": "H"}),
    )
    .await;
    for s in 1..5 {
        ok(&app, &id, &t, s, "bid", json!({"type": "pass"})).await;
    }
    let exchange = json!({"type": "exchange", "trump": "H", "discard": ["2C", "3C", "4C"]});
    ok(&app, &id, &t, 0, "exchange", exchange).await;
    let v = app.version(&id).await;
    let send = |endpoint: &'static str, action: Value| {
        let (app, id, token) = (&app, &id, t[0].clone());
        async move {
            let res = app
                .client
                .post(app.url(&format!("/v1/games/{id}/{endpoint}")))
                .bearer_auth(token)
                .header("idempotency-key", "call-the-ace")
                .json(&action)
                .send()
                .await
                .expect("sent");
            let status = res.status();
            let etag = crate::helpers::header(&res, reqwest::header::ETAG);
            let body: Value = res.json().await.expect("JSON");
            (status, etag, body)
        }
    };
    let call = json!({"type": "call", "card": "AS"});
    let answers = join_all((0..10).map(|_| send("alone", call.clone()))).await;
    let first = answers[0].2.clone();
    for (status, etag, body) in &answers {
        assert_eq!(*status, StatusCode::OK, "{body}");
        assert_eq!(*etag, format!("\"{}\"", v + 1));
        assert_eq!(*body, first, "every copy gets the same answer");
    }
    assert_eq!(app.version(&id).await, v + 1, "applied once");
    let view = app.view(&id, None).await;
    assert_eq!(view["called"], "AS");
    assert_eq!(view["partner"], 1);
    let (status, _, body) = send("alone", json!({"type": "alone", "alone": true})).await;
    assert_eq!(status.as_u16(), 409, "{body}");
    assert_eq!(body["code"], "idempotency_key_reused");
    assert_eq!(app.view(&id, None).await, view, "nothing changed");
    ok(
        &app,
        &id,
        &t,
        0,
        "play",
        json!({"type": "play", "card": "AH"}),
    )
    .await;
    let (status, etag, late) = send("actions", call).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(etag, format!("\"{}\"", v + 1));
    assert_eq!(late, first, "the original answer");
    assert_eq!(app.version(&id).await, v + 2, "the retry changed nothing");
}

both_stores!(a_call_retried_is_applied_once);
