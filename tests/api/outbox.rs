//! Nothing lost after the write: what follows a game's end (its rating, its bots' `game_over`
//! entries) and a bot's seat (its `seated` entry, the game on its profile) is applied exactly
//! once, although every move is sent by a client that hangs up at once and Redis is stalled and
//! its connections dropped right when the games end; and a queued bot ends seated and told,
//! once, when the join that forms its table hangs up and Redis fails as the table forms. On memory, on one Redis server and on a
//! Redis Cluster, the server reaching Redis through a fault-injecting proxy.

use std::time::{Duration, Instant};

use hasenpfeffer::Application;
use hasenpfeffer::config::Config;
use hasenpfeffer::store::fault_proxy::FaultProxy;
use hasenpfeffer::store::testing::{TestRedis, TestRedisCluster, cluster_url};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

use crate::bots::register_ok;
use crate::helpers::{TestApp, choose};

/// How many games each run plays.
const GAMES: usize = 4;

/// Starts a server on `redis_url` (None: memory), with the test settings of `helpers`.
async fn serve(redis_url: Option<String>) -> TestApp {
    let config = Config {
        port: 0,
        bind_addr: "127.0.0.1".into(),
        workers: Some(2),
        redis_url,
        rate_limit_per_sec: 0,
        bot_registrations_per_hour: 1_000,
        store_timeout: Duration::from_millis(500),
        ..Config::default()
    };
    let app = Application::build(config).await.expect("the server starts");
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp::at(base, None)
}

/// Sends `action` for `token` and closes the connection as soon as the request is written,
/// without reading a byte of the answer.
async fn act_and_hang_up(app: &TestApp, id: &str, token: &str, action: &Value) {
    let path = format!("/v1/games/{id}/actions");
    post_and_hang_up(app, &path, &format!("Bearer {token}"), action).await;
}

/// `POST path` with `authorization` and the JSON `body`, closing the connection as soon as the
/// request is written.
async fn post_and_hang_up(app: &TestApp, path: &str, authorization: &str, body: &Value) {
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: {authorization}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", app.port()))
        .await
        .expect("connect");
    stream.write_all(request.as_bytes()).await.expect("send");
    drop(stream);
}

/// The faults a run injects when a game ends: none (memory), or on the proxies to Redis.
enum Faults {
    None,
    Proxies(Vec<FaultProxy>),
}

impl Faults {
    /// Called right after the move that ended game `n` was sent.
    async fn game_ended(&self, n: usize) {
        let Faults::Proxies(proxies) = self else {
            return;
        };
        let proxy = &proxies[n % proxies.len()];
        match n % 3 {
            // A stall longer than the store's time limit, then the connections dropped.
            0 => {
                proxy.stall();
                tokio::time::sleep(Duration::from_millis(800)).await;
                proxy.drop_connections();
                proxy.resume();
            }
            // The connections dropped.
            1 => {
                proxy.drop_connections();
            }
            // The next reply cut in the middle.
            _ => proxy.cut_next_reply(),
        }
    }
}

/// `GET path` as the bot `key`, again while the store is unavailable (503: a fault of the
/// test's own making), answering the JSON.
async fn read_as(app: &TestApp, key: &str, path: &str) -> Value {
    let started = Instant::now();
    loop {
        let res = app
            .client
            .get(app.url(path))
            .header("authorization", format!("Bot {key}"))
            .header("accept", "application/json")
            .send()
            .await
            .expect("sent");
        if res.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE
            && started.elapsed() < Duration::from_secs(10)
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        assert!(res.status().is_success(), "{path}: {}", res.status());
        return res.json().await.expect("JSON");
    }
}

/// The bot's inbox, every entry.
async fn inbox(app: &TestApp, key: &str) -> Vec<Value> {
    serde_json::from_value(read_as(app, key, "/v1/bots/me/events?after=0").await).expect("entries")
}

