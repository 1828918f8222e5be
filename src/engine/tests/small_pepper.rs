//! The rule table of pepper for three players (RULES-FAMILY.md section 4, with section 0's
//! sides): one test per sentence, each with an explicit deal.

use super::support::{deal_game, expect_err_tok, rules_with, run};
use crate::engine::{
    Action, AloneRule, AuctionKind, Bid, HandResult, Outcome, Pepper, Phase, Preset, Ruleset,
    RulesetSpec, SetPenalty, Sides, Trump, Viewer,
};

fn pepper3() -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::Pepper,
        players: Some(3),
        ..RulesetSpec::default()
    })
}

/// Seat 0 holds every club, the left bower and the top diamond: eight sure tricks at clubs.
const ALL_EIGHT: [&str; 3] = [
    "9C TC JC QC KC AC JS AD",
    "9D TD QD KD 9H TH QH KH",
    "JD AH JH 9S TS QS KS AS",
];

/// As [`ALL_EIGHT`] with seat 0's ace of diamonds swapped for seat 1's nine: seven tricks.
const SEVEN: [&str; 3] = [
    "9C TC JC QC KC AC JS 9D",
    "AD TD QD KD 9H TH QH KH",
    "JD AH JH 9S TS QS KS AS",
];

/// The eight tricks of [`ALL_EIGHT`] after seat 0 names clubs: seat 0 leads its seven trumps,
/// then the ace of diamonds.
const PLAY_ALL_EIGHT: &str = "JC 9H 9S JS TH TS AC QH QS KC KH KS QC 9D AS TC TD JH 9C QD AH \
                              AD KD JD";

/// The eight tricks of [`SEVEN`]: seat 1's ace of diamonds takes the last.
const PLAY_SEVEN: &str = "JC 9H 9S JS TH TS AC QH QS KC KH KS QC TD AS TC QD JH 9C KD AH \
                          9D AD JD";

#[test]
fn three_players_each_alone_with_eight_cards() {
    // Section 4: "Individual sides. The 24 cards are dealt as three hands of 8."
    let rules = pepper3();
    assert_eq!(rules.sides(), Sides::Individual { players: 3 });
    assert_eq!((rules.seats(), rules.cards_per_player()), (3, 8));
    assert_eq!(rules.widow_size(), 0);
    // Four-player pepper keeps its partnerships and its six cards.
    let four = Preset::Pepper.rules();
    assert_eq!(four.sides(), Sides::Partners { teams: 2 });
    assert_eq!(four.cards_per_player(), 6);
    let g = crate::engine::Game::new(rules, 11, None).expect("a random deal");
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.hand_sizes, [8, 8, 8]);
    assert_eq!(v.scores, [0, 0, 0]);
    assert_eq!(v.tricks_won, [0, 0, 0]);
    assert!(v.winners.is_empty());
}

#[test]
fn bids_are_one_to_seven_then_little_and_big_pepper() {
    // Section 4: "Bids 1–7, little pepper (all 8 tricks, normal stakes), big pepper (all 8,
    // doubled)."
    let g = deal_game(pepper3(), 2, &ALL_EIGHT, "");
    assert_eq!(g.turn(), Some(0));
    let legal = g.legal_actions(0);
    let mut expected = vec![Action::Pass];
    expected.extend((1..=7).map(|t| Action::from(Bid::plain(t))));
    expected.push(
        Bid {
            tricks: 8,
            pepper: Some(Pepper::Little),
            ..Bid::plain(0)
        }
        .into(),
    );
    expected.push(
        Bid {
            tricks: 8,
            pepper: Some(Pepper::Big),
            ..Bid::plain(0)
        }
        .into(),
    );
    assert_eq!(legal, expected);
    let mut g = deal_game(pepper3(), 2, &ALL_EIGHT, "");
    expect_err_tok(&mut g, 0, "b8", "invalid_bid");
}

