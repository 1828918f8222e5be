//! Push: the Server-Sent-Events stream (`GET /v1/games/{id}/events`) and long polling
//! (`GET /v1/games/{id}?wait_for_version=N&wait_ms=M`).

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::{ChildServer, Frame, Next, Sse, started_game, step};
use crate::helpers::{Seen, Store, TestApp, assert_problem, both_stores, spawn_app, view_of};

const SOON: Duration = Duration::from_secs(10);

/// A game of two clients (seats 0 and 2) and two house players, every seat filled.
async fn two_clients(app: &TestApp) -> (String, Vec<String>) {
    let id = app
        .create_game(&json!({
            "seed": 11,
            "ruleset": {"preset": "hasenpfeffer", "target_score": 5},
            "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"},
                      {"kind": "open"}, {"kind": "bot", "strategy": "random"}],
        }))
        .await;
    let t0 = claimed(app, &id, 0).await;
    let t2 = claimed(app, &id, 2).await;
    (id, vec![t0, String::new(), t2, String::new()])
}

async fn claimed(app: &TestApp, id: &str, seat: usize) -> String {
    let res = app.claim(id, Some(&json!({"seat": seat}))).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body: Value = res.json().await.expect("claim JSON");
    body["token"].as_str().expect("token").to_owned()
}

/// The first event is the reader's current view (seat-filtered); a move by another client is a
/// new event whose id is the new version; the stream follows the game to its end, ends with a
/// `game_over` event, and closes. No event ever shows a hand but the reader's.
async fn stream_follows_the_game(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = two_clients(&app).await;
    let clients = [0usize, 2];
    let all_tokens: Vec<String> = clients.iter().map(|&s| tokens[s].clone()).collect();
    let mut seat0 = Sse::open(&app, &id, Some(&tokens[0]), None).await;
    let mut spectator = Sse::open(&app, &id, None, None).await;

    let now = app.view(&id, None).await;
    let mut version = now["version"].as_u64().expect("version");
    let first = seat0.event(SOON).await;
    assert_eq!(first.name(), Some("view"));
    let (v0, text) = first.view();
    assert_eq!(
        v0["version"], version,
        "the first event is the current view"
    );
    assert_eq!(v0["seat"], 0);
    assert_eq!(v0["hand"].as_array().expect("hand").len(), 6);
    let mut seen = Seen::default();
    seen.record(Some(0), v0, &text, &all_tokens);
    let (s0, text) = spectator.event(SOON).await.view();
    assert_eq!(s0["version"], version);
    seen.record(None, s0, &text, &all_tokens);

    // Play to the end; after each move both streams show the new version (or a later one: a
    // slow reader may get changes coalesced), and nothing else.
    let mut rng = SmallRng::seed_from_u64(3);
    let mut last_names = (String::new(), String::new());
    let mut moves = 0;
    loop {
        let spectator_view = app.view(&id, None).await;
        let Some(seat) = spectator_view["turn"].as_u64() else {
            break;
        };
        let seat = seat as usize;
        assert!(clients.contains(&seat), "house players never wait");
        let (view, _) = view_of(app.get_game(&id, Some(&tokens[seat])).await).await;
        let action = crate::helpers::choose(&view, &mut rng);
        let res = app.act(&id, &tokens[seat], "actions", &action).await;
        let (after, _) = view_of(res).await;
        let new_version = after["version"].as_u64().expect("version");
        assert_eq!(new_version, version + 1);
        version = new_version;
        moves += 1;
        for (reader, sse, name) in [
            (Some(0), &mut seat0, &mut last_names.0),
            (None, &mut spectator, &mut last_names.1),
        ] {
            let frame = sse.event(SOON).await;
            let (v, text) = frame.view();
            assert_eq!(
                v["version"], version,
                "the event after a move is its version"
            );
            seen.record(reader, v, &text, &all_tokens);
            *name = frame.name().expect("an event").to_owned();
        }
    }
    assert!(moves > 10, "a real game was played ({moves} moves)");
    assert_eq!(last_names, ("game_over".into(), "game_over".into()));
    for sse in [&mut seat0, &mut spectator] {
        match sse.next_within(SOON).await {
            Next::End => {}
            other => panic!("the stream ends after the game is over, got {other:?}"),
        }
    }
    let log = app.log(&id).await;
    seen.check_against(&log);
    // A stream of a finished game: the last view, then the end.
    let mut late = Sse::open(&app, &id, Some(&tokens[2]), None).await;
    let (v, _) = late.event(SOON).await.view();
    assert_eq!(v["version"], version);
    assert_eq!(v["seat"], 2);
    assert!(matches!(late.next_within(SOON).await, Next::End));
    // Resuming at the last version of a finished game: nothing new, the end at once.
    let mut done = Sse::open(&app, &id, None, Some(version)).await;
    assert!(matches!(done.next_within(SOON).await, Next::End));
}

