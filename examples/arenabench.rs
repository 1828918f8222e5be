//! Benchmark tool for `scripts/arenabench.sh` (see BENCHMARKS.md, "Arenas"), against one
//! running server on Redis. Prints one JSON line.
//!
//! Registers `--bots` bot accounts; the first creates a duplicate arena of hasenpfeffer with
//! `--rounds` rounds (one deal a round, so `bots / 4` tables a round), every bot joins, and
//! each follows its inbox (`GET /v1/bots/me/events?wait=`) and plays every seat it is given
//! (`seated`, `via.arena_id`: a long poll of its game, `wait_for_version`, and one of its
//! `legal_actions` on its turn) until its `arena_finished`. Measures:
//!
//! - the arena's wall time: from the start the arena records (`starts_unix_ms`) to the last
//!   `arena_finished` a bot received, and the whole run from the create;
//! - Redis's work over the arena (from the `POST /v1/arenas` to the last `arena_finished`,
//!   and a second more for the effects that follow it): `INFO commandstats` (every command,
//!   a script's own included) and, with `--monitor`, a `MONITOR` connection's lines (the
//!   round trips: a script's own commands, `[0 lua]`, left out), each put in one class by
//!   its first key (the arena's record, the arena's outbox, the outbox's index, a game, the
//!   inboxes, ...); the same counts over `--idle-secs` of an idle server first, as the rate
//!   of the server's background (its sweepers) to subtract;
//! - for each round r > 1, from `GET /v1/arenas/{id}` at the end: the gap from round r-1's
//!   last result counted (`ended_unix_ms`) to round r's first table paired
//!   (`paired_unix_ms`), and to the first `seated` of round r any bot received.
//!
//! And checks: `rounds * bots / 4` games, every table finished, every bot seated once per
//! table it sits at (its inbox's `seated`s are the tables that list it, none twice), one
//! `arena_finished` per bot. Exits 1 if a check fails.
//!
//! ```sh
//! cargo run --release --example arenabench -- --port 8080 --redis-port 6379 --bots 64 --rounds 8 --monitor
//! ```
//!
//! The server needs `BOT_REGISTRATIONS_PER_HOUR=0`, `RATE_LIMIT_PER_SEC=0` and
//! `STREAMS_PER_CLIENT=0` (every bot comes from one address).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

type Error = Box<dyn std::error::Error + Send + Sync>;

struct Args {
    port: u16,
    redis_port: u16,
    bots: usize,
    rounds: u32,
    monitor: bool,
    monitor_out: Option<String>,
    idle_secs: u64,
    join_concurrency: usize,
}

fn args() -> Result<Args, Error> {
    let mut it = std::env::args().skip(1);
    let mut a = Args {
        port: 8080,
        redis_port: 6379,
        bots: 64,
        rounds: 8,
        monitor: false,
        monitor_out: None,
        idle_secs: 3,
        join_concurrency: 16,
    };
    while let Some(flag) = it.next() {
        if flag == "--monitor" {
            a.monitor = true;
            continue;
        }
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--port" => a.port = value.parse()?,
            "--redis-port" => a.redis_port = value.parse()?,
            "--bots" => a.bots = value.parse()?,
            "--rounds" => a.rounds = value.parse()?,
            "--idle-secs" => a.idle_secs = value.parse()?,
            "--monitor-out" => a.monitor_out = Some(value),
            "--join-concurrency" => a.join_concurrency = value.parse()?,
            _ => return Err(format!("unknown flag {flag}").into()),
        }
    }
    if a.bots < 8 || !a.bots.is_multiple_of(4) {
        return Err("--bots: a multiple of 4, at least 8 (two tables a round)".into());
    }
    Ok(a)
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The HTTP requests the bots sent, by kind.
#[derive(Default)]
struct Requests {
    inbox: AtomicU64,
    view: AtomicU64,
    action: AtomicU64,
    arena: AtomicU64,
}

impl Requests {
    fn json(&self) -> Value {
        json!({
            "inbox_polls": self.inbox.load(Ordering::Relaxed),
            "game_views": self.view.load(Ordering::Relaxed),
            "actions": self.action.load(Ordering::Relaxed),
            "arena_requests": self.arena.load(Ordering::Relaxed),
        })
    }
}

