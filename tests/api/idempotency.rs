//! `Idempotency-Key` on actions: a retry with the same key (same seat, same action) gets the
//! original answer and is applied once, on both stores, across replicas and under concurrent
//! duplicates; the same key for anything else is 409 `idempotency_key_reused`.

use futures_util::future::join_all;
use hasenpfeffer::store::testing::TestRedis;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::{spawn_replicas, started_game};
use crate::helpers::{Store, TestApp, assert_problem, both_stores, header, spawn_app};

/// Posts `action` to `/actions` with an `Idempotency-Key`; answers status, version (ETag) and
/// body.
async fn act_keyed(
    app: &TestApp,
    id: &str,
    token: &str,
    action: &Value,
    key: &str,
) -> (StatusCode, Option<u64>, Value) {
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(token)
        .header("idempotency-key", key)
        .json(action)
        .send()
        .await
        .expect("sent");
    let status = res.status();
    let etag = header(&res, reqwest::header::ETAG);
    let version = etag.trim_matches('"').parse().ok();
    let body: Value = res.json().await.expect("JSON body");
    (status, version, body)
}

/// The seat to act and its view.
async fn to_act(app: &TestApp, id: &str, tokens: &[String]) -> (usize, Value) {
    let seat = app.view(id, None).await["turn"].as_u64().expect("turn") as usize;
    (seat, app.view(id, Some(&tokens[seat])).await)
}

async fn retries_are_applied_once(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 21})).await;
    let v = app.version(&id).await;
    let (seat, _) = to_act(&app, &id, &tokens).await;
    let pass = json!({"type": "pass"});
    let (status, version, first) = act_keyed(&app, &id, &tokens[seat], &pass, "retry-1").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(version, Some(v + 1));
    for _ in 0..3 {
        let (status, version, again) = act_keyed(&app, &id, &tokens[seat], &pass, "retry-1").await;
        assert_eq!(status, StatusCode::OK, "{again}");
        assert_eq!(
            version,
            Some(v + 1),
            "the retry answers the original version"
        );
        assert_eq!(again, first, "the retry answers the original body");
    }
    assert_eq!(app.version(&id).await, v + 1, "applied once");
    let auction = app.view(&id, None).await["auction"].clone();
    assert_eq!(auction.as_array().expect("auction").len(), 1);

    // The game moves on; the retry still answers what the first request did.
    let (next_seat, _) = to_act(&app, &id, &tokens).await;
    let (status, _, _) = act_keyed(&app, &id, &tokens[next_seat], &pass, "retry-2").await;
    assert_eq!(status, StatusCode::OK);
    let (status, version, late) = act_keyed(&app, &id, &tokens[seat], &pass, "retry-1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(version, Some(v + 1));
    assert_eq!(late, first);
    assert_eq!(app.version(&id).await, v + 2);

    // The same key for another action by the same seat: 409, and nothing changes. Another
    // seat's same key is another key: that request is judged on its own (not this seat's
    // turn here: 422).
    let before = app.view(&id, None).await;
    let bid = json!({"type": "bid", "tricks": 4});
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(&tokens[seat])
        .header("idempotency-key", "retry-1")
        .json(&bid)
        .send()
        .await
        .expect("sent");
    assert_problem(res, 409, "idempotency_key_reused").await;
    let other = (seat + 1) % 4;
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(&tokens[other])
        .header("idempotency-key", "retry-1")
        .json(&pass)
        .send()
        .await
        .expect("sent");
    assert_problem(res, 422, "not_your_turn").await;
    assert_eq!(app.view(&id, None).await, before);

    // A refused action stores nothing: the key can then be used for a legal one.
    let (turn, view) = to_act(&app, &id, &tokens).await;
    let wrong = (turn + 1) % 4;
    let (status, _, doc) = act_keyed(&app, &id, &tokens[wrong], &pass, "fresh").await;
    assert_eq!(status.as_u16(), 422, "{doc}");
    assert_eq!(doc["code"], "not_your_turn");
    let legal = view["legal_actions"][0].clone();
    let (status, version, _) = act_keyed(&app, &id, &tokens[turn], &legal, "fresh").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(version, Some(before["version"].as_u64().expect("v") + 1));

    // Bad keys are 400 problems, and change nothing.
    let before = app.view(&id, None).await;
    let (turn, view) = to_act(&app, &id, &tokens).await;
    let legal = view["legal_actions"][0].clone();
    for key in ["".to_owned(), "k".repeat(129)] {
        let res = app
            .client
            .post(app.url(&format!("/v1/games/{id}/actions")))
            .bearer_auth(&tokens[turn])
            .header("idempotency-key", key.as_str())
            .json(&legal)
            .send()
            .await
            .expect("sent");
        assert_problem(res, 400, "invalid_idempotency_key").await;
    }
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(&tokens[turn])
        .header(
            "idempotency-key",
            reqwest::header::HeaderValue::from_bytes(b"caf\xc3\xa9").expect("header"),
        )
        .json(&legal)
        .send()
        .await
        .expect("sent");
    assert_problem(res, 400, "invalid_idempotency_key").await;
    assert_eq!(app.view(&id, None).await, before);
    // Any visible ASCII works, including characters that need escaping in a Redis key.
    let (status, _, _) = act_keyed(&app, &id, &tokens[turn], &legal, "{odd}:key*?%/ ..").await;
    assert_eq!(status, StatusCode::OK);
}

