//! The rule table of Bacon (RULES-FAMILY.md section 3): one test per sentence, each with an
//! explicit deal.

use super::support::{codes, deal_game, expect_err_tok, playable, rules_with, run};
use crate::engine::{
    Action, AloneRule, Answer, DeckKind, Game, HandResult, Outcome, Phase, Preset, Ranking,
    Ruleset, RulesetSpec, Sides, Suit, Trump, UpcardFate, Viewer,
};

fn bacon() -> Ruleset {
    Preset::Bacon.rules()
}

fn bacon_with(spec: RulesetSpec) -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::Bacon,
        ..spec
    })
}

/// Seat 0 holds the top five hearts, seat 1 spades, seat 2 diamonds, seat 3 (the dealer) clubs.
const SUITS: [&str; 4] = [
    "AH KH QH JH TH",
    "AS KS QS JS TS",
    "AD KD QD JD TD",
    "AC KC QC JC TC",
];

/// A mixed deal: tricks split between the sides, whoever declares.
const MIXED: [&str; 4] = [
    "AH KH 2C 3C 4C",
    "AS KS QS 2D 3D",
    "QH JH 2S 3S 4S",
    "AC KC QC AD KD",
];

/// The 32 undealt cards: the upcards in turn (9H, 9S, 9D, 9C for `SUITS`), then the stub.
fn undealt(hands: &[&str; 4], upcards: &str) -> String {
    let held: Vec<String> = hands
        .join(" ")
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut out: Vec<String> = upcards.split_whitespace().map(String::from).collect();
    for suit in ["H", "S", "D", "C"] {
        for rank in [
            "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2",
        ] {
            let c = format!("{rank}{suit}");
            if !held.contains(&c) && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out.join(" ")
}

fn game_with(rules: Ruleset, hands: [&str; 4], upcards: &str) -> Game {
    deal_game(rules, 3, &hands, &undealt(&hands, upcards))
}

fn game(hands: [&str; 4], upcards: &str) -> Game {
    game_with(bacon(), hands, upcards)
}

fn sorted<T: ToString>(v: Vec<T>) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(T::to_string).collect();
    v.sort();
    v
}

/// The points of the last hand, by side.
fn delta(g: &Game) -> Vec<i32> {
    g.last_hand().unwrap().score_delta.to_vec()
}

#[test]
fn four_players_in_partnerships_52_cards_five_each_one_upcard_and_a_stub_of_31() {
    let rules = bacon();
    assert_eq!(rules.sides(), Sides::Partners { teams: 2 });
    assert_eq!(rules.deck, DeckKind::Full52);
    assert_eq!((rules.seats(), rules.cards_per_player()), (4, 5));
    assert_eq!(rules.target_score, 10);
    let g = game(SUITS, "9H 9S 9D 9C");
    let v = g.view(Viewer::Spectator);
    assert_eq!(
        v.upcard.map(|u| (u.card.to_string(), u.fate)),
        Some(("9H".into(), UpcardFate::FaceUp))
    );
    assert_eq!(v.widow_size, 31, "the stub, face down, set aside");
    assert!(v.passed_upcards.is_empty());
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(0)));
    // Bacon is played with its own deck only.
    let err = RulesetSpec {
        preset: Preset::Bacon,
        deck: Some(DeckKind::Euchre32),
        ..Default::default()
    }
    .build()
    .unwrap_err();
    assert_eq!(err.code, "unsupported_deal");
}

#[test]
fn no_bowers_every_suit_trump_included_ranks_ace_king_queen_jack_ten_down_to_two() {
    let r = Ranking {
        trump: Some(Suit::Hearts),
        bowers: bacon().bowers,
    };
    assert!(!bacon().bowers);
    let jd: crate::engine::Card = "JD".parse().unwrap();
    assert_eq!(r.effective_suit(jd), Some(Suit::Diamonds), "no left bower");
    let order = ["AH", "KH", "QH", "JH", "TH", "9H", "2H"];
    for w in order.windows(2) {
        let (hi, lo) = (w[0].parse().unwrap(), w[1].parse().unwrap());
        assert!(r.strength(hi) > r.strength(lo), "{} over {}", w[0], w[1]);
    }
    // In play: hearts trump, a diamond led, the jack of diamonds must follow diamonds.
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "pu al tk:TS AS");
    // Seat 2 holds no spade: any card; seat 3 neither.
    assert_eq!(playable(&g, 2).len(), 5);
}