#[test]
fn auction_ends_on_two_consecutive_passes_and_a_passer_may_bid_again() {
    // Section 4: "a player who passed may bid again when the turn comes back. It ends when a bid
    // is followed by n−1 consecutive passes."
    let rules = pepper3();
    assert_eq!(rules.auction, AuctionKind::ConsecutivePasses);
    let mut g = deal_game(rules, 2, &ALL_EIGHT, "");
    run(&mut g, "b1 p b2");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(0)));
    // Seat 1 passed and bids again when its turn comes back.
    run(&mut g, "p b3 p");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(0)));
    run(&mut g, "p");
    assert_eq!(g.phase(), Phase::Exchange);
    let c = g.contract().expect("a contract");
    assert_eq!((c.seat, c.bid), (1, Bid::plain(3)));
    // "The high bidder names a trump suit or no trump and leads."
    assert_eq!(g.turn(), Some(1));
    run(&mut g, "x:NT");
    assert_eq!(g.trump(), Some(Trump::NoTrump));
    assert_eq!((g.phase(), g.turn()), (Phase::Play, Some(1)));
}

#[test]
fn three_passes_throw_the_hand_in_and_the_deal_passes_left() {
    // Section 4: "n passes and no bid: thrown in, the deal passes left."
    let mut g = deal_game(pepper3(), 2, &ALL_EIGHT, "");
    let applied = run(&mut g, "p p p");
    let rec = &applied[2].finished_hands[0];
    assert_eq!(rec.summary.result, HandResult::ThrownIn);
    assert_eq!(rec.summary.score_delta, [0, 0, 0]);
    assert_eq!((g.hand_number(), g.dealer(), g.turn()), (1, 0, Some(1)));
}

#[test]
fn scores_per_player() {
    // Section 4: "declarer making +1 per trick taken (little pepper: +8), failing −8; big pepper
    // +16 or −16. Each other player +1 per trick taken."
    assert_eq!(pepper3().set_penalty, SetPenalty::AllTricks);
    // (the deal, the auction, the play, tricks won by each player, points scored by each)
    type Case<'a> = (&'a [&'a str; 3], &'a str, &'a str, [u8; 3], [i32; 3]);
    let cases: [Case; 6] = [
        (&ALL_EIGHT, "lp p p", PLAY_ALL_EIGHT, [8, 0, 0], [8, 0, 0]),
        // Big pepper ends the auction at once: nothing overcalls it.
        (&ALL_EIGHT, "bp", PLAY_ALL_EIGHT, [8, 0, 0], [16, 0, 0]),
        (&ALL_EIGHT, "b5 p p", PLAY_ALL_EIGHT, [8, 0, 0], [8, 0, 0]),
        (&SEVEN, "b5 p p", PLAY_SEVEN, [7, 1, 0], [7, 1, 0]),
        (&SEVEN, "lp p p", PLAY_SEVEN, [7, 1, 0], [-8, 1, 0]),
        (&SEVEN, "bp", PLAY_SEVEN, [7, 1, 0], [-16, 1, 0]),
    ];
    for (hands, auction, play, tricks, delta) in cases {
        let mut g = deal_game(pepper3(), 2, hands, "");
        run(&mut g, auction);
        run(&mut g, "x:C");
        let applied = run(&mut g, play);
        let summary = &applied.last().unwrap().finished_hands[0].summary;
        assert_eq!(summary.score_delta, delta, "{auction}");
        assert_eq!(g.scores(), delta, "{auction}");
        assert_eq!(summary.tricks_won, tricks, "{auction}");
    }
    // A failed plain bid also costs 8, whatever the bid.
    let mut g = deal_game(pepper3(), 2, &SEVEN, "");
    run(&mut g, "p b2 p p");
    run(&mut g, "x:H");
    while g.hand_number() == 0 {
        let seat = g.turn().unwrap();
        let a = g.legal_actions(seat)[0].clone();
        g.apply(seat, &a).unwrap();
    }
    let s = g.last_hand().unwrap();
    let won = s.tricks_won;
    let expected: Vec<i32> = (0..3)
        .map(|p| {
            if p == 1 {
                if won[1] >= 2 { i32::from(won[1]) } else { -8 }
            } else {
                i32::from(won[p])
            }
        })
        .collect();
    assert_eq!(s.score_delta[..], expected[..]);
}

#[test]
fn the_highest_score_wins_at_thirty_and_equal_highest_scores_tie() {
    // Section 4: "after a hand in which a player has 30 or more, the highest score wins; equal
    // highest scores tie."
    let cases: [([i32; 3], Option<Outcome>, Vec<u8>); 4] = [
        ([20, 20, 20], None, vec![]),
        ([23, 30, 29], Some(Outcome::Winner(1)), vec![1]),
        ([24, 30, 30], Some(Outcome::Draw), vec![0, 1]),
        ([29, 29, 29], Some(Outcome::Winner(0)), vec![0]),
    ];
    for (before, outcome, winners) in cases {
        let mut g = deal_game(pepper3(), 2, &SEVEN, "");
        g.scores = before.into();
        run(&mut g, "b5 p p x:C");
        run(&mut g, PLAY_SEVEN);
        let after = [before[0] + 7, before[1] + 1, before[2]];
        assert_eq!(g.scores(), after);
        assert_eq!(g.outcome(), outcome, "{before:?}");
        assert_eq!(g.is_over(), outcome.is_some());
        let v = g.view(Viewer::Seat(2));
        assert_eq!(v.winners, winners, "{before:?}");
        assert_eq!(v.draw, outcome == Some(Outcome::Draw));
    }
}

#[test]
fn only_pepper_takes_three_players_and_nobody_goes_alone() {
    let spec = |preset, players, alone| RulesetSpec {
        preset,
        players: Some(players),
        alone,
        ..RulesetSpec::default()
    };
    for (s, code) in [
        (spec(Preset::Hasenpfeffer, 3, None), "invalid_players"),
        (spec(Preset::Pepper, 1, None), "invalid_players"),
        (spec(Preset::Pepper, 5, None), "invalid_players"),
        (
            spec(Preset::Pepper, 3, Some(AloneRule::PartnerSitsOut)),
            "alone_needs_partners",
        ),
    ] {
        let e = s.build().expect_err("invalid");
        assert_eq!(e.code, code, "{s:?}");
    }
}

fn pepper2() -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::Pepper,
        players: Some(2),
        ..RulesetSpec::default()
    })
}

