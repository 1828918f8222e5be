//! Game storage: a versioned, opaque record per game id.
//!
//! The store knows nothing of the game rules. It keeps, for each game id, a byte string (the
//! serialized game, produced and read by the caller), a version number, and a log: a list of
//! opaque entries that only grows ([`GameStore::load_log`]). Every write ([`GameStore::write`]) is
//! a create or a compare-and-set on the version, so two racing requests can never both win: the
//! loser gets [`StoreError::Conflict`] with the version it lost against. A write appends its log
//! entries (and records its idempotent answer) in the same atomic step, so the log holds exactly
//! the entries of the writes that happened, in their order, while the game record itself stays
//! small however long the game runs.
//!
//! Implementations:
//!
//! - [`MemoryStore`]: an in-process map, the default when no Redis URL is configured, so the
//!   server runs on a bare machine. Only for a single replica.
//! - [`RedisStore`]: a single Redis server (or a primary behind a Kubernetes Service), shared by
//!   every replica. One multiplexed connection, reconnected automatically.
//! - [`RedisClusterStore`]: a Redis Cluster. Every key of one game carries the game id as its hash
//!   tag, so all of a game's keys live in one slot and one Lua script can touch them together.
//!
//! All of them pass the same conformance suite (`store::conformance`).
//!
//! # Choosing a backend from a URL
//!
//! [`connect_from_url`] accepts:
//!
//! | URL | backend |
//! | --- | --- |
//! | none, `""`, `memory` or `memory://` | [`MemoryStore`] |
//! | `redis://[user:password@]host[:port][/db][?protocol=resp2]`, `redis+unix:///path`, `unix:///path` | [`RedisStore`] |
//! | `redis+cluster://[user:password@]host:port[,host:port...]` | [`RedisClusterStore`] seeded with every listed node (credentials on the first node apply to all) |
//! | a comma-separated list of `redis://` URLs, e.g. `redis://a:7000,redis://b:7001` | [`RedisClusterStore`] |
//!
//! One seed node is enough for a cluster (the client discovers the others), but listing several
//! lets the server start while one of them is down. The Redis backends speak RESP3 unless the URL
//! sets `protocol=` itself, so that a dropped connection is noticed (and re-established) at once
//! rather than by the next request; this needs Redis 6 or newer. Over RESP2
//! (`?protocol=resp2`) everything works too, except that the first write after an unnoticed
//! Redis restart fails once with [`StoreError::Unavailable`] (it cannot know whether it was
//! applied, so it is not retried).
//!
//! # Key layout (Redis)
//!
//! A game lives in one hash at `{prefix}:{<id>}:game` (e.g. `hp:{k3x9}:game`) with the fields `v`
//! (the version, a decimal string) and `d` (the serialized game, raw bytes). The braces are a Redis
//! Cluster hash tag: every per-game key uses the same `{prefix}:{<id>}:<what>` form and so shares
//! the game's slot (one Lua script can touch them together). Characters of the id that would
//! break the hash tag (`{`, `}`) and `%` are percent-encoded, and the empty id is written `%`; ids
//! made of letters, digits, `-` and `_` appear as they are. Every write sets the expiry of the game
//! and of its log, the same for both: the [`StoreConfig::finished_ttl`] when the game is finished,
//! else [`StoreConfig::game_ttl`] (none for a zero TTL), so they expire together; a
//! compare-and-set without log entries may instead keep the expiry as it was
//! ([`Write::keep_expiry`]).
//!
//! | key or channel | type | what |
//! | --- | --- | --- |
//! | `{prefix}:{<id>}:game` | hash `v`, `d` | the game |
//! | `{prefix}:{<id>}:log` | list | the game's log entries, oldest first ([`GameStore::load_log`]); absent while empty; same expiry as the game; deleted by the create of the id |
//! | `{prefix}:{<id>}:events` | pub/sub channel | the new version, published by every write's script |
//! | `{prefix}:{<id>}:idem:<key>` | string, own TTL | an idempotent answer ([`GameStore::save_if_idem`]); `<key>` is [`idem_key_part`]: letters, digits and `-_.~` as they are, other bytes `%XX` |
//! | `{prefix}:{<id>}:claim` | string, own TTL | the owner of the claim on the game's deadline ([`GameStore::claim`]) |
//! | `{prefix}:deadlines:{<n>}` | sorted set | the deadline index, shard `n` in `0..16` ([`deadline_shard`]): member the game id, score the deadline in ms since the epoch |
//! | `{prefix}:{lobby}:s:<status>` | sorted set | the listing index ([`GameStore::list`]), one per listing (`open`, `live`, `finished`): member the game id, score the time it was first listed (ms) |
//! | `{prefix}:{lobby}:s:<status>:<group>` | sorted set | the same, per listing and group (the preset) |
//! | `{prefix}:{lobby}:meta` | hash | each listed game's `<version> <listed ms> <status> <group>` |
//! | `{prefix}:{lobby}:items` | hash | each listed game's item (opaque bytes) |
//! | `{prefix}:{lobby}:expiry` | sorted set | the listed games that expire, scored by when (ms): the index forgets them then |
//! | `{prefix}:{inbox:<tag>}:inbox` | hash | an account's inbox (`<tag>` the account name as [`key_tag`] writes an id): `last`, the entries by id, their `once` keys; [`INBOX_TTL`] after its last append (see [`inbox`]) |
//! | `{prefix}:{inbox:<tag>}:inbox:events` | pub/sub channel | the inbox's new last id, published by every append |
//! | `{prefix}:{bots}:...` | hashes, sorted sets, a set | bot accounts, their games, ratings and the boards' rankings, under one hash tag (one cluster slot; the key list is in `redis/accounts.rs`), never expiring |
//! | `{prefix}:{<id>}:archive` | string, absolute expiry | an archived game ([`GameStore::archive_put`]), until [`StoreConfig::archive_retention`] after it finished |
//! | `{prefix}:{bots}:arch:<member>`, `{prefix}:{bots}:archs:<member>` | sorted set, hash | a member's archived games and their summaries (`redis/archive.rs`), expiring with its newest game |
//!
//! The deadline index is split in [`DEADLINE_SHARDS`] keys with their own hash tags so that, on a
//! cluster, it spreads over the nodes instead of loading (and depending on) the one node that
//! would hold a single global key; [`GameStore::due_deadlines`] asks every shard at once and
//! merges. It is a hint: entries of games that expired stay until cancelled, so the caller
//! cancels the deadline of a due game it cannot find.
//!
//! # The listing index
//!
//! The lobby's lists (open, live and finished games, newest first, by preset) are an index
//! the writes keep ([`Write::listing`]), never a scan. A page is one round trip at any number
//! of games ([`GameStore::list`]: one script on the index's slot: `ZREVRANGEBYSCORE` from the
//! cursor, then one `HGET` per game of the page). Its keys share the hash tag `{lobby}`, so on
//! a cluster they live in one slot together, apart from the games:
//!
//! - On one Redis server the write's own script moves the game in the index, in the same
//!   atomic step as the write: no extra round trip.
//! - On a cluster a script may only touch one slot, so a successful write with a listing is
//!   followed by a second script on the index's slot (one extra round trip per such write).
//!   It is not atomic with the write: between the two a reader may see the game in its old
//!   listing, and a write whose second step fails (logged) leaves the index behind until the
//!   game's next write. A late second step never undoes a later one: the index keeps each
//!   game's version and ignores an older listing (a create always takes its place).
//!
//! A game keeps the time it was first listed (its creation) as it moves between listings, and
//! is in one listing at a time: a retried or repeated write replaces its entry. Entries expire
//! with their game: each write that sets the game's expiry sets the entry's, and every write
//! that moves a game into a listing (a create, a game filling up or finishing) and every page
//! trims up to a few expired entries (a page also leaves out any it did not trim). A
//! finished game is thus listed for [`StoreConfig::finished_ttl`] after its last write. The
//! index's cost is the one slot every listed write goes through on a cluster: each move of
//! every game touches it (it holds each game's version), so a cluster's write rate is bounded
//! by what the node of that slot can take.
//!
//! # Change notifications
//!
//! [`GameStore::watch`] is fed in-process by [`MemoryStore`], and through Redis pub/sub by the
//! Redis stores (one `PSUBSCRIBE {prefix}:*:events` connection per store instance, started by the
//! first `watch`, reconnecting with backoff and re-reading the watched games' versions after each
//! reconnect).
//!
//! Why one pattern subscription rather than one per watched game: the subscription never changes,
//! so opening or closing an event stream costs no Redis command and cannot race with a
//! reconnection, and re-subscribing is one command however many games are watched; the price is
//! that every replica receives a ~40-byte message per write of any game. On a cluster, classic
//! `PUBLISH` is forwarded to every node, so one connection to any node (the seeds are tried in
//! turn) hears everything; sharded pub/sub would need one subscription per game on the owning
//! node, redone on slot migrations, and has no patterns.
//!
//! After a reconnect the subscriber cannot know which messages it missed, so it re-reads the
//! version of every watched game (`HGET v`, 32 at a time) and updates the watchers whose value
//! differs; the first subscription does the same, covering writes between the first `watch` and
//! the subscription. Messages arriving meanwhile are applied after the re-read, in order.
//!
//! # Errors and time limits
//!
//! Every backend call is bounded by [`StoreConfig::op_timeout`]; running out of time, an I/O error
//! or a refused connection is [`StoreError::Unavailable`], which the HTTP layer answers with 503.
//!
//! How each [`StoreError`] is meant to reach an HTTP client:
//!
//! | error | cause | answer |
//! | --- | --- | --- |
//! | [`Conflict`](StoreError::Conflict) | a lost compare-and-set | retry from the new state, or 409/412 when the client pinned a version |
//! | [`AlreadyExists`](StoreError::AlreadyExists) | a create on a taken id | retry with another id (ids are the server's) |
//! | [`NotFound`](StoreError::NotFound) | the game is gone | 404 |
//! | [`InvalidKey`](StoreError::InvalidKey) | a client-chosen key (an `Idempotency-Key`) is empty or too long | 400: the client's request is wrong; nothing was read or written |
//! | [`InvalidWrite`](StoreError::InvalidWrite) | a write the store refuses whatever the data (too many log entries, an idempotent answer with a create) | 500: a bug of the service, not of the client |
//! | [`Unavailable`](StoreError::Unavailable) | the backend is down, slow or unreachable | 503 |
//! | [`Corrupt`](StoreError::Corrupt) | a damaged record or an unexpected reply | 500 |

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

