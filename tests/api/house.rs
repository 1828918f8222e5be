//! Bounded house players' work: a table of house players plays a step at a time (a request
//! never runs a whole long game), goes on in the background to the end, and is stored whole
//! however long it is; turn clocks fire on time while experts think elsewhere; a step whose
//! client went away stops.

use std::time::{Duration, Instant};

use hasenpfeffer::games::now_ms;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::started_game;
use crate::helpers::{Store, TestApp, both_stores, check_log, spawn_app, view_of, wait_finished};

/// Waits until the game's version is past `after`; answers the view and when it was seen.
async fn wait_past(app: &TestApp, id: &str, after: u64) -> (Value, u64) {
    loop {
        let res = app
            .get(&format!(
                "/v1/games/{id}?wait_for_version={after}&wait_ms=5000"
            ))
            .await;
        let (view, _) = view_of(res).await;
        if view["version"].as_u64().expect("version") > after {
            return (view, now_ms());
        }
    }
}

/// The house players' moves applied so far, from `/metrics`.
async fn bot_moves(app: &TestApp) -> u64 {
    let text = app
        .get("/metrics")
        .await
        .text()
        .await
        .expect("metrics text");
    text.lines()
        .find(|l| {
            l.contains("actions_total{")
                && l.contains("actor=\"bot\"")
                && l.contains("outcome=\"applied\"")
        })
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0)
}

/// A game of house players longer than a write may log at once (more than 64 hands): the
/// create answers 201 at once, the game goes on without any client to its end, and its log
/// holds every hand. Four random players of double-hasenpfeffer (whose game may never end) are
/// a valid request too: 201, and the game makes progress in the background.
async fn long_games_of_house_players_end_and_are_logged_whole(store: Store) {
    let app = spawn_app(store).await;
    let bot = json!({"kind": "bot", "strategy": "heuristic"});
    let start = Instant::now();
    let res = app
        .create(&json!({
            "seed": 7,
            "ruleset": {"preset": "pepper", "target_score": 300},
            "seats": [bot, bot, bot, bot],
        }))
        .await;
    let status = res.status();
    let body: Value = res.json().await.expect("JSON");
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let answered = start.elapsed();
    let id = body["game_id"].as_str().expect("game_id").to_owned();
    let last = wait_finished(&app, &id, Duration::from_secs(120)).await;
    let log = app.log(&id).await;
    check_log(&log, &last);
    let hands = log["hands"].as_array().expect("hands").len();
    assert!(hands > 64, "{hands} hands: not a long game");
    assert!(
        last["version"].as_u64().expect("version") > 1,
        "played in several steps"
    );
    assert!(
        answered < Duration::from_secs(5),
        "the create took {answered:?}"
    );

    let random = json!({"kind": "bot", "strategy": "random"});
    let res = app
        .create(&json!({
            "seed": 8,
            "ruleset": {"preset": "double-hasenpfeffer"},
            "seats": [random, random, random, random],
        }))
        .await;
    let status = res.status();
    let body: Value = res.json().await.expect("JSON");
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["game_id"].as_str().expect("game_id");
    let first = app.view(id, None).await;
    if first["status"] != "finished" {
        let (later, _) = wait_past(&app, id, first["version"].as_u64().expect("v")).await;
        assert!(later["hand_number"].as_u64() >= first["hand_number"].as_u64());
    }
    let res = app.get(&format!("/v1/games/{id}/log")).await;
    assert_eq!(res.status(), StatusCode::OK);
}

both_stores!(long_games_of_house_players_end_and_are_logged_whole);

/// The expert of before (`expert_v1`, a fixed reference) is a house player like the others: a
/// table of four plays a game of Euchre to its end, each seat showing its strategy, and the
/// log is whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_expert_of_before_plays_a_game() {
    let app = spawn_app(Store::Memory).await;
    let v1 = json!({"kind": "bot", "strategy": "expert_v1"});
    let id = app
        .create_game(&json!({
            "seed": 5,
            "ruleset": {"preset": "euchre", "target_score": 3},
            "seats": [v1, v1, v1, v1],
        }))
        .await;
    let last = wait_finished(&app, &id, Duration::from_secs(120)).await;
    for seat in last["seats"].as_array().expect("seats") {
        assert_eq!(seat["strategy"], "expert_v1", "{seat}");
    }
    let log = app.log(&id).await;
    check_log(&log, &last);
    // Their decisions with a choice were timed, in the background lane (nobody waits).
    let metrics = app.get("/metrics").await.text().await.expect("metrics");
    let count = metrics
        .lines()
        .find(|l| {
            l.starts_with("hasenpfeffer_house_decision_seconds_count{")
                && l.contains("lane=\"background\"")
                && l.contains("strategy=\"expert_v1\"")
        })
        .and_then(|l| l.rsplit(' ').next()?.parse::<u64>().ok());
    assert!(count.is_some_and(|n| n > 10), "{count:?} in\n{metrics}");
    assert!(!metrics.contains("lane=\"interactive\""), "{metrics}");
}

