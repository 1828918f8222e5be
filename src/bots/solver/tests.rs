//! The solver against plain minimax over the engine's own rules, on random small positions of
//! every game.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{Solver, coalition};
use crate::bots::Strategy;
use crate::engine::{
    Action, Card, DefenderPoints, Game, Phase, Preset, Ruleset, RulesetSpec, SideForm, Trump,
};

/// Every game the solver plays: the presets, double Hasenpfeffer for 6, Five Hundred for 2 to
/// 6 (both six-player sides, both defender scorings), pepper for 2 and 3, Euchre with a lone
/// defender.
fn rulesets() -> Vec<Ruleset> {
    let mut v: Vec<Ruleset> = Preset::ALL.iter().map(|p| p.rules()).collect();
    let spec = |preset, players| RulesetSpec {
        preset,
        players: Some(players),
        ..Default::default()
    };
    v.push(spec(Preset::DoubleHasenpfeffer, 6).build().unwrap());
    v.push(spec(Preset::Pepper, 2).build().unwrap());
    v.push(spec(Preset::Pepper, 3).build().unwrap());
    for n in [2, 3, 5, 6] {
        v.push(spec(Preset::FiveHundred, n).build().unwrap());
    }
    v.push(
        RulesetSpec {
            sides: Some(SideForm::TeamsOf2),
            ..spec(Preset::FiveHundred, 6)
        }
        .build()
        .unwrap(),
    );
    v.push(
        RulesetSpec {
            defender_points: Some(DefenderPoints::OwnTricks),
            ..spec(Preset::FiveHundred, 3)
        }
        .build()
        .unwrap(),
    );
    v.push(
        RulesetSpec {
            lone_defender: Some(true),
            ..spec(Preset::Euchre, 4)
        }
        .build()
        .unwrap(),
    );
    v
}

/// A position in the play with at most `per_seat` cards in any hand and `total` in all: the
/// auction and exchange played by a mix of random and heuristic players (going alone half the
/// time it may), then random cards.
fn small_position(rules: Ruleset, seed: u64, per_seat: usize, total: usize) -> Option<Game> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Game::new(rules, seed, None).ok()?;
    let n = rules.players;
    for _ in 0..2000 {
        let seat = g.turn()?;
        if g.phase() == Phase::Play {
            let cards: Vec<usize> = (0..n)
                .filter(|&s| g.sitting_out() & (1 << s) == 0)
                .map(|s| g.hand_of(s).len())
                .collect();
            if cards.iter().all(|&c| c <= per_seat) && cards.iter().sum::<usize>() <= total {
                // Then a few cards more, to stop within a trick as often as at its start.
                for _ in 0..rng.random_range(0..cards.len()) {
                    let seat = g.turn()?;
                    let legal = g.legal_actions(seat);
                    let a = legal[rng.random_range(0..legal.len())].clone();
                    g.apply(seat, &a).ok()?;
                }
                return (g.phase() == Phase::Play).then_some(g);
            }
        }
        let strategy = if rng.random_bool(0.5) {
            Strategy::Random
        } else {
            Strategy::Heuristic
        };
        let mut a = strategy.choose(&g, seat, &mut rng)?;
        if g.phase() == Phase::Alone && rng.random_bool(0.5) {
            let alone = Action::Alone { alone: true };
            if g.legal_actions(seat).contains(&alone) {
                a = alone;
            }
        }
        if g.phase() == Phase::Auction && rng.random_bool(0.3) {
            // Often enough a contract at no trump or misère (Five Hundred).
            let special: Vec<Action> = g
                .legal_actions(seat)
                .into_iter()
                .filter(|a| {
                    a.as_bid()
                        .is_some_and(|b| b.misere.is_some() || b.trump == Some(Trump::NoTrump))
                })
                .collect();
            if !special.is_empty() {
                a = special[rng.random_range(0..special.len())].clone();
            }
        }
        let hand = g.hand_number();
        g.apply(seat, &a).ok()?;
        if g.hand_number() != hand {
            // The hand ended before its play reached the size: start the next one.
            continue;
        }
    }
    None
}

