//! What the sweeper (`api::clock`) asks of the service: the fallback move for a seat whose turn
//! clock ran out, and a deadline index entry made to agree with its game.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::deadlines::now_ms;
use super::record::{GameRecord, LogEntry};
use super::service::GameService;
use super::update::Skip;
use super::wire::TimeoutRecord;
use crate::bots::Strategy;
use crate::engine::Seat;
use crate::error::Error;

/// The house player that moves for a seat whose turn clock ran out.
pub const FALLBACK: Strategy = Strategy::Heuristic;

/// How many turns in a row a seat may let its clock run out: at this many, the seat forfeits
/// the game (it ends there, lost for the seat's side), as an abandoned game is lost on
/// Lichess; a move of its own in between starts the count again. Not in a duplicate match's
/// games (one hand each), which the fallback plays out.
pub const FORFEIT_AFTER_TIMEOUTS: u8 = 3;

impl GameRecord {
    /// Seat `seat` moved on its own: its count of timeouts in a row starts again.
    pub(super) fn on_time(&mut self, seat: Seat) {
        if let Some(n) = self.late.get_mut(seat as usize) {
            *n = 0;
        }
    }

    /// The clock moved for seat `seat`: one more timeout in a row, and at
    /// [`FORFEIT_AFTER_TIMEOUTS`] the seat forfeits the game (if it is not over already).
    fn timed_out(&mut self, seat: Seat) {
        if self.late.len() < self.seats.len() {
            self.late.resize(self.seats.len(), 0);
        }
        let n = &mut self.late[seat as usize];
        *n = n.saturating_add(1);
        // A duplicate match's game (one hand) is played out by the fallback instead: its deal
        // counts against the seat's player in the match.
        if *n >= FORFEIT_AFTER_TIMEOUTS && !self.over() && self.series.is_none() {
            self.forfeit = Some(seat);
        }
    }
}

impl GameService {
    /// Makes the fallback move for the seat whose turn clock ran out, if it still has the turn
    /// and its deadline has passed. Exactly once per deadline: the compare-and-set on the
    /// version decides between racing replicas. Answers whether a move was made.
    pub async fn expire_turn(&self, id: &str, now: u64) -> Result<bool, Error> {
        let metrics = self.metrics.clone();
        let result = self
            .update(id, None, None, |record, version| {
                let (Some(deadline), Some(seat)) = (record.deadline_ms, record.game.turn()) else {
                    return Err(Skip::NotDue);
                };
                if deadline > now {
                    return Err(Skip::NotDue);
                }
                let mut rng = SmallRng::seed_from_u64(record.game.seed() ^ version ^ 0x71C7);
                let action = FALLBACK
                    .choose(&record.game, seat, &mut rng)
                    .ok_or(Error::Internal)?;
                let hand = record.game.hand_number();
                record.apply(seat, &action)?;
                record.timed_out(seat);
                record.pending_log.insert(
                    0,
                    LogEntry::Timeout(TimeoutRecord {
                        version: version + 1,
                        hand_number: hand,
                        seat,
                        deadline_unix_ms: deadline,
                        action_type: action.kind().to_owned(),
                        action: Some(action.clone()),
                    }),
                );
                metrics.actions.with_label_values(&["timeout", "bot"]).inc();
                Ok(seat)
            })
            .await;
        match result {
            Ok(_) => Ok(true),
            Err(Skip::NotDue) => Ok(false),
            Err(Skip::Failed(e)) => Err(e),
        }
    }

    /// Makes the deadline index agree with the game's own deadline, or its house players'
    /// work left ([`GameRecord::wake_ms`](super::record::GameRecord::wake_ms)), after a sweep.
    pub async fn sync_deadline(&self, id: &str) {
        let result = match self.load(id).await {
            Ok(loaded) => match loaded.1.wake_ms(now_ms()) {
                Some(at) => self.store.schedule_deadline(id, at).await,
                None => self.store.cancel_deadline(id).await,
            },
            Err(Error::GameNotFound(_)) => self.store.cancel_deadline(id).await,
            Err(_) => return,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "cannot update the deadline index");
        }
    }
}
