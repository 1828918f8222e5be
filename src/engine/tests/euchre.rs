//! The rule table of Euchre (RULES-FAMILY.md section 1, with section 0): one test per sentence,
//! each with an explicit deal.

use super::support::{card, codes, deal_game, expect_err_tok, finish_hand, rules_with, run};
use crate::engine::{
    Action, AloneRule, DeckKind, Game, HandResult, Outcome, Phase, Preset, Ranking, Ruleset,
    RulesetSpec, Sides, Suit, Trump, UpcardFate, Viewer,
};

fn euchre() -> Ruleset {
    Preset::Euchre.rules()
}

fn euchre_with(spec: RulesetSpec) -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::Euchre,
        ..spec
    })
}

/// Seat 0 (left of the dealer, seat 3) holds the five top hearts but the ten, which is the
/// upcard; the dealer holds five spades.
const HANDS: [&str; 4] = [
    "JH JD AH KH QH",
    "7C 8C 9C 7D 8D",
    "AC KC QC AD KD",
    "AS KS QS JS TS",
];
/// The upcard (first), then the stub of 11.
const UNDEALT: &str = "TH 9H 8H 7H JC TC QD TD 9D 9S 8S 7S";

/// As [`HANDS`] with seat 0's queen of hearts swapped for seat 1's seven of clubs.
const HANDS_FOUR: [&str; 4] = [
    "JH JD AH KH 7C",
    "QH 8C 9C 7D 8D",
    "AC KC QC AD KD",
    "AS KS QS JS TS",
];

fn game(rules: Ruleset, hands: [&str; 4]) -> Game {
    deal_game(rules, 3, &hands, UNDEALT)
}

#[test]
fn four_partners_five_cards_each_an_upcard_and_a_stub_of_eleven() {
    // "4 players, partners. Deck euchre32 (7-A); 5 each; upcard; stub of 11."
    let rules = euchre();
    assert_eq!(rules.sides(), Sides::Partners { teams: 2 });
    assert_eq!(rules.deck, DeckKind::Euchre32);
    assert_eq!((rules.seats(), rules.cards_per_player()), (4, 5));
    assert_eq!((rules.undealt(), rules.widow_size()), (12, 0));
    let g = game(rules, HANDS);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.hand_sizes, [5, 5, 5, 5]);
    let up = v.upcard.expect("an upcard");
    assert_eq!((up.card, up.fate), (card("TH"), UpcardFate::FaceUp));
    assert_eq!(v.widow_size, 11, "the stub, face down");
    // A random deal too.
    let g = Game::new(rules, 5, None).unwrap();
    assert!(g.view(Viewer::Spectator).upcard.is_some());
}

#[test]
fn trumps_rank_right_left_then_a_k_q_t_9_8_7_and_plain_suits_a_k_q_j_t_9_8_7() {
    let hearts = Ranking {
        trump: Some(Suit::Hearts),
        bowers: true,
    };
    let trumps = ["JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"];
    for w in trumps.windows(2) {
        assert!(
            hearts.beats(card(w[0]), card(w[1]), Some(Suit::Hearts)),
            "{w:?}"
        );
        assert!(
            !hearts.beats(card(w[1]), card(w[0]), Some(Suit::Hearts)),
            "{w:?}"
        );
    }
    let plain = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"];
    for w in plain.windows(2) {
        assert!(
            hearts.beats(card(w[0]), card(w[1]), Some(Suit::Spades)),
            "{w:?}"
        );
    }
    assert!(hearts.beats(card("7H"), card("AS"), Some(Suit::Spades)));
}

#[test]
fn round_one_from_the_dealers_left_dealer_last_pass_or_order_up() {
    let mut g = game(euchre(), HANDS);
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(0)));
    assert_eq!(g.legal_actions(0), [Action::Pass, Action::OrderUp]);
    run(&mut g, "p p p");
    assert_eq!(g.turn(), Some(3), "the dealer calls last");
    // The first acceptance (here the dealer's own) ends trump making: the upcard's suit.
    run(&mut g, "ou");
    assert_eq!(g.trump(), Some(Trump::Suit(Suit::Hearts)));
    assert_eq!(g.contract().map(|c| (c.seat, c.bid.tricks)), Some((3, 3)));
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.upcard_calls.len(), 4);
    assert_eq!(v.upcard_calls[3].trump, Some(Trump::Suit(Suit::Hearts)));
    assert!(
        v.upcard_calls[..3]
            .iter()
            .all(|c| c.round == 1 && c.trump.is_none())
    );
    // The dealer's pick-up stays the dealer's choice, the dealer included.
    assert_eq!((g.phase(), g.turn()), (Phase::Exchange, Some(3)));
}

