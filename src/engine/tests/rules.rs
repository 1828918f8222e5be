//! One table-driven test per rule sentence of RULES.md, each with an explicit deal and scripted
//! actions. Section references are to RULES.md.

use super::support::*;
use crate::engine::{
    Action, AuctionKind, Bid, Contract, Forced, Game, GameEnd, HandResult, Outcome, Pepper, Phase,
    Preset, Ranking, RulesetSpec, Suit, Trump, Viewer, deal,
};

fn hasen() -> crate::engine::Ruleset {
    Preset::Hasenpfeffer.rules()
}

fn open() -> crate::engine::Ruleset {
    Preset::HasenpfefferOpen.rules()
}

fn pepper() -> crate::engine::Ruleset {
    Preset::Pepper.rules()
}

fn double() -> crate::engine::Ruleset {
    Preset::DoubleHasenpfeffer.rules()
}

// ---------------------------------------------------------------------------------------------
// Section 1: trick play. Every case is a full explicit deal; the script bids, names trump, then
// plays one trick; the table gives the trick's winner and, where it matters, the exact legal
// cards of one seat at one point and a card that seat may not play.

struct TrickCase {
    rule: &'static str,
    rules: crate::engine::Ruleset,
    dealer: u8,
    hands: &'static [&'static str],
    widow: &'static str,
    /// Bidding and exchange.
    setup: &'static str,
    /// The cards of the first trick, in play order.
    plays: &'static str,
    winner: u8,
    /// (after this many cards of the trick, seat, its exact legal cards, a refused card)
    check: Option<(usize, u8, &'static str, &'static str)>,
}

#[test]
fn trick_winners_and_following() {
    let cases = [
        TrickCase {
            rule: "the joker beats the right bower",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "JH 9C TC QC KC AC",
                "JK 9D TD QD KD AD",
                "9H JC 9S TS QS KS",
                "TH QH KH AH JD JS",
            ],
            widow: "AS",
            setup: "b1 p p p x:H:AS",
            plays: "JH JK 9H TH",
            winner: 1,
            check: Some((1, 1, "JK", "9D")),
        },
        TrickCase {
            rule: "the right bower beats the left bower",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "JD 9C TC QC KC AC",
                "JH 9D TD QD KD AD",
                "9H JC 9S TS QS KS",
                "TH QH KH AH JK JS",
            ],
            widow: "AS",
            setup: "b1 p p p x:H:AS",
            plays: "JD JH 9H TH",
            winner: 1,
            check: Some((3, 3, "TH QH KH AH JK", "JS")),
        },
        TrickCase {
            rule: "the left bower follows a trump lead and beats the ace",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "AH 9C TC QC KC AC",
                "JD 9D TD QD KD AD",
                "9H JC 9S TS QS KS",
                "TH QH KH JH JK JS",
            ],
            widow: "AS",
            setup: "b1 p p p x:H:AS",
            plays: "AH JD 9H TH",
            winner: 1,
            check: Some((1, 1, "JD", "9D")),
        },
        TrickCase {
            rule: "the left bower does not follow its natural suit (void: anything goes)",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "AD 9C TC QC KC AC",
                "JD 9S TS QS KS AS",
                "9D TD QD KD JC JS",
                "9H TH JH QH KH AH",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "AD 9S 9D 9H",
            winner: 3,
            check: Some((1, 1, "JD 9S TS QS KS AS", "")),
        },
        TrickCase {
            rule: "the left bower may not be played to its natural suit when holding that suit",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "AD 9C TC QC KC AC",
                "JD 9D 9S TS QS KS",
                "TD QD KD JC JS AS",
                "9H TH JH QH KH AH",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "AD 9D TD 9H",
            winner: 3,
            check: Some((1, 1, "9D", "JD")),
        },
        TrickCase {
            rule: "a led left bower demands trumps",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "JD 9C TC QC KC AC",
                "9H 9D TD QD KD AD",
                "TH JC 9S TS QS KS",
                "QH KH AH JH JS AS",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "JD 9H TH JH",
            winner: 3,
            check: Some((1, 1, "9H", "9D")),
        },
        TrickCase {
            rule: "the joker led demands trumps (the left bower included) and wins",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "JK 9C TC QC KC AC",
                "9S JC 9D TD QD KD",
                "TS AD 9H TH QH KH",
                "JS QS KS AS JD JH",
            ],
            widow: "AH",
            setup: "b1 p p p x:S:AH",
            plays: "JK JC TS JS",
            winner: 0,
            check: Some((1, 1, "JC 9S", "9D")),
        },
        TrickCase {
            rule: "without a trump, the highest card of the suit led wins; off-suit cards never win",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "QC 9D TD QD KD AD",
                "AS 9S TS QS KS JS",
                "KC 9H TH QH KH AH",
                "9C TC JC AC JD JH",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "QC AS KC 9C",
            winner: 2,
            check: Some((3, 3, "9C TC JC AC", "JD")),
        },
        TrickCase {
            rule: "a trump beats the led suit, however low",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "QC 9D TD QD KD AD",
                "9H 9S TS QS KS JS",
                "KC AS TH QH KH AH",
                "9C TC JC AC JD JH",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "QC 9H KC AC",
            winner: 1,
            check: None,
        },
        TrickCase {
            rule: "plain suits rank A K Q J T 9: the jack beats the ten",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "TC 9D TD QD KD AD",
                "JC 9S TS QS KS AS",
                "9C QC KC AC 9H TH",
                "JD QH KH AH JH JS",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "TC JC 9C JS",
            winner: 1,
            check: None,
        },
        TrickCase {
            rule: "plain suits rank A K Q J T 9: the queen beats the jack",
            rules: hasen(),
            dealer: 3,
            hands: &[
                "TC 9D TD QD KD AD",
                "JC 9S TS QS KS AS",
                "9C QC KC AC 9H TH",
                "JD QH KH AH JH JS",
            ],
            widow: "JK",
            setup: "b1 p p p x:H:JK",
            plays: "TC JC QC JS",
            winner: 2,
            check: None,
        },
        TrickCase {
            rule: "without bowers the jack of trumps ranks between queen and ten; the other red jack is plain",
            rules: rules_with(RulesetSpec {
                bowers: Some(false),
                ..RulesetSpec::default()
            }),
            dealer: 3,
            hands: &[
                "QH 9C TC QC KC AC",
                "JH 9D TD QD KD AD",
                "TH JC 9S TS QS KS",
                "JD 9H KH AH JS JK",
            ],
            widow: "AS",
            setup: "b1 p p p x:H:AS",
            plays: "QH JH TH 9H",
            winner: 0,
            check: Some((3, 3, "9H KH AH JK", "JD")),
        },
        TrickCase {
            rule: "without bowers the jack of trumps beats the ten",
            rules: double(),
            dealer: 3,
            hands: &[
                "TC 9D 9D TD TD JD JD QD QD KD KD AD",
                "JC 9H 9H TH TH JH JH QH QH KH KH AH",
                "9C 9C TC AD 9S 9S TS TS JS JS AH AS",
                "JC QC QC KC KC AC AC QS QS KS KS AS",
            ],
            widow: "",
            setup: "b3 p p p x:C a0",
            plays: "TC JC 9C QC",
            winner: 3,
            check: Some((2, 2, "9C TC", "AD")),
        },
        TrickCase {
            rule: "no trump: no bowers, plain ranks, and a void player's card never wins",
            rules: pepper(),
            dealer: 3,
            hands: &[
                "TC 9D TD QD KD AD",
                "JS AS 9H TH QH KH",
                "JC 9C KC AC JD AH",
                "QC JH 9S TS QS KS",
            ],
            widow: "",
            setup: "b1 p p p x:NT",
            plays: "TC AS JC QC",
            winner: 3,
            check: Some((2, 2, "9C JC KC AC", "JD")),
        },
        TrickCase {
            rule: "no trump: the jack beats the ten; jacks of other suits never win",
            rules: pepper(),
            dealer: 3,
            hands: &[
                "TC 9D TD QD KD AD",
                "JS AS 9H TH QH KH",
                "JC 9C QC KC AC JD",
                "AH JH 9S TS QS KS",
            ],
            widow: "",
            setup: "b1 p p p x:NT",
            plays: "TC JS JC JH",
            winner: 2,
            check: Some((2, 2, "9C JC QC KC AC", "JD")),
        },
        TrickCase {
            rule: "of two identical cards the first played wins (led suit)",
            rules: double(),
            dealer: 3,
            hands: &[
                "AC 9D 9D TD TD JD JD QD QD KD KD AD",
                "AC 9H 9H TH TH JH JH QH QH KH KH AH",
                "9C 9C TC TC AD 9S 9S TS TS JS JS AH",
                "JC JC QC QC KC KC QS QS KS KS AS AS",
            ],
            widow: "",
            setup: "b3 p p p x:S a0",
            plays: "AC AC 9C JC",
            winner: 0,
            check: Some((1, 1, "AC", "9H")),
        },
        TrickCase {
            rule: "of two identical cards the first played wins (trumps)",
            rules: double(),
            dealer: 3,
            hands: &[
                "AC 9D 9D TD TD JD JD QD QD KD KD AD",
                "9S 9H 9H TH TH JH JH QH QH KH KH AH",
                "9S AS AD AH TS TS JS JS QS QS KS KS",
                "9C 9C TC TC JC JC QC QC KC KC AC AS",
            ],
            widow: "",
            setup: "b3 p p p x:S a0",
            plays: "AC 9S 9S 9C",
            winner: 1,
            check: None,
        },
    ];
    for case in cases {
        eprintln!("case: {}", case.rule);
        let mut g = deal_game(case.rules, case.dealer, case.hands, case.widow);
        run(&mut g, case.setup);
        assert_eq!(g.phase(), Phase::Play, "{}", case.rule);
        let plays: Vec<&str> = case.plays.split_whitespace().collect();
        for (i, code) in plays.iter().enumerate() {
            if let Some((at, seat, legal, refused)) = case.check
                && at == i
            {
                assert_eq!(g.turn(), Some(seat), "{}", case.rule);
                let mut want = cards(legal);
                want.sort();
                let want: Vec<String> = codes(&want);
                assert_eq!(playable(&g, seat), want, "{}: legal cards", case.rule);
                if !refused.is_empty() {
                    expect_err_tok(&mut g, seat, refused, "must_follow_suit");
                }
            }
            run(&mut g, code);
        }
        let trick = &g.tricks()[0];
        assert_eq!(trick.plays.len(), 4, "{}", case.rule);
        assert_eq!(trick.winner, Some(case.winner), "{}", case.rule);
        // The winner leads the next trick.
        assert_eq!(g.turn(), Some(case.winner), "{}", case.rule);
        assert_eq!(g.current_trick().leader, case.winner, "{}", case.rule);
    }
}

