//! House players at work: a step of their moves on a record, thought on Tokio's blocking pool
//! (with a permit of a pool of one per CPU) when it may take long, stopped when nobody waits;
//! in two lanes ([`Lane`]): tables where a client waits think first, tables nobody waits at move
//! by move (house players only, a match's plays) on a bounded share of the CPUs.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::record::GameRecord;
use super::service::GameService;
use crate::bots::{ExpertBudget, ExpertConfig, Strategy};
use crate::error::Error;
use crate::metrics::Metrics;
use crate::store::MAX_LOG_ENTRIES_PER_WRITE;

/// Which of the two lanes a table's house players think in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lane {
    /// A table where a client (a bot or a person) waits for the house players' moves: it thinks
    /// first.
    Interactive,
    /// A table nobody waits at move by move: house players only (an arena's, a house-only
    /// match's), or a play of a series (a duplicate match's, played for its result). It thinks
    /// on a bounded share of the CPUs, and yields to the interactive lane between moves.
    Background,
}

/// The expert house players' budget in each lane (`EXPERT_WORLDS`, `EXPERT_MS`, and
/// `EXPERT_BACKGROUND_WORLDS`, `EXPERT_BACKGROUND_MS`): a client waiting at the table gets the
/// expert at its full strength; matches, arenas and tables of house players only, which a
/// replica runs many of at once, a cheaper one by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseBudgets {
    /// Where a client waits (the interactive lane).
    pub interactive: ExpertBudget,
    /// Where nobody waits move by move (the background lane).
    pub background: ExpertBudget,
}

impl Default for HouseBudgets {
    fn default() -> Self {
        HouseBudgets {
            interactive: ExpertBudget::INTERACTIVE,
            background: ExpertBudget::BACKGROUND,
        }
    }
}

impl HouseBudgets {
    /// The expert's configuration in `lane`.
    pub(super) fn expert(&self, lane: Lane) -> ExpertConfig {
        match lane {
            Lane::Interactive => self.interactive.config(),
            Lane::Background => self.background.config(),
        }
    }
}

/// The permits house players think under, over all web workers: one per CPU (so that experts
/// queue rather than pile up threads), of which the background lane holds at most
/// [`Thinkers::background_share`] at a time. An interactive step queues behind at most that
/// many background steps, and each of those ends at its next move once an interactive step
/// waits (see [`GameRecord::run_bots`]); the background lane's many tables queue on their own
/// semaphore, never in front of an interactive step.
struct Thinkers {
    /// One permit per CPU: a step thinks holding one.
    cpus: tokio::sync::Semaphore,
    /// The background lane's share of `cpus`: a background step takes one of these first.
    background: tokio::sync::Semaphore,
    /// Interactive steps waiting for a CPU permit now.
    interactive_waiting: AtomicUsize,
}

impl Thinkers {
    /// The background lane's share of `cpus` CPUs: half of them, at least one.
    fn background_share(cpus: usize) -> usize {
        (cpus / 2).max(1)
    }
}

fn thinkers() -> &'static Thinkers {
    static THINKERS: std::sync::LazyLock<Thinkers> = std::sync::LazyLock::new(|| {
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        Thinkers {
            cpus: tokio::sync::Semaphore::new(cpus),
            background: tokio::sync::Semaphore::new(Thinkers::background_share(cpus)),
            interactive_waiting: AtomicUsize::new(0),
        }
    });
    &THINKERS
}

/// Counts an interactive step as waiting while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, Ordering::Relaxed);
        Waiting(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The permits a step thinks under (dropped when it is done).
struct Permits {
    _cpu: tokio::sync::SemaphorePermit<'static>,
    _background: Option<tokio::sync::SemaphorePermit<'static>>,
}

impl Lane {
    /// The lane's name in the metrics.
    pub(super) const fn name(self) -> &'static str {
        match self {
            Lane::Interactive => "interactive",
            Lane::Background => "background",
        }
    }

    /// Waits for this lane's turn on a CPU.
    async fn permits(self) -> Result<Permits, Error> {
        let t = thinkers();
        let closed = |_| Error::Internal;
        match self {
            Lane::Interactive => {
                let _waiting = Waiting::new(&t.interactive_waiting);
                Ok(Permits {
                    _cpu: t.cpus.acquire().await.map_err(closed)?,
                    _background: None,
                })
            }
            Lane::Background => {
                let background = t.background.acquire().await.map_err(closed)?;
                Ok(Permits {
                    _cpu: t.cpus.acquire().await.map_err(closed)?,
                    _background: Some(background),
                })
            }
        }
    }
}

