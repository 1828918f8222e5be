//! Faults: Redis killed, frozen and restarted under a running server, and SIGTERM during load.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use hasenpfeffer::store::testing::TestRedis;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::harness::{ChildServer, Next, Sse, next_move, spawn_replicas, started_game, step};
use crate::helpers::{TestApp, assert_problem, choose, header};

/// The longest a request may take while the store is away.
const BOUND: Duration = Duration::from_secs(3);

/// Every kind of request the store serves, against game `id`: each must answer a 503
/// `store_unavailable` problem with `Retry-After`, within [`BOUND`].
async fn all_unavailable(app: &TestApp, id: &str, token: &str) {
    let action = json!({"type": "pass"});
    let requests = vec![
        ("view", app.client.get(app.url(&format!("/v1/games/{id}")))),
        (
            "seat view",
            app.client
                .get(app.url(&format!("/v1/games/{id}")))
                .bearer_auth(token),
        ),
        (
            "long poll",
            app.client
                .get(app.url(&format!("/v1/games/{id}?wait_for_version=1&wait_ms=10000"))),
        ),
        (
            "action",
            app.client
                .post(app.url(&format!("/v1/games/{id}/actions")))
                .bearer_auth(token)
                .json(&action),
        ),
        (
            "keyed action",
            app.client
                .post(app.url(&format!("/v1/games/{id}/bid")))
                .bearer_auth(token)
                .header("idempotency-key", "during-outage")
                .json(&action),
        ),
        (
            "create",
            app.client.post(app.url("/v1/games")).json(&json!({})),
        ),
        (
            "claim",
            app.client
                .post(app.url(&format!("/v1/games/{id}/seats")))
                .json(&json!({})),
        ),
        (
            "log",
            app.client.get(app.url(&format!("/v1/games/{id}/log"))),
        ),
        (
            "events",
            app.client.get(app.url(&format!("/v1/games/{id}/events"))),
        ),
    ];
    let answers = join_all(requests.into_iter().map(|(what, req)| async move {
        let start = Instant::now();
        let res = req
            .send()
            .await
            .expect("an answer, not a dropped connection");
        (what, start.elapsed(), res)
    }))
    .await;
    let slowest = answers.iter().map(|(_, took, _)| *took).max();
    eprintln!(
        "store away: the slowest of {} requests answered 503 in {slowest:?}",
        answers.len()
    );
    for (what, took, res) in answers {
        assert!(took < BOUND, "{what} took {took:?} while Redis was away");
        let (status, retry) = (res.status(), header(&res, reqwest::header::RETRY_AFTER));
        if status != StatusCode::SERVICE_UNAVAILABLE || retry != "1" {
            let body = res.text().await.unwrap_or_default();
            panic!("{what}: {status}, Retry-After {retry:?}, while Redis was away: {body}");
        }
        assert_problem(res, 503, "store_unavailable").await;
    }
    let start = Instant::now();
    assert_problem(app.get("/readyz").await, 503, "store_unavailable").await;
    assert!(start.elapsed() < BOUND);
    let res = app.get("/healthz").await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "liveness does not depend on Redis"
    );
}

