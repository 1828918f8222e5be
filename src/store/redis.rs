//! The Redis stores: one server ([`RedisStore`]) or a cluster ([`RedisClusterStore`]).
//!
//! Both share the Lua scripts, the key layout, the reply decoding and the error mapping in
//! [`Core`], which is generic over the connection type, and the change notifications
//! ([`events`]).
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

use std::borrow::Cow;
use std::fmt::Write as _;
use std::future::Future;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use async_trait::async_trait;
use redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig};
use redis::cluster::ClusterClient;
use redis::cluster_async::ClusterConnection;
use redis::{
    Cmd, ErrorKind, FromRedisValue, IntoConnectionInfo, ProtocolVersion, RedisError, Script, Value,
};
use tokio::time::Instant;

use super::{GameStore, StoreConfig, StoreError, StoredGame, Write, check_idem_key};

mod events;

use self::events::Events;
pub use self::events::EventsStatus;

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
/// `kind` is `"game"` for the game itself (a hash with the fields `v` and `d`); the other
/// per-game records use their own `kind` (`log` for the game's log, `events` for the pub/sub
/// channel, `idem:<key>`, `claim`) so they share the game's cluster slot. The tag is
/// [`key_tag`]`(id)`.
pub fn game_key(prefix: &str, id: &str, kind: &str) -> String {
    // Three keys per move: pushed into one exact allocation rather than through `format!`.
    let tag = key_tag(id);
    let mut key = String::with_capacity(prefix.len() + tag.len() + kind.len() + 4);
    key.push_str(prefix);
    key.push_str(":{");
    key.push_str(&tag);
    key.push_str("}:");
    key.push_str(kind);
    key
}