/// Sends `req`; the JSON answer, or an error naming the status and body.
async fn send(req: reqwest::RequestBuilder) -> Result<Value, Error> {
    let res = req.send().await?;
    let status = res.status();
    let body = res.text().await?;
    if !status.is_success() {
        return Err(format!("{status}: {body}").into());
    }
    Ok(serde_json::from_str(&body)?)
}

/// Sends `req`; the status and the JSON answer (null if none).
async fn send_any(req: reqwest::RequestBuilder) -> Result<(u16, Value), Error> {
    let res = req.send().await?;
    let status = res.status().as_u16();
    let body = res.text().await?;
    Ok((status, serde_json::from_str(&body).unwrap_or(Value::Null)))
}

struct Bot {
    name: String,
    key: String,
}

/// Registers `n` bots, 32 at a time.
async fn register(http: &reqwest::Client, base: &str, n: usize) -> Result<Vec<Bot>, Error> {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let tag = format!("ab{:x}", (nanos / 1_000) % 0xff_ffff_ffff);
    let gate = Arc::new(Semaphore::new(32));
    let tasks: Vec<_> = (0..n)
        .map(|i| {
            let (http, gate, base) = (http.clone(), gate.clone(), base.to_owned());
            let name = format!("{tag}-{i}");
            tokio::spawn(async move {
                let _permit = gate.acquire().await?;
                let answer = send(
                    http.post(format!("{base}/v1/bots"))
                        .json(&json!({ "name": name })),
                )
                .await?;
                let key = answer["api_key"].as_str().ok_or("no api_key")?.to_owned();
                Ok::<_, Error>(Bot { name, key })
            })
        })
        .collect();
    let mut bots = Vec::with_capacity(n);
    for t in tasks {
        bots.push(t.await??);
    }
    Ok(bots)
}

/// Plays seat `token` of game `id` to the game's end: a long poll of the view until the
/// version passes the last one seen; on its turn, one of its legal actions.
async fn play(
    http: reqwest::Client,
    base: String,
    id: String,
    token: String,
    reqs: Arc<Requests>,
) -> Result<(), Error> {
    let url = format!("{base}/v1/games/{id}");
    let mut version = 0u64;
    let mut view = Value::Null;
    let started = Instant::now();
    loop {
        if started.elapsed() > Duration::from_secs(600) {
            return Err(format!("game {id} never ended").into());
        }
        if view.is_null() {
            reqs.view.fetch_add(1, Ordering::Relaxed);
            view = send(
                http.get(format!("{url}?wait_for_version={version}&wait_ms=20000"))
                    .bearer_auth(&token),
            )
            .await?;
        }
        version = view["version"].as_u64().ok_or("no version")?;
        if view["status"] == "finished" || view["phase"] == "game_over" {
            return Ok(());
        }
        let legal = view["legal_actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.is_empty() {
            view = Value::Null; // not its turn: wait for the next version
            continue;
        }
        // Any legal action: one picked by the version, so that the bids vary.
        let action = &legal[version as usize % legal.len()];
        reqs.action.fetch_add(1, Ordering::Relaxed);
        let (status, answer) = send_any(
            http.post(format!("{url}/actions"))
                .bearer_auth(&token)
                .header("if-match", format!("\"{version}\""))
                .json(action),
        )
        .await?;
        view = match status {
            // The view after the move: its turn again (a discard), or wait for the others.
            200 if answer["version"].is_u64() => answer,
            // The clock played meanwhile: look again.
            200 | 409 | 412 | 422 => Value::Null,
            _ => return Err(format!("action in {id}: {status} {answer}").into()),
        };
    }
}

/// What one bot saw of the arena.
#[derive(Default)]
struct BotLog {
    /// (game, seat, round, when received in unix ms), from its `seated`s of the arena.
    seated: Vec<(String, u64, u64, u64)>,
    finished: Vec<Value>,
    finished_unix_ms: u64,
}

