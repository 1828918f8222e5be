//! The Redis stores: one server ([`RedisStore`]) or a cluster ([`RedisClusterStore`]).
//!
//! Both are one type, [`Redis`], generic over the connection ([`Link`]): the store's operations,
//! the Lua scripts (`scripts`), the key layout (`keys`), the retrying call, reply decoding and
//! error mapping (`connection`) and the change notifications (`events`) are shared; `server` and
//! `cluster` only connect.
//!
//! # Round trips
//!
//! Every game operation is one round trip: `load` is one `HMGET`; every write (`write`, and
//! `create`, `save_if` and `save_if_idem`, which are writes) is one `EVALSHA` of the same script
//! (the script's SHA1 is computed once per process; a server that does not know the script, e.g.
//! after a restart, answers `NOSCRIPT` and the call is repeated once as `EVAL`, which also caches
//! it); `load_with_idem` is one `EVALSHA` reading the game and the answer, `load_log` one
//! `EVALSHA` reading the log if the game exists. The commands are built directly (one buffer per
//! call, the game's bytes copied once into it), without intermediate argument vectors.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use redis::Value;
use redis::aio::{ConnectionLike, ConnectionManager};
use redis::cluster_async::ClusterConnection;

use self::connection::{
    Core, optional_bytes, parse_version, scored_members, stored_game, ttl_millis,
};
use self::events::Events;
use self::scripts::{
    KEEP_EXPIRY, LIST_LUA, LIST_SCRIPT, LOAD_LOG_LUA, LOAD_LOG_SCRIPT, LOAD_WITH_IDEM_LUA,
    LOAD_WITH_IDEM_SCRIPT, OUTBOX_ACK_LUA, OUTBOX_ACK_SCRIPT, OUTBOX_SETTLE_LUA,
    OUTBOX_SETTLE_SCRIPT, OUTBOX_TAKE_LUA, OUTBOX_TAKE_SCRIPT, RELEASE_CLAIM_LUA,
    RELEASE_CLAIM_SCRIPT, RELIST_LUA, RELIST_SCRIPT, WRITE_LUA, WRITE_SCRIPT, evalsha,
    evalsha_sized,
};
use super::outbox::{MAX_OUTBOX_BATCH, OUTBOX_GRACE_MS, OutboxBatch, check_take, unix_ms};
use super::{
    AccountGames, BoardPage, GameStore, InboxPage, ListPage, ListQuery, ListedGame, QueueEntry,
    QueueHeld, QueueHold, QueueJoin, QueueJoined, QueuePlace, RateOutcome, RatingWrite,
    StoreConfig, StoreError, StoredGame, StoredRating, Write, check_idem_key,
};

mod accounts;
mod archive;
mod cluster;
mod connection;
mod events;
mod inbox;
mod keys;
mod queue;
mod scripts;
mod server;

pub use self::events::EventsStatus;
pub use self::inbox::{inbox_channel, inbox_key};
pub use self::keys::{
    DEADLINE_SHARDS, deadline_key, deadline_shard, game_key, idem_key_part, key_tag, listing_base,
    outbox_index,
};

/// Games in one Redis server, shared by every replica of the service.
///
/// Holds one [`ConnectionManager`]: a multiplexed connection that every request shares and that
/// is re-established in the background when Redis restarts. Cloning is cheap and shares it.
///
/// Change notifications ([`GameStore::watch`]) come through one more connection, dedicated to
/// pub/sub and opened by the first `watch` (see the [store docs](crate::store#change-notifications)).
pub type RedisStore = Redis<ConnectionManager>;

/// Games in a Redis Cluster.
///
/// Every key of a game carries the game id as its hash tag (see [`game_key`]), so one game lives
/// in one slot and the same Lua scripts as [`RedisStore`] run unchanged. Cloning is cheap.
///
/// Change notifications ([`GameStore::watch`]) come through one more connection, dedicated to
/// pub/sub, to one node (the seeds are tried in turn); see the
/// [store docs](crate::store#change-notifications).
pub type RedisClusterStore = Redis<ClusterConnection>;

