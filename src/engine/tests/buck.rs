//! The rule table of Buck Euchre (RULES-FAMILY.md section 2): one test per sentence, each with
//! an explicit deal.

use super::support::{deal_game, expect_err_tok, finish_hand, rules_with, run};
use crate::engine::{
    Action, AllDrop, DeckKind, Game, HandResult, HandSummary, Outcome, Phase, Preset, Ruleset,
    RulesetSpec, Seat, Sides, Suit, Trump, UpcardFate, Viewer,
};

fn buck() -> Ruleset {
    Preset::BuckEuchre.rules()
}

fn buck_with(spec: RulesetSpec) -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::BuckEuchre,
        ..spec
    })
}

/// Seat 0 holds four top hearts and the left bower; seat 1 five clubs, seat 2 five diamonds,
/// the dealer (seat 3) five spades.
const HANDS: [&str; 4] = [
    "JH JD AH KH QH",
    "TC JC QC KC AC",
    "9D TD QD KD AD",
    "9S TS JS QS KS",
];
/// A heart upcard (first), then the stub.
const HEART_UP: &str = "TH 9C 9H AS";
/// A club upcard.
const CLUB_UP: &str = "9C TH 9H AS";

fn game(rules: Ruleset, hands: [&str; 4], undealt: &str) -> Game {
    deal_game(rules, 3, &hands, undealt)
}

/// The points of the rule, per player: dropped out 0; a declarer with fewer than 3 tricks +5;
/// any other player in the hand with no trick +5; otherwise minus a point a trick.
fn expected_delta(h: &HandSummary, dropped: &[Seat]) -> Vec<i32> {
    let declarer = h.contract.map(|c| c.seat);
    (0..4u8)
        .map(|s| {
            let won = i32::from(h.tricks_won[s as usize]);
            let failed = if declarer == Some(s) {
                won < 3
            } else {
                won == 0
            };
            if dropped.contains(&s) {
                0
            } else if failed {
                5
            } else {
                -won
            }
        })
        .collect()
}

#[test]
fn four_players_each_alone_24_cards_five_each_scores_start_at_25() {
    let rules = buck();
    assert_eq!(rules.sides(), Sides::Individual { players: 4 });
    assert_eq!(rules.deck, DeckKind::Euchre24);
    assert_eq!((rules.seats(), rules.cards_per_player()), (4, 5));
    let g = game(rules, HANDS, HEART_UP);
    assert_eq!(g.scores().to_vec(), [25, 25, 25, 25]);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.widow_size, 3, "the stub, face down");
    assert_eq!(v.upcard.map(|u| u.fate), Some(UpcardFate::FaceUp));
    assert_eq!(g.phase(), Phase::Auction);
    assert_eq!(g.turn(), Some(0), "the dealer's left calls first");
}

#[test]
fn a_club_upcard_makes_clubs_trump_with_no_declarer_and_everybody_plays() {
    let g = game(buck(), HANDS, CLUB_UP);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.trump(), Some(Trump::Suit(Suit::Clubs)));
    assert!(g.contract().is_none());
    assert_eq!(g.turn(), Some(0), "the dealer's left leads");
    let mut g = g;
    let h = finish_hand(&mut g);
    assert_eq!(h.result, HandResult::Played);
    assert_eq!(h.score_delta.to_vec(), expected_delta(&h, &[]));
    assert_eq!(h.tricks_won.iter().map(|&t| u32::from(t)).sum::<u32>(), 5);
}

#[test]
fn round_one_order_up_the_dealer_must_take_up_and_the_others_stay_or_drop() {
    let mut g = game(buck(), HANDS, HEART_UP);
    run(&mut g, "ou");
    assert_eq!((g.phase(), g.turn()), (Phase::Exchange, Some(3)));
    assert_eq!(
        g.contract().map(|c| c.seat),
        Some(0),
        "the orderer declares"
    );
    assert_eq!(g.trump(), Some(Trump::Suit(Suit::Hearts)));
    expect_err_tok(&mut g, 3, "lv", "must_take_upcard");
    run(&mut g, "tk:9S");
    // From the declarer's left.
    assert_eq!((g.phase(), g.turn()), (Phase::DropOut, Some(1)));
    assert_eq!(g.legal_actions(1), [Action::Stay, Action::Drop]);
    expect_err_tok(&mut g, 1, "a1", "wrong_phase");
    run(&mut g, "dr st st");
    assert_eq!(g.phase(), Phase::Play);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.sitting_out, [1]);
    assert_eq!(
        g.turn(),
        Some(0),
        "the first active seat from the dealer's left leads"
    );
    let h = finish_hand(&mut g);
    assert_eq!(h.tricks_won[1], 0);
    assert_eq!(h.score_delta.to_vec(), expected_delta(&h, &[1]));
    assert_eq!(h.score_delta[1], 0, "a dropped player scores nothing");
}

