//! What the sweeper (`api::clock`) asks of the service: the fallback move for a seat whose turn
//! clock ran out, and a deadline index entry made to agree with its game.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::deadlines::now_ms;
use super::record::LogEntry;
use super::service::GameService;
use super::update::Skip;
use super::wire::TimeoutRecord;
use crate::bots::Strategy;
use crate::error::Error;

/// The house player that moves for a seat whose turn clock ran out.
pub const FALLBACK: Strategy = Strategy::Heuristic;

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