#[test]
fn each_from_the_dealers_left_dealer_last_passes_picks_up_or_picks_up_alone() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    for seat in [0, 1, 2, 3] {
        assert_eq!(g.turn(), Some(seat));
        assert_eq!(
            g.legal_actions(seat),
            [Action::Pass, Action::PickUp, Action::PickUpAlone]
        );
        run(&mut g, "p");
    }
    // With `alone: none` nobody picks up alone.
    let mut g = game_with(
        bacon_with(RulesetSpec {
            alone: Some(AloneRule::None),
            ..Default::default()
        }),
        SUITS,
        "9H 9S 9D 9C",
    );
    assert_eq!(g.legal_actions(0), [Action::Pass, Action::PickUp]);
    expect_err_tok(&mut g, 0, "pa", "alone_not_allowed");
    // Euchre's calls are not Bacon's, nor Bacon's Euchre's.
    expect_err_tok(&mut g, 0, "ou", "wrong_phase");
    expect_err_tok(&mut g, 1, "p", "not_your_turn");
    let mut e = deal_game(
        Preset::Euchre.rules(),
        3,
        &[
            "AH KH QH JH TH",
            "AS KS QS JS TS",
            "AD KD QD JD TD",
            "AC KC QC JC TC",
        ],
        "9H 9S 9D 9C 8H 8S 8D 8C 7H 7S 7D 7C",
    );
    expect_err_tok(&mut e, 0, "pu", "wrong_phase");
}

#[test]
fn the_callers_partner_answers_at_once_allow_or_veto_or_after_alone_veto_alone() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "pu");
    assert_eq!(g.turn(), Some(2), "the caller's partner answers");
    assert_eq!(g.legal_actions(2), [Action::Allow, Action::Veto]);
    expect_err_tok(&mut g, 2, "va", "nothing_to_answer");
    expect_err_tok(&mut g, 2, "p", "must_answer");
    expect_err_tok(&mut g, 2, "pu", "must_answer");
    let mut g = game(SUITS, "9H 9S 9D 9C");
    expect_err_tok(&mut g, 0, "al", "nothing_to_answer");
    run(&mut g, "pa");
    assert_eq!(
        g.legal_actions(2),
        [Action::Allow, Action::Veto, Action::VetoAlone]
    );
    let v = g.view(Viewer::Spectator);
    let call = v.upcard_calls.last().copied().unwrap();
    assert!(call.alone && call.answer.is_none() && call.round == 1);
}

#[test]
fn a_veto_is_as_if_the_caller_had_passed_the_turn_going_on_to_the_callers_left() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "pu ve");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(1)));
    assert_eq!(g.contract(), None);
    assert_eq!(g.trump(), None);
    let v = g.view(Viewer::Seat(1));
    assert_eq!(v.upcard_calls[0].answer, Some(Answer::Veto));
    // The vetoing partner may still pick up in turn.
    run(&mut g, "p pu al");
    assert_eq!(g.contract().map(|c| c.seat), Some(2));
}

#[test]
fn a_vetoed_dealer_counts_as_the_dealer_passing() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "p p p pu ve");
    let v = g.view(Viewer::Spectator);
    assert_eq!(codes(&v.passed_upcards), ["9H"]);
    assert_eq!(v.upcard.map(|u| u.card.to_string()), Some("9S".into()));
    assert_eq!(g.turn(), Some(0), "the next upcard from the dealer's left");
}

#[test]
fn veto_alone_lets_the_pick_up_stand_not_alone() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "pa va");
    assert_eq!(g.phase(), Phase::Exchange);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.alone, None);
    assert!(v.sitting_out.is_empty());
    assert_eq!(v.upcard_calls[0].answer, Some(Answer::VetoAlone));
    // All five tricks to the partnership, not alone: 2.
    run(
        &mut g,
        "tk:TS AS TD TC TH AH 9H JD JC KH KS QD QC QH QS KD KC JH JS AD AC",
    );
    assert_eq!(delta(&g), [2, 0]);
}

#[test]
fn a_pick_up_that_stands_makes_the_upcards_suit_trump_and_the_callers_side_declarers() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "p p p p pu");
    // The second upcard, a spade, picked up by seat 0 for its side.
    run(&mut g, "al");
    assert_eq!(g.trump(), Some(Trump::Suit(Suit::Spades)));
    let c = g.contract().unwrap();
    assert_eq!((c.seat, c.bid.tricks), (0, 3));
    assert_eq!(g.view(Viewer::Spectator).upcard_calls[4].round, 2);
}

