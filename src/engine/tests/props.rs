//! Property tests: random games of every ruleset, to the end, with every invariant checked after
//! every action against oracles written here from RULES.md (not from the engine's code).
//!
//! The random player passes three times in four in the auction when it may (a uniformly random
//! bidder overbids so wildly that games of pepper and double Hasenpfeffer practically never end),
//! otherwise bids the lowest legal bid (seven times in eight) or a uniformly random one (pepper's
//! consecutive-pass auction gives a player many chances to bid); it goes alone one time in
//! five when it may; every other choice is uniformly random. Games are cut off after
//! `MAX_HANDS` hands; at least three in four must end (95% for the two hasenpfeffer presets).
//!
//! Case counts: a debug run plays 1,000 games per ruleset with the cheaper checks (legality of
//! everything played, auction, scoring, trick structure, conservation, game end) and 6 to 60
//! games per ruleset with every check after every action (views, serde, every legal action
//! accepted, random illegal ones refused), about 40 CPU seconds in all. The environment variable
//! `HASENPFEFFER_PROPTEST_SCALE` multiplies both; it defaults to 1 in debug builds and 10 in
//! release builds (`cargo test --release --lib props`: 10,000 games per ruleset).

use std::cell::RefCell;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

use super::support::double6;
use crate::engine::shuffle::SplitMix64;
use crate::engine::{
    Action, AllDrop, AllPass, AloneRule, Answer, AuctionKind, Bid, Card, CardList, DealerPickup,
    DeckKind, FirstLead, Forced, Game, GameEnd, HandRecord, HandResult, Outcome, Pepper, Phase,
    Preset, Rank, Ruleset, RulesetSpec, Scoring, Seat, SetPenalty, Step, Suit, Trump, UpcardFate,
    Viewer, deal,
};

const MAX_HANDS: u32 = 80;