/// `Last-Event-ID` (header or query) resumes: a reader that has the current version gets
/// nothing until the next change; one that is behind gets the current view at once.
async fn stream_resumes_with_last_event_id(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 4})).await;
    let mut rng = SmallRng::seed_from_u64(4);
    let v = app.version(&id).await;

    let mut up_to_date = Sse::open(&app, &id, Some(&tokens[1]), Some(v)).await;
    match up_to_date.next_within(Duration::from_millis(700)).await {
        Next::Timeout => {}
        other => panic!("a reader at the current version gets nothing, got {other:?}"),
    }
    let mut behind = Sse::open(&app, &id, Some(&tokens[1]), Some(v - 1)).await;
    let (first, _) = behind.event(SOON).await.view();
    assert_eq!(first["version"], v);
    // With the query parameter instead of the header.
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/events?last_event_id={v}")))
        .send()
        .await
        .expect("sent");
    let mut by_query = Sse::from_response(res);
    match by_query.next_within(Duration::from_millis(300)).await {
        Next::Timeout => {}
        other => panic!("`last_event_id` at the current version: nothing, got {other:?}"),
    }

    let next = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    assert_eq!(next, v + 1);
    for sse in [&mut up_to_date, &mut behind, &mut by_query] {
        let (view, _) = sse.event(SOON).await.view();
        assert_eq!(view["version"], next, "resumed streams see the change");
    }
    // The header wins over nothing; a malformed one is a 400 problem, not a broken stream.
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/events")))
        .header("last-event-id", "seven")
        .send()
        .await
        .expect("sent");
    assert_problem(res, 400, "invalid_last_event_id").await;
    let res = app
        .get(&format!("/v1/games/{id}/events?last_event_id=-1"))
        .await;
    assert_problem(res, 400, "invalid_query").await;
}

/// Errors come before the stream starts: an unknown game is a 404 problem, a wrong token 403, a
/// malformed Authorization header 401.
async fn stream_errors_are_problems(store: Store) {
    let app = spawn_app(store).await;
    let (id, _tokens) = started_game(&app, json!({"seed": 8})).await;
    assert_problem(
        Sse::request(&app, "nosuchgame0000ab", None, None).await,
        404,
        "game_not_found",
    )
    .await;
    assert_problem(
        Sse::request(&app, &id, Some("hp_0000"), None).await,
        403,
        "invalid_token",
    )
    .await;
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/events")))
        .header("authorization", "Basic abc")
        .send()
        .await
        .expect("sent");
    assert_problem(res, 401, "malformed_authorization").await;
}

