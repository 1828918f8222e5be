//! Arenas over HTTP: a continuous and a duplicate arena of 8 bots (played by bots here, each
//! following its inbox and playing every seat it is given, one of them leaving mid-arena) with
//! house players filling the seats left empty, on memory and on Redis, and a duplicate arena
//! over two server processes on one Redis with one of them killed and another started
//! mid-round. Each checks that every game was created once (each table's game exists once, and
//! each bot was seated once per table it sits at), every result counted once (the standings
//! made again from the games' own results match the arena's), and that each bot was told the
//! arena's end once, with its place.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use reqwest::{Client, RequestBuilder, Response};
use serde_json::{Value, json};

use crate::bots::register_ok;
use crate::harness::ChildServer;
use crate::helpers::{Store, TestApp, assert_problem, both_stores, choose, spawn_app};

/// How long an arena of these tests may take.
const LIMIT: Duration = Duration::from_secs(150);

/// The replicas the bots talk to (any of them; one that does not answer is skipped).
#[derive(Clone)]
struct Replicas {
    bases: Arc<Mutex<Vec<String>>>,
    client: Client,
}

impl Replicas {
    fn new(bases: Vec<String>) -> Self {
        Replicas {
            bases: Arc::new(Mutex::new(bases)),
            client: Client::builder()
                .timeout(Duration::from_secs(30))
                .pool_idle_timeout(Duration::from_secs(3))
                .build()
                .expect("a client"),
        }
    }

