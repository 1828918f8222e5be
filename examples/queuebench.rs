//! Benchmark tool for `scripts/queuebench.sh` (see BENCHMARKS.md, "Matchmaking, ratings and
//! the lobby"), against running servers. Three modes, each printing one JSON line:
//!
//! - `queue`: registers `--bots` bot accounts (spread over the servers of `--ports`, bot `i` on
//!   the `i % n`-th), then every bot posts `POST /v1/queue` for `--preset` (a four-seat preset)
//!   at once, with no house fill, and long-polls its inbox (`GET /v1/bots/me/events?wait=`)
//!   until its `seated` arrives. Measures the time from the first join sent to the last
//!   `seated` received, then checks: every bot seated exactly once (its whole inbox, read again
//!   a moment later, holds one `seated`), one game per four bots, each game's seats held by
//!   four distinct bots of ours (in the inboxes and in `GET /v1/games/{id}`), no bot in two
//!   games. Exits 1 if a check fails.
//! - `rated`: the Redis commands of a game's last move, rated (a matchmade game of the
//!   preset's own rules, the four bots queued for it) and unrated (a game the client made with
//!   a seed, one hand: `max_hands` 1), each between four bot accounts. A
//!   `MONITOR` connection to `--redis-port` records every command; the tool sends an `ECHO`
//!   marker before and after the last move, and counts the commands the servers sent in
//!   between (a script's own commands, `[0 lua]`, are left out: each line is a round trip).
//!   One game of each kind is played first, not counted (Redis learns the scripts).
//! - `lobby`: the same count around each of `--requests` lobby pages
//!   (`GET /v1/games?status=open`), after one not counted.
//!
//! ```sh
//! cargo run --release --example queuebench -- queue --ports 8080,8081 --bots 1000
//! cargo run --release --example queuebench -- rated --ports 8080 --redis-port 6379 --games 10
//! cargo run --release --example queuebench -- lobby --ports 8080 --redis-port 6379 --requests 20
//! ```
//!
//! The servers need `BOT_REGISTRATIONS_PER_HOUR=0` (no limit on registrations) and no request
//! rate limit.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::{Barrier, Semaphore};

type Error = Box<dyn std::error::Error + Send + Sync>;

struct Args {
    mode: String,
    ports: Vec<u16>,
    bots: usize,
    preset: String,
    redis_port: u16,
    games: usize,
    requests: usize,
}

fn args() -> Result<Args, Error> {
    let mut it = std::env::args().skip(1);
    let mode = it
        .next()
        .ok_or("usage: queuebench queue|rated|lobby [--flag value]...")?;
    let mut a = Args {
        mode,
        ports: vec![8080],
        bots: 1000,
        preset: "hasenpfeffer".into(),
        redis_port: 6379,
        games: 10,
        requests: 20,
    };
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--ports" => a.ports = value.split(',').map(str::parse).collect::<Result<_, _>>()?,
            "--bots" => a.bots = value.parse()?,
            "--preset" => a.preset = value,
            "--redis-port" => a.redis_port = value.parse()?,
            "--games" => a.games = value.parse()?,
            "--requests" => a.requests = value.parse()?,
            _ => return Err(format!("unknown flag {flag}").into()),
        }
    }
    Ok(a)
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

/// A name prefix no earlier run on the same store used (names are unique).
fn run_tag() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("qb{:x}", (nanos / 1_000) % 0xff_ffff_ffff)
}

struct Bot {
    name: String,
    key: String,
    base: String,
}

/// Registers `n` bots, 64 at a time, bot `i` on `bases[i % bases.len()]`.
async fn register(http: &reqwest::Client, bases: &[String], n: usize) -> Result<Vec<Bot>, Error> {
    let tag = run_tag();
    let gate = Arc::new(Semaphore::new(64));
    let tasks: Vec<_> = (0..n)
        .map(|i| {
            let (http, gate) = (http.clone(), gate.clone());
            let base = bases[i % bases.len()].clone();
            let name = format!("{tag}-{i}");
            tokio::spawn(async move {
                let _permit = gate.acquire().await?;
                let answer = send(
                    http.post(format!("{base}/v1/bots"))
                        .json(&json!({ "name": name })),
                )
                .await?;
                let key = answer["api_key"].as_str().ok_or("no api_key")?.to_owned();
                Ok::<_, Error>(Bot { name, key, base })
            })
        })
        .collect();
    let mut bots = Vec::with_capacity(n);
    for t in tasks {
        bots.push(t.await??);
    }
    Ok(bots)
}