/// Long polling answers as soon as the version passes N, and after the wait otherwise (with the
/// current view), never much later.
async fn long_poll(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 9})).await;
    let v = app.version(&id).await;
    let poll = |after: u64, wait_ms: u64, token: Option<String>| {
        let req = app.client.get(app.url(&format!(
            "/v1/games/{id}?wait_for_version={after}&wait_ms={wait_ms}"
        )));
        let req = match token {
            Some(t) => req.bearer_auth(t),
            None => req,
        };
        async move {
            let start = Instant::now();
            let res = req.send().await.expect("poll sent");
            let (view, _) = view_of(res).await;
            (view, start.elapsed())
        }
    };
    // Already past: at once.
    let (view, took) = poll(v - 1, 10_000, None).await;
    assert_eq!(view["version"], v);
    assert!(took < Duration::from_secs(1), "{took:?}");
    // Nothing happens: the current view after the wait.
    let (view, took) = poll(v, 400, Some(tokens[0].clone())).await;
    assert_eq!(view["version"], v);
    assert_eq!(
        view["seat"], 0,
        "a long poll with a token is the seat's view"
    );
    assert!(
        took >= Duration::from_millis(390) && took < Duration::from_secs(3),
        "{took:?}"
    );
    // A change during the wait: the answer comes with it, long before the wait is over.
    let waiting = tokio::spawn(poll(v, 20_000, None));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut rng = SmallRng::seed_from_u64(9);
    let next = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    let (view, took) = waiting.await.expect("poll task");
    assert_eq!(view["version"], next);
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_secs(5),
        "answered {took:?} after the start"
    );
    // The wait is bounded (at most 60 s): a bad value is a 400 problem.
    for bad in [
        "wait_for_version=x",
        "wait_ms=-5",
        "wait_for_version=1&nope=2",
    ] {
        assert_problem(
            app.get(&format!("/v1/games/{id}?{bad}")).await,
            400,
            "invalid_query",
        )
        .await;
    }
    // An unknown game is a 404 at once, not a wait.
    let start = Instant::now();
    assert_problem(
        app.get("/v1/games/nosuchgame0000ab?wait_for_version=1&wait_ms=5000")
            .await,
        404,
        "game_not_found",
    )
    .await;
    assert!(start.elapsed() < Duration::from_secs(2));
}

/// A 429 `too_many_streams` of the cap `limit` allowing `allowed`, with the headers the other
/// limits send.
async fn assert_too_many_streams(res: reqwest::Response, limit: &str, allowed: u32) {
    assert_eq!(
        crate::helpers::header(&res, reqwest::header::RETRY_AFTER),
        "1"
    );
    let h = |name: &'static str| {
        crate::helpers::header(&res, reqwest::header::HeaderName::from_static(name))
    };
    assert_eq!(h("ratelimit-limit"), allowed.to_string());
    assert_eq!(h("ratelimit-remaining"), "0");
    assert!(h("ratelimit-policy").starts_with(&format!("\"{limit}\";q={allowed}")));
    let doc = assert_problem(res, 429, "too_many_streams").await;
    assert_eq!(doc["rate_limit"]["limit"], limit);
    assert_eq!(doc["rate_limit"]["allowance"], allowed);
}