#[test]
fn trump_ranking_order() {
    // Section 1: joker, right, left, then A K Q T 9; plain A K Q J T 9; no bowers: A K Q J T 9.
    let order = |r: Ranking, codes: &str| {
        let cs = cards(codes);
        for w in cs.windows(2) {
            assert!(
                r.beats(w[0], w[1], r.effective_suit(w[1])),
                "{} should beat {} ({r:?})",
                w[0],
                w[1]
            );
            assert!(!r.beats(w[1], w[0], r.effective_suit(w[0])));
        }
    };
    let hearts = Ranking {
        trump: Some(Suit::Hearts),
        bowers: true,
    };
    order(hearts, "JK JH JD AH KH QH TH 9H");
    order(hearts, "AC KC QC JC TC 9C");
    order(hearts, "AD KD QD TD 9D");
    assert_eq!(hearts.effective_suit(card("JD")), Some(Suit::Hearts));
    assert_eq!(hearts.effective_suit(card("JK")), Some(Suit::Hearts));
    assert!(hearts.is_trump(card("JD")) && hearts.is_trump(card("JK")));
    assert!(!hearts.is_trump(card("JS")));
    let clubs = Ranking {
        trump: Some(Suit::Clubs),
        bowers: true,
    };
    order(clubs, "JK JC JS AC KC QC TC 9C");
    let no_bowers = Ranking {
        trump: Some(Suit::Hearts),
        bowers: false,
    };
    order(no_bowers, "JK AH KH QH JH TH 9H");
    assert_eq!(no_bowers.effective_suit(card("JD")), Some(Suit::Diamonds));
    let nt = Ranking {
        trump: None,
        bowers: true,
    };
    order(nt, "AS KS QS JS TS 9S");
    for c in cards("JS JC JH JD AS") {
        assert!(!nt.is_trump(c));
    }
    // A card of another suit never beats the card winning the trick.
    assert!(!nt.beats(card("AS"), card("9C"), Some(Suit::Clubs)));
    // Identical cards: the first stays the winner.
    assert!(!hearts.beats(card("9H"), card("9H"), Some(Suit::Clubs)));
    assert!(!hearts.beats(card("AC"), card("AC"), Some(Suit::Clubs)));
}

// ---------------------------------------------------------------------------------------------
// Section 1: seats, dealer, deal.

#[test]
fn seats_teams_and_the_deal_rotates_left() {
    for s in 0..6u8 {
        assert_eq!(hasen().sides().of(s), s % 2);
        assert_eq!(double().sides().of(s), s % 2);
    }
    for (rules, cpp) in [
        (hasen(), 6),
        (open(), 6),
        (pepper(), 6),
        (double(), 12),
        (double6(), 8),
    ] {
        let mut g = Game::new(rules, 99, None).unwrap();
        let n = rules.seats() as u8;
        let first = g.dealer();
        // The first dealer comes from the seed, as documented.
        assert_eq!(
            first as u64,
            crate::engine::shuffle::SplitMix64::new(99).below(n as u64)
        );
        for h in 0..4u32 {
            assert_eq!(g.hand_number(), h);
            assert_eq!(g.dealer(), (first + h as u8) % n, "the deal passes left");
            assert_eq!(
                g.turn(),
                Some((g.dealer() + 1) % n),
                "left of dealer bids first"
            );
            for s in 0..n {
                assert_eq!(g.hand_of(s).len(), cpp);
            }
            finish_hand(&mut g);
            if g.is_over() {
                break;
            }
        }
    }
}

#[test]
fn six_player_seating() {
    let rules = double6();
    assert_eq!(rules.cards_per_player(), 8);
    assert_eq!(rules.widow_size(), 0);
    let mut g = deal_game(
        rules,
        5,
        &[
            "9C 9C TC TC JC JC QC QC",
            "KC KC AC AC 9D 9D TD TD",
            "JD JD QD QD KD KD AD AD",
            "9H 9H TH TH JH JH QH QH",
            "KH KH AH AH 9S 9S TS TS",
            "JS JS QS QS KS KS AS AS",
        ],
        "",
    );
    // The auction runs clockwise from the dealer's left and the dealer bids last.
    let mut order = Vec::new();
    for token in ["p", "b3", "p", "b4", "p", "p"] {
        order.push(g.turn().unwrap());
        run(&mut g, token);
    }
    assert_eq!(order, [0, 1, 2, 3, 4, 5]);
    assert_eq!(g.contract().unwrap().seat, 3);
    run(&mut g, "x:H a0");
    // All six play; the high bidder leads; play goes clockwise.
    assert_eq!(g.turn(), Some(3));
    let mut seats = Vec::new();
    for _ in 0..6 {
        let s = g.turn().unwrap();
        seats.push(s);
        let a = g.legal_actions(s)[0].clone();
        g.apply(s, &a).unwrap();
    }
    assert_eq!(seats, [3, 4, 5, 0, 1, 2]);
    assert_eq!(g.tricks()[0].plays.len(), 6);
    let summary = finish_hand(&mut g);
    // Partners alternate: team 1 is seats 1, 3, 5.
    assert_eq!(summary.tricks_won.iter().sum::<u8>(), 8);
    assert_eq!(g.dealer(), 0, "the deal passes left from seat 5 to seat 0");
}