/// Follows bot `bot`'s inbox and plays every seat of arena `arena` it is given until its
/// `arena_finished` came and its games are over.
async fn run_bot(
    http: reqwest::Client,
    base: String,
    bot: Arc<Bot>,
    arena: String,
    reqs: Arc<Requests>,
) -> Result<BotLog, Error> {
    let mut log = BotLog::default();
    let mut games = tokio::task::JoinSet::new();
    let mut after = 0u64;
    let started = Instant::now();
    loop {
        if started.elapsed() > Duration::from_secs(1200) {
            return Err(format!("the arena never ended for {}", bot.name).into());
        }
        reqs.inbox.fetch_add(1, Ordering::Relaxed);
        // Short waits once told the end, for its games' last moves.
        let wait = if log.finished.is_empty() { 20 } else { 0 };
        let page = send(
            http.get(format!(
                "{base}/v1/bots/me/events?after={after}&wait={wait}"
            ))
            .header("Authorization", format!("Bot {}", bot.key))
            .header("Accept", "application/json"),
        )
        .await?;
        let now = unix_ms();
        for item in page.as_array().ok_or("the inbox is not an array")? {
            after = item["id"].as_u64().ok_or("no id")?.max(after);
            match item["type"].as_str() {
                Some("seated") if item["via"]["arena_id"] == arena.as_str() => {
                    let id = item["game_id"].as_str().ok_or("no game_id")?.to_owned();
                    let token = item["token"].as_str().ok_or("no token")?.to_owned();
                    let seat = item["seat"].as_u64().ok_or("no seat")?;
                    let round = item["via"]["round"].as_u64().ok_or("no round")?;
                    log.seated.push((id.clone(), seat, round, now));
                    games.spawn(play(http.clone(), base.clone(), id, token, reqs.clone()));
                }
                Some("arena_finished") if item["arena_id"] == arena.as_str() => {
                    log.finished.push(item.clone());
                    log.finished_unix_ms = now;
                }
                _ => {}
            }
        }
        while let Some(res) = games.try_join_next() {
            res??;
        }
        if !log.finished.is_empty() {
            while let Some(res) = games.join_next().await {
                res??;
            }
            return Ok(log);
        }
    }
}

/// A connection to Redis for `INFO commandstats` and `CONFIG RESETSTAT`.
struct RedisCon(BufReader<TcpStream>);

impl RedisCon {
    async fn connect(port: u16) -> Result<Self, Error> {
        Ok(RedisCon(BufReader::new(
            TcpStream::connect(("127.0.0.1", port)).await?,
        )))
    }

    /// Sends an inline command; its reply as text (a bulk string's contents, or the line).
    async fn call(&mut self, cmd: &str) -> Result<String, Error> {
        self.0
            .get_mut()
            .write_all(format!("{cmd}\r\n").as_bytes())
            .await?;
        let mut line = String::new();
        self.0.read_line(&mut line).await?;
        if let Some(n) = line.strip_prefix('$') {
            let n: usize = n.trim().parse()?;
            let mut buf = vec![0; n + 2];
            self.0.read_exact(&mut buf).await?;
            buf.truncate(n);
            return Ok(String::from_utf8(buf)?);
        }
        if line.starts_with('-') {
            return Err(format!("Redis: {}", line.trim()).into());
        }
        Ok(line.trim().to_owned())
    }

    /// `INFO commandstats`: each command's calls and microseconds.
    async fn commandstats(&mut self) -> Result<BTreeMap<String, (u64, u64)>, Error> {
        let text = self.call("INFO commandstats").await?;
        let mut out = BTreeMap::new();
        for line in text.lines() {
            let Some((name, rest)) = line
                .strip_prefix("cmdstat_")
                .and_then(|l| l.split_once(':'))
            else {
                continue;
            };
            let field = |f: &str| {
                rest.split(',')
                    .find_map(|kv| kv.strip_prefix(f))
                    .and_then(|v| v.parse::<u64>().ok())
                    .unwrap_or(0)
            };
            out.insert(name.to_owned(), (field("calls="), field("usec=")));
        }
        Ok(out)
    }
}

/// The commands the benchmark itself sends (left out of the counts).
const OURS: [&str; 5] = ["info", "config|resetstat", "monitor", "echo", "config"];

