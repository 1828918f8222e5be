//! Engine throughput: random full hands and random full games per second, for each preset.
//!
//! Run with `cargo bench --bench engine`. The driver is the cheapest possible random player: a
//! SplitMix64 generator, one reused `legal_actions_into` buffer, and no views. It plays like the
//! property tests' random player: in the auction it passes three times in four when it may,
//! otherwise bids the lowest legal bid or (half the time) a uniformly random one, because
//! uniformly random bidding makes games of pepper and double Hasenpfeffer practically endless;
//! it goes alone one time in five; every other choice is uniform. A game is cut off after
//! `MAX_HANDS` hands (the bench prints how many hands a game takes and how many are cut off).
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

    /// A random number in `0..n`: Lemire's multiply-high, without the rejection step (its
    /// bias, at most n/2^64, does not matter here, and it saves a division).
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.rng.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// One random legal action. Returns whether a hand was played out.
    fn step(&mut self, game: &mut Game) -> bool {
        let seat = game.turn().expect("the game is not over");
        game.legal_actions_into(seat, &mut self.buf);
        let n = self.buf.len() as u64;
        let i = if game.phase() == Phase::Auction && self.buf[0] == Action::Pass && n > 1 {
            if self.below(4) != 0 {
                0
            } else if self.below(2) == 0 {
                1
            } else {
                1 + self.below(n - 1)
            }
        } else if game.phase() == Phase::Alone {
            u64::from(self.below(5) == 0)
        } else {
            self.below(n)
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

    /// Plays a whole game (cut off at `MAX_HANDS`); returns its number of deals.
    fn play_game(&mut self, rules: Ruleset) -> u32 {
        let mut game = self.new_game(rules);
        while !game.is_over() && game.hand_number() < MAX_HANDS {
            self.step(&mut game);
        }
        game.hand_number() + u32::from(game.is_over())
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
    // Five Hundred for each other player count (the preset's own is 4).
    for (name, players) in [
        ("five-hundred-2", 2),
        ("five-hundred-3", 3),
        ("five-hundred-5", 5),
        ("five-hundred-6", 6),
    ] {
        let rules = RulesetSpec {
            preset: hasenpfeffer::engine::Preset::FiveHundred,
            players: Some(players),
            ..RulesetSpec::default()
        }
        .build()
        .expect("valid");
        v.push((name, rules));
    }
    // OpenSpiel's Euchre (24 cards, stick the dealer, the dealer must pick up, no lone
    // defender): the same game as ours with these options, the anchor of
    // `scripts/openspiel-bench.sh`. (The engine plays Euchre; the service does not offer it
    // yet.)
    let euchre = RulesetSpec {
        preset: hasenpfeffer::engine::Preset::Euchre,
        deck: Some(hasenpfeffer::engine::DeckKind::Euchre24),
        stick_the_dealer: Some(true),
        dealer_pickup: Some(hasenpfeffer::engine::DealerPickup::Mandatory),
        ..RulesetSpec::default()
    }
    .build()
    .expect("valid");
    v.push(("euchre-openspiel", euchre));
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
        // What a random game looks like, for the record.
        let mut driver = Driver::new(77);
        let (mut total, mut cut) = (0u64, 0u32);
        for _ in 0..2000 {
            let hands = driver.play_game(rules);
            total += u64::from(hands);
            cut += u32::from(hands >= MAX_HANDS);
        }
        eprintln!(
            "{name}: a random game takes {:.1} deals on average; {cut} of 2000 cut off at {MAX_HANDS}",
            total as f64 / 2000.0
        );
        let mut driver = Driver::new(1_000_000);
        group.bench_function(name, |b| b.iter(|| black_box(driver.play_game(rules))));
    }
    group.finish();
}

criterion_group!(benches, hands, games);
criterion_main!(benches);