fn scale() -> u32 {
    std::env::var("HASENPFEFFER_PROPTEST_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 1 } else { 10 })
}

/// What the random games went through, so a test can insist that rare paths were taken. (Seeds
/// are random on every run, so only paths expected dozens of times per run are insisted on;
/// draws, about one game in a thousand, are pinned by the rule tables instead.)
#[derive(Debug, Default)]
struct Stats {
    games: u32,
    ended: u32,
    hands: u32,
    played: u32,
    void_joker: u32,
    thrown_in: u32,
    forced_joker: u32,
    forced_dealer: u32,
    set: u32,
    alone: u32,
    defender_alone: u32,
    little_pepper: u32,
    big_pepper: u32,
    no_trump: u32,
    draws: u32,
    both_reached: u32,
    rebid: u32,
    upcard_taken: u32,
    upcard_left: u32,
    named_in_round_two: u32,
    march: u32,
    all_dropped: u32,
    dropped: u32,
    no_declarer: u32,
    acquitted: u32,
    vetoed: u32,
    upcards_passed: u32,
    misere: u32,
    open_misere: u32,
    called: u32,
    joker_named: u32,
}

impl Stats {
    fn record(&mut self, rules: &Ruleset, rec: &HandRecord) {
        self.hands += 1;
        match rec.summary.result {
            HandResult::Played => self.played += 1,
            HandResult::VoidJokerInWidow => self.void_joker += 1,
            HandResult::ThrownIn => self.thrown_in += 1,
            // Buck Euchre (not among these property tests' rulesets yet).
            HandResult::AllDropped => self.all_dropped += 1,
            HandResult::Acquitted => self.acquitted += 1,
        }
        self.dropped += u32::from(!rec.dropped.is_empty());
        self.no_declarer +=
            u32::from(rec.summary.result == HandResult::Played && rec.summary.contract.is_none());
        match rec.upcard.map(|u| u.fate) {
            Some(UpcardFate::Taken) => self.upcard_taken += 1,
            Some(UpcardFate::Left) => self.upcard_left += 1,
            Some(UpcardFate::TurnedDown) if rec.summary.contract.is_some() => {
                self.named_in_round_two += 1
            }
            _ => {}
        }
        if let Some(c) = rec.summary.contract {
            if rules.upcard()
                && rec.summary.tricks_won[side_of(rules, c.seat)] as usize
                    == rules.cards_per_player()
            {
                self.march += 1;
            }
            match c.forced {
                Some(Forced::JokerHolder) => self.forced_joker += 1,
                Some(Forced::Dealer) => self.forced_dealer += 1,
                None => {}
            }
            match c.bid.pepper {
                Some(Pepper::Little) => self.little_pepper += 1,
                Some(Pepper::Big) => self.big_pepper += 1,
                None => {}
            }
            if rec.summary.tricks_won[side_of(rules, c.seat)] < c.bid.tricks {
                self.set += 1;
            }
        }
        self.alone += u32::from(rec.alone.is_some());
        self.defender_alone += u32::from(rec.defender_alone.is_some());
        self.no_trump += u32::from(rec.trump == Some(Trump::NoTrump));
        // A seat bidding after it had passed in the same auction.
        let rebid = rec.auction.iter().enumerate().any(|(i, c)| {
            c.bid.is_some()
                && rec.auction[..i]
                    .iter()
                    .any(|e| e.seat == c.seat && e.bid.is_none())
        });
        self.rebid += u32::from(rebid);
        // Bacon: a veto, and a hand that went past its first upcard.
        self.vetoed += u32::from(
            rec.upcard_calls
                .iter()
                .any(|c| c.answer == Some(Answer::Veto)),
        );
        self.upcards_passed +=
            u32::from(rules.successive_upcards() && rec.upcard_calls.iter().any(|c| c.round > 1));
        // Five Hundred: misères, calls, and a joker led at no trump naming a suit.
        match rec.summary.contract.and_then(|c| c.bid.misere) {
            Some(crate::engine::Misere::Closed) => self.misere += 1,
            Some(crate::engine::Misere::Open) => self.open_misere += 1,
            None => {}
        }
        self.called += u32::from(rec.called.is_some());
        self.joker_named += u32::from(rec.tricks.iter().any(|t| t.plays[0].suit.is_some()));
        let s = rec.summary.scores;
        if s.iter().filter(|&&x| x >= rules.target_score).count() > 1 {
            self.both_reached += 1;
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Level {
    /// Every invariant after every action.
    Full,
    /// Legality of what is played, scoring, trick structure, conservation, game end.
    Light,
}

// ---------------------------------------------------------------------------------------------
// Oracles from RULES.md.

/// The suit a card follows as (section 1): the joker and the left bower are trumps.
fn eff(card: Card, trump: Option<Suit>, bowers: bool) -> Option<Suit> {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        return trump;
    };
    match trump {
        Some(t) if bowers && rank == Rank::Jack && suit.same_colour() == t => Some(t),
        _ => Some(suit),
    }
}

/// How strongly a card plays in a trick led in `led`: higher wins; 0 cannot win.
fn power(card: Card, trump: Option<Suit>, bowers: bool, led: Option<Suit>) -> u32 {
    let e = eff(card, trump, bowers);
    // Plain suits rank 2 3 4 5 6 7 8 9 T L M N J Q K A (RULES-FAMILY section 0).
    let natural = card.rank().map_or(0, |r| {
        "23456789TLMNJQKA"
            .find(r.char())
            .map_or(0, |i| i as u32 + 1)
    });
    if trump.is_some() && e == trump {
        if card.is_joker() {
            1000
        } else if bowers && card.rank() == Some(Rank::Jack) {
            if card.suit() == trump { 900 } else { 800 }
        } else {
            100 + natural
        }
    } else if e == led {
        natural
    } else {
        0
    }
}

/// The seat winning a list of plays: the strongest card, the first of equals.
fn trick_winner(plays: &[(Seat, Card)], trump: Option<Suit>, bowers: bool) -> Seat {
    let led = eff(plays[0].1, trump, bowers);
    let mut best = 0;
    for i in 1..plays.len() {
        if power(plays[i].1, trump, bowers, led) > power(plays[best].1, trump, bowers, led) {
            best = i;
        }
    }
    plays[best].0
}

fn seats_out(rules: &Ruleset, alone: Option<Seat>, defender: Option<Seat>) -> Vec<bool> {
    let n = rules.seats();
    let mut out = vec![false; n];
    for lone in [alone, defender].into_iter().flatten() {
        for (s, o) in out.iter_mut().enumerate() {
            if s != lone as usize && s % 2 == lone as usize % 2 {
                *o = true;
            }
        }
    }
    out
}

/// The side a seat plays for (RULES-FAMILY section 0): two partnerships at a table of 4 or 6
/// (even seats against odd), every player alone at a smaller table.
fn side_of(rules: &Ruleset, seat: u8) -> usize {
    if rules.players < 4 || rules.preset == Preset::BuckEuchre {
        seat as usize
    } else {
        (seat % 2) as usize
    }
}

/// The number of sides (see [`side_of`]).
fn side_count(rules: &Ruleset) -> usize {
    if rules.players < 4 || rules.preset == Preset::BuckEuchre {
        rules.players as usize
    } else {
        2
    }
}

/// Tricks won by each side in a record.
fn won_by_side(rules: &Ruleset, rec: &HandRecord) -> Vec<u8> {
    let mut won = vec![0u8; side_count(rules)];
    for t in &rec.tricks {
        won[side_of(rules, t.winner.unwrap())] += 1;
    }
    won
}

/// The points each side scores for a hand (RULES.md section 2 and RULES-FAMILY section 4, by
/// ruleset): the declarers by their contract, every other side its tricks.
fn expected_delta(rules: &Ruleset, rec: &HandRecord) -> Vec<i32> {
    if rules.scoring == Scoring::Buck {
        return buck_delta(rules, rec);
    }
    if rec.summary.result != HandResult::Played {
        return vec![0; side_count(rules)];
    }
    let c = rec.summary.contract.expect("a played hand has a contract");
    let won: Vec<i32> = won_by_side(rules, rec).into_iter().map(i32::from).collect();
    let d = side_of(rules, c.seat);
    if rules.scoring == Scoring::Bacon {
        // RULES-FAMILY section 3: only a side with 3 or more tricks scores, the declarers 1 (2
        // for all five), a loner or the defenders of either 2 (4).
        let mut delta = vec![0; side_count(rules)];
        for (side, &w) in won.iter().enumerate() {
            if w >= 3 {
                let base = if w == 5 { 2 } else { 1 };
                delta[side] = if side != d || rec.alone.is_some() {
                    2 * base
                } else {
                    base
                };
            }
        }
        return delta;
    }
    if rules.scoring == Scoring::Euchre {
        // RULES-FAMILY section 1: one side scores.
        let mut delta = vec![0; side_count(rules)];
        match (won[d], rec.alone.is_some()) {
            (5, true) => delta[d] = 4,
            (5, false) => delta[d] = 2,
            (3 | 4, _) => delta[d] = 1,
            _ => delta[1 - d] = if rec.defender_alone.is_some() { 4 } else { 2 },
        }
        return delta;
    }
    let all = rules.cards_per_player() as i32;
    let mut declarers = if c.bid.pepper == Some(Pepper::Big) {
        // Big pepper: +12 for all six tricks, else -12 (twice the stakes of all tricks).
        if won[d] == all { 2 * all } else { -2 * all }
    } else if won[d] >= c.bid.tricks as i32 {
        won[d]
    } else {
        let penalty = match rules.set_penalty {
            SetPenalty::Contract => c.bid.tricks as i32,
            SetPenalty::Fixed6 => 6,
            SetPenalty::AllTricks => all,
        };
        if c.forced == Some(Forced::Dealer) {
            -((penalty + 1) / 2)
        } else {
            -penalty
        }
    };
    if rec.alone.is_some() {
        declarers *= 2;
    }
    let stakes = if rec.defender_alone.is_some() { 2 } else { 1 };
    let mut delta: Vec<i32> = won.iter().map(|w| w * stakes).collect();
    delta[d] = declarers;
    delta
}

/// Tricks won by each player of a Buck Euchre hand: as played, or all five to a declarer
/// everybody left.
fn buck_won(rules: &Ruleset, rec: &HandRecord) -> Vec<i32> {
    let mut won: Vec<i32> = won_by_side(rules, rec).into_iter().map(i32::from).collect();
    if rec.summary.result == HandResult::AllDropped {
        let d = rec
            .summary
            .contract
            .expect("a declarer everybody left")
            .seat;
        won[d as usize] = rules.cards_per_player() as i32;
    }
    won
}

/// Buck Euchre's points (RULES-FAMILY section 2), per player: dropped out 0; a declarer with
/// fewer than 3 tricks +5; any other player in the hand with no trick +5; otherwise minus a
/// point a trick.
fn buck_delta(rules: &Ruleset, rec: &HandRecord) -> Vec<i32> {
    if rec.summary.result == HandResult::ThrownIn {
        return vec![0; 4];
    }
    let won = buck_won(rules, rec);
    let declarer = rec.summary.contract.map(|c| c.seat as usize);
    (0..4)
        .map(|s| {
            let failed = if declarer == Some(s) {
                won[s] < 3
            } else {
                won[s] == 0
            };
            if rec.dropped.contains(&(s as Seat)) {
                0
            } else if failed {
                5
            } else {
                -won[s]
            }
        })
        .collect()
}

/// Buck Euchre's game end: a player who took every trick of the hand wins alone; else once a
/// score is 0 or less the lowest wins, equal lowest scores tie.
fn buck_outcome(rules: &Ruleset, scores: &[i32], rec: &HandRecord) -> Option<Outcome> {
    let won = buck_won(rules, rec);
    if let Some(s) = won
        .iter()
        .position(|&w| w == rules.cards_per_player() as i32)
    {
        return Some(Outcome::Winner(s as u8));
    }
    let low = *scores.iter().min().unwrap();
    if low > 0 {
        return None;
    }
    let lowest: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == low).collect();
    Some(match lowest[..] {
        [one] => Outcome::Winner(one as u8),
        _ => Outcome::Draw,
    })
}

/// The game's outcome by RULES.md section 1 (and RULES-FAMILY section 4 for every player
/// alone): `declarers` is the declaring side of the last hand.
fn expected_outcome(rules: &Ruleset, scores: &[i32], declarers: Option<u8>) -> Option<Outcome> {
    if matches!(
        rules.game_end,
        GameEnd::LowestAtZero | GameEnd::MadeContract
    ) {
        // Buck Euchre's countdown has its own rule table (`tests/buck.rs`), Five Hundred's
        // end its own oracle (`five_hundred_outcome`).
        return None;
    }
    let reached: Vec<usize> = (0..scores.len())
        .filter(|&s| scores[s] >= rules.target_score)
        .collect();
    if reached.is_empty() {
        return None;
    }
    Some(match rules.game_end {
        GameEnd::DeclarersWinTies => match reached[..] {
            [one] => Outcome::Winner(one as u8),
            _ => Outcome::Winner(declarers.expect("several reached on a played hand")),
        },
        GameEnd::LowestAtZero | GameEnd::MadeContract => return None,
        GameEnd::HigherScoreOrDraw => {
            let best = *scores.iter().max().unwrap();
            let top: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == best).collect();
            match top[..] {
                [one] => Outcome::Winner(one as u8),
                _ => Outcome::Draw,
            }
        }
    })
}

fn counts(cards: impl IntoIterator<Item = Card>) -> [u8; Card::CODES] {
    let mut c = [0u8; Card::CODES];
    for x in cards {
        c[x.index()] += 1;
    }
    c
}

fn remove(hand: &mut Vec<Card>, card: Card) {
    let i = hand
        .iter()
        .position(|&c| c == card)
        .unwrap_or_else(|| panic!("{card} is not in the hand {hand:?}"));
    hand.remove(i);
}

/// Checks a finished hand's record against the rules: the auction, the exchange, the tricks
/// (order, leaders, following, winners) and the score.
fn check_record(rules: &Ruleset, seed: u64, rec: &HandRecord, dealer: Seat) {
    let n = rules.seats() as Seat;
    let cpp = rules.cards_per_player();
    assert_eq!(rec.dealer, dealer, "the deal passes left");
    let (hands, widow) = deal(rules, seed, rec.summary.number, dealer);
    let dealt: Vec<Vec<Card>> = hands.iter().map(|h| h.to_vec()).collect();
    assert_eq!(rec.deal, dealt, "the seed's deal");
    assert_eq!(rec.widow, widow.to_vec());

    if rules.upcard() {
        check_upcard_record(rules, rec, dealer, &dealt, &widow);
        return;
    }
    if rules.five_hundred() {
        super::five_hundred_oracle::check_record(rules, rec, dealer, &dealt, &widow);
        return;
    }
    // The auction.
    let max = if rules.pepper_bids {
        Bid {
            tricks: cpp as u8,
            pepper: Some(Pepper::Big),
            ..Bid::plain(0)
        }
    } else {
        Bid::plain(cpp as u8)
    };
    let mut passed = vec![false; n as usize];
    let mut high: Option<(Seat, Bid)> = None;
    let mut seat = (dealer + 1) % n;
    let mut ended = false;
    let mut forced_dealer = false;
    let mut run = 0;
    for (i, call) in rec.auction.iter().enumerate() {
        assert!(!ended, "a call after the auction ended");
        assert_eq!(call.seat, seat, "call {i}: wrong seat");
        let all_others_passed = passed.iter().filter(|&&p| p).count() == n as usize - 1;
        match call.bid {
            None => {
                assert!(
                    !(rules.all_pass == AllPass::DealerForced
                        && seat == dealer
                        && high.is_none()
                        && all_others_passed),
                    "the forced dealer passed"
                );
                passed[seat as usize] = true;
            }
            Some(b) => {
                assert!(b.tricks >= rules.min_bid && b.tricks as usize <= cpp);
                if rules.pepper_bids {
                    assert_eq!(b.pepper.is_some(), b.tricks as usize == cpp);
                } else {
                    assert_eq!(b.pepper, None);
                }
                if let Some((_, h)) = high {
                    assert!(b.rank() > h.rank(), "bids must rise");
                }
                if rules.all_pass == AllPass::DealerForced
                    && seat == dealer
                    && high.is_none()
                    && all_others_passed
                {
                    forced_dealer = true;
                }
                high = Some((seat, b));
                if b.rank() == max.rank() || forced_dealer {
                    ended = true;
                }
            }
        }
        let npassed = passed.iter().filter(|&&p| p).count();
        // Passes in a row since the last bid (or the start).
        run = if call.bid.is_none() { run + 1 } else { 0 };
        match rules.auction {
            AuctionKind::SingleRound => ended |= seat == dealer,
            AuctionKind::Open => {
                ended |= npassed == n as usize || (npassed == n as usize - 1 && high.is_some())
            }
            // RULES.md: a bid followed by three consecutive passes (every other player at a
            // table of six), or everybody passing with no bid.
            AuctionKind::ConsecutivePasses => {
                ended |= run == n as usize || (run == n as usize - 1 && high.is_some())
            }
            AuctionKind::Upcard | AuctionKind::SuccessiveUpcards => {
                unreachable!("upcard games are checked on their own")
            }
        }
        seat = (seat + 1) % n;
        if rules.auction == AuctionKind::Open {
            while passed[seat as usize] && npassed < n as usize {
                seat = (seat + 1) % n;
            }
        }
    }
    assert!(ended, "the auction did not end");
    let joker_holder = dealt.iter().position(|h| h.contains(&Card::JOKER));
    let contract = rec.summary.contract;
    match (high, rules.all_pass) {
        (Some((s, b)), _) => {
            let c = contract.expect("a bid makes a contract");
            assert_eq!((c.seat, c.bid), (s, b));
            assert_eq!(c.forced, forced_dealer.then_some(Forced::Dealer));
            assert_eq!(rec.summary.result, HandResult::Played);
        }
        (None, AllPass::JokerHolderBids3) => match joker_holder {
            Some(h) => {
                let c = contract.expect("the joker holder bids");
                assert_eq!(c.seat as usize, h);
                assert_eq!(c.bid, Bid::plain(3));
                assert_eq!(c.forced, Some(Forced::JokerHolder));
            }
            None => {
                assert_eq!(rec.summary.result, HandResult::VoidJokerInWidow);
                assert_eq!(contract, None);
            }
        },
        (None, _) => {
            assert_eq!(rec.summary.result, HandResult::ThrownIn);
            assert_eq!(contract, None);
        }
    }
    if rec.summary.result != HandResult::Played {
        assert!(rec.tricks.is_empty());
        assert!(rec.summary.score_delta.iter().all(|&d| d == 0));
        assert_eq!(rec.summary.score_delta.len(), side_count(rules));
        return;
    }
    let c = contract.unwrap();
    let d = c.seat;
    let trump = rec.trump.expect("trump named");
    if trump == Trump::NoTrump {
        assert!(rules.no_trump);
    }

    // The exchange.
    let mut held: Vec<Vec<Card>> = dealt.clone();
    // RULES-FAMILY section 4: two-player pepper's undealt hand is dead, nobody takes it.
    let dead_hand = rules.preset == Preset::Pepper && rules.players == 2;
    if !dead_hand {
        held[d as usize].extend(&widow);
    }
    assert_eq!(rec.discards.len(), rules.widow_size());
    for &x in &rec.discards {
        remove(&mut held[d as usize], x);
    }
    check_play(rules, rec, dealer, held);
}

/// Bacon's upcards, calls and answers and the exchange left of the caller (RULES-FAMILY section
/// 3), then the play.
fn check_bacon_record(
    rules: &Ruleset,
    rec: &HandRecord,
    dealer: Seat,
    dealt: &[Vec<Card>],
    widow: &[Card],
) {
    let n = rules.seats() as Seat;
    // The upcard being called (0 to 3), the seat to call, and the pick-up that stood.
    let mut k = 0usize;
    let mut seat = (dealer + 1) % n;
    let mut stood: Option<(Seat, bool)> = None;
    for (i, call) in rec.upcard_calls.iter().enumerate() {
        assert!(stood.is_none(), "a call after a pick-up stood");
        assert_eq!(
            call.seat, seat,
            "call {i}: from the dealer's left, dealer last"
        );
        assert_eq!(call.round as usize, k + 1, "call {i}: the upcard's number");
        let suit = widow[k].suit().expect("Bacon's upcards have suits");
        let passed = match call.trump {
            None => {
                assert!(
                    !call.alone && call.answer.is_none(),
                    "a pass is only a pass"
                );
                true
            }
            Some(t) => {
                assert_eq!(t, Trump::Suit(suit), "a pick-up takes the upcard's suit");
                if call.alone {
                    assert_ne!(rules.alone, AloneRule::None);
                }
                match call
                    .answer
                    .expect("a finished hand's pick-ups are answered")
                {
                    Answer::Veto => true,
                    Answer::VetoAlone => {
                        assert!(call.alone, "veto_alone answers pick_up_alone");
                        stood = Some((seat, false));
                        false
                    }
                    Answer::Allow => {
                        stood = Some((seat, call.alone));
                        false
                    }
                }
            }
        };
        if passed && seat == dealer {
            // The dealer passed (or was vetoed): the next upcard.
            k += 1;
        }
        seat = (seat + 1) % n;
    }
    let Some((caller, alone)) = stood else {
        assert_eq!(k, 4, "four upcards passed");
        assert_eq!(rec.upcard_calls.len(), 4 * n as usize);
        assert_eq!(rec.summary.result, HandResult::Acquitted);
        assert_eq!(rec.summary.contract, None);
        assert!(rec.tricks.is_empty() && rec.discards.is_empty());
        assert!(rec.summary.score_delta.iter().all(|&d| d == 0));
        let up = rec.upcard.expect("the last upcard");
        assert_eq!((up.card, up.fate), (widow[3], UpcardFate::TurnedDown));
        return;
    };
    let upcard = rec.upcard.expect("an upcard");
    let taker = (caller + 1) % n;
    assert_eq!(upcard.card, widow[k], "the upcard picked up is the k-th");
    assert_eq!(upcard.fate, UpcardFate::Taken);
    assert_eq!(
        upcard.taken_by,
        Some(taker),
        "the seat left of the caller takes it"
    );
    assert_eq!(rec.discards.len(), 1);
    assert_eq!(
        upcard.discard,
        Some(rec.discards[0]),
        "the discard is shown face up"
    );
    let c = rec
        .summary
        .contract
        .expect("a pick-up that stood makes a contract");
    assert_eq!((c.seat, c.bid.tricks), (caller, 3));
    assert_eq!(rec.trump, Some(Trump::Suit(upcard.card.suit().unwrap())));
    assert_eq!(rec.alone, alone.then_some(caller));
    assert_eq!(rec.defender_alone, None);
    assert!(rec.dropped.is_empty());
    let mut held: Vec<Vec<Card>> = dealt.to_vec();
    held[taker as usize].push(upcard.card);
    remove(&mut held[taker as usize], rec.discards[0]);
    check_play(rules, rec, dealer, held);
}

/// An upcard game's calls and the dealer's exchange (RULES-FAMILY section 1), then the play.
fn check_upcard_record(
    rules: &Ruleset,
    rec: &HandRecord,
    dealer: Seat,
    dealt: &[Vec<Card>],
    widow: &[Card],
) {
    let n = rules.seats() as Seat;
    assert!(rec.auction.is_empty(), "no bids in an upcard game");
    if rules.successive_upcards() {
        check_bacon_record(rules, rec, dealer, dealt, widow);
        return;
    }
    let upcard = rec.upcard.expect("an upcard");
    assert_eq!(
        upcard.card, widow[0],
        "the upcard is the first undealt card"
    );
    let up_suit = upcard.card.suit().unwrap();
    if rules.automatic_trump() == Some(up_suit) {
        // Buck Euchre's clubs upcard: clubs are trump, no calls, no declarer, all play.
        assert!(rec.upcard_calls.is_empty());
        assert_eq!(rec.summary.contract, None);
        assert_eq!(rec.trump, Some(Trump::Suit(up_suit)));
        assert!(rec.dropped.is_empty() && rec.discards.is_empty());
        check_play(rules, rec, dealer, dealt.to_vec());
        return;
    }
    let mut seat = (dealer + 1) % n;
    let mut maker = None;
    for (i, call) in rec.upcard_calls.iter().enumerate() {
        assert!(maker.is_none(), "a call after trump was made");
        assert_eq!(
            call.seat, seat,
            "call {i}: from the dealer's left, dealer last"
        );
        let round = if i < n as usize { 1 } else { 2 };
        assert_eq!(call.round, round);
        match call.trump {
            None => assert!(
                !(round == 2 && seat == dealer && rules.stick_the_dealer),
                "a stuck dealer passed"
            ),
            Some(t) => {
                if round == 1 {
                    assert_eq!(t, Trump::Suit(up_suit), "round 1 takes the upcard's suit");
                } else {
                    assert!(t != Trump::Suit(up_suit) && t != Trump::NoTrump);
                }
                maker = Some((seat, t, round));
            }
        }
        seat = (seat + 1) % n;
    }
    let Some((maker, trump, round)) = maker else {
        assert_eq!(rec.upcard_calls.len(), 2 * n as usize, "all pass twice");
        if rules.all_pass == AllPass::NoTrumpNoDeclarer {
            // Buck Euchre: played at no trump, with no declarer and no drop-outs.
            assert_eq!(rec.summary.result, HandResult::Played);
            assert_eq!(rec.summary.contract, None);
            assert_eq!(rec.trump, Some(Trump::NoTrump));
            assert!(rec.dropped.is_empty() && rec.discards.is_empty());
            check_play(rules, rec, dealer, dealt.to_vec());
            return;
        }
        assert_eq!(rec.summary.result, HandResult::ThrownIn);
        assert_eq!(rec.summary.contract, None);
        assert!(rec.tricks.is_empty() && rec.discards.is_empty());
        assert!(rec.summary.score_delta.iter().all(|&d| d == 0));
        return;
    };
    let c = rec.summary.contract.expect("a maker makes a contract");
    assert_eq!((c.seat, c.bid.tricks), (maker, 3));
    assert_eq!(rec.trump, Some(trump));
    let mut held: Vec<Vec<Card>> = dealt.to_vec();
    match (round, upcard.fate) {
        (1, UpcardFate::Taken) => {
            assert_eq!(rec.discards.len(), 1);
            assert_ne!(rec.discards[0], upcard.card, "one of the five held before");
            remove(&mut held[dealer as usize], rec.discards[0]);
            held[dealer as usize].push(upcard.card);
        }
        (1, UpcardFate::Left) => {
            assert_eq!(rules.dealer_pickup, DealerPickup::Optional);
            assert!(rec.discards.is_empty());
        }
        (2, UpcardFate::TurnedDown) => assert!(rec.discards.is_empty()),
        other => panic!("round and upcard disagree: {other:?}"),
    }
    if rules.drop_outs() {
        // The others may drop out; the declarer never does.
        assert!(!rec.dropped.contains(&maker));
        if rules.all_drop == AllDrop::LastMustStay {
            assert!(rec.dropped.len() < n as usize - 1, "the last must stay");
        }
        if rec.dropped.len() == n as usize - 1 {
            assert_eq!(rec.summary.result, HandResult::AllDropped);
            assert!(rec.tricks.is_empty(), "no play when everybody dropped");
            let won: Vec<i32> = rec.summary.tricks_won.iter().map(|&t| t.into()).collect();
            assert_eq!(won, buck_won(rules, rec));
            assert_eq!(rec.summary.score_delta[..], buck_delta(rules, rec)[..]);
            return;
        }
    } else {
        assert!(rec.dropped.is_empty());
    }
    check_play(rules, rec, dealer, held);
}

/// Going alone, the tricks (order, leaders, following, winners) and the score of a played
/// hand, from each seat's cards after the exchange.
fn check_play(rules: &Ruleset, rec: &HandRecord, dealer: Seat, mut held: Vec<Vec<Card>>) {
    let n = rules.seats() as Seat;
    let cpp = rules.cards_per_player();
    // A hand with no declarer (Buck Euchre) counts as declared by the dealer's left.
    let d = rec.summary.contract.map_or((dealer + 1) % n, |c| c.seat);
    let trump = rec.trump.expect("trump named").suit();
    match rules.alone {
        AloneRule::Maker => {
            assert!(rec.alone.is_none_or(|a| a == d));
            assert!(rec.defender_alone.is_none());
        }
        AloneRule::None => assert!(rec.alone.is_none() && rec.defender_alone.is_none()),
        AloneRule::PartnerSitsOut => {
            assert!(rec.alone.is_none_or(|a| a == d));
            assert!(rec.defender_alone.is_none_or(|a| a % 2 != d % 2));
            assert!(rec.lone_discards.is_empty() && rec.passed_cards.is_empty());
        }
        AloneRule::ExchangeTwo => {
            assert!(rec.alone.is_none_or(|a| a == d));
            assert!(rec.defender_alone.is_none());
            if rec.alone.is_some() {
                assert_eq!((rec.lone_discards.len(), rec.passed_cards.len()), (2, 2));
                for &x in &rec.lone_discards {
                    remove(&mut held[d as usize], x);
                }
                let partner = ((d + 2) % n) as usize;
                for &x in &rec.passed_cards {
                    remove(&mut held[partner], x);
                    held[d as usize].push(x);
                }
            } else {
                assert!(rec.lone_discards.is_empty() && rec.passed_cards.is_empty());
            }
        }
    }
    let mut out = seats_out(rules, rec.alone, rec.defender_alone);
    for &s in &rec.dropped {
        out[s as usize] = true;
    }
    let active = out.iter().filter(|&&o| !o).count();
    let next_active = |s: Seat| {
        let mut t = (s + 1) % n;
        while out[t as usize] {
            t = (t + 1) % n;
        }
        t
    };

    // The tricks.
    assert_eq!(rec.tricks.len(), cpp, "a hand has cards_per_player tricks");
    // Someone alone: the player to the lone player's left; both alone: the lone defender.
    let mut leader = if rules.first_lead == FirstLead::DealerLeft {
        // Euchre: the first active seat from the dealer's left, whoever is alone.
        next_active(dealer)
    } else if let Some(x) = rec.defender_alone {
        if rec.alone.is_some() {
            x
        } else {
            next_active(x)
        }
    } else if rec.alone.is_some() && rules.alone == AloneRule::PartnerSitsOut {
        next_active(d)
    } else {
        match rules.first_lead {
            FirstLead::HighBidder => d,
            // Bacon: the seat left of the caller, which took the upcard.
            FirstLead::UpcardTaker => (d + 1) % n,
            FirstLead::LeftOfDealer | FirstLead::DealerLeft => {
                if out[((dealer + 1) % n) as usize] {
                    next_active((dealer + 1) % n)
                } else {
                    (dealer + 1) % n
                }
            }
        }
    };
    for (k, t) in rec.tricks.iter().enumerate() {
        assert_eq!(t.leader, leader, "trick {k}: leader");
        assert_eq!(t.plays.len(), active, "trick {k}: one card per active seat");
        let mut s = leader;
        let led = eff(t.plays[0].card, trump, rules.bowers);
        for p in &t.plays {
            assert_eq!(p.seat, s, "trick {k}: play order");
            let hand = &mut held[s as usize];
            let can_follow = hand.iter().any(|&x| eff(x, trump, rules.bowers) == led);
            if can_follow {
                assert_eq!(
                    eff(p.card, trump, rules.bowers),
                    led,
                    "trick {k}: seat {s} did not follow"
                );
            }
            remove(hand, p.card);
            s = next_active(s);
        }
        let plays: Vec<(Seat, Card)> = t.plays.iter().map(|p| (p.seat, p.card)).collect();
        let w = trick_winner(&plays, trump, rules.bowers);
        assert_eq!(t.winner, Some(w), "trick {k}: winner of {plays:?}");
        leader = w;
    }
    for (s, h) in held.iter().enumerate() {
        if !out[s] {
            assert!(h.is_empty(), "seat {s} has cards left");
        }
    }
    assert_eq!(rec.summary.tricks_won[..], won_by_side(rules, rec)[..]);
    assert_eq!(
        rec.summary.score_delta[..],
        expected_delta(rules, rec)[..],
        "score of {:?}",
        rec.summary
    );
}

// ---------------------------------------------------------------------------------------------
// Invariants of a live state.

/// Cards conserved, counted here from the state's parts.
fn check_conservation(g: &Game) {
    let h = g.hand_state();
    let mut all: Vec<Card> = Vec::new();
    for s in 0..g.rules().seats() as Seat {
        all.extend(g.hand_of(s));
    }
    if !h.widow_taken {
        // A taken upcard is in the dealer's hand (in Bacon the taker's), no longer on the
        // stub; in Bacon it is the one after the upcards passed.
        let taken = g.rules().upcard() && h.upcard_fate == UpcardFate::Taken;
        let at = h.upcards_passed as usize;
        all.extend(
            h.widow
                .iter()
                .enumerate()
                .filter(|&(i, _)| !(taken && i == at))
                .map(|(_, c)| *c),
        );
    }
    all.extend(&h.discards);
    all.extend(&h.lone_discards);
    all.extend(g.current_trick().plays.iter().map(|p| p.card));
    all.extend(
        g.tricks()
            .iter()
            .flat_map(|t| t.plays.iter().map(|p| p.card)),
    );
    assert_eq!(counts(all), g.rules().deck.counts(), "cards not conserved");
}

/// The cards `viewer` may know of: its hand, what it took, discarded, passed or was passed, and
/// every card played.
fn visible(g: &Game, viewer: Viewer) -> Vec<Card> {
    let h = g.hand_state();
    let mut v: Vec<Card> = g
        .tricks()
        .iter()
        .flat_map(|t| t.plays.iter().map(|p| p.card))
        .collect();
    v.extend(g.current_trick().plays.iter().map(|p| p.card));
    // The last hand's tricks, all played face up (checked against the log in `play_game`).
    v.extend(
        g.last_tricks
            .iter()
            .flat_map(|t| t.plays.iter().map(|p| p.card)),
    );
    if g.rules().successive_upcards() {
        // RULES-FAMILY section 3: the upcards turned so far (the passed ones discarded face up)
        // and the taker's face-up discard are public.
        v.extend(&h.widow[..=h.upcards_passed as usize]);
        v.extend(&h.discards);
    } else if g.rules().upcard() {
        // RULES-FAMILY section 0: the upcard stays public, turned down or taken.
        v.push(h.widow[0]);
    }
    // Five Hundred: the called card, and an open misère's hand (shown as `open_hand`).
    v.extend(h.called);
    if let Some(c) = g.contract()
        && c.bid.misere == Some(crate::engine::Misere::Open)
        && g.phase() == Phase::Play
    {
        v.extend(g.hand_of(c.seat));
    }
    if let Viewer::Seat(s) = viewer {
        v.extend(g.hand_of(s));
        let declarer = g.contract().map(|c| c.seat);
        if g.rules().upcard() && !g.rules().successive_upcards() && g.dealer() == s {
            v.extend(&h.discards);
        }
        if declarer == Some(s) {
            if h.widow_taken {
                v.extend(&h.widow);
            }
            if !g.rules().upcard() {
                v.extend(&h.discards);
            }
            v.extend(&h.lone_discards);
            v.extend(&h.passed_cards);
        }
        if declarer.is_some_and(|d| (d + 2) % g.rules().players == s) {
            v.extend(&h.passed_cards);
        }
    }
    v
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

fn check_views(g: &Game) {
    let n = g.rules().seats() as Seat;
    let h = g.hand_state();
    let declarer = g.contract().map(|c| c.seat);
    let viewers = (0..n).map(Viewer::Seat).chain([Viewer::Spectator]);
    for viewer in viewers {
        let view = g.view(viewer);
        let allowed = visible(g, viewer);
        let mut json = serde_json::to_value(&view).unwrap();
        if g.rules().calls_partner() && g.phase() == Phase::Alone {
            // The call lists every card that may be called (none the declarer holds): the
            // pack's, not a leak; checked against the hands here instead.
            for a in &view.legal_actions {
                if let Action::Call { card } = a {
                    assert!(!g.hand_of(declarer.unwrap()).contains(card));
                }
            }
            json["legal_actions"] = Value::Null;
        }
        let mut all = Vec::new();
        strings(&json, &mut all);
        for s in all {
            if let Ok(c) = s.parse::<Card>() {
                assert!(
                    allowed.contains(&c),
                    "{viewer:?} sees {c}, which it may not: {json}"
                );
            }
        }
        match viewer {
            Viewer::Seat(s) => {
                assert_eq!(view.seat, Some(s));
                assert_eq!(view.hand, g.hand_of(s));
                for t in 0..n {
                    if t != s && g.hand_of(t) != g.hand_of(s) {
                        assert_ne!(view.hand, g.hand_of(t));
                    }
                }
                assert_eq!(view.legal_actions, g.legal_actions(s));
                let is_declarer = declarer == Some(s);
                if !is_declarer || !h.widow_taken {
                    assert!(view.widow.is_empty());
                }
                let discarder = if g.rules().upcard() {
                    g.dealer() == s
                } else {
                    is_declarer
                };
                if !discarder {
                    assert!(view.discards.is_empty());
                }
                let passer = declarer.map(|d| (d + 2) % n);
                if !is_declarer && passer != Some(s) {
                    assert!(view.passed_cards.is_empty());
                }
            }
            Viewer::Spectator => {
                assert_eq!(view.seat, None);
                assert!(view.hand.is_empty() && view.widow.is_empty());
                assert!(view.discards.is_empty() && view.passed_cards.is_empty());
                assert!(view.legal_actions.is_empty());
            }
        }
        assert_eq!(view.phase, g.phase());
        assert_eq!(view.turn, g.turn());
        assert_eq!(view.scores, g.scores());
        let sizes: Vec<u8> = (0..n).map(|s| g.hand_of(s).len() as u8).collect();
        assert_eq!(view.hand_sizes, sizes);
    }
}

fn normalise(a: &Action) -> Action {
    let sort = |l: &CardList| {
        let mut l = l.clone();
        l.sort();
        l
    };
    match a {
        Action::Exchange { trump, discard } => Action::Exchange {
            trump: *trump,
            discard: sort(discard),
        },
        Action::PassCards { cards } => Action::PassCards { cards: sort(cards) },
        other => other.clone(),
    }
}

fn random_card(rng: &mut SplitMix64) -> Card {
    Card::from_index(rng.below(Card::CODES as u64) as usize).unwrap()
}

fn random_action(rng: &mut SplitMix64) -> Action {
    let cards = |rng: &mut SplitMix64, max: u64| -> CardList {
        let k = rng.below(max + 1);
        (0..k).map(|_| random_card(rng)).collect()
    };
    match rng.below(10) {
        6 => Action::OrderUp,
        7 => Action::LeaveUpcard,
        8 => Action::NameTrump {
            trump: [
                Trump::Suit(Suit::Clubs),
                Trump::Suit(Suit::Diamonds),
                Trump::Suit(Suit::Hearts),
                Trump::Suit(Suit::Spades),
                Trump::NoTrump,
            ][rng.below(5) as usize],
        },
        9 => Action::TakeUpcard {
            discard: random_card(rng),
        },
        0 => Action::Pass,
        1 => Action::Bid {
            tricks: rng.below(15) as u8,
            pepper: [None, Some(Pepper::Little), Some(Pepper::Big)][rng.below(3) as usize],
            trump: None,
        },
        2 => Action::Exchange {
            trump: [
                Trump::Suit(Suit::Clubs),
                Trump::Suit(Suit::Diamonds),
                Trump::Suit(Suit::Hearts),
                Trump::Suit(Suit::Spades),
                Trump::NoTrump,
            ][rng.below(5) as usize],
            discard: cards(rng, 2),
        },
        3 => Action::Play {
            card: random_card(rng),
            suit: [None, Some(Suit::Hearts)][rng.below(2) as usize],
        },
        4 => Action::Alone {
            alone: rng.below(2) == 0,
        },
        _ => Action::PassCards {
            cards: cards(rng, 3),
        },
    }
}

/// Legal actions are non-empty and accepted; others are refused with the game unchanged; and
/// the legal plays are exactly those the follow rule allows.
/// The step the game names is the decision the seat to act has (RULES.md, RULES-FAMILY.md):
/// every legal action is of a kind that step offers, from the seat that step says.
fn check_step(g: &Game, seat: Seat, legal: &[Action]) {
    let step = g.step();
    let declarer = g.contract().map(|c| c.seat);
    let kinds: &[&str] = match step {
        Step::Bid => &["pass", "bid", "misere", "open_misere"],
        Step::OrderUp => &["pass", "order_up"],
        Step::NameTrump => &["pass", "name_trump"],
        Step::PickUp => &["pass", "pick_up", "pick_up_alone"],
        Step::Answer => &["allow", "veto", "veto_alone"],
        Step::ChooseTrump | Step::Kitty => &["exchange"],
        Step::DealerPickup => &["take_upcard", "leave_upcard"],
        Step::TakeUpcard => &["take_upcard"],
        Step::DeclarerAlone | Step::DefenderAlone => &["alone"],
        Step::CallPartner => &["call", "alone"],
        Step::LoneDiscard | Step::PartnerPasses => &["pass_cards"],
        Step::StayOrDrop => &["stay", "drop"],
        Step::Play => &["play"],
        Step::GameOver => &[],
    };
    for a in legal {
        assert!(kinds.contains(&a.kind()), "{step:?} offers {a:?}");
    }
    match step {
        Step::DeclarerAlone | Step::LoneDiscard => assert_eq!(Some(seat), declarer, "{step:?}"),
        Step::DefenderAlone | Step::PartnerPasses => assert_ne!(Some(seat), declarer, "{step:?}"),
        Step::Kitty => assert!(g.rules().five_hundred()),
        Step::ChooseTrump => assert!(!g.rules().five_hundred() && !g.rules().upcard()),
        _ => {}
    }
    let calls = g.phase() == Phase::Auction && g.rules().upcard();
    assert_eq!(g.round().is_some(), calls, "{step:?} round {:?}", g.round());
    if let Some(round) = g.round() {
        let max = if g.rules().successive_upcards() { 4 } else { 2 };
        assert!((1..=max).contains(&round), "round {round}");
        if !g.rules().successive_upcards() {
            assert_eq!(
                round == 1,
                step == Step::OrderUp,
                "{step:?} in round {round}"
            );
        }
    }
}

fn check_actions(g: &Game, seat: Seat, legal: &[Action], rng: &mut SplitMix64) {
    assert!(!legal.is_empty(), "no legal action for the seat to act");
    let n = g.rules().seats() as Seat;
    for s in 0..n {
        if s != seat {
            assert!(g.legal_actions(s).is_empty());
        }
    }
    for a in legal {
        let mut c = g.clone();
        c.apply(seat, a)
            .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
    }
    if g.phase() == Phase::Play {
        let trump = g.trump().and_then(Trump::suit);
        let bowers = g.rules().bowers;
        let hand = g.hand_of(seat);
        let led = g
            .current_trick()
            .plays
            .first()
            .map(|p| p.suit.or_else(|| eff(p.card, trump, bowers)));
        let mut want: Vec<Card> = hand.to_vec();
        if let Some(led) = led
            && hand.iter().any(|&c| eff(c, trump, bowers) == led)
        {
            want.retain(|&c| eff(c, trump, bowers) == led);
        }
        want.dedup();
        let got: Vec<Card> = legal
            .iter()
            .map(|a| match a {
                Action::Play { card, .. } => *card,
                other => panic!("{other:?} in play"),
            })
            .collect();
        // Five Hundred: a joker led at no trump is listed once for each suit it may name, the
        // suits its holder has not renounced (all four if it renounced every one).
        let named: Vec<Suit> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play { suit, .. } => *suit,
                _ => None,
            })
            .collect();
        if led.is_none() && g.trump() == Some(Trump::NoTrump) && hand.contains(&Card::JOKER) {
            let voids = g.view(Viewer::Spectator).voids[seat as usize].clone();
            let mut open: Vec<Suit> = Suit::ALL
                .into_iter()
                .filter(|s| !voids.contains(s))
                .collect();
            if open.is_empty() {
                open = Suit::ALL.to_vec();
            }
            assert_eq!(named, open, "the suits a led joker may name");
        } else {
            assert!(named.is_empty());
        }
        let mut got = got;
        got.dedup();
        assert_eq!(got, want, "legal plays");
    }
    let mut probe = g.clone();
    let mut tries: Vec<(Seat, Action)> = Vec::new();
    for _ in 0..8 {
        tries.push((seat, random_action(rng)));
    }
    for _ in 0..3 {
        let other = rng.below(n as u64 + 2) as Seat;
        tries.push((other, legal[rng.below(legal.len() as u64) as usize].clone()));
        tries.push((other, random_action(rng)));
    }
    for (s, a) in tries {
        let is_legal = s == seat && legal.contains(&normalise(&a));
        match probe.apply(s, &a) {
            Ok(_) => {
                assert!(is_legal, "{a:?} by {s} was accepted but is not legal");
                probe = g.clone();
            }
            Err(e) => {
                assert!(!is_legal, "legal {a:?} by {s} refused: {e}");
                assert!(probe == *g, "refused {a:?} changed the game");
            }
        }
    }
}