#[test]
fn pinned_deal_seed_42() {
    // Computed independently (a 30-line Python transcription of the documented shuffle).
    let rules = hasen();
    let g = Game::new(rules, 42, None).unwrap();
    assert_eq!(g.dealer(), 1);
    let want = [
        "KC QD KD AD TS QS",
        "TC JD TH QH JS KS",
        "JC QC TD 9H JH AH",
        "9C AC 9D KH 9S JK",
    ];
    for (s, w) in want.iter().enumerate() {
        assert_eq!(g.hand_of(s as u8), cards(w).as_slice(), "seat {s}");
    }
    assert_eq!(g.hand_state().widow.as_slice(), cards("AS").as_slice());
    let (hands, widow) = deal(&rules, 42, 1, 2);
    let want = [
        "JC QC JD QH AH AS",
        "9C KC 9D 9H TH JK",
        "TC KD KH 9S JS KS",
        "AC TD QD AD JH QS",
    ];
    for (s, w) in want.iter().enumerate() {
        assert_eq!(hands[s].as_slice(), cards(w).as_slice(), "hand 1 seat {s}");
    }
    assert_eq!(widow.as_slice(), cards("TS").as_slice());
}

// ---------------------------------------------------------------------------------------------
// Section 2: auctions.

#[test]
fn single_round_auction_dealer_last() {
    let hands = &[
        "JH 9C TC QC KC AC",
        "JK 9D TD QD KD AD",
        "9H JC 9S TS QS KS",
        "TH QH KH AH JD JS",
    ];
    // Each bid must beat the standing bid; after the dealer the auction is over.
    let mut g = deal_game(hasen(), 3, hands, "AS");
    run(&mut g, "b1 b2 p");
    assert_eq!(g.turn(), Some(3));
    assert_eq!(g.phase(), Phase::Auction);
    run(&mut g, "p");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(
        g.contract(),
        Some(Contract {
            seat: 1,
            bid: Bid::plain(2),
            forced: None
        })
    );
    assert_eq!(g.turn(), Some(1));
    assert_eq!(g.hand_of(1).len(), 7, "the widow is taken into hand");
    // The dealer may overbid as the last word.
    let mut g = deal_game(hasen(), 3, hands, "AS");
    run(&mut g, "b1 b2 b3 b4");
    assert_eq!(g.contract().unwrap().seat, 3);
    // A bid of all six ends the auction at once.
    let mut g = deal_game(hasen(), 3, hands, "AS");
    run(&mut g, "p b6");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.contract().unwrap().seat, 1);
    // Legal bids: pass and every bid above the standing one.
    let mut g = deal_game(hasen(), 3, hands, "AS");
    run(&mut g, "b4");
    assert_eq!(
        g.legal_actions(1),
        vec![Action::Pass, Bid::plain(5).into(), Bid::plain(6).into()]
    );
    expect_err_tok(&mut g, 1, "b4", "bid_too_low");
    expect_err_tok(&mut g, 1, "b3", "bid_too_low");
}

#[test]
fn open_auction_skips_passed_players() {
    let hands = &[
        "JH 9C TC QC KC AC",
        "JK 9D TD QD KD AD",
        "9H JC 9S TS QS KS",
        "TH QH KH AH JD JS",
    ];
    let mut g = deal_game(open(), 3, hands, "AS");
    assert_eq!(g.rules().auction, AuctionKind::Open);
    let mut turns = Vec::new();
    for token in ["b1", "p", "b2", "p", "b3"] {
        turns.push(g.turn().unwrap());
        run(&mut g, token);
    }
    assert_eq!(turns, [0, 1, 2, 3, 0], "the auction goes round again");
    // Seat 1 passed: it is skipped, and may not bid again.
    assert_eq!(g.turn(), Some(2));
    assert!(g.legal_actions(1).is_empty());
    expect_err_tok(&mut g, 1, "b4", "not_your_turn");
    run(&mut g, "p");
    // Three passed: the auction is over.
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(
        g.contract(),
        Some(Contract {
            seat: 0,
            bid: Bid::plain(3),
            forced: None
        })
    );
    // The maximum bid ends it at once.
    let mut g = deal_game(open(), 3, hands, "AS");
    run(&mut g, "b1 b6");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.contract().unwrap().seat, 1);
    // A high bidder who is not left of the dealer: left of dealer still leads.
    let mut g = deal_game(open(), 3, hands, "AS");
    run(&mut g, "p b1 p p x:H:AS a0 a0 a0");
    assert_eq!(g.contract().unwrap().seat, 1);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(
        g.turn(),
        Some(0),
        "hasenpfeffer-open: left of the dealer leads"
    );
}

/// The pepper deal of these tests: seat 2 is strong in clubs, seat 3 in spades.
const PEPPER_HANDS: [&str; 4] = [
    "TC 9D TD QD KD AD",
    "JS AS 9H TH QH KH",
    "JC 9C KC AC JD AH",
    "QC JH 9S TS QS KS",
];

#[test]
fn consecutive_pass_auction_a_passer_may_bid_again() {
    // Seeds 001, 004: "bidding continues until there are three consecutive passes"; "the
    // player whose bid precedes three consecutive passes becomes the maker".
    let mut g = deal_game(pepper(), 3, &PEPPER_HANDS, "");
    assert_eq!(g.rules().auction, AuctionKind::ConsecutivePasses);
    let mut turns = Vec::new();
    // Three players have passed by the fifth call, but never three in a row after the bid:
    // the auction goes on (the old server ended it here with seat 3 the maker).
    for token in ["b1", "p", "p", "b2", "p"] {
        turns.push(g.turn().unwrap());
        run(&mut g, token);
    }
    assert_eq!(turns, [0, 1, 2, 3, 0]);
    assert_eq!(g.phase(), Phase::Auction);
    // Seat 1 passed but is not skipped: it may bid again, above the standing 2.
    assert_eq!(g.turn(), Some(1));
    let legal = g.legal_actions(1);
    assert_eq!(legal[0], Action::Pass);
    assert_eq!(legal[1], Bid::plain(3).into());
    expect_err_tok(&mut g, 1, "b2", "bid_too_low");
    run(&mut g, "b3");
    // Two passes after seat 1's bid are not enough; the third ends it.
    run(&mut g, "p p");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(0)));
    // Seat 0, who bid and then passed, bids again.
    run(&mut g, "b4 p p");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(3)));
    run(&mut g, "p");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(
        g.contract(),
        Some(Contract {
            seat: 0,
            bid: Bid::plain(4),
            forced: None
        })
    );
    assert_eq!(g.turn(), Some(0));
    // The dealer's bid after three passes with no bid: three passes follow it.
    let mut g = deal_game(pepper(), 3, &PEPPER_HANDS, "");
    run(&mut g, "p p p b1 p p");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(2)));
    run(&mut g, "p");
    assert_eq!(g.contract().unwrap().seat, 3);
    // Four passes with no bid: all pass, the hand is thrown in and the next dealer deals.
    let mut g = deal_game(pepper(), 3, &PEPPER_HANDS, "");
    let applied = run(&mut g, "p p p p");
    assert_eq!(
        applied[3].finished_hands[0].summary.result,
        HandResult::ThrownIn
    );
    assert_eq!((g.hand_number(), g.dealer(), g.turn()), (1, 0, Some(1)));
    // The record keeps a passer's second call.
    let mut g = deal_game(pepper(), 3, &PEPPER_HANDS, "");
    run(&mut g, "p b1 p p b2 p p p");
    let calls: Vec<(u8, Option<u8>)> = g
        .view(Viewer::Spectator)
        .auction
        .iter()
        .map(|c| (c.seat, c.bid.map(|b| b.tricks)))
        .collect();
    assert_eq!(
        calls,
        [
            (0, None),
            (1, Some(1)),
            (2, None),
            (3, None),
            (0, Some(2)),
            (1, None),
            (2, None),
            (3, None)
        ]
    );
    assert_eq!(g.contract().unwrap().seat, 0);
    // The state with a passer's second call survives a serde round trip (which replays it).
    let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert!(back == g);
}

#[test]
fn consecutive_pass_auction_with_six_players_needs_five_passes() {
    // At a table of six, every other player (five) must pass over the standing bid.
    let rules = rules_with(RulesetSpec {
        preset: Preset::DoubleHasenpfeffer,
        players: Some(6),
        auction: Some(AuctionKind::ConsecutivePasses),
        ..RulesetSpec::default()
    });
    let mut g = deal_game(rules, 5, &SIX, "");
    run(&mut g, "b3 p p p p");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(5)));
    run(&mut g, "b4 p p p p");
    assert_eq!((g.phase(), g.turn()), (Phase::Auction, Some(4)));
    run(&mut g, "p");
    assert_eq!(g.contract().unwrap().seat, 5);
    // All pass but the forced dealer, as in the other auction forms.
    let mut g = deal_game(rules, 5, &SIX, "");
    run(&mut g, "p p p p p");
    expect_err_tok(&mut g, 5, "p", "must_bid");
    run(&mut g, "b3");
    assert_eq!(g.contract().unwrap().forced, Some(Forced::Dealer));
}

