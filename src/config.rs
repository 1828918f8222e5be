//! Configuration from environment variables (the table in README.md).

use std::time::Duration;

/// How logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON object per line (the default; what log collectors want).
    Json,
    /// Human-readable lines for a terminal.
    Pretty,
}

/// Everything the server reads from its environment.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address to bind (`BIND_ADDR`, default `0.0.0.0`).
    pub bind_addr: String,
    /// Port (`PORT`, default 8080; 0 picks a free port).
    pub port: u16,
    /// Redis URL (`REDIS_URL`); None runs on the embedded in-memory store.
    pub redis_url: Option<String>,
    /// Idle games expire after this (`GAME_TTL_SECS`, default 86400).
    pub game_ttl: Duration,
    /// Finished games expire after this (`FINISHED_GAME_TTL_SECS`, default 3600).
    pub finished_game_ttl: Duration,
    /// Key prefix in Redis (`REDIS_KEY_PREFIX`, default `hp`).
    pub key_prefix: String,
    /// Time limit of one store call (`STORE_TIMEOUT_MS`, default 2000).
    pub store_timeout: Duration,
    /// Log format (`LOG_FORMAT`: `json` or `pretty`).
    pub log_format: LogFormat,
    /// Drain time after SIGTERM (`SHUTDOWN_TIMEOUT_SECS`, default 25).
    pub shutdown_timeout: Duration,
    /// Largest accepted request body (`MAX_BODY_BYTES`, default 65536).
    pub max_body_bytes: usize,
    /// Requests per second per client IP (`RATE_LIMIT_PER_SEC`, default 0: no limit).
    pub rate_limit_per_sec: u32,
    /// Burst per client IP (`RATE_LIMIT_BURST`, default 100).
    pub rate_limit_burst: u32,
    /// Take the client IP from `X-Forwarded-For` (`TRUST_FORWARDED_FOR`, default false; set it
    /// only behind a proxy or ingress that sets the header).
    pub trust_forwarded_for: bool,
    /// Games kept in each replica's memory to save a store read per move (`CACHED_GAMES`,
    /// default 10000; 0 disables). Only a guess: stale entries are caught by the version check.
    pub cached_games: usize,
    /// Worker threads (`WORKERS`, default: the number of CPUs).
    pub workers: Option<usize>,
    /// How often an idle event stream sends a keep-alive comment and re-reads its game
    /// (`SSE_KEEP_ALIVE_MS`, default 15000, 50 to 3600000).
    pub sse_keep_alive: Duration,
    /// How long an idle HTTP/1.1 connection is kept open (`HTTP_KEEP_ALIVE_SECS`, default 75:
    /// longer than the usual client and load-balancer idle timeouts, so that the client, not the
    /// server, closes idle connections and never resends into a connection being closed).
    pub http_keep_alive: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind_addr: "0.0.0.0".into(),
            port: 8080,
            redis_url: None,
            game_ttl: Duration::from_secs(86_400),
            finished_game_ttl: Duration::from_secs(3_600),
            key_prefix: "hp".into(),
            store_timeout: Duration::from_millis(2_000),
            log_format: LogFormat::Json,
            shutdown_timeout: Duration::from_secs(25),
            max_body_bytes: 65_536,
            rate_limit_per_sec: 0,
            rate_limit_burst: 100,
            trust_forwarded_for: false,
            cached_games: 10_000,
            workers: None,
            sse_keep_alive: crate::api::events::KEEP_ALIVE,
            http_keep_alive: Duration::from_secs(75),
        }
    }
}

/// A variable that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("environment variable {name}={value:?} is invalid: {reason}")]
pub struct ConfigError {
    name: &'static str,
    value: String,
    reason: String,
}

