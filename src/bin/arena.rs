//! The arena: two house players against each other in duplicate, to measure which is stronger.
//!
//! ```text
//! cargo run --release --bin arena -- --preset hasenpfeffer --a expert --b heuristic --deals 2000
//! ```
//!
//! # What is measured
//!
//! - **Hands** (`--deals N`): deal `i` is the first hand of a game created with seed
//!   `base + i` (the seed fixes both the cards and the dealer). Only that hand is played
//!   (auction to last trick; a deal thrown in or voided scores 0 for every side), several times
//!   with the same cards, in seatings that give A and B each seat equally often:
//!   - **Two partnerships** (4 or 6 players): twice, once with side A in the even seats (team 0)
//!     and B in the odd seats, once with the seats swapped. The statistic per deal is the mean,
//!     over its two plays, of A's points on the hand minus B's points.
//!   - **Every player alone** (pepper for 3, `--players 3`): with `n` players, `2n` plays, two
//!     for each seat `s` (every seat rotation): A alone at `s` with B in every other seat, then
//!     B alone at `s` with A in every other seat. In each play the arena takes the mean points
//!     of A's seats minus the mean points of B's seats (a seat's points are its side's, so
//!     with A alone at `s`: `s`'s points minus the others' mean). The two plays of a seat put
//!     each player alone in the same cards against the other, so the luck of the cards at `s`
//!     (and at the other seats, as a group) cancels; averaging over the `n` seats cancels the
//!     position at the table too. The statistic per deal is the mean over its `2n` plays, in
//!     points per seat per hand; with two equal players its expectation is 0.
//!
//!   Where scores count down (`buck-euchre`: fewer points are better) the statistic is B's
//!   points minus A's, so that a positive value still means A is stronger.
//!
//!   The arena prints the mean of the statistic over all deals with a 95% confidence interval
//!   (normal approximation, 1.96 standard errors over the deals, which are independent), each
//!   player's mean points per hand (per seat with every player alone), and the contracts each
//!   declared and made.
//! - **Games** (`--games G`, default `deals / 10`): whole games from seeds `base + 1_000_000 + j`,
//!   each played in the same seatings as a deal; it prints the share of those games A won (a
//!   game is won when one of A's seats wins; a draw counts half, and with every player alone a
//!   tie for the highest score is shared among the tied seats) with its 95% interval (with every
//!   player alone, over the seeds, each the mean of its `2n` games). Games are cut off after 500
//!   hands (counted as draws).
//!
//! Options: `--preset` (any preset's name), `--a`/`--b` (the players, below), `--deals`,
//! `--games`, `--players N`, `--sides teams_of_2` (Five Hundred for six in three teams of two:
//! `2 × 3` plays a deal, each team A's and then B's, as with every player alone), `--seed` (base seed,
//! default 1), `--threads` (default: all cores), `--expert-samples` and `--expert-ms` (the
//! expert's budget: worlds per decision, and its time cap in milliseconds, 0 for none; defaults
//! from `ExpertConfig::DEFAULT`), `--expert-oversample`, `--time-decisions` (also report
//! the expert's decision times, for decisions with more than one legal action: median, p90,
//! p99, max), and `--declarer-bias` (also report, over the hands played with a contract, the
//! declaring side's tricks solved at the first lead with every hand open, minus the tricks it
//! took: overall, by side and by the solved count).
//!
//! Players: `random`, `heuristic`, `expert` (the house players as a game seats them),
//! `expert-v1` (the expert with heuristic playouts only, as it was before it solved its worlds:
//! a fixed reference), or for tuning `heuristic:NAME=VALUE,...` (see `HeuristicParams::parse`)
//! and `expert:samples=N,oversample=N,candidates=N,ms=N,play_inference=0|1,switch=TENTHS,solve=CARDS,playout_solve=CARDS,bid_ms=N,bid_switch=TENTHS,bacon_switch=TENTHS,solve_auction=0|1,bias=TENTHS,few_bids=0|1,jump_bids=0|1,call_offset=TENTHS,call_tau=HUNDREDTHS`
//! (`solve`: solve each world exactly once at most this many cards are left in play; 0 never;
//! `playout_solve`: the playouts of every decision, bids and calls included, solve the rest of
//! the hand once at most this many cards are in play; `bid_ms`: the time cap of decisions
//! outside the play; `bid_switch`: the margin over the heuristic's choice, in tenths of a
//! standard error, for those decisions in every game; `bacon_switch`: the same in Bacon, where
//! it takes precedence (default 50); `solve_auction=0`: `playout_solve` leaves
//! the auction's playouts to the heuristic players; `bias`: where a playout is solved, the
//! declaring side's tricks lowered by this many tenths of a trick, as measured with
//! `--declarer-bias`: the declarers' tricks solved at the first lead, every hand open, against
//! the tricks they took, printed overall and by the solved count; `few_bids=1`: in an auction
//! of tricks, only the heuristic's call, a pass and the lowest legal bid are judged;
//! `jump_bids=1`: in the playouts' auctions of tricks, a heuristic bidder bids up to its hand's
//! limit at once rather than one trick over the standing bid; `call_offset` (may be negative)
//! and `call_tau`: how the worlds read the other seats' calls, the expert's `CallModel`).
//! `--fit-calls` reports how well a grid of those models explains the calls the experts made
//! in the run (their mean log-likelihood, best first), and how often they bid by their hand's
//! limit over the lowest bid.
//!
//! Headroom only, never fair: `oracle[:KNOBS]` is the expert (with those knobs) judging every
//! decision in the one true deal, every card seen; `oracle-play[:KNOBS]` only its cards in
//! the play (its bids, calls, trump and discard as the expert's), and `oracle-contract[:KNOBS]`
//! only its decisions before the play. They bound what better worlds (inference, or more of
//! them) could gain in each part of a hand.
//!
//! All randomness comes from the seeds, so with no time cap (`--expert-ms 0`) a run is exactly
//! reproducible whatever the number of threads.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hasenpfeffer::bots::duplicate::{Seating, is_a, mean_ci, play_statistic, seat_means, seatings};
use hasenpfeffer::bots::{
    CallModel, Expert, ExpertConfig, Heuristic, HeuristicParams, Strategy, open_hand_values,
};
use hasenpfeffer::engine::{
    Action, Card, Game, HandResult, Outcome, Phase, Preset, Ruleset, RulesetSpec, Seat, SideForm,
    Sides, Viewer,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[derive(Debug, Clone, Copy)]
enum Player {
    Plain(Strategy),
    Heuristic(Heuristic),
    Expert(Expert),
    /// The expert deciding in the true deal (every card seen) in some phases: a bound on what
    /// better worlds could gain there, never a fair player.
    Oracle {
        expert: Expert,
        sees: Sees,
    },
}

/// Where an oracle sees every card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sees {
    /// Every decision.
    All,
    /// The cards it plays.
    Play,
    /// Its decisions before the play (bids, calls, trump and discard).
    Contract,
}

