//! The duplicate matches running now (asked for and not finished), bounded per bot (by the bot
//! that asked) and for the whole server, counted in the store so that every replica sees one
//! count: a record beside the matches (`matches.running`: no game id has a `.`) listing each
//! running match with its bot, changed by compare-and-set. A match is added when it is asked for
//! (before its record is written) and taken off when its last game ends
//! ([`Platform::match_game_over`]). An entry whose removal failed, or whose match was never
//! written or has expired, is dropped when a bound it counts against is reached: the matches
//! of a full bound are read, and the finished and the gone ones no longer count.

use serde::{Deserialize, Serialize};

use super::env::Platform;
use super::limits::MatchBounds;
use crate::error::{Code, Error};
use crate::games::now_ms;
use crate::store::{StoreError, Write};

/// The store id of the record of running matches.
const STORE_ID: &str = "matches.running";

/// How long a running match's entry counts before its record exists (it is written just after
/// the entry): past this, an entry whose match is not in the store is dropped.
const GONE_GRACE_MS: u64 = 60_000;

/// The stored record (named MessagePack).
#[derive(Debug, Default, Serialize, Deserialize)]
struct Running {
    matches: Vec<RunningMatch>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct RunningMatch {
    /// The match's id.
    id: String,
    /// The bot that asked for it (its folded name).
    bot: String,
    /// When it was asked for (ms since the epoch).
    since_ms: u64,
}

impl Running {
    fn decode(data: &[u8]) -> Result<Running, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable record of running matches");
            Error::Internal
        })
    }

    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec_named(self).map_err(|_| Error::Internal)
    }

    fn of(&self, bot: &str) -> usize {
        self.matches.iter().filter(|m| m.bot == bot).count()
    }

    /// The bound this record leaves no room under for one more match of `bot`, if any.
    fn full(&self, bot: &str, bounds: MatchBounds) -> Option<Full> {
        if let Some(n) = bounds.per_bot
            && self.of(bot) >= n as usize
        {
            return Some(Full::Bot(n));
        }
        if let Some(n) = bounds.total
            && self.matches.len() >= n as usize
        {
            return Some(Full::Server(n));
        }
        None
    }
}

/// A bound reached.
#[derive(Debug, Clone, Copy)]
enum Full {
    Bot(u32),
    Server(u32),
}

impl Full {
    fn error(self, bot: &str) -> Error {
        match self {
            Full::Bot(n) => Error::refused(
                Code::TooManyMatches,
                format!(
                    "bot {bot:?} runs {n} matches already, as many as a bot may at once: ask again when one has finished (its `match_finished` inbox event, or GET /v1/matches/{{id}})"
                ),
            ),
            Full::Server(n) => Error::refused(
                Code::MatchesFull,
                format!(
                    "the server runs {n} matches, as many as it may at once: ask again when one has finished"
                ),
            ),
        }
    }
}

impl Platform {
    /// Counts match `id`, asked for by bot `bot` (its folded name), as running, unless a bound
    /// is reached (`too_many_matches`, `matches_full`; nothing counted). Before refusing, the
    /// entries of the full bound whose matches are finished or gone are dropped.
    pub(super) async fn reserve_running_match(&self, id: &str, bot: &str) -> Result<(), Error> {
        let bounds = self.match_bounds;
        if bounds.per_bot.is_none() && bounds.total.is_none() {
            return Ok(());
        }
        loop {
            let stored = self.store().load(STORE_ID).await?;
            let (version, mut running) = match &stored {
                Some(s) => (Some(s.version), Running::decode(&s.data)?),
                None => (None, Running::default()),
            };
            let now = now_ms();
            let mut cleaned = false;
            if let Some(full) = running.full(bot, bounds) {
                let mut kept = Vec::with_capacity(running.matches.len());
                for m in std::mem::take(&mut running.matches) {
                    let counts_against = matches!(full, Full::Server(_)) || m.bot == bot;
                    let past_grace = now.saturating_sub(m.since_ms) > GONE_GRACE_MS;
                    if counts_against && !self.match_running(&m.id, past_grace).await? {
                        cleaned = true;
                    } else {
                        kept.push(m);
                    }
                }
                running.matches = kept;
                if let Some(full) = running.full(bot, bounds) {
                    if cleaned && let Some(v) = version {
                        // Best effort: a lost race leaves the cleaning to the next request.
                        let data = running.encode()?;
                        let _ = self
                            .store()
                            .write(STORE_ID, Write::update(v, v + 1, &data))
                            .await;
                    }
                    return Err(full.error(bot));
                }
            }
            running.matches.push(RunningMatch {
                id: id.to_owned(),
                bot: bot.to_owned(),
                since_ms: now,
            });
            let data = running.encode()?;
            let write = match version {
                Some(v) => Write::update(v, v + 1, &data),
                None => Write::create(1, &data),
            };
            match self.store().write(STORE_ID, write).await {
                Ok(()) => return Ok(()),
                Err(StoreError::Conflict { .. } | StoreError::AlreadyExists) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Match `id` no longer runs (its last game ended, or it was never written): its entry, if
    /// any, is taken off.
    pub(super) async fn release_running_match(&self, id: &str) -> Result<(), Error> {
        loop {
            let Some(stored) = self.store().load(STORE_ID).await? else {
                return Ok(());
            };
            let mut running = Running::decode(&stored.data)?;
            let before = running.matches.len();
            running.matches.retain(|m| m.id != id);
            if running.matches.len() == before {
                return Ok(());
            }
            let data = running.encode()?;
            let v = stored.version;
            match self
                .store()
                .write(STORE_ID, Write::update(v, v + 1, &data))
                .await
            {
                Ok(()) => return Ok(()),
                Err(StoreError::Conflict { .. }) => continue,
                Err(StoreError::NotFound) => return Ok(()),
                Err(e) => return Err(e.into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn running(bots: &[&str]) -> Running {
        Running {
            matches: bots
                .iter()
                .enumerate()
                .map(|(i, b)| RunningMatch {
                    id: format!("m{i}"),
                    bot: (*b).to_owned(),
                    since_ms: 0,
                })
                .collect(),
        }
    }

    #[test]
    fn a_bound_is_full_at_its_count() {
        let bounds = MatchBounds::new(2, 3);
        assert!(running(&["a"]).full("a", bounds).is_none());
        assert!(matches!(
            running(&["a", "a"]).full("a", bounds),
            Some(Full::Bot(2))
        ));
        assert!(running(&["a", "a"]).full("b", bounds).is_none());
        assert!(matches!(
            running(&["a", "c", "d"]).full("b", bounds),
            Some(Full::Server(3))
        ));
        assert!(
            running(&["a"; 9])
                .full("a", MatchBounds::new(0, 0))
                .is_none()
        );
        assert_eq!(MatchBounds::new(0, 5).per_bot, None);
    }

    #[test]
    fn the_record_reads_back() {
        let r = running(&["a", "b"]);
        let back = Running::decode(&r.encode().unwrap()).unwrap();
        assert_eq!(back.matches.len(), 2);
        assert_eq!(back.of("b"), 1);
    }
}