mod accounts;
pub mod archive;
mod config;
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod conformance;
mod error;
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod fault_proxy;
mod hub;
pub mod inbox;
mod listing;
mod memory;
pub mod outbox;
mod queue;
mod redis;
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod testing;
#[cfg(test)]
mod tests;
mod url;
mod write;

pub use self::accounts::{
    AccountGames, BoardEntry, BoardPage, MAX_ACCOUNT_NAME_LEN, MAX_RATINGS_PER_CALL,
    MAX_RECENT_GAMES, MAX_TOKEN_LEN, RateOutcome, RatingWrite, StoredRating,
};
pub use self::archive::{
    ArchivePut, MAX_ARCHIVE_DATA_LEN, MAX_ARCHIVE_SUMMARIES, MAX_ARCHIVE_SUMMARY_LEN,
    MAX_ARCHIVED_PER_MEMBER,
};
pub use self::config::StoreConfig;
pub use self::error::StoreError;
pub use self::inbox::{
    INBOX_TTL, InboxEntry, InboxPage, MAX_INBOX_ENTRIES, MAX_INBOX_ENTRY_LEN, MAX_INBOX_ID,
    MAX_INBOX_READ,
};
pub use self::listing::{
    ListCursor, ListPage, ListQuery, ListStatus, ListedGame, Listing, MAX_GROUP_LEN,
    MAX_LIST_LIMIT, valid_group,
};
pub use self::memory::MemoryStore;
pub use self::outbox::{MAX_OUTBOX_BATCH, MAX_OUTBOX_TAKE, OUTBOX_GRACE_MS, OutboxBatch};
pub use self::queue::{
    JOIN_GRACE_MS, MAX_DUE_QUEUES, MAX_QUEUE_DATA, MAX_TAKE, QueueEntry, QueueHeld, QueueHold,
    QueueJoin, QueueJoined, QueuePlace,
};
pub use self::redis::{
    DEADLINE_SHARDS, EventsStatus, RedisClusterStore, RedisStore, deadline_key, deadline_shard,
    game_key, idem_key_part, inbox_channel, inbox_key, key_tag,
};
pub use self::url::connect_from_url;
pub use self::write::{
    IdemWrite, MAX_EVENTS_PER_WRITE, MAX_IDEM_KEY_LEN, MAX_LOG_ENTRIES_PER_WRITE, StoredGame,
    Write, check_idem_key,
};

