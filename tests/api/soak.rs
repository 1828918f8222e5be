//! Soak: hundreds of concurrent games on Redis, played to the end by concurrent clients that
//! follow their games by long polling, through two server processes. Zero server errors, and
//! every game ends with a valid score. Ignored by default; `scripts/soak.sh SECONDS` runs it.
//!
//! Settings (environment): `SOAK_SECS` (how long new games are started, default 30),
//! `SOAK_GAMES` (games in play at once, default 200), `SOAK_REPLICAS` (server processes, default
//! 2).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use hasenpfeffer::store::testing::TestRedis;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::harness::ChildServer;
use crate::helpers::{TestApp, check_log, choose};

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Default)]
struct Stats {
    requests: AtomicU64,
    actions: AtomicU64,
    server_errors: AtomicU64,
    unexpected: AtomicU64,
    retries: AtomicU64,
    games: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    problems: Mutex<BTreeMap<String, u64>>,
}

impl Stats {
    async fn answer(&self, status: u16, what: &str) {
        self.requests.fetch_add(1, Ordering::Relaxed);
        if status >= 500 {
            self.server_errors.fetch_add(1, Ordering::Relaxed);
        }
        if status >= 400 {
            *self
                .problems
                .lock()
                .await
                .entry(format!("{what} {status}"))
                .or_default() += 1;
        }
    }
}

/// The presets played, with short games.
fn create_body(i: u64) -> Value {
    let ruleset = match i % 7 {
        0 => json!({"preset": "hasenpfeffer", "target_score": 5}),
        1 => json!({"preset": "hasenpfeffer-open", "target_score": 5}),
        2 => json!({"preset": "pepper", "target_score": 10}),
        3 => json!({"preset": "euchre", "target_score": 5}),
        4 => json!({"preset": "bacon", "target_score": 5}),
        5 => json!({"preset": "five-hundred", "target_score": 200}),
        _ => json!({"preset": "double-hasenpfeffer", "target_score": 10}),
    };
    json!({
        "seed": i,
        "ruleset": ruleset,
        "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"},
                  {"kind": "open"}, {"kind": "bot", "strategy": "heuristic"}],
    })
}

