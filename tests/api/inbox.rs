//! Bots' inboxes over HTTP (`GET /v1/bots/me/events`): a seat claimed as a bot shows up as
//! `seated` (with the seat's token), a game's end as `game_over` (once); the stream resumes
//! with `Last-Event-ID` (or `after`) with exactly what was missed; the long poll answers at
//! once, wakes on an entry, or times out with `[]`; a bot's key shows only its own inbox; a
//! missing or wrong key is refused; an announcement made through one replica reaches a stream
//! held on another (Redis).

use std::time::{Duration, Instant};

use hasenpfeffer::store::testing::TestRedis;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bots::{claim_token, house, open, play_out, quick, register_ok};
use crate::harness::{Frame, Next, Sse, spawn_replicas};
use crate::helpers::{Store, TestApp, assert_problem, both_stores, header, spawn_app};

const WAIT: Duration = Duration::from_secs(10);

/// `GET /v1/bots/me/events` with `key`, the query `query` and the headers given.
async fn inbox_request(
    app: &TestApp,
    key: Option<&str>,
    query: &str,
    headers: &[(&str, &str)],
) -> reqwest::Response {
    let mut req = app
        .client
        .get(app.url(&format!("/v1/bots/me/events{query}")));
    if let Some(k) = key {
        req = req.header("authorization", format!("Bot {k}"));
    }
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    req.send().await.expect("inbox request sent")
}

/// The long poll: the entries after `after`, waiting up to `wait` seconds.
pub(crate) async fn poll(app: &TestApp, key: &str, after: u64, wait: u64) -> Vec<Value> {
    let res = inbox_request(
        app,
        Some(key),
        &format!("?after={after}&wait={wait}"),
        &[("accept", "application/json")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(header(&res, reqwest::header::CONTENT_TYPE).starts_with("application/json"));
    assert_eq!(header(&res, reqwest::header::CACHE_CONTROL), "no-store");
    let items: Vec<Value> = res.json().await.expect("a JSON array");
    let ids: Vec<u64> = items.iter().map(|i| i["id"].as_u64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids increase: {ids:?}");
    assert!(ids.iter().all(|id| *id > after));
    items
}

/// The inbox's stream, resumed after `last` if given.
async fn stream(app: &TestApp, key: &str, last: Option<u64>) -> Sse {
    let last = last.map(|l| l.to_string());
    let mut headers = vec![("accept", "text/event-stream")];
    if let Some(l) = &last {
        headers.push(("last-event-id", l.as_str()));
    }
    Sse::from_response(inbox_request(app, Some(key), "", &headers).await)
}

/// The next event of an inbox stream: its id (checked against the entry's) and the entry.
async fn next_entry(sse: &mut Sse) -> (u64, Value) {
    match sse.event(WAIT).await {
        Frame::Event { id, event, data } => {
            let entry: Value = serde_json::from_str(&data).expect("an entry is JSON");
            let id: u64 = id.expect("an id").parse().expect("a numeric id");
            assert_eq!(entry["id"], id, "the event id is the entry's");
            assert_eq!(entry["type"], event.as_str(), "the event name is its type");
            (id, entry)
        }
        Frame::Comment(c) => panic!("a comment: {c}"),
    }
}

/// Nothing more arrives on `sse` within `wait` (keep-alives aside).
async fn quiet(sse: &mut Sse, wait: Duration) {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match sse.next_within(left).await {
            Next::Timeout => return,
            Next::Frame(Frame::Comment(_)) => {}
            other => panic!("expected nothing, got {other:?}"),
        }
    }
}

/// A game with seat 0 open and three house players (to 1 point).
async fn game_for_one(app: &TestApp) -> String {
    app.create_game(&quick(json!([
        open(),
        house("random"),
        house("random"),
        house("random")
    ])))
    .await
}

/// A bot claims a seat: its inbox (stream and long poll) shows `seated` with the seat and its
/// token; the game ends: `game_over` arrives, once; another bot's inbox holds none of it.
async fn seated_then_game_over(store: Store) {
    let app = spawn_app(store).await;
    let a = register_ok(&app, "Inbox-A").await;
    let b = register_ok(&app, "inbox-b").await;
    assert!(poll(&app, &a, 0, 0).await.is_empty());
    let mut sse = stream(&app, &a, None).await;
    let id = game_for_one(&app).await;
    let token = claim_token(&app, &id, &a, &json!({})).await;
    let (seated_id, seated) = next_entry(&mut sse).await;
    assert_eq!(seated["type"], "seated");
    assert_eq!(seated["game_id"], id.as_str());
    assert_eq!(seated["seat"], 0);
    assert_eq!(seated["token"], token.as_str());
    assert_eq!(seated["via"], json!({"type": "claim"}));
    assert_eq!(seated["preset"], "hasenpfeffer");
    assert_eq!(seated["ruleset"]["target_score"], 1);
    assert_eq!(poll(&app, &a, 0, 0).await, vec![seated.clone()]);
    let last = play_out(&app, &id, &[(0, token.clone())], false).await;
    let (over_id, over) = next_entry(&mut sse).await;
    assert!(over_id > seated_id);
    assert_eq!(over["type"], "game_over");
    assert_eq!(over["game_id"], id.as_str());
    assert_eq!(over["seat"], 0);
    assert_eq!(over["scores"], last["scores"]);
    let won = last["winners"]
        .as_array()
        .expect("winners")
        .contains(&json!(0));
    let outcome = match (won, last["draw"] == true) {
        (true, true) => "draw",
        (true, false) => "won",
        _ => "lost",
    };
    assert_eq!(over["outcome"], outcome);
    // Once: nothing more comes, and the inbox holds the two entries.
    quiet(&mut sse, Duration::from_millis(1500)).await;
    assert_eq!(poll(&app, &a, 0, 0).await, vec![seated, over]);
    // The other bot's key sees an empty inbox: no entry, no token.
    let res = inbox_request(&app, Some(&b), "", &[("accept", "application/json")]).await;
    let text = res.text().await.expect("body");
    assert_eq!(text, "[]");
    let mut other = stream(&app, &b, None).await;
    quiet(&mut other, Duration::from_millis(500)).await;
}

/// A stream dropped and opened again with `Last-Event-ID` (or `?after=`) gets exactly the
/// entries made after the last one it received, in order.
async fn resumes_after_a_disconnect(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "resumer").await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let id = game_for_one(&app).await;
        claim_token(&app, &id, &key, &json!({})).await;
        games.push(id);
    }
    let mut sse = stream(&app, &key, None).await;
    let (first, entry) = next_entry(&mut sse).await;
    assert_eq!(entry["game_id"], games[0].as_str());
    drop(sse);
    // Missed while away: the second (sent, unread) and three more.
    for _ in 0..3 {
        let id = game_for_one(&app).await;
        claim_token(&app, &id, &key, &json!({})).await;
        games.push(id);
    }
    let mut sse = stream(&app, &key, Some(first)).await;
    let mut ids = Vec::new();
    for game in &games[1..] {
        let (id, entry) = next_entry(&mut sse).await;
        assert_eq!(entry["game_id"], game.as_str());
        ids.push(id);
    }
    quiet(&mut sse, Duration::from_millis(500)).await;
    assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids[0] > first);
    // `after` does the same; Last-Event-ID wins over it.
    let res = inbox_request(
        &app,
        Some(&key),
        &format!("?after={}", ids[2]),
        &[("accept", "text/event-stream")],
    )
    .await;
    let mut sse = Sse::from_response(res);
    assert_eq!(next_entry(&mut sse).await.0, ids[3]);
    quiet(&mut sse, Duration::from_millis(300)).await;
    let both = ids[3].to_string();
    let res = inbox_request(
        &app,
        Some(&key),
        "?after=0",
        &[("accept", "text/event-stream"), ("last-event-id", &both)],
    )
    .await;
    let mut sse = Sse::from_response(res);
    quiet(&mut sse, Duration::from_millis(300)).await;
}