/// A six-player double deal: each seat has a block of the pinochle deck.
const SIX: [&str; 6] = [
    "9C 9C TC TC JC JC QC QC",
    "KC KC AC AC 9D 9D TD TD",
    "JD JD QD QD KD KD AD AD",
    "9H 9H TH TH JH JH QH QH",
    "KH KH AH AH 9S 9S TS TS",
    "JS JS QS QS KS KS AS AS",
];

#[test]
fn a_bid_of_the_maximum_ends_every_auction_form_at_once() {
    // RULES.md section 1: the maximum (all the tricks, or big pepper) cannot be overcalled.
    let hasen_hands: [&str; 4] = [
        "JH 9C TC QC KC AC",
        "JK 9D TD QD KD AD",
        "9H JC 9S TS QS KS",
        "TH QH KH AH JD JS",
    ];
    let block: [&str; 4] = [
        "9C 9C TC TC JC JC QC QC KC KC AC AC",
        "9H 9H TH TH JH JH QH QH KH KH AH AH",
        "9D 9D TD TD JD JD QD QD KD KD AD AD",
        "9S 9S TS TS JS JS QS QS KS KS AS AS",
    ];
    for auction in AuctionKind::BIDDING {
        // (preset, pepper bids, hands, widow, script ending in the maximum, its bidder)
        type Case<'a> = (Preset, Option<bool>, &'a [&'a str], &'a str, &'a str, u8);
        let cases: [Case; 6] = [
            (Preset::Hasenpfeffer, None, &hasen_hands, "AS", "p b6", 1),
            (
                Preset::Hasenpfeffer,
                None,
                &hasen_hands,
                "AS",
                "b1 b2 b6",
                2,
            ),
            (
                Preset::HasenpfefferOpen,
                Some(true),
                &hasen_hands,
                "AS",
                "p lp bp",
                2,
            ),
            (Preset::Pepper, None, &PEPPER_HANDS, "", "b1 p b5 bp", 3),
            (Preset::Pepper, Some(false), &PEPPER_HANDS, "", "b5 b6", 1),
            (Preset::DoubleHasenpfeffer, None, &block, "", "p b3 b12", 2),
        ];
        for (preset, pepper_bids, hands, widow, script, bidder) in cases {
            let rules = rules_with(RulesetSpec {
                preset,
                auction: Some(auction),
                pepper_bids,
                ..RulesetSpec::default()
            });
            let mut g = deal_game(rules, 3, hands, widow);
            run(&mut g, script);
            let what = format!("{auction:?} {preset:?} `{script}`");
            assert_eq!(g.phase(), Phase::Exchange, "{what}");
            assert_eq!(g.contract().unwrap().seat, bidder, "{what}");
            assert_eq!(g.contract().unwrap().forced, None, "{what}");
            assert_eq!(g.turn(), Some(bidder), "{what}");
        }
    }
    // Under consecutive passes, a player who passed may come back with the maximum, and it
    // ends the auction then and there.
    let mut g = deal_game(pepper(), 3, &PEPPER_HANDS, "");
    run(&mut g, "p b1 p b2 bp");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.contract().unwrap().seat, 0);
    assert_eq!(g.contract().unwrap().bid.pepper, Some(Pepper::Big));
}

#[test]
fn high_bidder_leads_in_hasenpfeffer_pepper_and_double() {
    let mut g = deal_game(
        hasen(),
        3,
        &[
            "JH 9C TC QC KC AC",
            "JK 9D TD QD KD AD",
            "9H JC 9S TS QS KS",
            "TH QH KH AH JD JS",
        ],
        "AS",
    );
    run(&mut g, "p p b2 p x:C:AS");
    assert_eq!(g.turn(), Some(2));
    let mut g = deal_game(
        pepper(),
        0,
        &[
            "TC 9D TD QD KD AD",
            "JS AS 9H TH QH KH",
            "JC 9C KC AC JD AH",
            "QC JH 9S TS QS KS",
        ],
        "",
    );
    // (Pepper's auction ends only after three consecutive passes following the bid.)
    run(&mut g, "p p b2 p p p x:NT");
    assert_eq!(g.turn(), Some(3));
}

#[test]
fn pepper_bids() {
    let hands = &[
        "TC 9D TD QD KD AD",
        "JS AS 9H TH QH KH",
        "JC 9C KC AC JD AH",
        "QC JH 9S TS QS KS",
    ];
    let little = Action::from(Bid {
        tricks: 6,
        pepper: Some(Pepper::Little),
        ..Bid::plain(0)
    });
    let big = Action::from(Bid {
        tricks: 6,
        pepper: Some(Pepper::Big),
        ..Bid::plain(0)
    });
    let mut g = deal_game(pepper(), 3, hands, "");
    // Bids 1-5, then little pepper, then big pepper; plain 6 does not exist.
    let mut want = vec![Action::Pass];
    want.extend((1..=5).map(|t| Action::from(Bid::plain(t))));
    want.extend([little.clone(), big.clone()]);
    assert_eq!(g.legal_actions(0), want);
    expect_err_tok(&mut g, 0, "b6", "invalid_bid");
    run(&mut g, "b5 lp");
    // Big pepper beats little pepper; little does not beat little.
    assert_eq!(g.legal_actions(2), vec![Action::Pass, big.clone()]);
    expect_err(&mut g, 2, &little, "bid_too_low");
    run(&mut g, "bp");
    assert_eq!(g.phase(), Phase::Exchange, "big pepper is the maximum");
    assert_eq!(g.contract().unwrap().bid.pepper, Some(Pepper::Big));
    // Big pepper may be bid at once, without little pepper first.
    let mut g = deal_game(pepper(), 3, hands, "");
    run(&mut g, "bp");
    assert_eq!(g.contract().unwrap().seat, 0);
    // Pepper bids under hasenpfeffer-open's option.
    let rules = rules_with(RulesetSpec {
        preset: Preset::HasenpfefferOpen,
        pepper_bids: Some(true),
        ..RulesetSpec::default()
    });
    let mut g = deal_game(
        rules,
        3,
        &[
            "JH 9C TC QC KC AC",
            "JK 9D TD QD KD AD",
            "9H JC 9S TS QS KS",
            "TH QH KH AH JD JS",
        ],
        "AS",
    );
    assert_eq!(g.legal_actions(0), want);
    run(&mut g, "lp bp");
    assert_eq!(g.contract().unwrap().seat, 1);
}

// ---------------------------------------------------------------------------------------------
// Section 2: all pass.

#[test]
fn all_pass_joker_holder_is_forced_to_bid_three_and_the_joker_is_revealed() {
    for rules in [hasen(), open()] {
        let mut g = deal_game(
            rules,
            3,
            &[
                "JH 9C TC QC KC AC",
                "9H 9D TD QD KD AD",
                "JK JC 9S TS QS KS",
                "TH QH KH AH JD JS",
            ],
            "AS",
        );
        for v in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
            assert_eq!(g.view(v).joker_revealed_by, None);
        }
        run(&mut g, "p p p p");
        assert_eq!(g.phase(), Phase::Exchange);
        assert_eq!(g.turn(), Some(2));
        assert_eq!(
            g.contract(),
            Some(Contract {
                seat: 2,
                bid: Bid::plain(3),
                forced: Some(Forced::JokerHolder)
            })
        );
        assert_eq!(g.hand_of(2).len(), 7);
        for v in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let view = g.view(v);
            assert_eq!(view.joker_revealed_by, Some(2), "public to {v:?}");
            assert_eq!(view.contract, g.contract());
        }
        // A forced contract of 3 is scored like any other (no halving).
        run(&mut g, "x:S:AS");
        if rules.alone != crate::engine::AloneRule::None {
            run(&mut g, "a0 a0 a0");
        }
        let s = finish_hand(&mut g);
        let won = s.tricks_won;
        let declarers = if won[0] >= 3 { won[0] as i32 } else { -3 };
        assert_eq!(s.score_delta, [declarers, won[1] as i32]);
    }
}

