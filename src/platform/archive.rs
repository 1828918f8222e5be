//! The archive: a finished game kept, compressed, for `ARCHIVE_DAYS` beyond its live TTL
//! (`store::archive`), and each bot's history of them (`GET /v1/bots/{name}/games`), a page
//! at a time or streamed whole with every game's log, as Lichess's game export is.
//!
//! Archiving is one more effect of a game's `finished` event (`effects`), idempotent as the
//! others: the store's put replaces an archived game and lists it once. A game is archived
//! when at least one seat is a registered bot's (a game of house players and guests alone is
//! nobody's history); it is listed under every account seated in it (house accounts too).
//!
//! What is stored: the game's summary ([`ArchivedSummary`]: preset, seats, scores, places,
//! each seat's outcome), uncompressed, in each account's index, so a page reads no game; and
//! the whole game (the summary, the resolved ruleset, every hand with its hidden cards, the
//! turn clocks' moves) as JSON compressed with zstd, read one game at a time by the stream.
//!
//! A duplicate match's game (one seating of deals other seatings also play) is archived but
//! listed under nobody: its result and hands would tell the players of another seating of the
//! same deal what they are about to be dealt. (Listing them once their match is over is left
//! for later.)

use std::collections::HashSet;

use futures_util::Stream;
use serde::Serialize;

use super::env::Platform;
use super::inbox::seat_outcome;
use super::wire::{ArchivedSeat, ArchivedSummary, BotGame, BotGames, RatingChange};
use crate::engine::{Seat, Team};
use crate::error::{Code, Error};
use crate::games::wire::TimeoutRecord;
use crate::games::{
    GameId, GameRecord, decode_list_cursor, encode_list_cursor, fold, house_name, now_ms,
};
use crate::store::{ArchivePut, ListCursor, MAX_ARCHIVE_SUMMARIES};

/// The games of a page unless asked otherwise.
pub const DEFAULT_ARCHIVE_LIMIT: usize = 50;

/// The most games of a page.
pub const MAX_ARCHIVE_LIMIT: usize = 100;

/// The most games one stream sends unless asked otherwise (`max`).
pub const DEFAULT_STREAM_MAX: usize = 1_000;

/// The most games one stream may send (`max`).
pub const MAX_STREAM_MAX: usize = 100_000;

/// zstd's level for the archive (measured in BENCHMARKS.md: bytes per game and time).
const ZSTD_LEVEL: i32 = 9;

/// The whole archived game as stored (before compression): its summary, ruleset and log.
#[derive(Serialize)]
struct ArchivedGame<'a> {
    #[serde(flatten)]
    summary: &'a ArchivedSummary,
    ruleset: crate::engine::Ruleset,
    hands: &'a [crate::engine::HandRecord],
    timeouts: &'a [TimeoutRecord],
}

/// The bot's part of a streamed line (spliced before the stored game's fields).
#[derive(Serialize)]
struct BotPart<'a> {
    bot_seats: &'a [Seat],
    outcome: super::SeatOutcome,
    place: u32,
    opponents: &'a [String],
    rating_change: Option<f64>,
}

/// The summary of finished game `id` (`record`), at `finished_ms`.
fn summary_of(
    id: &str,
    record: &GameRecord,
    finished_ms: u64,
    changes: &[(String, RatingChange)],
) -> ArchivedSummary {
    let rules = record.game.rules();
    let sides = rules.sides();
    let places: Vec<u32> = super::ratings::side_places(record)
        .into_iter()
        .map(|p| p as u32)
        .collect();
    let seats = record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let seat = i as Seat;
            let side = sides.of(seat);
            let strategy = s.bot();
            ArchivedSeat {
                seat,
                side,
                name: s.name.clone().or_else(|| strategy.map(house_name)),
                account: s.account_name(),
                house: strategy.is_some(),
                strategy,
                guest: s.account_name().is_none(),
                outcome: seat_outcome(record, seat),
                place: places.get(side as usize).copied().unwrap_or(0),
                rating_change: s.account_name().and_then(|a| {
                    changes
                        .iter()
                        .find(|(k, _)| *k == fold(&a))
                        .map(|(_, c)| c.change)
                }),
            }
        })
        .collect();
    ArchivedSummary {
        game_id: id.to_owned(),
        preset: rules.preset,
        players: rules.players,
        finished_unix_ms: finished_ms,
        seats,
        scores: record.game.scores().sides().map(|(_, s)| *s).collect(),
        places,
    }
}