/// The random player: pass-biased in the auction.
fn choose(g: &Game, legal: &[Action], rng: &mut SplitMix64) -> usize {
    if g.phase() == Phase::Auction && legal[0] == Action::Pass && legal.len() > 1 {
        if rng.below(4) != 0 {
            return 0;
        }
        // Mostly the lowest bid: under pepper's consecutive-pass auction a player has many
        // chances to bid, and random jumps to big pepper (-12 when set) keep games going.
        if rng.below(8) != 0 {
            return 1;
        }
        return 1 + rng.below(legal.len() as u64 - 1) as usize;
    }
    if g.phase() == Phase::Alone {
        // Alone one time in five: lone players are set so often that games would drag on.
        return usize::from(rng.below(5) == 0);
    }
    rng.below(legal.len() as u64) as usize
}

/// Plays one random game with every check; returns whether it ended.
fn play_game(rules: Ruleset, seed: u64, policy: u64, level: Level, stats: &mut Stats) -> bool {
    let mut g = Game::new(rules, seed, None).unwrap();
    let mut rng = SplitMix64::new(policy);
    let mut dealer = g.dealer();
    let mut legal = Vec::new();
    let n = rules.seats() as Seat;
    while !g.is_over() && g.hand_number() < MAX_HANDS {
        let seat = g.turn().expect("a live game has a turn");
        assert!(seat < n);
        g.legal_actions_into(seat, &mut legal);
        check_step(&g, seat, &legal);
        if level == Level::Full {
            check_actions(&g, seat, &legal, &mut rng);
        } else {
            assert!(!legal.is_empty());
        }
        let a = legal[choose(&g, &legal, &mut rng)].clone();
        let before = g.scores();
        let applied = g.apply(seat, &a).expect("a legal action");
        let mut scores = before;
        for rec in &applied.finished_hands {
            check_record(&rules, seed, rec, dealer);
            stats.record(&rules, rec);
            for (s, d) in scores.iter_mut().zip(rec.summary.score_delta.iter()) {
                *s += d;
            }
            assert_eq!(rec.summary.scores, scores);
            if rec.summary.result != HandResult::Acquitted {
                // Bacon's acquitted hand is dealt again by the same dealer.
                dealer = (dealer + 1) % n;
            }
        }
        assert_eq!(g.scores(), scores);
        assert_eq!(applied.game_over, g.is_over());
        if let Some(rec) = applied.finished_hands.last() {
            let declarers = rec.summary.contract.map(|c| side_of(&rules, c.seat) as u8);
            let expected = if rules.five_hundred() {
                super::five_hundred_oracle::outcome(&rules, &scores, rec)
            } else if rules.game_end == GameEnd::LowestAtZero {
                buck_outcome(&rules, &scores, rec)
            } else {
                expected_outcome(&rules, &scores, declarers)
            };
            assert_eq!(g.outcome(), expected);
            assert_eq!(g.last_hand(), Some(&rec.summary));
            // Every view shows the finished hand's tricks, as the log has them.
            for viewer in [Viewer::Spectator, Viewer::Seat(0)] {
                let last = g.view(viewer).last_hand.expect("a last hand");
                assert_eq!((&last.summary, &last.tricks), (&rec.summary, &rec.tricks));
            }
            if !g.is_over() {
                assert_eq!(g.dealer(), dealer);
                assert_eq!(g.hand_number(), rec.summary.number + 1);
                // Buck Euchre's clubs upcard goes straight to the play, led from the same seat.
                let clubs_up = rules.automatic_trump().is_some()
                    && g.view(Viewer::Spectator).upcard.and_then(|u| u.card.suit())
                        == rules.automatic_trump();
                let first = if clubs_up {
                    Phase::Play
                } else {
                    Phase::Auction
                };
                assert_eq!(g.phase(), first);
                assert_eq!(g.turn(), Some((dealer + 1) % n));
            }
        } else {
            assert_eq!(g.outcome(), None);
        }
        if g.is_over() {
            assert_eq!(g.turn(), None);
            assert!(g.outcome().is_some());
        } else {
            if rules.counts_down() {
                assert!(g.scores().iter().all(|&s| s > 0));
            } else if rules.five_hundred() {
                // Defence points may pass 500 without ending the game.
            } else {
                assert!(g.scores().iter().all(|&s| s < rules.target_score));
            }
        }
        check_conservation(&g);
        if level == Level::Full {
            check_views(&g);
            // Deserialising runs check_integrity, which replays the hand.
            let json = serde_json::to_string(&g).unwrap();
            let back: Game = serde_json::from_str(&json).unwrap();
            assert!(back == g, "serde round trip");
        }
    }
    stats.draws += u32::from(g.outcome() == Some(Outcome::Draw));
    g.is_over()
}

