//! The rule table of Five Hundred (RULES-FAMILY.md section 5, with the resolutions of sections
//! 7 and 8): one test per sentence, each with an explicit deal.

use super::support::{
    codes, deal_game, expect_err, expect_err_tok, finish_hand, playable, rules_with, run,
};
use crate::engine::{
    Action, Bid, Card, DeckKind, Game, HandResult, Misere, Outcome, Phase, Preset, Ruleset,
    RulesetSpec, Sides, Suit, Trump, Viewer,
};

fn five(players: u8) -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::FiveHundred,
        players: Some(players),
        ..RulesetSpec::default()
    })
}

fn spec_err(spec: RulesetSpec) -> &'static str {
    RulesetSpec {
        preset: Preset::FiveHundred,
        ..spec
    }
    .build()
    .expect_err("refused")
    .code
}

/// Four players, dealer 3 (seat 0 eldest): seat 0 the joker and hearts, seat 1 spades, seat 2
/// diamonds, seat 3 clubs; the kitty 5H 4H 4D.
const SUITS: [&str; 4] = [
    "JK AH KH QH JH TH 9H 8H 7H 6H",
    "AS KS QS JS TS 9S 8S 7S 6S 5S",
    "AD KD QD JD TD 9D 8D 7D 6D 5D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C",
];
const SUITS_KITTY: &str = "5H 4H 4D";

/// Four players, dealer 3: seat 3 the joker and hearts (void in the rest), seat 0 low cards.
const JOKER: [&str; 4] = [
    "5H 9C 5C 6C 7C 8C 5S 6S 7S 8S",
    "4H AC KC QC JC TC AS KS QS JS",
    "AD KD QD JD TD 9D 8D 7D 6D 5D",
    "JK AH KH QH JH TH 9H 8H 7H 6H",
];
const JOKER_KITTY: &str = "TS 9S 4D";

/// Five players, dealer 4 (seat 0 eldest): a suit each to seats 0 to 3 (spades, hearts,
/// diamonds, clubs from 5 to the ace), the joker and the twos to fours of three suits to seat
/// 4; the kitty 4C 3C 2C.
const FIVE: [&str; 5] = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C",
    "JK 4S 3S 2S 4H 3H 2H 4D 3D 2D",
];

fn four(hands: [&str; 4], kitty: &str) -> Game {
    deal_game(five(4), 3, &hands, kitty)
}

#[test]
fn players_sides_and_the_packs_by_player_count() {
    // (players, joker) -> (pack, cards, kitty, sides)
    let cases = [
        (
            2,
            false,
            DeckKind::FiveHundred24,
            24,
            4,
            Sides::Individual { players: 2 },
        ),
        (
            3,
            false,
            DeckKind::FiveHundred32,
            32,
            2,
            Sides::Individual { players: 3 },
        ),
        (
            3,
            true,
            DeckKind::FiveHundred33,
            33,
            3,
            Sides::Individual { players: 3 },
        ),
        (
            4,
            false,
            DeckKind::FiveHundred42,
            42,
            2,
            Sides::Partners { teams: 2 },
        ),
        (
            4,
            true,
            DeckKind::FiveHundred43,
            43,
            3,
            Sides::Partners { teams: 2 },
        ),
        (
            5,
            false,
            DeckKind::FiveHundred52,
            52,
            2,
            Sides::Individual { players: 5 },
        ),
        (
            5,
            true,
            DeckKind::FiveHundred53,
            53,
            3,
            Sides::Individual { players: 5 },
        ),
        (
            6,
            false,
            DeckKind::FiveHundred62,
            62,
            2,
            Sides::Partners { teams: 2 },
        ),
        (
            6,
            true,
            DeckKind::FiveHundred63,
            63,
            3,
            Sides::Partners { teams: 2 },
        ),
    ];
    for (players, joker, deck, len, kitty, sides) in cases {
        let r = rules_with(RulesetSpec {
            preset: Preset::FiveHundred,
            players: Some(players),
            joker: Some(joker),
            ..RulesetSpec::default()
        });
        assert_eq!(r.deck, deck);
        assert_eq!(r.deck.canonical().len(), len);
        assert_eq!(r.deck.has_joker(), joker);
        assert_eq!(r.cards_per_player(), 10, "ten cards each");
        assert_eq!(r.widow_size(), kitty, "{players} players, joker {joker}");
        assert_eq!(r.sides(), sides);
        // Dealt: ten to each, the rest the kitty.
        let g = Game::new(r, 11, None).unwrap();
        for s in 0..players {
            assert_eq!(g.hand_of(s).len(), 10);
        }
        assert_eq!(g.view(Viewer::Spectator).widow_size as usize, kitty);
    }
    // The default: four players with the joker; 4 is 5-A and the red fours.
    assert_eq!(Preset::FiveHundred.rules().deck, DeckKind::FiveHundred43);
    let four: Vec<String> = codes(DeckKind::FiveHundred43.canonical());
    for c in ["4D", "4H", "5C", "AS", "JK"] {
        assert!(four.contains(&c.to_string()), "{c}");
    }
    for c in ["4C", "4S", "3H", "LH"] {
        assert!(!four.contains(&c.to_string()), "{c}");
    }
    // Six: 2-A, elevens and twelves in every suit, red thirteens, the joker: 63.
    let six: Vec<String> = codes(DeckKind::FiveHundred63.canonical());
    assert_eq!(six.len(), 63);
    for c in ["LC", "MS", "ND", "NH", "2C", "JK"] {
        assert!(six.contains(&c.to_string()), "{c}");
    }
    for c in ["NC", "NS"] {
        assert!(!six.contains(&c.to_string()), "{c}");
    }
    // Two players: 9-A, 24 cards, no joker.
    assert_eq!(five(2).deck, DeckKind::FiveHundred24);
    // Six in three teams of two.
    let r = rules_with(RulesetSpec {
        preset: Preset::FiveHundred,
        players: Some(6),
        sides: Some(crate::engine::SideForm::TeamsOf2),
        ..RulesetSpec::default()
    });
    assert_eq!(r.sides(), Sides::Partners { teams: 3 });
}