#[test]
fn the_dealer_takes_the_upcard_and_discards_one_of_the_five_held_before_face_down() {
    let mut g = game(euchre(), HANDS);
    run(&mut g, "ou");
    assert_eq!(g.turn(), Some(3));
    let legal = g.legal_actions(3);
    assert_eq!(legal.len(), 6, "five discards or leaving it: {legal:?}");
    assert!(legal.contains(&Action::LeaveUpcard));
    // The upcard itself is not among the five held before.
    expect_err_tok(&mut g, 3, "tk:TH", "card_not_in_hand");
    expect_err_tok(&mut g, 0, "tk:JH", "not_your_turn");
    run(&mut g, "tk:TS");
    assert_eq!(codes(g.hand_of(3)), ["TH", "JS", "QS", "KS", "AS"]);
    // Public: the upcard was taken (so the dealer holds it until it is played); the discard
    // is the dealer's alone.
    let spectator = g.view(Viewer::Spectator);
    assert_eq!(spectator.upcard.unwrap().fate, UpcardFate::Taken);
    assert!(spectator.discards.is_empty());
    assert!(
        g.view(Viewer::Seat(0)).discards.is_empty(),
        "not the maker's either"
    );
    assert_eq!(codes(&g.view(Viewer::Seat(3)).discards), ["TS"]);
    assert_eq!(
        (g.phase(), g.turn()),
        (Phase::Alone, Some(0)),
        "the maker decides"
    );
}

#[test]
fn the_dealer_may_leave_the_upcard_on_the_stub_unless_pickup_is_mandatory() {
    let mut g = game(euchre(), HANDS);
    run(&mut g, "p ou lv");
    assert_eq!(
        g.view(Viewer::Seat(2)).upcard.unwrap().fate,
        UpcardFate::Left
    );
    assert_eq!(
        codes(g.hand_of(3)),
        ["TS", "JS", "QS", "KS", "AS"],
        "the dealer left it"
    );
    assert_eq!((g.phase(), g.turn()), (Phase::Alone, Some(1)));

    let mandatory = euchre_with(RulesetSpec {
        dealer_pickup: Some(crate::engine::DealerPickup::Mandatory),
        ..RulesetSpec::default()
    });
    let mut g = game(mandatory, HANDS);
    run(&mut g, "p ou");
    assert!(!g.legal_actions(3).contains(&Action::LeaveUpcard));
    expect_err_tok(&mut g, 3, "lv", "must_take_upcard");
    run(&mut g, "tk:AS");
}

#[test]
fn round_two_names_another_suit_the_turned_down_one_is_barred() {
    let mut g = game(euchre(), HANDS);
    run(&mut g, "p p p p");
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.upcard.unwrap().fate, UpcardFate::TurnedDown);
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(0)));
    let legal = g.legal_actions(0);
    assert_eq!(
        legal,
        [
            Action::Pass,
            Action::NameTrump {
                trump: Trump::Suit(Suit::Clubs)
            },
            Action::NameTrump {
                trump: Trump::Suit(Suit::Diamonds)
            },
            Action::NameTrump {
                trump: Trump::Suit(Suit::Spades)
            },
        ]
    );
    expect_err_tok(&mut g, 0, "n:H", "suit_turned_down");
    expect_err_tok(&mut g, 0, "n:NT", "no_trump_not_allowed");
    expect_err_tok(&mut g, 0, "ou", "wrong_round");
    run(&mut g, "p n:D");
    // The first to name is the maker; nobody takes the upcard, which stays turned down.
    assert_eq!(g.contract().map(|c| c.seat), Some(1));
    assert_eq!(g.trump(), Some(Trump::Suit(Suit::Diamonds)));
    assert_eq!(
        g.view(Viewer::Spectator).upcard.unwrap().fate,
        UpcardFate::TurnedDown
    );
    assert_eq!((g.phase(), g.turn()), (Phase::Alone, Some(1)));
}

#[test]
fn round_one_takes_no_named_suit_and_neither_round_takes_a_bid() {
    let mut g = game(euchre(), HANDS);
    expect_err_tok(&mut g, 0, "n:S", "wrong_round");
    expect_err_tok(&mut g, 0, "b3", "wrong_phase");
    expect_err_tok(&mut g, 0, "x:H", "wrong_phase");
    expect_err_tok(&mut g, 1, "p", "not_your_turn");
}