/// How game `s` went for account `key` (folded); None if it held no seat.
fn bot_game(s: ArchivedSummary, key: &str) -> Option<BotGame> {
    let mine: Vec<&ArchivedSeat> = s
        .seats
        .iter()
        .filter(|seat| seat.account.as_deref().is_some_and(|a| fold(a) == key))
        .collect();
    let first = *mine.first()?;
    let my_sides: HashSet<Team> = mine.iter().map(|m| m.side).collect();
    let mut opponents: Vec<String> = Vec::new();
    for seat in &s.seats {
        if my_sides.contains(&seat.side) {
            continue;
        }
        let who = seat
            .account
            .clone()
            .or_else(|| seat.name.clone())
            .unwrap_or_else(|| format!("seat {}", seat.seat));
        if !opponents.contains(&who) {
            opponents.push(who);
        }
    }
    Some(BotGame {
        bot_seats: mine.iter().map(|m| m.seat).collect(),
        outcome: first.outcome,
        place: first.place,
        opponents,
        rating_change: first.rating_change,
        summary: s,
    })
}

/// The stream's line of `game` with its stored bytes `stored` (compressed JSON): the bot's
/// part, then the stored game's fields, and a newline.
fn stream_line(game: &BotGame, stored: &[u8]) -> Result<Vec<u8>, Error> {
    let json = zstd::stream::decode_all(stored).map_err(|e| {
        tracing::error!(game_id = %game.summary.game_id, error = %e, "an archived game is corrupt");
        Error::Internal
    })?;
    let body = json.strip_prefix(b"{").ok_or(Error::Internal)?;
    let part = serde_json::to_vec(&BotPart {
        bot_seats: &game.bot_seats,
        outcome: game.outcome,
        place: game.place,
        opponents: &game.opponents,
        rating_change: game.rating_change,
    })
    .map_err(|_| Error::Internal)?;
    let mut out = Vec::with_capacity(part.len() + json.len() + 1);
    out.extend_from_slice(&part[..part.len() - 1]);
    out.push(b',');
    out.extend_from_slice(body);
    out.push(b'\n');
    Ok(out)
}

/// Where a stream is: the next page's cursor, and how many games it may still send.
struct StreamState {
    platform: Platform,
    key: String,
    /// The games of the last page not sent yet.
    pending: std::collections::VecDeque<crate::store::ListedGame>,
    /// Where the next page starts.
    after: Option<ListCursor>,
    /// Whether the last page was the last.
    done: bool,
    since: u64,
    left: usize,
}