/// Where games are kept: a versioned blob and a log per game id, with compare-and-set writes.
///
/// Implementations must be cheap to share (`Arc<dyn GameStore>`) and safe to call concurrently.
/// Expired games are invisible: `load` answers `None`, `save_if` answers
/// [`StoreError::NotFound`], `load_log` answers an empty log, and `create` may reuse the id (with
/// an empty log).
///
/// Every write is [`GameStore::write`]; `create`, `save_if` and `save_if_idem` are shorthands
/// for it, without log entries.
///
/// Besides the games, a store keeps three kinds of small records that every replica shares:
/// idempotent answers ([`GameStore::save_if_idem`]), a deadline index
/// ([`GameStore::schedule_deadline`]) and claims ([`GameStore::claim`]); and it tells watchers
/// about every write of a game, by any replica ([`GameStore::watch`]).
#[async_trait]
pub trait GameStore: Send + Sync + 'static {
    /// Create or compare-and-set game `id` as `w` says, append `w.log` to the game's log and
    /// record `w.idem`, all or nothing, in one atomic step (one round trip, one Lua script, on
    /// Redis):
    ///
    /// - `expected: None`: insert a new game at `new_version` (normally 1) with a log made of
    ///   `w.log` alone (whatever a previous, expired game of that id had logged is gone);
    ///   [`StoreError::AlreadyExists`] if the id is taken.
    /// - `expected: Some(v)`: write `data` as `new_version` only if the stored version is `v`,
    ///   and append `w.log` to the log; [`StoreError::Conflict`] with the stored version
    ///   otherwise, [`StoreError::NotFound`] if the game is gone.
    ///
    /// Every successful write sets the expiry of the game and of its log, chosen by
    /// `w.finished` (see [`StoreConfig`]), so they expire together, unless `w.keep_expiry`
    /// leaves both as they were. A failed write changes
    /// nothing: no entry is appended, no answer recorded, no expiry touched.
    /// [`StoreError::InvalidKey`] or [`StoreError::InvalidWrite`] (and nothing written) if
    /// [`Write::check`] refuses `w`. Watchers of the id see `new_version`.
    async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError>;

    /// The entries of game `id`'s log from index `from` (0-based, in the order they were
    /// appended) to the end: empty if `from` is past the end, if the game appended nothing, or if
    /// there is no game (never created, or expired: a log is visible exactly as long as its
    /// game). One round trip on Redis. The log is read on its own, not in one snapshot with
    /// [`GameStore::load`]: an entry appended by a write after the game was loaded may be in it.
    async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError>;

    /// Insert a new game at `version` (normally 1); [`StoreError::AlreadyExists`] if the id is
    /// taken. `finished` picks the expiry (see [`StoreConfig`]). Watchers of the id see `version`.
    /// [`GameStore::write`] with `expected: None` and no log entries.
    async fn create(
        &self,
        id: &str,
        version: u64,
        data: &[u8],
        finished: bool,
    ) -> Result<(), StoreError> {
        self.write(
            id,
            Write {
                finished,
                ..Write::create(version, data)
            },
        )
        .await
    }

    /// The game stored under `id`, or `None` if there is none (or it expired).
    /// On Redis this is one round trip (`HMGET`).
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// The version of the game stored under `id` without its data (`None`: no game): to check a
    /// copy held elsewhere (a replica's cache) before reading the whole game. On Redis this is
    /// one round trip (`HGET`) answering a few bytes.
    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError>;

    /// Compare-and-set: write `data` as `new_version` only if the stored version equals
    /// `expected`; [`StoreError::Conflict`] with the stored version otherwise,
    /// [`StoreError::NotFound`] if the game is gone. Refreshes the expiry, chosen by `finished`.
    /// On Redis this is one round trip (a Lua script). Watchers of the id see `new_version`.
    /// [`GameStore::write`] with `expected: Some(expected)` and no log entries.
    async fn save_if(
        &self,
        id: &str,
        expected: u64,
        new_version: u64,
        data: &[u8],
        finished: bool,
    ) -> Result<(), StoreError> {
        self.write(
            id,
            Write {
                finished,
                ..Write::update(expected, new_version, data)
            },
        )
        .await
    }

    /// [`GameStore::save_if`], and, if the write succeeds, in the same atomic step, record
    /// `idem.answer` under (`id`, `idem.key`) for `idem.ttl` (replacing an answer stored there).
    /// Nothing is recorded when the write fails. [`StoreError::InvalidKey`] (and no write) if the
    /// key is not valid ([`check_idem_key`]). `idem: None` is exactly `save_if`.
    /// [`GameStore::write`] with `expected: Some(expected)`, `idem` and no log entries.
    async fn save_if_idem(
        &self,
        id: &str,
        expected: u64,
        new_version: u64,
        data: &[u8],
        finished: bool,
        idem: Option<IdemWrite<'_>>,
    ) -> Result<(), StoreError> {
        self.write(
            id,
            Write {
                finished,
                idem,
                ..Write::update(expected, new_version, data)
            },
        )
        .await
    }

    /// The game (as [`GameStore::load`]) and the answer recorded under (`id`, `key`) by
    /// [`GameStore::save_if_idem`], read together (one round trip on Redis, a consistent
    /// snapshot). An answer outlives its game if its TTL is longer. [`StoreError::InvalidKey`] if
    /// the key is not valid.
    async fn load_with_idem(
        &self,
        id: &str,
        key: &str,
    ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError>;

    /// A receiver of the versions of game `id`: after every successful write of that game, by
    /// any replica sharing the backend, its value becomes the version written.
    ///
    /// The first value is the last version this store instance has seen for the game, or 0 when
    /// it has seen none: call `watch` *before* loading the game, then wait for `changed()`, and
    /// no write is missed. Writes may be coalesced (a slow reader sees the latest version only).
    /// On Redis the notifications come from pub/sub through one background task per store
    /// instance, started by the first `watch`; after a lost connection it re-reads the version of
    /// every watched game, so a write made meanwhile still shows up, late (see [Change
    /// notifications](self#change-notifications)). A value can thus briefly step back after a
    /// reconnect, and after Redis lost its data (a restarted game is at version 1 again): compare
    /// with the stored game, don't assume monotonic values. Dropping every receiver of a game
    /// stops its tracking.
    ///
    /// Call it inside a Tokio runtime (the Redis stores spawn their subscriber on it).
    fn watch(&self, id: &str) -> tokio::sync::watch::Receiver<u64>;

    /// Put game `id` in the deadline index, due at `at_unix_ms` (milliseconds since the Unix
    /// epoch), replacing its previous deadline if any. The index is a hint shared by the
    /// replicas: the game itself stays the truth (see [`GameStore::claim`]).
    async fn schedule_deadline(&self, id: &str, at_unix_ms: u64) -> Result<(), StoreError>;

    /// Take game `id` out of the deadline index (no-op if it is not in it).
    async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError>;

    /// Up to `limit` game ids whose deadline is at or before `now_unix_ms`, earliest first. They
    /// stay in the index until cancelled or rescheduled. Deadlines are compared as f64 on Redis
    /// (exact below 2^53 ms, i.e. for every real date).
    async fn due_deadlines(
        &self,
        now_unix_ms: u64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError>;

    /// Try to become the one replica that handles game `id`'s due deadline: `true` if the claim
    /// is now held by `owner` for `ttl` (at least 1 ms), `false` if someone holds it (even
    /// `owner` itself: claims are not re-entrant). A claim left by a crashed replica expires.
    /// Claims only avoid wasted work: the compare-and-set on the game version is what makes a
    /// fallback move happen once.
    async fn claim(&self, id: &str, owner: &str, ttl: Duration) -> Result<bool, StoreError>;

    /// Drop `owner`'s claim on game `id`: `true` if it held the claim, `false` if the claim is
    /// gone or held by someone else (left alone).
    async fn release_claim(&self, id: &str, owner: &str) -> Result<bool, StoreError>;

    /// A page of the listing index: the games of `q.status` (of `q.group` only, if given),
    /// newest first, after `q.after`, at most `q.limit` of them, and where the next page starts.
    /// Games are listed by the writes that carry a [`Write::listing`], and leave the index when
    /// they expire. One round trip on Redis (one script on the index's slot), whatever the
    /// number of stored games. [`StoreError::InvalidKey`] if the query is out of bounds
    /// (a group that is not [`valid_group`], a limit outside 1 to [`MAX_LIST_LIMIT`]).
    ///
    /// The default answers [`StoreError::Unavailable`]: a backend without the index.
    async fn list(&self, q: ListQuery<'_>) -> Result<ListPage, StoreError> {
        q.check()?;
        Err(StoreError::Unavailable(format!(
            "the {} store keeps no listing index",
            self.backend()
        )))
    }

    // Accounts and ratings (see `accounts`). The defaults answer [`StoreError::Unavailable`]:
    // a backend without them.

    /// Create account `name` (the caller's key of it: the service folds names to lower case)
    /// with the hash of its secret key, its `look` (the caller's key of what the name looks
    /// like: the service passes a hash of its confusable skeleton) and its record (opaque
    /// bytes), in one atomic step: [`StoreError::AlreadyExists`] (and nothing written) if the
    /// name, the key hash or the look is taken, so of two names that look alike created at once
    /// one wins. Accounts never expire. [`StoreError::InvalidKey`] if the name, hash or look is
    /// empty or too long ([`MAX_ACCOUNT_NAME_LEN`], [`MAX_TOKEN_LEN`]). One round trip on Redis.
    #[allow(unused_variables)]
    async fn create_account(
        &self,
        name: &str,
        key_hash: &str,
        look: &str,
        data: &[u8],
    ) -> Result<(), StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The record of the account created with look `look` (`None`: none). One round trip on
    /// Redis.
    #[allow(unused_variables)]
    async fn account_by_look(&self, look: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The record of account `name` (`None`: no such account).
    #[allow(unused_variables)]
    async fn load_account(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Saves account `name`'s preferences (opaque bytes, replacing any; never expiring, as
    /// accounts). One round trip on Redis.
    #[allow(unused_variables)]
    async fn save_preferences(&self, name: &str, data: &[u8]) -> Result<(), StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Account `name`'s preferences (`None`: never saved). One round trip on Redis.
    #[allow(unused_variables)]
    async fn load_preferences(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The record of the account whose key hash is `key_hash` (`None`: none). One round trip
    /// on Redis.
    #[allow(unused_variables)]
    async fn account_by_key(&self, key_hash: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Attach game `game_id` to each account of `names` at `at_unix_ms` (one round trip on
    /// Redis, however many): it becomes each account's most recent game (the list keeps
    /// [`MAX_RECENT_GAMES`]) and counts once in its games; attaching it again changes nothing.
    /// An account need not exist (house accounts are not stored). At most
    /// [`MAX_RATINGS_PER_CALL`] names.
    #[allow(unused_variables)]
    async fn attach_game(
        &self,
        names: &[&str],
        game_id: &str,
        at_unix_ms: u64,
    ) -> Result<(), StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The games attached to account `name` (none: a zero count and an empty list).
    #[allow(unused_variables)]
    async fn account_games(&self, name: &str) -> Result<AccountGames, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The ratings of (`board`, `member`) pairs, in the order asked (`None`: no rating). One
    /// round trip on Redis. At most [`MAX_RATINGS_PER_CALL`] pairs.
    #[allow(unused_variables)]
    async fn load_ratings(
        &self,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<Option<StoredRating>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Rate event `event` on `board`, once: in one atomic step (one script on Redis), if the
    /// event was rated before, [`RateOutcome::AlreadyRated`] and nothing written; else if every
    /// member's stored version is its `expected` (0: no rating yet), write every rating (its
    /// version one more, its score on the board), mark the event rated, and answer
    /// [`RateOutcome::Rated`]; else [`StoreError::Conflict`] with the stored version of a
    /// member that differs, and nothing written. Rated events are remembered for good.
    #[allow(unused_variables)]
    async fn rate(
        &self,
        event: &str,
        board: &str,
        writes: &[RatingWrite<'_>],
    ) -> Result<RateOutcome, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// A page of `board`'s ranking: from rank `offset` (0: the top), at most `limit` entries,
    /// highest score first, and how many members the board has. One round trip on Redis.
    #[allow(unused_variables)]
    async fn board(&self, board: &str, offset: u64, limit: usize) -> Result<BoardPage, StoreError> {
        Err(no_accounts(self.backend()))
    }

    // The archive (see [`archive`]). The defaults answer [`StoreError::Unavailable`] as the
    // account calls do: a backend without it.

    /// Archive game `p.id`: keep `p.data` until [`StoreConfig::archive_retention`] after
    /// `p.finished_ms`, and list it with `p.summary` in each member's index (trimming the
    /// index's games whose time ran out, and its oldest past [`MAX_ARCHIVED_PER_MEMBER`]).
    /// Safe to repeat: a game archived again replaces its bytes and summaries and is listed
    /// once, in its first place (its first `finished_ms`). The bytes are stored before the indexes list the game. A game whose time already
    /// ran out is neither kept nor listed. [`StoreError::InvalidKey`] or
    /// [`StoreError::InvalidWrite`] (and nothing written) for arguments out of bounds
    /// ([`ArchivePut`]). Two round trips on Redis.
    #[allow(unused_variables)]
    async fn archive_put(&self, p: ArchivePut<'_>) -> Result<(), StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// A page of member `member`'s archived games, newest first (by finished time, then id,
    /// descending), after `after`, at most `limit` (1 to [`MAX_LIST_LIMIT`]): each game's id,
    /// finished time (as `listed_ms`) and summary (as `item`), and where the next page starts.
    /// Games whose time ran out at `now_ms` are left out. One round trip on Redis.
    #[allow(unused_variables)]
    async fn archive_page(
        &self,
        member: &str,
        after: Option<&ListCursor>,
        limit: usize,
        now_ms: u64,
    ) -> Result<ListPage, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The summaries in member `member`'s index of games `ids`, in the order asked (`None`:
    /// not listed there, or its time ran out). At most [`MAX_ARCHIVE_SUMMARIES`] ids. One round
    /// trip on Redis.
    #[allow(unused_variables)]
    async fn archive_summaries(
        &self,
        member: &str,
        ids: &[&str],
        now_ms: u64,
    ) -> Result<Vec<Option<Vec<u8>>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Archived game `id`'s bytes (`None`: not archived, or its time ran out). One round trip
    /// on Redis.
    #[allow(unused_variables)]
    async fn archive_load(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    // Matchmaking queues (see `queue`). The defaults answer [`StoreError::Unavailable`]: a
    // backend without them.

    /// Join queue `j.queue` as `j.member`, in one atomic step (one script on Redis): first drop
    /// the queue's entries whose lease ran out (at or before `j.now_ms`) and the member's own
    /// expired entries elsewhere; then, if the member waits in the queue, replace its entry's
    /// data, `fill_at` and lease, keeping its place (`joined_ms`); else, if it waits in
    /// `j.max_queues` other queues, [`QueueJoined::TooManyQueues`] and nothing written; else add
    /// an entry joined at `j.now_ms`. Answers the entry and its place.
    #[allow(unused_variables)]
    async fn queue_join(&self, j: QueueJoin<'_>) -> Result<QueueJoined, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Take `member`'s entry out of `queue`: `true` if it waited there (its lease not run out
    /// at `now_ms`).
    #[allow(unused_variables)]
    async fn queue_leave(
        &self,
        queue: &str,
        member: &str,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Renew the lease of every entry of `member` still waiting at `now_ms`, to
    /// `lease_until_ms` (never shortening one), in one atomic step; entries whose lease ran out
    /// are dropped. Answers how many entries wait.
    #[allow(unused_variables)]
    async fn queue_renew(
        &self,
        member: &str,
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<usize, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The one way entries leave `queue` to be seated, in one atomic step (one script on
    /// Redis): drop the entries whose lease ran out at `now_ms`; then if at least `n` entries
    /// wait, pop the `n` oldest; else if the oldest entry's `fill_at` is at or before `now_ms`,
    /// pop every waiting entry (fewer than `n`: the caller fills the rest); else pop nothing.
    /// Popped entries are answered oldest first (by `joined_ms`, then member); each is popped
    /// by one call only, whatever the replica. `n` is 1 to [`MAX_TAKE`]. The popped entries
    /// are held under `hold.table` until [`GameStore::queue_settle`], in the same step (see
    /// [`queue`](self::queue)).
    #[allow(unused_variables)]
    async fn queue_take(
        &self,
        queue: &str,
        n: usize,
        now_ms: u64,
        hold: QueueHold<'_>,
    ) -> Result<Vec<QueueEntry>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Settle the hold of `table` (from [`GameStore::queue_take`]), in one atomic step: if
    /// `seated`, forget it; else put its entries back in their queue in their places (their
    /// `joined_ms`), each with its lease made at least `lease_until_ms`, unless the member
    /// waits there again already. Answers how many went back; a hold settled before is
    /// nothing (0).
    #[allow(unused_variables)]
    async fn queue_settle(
        &self,
        table: &str,
        seated: bool,
        now_ms: u64,
        lease_until_ms: u64,
    ) -> Result<usize, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Up to `limit` holds whose time ran out at `now_ms`, earliest first, each now held until
    /// `until_ms` for the caller (a sweeper taking over a seating whose caller stopped).
    #[allow(unused_variables)]
    async fn queue_holds_due(
        &self,
        now_ms: u64,
        until_ms: u64,
        limit: usize,
    ) -> Result<Vec<QueueHeld>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Up to `limit` (at most [`MAX_DUE_QUEUES`]) queues due at `now_ms`, earliest first, for
    /// a sweeper to take from: a queue a join touched [`JOIN_GRACE_MS`] ago without a take
    /// since, one whose oldest entry's fill time or first lease end has come, one that may hold
    /// a full table, one a settle put entries back in (see [`queue`](self::queue)). An idle
    /// queue is not listed. One round trip on Redis.
    #[allow(unused_variables)]
    async fn queues_due(&self, now_ms: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// Every entry of `member` still waiting at `now_ms`, with its place, by queue.
    #[allow(unused_variables)]
    async fn queue_entries(
        &self,
        member: &str,
        now_ms: u64,
    ) -> Result<Vec<QueuePlace>, StoreError> {
        Err(no_accounts(self.backend()))
    }

    // Inboxes (see `inbox`). The defaults answer [`StoreError::Unavailable`] as the account
    // calls do: a backend without them.

    /// Append `data` to account `account`'s inbox (the caller's key of it, as for accounts) and
    /// answer its id: one more than the inbox's last, or `now_unix_ms` for a new inbox (see
    /// [`inbox`](self::inbox) for why). With `once`: if an entry the inbox still keeps was
    /// appended with that key, nothing is appended and that entry's id is answered. The
    /// inbox keeps its last [`MAX_INBOX_ENTRIES`] and lives [`INBOX_TTL`] after the append;
    /// every watcher of the inbox ([`GameStore::watch_inbox`]), on any replica, hears the new
    /// id. One round trip on Redis. [`StoreError::InvalidKey`] for an empty or long name or
    /// key, [`StoreError::InvalidWrite`] for an entry over [`MAX_INBOX_ENTRY_LEN`].
    #[allow(unused_variables)]
    async fn append_inbox(
        &self,
        account: &str,
        data: &[u8],
        once: Option<&str>,
        now_unix_ms: u64,
    ) -> Result<u64, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// The entries of account `account`'s inbox after id `after`, oldest first, at most
    /// `limit` (1 to [`MAX_INBOX_READ`]), and the inbox's last id. One round trip on Redis.
    #[allow(unused_variables)]
    async fn read_inbox(
        &self,
        account: &str,
        after: u64,
        limit: usize,
    ) -> Result<InboxPage, StoreError> {
        Err(no_accounts(self.backend()))
    }

    /// A receiver of account `account`'s inbox's last id: after every append, by any replica
    /// sharing the backend, its value becomes the new id. As [`GameStore::watch`]: the first
    /// value is the last id this store instance has seen (0: none), so watch *before* reading,
    /// then wait for `changed()`; appends may be coalesced; on Redis a reconnect re-reads the
    /// last id of every watched inbox. The default (a backend without inboxes) never changes.
    #[allow(unused_variables)]
    fn watch_inbox(&self, account: &str) -> tokio::sync::watch::Receiver<u64> {
        // One sender kept for good: `changed()` then waits, rather than failing at once.
        static NEVER: std::sync::LazyLock<tokio::sync::watch::Sender<u64>> =
            std::sync::LazyLock::new(|| tokio::sync::watch::channel(0).0);
        NEVER.subscribe()
    }

    // The outbox (see [`outbox`]): the events writes recorded, for the workers that apply them.

    /// Lease up to `limit` (1 to [`MAX_OUTBOX_TAKE`]) records that are due in the outbox index
    /// at `now_ms` (earliest first), each for `lease_ms`, and answer each with its oldest
    /// events. A record is leased to one caller at a time, whatever the replica; one whose lease
    /// ran out is due again. Two round trips on Redis (the index, then the records' outboxes).
    async fn outbox_take(
        &self,
        now_ms: u64,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OutboxBatch>, StoreError>;

    /// Acknowledge `done`, the first events of `owner`'s batch taken with lease
    /// `lease_until_ms`, applied: they leave its outbox (each only while it is still the
    /// outbox's first, so a second acknowledgement of the same events, by a worker that took
    /// them too, removes nothing more). Then, if the outbox is empty, the record leaves the
    /// index, unless its entry changed since the take (a write recorded events meanwhile); if
    /// events remain, the record is due again at `now_ms`.
    async fn outbox_ack(
        &self,
        owner: &str,
        done: &[Vec<u8>],
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<(), StoreError>;

    /// Cheap reachability check (a Redis `PING`), for `/readyz`.
    async fn ping(&self) -> Result<(), StoreError>;

    /// The backend's name: `"memory"`, `"redis"` or `"redis-cluster"`.
    fn backend(&self) -> &'static str;

    /// The settings the store was built with (its TTLs decide how often the game service
    /// refreshes a game's expiry).
    fn config(&self) -> &StoreConfig;

    /// A copy of this store for the calling thread, sharing its games but with connections
    /// driven on the calling thread's runtime (`None`: share this one). Web workers each take
    /// one at start-up, so that a request's store round trip stays on its own thread.
    fn thread_local_copy(&self) -> Option<Arc<dyn GameStore>> {
        None
    }
}

/// What a backend without accounts and ratings answers.
fn no_accounts(backend: &str) -> StoreError {
    StoreError::Unavailable(format!("the {backend} store keeps no accounts"))
}