/// An idempotency key as it appears in a Redis key: letters, digits and `-_.~` as they are, every
/// other byte (of its UTF-8 form) percent-encoded (`%2F`), so the encoding is one-to-one and the
/// key holds only printable ASCII.
pub fn idem_key_part(key: &str) -> Cow<'_, str> {
    let safe = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~');
    if key.bytes().all(safe) {
        return Cow::Borrowed(key);
    }
    let mut out = String::with_capacity(key.len() * 3);
    for b in key.bytes() {
        if safe(b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    Cow::Owned(out)
}

/// How many sorted sets the deadline index is split into (see [`deadline_shard`]).
pub const DEADLINE_SHARDS: u32 = 16;

/// Which deadline shard holds game `id`: FNV-1a of the id's bytes, modulo [`DEADLINE_SHARDS`]
/// (stable across processes and versions, so every replica agrees).
pub fn deadline_shard(id: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in id.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h % DEADLINE_SHARDS
}

/// The Redis key of deadline shard `shard`: `{prefix}:deadlines:{<shard>}`, e.g.
/// `hp:deadlines:{7}`, a sorted set of game ids scored by their deadline (ms since the epoch).
pub fn deadline_key(prefix: &str, shard: u32) -> String {
    format!("{prefix}:deadlines:{{{shard}}}")
}

/// One write of a game: a create or a compare-and-set of its version and data, appending log
/// entries and, for a compare-and-set, optionally recording an idempotent answer; then the expiry
/// of the game and of its log, and the announcement of the new version.
///
/// `KEYS[1]`: the game hash, `KEYS[2]`: the game's log (a list), `KEYS[3]` (optional): the
/// idempotency record. ARGV: the expected version (the empty string for a create), the new
/// version, the data, the TTL in ms (0: no expiry; [`KEEP_EXPIRY`]: keep the expiry as it
/// is, which [`Write::check`] allows only for a compare-and-set without log entries), the
/// events channel, the number `n` of log entries, the `n` entries, and with `KEYS[3]` the
/// answer and its TTL in ms (0: no expiry).
///
/// Versions are compared as their decimal strings (exact for every u64, unlike Lua numbers).
/// Returns 1 when written; 0 when a create finds the game key taken or a compare-and-set finds
/// it missing; -1 when the hash has no version field; the stored version (a string) when it
/// differs from the expected one.
///
/// Nothing is written before every check has passed, and the first write (`RPUSH`) is the only
/// one that can fail on a damaged store (a log key of another type: `WRONGTYPE`), so a failed
/// call changes nothing. A create deletes the log first: a log left by an expired game of the id
/// (or by eviction) does not leak into the new game. The game and the log get the same expiry on
/// every write, so they expire together. The notification is published last, so no replica
/// hears of a write before it can read it.
const WRITE_LUA: &str = r"
local game, log = KEYS[1], KEYS[2]
if ARGV[1] == '' then
  if redis.call('EXISTS', game) == 1 then
    return 0
  end
  redis.call('DEL', log)
else
  local cur = redis.call('HGET', game, 'v')
  if not cur then
    if redis.call('EXISTS', game) == 1 then
      return -1
    end
    return 0
  end
  if cur ~= ARGV[1] then
    return cur
  end
end
local n = tonumber(ARGV[6])
if n > 0 then
  redis.call('RPUSH', log, unpack(ARGV, 7, 6 + n))
end
redis.call('HSET', game, 'v', ARGV[2], 'd', ARGV[3])
if ARGV[4] == '-1' then
  -- keep the expiry (a compare-and-set without log entries: the log is not created here)
elseif ARGV[4] ~= '0' then
  redis.call('PEXPIRE', game, ARGV[4])
  redis.call('PEXPIRE', log, ARGV[4])
else
  redis.call('PERSIST', game)
  redis.call('PERSIST', log)
end
if KEYS[3] then
  if ARGV[8 + n] ~= '0' then
    redis.call('SET', KEYS[3], ARGV[7 + n], 'PX', ARGV[8 + n])
  else
    redis.call('SET', KEYS[3], ARGV[7 + n])
  end
end
redis.call('PUBLISH', ARGV[5], ARGV[2])
return 1
";

/// The write script's TTL argument for [`Write::keep_expiry`] (the script compares it with
/// the string `'-1'`). Setting the expiry of the game and
/// of the log is two `PEXPIRE`s, which cost Redis more than the `HGET`, `HSET` and `PUBLISH` of
/// the rest of a move's script together (BENCHMARKS.md).
const KEEP_EXPIRY: i64 = -1;

/// Read a game's log from an index, if the game exists (a log never outlives its game, even
/// if something other than expiry removed the game).
///
/// `KEYS[1]`: the game hash, `KEYS[2]`: the log. ARGV: the first index. Returns the entries (an
/// empty array when there is no game).
const LOAD_LOG_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {}
end
return redis.call('LRANGE', KEYS[2], ARGV[1], -1)
";

/// Read a game and an idempotency record together.
///
/// `KEYS[1]`: the game hash, `KEYS[2]`: the idempotency record. Returns `[v, d, answer]`, each
/// nil when missing.
const LOAD_WITH_IDEM_LUA: &str = r"
local g = redis.call('HMGET', KEYS[1], 'v', 'd')
return {g[1], g[2], redis.call('GET', KEYS[2])}
";

/// Delete a claim if `ARGV[1]` holds it. `KEYS[1]`: the claim. Returns 1 if deleted, else 0.
const RELEASE_CLAIM_LUA: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
";

static WRITE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(WRITE_LUA));
static LOAD_LOG_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(LOAD_LOG_LUA));
static LOAD_WITH_IDEM_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(LOAD_WITH_IDEM_LUA));
static RELEASE_CLAIM_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(RELEASE_CLAIM_LUA));

/// `EVALSHA <sha> <numkeys>`: the start of a script call; the caller appends keys and arguments.
fn evalsha(script: &Script, numkeys: usize) -> Cmd {
    evalsha_sized(script, numkeys, 0, 0)
}

/// [`evalsha`] with room for `args` more keys and arguments of `bytes` bytes in all, so that
/// appending them does not grow the command step by step (a move's write would otherwise
/// reallocate it about eight times on the way to its kilobyte).
fn evalsha_sized(script: &Script, numkeys: usize, args: usize, bytes: usize) -> Cmd {
    let hash = script.get_hash();
    let mut cmd = Cmd::with_capacity(3 + args, "EVALSHA".len() + hash.len() + 20 + bytes);
    cmd.arg("EVALSHA").arg(hash).arg(numkeys);
    cmd
}

/// Run a command built by [`evalsha`]; if the server does not know the script (`NOSCRIPT`, e.g.
/// after a restart or a `SCRIPT FLUSH`), send the same call as `EVAL` with the script's source,
/// which also caches it for the next `EVALSHA`. Safe to repeat: a `NOSCRIPT` call ran nothing.
async fn run_script<T, C>(con: &mut C, cmd: &Cmd, code: &str) -> redis::RedisResult<T>
where
    T: FromRedisValue,
    C: ConnectionLike,
{
    match cmd.query_async(con).await {
        Err(e) if e.code() == Some("NOSCRIPT") => {
            let mut eval = redis::cmd("EVAL");
            eval.arg(code);
            for arg in cmd.args_iter().skip(2) {
                if let redis::Arg::Simple(bytes) = arg {
                    eval.arg(bytes);
                }
            }
            eval.query_async(con).await
        }
        other => other,
    }
}

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

