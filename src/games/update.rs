//! The compare-and-set loop every change goes through ([`GameService::update`]), and house
//! players' work left after a write, done in the background a step (an update) at a time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::cache::ExpirySet;
use super::codec::encode_log;
use super::deadlines::now_ms;
use super::events::{GameEvent, encode_events};
use super::lobby::LobbyEntry;
use super::record::GameRecord;
use super::service::GameService;
use crate::error::Error;
use crate::store::{IdemWrite, StoreError, Write};

/// The pause between two background steps of one game: an endless game of house players
/// (one can drift forever) costs a bounded rate of writes rather than a busy loop.
const BACKGROUND_STEP_PAUSE: Duration = Duration::from_millis(10);

/// How many times a write that lost a compare-and-set race is retried from the new state
/// (only when the client did not pin a version with If-Match).
const CAS_RETRIES: usize = 8;

/// How long an idempotent answer is kept.
const IDEMPOTENCY_TTL: Duration = Duration::from_secs(24 * 3600);

/// Builds the answer stored for an idempotency key from the record about to be written.
pub(super) type IdemAnswer<'a, T> =
    dyn Fn(&GameRecord, u64, &T) -> Result<Vec<u8>, Error> + Sync + 'a;

/// What an update did: applied the change and wrote it, or found the answer of an earlier
/// request with the same idempotency key (its stored bytes), and did nothing.
pub(super) enum Outcome<T> {
    Applied(Updated<T>),
    Replayed(Vec<u8>),
}

/// Why a background change was not made: nothing is due (no house player to move, a turn
/// clock not run out: the game moved on meanwhile), or the update failed. An outcome between the
/// service and the sweeper, never an answer to a client.
#[derive(Debug)]
pub(super) enum Skip {
    NotDue,
    Failed(Error),
}

impl From<Error> for Skip {
    fn from(e: Error) -> Self {
        Skip::Failed(e)
    }
}

impl From<StoreError> for Skip {
    fn from(e: StoreError) -> Self {
        Skip::Failed(e.into())
    }
}

/// What a successful update wrote.
pub(super) struct Updated<T> {
    pub(super) version: u64,
    /// The version and the record as written (shared with the cache).
    pub(super) record: Arc<(u64, GameRecord)>,
    pub(super) out: T,
}

/// The seed of the house players' random choices after a change to `record` at `version`.
pub(super) fn record_seed(record: &GameRecord, version: u64) -> u64 {
    record.game.seed() ^ version
}

impl GameService {
    /// Lets house players finish their work on game `id` in a background task of this replica
    /// (unless one already does), after a write that left them to move.
    pub(super) fn continue_in_background(&self, id: &str) {
        let Some(guard) = self.begin_work(id) else {
            return;
        };
        let svc = self.clone();
        let id = id.to_owned();
        tokio::spawn(async move {
            let _guard = guard;
            svc.play_house_players(&id).await;
        });
    }

    /// Plays house players' turns of game `id`, a step ([`GameRecord::run_bots`]) per write,
    /// until a client is to act or the game is over. Each step is a compare-and-set like a
    /// client's move, so replicas (or a client's request) racing for the game cannot both
    /// apply a step; the loser reloads. Called in the background after a request left house
    /// players to move (a table of house players only, after its first step) and by the
    /// sweeper for a game whose worker stopped (see [`GameRecord::wake_ms`]).
    pub async fn play_house_players(&self, id: &str) {
        loop {
            let result = self
                .update(id, None, None, |record, _version| {
                    if record.bot_to_move() {
                        Ok(())
                    } else {
                        Err(Skip::NotDue)
                    }
                })
                .await;
            match result {
                Ok(Outcome::Applied(u)) if u.record.1.bot_to_move() => {}
                Ok(_) | Err(Skip::NotDue) => return,
                Err(Skip::Failed(e)) => {
                    // The index entry (BOT_GRACE_MS ahead) makes a sweeper try again.
                    tracing::warn!(game_id = %id, error = %e, "house players cannot move");
                    return;
                }
            }
            tokio::time::sleep(BACKGROUND_STEP_PAUSE).await;
        }
    }