impl Player {
    fn parse(name: &str, config: ExpertConfig) -> Result<Player, String> {
        match name {
            "random" => Ok(Player::Plain(Strategy::Random)),
            "heuristic" => Ok(Player::Plain(Strategy::Heuristic)),
            "expert" => Ok(Player::Expert(Expert::new(config))),
            "expert-v1" | "expert_v1" => Ok(Player::Expert(Expert::new(ExpertConfig {
                solve_cards: 0,
                playout_solve_cards: 0,
                bid_time_limit: None,
                bid_switch_tenths: None,
                bacon_switch_tenths: None,
                ..config
            }))),
            _ if name.starts_with("heuristic:") => Ok(Player::Heuristic(Heuristic {
                params: HeuristicParams::parse(&name["heuristic:".len()..])?,
            })),
            _ if name.starts_with("oracle") => {
                let (head, knobs) = name.split_once(':').unwrap_or((name, ""));
                let sees = match head {
                    "oracle" => Sees::All,
                    "oracle-play" => Sees::Play,
                    "oracle-contract" => Sees::Contract,
                    _ => {
                        return Err(format!(
                            "unknown player `{name}`: use oracle, oracle-play or oracle-contract"
                        ));
                    }
                };
                let Player::Expert(expert) = Player::parse(&format!("expert:{knobs}"), config)?
                else {
                    return Err(format!("`{name}`: not an expert's parameters"));
                };
                Ok(Player::Oracle { expert, sees })
            }
            _ if name.starts_with("expert:") => {
                let mut config = config;
                for kv in name["expert:".len()..].split(',').filter(|s| !s.is_empty()) {
                    let (k, v) = kv
                        .split_once('=')
                        .ok_or_else(|| format!("`{kv}`: expected name=value"))?;
                    if k == "call_offset" {
                        config.calls.offset_tenths = v
                            .parse()
                            .map_err(|_| format!("`{v}` is not an integer of tenths"))?;
                        continue;
                    }
                    let v: u64 = v
                        .parse()
                        .map_err(|_| format!("`{v}` is not a non-negative integer"))?;
                    match k {
                        "call_tau" => {
                            config.calls.tau_hundredths = u16::try_from(v.clamp(1, 1000))
                                .map_err(|_| format!("`{v}`: too large"))?
                        }
                        "samples" => config.samples = (v as usize).max(1),
                        "oversample" => config.oversample = v as usize,
                        "candidates" => config.max_candidates = v as usize,
                        "play_inference" => config.play_inference = v != 0,
                        "switch" => config.switch_tenths = v as u32,
                        "ms" => config.time_limit = (v > 0).then(|| Duration::from_millis(v)),
                        "solve" => config.solve_cards = v as usize,
                        "playout_solve" => config.playout_solve_cards = v as usize,
                        "solve_auction" => config.solve_auction = v != 0,
                        "bias" => config.declarer_bias_tenths = v as u32,
                        "few_bids" => config.few_bids = v != 0,
                        "jump_bids" => config.jump_bids = v != 0,
                        "bid_switch" => config.bid_switch_tenths = Some(v as u32),
                        "bacon_switch" => config.bacon_switch_tenths = Some(v as u32),
                        "bid_ms" => {
                            config.bid_time_limit = (v > 0).then(|| Duration::from_millis(v))
                        }
                        _ => return Err(format!("unknown expert parameter `{k}`")),
                    }
                }
                Ok(Player::Expert(Expert::new(config)))
            }
            _ => Err(format!(
                "unknown player `{name}`: use random, heuristic, expert or expert-v1"
            )),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Player::Plain(s) => s.name(),
            Player::Heuristic(_) => "heuristic (with parameters)",
            Player::Expert(e) if e.config.solve_cards == 0 && e.config.playout_solve_cards == 0 => {
                "expert-v1"
            }
            Player::Expert(_) => "expert",
            Player::Oracle { sees, .. } => match sees {
                Sees::All => "oracle (sees every card)",
                Sees::Play => "oracle-play (sees every card in the play)",
                Sees::Contract => "oracle-contract (sees every card before the play)",
            },
        }
    }