/// A table of four experts with a high target thinks for a long time: the create answers after
/// a bounded step, and the game goes on by itself (progress visible to a reader).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_experts_goes_on_by_itself() {
    let app = spawn_app(Store::Memory).await;
    let expert = json!({"kind": "bot", "strategy": "expert"});
    let start = Instant::now();
    let id = app
        .create_game(&json!({
            "seed": 9,
            "ruleset": {"preset": "pepper", "target_score": 300},
            "seats": [expert, expert, expert, expert],
        }))
        .await;
    let took = start.elapsed();
    assert!(took < Duration::from_secs(3), "the create took {took:?}");
    let v = app.version(&id).await;
    let (later, _) = wait_past(&app, &id, v).await;
    let (again, _) = wait_past(&app, &id, later["version"].as_u64().expect("v")).await;
    assert!(again["version"].as_u64() > later["version"].as_u64());
}

/// Turn clocks fire on time whatever the house players do: while tables of four experts (one
/// per CPU, so that every thinking permit is taken) play long games, and a clock game with
/// experts waits for a permit after its fallback move, a 100 ms clock of a game without house
/// players fires within a second of its deadline, every time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_fire_on_time_while_experts_think() {
    let app = std::sync::Arc::new(spawn_app(Store::Memory).await);
    let expert = json!({"kind": "bot", "strategy": "expert"});
    // A clock game with three experts, its seat 0 claimed: when seat 0's clock runs out, the
    // fallback move hands the turn to experts.
    let with_experts = app
        .create_game(&json!({
            "seed": 3,
            "turn_time_limit_ms": 1000,
            "ruleset": {"preset": "pepper", "target_score": 300},
            "seats": [{"kind": "open"}, expert, expert, expert],
        }))
        .await;
    app.claim_all(&with_experts, 1).await;
    // Every thinking permit taken by a long game of experts (the creates are not awaited: they
    // used to run whole games).
    let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
    for seed in 0..cpus as u64 {
        let app = app.clone();
        let expert = expert.clone();
        tokio::spawn(async move {
            app.create(&json!({
                "seed": 100 + seed,
                "ruleset": {"preset": "pepper", "target_score": 300},
                "seats": [expert, expert, expert, expert],
            }))
            .await
        });
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (id, _tokens) = started_game(&app, json!({"seed": 4, "turn_time_limit_ms": 100})).await;
    let mut version = app.version(&id).await;
    let mut worst = 0;
    for _ in 0..6 {
        let before = app.view(&id, None).await;
        assert_eq!(before["version"], version);
        let deadline = before["deadline_unix_ms"].as_u64().expect("a deadline");
        let (after, seen) = wait_past(&app, &id, version).await;
        let late = seen.saturating_sub(deadline);
        worst = worst.max(late);
        assert!(
            late < 1000,
            "a 100 ms clock fired {late} ms after its deadline"
        );
        version = after["version"].as_u64().expect("version");
    }
    eprintln!("the latest clock fired {worst} ms after its deadline");
}

/// A client that goes away while house players think for its request stops their work: the
/// step is dropped at the next move (nothing is written, no game made), and no house player
/// moves afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_stops_the_work() {
    let app = spawn_app(Store::Memory).await;
    let expert = json!({"kind": "bot", "strategy": "expert"});
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(30))
        .build()
        .expect("client");
    let sent = impatient
        .post(app.url("/v1/games"))
        .json(&json!({
            "seed": 12,
            "ruleset": {"preset": "pepper", "target_score": 300},
            "seats": [expert, expert, expert, expert],
        }))
        .send()
        .await;
    assert!(sent.is_err(), "the client gave up before the answer");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let moves = bot_moves(&app).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        bot_moves(&app).await,
        moves,
        "house players went on thinking for a request nobody waits for"
    );
}
