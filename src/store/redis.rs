//! The Redis stores: one server ([`RedisStore`]) or a cluster ([`RedisClusterStore`]).
//!
//! Both share the Lua scripts, the key layout, the reply decoding and the error mapping in
//! [`Core`], which is generic over the connection type.

use std::borrow::Cow;
use std::future::Future;
use std::sync::LazyLock;
use std::time::Duration;

use async_trait::async_trait;
use redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig};
use redis::cluster::ClusterClient;
use redis::cluster_async::ClusterConnection;
use redis::{ErrorKind, IntoConnectionInfo, ProtocolVersion, RedisError, Script, Value};
use tokio::time::Instant;

use super::{GameStore, StoreConfig, StoreError, StoredGame};

/// The hash-tag part of a game's keys: the id, with `%`, `{` and `}` percent-encoded (so the tag
/// cannot end early) and the empty id written `%` (an empty tag `{}` would not be a hash tag).
/// Ids made of other characters are returned unchanged.
pub fn key_tag(id: &str) -> Cow<'_, str> {
    if id.is_empty() {
        return Cow::Borrowed("%");
    }
    if !id.contains(['%', '{', '}']) {
        return Cow::Borrowed(id);
    }
    let mut out = String::with_capacity(id.len() + 8);
    for c in id.chars() {
        match c {
            '%' => out.push_str("%25"),
            '{' => out.push_str("%7B"),
            '}' => out.push_str("%7D"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The Redis key of one of a game's records: `{prefix}:{<tag>}:{kind}`, e.g. `hp:{abc}:game`.
///
/// `kind` is `"game"` for the game itself (a hash with the fields `v` and `d`); other per-game
/// records (events, idempotency keys) should use their own `kind` so they share the game's
/// cluster slot. The tag is [`key_tag`]`(id)`.
pub fn game_key(prefix: &str, id: &str, kind: &str) -> String {
    format!("{prefix}:{{{}}}:{kind}", key_tag(id))
}

/// Insert a game unless the key exists.
///
/// `KEYS[1]`: the game hash. ARGV: version, data, TTL in ms (0: no expiry).
/// Returns 1 when created, 0 when the key exists.
const CREATE_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2])
if ARGV[3] ~= '0' then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1
";

/// Compare-and-set of a game's version, data and expiry.
///
/// `KEYS[1]`: the game hash. ARGV: expected version, new version, data, TTL in ms (0: no expiry).
/// Versions are compared as their decimal strings (exact for every u64, unlike Lua numbers).
/// Returns 1 when written, 0 when the key is missing, -1 when the hash has no version field, or
/// the stored version (a string) when it differs from the expected one.
const SAVE_IF_LUA: &str = r"
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    return -1
  end
  return 0
end
if cur ~= ARGV[1] then
  return cur
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
if ARGV[4] ~= '0' then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
else
  redis.call('PERSIST', KEYS[1])
end
return 1
";

static CREATE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(CREATE_LUA));
static SAVE_IF_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(SAVE_IF_LUA));

/// How often one store call may try: a second try only when the first one could not have reached
/// Redis (a refused connection, typically a cached failure from before a restart; the first try
/// also starts the reconnection) or, for reads, when the connection dropped.
const MAX_ATTEMPTS: u32 = 2;

/// The backend-independent part of the Redis stores.
#[derive(Clone)]
struct Core<C> {
    con: C,
    config: StoreConfig,
}

/// The longest expiry written to Redis (about 100 years); longer TTLs are cut to it, as Redis
/// rejects expiry times that overflow its clock.
const MAX_TTL_MILLIS: u64 = 100 * 365 * 24 * 60 * 60 * 1000;

/// A TTL as the decimal milliseconds passed to the scripts: `0` for none, else at least 1.
fn ttl_millis(ttl: Duration) -> u64 {
    if ttl.is_zero() {
        0
    } else {
        u64::try_from(ttl.as_millis())
            .unwrap_or(u64::MAX)
            .clamp(1, MAX_TTL_MILLIS)
    }
}

