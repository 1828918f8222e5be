//! Helpers shared by the engine tests: explicit deals and a tiny action script language.
//!
//! A script is a whitespace-separated list of tokens, each applied for the seat whose turn it
//! is: `p` pass, `b3` bid 3, `lp`/`bp` little/big pepper, `x:H:AS` exchange (trump `H`, discard
//! `AS`; `x:S` discards nothing, `x:NT` names no trump), `a1`/`a0` alone or not,
//! `pc:9S,TS` pass cards, `ou` order the upcard up, `n:S` name trump in round 2, `tk:9S` take
//! the upcard discarding `9S`, `lv` leave it, Bacon's `pu` pick up, `pa` pick up alone, `al`
//! allow, `ve` veto, `va` veto alone, Five Hundred's `b7NT` (a strain bid), `mi` misère, `om`
//! open misère, `c:AH` call a card and `JK:H` lead the joker naming a suit, and a card code
//! (`JK`, `TD`) plays that card.

use crate::engine::{
    Action, ActionError, Applied, Bid, Card, CardList, Game, HandSummary, Pepper, Preset, Ruleset,
    RulesetSpec, Scenario, Seat,
};

/// A card from its code.
pub fn card(code: &str) -> Card {
    code.parse()
        .unwrap_or_else(|e| panic!("bad card `{code}`: {e}"))
}

/// Cards from whitespace- or comma-separated codes.
pub fn cards(codes: &str) -> Vec<Card> {
    codes
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(card)
        .collect()
}

/// A preset's rules with some overrides.
pub fn rules_with(spec: RulesetSpec) -> Ruleset {
    spec.build().unwrap_or_else(|e| panic!("invalid spec: {e}"))
}

/// Double Hasenpfeffer for six players.
pub fn double6() -> Ruleset {
    rules_with(RulesetSpec {
        preset: Preset::DoubleHasenpfeffer,
        players: Some(6),
        ..RulesetSpec::default()
    })
}

/// A game whose first hand is the given explicit deal.
pub fn deal_game(rules: Ruleset, dealer: Seat, hands: &[&str], widow: &str) -> Game {
    let scenario = Scenario {
        dealer,
        hands: hands.iter().map(|h| cards(h)).collect(),
        widow: cards(widow),
    };
    Game::new(rules, 7, Some(&scenario)).unwrap_or_else(|e| panic!("bad scenario: {e}"))
}

/// The action a script token stands for.
pub fn action(game: &Game, token: &str) -> Action {
    let all = game.rules().cards_per_player() as u8;
    let list = |s: &str| -> CardList { cards(s).into_iter().collect() };
    match token {
        "p" => Action::Pass,
        "lp" => Bid {
            tricks: all,
            pepper: Some(Pepper::Little),
            ..Bid::plain(0)
        }
        .into(),
        "bp" => Bid {
            tricks: all,
            pepper: Some(Pepper::Big),
            ..Bid::plain(0)
        }
        .into(),
        "a0" => Action::Alone { alone: false },
        "ou" => Action::OrderUp,
        "st" => Action::Stay,
        "dr" => Action::Drop,
        "lv" => Action::LeaveUpcard,
        "pu" => Action::PickUp,
        "pa" => Action::PickUpAlone,
        "al" => Action::Allow,
        "ve" => Action::Veto,
        "va" => Action::VetoAlone,
        "mi" => Action::Misere,
        "om" => Action::OpenMisere,
        t if t.starts_with("c:") => Action::Call {
            card: card(&t[2..]),
        },
        t if t.starts_with("JK:") => Action::Play {
            card: Card::JOKER,
            suit: t[3..]
                .chars()
                .next()
                .and_then(crate::engine::Suit::from_char),
        },
        t if t.starts_with('b')
            && t[1..]
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .parse::<crate::engine::Trump>()
                .is_ok() =>
        {
            let strain = t[1..].trim_start_matches(|c: char| c.is_ascii_digit());
            let tricks: u8 = t[1..t.len() - strain.len()].parse().unwrap();
            Bid::strain(tricks, strain.parse().unwrap()).into()
        }
        t if t.starts_with("n:") => Action::NameTrump {
            trump: t[2..].parse().unwrap(),
        },
        t if t.starts_with("tk:") => Action::TakeUpcard {
            discard: card(&t[3..]),
        },
        "a1" => Action::Alone { alone: true },
        t if t.starts_with("x:") => {
            let mut parts = t[2..].splitn(2, ':');
            let trump = parts.next().unwrap().parse().unwrap();
            Action::Exchange {
                trump,
                discard: list(parts.next().unwrap_or("")),
            }
        }
        t if t.starts_with("pc:") => Action::PassCards {
            cards: list(&t[3..]),
        },
        t if t.starts_with('b') && t[1..].parse::<u8>().is_ok() => {
            Bid::plain(t[1..].parse().unwrap()).into()
        }
        t => Action::play(card(t)),
    }
}

/// Applies every token of `script` for the seat to act; panics with context on an error.
pub fn run(game: &mut Game, script: &str) -> Vec<Applied> {
    let mut out = Vec::new();
    for (i, token) in script.split_whitespace().enumerate() {
        let seat = game
            .turn()
            .unwrap_or_else(|| panic!("token {i} `{token}`: the game is over"));
        let a = action(game, token);
        match game.apply(seat, &a) {
            Ok(applied) => out.push(applied),
            Err(e) => panic!(
                "token {i} `{token}` by seat {seat} in {}: {} ({e}); legal: {:?}",
                game.phase(),
                e.code(),
                game.legal_actions(seat)
            ),
        }
    }
    out
}

/// Asserts that `seat` doing `action` fails with `code` and leaves the game unchanged.
pub fn expect_err(game: &mut Game, seat: Seat, action: &Action, code: &str) -> ActionError {
    let before = game.clone();
    assert_eq!(
        game.validate(seat, action).err().map(|e| e.code()),
        Some(code)
    );
    let err = game
        .apply(seat, action)
        .expect_err(&format!("{action:?} by seat {seat} was accepted"));
    assert_eq!(err.code(), code, "{action:?} by {seat}: {err}");
    assert!(!err.to_string().is_empty());
    assert!(ActionError::CODES.contains(&code));
    assert!(*game == before, "a refused action changed the game");
    err
}

/// Like [`expect_err`] with a script token.
pub fn expect_err_tok(game: &mut Game, seat: Seat, token: &str, code: &str) -> ActionError {
    let a = action(game, token);
    expect_err(game, seat, &a, code)
}

/// Plays the hand in progress to its end, always taking the first legal action.
pub fn finish_hand(game: &mut Game) -> HandSummary {
    let number = game.hand_number();
    while game.hand_number() == number && !game.is_over() {
        let seat = game.turn().unwrap();
        let a = game.legal_actions(seat)[0].clone();
        game.apply(seat, &a).unwrap();
    }
    game.last_hand().unwrap().clone()
}

/// The cards `seat` may play now, as codes in hand order.
pub fn playable(game: &Game, seat: Seat) -> Vec<String> {
    game.legal_actions(seat)
        .into_iter()
        .map(|a| match a {
            Action::Play { card, .. } => card.to_string(),
            other => panic!("not a play: {other:?}"),
        })
        .collect()
}

/// Codes of a card slice, for readable assertions.
pub fn codes(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}
