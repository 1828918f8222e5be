//! The arena: two house players against each other in duplicate, to measure which is stronger.
//!
//! ```text
//! cargo run --release --bin arena -- --preset hasenpfeffer --a expert --b heuristic --deals 2000
//! ```
//!
//! # What is measured
//!
//! - **Hands** (`--deals N`): deal `i` is the first hand of a game created with seed
//!   `base + i` (the seed fixes both the cards and the dealer). It is played twice: once with
//!   side A in the even seats (team 0) and B in the odd seats, once with the seats swapped, and
//!   only that hand is played (auction to last trick; a deal thrown in or voided scores 0 for
//!   both). The statistic per deal is the mean, over its two plays, of A's points on the hand
//!   minus B's points; the arena prints the mean of that over all deals with a 95% confidence
//!   interval (normal approximation, 1.96 standard errors over the deals), and each side's mean
//!   points per hand.
//! - **Games** (`--games G`, default `deals / 10`): whole games from seeds `base + 1_000_000 + j`,
//!   each also played twice with the seats swapped; it prints the share of those games A won
//!   (a draw counts half) with its 95% interval. Games are cut off after 500 hands (counted as
//!   draws).
//!
//! Options: `--preset` (`hasenpfeffer`, `hasenpfeffer-open`, `pepper`, `double-hasenpfeffer`),
//! `--a`/`--b` (the players, below), `--deals`, `--games`, `--players 4|6`, `--seed` (base seed,
//! default 1), `--threads` (default: all cores), `--expert-samples` and `--expert-ms` (the
//! expert's budget: worlds per decision, and its time cap in milliseconds, 0 for none; defaults
//! from `ExpertConfig::DEFAULT`), `--expert-oversample`, and `--time-decisions` (also report
//! the expert's decision times, for decisions with more than one legal action: median, p90,
//! p99, max).
//!
//! Players: `random`, `heuristic`, `expert` (the house players as a game seats them), or for
//! tuning `heuristic:NAME=VALUE,...` (see `HeuristicParams::parse`) and
//! `expert:samples=N,oversample=N,candidates=N,ms=N,play_inference=0|1`.
//!
//! All randomness comes from the seeds, so with no time cap (`--expert-ms 0`) a run is exactly
//! reproducible whatever the number of threads.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hasenpfeffer::bots::{Expert, ExpertConfig, Heuristic, HeuristicParams, Strategy};
use hasenpfeffer::engine::{Action, Game, Outcome, Preset, RulesetSpec, Seat, Viewer};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[derive(Debug, Clone, Copy)]
enum Player {
    Plain(Strategy),
    Heuristic(Heuristic),
    Expert(Expert),
}

impl Player {
    fn parse(name: &str, config: ExpertConfig) -> Result<Player, String> {
        match name {
            "random" => Ok(Player::Plain(Strategy::Random)),
            "heuristic" => Ok(Player::Plain(Strategy::Heuristic)),
            "expert" => Ok(Player::Expert(Expert::new(config))),
            _ if name.starts_with("heuristic:") => Ok(Player::Heuristic(Heuristic {
                params: HeuristicParams::parse(&name["heuristic:".len()..])?,
            })),
            _ if name.starts_with("expert:") => {
                let mut config = config;
                for kv in name["expert:".len()..].split(',').filter(|s| !s.is_empty()) {
                    let (k, v) = kv
                        .split_once('=')
                        .ok_or_else(|| format!("`{kv}`: expected name=value"))?;
                    let v: u64 = v
                        .parse()
                        .map_err(|_| format!("`{v}` is not a non-negative integer"))?;
                    match k {
                        "samples" => config.samples = (v as usize).max(1),
                        "oversample" => config.oversample = v as usize,
                        "candidates" => config.max_candidates = v as usize,
                        "play_inference" => config.play_inference = v != 0,
                        "ms" => config.time_limit = (v > 0).then(|| Duration::from_millis(v)),
                        _ => return Err(format!("unknown expert parameter `{k}`")),
                    }
                }
                Ok(Player::Expert(Expert::new(config)))
            }
            _ => Err(format!(
                "unknown player `{name}`: use random, heuristic or expert"
            )),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Player::Plain(s) => s.name(),
            Player::Heuristic(_) => "heuristic (with parameters)",
            Player::Expert(_) => "expert",
        }
    }

    fn choose(&self, game: &Game, seat: Seat, rng: &mut SmallRng) -> Option<Action> {
        match self {
            Player::Plain(s) => s.choose(game, seat, rng),
            Player::Heuristic(h) => h.choose(game, seat),
            Player::Expert(e) => e.choose(game, seat, rng),
        }
    }
}