#[test]
fn options_are_validated_with_clear_errors() {
    assert_eq!(
        spec_err(RulesetSpec {
            players: Some(2),
            joker: Some(true),
            ..RulesetSpec::default()
        }),
        "unsupported_deal"
    );
    assert_eq!(
        spec_err(RulesetSpec {
            players: Some(4),
            sides: Some(crate::engine::SideForm::TeamsOf2),
            ..RulesetSpec::default()
        }),
        "option_not_in_game"
    );
    assert_eq!(
        spec_err(RulesetSpec {
            players: Some(7),
            ..RulesetSpec::default()
        }),
        "invalid_players"
    );
    assert_eq!(
        spec_err(RulesetSpec {
            deck: Some(DeckKind::Full52),
            ..RulesetSpec::default()
        }),
        "option_not_in_game"
    );
    assert_eq!(
        spec_err(RulesetSpec {
            min_bid: Some(7),
            ..RulesetSpec::default()
        }),
        "option_not_in_game"
    );
    assert_eq!(
        spec_err(RulesetSpec {
            target_score: Some(0),
            ..RulesetSpec::default()
        }),
        "target_score_out_of_range"
    );
    // Other presets refuse Five Hundred's options.
    let err = RulesetSpec {
        preset: Preset::Pepper,
        joker: Some(true),
        ..RulesetSpec::default()
    }
    .build()
    .unwrap_err();
    assert_eq!(err.code, "option_not_in_game");
}

#[test]
fn the_bid_table_and_its_order_misere_between_7nt_and_8s_open_misere_above_10nt() {
    let b = |t, s: &str| Bid::strain(t, s.parse().unwrap());
    assert_eq!(b(6, "S").value(), 40);
    assert_eq!(b(6, "NT").value(), 120);
    assert_eq!(b(7, "H").value(), 200);
    assert_eq!(b(8, "D").value(), 280);
    assert_eq!(b(10, "NT").value(), 520);
    assert_eq!(Bid::misere(Misere::Closed).value(), 250);
    assert_eq!(Bid::misere(Misere::Open).value(), 520);
    let order: Vec<String> = crate::engine::five_hundred_bids()
        .map(|x| x.to_string())
        .collect();
    let ranks: Vec<u16> = crate::engine::five_hundred_bids().map(Bid::rank).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] < w[1]),
        "listed in rank order"
    );
    assert_eq!(ranks.len(), 27);
    let pos = |s: &str| order.iter().position(|x| x == s).unwrap();
    assert!(pos("7NT") < pos("misère") && pos("misère") < pos("8S"));
    assert_eq!(order.last().unwrap(), "open misère");
    assert!(pos("10NT") < pos("open misère"));
    // Ranked by value otherwise: 8S (240) is below misère's 250 in value, yet above it.
    assert!(b(8, "S").value() < Bid::misere(Misere::Closed).value());
    assert!(b(8, "S").rank() > Bid::misere(Misere::Closed).rank());

    // In an auction: misère overcalls 7NT and is overcalled by 8S.
    let mut g = four(SUITS, SUITS_KITTY);
    run(&mut g, "b7NT mi");
    expect_err_tok(&mut g, 2, "b7NT", "bid_too_low");
    expect_err(&mut g, 2, &Action::Misere, "bid_too_low");
    run(&mut g, "b8S");
    assert!(!g.legal_actions(3).contains(&Action::Misere));
    // Open misère ends the auction at once.
    run(&mut g, "om");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.contract().unwrap().bid, Bid::misere(Misere::Open));
    assert_eq!(g.contract().unwrap().seat, 3);
}

