//! What follows a game's write, applied exactly once: the events a write records in the
//! store's outbox ([`GameEvent`], see [`store::outbox`](crate::store::outbox)), and the worker
//! every replica runs that applies them ([`run_outbox`]).
//!
//! A change that has consequences beyond the game (accounts to attach it to, bots to tell of
//! their seat or of its end, a rating, a duplicate match's record of the deal) says so in the
//! record's `pending_events`; the write records them with the game, in the same atomic step,
//! so they exist exactly when the change does. No request waits for them: the replica that
//! wrote wakes its worker, which takes the game from the outbox at once, and any replica's
//! worker takes it when a lease runs out (a worker that died, a store that failed). Each
//! event's effects are idempotent, keyed by the event: a rating once per game
//! (`GameStore::rate`), an inbox entry once per once-key, a match's deal once per play, a game
//! attached once per account. So a client that hangs up, a replica that dies after the write
//! and a store that fails half-way all leave each effect applied once, within a lease.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use super::deadlines::now_ms;
use super::game_service::GameService;
use super::inbox::{InboxEvent, Via};
use crate::api::error::ApiError;
use crate::engine::Seat;
use crate::store::OutboxBatch;

/// How long a worker holds the records it took: an event whose effects failed is tried again
/// (by any replica) this long after it was taken.
pub const OUTBOX_LEASE_MS: u64 = 2_000;

/// How often a worker looks for due records when nothing woke it.
const OUTBOX_POLL: Duration = Duration::from_millis(250);

/// Records taken at once.
const OUTBOX_TAKE: usize = 32;

/// Records whose events are applied at the same time.
const OUTBOX_CONCURRENCY: usize = 8;

/// An event a game's write records in its outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameEvent {
    /// Accounts took seats (at the game's creation, or a bot's claim): the game is attached to
    /// each, and each seat with a token is told to its bot (`seated`, with `via`).
    Seated { via: Via, seats: Vec<SeatNote> },
    /// This write finished the game: its rating, its bots told (`game_over`), its match's deal.
    Finished,
    /// A duplicate match was asked for (the event of its record): its games are created.
    MatchStarted,
}

/// One seat of [`GameEvent::Seated`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatNote {
    pub seat: Seat,
    /// The account, as registered (a bot's, or a house account's).
    pub account: String,
    /// The seat's token, for a bot the server seated (told only through its inbox).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl GameEvent {
    pub(super) fn encode(&self) -> Result<Vec<u8>, ApiError> {
        serde_json::to_vec(self).map_err(|_| ApiError::Internal)
    }
}

/// The encoded `events`, as a write takes them.
pub(super) fn encode_events(events: &[GameEvent]) -> Result<Vec<Vec<u8>>, ApiError> {
    events.iter().map(GameEvent::encode).collect()
}

/// The wake-up of this replica's worker: a write with events rings it.
#[derive(Clone, Default)]
pub struct OutboxWake(Arc<tokio::sync::Notify>);

impl OutboxWake {
    pub(super) fn ring(&self) {
        self.0.notify_one();
    }
}

impl GameService {
    /// Takes the due records of the outbox once and applies their events; answers how many
    /// records it took.
    pub async fn outbox_round(&self) -> usize {
        let batches = match self
            .store
            .outbox_take(now_ms(), OUTBOX_LEASE_MS, OUTBOX_TAKE)
            .await
        {
            Ok(b) => b,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the outbox");
                return 0;
            }
        };
        let taken = batches.len();
        futures_util::stream::iter(batches)
            .for_each_concurrent(OUTBOX_CONCURRENCY, |b| self.apply_batch(b))
            .await;
        taken
    }

    /// Applies a record's events in order, and acknowledges those applied. An event whose
    /// effects fail stops the batch: it and the rest are taken again when the lease runs out.
    async fn apply_batch(&self, batch: OutboxBatch) {
        let mut done = 0;
        let mut failed = false;
        for event in &batch.events {
            match self.apply_event(&batch.owner, event).await {
                Ok(()) => done += 1,
                Err(e) => {
                    tracing::warn!(record = %batch.owner, error = %e, "an event's effects failed; retried after the lease");
                    failed = true;
                    break;
                }
            }
        }
        if failed && done == 0 {
            return; // due again when the lease runs out
        }
        // What failed is due when the lease runs out; what came since the take, at once.
        let due = if failed {
            batch.lease_until_ms
        } else {
            now_ms()
        };
        if let Err(e) = self
            .store
            .outbox_ack(
                &batch.owner,
                &batch.events[..done],
                batch.lease_until_ms,
                due,
            )
            .await
        {
            tracing::warn!(record = %batch.owner, error = %e, "applied events not acknowledged; applied again after the lease");
        }
    }

    async fn apply_event(&self, owner: &str, data: &[u8]) -> Result<(), ApiError> {
        let event: GameEvent = match serde_json::from_slice(data) {
            Ok(e) => e,
            Err(e) => {
                // Nothing can apply it, ever: dropped, loudly.
                tracing::error!(record = %owner, error = %e, "an outbox event that cannot be read; dropped");
                return Ok(());
            }
        };
        match event {
            GameEvent::Seated { via, seats } => self.apply_seated(owner, &via, &seats).await,
            GameEvent::Finished => self.apply_finished(owner).await,
            GameEvent::MatchStarted => match owner.strip_prefix(super::matches::STORE_PREFIX) {
                Some(id) => self.start_match_games(id).await,
                None => Ok(()),
            },
        }
    }

    async fn apply_seated(&self, id: &str, via: &Via, seats: &[SeatNote]) -> Result<(), ApiError> {
        let mut accounts: Vec<String> = seats.iter().map(|s| s.account.clone()).collect();
        accounts.sort_by_key(|a| super::bots::fold(a));
        accounts.dedup_by_key(|a| super::bots::fold(a));
        self.try_attach(&accounts, id).await?;
        let mut rules = None;
        for note in seats {
            let Some(token) = &note.token else { continue };
            let rules = match rules {
                Some(r) => r,
                None => {
                    let loaded = match self.load(id).await {
                        Ok(l) => l,
                        // Gone (expired): nobody to tell of it.
                        Err(ApiError::GameNotFound(_)) => return Ok(()),
                        Err(e) => return Err(e),
                    };
                    *rules.insert(*loaded.1.game.rules())
                }
            };
            let once = format!("seated:{id}:{}", note.seat);
            let event = InboxEvent::Seated {
                game_id: id.to_owned(),
                seat: note.seat,
                token: token.clone(),
                preset: rules.preset,
                ruleset: rules,
                via: via.clone(),
            };
            self.announce_once(&note.account, &event, Some(&once))
                .await?;
        }
        Ok(())
    }

    async fn apply_finished(&self, id: &str) -> Result<(), ApiError> {
        let loaded = match self.load(id).await {
            Ok(l) => l,
            Err(ApiError::GameNotFound(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        let record = &loaded.1;
        if !record.game.is_over() {
            return Ok(());
        }
        if self.rate_finished(id, record).await {
            Ok(())
        } else {
            Err(ApiError::Unavailable)
        }
    }
}

/// Runs this replica's outbox worker forever: at once when a write of this replica recorded
/// events, else every [`OUTBOX_POLL`] (another replica's events, a lease that ran out).
pub async fn run_outbox(svc: GameService) {
    loop {
        tokio::select! {
            () = svc.outbox_wake.0.notified() => {}
            () = tokio::time::sleep(OUTBOX_POLL) => {}
        }
        while svc.outbox_round().await == OUTBOX_TAKE {}
    }
}