/// Calls and microseconds of `stats`, the benchmark's own commands left out: (all, scripts
/// (`EVALSHA`/`EVAL`), the rest (a script's own commands and plain ones)).
fn totals(stats: &BTreeMap<String, (u64, u64)>) -> Value {
    let mine = |n: &str| OURS.contains(&n);
    let script = |n: &str| n == "evalsha" || n == "eval";
    let sum = |f: &dyn Fn(&str) -> bool| {
        stats
            .iter()
            .filter(|(n, _)| !mine(n) && f(n))
            .fold((0, 0), |(c, u), (_, (c2, u2))| (c + c2, u + u2))
    };
    let all = sum(&|_| true);
    let scripts = sum(&|n| script(n));
    let mut top: Vec<(&String, &(u64, u64))> = stats.iter().filter(|(n, _)| !mine(n)).collect();
    top.sort_by_key(|b| std::cmp::Reverse(b.1.0));
    json!({
        "calls": all.0,
        "usec": all.1,
        "script_calls": scripts.0,
        "script_usec": scripts.1,
        "other_calls": all.0 - scripts.0,
        "by_command": top.iter().take(16).map(|(n, (c, u))| json!([n, c, u])).collect::<Vec<_>>(),
    })
}

/// A `MONITOR` connection's lines.
struct Monitor {
    lines: Arc<Mutex<Vec<String>>>,
}

impl Monitor {
    async fn start(port: u16) -> Result<Self, Error> {
        let mut s = TcpStream::connect(("127.0.0.1", port)).await?;
        s.write_all(b"MONITOR\r\n").await?;
        let mut reader = BufReader::new(s);
        let mut ok = String::new();
        reader.read_line(&mut ok).await?;
        if !ok.starts_with("+OK") {
            return Err(format!("MONITOR answered {ok:?}").into());
        }
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        tokio::spawn(async move {
            let mut line = String::new();
            while reader.read_line(&mut line).await.is_ok_and(|n| n > 0) {
                let l = line.trim_end().trim_start_matches('+').to_owned();
                sink.lock().expect("lines").push(l);
                line.clear();
            }
        });
        Ok(Monitor { lines })
    }

    /// The lines recorded since the last take.
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.lines.lock().expect("lines"))
    }
}

/// One `MONITOR` line: whether a script sent it (`[0 lua]`), the command's name, and its
/// arguments (quotes removed, escapes left).
fn parse_monitor(line: &str) -> Option<(bool, String, Vec<&str>)> {
    let rest = line.split_once(" [")?.1;
    let (client, cmd) = rest.split_once("] ")?;
    let lua = client.ends_with("lua");
    let mut args = cmd.split('"').skip(1).step_by(2);
    let name = args.next()?.to_ascii_uppercase();
    Some((lua, name, args.collect()))
}