/// Whether an interactive step waits for a CPU (a background step then ends at its next move).
fn interactive_waits() -> bool {
    thinkers().interactive_waiting.load(Ordering::Relaxed) > 0
}

/// The most log entries (finished hands) house players add in one step of work, that is in one
/// write. A write also carries at most a client's finished hand and a timeout entry, and one
/// move finishes at most one hand, so a write appends at most `HANDS_PER_STEP + 3` entries,
/// within the store's limit (a long game is stored whole, a step at a time).
pub(super) const HANDS_PER_STEP: usize = 32;
const _: () = assert!(HANDS_PER_STEP + 3 <= MAX_LOG_ENTRIES_PER_WRITE);

/// How long house players of a table without clients think in one step before the step is
/// written (checked between moves; a table with clients stops at the next client's turn).
const STEP_BUDGET: Duration = Duration::from_millis(100);

/// Raises its flag when dropped: a house players' step on the blocking pool checks it between
/// moves, so that a step whose request went away (the client disconnected, the server stops)
/// ends at the next move instead of thinking to the end for nobody.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl GameRecord {
    /// Whether any seat is an expert house player (whose decisions take milliseconds).
    fn has_expert(&self) -> bool {
        self.seats
            .iter()
            .any(|s| s.bot().is_some_and(Strategy::thinks))
    }

    /// Whether every seat is a house player (nobody waits for a client).
    fn all_bots(&self) -> bool {
        self.seats.iter().all(|s| s.bot().is_some())
    }

    /// The lane its house players think in, from the record alone: the background for a table
    /// of house players only or a play of a series (a duplicate match's), else interactive.
    pub(super) fn lane(&self) -> Lane {
        if self.all_bots() || self.series.is_some() {
            Lane::Background
        } else {
            Lane::Interactive
        }
    }

    /// One step of house players' work: they act until it is a client's turn or the game is
    /// over, or the step is full: [`HANDS_PER_STEP`] log entries pending, or (at a table
    /// without clients) [`STEP_BUDGET`] spent, or `cancel` raised (nobody waits for the
    /// result), or (with `yields`, after one move at least) an interactive step waits for a
    /// CPU. Checked between moves; what is left is the next step's (see
    /// [`GameService::play_house_players`]). An expert thinks within `expert`.
    pub(super) fn run_bots(
        &mut self,
        expert: ExpertConfig,
        rng: &mut SmallRng,
        metrics: &Metrics,
        cancel: &AtomicBool,
        yields: Option<&dyn Fn() -> bool>,
    ) -> Result<(), Error> {
        if !self.started() || self.forfeit.is_some() {
            return Ok(());
        }
        let budget = self.all_bots().then(|| Instant::now() + STEP_BUDGET);
        let lane = self.lane();
        let mut moved = false;
        while let Some(seat) = self.game.turn() {
            let Some(strategy) = self.seats[seat as usize].bot() else {
                break;
            };
            if cancel.load(Ordering::Relaxed)
                || self.pending_log.len() >= HANDS_PER_STEP
                || budget.is_some_and(|at| Instant::now() >= at)
                || (moved && yields.is_some_and(|y| y()))
            {
                break;
            }
            moved = true;
            // An expert's decisions with a choice are timed (the others take microseconds).
            let timed =
                (strategy.thinks() && self.game.legal_actions(seat).len() > 1).then(Instant::now);
            let Some(action) = strategy.choose_with(&self.game, seat, expert, rng) else {
                break;
            };
            if let Some(start) = timed {
                metrics
                    .house_decision
                    .with_label_values(&[strategy.name(), lane.name()])
                    .observe(start.elapsed().as_secs_f64());
            }
            self.apply(seat, &action).map_err(|e| {
                tracing::error!(error = %e, "a house player chose an illegal action");
                Error::Internal
            })?;
            metrics.applied_by_bot.inc();
        }
        Ok(())
    }
}