struct Options {
    preset: Preset,
    players: Option<u8>,
    a: String,
    b: String,
    deals: usize,
    games: Option<usize>,
    seed: u64,
    threads: usize,
    config: ExpertConfig,
    time_decisions: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        preset: Preset::Hasenpfeffer,
        players: None,
        a: "expert".into(),
        b: "heuristic".into(),
        deals: 1000,
        games: None,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        config: ExpertConfig::DEFAULT,
        time_decisions: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--time-decisions" {
            o.time_decisions = true;
            continue;
        }
        if flag == "--help" || flag == "-h" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |v: &str| -> Result<u64, String> {
            v.parse()
                .map_err(|_| format!("{flag}: `{v}` is not a non-negative integer"))
        };
        match flag.as_str() {
            "--preset" => {
                o.preset = Preset::ALL
                    .into_iter()
                    .find(|p| p.name() == value)
                    .ok_or_else(|| format!("unknown preset `{value}`"))?;
            }
            "--players" => o.players = Some(num(&value)? as u8),
            "--a" => o.a = value,
            "--b" => o.b = value,
            "--deals" => o.deals = num(&value)? as usize,
            "--games" => o.games = Some(num(&value)? as usize),
            "--seed" => o.seed = num(&value)?,
            "--threads" => o.threads = (num(&value)? as usize).max(1),
            "--expert-samples" => o.config.samples = (num(&value)? as usize).max(1),
            "--expert-oversample" => o.config.oversample = num(&value)? as usize,
            "--expert-ms" => {
                let ms = num(&value)?;
                o.config.time_limit = (ms > 0).then(|| Duration::from_millis(ms));
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

const USAGE: &str = "usage: arena --preset NAME --a PLAYER --b PLAYER [--deals N] [--games G] \
[--players 4|6] [--seed S] [--threads T] [--expert-samples K] [--expert-ms MS] \
[--expert-oversample K] [--time-decisions]
  players: random, heuristic, expert (or heuristic:NAME=VALUE,... / expert:NAME=VALUE,...)
  presets: hasenpfeffer, hasenpfeffer-open, pepper, double-hasenpfeffer";

/// Mixes a seed (SplitMix64's finaliser), so neighbouring seeds give unrelated streams.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Default)]
struct Tally {
    /// Per deal: mean of A minus B over the two plays.
    diffs: Vec<f64>,
    a_points: f64,
    b_points: f64,
    hands: usize,
    a_declared: usize,
    a_made: usize,
    b_declared: usize,
    b_made: usize,
    /// Per game: 1 win, 0.5 draw, 0 loss for A.
    games: Vec<f64>,
    decision_times: Vec<Duration>,
}

struct Match<'a> {
    game: Game,
    a_team: u8,
    a: &'a Player,
    b: &'a Player,
    rng: SmallRng,
    timed: bool,
    times: Vec<Duration>,
}

impl Match<'_> {
    /// Plays one action; false when the game is over.
    fn step(&mut self) -> bool {
        let Some(seat) = self.game.turn() else {
            return false;
        };
        let player = if seat % 2 == self.a_team {
            self.a
        } else {
            self.b
        };
        let t = Instant::now();
        let action = player
            .choose(&self.game, seat, &mut self.rng)
            .expect("a player to act has a legal action");
        if self.timed && matches!(player, Player::Expert(_)) {
            let legal = self.game.view(Viewer::Seat(seat)).legal_actions.len();
            if legal > 1 {
                self.times.push(t.elapsed());
            }
        }
        self.game
            .apply(seat, &action)
            .expect("players only choose legal actions");
        true
    }
}