/// Map a Redis error to a store error: damaged data is `Corrupt`, everything else (I/O, refused
/// connections, timeouts, cluster reconfiguration, a server that is loading or out of memory)
/// is `Unavailable`.
fn map_error(op: &str, e: &RedisError) -> StoreError {
    let corrupt = matches!(e.kind(), ErrorKind::Parse | ErrorKind::UnexpectedReturnType)
        || e.code() == Some("WRONGTYPE");
    if corrupt {
        StoreError::Corrupt(format!("redis {op}: {e}"))
    } else {
        StoreError::Unavailable(format!("redis {op}: {e}"))
    }
}

fn parse_version(raw: &[u8], what: &str) -> Result<u64, StoreError> {
    std::str::from_utf8(raw)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| {
            StoreError::Corrupt(format!(
                "{what}: version {:?} is not a number",
                String::from_utf8_lossy(raw)
            ))
        })
}

impl<C> Core<C>
where
    C: ConnectionLike + Clone + Send + Sync + 'static,
{
    fn key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "game")
    }

    /// Run `f` on a fresh handle of the connection, within `op_timeout` for all tries together.
    async fn call<T, F, Fut>(&self, op: &str, idempotent: bool, mut f: F) -> Result<T, StoreError>
    where
        F: FnMut(C) -> Fut,
        Fut: Future<Output = redis::RedisResult<T>>,
    {
        let deadline = Instant::now() + self.config.op_timeout;
        let mut attempt = 1;
        loop {
            match tokio::time::timeout_at(deadline, f(self.con.clone())).await {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(e)) => {
                    let retry = attempt < MAX_ATTEMPTS
                        && (e.is_connection_refusal()
                            || (idempotent && (e.is_connection_dropped() || e.is_io_error())));
                    if !retry {
                        return Err(map_error(op, &e));
                    }
                    tracing::debug!(op, error = %e, "retrying redis call after a connection error");
                    attempt += 1;
                }
                Err(_) => {
                    return Err(StoreError::Unavailable(format!(
                        "redis {op}: no answer within {:?}",
                        self.config.op_timeout
                    )));
                }
            }
        }
    }

    async fn create(
        &self,
        id: &str,
        version: u64,
        data: &[u8],
        finished: bool,
    ) -> Result<(), StoreError> {
        let key = self.key(id);
        let version = version.to_string();
        let ttl = ttl_millis(self.config.ttl(finished));
        let reply: Value = self
            .call("create", false, |mut con| {
                let mut inv = CREATE_SCRIPT.key(&key);
                inv.arg(&version).arg(data).arg(ttl);
                async move { inv.invoke_async(&mut con).await }
            })
            .await?;
        match reply {
            Value::Int(1) => Ok(()),
            Value::Int(0) => Err(StoreError::AlreadyExists),
            other => Err(StoreError::Corrupt(format!(
                "redis create: unexpected script reply {other:?}"
            ))),
        }
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let key = self.key(id);
        let (version, data): (Option<Vec<u8>>, Option<Vec<u8>>) = self
            .call("load", true, |mut con| {
                let mut cmd = redis::cmd("HMGET");
                cmd.arg(&key).arg("v").arg("d");
                async move { cmd.query_async(&mut con).await }
            })
            .await?;
        match (version, data) {
            (None, None) => Ok(None),
            (Some(version), Some(data)) => Ok(Some(StoredGame {
                version: parse_version(&version, &key)?,
                data,
            })),
            _ => Err(StoreError::Corrupt(format!(
                "{key}: the game hash lacks its version or its data"
            ))),
        }
    }

    async fn save_if(
        &self,
        id: &str,
        expected: u64,
        new_version: u64,
        data: &[u8],
        finished: bool,
    ) -> Result<(), StoreError> {
        let key = self.key(id);
        let expected_s = expected.to_string();
        let new_version = new_version.to_string();
        let ttl = ttl_millis(self.config.ttl(finished));
        let reply: Value = self
            .call("save_if", false, |mut con| {
                let mut inv = SAVE_IF_SCRIPT.key(&key);
                inv.arg(&expected_s).arg(&new_version).arg(data).arg(ttl);
                async move { inv.invoke_async(&mut con).await }
            })
            .await?;
        match reply {
            Value::Int(1) => Ok(()),
            Value::Int(0) => Err(StoreError::NotFound),
            Value::Int(-1) => Err(StoreError::Corrupt(format!(
                "{key}: the game hash has no version"
            ))),
            Value::BulkString(current) => Err(StoreError::Conflict {
                current: parse_version(&current, &key)?,
            }),
            other => Err(StoreError::Corrupt(format!(
                "redis save_if: unexpected script reply {other:?}"
            ))),
        }
    }

    async fn ping(&self) -> Result<(), StoreError> {
        let _: String = self
            .call("ping", true, |mut con| async move {
                redis::cmd("PING").query_async(&mut con).await
            })
            .await?;
        Ok(())
    }
}