impl GameService {
    /// Lets house players take their turns after a change (`seed` seeds their random choices),
    /// for one step ([`GameRecord::run_bots`]). Expert players (and tables of house players
    /// only) think on Tokio's blocking pool, so that a web worker keeps answering other
    /// requests meanwhile, at most one table per CPU at a time, in their table's [`Lane`]: an
    /// interactive step waits for at most a step of each interactive table ahead and a move of
    /// each background one (a permit is held for one step; a background step yields), an
    /// expert within its lane's budget ([`HouseBudgets`]). If this future is dropped (the
    /// client went away), the thinking stops at the next move.
    pub(super) async fn let_bots_play(
        &self,
        mut record: GameRecord,
        seed: u64,
    ) -> Result<GameRecord, Error> {
        if !record.bot_to_move() {
            return Ok(record);
        }
        let metrics = self.metrics.clone();
        // A table of house players only thinks up to a whole step's budget: off the web worker
        // too, whatever its players.
        let offload = record.has_expert() || record.all_bots();
        let lane = record.lane();
        let expert = self.house.expert(lane);
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let play = move || {
            let mut rng = SmallRng::seed_from_u64(seed);
            // Only a step on a CPU permit yields (one thought on the web worker is quick).
            let yields: Option<&dyn Fn() -> bool> =
                (offload && lane == Lane::Background).then_some(&interactive_waits);
            record
                .run_bots(expert, &mut rng, &metrics, &cancel, yields)
                .map(|()| record)
        };
        if offload {
            let _permits = lane.permits().await?;
            tokio::task::spawn_blocking(play).await.map_err(|e| {
                tracing::error!(error = %e, "a house player's task failed");
                Error::Internal
            })?
        } else {
            play()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, RulesetSpec};
    use crate::games::codec::RECORD_FORMAT;
    use crate::games::events::Series;
    use crate::games::record::SeatRecord;
    use crate::games::wire::{DealOrigin, SeatSpec};

    fn record(house: [bool; 4]) -> GameRecord {
        let rules = RulesetSpec::default().build().expect("default rules");
        GameRecord {
            format: RECORD_FORMAT,
            game: Game::new(rules, 7, None).expect("a game"),
            seats: house
                .iter()
                .map(|&h| SeatRecord {
                    spec: if h {
                        SeatSpec::Bot {
                            strategy: Strategy::Expert,
                        }
                    } else {
                        SeatSpec::Open
                    },
                    name: Some("p".into()),
                    token_hash: (!h).then(|| "00".repeat(16)),
                    account: None,
                })
                .collect(),
            turn_time_limit_ms: None,
            deadline_ms: None,
            deal: DealOrigin::Random,
            series: None,
            pending_log: Vec::new(),
            last_hand_json: Default::default(),
            pending_events: Vec::new(),
            rated: false,
            forfeit: None,
            late: Vec::new(),
            part_of: None,
        }
    }

    #[test]
    fn a_table_with_a_client_thinks_first_and_matches_and_house_tables_in_the_background() {
        assert_eq!(record([false, true, true, true]).lane(), Lane::Interactive);
        assert_eq!(record([true; 4]).lane(), Lane::Background);
        let mut in_a_match = record([false, true, false, true]);
        in_a_match.series = Some(Series {
            id: "m".into(),
            deal: 0,
            play: 1,
            siblings: Vec::new(),
        });
        assert_eq!(in_a_match.lane(), Lane::Background);
    }

    #[test]
    fn the_background_lane_holds_at_most_half_the_cpus_and_one_at_least() {
        assert_eq!(Thinkers::background_share(1), 1);
        assert_eq!(Thinkers::background_share(2), 1);
        assert_eq!(Thinkers::background_share(8), 4);
    }

    /// A background step yields after one move once an interactive step waits; without one it
    /// plays on to the end of its step.
    #[test]
    fn a_background_step_yields_after_a_move() {
        let metrics = Metrics::default();
        let cancel = AtomicBool::new(false);
        let mut r = record([true; 4]);
        r.seats.iter_mut().for_each(|s| {
            s.spec = SeatSpec::Bot {
                strategy: Strategy::Random,
            }
        });
        let always: &dyn Fn() -> bool = &|| true;
        let mut yielding = r.clone();
        yielding
            .run_bots(
                ExpertConfig::DEFAULT,
                &mut SmallRng::seed_from_u64(1),
                &metrics,
                &cancel,
                Some(always),
            )
            .unwrap();
        assert_eq!(metrics.applied_by_bot.get(), 1, "one move, then it yields");
        r.run_bots(
            ExpertConfig::DEFAULT,
            &mut SmallRng::seed_from_u64(1),
            &metrics,
            &cancel,
            None,
        )
        .unwrap();
        assert!(
            metrics.applied_by_bot.get() > 2,
            "a whole step without a waiter"
        );
    }
}
