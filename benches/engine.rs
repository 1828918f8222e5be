//! Engine throughput: random full hands and random full games per second, for each preset.
//!
//! Run with `cargo bench --bench engine`. The driver is the cheapest possible random player: a
//! SplitMix64 generator, one reused `legal_actions_into` buffer, and no views. In the auction it
//! passes three times in four when it may (otherwise a uniformly random legal bid), because
//! uniformly random bidding makes games of pepper and double Hasenpfeffer practically endless.
//! A game is cut off after `MAX_HANDS` hands.
//!
//! - `hands/<preset>`: one iteration plays until one hand has been played out to its last trick
//!   (deals thrown in or voided on the way are included in the time); games are continued, and
//!   a new game is started when one ends.
//! - `games/<preset>`: one iteration plays a whole game from a fresh seed.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hasenpfeffer::engine::shuffle::SplitMix64;
use hasenpfeffer::engine::{Action, Game, HandResult, Phase, Ruleset, RulesetSpec};

/// Games longer than this are cut off.
const MAX_HANDS: u32 = 200;

/// A random player.
struct Driver {
    rng: SplitMix64,
    buf: Vec<Action>,
    seed: u64,
}

impl Driver {
    fn new(seed: u64) -> Self {
        Driver {
            rng: SplitMix64::new(seed),
            buf: Vec::with_capacity(128),
            seed,
        }
    }

    /// One random legal action. Returns whether a hand was played out.
    fn step(&mut self, game: &mut Game) -> bool {
        let seat = game.turn().expect("the game is not over");
        game.legal_actions_into(seat, &mut self.buf);
        let n = self.buf.len() as u64;
        let i = if game.phase() == Phase::Auction && self.buf[0] == Action::Pass && n > 1 {
            if self.rng.below(4) != 0 {
                0
            } else {
                1 + self.rng.below(n - 1)
            }
        } else {
            self.rng.below(n)
        };
        let applied = game.apply(seat, &self.buf[i as usize]).expect("legal");
        applied
            .finished_hands
            .iter()
            .any(|h| h.summary.result == HandResult::Played)
    }

    fn new_game(&mut self, rules: Ruleset) -> Game {
        self.seed = self.seed.wrapping_add(1);
        Game::new(rules, self.seed, None).expect("valid ruleset")
    }

    /// Plays until one hand is played out, starting a new game when one ends.
    fn play_hand(&mut self, game: &mut Game) {
        loop {
            if game.is_over() || game.hand_number() >= MAX_HANDS {
                *game = self.new_game(*game.rules());
            }
            if self.step(game) {
                return;
            }
        }
    }

    /// Plays a whole game (cut off at `MAX_HANDS`); returns its number of hands.
    fn play_game(&mut self, rules: Ruleset) -> u32 {
        let mut game = self.new_game(rules);
        while !game.is_over() && game.hand_number() < MAX_HANDS {
            self.step(&mut game);
        }
        game.hand_number()
    }
}

fn rulesets() -> Vec<(&'static str, Ruleset)> {
    let mut v = Vec::new();
    for preset in hasenpfeffer::engine::Preset::ALL {
        v.push((preset.name(), preset.rules()));
    }
    let six = RulesetSpec {
        preset: hasenpfeffer::engine::Preset::DoubleHasenpfeffer,
        players: Some(6),
        ..RulesetSpec::default()
    }
    .build()
    .expect("valid");
    v.push(("double-hasenpfeffer-6", six));
    v
}

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("hands");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in rulesets() {
        let mut driver = Driver::new(1);
        let mut game = driver.new_game(rules);
        group.bench_function(name, |b| {
            b.iter(|| {
                driver.play_hand(&mut game);
                black_box(game.scores())
            })
        });
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in rulesets() {
        let mut driver = Driver::new(1_000_000);
        group.bench_function(name, |b| b.iter(|| black_box(driver.play_game(rules))));
    }
    group.finish();
}

criterion_group!(benches, hands, games);
criterion_main!(benches);