/// Bot `bot`'s inbox entries after `after`, waiting up to `wait` seconds for one.
async fn inbox(
    http: &reqwest::Client,
    bot: &Bot,
    after: u64,
    wait: u64,
) -> Result<Vec<Value>, Error> {
    let page = send(
        http.get(format!(
            "{}/v1/bots/me/events?after={after}&wait={wait}",
            bot.base
        ))
        .header("Authorization", format!("Bot {}", bot.key))
        .header("Accept", "application/json"),
    )
    .await?;
    Ok(page.as_array().ok_or("the inbox is not an array")?.clone())
}

fn is_queue_seat(entry: &Value) -> bool {
    entry["type"] == "seated" && entry["via"]["type"] == "queue"
}

/// What one bot saw: when its join was sent and answered, when its `seated` came, and the
/// entry.
struct Seen {
    joined: Instant,
    answered: Instant,
    matched: bool,
    seated: Instant,
    entry: Value,
}

async fn queue_one(
    http: reqwest::Client,
    bot: Arc<Bot>,
    preset: String,
    start: Arc<Barrier>,
) -> Result<Seen, Error> {
    start.wait().await;
    let joined = Instant::now();
    let ticket = send(
        http.post(format!("{}/v1/queue", bot.base))
            .header("Authorization", format!("Bot {}", bot.key))
            .json(&json!({ "ruleset": { "preset": preset } })),
    )
    .await?;
    let answered = Instant::now();
    let mut after = 0;
    loop {
        let entries = inbox(&http, &bot, after, 30).await?;
        if let Some(e) = entries.iter().find(|e| is_queue_seat(e)) {
            return Ok(Seen {
                joined,
                answered,
                matched: ticket["status"] == "matched",
                seated: Instant::now(),
                entry: e.clone(),
            });
        }
        if let Some(last) = entries.last().and_then(|e| e["id"].as_u64()) {
            after = last;
        }
    }
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e5).round() / 100.0
}

/// The `q`-quantile (0 to 1) of sorted `xs`.
fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs[((xs.len() - 1) as f64 * q).round() as usize]
}

