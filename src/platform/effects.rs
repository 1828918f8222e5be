//! What follows a write, applied exactly once: the worker every replica runs ([`run_outbox`])
//! takes the events that writes recorded in the store's outbox (see
//! [`store::outbox`](crate::store::outbox)): the game core's ([`GameEvent`], with a game's
//! record) and the platform's own ([`MatchEvent`], with a match's record), and applies them.
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

use std::time::Duration;

use futures_util::StreamExt;

use super::arenas::ArenaEvent;
use super::challenges::ChallengeEvent;
use super::env::Platform;
use super::inbox::{InboxEvent, Via};
use super::matches::MatchEvent;
use crate::error::Error;
use crate::games::{GameEvent, SeatNote, fold, now_ms};
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

impl Platform {
    /// Takes the due records of the outbox once and applies their events; answers how many
    /// records it took.
    pub async fn outbox_round(&self) -> usize {
        let batches = match self
            .store()
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
            .store()
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

    async fn apply_event(&self, owner: &str, data: &[u8]) -> Result<(), Error> {
        // A match's record holds the platform's events; a game's, the core's.
        if let Some(id) = owner.strip_prefix(super::matches::STORE_PREFIX) {
            return match serde_json::from_slice::<MatchEvent>(data) {
                Ok(MatchEvent::MatchStarted) => self.start_match_games(id).await,
                Err(e) => unreadable(owner, &e),
            };
        }
        if let Some(id) = owner.strip_prefix(super::arenas::STORE_PREFIX) {
            return match serde_json::from_slice::<ArenaEvent>(data) {
                Ok(event) => self.apply_arena_event(id, event).await,
                Err(e) => unreadable(owner, &e),
            };
        }
        if let Some(id) = owner.strip_prefix(super::challenges::STORE_PREFIX) {
            return match serde_json::from_slice::<ChallengeEvent>(data) {
                Ok(event) => self.apply_challenge_event(id, event).await,
                Err(e) => unreadable(owner, &e),
            };
        }
        let event: GameEvent = match serde_json::from_slice(data) {
            Ok(e) => e,
            Err(e) => return unreadable(owner, &e),
        };
        match event {
            GameEvent::Seated { via, seats } => {
                // None: the accounts claimed their seats themselves.
                let via = match via.map(serde_json::from_value::<Via>).transpose() {
                    Ok(via) => via.unwrap_or(Via::Claim),
                    Err(e) => return unreadable(owner, &e),
                };
                self.apply_seated(owner, &via, &seats).await
            }
            GameEvent::Finished => self.apply_finished(owner).await,
        }
    }

    async fn apply_seated(&self, id: &str, via: &Via, seats: &[SeatNote]) -> Result<(), Error> {
        let mut accounts: Vec<String> = seats.iter().map(|s| s.account.clone()).collect();
        accounts.sort_by_key(|a| fold(a));
        accounts.dedup_by_key(|a| fold(a));
        // A duplicate match's game is attached once every play of its deal is over (see
        // `matches`): a profile must not lead to a deal still being played; an arena's, when
        // the arena counts it (see `arenas`).
        if !matches!(via, Via::Match { .. } | Via::Arena { .. }) {
            self.try_attach(&accounts, id).await?;
        }
        let mut rules = None;
        for note in seats {
            let Some(token) = &note.token else { continue };
            let rules = match rules {
                Some(r) => r,
                None => {
                    let loaded = match self.games.load(id).await {
                        Ok(l) => l,
                        // Gone (expired): nobody to tell of it.
                        Err(Error::GameNotFound(_)) => return Ok(()),
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

    async fn apply_finished(&self, id: &str) -> Result<(), Error> {
        let loaded = match self.games.load(id).await {
            Ok(l) => l,
            Err(Error::GameNotFound(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        let record = &loaded.1;
        if !record.over() {
            return Ok(());
        }
        // Each effect is tried whatever the others did, and each is done once whatever the
        // retries (the store's rated set, the announcements' once keys, the match's points per
        // play, the archive's put by id): the event is done when all four are.
        // A rated game's end is told with the ratings' changes: not before it is rated.
        let rated = self.rate_finished(id, record).await.inspect_err(
            |e| tracing::warn!(game_id = %id, error = %e, "finished game not rated yet"),
        );
        let told = match &rated {
            Ok(changes) => self.announce_game_over(id, record, changes).await,
            Err(_) => Ok(()),
        };
        // A game's part in a match or an arena.
        let recorded = if record.part_of.is_some() {
            self.arena_game_over(id, record).await
        } else {
            self.match_game_over(record).await
        };
        // Archived with the ratings' changes too: not before it is rated.
        let archived = match &rated {
            Ok(changes) => self
                .archive_finished(id, record, changes)
                .await
                .inspect_err(
                    |e| tracing::warn!(game_id = %id, error = %e, "finished game not archived yet"),
                ),
            Err(_) => Ok(()),
        };
        rated.map(drop).and(told).and(recorded).and(archived)
    }
}

/// Runs this replica's outbox worker forever: at once when a write of this replica recorded
/// events, else every [`OUTBOX_POLL`] (another replica's events, a lease that ran out).
pub async fn run_outbox(svc: Platform) {
    let wake = svc.games.outbox_wake().clone();
    loop {
        tokio::select! {
            () = wake.rung() => {}
            () = tokio::time::sleep(OUTBOX_POLL) => {}
        }
        while svc.outbox_round().await == OUTBOX_TAKE {}
    }
}

/// An event nothing can apply, ever: dropped (done with), loudly.
fn unreadable(owner: &str, e: &serde_json::Error) -> Result<(), Error> {
    tracing::error!(record = %owner, error = %e, "an outbox event that cannot be read; dropped");
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::games::wire::CreateGameRequest;
    use crate::games::{ActRequest, GameId, GameService};
    use crate::metrics::Metrics;
    use crate::store::GameStore;

    /// A replica that wrote a game's end and stopped before applying its effects (no worker runs
    /// on A here): another replica's worker applies them from the outbox, once.
    #[tokio::test]
    async fn another_replica_applies_what_a_stopped_one_wrote() {
        let store: Arc<dyn GameStore> = Arc::new(crate::store::MemoryStore::new(
            crate::store::StoreConfig::default(),
        ));
        let a = Platform::new(GameService::new(store.clone(), Metrics::new(), 100));
        let b = Platform::new(GameService::new(store.clone(), Metrics::new(), 100));
        a.register_bot("stopper".into(), || Ok(())).await.unwrap();
        let req: CreateGameRequest = serde_json::from_value(serde_json::json!({
            "ruleset": {"preset": "hasenpfeffer", "target_score": 1},
            "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"},
                      {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
        }))
        .unwrap();
        let id = GameId::parse(&a.games().create(req).await.unwrap().game_id).unwrap();
        let claim = serde_json::from_value(serde_json::json!({})).unwrap();
        let token = a
            .games()
            .claim_seat(&id, claim, Some("stopper".into()))
            .await
            .unwrap()
            .token;
        for _ in 0..5_000 {
            let view = a.games().view(&id, Some(&token)).await.unwrap();
            if view.over {
                break;
            }
            if let Some(action) = view.decode().unwrap().legal_actions.first().cloned() {
                a.games()
                    .act(ActRequest {
                        id: &id,
                        token: &token,
                        action,
                        if_match: None,
                        idempotency_key: None,
                    })
                    .await
                    .unwrap();
            }
        }
        assert!(
            a.games().view(&id, None).await.unwrap().over,
            "the game ended"
        );
        let profile = |svc: Platform| async move { svc.bot_profile("stopper").await.unwrap() };
        assert_eq!(
            profile(b.clone()).await.games_played,
            0,
            "nothing applied yet"
        );
        assert!(b.inbox("stopper", 0, 100).await.unwrap().entries.is_empty());
        assert!(b.outbox_round().await >= 1);
        let after = profile(b.clone()).await;
        // A claimed game is not rated (only the platform's own tables are).
        assert!(after.ratings.is_empty());
        assert_eq!(after.games_played, 1);
        let kinds: Vec<String> = b
            .inbox("stopper", 0, 100)
            .await
            .unwrap()
            .entries
            .iter()
            .map(|e| {
                serde_json::from_slice::<serde_json::Value>(&e.data).unwrap()["type"].to_string()
            })
            .collect();
        assert_eq!(kinds, vec!["\"seated\"", "\"game_over\""]);
        assert_eq!(b.outbox_round().await, 0);
        assert_eq!(a.outbox_round().await, 0);
        assert_eq!(profile(a).await.games_played, 1, "once");
    }
}
