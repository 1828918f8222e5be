//! A connection to Redis with the store's settings ([`Core`]): the key of each record, and
//! calls within the operation timeout, retried once when they could not have reached Redis;
//! decoding replies and mapping errors; connection settings.

use std::future::Future;
use std::time::Duration;

use redis::aio::{ConnectionLike, ConnectionManagerConfig};
use redis::{
    Cmd, ErrorKind, FromRedisValue, IntoConnectionInfo, ProtocolVersion, RedisError, Value,
};
use tokio::time::Instant;

use super::keys::{deadline_key, deadline_shard, game_key, idem_key_part};
use super::scripts::run_script;
use crate::store::{StoreConfig, StoreError, StoredGame};

/// How often one store call may try: a second try only when the first one could not have reached
/// Redis (a refused connection, typically a cached failure from before a restart; the first try
/// also starts the reconnection) or, for reads, when the connection dropped.
pub(super) const MAX_ATTEMPTS: u32 = 2;

/// A connection (one server's or a cluster's) with the store's settings.
#[derive(Clone)]
pub(super) struct Core<C> {
    pub(super) con: C,
    pub(super) config: StoreConfig,
}

/// The longest expiry written to Redis (about 100 years); longer TTLs are cut to it, as Redis
/// rejects expiry times that overflow its clock.
pub(super) const MAX_TTL_MILLIS: u64 = 100 * 365 * 24 * 60 * 60 * 1000;

/// A TTL as the decimal milliseconds passed to the scripts: `0` for none, else at least 1.
pub(super) fn ttl_millis(ttl: Duration) -> u64 {
    if ttl.is_zero() {
        0
    } else {
        u64::try_from(ttl.as_millis())
            .unwrap_or(u64::MAX)
            .clamp(1, MAX_TTL_MILLIS)
    }
}

/// Map a Redis error to a store error: damaged data is `Corrupt`, everything else (I/O, refused
/// connections, timeouts, cluster reconfiguration, a server that is loading or out of memory,
/// a reply cut off by its connection's end) is `Unavailable`.
pub(super) fn map_error(op: &str, e: &RedisError) -> StoreError {
    // A reply the connection's end cut in the middle reads as a parse error of the client's
    // ("Unexpected end of input"): the network's fault, not the data's.
    let cut = e.kind() == ErrorKind::Parse && e.to_string().contains("end of input");
    let corrupt = !cut
        && (matches!(e.kind(), ErrorKind::Parse | ErrorKind::UnexpectedReturnType)
            || e.code() == Some("WRONGTYPE"));
    if corrupt {
        StoreError::Corrupt(format!("redis {op}: {e}"))
    } else {
        StoreError::Unavailable(format!("redis {op}: {e}"))
    }
}

pub(super) fn parse_version(raw: &[u8], what: &str) -> Result<u64, StoreError> {
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
pub(super) fn stored_game(
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
pub(super) fn optional_bytes(value: Value, what: &str) -> Result<Option<Vec<u8>>, StoreError> {
    match value {
        Value::Nil => Ok(None),
        Value::BulkString(bytes) => Ok(Some(bytes)),
        other => Err(StoreError::Corrupt(format!(
            "{what}: unexpected reply {other:?}"
        ))),
    }
}

/// A sorted-set score as sent by Redis (a double over RESP3, a string over RESP2).
pub(super) fn score(value: &Value) -> Option<f64> {
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
pub(super) fn scored_members(reply: Value, what: &str) -> Result<Vec<(f64, String)>, StoreError> {
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
    pub(super) fn key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "game")
    }

    pub(super) fn channel(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "events")
    }

    pub(super) fn log_key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "log")
    }

    pub(super) fn idem_key(&self, id: &str, key: &str) -> String {
        let mut kind = String::with_capacity(5 + key.len());
        kind.push_str("idem:");
        kind.push_str(&idem_key_part(key));
        game_key(&self.config.key_prefix, id, &kind)
    }

    pub(super) fn outbox_key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "outbox")
    }

    pub(super) fn claim_key(&self, id: &str) -> String {
        game_key(&self.config.key_prefix, id, "claim")
    }

    pub(super) fn deadline_key(&self, id: &str) -> String {
        deadline_key(&self.config.key_prefix, deadline_shard(id))
    }

    /// Run `f` on a fresh handle of the connection, within `op_timeout` for all tries together.
    pub(super) async fn call<T, F, Fut>(
        &self,
        op: &str,
        idempotent: bool,
        mut f: F,
    ) -> Result<T, StoreError>
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
    pub(super) async fn query<T>(
        &self,
        op: &str,
        idempotent: bool,
        cmd: &Cmd,
    ) -> Result<T, StoreError>
    where
        T: FromRedisValue + Send,
    {
        self.call(op, idempotent, |mut con| async move {
            cmd.query_async(&mut con).await
        })
        .await
    }

    /// Run a script call built by [`evalsha`] (through [`Core::call`]).
    pub(super) async fn script<T>(
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

    /// The stored version of the game whose events channel is `channel` (`None`: no game).
    pub(super) async fn version_of_channel(
        &self,
        channel: &str,
    ) -> Result<Option<u64>, StoreError> {
        if let Some(inbox) = super::keys::inbox_key_of_channel(channel) {
            let mut cmd = redis::cmd("HGET");
            cmd.arg(inbox).arg("last");
            let raw: Option<Vec<u8>> = self.query("version", true, &cmd).await?;
            return raw.map(|v| parse_version(&v, inbox)).transpose();
        }
        let Some(base) = channel.strip_suffix("events") else {
            return Ok(None);
        };
        self.version_of_key(&format!("{base}game")).await
    }

    /// The stored version of the game hash `key` (`None`: no game): one `HGET`.
    pub(super) async fn version_of_key(&self, key: &str) -> Result<Option<u64>, StoreError> {
        let mut cmd = redis::cmd("HGET");
        cmd.arg(key).arg("v");
        let raw: Option<Vec<u8>> = self.query("version", true, &cmd).await?;
        raw.map(|v| parse_version(&v, key)).transpose()
    }
}

/// The TCP settings of every connection to Redis: `TCP_NODELAY` on (the client's default is
/// off). Every request shares one multiplexed connection, so commands are small writes made
/// while earlier ones are still unanswered; with Nagle's algorithm the kernel holds each such
/// write until the earlier ones are acknowledged, which over a real network is a whole extra
/// round trip per request under load (measured in BENCHMARKS.md: with Redis 1 ms away, a
/// `/readyz` took 4.7 ms instead of about 2.4).
pub(super) fn tcp_settings() -> redis::io::tcp::TcpSettings {
    redis::io::tcp::TcpSettings::default().set_nodelay(true)
}

/// Parse a Redis URL, switching to RESP3 unless the URL chooses a protocol itself: over RESP3 the
/// client learns at once that a connection dropped and reconnects before the next request.
/// Connections made from it use [`tcp_settings`].
pub(super) fn connection_info(url: &str) -> Result<redis::ConnectionInfo, StoreError> {
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

/// Reconnection settings: give up on a dead server quickly (the store's caller should get 503 in
/// well under `op_timeout`), and never wait on one socket longer than `op_timeout`.
pub(super) fn manager_config(op_timeout: Duration) -> ConnectionManagerConfig {
    ConnectionManagerConfig::new()
        .set_connection_timeout(Some(op_timeout))
        .set_response_timeout(Some(op_timeout))
        .set_number_of_retries(2)
        .set_min_delay(Duration::from_millis(50))
        .set_max_delay(Duration::from_millis(500))
}

#[cfg(test)]
mod tests {
    use super::*;

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