    fn choose(&self, game: &Game, seat: Seat, rng: &mut SmallRng) -> Option<Action> {
        match self {
            Player::Plain(s) => s.choose(game, seat, rng),
            Player::Heuristic(h) => h.choose(game, seat),
            Player::Expert(e) => e.choose(game, seat, rng),
            Player::Oracle { expert, sees } => {
                let play = game.phase() == Phase::Play;
                if *sees == Sees::All || (*sees == Sees::Play) == play {
                    expert.choose_in_true_world(game, seat, rng)
                } else {
                    expert.choose(game, seat, rng)
                }
            }
        }
    }
}

struct Options {
    preset: Preset,
    players: Option<u8>,
    sides: Option<SideForm>,
    a: String,
    b: String,
    deals: usize,
    games: Option<usize>,
    seed: u64,
    threads: usize,
    config: ExpertConfig,
    time_decisions: bool,
    declarer_bias: bool,
    fit_calls: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        preset: Preset::Hasenpfeffer,
        players: None,
        sides: None,
        a: "expert".into(),
        b: "heuristic".into(),
        deals: 1000,
        games: None,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        config: ExpertConfig::DEFAULT,
        time_decisions: false,
        declarer_bias: false,
        fit_calls: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--time-decisions" {
            o.time_decisions = true;
            continue;
        }
        if flag == "--fit-calls" {
            o.fit_calls = true;
            continue;
        }
        if flag == "--declarer-bias" {
            o.declarer_bias = true;
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
            "--sides" => {
                o.sides = Some(
                    serde_json::from_value(serde_json::Value::String(value.clone()))
                        .map_err(|_| format!("--sides: `{value}`: use teams_of_3 or teams_of_2"))?,
                )
            }
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
                if ms == 0 {
                    o.config.bid_time_limit = None;
                }
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

const USAGE: &str = "usage: arena --preset NAME --a PLAYER --b PLAYER [--deals N] [--games G] \
[--players 2-6] [--sides teams_of_3|teams_of_2] [--seed S] [--threads T] [--expert-samples K] [--expert-ms MS] \
[--expert-oversample K] [--time-decisions] [--declarer-bias] [--fit-calls]
  players: random, heuristic, expert, expert-v1 (or heuristic:NAME=VALUE,... / expert:NAME=VALUE,...)
  presets: hasenpfeffer, hasenpfeffer-open, pepper, double-hasenpfeffer, euchre, buck-euchre,
  bacon, five-hundred";

/// Mixes a seed (SplitMix64's finaliser), so neighbouring seeds give unrelated streams.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Default)]
struct Tally {
    /// Per deal: mean of A minus B over its plays.
    diffs: Vec<f64>,
    a_points: f64,
    b_points: f64,
    hands: usize,
    a_declared: usize,
    a_made: usize,
    b_declared: usize,
    b_made: usize,
    /// Per game played (with two teams) or per game seed (every player alone, the mean over its
    /// plays): 1 win, 0.5 draw, 0 loss for A.
    games: Vec<f64>,
    decision_times: Vec<Duration>,
    /// With `--declarer-bias`, per hand declared and played: the declaring side's tricks with
    /// every hand open and best play from the first lead, the tricks it took, the contract, and
    /// whether A declared.
    bias: Vec<(u8, u8, u8, bool)>,
    /// With `--fit-calls`: the experts' calls in auctions of tricks.
    calls: Vec<CallRecord>,
}

/// An expert's call with a choice between a pass and a bid of tricks (`--fit-calls`).
#[derive(Debug, Clone)]
struct CallRecord {
    hand: Vec<Card>,
    lowest: u8,
    partner_high: bool,
    bid: Option<u8>,
}

impl Tally {
    fn add_hands(&mut self, other: &Tally) {
        self.a_points += other.a_points;
        self.b_points += other.b_points;
        self.hands += other.hands;
        self.a_declared += other.a_declared;
        self.a_made += other.a_made;
        self.b_declared += other.b_declared;
        self.b_made += other.b_made;
        self.bias.extend(&other.bias);
        self.calls.extend(other.calls.iter().cloned());
    }
}

struct Match<'a> {
    game: Game,
    seating: Seating,
    a: &'a Player,
    b: &'a Player,
    rng: SmallRng,
    timed: bool,
    times: Vec<Duration>,
    /// With `--declarer-bias`: the declaring side's tricks solved at the first lead.
    solved: Option<u8>,
    measure_bias: bool,
    /// With `--fit-calls`: the experts' calls, recorded.
    calls: Option<Vec<CallRecord>>,
}

