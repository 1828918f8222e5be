//! Coverage-guided fuzzing of action parsing and the rules engine.
//!
//! The input picks a ruleset (a preset plus option overrides, mostly only those the preset
//! takes), a seed or an explicit first deal, then drives a game with a sequence of steps: JSON
//! bytes parsed as an action (as the API parses a request body) and applied for any seat, a
//! field-less action by name for any seat, Five Hundred's call of a card or a play naming a suit
//! for any seat, a legal action of the seat to act, or a house player's move. Whatever the input, nothing panics; a refused action leaves the game exactly
//! as it was; an accepted one leaves a game that passes its integrity check, serialises and
//! reads back equal, and shows every seat a view whose legal actions are accepted.
#![no_main]

use hasenpfeffer::bots::Strategy;
use hasenpfeffer::engine::{
    Action, AllDrop, AllPass, AloneRule, AuctionKind, AuctionPass, DealerPickup, DeckKind,
    DefenderPoints, FirstLead, Game, GameEnd, Preset, RulesetSpec, Scenario, SetPenalty, SideForm,
    Viewer,
};
use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Reads the input a byte (or a chunk) at a time; zeros once it is used up.
struct Input<'a>(&'a [u8]);

impl<'a> Input<'a> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| (acc << 8) | u64::from(self.byte()))
    }

    fn chunk(&mut self, max: usize) -> &'a [u8] {
        let len = (self.byte() as usize).min(max).min(self.0.len());
        let (head, rest) = self.0.split_at(len);
        self.0 = rest;
        head
    }

    fn pick<T: Copy>(&mut self, options: &[T]) -> Option<T> {
        let b = self.byte() as usize;
        // One value in four leaves the option at the preset's default.
        (b % 4 != 0).then(|| options[(b / 4) % options.len()])
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn ruleset(input: &mut Input) -> RulesetSpec {
    let mut spec = RulesetSpec {
        // Every preset the service offers.
        preset: Preset::ALL[input.byte() as usize % Preset::ALL.len()],
        deck: input.pick(&DeckKind::ALL),
        players: input.pick(&[4, 6, 2, 3, 5, 0, 7, 255]),
        bowers: input.pick(&[true, false]),
        auction: input.pick(&AuctionKind::ALL),
        min_bid: input.pick(&[0, 1, 2, 3, 4, 6, 12, 13, 255]),
        pepper_bids: input.pick(&[true, false]),
        no_trump: input.pick(&[true, false]),
        all_pass: input.pick(&[
            AllPass::JokerHolderBids3,
            AllPass::Redeal,
            AllPass::DealerForced,
            AllPass::NoTrumpNoDeclarer,
        ]),
        alone: input.pick(&[
            AloneRule::None,
            AloneRule::PartnerSitsOut,
            AloneRule::ExchangeTwo,
            AloneRule::Maker,
        ]),
        first_lead: input.pick(&[
            FirstLead::HighBidder,
            FirstLead::LeftOfDealer,
            FirstLead::DealerLeft,
            FirstLead::UpcardTaker,
        ]),
        set_penalty: input.pick(&[SetPenalty::Contract, SetPenalty::Fixed6]),
        target_score: input.pick(&[1, 2, 5, 10, 32, 100, 101, 300, 320, 1000, 0, -1, i32::MAX]),
        game_end: input.pick(&[
            GameEnd::DeclarersWinTies,
            GameEnd::HigherScoreOrDraw,
            GameEnd::LowestAtZero,
            GameEnd::MadeContract,
        ]),
        dealer_pickup: input.pick(&[DealerPickup::Optional, DealerPickup::Mandatory]),
        stick_the_dealer: input.pick(&[true, false]),
        lone_defender: input.pick(&[true, false]),
        all_drop: input.pick(&[AllDrop::DeclarerTakesAll, AllDrop::LastMustStay]),
        joker: input.pick(&[true, false]),
        sides: input.pick(&[SideForm::TeamsOf3, SideForm::TeamsOf2]),
        defender_points: input.pick(&[DefenderPoints::SideTotal, DefenderPoints::OwnTricks]),
        auction_pass: input.pick(&[AuctionPass::NotFinal, AuctionPass::Final]),
        // Every preset takes it; 0 and 1001 are refused.
        max_hands: input.pick(&[1, 2, 3, 1000, 0, 1001]),
    };
    // Seven times in eight, only the options the preset takes (Bacon: deck, players, bowers,
    // alone, target_score; Five Hundred: players, bowers, target_score, joker, sides,
    // defender_points, auction_pass), so that games of every preset are built and played
    // whatever the other bytes; the eighth keeps them all, and the ruleset is mostly refused.
    if input.byte() % 8 != 0 {
        keep_own_options(&mut spec);
    }
    spec
}

/// Leaves out the options the preset does not take (`Preset::options`).
fn keep_own_options(spec: &mut RulesetSpec) {
    let takes = spec.preset.options();
    macro_rules! keep {
        ($($field:ident),* $(,)?) => {$(
            if !takes.contains(&stringify!($field)) {
                spec.$field = None;
            }
        )*};
    }
    keep!(
        deck,
        players,
        bowers,
        alone,
        target_score,
        auction,
        min_bid,
        pepper_bids,
        no_trump,
        all_pass,
        first_lead,
        set_penalty,
        game_end,
        dealer_pickup,
        stick_the_dealer,
        lone_defender,
        all_drop,
        joker,
        sides,
        defender_points,
        auction_pass,
        max_hands,
    );
}

/// Checks what must hold of any game the engine produced.
fn check(game: &Game) {
    game.check_integrity()
        .unwrap_or_else(|e| panic!("an accepted action broke the game: {e}"));
    let bytes = serde_json::to_vec(game).expect("a game serialises");
    let back: Game = serde_json::from_slice(&bytes).expect("a game reads back");
    assert_eq!(&back, game, "a game reads back equal");
    let seats = game.rules().seats() as u8;
    let _ = game.view(Viewer::Spectator);
    for seat in 0..seats {
        let view = game.view(Viewer::Seat(seat));
        for action in &view.legal_actions {
            assert!(
                game.validate(seat, action).is_ok(),
                "a legal action is refused: {action:?}"
            );
        }
        if game.turn() != Some(seat) {
            assert!(
                view.legal_actions.is_empty(),
                "only the seat to act may act"
            );
        }
    }
}

/// Applies `action` for `seat`: accepted, the game is checked; refused, it is unchanged.
fn apply(game: &mut Game, seat: u8, action: &Action) {
    let before = game.clone();
    match game.apply(seat, action) {
        Ok(_) => check(game),
        Err(e) => {
            assert_eq!(*game, before, "a refused action changed the game");
            assert!(!e.code().is_empty());
            assert!(!e.to_string().is_empty());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let spec = ruleset(&mut input);
    let Ok(rules) = spec.build() else {
        return;
    };
    let seed = input.u64();
    // Sometimes an explicit first deal, parsed from the input like a request body.
    let scenario: Option<Scenario> = if input.byte() % 8 == 0 {
        serde_json::from_slice(input.chunk(200)).ok()
    } else {
        None
    };
    let Ok(mut game) = Game::new(rules, seed, scenario.as_ref()) else {
        return;
    };
    check(&game);
    let mut rng = SmallRng::seed_from_u64(seed);
    let seats = rules.seats() as u8;
    let mut steps = 0;
    while !input.is_empty() && steps < 2_000 {
        steps += 1;
        let op = input.byte();
        match op % 8 {
            // A field-less action by its wire name (every preset's calls and answers, Bacon's
            // included), for any seat: mostly refused (a veto with nothing to answer, a call
            // where an answer is due, a pick-up in another game), else applied.
            1 => {
                let kinds = Action::UNIT_KINDS;
                let kind = kinds[input.byte() as usize % kinds.len()];
                let seat = input.byte() % (seats + 2);
                let action: Action = serde_json::from_value(serde_json::json!({ "type": kind }))
                    .expect("a field-less action parses");
                apply(&mut game, seat, &action);
            }
            // Five Hundred's actions that carry a card, built from a code of any rank and suit (the
            // joker too) for any seat: a call of a partner's card, or a play naming a suit (a
            // joker led at no trump); mostly refused (a trump, one's own card, a suit named for
            // another card or another lead, the wrong phase), else applied.
            4 => {
                const RANKS: &[u8] = b"23456789TLMNJQKA";
                let b = input.byte() as usize;
                let code = if b % 17 == 16 {
                    "JK".to_owned()
                } else {
                    let r = RANKS[b % RANKS.len()] as char;
                    format!("{r}{}", ["C", "D", "H", "S"][(b / 16) % 4])
                };
                let suit = ["C", "D", "H", "S"][input.byte() as usize % 4];
                let seat = input.byte() % (seats + 2);
                let value = if input.byte() % 2 == 0 {
                    serde_json::json!({"type": "call", "card": code})
                } else {
                    serde_json::json!({"type": "play", "card": code, "suit": suit})
                };
                if let Ok(action) = serde_json::from_value::<Action>(value) {
                    apply(&mut game, seat, &action);
                }
            }
            // JSON bytes as an action, for any seat (out-of-range seats included).
            0 => {
                let raw = input.chunk(64);
                let seat = input.byte() % (seats + 2);
                if let Ok(action) = serde_json::from_slice::<Action>(raw) {
                    // What parses serialises and parses back the same.
                    let text = serde_json::to_string(&action).expect("an action serialises");
                    let again: Action = serde_json::from_str(&text).expect("and parses back");
                    assert_eq!(again, action);
                    apply(&mut game, seat, &action);
                }
            }
            // A house player moves for the seat to act.
            2 => {
                if let Some(seat) = game.turn() {
                    let strategy = if input.byte() % 2 == 0 {
                        Strategy::Random
                    } else {
                        Strategy::Heuristic
                    };
                    let action = strategy
                        .choose(&game, seat, &mut rng)
                        .expect("a house player always has a move");
                    game.apply(seat, &action)
                        .unwrap_or_else(|e| panic!("a house player's move was refused: {e}"));
                    check(&game);
                }
            }
            // A legal action of the seat to act, by index, mostly, to get deep into games.
            _ => {
                if let Some(seat) = game.turn() {
                    let legal = game.legal_actions(seat);
                    assert!(!legal.is_empty(), "the seat to act has a legal action");
                    let action = legal[input.byte() as usize % legal.len()].clone();
                    game.apply(seat, &action)
                        .unwrap_or_else(|e| panic!("a legal action was refused: {e}"));
                    check(&game);
                } else {
                    // The game is over: nothing is accepted any more.
                    let seat = input.byte() % seats;
                    let before = game.clone();
                    assert!(game.apply(seat, &Action::Pass).is_err());
                    assert_eq!(game, before);
                }
            }
        }
    }
});