/// Sends a request, again (up to 3 times) if the connection was closed before an answer came:
/// a pooled keep-alive connection that the server closed as the request went out. Counted.
async fn send(stats: &Stats, request: impl Fn() -> reqwest::RequestBuilder) -> reqwest::Response {
    let mut attempt = 0;
    loop {
        match request().send().await {
            Ok(res) => return res,
            Err(e) if attempt < 3 && (e.is_request() || e.is_connect()) => {
                attempt += 1;
                stats.retries.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => panic!("a request failed {} times: {e:?}", attempt + 1),
        }
    }
}

/// One client: follows game `id` as `seat` by long polling and plays its turns to the end.
async fn client(
    app: Arc<Vec<TestApp>>,
    id: String,
    seat: usize,
    token: String,
    stats: Arc<Stats>,
    seed: u64,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut version = 0u64;
    loop {
        let server = &app[rng.random_range(0..app.len())];
        let url = server.url(&format!(
            "/v1/games/{id}?wait_for_version={version}&wait_ms=10000"
        ));
        let res = send(&stats, || server.client.get(&url).bearer_auth(&token)).await;
        let status = res.status().as_u16();
        stats.answer(status, "poll").await;
        if status != 200 {
            stats.unexpected.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        let view: Value = res.json().await.expect("view");
        version = view["version"].as_u64().expect("version");
        if view["phase"] == "game_over" {
            return;
        }
        if view["turn"].as_u64() != Some(seat as u64) {
            continue;
        }
        let action = choose(&view, &mut rng);
        let server = &app[rng.random_range(0..app.len())];
        let start = Instant::now();
        let url = server.url(&format!("/v1/games/{id}/actions"));
        // A retry after a dropped connection is safe: the key makes it answer what the first
        // attempt did, if that one was applied.
        let key = format!("{seat}-{version}");
        let res = send(&stats, || {
            server
                .client
                .post(&url)
                .bearer_auth(&token)
                .header("if-match", format!("\"{version}\""))
                .header("idempotency-key", key.as_str())
                .json(&action)
        })
        .await;
        let took = start.elapsed();
        let status = res.status().as_u16();
        stats.answer(status, "action").await;
        if status == 200 {
            stats.actions.fetch_add(1, Ordering::Relaxed);
            stats
                .latencies_us
                .lock()
                .await
                .push(took.as_micros() as u64);
            let after: Value = res.json().await.expect("view");
            assert_eq!(
                after["version"].as_u64(),
                Some(version + 1),
                "one move, one version"
            );
            // The next poll asks for anything after the version we acted on, so it answers at
            // once: after the house players' answers it may be our turn again.
        } else {
            stats.unexpected.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Plays one game to the end with two clients; checks its end.
async fn play_one(app: Arc<Vec<TestApp>>, i: u64, stats: Arc<Stats>) {
    let server = &app[(i as usize) % app.len()];
    let res = server.create(&create_body(i)).await;
    stats.answer(res.status().as_u16(), "create").await;
    assert_eq!(res.status(), 201);
    let id = res.json::<Value>().await.expect("created")["game_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let mut tokens = BTreeMap::new();
    for seat in [0usize, 2] {
        let res = app[seat % app.len()]
            .claim(
                &id,
                Some(&json!({"seat": seat, "name": format!("soak {seat}")})),
            )
            .await;
        stats.answer(res.status().as_u16(), "claim").await;
        assert_eq!(res.status(), 201);
        let body: Value = res.json().await.expect("claimed");
        tokens.insert(seat, body["token"].as_str().expect("token").to_owned());
    }
    let clients: Vec<_> = tokens
        .into_iter()
        .map(|(seat, token)| {
            tokio::spawn(client(
                app.clone(),
                id.clone(),
                seat,
                token,
                stats.clone(),
                i * 10 + seat as u64,
            ))
        })
        .collect();
    for c in clients {
        c.await.expect("client");
    }
    let last = app[0].view(&id, None).await;
    assert_eq!(last["phase"], "game_over");
    let winner = &last["winner"];
    let draw = last["draw"].as_bool().expect("draw");
    assert!((winner == 0 || winner == 1) != draw, "a winner or a draw");
    check_log(&app[1 % app.len()].log(&id).await, &last);
    stats.games.fetch_add(1, Ordering::Relaxed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "soak test: run it with scripts/soak.sh SECONDS"]
async fn soak() {
    let secs = setting("SOAK_SECS", 30);
    let slots = setting("SOAK_GAMES", 200);
    let replicas = setting("SOAK_REPLICAS", 2) as usize;
    let (redis, servers) = tokio::task::spawn_blocking(move || {
        let redis = TestRedis::start();
        let url = redis.url();
        let servers: Vec<ChildServer> = (0..replicas)
            .map(|_| {
                ChildServer::start(&[
                    ("REDIS_URL", url.as_str()),
                    // Every game's long poll comes from this one address: no cap per client.
                    ("STREAMS_PER_CLIENT", "0"),
                    // The "listening" line (with the port) is at info.
                    ("RUST_LOG", "warn,hasenpfeffer=info,hasenpfeffer::api=warn"),
                ])
            })
            .collect();
        (redis, servers)
    })
    .await
    .expect("start");
    let apps: Arc<Vec<TestApp>> = Arc::new(
        servers
            .iter()
            .map(|s| TestApp::at(s.base.clone(), None))
            .collect(),
    );
    let stats = Arc::new(Stats::default());
    let start = Instant::now();
    let until = start + Duration::from_secs(secs);
    let next = Arc::new(AtomicU64::new(0));
    let workers: Vec<_> = (0..slots)
        .map(|_| {
            let apps = apps.clone();
            let stats = stats.clone();
            let next = next.clone();
            tokio::spawn(async move {
                while Instant::now() < until {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    play_one(apps.clone(), i, stats.clone()).await;
                }
            })
        })
        .collect();
    for w in workers {
        w.await.expect("a game slot");
    }
    let elapsed = start.elapsed();
    let mut lat = stats.latencies_us.lock().await.clone();
    lat.sort_unstable();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0)
    };
    let games = stats.games.load(Ordering::Relaxed);
    let requests = stats.requests.load(Ordering::Relaxed);
    let errors = stats.server_errors.load(Ordering::Relaxed);
    let summary = format!(
        "soak: {secs} s of new games ({:.1} s in all), {slots} games at once, {replicas} replicas on one Redis: \
         {games} games finished, {} client actions, {requests} requests ({:.0}/s), \
         {errors} server errors, {} unexpected answers {:?}, {} requests resent after a dropped \
         keep-alive connection; action latency p50 {} ms, p99 {} ms, max {} ms",
        elapsed.as_secs_f64(),
        stats.actions.load(Ordering::Relaxed),
        requests as f64 / elapsed.as_secs_f64(),
        stats.unexpected.load(Ordering::Relaxed),
        stats.problems.lock().await,
        stats.retries.load(Ordering::Relaxed),
        pct(0.5) / 1000,
        pct(0.99) / 1000,
        lat.last().copied().unwrap_or(0) / 1000,
    );
    eprintln!("{summary}");
    for s in &servers {
        let out = s.output();
        assert!(
            !out.contains("\"level\":\"ERROR\""),
            "a server logged an error:\n{out}"
        );
    }
    assert_eq!(errors, 0, "{summary}");
    assert_eq!(stats.unexpected.load(Ordering::Relaxed), 0, "{summary}");
    assert!(
        games >= slots,
        "every slot finished at least one game: {summary}"
    );
    drop(servers);
    drop(redis);
}