#[test]
fn all_pass_joker_in_the_widow_voids_the_hand() {
    for rules in [hasen(), open()] {
        let mut g = deal_game(
            rules,
            3,
            &[
                "JH 9C TC QC KC AC",
                "AS 9D TD QD KD AD",
                "9H JC 9S TS QS KS",
                "TH QH KH AH JD JS",
            ],
            "JK",
        );
        let applied = run(&mut g, "p p p p");
        let last = applied.last().unwrap();
        assert_eq!(last.finished_hands.len(), 1);
        let rec = &last.finished_hands[0];
        assert_eq!(rec.summary.result, HandResult::VoidJokerInWidow);
        assert_eq!(rec.summary.score_delta, [0, 0]);
        assert_eq!(rec.summary.contract, None);
        assert_eq!(rec.widow, cards("JK"));
        assert_eq!(g.scores(), [0, 0]);
        assert_eq!(g.hand_number(), 1);
        assert_eq!(g.dealer(), 0, "the next dealer deals");
        assert_eq!(g.turn(), Some(1));
        assert_eq!(g.phase(), Phase::Auction);
        let (hands, _) = deal(&rules, g.seed(), 1, 0);
        for s in 0..4 {
            assert_eq!(g.hand_of(s), hands[s as usize].as_slice());
        }
        assert_eq!(g.last_hand().unwrap().result, HandResult::VoidJokerInWidow);
    }
}

#[test]
fn pepper_all_pass_throws_the_hand_in() {
    let mut g = deal_game(
        pepper(),
        1,
        &[
            "TC 9D TD QD KD AD",
            "JS AS 9H TH QH KH",
            "JC 9C KC AC JD AH",
            "QC JH 9S TS QS KS",
        ],
        "",
    );
    let applied = run(&mut g, "p p p p");
    assert_eq!(
        applied[3].finished_hands[0].summary.result,
        HandResult::ThrownIn
    );
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!((g.hand_number(), g.dealer(), g.turn()), (1, 2, Some(3)));
}

#[test]
fn double_dealer_is_forced_and_loses_half_rounded_up() {
    // Seat 0 holds every club, seat 1 every heart, seat 2 every diamond, seat 3 every spade.
    let block = [
        "9C 9C TC TC JC JC QC QC KC KC AC AC",
        "9H 9H TH TH JH JH QH QH KH KH AH AH",
        "9D 9D TD TD JD JD QD QD KD KD AD AD",
        "9S 9S TS TS JS JS QS QS KS KS AS AS",
    ];
    let mut g = deal_game(double(), 3, &block, "");
    expect_err_tok(&mut g, 0, "b2", "bid_too_low");
    run(&mut g, "p p p");
    // The dealer may not pass.
    let legal = g.legal_actions(3);
    assert!(!legal.contains(&Action::Pass));
    assert_eq!(
        legal,
        (3..=12)
            .map(|t| Action::from(Bid::plain(t)))
            .collect::<Vec<_>>()
    );
    let err = expect_err(&mut g, 3, &Action::Pass, "must_bid");
    assert!(err.to_string().contains('3'));
    run(&mut g, "b3");
    assert_eq!(
        g.contract(),
        Some(Contract {
            seat: 3,
            bid: Bid::plain(3),
            forced: Some(Forced::Dealer)
        })
    );
    // Clubs are trump and seat 0 holds them all: it takes every trick.
    let cases = [
        ("p p p b3 x:C a0", [12, -2]),
        ("p p p b5 x:C a0", [12, -3]),
        ("p p p b4 x:C a0", [12, -2]),
        // Not forced: another player bid; the dealer's overbid loses the whole contract.
        ("p b3 p b4 x:C a0", [12, -4]),
        // Forced and alone: half, doubled.
        ("p p p b3 x:C a1 pc:9S,9S pc:9H,9H", [12, -4]),
        // Forced and alone with all the trumps: 12 tricks, doubled.
        ("p p p b3 x:S a1 pc:9S,TS pc:9H,9H", [0, 24]),
    ];
    for (script, delta) in cases {
        let mut g = deal_game(double(), 3, &block, "");
        run(&mut g, script);
        let s = finish_hand(&mut g);
        assert_eq!(s.score_delta, delta, "{script}");
        assert_eq!(g.scores(), delta, "{script}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2: exchange.

#[test]
fn exchange_takes_the_widow_and_discards_one() {
    let mut g = deal_game(
        hasen(),
        3,
        &[
            "JH 9C TC QC KC AC",
            "JK 9D TD QD KD AD",
            "9H JC 9S TS QS KS",
            "TH QH KH AH JD JS",
        ],
        "AS",
    );
    run(&mut g, "b1 p p p");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.hand_of(0), cards("9C TC QC KC AC JH AS").as_slice());
    // Every trump suit times every card to discard; no NT here.
    let legal = g.legal_actions(0);
    assert_eq!(legal.len(), 4 * 7);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Exchange { trump, discard }
        if *trump != Trump::NoTrump && discard.len() == 1))
    );
    // The declarer alone sees the widow card.
    assert_eq!(g.view(Viewer::Seat(0)).widow, cards("AS"));
    for v in [
        Viewer::Seat(1),
        Viewer::Seat(2),
        Viewer::Seat(3),
        Viewer::Spectator,
    ] {
        assert!(g.view(v).widow.is_empty());
    }
    // Discarding the card just taken is allowed.
    run(&mut g, "x:D:AS");
    assert_eq!(g.trump(), Some(Trump::Suit(Suit::Diamonds)));
    assert_eq!(g.hand_of(0).len(), 6);
    assert_eq!(g.view(Viewer::Seat(0)).discards, cards("AS"));
    assert!(g.view(Viewer::Seat(2)).discards.is_empty());
    assert!(g.view(Viewer::Spectator).discards.is_empty());
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.turn(), Some(0));
}

// ---------------------------------------------------------------------------------------------
// Section 2: scoring and game end.

/// Hasenpfeffer deal: seat 0 takes 4 tricks, seat 1 takes 2, whatever seat 0 bids.
const FOUR_TWO: [&str; 4] = [
    "JK JH JD AH 9C 9D",
    "AC KC QC JC TC 9S",
    "KH QH TH 9H TS QS",
    "AD KD QD TD AS KS",
];
const FOUR_TWO_PLAY: &str =
    "JK 9S 9H TD  JH TC TH QD  JD JC QH KD  AH QC KH AD  9C AC TS KS  KC QS AS 9D";

/// The same deal turned one seat clockwise: seat 1 bids and takes 4 tricks, seat 2 takes 2.
fn four_two_rotated() -> [&'static str; 4] {
    [FOUR_TWO[3], FOUR_TWO[0], FOUR_TWO[1], FOUR_TWO[2]]
}

#[test]
fn hasenpfeffer_scoring() {
    let cases = [
        // Made: one point per trick taken, not per trick bid.
        ("b2 p p p x:H:JS", [4, 2]),
        ("b4 p p p x:H:JS", [4, 2]),
        // Set: minus the contract; the defenders still score their tricks.
        ("b5 p p p x:H:JS", [-5, 2]),
        ("b6 x:H:JS", [-6, 2]),
    ];
    for (setup, delta) in cases {
        let mut g = deal_game(hasen(), 3, &FOUR_TWO, "JS");
        run(&mut g, setup);
        let applied = run(&mut g, FOUR_TWO_PLAY);
        let rec = &applied.last().unwrap().finished_hands[0];
        assert_eq!(rec.summary.result, HandResult::Played);
        assert_eq!(rec.summary.tricks_won, [4, 2]);
        assert_eq!(rec.summary.score_delta, delta, "{setup}");
        assert_eq!(g.scores(), delta);
        assert_eq!(rec.tricks.len(), 6);
        let winners: Vec<u8> = rec.tricks.iter().map(|t| t.winner.unwrap()).collect();
        assert_eq!(winners, [0, 0, 0, 0, 1, 1]);
        assert_eq!(g.hand_number(), 1);
    }
}