#[test]
fn all_four_pass_twice_void_hand_and_the_deal_passes_left() {
    let mut g = game(euchre(), HANDS);
    let applied = run(&mut g, "p p p p p p p p");
    let last = applied.last().unwrap();
    assert_eq!(last.finished_hands.len(), 1);
    let record = &last.finished_hands[0];
    assert_eq!(record.summary.result, HandResult::ThrownIn);
    assert_eq!(record.upcard_calls.len(), 8);
    assert_eq!(record.upcard.map(|u| u.fate), Some(UpcardFate::TurnedDown));
    assert_eq!((g.hand_number(), g.dealer()), (1, 0));
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn stick_the_dealer_the_dealer_may_not_pass_in_round_two() {
    let rules = euchre_with(RulesetSpec {
        stick_the_dealer: Some(true),
        ..RulesetSpec::default()
    });
    let mut g = game(rules, HANDS);
    run(&mut g, "p p p p p p p");
    assert_eq!(g.turn(), Some(3));
    assert_eq!(g.legal_actions(3).len(), 3, "three suits, no pass");
    expect_err_tok(&mut g, 3, "p", "must_name_trump");
    run(&mut g, "n:S");
    assert_eq!(g.contract().map(|c| c.seat), Some(3));
}

#[test]
fn a_lone_makers_march_scores_four() {
    // Alone: the partner sits out; the lead is the first active seat from the dealer's left.
    let mut g = game(euchre(), HANDS);
    run(&mut g, "ou tk:TS a1");
    assert_eq!(g.view(Viewer::Spectator).sitting_out, [2]);
    assert_eq!((g.phase(), g.turn()), (Phase::Play, Some(0)));
    run(&mut g, "JH 7C TH JD 8C AS AH 9C KS KH 7D QS");
    assert!(g.current_trick().plays.is_empty());
    run(&mut g, "QH 8D");
    let applied = run(&mut g, "JS");
    let record = &applied[0].finished_hands[0];
    assert_eq!(record.summary.tricks_won, [5, 0]);
    assert_eq!(record.summary.score_delta, [4, 0]);
    assert_eq!(record.alone, Some(0));
    assert_eq!(g.scores(), [4, 0]);
}

#[test]
fn a_march_with_the_partner_scores_two() {
    let mut g = game(euchre(), HANDS);
    run(&mut g, "ou tk:TS a0");
    let summary = finish_hand(&mut g);
    assert_eq!(summary.tricks_won, [5, 0]);
    assert_eq!(summary.score_delta, [2, 0]);
}

#[test]
fn three_or_four_tricks_score_one() {
    let mut g = game(euchre(), HANDS_FOUR);
    run(
        &mut g,
        "ou tk:TS a0 JH QH AC TH JD 7D KC AS AH 8D QC KS KH 8C AD QS 7C 9C KD JS",
    );
    let last = g.last_hand().unwrap();
    assert_eq!(last.tricks_won, [4, 1]);
    assert_eq!(last.score_delta, [1, 0]);
}

#[test]
fn euchred_makers_give_the_defenders_two() {
    // Seat 1 orders hearts up for the dealer, its partner; seat 0 holds the top trumps.
    let mut g = game(euchre(), HANDS);
    run(&mut g, "p ou tk:TS a0");
    let summary = finish_hand(&mut g);
    assert_eq!(summary.tricks_won, [5, 0]);
    assert_eq!(summary.score_delta, [2, 0], "only the defenders score");
}

#[test]
fn lone_defender_option_a_euchre_by_a_lone_defender_scores_four() {
    let rules = euchre_with(RulesetSpec {
        lone_defender: Some(true),
        ..RulesetSpec::default()
    });
    assert_eq!(rules.alone, AloneRule::PartnerSitsOut);
    let mut g = game(rules, HANDS);
    run(&mut g, "p ou tk:TS a0");
    // Then each defender, in seat order from the dealer's left: seat 0 first.
    assert_eq!((g.phase(), g.turn()), (Phase::Alone, Some(0)));
    run(&mut g, "a1");
    assert_eq!(g.view(Viewer::Spectator).defender_alone, Some(0));
    assert_eq!(g.view(Viewer::Spectator).sitting_out, [2]);
    // The lead is still the first active seat from the dealer's left.
    assert_eq!((g.phase(), g.turn()), (Phase::Play, Some(0)));
    let summary = finish_hand(&mut g);
    assert_eq!(summary.score_delta, [4, 0]);
    // Without the option the defenders are never asked.
    let mut g = game(euchre(), HANDS);
    run(&mut g, "p ou tk:TS a0");
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn the_lead_skips_a_seat_that_sits_out_to_the_dealers_partner() {
    let mut g = game(euchre(), HANDS);
    run(&mut g, "p p ou tk:TS a1");
    assert_eq!(g.view(Viewer::Spectator).sitting_out, [0]);
    assert_eq!((g.phase(), g.turn()), (Phase::Play, Some(1)));
}

#[test]
fn the_first_side_at_five_wins() {
    let rules = euchre();
    assert_eq!(rules.target_score, 5);
    let rules = euchre_with(RulesetSpec {
        target_score: Some(4),
        ..RulesetSpec::default()
    });
    let mut g = game(rules, HANDS);
    run(&mut g, "ou tk:TS a1");
    finish_hand(&mut g);
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Winner(0)));
    // Ten is the usual North American target.
    let ten = euchre_with(RulesetSpec {
        target_score: Some(10),
        ..RulesetSpec::default()
    });
    assert_eq!(ten.target_score, 10);
}