/// A game from its `v` and `d` fields (both missing: no game).
fn stored_game(
    key: &str,
    version: Option<Vec<u8>>,
    data: Option<Vec<u8>>,
) -> Result<Option<StoredGame>, StoreError> {
    match (version, data) {
        (None, None) => Ok(None),
        (Some(version), Some(data)) => Ok(Some(StoredGame {
            version: parse_version(&version, key)?,
            data,
        })),
        _ => Err(StoreError::Corrupt(format!(
            "{key}: the game hash lacks its version or its data"
        ))),
    }
}

/// A bulk string or nil from a script reply.
fn optional_bytes(value: Value, what: &str) -> Result<Option<Vec<u8>>, StoreError> {
    match value {
        Value::Nil => Ok(None),
        Value::BulkString(bytes) => Ok(Some(bytes)),
        other => Err(StoreError::Corrupt(format!(
            "{what}: unexpected reply {other:?}"
        ))),
    }
}

/// A sorted-set score as sent by Redis (a double over RESP3, a string over RESP2).
fn score(value: &Value) -> Option<f64> {
    match value {
        Value::Double(d) => Some(*d),
        Value::BulkString(b) => std::str::from_utf8(b).ok()?.parse().ok(),
        Value::SimpleString(s) => s.parse().ok(),
        Value::Int(i) => Some(*i as f64),
        _ => None,
    }
}

/// The `(score, member)` pairs of a `ZRANGEBYSCORE ... WITHSCORES` reply: a flat array of member
/// and score (RESP2) or an array of `[member, score]` pairs (RESP3).
fn scored_members(reply: Value, what: &str) -> Result<Vec<(f64, String)>, StoreError> {
    let bad = || StoreError::Corrupt(format!("{what}: unexpected ZRANGEBYSCORE reply"));
    let member = |v: Value| match v {
        Value::BulkString(b) => String::from_utf8(b).map_err(|_| bad()),
        Value::SimpleString(s) => Ok(s),
        _ => Err(bad()),
    };
    let Value::Array(items) = reply else {
        return Err(bad());
    };
    let mut out = Vec::with_capacity(items.len());
    if matches!(items.first(), Some(Value::Array(_))) {
        for item in items {
            let Value::Array(pair) = item else {
                return Err(bad());
            };
            let Ok([m, s]) = <[Value; 2]>::try_from(pair) else {
                return Err(bad());
            };
            out.push((score(&s).ok_or_else(bad)?, member(m)?));
        }
    } else {
        if items.len() % 2 != 0 {
            return Err(bad());
        }
        let mut it = items.into_iter();
        while let (Some(m), Some(s)) = (it.next(), it.next()) {
            out.push((score(&s).ok_or_else(bad)?, member(m)?));
        }
    }
    Ok(out)
}