#[test]
fn the_lead_skips_a_dropped_seat() {
    let mut g = game(buck(), HANDS, HEART_UP);
    // Seat 2 orders hearts up; the decisions run from its left: 3, 0, 1.
    run(&mut g, "p p ou tk:9S st dr st");
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.turn(), Some(1));
    let h = finish_hand(&mut g);
    assert_eq!(h.score_delta.to_vec(), expected_delta(&h, &[0]));
}

#[test]
fn a_declarer_with_fewer_than_three_tricks_scores_plus_five() {
    let mut g = game(buck(), HANDS, HEART_UP);
    // Seat 2, with no heart, orders hearts up against seat 0's top hearts.
    run(&mut g, "p p ou tk:9S st st st");
    let h = finish_hand(&mut g);
    assert!(h.tricks_won[2] < 3, "{:?}", h.tricks_won);
    assert_eq!(h.score_delta[2], 5);
    assert_eq!(h.score_delta.to_vec(), expected_delta(&h, &[]));
    assert_eq!(
        g.scores().to_vec(),
        h.score_delta.iter().map(|d| 25 + d).collect::<Vec<_>>()
    );
}

#[test]
fn all_three_drop_the_declarer_takes_every_trick_and_wins_alone() {
    let mut g = game(buck(), HANDS, HEART_UP);
    let applied = run(&mut g, "ou tk:9S dr dr dr");
    assert!(applied.last().unwrap().game_over);
    let h = g.last_hand().unwrap().clone();
    assert_eq!(h.result, HandResult::AllDropped);
    assert_eq!(h.tricks_won.to_vec(), [5, 0, 0, 0]);
    assert_eq!(h.score_delta.to_vec(), [-5, 0, 0, 0]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(g.view(Viewer::Spectator).winners, [0]);
}

#[test]
fn under_last_must_stay_the_third_after_two_drops_must_stay() {
    let rules = buck_with(RulesetSpec {
        all_drop: Some(AllDrop::LastMustStay),
        ..Default::default()
    });
    let mut g = game(rules, HANDS, HEART_UP);
    run(&mut g, "ou tk:9S dr dr");
    assert_eq!(g.legal_actions(3), [Action::Stay]);
    expect_err_tok(&mut g, 3, "dr", "must_stay");
    run(&mut g, "st");
    assert_eq!(g.phase(), Phase::Play);
    // One drop, then the last may still drop.
    let mut g = game(rules, HANDS, HEART_UP);
    run(&mut g, "ou tk:9S dr st");
    assert_eq!(g.legal_actions(3), [Action::Stay, Action::Drop]);
}

#[test]
fn round_two_names_another_suit_with_no_exchange_then_drop_outs() {
    let mut g = game(buck(), HANDS, HEART_UP);
    run(&mut g, "p p p p");
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.upcard.map(|u| u.fate), Some(UpcardFate::TurnedDown));
    expect_err_tok(&mut g, 0, "n:H", "suit_turned_down");
    run(&mut g, "p n:D");
    assert_eq!(g.contract().map(|c| c.seat), Some(1));
    assert_eq!((g.phase(), g.turn()), (Phase::DropOut, Some(2)));
}

#[test]
fn all_passing_twice_plays_at_no_trump_with_no_declarer_and_no_drop_outs() {
    let mut g = game(buck(), HANDS, HEART_UP);
    run(&mut g, "p p p p p p p p");
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.trump(), Some(Trump::NoTrump));
    assert!(g.contract().is_none());
    assert_eq!(g.turn(), Some(0));
    let h = finish_hand(&mut g);
    assert_eq!(h.result, HandResult::Played);
    assert!(h.contract.is_none());
    assert_eq!(h.score_delta.to_vec(), expected_delta(&h, &[]));
}