#[test]
fn the_short_pack_deals_five_each_an_upcard_and_a_stub_of_three() {
    let rules = euchre_with(RulesetSpec {
        deck: Some(DeckKind::Euchre24),
        ..RulesetSpec::default()
    });
    assert_eq!(rules.undealt(), 4);
    let g = Game::new(rules, 9, None).unwrap();
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.widow_size, 3);
    assert!(
        g.hand_of(0)
            .iter()
            .all(|c| c.rank() >= Some(crate::engine::Rank::Nine))
    );
}

#[test]
fn options_of_other_games_are_refused() {
    let code = |spec: RulesetSpec| spec.build().unwrap_err().code;
    let e = |spec: RulesetSpec| RulesetSpec {
        preset: Preset::Euchre,
        ..spec
    };
    assert_eq!(
        code(e(RulesetSpec {
            min_bid: Some(2),
            ..RulesetSpec::default()
        })),
        "option_not_in_game"
    );
    assert_eq!(
        code(e(RulesetSpec {
            no_trump: Some(true),
            ..RulesetSpec::default()
        })),
        "option_not_in_game"
    );
    assert_eq!(
        code(e(RulesetSpec {
            deck: Some(DeckKind::Pepper24),
            ..RulesetSpec::default()
        })),
        "unsupported_deal"
    );
    assert_eq!(
        code(e(RulesetSpec {
            players: Some(6),
            ..RulesetSpec::default()
        })),
        "invalid_players"
    );
    assert_eq!(
        code(e(RulesetSpec {
            alone: Some(AloneRule::ExchangeTwo),
            ..RulesetSpec::default()
        })),
        "option_not_in_game"
    );
    assert_eq!(
        code(RulesetSpec {
            stick_the_dealer: Some(true),
            ..RulesetSpec::default()
        }),
        "option_not_in_game"
    );
    assert_eq!(
        code(RulesetSpec {
            auction: Some(crate::engine::AuctionKind::Upcard),
            ..RulesetSpec::default()
        }),
        "option_not_in_game"
    );
    assert_eq!(
        code(RulesetSpec {
            deck: Some(DeckKind::Euchre32),
            ..RulesetSpec::default()
        }),
        "unsupported_deal"
    );
}

#[test]
fn a_stored_euchre_state_reads_back_at_every_step() {
    // The integrity check replays the upcard calls and the dealer's exchange.
    for script in [
        "ou tk:TS a1",
        "p ou lv a0",
        "p p p p p n:C a0",
        "p p p p p p p p",
    ] {
        let mut g = game(euchre(), HANDS);
        for token in script.split_whitespace() {
            run(&mut g, token);
            g.check_integrity()
                .unwrap_or_else(|e| panic!("{script} at {token}: {e}"));
            let json = serde_json::to_string(&g).unwrap();
            let back: Game = serde_json::from_str(&json).unwrap();
            assert_eq!(back, g);
        }
        while !g.is_over() && g.phase() == Phase::Play {
            let seat = g.turn().unwrap();
            let a = g.legal_actions(seat)[0].clone();
            g.apply(seat, &a).unwrap();
            g.check_integrity().unwrap();
        }
    }
}