/// What differs between one Redis server and a cluster, for [`Redis`]: the connection type, what
/// it was made from, the backend's name, and whether each web worker gets its own connection.
pub trait Link: ConnectionLike + Clone + Send + Sync + 'static {
    /// What the store keeps to make more connections (a server's client; nothing for a cluster).
    type Origin: Clone + Send + Sync + 'static;
    /// The backend's name ([`GameStore::backend`]).
    const BACKEND: &'static str;
    /// Whether one script may touch keys of any slot (one server): then a write's listing is
    /// changed by the write's own script, else (a cluster) by a second one on the index's slot.
    const ONE_SLOT_SPACE: bool;
    /// [`GameStore::thread_local_copy`].
    fn thread_local_copy(store: &Redis<Self>) -> Option<Arc<dyn GameStore>>;
}

/// The Redis stores: [`RedisStore`] and [`RedisClusterStore`].
#[derive(Clone)]
pub struct Redis<C: Link> {
    core: Core<C>,
    events: Arc<Events>,
    origin: C::Origin,
}

impl<C: Link> std::fmt::Debug for Redis<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redis")
            .field("backend", &C::BACKEND)
            .field("config", &self.core.config)
            .finish_non_exhaustive()
    }
}

impl<C: Link> Redis<C> {
    /// A handle of the underlying connection, for diagnostics and tests (e.g. reading a key's
    /// `PTTL`). Don't write game keys through it.
    pub fn connection(&self) -> C {
        self.core.con.clone()
    }

    /// The Redis key of game `id`'s record.
    pub fn key_of(&self, id: &str) -> String {
        self.core.key(id)
    }

    /// The expiry of a listing written with `w` at `now_ms`, as the index scripts take it:
    /// empty to keep it (as the write keeps the game's), `0` for none, else when (ms).
    fn listing_expiry(&self, w: &Write<'_>, now_ms: u64) -> String {
        if w.keep_expiry {
            return String::new();
        }
        match ttl_millis(self.core.config.ttl(w.finished)) {
            0 => "0".to_owned(),
            ttl => now_ms.saturating_add(ttl).to_string(),
        }
    }

    /// On a cluster, after a successful write of game `id` with a listing: the listing, on the
    /// index's slot (the second round trip). A failure is logged, not returned: the game was
    /// written, and the index is a view of it that its next write with a listing puts right
    /// (an entry newer than this one is never overwritten: the script compares versions).
    async fn relist(&self, id: &str, w: &Write<'_>) {
        let Some(l) = &w.listing else {
            return;
        };
        let base = listing_base(&self.core.config.key_prefix);
        let mut cmd = evalsha_sized(&RELIST_SCRIPT, 1, 10, 192 + id.len() + l.item.len());
        cmd.arg(format!("{base}:items"))
            .arg(&base)
            .arg(id)
            .arg(w.new_version)
            .arg(if w.expected.is_none() { "1" } else { "0" })
            .arg(l.status.as_str())
            .arg(l.group)
            .arg(l.now_unix_ms)
            .arg(self.listing_expiry(w, l.now_unix_ms))
            .arg(l.item);
        if let Err(e) = self
            .core
            .script::<Value>("relist", true, &cmd, &RELIST_LUA)
            .await
        {
            tracing::warn!(game_id = %id, error = %e, "the listing index missed a write");
        }
    }

    /// How the change notifications are doing (for tests, metrics and diagnostics).
    pub fn events_status(&self) -> EventsStatus {
        self.events.status()
    }
}