fn run(rules: Ruleset, level: Level, cases: u32, min_ended: f64) -> Stats {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let t0 = std::time::Instant::now();
    let stats = RefCell::new(Stats::default());
    runner
        .run(&(any::<u64>(), any::<u64>()), |(seed, policy)| {
            let mut st = stats.borrow_mut();
            st.games += 1;
            if play_game(rules, seed, policy, level, &mut st) {
                st.ended += 1;
            }
            Ok(())
        })
        .unwrap();
    let stats = stats.into_inner();
    eprintln!(
        "{} ({} players), {:?} checks, {:?}: {stats:?}",
        rules.preset.name(),
        rules.players,
        if level == Level::Full {
            "full"
        } else {
            "light"
        },
        t0.elapsed()
    );
    let share = f64::from(stats.ended) / f64::from(stats.games);
    assert!(
        share >= min_ended,
        "{}: only {} of {} games ended within {MAX_HANDS} hands",
        rules.preset.name(),
        stats.ended,
        stats.games
    );
    stats
}

/// Each ruleset, the share of random games that must end, and its number of fully checked
/// games per run (long games cost more).
fn rulesets() -> [(Ruleset, f64, u32); 22] {
    [
        (Preset::Hasenpfeffer.rules(), 0.95, 60),
        (Preset::HasenpfefferOpen.rules(), 0.95, 60),
        (Preset::Pepper.rules(), 0.75, 15),
        (Preset::DoubleHasenpfeffer.rules(), 0.75, 15),
        (double6(), 0.75, 6),
        (pepper3(), 0.75, 15),
        (pepper2(), 0.75, 15),
        (Preset::Euchre.rules(), 0.95, 40),
        (
            euchre_with(DeckKind::Euchre24, true, DealerPickup::Mandatory, true),
            0.95,
            40,
        ),
        (
            euchre_with(DeckKind::Euchre32, false, DealerPickup::Optional, true),
            0.95,
            20,
        ),
        (Preset::BuckEuchre.rules(), 0.9, 30),
        (
            RulesetSpec {
                preset: Preset::BuckEuchre,
                all_drop: Some(AllDrop::LastMustStay),
                stick_the_dealer: Some(true),
                deck: Some(DeckKind::Euchre32),
                ..Default::default()
            }
            .build()
            .unwrap(),
            0.9,
            20,
        ),
        (Preset::Bacon.rules(), 0.95, 40),
        (
            RulesetSpec {
                preset: Preset::Bacon,
                alone: Some(AloneRule::None),
                bowers: Some(true),
                target_score: Some(5),
                ..Default::default()
            }
            .build()
            .unwrap(),
            0.95,
            30,
        ),
        (five_hundred(4, |_| {}), 0.9, 6),
        (five_hundred(2, |_| {}), 0.9, 4),
        (five_hundred(3, |_| {}), 0.9, 4),
        (
            five_hundred(3, |s| {
                s.joker = Some(false);
                s.defender_points = Some(crate::engine::DefenderPoints::OwnTricks);
            }),
            0.9,
            4,
        ),
        (
            five_hundred(4, |s| {
                s.joker = Some(false);
                s.auction_pass = Some(crate::engine::AuctionPass::Final);
            }),
            0.9,
            4,
        ),
        (five_hundred(5, |_| {}), 0.9, 3),
        (five_hundred(6, |_| {}), 0.9, 3),
        (
            five_hundred(6, |s| s.sides = Some(crate::engine::SideForm::TeamsOf2)),
            0.9,
            3,
        ),
    ]
}