#[test]
fn other_games_refuse_misere_and_strains_their_upcard_auctions_included() {
    for preset in Preset::ALL
        .into_iter()
        .filter(|&p| p != Preset::FiveHundred)
    {
        let mut g = Game::new(preset.rules(), 3, None).unwrap();
        if g.phase() != Phase::Auction {
            continue; // a Buck Euchre clubs upcard goes straight to the play
        }
        let seat = g.turn().unwrap();
        expect_err(&mut g, seat, &Action::Misere, "invalid_bid");
        expect_err(&mut g, seat, &Action::OpenMisere, "invalid_bid");
    }
}

#[test]
fn bids_have_a_strain_and_six_to_ten_tricks() {
    let mut g = four(SUITS, SUITS_KITTY);
    expect_err(&mut g, 0, &Bid::plain(7).into(), "invalid_bid");
    expect_err_tok(&mut g, 0, "b5H", "bid_too_low");
    expect_err_tok(&mut g, 0, "b11S", "bid_too_high");
    let legal = g.legal_actions(0);
    // Pass, 25 strain bids, misère and open misère.
    assert_eq!(legal.len(), 1 + 25 + 2);
    assert_eq!(legal[0], Action::Pass);
}

#[test]
fn a_pass_is_not_final_and_n_minus_1_passes_after_a_bid_end_the_auction() {
    let mut g = four(SUITS, SUITS_KITTY);
    // Seat 0 passes, seat 1 bids, seats 2 and 3 pass, seat 0 bids again over it.
    run(&mut g, "p b6S p p b7H");
    assert_eq!(g.phase(), Phase::Auction);
    // Three passes after 7H end it: seat 0 declares.
    run(&mut g, "p p p");
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.contract().unwrap().seat, 0);
    assert_eq!(g.contract().unwrap().bid.to_string(), "7H");
    // Under `auction_pass` `final` a passer may not bid again.
    let rules = rules_with(RulesetSpec {
        preset: Preset::FiveHundred,
        auction_pass: Some(crate::engine::AuctionPass::Final),
        ..RulesetSpec::default()
    });
    let mut g = deal_game(rules, 3, &SUITS, SUITS_KITTY);
    run(&mut g, "p b6S p p");
    // Seat 0 passed: the turn skips it, and the auction is over with all but seat 1 out.
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.contract().unwrap().seat, 1);
}

#[test]
fn all_pass_plays_at_no_trump_each_for_himself_the_kitty_untouched_eldest_leading() {
    let mut g = four(SUITS, SUITS_KITTY);
    run(&mut g, "p p p p");
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.trump(), Some(Trump::NoTrump));
    assert_eq!(g.contract(), None);
    assert_eq!(g.turn(), Some(0), "the dealer's left leads");
    assert_eq!(
        g.view(Viewer::Seat(0)).widow_size,
        3,
        "the kitty stays face down"
    );
    assert!(g.view(Viewer::Seat(0)).widow.is_empty());
    let summary = finish_hand(&mut g);
    assert_eq!(summary.result, HandResult::Played);
    // Each side scores 10 per trick its own seats won.
    let won: Vec<i32> = summary.tricks_won.iter().map(|&t| i32::from(t)).collect();
    assert_eq!(summary.score_delta.to_vec(), vec![10 * won[0], 10 * won[1]]);
    assert!(!g.is_over(), "all-pass points never end the game");
}