#[test]
fn pepper_scoring() {
    // Spades trump: seat 0 holds the six best trumps and takes every trick. Hearts trump: seat
    // 0 holds none and seat 1 ruffs the first trick.
    let hands = [
        "JC TS JS QS KS AS",
        "9S TH JH QH KH AH",
        "9C TC QC KC AC 9H",
        "9D TD JD QD KD AD",
    ];
    let cases: [(&str, Option<i32>); 9] = [
        ("b3 p p p x:S", Some(6)),
        ("lp p p p x:S", Some(6)),
        ("bp x:S", Some(12)),
        ("b1 p p p x:NT", None),
        // Set: -6 whatever the contract.
        ("b2 p p p x:H", Some(-6)),
        ("b4 p p p x:H", Some(-6)),
        ("lp p p p x:H", Some(-6)),
        ("bp x:H", Some(-12)),
        ("b5 p p p x:H", Some(-6)),
    ];
    for (setup, declarers) in cases {
        let mut g = deal_game(pepper(), 3, &hands, "");
        run(&mut g, setup);
        let s = finish_hand(&mut g);
        let won = s.tricks_won;
        assert_eq!(won[0] + won[1], 6);
        if let Some(d) = declarers {
            assert_eq!(s.score_delta, [d, won[1] as i32], "{setup}");
        } else {
            // NT: whatever happened, the score follows the rule.
            let d = if won[0] >= 1 { won[0] as i32 } else { -6 };
            assert_eq!(s.score_delta, [d, won[1] as i32], "{setup}");
        }
    }
    // With the `contract` penalty, little pepper's failure costs 6 and big pepper's 12.
    let rules = rules_with(RulesetSpec {
        preset: Preset::Pepper,
        set_penalty: Some(crate::engine::SetPenalty::Contract),
        ..RulesetSpec::default()
    });
    for (setup, d) in [("b2 p p p x:H", -2), ("lp p p p x:H", -6), ("bp x:H", -12)] {
        let mut g = deal_game(rules, 3, &hands, "");
        run(&mut g, setup);
        assert_eq!(finish_hand(&mut g).score_delta[0], d, "{setup}");
    }
}

#[test]
fn game_end() {
    // Declarers (team 1) score 4, defenders (team 0) 2, on the rotated deal.
    let hasen_ties = hasen();
    let hasen_higher = rules_with(RulesetSpec {
        game_end: Some(GameEnd::HigherScoreOrDraw),
        ..RulesetSpec::default()
    });
    let cases = [
        // Nobody reaches 10.
        (hasen_ties, [0, 0], None),
        // Defenders reach 10: they win while defending.
        (hasen_ties, [8, 0], Some(Outcome::Winner(0))),
        // Declarers reach 10 alone.
        (hasen_ties, [0, 6], Some(Outcome::Winner(1))),
        // Both reach 10 on this hand: the declarers win, although behind.
        (hasen_ties, [9, 6], Some(Outcome::Winner(1))),
        (hasen_ties, [8, 6], Some(Outcome::Winner(1))),
        // The same under higher_score_or_draw: the higher score wins, equal is a draw.
        (hasen_higher, [9, 6], Some(Outcome::Winner(0))),
        (hasen_higher, [8, 6], Some(Outcome::Draw)),
        (hasen_higher, [3, 6], Some(Outcome::Winner(1))),
        (hasen_higher, [8, -2], Some(Outcome::Winner(0))),
        (hasen_higher, [7, 5], None),
    ];
    for (rules, before, outcome) in cases {
        let mut g = deal_game(rules, 0, &four_two_rotated(), "JS");
        g.scores = before.into();
        run(&mut g, "b2 p p p x:H:JS");
        let applied = run(&mut g, FOUR_TWO_PLAY);
        let after = [before[0] + 2, before[1] + 4];
        assert_eq!(g.scores(), after);
        assert_eq!(g.outcome(), outcome, "{before:?} {:?}", rules.game_end);
        assert_eq!(g.is_over(), outcome.is_some());
        assert_eq!(applied.last().unwrap().game_over, outcome.is_some());
        if let Some(o) = outcome {
            assert_eq!(g.phase(), Phase::GameOver);
            assert_eq!(g.turn(), None);
            let view = g.view(Viewer::Spectator);
            assert_eq!(
                view.winner,
                if let Outcome::Winner(t) = o {
                    Some(t)
                } else {
                    None
                }
            );
            assert_eq!(view.draw, o == Outcome::Draw);
            for s in 0..4 {
                assert!(g.legal_actions(s).is_empty());
                expect_err(&mut g, s, &Action::Pass, "game_over");
            }
        } else {
            assert_eq!(g.phase(), Phase::Auction);
            assert_eq!(g.hand_number(), 1);
        }
    }
}

