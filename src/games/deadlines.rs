//! Deadline bookkeeping: the turn clock of a record, when the sweeper should look at a game,
//! and the game's entry in the store's deadline index.

use std::time::{SystemTime, UNIX_EPOCH};

use super::record::GameRecord;
use super::service::GameService;
use crate::error::{Code, Error};

/// The shortest and longest turn time limits.
pub const TURN_LIMIT_MS: std::ops::RangeInclusive<u64> = 100..=86_400_000;

/// Refuses a turn time limit outside [`TURN_LIMIT_MS`] (`invalid_turn_time_limit`).
pub fn check_turn_limit(limit: Option<u64>) -> Result<(), Error> {
    match limit {
        Some(ms) if !TURN_LIMIT_MS.contains(&ms) => Err(Error::refused(
            Code::InvalidTurnTimeLimit,
            format!(
                "turn_time_limit_ms must be between {} and {} (24 hours)",
                TURN_LIMIT_MS.start(),
                TURN_LIMIT_MS.end()
            ),
        )),
        _ => Ok(()),
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Where the deadline index puts a game with house players' work left: this long after the
/// write. The replica doing the work pushes the entry on with every step; if it stops (a crash,
/// a shutdown), a sweeper picks the game up then.
const BOT_GRACE_MS: u64 = 5_000;

impl GameRecord {
    /// When the sweeper should look at the game (the deadline index's entry): the turn clock's
    /// deadline, or [`BOT_GRACE_MS`] after `now` while house players have work left.
    pub(super) fn wake_ms(&self, now: u64) -> Option<u64> {
        self.deadline_ms
            .or_else(|| self.bot_to_move().then_some(now + BOT_GRACE_MS))
    }

    /// The index entry a loaded game may have: its deadline, or, with house players' work
    /// left, an unknown time taken as 0 (so that an update only moves it after its write).
    pub(super) fn wake_hint(&self) -> Option<u64> {
        self.deadline_ms.or_else(|| self.bot_to_move().then_some(0))
    }

    /// Sets the turn clock after a change: a client to act gets a fresh deadline.
    pub(super) fn reset_deadline(&mut self, now: u64) {
        self.deadline_ms = match (self.turn_time_limit_ms, self.game.turn()) {
            (Some(limit), Some(seat))
                if self.started()
                    && self.forfeit.is_none()
                    && self.seats[seat as usize].bot().is_none() =>
            {
                Some(now + limit)
            }
            _ => None,
        };
    }
}

impl GameService {
    /// Moves game `id`'s entry in the deadline index from `before` to `after` (no-op if equal).
    /// Callers move it earlier before a write and later (or drop it) only after the write
    /// succeeded, so a crash or a failed write can only leave an early entry, which the sweeper
    /// checks against the game and fixes; a deadline is never lost.
    pub(super) async fn schedule(&self, id: &str, before: Option<u64>, after: Option<u64>) {
        if before == after {
            return;
        }
        let result = match after {
            Some(at) => self.store.schedule_deadline(id, at).await,
            None => self.store.cancel_deadline(id).await,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "cannot update the deadline index");
        }
    }
}