#[async_trait]
impl<C: Link> GameStore for Redis<C> {
    async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError> {
        w.check()?;
        let key = self.core.key(id);
        // `w.idem` comes only with a compare-and-set (`check` refuses it with a create).
        let numkeys = if w.idem.is_some() { 4 } else { 3 };
        let inline_listing = w.listing.filter(|_| C::ONE_SLOT_SPACE);
        let has_events = !w.events.is_empty();
        // The keys and small arguments fit in 320 bytes unless the id or idempotency key is
        // long; then the command grows as it would have anyway.
        let bytes = 320
            + w.data.len()
            + w.log.iter().map(|e| e.len()).sum::<usize>()
            + w.events.iter().map(|e| e.len()).sum::<usize>()
            + w.idem.as_ref().map_or(0, |i| i.answer.len())
            + inline_listing.map_or(0, |l| 128 + id.len() + l.item.len());
        let args = numkeys
            + 7
            + w.log.len()
            + w.events.len()
            + if has_events { 3 } else { 0 }
            + if w.idem.is_some() { 2 } else { 0 }
            + if inline_listing.is_some() { 7 } else { 0 };
        let index = outbox_index(&self.core.config.key_prefix);
        if has_events && !C::ONE_SLOT_SPACE {
            // On a cluster the index is in another slot: the entry goes first, far enough ahead
            // that no worker takes it before this write has happened (see `store::outbox`).
            let mut cmd = redis::cmd("ZADD");
            cmd.arg(&index)
                .arg(unix_ms().saturating_add(OUTBOX_GRACE_MS))
                .arg(id);
            let _: Value = self.core.query("outbox_index", true, &cmd).await?;
        }
        let mut cmd = evalsha_sized(&WRITE_SCRIPT, numkeys, args, bytes);
        cmd.arg(&key)
            .arg(self.core.log_key(id))
            .arg(self.core.outbox_key(id));
        if let Some(idem) = &w.idem {
            cmd.arg(self.core.idem_key(id, idem.key));
        }
        match w.expected {
            Some(expected) => cmd.arg(expected),
            None => cmd.arg(""),
        };
        cmd.arg(w.new_version).arg(w.data);
        if w.keep_expiry {
            cmd.arg(KEEP_EXPIRY);
        } else {
            cmd.arg(ttl_millis(self.core.config.ttl(w.finished)));
        }
        cmd.arg(self.core.channel(id)).arg(w.log.len());
        for entry in w.log {
            cmd.arg(*entry);
        }
        cmd.arg(w.events.len());
        for event in w.events {
            cmd.arg(*event);
        }
        if has_events {
            match C::ONE_SLOT_SPACE {
                true => cmd.arg(&index),
                false => cmd.arg(""),
            };
            cmd.arg(id).arg(unix_ms());
        }
        if let Some(idem) = &w.idem {
            cmd.arg(idem.answer).arg(ttl_millis(idem.ttl));
        }
        if let Some(l) = &inline_listing {
            cmd.arg(listing_base(&self.core.config.key_prefix))
                .arg(id)
                .arg(l.status.as_str())
                .arg(l.group)
                .arg(l.now_unix_ms)
                .arg(self.listing_expiry(&w, l.now_unix_ms))
                .arg(l.item);
        }
        let op = if w.expected.is_some() {
            "save_if"
        } else {
            "create"
        };
        let reply: Value = self.core.script(op, false, &cmd, &WRITE_LUA).await?;
        match (reply, w.expected) {
            (Value::Int(1), _) => {
                if inline_listing.is_none() {
                    self.relist(id, &w).await;
                }
                if has_events && !C::ONE_SLOT_SPACE {
                    // Due now rather than at the end of the grace (never later than it was).
                    let mut cmd = redis::cmd("ZADD");
                    cmd.arg(&index).arg("LT").arg(unix_ms()).arg(id);
                    if let Err(e) = self.core.query::<Value>("outbox_index", true, &cmd).await {
                        tracing::warn!(game_id = %id, error = %e, "outbox entry due after its grace");
                    }
                }
                Ok(())
            }
            (Value::Int(0), None) => Err(StoreError::AlreadyExists),
            (Value::Int(0), Some(_)) => Err(StoreError::NotFound),
            (Value::Int(-1), Some(_)) => Err(StoreError::Corrupt(format!(
                "{key}: the game hash has no version"
            ))),
            (Value::BulkString(current), Some(_)) => Err(StoreError::Conflict {
                current: parse_version(&current, &key)?,
            }),
            (other, _) => Err(StoreError::Corrupt(format!(
                "redis {op}: unexpected script reply {other:?}"
            ))),
        }
    }

