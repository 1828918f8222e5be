//! `max_hands`: a game ends after that many hands when nobody has won before, the best score
//! winning and equal best scores tying (a duplicate match's deal is a game of one hand).

use crate::engine::{Game, Outcome, Preset, RulesetSpec, Viewer};

/// Plays `game` to its end with the first legal action of every turn mixed by `pick` (a
/// deterministic walk: no randomness in the rule under test), at most `limit` actions.
fn play_out(game: &mut Game, pick: &mut u64, limit: usize) {
    for _ in 0..limit {
        let Some(seat) = game.turn() else { return };
        let legal = game.view(Viewer::Seat(seat)).legal_actions;
        assert!(!legal.is_empty(), "a seat to act has a legal action");
        // A cheap LCG over the legal actions: many different hands, reproducible.
        *pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = legal[((*pick >> 33) as usize) % legal.len()].clone();
        game.apply(seat, &action).expect("a legal action applies");
    }
    panic!("the game did not end within {limit} actions");
}

fn spec(preset: Preset, players: u8, max_hands: u32) -> RulesetSpec {
    RulesetSpec {
        preset,
        players: Some(players),
        max_hands: Some(max_hands),
        ..RulesetSpec::default()
    }
}

/// The outcome the rule gives for final `scores`: the best (lowest when counting down) wins
/// alone, or shared it is a draw.
fn best_score_outcome(scores: &[i32], counts_down: bool) -> Outcome {
    let best = if counts_down {
        *scores.iter().min().unwrap()
    } else {
        *scores.iter().max().unwrap()
    };
    let holders: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == best).collect();
    if holders.len() == 1 {
        Outcome::Winner(holders[0] as u8)
    } else {
        Outcome::Draw
    }
}

#[test]
fn one_hand_games_end_after_their_first_hand_in_every_preset_and_player_count() {
    let mut pick = 17;
    let mut built = Vec::new();
    for preset in Preset::ALL {
        for &players in preset.player_counts() {
            // Some player counts need other options too (six players a bigger deck and an
            // all-pass rule of that deck): those are other tests' business.
            let Ok(rules) = spec(preset, players, 1).build() else {
                continue;
            };
            built.push((preset, players));
            assert_eq!(rules.max_hands, 1);
            for seed in 0..12 {
                let mut game = Game::new(rules, seed, None).unwrap();
                play_out(&mut game, &mut pick, 2_000);
                assert_eq!(game.hand_number(), 0, "{preset:?} {players}: one hand only");
                let scores: Vec<i32> = game.scores().iter().copied().collect();
                // Only a win the preset's own rule gives on the first hand may differ (Buck
                // Euchre's all five tricks, a Five Hundred contract): otherwise the best score.
                let expected = best_score_outcome(&scores, rules.counts_down());
                let outcome = game.outcome().expect("the game is over");
                if outcome != expected {
                    assert!(
                        matches!(preset, Preset::BuckEuchre | Preset::FiveHundred),
                        "{preset:?} {players} seed {seed}: {outcome:?} for scores {scores:?}"
                    );
                }
            }
        }
    }
    for preset in Preset::ALL {
        assert!(built.iter().any(|(p, _)| *p == preset), "{preset:?} tested");
    }
    assert!(built.len() >= 14, "{built:?}");
}

#[test]
fn a_limit_of_three_hands_ends_the_game_by_the_third_and_the_best_score_wins() {
    let mut pick = 5;
    let mut reached_limit = 0;
    for preset in [Preset::Hasenpfeffer, Preset::Euchre, Preset::Pepper] {
        let rules = spec(preset, 4, 3).build().unwrap();
        for seed in 0..20 {
            let mut game = Game::new(rules, seed, None).unwrap();
            play_out(&mut game, &mut pick, 5_000);
            assert!(game.hand_number() <= 2, "{preset:?}: at most three hands");
            let scores: Vec<i32> = game.scores().iter().copied().collect();
            let reached_target = scores.iter().any(|&s| s >= rules.target_score);
            if !reached_target {
                reached_limit += 1;
                assert_eq!(
                    game.hand_number(),
                    2,
                    "ended by the limit, on the third hand"
                );
                assert_eq!(game.outcome(), Some(best_score_outcome(&scores, false)));
            }
        }
    }
    assert!(
        reached_limit > 30,
        "most short games end by the limit: {reached_limit}"
    );
}

#[test]
fn without_the_option_games_have_no_hand_limit_and_bad_limits_are_refused() {
    let rules = RulesetSpec::default().build().unwrap();
    assert_eq!(rules.max_hands, 0);
    for bad in [0, 1001] {
        let err = spec(Preset::Euchre, 4, bad).build().unwrap_err();
        assert_eq!(err.code, "max_hands_out_of_range", "{bad}");
    }
    assert!(spec(Preset::Euchre, 4, 1000).build().is_ok());
}