async fn queue_mode(a: &Args, http: &reqwest::Client, bases: &[String]) -> Result<bool, Error> {
    let seats = 4; // tables of four: `--preset` must be a four-seat preset
    let t = Instant::now();
    let bots: Vec<Arc<Bot>> = register(http, bases, a.bots)
        .await?
        .into_iter()
        .map(Arc::new)
        .collect();
    let register_secs = t.elapsed().as_secs_f64();
    let start = Arc::new(Barrier::new(bots.len()));
    let tasks: Vec<_> = bots
        .iter()
        .map(|b| {
            tokio::spawn(queue_one(
                http.clone(),
                b.clone(),
                a.preset.clone(),
                start.clone(),
            ))
        })
        .collect();
    let mut seen = Vec::with_capacity(bots.len());
    for t in tasks {
        seen.push(t.await??);
    }
    let first = seen.iter().map(|s| s.joined).min().ok_or("no bots")?;
    let last = seen.iter().map(|s| s.seated).max().ok_or("no bots")?;
    let mut join_ms: Vec<f64> = seen.iter().map(|s| ms(s.answered - s.joined)).collect();
    join_ms.sort_by(f64::total_cmp);
    let mut seated_ms: Vec<f64> = seen.iter().map(|s| ms(s.seated - first)).collect();
    seated_ms.sort_by(f64::total_cmp);
    let all_joined = seen.iter().map(|s| s.answered).max().ok_or("no bots")?;

    // The checks. A moment for a late second table (a sweeper's) to show, then every inbox
    // again in full.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut failures: Vec<String> = Vec::new();
    let mut games: BTreeMap<String, Vec<(u64, String)>> = BTreeMap::new();
    for (bot, s) in bots.iter().zip(&seen) {
        let all = inbox(http, bot, 0, 0).await?;
        let seated: Vec<&Value> = all.iter().filter(|e| is_queue_seat(e)).collect();
        if seated.len() != 1 {
            failures.push(format!("{} seated {} times", bot.name, seated.len()));
        }
        if seated.first().map(|e| &e["game_id"]) != Some(&s.entry["game_id"]) {
            failures.push(format!("{}: its inbox changed", bot.name));
        }
        for e in seated {
            let game = e["game_id"].as_str().ok_or("no game_id")?.to_owned();
            let seat = e["seat"].as_u64().ok_or("no seat")?;
            games
                .entry(game)
                .or_default()
                .push((seat, bot.name.clone()));
        }
    }
    let ours: HashSet<&str> = bots.iter().map(|b| b.name.as_str()).collect();
    let mut in_games: HashMap<String, usize> = HashMap::new();
    for (game, held) in &games {
        let seat_set: HashSet<u64> = held.iter().map(|(s, _)| *s).collect();
        let bot_set: HashSet<&str> = held.iter().map(|(_, b)| b.as_str()).collect();
        if held.len() != seats || seat_set.len() != seats || bot_set.len() != seats {
            failures.push(format!("game {game}: seats {held:?}"));
        }
        for (_, b) in held {
            *in_games.entry(b.clone()).or_default() += 1;
        }
        // The game's own seat list: the same bots, in the same seats.
        let view = send(http.get(format!("{}/v1/games/{game}", bases[0]))).await?;
        let listed: Vec<(u64, String)> = view["seats"]
            .as_array()
            .ok_or("no seats")?
            .iter()
            .map(|s| {
                (
                    s["seat"].as_u64().unwrap_or(99),
                    s["account"].as_str().unwrap_or("").to_owned(),
                )
            })
            .collect();
        let mut want = held.clone();
        want.sort();
        if listed != want || !listed.iter().all(|(_, b)| ours.contains(b.as_str())) {
            failures.push(format!("game {game}: lists {listed:?}, inboxes {want:?}"));
        }
    }
    let in_two = in_games.values().filter(|&&n| n > 1).count();
    if in_two > 0 {
        failures.push(format!("{in_two} bots in two games or more"));
    }
    if games.len() != bots.len() / seats {
        failures.push(format!(
            "{} games for {} bots ({} expected)",
            games.len(),
            bots.len(),
            bots.len() / seats
        ));
    }
    let per_replica: Vec<usize> = bases
        .iter()
        .map(|b| bots.iter().filter(|x| &x.base == b).count())
        .collect();
    println!(
        "{}",
        json!({
            "mode": "queue",
            "preset": a.preset,
            "bots": bots.len(),
            "replicas": bases.len(),
            "bots_per_replica": per_replica,
            "register_secs": (register_secs * 100.0).round() / 100.0,
            "first_join_to_last_seated_ms": ms(last - first),
            "first_join_to_last_join_answered_ms": ms(all_joined - first),
            "join_ms_p50": quantile(&join_ms, 0.5),
            "join_ms_p99": quantile(&join_ms, 0.99),
            "seated_after_first_join_ms_p50": quantile(&seated_ms, 0.5),
            "seated_after_first_join_ms_p99": quantile(&seated_ms, 0.99),
            "matched_in_join_answer": seen.iter().filter(|s| s.matched).count(),
            "games": games.len(),
            "bots_seated_once": bots.len() - failures.iter().filter(|f| f.contains(" seated ")).count(),
            "bots_in_two_games": in_two,
            "failures": failures.iter().take(10).collect::<Vec<_>>(),
            "ok": failures.is_empty(),
        })
    );
    Ok(failures.is_empty())
}

/// A `MONITOR` connection to Redis, and a second connection that sends `ECHO` markers.
struct Monitor {
    lines: Arc<Mutex<Vec<String>>>,
    marker: BufReader<TcpStream>,
    /// The marker connection as `MONITOR` names it (`127.0.0.1:<port>`).
    marker_addr: String,
}

