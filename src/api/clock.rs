//! Turn clocks and stalled house players: every replica sweeps the shared deadline index, makes
//! the fallback move for seats whose time ran out, and takes over house players' work that
//! nobody does any more (a table of house players whose replica stopped; see
//! `GameRecord::wake_ms`). A claim in the store keeps replicas from doing the same work twice
//! (it expires if its holder crashes), and the compare-and-set on the game's version makes the
//! move happen exactly once whatever happens.
//!
//! The sweep itself never waits for a game: each due game is handled in its own task, so that a
//! game whose house players wait for a thinking permit (experts) cannot hold up the clocks of
//! the others. A game this replica already works on is skipped.

use std::time::Duration;

use crate::games::{GameService, now_ms};

/// How often the index is swept.
pub const SWEEP_EVERY: Duration = Duration::from_millis(200);

/// How long a claim on a game holds.
const CLAIM_TTL: Duration = Duration::from_secs(5);

/// Games handled per sweep.
const BATCH: usize = 64;

/// Sweeps once: starts a task for every due game this replica can claim, which makes the
/// fallback move if its clock ran out, lets its house players finish their work if they have
/// any, and fixes its index entry. Answers how many tasks it started.
pub async fn sweep(svc: &GameService, replica: &str) -> usize {
    let now = now_ms();
    let due = match svc.store().due_deadlines(now, BATCH).await {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the deadline index");
            return 0;
        }
    };
    let mut started = 0;
    for id in due {
        let Some(busy) = svc.begin_work(&id) else {
            continue; // this replica works on it already
        };
        match svc.store().claim(&id, replica, CLAIM_TTL).await {
            Ok(true) => {}
            Ok(false) => continue, // another replica has it
            Err(e) => {
                tracing::warn!(error = %e, "cannot claim a deadline");
                continue;
            }
        }
        let (svc, replica) = (svc.clone(), replica.to_owned());
        tokio::spawn(async move {
            let _busy = busy;
            handle(&svc, &id, now).await;
            let _ = svc.store().release_claim(&id, &replica).await;
        });
        started += 1;
    }
    started
}

/// Handles one due game: the fallback move if its clock ran out at `now`, then its house
/// players' work left, then its index entry (a finished game's is dropped: what follows its end
/// is the outbox's work, see `service::effects`).
async fn handle(svc: &GameService, id: &str, now: u64) {
    match svc.expire_turn(id, now).await {
        Ok(true) => tracing::info!(game_id = %id, "turn clock ran out: fallback move made"),
        Ok(false) => {}
        Err(super::error::ApiError::GameNotFound(_)) => {
            let _ = svc.store().cancel_deadline(id).await;
            return;
        }
        Err(e) => tracing::warn!(game_id = %id, error = %e, "fallback move failed"),
    }
    svc.play_house_players(id).await;
    // The game's own deadline is the truth: drop or fix the index entry to match it.
    svc.sync_deadline(id).await;
}

/// Runs [`sweep`] forever.
pub async fn run(svc: GameService, replica: String) {
    let mut tick = tokio::time::interval(SWEEP_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        sweep(&svc, &replica).await;
    }
}