fn run() -> Result<(), String> {
    let o = parse_args()?;
    let spec = RulesetSpec {
        preset: o.preset,
        players: o.players,
        ..RulesetSpec::default()
    };
    let rules = spec.build().map_err(|e| e.message)?;
    let a = Player::parse(&o.a, o.config)?;
    let b = Player::parse(&o.b, o.config)?;
    let games = o.games.unwrap_or(o.deals / 10);
    println!(
        "arena: {} ({} players), A = {} vs B = {}, {} deals and {} games in duplicate, base seed {}, {} threads, expert budget {} worlds / {}",
        o.preset.name(),
        rules.players,
        a.name(),
        b.name(),
        o.deals,
        games,
        o.seed,
        o.threads,
        o.config.samples,
        o.config
            .time_limit
            .map_or("no time cap".to_string(), |d| format!(
                "{} ms",
                d.as_millis()
            )),
    );
    let started = Instant::now();
    let tally = Mutex::new(Tally::default());
    let next = AtomicUsize::new(0);
    let jobs = o.deals + games;
    std::thread::scope(|scope| {
        for _ in 0..o.threads {
            scope.spawn(|| {
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    let whole_game = job >= o.deals;
                    let seed = if whole_game {
                        o.seed + 1_000_000 + (job - o.deals) as u64
                    } else {
                        o.seed + job as u64
                    };
                    let mut results = [0.0f64; 2];
                    let mut local = Tally::default();
                    for (run, a_team) in [0u8, 1].into_iter().enumerate() {
                        let mut m = Match {
                            game: Game::new(rules, seed, None).expect("valid rules"),
                            a_team,
                            a: &a,
                            b: &b,
                            rng: SmallRng::seed_from_u64(mix(seed ^ mix(run as u64 + 7))),
                            timed: o.time_decisions,
                            times: Vec::new(),
                        };
                        if whole_game {
                            while m.game.hand_number() < 500 && m.step() {}
                            results[run] = match m.game.outcome() {
                                Some(Outcome::Winner(t)) if t == a_team => 1.0,
                                Some(Outcome::Winner(_)) => 0.0,
                                _ => 0.5,
                            };
                        } else {
                            while m.game.hand_number() == 0 && m.step() {}
                            let h = m.game.last_hand().expect("the hand was played");
                            let d = h.score_delta;
                            let (pa, pb) = (d[a_team as usize], d[1 - a_team as usize]);
                            results[run] = f64::from(pa - pb);
                            local.a_points += f64::from(pa);
                            local.b_points += f64::from(pb);
                            local.hands += 1;
                            if let Some(c) = h.contract
                                && h.result == hasenpfeffer::engine::HandResult::Played
                            {
                                let team = c.seat % 2;
                                let made = h.tricks_won[team as usize] >= c.bid.tricks;
                                if team == a_team {
                                    local.a_declared += 1;
                                    local.a_made += usize::from(made);
                                } else {
                                    local.b_declared += 1;
                                    local.b_made += usize::from(made);
                                }
                            }
                        }
                        local.decision_times.extend(m.times);
                    }
                    let mut t = tally.lock().expect("tally lock");
                    if whole_game {
                        t.games.extend(results);
                    } else {
                        t.diffs.push((results[0] + results[1]) / 2.0);
                        t.a_points += local.a_points;
                        t.b_points += local.b_points;
                        t.hands += local.hands;
                        t.a_declared += local.a_declared;
                        t.a_made += local.a_made;
                        t.b_declared += local.b_declared;
                        t.b_made += local.b_made;
                    }
                    t.decision_times.extend(local.decision_times);
                }
            });
        }
    });
    let mut t = tally.into_inner().expect("tally lock");
    let elapsed = started.elapsed();
    let mean_ci = |v: &[f64]| -> (f64, f64) {
        let n = v.len() as f64;
        if v.is_empty() {
            return (0.0, 0.0);
        }
        let mean = v.iter().sum::<f64>() / n;
        let var = if v.len() > 1 {
            v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        (mean, 1.96 * (var / n).sqrt())
    };
    if !t.diffs.is_empty() {
        let (m, ci) = mean_ci(&t.diffs);
        let hands = t.hands.max(1) as f64;
        println!(
            "hands: {} deals x 2 plays; mean points per hand: A {:.3}, B {:.3}",
            t.diffs.len(),
            t.a_points / hands,
            t.b_points / hands
        );
        println!(
            "A - B points per hand (per deal pair): {m:+.3} +/- {ci:.3} (95% CI [{:+.3}, {:+.3}])",
            m - ci,
            m + ci
        );
        let pct = |made: usize, of: usize| 100.0 * made as f64 / of.max(1) as f64;
        println!(
            "contracts: A declared {} ({:.1}% made), B declared {} ({:.1}% made)",
            t.a_declared,
            pct(t.a_made, t.a_declared),
            t.b_declared,
            pct(t.b_made, t.b_declared)
        );
    }
    if !t.games.is_empty() {
        let (m, ci) = mean_ci(&t.games);
        println!(
            "games: {} ({} seeds x 2); A's share of games won: {:.1}% +/- {:.1}% (draws count half)",
            t.games.len(),
            t.games.len() / 2,
            100.0 * m,
            100.0 * ci
        );
    }
    if o.time_decisions && !t.decision_times.is_empty() {
        t.decision_times.sort_unstable();
        let q = |p: f64| {
            let i = ((t.decision_times.len() - 1) as f64 * p).round() as usize;
            t.decision_times[i].as_secs_f64() * 1000.0
        };
        println!(
            "expert decisions with a choice: {}; median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            t.decision_times.len(),
            q(0.5),
            q(0.9),
            q(0.99),
            q(1.0)
        );
    }
    println!("elapsed {:.1} s", elapsed.as_secs_f64());
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("arena: {e}");
            }
            eprintln!("{USAGE}");
            if e.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
    }
}