#[test]
fn the_declarer_takes_the_kitty_and_discards_as_many_in_the_strain_bid() {
    let mut g = four(SUITS, SUITS_KITTY);
    run(&mut g, "b6H p p p");
    let v = g.view(Viewer::Seat(0));
    assert_eq!(v.hand.len(), 13, "the kitty is in hand");
    let mut widow = codes(&v.widow);
    widow.sort();
    assert_eq!(widow, ["4D", "4H", "5H"]);
    assert_eq!(g.view(Viewer::Seat(1)).widow, Vec::<Card>::new());
    // Every legal exchange is in hearts with three cards.
    let legal = g.legal_actions(0);
    assert_eq!(legal.len(), 286, "13 choose 3");
    assert!(legal.iter().all(|a| matches!(a,
        Action::Exchange { trump: Trump::Suit(Suit::Hearts), discard } if discard.len() == 3)));
    expect_err_tok(&mut g, 0, "x:S:4D,4H,5H", "trump_not_bid");
    expect_err_tok(&mut g, 0, "x:H:4D,4H", "wrong_card_count");
    run(&mut g, "x:H:4D,4H,5H");
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.turn(), Some(0), "the declarer leads");
    assert_eq!(codes(&g.view(Viewer::Seat(0)).discards), ["4D", "4H", "5H"]);
    assert!(g.view(Viewer::Seat(2)).discards.is_empty(), "face down");
}

#[test]
fn at_a_suit_contract_the_joker_is_the_top_trump_then_the_bowers() {
    let mut g = four(SUITS, SUITS_KITTY);
    run(&mut g, "b6D p p p x:D:5H,4H,6H");
    // Seat 0 leads the joker: a trump; seat 2 must follow with diamonds (trumps).
    run(&mut g, "JK");
    assert_eq!(
        playable(&g, 1),
        ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]
    );
    run(&mut g, "5S");
    assert!(playable(&g, 2).iter().all(|c| c.ends_with('D')));
    run(&mut g, "JD 5C");
    assert_eq!(
        g.tricks()[0].winner,
        Some(0),
        "the joker beats the right bower"
    );
    // The left bower (JH) is a diamond: seat 0 leads it, seat 2 must follow with trumps.
    run(&mut g, "JH");
    assert!(playable(&g, 1).iter().all(|c| c.ends_with('S')));
    run(&mut g, "6S AD 6C");
    assert_eq!(
        g.tricks()[1].winner,
        Some(0),
        "the left bower beats the ace of trumps"
    );
}

#[test]
fn at_no_trump_the_joker_is_played_only_when_void_and_wins_any_trick() {
    let mut g = four(JOKER, JOKER_KITTY);
    run(&mut g, "b6NT p p p x:NT:8C,8S,9S");
    // Seat 0 leads clubs: seat 3 is void, so may play any card, the joker too.
    run(&mut g, "5C TC");
    run(&mut g, "5D");
    assert!(playable(&g, 3).contains(&"JK".to_string()));
    run(&mut g, "6H");
    assert_eq!(g.tricks()[0].winner, Some(1));
    // Seat 1 leads a heart: seat 3 holds hearts and may not play the joker.
    run(&mut g, "4H 6D");
    assert!(!playable(&g, 3).contains(&"JK".to_string()));
    run(&mut g, "7H 5H");
    assert_eq!(g.tricks()[1].winner, Some(3));
    // Seat 0 renounced nothing yet; seat 3 renounced clubs. Seat 3 now leads.
    assert_eq!(g.turn(), Some(3));
    assert_eq!(g.view(Viewer::Spectator).voids[3], vec![Suit::Clubs]);
    // A led joker names a suit not renounced: diamonds, hearts or spades, never clubs.
    let joker_leads: Vec<Option<Suit>> = g
        .legal_actions(3)
        .into_iter()
        .filter_map(|a| match a {
            Action::Play { card, suit } if card.is_joker() => Some(suit),
            _ => None,
        })
        .collect();
    assert_eq!(
        joker_leads,
        [Some(Suit::Diamonds), Some(Suit::Hearts), Some(Suit::Spades)]
    );
    expect_err(&mut g, 3, &Action::play(Card::JOKER), "invalid_joker_suit");
    expect_err_tok(&mut g, 3, "JK:C", "invalid_joker_suit");
    // A suit named for any other card is refused.
    expect_err(
        &mut g,
        3,
        &Action::Play {
            card: "AH".parse().unwrap(),
            suit: Some(Suit::Hearts),
        },
        "invalid_joker_suit",
    );
    // Led naming spades, the others must follow spades; the joker wins.
    run(&mut g, "JK:S");
    assert_eq!(playable(&g, 0), ["5S", "6S", "7S", "TS"]);
    run(&mut g, "TS");
    assert_eq!(playable(&g, 1), ["JS", "QS", "KS", "AS"]);
    run(&mut g, "AS 7D");
    let t = &g.tricks()[2];
    assert_eq!(t.winner, Some(3), "the joker wins the trick");
    assert_eq!(
        t.plays[0].suit,
        Some(Suit::Spades),
        "the named suit is recorded"
    );
    // The view shows the named suit with the play; seat 2 renounced spades.
    assert_eq!(
        g.view(Viewer::Seat(1)).tricks[2].plays[0].suit,
        Some(Suit::Spades)
    );
    assert!(g.view(Viewer::Spectator).voids[2].contains(&Suit::Spades));
}