/// Five Hundred for `players`, with options set by `f`.
fn five_hundred(players: u8, f: impl FnOnce(&mut RulesetSpec)) -> Ruleset {
    let mut spec = RulesetSpec {
        preset: Preset::FiveHundred,
        players: Some(players),
        ..RulesetSpec::default()
    };
    f(&mut spec);
    spec.build().expect("valid")
}

/// Euchre with options: the deck, stick the dealer, the dealer's pick-up, a lone defender.
fn euchre_with(
    deck: DeckKind,
    stick_the_dealer: bool,
    dealer_pickup: DealerPickup,
    lone_defender: bool,
) -> Ruleset {
    RulesetSpec {
        preset: Preset::Euchre,
        deck: Some(deck),
        stick_the_dealer: Some(stick_the_dealer),
        dealer_pickup: Some(dealer_pickup),
        lone_defender: Some(lone_defender),
        ..RulesetSpec::default()
    }
    .build()
    .expect("valid")
}

/// Pepper for two players, with a dead hand.
fn pepper2() -> Ruleset {
    RulesetSpec {
        preset: Preset::Pepper,
        players: Some(2),
        ..RulesetSpec::default()
    }
    .build()
    .expect("valid")
}

/// Pepper for three players, every player alone.
fn pepper3() -> Ruleset {
    RulesetSpec {
        preset: Preset::Pepper,
        players: Some(3),
        ..RulesetSpec::default()
    }
    .build()
    .expect("valid")
}