    /// Sends the request `build` makes for a replica's base, to the replicas in turn until one
    /// answers (a replica being restarted refuses connections).
    async fn send(&self, build: impl Fn(&Client, &str) -> RequestBuilder) -> Response {
        let started = Instant::now();
        let mut n = rand::random::<u32>() as usize;
        loop {
            let base = {
                let bases = self.bases.lock().unwrap();
                bases[n % bases.len()].clone()
            };
            n += 1;
            match build(&self.client, &base).send().await {
                Ok(res) => return res,
                Err(e) => {
                    assert!(
                        started.elapsed() < Duration::from_secs(30),
                        "no replica: {e}"
                    );
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    }

    async fn get(&self, path: &str) -> Value {
        let res = self.send(|c, b| c.get(format!("{b}{path}"))).await;
        assert_eq!(res.status(), 200, "GET {path}");
        res.json().await.expect("JSON")
    }

    async fn as_bot(&self, path: &str, key: &str, body: Option<&Value>) -> Response {
        self.send(|c, b| {
            let req = c
                .post(format!("{b}{path}"))
                .header("authorization", format!("Bot {key}"));
            match body {
                Some(body) => req.json(body),
                None => req,
            }
        })
        .await
    }
}

/// What a bot saw of an arena.
#[derive(Debug, Default)]
struct BotLog {
    /// The games it was seated in (from its inbox).
    seated: Vec<String>,
    /// Its `arena_finished` events.
    finished: Vec<Value>,
    /// Its `arena_started` events.
    started: usize,
    /// When it left (ms since the epoch), if it did.
    left_unix_ms: Option<u64>,
}

/// Plays seat `token` of game `id` with random legal actions until the game is over.
async fn play(r: Replicas, id: String, token: String, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut version = 0u64;
    let started = Instant::now();
    loop {
        assert!(started.elapsed() < LIMIT, "game {id} never ended");
        let path = format!("/v1/games/{id}?wait_for_version={version}&wait_ms=1000");
        let res = r
            .send(|c, b| c.get(format!("{b}{path}")).bearer_auth(&token))
            .await;
        assert_eq!(res.status(), 200, "view of {id}");
        let view: Value = res.json().await.expect("JSON");
        version = view["version"].as_u64().expect("version");
        if view["status"] == "finished" {
            return;
        }
        if view["legal_actions"].as_array().is_none_or(Vec::is_empty) {
            continue;
        }
        let action = choose(&view, &mut rng);
        let path = format!("/v1/games/{id}/actions");
        let res = r
            .send(|c, b| {
                c.post(format!("{b}{path}"))
                    .bearer_auth(&token)
                    .header("if-match", format!("\"{version}\""))
                    .json(&action)
            })
            .await;
        // A turn the clock played meanwhile: look again.
        assert!(
            [200, 409, 412, 422].contains(&res.status().as_u16()),
            "{action}: {}",
            res.status()
        );
    }
}

/// Runs bot `key` in arena `arena`: follows its inbox, plays every seat it is given, leaves
/// after `leave_after` of its games are over (if given), and ends when the arena's end is
/// told and its games are over.
async fn run_bot(r: Replicas, key: String, arena: String, leave_after: Option<usize>) -> BotLog {
    let mut log = BotLog::default();
    let mut games = tokio::task::JoinSet::new();
    let mut after = 0u64;
    let mut done = 0usize;
    let mut left = false;
    let started = Instant::now();
    // Once the end is told and the games are over, one more read after the outbox's lease:
    // an effect a killed replica had taken is applied again by another after it (at least
    // once, each event once per bot), so it may arrive after the end.
    let mut last_read = false;
    loop {
        assert!(started.elapsed() < LIMIT, "the arena never ended for a bot");
        let wait = if last_read { 3 } else { 1 };
        let path = format!("/v1/bots/me/events?after={after}&wait={wait}");
        let res = r
            .send(|c, b| {
                c.get(format!("{b}{path}"))
                    .header("authorization", format!("Bot {key}"))
                    .header("accept", "application/json")
            })
            .await;
        assert_eq!(res.status(), 200);
        let items: Vec<Value> = res.json().await.expect("JSON");
        for item in items {
            after = item["id"].as_u64().expect("id");
            match item["type"].as_str() {
                Some("seated") if item["via"]["arena_id"] == arena.as_str() => {
                    let id = item["game_id"].as_str().expect("game").to_owned();
                    let token = item["token"].as_str().expect("token").to_owned();
                    log.seated.push(id.clone());
                    games.spawn(play(r.clone(), id, token, after));
                }
                Some("arena_started") if item["arena_id"] == arena.as_str() => log.started += 1,
                Some("arena_finished") if item["arena_id"] == arena.as_str() => {
                    log.finished.push(item);
                }
                _ => {}
            }
        }
        while let Some(res) = games.try_join_next() {
            res.expect("a game played");
            done += 1;
        }
        if let Some(n) = leave_after
            && !left
            && done >= n
        {
            let res = r
                .as_bot(&format!("/v1/arenas/{arena}/leave"), &key, None)
                .await;
            assert_eq!(res.status(), 200, "leave");
            left = true;
            log.left_unix_ms = Some(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_millis() as u64,
            );
        }
        if last_read {
            return log;
        }
        if !log.finished.is_empty() && games.is_empty() {
            last_read = true;
        }
    }
}

/// Registers `n` bots (`<prefix>-<i>`): (name, key).
async fn bots(app: &TestApp, prefix: &str, n: usize) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for i in 0..n {
        let name = format!("{prefix}-{i}");
        let key = register_ok(app, &name).await;
        out.push((name, key));
    }
    out
}

/// Creates arena `body` as the first bot, joins every bot, and runs them (the last one
/// leaving after `leave_after` games) until it is over; answers the arena's id and each bot's
/// log.
async fn run_arena(
    r: &Replicas,
    players: &[(String, String)],
    body: Value,
    leave_after: usize,
    during: impl AsyncFnOnce(&str),
) -> (String, Vec<BotLog>) {
    let res = r.as_bot("/v1/arenas", &players[0].1, Some(&body)).await;
    assert_eq!(
        res.status(),
        201,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let arena: Value = res.json().await.expect("JSON");
    let id = arena["arena_id"].as_str().expect("id").to_owned();
    assert_eq!(arena["status"], "upcoming");
    for (_, key) in players {
        let res = r.as_bot(&format!("/v1/arenas/{id}/join"), key, None).await;
        let status = res.status();
        assert_eq!(status, 200, "{}", res.text().await.unwrap_or_default());
    }
    let runs: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, (_, key))| {
            let leave = (i == players.len() - 1).then_some(leave_after);
            tokio::spawn(run_bot(r.clone(), key.clone(), id.clone(), leave))
        })
        .collect();
    during(&id).await;
    let mut logs = Vec::new();
    for run in runs {
        logs.push(run.await.expect("a bot ran"));
    }
    (id, logs)
}

/// Checks a finished arena against its games: every table's game exists once with the seats
/// the arena says, each bot was seated once per table it sits at and told the end once with
/// its place, and the standings made again from the games' results are the arena's.
async fn check_arena(
    r: &Replicas,
    id: &str,
    players: &[(String, String)],
    logs: &[BotLog],
) -> Value {
    let arena = r.get(&format!("/v1/arenas/{id}")).await;
    assert_eq!(arena["status"], "finished", "{arena}");
    let tables = arena["tables"].as_array().expect("tables");
    assert!(!tables.is_empty(), "{arena}");
    let ids: Vec<&str> = tables
        .iter()
        .map(|t| t["game_id"].as_str().expect("shown when over"))
        .collect();
    assert_eq!(
        ids.iter().collect::<HashSet<_>>().len(),
        ids.len(),
        "a game planned twice"
    );
    let duplicate = arena["kind"] == "duplicate";
    let mut finals: HashMap<String, Value> = HashMap::new();
    for t in tables {
        assert_eq!(t["finished"], true, "{t}");
        let game = t["game_id"].as_str().unwrap();
        let view = r.get(&format!("/v1/games/{game}")).await;
        assert_eq!(view["status"], "finished", "{view}");
        let seats: Vec<&str> = view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["account"].as_str().expect("an account in every seat"))
            .collect();
        let listed: Vec<&str> = t["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(seats, listed, "{game}");
        assert_eq!(
            t["points"], view["scores"],
            "{game}: counted as the game ended"
        );
        finals.insert(game.to_owned(), view);
    }
    // Each bot: seated once per table it sits at, told the start and the end once.
    let standings = arena["standings"].as_array().expect("standings");
    for ((name, _), log) in players.iter().zip(logs) {
        let mine: HashSet<&str> = tables
            .iter()
            .filter(|t| {
                t["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s == name.as_str())
            })
            .map(|t| t["game_id"].as_str().unwrap())
            .collect();
        let seated: HashSet<&str> = log.seated.iter().map(String::as_str).collect();
        assert_eq!(
            seated.len(),
            log.seated.len(),
            "{name} seated twice at a table"
        );
        assert_eq!(seated, mine, "{name}");
        assert_eq!(log.started, 1, "{name}: {log:?}");
        assert_eq!(log.finished.len(), 1, "{name}: {:?}", log.finished);
        let line = standings
            .iter()
            .find(|s| s["bot"] == name.as_str())
            .expect("in the standings");
        assert_eq!(log.finished[0]["rank"], line["rank"], "{name}");
        assert_eq!(log.finished[0]["score"], line["score"], "{name}");
        assert_eq!(line["games"], mine.len(), "{name}");
    }
    // The standings again, from the games.
    let rules = &arena["ruleset"];
    let sides = finals.values().next().unwrap()["scores"]
        .as_array()
        .unwrap()
        .len();
    let side_of = |seat: usize| seat % sides;
    assert!(rules["sides"] != "every_player_alone" || sides == rules["players"]);
    let mut expected: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for t in tables {
        let game = t["game_id"].as_str().unwrap();
        let view = &finals[game];
        let scores: Vec<i64> = view["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        for (seat, name) in t["seats"].as_array().unwrap().iter().enumerate() {
            let name = name.as_str().unwrap();
            if name.starts_with("house-") {
                continue;
            }
            let side = side_of(seat);
            let score = if duplicate {
                let (mut beaten, mut tied, mut compared) = (0.0, 0.0, 0.0);
                for o in tables.iter().filter(|o| {
                    o["round"] == t["round"]
                        && o["deal"] == t["deal"]
                        && o["game_id"] != t["game_id"]
                }) {
                    let theirs = finals[o["game_id"].as_str().unwrap()]["scores"][side]
                        .as_i64()
                        .unwrap();
                    compared += 1.0;
                    if scores[side] > theirs {
                        beaten += 1.0;
                    } else if scores[side] == theirs {
                        tied += 1.0;
                    }
                }
                if compared == 0.0 {
                    50.0
                } else {
                    100.0 * (beaten + tied / 2.0) / compared
                }
            } else {
                let winners = view["winners"].as_array().unwrap();
                if winners.iter().any(|w| w.as_u64() == Some(side as u64)) {
                    2.0
                } else {
                    0.0
                }
            };
            expected.entry(name.to_owned()).or_default().push(score);
        }
    }
    for (name, scores) in &expected {
        let line = standings
            .iter()
            .find(|s| s["bot"] == name.as_str())
            .unwrap();
        let want = if duplicate {
            scores.iter().sum::<f64>() / scores.len() as f64
        } else {
            scores.iter().sum::<f64>()
        };
        let got = line["score"].as_f64().unwrap();
        assert!(
            (got - want).abs() < 0.011,
            "{name}: {got} against {want} from the games"
        );
    }
    arena
}

/// A continuous arena of 8 bots, one leaving after its second game, with `house-random` filling
/// a table a bot waits at: paired again and again until its end, then finished when its last
/// game is.
async fn a_continuous_arena(store: Store) {
    let app = spawn_app(store).await;
    let players = bots(&app, "cont", 8).await;
    let r = Replicas::new(vec![app.base.clone()]);
    let body = json!({
        "name": "Ten seconds of Hasenpfeffer",
        "kind": "continuous",
        "ruleset": {"preset": "hasenpfeffer", "target_score": 1},
        "starts_in_ms": 0,
        "duration_ms": 10_000,
        "house": "random",
        "turn_time_limit_ms": 5_000,
    });
    let (id, logs) = run_arena(&r, &players, body, 2, async |_: &str| {}).await;
    let arena = check_arena(&r, &id, &players, &logs).await;
    let tables = arena["tables"].as_array().unwrap();
    assert!(tables.len() > 2, "paired again: {arena}");
    let leaver = &players[7].0;
    let line = arena["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["bot"] == leaver.as_str())
        .unwrap();
    assert_eq!(line["status"], "left", "{line}");
    let left = logs[7].left_unix_ms.expect("it left");
    assert!(
        tables
            .iter()
            .filter(|t| t["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == leaver.as_str()))
            .all(|t| t["paired_unix_ms"].as_u64().unwrap() <= left),
        "not seated after it left: {arena}"
    );
    // The finished arena is listed as such, and refuses to be joined.
    let page = r.get("/v1/arenas?status=finished").await;
    assert!(
        page["arenas"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["arena_id"] == id.as_str())
    );
    let res = r
        .as_bot(&format!("/v1/arenas/{id}/join"), &players[0].1, None)
        .await;
    assert_problem(res, 409, "arena_closed").await;
}

/// A duplicate arena of 8 bots (two tables a deal, then 7 bots and a house player once one
/// leaves), 3 rounds of 2 deals: every table plays the same deals, scored by matchpoints.
async fn a_duplicate_arena(store: Store) {
    let app = spawn_app(store).await;
    let players = bots(&app, "dup", 8).await;
    let r = Replicas::new(vec![app.base.clone()]);
    let body = json!({
        "name": "Duplicate Hasenpfeffer",
        "kind": "duplicate",
        "ruleset": {"preset": "hasenpfeffer"},
        "rounds": 3,
        "deals_per_round": 2,
        "starts_in_ms": 4_000,
        "house": "random",
        "turn_time_limit_ms": 5_000,
    });
    let (id, logs) = run_arena(&r, &players, body, 1, async |_: &str| {}).await;
    let arena = check_arena(&r, &id, &players, &logs).await;
    let tables = arena["tables"].as_array().unwrap();
    // 3 rounds of 2 deals at 2 tables.
    assert_eq!(tables.len(), 12, "{arena}");
    assert_eq!(arena["round"], 3);
    // The leaver is not seated at a table paired after it left, and the last round has a
    // house player in its seat.
    let leaver = &players[7].0;
    let left = logs[7].left_unix_ms.expect("it left");
    let sits = |t: &Value, name: &str| t["seats"].as_array().unwrap().iter().any(|s| s == name);
    assert!(
        tables
            .iter()
            .filter(|t| t["paired_unix_ms"].as_u64().unwrap() > left)
            .all(|t| !sits(t, leaver)),
        "a bot that left is not seated again: {arena}"
    );
    assert!(
        tables
            .iter()
            .filter(|t| t["round"] == 3)
            .all(|t| !sits(t, leaver)),
        "{arena}"
    );
    assert!(
        tables.iter().filter(|t| t["round"] == 3).any(|t| t["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s.as_str().unwrap().starts_with("house-"))),
        "a house player fills the seat it left"
    );
    // Every seat of a deal held the same cards at both tables: the deal's logs agree.
    for round in 1..=3 {
        for deal in 0..2 {
            let games: Vec<&str> = tables
                .iter()
                .filter(|t| t["round"] == round && t["deal"] == deal)
                .map(|t| t["game_id"].as_str().unwrap())
                .collect();
            assert_eq!(games.len(), 2);
            let mut hands = Vec::new();
            for g in games {
                let log = r.get(&format!("/v1/games/{g}/log")).await;
                hands.push((
                    log["hands"][0]["deal"].clone(),
                    log["hands"][0]["dealer"].clone(),
                ));
            }
            assert_eq!(hands[0], hands[1], "round {round} deal {deal}");
        }
    }
    for line in arena["standings"].as_array().unwrap() {
        if line["games"].as_u64().unwrap() >= 2 {
            let ci = line["ci95"].as_array().expect("an interval");
            assert!(ci[0].as_f64().unwrap() <= line["score"].as_f64().unwrap());
        }
    }
}

both_stores!(a_continuous_arena, a_duplicate_arena);

/// Arena `body` over two server processes on one Redis, the bots' requests spread over both;
/// once `results` results are counted, one process is killed and another started: the arena
/// goes on, each game made once and each result counted once. Answers the arena at its end.
async fn over_two_replicas_with_a_restart(body: Value, results: usize) -> Value {
    let redis = tokio::task::spawn_blocking(hasenpfeffer::store::testing::TestRedis::start)
        .await
        .expect("a private redis-server");
    let url = redis.url();
    let start = |url: String| {
        tokio::task::spawn_blocking(move || {
            ChildServer::start(&[
                ("REDIS_URL", url.as_str()),
                ("BOT_REGISTRATIONS_PER_HOUR", "1000"),
            ])
        })
    };
    let a = start(url.clone()).await.expect("replica a");
    let b = start(url.clone()).await.expect("replica b");
    let app = TestApp::at(a.base.clone(), None);
    let players = bots(&app, "rep", 8).await;
    let r = Replicas::new(vec![a.base.clone(), b.base.clone()]);
    let b = Arc::new(Mutex::new(Some(b)));
    let restarted = {
        let (r, b, url) = (r.clone(), b.clone(), url.clone());
        async move |id: &str| {
            let started = Instant::now();
            loop {
                let arena = r.get(&format!("/v1/arenas/{id}")).await;
                let counted = arena["tables"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|t| t["finished"] == true)
                    .count();
                if counted >= results {
                    break;
                }
                assert!(
                    started.elapsed() < LIMIT,
                    "{results} results never came: {arena}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let old = b.lock().unwrap().take().expect("replica b");
            r.bases.lock().unwrap().retain(|base| *base != old.base);
            drop(old); // killed mid-round
            let c = start(url).await.expect("replica c");
            r.bases.lock().unwrap().push(c.base.clone());
            *b.lock().unwrap() = Some(c);
        }
    };
    let (id, logs) = run_arena(&r, &players, body, 3, restarted).await;
    let arena = check_arena(&r, &id, &players, &logs).await;
    drop(a);
    drop(redis);
    arena
}

/// A duplicate arena over two replicas, one restarted once round 1 (2 tables) is counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_arena_survives_a_replica_restart() {
    let body = json!({
        "name": "Duplicate over two replicas",
        "kind": "duplicate",
        "ruleset": {"preset": "euchre"},
        "rounds": 3,
        "starts_in_ms": 4_000,
        "house": "heuristic",
        "turn_time_limit_ms": 5_000,
    });
    let arena = over_two_replicas_with_a_restart(body, 2).await;
    assert_eq!(arena["round"], 3);
}

/// A continuous arena over two replicas, one restarted once 2 games are counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_continuous_arena_survives_a_replica_restart() {
    let body = json!({
        "name": "Continuous over two replicas",
        "kind": "continuous",
        "ruleset": {"preset": "hasenpfeffer", "target_score": 1},
        "starts_in_ms": 0,
        "duration_ms": 20_000,
        "house": "random",
        "turn_time_limit_ms": 5_000,
    });
    let arena = over_two_replicas_with_a_restart(body, 2).await;
    assert!(arena["tables"].as_array().unwrap().len() > 2, "{arena}");
}

/// `POST path` as the bot of `key` with a JSON body, on `app`.
async fn post_as(app: &TestApp, path: &str, key: Option<&str>, body: &Value) -> Response {
    let mut req = app.client.post(app.url(path)).json(body);
    if let Some(key) = key {
        req = req.header("authorization", format!("Bot {key}"));
    }
    req.send().await.expect("sent")
}

/// Bad requests to the arenas get a clear problem document and change nothing: a missing or
/// wrong key, malformed and impossible bodies, made-up ids, a bot's third arena, a full arena,
/// leaving an arena one is not in, bad list queries.
async fn arenas_refuse_bad_input(store: Store) {
    let app = spawn_app(store).await;
    let players = bots(&app, "hostile", 3).await;
    let (alice, bob, carol) = (&players[0].1, &players[1].1, &players[2].1);
    let ok = json!({"name": "ok", "kind": "continuous", "max_players": 2});
    assert_problem(
        post_as(&app, "/v1/arenas", None, &ok).await,
        401,
        "missing_bot_key",
    )
    .await;
    let wrong = format!("hpb_{}", "0".repeat(64));
    assert_problem(
        post_as(&app, "/v1/arenas", Some(&wrong), &ok).await,
        403,
        "invalid_bot_key",
    )
    .await;
    for (body, status, code) in [
        (json!({"kind": "continuous"}), 400, "invalid_body"),
        (json!({"name": "x", "kind": "swiss"}), 400, "invalid_value"),
        (
            json!({"name": "x", "kind": "continuous", "rounds": null}),
            400,
            "invalid_body",
        ),
        (
            json!({"name": "x", "kind": "continuous", "color": "red"}),
            400,
            "unknown_field",
        ),
        (
            json!({"name": "", "kind": "continuous"}),
            400,
            "invalid_name",
        ),
        (
            json!({"name": " \t ", "kind": "continuous"}),
            400,
            "invalid_name",
        ),
        (
            json!({"name": "x".repeat(65), "kind": "continuous"}),
            400,
            "invalid_name",
        ),
        (
            json!({"name": "x", "kind": "continuous", "rounds": 3}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "duplicate", "duration_ms": 60000}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "duplicate", "rated": true}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "duplicate", "rounds": 0}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "duplicate", "deals_per_round": 9}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "continuous", "duration_ms": 5}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "continuous", "starts_in_ms": 99_999_999_999_u64}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "continuous", "max_players": 1}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "continuous", "rated": true, "ruleset": {"preset": "euchre", "target_score": 3}}),
            422,
            "invalid_arena",
        ),
        (
            json!({"name": "x", "kind": "continuous", "turn_time_limit_ms": 1}),
            422,
            "invalid_turn_time_limit",
        ),
        (
            json!({"name": "x", "kind": "continuous", "ruleset": {"preset": "euchre", "players": 9}}),
            422,
            "invalid_players",
        ),
    ] {
        let res = post_as(&app, "/v1/arenas", Some(alice), &body).await;
        let problem = assert_problem(res, status, code).await;
        assert!(
            !problem["detail"].as_str().unwrap_or_default().is_empty(),
            "{body}"
        );
    }
    let listed = |app: &TestApp| {
        let url = app.url("/v1/arenas?status=upcoming&limit=100");
        let client = app.client.clone();
        async move {
            let page: Value = client.get(url).send().await.unwrap().json().await.unwrap();
            page["arenas"].as_array().unwrap().len()
        }
    };
    assert_eq!(listed(&app).await, 0, "nothing refused was made");
    // A control character in a name reads as U+FFFD (the arena is made: it counts below).
    let res = post_as(
        &app,
        "/v1/arenas",
        Some(carol),
        &json!({"name": "a\u{0007}b", "kind": "continuous", "max_players": 2}),
    )
    .await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.json::<Value>().await.unwrap()["name"], "a\u{FFFD}b");
    assert_eq!(listed(&app).await, 1);
    // Two arenas a bot; a third is refused until one ends.
    let mut ids = Vec::new();
    for _ in 0..2 {
        let res = post_as(&app, "/v1/arenas", Some(alice), &ok).await;
        assert_eq!(res.status(), 201);
        let a: Value = res.json().await.unwrap();
        ids.push(a["arena_id"].as_str().unwrap().to_owned());
    }
    assert_problem(
        post_as(&app, "/v1/arenas", Some(alice), &ok).await,
        409,
        "too_many_arenas",
    )
    .await;
    assert_eq!(listed(&app).await, 3);
    // Full at two bots; leaving one is not in; made-up ids.
    let id = &ids[0];
    for key in [alice, bob] {
        assert_eq!(
            post_as(
                &app,
                &format!("/v1/arenas/{id}/join"),
                Some(key),
                &json!({})
            )
            .await
            .status(),
            200
        );
    }
    let before = app
        .get(&format!("/v1/arenas/{id}"))
        .await
        .text()
        .await
        .unwrap();
    let join = format!("/v1/arenas/{id}/join");
    assert_problem(
        post_as(&app, &join, Some(carol), &json!({})).await,
        409,
        "arena_full",
    )
    .await;
    let leave = format!("/v1/arenas/{id}/leave");
    assert_problem(
        post_as(&app, &leave, Some(carol), &json!({})).await,
        409,
        "arena_closed",
    )
    .await;
    assert_problem(
        post_as(&app, &join, None, &json!({})).await,
        401,
        "missing_bot_key",
    )
    .await;
    let after = app
        .get(&format!("/v1/arenas/{id}"))
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(before, after, "refusals change nothing");
    for bad in ["nope", "ABCDEFGHIJKLMNOP", "aaaaaaaaaaaaaaaa", "a%00b"] {
        assert_problem(
            app.get(&format!("/v1/arenas/{bad}")).await,
            404,
            "arena_not_found",
        )
        .await;
        assert_problem(
            post_as(
                &app,
                &format!("/v1/arenas/{bad}/join"),
                Some(carol),
                &json!({}),
            )
            .await,
            404,
            "arena_not_found",
        )
        .await;
    }
    for query in [
        "status=open",
        "limit=0",
        "limit=101",
        "preset=chess",
        "cursor=garbage",
        "x=1",
    ] {
        let res = app.get(&format!("/v1/arenas?{query}")).await;
        assert_eq!(res.status(), 400, "{query}");
    }
    // Before the start, leaving takes the bot off the list; joining twice changes nothing.
    let res = post_as(&app, &leave, Some(bob), &json!({})).await;
    let a: Value = res.json().await.unwrap();
    assert_eq!(a["standings"].as_array().unwrap().len(), 1);
    let res = post_as(&app, &join, Some(alice), &json!({})).await;
    let a: Value = res.json().await.unwrap();
    assert_eq!(a["standings"].as_array().unwrap().len(), 1);
}