impl Platform {
    /// Archives finished game `id` (`record`): see the module's docs. Safe to repeat.
    pub(super) async fn archive_finished(
        &self,
        id: &str,
        record: &GameRecord,
        changes: &[(String, RatingChange)],
    ) -> Result<(), Error> {
        let has_bot = record
            .seats
            .iter()
            .any(|s| s.bot().is_none() && s.account.is_some());
        if !has_bot {
            return Ok(());
        }
        let Ok(game_id) = GameId::parse(id) else {
            return Ok(());
        };
        // The whole log, even of a play of a duplicate deal still played elsewhere: a play of
        // a series is archived but listed nowhere (see the module's docs).
        let log = match self.games.whole_log(&game_id).await {
            Ok(l) => l,
            Err(Error::GameNotFound(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        // When the game finished: its last hand's end is not recorded, so the first archiving
        // dates it (a retry within the lease keeps the first try's place in the index: the
        // store replaces the summary under the same id, but ordering uses this time).
        let finished_ms = now_ms();
        let summary = summary_of(id, record, finished_ms, changes);
        let whole = ArchivedGame {
            summary: &summary,
            ruleset: *record.game.rules(),
            hands: &log.hands,
            timeouts: &log.timeouts,
        };
        let json = serde_json::to_vec(&whole).map_err(|_| Error::Internal)?;
        let data = zstd::bulk::compress(&json, ZSTD_LEVEL).map_err(|_| Error::Internal)?;
        let summary_json = serde_json::to_vec(&summary).map_err(|_| Error::Internal)?;
        let mut members: Vec<String> = if record.series.is_some() {
            Vec::new() // see the module's docs
        } else {
            summary
                .seats
                .iter()
                .filter_map(|s| s.account.as_deref().map(fold))
                .collect()
        };
        members.sort();
        members.dedup();
        let members: Vec<&str> = members.iter().map(String::as_str).collect();
        self.store()
            .archive_put(ArchivePut {
                id,
                members: &members,
                finished_ms,
                summary: &summary_json,
                data: &data,
            })
            .await?;
        Ok(())
    }

    /// The name as registered of bot `name`, and its store key; `bot_not_found` if none.
    async fn archive_owner(&self, name: &str) -> Result<(String, String), Error> {
        match self.registered_name(name).await? {
            Some(n) => {
                let key = fold(&n);
                Ok((n, key))
            }
            None => Err(Error::refused(
                Code::BotNotFound,
                format!("no bot named {name:?}"),
            )),
        }
    }

    /// A page of bot `name`'s archived games, newest first (`limit` 1 to
    /// [`MAX_ARCHIVE_LIMIT`], after `cursor`).
    pub async fn bot_games(
        &self,
        name: &str,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<BotGames, Error> {
        if !(1..=MAX_ARCHIVE_LIMIT).contains(&limit) {
            return Err(Error::bad_request(
                Code::InvalidQuery,
                format!("invalid query string: `limit` must be between 1 and {MAX_ARCHIVE_LIMIT}"),
            ));
        }
        let after = cursor.map(decode_list_cursor).transpose()?;
        let (name, key) = self.archive_owner(name).await?;
        let page = self
            .store()
            .archive_page(&key, after.as_ref(), limit, now_ms())
            .await?;
        let games = page
            .games
            .into_iter()
            .filter_map(|g| decode_summary(&g.item).and_then(|s| bot_game(s, &key)))
            .collect();
        Ok(BotGames {
            name,
            games,
            next_cursor: page.next.as_ref().map(encode_list_cursor),
        })
    }

    /// Bot `name`'s archived games as ndjson lines, newest first, each with its whole log: at
    /// most `max` (1 to [`MAX_STREAM_MAX`]) of those finished at or after `since` (ms). A
    /// page of summaries (64) is read when the last is used up, and each game as the stream
    /// is consumed, one game a chunk: never all at once. The bot is looked up before the
    /// stream starts (so an unknown bot is a 404).
    pub async fn bot_games_stream(
        &self,
        name: &str,
        max: usize,
        since: u64,
    ) -> Result<impl Stream<Item = Result<bytes::Bytes, Error>> + use<>, Error> {
        if !(1..=MAX_STREAM_MAX).contains(&max) {
            return Err(Error::bad_request(
                Code::InvalidQuery,
                format!("invalid query string: `max` must be between 1 and {MAX_STREAM_MAX}"),
            ));
        }
        let (_, key) = self.archive_owner(name).await?;
        let state = StreamState {
            platform: self.clone(),
            key,
            pending: Default::default(),
            after: None,
            done: false,
            since,
            left: max,
        };
        Ok(futures_util::stream::try_unfold(
            state,
            |mut st| async move {
                // One game a chunk: a page of summaries is read when the last one is used up.
                loop {
                    if st.left == 0 {
                        return Ok(None);
                    }
                    let Some(g) = st.pending.pop_front() else {
                        if st.done {
                            return Ok(None);
                        }
                        let limit = st.left.min(MAX_ARCHIVE_SUMMARIES);
                        let page = st
                            .platform
                            .store()
                            .archive_page(&st.key, st.after.as_ref(), limit, now_ms())
                            .await?;
                        st.done = page.next.is_none();
                        st.after = page.next;
                        st.pending = page.games.into();
                        continue;
                    };
                    if g.listed_ms < st.since {
                        st.left = 0; // newest first: the rest is older still
                        continue;
                    }
                    let Some(game) = decode_summary(&g.item).and_then(|s| bot_game(s, &st.key))
                    else {
                        continue;
                    };
                    // Its bytes may have expired since the page was read: left out.
                    let Some(stored) = st.platform.store().archive_load(&g.id).await? else {
                        continue;
                    };
                    st.left -= 1;
                    let line = stream_line(&game, &stored)?;
                    return Ok(Some((bytes::Bytes::from(line), st)));
                }
            },
        ))
    }

    /// What the archive says of games `ids` of account `key` (folded), in order: each game's
    /// outcome for the bot (None: not archived for it).
    pub(super) async fn archived_results(
        &self,
        key: &str,
        ids: &[&str],
    ) -> Result<Vec<Option<BotGame>>, Error> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(MAX_ARCHIVE_SUMMARIES) {
            let found = self.store().archive_summaries(key, chunk, now_ms()).await?;
            out.extend(found.into_iter().map(|s| {
                s.and_then(|s| decode_summary(&s))
                    .and_then(|s| bot_game(s, key))
            }));
        }
        Ok(out)
    }
}

/// A stored summary, or None (logged) if it cannot be read.
fn decode_summary(data: &[u8]) -> Option<ArchivedSummary> {
    serde_json::from_slice(data)
        .inspect_err(|e| tracing::error!(error = %e, "an archived summary is corrupt"))
        .ok()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::games::GameService;
    use crate::games::wire::CreateGameRequest;
    use crate::metrics::Metrics;
    use crate::store::{GameStore, MemoryStore, StoreConfig};

    /// Plays a game of `players` random house players of `preset` (its default player count)
    /// to its end and answers the sizes of what the archive stores of it: the whole game's
    /// JSON, compressed (at [`ZSTD_LEVEL`], and at zstd's 3 and 19 for comparison), and the
    /// summary.
    async fn archived(
        svc: &GameService,
        preset: &str,
        players: u8,
    ) -> (usize, usize, usize, [usize; 2]) {
        let seats: Vec<serde_json::Value> = (0..players)
            .map(|_| serde_json::json!({"kind": "bot", "strategy": "random"}))
            .collect();
        let req: CreateGameRequest = serde_json::from_value(serde_json::json!({
            "ruleset": {"preset": preset},
            "seats": seats,
        }))
        .unwrap();
        let id = svc.create(req).await.unwrap().game_id;
        let game_id = GameId::parse(&id).unwrap();
        let record = loop {
            let loaded = svc.load(&id).await.unwrap();
            if loaded.1.game.is_over() {
                break loaded.1.clone();
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        };
        let log = svc.log(&game_id).await.unwrap();
        let summary = summary_of(&id, &record, 1_764_115_200_000, &[]);
        let json = serde_json::to_vec(&ArchivedGame {
            summary: &summary,
            ruleset: *record.game.rules(),
            hands: &log.hands,
            timeouts: &log.timeouts,
        })
        .unwrap();
        let data = zstd::bulk::compress(&json, ZSTD_LEVEL).unwrap();
        assert_eq!(zstd::stream::decode_all(&data[..]).unwrap(), json);
        let summary = serde_json::to_vec(&summary).unwrap();
        let other = [3, 19].map(|level| zstd::bulk::compress(&json, level).unwrap().len());
        (json.len(), data.len(), summary.len(), other)
    }

    /// The archive's bytes per game (BENCHMARKS.md): whole games of random house players,
    /// `cargo test --release --lib archive_bytes_per_game -- --ignored --nocapture`.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "a measurement: run by hand"]
    async fn archive_bytes_per_game() {
        let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(StoreConfig::default()));
        let svc = GameService::new(store, Metrics::new(), 100);
        for (preset, players) in [
            ("hasenpfeffer", 4),
            ("euchre", 4),
            ("pepper", 4),
            ("five-hundred", 4),
        ] {
            let n = 20;
            let (mut json, mut data, mut summary, mut other) = (0, 0, 0, [0, 0]);
            for _ in 0..n {
                let (j, d, s, o) = archived(&svc, preset, players).await;
                json += j;
                data += d;
                summary += s;
                other[0] += o[0];
                other[1] += o[1];
            }
            println!(
                "{preset} ({players}): {} B of JSON, {} B stored (zstd {ZSTD_LEVEL}; 3: {}, 19: {}), {} B of summary per index, per game (mean of {n})",
                json / n,
                data / n,
                other[0] / n,
                other[1] / n,
                summary / n
            );
        }
    }

    /// The stream reads page after page (64 summaries each) and stops at `max` and `since`;
    /// the pages cover the same games.
    #[tokio::test]
    async fn the_stream_reads_page_after_page() {
        use futures_util::TryStreamExt;
        let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(StoreConfig::default()));
        let platform = Platform::new(GameService::new(store.clone(), Metrics::new(), 100));
        platform
            .register_bot("Streamer".into(), || Ok(()))
            .await
            .unwrap();
        let now = now_ms();
        for i in 0..150u64 {
            let id = format!("g{i:03}");
            let summary = ArchivedSummary {
                game_id: id.clone(),
                preset: crate::engine::Preset::Hasenpfeffer,
                players: 4,
                finished_unix_ms: now - 1_000 + i,
                seats: vec![ArchivedSeat {
                    seat: 0,
                    side: 0,
                    name: Some("Streamer".into()),
                    account: Some("Streamer".into()),
                    house: false,
                    strategy: None,
                    guest: false,
                    outcome: super::super::SeatOutcome::Won,
                    place: 1,
                    rating_change: None,
                }],
                scores: vec![1, 0],
                places: vec![1, 2],
            };
            let json = serde_json::to_vec(&summary).unwrap();
            let data = zstd::bulk::compress(&json, ZSTD_LEVEL).unwrap();
            store
                .archive_put(ArchivePut {
                    id: &id,
                    members: &["streamer"],
                    finished_ms: now - 1_000 + i,
                    summary: &json,
                    data: &data,
                })
                .await
                .unwrap();
        }
        let lines = |max, since| {
            let platform = platform.clone();
            async move {
                let chunks: Vec<bytes::Bytes> = platform
                    .bot_games_stream("STREAMER", max, since)
                    .await
                    .unwrap()
                    .try_collect()
                    .await
                    .unwrap();
                chunks
                    .iter()
                    .map(|c| {
                        let v: serde_json::Value = serde_json::from_slice(c).unwrap();
                        v["game_id"].as_str().unwrap().to_owned()
                    })
                    .collect::<Vec<String>>()
            }
        };
        let all = lines(1_000, 0).await;
        let want: Vec<String> = (0..150).rev().map(|i| format!("g{i:03}")).collect();
        assert_eq!(all, want);
        assert_eq!(lines(70, 0).await, want[..70]);
        assert_eq!(lines(1_000, now - 1_000 + 100).await, want[..50]);
        let mut paged = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let page = platform
                .bot_games("streamer", cursor.as_deref(), 100)
                .await
                .unwrap();
            paged.extend(page.games.into_iter().map(|g| g.summary.game_id));
            match page.next_cursor {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        assert_eq!(paged, want);
        assert_eq!(
            platform
                .bot_games_stream("nobody", 10, 0)
                .await
                .err()
                .map(|e| e.code()),
            Some(Code::BotNotFound)
        );
    }

    /// A summary and the bot's part of it: its seats, outcome, opponents; the stream's line
    /// is the bot's part spliced before the stored game's fields.
    #[test]
    fn a_bot_game_from_a_summary_and_its_line() {
        let seat = |seat: Seat, side: Team, account: Option<&str>, outcome| ArchivedSeat {
            seat,
            side,
            name: account.map(str::to_owned).or(Some("guest".into())),
            account: account.map(str::to_owned),
            house: account.is_some_and(|a| a.starts_with("house-")),
            strategy: None,
            guest: account.is_none(),
            rating_change: None,
            outcome,
            place: if outcome == super::super::SeatOutcome::Won {
                1
            } else {
                2
            },
        };
        use super::super::SeatOutcome::{Lost, Won};
        let summary = ArchivedSummary {
            game_id: "g1".into(),
            preset: crate::engine::Preset::Hasenpfeffer,
            players: 4,
            finished_unix_ms: 5,
            seats: vec![
                seat(0, 0, Some("Me"), Won),
                seat(1, 1, Some("house-expert"), Lost),
                seat(2, 0, Some("house-random"), Won),
                seat(3, 1, None, Lost),
            ],
            scores: vec![10, 3],
            places: vec![1, 2],
        };
        assert!(bot_game(summary.clone(), "nobody").is_none());
        let g = bot_game(summary.clone(), "me").unwrap();
        assert_eq!(g.bot_seats, vec![0]);
        assert_eq!(g.outcome, Won);
        assert_eq!(g.place, 1);
        assert_eq!(
            g.opponents,
            vec!["house-expert".to_owned(), "guest".to_owned()]
        );
        assert_eq!(g.rating_change, None);
        let stored = zstd::bulk::compress(br#"{"game_id":"g1","hands":[]}"#, 3).unwrap();
        let line = stream_line(&g, &stored).unwrap();
        assert!(line.ends_with(b"}\n"));
        let v: serde_json::Value = serde_json::from_slice(&line).unwrap();
        assert_eq!(v["game_id"], "g1");
        assert_eq!(v["outcome"], "won");
        assert_eq!(v["hands"], serde_json::json!([]));
        assert_eq!(v["rating_change"], serde_json::Value::Null);
    }
}