const LIGHT_GAMES: u32 = 1000;

macro_rules! props {
    ($full:ident, $light:ident, $i:expr, $covered:expr) => {
        #[test]
        fn $full() {
            // Too few games for a share of ended ones to mean much: the light run checks it.
            let (rules, _, full) = rulesets()[$i];
            run(rules, Level::Full, full * scale(), 0.0);
        }

        #[test]
        fn $light() {
            let (rules, share, _) = rulesets()[$i];
            // Five Hundred's random games are long (16 to 34 hands each, against 3 to 8):
            // fewer of them still take every rare path dozens of times.
            let games = if rules.five_hundred() {
                LIGHT_GAMES * 2 / 5
            } else {
                LIGHT_GAMES
            };
            let stats = run(rules, Level::Light, games * scale(), share);
            let covered: fn(&Stats) -> Vec<(&str, u32)> = $covered;
            for (what, count) in covered(&stats) {
                assert!(count > 0, "no random game went through: {what}");
            }
        }
    };
}

props!(full_hasenpfeffer, light_hasenpfeffer, 0, |s| vec![
    ("joker forced", s.forced_joker),
    ("void hand", s.void_joker),
    ("declarers set", s.set),
    ("both sides past the target", s.both_reached),
]);
props!(
    full_hasenpfeffer_open,
    light_hasenpfeffer_open,
    1,
    |s| vec![
        ("joker forced", s.forced_joker),
        ("lone bidder", s.alone),
        ("lone defender", s.defender_alone),
        ("declarers set", s.set),
    ]
);
props!(full_pepper, light_pepper, 2, |s| vec![
    ("thrown in", s.thrown_in),
    ("little pepper", s.little_pepper),
    ("big pepper", s.big_pepper),
    ("no trump", s.no_trump),
    ("a passer bidding again", s.rebid),
]);
props!(full_double, light_double, 3, |s| vec![
    ("forced dealer", s.forced_dealer),
    ("lone bidder", s.alone),
    ("declarers set", s.set),
]);
props!(full_double_six, light_double_six, 4, |s| vec![
    ("forced dealer", s.forced_dealer),
    ("lone bidder", s.alone),
]);
props!(full_pepper_two, light_pepper_two, 6, |s| vec![
    ("thrown in", s.thrown_in),
    ("little pepper", s.little_pepper),
    ("big pepper", s.big_pepper),
    ("declarer set", s.set),
    ("a passer bidding again", s.rebid),
]);
props!(full_pepper_three, light_pepper_three, 5, |s| vec![
    ("thrown in", s.thrown_in),
    ("little pepper", s.little_pepper),
    ("big pepper", s.big_pepper),
    ("declarer set", s.set),
    ("a passer bidding again", s.rebid),
]);