#[test]
fn a_led_joker_whose_holder_renounced_nothing_names_any_suit() {
    // (A holder who renounced all four suits holds nothing but the joker, and can only win
    // the lead with it: the engine's "any, if all are" is then never reached in play.)
    let hands = [
        "5C 6C 7C 5D 6D 7D 5H 6H 7H 4D",
        "AC KC QC AD KD QD AH KH QH 4H",
        "TC 9C 8C TD 9D 8D TH 9H 8H JD",
        "JK AS KS QS JS TS 9S 8S 7S 6S",
    ];
    let mut g = four(hands, "5S JC JH");
    // Seat 3 declares 6NT; the joker is its only non-spade.
    run(&mut g, "p p p b6NT p p p x:NT:5S,JC,JH");
    // Seat 3 leads spades twice, nobody else has any: seats 0-2 renounce spades.
    run(&mut g, "AS 5C AC TC KS 6C KC 9C");
    // Seat 3 leads the joker: it renounced nothing, every suit may be named.
    let n = g
        .legal_actions(3)
        .iter()
        .filter(|a| matches!(a, Action::Play { card, .. } if card.is_joker()))
        .count();
    assert_eq!(n, 4);
}

#[test]
fn five_players_the_called_cards_holder_becomes_partner_and_both_score_the_contract() {
    let mut g = deal_game(five(5), 4, &FIVE, "4C 3C 2C");
    run(&mut g, "b6S p p p p x:S:2C,3C,4C");
    assert_eq!(g.phase(), Phase::Alone);
    assert_eq!(g.turn(), Some(0));
    // Not a trump (the trump suit, the left bower, the joker), not the declarer's own.
    for bad in ["c:AS", "c:JC", "c:JK", "c:4C"] {
        expect_err_tok(&mut g, 0, bad, "invalid_call");
    }
    expect_err(&mut g, 0, &Action::Alone { alone: false }, "invalid_call");
    let legal = g.legal_actions(0);
    assert!(legal.contains(&Action::Alone { alone: true }));
    assert!(legal.contains(&Action::Call {
        card: "AH".parse().unwrap()
    }));
    assert!(!legal.contains(&Action::Call {
        card: "JC".parse().unwrap()
    }));
    run(&mut g, "c:AH");
    // Revealed at once, to everyone.
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.called, Some("AH".parse().unwrap()));
    assert_eq!(v.partner, Some(1));
    assert_eq!(g.phase(), Phase::Play);
    let summary = finish_hand(&mut g);
    let won = summary.tricks_won.to_vec();
    let declarers = i32::from(won[0] + won[1]);
    assert!(declarers >= 6, "the deal makes 6S: {won:?}");
    // Both the declarer and the partner score the contract; each other player 10 per trick
    // of the opponents together.
    assert_eq!(
        summary.score_delta.to_vec(),
        vec![
            40,
            40,
            10 * (10 - declarers),
            10 * (10 - declarers),
            10 * (10 - declarers)
        ]
    );
    // The log records the call.
    let mut g2 = deal_game(five(5), 4, &FIVE, "4C 3C 2C");
    run(&mut g2, "b6S p p p p x:S:2C,3C,4C a1");
    assert_eq!(g2.view(Viewer::Spectator).partner, None);
    assert_eq!(g2.view(Viewer::Spectator).alone, Some(0));
}