impl<C> Core<C>
where
    C: ConnectionLike + Clone + Send + Sync + 'static,
{
    fn key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "game")
    }

    fn channel(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "events")
    }

    fn log_key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "log")
    }

    fn idem_key(&self, id: &str, key: &str) -> String {
        let mut kind = String::with_capacity(5 + key.len());
        kind.push_str("idem:");
        kind.push_str(&idem_key_part(key));
        game_key(&self.config.key_prefix, id, &kind)
    }

    fn claim_key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "claim")
    }

    fn deadline_key(&self, id: &str) -> String {
        deadline_key(&self.config.key_prefix, deadline_shard(id))
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

    /// Send `cmd` (through [`Core::call`]) and decode the reply as `T`.
    async fn query<T>(&self, op: &str, idempotent: bool, cmd: &Cmd) -> Result<T, StoreError>
    where
        T: FromRedisValue + Send,
    {
        self.call(op, idempotent, |mut con| async move {
            cmd.query_async(&mut con).await
        })
        .await
    }

    /// Run a script call built by [`evalsha`] (through [`Core::call`]).
    async fn script<T>(
        &self,
        op: &str,
        idempotent: bool,
        cmd: &Cmd,
        code: &'static str,
    ) -> Result<T, StoreError>
    where
        T: FromRedisValue + Send,
    {
        self.call(op, idempotent, |mut con| async move {
            run_script(&mut con, cmd, code).await
        })
        .await
    }

    async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError> {
        w.check()?;
        let key = self.key(id);
        // `w.idem` comes only with a compare-and-set (`check` refuses it with a create).
        let numkeys = if w.idem.is_some() { 3 } else { 2 };
        // The keys and small arguments fit in 256 bytes unless the id or idempotency key is
        // long; then the command grows as it would have anyway.
        let bytes = 256
            + w.data.len()
            + w.log.iter().map(|e| e.len()).sum::<usize>()
            + w.idem.as_ref().map_or(0, |i| i.answer.len());
        let args = numkeys + 6 + w.log.len() + if w.idem.is_some() { 2 } else { 0 };
        let mut cmd = evalsha_sized(&WRITE_SCRIPT, numkeys, args, bytes);
        cmd.arg(&key).arg(self.log_key(id));
        if let Some(idem) = &w.idem {
            cmd.arg(self.idem_key(id, idem.key));
        }
        match w.expected {
            Some(expected) => cmd.arg(expected),
            None => cmd.arg(""),
        };
        cmd.arg(w.new_version).arg(w.data);
        if w.keep_expiry {
            cmd.arg(KEEP_EXPIRY);
        } else {
            cmd.arg(ttl_millis(self.config.ttl(w.finished)));
        }
        cmd.arg(self.channel(id)).arg(w.log.len());
        for entry in w.log {
            cmd.arg(*entry);
        }
        if let Some(idem) = &w.idem {
            cmd.arg(idem.answer).arg(ttl_millis(idem.ttl));
        }
        let op = if w.expected.is_some() {
            "save_if"
        } else {
            "create"
        };
        let reply: Value = self.script(op, false, &cmd, WRITE_LUA).await?;
        match (reply, w.expected) {
            (Value::Int(1), _) => Ok(()),
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

    async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        // Redis indexes are signed 64-bit; any index that large is past the end anyway.
        let from = i64::try_from(from).unwrap_or(i64::MAX);
        let mut cmd = evalsha(&LOAD_LOG_SCRIPT, 2);
        cmd.arg(self.key(id)).arg(self.log_key(id)).arg(from);
        self.script("load_log", true, &cmd, LOAD_LOG_LUA).await
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let key = self.key(id);
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(&key).arg("v").arg("d");
        let (version, data): (Option<Vec<u8>>, Option<Vec<u8>>) =
            self.query("load", true, &cmd).await?;
        stored_game(&key, version, data)
    }

    async fn load_with_idem(
        &self,
        id: &str,
        idem_key: &str,
    ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError> {
        check_idem_key(idem_key)?;
        let key = self.key(id);
        let mut cmd = evalsha(&LOAD_WITH_IDEM_SCRIPT, 2);
        cmd.arg(&key).arg(self.idem_key(id, idem_key));
        let reply: Value = self
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

    /// The stored version of the game whose events channel is `channel` (`None`: no game).
    async fn version_of_channel(&self, channel: &str) -> Result<Option<u64>, StoreError> {
        let Some(base) = channel.strip_suffix("events") else {
            return Ok(None);
        };
        let key = format!("{base}game");
        let mut cmd = redis::cmd("HGET");
        cmd.arg(&key).arg("v");
        let raw: Option<Vec<u8>> = self.query("resync", true, &cmd).await?;
        raw.map(|v| parse_version(&v, &key)).transpose()
    }

    async fn schedule_deadline(&self, id: &str, at_unix_ms: u64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg(self.deadline_key(id)).arg(at_unix_ms).arg(id);
        let _: Value = self.query("schedule_deadline", true, &cmd).await?;
        Ok(())
    }

    async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZREM");
        cmd.arg(self.deadline_key(id)).arg(id);
        let _: Value = self.query("cancel_deadline", true, &cmd).await?;
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
            let key = deadline_key(&self.config.key_prefix, shard);
            let mut cmd = redis::cmd("ZRANGEBYSCORE");
            cmd.arg(&key)
                .arg("-inf")
                .arg(now_unix_ms)
                .arg("WITHSCORES")
                .arg("LIMIT")
                .arg(0)
                .arg(limit);
            let reply: Value = self.query("due_deadlines", true, &cmd).await?;
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
        cmd.arg(self.claim_key(id))
            .arg(owner)
            .arg("NX")
            .arg("PX")
            .arg(ttl_millis(ttl).max(1));
        let reply: Value = self.query("claim", false, &cmd).await?;
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
        cmd.arg(self.claim_key(id)).arg(owner);
        let released: i64 = self
            .script("release_claim", true, &cmd, RELEASE_CLAIM_LUA)
            .await?;
        Ok(released == 1)
    }

    async fn ping(&self) -> Result<(), StoreError> {
        let _: String = self.query("ping", true, &redis::cmd("PING")).await?;
        Ok(())
    }
}

/// Implement [`GameStore`] for a wrapper around a [`Core`] field named `core` and an [`Events`]
/// field named `events`.
macro_rules! delegate_game_store {
    ($store:ty, $backend:literal) => {
        #[async_trait]
        impl GameStore for $store {
            async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError> {
                self.core.write(id, w).await
            }

            async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError> {
                self.core.load_log(id, from).await
            }

            async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
                self.core.load(id).await
            }

            async fn load_with_idem(
                &self,
                id: &str,
                key: &str,
            ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError> {
                self.core.load_with_idem(id, key).await
            }

            fn watch(&self, id: &str) -> tokio::sync::watch::Receiver<u64> {
                self.events.watch(&self.core, id)
            }

            async fn schedule_deadline(&self, id: &str, at_unix_ms: u64) -> Result<(), StoreError> {
                self.core.schedule_deadline(id, at_unix_ms).await
            }

            async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError> {
                self.core.cancel_deadline(id).await
            }

            async fn due_deadlines(
                &self,
                now_unix_ms: u64,
                limit: usize,
            ) -> Result<Vec<String>, StoreError> {
                self.core.due_deadlines(now_unix_ms, limit).await
            }

            async fn claim(
                &self,
                id: &str,
                owner: &str,
                ttl: Duration,
            ) -> Result<bool, StoreError> {
                self.core.claim(id, owner, ttl).await
            }

            async fn release_claim(&self, id: &str, owner: &str) -> Result<bool, StoreError> {
                self.core.release_claim(id, owner).await
            }

            async fn ping(&self) -> Result<(), StoreError> {
                self.core.ping().await
            }

            fn backend(&self) -> &'static str {
                $backend
            }

            fn config(&self) -> &StoreConfig {
                &self.core.config
            }

            fn thread_local_copy(&self) -> Option<Arc<dyn GameStore>> {
                <$store>::thread_local_copy(self)
            }
        }
    };
}

/// The TCP settings of every connection to Redis: `TCP_NODELAY` on (the client's default is
/// off). Every request shares one multiplexed connection, so commands are small writes made
/// while earlier ones are still unanswered; with Nagle's algorithm the kernel holds each such
/// write until the earlier ones are acknowledged, which over a real network is a whole extra
/// round trip per request under load (measured in BENCHMARKS.md: with Redis 1 ms away, a
/// `/readyz` took 4.7 ms instead of about 2.4).
fn tcp_settings() -> redis::io::tcp::TcpSettings {
    redis::io::tcp::TcpSettings::default().set_nodelay(true)
}

/// Parse a Redis URL, switching to RESP3 unless the URL chooses a protocol itself: over RESP3 the
/// client learns at once that a connection dropped and reconnects before the next request.
/// Connections made from it use [`tcp_settings`].
fn connection_info(url: &str) -> Result<redis::ConnectionInfo, StoreError> {
    let info = url
        .into_connection_info()
        .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?
        .set_tcp_settings(tcp_settings());
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
///
/// Change notifications ([`GameStore::watch`]) come through one more connection, dedicated to
/// pub/sub and opened by the first `watch` (see the [store docs](crate::store#change-notifications)).
#[derive(Clone)]
pub struct RedisStore {
    core: Core<ConnectionManager>,
    events: Arc<Events>,
    client: redis::Client,
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
        let info = connection_info(url)?;
        let events = Arc::new(Events::new(&config, vec![info.clone()]));
        let client = redis::Client::open(info)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
        let timeout = config.op_timeout;
        let con = tokio::time::timeout(
            timeout,
            ConnectionManager::new_with_config(client.clone(), manager_config(timeout)),
        )
        .await
        .map_err(|_| {
            StoreError::Unavailable(format!("redis connect: no answer within {timeout:?}"))
        })?
        .map_err(|e| map_error("connect", &e))?;
        let store = Self {
            core: Core { con, config },
            events,
            client,
        };
        store.core.ping().await?;
        Ok(store)
    }

    /// Like [`RedisStore::connect`], but without touching the network: the connection is made by
    /// the first call. For a service that should start (and report not ready) while Redis is
    /// still down.
    pub fn connect_lazy(url: &str, config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        let info = connection_info(url)?;
        let events = Arc::new(Events::new(&config, vec![info.clone()]));
        let client = redis::Client::open(info)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
        Self::lazy(client, config, events)
    }

    /// A store over `client` whose connection is made by its first call, on the runtime of that
    /// call, and driven there.
    fn lazy(
        client: redis::Client,
        config: StoreConfig,
        events: Arc<Events>,
    ) -> Result<Self, StoreError> {
        let con = ConnectionManager::new_lazy_with_config(
            client.clone(),
            manager_config(config.op_timeout),
        )
        .map_err(|e| map_error("connect", &e))?;
        Ok(Self {
            core: Core { con, config },
            events,
            client,
        })
    }

    /// A copy of the store with a connection of its own, made by its first call on the calling
    /// thread's Tokio runtime and driven there (change notifications stay shared). Each web
    /// worker takes one, so a request's Redis round trip never wakes another thread.
    fn thread_local_copy(&self) -> Option<Arc<dyn GameStore>> {
        tokio::runtime::Handle::try_current().ok()?;
        let copy = Self::lazy(
            self.client.clone(),
            self.core.config.clone(),
            self.events.clone(),
        );
        Some(Arc::new(copy.ok()?))
    }

    /// A handle of the underlying connection, for diagnostics and tests (e.g. reading a key's
    /// `PTTL`). Don't write game keys through it.
    pub fn connection(&self) -> ConnectionManager {
        self.core.con.clone()
    }

    /// The Redis key of game `id`'s record.
    pub fn key_of(&self, id: &str) -> String {
        self.core.key(id)
    }

    /// How the change notifications are doing (for tests, metrics and diagnostics).
    pub fn events_status(&self) -> EventsStatus {
        self.events.status()
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
///
/// Change notifications ([`GameStore::watch`]) come through one more connection, dedicated to
/// pub/sub, to one node (the seeds are tried in turn); see the
/// [store docs](crate::store#change-notifications).
#[derive(Clone)]
pub struct RedisClusterStore {
    core: Core<ClusterConnection>,
    events: Arc<Events>,
}

impl std::fmt::Debug for RedisClusterStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisClusterStore")
            .field("config", &self.core.config)
            .finish_non_exhaustive()
    }
}

impl RedisClusterStore {
    /// The cluster client routes each request to a node's own connection and is shared by every
    /// thread (one copy per thread would multiply the connections per node).
    #[allow(clippy::unused_self)]
    fn thread_local_copy(&self) -> Option<Arc<dyn GameStore>> {
        None
    }

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
        let events = Arc::new(Events::new(&config, infos.clone()));
        let protocol = infos[0].redis_settings().protocol();
        let timeout = config.op_timeout;
        let client = ClusterClient::builder(infos)
            .use_protocol(protocol)
            .tcp_settings(tcp_settings())
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
            events,
        };
        store.core.ping().await?;
        Ok(store)
    }

    /// A handle of the underlying cluster connection, for diagnostics and tests. Don't write game
    /// keys through it.
    pub fn connection(&self) -> ClusterConnection {
        self.core.con.clone()
    }

    /// The Redis key of game `id`'s record.
    pub fn key_of(&self, id: &str) -> String {
        self.core.key(id)
    }

    /// How the change notifications are doing (for tests, metrics and diagnostics).
    pub fn events_status(&self) -> EventsStatus {
        self.events.status()
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
            for kind in ["events", "log", "idem:k1", "seats"] {
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
    fn connections_send_without_nagle_delay() {
        for url in [
            "redis://127.0.0.1:6379",
            "redis://127.0.0.1:6379/2?protocol=resp2",
            "redis://user:secret@redis.example.com:6380/1",
        ] {
            let info = connection_info(url).unwrap();
            assert!(info.tcp_settings().nodelay(), "{url}");
        }
    }

    #[test]
    fn ttl_in_millis() {
        assert_eq!(ttl_millis(Duration::ZERO), 0);
        assert_eq!(ttl_millis(Duration::from_micros(10)), 1);
        assert_eq!(ttl_millis(Duration::from_secs(2)), 2000);
        assert_eq!(ttl_millis(Duration::MAX), MAX_TTL_MILLIS);
    }
}