/// The long poll answers at once when entries wait, wakes when one comes, and answers `[]`
/// after `wait` seconds.
async fn long_poll_wakes_and_times_out(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "poller").await;
    let start = Instant::now();
    assert!(poll(&app, &key, 0, 1).await.is_empty());
    let waited = start.elapsed();
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(5),
        "{waited:?}"
    );
    let id = game_for_one(&app).await;
    let waiter = {
        let (app2, key2) = (TestApp::at(app.url(""), None), key.clone());
        tokio::spawn(async move {
            let start = Instant::now();
            (poll(&app2, &key2, 0, 20).await, start.elapsed())
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let token = claim_token(&app, &id, &key, &json!({})).await;
    let (items, waited) = waiter.await.expect("the poll");
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["token"], token.as_str());
    assert!(
        waited < Duration::from_secs(10),
        "woken, not timed out: {waited:?}"
    );
    let after = items[0]["id"].as_u64().unwrap();
    assert!(poll(&app, &key, after, 0).await.is_empty());
}

/// A missing key is 401 (with `WWW-Authenticate`), a wrong one 403, bad parameters 400.
async fn keys_and_bad_requests(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "checked").await;
    let res = inbox_request(&app, None, "", &[]).await;
    assert_eq!(header(&res, reqwest::header::WWW_AUTHENTICATE), "Bot");
    assert_problem(res, 401, "missing_bot_key").await;
    let res = app
        .client
        .get(app.url("/v1/bots/me/events"))
        .bearer_auth("hp_0000")
        .send()
        .await
        .expect("sent");
    assert_problem(res, 401, "missing_bot_key").await;
    for wrong in [format!("{key}x"), "hpb_00".into()] {
        assert_problem(
            inbox_request(&app, Some(&wrong), "", &[]).await,
            403,
            "invalid_bot_key",
        )
        .await;
    }
    for query in [
        "?wait=31",
        "?after=-1",
        "?after=x",
        "?other=1",
        "?after=9223372036854775808",
    ] {
        assert_problem(
            inbox_request(&app, Some(&key), query, &[("accept", "application/json")]).await,
            400,
            "invalid_query",
        )
        .await;
    }
    assert_problem(
        inbox_request(&app, Some(&key), "", &[("last-event-id", "seven")]).await,
        400,
        "invalid_last_event_id",
    )
    .await;
}

both_stores!(
    seated_then_game_over,
    resumes_after_a_disconnect,
    long_poll_wakes_and_times_out,
    keys_and_bad_requests,
);

/// Two replicas on one Redis: a stream held on B sees the entry of a claim made through A,
/// and the game's end played through A.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_announce_on_one_replica_reaches_a_stream_on_another() {
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("redis");
    let bases = spawn_replicas(2, &redis.url(), |_| {}).await;
    let (a, b) = (
        TestApp::at(bases[0].clone(), None),
        TestApp::at(bases[1].clone(), None),
    );
    let key = register_ok(&a, "replicated").await;
    let mut sse = stream(&b, &key, None).await;
    quiet(&mut sse, Duration::from_millis(300)).await;
    let id = game_for_one(&a).await;
    let token = claim_token(&a, &id, &key, &json!({})).await;
    let (_, seated) = next_entry(&mut sse).await;
    assert_eq!(seated["token"], token.as_str());
    play_out(&a, &id, &[(0, token)], false).await;
    let (_, over) = next_entry(&mut sse).await;
    assert_eq!(over["type"], "game_over");
    assert_eq!(over["game_id"], id.as_str());
}