#[test]
fn a_declarer_and_called_partner_both_at_500_win_together() {
    let mut g = deal_game(five(5), 4, &FIVE, "4C 3C 2C");
    g.scores = [470, 465, 0, 0, 0].into();
    run(&mut g, "b6S p p p p x:S:2C,3C,4C c:AH");
    finish_hand(&mut g);
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Tied(0b11)));
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.winners, vec![0, 1]);
    assert!(v.draw);
}

#[test]
fn misere_is_played_alone_at_no_trump_to_the_last_trick() {
    let hands = [
        "5C 6C 7C 5S 6S 7S 5H 6H 4H 4D",
        "AC KC QC JC AS KS QS JS AD KD",
        "TC 9C 8C TS 9S 8S TH 9H 8H 7H",
        "JK AH KH QH JH QD JD TD 9D 8D",
    ];
    let mut g = four(hands, "5D 6D 7D");
    run(&mut g, "mi p p p");
    let legal = g.legal_actions(0);
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::Exchange {
            trump: Trump::NoTrump,
            ..
        }
    )));
    run(&mut g, "x:NT:7C,7S,7D");
    assert_eq!(g.trump(), Some(Trump::NoTrump));
    // The declarer's partner sits out; tricks have three cards.
    assert_eq!(g.view(Viewer::Spectator).sitting_out, vec![2]);
    assert_eq!(g.view(Viewer::Spectator).alone, Some(0), "played alone");
    assert!(
        g.view(Viewer::Spectator).open_hand.is_empty(),
        "a closed misère"
    );
    let summary = finish_hand(&mut g);
    let tricks = &g.view(Viewer::Spectator).last_hand.unwrap().tricks;
    assert_eq!(tricks.len(), 10, "played to the last trick");
    assert!(tricks.iter().all(|t| t.plays.len() == 3));
    let declarer_tricks = i32::from(summary.tricks_won[0]);
    let expected = if declarer_tricks == 0 {
        vec![250, 0]
    } else {
        vec![-250, 10 * declarer_tricks]
    };
    assert_eq!(summary.score_delta.to_vec(), expected);
}

#[test]
fn open_misere_shows_the_declarers_hand_to_all_from_the_discard_on() {
    let hands = [
        "5C 6C 7C 5S 6S 7S 5H 6H 4H 4D",
        "AC KC QC JC AS KS QS JS AD KD",
        "TC 9C 8C TS 9S 8S TH 9H 8H 7H",
        "JK AH KH QH JH QD JD TD 9D 8D",
    ];
    let mut g = four(hands, "5D 6D 7D");
    run(&mut g, "om");
    assert!(
        g.view(Viewer::Seat(1)).open_hand.is_empty(),
        "not before the discard"
    );
    run(&mut g, "x:NT:7C,7S,7D");
    let own = g.view(Viewer::Seat(0)).hand;
    for viewer in [Viewer::Spectator, Viewer::Seat(1), Viewer::Seat(3)] {
        assert_eq!(g.view(viewer).open_hand, own);
    }
    run(&mut g, "5C");
    assert_eq!(g.view(Viewer::Spectator).open_hand.len(), 9);
    // A failed open misère costs 520.
    let summary = finish_hand(&mut g);
    if summary.tricks_won[0] > 0 {
        assert_eq!(summary.score_delta[0], -520);
    } else {
        assert_eq!(summary.score_delta[0], 520);
    }
}

#[test]
fn a_failed_10nt_is_minus_520_and_the_opponents_score_10_a_trick() {
    let mut g = four(SUITS, SUITS_KITTY);
    g.scores = [0, 100].into();
    // Seat 1 bids 10NT with ten spades: the joker takes the last trick.
    run(&mut g, "p b10NT p p p x:NT:4D,4H,5H");
    let summary = finish_hand(&mut g);
    assert_eq!(summary.tricks_won.to_vec(), vec![1, 9]);
    assert_eq!(summary.score_delta.to_vec(), vec![10, -520]);
    assert!(!g.is_over(), "at -420 the declarers have not lost");
}

