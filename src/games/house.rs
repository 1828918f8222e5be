//! House players at work: a step of their moves on a record, thought on Tokio's blocking pool
//! (with a permit of a pool of one per CPU) when it may take long, stopped when nobody waits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::record::GameRecord;
use super::service::GameService;
use crate::bots::Strategy;
use crate::error::Error;
use crate::metrics::Metrics;
use crate::store::MAX_LOG_ENTRIES_PER_WRITE;

/// How many house players' decisions may run at once on the blocking pool, over all web
/// workers: one per CPU, so that experts queue rather than pile up threads.
fn bot_permits() -> &'static tokio::sync::Semaphore {
    static PERMITS: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    &PERMITS
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
        self.seats.iter().any(|s| s.bot() == Some(Strategy::Expert))
    }

    /// Whether every seat is a house player (nobody waits for a client).
    fn all_bots(&self) -> bool {
        self.seats.iter().all(|s| s.bot().is_some())
    }

    /// One step of house players' work: they act until it is a client's turn or the game is
    /// over, or the step is full: [`HANDS_PER_STEP`] log entries pending, or (at a table
    /// without clients) [`STEP_BUDGET`] spent, or `cancel` raised (nobody waits for the
    /// result). Checked between moves; what is left is the next step's (see
    /// [`GameService::play_house_players`]).
    pub(super) fn run_bots(
        &mut self,
        rng: &mut SmallRng,
        metrics: &Metrics,
        cancel: &AtomicBool,
    ) -> Result<(), Error> {
        if !self.started() || self.forfeit.is_some() {
            return Ok(());
        }
        let budget = self.all_bots().then(|| Instant::now() + STEP_BUDGET);
        while let Some(seat) = self.game.turn() {
            let Some(strategy) = self.seats[seat as usize].bot() else {
                break;
            };
            if cancel.load(Ordering::Relaxed)
                || self.pending_log.len() >= HANDS_PER_STEP
                || budget.is_some_and(|at| Instant::now() >= at)
            {
                break;
            }
            let Some(action) = strategy.choose(&self.game, seat, rng) else {
                break;
            };
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
    /// requests meanwhile, at most one table per CPU at a time ([`bot_permits`]); others wait
    /// their turn, for at most a step of each table ahead (a permit is held for one step). If
    /// this future is dropped (the client went away), the thinking stops at the next move.
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
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let play = move || {
            let mut rng = SmallRng::seed_from_u64(seed);
            record
                .run_bots(&mut rng, &metrics, &cancel)
                .map(|()| record)
        };
        if offload {
            let _permit = bot_permits().acquire().await.map_err(|_| Error::Internal)?;
            tokio::task::spawn_blocking(play).await.map_err(|e| {
                tracing::error!(error = %e, "a house player's task failed");
                Error::Internal
            })?
        } else {
            play()
        }
    }
}