impl Match<'_> {
    /// Plays one action; false when the game is over.
    fn step(&mut self) -> bool {
        let Some(seat) = self.game.turn() else {
            return false;
        };
        if self.measure_bias
            && self.solved.is_none()
            && self.game.phase() == Phase::Play
            && self.game.tricks().is_empty()
            && self.game.current_trick().plays.is_empty()
            && self
                .game
                .contract()
                .is_some_and(|c| self.game.rules().sides().same(c.seat, seat))
        {
            // The declaring side leads the first trick: its best over its leads.
            self.solved = open_hand_values(&self.game, seat)
                .and_then(|v| v.iter().map(|&(_, t)| t).max())
                .map(|t| t.max(0) as u8);
        }
        let player = if is_a(self.seating, seat) {
            self.a
        } else {
            self.b
        };
        let t = Instant::now();
        let action = player
            .choose(&self.game, seat, &mut self.rng)
            .expect("a player to act has a legal action");
        if let Some(calls) = &mut self.calls
            && self.game.phase() == Phase::Auction
            && matches!(player, Player::Expert(_) | Player::Oracle { .. })
        {
            let view = self.game.view(Viewer::Seat(seat));
            let plain = |a: &Action| {
                a.as_bid()
                    .filter(|b| b.pepper.is_none() && b.misere.is_none() && b.trump.is_none())
            };
            let lowest = view
                .legal_actions
                .iter()
                .filter_map(plain)
                .map(|b| b.tricks)
                .min();
            if let Some(lowest) = lowest
                && view.legal_actions.contains(&Action::Pass)
                && (action == Action::Pass || plain(&action).is_some())
            {
                let rules = self.game.rules();
                let partner_high = view
                    .auction
                    .iter()
                    .rev()
                    .find(|c| c.bid.is_some())
                    .is_some_and(|c| c.seat != seat && rules.sides().same(c.seat, seat));
                calls.push(CallRecord {
                    hand: view.hand.clone(),
                    lowest,
                    partner_high,
                    bid: plain(&action).map(|b| b.tricks),
                });
            }
        }
        if self.timed && matches!(player, Player::Expert(_) | Player::Oracle { .. }) {
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

/// A's result in a finished (or cut off) game played in `seating`: 1 if a seat of A's won, 0 if
/// one of B's did; a draw (or a game cut off) counts half with two teams, and with every
/// player alone A's share of the tied winners.
fn game_result(game: &Game, seating: Seating) -> f64 {
    let rules = game.rules();
    let sides = rules.sides();
    match game.outcome() {
        Some(Outcome::Winner(t)) => {
            let seat = (0..rules.players)
                .find(|&s| sides.of(s) == t)
                .expect("the winner has a seat");
            if is_a(seating, seat) { 1.0 } else { 0.0 }
        }
        Some(Outcome::Draw) if matches!(sides, Sides::Individual { .. }) => {
            // The tied winners (the highest score, or counting down the lowest).
            let winners = game.view(Viewer::Spectator).winners;
            let tied: Vec<Seat> = (0..rules.players)
                .filter(|&s| winners.contains(&sides.of(s)))
                .collect();
            let a = tied.iter().filter(|&&s| is_a(seating, s)).count();
            a as f64 / tied.len().max(1) as f64
        }
        _ => 0.5,
    }
}

/// What one deal (or one game seed) gave over its plays.
#[derive(Default)]
struct SeedResult {
    /// A minus B points on the hand, or A's game result, per play.
    results: Vec<f64>,
    /// The hands' points and contracts.
    tally: Tally,
}

/// What a run records beside the points.
#[derive(Debug, Clone, Copy, Default)]
struct Records {
    /// The experts' decision times (`--time-decisions`).
    times: bool,
    /// The declarers' solved tricks at the first lead (`--declarer-bias`).
    declarer_bias: bool,
    /// The experts' calls (`--fit-calls`).
    calls: bool,
}

/// Plays seed `seed` in every seating of [`seatings`]: its first hand only, or (`whole_game`)
/// the whole game (cut off after 500 hands).
fn play_seed(
    rules: Ruleset,
    seed: u64,
    whole_game: bool,
    a: &Player,
    b: &Player,
    records: Records,
) -> SeedResult {
    let sides = rules.sides();
    let mut out = SeedResult::default();
    for (run, seating) in seatings(sides).into_iter().enumerate() {
        let mut m = Match {
            game: Game::new(rules, seed, None).expect("valid rules"),
            seating,
            a,
            b,
            rng: SmallRng::seed_from_u64(mix(seed ^ mix(run as u64 + 7))),
            timed: records.times,
            times: Vec::new(),
            solved: None,
            measure_bias: records.declarer_bias,
            calls: records.calls.then(Vec::new),
        };
        if whole_game {
            while m.game.hand_number() < 500 && m.step() {}
            out.results.push(game_result(&m.game, seating));
        } else {
            while m.game.hand_number() == 0 && m.step() {}
            let h = m.game.last_hand().expect("the hand was played");
            let (pa, pb) = seat_means(&rules, seating, &h.score_delta);
            out.results
                .push(play_statistic(&rules, seating, &h.score_delta));
            let local = &mut out.tally;
            local.a_points += pa;
            local.b_points += pb;
            local.hands += 1;
            if let Some(c) = h.contract
                && h.result == HandResult::Played
            {
                let side = sides.of(c.seat);
                let made = h.tricks_won[side as usize] >= c.bid.tricks;
                if let Some(solved) = m.solved {
                    local.bias.push((
                        solved,
                        h.tricks_won[side as usize],
                        c.bid.tricks,
                        is_a(seating, c.seat),
                    ));
                }
                if is_a(seating, c.seat) {
                    local.a_declared += 1;
                    local.a_made += usize::from(made);
                } else {
                    local.b_declared += 1;
                    local.b_made += usize::from(made);
                }
            }
        }
        out.tally.decision_times.extend(m.times);
        out.tally.calls.extend(m.calls.unwrap_or_default());
    }
    out
}

fn run() -> Result<(), String> {
    let o = parse_args()?;
    let spec = RulesetSpec {
        preset: o.preset,
        players: o.players,
        sides: o.sides,
        ..RulesetSpec::default()
    };
    let rules = spec.build().map_err(|e| e.message)?;
    let a = Player::parse(&o.a, o.config)?;
    let b = Player::parse(&o.b, o.config)?;
    let games = o.games.unwrap_or(o.deals / 10);
    // As given, knobs included, where that says more than the player's kind.
    let label = |given: &str, p: &Player| {
        if given == p.name() {
            given.to_string()
        } else {
            format!("{given} ({})", p.name())
        }
    };
    println!(
        "arena: {} ({} players), A = {} vs B = {}, {} deals and {} games in duplicate, base seed {}, {} threads, expert budget {} worlds / {}",
        o.preset.name(),
        rules.players,
        label(&o.a, &a),
        label(&o.b, &b),
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
    let plays = seatings(rules.sides()).len();
    // Every player alone, or three teams of two: each seat (team) is A's, then B's, and the
    // plays of a seed are averaged; two partnerships: even seats, then odd.
    let individual = plays > 2;
    let rotated = if matches!(rules.sides(), Sides::Individual { .. }) {
        "each seat alone"
    } else {
        "each team"
    };
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
                    let r = play_seed(
                        rules,
                        seed,
                        whole_game,
                        &a,
                        &b,
                        Records {
                            times: o.time_decisions,
                            declarer_bias: o.declarer_bias,
                            calls: o.fit_calls,
                        },
                    );
                    let mut t = tally.lock().expect("tally lock");
                    let mean = r.results.iter().sum::<f64>() / r.results.len() as f64;
                    if whole_game {
                        if individual {
                            t.games.push(mean);
                        } else {
                            t.games.extend(r.results);
                        }
                    } else {
                        t.diffs.push(mean);
                        t.add_hands(&r.tally);
                    }
                    t.decision_times.extend(r.tally.decision_times);
                }
            });
        }
    });
    let mut t = tally.into_inner().expect("tally lock");
    let elapsed = started.elapsed();
    if !t.diffs.is_empty() {
        let (m, ci) = mean_ci(&t.diffs);
        let hands = t.hands.max(1) as f64;
        let diff = if rules.counts_down() {
            "B - A points (they count down: fewer is better)"
        } else {
            "A - B points"
        };
        if individual {
            println!(
                "hands: {} deals x {plays} plays ({rotated} for A, then for B); mean points per seat per hand: A {:.3}, B {:.3}",
                t.diffs.len(),
                t.a_points / hands,
                t.b_points / hands
            );
            println!(
                "{diff} per seat per hand (per deal, over its {plays} plays): {m:+.3} +/- {ci:.3} (95% CI [{:+.3}, {:+.3}])",
                m - ci,
                m + ci
            );
        } else {
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
        }
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
        if individual {
            println!(
                "games: {} seeds x {plays} plays; A's share of games won: {:.1}% +/- {:.1}% (per seed, over its plays; a tie shared among the tied winners)",
                t.games.len(),
                100.0 * m,
                100.0 * ci
            );
        } else {
            println!(
                "games: {} ({} seeds x 2); A's share of games won: {:.1}% +/- {:.1}% (draws count half)",
                t.games.len(),
                t.games.len() / 2,
                100.0 * m,
                100.0 * ci
            );
        }
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
    if o.declarer_bias {
        print_bias(&t.bias);
    }
    if o.fit_calls {
        print_call_fit(&rules, &t.calls);
    }
    println!("elapsed {:.1} s", elapsed.as_secs_f64());
    Ok(())
}