#[test]
fn a_standing_alone_makes_the_caller_the_loner_whose_partner_sits_out() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "pa al");
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.alone, Some(0));
    assert_eq!(v.sitting_out, [2]);
    run(&mut g, "tk:TS");
    // Three cards a trick; the loner takes all five: 4.
    run(&mut g, "AS TC TH AH 9H JC KH KS QC QH QS KC JH JS AC");
    assert!(g.last_hand().unwrap().number == 0);
    assert_eq!(delta(&g), [4, 0]);
}

#[test]
fn when_the_dealer_has_passed_the_upcard_is_discarded_face_up_and_the_next_turned() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "p p p p");
    let v = g.view(Viewer::Seat(2));
    assert_eq!(codes(&v.passed_upcards), ["9H"]);
    assert_eq!(
        v.upcard.map(|u| (u.card.to_string(), u.fate)),
        Some(("9S".into(), UpcardFate::FaceUp))
    );
    assert_eq!(v.widow_size, 30);
    assert_eq!(
        g.turn(),
        Some(0),
        "the round starts again from the dealer's left"
    );
    run(&mut g, "p p p p p p p p");
    let v = g.view(Viewer::Spectator);
    assert_eq!(codes(&v.passed_upcards), ["9H", "9S", "9D"]);
    assert_eq!(v.upcard.map(|u| u.card.to_string()), Some("9C".into()));
    assert_eq!(v.upcard_calls.last().map(|c| c.round), Some(3));
}

#[test]
fn the_fourth_upcard_passed_by_all_acquits_the_hand_and_the_same_dealer_deals_again() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    let applied = run(&mut g, &["p"; 16].join(" "));
    let last = g.last_hand().unwrap();
    assert_eq!(last.result, HandResult::Acquitted);
    assert_eq!(last.score_delta.to_vec(), [0, 0]);
    assert_eq!((g.hand_number(), g.dealer()), (1, 3), "the same dealer");
    assert_eq!(g.turn(), Some(0));
    let rec = &applied.last().unwrap().finished_hands[0];
    assert_eq!(
        rec.upcard.map(|u| (u.card.to_string(), u.fate)),
        Some(("9C".into(), UpcardFate::TurnedDown))
    );
    assert_eq!(rec.upcard_calls.len(), 16);
    let v = g.view(Viewer::Spectator);
    assert!(v.passed_upcards.is_empty(), "a new hand");
}

#[test]
fn the_seat_left_of_the_caller_takes_the_upcard_discards_any_of_six_face_up_and_leads() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "p pu al");
    // Seat 1 called: seat 2, a defender, takes the heart... the upcard is 9H; trump hearts.
    assert_eq!((g.phase(), g.turn()), (Phase::Exchange, Some(2)));
    let legal = g.legal_actions(2);
    assert_eq!(legal.len(), 6, "any one of its six cards");
    assert!(legal.contains(&Action::TakeUpcard {
        discard: "9H".parse().unwrap()
    }));
    expect_err_tok(&mut g, 2, "tk:AH", "card_not_in_hand");
    expect_err_tok(&mut g, 1, "tk:AS", "not_your_turn");
    run(&mut g, "tk:TD");
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::Play, Some(2)),
        "the taker leads"
    );
    let v = g.view(Viewer::Spectator);
    let up = v.upcard.unwrap();
    assert_eq!(
        (up.fate, up.taken_by, up.discard.map(|c| c.to_string())),
        (UpcardFate::Taken, Some(2), Some("TD".into())),
        "the discard lies face up for everyone"
    );
    assert!(v.discards.is_empty(), "no face-down discards");
    let mine = g.view(Viewer::Seat(2));
    assert_eq!(
        sorted(codes(&mine.hand)),
        sorted(vec!["AD", "KD", "QD", "JD", "9H"])
    );
    // Discarding the upcard itself leaves the hand as dealt.
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(&mut g, "pu al tk:9H");
    assert_eq!(
        sorted(codes(g.hand_of(1))),
        sorted(vec!["AS", "KS", "QS", "JS", "TS"])
    );
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn only_a_side_with_three_or_more_tricks_scores_declarers_one() {
    let mut g = game(MIXED, "TH 9S 9D 9C");
    run(&mut g, "pu al tk:2D");
    run(
        &mut g,
        "AS 2S AC 2C KS 3S KC 3C QS 4S QC AH KH TH QH AD 4C 3D JH KD",
    );
    let last = g.last_hand().unwrap();
    assert_eq!(last.tricks_won.to_vec(), [3, 2]);
    assert_eq!(delta(&g), [1, 0]);
}