/// Retries `open` until it answers 200 (a closed stream is released when the server notices
/// its reader gone, a moment after the close).
async fn reopens(what: &str, open: impl AsyncFn() -> reqwest::Response) -> reqwest::Response {
    let deadline = Instant::now() + SOON;
    loop {
        let res = open().await;
        if res.status() == StatusCode::OK {
            return res;
        }
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS, "{what}");
        assert!(
            Instant::now() < deadline,
            "{what}: the closed stream was never released"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Event streams and long polls are capped per client address (`STREAMS_PER_CLIENT`) and per
/// bot (`STREAMS_PER_BOT`): over a cap, 429 `too_many_streams` with the `RateLimit-*` headers;
/// a stream closed by its reader, and a long poll that answered, are released.
async fn streams_are_capped_per_client_and_per_bot(store: Store) {
    let app = crate::helpers::spawn_app_with(store, |c| {
        c.streams_per_client = 3;
        c.streams_per_bot = 2;
    })
    .await;
    let (id, _) = started_game(&app, json!({"seed": 12})).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Sse::open(&app, &id, None, None).await);
    }
    assert_too_many_streams(
        Sse::request(&app, &id, None, None).await,
        "streams_per_client",
        3,
    )
    .await;
    let poll = || {
        app.client
            .get(app.url(&format!("/v1/games/{id}?wait_for_version=1000&wait_ms=100")))
            .send()
    };
    assert_too_many_streams(poll().await.expect("sent"), "streams_per_client", 3).await;
    // A plain view is no long poll: not counted.
    assert_eq!(app.get_game(&id, None).await.status(), StatusCode::OK);
    // Close one: another opens (once the server has noticed).
    drop(open.pop());
    let res = reopens("a stream after one closed", async || {
        Sse::request(&app, &id, None, None).await
    })
    .await;
    open.push(Sse::from_response(res));
    drop(open);
    // A long poll holds a place while it waits, and gives it back when it answers.
    let res = reopens("a long poll", async || poll().await.expect("sent")).await;
    let _ = res.text().await;
    // Per bot: its inbox, as a stream or a long poll, whatever the client.
    let key = crate::bots::register_ok(&app, "stream-bot").await;
    let inbox = |accept: &'static str, wait: u64| {
        app.client
            .get(app.url(&format!("/v1/bots/me/events?wait={wait}")))
            .header("authorization", format!("Bot {key}"))
            .header("accept", accept)
            .send()
    };
    // (The game's streams closed above may take a moment to be released.)
    let a = reopens("an inbox stream", async || {
        inbox("text/event-stream", 0).await.expect("sent")
    })
    .await;
    let b = reopens("a second inbox stream", async || {
        inbox("text/event-stream", 0).await.expect("sent")
    })
    .await;
    assert_too_many_streams(
        inbox("application/json", 1).await.expect("sent"),
        "streams_per_bot",
        2,
    )
    .await;
    assert_too_many_streams(
        inbox("text/event-stream", 0).await.expect("sent"),
        "streams_per_bot",
        2,
    )
    .await;
    drop(a);
    let c = reopens("an inbox stream after one closed", async || {
        inbox("text/event-stream", 0).await.expect("sent")
    })
    .await;
    drop((b, c));
    let res = reopens("an inbox long poll", async || {
        inbox("application/json", 0).await.expect("sent")
    })
    .await;
    assert_eq!(res.text().await.expect("body"), "[]");
}

both_stores!(
    stream_follows_the_game,
    stream_resumes_with_last_event_id,
    stream_errors_are_problems,
    long_poll,
    streams_are_capped_per_client_and_per_bot,
);

/// Keep-alive comments while nothing happens (the server binary with `SSE_KEEP_ALIVE_MS=200`;
/// the default is 15 s).
#[tokio::test]
async fn stream_sends_keep_alives() {
    let server =
        tokio::task::spawn_blocking(|| ChildServer::start(&[("SSE_KEEP_ALIVE_MS", "200")]))
            .await
            .expect("start the server");
    let app = TestApp::at(server.base.clone(), None);
    let (id, tokens) = started_game(&app, json!({"seed": 12})).await;
    let mut sse = Sse::open(&app, &id, Some(&tokens[3]), None).await;
    let (first, _) = sse.event(SOON).await.view();
    let v = first["version"].as_u64().expect("version");
    let start = Instant::now();
    let mut comments = 0;
    while comments < 3 {
        match sse.frame(Duration::from_secs(2)).await {
            Frame::Comment(c) => {
                assert_eq!(c, "keep-alive");
                comments += 1;
            }
            other => panic!("only keep-alives while nothing happens, got {other:?}"),
        }
    }
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(500) && took < Duration::from_secs(3),
        "three keep-alives at 200 ms took {took:?}"
    );
    // And events still come through between keep-alives.
    let mut rng = SmallRng::seed_from_u64(12);
    let next = step(&app, &id, &tokens, &mut rng).await.expect("a move");
    assert_eq!(next, v + 1);
    let (after, _) = sse.event(SOON).await.view();
    assert_eq!(after["version"], next);
    drop(server);
}