/// Ten copies of the same request with the same key at once: applied once, and every copy gets
/// the same answer.
async fn concurrent_duplicates(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 22})).await;
    let v = app.version(&id).await;
    let (seat, _) = to_act(&app, &id, &tokens).await;
    let pass = json!({"type": "pass"});
    let answers =
        join_all((0..10).map(|_| act_keyed(&app, &id, &tokens[seat], &pass, "same-key-10"))).await;
    for (status, version, body) in &answers {
        assert_eq!(*status, StatusCode::OK, "{body}");
        assert_eq!(*version, Some(v + 1));
        assert_eq!(*body, answers[0].2, "every copy gets the same answer");
    }
    assert_eq!(app.version(&id).await, v + 1, "applied once");
    let auction = app.view(&id, None).await["auction"].clone();
    assert_eq!(auction.as_array().expect("auction").len(), 1);
}

/// Keys are scoped per seat: a key one seat used does not block another seat's different
/// action, and each seat's retry still answers its own first answer.
async fn keys_are_per_seat(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 24})).await;
    let pass = json!({"type": "pass"});
    let mut answers = Vec::new();
    for _ in 0..3 {
        let (seat, view) = to_act(&app, &id, &tokens).await;
        let action = if view["legal_actions"]
            .as_array()
            .expect("legal")
            .contains(&pass)
        {
            pass.clone()
        } else {
            view["legal_actions"][0].clone()
        };
        let (status, version, body) = act_keyed(&app, &id, &tokens[seat], &action, "move").await;
        assert_eq!(status, StatusCode::OK, "seat {seat}: {body}");
        answers.push((seat, action, version, body));
    }
    for (seat, action, version, body) in &answers {
        let (status, again, replay) = act_keyed(&app, &id, &tokens[*seat], action, "move").await;
        assert_eq!(status, StatusCode::OK, "{replay}");
        assert_eq!(
            (again, &replay),
            (*version, body),
            "seat {seat}'s own answer"
        );
    }
    // The same seat, the same key, another action: refused.
    let (seat, _, _, _) = &answers[0];
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(&tokens[*seat])
        .header("idempotency-key", "move")
        .json(&json!({"type": "bid", "tricks": 4}))
        .send()
        .await
        .expect("sent");
    assert_problem(res, 409, "idempotency_key_reused").await;
}

/// Copies of one request with both `Idempotency-Key` and `If-Match` racing each other: the
/// action is applied once, and every copy gets its answer (none a `version_conflict`, though
/// all but one lose the compare-and-set or see the version moved).
async fn racing_retries_with_if_match(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 25})).await;
    for round in 0..5 {
        let v = app.version(&id).await;
        let (seat, view) = to_act(&app, &id, &tokens).await;
        let action = view["legal_actions"][0].clone();
        let key = format!("race-{round}");
        let answers = join_all((0..20).map(|_| async {
            let res = app
                .client
                .post(app.url(&format!("/v1/games/{id}/actions")))
                .bearer_auth(&tokens[seat])
                .header("idempotency-key", key.as_str())
                .header("if-match", format!("\"{v}\""))
                .json(&action)
                .send()
                .await
                .expect("sent");
            let status = res.status();
            let body: Value = res.json().await.expect("JSON");
            (status, body)
        }))
        .await;
        for (status, body) in &answers {
            assert_eq!(*status, StatusCode::OK, "round {round}: {body}");
            assert_eq!(body["version"], v + 1);
            assert_eq!(*body, answers[0].1, "every copy gets the same answer");
        }
        assert_eq!(app.version(&id).await, v + 1, "applied once");
    }
}