props!(full_euchre, light_euchre, 7, |s| vec![
    ("thrown in", s.thrown_in),
    ("upcard taken", s.upcard_taken),
    ("upcard left", s.upcard_left),
    ("trump named in round 2", s.named_in_round_two),
    ("lone maker", s.alone),
    ("makers euchred", s.set),
    ("march", s.march),
]);
props!(
    full_euchre_short_stuck_mandatory,
    light_euchre_short_stuck_mandatory,
    8,
    |s| vec![
        ("upcard taken", s.upcard_taken),
        ("trump named in round 2", s.named_in_round_two),
        ("lone maker", s.alone),
        ("lone defender", s.defender_alone),
        ("makers euchred", s.set),
    ]
);
props!(
    full_euchre_lone_defender,
    light_euchre_lone_defender,
    9,
    |s| vec![
        ("thrown in", s.thrown_in),
        ("upcard left", s.upcard_left),
        ("lone defender", s.defender_alone),
    ]
);

props!(full_buck_euchre, light_buck_euchre, 10, |s| vec![
    ("upcard taken", s.upcard_taken),
    ("trump named in round 2", s.named_in_round_two),
    ("a drop-out", s.dropped),
    ("everybody dropped", s.all_dropped),
    ("no declarer (clubs, or all passed)", s.no_declarer),
    ("declarer set", s.set),
]);
props!(
    full_buck_euchre_last_must_stay,
    light_buck_euchre_last_must_stay,
    11,
    |s| vec![
        ("upcard taken", s.upcard_taken),
        ("a drop-out", s.dropped),
        ("no declarer (clubs)", s.no_declarer),
    ]
);