/// `--declarer-bias`: how many tricks the declaring side took fewer than it would with every
/// hand open and best play from the first lead (solved minus taken), overall, by side, and by
/// the solved count; and how often a contract was made against how often the solve made it.
fn print_bias(bias: &[(u8, u8, u8, bool)]) {
    let stats = |rows: &[&(u8, u8, u8, bool)]| -> (usize, f64, f64, f64, f64) {
        let n = rows.len().max(1) as f64;
        let d: Vec<f64> = rows
            .iter()
            .map(|r| f64::from(r.0) - f64::from(r.1))
            .collect();
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let made = rows.iter().filter(|r| r.1 >= r.2).count() as f64 / n;
        let solved_made = rows.iter().filter(|r| r.0 >= r.2).count() as f64 / n;
        (rows.len(), mean, 1.96 * (var / n).sqrt(), made, solved_made)
    };
    let all: Vec<&(u8, u8, u8, bool)> = bias.iter().collect();
    for (name, rows) in [
        ("all", all.clone()),
        ("A", all.iter().copied().filter(|r| r.3).collect()),
        ("B", all.iter().copied().filter(|r| !r.3).collect()),
    ] {
        let (n, mean, ci, made, solved_made) = stats(&rows);
        println!(
            "declarer bias ({name}): {n} hands; solved minus taken {mean:+.3} +/- {ci:.3} tricks; made {:.1}%, made when solved {:.1}%",
            100.0 * made,
            100.0 * solved_made
        );
    }
    let max = bias.iter().map(|r| r.0).max().unwrap_or(0);
    for solved in 0..=max {
        let rows: Vec<&(u8, u8, u8, bool)> =
            all.iter().copied().filter(|r| r.0 == solved).collect();
        if rows.is_empty() {
            continue;
        }
        let mut hist = [0usize; 8];
        for r in &rows {
            hist[(i32::from(r.0) - i32::from(r.1) + 2).clamp(0, 7) as usize] += 1;
        }
        let (n, mean, _, _, _) = stats(&rows);
        println!(
            "  solved {solved}: {n} hands, solved minus taken {mean:+.3}; counts of -2..+5: {hist:?}"
        );
    }
}