#[test]
fn pepper_game_to_thirty_higher_score_or_draw() {
    let rules = pepper();
    assert_eq!(rules.target_score, 30);
    assert_eq!(rules.game_end, GameEnd::HigherScoreOrDraw);
    // Hearts trump: seat 0 takes four tricks, seat 1 two.
    let hands = [
        "JH JD AH KH 9C 9D",
        "AC KC QC JC TC 9S",
        "QH TH 9H TS QS JS",
        "AD KD QD TD AS KS",
    ];
    let play = "JH 9S 9H TD  JD TC TH QD  AH JC QH KD  KH QC TS AD  9C AC QS KS  KC JS AS 9D";
    for (before, outcome) in [
        ([20, 20], None),
        ([26, 28], Some(Outcome::Draw)),
        ([27, 28], Some(Outcome::Winner(0))),
        // The defenders reach 30 with the higher score.
        ([25, 29], Some(Outcome::Winner(1))),
        // Only the declarers reach 30.
        ([26, 3], Some(Outcome::Winner(0))),
    ] {
        let mut g = deal_game(rules, 3, &hands, "");
        g.scores = before.into();
        run(&mut g, "b3 p p p x:H");
        run(&mut g, play);
        assert_eq!(g.last_hand().unwrap().tricks_won, [4, 2]);
        assert_eq!(g.scores(), [before[0] + 4, before[1] + 2]);
        assert_eq!(g.outcome(), outcome, "{before:?}");
        let view = g.view(Viewer::Seat(0));
        assert_eq!(view.draw, outcome == Some(Outcome::Draw));
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2: going alone with the partner sitting out (hasenpfeffer-open).

/// Seat 0 holds the six best hearts (and takes the 9H from the widow).
const LONE: [&str; 4] = [
    "JK JH JD AH KH QH",
    "AC KC QC JC TC 9C",
    "AD KD QD TD 9D TH",
    "AS KS QS JS TS 9S",
];

#[test]
fn alone_partner_sits_out() {
    struct Case {
        what: &'static str,
        hands: [&'static str; 4],
        decisions: &'static str,
        sitting_out: &'static [u8],
        leader: u8,
        order: &'static [u8],
        delta: [i32; 2],
    }
    let swapped = [LONE[1], LONE[0], LONE[2], LONE[3]];
    let cases = [
        Case {
            what: "lone bidder makes: double",
            hands: LONE,
            decisions: "a1 a0 a0",
            sitting_out: &[2],
            leader: 1,
            order: &[1, 3, 0],
            delta: [12, 0],
        },
        Case {
            what: "lone bidder set: double the loss",
            hands: swapped,
            decisions: "a1 a0 a0",
            sitting_out: &[2],
            leader: 1,
            order: &[1, 3, 0],
            delta: [-2, 6],
        },
        Case {
            // Seed 002: "if someone goes alone, the player to their left leads first". Left
            // of the lone defender (seat 1) is seat 2, the bidder's partner, who plays: the
            // seat left of a lone player is always an opponent, never one who sits out.
            what: "lone defender: doubles the defenders' tricks; the player on its left leads",
            hands: swapped,
            decisions: "a0 a1",
            sitting_out: &[3],
            leader: 2,
            order: &[2, 0, 1],
            delta: [-1, 12],
        },
        Case {
            // The second defender alone: left of seat 3 is the high bidder, seat 0.
            what: "lone defender on the dealer's seat: the high bidder on its left leads",
            hands: LONE,
            decisions: "a0 a0 a1",
            sitting_out: &[1],
            leader: 0,
            order: &[0, 2, 3],
            delta: [6, 0],
        },
        Case {
            what: "both alone: the defender leads",
            hands: LONE,
            decisions: "a1 a0 a1",
            sitting_out: &[1, 2],
            leader: 3,
            order: &[3, 0],
            delta: [12, 0],
        },
        Case {
            what: "nobody alone: left of dealer leads",
            hands: LONE,
            decisions: "a0 a0 a0",
            sitting_out: &[],
            leader: 0,
            order: &[0, 1, 2, 3],
            delta: [6, 0],
        },
    ];
    for c in cases {
        let mut g = deal_game(open(), 3, &c.hands, "9H");
        run(&mut g, "b1 p p p x:H:9H");
        // The alone decisions: the bidder first, then each defender from the bidder's left.
        assert_eq!(g.phase(), Phase::Alone, "{}", c.what);
        let mut asked = Vec::new();
        for token in c.decisions.split_whitespace() {
            asked.push(g.turn().unwrap());
            assert_eq!(
                g.legal_actions(g.turn().unwrap()),
                vec![
                    Action::Alone { alone: false },
                    Action::Alone { alone: true }
                ]
            );
            run(&mut g, token);
        }
        assert_eq!(&asked, &[0u8, 1, 3][..asked.len()], "{}", c.what);
        // At most one defender: after one is alone, nobody else is asked.
        assert_eq!(g.phase(), Phase::Play, "{}", c.what);
        let view = g.view(Viewer::Spectator);
        assert_eq!(view.sitting_out, c.sitting_out, "{}", c.what);
        assert_eq!(g.turn(), Some(c.leader), "{}", c.what);
        // A sitting-out seat is never asked to play.
        for &s in c.sitting_out {
            assert!(g.legal_actions(s).is_empty());
        }
        let mut seats = Vec::new();
        for _ in 0..c.order.len() {
            let s = g.turn().unwrap();
            seats.push(s);
            let a = g.legal_actions(s)[0].clone();
            g.apply(s, &a).unwrap();
        }
        assert_eq!(seats, c.order, "{}", c.what);
        assert_eq!(g.tricks()[0].plays.len(), c.order.len(), "{}", c.what);
        let summary = finish_hand(&mut g);
        assert_eq!(summary.score_delta, c.delta, "{}", c.what);
    }
}

#[test]
fn alone_partner_sits_out_six_players_lead_is_left_of_the_lone_player() {
    // Seed 002's lead rule at a table of six (alone `partner_sits_out`): a lone player's two
    // partners sit out; the seat on the lone player's left is an opponent and plays, so no
    // seat needs skipping. Dealer 5, seat 0 bids; defenders are asked 1, 3, 5.
    let rules = rules_with(RulesetSpec {
        preset: Preset::DoubleHasenpfeffer,
        players: Some(6),
        alone: Some(crate::engine::AloneRule::PartnerSitsOut),
        ..RulesetSpec::default()
    });
    let cases: [(&str, &[u8], &[u8]); 3] = [
        // Lone defender 3: partners 1 and 5 out; seat 4 (left of 3) leads.
        ("a0 a0 a1", &[1, 5], &[4, 0, 2, 3]),
        // Lone bidder 0: partners 2 and 4 out; seat 1 leads.
        ("a1 a0 a0 a0", &[2, 4], &[1, 3, 5, 0]),
        // Both alone: the defender (seat 1) leads.
        ("a1 a1", &[2, 3, 4, 5], &[1, 0]),
    ];
    for (decisions, out, order) in cases {
        let mut g = deal_game(rules, 5, &SIX, "");
        run(&mut g, "b3 p p p p p x:S");
        run(&mut g, decisions);
        assert_eq!(g.phase(), Phase::Play, "{decisions}");
        assert_eq!(g.view(Viewer::Spectator).sitting_out, out, "{decisions}");
        let mut seats = Vec::new();
        for _ in 0..order.len() {
            let s = g.turn().unwrap();
            seats.push(s);
            let a = g.legal_actions(s)[0].clone();
            g.apply(s, &a).unwrap();
        }
        assert_eq!(seats, order, "{decisions}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2: going alone with a two-card exchange (double-hasenpfeffer).

#[test]
fn alone_exchange_two_four_players() {
    let block = [
        "9C 9C TC TC JC JC QC QC KC KC AC AC",
        "9H 9H TH TH JH JH QH QH KH KH AH AH",
        "9D 9D TD TD JD JD QD QD KD KD AD AD",
        "9S 9S TS TS JS JS QS QS KS KS AS AS",
    ];
    let mut g = deal_game(double(), 2, &block, "");
    run(&mut g, "b3 p p p");
    // The bidder names trump first: an exchange with nothing to discard.
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.turn(), Some(3));
    assert_eq!(
        g.legal_actions(3),
        ["C", "D", "H", "S"]
            .iter()
            .map(|t| Action::Exchange {
                trump: t.parse().unwrap(),
                discard: Default::default()
            })
            .collect::<Vec<_>>()
    );
    expect_err_tok(&mut g, 3, "x:S:9S", "wrong_card_count");
    run(&mut g, "x:S");
    // Then the alone decision, the bidder's only.
    assert_eq!((g.phase(), g.turn()), (Phase::Alone, Some(3)));
    run(&mut g, "a1");
    // The bidder discards two with pass_cards.
    assert_eq!((g.phase(), g.turn()), (Phase::PassCards, Some(3)));
    expect_err_tok(&mut g, 3, "pc:9S", "wrong_card_count");
    expect_err_tok(&mut g, 3, "pc:9S,TS,JS", "wrong_card_count");
    expect_err_tok(&mut g, 3, "pc:9S,9H", "card_not_in_hand");
    expect_err_tok(&mut g, 1, "pc:9H,9H", "not_your_turn");
    assert_eq!(
        g.legal_actions(3).len(),
        21,
        "distinct pairs of 6 kinds, doubled"
    );
    run(&mut g, "pc:9S,TS");
    assert_eq!(g.hand_of(3).len(), 10);
    // The partner (on the bidder's left, here the only one) passes two.
    assert_eq!((g.phase(), g.turn()), (Phase::PassCards, Some(1)));
    run(&mut g, "pc:AH,AH");
    assert_eq!(g.hand_of(3).len(), 12);
    assert_eq!(g.hand_of(1).len(), 10);
    assert!(g.hand_of(3).contains(&card("AH")));
    // Who sees what: the passed cards for the passer and the bidder; the discards for the
    // bidder.
    assert_eq!(g.view(Viewer::Seat(3)).passed_cards, cards("AH AH"));
    assert_eq!(g.view(Viewer::Seat(1)).passed_cards, cards("AH AH"));
    assert!(g.view(Viewer::Seat(0)).passed_cards.is_empty());
    assert!(g.view(Viewer::Seat(2)).passed_cards.is_empty());
    assert!(g.view(Viewer::Spectator).passed_cards.is_empty());
    assert_eq!(g.view(Viewer::Seat(3)).discards, cards("9S TS"));
    assert!(g.view(Viewer::Seat(1)).discards.is_empty());
    // The high bidder leads; tricks have three cards; the partner sits out.
    assert_eq!((g.phase(), g.turn()), (Phase::Play, Some(3)));
    assert_eq!(g.view(Viewer::Spectator).sitting_out, vec![1]);
    assert_eq!(g.view(Viewer::Spectator).alone, Some(3));
    let s = finish_hand(&mut g);
    let rec_tricks = s.tricks_won;
    assert_eq!(rec_tricks, [0, 12], "all the trumps and two aces");
    assert_eq!(s.score_delta, [0, 24]);
    // Not alone: straight to play, everyone plays.
    let mut g = deal_game(double(), 2, &block, "");
    run(&mut g, "b3 p p p x:S a0");
    assert_eq!((g.phase(), g.turn()), (Phase::Play, Some(3)));
    assert!(g.view(Viewer::Spectator).sitting_out.is_empty());
}

#[test]
fn alone_exchange_two_six_players() {
    let mut g = deal_game(
        double6(),
        5,
        &[
            "9C 9C TC TC JC JC QC QC",
            "KC KC AC AC 9D 9D TD TD",
            "JD JD QD QD KD KD AD AD",
            "9H 9H TH TH JH JH QH QH",
            "KH KH AH AH 9S 9S TS TS",
            "JS JS QS QS KS KS AS AS",
        ],
        "",
    );
    run(&mut g, "b3 p p p p p x:S a1");
    run(&mut g, "pc:9C,TC");
    // The partner on the bidder's left (seat 2, not seat 4) passes two.
    assert_eq!((g.phase(), g.turn()), (Phase::PassCards, Some(2)));
    expect_err_tok(&mut g, 4, "pc:KH,KH", "not_your_turn");
    run(&mut g, "pc:AD,AD");
    // Both partners sit out; tricks have four cards.
    let view = g.view(Viewer::Spectator);
    assert_eq!(view.sitting_out, vec![2, 4]);
    assert_eq!(g.view(Viewer::Seat(2)).passed_cards, cards("AD AD"));
    assert!(g.view(Viewer::Seat(4)).passed_cards.is_empty());
    assert_eq!(g.turn(), Some(0));
    let mut seats = Vec::new();
    for _ in 0..4 {
        let s = g.turn().unwrap();
        seats.push(s);
        let a = g.legal_actions(s)[0].clone();
        g.apply(s, &a).unwrap();
    }
    assert_eq!(seats, [0, 1, 3, 5]);
    let s = finish_hand(&mut g);
    assert_eq!(s.tricks_won.iter().sum::<u8>(), 8);
}

// ---------------------------------------------------------------------------------------------
// Errors: every code, and the state unchanged after each.

#[test]
fn error_codes() {
    let hands = &[
        "JH 9C TC QC KC AC",
        "JK 9D TD QD KD AD",
        "9H JC 9S TS QS KS",
        "TH QH KH AH JD JS",
    ];
    // Auction.
    let mut g = deal_game(hasen(), 3, hands, "AS");
    expect_err_tok(&mut g, 1, "p", "not_your_turn");
    expect_err_tok(&mut g, 0, "JH", "wrong_phase");
    expect_err_tok(&mut g, 0, "x:H:AS", "wrong_phase");
    expect_err_tok(&mut g, 0, "a1", "wrong_phase");
    expect_err_tok(&mut g, 0, "pc:9C,TC", "wrong_phase");
    expect_err_tok(&mut g, 0, "b7", "bid_too_high");
    expect_err_tok(&mut g, 0, "b0", "bid_too_low");
    expect_err_tok(&mut g, 0, "lp", "invalid_bid");
    expect_err(
        &mut g,
        0,
        &Action::Bid {
            tricks: 3,
            pepper: Some(Pepper::Big),
            trump: None,
        },
        "invalid_bid",
    );
    expect_err_tok(&mut g, 4, "p", "invalid_seat");
    expect_err_tok(&mut g, 200, "p", "invalid_seat");
    run(&mut g, "b3");
    expect_err_tok(&mut g, 1, "b3", "bid_too_low");
    expect_err_tok(&mut g, 1, "b2", "bid_too_low");
    run(&mut g, "p p p");
    // Exchange.
    expect_err_tok(&mut g, 0, "x:NT:AS", "no_trump_not_allowed");
    expect_err_tok(&mut g, 0, "x:H", "wrong_card_count");
    expect_err_tok(&mut g, 0, "x:H:AS,9C", "wrong_card_count");
    expect_err_tok(&mut g, 0, "x:H:AD", "card_not_in_hand");
    expect_err_tok(&mut g, 1, "x:H:AD", "not_your_turn");
    expect_err_tok(&mut g, 0, "p", "wrong_phase");
    run(&mut g, "x:H:AS");
    // Play.
    expect_err_tok(&mut g, 0, "AS", "card_not_in_hand");
    expect_err_tok(&mut g, 0, "JK", "card_not_in_hand");
    expect_err_tok(&mut g, 1, "JK", "not_your_turn");
    expect_err_tok(&mut g, 0, "a0", "wrong_phase");
    expect_err_tok(&mut g, 0, "b4", "wrong_phase");
    run(&mut g, "9C");
    expect_err_tok(&mut g, 1, "9H", "card_not_in_hand");
    // Seat 1 has no clubs: anything goes, but seat 2 must follow with JC.
    run(&mut g, "JK");
    expect_err_tok(&mut g, 2, "9H", "must_follow_suit");
    assert_eq!(playable(&g, 2), ["JC"]);
    // Pepper: bid shapes and the maximum.
    let mut g = deal_game(
        pepper(),
        3,
        &[
            "TC 9D TD QD KD AD",
            "JS AS 9H TH QH KH",
            "JC 9C KC AC JD AH",
            "QC JH 9S TS QS KS",
        ],
        "",
    );
    expect_err_tok(&mut g, 0, "b6", "invalid_bid");
    expect_err(
        &mut g,
        0,
        &Action::Bid {
            tricks: 5,
            pepper: Some(Pepper::Little),
            trump: None,
        },
        "invalid_bid",
    );
    expect_err(
        &mut g,
        0,
        &Action::Bid {
            tricks: 7,
            pepper: Some(Pepper::Big),
            trump: None,
        },
        "bid_too_high",
    );
    // Pass cards without going alone is the wrong phase; NT is fine in pepper.
    run(&mut g, "b2 p p p");
    expect_err_tok(&mut g, 0, "pc:9D,TD", "wrong_phase");
    run(&mut g, "x:NT");
    assert_eq!(g.trump(), Some(Trump::NoTrump));
    // Double: the multiset matters when passing cards.
    let mut g = deal_game(
        double(),
        3,
        &[
            "AC 9D 9D TD TD JD JD QD QD KD KD AD",
            "AC 9H 9H TH TH JH JH QH QH KH KH AH",
            "9C 9C TC TC AD 9S 9S TS TS JS JS AH",
            "JC JC QC QC KC KC QS QS KS KS AS AS",
        ],
        "",
    );
    expect_err_tok(&mut g, 0, "b2", "bid_too_low");
    expect_err_tok(&mut g, 0, "b13", "bid_too_high");
    run(&mut g, "b3 p p p x:S a1");
    expect_err_tok(&mut g, 0, "pc:AC,AC", "card_not_in_hand");
    expect_err_tok(&mut g, 0, "pc:9D,9D,9D", "wrong_card_count");
    run(&mut g, "pc:9D,9D");
    expect_err_tok(&mut g, 2, "pc:AD,AD", "card_not_in_hand");
    expect_err_tok(&mut g, 0, "pc:TD,TD", "not_your_turn");
    run(&mut g, "pc:AD,AH");
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn rule_sentence_deal_is_validated() {
    // Scenarios are checked: wrong counts, duplicated cards, wrong dealer.
    let bad = [
        (3u8, vec!["JH 9C TC QC KC AC"; 4], "AS"),
        (
            9,
            vec![
                "JH 9C TC QC KC AC",
                "JK 9D TD QD KD AD",
                "9H JC 9S TS QS KS",
                "TH QH KH AH JD JS",
            ],
            "AS",
        ),
        (
            3,
            vec![
                "JH 9C TC QC KC",
                "JK 9D TD QD KD AD AC",
                "9H JC 9S TS QS KS",
                "TH QH KH AH JD JS",
            ],
            "AS",
        ),
        (
            3,
            vec![
                "JH 9C TC QC KC AC",
                "JK 9D TD QD KD AD",
                "9H JC 9S TS QS KS",
                "TH QH KH AH JD JS",
            ],
            "",
        ),
    ];
    for (dealer, hands, widow) in bad {
        let scenario = crate::engine::Scenario {
            dealer,
            hands: hands.iter().map(|h| cards(h)).collect(),
            widow: cards(widow),
        };
        let err = Game::new(hasen(), 1, Some(&scenario)).unwrap_err();
        assert_eq!(err.code, "invalid_scenario");
    }
}

#[test]
fn later_hands_come_from_the_seed() {
    let mut g = deal_game(hasen(), 3, &FOUR_TWO, "JS");
    run(&mut g, "b2 p p p x:H:JS");
    run(&mut g, FOUR_TWO_PLAY);
    assert_eq!(g.hand_number(), 1);
    let (hands, widow) = deal(g.rules(), g.seed(), 1, 0);
    for s in 0..4u8 {
        assert_eq!(g.hand_of(s), hands[s as usize].as_slice());
    }
    assert_eq!(g.hand_state().widow, widow);
}
