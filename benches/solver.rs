//! The open-hand solver (`bots::open_hand_values`): one iteration solves one position for the
//! seat to play, every legal card valued exactly (what the expert does in each world it samples
//! in the play).
//!
//! Run with `cargo bench --no-default-features --bench solver`. Positions: for each game, 16
//! deals (seeds 1..=16) bid and played by the heuristic until at most `cards` cards are left
//! in the hands in play (`solve/<game>/<cards>`; 24 is where the default expert starts to
//! solve); an iteration takes the next position in turn, so a figure is the mean over them.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hasenpfeffer::bots::{Strategy, open_hand_values};
use hasenpfeffer::engine::{Game, Phase, Preset, Ruleset, RulesetSpec, Viewer};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The cards left in the hands of the seats in play (a seat sitting out keeps its cards).
fn cards_in_play(game: &Game) -> usize {
    let out = game.view(Viewer::Spectator).sitting_out;
    (0..game.rules().players)
        .filter(|s| !out.contains(s))
        .map(|s| game.hand_of(s).len())
        .sum()
}

/// A position of `rules` from `seed` with at most `cards` cards in play, the seat to play
/// having a choice; None if the first hand ends first.
fn position(rules: Ruleset, seed: u64, cards: usize) -> Option<Game> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Game::new(rules, seed, None).ok()?;
    while let Some(seat) = g.turn() {
        if g.hand_number() > 0 {
            return None;
        }
        if g.phase() == Phase::Play && cards_in_play(&g) <= cards && g.legal_actions(seat).len() > 1
        {
            return Some(g);
        }
        let a = Strategy::Heuristic.choose(&g, seat, &mut rng)?;
        g.apply(seat, &a).ok()?;
    }
    None
}

fn rulesets() -> Vec<(String, Ruleset)> {
    let spec = |preset, players| {
        RulesetSpec {
            preset,
            players: Some(players),
            ..Default::default()
        }
        .build()
        .unwrap()
    };
    vec![
        ("hasenpfeffer".into(), Preset::Hasenpfeffer.rules()),
        ("pepper".into(), Preset::Pepper.rules()),
        ("pepper-3".into(), spec(Preset::Pepper, 3)),
        ("euchre".into(), Preset::Euchre.rules()),
        ("buck-euchre".into(), Preset::BuckEuchre.rules()),
        ("bacon".into(), Preset::Bacon.rules()),
        (
            "double-hasenpfeffer".into(),
            Preset::DoubleHasenpfeffer.rules(),
        ),
        (
            "double-hasenpfeffer-6".into(),
            spec(Preset::DoubleHasenpfeffer, 6),
        ),
        ("five-hundred".into(), Preset::FiveHundred.rules()),
        ("five-hundred-3".into(), spec(Preset::FiveHundred, 3)),
        ("five-hundred-6".into(), spec(Preset::FiveHundred, 6)),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(20);
    for (name, rules) in rulesets() {
        for cards in [24, 32] {
            let positions: Vec<Game> = (1..=16)
                .filter_map(|seed| position(rules, seed, cards))
                .collect();
            if positions.is_empty() {
                continue;
            }
            let mut i = 0;
            group.bench_function(format!("{name}/{cards}"), |b| {
                b.iter(|| {
                    let g = &positions[i % positions.len()];
                    i += 1;
                    black_box(open_hand_values(g, g.turn().unwrap()))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