/// Bacon: a `pick_up` sent again with its key (to `/bid`, or to `/actions`: the key names the
/// seat's request, whichever endpoint) answers the original view and is applied once (one call,
/// the partner to answer), also while ten copies race and after the partner answered; the same
/// key for a pass is refused and changes nothing.
async fn bacon_pick_up_retries_are_applied_once(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) =
        started_game(&app, json!({"ruleset": {"preset": "bacon"}, "seed": 26})).await;
    let v = app.version(&id).await;
    let (seat, _) = to_act(&app, &id, &tokens).await;
    let pick_up = json!({"type": "pick_up"});
    let send = |endpoint: &'static str, action: Value| {
        let (app, id, token) = (&app, &id, tokens[seat].clone());
        async move {
            let res = app
                .client
                .post(app.url(&format!("/v1/games/{id}/{endpoint}")))
                .bearer_auth(token)
                .header("idempotency-key", "pick-it-up")
                .json(&action)
                .send()
                .await
                .expect("sent");
            let status = res.status();
            let etag = header(&res, reqwest::header::ETAG);
            let body: Value = res.json().await.expect("JSON");
            (status, etag, body)
        }
    };
    let answers = join_all((0..10).map(|_| send("bid", pick_up.clone()))).await;
    let first = answers[0].2.clone();
    for (status, etag, body) in &answers {
        assert_eq!(*status, StatusCode::OK, "{body}");
        assert_eq!(*etag, format!("\"{}\"", v + 1));
        assert_eq!(*body, first, "every copy gets the same answer");
    }
    assert_eq!(app.version(&id).await, v + 1, "applied once");
    let view = app.view(&id, None).await;
    let calls = view["upcard_calls"].as_array().expect("calls");
    assert_eq!(calls.len(), 1, "one call: {calls:?}");
    assert_eq!(calls[0]["seat"], seat);
    assert_eq!(calls[0]["answer"], Value::Null);
    assert_eq!(view["turn"], (seat + 2) % 4, "the partner answers");
    // The same key for another action of the same seat: refused, nothing changes.
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/bid")))
        .bearer_auth(&tokens[seat])
        .header("idempotency-key", "pick-it-up")
        .json(&json!({"type": "pass"}))
        .send()
        .await
        .expect("sent");
    assert_problem(res, 409, "idempotency_key_reused").await;
    assert_eq!(app.view(&id, None).await, view);
    // The partner allows; the retry, through the general endpoint, still answers the original.
    let partner = (seat + 2) % 4;
    let (status, _, _) = act_keyed(
        &app,
        &id,
        &tokens[partner],
        &json!({"type": "allow"}),
        "pick-it-up",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.view(&id, None).await["phase"], "exchange");
    let (status, etag, late) = send("actions", pick_up.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(etag, format!("\"{}\"", v + 1));
    assert_eq!(late, first);
    assert_eq!(app.version(&id).await, v + 2, "the retry changed nothing");
}

both_stores!(
    retries_are_applied_once,
    concurrent_duplicates,
    keys_are_per_seat,
    racing_retries_with_if_match,
    bacon_pick_up_retries_are_applied_once
);

/// Two replicas on one Redis: the retry reaches the other replica, and still gets the original
/// answer; concurrent duplicates spread over both replicas are applied once.
#[tokio::test]
async fn retry_on_another_replica() {
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("redis");
    let bases = spawn_replicas(2, &redis.url(), |_| {}).await;
    let a = TestApp::at(bases[0].clone(), None);
    let b = TestApp::at(bases[1].clone(), None);
    let (id, tokens) = started_game(&a, json!({"seed": 23})).await;
    let v = a.version(&id).await;
    let (seat, _) = to_act(&a, &id, &tokens).await;
    let pass = json!({"type": "pass"});
    let (status, version, first) = act_keyed(&a, &id, &tokens[seat], &pass, "cross").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(version, Some(v + 1));
    let (status, version, again) = act_keyed(&b, &id, &tokens[seat], &pass, "cross").await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(version, Some(v + 1));
    assert_eq!(again, first);
    assert_eq!(b.version(&id).await, v + 1);

    // Duplicates spread over both replicas at once.
    let (seat, _) = to_act(&b, &id, &tokens).await;
    let answers = join_all((0..10).map(|i| {
        let app = if i % 2 == 0 { &a } else { &b };
        act_keyed(app, &id, &tokens[seat], &pass, "cross-10")
    }))
    .await;
    for (status, version, body) in &answers {
        assert_eq!(*status, StatusCode::OK, "{body}");
        assert_eq!(*version, Some(v + 2));
        assert_eq!(*body, answers[0].2);
    }
    assert_eq!(a.version(&id).await, v + 2);
    drop(redis);
}