#[test]
fn defender_points_own_tricks_scores_each_opposing_side_its_own() {
    for (points, own) in [
        (crate::engine::DefenderPoints::SideTotal, false),
        (crate::engine::DefenderPoints::OwnTricks, true),
    ] {
        let rules = rules_with(RulesetSpec {
            preset: Preset::FiveHundred,
            players: Some(5),
            defender_points: Some(points),
            ..RulesetSpec::default()
        });
        let mut g = deal_game(rules, 4, &FIVE, "4C 3C 2C");
        run(&mut g, "b6S p p p p x:S:2C,3C,4C a1");
        let s = finish_hand(&mut g);
        let won: Vec<i32> = s.tricks_won.iter().map(|&t| i32::from(t)).collect();
        let opponents: i32 = won[1..].iter().sum();
        for (seat, &w) in won.iter().enumerate().skip(1) {
            let want = if own { 10 * w } else { 10 * opponents };
            assert_eq!(s.score_delta[seat], want, "{points:?} seat {seat}");
        }
    }
}

#[test]
fn defence_points_never_win_a_side_at_510_has_not_won() {
    let mut g = four(SUITS, SUITS_KITTY);
    g.scores = [500, 100].into();
    run(&mut g, "p b10NT p p p x:NT:4D,4H,5H");
    finish_hand(&mut g);
    assert_eq!(g.scores().to_vec(), vec![510, -420]);
    assert!(!g.is_over());
}

#[test]
fn a_made_contract_at_500_wins_and_one_below_does_not() {
    let mut g = four(SUITS, SUITS_KITTY);
    run(&mut g, "b6H p p p x:H:4D,4H,5H");
    finish_hand(&mut g);
    assert_eq!(g.scores().to_vec(), vec![100, 0]);
    assert!(!g.is_over());
    let mut g = four(SUITS, SUITS_KITTY);
    g.scores = [400, 0].into();
    run(&mut g, "b6H p p p x:H:4D,4H,5H");
    finish_hand(&mut g);
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Winner(0)));
}

#[test]
fn a_failed_contract_at_minus_500_loses_and_the_highest_other_score_wins() {
    let mut g = four(SUITS, SUITS_KITTY);
    g.scores = [0, 0].into();
    run(&mut g, "p b10NT p p p x:NT:4D,4H,5H");
    finish_hand(&mut g);
    assert_eq!(g.scores().to_vec(), vec![10, -520]);
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Winner(0)));
    // With three for themselves, equal highest other scores are tied winners.
    let hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S",
        "AH KH QH JH TH 9H 8H 7H 6H 5H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D",
    ];
    let rules = rules_with(RulesetSpec {
        preset: Preset::FiveHundred,
        players: Some(3),
        joker: Some(false),
        ..RulesetSpec::default()
    });
    // 32 cards 7-A: ten each and a kitty of 2 (the clubs are in the kitty and the hands).
    let hands3 = [
        "AS KS QS JS TS 9S 8S 7S AC KC",
        "AH KH QH JH TH 9H 8H 7H QC JC",
        "AD KD QD JD TD 9D 8D 7D TC 9C",
    ];
    let _ = hands;
    let mut g = deal_game(rules, 2, &hands3, "8C 7C");
    g.scores = [-400, 50, 50].into();
    // Seat 0 bids 10C (clubs with five clubs? it fails), the others pass.
    run(&mut g, "b10C p p x:C:8C,7C");
    finish_hand(&mut g);
    assert!(g.scores()[0] <= -500, "{:?}", g.scores());
    assert_eq!(
        g.scores()[1],
        g.scores()[2],
        "both opponents score the opponents' total"
    );
    assert_eq!(g.outcome(), Some(Outcome::Tied(0b110)));
}

#[test]
fn states_of_five_hundred_survive_serde_and_integrity_at_every_step() {
    for players in 2..=6 {
        let rules = five(players);
        for seed in 0..3 {
            let mut g = Game::new(rules, seed, None).unwrap();
            let mut steps = 0;
            while !g.is_over() && g.hand_number() < 3 && steps < 2000 {
                let seat = g.turn().unwrap();
                let legal = g.legal_actions(seat);
                let a = legal[(seed as usize * 7 + steps) % legal.len()].clone();
                g.apply(seat, &a).unwrap();
                let json = serde_json::to_string(&g).unwrap();
                let back: Game = serde_json::from_str(&json).unwrap();
                assert!(back == g);
                let bin = rmp_serde::to_vec(&g).unwrap();
                let back: Game = rmp_serde::from_slice(&bin).unwrap();
                assert!(back == g);
                steps += 1;
            }
        }
    }
}