/// Two players hold [`ALL_EIGHT`]'s first two hands; its third is the dead hand.
const TWO: [&str; 2] = [ALL_EIGHT[0], ALL_EIGHT[1]];

#[test]
fn two_players_and_a_dead_hand_nobody_sees() {
    // Section 4: "with 2 players the third hand is dead: face down, unseen, out of play until
    // the hand is over."
    let rules = pepper2();
    assert_eq!(rules.sides(), Sides::Individual { players: 2 });
    assert!(rules.dead_hand());
    assert_eq!((rules.seats(), rules.cards_per_player()), (2, 8));
    assert_eq!((rules.undealt(), rules.widow_size()), (8, 0));
    let mut g = deal_game(rules, 1, &TWO, ALL_EIGHT[2]);
    let dead: Vec<_> = super::support::cards(ALL_EIGHT[2]);
    let no_dead_card = |g: &crate::engine::Game| {
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let v = g.view(viewer);
            assert_eq!(v.widow_size, 8, "the dead hand's size is public");
            assert!(v.widow.is_empty());
            let json = serde_json::to_string(&v).unwrap();
            for c in &dead {
                assert!(
                    !json.contains(&format!("\"{c}\"")),
                    "{c} seen by {viewer:?}"
                );
            }
        }
    };
    no_dead_card(&g);
    // Seat 0 bids little pepper, seat 1 passes: the declarer names clubs and takes nothing.
    run(&mut g, "lp p");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(
        g.legal_actions(0).len(),
        5,
        "four suits and no trump, no discard"
    );
    run(&mut g, "x:C");
    assert_eq!(g.view(Viewer::Seat(0)).hand.len(), 8);
    no_dead_card(&g);
    // Tricks of two cards; seat 0 takes all eight.
    let applied = run(&mut g, "JC 9H JS TH AC QH KC KH QC 9D TC TD 9C QD AD KD");
    let rec = &applied.last().unwrap().finished_hands[0];
    assert!(rec.tricks.iter().all(|t| t.plays.len() == 2));
    assert_eq!(rec.summary.tricks_won, [8, 0]);
    assert_eq!(rec.summary.score_delta, [8, 0]);
    // The next hand is dealt afresh, with a new dead hand.
    assert_eq!((g.hand_number(), g.dealer()), (1, 0));
    assert_eq!(g.view(Viewer::Seat(1)).widow_size, 8);
}