/// A key with its ids (and shard numbers) written `*`: `hp:{arena.*}:game`, `hp:{*}:game`,
/// `hp:deadlines:{*}`.
fn general_key(key: &str) -> String {
    key.split(':')
        .map(|part| {
            let inner = part.trim_start_matches('{').trim_end_matches('}');
            if let Some(id) = inner.strip_prefix("arena.") {
                part.replace(id, "*")
            } else if inner.len() >= 12
                || inner.starts_with("ab")
                || (!inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()))
            {
                part.replace(inner, "*")
            } else {
                part.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// The class of a command by the first key it names: `arena` (the arena's record and
/// listing), `arena-outbox` (the arena's outbox), `outbox-index`, `game`, `inbox`, ...
fn class_of(name: &str, args: &[&str]) -> (String, String) {
    // A script's keys follow its sha and key count; a plain command's first key is its first
    // argument.
    let key = if name == "EVALSHA" || name == "EVAL" {
        args.get(2).copied()
    } else {
        args.first().copied()
    }
    .unwrap_or("");
    let general = general_key(key);
    let class = if key.contains("{arena.") && key.ends_with(":outbox") {
        "arena-outbox"
    } else if key.contains("{arena.") {
        "arena"
    } else if key.contains("{outbox}") {
        "outbox-index"
    } else if key.ends_with(":outbox") {
        "game-outbox"
    } else if key.contains("inbox") || key.contains(":ib") {
        "inbox"
    } else if key.contains("{lobby}") {
        "lobby"
    } else if key.contains("deadlines") {
        "deadlines"
    } else if key.contains("{bots}") {
        "accounts"
    } else if key.contains('{') {
        "game"
    } else {
        "other"
    };
    // A script by the start of its sha: the same key is read and written by different ones.
    let name = match args.first() {
        Some(sha) if name == "EVALSHA" => format!("EVALSHA {}", &sha[..sha.len().min(8)]),
        _ => name.to_owned(),
    };
    let pattern = if general.is_empty() {
        name
    } else {
        format!("{name} {general}")
    };
    (class.to_owned(), pattern)
}

/// The arena's compare-and-set writes among `lines` (the write script on the arena's record:
/// its keys `:game`, `:log`, `:outbox`, then the version expected and the new one), before
/// `split_unix_ms` (the joins) and after (the start, the results): (attempts, versions
/// written) each. An attempt that finds the version moved is a conflict, retried after the
/// record is read again.
fn arena_writes(lines: &[String], split_unix_ms: u64) -> Value {
    let mut before = (0u64, HashSet::new());
    let mut after = (0u64, HashSet::new());
    let mut bytes = 0usize;
    for l in lines {
        let Some((false, name, args)) = parse_monitor(l) else {
            continue;
        };
        let is_write = name == "EVALSHA"
            && args.len() > 6
            && args[2].contains("{arena.")
            && args[2].ends_with(":game")
            && args[3].ends_with(":log");
        if !is_write {
            continue;
        }
        let at_ms = l
            .split_whitespace()
            .next()
            .and_then(|t| t.parse::<f64>().ok())
            .map_or(0, |t| (t * 1000.0) as u64);
        let side = if at_ms < split_unix_ms {
            &mut before
        } else {
            &mut after
        };
        side.0 += 1;
        side.1.insert(args[6].to_owned());
        // The bytes sent: the line, each `\xNN` escape one byte.
        bytes += l.len() - 3 * l.matches("\\x").count();
    }
    let each = |(tries, written): &(u64, HashSet<String>)| json!({"attempts": tries, "written": written.len(), "conflicts": tries - written.len() as u64});
    json!({
        "before_start": each(&before),
        "from_start": each(&after),
        "attempts": before.0 + after.0,
        "written": before.1.len() + after.1.len(),
        "bytes_sent_about": bytes,
    })
}

/// Round trips (a script's own commands left out) of `lines`, by class and by pattern; and
/// the commands scripts ran, by the same classes.
fn classify(lines: &[String]) -> Value {
    let mut classes: BTreeMap<String, u64> = BTreeMap::new();
    let mut patterns: HashMap<String, (String, u64)> = HashMap::new();
    let mut lua_classes: BTreeMap<String, u64> = BTreeMap::new();
    // Each script (by the start of its sha): the commands of its first call, to name it.
    let mut scripts: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    let (mut trips, mut lua) = (0u64, 0u64);
    for l in lines {
        let Some((in_lua, name, args)) = parse_monitor(l) else {
            continue;
        };
        if OURS.contains(&name.to_ascii_lowercase().as_str()) {
            continue;
        }
        let (class, pattern) = class_of(&name, &args);
        if in_lua {
            lua += 1;
            *lua_classes.entry(class).or_default() += 1;
            if let Some(first) = current.as_ref().and_then(|sha| scripts.get_mut(sha))
                && first.len() < 16
            {
                first.push(pattern);
            }
            continue;
        }
        current = None;
        if name == "EVALSHA" {
            let sha: String = args.first().map_or("", |s| &s[..s.len().min(8)]).to_owned();
            if !scripts.contains_key(&sha) {
                scripts.insert(sha.clone(), Vec::new());
                current = Some(sha);
            }
        }
        trips += 1;
        *classes.entry(class.clone()).or_default() += 1;
        patterns.entry(pattern).or_insert((class, 0)).1 += 1;
    }
    let mut top: Vec<_> = patterns.into_iter().collect();
    top.sort_by(|a, b| b.1.1.cmp(&a.1.1).then(a.0.cmp(&b.0)));
    json!({
        "round_trips": trips,
        "by_class": classes,
        "by_pattern": top.iter().take(60).map(|(p, (c, n))| json!([c, p, n])).collect::<Vec<_>>(),
        "script_commands": lua,
        "script_commands_by_class": lua_classes,
        "scripts_first_call": scripts,
    })
}

fn median_max(mut xs: Vec<i64>) -> Value {
    xs.sort_unstable();
    if xs.is_empty() {
        return json!({"median": null, "max": null, "each": []});
    }
    json!({
        "median": xs[(xs.len() - 1) / 2],
        "max": xs[xs.len() - 1],
        "min": xs[0],
        "each": xs,
    })
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let a = args()?;
    let base = format!("http://127.0.0.1:{}", a.port);
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .pool_max_idle_per_host(4 * a.bots)
        .build()?;
    let tables_per_round = a.bots / 4;
    let games_expected = tables_per_round * a.rounds as usize;

    let t = Instant::now();
    let bots: Vec<Arc<Bot>> = register(&http, &base, a.bots)
        .await?
        .into_iter()
        .map(Arc::new)
        .collect();
    let register_secs = t.elapsed().as_secs_f64();

    let mut redis = RedisCon::connect(a.redis_port).await?;
    let mon = if a.monitor {
        Some(Monitor::start(a.redis_port).await?)
    } else {
        None
    };

    // The idle server's background, as a rate.
    redis.call("CONFIG RESETSTAT").await?;
    if let Some(m) = &mon {
        m.take();
    }
    let idle_from = Instant::now();
    tokio::time::sleep(Duration::from_secs(a.idle_secs)).await;
    let idle_secs = idle_from.elapsed().as_secs_f64();
    let idle_stats = totals(&redis.commandstats().await?);
    let idle_lines = mon.as_ref().map(Monitor::take).unwrap_or_default();
    redis.call("CONFIG RESETSTAT").await?;

    // The arena, from its create.
    let reqs = Arc::new(Requests::default());
    let created_at = Instant::now();
    let created_unix_ms = unix_ms();
    reqs.arena.fetch_add(1, Ordering::Relaxed);
    let arena = send(
        http.post(format!("{base}/v1/arenas"))
            .header("Authorization", format!("Bot {}", bots[0].key))
            .json(&json!({
                "name": "bench",
                "kind": "duplicate",
                "ruleset": {"preset": "hasenpfeffer"},
                "rounds": a.rounds,
                "starts_in_ms": 3000,
                "turn_time_limit_ms": 60000,
            })),
    )
    .await?;
    let id = arena["arena_id"].as_str().ok_or("no arena_id")?.to_owned();
    let starts_unix_ms = arena["starts_unix_ms"]
        .as_u64()
        .ok_or("no starts_unix_ms")?;
    // The bots follow their inboxes from now, and join (`--join-concurrency` at a time).
    let tasks: Vec<_> = bots
        .iter()
        .map(|b| {
            tokio::spawn(run_bot(
                http.clone(),
                base.clone(),
                b.clone(),
                id.clone(),
                reqs.clone(),
            ))
        })
        .collect();
    let gate = Arc::new(Semaphore::new(a.join_concurrency.max(1)));
    let joins: Vec<_> = bots
        .iter()
        .map(|b| {
            let (http, gate, base, id, b, reqs) = (
                http.clone(),
                gate.clone(),
                base.clone(),
                id.clone(),
                b.clone(),
                reqs.clone(),
            );
            tokio::spawn(async move {
                let _permit = gate.acquire().await?;
                reqs.arena.fetch_add(1, Ordering::Relaxed);
                send(
                    http.post(format!("{base}/v1/arenas/{id}/join"))
                        .header("Authorization", format!("Bot {}", b.key)),
                )
                .await?;
                Ok::<_, Error>(())
            })
        })
        .collect();
    for j in joins {
        j.await??;
    }
    let joined_ms = created_at.elapsed().as_millis() as u64;
    let mut logs = Vec::with_capacity(bots.len());
    for t in tasks {
        logs.push(t.await??);
    }
    let all_finished = created_at.elapsed();
    let last_finished_unix_ms = logs.iter().map(|l| l.finished_unix_ms).max().unwrap_or(0);
    // A second for the effects that follow the last result (profiles, the end's events).
    tokio::time::sleep(Duration::from_secs(1)).await;
    let window_secs = created_at.elapsed().as_secs_f64();
    let arena_stats = totals(&redis.commandstats().await?);
    let arena_lines = mon.as_ref().map(Monitor::take).unwrap_or_default();
    if let Some(path) = &a.monitor_out {
        std::fs::write(path, arena_lines.join("\n"))?;
    }

    // The arena's record as it ended: every write rewrites it whole.
    let record_bytes: u64 = redis
        .call(&format!("HSTRLEN hp:{{arena.{id}}}:game d"))
        .await?
        .trim_start_matches(':')
        .parse()
        .unwrap_or(0);

    // The arena as it ended.
    let view = send(http.get(format!("{base}/v1/arenas/{id}"))).await?;
    let tables = view["tables"].as_array().cloned().unwrap_or_default();
    let mut failures: Vec<String> = Vec::new();
    if view["status"] != "finished" {
        failures.push(format!("the arena is {}", view["status"]));
    }
    if tables.len() != games_expected {
        failures.push(format!(
            "{} tables ({games_expected} expected)",
            tables.len()
        ));
    }
    let unfinished = tables.iter().filter(|t| t["finished"] != true).count();
    if unfinished > 0 {
        failures.push(format!("{unfinished} tables not finished"));
    }
    // Every bot seated once per table that lists it, and at no other.
    let mut listed: HashMap<&str, Vec<String>> = HashMap::new();
    let mut game_ids = HashSet::new();
    for t in &tables {
        let g = t["game_id"].as_str().unwrap_or("").to_owned();
        if !game_ids.insert(g.clone()) {
            failures.push(format!("game {g:?} listed twice"));
        }
        for s in t["seats"].as_array().into_iter().flatten() {
            listed
                .entry(s.as_str().unwrap_or(""))
                .or_default()
                .push(g.clone());
        }
    }
    let mut seated_games = HashSet::new();
    let mut seats_per_game: HashMap<&str, HashSet<u64>> = HashMap::new();
    for (bot, log) in bots.iter().zip(&logs) {
        let mut mine: Vec<String> = log.seated.iter().map(|s| s.0.clone()).collect();
        mine.sort();
        let mut want = listed.get(bot.name.as_str()).cloned().unwrap_or_default();
        want.sort();
        if mine != want {
            failures.push(format!(
                "{}: seated in {} games, listed at {}",
                bot.name,
                mine.len(),
                want.len()
            ));
        }
        if log.finished.len() != 1 {
            failures.push(format!(
                "{}: {} arena_finished",
                bot.name,
                log.finished.len()
            ));
        }
        for (g, seat, _, _) in &log.seated {
            seated_games.insert(g.clone());
            seats_per_game.entry(g).or_default().insert(*seat);
        }
    }
    if seated_games.len() != games_expected {
        failures.push(format!(
            "{} games seated ({games_expected} expected)",
            seated_games.len()
        ));
    }
    let short = seats_per_game.values().filter(|s| s.len() != 4).count();
    if short > 0 {
        failures.push(format!("{short} games without four distinct seats"));
    }
    if view["standings"].as_array().map_or(0, Vec::len) != a.bots {
        failures.push("the standings do not list every bot".into());
    }

    // The gaps between rounds.
    let mut by_round: BTreeMap<u64, (u64, u64, u64)> = BTreeMap::new(); // min paired, max ended, min ended
    for t in &tables {
        let r = t["round"].as_u64().unwrap_or(0);
        let p = t["paired_unix_ms"].as_u64().unwrap_or(0);
        let e = t["ended_unix_ms"].as_u64().unwrap_or(0);
        let x = by_round.entry(r).or_insert((u64::MAX, 0, u64::MAX));
        x.0 = x.0.min(p);
        x.1 = x.1.max(e);
        x.2 = x.2.min(e);
    }
    let mut first_seated: BTreeMap<u64, u64> = BTreeMap::new();
    let mut last_seated: BTreeMap<u64, u64> = BTreeMap::new();
    for log in &logs {
        for (_, _, r, at) in &log.seated {
            let f = first_seated.entry(*r).or_insert(u64::MAX);
            *f = (*f).min(*at);
            let l = last_seated.entry(*r).or_insert(0);
            *l = (*l).max(*at);
        }
    }
    let (mut paired_gap, mut seated_gap, mut all_seated_gap, mut round_ms) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (&r, &(paired, _, _)) in &by_round {
        if let Some(&(_, prev_end, _)) = by_round.get(&(r.wrapping_sub(1))) {
            paired_gap.push(paired as i64 - prev_end as i64);
            if let Some(&s) = first_seated.get(&r) {
                seated_gap.push(s as i64 - prev_end as i64);
            }
            if let Some(&s) = last_seated.get(&r) {
                all_seated_gap.push(s as i64 - prev_end as i64);
            }
        }
        // A round's own time: its first table paired to its last result.
        round_ms.push(by_round[&r].1 as i64 - paired as i64);
    }
    let first_paired = by_round.values().map(|x| x.0).min().unwrap_or(0);
    let last_ended = by_round.values().map(|x| x.1).max().unwrap_or(0);
    let games = games_expected.max(1) as f64;
    let per_game = |v: &Value| (v.as_u64().unwrap_or(0) as f64 / games * 10.0).round() / 10.0;
    let monitor = mon.as_ref().map(|_| {
        let arena = classify(&arena_lines);
        let idle = classify(&idle_lines);
        let writes = arena_writes(&arena_lines, starts_unix_ms);
        let written = writes["written"].as_u64().unwrap_or(0).max(1) as f64;
        let arena_trips = ["arena", "arena-outbox"]
            .iter()
            .map(|c| arena["by_class"][c].as_u64().unwrap_or(0))
            .sum::<u64>() as f64;
        json!({
            "arena": arena,
            "idle": idle,
            "arena_writes": writes,
            "arena_round_trips_per_write": (arena_trips / written * 100.0).round() / 100.0,
            "round_trips_per_game": per_game(&arena["round_trips"]),
        })
    });
    let ok = failures.is_empty();
    println!(
        "{}",
        json!({
            "mode": "duplicate",
            "arena_id": id,
            "bots": a.bots,
            "rounds": a.rounds,
            "tables_per_round": tables_per_round,
            "join_concurrency": a.join_concurrency,
            "games": tables.len(),
            "record_bytes_at_end": record_bytes,
            "monitor": a.monitor,
            "register_secs": (register_secs * 100.0).round() / 100.0,
            "create_to_joined_ms": joined_ms,
            "starts_in_ms_after_create": starts_unix_ms.saturating_sub(created_unix_ms),
            "start_to_last_finished_ms": last_finished_unix_ms.saturating_sub(starts_unix_ms),
            "first_paired_to_last_result_ms": last_ended.saturating_sub(first_paired),
            "start_to_first_paired_ms": first_paired as i64 - starts_unix_ms as i64,
            "create_to_last_finished_ms": all_finished.as_millis() as u64,
            "round_ms": median_max(round_ms),
            "gap_last_result_to_next_paired_ms": median_max(paired_gap),
            "gap_last_result_to_first_seated_ms": median_max(seated_gap),
            "gap_last_result_to_last_seated_ms": median_max(all_seated_gap),
            "requests": reqs.json(),
            "window_secs": (window_secs * 100.0).round() / 100.0,
            "commandstats": arena_stats,
            "commandstats_calls_per_game": per_game(&arena_stats["calls"]),
            "commandstats_script_calls_per_game": per_game(&arena_stats["script_calls"]),
            "idle_secs": (idle_secs * 100.0).round() / 100.0,
            "idle_commandstats": idle_stats,
            "monitor_counts": monitor,
            "failures": failures.iter().take(10).collect::<Vec<_>>(),
            "ok": ok,
        })
    );
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}