/// `--fit-calls`: how well [`CallModel`]s explain the experts' calls (a pass or a bid of
/// tricks where both were legal): the calls by the hand's limit over the lowest bid, and the
/// mean log-likelihood of a grid of models, best first.
fn print_call_fit(rules: &Ruleset, calls: &[CallRecord]) {
    if calls.is_empty() {
        println!("call fit: no calls with a choice between a pass and a bid of tricks");
        return;
    }
    let bids = calls.iter().filter(|c| c.bid.is_some()).count();
    let jumps = calls
        .iter()
        .filter(|c| c.bid.is_some_and(|b| b > c.lowest))
        .count();
    println!(
        "call fit: {} calls, {bids} bids ({jumps} above the lowest legal bid)",
        calls.len()
    );
    let mut rows: Vec<(i32, usize, usize)> = Vec::new();
    for c in calls {
        let over = CallModel::limit(rules, &c.hand) - f64::from(c.lowest);
        let bucket = (over * 2.0).round() as i32;
        match rows.iter_mut().find(|r| r.0 == bucket) {
            Some(r) => {
                r.1 += 1;
                r.2 += usize::from(c.bid.is_some());
            }
            None => rows.push((bucket, 1, usize::from(c.bid.is_some()))),
        }
    }
    rows.sort_unstable();
    for (bucket, n, bid) in rows {
        println!(
            "  limit - lowest {:+.1}: {n} calls, {:.1}% bid",
            f64::from(bucket) / 2.0,
            100.0 * bid as f64 / n as f64
        );
    }
    let mut grid: Vec<(f64, CallModel)> = Vec::new();
    for offset_tenths in (-30..=30).step_by(5) {
        for tau_hundredths in [25, 40, 50, 75, 100, 150, 200] {
            let m = CallModel {
                offset_tenths,
                tau_hundredths,
            };
            let ll = calls
                .iter()
                .map(|c| {
                    m.call_probability(rules, &c.hand, c.lowest, c.partner_high, c.bid)
                        .max(1e-6)
                        .ln()
                })
                .sum::<f64>()
                / calls.len() as f64;
            grid.push((ll, m));
        }
    }
    grid.sort_by(|x, y| y.0.total_cmp(&x.0));
    let heuristic = grid
        .iter()
        .find(|g| g.1 == CallModel::HEURISTIC)
        .map_or(f64::NAN, |g| g.0);
    println!("  the heuristic's model (offset 0, tau 0.75): mean log-likelihood {heuristic:.4}");
    for (ll, m) in grid.iter().take(8) {
        println!(
            "  offset {:+.1}, tau {:.2}: mean log-likelihood {ll:.4}",
            f64::from(m.offset_tenths) / 10.0,
            f64::from(m.tau_hundredths) / 100.0
        );
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pepper3() -> Ruleset {
        RulesetSpec {
            preset: Preset::Pepper,
            players: Some(3),
            ..RulesetSpec::default()
        }
        .build()
        .expect("pepper for 3")
    }

    fn run_deals(rules: Ruleset, a: &Player, b: &Player, deals: u64) -> (f64, f64) {
        let diffs: Vec<f64> = (0..deals)
            .map(|i| {
                let r = play_seed(rules, 1 + i, false, a, b, Records::default());
                r.results.iter().sum::<f64>() / r.results.len() as f64
            })
            .collect();
        mean_ci(&diffs)
    }

    #[test]
    fn random_against_itself_is_even() {
        let random = Player::Plain(Strategy::Random);
        let (m, ci) = run_deals(pepper3(), &random, &random, 60);
        assert!(m - ci <= 0.0 && 0.0 <= m + ci, "{m} +/- {ci}");
        // A whole game seed: one result per seating, each a share of a win.
        let r = play_seed(pepper3(), 5, true, &random, &random, Records::default());
        assert_eq!(r.results.len(), 6);
        assert!(r.results.iter().all(|x| (0.0..=1.0).contains(x)));
    }

    #[test]
    fn heuristic_beats_random_alone() {
        let heuristic = Player::Plain(Strategy::Heuristic);
        let random = Player::Plain(Strategy::Random);
        let (m, ci) = run_deals(pepper3(), &heuristic, &random, 60);
        assert!(m - ci > 0.0, "{m} +/- {ci}");
    }

    #[test]
    fn expert_beats_random_alone() {
        // A small budget and no time cap, so the run is quick (even unoptimised) and exactly
        // reproducible.
        let expert = Player::Expert(Expert::new(ExpertConfig {
            samples: 8,
            oversample: 1,
            time_limit: None,
            ..ExpertConfig::DEFAULT
        }));
        let random = Player::Plain(Strategy::Random);
        let (m, ci) = run_deals(pepper3(), &expert, &random, 4);
        assert!(m - ci > 0.0, "{m} +/- {ci}");
    }

    /// The oracles parse with the expert's knobs, and one that sees every card beats the
    /// expert of before by far on a few hasenpfeffer deals.
    #[test]
    fn an_oracle_sees_every_card() {
        let config = ExpertConfig {
            samples: 8,
            oversample: 1,
            time_limit: None,
            ..ExpertConfig::DEFAULT
        };
        let every = Player::parse("oracle:samples=8", config).unwrap();
        let sees = |p: Player| match p {
            Player::Oracle { sees, .. } => Some(sees),
            _ => None,
        };
        assert_eq!(sees(every), Some(Sees::All));
        assert_eq!(
            sees(Player::parse("oracle-play", config).unwrap()),
            Some(Sees::Play)
        );
        assert_eq!(
            sees(Player::parse("oracle-contract:ms=5", config).unwrap()),
            Some(Sees::Contract)
        );
        assert!(Player::parse("oracle-x", config).is_err());
        assert!(Player::parse("oracle:nope=1", config).is_err());
        let v1 = Player::parse("expert-v1", config).unwrap();
        let (m, _) = run_deals(Preset::Hasenpfeffer.rules(), &every, &v1, 6);
        assert!(m > 0.5, "{m}");
    }
}