    async fn outbox_take(
        &self,
        now_ms: u64,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OutboxBatch>, StoreError> {
        check_take(limit)?;
        let lease_until_ms = now_ms.saturating_add(lease_ms);
        let mut cmd = evalsha(&OUTBOX_TAKE_SCRIPT, 1);
        cmd.arg(outbox_index(&self.core.config.key_prefix))
            .arg(now_ms)
            .arg(lease_until_ms)
            .arg(limit);
        let owners: Vec<String> = self
            .core
            .script("outbox_take", false, &cmd, OUTBOX_TAKE_LUA)
            .await?;
        // Each record's events from its own slot, all at once.
        let reads = owners.into_iter().map(|owner| async move {
            let mut cmd = redis::cmd("LRANGE");
            cmd.arg(self.core.outbox_key(&owner))
                .arg(0)
                .arg(MAX_OUTBOX_BATCH - 1);
            let events: Vec<Vec<u8>> = self.core.query("outbox_read", true, &cmd).await?;
            Ok::<_, StoreError>(OutboxBatch {
                owner,
                lease_until_ms,
                events,
            })
        });
        futures_util::future::join_all(reads)
            .await
            .into_iter()
            .collect()
    }

    async fn outbox_ack(
        &self,
        owner: &str,
        done: &[Vec<u8>],
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        let mut cmd = evalsha(&OUTBOX_ACK_SCRIPT, 1);
        cmd.arg(self.core.outbox_key(owner));
        for event in done {
            cmd.arg(event.as_slice());
        }
        let left: u64 = self
            .core
            .script("outbox_ack", true, &cmd, OUTBOX_ACK_LUA)
            .await?;
        let mut cmd = evalsha(&OUTBOX_SETTLE_SCRIPT, 1);
        cmd.arg(outbox_index(&self.core.config.key_prefix))
            .arg(owner)
            .arg(lease_until_ms)
            .arg(left)
            .arg(now_ms);
        let _: Value = self
            .core
            .script("outbox_settle", true, &cmd, OUTBOX_SETTLE_LUA)
            .await?;
        Ok(())
    }

    async fn list(&self, q: ListQuery<'_>) -> Result<ListPage, StoreError> {
        q.check()?;
        let base = listing_base(&self.core.config.key_prefix);
        let mut cmd = evalsha(&LIST_SCRIPT, 1);
        cmd.arg(format!("{base}:items"))
            .arg(&base)
            .arg(q.status.as_str())
            .arg(q.group.unwrap_or(""));
        match q.after {
            Some(c) => cmd.arg(c.listed_ms).arg(&c.id),
            None => cmd.arg("").arg(""),
        };
        cmd.arg(q.limit + 1).arg(q.now_unix_ms);
        let reply: Value = self.core.script("list", true, &cmd, &LIST_LUA).await?;
        let bad = |what: &str| StoreError::Corrupt(format!("redis list: {what}"));
        let Value::Array(items) = reply else {
            return Err(bad("the reply is not an array"));
        };
        if items.len() % 3 != 0 {
            return Err(bad("the reply is not triples"));
        }
        let mut games = Vec::with_capacity(items.len() / 3);
        let mut it = items.into_iter();
        while let (Some(id), Some(score), Some(item)) = (it.next(), it.next(), it.next()) {
            let id = optional_bytes(id, "listed id")?
                .and_then(|b| String::from_utf8(b).ok())
                .ok_or_else(|| bad("a listed id is not a string"))?;
            let listed_ms = connection::score(&score)
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| bad("a listed time is not a number"))?
                as u64;
            let item = optional_bytes(item, "listed item")?.unwrap_or_default();
            games.push(ListedGame {
                id,
                listed_ms,
                item,
            });
        }
        Ok(ListPage::from_candidates(games, q.limit))
    }