    /// Loads, changes and saves a game with a compare-and-set, retrying from the new state when
    /// another request won the race (unless the client pinned `if_match`). `change` gets the
    /// record and its version; a failed change writes nothing. `answer` builds the idempotent
    /// answer to store with the write when `idem` is given (the stored key); an earlier answer
    /// under that key is returned instead of applying anything ([`Outcome::Replayed`]), before
    /// any version check and also after a lost compare-and-set, so that a request whose key was
    /// answered always gets that answer. After a write that leaves house players to move (a
    /// step was full), they go on in the background.
    ///
    /// The error type is the change's: an [`Error`], or a [`Skip`] for the background's
    /// changes, which may find nothing to do.
    pub(super) async fn update<T, E>(
        &self,
        id: &str,
        if_match: Option<u64>,
        idem: Option<(&str, &IdemAnswer<'_, T>)>,
        mut change: impl FnMut(&mut GameRecord, u64) -> Result<T, E>,
    ) -> Result<Outcome<T>, E>
    where
        E: From<Error> + From<StoreError>,
    {
        // A cached copy saves the load: if it is stale, the compare-and-set fails and the
        // next attempt reads the store. Idempotent requests always read (the key must be
        // checked in the same round trip).
        let mut cached = if idem.is_none() {
            self.cache.take(id)
        } else {
            None
        };
        for _ in 0..CAS_RETRIES {
            let from_cache = cached.is_some();
            let (version, mut record, expiry_set) = match cached.take() {
                Some(hit) => hit,
                None => {
                    let (stored, replay) = match idem {
                        Some((key, _)) => self.store.load_with_idem(id, key).await?,
                        None => (self.store.load(id).await?, None),
                    };
                    if let Some(answer) = replay {
                        return Ok(Outcome::Replayed(answer));
                    }
                    let stored = stored.ok_or_else(|| Error::GameNotFound(id.to_owned()))?;
                    (stored.version, GameRecord::decode(&stored.data)?, None)
                }
            };
            if let Some(expected) = if_match
                && expected != version
            {
                if from_cache {
                    continue; // the cache may be behind: decide on the stored version
                }
                return Err(Error::VersionConflict { current: version }.into());
            }
            let was_over = record.over();
            let deadline_before = record.wake_hint();
            let out = match change(&mut record, version) {
                Ok(out) => out,
                // A refusal may come from a stale copy (another replica moved): decide on the
                // stored game (the copy is out of the cache already).
                Err(_) if from_cache => continue,
                Err(e) => return Err(e),
            };
            let seed = record_seed(&record, version);
            let mut record = self.let_bots_play(record, seed).await?;
            let now = now_ms();
            record.reset_deadline(now);
            let wake = record.wake_ms(now);
            let next = version + 1;
            let finished = record.over();
            let answer = match idem {
                Some((_, build)) => Some(build(&record, next, &out)?),
                None => None,
            };
            let log = encode_log(&record.pending_log)?;
            let log_refs: Vec<&[u8]> = log.iter().map(Vec::as_slice).collect();
            if finished && !was_over {
                record.pending_events.push(GameEvent::Finished);
            }
            let events = encode_events(&record.pending_events)?;
            let event_refs: Vec<&[u8]> = events.iter().map(Vec::as_slice).collect();
            let data = record.encode()?;
            let lobby = LobbyEntry::of(id, &record, next, now)?;
            // Before the write the deadline index may only move earlier (an early entry is
            // harmless: the sweeper checks the game and fixes it); moving it later or dropping
            // it waits for the write to succeed, so a lost write cannot lose the deadline.
            let early = wake.filter(|at| deadline_before.is_none_or(|b| *at < b));
            if early.is_some() {
                self.schedule(id, deadline_before, early).await;
            }
            let mut write = Write {
                expected: Some(version),
                new_version: next,
                data: &data,
                finished,
                keep_expiry: false,
                idem: match (idem, &answer) {
                    (Some((key, _)), Some(answer)) => Some(IdemWrite {
                        key,
                        answer,
                        ttl: IDEMPOTENCY_TTL,
                    }),
                    _ => None,
                },
                log: &log_refs,
                // A play of a duplicate deal is never listed (see `create_with`).
                listing: record.series.is_none().then(|| lobby.listing()),
                events: &event_refs,
            };
            let sent = Instant::now();
            let ttl = self.store.config().ttl(finished);
            write.keep_expiry = write.may_keep_expiry()
                && expiry_set.is_some_and(|e| e.still_fresh(finished, ttl, sent));
            match self.store.write(id, write).await {
                Ok(()) => {
                    // Cache first: long polls woken by this write look for it there.
                    record.pending_log.clear();
                    record.pending_events.clear();
                    let bots_left = record.bot_to_move();
                    let entry = Arc::new((next, record));
                    let expiry_set = if write.keep_expiry {
                        expiry_set
                    } else {
                        Some(ExpirySet { at: sent, finished })
                    };
                    self.cache.put(id, &entry, expiry_set);
                    if early.is_none() {
                        self.schedule(id, deadline_before, wake).await;
                    }
                    if !events.is_empty() {
                        self.outbox_wake.ring();
                    }
                    if finished && !was_over {
                        self.metrics.games_finished.inc();
                    }
                    if bots_left {
                        self.continue_in_background(id);
                    }
                    return Ok(Outcome::Applied(Updated {
                        version: next,
                        record: entry,
                        out,
                    }));
                }
                Err(StoreError::Conflict { current }) => {
                    self.cache.remove(id);
                    // A keyed request reads again: if a copy of it won the race, its answer is
                    // this one's (and otherwise the If-Match check refuses it there).
                    if if_match.is_some() && !from_cache && idem.is_none() {
                        return Err(Error::VersionConflict { current }.into());
                    }
                }
                Err(StoreError::NotFound) => {
                    return Err(Error::GameNotFound(id.to_owned()).into());
                }
                Err(e) => return Err(e.into()),
            }
        }
        let current = self.load(id).await?.0;
        Err(Error::VersionConflict { current }.into())
    }
}