/// Waits until `/readyz` answers 200 again; answers how long it took.
async fn ready_again(app: &TestApp, limit: Duration) -> Duration {
    let start = Instant::now();
    loop {
        if app.get("/readyz").await.status() == StatusCode::OK {
            return start.elapsed();
        }
        assert!(start.elapsed() < limit, "the service did not recover");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Redis (with persistence on) is killed in the middle of a game: every request answers a 503
/// problem quickly, liveness stays up and readiness fails; once Redis is back the same server
/// recovers by itself and the game goes on from the last acknowledged move. An event stream
/// opened before the outage delivers the moves made after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_killed_and_restarted() {
    let mut redis = tokio::task::spawn_blocking(TestRedis::start_persistent)
        .await
        .expect("redis");
    let bases = spawn_replicas(1, &redis.url(), |_| {}).await;
    let app = TestApp::at(bases[0].clone(), None);
    let (id, tokens) = started_game(&app, json!({"seed": 71})).await;
    let mut rng = SmallRng::seed_from_u64(71);
    let mut acknowledged = 0;
    for _ in 0..12 {
        acknowledged = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    }
    let before = app.view(&id, Some(&tokens[0])).await;
    let mut sse = Sse::open(&app, &id, None, Some(acknowledged)).await;

    redis = tokio::task::spawn_blocking(move || {
        redis.kill();
        redis
    })
    .await
    .expect("kill");
    all_unavailable(&app, &id, &tokens[0]).await;
    // Again, a little later (the client may have noticed by now).
    tokio::time::sleep(Duration::from_millis(500)).await;
    all_unavailable(&app, &id, &tokens[1]).await;

    let restart = Instant::now();
    redis = tokio::task::spawn_blocking(move || {
        redis.restart();
        redis
    })
    .await
    .expect("restart");
    let recovered = ready_again(&app, Duration::from_secs(10)).await;
    eprintln!(
        "redis restarted in {:?}; /readyz 200 again {recovered:?} later",
        restart.elapsed() - recovered
    );
    let after = app.view(&id, Some(&tokens[0])).await;
    assert_eq!(
        after, before,
        "the game is exactly at the last acknowledged move"
    );
    // It goes on, and the stream opened before the outage sees it.
    let next = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    assert_eq!(next, acknowledged + 1);
    let (view, _) = sse.event(Duration::from_secs(20)).await.view();
    assert!(view["version"].as_u64().expect("version") >= next);
    while step(&app, &id, &tokens, &mut rng).await.is_some() {}
    let last = app.view(&id, None).await;
    assert_eq!(last["phase"], "game_over");
    drop(redis);
}

/// Redis frozen (SIGSTOP: connections open, no answers): requests answer 503 within the store
/// time limit instead of hanging; after SIGCONT all is well.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_frozen_then_thawed() {
    let mut redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("redis");
    let bases = spawn_replicas(1, &redis.url(), |c| {
        c.store_timeout = Duration::from_millis(1_000);
    })
    .await;
    let app = TestApp::at(bases[0].clone(), None);
    let (id, tokens) = started_game(&app, json!({"seed": 72})).await;
    let mut rng = SmallRng::seed_from_u64(72);
    let acknowledged = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    redis = tokio::task::spawn_blocking(move || {
        redis.pause();
        redis
    })
    .await
    .expect("pause");
    all_unavailable(&app, &id, &tokens[0]).await;
    redis = tokio::task::spawn_blocking(move || {
        redis.resume();
        redis
    })
    .await
    .expect("resume");
    ready_again(&app, Duration::from_secs(10)).await;
    // A write that timed out may or may not have been applied (Redis got it before it froze);
    // either way the game is at a version every seat agrees on, and goes on.
    let now = app.version(&id).await;
    assert!(now == acknowledged || now == acknowledged + 1, "{now}");
    let next = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    assert_eq!(next, now + 1);
    drop(redis);
}

/// How a request that got no answer failed: `connect` (refused), or the error chain's innermost
/// message (for example a connection reset before the server read the request).
fn failure(e: &reqwest::Error) -> String {
    if e.is_connect() {
        return "connect".into();
    }
    let mut source: &dyn std::error::Error = e;
    while let Some(s) = source.source() {
        source = s;
    }
    source.to_string()
}

/// What the load clients of the shutdown test saw for one game.
#[derive(Debug, Default)]
struct GameTally {
    /// Writes answered 200/201 (the create, the claims, the actions).
    acknowledged: u64,
    /// Other answers, by status.
    statuses: BTreeMap<u16, usize>,
}

