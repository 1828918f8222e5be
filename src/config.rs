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
    /// Bot registrations (`POST /v1/bots`) per hour per client IP, in bursts of as many
    /// (`BOT_REGISTRATIONS_PER_HOUR`, default 10; 0: no limit).
    pub bot_registrations_per_hour: u32,
    /// Duplicate matches (`POST /v1/matches`) a bot may ask for per hour, in bursts of as many,
    /// counted by each replica (`MATCHES_PER_HOUR`, default 20; 0: no limit).
    pub matches_per_hour: u32,
    /// How many challenges (`POST /v1/challenges`) a bot may make per hour, counted by each
    /// replica (`CHALLENGES_PER_HOUR`, default 60; 0: no limit).
    pub challenges_per_hour: u32,
    /// Duplicate matches a bot may run at once (asked for and not finished), counted in the
    /// store over every replica (`MATCHES_RUNNING_PER_BOT`, default 2; 0: no bound).
    pub matches_running_per_bot: u32,
    /// Duplicate matches the server may run at once, over every replica (`MATCHES_RUNNING`,
    /// default 16; 0: no bound).
    pub matches_running: u32,
    /// Upcoming or running arenas a bot may have created (`ARENAS_PER_BOT`, default 2; 0: no
    /// bound).
    pub arenas_per_bot: u32,
    /// Upcoming or running arenas the server holds (`ARENAS_ACTIVE`, default 100; 0: no
    /// bound).
    pub arenas_active: u32,
    /// Recurring arenas the server keeps one of upcoming (`ARENAS`: a JSON array of
    /// `POST /v1/arenas` bodies, each with `every_ms`, how often one starts, at a multiple of
    /// it since the epoch; empty by default).
    pub arenas: Vec<crate::platform::RecurringArena>,
    /// How long a bot's place in a matchmaking queue holds without a renewal (posting again,
    /// or reading its inbox) (`QUEUE_LEASE_MS`, default 60000; at least 1).
    pub queue_lease: Duration,
    /// Event streams and long polls a client address may hold open at once, counted by each
    /// replica (`STREAMS_PER_CLIENT`, default 32; 0: no cap). Over it: 429 `too_many_streams`.
    pub streams_per_client: u32,
    /// Inbox event streams and long polls (`GET /v1/bots/me/events`) a bot may hold open at
    /// once, counted by each replica (`STREAMS_PER_BOT`, default 8; 0: no cap).
    pub streams_per_bot: u32,
    /// How many proxies in front of the server append to `X-Forwarded-For`
    /// (`TRUSTED_PROXY_HOPS`, default 0: the client is the connection's peer). With `n`, the
    /// client is the `n`-th address from the right of `X-Forwarded-For`: the one the outermost
    /// trusted proxy appended. Entries left of it are written by the client and never trusted.
    /// The deprecated `TRUST_FORWARDED_FOR=true` means 1 when this is not set.
    pub trusted_proxy_hops: u32,
    /// A request body must arrive within this (`BODY_READ_TIMEOUT_MS`, default 10000); a slower
    /// one is answered 408 and its connection closed.
    pub body_read_timeout: Duration,
    /// The most games the in-memory store holds (`MEMORY_MAX_GAMES`, default 100000; 0: no cap).
    /// Without Redis, creates past it answer 503 `store_full`.
    pub memory_max_games: usize,
    /// How many days a finished game's archive (a bot's history, `GET /v1/bots/{name}/games`)
    /// is kept beyond the finished game's TTL (`ARCHIVE_DAYS`, default 30).
    pub archive_days: u32,
    /// Settings read that are deprecated, with what to use instead (logged at start-up).
    pub deprecations: Vec<&'static str>,
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
    /// The expert house player's worlds per decision and time cap at a table where a client
    /// waits (`EXPERT_WORLDS`, default 64; `EXPERT_MS`, default 40), and in matches, arenas
    /// and tables of house players only (`EXPERT_BACKGROUND_WORLDS`, default 16;
    /// `EXPERT_BACKGROUND_MS`, default 10). Each 1 to 100000.
    pub house: crate::games::HouseBudgets,
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
            bot_registrations_per_hour: 10,
            matches_per_hour: crate::platform::DEFAULT_MATCHES_PER_HOUR,
            challenges_per_hour: crate::platform::DEFAULT_CHALLENGES_PER_HOUR,
            matches_running_per_bot: crate::platform::DEFAULT_MATCHES_RUNNING_PER_BOT,
            matches_running: crate::platform::DEFAULT_MATCHES_RUNNING,
            arenas_per_bot: crate::platform::DEFAULT_ARENAS_PER_BOT,
            arenas_active: crate::platform::DEFAULT_ARENAS_ACTIVE,
            arenas: Vec::new(),
            queue_lease: Duration::from_millis(60_000),
            streams_per_client: crate::api::streams::DEFAULT_PER_CLIENT,
            streams_per_bot: crate::api::streams::DEFAULT_PER_BOT,
            trusted_proxy_hops: 0,
            body_read_timeout: Duration::from_millis(10_000),
            memory_max_games: crate::store::StoreConfig::DEFAULT_MAX_GAMES,
            archive_days: 30,
            deprecations: Vec::new(),
            cached_games: 10_000,
            workers: None,
            sse_keep_alive: crate::api::events::KEEP_ALIVE,
            http_keep_alive: Duration::from_secs(75),
            house: crate::games::HouseBudgets::default(),
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
        // A budget's part: a positive number up to 100000 (worlds, or milliseconds).
        let budget = |name: &'static str, default: u64| -> Result<u64, ConfigError> {
            let v = parse(&get, name, default)?;
            if !(1..=100_000).contains(&v) {
                return Err(ConfigError {
                    name,
                    value: v.to_string(),
                    reason: "use 1 to 100000".into(),
                });
            }
            Ok(v)
        };
        let house = crate::games::HouseBudgets {
            interactive: crate::bots::ExpertBudget {
                worlds: budget("EXPERT_WORLDS", d.house.interactive.worlds as u64)? as usize,
                ms: budget("EXPERT_MS", d.house.interactive.ms)?,
            },
            background: crate::bots::ExpertBudget {
                worlds: budget("EXPERT_BACKGROUND_WORLDS", d.house.background.worlds as u64)?
                    as usize,
                ms: budget("EXPERT_BACKGROUND_MS", d.house.background.ms)?,
            },
        };
        let mut deprecations = Vec::new();
        let trust_forwarded_for = parse(&get, "TRUST_FORWARDED_FOR", false)?;
        if get("TRUST_FORWARDED_FOR").is_some() {
            deprecations.push(
                "TRUST_FORWARDED_FOR is deprecated: set TRUSTED_PROXY_HOPS to the number of \
                 proxies in front of the server (TRUST_FORWARDED_FOR=true is read as 1)",
            );
        }
        let trusted_proxy_hops = match get("TRUSTED_PROXY_HOPS") {
            Some(_) => parse(&get, "TRUSTED_PROXY_HOPS", 0u32)?,
            None => u32::from(trust_forwarded_for),
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
            bot_registrations_per_hour: parse(
                &get,
                "BOT_REGISTRATIONS_PER_HOUR",
                d.bot_registrations_per_hour,
            )?,
            matches_per_hour: parse(&get, "MATCHES_PER_HOUR", d.matches_per_hour)?,
            challenges_per_hour: parse(&get, "CHALLENGES_PER_HOUR", d.challenges_per_hour)?,
            matches_running_per_bot: parse(
                &get,
                "MATCHES_RUNNING_PER_BOT",
                d.matches_running_per_bot,
            )?,
            matches_running: parse(&get, "MATCHES_RUNNING", d.matches_running)?,
            arenas_per_bot: parse(&get, "ARENAS_PER_BOT", d.arenas_per_bot)?,
            arenas_active: parse(&get, "ARENAS_ACTIVE", d.arenas_active)?,
            arenas: match get("ARENAS") {
                None => d.arenas,
                Some(text) => serde_json::from_str(&text).map_err(|e| ConfigError {
                    name: "ARENAS",
                    value: text.chars().take(80).collect(),
                    reason: format!(
                        "a JSON array of POST /v1/arenas bodies, each with `every_ms`: {e}"
                    ),
                })?,
            },
            queue_lease: {
                let lease = millis("QUEUE_LEASE_MS", d.queue_lease)?;
                if lease.is_zero() {
                    return Err(ConfigError {
                        name: "QUEUE_LEASE_MS",
                        value: "0".into(),
                        reason: "use a positive number of milliseconds".into(),
                    });
                }
                lease
            },
            streams_per_client: parse(&get, "STREAMS_PER_CLIENT", d.streams_per_client)?,
            streams_per_bot: parse(&get, "STREAMS_PER_BOT", d.streams_per_bot)?,
            trusted_proxy_hops,
            body_read_timeout: {
                let timeout = millis("BODY_READ_TIMEOUT_MS", d.body_read_timeout)?;
                if timeout.is_zero() {
                    return Err(ConfigError {
                        name: "BODY_READ_TIMEOUT_MS",
                        value: "0".into(),
                        reason: "use a positive number of milliseconds".into(),
                    });
                }
                timeout
            },
            memory_max_games: parse(&get, "MEMORY_MAX_GAMES", d.memory_max_games)?,
            archive_days: parse(&get, "ARCHIVE_DAYS", d.archive_days)?,
            deprecations,
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
            house,
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
    fn the_experts_budgets() {
        let d = Config::from_lookup(|_| None).unwrap().house;
        assert_eq!(d.interactive.config(), crate::bots::ExpertConfig::DEFAULT);
        assert_eq!((d.background.worlds, d.background.ms), (16, 10));
        let c = Config::from_lookup(|k| match k {
            "EXPERT_WORLDS" => Some("128".into()),
            "EXPERT_BACKGROUND_MS" => Some("25".into()),
            _ => None,
        })
        .unwrap()
        .house;
        assert_eq!((c.interactive.worlds, c.interactive.ms), (128, 40));
        assert_eq!((c.background.worlds, c.background.ms), (16, 25));
        for bad in ["0", "100001", "-3", "fast"] {
            let err = Config::from_lookup(|k| (k == "EXPERT_MS").then(|| bad.into())).unwrap_err();
            assert!(err.to_string().contains("EXPERT_MS"), "{bad}: {err}");
        }
    }

    #[test]
    fn proxy_hops_and_the_deprecated_switch() {
        let c = Config::from_lookup(|_| None).unwrap();
        assert_eq!(c.trusted_proxy_hops, 0);
        assert!(c.deprecations.is_empty());
        let c =
            Config::from_lookup(|k| (k == "TRUST_FORWARDED_FOR").then(|| "true".into())).unwrap();
        assert_eq!(c.trusted_proxy_hops, 1);
        assert_eq!(c.deprecations.len(), 1);
        let c = Config::from_lookup(|k| match k {
            "TRUST_FORWARDED_FOR" => Some("true".into()),
            "TRUSTED_PROXY_HOPS" => Some("2".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(c.trusted_proxy_hops, 2);
        let err =
            Config::from_lookup(|k| (k == "TRUSTED_PROXY_HOPS").then(|| "-1".into())).unwrap_err();
        assert!(err.to_string().contains("TRUSTED_PROXY_HOPS"));
    }

    #[test]
    fn body_timeout_and_memory_cap() {
        let c = Config::from_lookup(|_| None).unwrap();
        assert_eq!(c.body_read_timeout, Duration::from_secs(10));
        assert_eq!(c.memory_max_games, 100_000);
        assert_eq!(c.archive_days, 30);
        let c = Config::from_lookup(|k| match k {
            "BODY_READ_TIMEOUT_MS" => Some("1500".into()),
            "MEMORY_MAX_GAMES" => Some("5".into()),
            "ARCHIVE_DAYS" => Some("7".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(c.body_read_timeout, Duration::from_millis(1500));
        assert_eq!(c.memory_max_games, 5);
        assert_eq!(c.archive_days, 7);
        assert!(
            Config::from_lookup(|k| (k == "BODY_READ_TIMEOUT_MS").then(|| "0".into())).is_err()
        );
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