/// Implement [`GameStore`] for a wrapper around a [`Core`] field named `core`.
macro_rules! delegate_game_store {
    ($store:ty, $backend:literal) => {
        #[async_trait]
        impl GameStore for $store {
            async fn create(
                &self,
                id: &str,
                version: u64,
                data: &[u8],
                finished: bool,
            ) -> Result<(), StoreError> {
                self.core.create(id, version, data, finished).await
            }

            async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
                self.core.load(id).await
            }

            async fn save_if(
                &self,
                id: &str,
                expected: u64,
                new_version: u64,
                data: &[u8],
                finished: bool,
            ) -> Result<(), StoreError> {
                self.core
                    .save_if(id, expected, new_version, data, finished)
                    .await
            }

            async fn ping(&self) -> Result<(), StoreError> {
                self.core.ping().await
            }

            fn backend(&self) -> &'static str {
                $backend
            }
        }
    };
}

/// Parse a Redis URL, switching to RESP3 unless the URL chooses a protocol itself: over RESP3 the
/// client learns at once that a connection dropped and reconnects before the next request.
fn connection_info(url: &str) -> Result<redis::ConnectionInfo, StoreError> {
    let info = url
        .into_connection_info()
        .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
    if url.contains("protocol=") {
        return Ok(info);
    }
    let settings = info
        .redis_settings()
        .clone()
        .set_protocol(ProtocolVersion::RESP3);
    Ok(info.set_redis_settings(settings))
}

/// Games in one Redis server, shared by every replica of the service.
///
/// Holds one [`ConnectionManager`]: a multiplexed connection that every request shares and that
/// is re-established in the background when Redis restarts. Cloning is cheap and shares it.
#[derive(Clone)]
pub struct RedisStore {
    core: Core<ConnectionManager>,
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore")
            .field("config", &self.core.config)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// Connect to the Redis server at `url` (`redis://host:port/db`, see the module docs) and
    /// check that it answers; [`StoreError::Unavailable`] if it does not within
    /// [`StoreConfig::op_timeout`].
    pub async fn connect(url: &str, config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        let client = redis::Client::open(connection_info(url)?)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
        let timeout = config.op_timeout;
        let con = tokio::time::timeout(
            timeout,
            ConnectionManager::new_with_config(client, manager_config(timeout)),
        )
        .await
        .map_err(|_| {
            StoreError::Unavailable(format!("redis connect: no answer within {timeout:?}"))
        })?
        .map_err(|e| map_error("connect", &e))?;
        let store = Self {
            core: Core { con, config },
        };
        store.core.ping().await?;
        Ok(store)
    }

    /// Like [`RedisStore::connect`], but without touching the network: the connection is made by
    /// the first call. For a service that should start (and report not ready) while Redis is
    /// still down.
    pub fn connect_lazy(url: &str, config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        let client = redis::Client::open(connection_info(url)?)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
        let con =
            ConnectionManager::new_lazy_with_config(client, manager_config(config.op_timeout))
                .map_err(|e| map_error("connect", &e))?;
        Ok(Self {
            core: Core { con, config },
        })
    }

    /// A handle of the underlying connection, for diagnostics and tests (e.g. reading a key's
    /// `PTTL`). Don't write game keys through it.
    pub fn connection(&self) -> ConnectionManager {
        self.core.con.clone()
    }

    /// The configuration the store was built with.
    pub fn config(&self) -> &StoreConfig {
        &self.core.config
    }

    /// The Redis key of game `id`'s record.
    pub fn key_of(&self, id: &str) -> String {
        self.core.key(id)
    }
}

/// Reconnection settings: give up on a dead server quickly (the store's caller should get 503 in
/// well under `op_timeout`), and never wait on one socket longer than `op_timeout`.
fn manager_config(op_timeout: Duration) -> ConnectionManagerConfig {
    ConnectionManagerConfig::new()
        .set_connection_timeout(Some(op_timeout))
        .set_response_timeout(Some(op_timeout))
        .set_number_of_retries(2)
        .set_min_delay(Duration::from_millis(50))
        .set_max_delay(Duration::from_millis(500))
}