fn parse<T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: T,
) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match get(name) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|e: T::Err| ConfigError {
            name,
            value: v,
            reason: e.to_string(),
        }),
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
    }

    /// Reads configuration through `get` (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let d = Config::default();
        let log_format = match get("LOG_FORMAT").as_deref() {
            None | Some("json") => LogFormat::Json,
            Some("pretty") | Some("text") => LogFormat::Pretty,
            Some(other) => {
                return Err(ConfigError {
                    name: "LOG_FORMAT",
                    value: other.into(),
                    reason: "use `json` or `pretty`".into(),
                });
            }
        };
        let secs =
            |name, default: Duration| parse(&get, name, default.as_secs()).map(Duration::from_secs);
        let millis = |name, default: Duration| {
            let default_ms = u64::try_from(default.as_millis()).unwrap_or(u64::MAX);
            parse(&get, name, default_ms).map(Duration::from_millis)
        };
        Ok(Config {
            bind_addr: get("BIND_ADDR").unwrap_or(d.bind_addr),
            port: parse(&get, "PORT", d.port)?,
            redis_url: get("REDIS_URL"),
            game_ttl: secs("GAME_TTL_SECS", d.game_ttl)?,
            finished_game_ttl: secs("FINISHED_GAME_TTL_SECS", d.finished_game_ttl)?,
            key_prefix: get("REDIS_KEY_PREFIX").unwrap_or(d.key_prefix),
            store_timeout: millis("STORE_TIMEOUT_MS", d.store_timeout)?,
            log_format,
            shutdown_timeout: secs("SHUTDOWN_TIMEOUT_SECS", d.shutdown_timeout)?,
            max_body_bytes: parse(&get, "MAX_BODY_BYTES", d.max_body_bytes)?,
            rate_limit_per_sec: parse(&get, "RATE_LIMIT_PER_SEC", d.rate_limit_per_sec)?,
            rate_limit_burst: parse(&get, "RATE_LIMIT_BURST", d.rate_limit_burst)?,
            trust_forwarded_for: parse(&get, "TRUST_FORWARDED_FOR", d.trust_forwarded_for)?,
            cached_games: parse(&get, "CACHED_GAMES", d.cached_games)?,
            workers: get("WORKERS")
                .map(|_| parse(&get, "WORKERS", 0usize))
                .transpose()?
                .filter(|&w| w > 0),
            sse_keep_alive: {
                let period = millis("SSE_KEEP_ALIVE_MS", d.sse_keep_alive)?;
                if !(50..=3_600_000).contains(&period.as_millis()) {
                    return Err(ConfigError {
                        name: "SSE_KEEP_ALIVE_MS",
                        value: period.as_millis().to_string(),
                        reason: "use 50 to 3600000 milliseconds".into(),
                    });
                }
                period
            },
            http_keep_alive: secs("HTTP_KEEP_ALIVE_SECS", d.http_keep_alive)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_overrides() {
        let c = Config::from_lookup(|_| None).unwrap();
        assert_eq!(c.port, 8080);
        assert!(c.redis_url.is_none());
        let c = Config::from_lookup(|k| match k {
            "PORT" => Some("9000".into()),
            "GAME_TTL_SECS" => Some("60".into()),
            "LOG_FORMAT" => Some("pretty".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!((c.port, c.game_ttl.as_secs()), (9000, 60));
        assert_eq!(c.log_format, LogFormat::Pretty);
        let err = Config::from_lookup(|k| (k == "PORT").then(|| "http".into())).unwrap_err();
        assert!(err.to_string().contains("PORT"));
    }

    #[test]
    fn durations_in_milliseconds_and_their_bounds() {
        let c = Config::from_lookup(|_| None).unwrap();
        assert_eq!(c.store_timeout, Duration::from_millis(2_000));
        assert_eq!(c.sse_keep_alive, crate::api::events::KEEP_ALIVE);
        assert_eq!(c.http_keep_alive, Duration::from_secs(75));
        let c = Config::from_lookup(|k| match k {
            "STORE_TIMEOUT_MS" => Some("250".into()),
            "SSE_KEEP_ALIVE_MS" => Some("200".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(c.store_timeout, Duration::from_millis(250));
        assert_eq!(c.sse_keep_alive, Duration::from_millis(200));
        for bad in ["49", "3600001", "-1", "soon"] {
            let err = Config::from_lookup(|k| (k == "SSE_KEEP_ALIVE_MS").then(|| bad.into()))
                .unwrap_err();
            assert!(
                err.to_string().contains("SSE_KEEP_ALIVE_MS"),
                "{bad}: {err}"
            );
        }
    }
}