props!(full_bacon, light_bacon, 12, |s| vec![
    ("a veto", s.vetoed),
    ("past the first upcard", s.upcards_passed),
    ("acquitted", s.acquitted),
    ("a loner", s.alone),
    ("declarers set", s.set),
    ("a march", s.march),
]);
props!(full_bacon_options, light_bacon_options, 13, |s| vec![
    ("a veto", s.vetoed),
    ("acquitted", s.acquitted),
]);

props!(full_five_hundred, light_five_hundred, 14, |s| vec![
    ("all passed", s.no_declarer),
    ("misère", s.misere),
    ("open misère", s.open_misere),
    ("declarers set", s.set),
    ("a joker led at no trump", s.joker_named),
]);
props!(full_five_hundred_two, light_five_hundred_two, 15, |s| vec![
    ("all passed", s.no_declarer),
    ("misère", s.misere),
    ("declarers set", s.set),
]);
props!(
    full_five_hundred_three,
    light_five_hundred_three,
    16,
    |s| vec![
        ("all passed", s.no_declarer),
        ("misère", s.misere),
        ("a joker led at no trump", s.joker_named),
    ]
);
props!(
    full_five_hundred_three_options,
    light_five_hundred_three_options,
    17,
    |s| vec![("all passed", s.no_declarer), ("misère", s.misere)]
);
props!(
    full_five_hundred_final_passes,
    light_five_hundred_final_passes,
    18,
    |s| vec![
        ("all passed", s.no_declarer),
        ("open misère", s.open_misere)
    ]
);
props!(
    full_five_hundred_five,
    light_five_hundred_five,
    19,
    |s| vec![
        ("a partner called", s.called),
        ("a lone declarer", s.alone),
        ("misère", s.misere),
        ("a joker led at no trump", s.joker_named),
    ]
);
props!(full_five_hundred_six, light_five_hundred_six, 20, |s| vec![
    ("misère", s.misere),
    ("a joker led at no trump", s.joker_named),
]);
props!(
    full_five_hundred_six_teams_of_two,
    light_five_hundred_six_teams_of_two,
    21,
    |s| vec![("misère", s.misere), ("declarers set", s.set)]
);

/// The game-end oracle itself, on the cases RULES.md names.
#[test]
fn game_end_oracle() {
    let h = Preset::Hasenpfeffer.rules();
    let p = Preset::Pepper.rules();
    assert_eq!(expected_outcome(&h, &[9, 9], Some(0)), None);
    assert_eq!(
        expected_outcome(&h, &[10, 12], Some(0)),
        Some(Outcome::Winner(0))
    );
    assert_eq!(
        expected_outcome(&h, &[3, 10], Some(0)),
        Some(Outcome::Winner(1))
    );
    assert_eq!(
        expected_outcome(&p, &[30, 30], Some(0)),
        Some(Outcome::Draw)
    );
    assert_eq!(
        expected_outcome(&p, &[31, 30], Some(1)),
        Some(Outcome::Winner(0))
    );
    assert_eq!(
        expected_outcome(&p, &[29, 30], Some(1)),
        Some(Outcome::Winner(1))
    );
}

/// The engine's ranking tables agree with the oracle above for every ranking and card, and
/// the trick winner by keys agrees with `Ranking::beats` and with the oracle for every pair.
#[test]
fn ranking_tables_match_the_oracle() {
    use crate::engine::Ranking;
    let trumps = [
        Some(Suit::Clubs),
        Some(Suit::Diamonds),
        Some(Suit::Hearts),
        Some(Suit::Spades),
        None,
    ];
    for trump in trumps {
        for bowers in [false, true] {
            let r = Ranking { trump, bowers };
            let cards: Vec<Card> = Card::all()
                .filter(|c| trump.is_some() || !c.is_joker())
                .collect();
            for &c in &cards {
                assert_eq!(r.effective_suit(c), eff(c, trump, bowers), "{c} {r:?}");
                assert_eq!(
                    r.is_trump(c),
                    trump.is_some() && eff(c, trump, bowers) == trump
                );
                // The strengths other code relies on: joker 100, bowers 99 and 98, 10 + rank.
                let want = match (c.rank(), trump) {
                    (None, _) => 100,
                    (Some(Rank::Jack), Some(t)) if bowers && c.suit() == Some(t) => 99,
                    (Some(Rank::Jack), Some(t)) if bowers && eff(c, trump, bowers) == Some(t) => 98,
                    (Some(rank), _) => 10 + rank as u8,
                };
                assert_eq!(r.strength(c), want, "{c} {r:?}");
            }
            for &lead in &cards {
                let led = eff(lead, trump, bowers);
                for &a in &cards {
                    for &b in &cards {
                        // `b` is winning the trick so far: of the suit led, or a trump.
                        if eff(b, trump, bowers) != led && !r.is_trump(b) {
                            continue;
                        }
                        let oracle = power(a, trump, bowers, led) > power(b, trump, bowers, led);
                        assert_eq!(
                            r.beats(a, b, led),
                            oracle,
                            "{a} over {b}, {lead} led, {r:?}"
                        );
                        let code = led.map_or(4, |s| s.index() as u8);
                        assert_eq!(r.trick_key(a, code) > r.trick_key(b, code), oracle);
                    }
                }
            }
        }
    }
}