#[test]
fn taking_all_five_tricks_wins_the_game_at_once_and_the_hand_is_still_scored() {
    // Seat 1 holds the five top clubs, both bowers; a club upcard makes clubs trump.
    let hands = [
        "JH JD AH KH QH",
        "JC JS AC KC QC",
        "9D TD QD KD AD",
        "9S TS TC QS KS",
    ];
    let mut g = game(buck(), hands, CLUB_UP);
    let h = finish_hand(&mut g);
    assert_eq!(h.tricks_won.to_vec(), [0, 5, 0, 0]);
    assert_eq!(h.score_delta.to_vec(), [5, -5, 5, 5]);
    assert_eq!(g.scores().to_vec(), [30, 20, 30, 30]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(1)));
}

#[test]
fn once_a_score_is_zero_or_less_the_lowest_wins_and_equal_lowest_tie() {
    // Scores start at 1: any player who takes a trick reaches 0.
    let rules = buck_with(RulesetSpec {
        target_score: Some(1),
        ..Default::default()
    });
    let mut g = game(rules, HANDS, CLUB_UP);
    let h = finish_hand(&mut g);
    assert!(g.is_over());
    let scores = g.scores().to_vec();
    assert_eq!(
        scores,
        h.score_delta.iter().map(|d| 1 + d).collect::<Vec<_>>()
    );
    let low = *scores.iter().min().unwrap();
    assert!(low <= 0);
    let lowest: Vec<u8> = (0..4u8).filter(|&s| scores[s as usize] == low).collect();
    let want = if lowest.len() == 1 {
        Outcome::Winner(lowest[0])
    } else {
        Outcome::Draw
    };
    assert_eq!(g.outcome(), Some(want));
    assert_eq!(g.view(Viewer::Spectator).winners, lowest);
    // A tie at the lowest: two players on the same score are both winners.
    let mut tied = game(rules, HANDS, CLUB_UP);
    finish_hand(&mut tied);
    assert_eq!(tied.outcome(), g.outcome());
}

#[test]
fn the_game_goes_on_while_every_score_is_above_zero() {
    // Three players hold trumps: nobody takes all five.
    let hands = [
        "JH JD AH KH QH",
        "TC QC KC AC 9D",
        "JC TD QD KD AD",
        "9S TS JS QS KS",
    ];
    let mut g = game(buck(), hands, CLUB_UP);
    let h = finish_hand(&mut g);
    assert!(h.tricks_won.iter().all(|&t| t < 5), "{:?}", h.tricks_won);
    assert!(!g.is_over());
    assert_eq!(g.hand_number(), 1);
    // Every state along the way reads back.
    g.check_integrity().unwrap();
}

#[test]
fn buck_options_are_validated() {
    let bad = RulesetSpec {
        preset: Preset::BuckEuchre,
        lone_defender: Some(true),
        ..Default::default()
    };
    assert_eq!(bad.build().unwrap_err().code, "option_not_in_game");
    let bad = RulesetSpec {
        preset: Preset::Euchre,
        all_drop: Some(AllDrop::LastMustStay),
        ..Default::default()
    };
    assert_eq!(bad.build().unwrap_err().code, "option_not_in_game");
    let bad = RulesetSpec {
        preset: Preset::BuckEuchre,
        players: Some(3),
        ..Default::default()
    };
    assert_eq!(bad.build().unwrap_err().code, "invalid_players");
    // Random games of the preset play to the end, and every state reads back.
    for seed in 0..20 {
        let mut g = Game::new(buck(), seed, None).unwrap();
        let mut steps = 0;
        while let Some(seat) = g.turn() {
            let legal = g.legal_actions(seat);
            let a = legal[(seed as usize + steps) % legal.len()].clone();
            g.apply(seat, &a).unwrap();
            g.check_integrity().unwrap();
            steps += 1;
            assert!(steps < 5000);
        }
    }
}