/// Plays [`GAMES`] rated games of euchre between two bots (by an accepted challenge) and two
/// house players, every move sent by a
/// client that hangs up, `faults` injected at each end; then checks every effect landed once.
async fn effects_land_once(app: &TestApp, faults: &Faults, tag: &str) {
    let (a, b) = (format!("outbox-a-{tag}"), format!("outbox-b-{tag}"));
    let (ka, kb) = (register_ok(app, &a).await, register_ok(app, &b).await);
    let mut rng = SmallRng::seed_from_u64(37);
    let mut ids = Vec::new();
    for n in 0..GAMES {
        // A rated game: a challenge, accepted (a game a client makes is not rated).
        let (id, tokens) = crate::fairplay::accepted_game(app, (&ka, &a), (&kb, &b)).await;
        let started = Instant::now();
        let mut resent = 0;
        loop {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "game {id} ends ({resent} moves sent again)"
            );
            let view = app.view(&id, None).await;
            if view["status"] == "finished" {
                break;
            }
            // The bots' seats only (house players move on the server).
            let Some((_, token)) = view["turn"]
                .as_u64()
                .and_then(|turn| tokens.iter().find(|(s, _)| *s == turn))
            else {
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            };
            let mine = app.view(&id, Some(token)).await;
            let version = mine["version"].as_u64().expect("version");
            let action = choose(&mine, &mut rng);
            act_and_hang_up(app, &id, token, &action).await;
            // The move landed, or was lost with its connection: then the bot sends it again
            // and reads the answer (refused if the first one landed after all).
            let sent = Instant::now();
            while app.version(&id).await == version && sent.elapsed() < Duration::from_millis(300) {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            if app.version(&id).await == version {
                resent += 1;
                let _ = app.act(&id, token, "actions", &action).await;
            }
            if app.view(&id, None).await["status"] == "finished" {
                faults.game_ended(n).await;
            }
        }
        eprintln!(
            "{tag}: game {id} ended in {:?}, {resent} moves sent again after a hang-up lost them",
            started.elapsed()
        );
        ids.push(id);
    }
    // Within a few leases everything is there, once.
    let started = Instant::now();
    loop {
        let mut missing = Vec::new();
        for (name, key) in [(&a, &ka), (&b, &kb)] {
            let entries = inbox(app, key).await;
            for id in &ids {
                for kind in ["seated", "game_over"] {
                    let n = entries
                        .iter()
                        .filter(|e| e["type"] == kind && e["game_id"] == id.as_str())
                        .count();
                    assert!(n <= 1, "{name}: {n} {kind} entries for {id}: {entries:?}");
                    if n == 0 {
                        missing.push(format!("{name} {kind} {id}"));
                    }
                }
            }
            let profile = app.get(&format!("/v1/bots/{name}")).await;
            let profile: Value = profile.json().await.expect("profile");
            let games = profile["games_played"].as_u64().expect("games_played");
            assert!(games <= GAMES as u64, "{profile}");
            if games < GAMES as u64 {
                missing.push(format!("{name} has {games} games"));
            }
            let rated = profile["ratings"]
                .as_array()
                .expect("ratings")
                .iter()
                .find(|r| r["preset"] == "euchre")
                .map_or(0, |r| r["games"].as_u64().expect("games"));
            assert!(
                rated <= GAMES as u64,
                "{name} rated {rated} times: {profile}"
            );
            if rated < GAMES as u64 {
                missing.push(format!("{name} rated {rated} times"));
            }
        }
        if missing.is_empty() {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "effects missing after 20 s: {missing:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The bot's tickets still waiting.
async fn waiting(app: &TestApp, key: &str) -> usize {
    read_as(app, key, "/v1/queue").await["tickets"]
        .as_array()
        .expect("tickets")
        .iter()
        .filter(|t| t["status"] == "waiting")
        .count()
}

/// Rounds of four bots queueing for a table, the fourth join sent by a client that hangs up
/// and a fault injected at once (the take and the table's creation follow that join): each
/// bot ends seated at the one table and told so exactly once, and waits nowhere. A join lost
/// with its connection is sent again, as a bot whose request went unanswered does.
async fn tables_form_once(app: &TestApp, faults: &Faults, tag: &str) {
    let body = json!({"ruleset": {"preset": "euchre"}});
    for round in 0..3 {
        let names: Vec<String> = (0..4).map(|i| format!("q-{tag}-{round}-{i}")).collect();
        let mut keys = Vec::new();
        for n in &names {
            keys.push(register_ok(app, n).await);
        }
        for key in &keys[..3] {
            crate::queue::join(app, key, &body).await;
        }
        post_and_hang_up(app, "/v1/queue", &format!("Bot {}", keys[3]), &body).await;
        faults.game_ended(round).await;
        let started = Instant::now();
        let mut resent = false;
        loop {
            let mut games = Vec::new();
            let mut waiting_now = 0;
            for key in &keys {
                let seated: Vec<String> = inbox(app, key)
                    .await
                    .iter()
                    .filter(|e| e["type"] == "seated")
                    .map(|e| e["game_id"].as_str().expect("game").to_owned())
                    .collect();
                assert!(seated.len() <= 1, "seated twice: {seated:?}");
                games.extend(seated);
                waiting_now += waiting(app, key).await;
            }
            if games.len() == 4 {
                assert!(games.iter().all(|g| *g == games[0]), "one table: {games:?}");
                assert_eq!(waiting_now, 0, "seated bots wait nowhere");
                let view = app.view(&games[0], None).await;
                let mut accounts: Vec<String> = view["seats"]
                    .as_array()
                    .expect("seats")
                    .iter()
                    .map(|s| s["account"].as_str().expect("an account").to_owned())
                    .collect();
                accounts.sort();
                let mut want = names.clone();
                want.sort();
                assert_eq!(accounts, want);
                break;
            }
            if !resent
                && games.is_empty()
                && waiting_now == 3
                && started.elapsed() > Duration::from_secs(2)
            {
                // The fourth join was lost with its connection: the bot sends it again.
                crate::queue::join(app, &keys[3], &body).await;
                resent = true;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "round {round}: {} told, {waiting_now} waiting",
                games.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn effects_land_once_on_memory() {
    let app = serve(None).await;
    effects_land_once(&app, &Faults::None, "m").await;
    tables_form_once(&app, &Faults::None, "m").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn effects_land_once_through_redis_faults() {
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("redis");
    let proxy = FaultProxy::start(format!("127.0.0.1:{}", redis.port()).parse().expect("addr"));
    let app = serve(Some(proxy.url())).await;
    let faults = Faults::Proxies(vec![proxy]);
    effects_land_once(&app, &faults, "r").await;
    tables_form_once(&app, &faults, "r").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn effects_land_once_through_cluster_faults() {
    let (cluster, proxies) =
        tokio::task::spawn_blocking(|| TestRedisCluster::start_behind_proxies(3))
            .await
            .expect("cluster");
    let app = serve(Some(cluster_url(&proxies))).await;
    let faults = Faults::Proxies(proxies);
    effects_land_once(&app, &faults, "c").await;
    tables_form_once(&app, &faults, "c").await;
    drop(cluster);
}