/// Plain minimax over `Game::apply`: the tricks left (the one in progress included) that the
/// seats in `target` take when the seats in `maxers` want them many and the others few.
fn minimax(g: &Game, target: u8, maxers: u8) -> i8 {
    let Some(seat) = g.turn() else { return 0 };
    if g.phase() != Phase::Play {
        return 0;
    }
    let maxing = maxers & (1 << seat) != 0;
    let mut best: Option<i8> = None;
    for a in g.legal_actions(seat) {
        let v = after(g, seat, &a, target, maxers);
        best = Some(match best {
            None => v,
            Some(b) if maxing => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap_or(0)
}

/// The minimax value after `seat` plays `a`.
fn after(g: &Game, seat: u8, a: &Action, target: u8, maxers: u8) -> i8 {
    let hand = g.hand_number();
    let done = g.tricks().len();
    let mut c = g.clone();
    c.apply(seat, a).unwrap();
    let won = |w: Option<u8>| i8::from(w.is_some_and(|w| target & (1 << w) != 0));
    if c.hand_number() != hand || c.is_over() {
        won(c.last_tricks.last().and_then(|t| t.winner))
    } else if c.tricks().len() > done {
        won(c.tricks().last().and_then(|t| t.winner)) + minimax(&c, target, maxers)
    } else {
        minimax(&c, target, maxers)
    }
}

/// On random small positions of every game, for the seat to play and for another seat, the
/// solver's value and its value of every legal action equal plain minimax's, and its actions
/// are the engine's legal actions.
#[test]
fn the_solver_agrees_with_minimax_on_small_positions_of_every_game() {
    let mut checked = 0;
    let mut misere = 0;
    let mut sitting_out = 0;
    let mut mid_trick = 0;
    let mut nt_joker = 0;
    let mut joker_lead_renounced = 0;
    for (r, rules) in rulesets().into_iter().enumerate() {
        let started = std::time::Instant::now();
        let n = rules.players;
        let (per_seat, total) = match n {
            2 => (4, 8),
            3 => (3, 9),
            _ => (3, 12),
        };
        let mut found = 0;
        let mut seed = 1000 * r as u64;
        while found < 20 && seed < 1000 * r as u64 + 400 {
            seed += 1;
            let Some(g) = small_position(rules, seed, per_seat, total) else {
                continue;
            };
            found += 1;
            let to_play = g.turn().unwrap();
            if g.contract().is_some_and(|c| c.bid.misere.is_some()) {
                misere += 1;
            }
            if g.sitting_out() != 0 {
                sitting_out += 1;
            }
            if g.trump() == Some(Trump::NoTrump)
                && (0..n).any(|s| g.hand_of(s).contains(&Card::JOKER))
            {
                nt_joker += 1;
            }
            if g.trump() == Some(Trump::NoTrump)
                && g.current_trick().plays.is_empty()
                && g.hand_of(to_play).contains(&Card::JOKER)
                && g.renounced()[to_play as usize] & 0xF != 0
            {
                joker_lead_renounced += 1;
            }
            if !g.current_trick().plays.is_empty() {
                mid_trick += 1;
            }
            for me in [to_play, (to_play + 1 + (seed as u8 % (n - 1))) % n] {
                let (target, maxers) = coalition(&g, me);
                let expected = minimax(&g, target, maxers);
                let mut solver = Solver::new(&g, target, maxers).unwrap();
                assert_eq!(
                    solver.value(),
                    expected,
                    "{} seed {seed}, seat {me}: the position's value",
                    rules.preset.name()
                );
                let values = solver.action_values();
                let mut legal = g.legal_actions(to_play);
                let mut ours: Vec<Action> = values.iter().map(|(a, _)| a.clone()).collect();
                legal.sort_by_key(|a| format!("{a:?}"));
                ours.sort_by_key(|a| format!("{a:?}"));
                assert_eq!(ours, legal, "{} seed {seed}", rules.preset.name());
                for (a, v) in values {
                    assert_eq!(
                        v,
                        after(&g, to_play, &a, target, maxers),
                        "{} seed {seed}, seat {me}, {a:?}",
                        rules.preset.name()
                    );
                }
                checked += 1;
            }
        }
        eprintln!(
            "{} for {n}: {found} positions in {:?}",
            rules.preset.name(),
            started.elapsed()
        );
        assert!(
            found >= 6,
            "{}: only {found} positions",
            rules.preset.name()
        );
    }
    assert!(checked > 150, "{checked} positions checked");
    assert!(sitting_out > 0, "no position with a seat sitting out");
    assert!(mid_trick > 20, "{mid_trick} positions within a trick");
    assert!(
        misere > 0 && nt_joker > 0,
        "{misere} at misère, {nt_joker} with the joker at no trump"
    );
    eprintln!(
        "{checked} checked: {misere} at misère, {nt_joker} with the joker out at no trump, \
         {sitting_out} with a seat out, {mid_trick} within a trick, {joker_lead_renounced} \
         leading the joker at no trump after a renounce"
    );
}

/// Plain minimax over `Game::apply` of the hand's points for `me`'s side minus the other's, as
/// the expert scores a world (the engine's own scoring at the hand's end), `me`'s side
/// maximizing.
fn margin_minimax(g: &Game, me: u8) -> f64 {
    let hand = g.hand_number();
    let rules = g.rules();
    let Some(seat) = g.turn().filter(|_| g.phase() == Phase::Play) else {
        unreachable!("called in the play only")
    };
    let ours = rules.sides().same(seat, me);
    let mut best: Option<f64> = None;
    for a in g.legal_actions(seat) {
        let mut c = g.clone();
        c.apply(seat, &a).unwrap();
        let v = if c.hand_number() != hand || c.is_over() {
            let d = c.last_hand().unwrap().score_delta;
            let own = f64::from(d[rules.sides().of(me) as usize]);
            let other = d.iter().map(|&x| f64::from(x)).sum::<f64>() - own;
            if rules.counts_down() {
                other - own
            } else {
                own - other
            }
        } else {
            margin_minimax(&c, me)
        };
        best = Some(match best {
            None => v,
            Some(b) if ours => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap()
}

/// What the expert scores each card with in a world it solves (the tricks turned into the
/// hand's points by the engine's scoring) equals plain minimax over those points, in every
/// game of two sides (where the points follow the tricks).
#[test]
fn the_experts_solved_scores_are_the_hands_points_with_best_play() {
    let mut checked = 0;
    for (r, rules) in rulesets()
        .into_iter()
        .filter(|r| r.players == 2 || r.sides() == crate::engine::Sides::Partners { teams: 2 })
        .enumerate()
    {
        let (per_seat, total) = if rules.players == 2 { (4, 8) } else { (3, 12) };
        for seed in 0..12u64 {
            let Some(g) = small_position(rules, 50_000 + 100 * r as u64 + seed, per_seat, total)
            else {
                continue;
            };
            let seat = g.turn().unwrap();
            let legal = g.legal_actions(seat);
            let row = crate::bots::expert::solved_row(&g, seat, &legal).unwrap();
            for (a, score) in legal.iter().zip(&row) {
                let mut c = g.clone();
                let hand = c.hand_number();
                c.apply(seat, a).unwrap();
                let expected = if c.hand_number() != hand || c.is_over() {
                    let d = c.last_hand().unwrap().score_delta;
                    let own = f64::from(d[rules.sides().of(seat) as usize]);
                    let other = d.iter().map(|&x| f64::from(x)).sum::<f64>() - own;
                    if rules.counts_down() {
                        other - own
                    } else {
                        own - other
                    }
                } else {
                    margin_minimax(&c, seat)
                };
                assert_eq!(
                    *score,
                    expected,
                    "{} seed {seed}, seat {seat}, {a:?}",
                    rules.preset.name()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} cards checked");
}

/// Five Hundred at no trump: a seat that leads the joker after renouncing a suit may name only
/// the suits it has not renounced; the solver's actions and values agree with the engine's and
/// with minimax in such positions (rare in the random positions above, so sought here: a
/// contract at no trump, the joker's holder keeping it while others play at random).
#[test]
fn a_led_joker_names_only_suits_not_renounced() {
    let mut checked = 0;
    for players in [3u8, 4] {
        let rules = RulesetSpec {
            preset: Preset::FiveHundred,
            players: Some(players),
            ..Default::default()
        }
        .build()
        .unwrap();
        for seed in 0..400u64 {
            if checked >= 8 * usize::from(players) {
                break;
            }
            let mut rng = SmallRng::seed_from_u64(seed);
            let Ok(mut g) = Game::new(rules, seed, None) else {
                continue;
            };
            let mut found = None;
            while let Some(seat) = g.turn() {
                let hand = g.hand_number();
                let legal = g.legal_actions(seat);
                let a = match g.phase() {
                    Phase::Auction => legal
                        .iter()
                        .find(|a| a.as_bid().is_some_and(|b| b.trump == Some(Trump::NoTrump)))
                        .cloned()
                        .unwrap_or(Action::Pass),
                    Phase::Play => {
                        let cards: usize = (0..players).map(|s| g.hand_of(s).len()).sum();
                        if g.current_trick().plays.is_empty()
                            && g.hand_of(seat).contains(&Card::JOKER)
                            && g.renounced()[seat as usize] & 0xF != 0
                            && cards <= 12
                        {
                            found = Some(g.clone());
                            break;
                        }
                        // The joker kept back while there is another card.
                        let others: Vec<&Action> = legal
                            .iter()
                            .filter(|a| !matches!(a, Action::Play { card, .. } if card.is_joker()))
                            .collect();
                        if others.is_empty() {
                            legal[0].clone()
                        } else {
                            others[rng.random_range(0..others.len())].clone()
                        }
                    }
                    _ => Strategy::Heuristic.choose(&g, seat, &mut rng).unwrap(),
                };
                if g.apply(seat, &a).is_err() || g.hand_number() != hand {
                    break;
                }
            }
            let Some(g) = found else { continue };
            let seat = g.turn().unwrap();
            let (target, maxers) = coalition(&g, seat);
            let mut solver = Solver::new(&g, target, maxers).unwrap();
            assert_eq!(solver.value(), minimax(&g, target, maxers), "seed {seed}");
            let values = solver.action_values();
            let mut legal = g.legal_actions(seat);
            let mut ours: Vec<Action> = values.iter().map(|(a, _)| a.clone()).collect();
            legal.sort_by_key(|a| format!("{a:?}"));
            ours.sort_by_key(|a| format!("{a:?}"));
            assert_eq!(ours, legal, "seed {seed}");
            for (a, v) in values {
                assert_eq!(v, after(&g, seat, &a, target, maxers), "seed {seed}, {a:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} positions found");
}