    async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        // Redis indexes are signed 64-bit; any index that large is past the end anyway.
        let from = i64::try_from(from).unwrap_or(i64::MAX);
        let mut cmd = evalsha(&LOAD_LOG_SCRIPT, 2);
        cmd.arg(self.core.key(id))
            .arg(self.core.log_key(id))
            .arg(from);
        self.core.script("load_log", true, &cmd, LOAD_LOG_LUA).await
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let key = self.core.key(id);
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(&key).arg("v").arg("d");
        let (version, data): (Option<Vec<u8>>, Option<Vec<u8>>) =
            self.core.query("load", true, &cmd).await?;
        stored_game(&key, version, data)
    }

    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        self.core.version_of_key(&self.core.key(id)).await
    }

    async fn load_with_idem(
        &self,
        id: &str,
        idem_key: &str,
    ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError> {
        check_idem_key(idem_key)?;
        let key = self.core.key(id);
        let mut cmd = evalsha(&LOAD_WITH_IDEM_SCRIPT, 2);
        cmd.arg(&key).arg(self.core.idem_key(id, idem_key));
        let reply: Value = self
            .core
            .script("load_with_idem", true, &cmd, LOAD_WITH_IDEM_LUA)
            .await?;
        let Value::Array(items) = reply else {
            return Err(StoreError::Corrupt(format!(
                "redis load_with_idem: unexpected script reply {reply:?}"
            )));
        };
        let Ok([version, data, answer]) = <[Value; 3]>::try_from(items) else {
            return Err(StoreError::Corrupt(
                "redis load_with_idem: the script reply is not 3 values".into(),
            ));
        };
        let game = stored_game(
            &key,
            optional_bytes(version, &key)?,
            optional_bytes(data, &key)?,
        )?;
        Ok((game, optional_bytes(answer, "idempotency record")?))
    }

    async fn schedule_deadline(&self, id: &str, at_unix_ms: u64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg(self.core.deadline_key(id)).arg(at_unix_ms).arg(id);
        let _: Value = self.core.query("schedule_deadline", true, &cmd).await?;
        Ok(())
    }

    async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZREM");
        cmd.arg(self.core.deadline_key(id)).arg(id);
        let _: Value = self.core.query("cancel_deadline", true, &cmd).await?;
        Ok(())
    }

    /// Every shard at once (concurrent calls on the multiplexed connection, so about one round
    /// trip), then the earliest `limit` of their answers.
    async fn due_deadlines(
        &self,
        now_unix_ms: u64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let shards = (0..DEADLINE_SHARDS).map(|shard| async move {
            let key = deadline_key(&self.core.config.key_prefix, shard);
            let mut cmd = redis::cmd("ZRANGEBYSCORE");
            cmd.arg(&key)
                .arg("-inf")
                .arg(now_unix_ms)
                .arg("WITHSCORES")
                .arg("LIMIT")
                .arg(0)
                .arg(limit);
            let reply: Value = self.core.query("due_deadlines", true, &cmd).await?;
            scored_members(reply, &key)
        });
        let mut due = Vec::new();
        for shard in futures_util::future::join_all(shards).await {
            due.extend(shard?);
        }
        due.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        due.truncate(limit);
        Ok(due.into_iter().map(|(_, id)| id).collect())
    }

    async fn claim(&self, id: &str, owner: &str, ttl: Duration) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(self.core.claim_key(id))
            .arg(owner)
            .arg("NX")
            .arg("PX")
            .arg(ttl_millis(ttl).max(1));
        let reply: Value = self.core.query("claim", false, &cmd).await?;
        match reply {
            Value::Nil => Ok(false),
            Value::Okay => Ok(true),
            Value::SimpleString(s) if s == "OK" => Ok(true),
            other => Err(StoreError::Corrupt(format!(
                "redis claim: unexpected reply {other:?}"
            ))),
        }
    }

    async fn release_claim(&self, id: &str, owner: &str) -> Result<bool, StoreError> {
        let mut cmd = evalsha(&RELEASE_CLAIM_SCRIPT, 1);
        cmd.arg(self.core.claim_key(id)).arg(owner);
        let released: i64 = self
            .core
            .script("release_claim", true, &cmd, RELEASE_CLAIM_LUA)
            .await?;
        Ok(released == 1)
    }

    async fn create_account(
        &self,
        name: &str,
        key_hash: &str,
        look: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        self.create_account_impl(name, key_hash, look, data).await
    }

    async fn account_by_look(&self, look: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.account_by_look_impl(look).await
    }

    async fn load_account(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.load_account_impl(name).await
    }

    async fn save_preferences(&self, name: &str, data: &[u8]) -> Result<(), StoreError> {
        self.save_preferences_impl(name, data).await
    }

    async fn load_preferences(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.load_preferences_impl(name).await
    }

    async fn account_by_key(&self, key_hash: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.account_by_key_impl(key_hash).await
    }

    async fn attach_game(
        &self,
        names: &[&str],
        game_id: &str,
        at_unix_ms: u64,
    ) -> Result<(), StoreError> {
        self.attach_game_impl(names, game_id, at_unix_ms).await
    }

    async fn account_games(&self, name: &str) -> Result<AccountGames, StoreError> {
        self.account_games_impl(name).await
    }

    async fn archive_put(&self, p: super::ArchivePut<'_>) -> Result<(), StoreError> {
        self.archive_put_impl(p).await
    }

    async fn archive_page(
        &self,
        member: &str,
        after: Option<&super::ListCursor>,
        limit: usize,
        now_ms: u64,
    ) -> Result<ListPage, StoreError> {
        self.archive_page_impl(member, after, limit, now_ms).await
    }

    async fn archive_summaries(
        &self,
        member: &str,
        ids: &[&str],
        now_ms: u64,
    ) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        self.archive_summaries_impl(member, ids, now_ms).await
    }

    async fn archive_load(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.archive_load_impl(id).await
    }

    async fn load_ratings(
        &self,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<Option<StoredRating>>, StoreError> {
        self.load_ratings_impl(pairs).await
    }

    async fn rate(
        &self,
        event: &str,
        board: &str,
        writes: &[RatingWrite<'_>],
    ) -> Result<RateOutcome, StoreError> {
        self.rate_impl(event, board, writes).await
    }

    async fn board(&self, board: &str, offset: u64, limit: usize) -> Result<BoardPage, StoreError> {
        self.board_impl(board, offset, limit).await
    }

    async fn queue_join(&self, j: QueueJoin<'_>) -> Result<QueueJoined, StoreError> {
        self.queue_join_impl(j).await
    }

    async fn queue_leave(
        &self,
        queue: &str,
        member: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.queue_leave_impl(queue, member, now_ms).await
    }

    async fn queue_renew(
        &self,
        member: &str,
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<usize, StoreError> {
        self.queue_renew_impl(member, lease_until_ms, now_ms).await
    }

    async fn queue_take(
        &self,
        queue: &str,
        n: usize,
        now_ms: u64,
        hold: QueueHold<'_>,
    ) -> Result<Vec<QueueEntry>, StoreError> {
        self.queue_take_impl(queue, n, now_ms, hold).await
    }

    async fn queue_settle(
        &self,
        table: &str,
        seated: bool,
        now_ms: u64,
        lease_until_ms: u64,
    ) -> Result<usize, StoreError> {
        self.queue_settle_impl(table, seated, now_ms, lease_until_ms)
            .await
    }

    async fn queue_holds_due(
        &self,
        now_ms: u64,
        until_ms: u64,
        limit: usize,
    ) -> Result<Vec<QueueHeld>, StoreError> {
        self.queue_holds_due_impl(now_ms, until_ms, limit).await
    }

    async fn queues_due(&self, now_ms: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.queues_due_impl(now_ms, limit).await
    }

    async fn queue_entries(
        &self,
        member: &str,
        now_ms: u64,
    ) -> Result<Vec<QueuePlace>, StoreError> {
        self.queue_entries_impl(member, now_ms).await
    }

    async fn append_inbox(
        &self,
        account: &str,
        data: &[u8],
        once: Option<&str>,
        now_unix_ms: u64,
    ) -> Result<u64, StoreError> {
        self.append_inbox_impl(account, data, once, now_unix_ms)
            .await
    }

    async fn read_inbox(
        &self,
        account: &str,
        after: u64,
        limit: usize,
    ) -> Result<InboxPage, StoreError> {
        self.read_inbox_impl(account, after, limit).await
    }

    fn watch_inbox(&self, account: &str) -> tokio::sync::watch::Receiver<u64> {
        self.watch_inbox_impl(account)
    }

    async fn ping(&self) -> Result<(), StoreError> {
        let _: String = self.core.query("ping", true, &redis::cmd("PING")).await?;
        Ok(())
    }

    fn watch(&self, id: &str) -> tokio::sync::watch::Receiver<u64> {
        self.events.watch(&self.core, id)
    }

    fn backend(&self) -> &'static str {
        C::BACKEND
    }

    fn config(&self) -> &StoreConfig {
        &self.core.config
    }

    fn thread_local_copy(&self) -> Option<Arc<dyn GameStore>> {
        C::thread_local_copy(self)
    }
}