#[test]
fn defenders_with_three_or_more_tricks_score_two() {
    let mut g = game(MIXED, "TH 9S 9D 9C");
    run(&mut g, "pu al tk:2D");
    run(
        &mut g,
        "AS 2S AC 2C KS 3S KC 3C QS 4S QC 4C 3D JH AD AH KH TH QH KD",
    );
    let last = g.last_hand().unwrap();
    assert_eq!(last.tricks_won.to_vec(), [2, 3]);
    assert_eq!(delta(&g), [0, 2]);
}

#[test]
fn defenders_taking_all_five_score_four() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    // Seat 1 picks up hearts holding none; seat 0's hearts take every trick.
    run(&mut g, "p pu al tk:TD");
    run(
        &mut g,
        "AD AC AH AS KH KS 9H KC QH QS KD QC JH JS QD JC TH TS JD TC",
    );
    assert_eq!(g.last_hand().unwrap().tricks_won.to_vec(), [5, 0]);
    assert_eq!(delta(&g), [4, 0]);
}

#[test]
fn a_loner_with_three_or_four_tricks_scores_two() {
    let mut g = game(MIXED, "TH 9S 9D 9C");
    run(&mut g, "pa al tk:2D");
    run(&mut g, "AS AC 2C KS KC 3C QS QC AH KH TH AD 4C 3D KD");
    assert_eq!(g.last_hand().unwrap().tricks_won.to_vec(), [3, 2]);
    assert_eq!(delta(&g), [2, 0]);
}

#[test]
fn declarers_taking_all_five_score_two_and_the_first_side_to_ten_wins() {
    let mut g = game(SUITS, "9H 9S 9D 9C");
    run(
        &mut g,
        "pu al tk:TS AS TD TC TH AH 9H JD JC KH KS QD QC QH QS KD KC JH JS AD AC",
    );
    assert_eq!(delta(&g), [2, 0]);
    assert!(!g.is_over());
    assert_eq!(g.dealer(), 0, "a played hand passes the deal");
    // To a target of 2, that march wins.
    let mut g = game_with(
        bacon_with(RulesetSpec {
            target_score: Some(2),
            ..Default::default()
        }),
        SUITS,
        "9H 9S 9D 9C",
    );
    run(
        &mut g,
        "pu al tk:TS AS TD TC TH AH 9H JD JC KH KS QD QC QH QS KD KC JH JS AD AC",
    );
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Winner(0)));
}

#[test]
fn bacon_options_are_checked() {
    for (spec, code) in [
        (
            RulesetSpec {
                alone: Some(AloneRule::PartnerSitsOut),
                ..Default::default()
            },
            "option_not_in_game",
        ),
        (
            RulesetSpec {
                players: Some(6),
                ..Default::default()
            },
            "invalid_players",
        ),
        (
            RulesetSpec {
                target_score: Some(101),
                ..Default::default()
            },
            "target_score_out_of_range",
        ),
    ] {
        let spec = RulesetSpec {
            preset: Preset::Bacon,
            ..spec
        };
        assert_eq!(spec.build().unwrap_err().code, code, "{spec:?}");
    }
    // Bidding options are not Bacon's.
    let err = serde_json::from_str::<RulesetSpec>(r#"{"preset":"bacon","min_bid":2}"#)
        .unwrap()
        .build()
        .unwrap_err();
    assert_eq!(err.code, "option_not_in_game");
    // Bowers may be put back.
    let r = bacon_with(RulesetSpec {
        bowers: Some(true),
        ..Default::default()
    });
    assert!(r.bowers);
}

#[test]
fn a_bacon_state_reads_back_and_a_tampered_one_does_not() {
    let mut g = game(MIXED, "TH 9S 9D 9C");
    run(&mut g, "p p p p pa va tk:2D AS");
    let json = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    // A pick-up answered differently than the state says does not follow from its own calls.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["hand"]["upcards_passed"] = serde_json::json!(2);
    assert!(serde_json::from_value::<Game>(v).is_err());
}