/// SIGTERM during load: requests in flight complete (with a status, not a reset), new
/// connections are refused, the process exits within the drain time, and every game is at the
/// version of its last acknowledged move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_in_flight_requests() {
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("redis");
    let url = redis.url();
    let mut server = tokio::task::spawn_blocking(move || {
        ChildServer::start(&[("REDIS_URL", url.as_str()), ("SHUTDOWN_TIMEOUT_SECS", "10")])
    })
    .await
    .expect("server");
    // One fresh connection per request, so that a refused connection is always a new one.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let app = Arc::new(TestApp::at(server.base.clone(), None));
    let mut games = Vec::new();
    for seed in 0..8 {
        let (id, tokens) = started_game(
            &app,
            // Long games: the load must still run when the signal comes.
            json!({"seed": 80 + seed, "ruleset": {"preset": "hasenpfeffer", "target_score": 100}}),
        )
        .await;
        games.push((id, tokens));
    }
    let tallies: Arc<Mutex<BTreeMap<String, GameTally>>> = Arc::new(Mutex::new(
        games
            .iter()
            .map(|(id, tokens)| {
                (
                    id.clone(),
                    GameTally {
                        acknowledged: 1 + tokens.len() as u64,
                        ..GameTally::default()
                    },
                )
            })
            .collect(),
    ));
    let stop = Instant::now() + Duration::from_secs(20);
    let loads = games.iter().cloned().enumerate().map(|(i, (id, tokens))| {
        let app = app.clone();
        let client = client.clone();
        let tallies = tallies.clone();
        tokio::spawn(async move {
            let mut rng = SmallRng::seed_from_u64(800 + i as u64);
            let mut failures = Vec::new();
            while Instant::now() < stop {
                // Read with the app's client; a refused connection ends the load.
                let view = match client.get(app.url(&format!("/v1/games/{id}"))).send().await {
                    Ok(res) => res.json::<Value>().await.expect("view"),
                    Err(e) => {
                        failures.push(failure(&e));
                        break;
                    }
                };
                let Some(seat) = view["turn"].as_u64() else {
                    break;
                };
                let token = &tokens[seat as usize];
                let mine: Value = match client
                    .get(app.url(&format!("/v1/games/{id}")))
                    .bearer_auth(token)
                    .send()
                    .await
                {
                    Ok(res) => res.json().await.expect("view"),
                    Err(e) => {
                        failures.push(failure(&e));
                        break;
                    }
                };
                let action = choose(&mine, &mut rng);
                match client
                    .post(app.url(&format!("/v1/games/{id}/actions")))
                    .bearer_auth(token)
                    .json(&action)
                    .send()
                    .await
                {
                    Ok(res) => {
                        let status = res.status().as_u16();
                        // The whole body arrives: nothing is cut off mid-answer.
                        let body = res.bytes().await.expect("a complete body");
                        assert!(!body.is_empty());
                        let mut t = tallies.lock().await;
                        let tally = t.get_mut(&id).expect("tally");
                        if status == 200 {
                            tally.acknowledged += 1;
                        } else {
                            *tally.statuses.entry(status).or_default() += 1;
                        }
                    }
                    Err(e) => {
                        failures.push(failure(&e));
                        break;
                    }
                }
            }
            failures
        })
    });
    let loads: Vec<_> = loads.collect();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    // Long polls in flight when the signal comes: they get their answer.
    let (poll_id, _) = started_game(&app, json!({"seed": 99})).await;
    let polls: Vec<_> = (0..3)
        .map(|_| {
            let client = client.clone();
            let url = app.url(&format!(
                "/v1/games/{poll_id}?wait_for_version=100000&wait_ms=2500"
            ));
            tokio::spawn(async move {
                let start = Instant::now();
                let res = client
                    .get(url)
                    .send()
                    .await
                    .expect("the long poll is answered");
                let status = res.status();
                let body: Value = res.json().await.expect("a complete view");
                (status, body, start.elapsed())
            })
        })
        .collect();
    // An event stream open when the signal comes: it ends, and does not hold the drain.
    let mut sse = Sse::open(&app, &poll_id, None, None).await;
    assert!(matches!(
        sse.next_within(Duration::from_secs(5)).await,
        Next::Frame(_)
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let signalled = Instant::now();
    server.signal("TERM");
    // New connections are refused soon after the signal, while the long polls still run.
    let mut refused_after = None;
    while signalled.elapsed() < Duration::from_secs(2) {
        if std::net::TcpStream::connect(("127.0.0.1", server.port)).is_err() {
            refused_after = Some(signalled.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let refused_after = refused_after.expect("new connections are refused after SIGTERM");
    for poll in polls {
        let (status, body, took) = poll.await.expect("poll task");
        assert_eq!(
            status,
            StatusCode::OK,
            "an in-flight long poll completes: {body}"
        );
        assert!(body["version"].is_u64(), "a whole view: {body}");
        assert!(
            took < Duration::from_millis(2_400),
            "a long poll is answered at the signal, without waiting its 2.5 s: {took:?}"
        );
    }
    let sse_end = loop {
        match sse.next_within(Duration::from_secs(5)).await {
            Next::End => break signalled.elapsed(),
            Next::Frame(_) => {} // a keep-alive
            Next::Timeout => panic!("the event stream is still open 5 s after SIGTERM"),
        }
    };
    let exit = tokio::task::spawn_blocking(move || {
        let status = server.wait_exit(Duration::from_secs(15));
        (status, server)
    })
    .await
    .expect("wait");
    let (status, server) = exit;
    let status = status.expect("the server exits within the drain time");
    assert!(status.success(), "a clean exit: {status}");
    let drained = signalled.elapsed();
    assert!(
        drained < Duration::from_secs(5),
        "the open event stream did not hold the drain (10 s allowed): exited after {drained:?}"
    );
    let mut failures = Vec::new();
    for l in loads {
        failures.extend(l.await.expect("load task"));
    }
    assert!(!failures.is_empty(), "the load ran into the shutdown");
    // Every game is at the version of its last acknowledged write, and reads back valid.
    let bases = spawn_replicas(1, &redis.url(), |_| {}).await;
    let check = TestApp::at(bases[0].clone(), None);
    let tallies = tallies.lock().await;
    let mut moves = 0;
    for (id, tokens) in &games {
        let tally = &tallies[id];
        let view = check.view(id, None).await;
        assert_eq!(
            view["version"].as_u64(),
            Some(tally.acknowledged),
            "game {id}: every write was answered, and only answered writes happened ({tally:?})"
        );
        for t in tokens {
            assert_eq!(check.view(id, Some(t)).await["version"], view["version"]);
        }
        if view["turn"].is_u64() {
            let mut rng = SmallRng::seed_from_u64(1);
            assert!(next_move(&check, id, tokens, &mut rng).await.is_some());
        }
        moves += tally.acknowledged - 5;
    }
    eprintln!(
        "SIGTERM: {moves} moves answered; new connections refused {refused_after:?} after the \
         signal; the event stream ended {sse_end:?} and the process exited {drained:?} after it; requests that failed to reach the server: \
         {failures:?}"
    );
    assert!(server.output().contains("hasenpfeffer listening"));
    drop(redis);
}