delegate_game_store!(RedisStore, "redis");

/// Games in a Redis Cluster.
///
/// Every key of a game carries the game id as its hash tag (see [`game_key`]), so one game lives
/// in one slot and the same Lua scripts as [`RedisStore`] run unchanged. Cloning is cheap.
#[derive(Clone)]
pub struct RedisClusterStore {
    core: Core<ClusterConnection>,
}

impl std::fmt::Debug for RedisClusterStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisClusterStore")
            .field("config", &self.core.config)
            .finish_non_exhaustive()
    }
}

impl RedisClusterStore {
    /// Connect to the cluster that the seed `nodes` (`redis://host:port` URLs) belong to and check
    /// that it answers; [`StoreError::Unavailable`] if it does not within
    /// [`StoreConfig::op_timeout`].
    pub async fn connect(nodes: &[String], config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        if nodes.is_empty() {
            return Err(StoreError::Unavailable(
                "redis cluster: no seed node given".into(),
            ));
        }
        let infos = nodes
            .iter()
            .map(|n| connection_info(n))
            .collect::<Result<Vec<_>, _>>()?;
        let protocol = infos[0].redis_settings().protocol();
        let timeout = config.op_timeout;
        let client = ClusterClient::builder(infos)
            .use_protocol(protocol)
            .connection_timeout(timeout)
            .response_timeout(timeout)
            .retries(3)
            .min_retry_wait(20)
            .max_retry_wait(500)
            .build()
            .map_err(|e| StoreError::Unavailable(format!("invalid redis cluster URLs: {e}")))?;
        let con = tokio::time::timeout(timeout, client.get_async_connection())
            .await
            .map_err(|_| {
                StoreError::Unavailable(format!(
                    "redis cluster connect: no answer within {timeout:?}"
                ))
            })?
            .map_err(|e| map_error("cluster connect", &e))?;
        let store = Self {
            core: Core { con, config },
        };
        store.core.ping().await?;
        Ok(store)
    }

    /// A handle of the underlying cluster connection, for diagnostics and tests. Don't write game
    /// keys through it.
    pub fn connection(&self) -> ClusterConnection {
        self.core.con.clone()
    }

    /// The configuration the store was built with.
    pub fn config(&self) -> &StoreConfig {
        &self.core.config
    }

    /// The Redis key of game `id`'s record.
    pub fn key_of(&self, id: &str) -> String {
        self.core.key(id)
    }
}

delegate_game_store!(RedisClusterStore, "redis-cluster");

#[cfg(test)]
mod tests {
    use super::*;
    use redis::cluster_routing::Slot;

    #[test]
    fn key_layout() {
        assert_eq!(game_key("hp", "abc", "game"), "hp:{abc}:game");
        assert_eq!(game_key("hp", "", "game"), "hp:{%}:game");
        assert_eq!(game_key("hp", "a}b{c%", "game"), "hp:{a%7Db%7Bc%25}:game");
        assert_eq!(key_tag("0f3a-B_9"), "0f3a-B_9");
    }

    #[test]
    fn every_key_of_a_game_shares_a_slot() {
        for id in [
            "abc",
            "",
            "x}y",
            "{",
            "}",
            "%",
            "0b7c1f2e-a7b4-4e4f-9a55-1d2e3f4a5b6c",
        ] {
            let slot = Slot::for_key(game_key("hp", id, "game"));
            for kind in ["events", "idem:k1", "seats"] {
                assert_eq!(slot, Slot::for_key(game_key("hp", id, kind)), "id {id:?}");
            }
            assert_eq!(slot, Slot::for_key(key_tag(id).as_bytes()), "id {id:?}");
        }
        assert_ne!(
            Slot::for_key(game_key("hp", "a", "game")),
            Slot::for_key(game_key("hp", "b", "game"))
        );
    }

    #[test]
    fn ttl_in_millis() {
        assert_eq!(ttl_millis(Duration::ZERO), 0);
        assert_eq!(ttl_millis(Duration::from_micros(10)), 1);
        assert_eq!(ttl_millis(Duration::from_secs(2)), 2000);
        assert_eq!(ttl_millis(Duration::MAX), MAX_TTL_MILLIS);
    }
}
