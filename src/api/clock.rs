//! Turn clocks: every replica sweeps the shared deadline index and makes the fallback move for
//! seats whose time ran out. A claim in the store keeps replicas from doing the same work twice
//! (it expires if its holder crashes), and the compare-and-set on the game's version makes the
//! move happen exactly once whatever happens.

use std::time::Duration;

use super::service::{GameService, now_ms};

/// How often the index is swept.
pub const SWEEP_EVERY: Duration = Duration::from_millis(200);

/// How long a claim on a game holds.
const CLAIM_TTL: Duration = Duration::from_secs(5);

/// Games handled per sweep.
const BATCH: usize = 64;

/// Sweeps once: makes every due fallback move this replica can claim. Answers the moves made.
pub async fn sweep(svc: &GameService, replica: &str) -> usize {
    let now = now_ms();
    let due = match svc.store().due_deadlines(now, BATCH).await {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the deadline index");
            return 0;
        }
    };
    let mut moves = 0;
    for id in due {
        match svc.store().claim(&id, replica, CLAIM_TTL).await {
            Ok(true) => {}
            Ok(false) => continue, // another replica has it
            Err(e) => {
                tracing::warn!(error = %e, "cannot claim a deadline");
                continue;
            }
        }
        match svc.expire_turn(&id, now).await {
            Ok(true) => {
                moves += 1;
                tracing::info!(game_id = %id, "turn clock ran out: fallback move made");
            }
            Ok(false) => {}
            Err(super::error::ApiError::GameNotFound(_)) => {
                let _ = svc.store().cancel_deadline(&id).await;
            }
            Err(e) => tracing::warn!(game_id = %id, error = %e, "fallback move failed"),
        }
        // The game's own deadline is the truth: drop or fix the index entry to match it.
        svc.sync_deadline(&id).await;
        let _ = svc.store().release_claim(&id, replica).await;
    }
    moves
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