/// One command of a `MONITOR` line: its client, and its name (for a script, `EVALSHA` or
/// `EVAL`, with its first key, the ids in it written `*`).
fn parse_monitor(line: &str) -> Option<(&str, String)> {
    let rest = line.split_once(" [")?.1;
    let (client, cmd) = rest.split_once("] ")?;
    let client = client.split_once(' ').map_or(client, |(_db, c)| c);
    let mut args = cmd.split('"').skip(1).step_by(2);
    let name = args.next()?.to_ascii_uppercase();
    if name != "EVALSHA" && name != "EVAL" {
        return Some((client, name));
    }
    let Some(key) = args.nth(2) else {
        return Some((client, name));
    };
    let general: Vec<String> = key
        .split(':')
        .map(|part| {
            let inner = part.trim_start_matches('{').trim_end_matches('}');
            if inner.len() >= 12 || inner.starts_with("qb") {
                part.replace(inner, "*")
            } else {
                part.to_owned()
            }
        })
        .collect();
    Some((client, format!("{name} {}", general.join(":"))))
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
        let marker = TcpStream::connect(("127.0.0.1", port)).await?;
        let marker_addr = marker.local_addr()?.to_string();
        Ok(Monitor {
            lines,
            marker: BufReader::new(marker),
            marker_addr,
        })
    }

    /// Sends marker `label` and waits until `MONITOR` has shown it.
    async fn mark(&mut self, label: &str) -> Result<(), Error> {
        self.marker
            .get_mut()
            .write_all(format!("ECHO {label}\r\n").as_bytes())
            .await?;
        let mut reply = String::new();
        self.marker.read_line(&mut reply).await?; // $<len>
        self.marker.read_line(&mut reply).await?; // the label
        let needle = format!("\"{label}\"");
        for _ in 0..500 {
            if self
                .lines
                .lock()
                .expect("lines")
                .iter()
                .rev()
                .any(|l| l.ends_with(&needle))
            {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        Err(format!("marker {label} not seen by MONITOR").into())
    }

    /// The commands clients other than the marker sent between markers `from` and `to` (not
    /// the scripts' own commands): each a round trip. Clears what was recorded.
    fn between(&self, from: &str, to: &str) -> Vec<String> {
        let mut lines = self.lines.lock().expect("lines");
        let (a, b) = (format!("\"{from}\""), format!("\"{to}\""));
        let start = lines.iter().rposition(|l| l.ends_with(&a));
        let end = lines.iter().rposition(|l| l.ends_with(&b));
        let out = match (start, end) {
            (Some(s), Some(e)) if s < e => lines[s + 1..e]
                .iter()
                .filter_map(|l| parse_monitor(l))
                .filter(|(client, _)| *client != "lua" && *client != self.marker_addr)
                .map(|(_, name)| name)
                .collect(),
            _ => Vec::new(),
        };
        lines.clear();
        out
    }
}

/// A summary of round-trip counts: min, median, max, and the commands of a median run and of
/// the longest.
fn summary(runs: &[Vec<String>]) -> Value {
    let mut counts: Vec<usize> = runs.iter().map(Vec::len).collect();
    counts.sort_unstable();
    let median = counts.get(counts.len() / 2).copied().unwrap_or(0);
    let example = runs.iter().find(|r| r.len() == median).cloned();
    let most = runs.iter().max_by_key(|r| r.len()).cloned();
    json!({
        "runs": runs.len(),
        "round_trips_min": counts.first(),
        "round_trips_median": median,
        "round_trips_max": counts.last(),
        "commands_of_a_median_run": example,
        "commands_of_the_longest_run": most,
        "all_counts": runs.iter().map(Vec::len).collect::<Vec<_>>(),
    })
}

/// Plays one game between `bots` to its end, every move from here; answers the commands of its
/// last move. `seed`: an unrated game of one hand the client makes (bot `i` in seat `i`);
/// none: a rated game the four bots queue for (the preset's own rules: a whole game).
async fn play_game(
    http: &reqwest::Client,
    base: &str,
    bots: &[Bot],
    seed: Option<u64>,
    mon: &mut Monitor,
    label: &str,
) -> Result<Vec<String>, Error> {
    let (id, tokens) = match seed {
        Some(s) => seeded_game(http, base, bots, s).await?,
        None => queued_game(http, base, bots).await?,
    };
    let url = format!("{base}/v1/games/{id}");
    play_to_the_end(http, &url, &tokens, mon, label).await
}

/// The four bots queue for hasenpfeffer: their game's id and each seat's token (from the
/// bots' inboxes).
async fn queued_game(
    http: &reqwest::Client,
    base: &str,
    bots: &[Bot],
) -> Result<(String, Vec<String>), Error> {
    let events = |bot: &Bot| {
        send(
            http.get(format!("{base}/v1/bots/me/events?after=0"))
                .header("Accept", "application/json")
                .header("Authorization", format!("Bot {}", bot.key)),
        )
    };
    let mut seen = Vec::new();
    for bot in bots {
        seen.push(events(bot).await?.as_array().map_or(0, Vec::len));
    }
    for bot in bots {
        send(
            http.post(format!("{base}/v1/queue"))
                .header("Authorization", format!("Bot {}", bot.key))
                .json(&json!({"ruleset": {"preset": "hasenpfeffer"}})),
        )
        .await?;
    }
    let mut tokens = vec![String::new(); bots.len()];
    let mut id = String::new();
    for (bot, seen) in bots.iter().zip(seen) {
        let started = std::time::Instant::now();
        loop {
            let all = events(bot).await?;
            let seated = all
                .as_array()
                .into_iter()
                .flatten()
                .skip(seen)
                .find(|e| e["type"] == "seated");
            if let Some(e) = seated {
                id = e["game_id"].as_str().ok_or("no game_id")?.to_owned();
                let seat = e["seat"].as_u64().ok_or("no seat")? as usize;
                tokens[seat] = e["token"].as_str().ok_or("no token")?.to_owned();
                break;
            }
            if started.elapsed() > Duration::from_secs(10) {
                return Err("the queue formed no table".into());
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    Ok((id, tokens))
}

/// A game of one hand from `seed` the client makes, bot `i` claiming seat `i`: its id and each
/// seat's token.
async fn seeded_game(
    http: &reqwest::Client,
    base: &str,
    bots: &[Bot],
    seed: u64,
) -> Result<(String, Vec<String>), Error> {
    let open = json!({"kind": "open"});
    let mut body = json!({
        "ruleset": {"preset": "hasenpfeffer", "max_hands": 1},
        "seats": [open, open, open, open],
    });
    body["seed"] = json!(seed);
    let created = send(http.post(format!("{base}/v1/games")).json(&body)).await?;
    if created["ranked_eligible"] != json!(false) {
        return Err(format!("ranked_eligible is {}", created["ranked_eligible"]).into());
    }
    let id = created["game_id"].as_str().ok_or("no game_id")?;
    let url = format!("{base}/v1/games/{id}");
    let mut tokens = Vec::new();
    for (s, bot) in bots.iter().enumerate() {
        let claimed = send(
            http.post(format!("{url}/seats"))
                .header("Authorization", format!("Bot {}", bot.key))
                .json(&json!({ "seat": s })),
        )
        .await?;
        tokens.push(claimed["token"].as_str().ok_or("no token")?.to_owned());
    }
    Ok((id.to_owned(), tokens))
}

/// Plays the game at `url` to its end with every seat's token, each seat's first legal action
/// that is not a pass; answers the Redis commands of its last move.
async fn play_to_the_end(
    http: &reqwest::Client,
    url: &str,
    tokens: &[String],
    mon: &mut Monitor,
    label: &str,
) -> Result<Vec<String>, Error> {
    let mut turn = 0usize;
    for n in 0.. {
        let view = send(http.get(url).bearer_auth(&tokens[turn])).await?;
        if view["phase"] == "game_over" {
            return Err("the game ended before a move of ours".into());
        }
        let Some(t) = view["turn"].as_u64() else {
            return Err(format!("no turn: {view}").into());
        };
        if t as usize != turn {
            turn = t as usize;
            continue;
        }
        let legal = view["legal_actions"].as_array().ok_or("no legal_actions")?;
        let action = legal
            .iter()
            .find(|a| a["type"] != "pass")
            .or_else(|| legal.first())
            .ok_or("no legal action on my turn")?;
        let before = format!("{label}-{n}-before");
        mon.mark(&before).await?;
        let answer = send(
            http.post(format!("{url}/actions"))
                .bearer_auth(&tokens[turn])
                .json(action),
        )
        .await?;
        if answer["phase"] == "game_over" {
            let after = format!("{label}-{n}-after");
            mon.mark(&after).await?;
            return Ok(mon.between(&before, &after));
        }
        if let Some(t) = answer["turn"].as_u64() {
            turn = t as usize;
        }
    }
    unreachable!()
}

async fn rated_mode(a: &Args, http: &reqwest::Client, bases: &[String]) -> Result<bool, Error> {
    let bots = register(http, &bases[..1], 4).await?;
    let mut mon = Monitor::start(a.redis_port).await?;
    // Warm-up, not counted: the first call of each script on a Redis server is answered
    // NOSCRIPT and sent again in full (EVAL), one more round trip per script.
    play_game(http, &bases[0], &bots, None, &mut mon, "wr").await?;
    play_game(http, &bases[0], &bots, Some(999), &mut mon, "wu").await?;
    let (mut rated, mut unrated) = (Vec::new(), Vec::new());
    // Alternated, so that the machine's drift falls on both alike.
    for g in 0..a.games {
        rated.push(play_game(http, &bases[0], &bots, None, &mut mon, &format!("r{g}")).await?);
        let seed = Some(1_000 + g as u64);
        unrated.push(play_game(http, &bases[0], &bots, seed, &mut mon, &format!("u{g}")).await?);
    }
    // The rated games counted once each in every bot's rating.
    let profile = send(http.get(format!("{}/v1/bots/{}", bases[0], bots[0].name))).await?;
    let rated_games = profile["ratings"]
        .as_array()
        .and_then(|r| r.iter().find(|x| x["pool"] == "hasenpfeffer-4"))
        .and_then(|r| r["games"].as_u64());
    let ok = rated_games == Some(a.games as u64 + 1); // and the warm-up
    println!(
        "{}",
        json!({
            "mode": "rated",
            "last_move_rated": summary(&rated),
            "last_move_unrated": summary(&unrated),
            "rated_games_in_profile": rated_games,
            "profile": profile["ratings"],
            "ok": ok,
        })
    );
    Ok(ok)
}

async fn lobby_mode(a: &Args, http: &reqwest::Client, bases: &[String]) -> Result<bool, Error> {
    let mut mon = Monitor::start(a.redis_port).await?;
    let mut runs = Vec::new();
    let mut listed = 0;
    for i in 0..=a.requests {
        let (before, after) = (format!("l{i}-before"), format!("l{i}-after"));
        mon.mark(&before).await?;
        let page = send(http.get(format!("{}/v1/games?status=open", bases[0]))).await?;
        mon.mark(&after).await?;
        if i == 0 {
            mon.between(&before, &after); // warm-up, not counted
            continue;
        }
        runs.push(mon.between(&before, &after));
        listed = page["games"].as_array().map_or(0, Vec::len);
    }
    println!(
        "{}",
        json!({"mode": "lobby", "games_on_a_page": listed, "page": summary(&runs)})
    );
    Ok(listed > 0)
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let a = args()?;
    let bases: Vec<String> = a
        .ports
        .iter()
        .map(|p| format!("http://127.0.0.1:{p}"))
        .collect();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .pool_max_idle_per_host(a.bots.max(64))
        .build()?;
    let ok = match a.mode.as_str() {
        "queue" => queue_mode(&a, &http, &bases).await?,
        "rated" => rated_mode(&a, &http, &bases).await?,
        "lobby" => lobby_mode(&a, &http, &bases).await?,
        m => return Err(format!("unknown mode {m} (queue, rated or lobby)").into()),
    };
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}