/// An attacker with several accounts in one duplicate arena learns nothing of a deal from a
/// table that finished it while another table still plays it: the arena names neither table's
/// game nor points, and the finished game's log is refused (`deal_in_play`), its views show
/// none of the deal's cards; once both tables are over, all of it is shown.
async fn a_duplicate_deal_stays_secret_in_an_arena(store: Store) {
    let app = spawn_app(store).await;
    let players = bots(&app, "spy", 5).await;
    let r = Replicas::new(vec![app.base.clone()]);
    let body = json!({
        "name": "Secret deals",
        "kind": "duplicate",
        "ruleset": {"preset": "hasenpfeffer"},
        "rounds": 1,
        "starts_in_ms": 4_000,
        "house": "random",
    });
    let res = r.as_bot("/v1/arenas", &players[0].1, Some(&body)).await;
    let id = res.json::<Value>().await.unwrap()["arena_id"]
        .as_str()
        .unwrap()
        .to_owned();
    for (_, key) in &players {
        assert_eq!(
            r.as_bot(&format!("/v1/arenas/{id}/join"), key, None)
                .await
                .status(),
            200
        );
    }
    // Each bot's seat: 4 at one table, 1 with three house players at the other.
    let mut seats: Vec<(String, String)> = Vec::new(); // (game, token) per bot
    for (_, key) in &players {
        let started = Instant::now();
        loop {
            let items: Vec<Value> = app
                .client
                .get(app.url("/v1/bots/me/events?after=0&wait=1"))
                .header("authorization", format!("Bot {key}"))
                .header("accept", "application/json")
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            if let Some(s) = items.iter().find(|i| i["type"] == "seated") {
                seats.push((
                    s["game_id"].as_str().unwrap().to_owned(),
                    s["token"].as_str().unwrap().to_owned(),
                ));
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "never seated");
        }
    }
    let mut by_game: HashMap<&str, Vec<&str>> = HashMap::new();
    for (g, t) in &seats {
        by_game.entry(g).or_default().push(t);
    }
    let (full, lone) = {
        let mut games: Vec<(&str, Vec<&str>)> = by_game.into_iter().collect();
        games.sort_by_key(|(_, t)| std::cmp::Reverse(t.len()));
        (games[0].clone(), games[1].clone())
    };
    assert_eq!((full.1.len(), lone.1.len()), (4, 1));
    // The four bots' table is played out; the lone bot's waits.
    let plays: Vec<_> = full
        .1
        .iter()
        .enumerate()
        .map(|(i, t)| tokio::spawn(play(r.clone(), full.0.to_owned(), t.to_string(), i as u64)))
        .collect();
    for p in plays {
        p.await.unwrap();
    }
    let started = Instant::now();
    let arena = loop {
        let arena = r.get(&format!("/v1/arenas/{id}")).await;
        if arena["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["finished"] == true)
        {
            break arena;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{arena}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    };
    let text = arena.to_string();
    assert!(!text.contains(full.0) && !text.contains(lone.0), "{arena}");
    for t in arena["tables"].as_array().unwrap() {
        assert_eq!(
            (&t["game_id"], &t["points"]),
            (&Value::Null, &Value::Null),
            "{arena}"
        );
    }
    assert_eq!(
        arena["standings"][0]["games"], 0,
        "nothing counted yet: {arena}"
    );
    assert_problem(
        app.get(&format!("/v1/games/{}/log", full.0)).await,
        409,
        "deal_in_play",
    )
    .await;
    let spectator = app.view(full.0, None).await;
    assert_eq!(spectator["status"], "finished");
    assert_eq!(spectator["last_hand"], Value::Null, "{spectator}");
    let mine = app.view(full.0, Some(full.1[0])).await;
    assert_eq!(mine["last_hand"], Value::Null, "{mine}");
    for name in ["spy-0", "house-random"] {
        let profile = app
            .get(&format!("/v1/bots/{name}"))
            .await
            .text()
            .await
            .unwrap();
        assert!(
            !profile.contains(full.0) && !profile.contains(lone.0),
            "{name}: {profile}"
        );
    }
    // The lone bot plays; then the whole deal is shown.
    play(r.clone(), lone.0.to_owned(), lone.1[0].to_owned(), 9).await;
    let started = Instant::now();
    loop {
        let arena = r.get(&format!("/v1/arenas/{id}")).await;
        if arena["status"] == "finished" {
            let text = arena.to_string();
            assert!(text.contains(full.0) && text.contains(lone.0), "{arena}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{arena}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert_eq!(
        app.get(&format!("/v1/games/{}/log", full.0)).await.status(),
        200
    );
}

both_stores!(
    arenas_refuse_bad_input,
    a_duplicate_deal_stays_secret_in_an_arena
);

/// Waits up to `limit` for arena `id` to satisfy `done`; answers it.
async fn arena_until(
    app: &TestApp,
    id: &str,
    limit: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let arena = app
        .json_until(&format!("/v1/arenas/{id}"), limit, &done)
        .await;
    assert!(done(&arena), "{arena}");
    arena
}

/// A bot that never moves, in a continuous arena with a 100 ms clock (house players fill its
/// table): each game it forfeits (3 turns in a row played by the clock) scores nothing, and
/// after 2 forfeits it is withdrawn and seated no more. A rated arena's games are rated.
async fn a_silent_bot_is_withdrawn(store: Store) {
    let app = spawn_app(store).await;
    let players = bots(&app, "silent", 1).await;
    let body = json!({
        "name": "Silence", "kind": "continuous", "ruleset": {"preset": "euchre"}, "rated": true,
        "starts_in_ms": 0, "duration_ms": 60_000, "house": "random", "turn_time_limit_ms": 100,
    });
    let res = post_as(&app, "/v1/arenas", Some(&players[0].1), &body).await;
    assert_eq!(res.status(), 201);
    let id = res.json::<Value>().await.unwrap()["arena_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let join = format!("/v1/arenas/{id}/join");
    assert_eq!(
        post_as(&app, &join, Some(&players[0].1), &json!({}))
            .await
            .status(),
        200
    );
    let arena = arena_until(&app, &id, Duration::from_secs(40), |a| {
        a["standings"][0]["status"] == "withdrawn" && a["standings"][0]["playing"] == false
    })
    .await;
    let line = &arena["standings"][0];
    assert_eq!(
        (&line["forfeits"], &line["score"], &line["games"]),
        (&json!(2), &json!(0.0), &json!(2)),
        "{arena}"
    );
    let tables = arena["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2, "not seated again: {arena}");
    for t in tables {
        let game = app.view(t["game_id"].as_str().unwrap(), None).await;
        assert_eq!(game["rated"], true, "a rated arena's game: {game}");
        assert!(game["forfeit"].is_u64(), "{game}");
        assert_eq!(t["forfeit"], game["forfeit"]);
    }
    // Withdrawn: joining again is refused.
    assert_problem(
        post_as(&app, &join, Some(&players[0].1), &json!({})).await,
        409,
        "arena_closed",
    )
    .await;
}

/// The same in a duplicate arena of hasenpfeffer (nobody goes alone: the silent seat has 7
/// turns a deal, but for a deal voided by the joker in the widow): the fallback plays its seats
/// out, each such deal scores 0 for it, and after 2 it is withdrawn; with no bot left, the
/// arena ends.
async fn a_silent_bot_is_withdrawn_from_a_duplicate_arena(store: Store) {
    let app = spawn_app(store).await;
    let players = bots(&app, "mute", 1).await;
    let body = json!({
        "name": "Mute", "kind": "duplicate", "ruleset": {"preset": "hasenpfeffer"}, "rounds": 6,
        "starts_in_ms": 4_000, "house": "random", "turn_time_limit_ms": 100,
    });
    let res = post_as(&app, "/v1/arenas", Some(&players[0].1), &body).await;
    let id = res.json::<Value>().await.unwrap()["arena_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let join = format!("/v1/arenas/{id}/join");
    assert_eq!(
        post_as(&app, &join, Some(&players[0].1), &json!({}))
            .await
            .status(),
        200
    );
    let arena = arena_until(&app, &id, Duration::from_secs(60), |a| {
        a["status"] == "finished"
    })
    .await;
    let line = &arena["standings"][0];
    assert_eq!(line["status"], "withdrawn", "{arena}");
    assert_eq!(line["forfeits"], 2, "{arena}");
    // Each forfeited deal scores 0; a deal in which the clock played fewer than 3 turns in a
    // row for it (its partner went alone, say) is scored as played.
    let games = line["games"].as_f64().unwrap();
    assert!(
        line["score"].as_f64().unwrap() <= 100.0 * (games - 2.0) / games + 0.01,
        "{arena}"
    );
    let tables = arena["tables"].as_array().unwrap();
    let seated = tables
        .iter()
        .filter(|t| t["seats"].as_array().unwrap().iter().any(|s| s == "mute-0"))
        .count();
    assert_eq!(seated as f64, games, "{arena}");
    // No bot is left to seat: the arena ends after round 2 (rounds of house players only
    // would rank nobody).
    assert_eq!(arena["round"].as_f64().unwrap(), games, "{arena}");
}

/// An operator's recurring arena (`ARENAS`) is kept one upcoming, made once by two replicas.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recurring_arenas_are_made_once() {
    let redis = tokio::task::spawn_blocking(hasenpfeffer::store::testing::TestRedis::start)
        .await
        .expect("a private redis-server");
    let recurring = json!([{"every_ms": 3_600_000, "name": "Hourly euchre", "kind": "continuous",
        "ruleset": {"preset": "euchre"}, "duration_ms": 1_800_000, "house": "heuristic"}]);
    let bases = crate::harness::spawn_replicas(2, &redis.url(), |c| {
        c.arenas = serde_json::from_value(recurring.clone()).unwrap();
    })
    .await;
    let app = TestApp::at(bases[1].clone(), None);
    let started = Instant::now();
    let page = loop {
        let page: Value = app
            .get("/v1/arenas?status=upcoming")
            .await
            .json()
            .await
            .unwrap();
        if !page["arenas"].as_array().unwrap().is_empty() {
            break page;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no recurring arena"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    tokio::time::sleep(Duration::from_secs(2)).await;
    let again: Value = app
        .get("/v1/arenas?status=upcoming")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again["arenas"].as_array().unwrap().len(), 1, "{again}");
    let a = &page["arenas"][0];
    assert_eq!(
        (&a["name"], &a["created_by"], &a["kind"]),
        (
            &json!("Hourly euchre"),
            &json!("house-arenas"),
            &json!("continuous")
        )
    );
    let starts = a["starts_unix_ms"].as_u64().unwrap();
    assert_eq!(starts % 3_600_000, 0, "on the hour");
    assert_eq!(a["ends_unix_ms"].as_u64().unwrap(), starts + 1_800_000);
    drop(redis);
}

both_stores!(
    a_silent_bot_is_withdrawn,
    a_silent_bot_is_withdrawn_from_a_duplicate_arena
);
