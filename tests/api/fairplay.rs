//! Fair play among strangers, over HTTP on both stores: rated games are only the server's own
//! tables (a client holding every seat with two accounts rates nobody), ratings live in pools
//! per preset and player count with a history and a change in each `game_over`, leaderboards
//! rank by the conservative estimate; another bot is seated only by a challenge it accepted;
//! a seat that lets its clock run out forfeits.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::bots::{claim_token, open, play_out, register_ok};
use crate::helpers::{Store, TestApp, assert_problem, both_stores, spawn_app, spawn_app_with};
use crate::inbox::poll;
use crate::matches::start;
use crate::queue::join;

/// `method path` as the bot of `key`, with `body`.
async fn as_bot(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    key: &str,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut req = app
        .client
        .request(method, app.url(path))
        .header("authorization", format!("Bot {key}"));
    if let Some(body) = body {
        req = req.json(body);
    }
    req.send().await.expect("request sent")
}

async fn post(app: &TestApp, path: &str, key: &str, body: &Value) -> reqwest::Response {
    as_bot(app, reqwest::Method::POST, path, key, Some(body)).await
}

/// The inbox events of bot `key` of type `kind`, waiting up to 10 s for `want` of them.
async fn events_of(app: &TestApp, key: &str, kind: &str, want: usize) -> Vec<Value> {
    let started = Instant::now();
    loop {
        let found: Vec<Value> = poll(app, key, 0, 0)
            .await
            .into_iter()
            .filter(|e| e["type"] == kind)
            .collect();
        if found.len() >= want || started.elapsed() > Duration::from_secs(10) {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Bot `key` queues for `ruleset` alone, with house players filling the table at once: its
/// game (id, seat, token), from its inbox.
pub(crate) async fn queued_game(
    app: &TestApp,
    key: &str,
    ruleset: Value,
    clock: Option<u64>,
) -> (String, u64, String) {
    let mut body = json!({"ruleset": ruleset, "fill_with_house_after_ms": 0});
    if let Some(ms) = clock {
        body["turn_time_limit_ms"] = json!(ms);
    }
    let before = events_of(app, key, "seated", 0).await.len();
    join(app, key, &body).await;
    let seated = events_of(app, key, "seated", before + 1).await;
    let e = seated.get(before).expect("seated from the queue");
    (
        e["game_id"].as_str().expect("id").to_owned(),
        e["seat"].as_u64().expect("seat"),
        e["token"].as_str().expect("token").to_owned(),
    )
}

/// Bot `a` challenges bot `b` (each (key, name)) to a rated game of euchre, which `b` accepts:
/// the game and both bots' (seat, token), from their inboxes.
pub(crate) async fn accepted_game(
    app: &TestApp,
    a: (&str, &str),
    b: (&str, &str),
) -> (String, Vec<(u64, String)>) {
    let res = post(
        app,
        "/v1/challenges",
        a.0,
        &json!({"opponent": b.1, "ruleset": {"preset": "euchre"}, "rated": true}),
    )
    .await;
    assert_eq!(res.status(), 201);
    let c: Value = res.json().await.expect("JSON");
    let id = c["challenge_id"].as_str().expect("id");
    let res = post(app, &format!("/v1/challenges/{id}/accept"), b.0, &json!({})).await;
    assert_eq!(res.status(), 200);
    let accepted: Value = res.json().await.expect("JSON");
    let game = accepted["game_id"].as_str().expect("a game").to_owned();
    let mut seats = Vec::new();
    for key in [a.0, b.0] {
        let started = Instant::now();
        loop {
            let seated = events_of(app, key, "seated", 0).await;
            if let Some(e) = seated.iter().find(|e| e["game_id"] == game.as_str()) {
                seats.push((
                    e["seat"].as_u64().expect("seat"),
                    e["token"].as_str().expect("token").to_owned(),
                ));
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "not seated");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }
    (game, seats)
}

/// The leaderboard of `pool`.
async fn board(app: &TestApp, pool: &str) -> Value {
    let res = app.get(&format!("/v1/leaderboards/{pool}")).await;
    assert_eq!(res.status(), 200, "{pool}");
    res.json().await.expect("JSON")
}

/// Bot `name`'s rating history in `pool`, once it has `games` games (10 s at most).
async fn history(app: &TestApp, name: &str, pool: &str, games: u64) -> Value {
    let started = Instant::now();
    loop {
        let res = app.get(&format!("/v1/bots/{name}/ratings/{pool}")).await;
        if res.status() == 200 {
            let h: Value = res.json().await.expect("JSON");
            if h["games"] == games {
                return h;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{name} has no {games} games in {pool}"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// A matchmade game of the preset's own rules with a clock is rated in its pool (`euchre-4`):
/// its view says so, its `game_over` carries the rating's change, the history has the game,
/// the profile and the leaderboard show the pool, by the conservative estimate, provisional.
/// A queue game of other rules, and games a client made and claimed itself (one client in
/// every seat with two accounts, the farming of old), are not rated.
async fn only_the_servers_tables_are_rated(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "rated-one").await;
    let (id, seat, token) = queued_game(&app, &key, json!({"preset": "euchre"}), None).await;
    let view = app.view(&id, None).await;
    assert_eq!(view["rated"], true, "{view}");
    assert_eq!(view["turn_time_limit_ms"], 60_000);
    play_out(&app, &id, &[(seat, token)], false).await;
    let over = events_of(&app, &key, "game_over", 1).await;
    let change = &over[0]["rating"];
    assert_eq!(change["pool"], "euchre-4", "{over:?}");
    let delta = change["after"].as_f64().unwrap() - change["before"].as_f64().unwrap();
    assert!((delta - change["change"].as_f64().unwrap()).abs() < 1e-9);
    assert!((change["before"].as_f64().unwrap() - 25.0).abs() < 1e-9);
    let h = history(&app, "rated-one", "euchre-4", 1).await;
    assert_eq!(h["history"][0]["game_id"], id.as_str());
    assert_eq!(h["provisional"], true);
    assert!(
        (h["conservative"].as_f64().unwrap()
            - (h["rating"].as_f64().unwrap() - 3.0 * h["uncertainty"].as_f64().unwrap()))
        .abs()
            < 1e-9
    );
    let profile: Value = app.get("/v1/bots/rated-one").await.json().await.unwrap();
    assert_eq!(profile["ratings"][0]["pool"], "euchre-4", "{profile}");
    let b = board(&app, "euchre-4").await;
    assert_eq!(b["players"], 4);
    let entries = b["entries"].as_array().unwrap();
    assert!(entries.iter().any(|e| e["name"] == "rated-one"));
    let order: Vec<f64> = entries
        .iter()
        .map(|e| e["conservative"].as_f64().unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] >= w[1]), "{order:?}");
    // `euchre` names its usual pool; pepper for 3 is a pool apart, empty.
    assert_eq!(board(&app, "euchre").await["pool"], "euchre-4");
    assert_eq!(board(&app, "pepper-3").await["total"], 0);
    assert_problem(
        app.get("/v1/leaderboards/pepper-5").await,
        404,
        "pool_not_found",
    )
    .await;
    assert_problem(
        app.get("/v1/bots/rated-one/ratings/pepper-3").await,
        404,
        "rating_not_found",
    )
    .await;
    let pools: Value = app.get("/v1/leaderboards").await.json().await.unwrap();
    assert!(
        pools
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["pool"] == "five-hundred-5")
    );

    // A queue game of other rules (to 1 point): not rated.
    let (id, seat, token) = queued_game(
        &app,
        &key,
        json!({"preset": "euchre", "target_score": 1}),
        None,
    )
    .await;
    assert_eq!(app.view(&id, None).await["rated"], false);
    play_out(&app, &id, &[(seat, token)], false).await;
    let over = events_of(&app, &key, "game_over", 2).await;
    assert!(over[1].get("rating").is_none(), "{over:?}");

    // One client with two accounts in every seat of 6 games: nobody is rated.
    let a = register_ok(&app, "farmer-a").await;
    let b = register_ok(&app, "farmer-b").await;
    for _ in 0..6 {
        let id = app
            .create_game(&json!({"ruleset": {"preset": "euchre"}, "turn_time_limit_ms": 60_000, "seats": [open(), open(), open(), open()]}))
            .await;
        let mut tokens = Vec::new();
        for (seat, key) in [(0, &a), (1, &b)] {
            tokens.push((
                seat,
                claim_token(&app, &id, key, &json!({"seat": seat})).await,
            ));
        }
        for seat in [2u64, 3] {
            let res = app.claim(&id, Some(&json!({"seat": seat}))).await;
            let v: Value = res.json().await.unwrap();
            tokens.push((seat, v["token"].as_str().unwrap().to_owned()));
        }
        assert_eq!(app.view(&id, None).await["rated"], false);
        play_out(&app, &id, &tokens, false).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let b = board(&app, "euchre-4").await;
    assert!(
        b["entries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["name"] != "farmer-a" && e["name"] != "farmer-b"),
        "{b}"
    );
}

/// Challenges: the opponent is told, accepts, and both are seated in a rated game with the
/// challenge's clock; a decline tells the challenger why; a cancel tells the opponent; only
/// the right bot answers, once; preferences decline at once without a word to the inbox;
/// `POST /v1/matches` against another bot points to challenges; a duplicate challenge makes
/// the match.
async fn challenges_with_consent(store: Store) {
    let app = spawn_app(store).await;
    let alice = register_ok(&app, "alice-c").await;
    let bob = register_ok(&app, "bob-c").await;
    let eve = register_ok(&app, "eve-c").await;

    // Matches against another bot are refused: challenge it.
    assert_problem(
        start(
            &app,
            Some(&alice),
            &json!({"a": "alice-c", "b": "bob-c", "deals": 2}),
        )
        .await,
        409,
        "challenge_required",
    )
    .await;

    // Made, told, accepted, seated.
    let res = post(&app, "/v1/challenges", &alice, &json!({"opponent": "BOB-C", "ruleset": {"preset": "euchre"}, "turn_time_limit_ms": 30000, "rated": true})).await;
    assert_eq!(res.status(), 201);
    let c: Value = res.json().await.unwrap();
    assert_eq!(
        (c["status"].as_str(), c["opponent"].as_str()),
        (Some("pending"), Some("bob-c"))
    );
    let id = c["challenge_id"].as_str().unwrap().to_owned();
    let told = events_of(&app, &bob, "challenge", 1).await;
    assert_eq!(told[0]["challenge"]["challenge_id"], id.as_str());
    assert_eq!(told[0]["challenge"]["challenger"], "alice-c");
    // Only the opponent accepts; the challenger cannot.
    assert_problem(
        post(
            &app,
            &format!("/v1/challenges/{id}/accept"),
            &alice,
            &json!({}),
        )
        .await,
        403,
        "not_your_challenge",
    )
    .await;
    assert_problem(
        post(
            &app,
            &format!("/v1/challenges/{id}/accept"),
            &eve,
            &json!({}),
        )
        .await,
        403,
        "not_your_challenge",
    )
    .await;
    let res = post(
        &app,
        &format!("/v1/challenges/{id}/accept"),
        &bob,
        &json!({}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let accepted: Value = res.json().await.unwrap();
    let game = accepted["game_id"].as_str().expect("a game").to_owned();
    // Answered once.
    assert_problem(
        post(
            &app,
            &format!("/v1/challenges/{id}/decline"),
            &bob,
            &json!({}),
        )
        .await,
        409,
        "challenge_closed",
    )
    .await;
    let a_seat = events_of(&app, &alice, "seated", 1).await;
    let b_seat = events_of(&app, &bob, "seated", 1).await;
    assert_eq!(a_seat[0]["game_id"], game.as_str());
    assert_eq!(b_seat[0]["game_id"], game.as_str());
    assert_eq!(a_seat[0]["via"]["type"], "challenge");
    let view = app.view(&game, None).await;
    assert_eq!(view["rated"], true);
    assert_eq!(view["turn_time_limit_ms"], 30_000);
    let sides: Vec<u64> = [&a_seat[0], &b_seat[0]]
        .iter()
        .map(|e| e["seat"].as_u64().unwrap() % 2)
        .collect();
    assert_ne!(sides[0], sides[1], "on different sides");
    assert_eq!(
        events_of(&app, &alice, "challenge_accepted", 1).await.len(),
        1
    );

    // Declined with a reason: the challenger is told.
    let c: Value = post(
        &app,
        "/v1/challenges",
        &alice,
        &json!({"opponent": "bob-c"}),
    )
    .await
    .json()
    .await
    .unwrap();
    let id = c["challenge_id"].as_str().unwrap().to_owned();
    let res = post(
        &app,
        &format!("/v1/challenges/{id}/decline"),
        &bob,
        &json!({"reason": "later"}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let told = events_of(&app, &alice, "challenge_declined", 1).await;
    assert_eq!(told[0]["challenge"]["decline_reason"], "later");

    // Canceled: the opponent is told; it can no longer be accepted.
    let c: Value = post(
        &app,
        "/v1/challenges",
        &alice,
        &json!({"opponent": "bob-c"}),
    )
    .await
    .json()
    .await
    .unwrap();
    let id = c["challenge_id"].as_str().unwrap().to_owned();
    assert_problem(
        post(
            &app,
            &format!("/v1/challenges/{id}/cancel"),
            &bob,
            &json!({}),
        )
        .await,
        403,
        "not_your_challenge",
    )
    .await;
    assert_eq!(
        post(
            &app,
            &format!("/v1/challenges/{id}/cancel"),
            &alice,
            &json!({})
        )
        .await
        .status(),
        200
    );
    assert_eq!(
        events_of(&app, &bob, "challenge_canceled", 1).await.len(),
        1
    );
    assert_problem(
        post(
            &app,
            &format!("/v1/challenges/{id}/accept"),
            &bob,
            &json!({}),
        )
        .await,
        409,
        "challenge_closed",
    )
    .await;
    assert_eq!(
        app.get(&format!("/v1/challenges/{id}"))
            .await
            .json::<Value>()
            .await
            .unwrap()["status"],
        "canceled"
    );

    // Preferences: eve blocks alice and takes only slow clocks; refused at once, never told.
    let prefs = json!({"block": ["ALICE-C"], "min_turn_time_limit_ms": 5000});
    let res = as_bot(
        &app,
        reqwest::Method::PUT,
        "/v1/bots/me/challenge-preferences",
        &eve,
        Some(&prefs),
    )
    .await;
    assert_eq!(res.status(), 200);
    let saved: Value = as_bot(
        &app,
        reqwest::Method::GET,
        "/v1/bots/me/challenge-preferences",
        &eve,
        None,
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(saved["block"], json!(["ALICE-C"]));
    let before = poll(&app, &eve, 0, 0).await.len();
    assert_problem(
        post(
            &app,
            "/v1/challenges",
            &alice,
            &json!({"opponent": "eve-c"}),
        )
        .await,
        409,
        "challenge_declined",
    )
    .await;
    assert_problem(
        post(
            &app,
            "/v1/challenges",
            &bob,
            &json!({"opponent": "eve-c", "turn_time_limit_ms": 1000}),
        )
        .await,
        409,
        "challenge_declined",
    )
    .await;
    assert_eq!(
        post(
            &app,
            "/v1/challenges",
            &bob,
            &json!({"opponent": "eve-c", "turn_time_limit_ms": 6000})
        )
        .await
        .status(),
        201
    );
    assert!(poll(&app, &eve, 0, 0).await.len() >= before);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let eve_told = events_of(&app, &eve, "challenge", 1).await;
    assert_eq!(
        eve_told.len(),
        1,
        "only bob's slow challenge reached eve: {eve_told:?}"
    );

    // Refusals that write nothing.
    for (body, status, code) in [
        (json!({"opponent": "alice-c"}), 422, "invalid_challenge"),
        (
            json!({"opponent": "house-expert"}),
            422,
            "invalid_challenge",
        ),
        (json!({"opponent": "nobody-here"}), 404, "bot_not_found"),
        (
            json!({"opponent": "bob-c", "rated": true, "deals": 2}),
            422,
            "invalid_challenge",
        ),
        (
            json!({"opponent": "bob-c", "rated": true, "ruleset": {"preset": "euchre", "target_score": 1}}),
            422,
            "invalid_challenge",
        ),
        (
            json!({"opponent": "bob-c", "turn_time_limit_ms": 5}),
            422,
            "invalid_turn_time_limit",
        ),
        (
            json!({"opponent": "bob-c", "deals": 0}),
            422,
            "invalid_match",
        ),
        (
            json!({"opponent": "bob-c", "color": "red"}),
            400,
            "unknown_field",
        ),
    ] {
        assert_problem(
            post(&app, "/v1/challenges", &alice, &body).await,
            status,
            code,
        )
        .await;
    }
    assert_problem(
        app.get("/v1/challenges/zzzzzzzzzzzzzzzz").await,
        404,
        "challenge_not_found",
    )
    .await;
    assert_problem(
        app.client
            .post(app.url("/v1/challenges"))
            .json(&json!({"opponent": "bob-c"}))
            .send()
            .await
            .unwrap(),
        401,
        "missing_bot_key",
    )
    .await;

    // A duplicate challenge, accepted: the match between the two, with a clock.
    let c: Value = post(
        &app,
        "/v1/challenges",
        &alice,
        &json!({"opponent": "bob-c", "deals": 1}),
    )
    .await
    .json()
    .await
    .unwrap();
    let id = c["challenge_id"].as_str().unwrap().to_owned();
    let accepted: Value = post(
        &app,
        &format!("/v1/challenges/{id}/accept"),
        &bob,
        &json!({}),
    )
    .await
    .json()
    .await
    .unwrap();
    let m = accepted["match_id"].as_str().expect("a match").to_owned();
    let started = Instant::now();
    let m: Value = loop {
        let res = app.get(&format!("/v1/matches/{m}")).await;
        if res.status() == 200 {
            break res.json().await.unwrap();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "no match");
        tokio::time::sleep(Duration::from_millis(30)).await;
    };
    assert_eq!(
        (m["a"].as_str(), m["b"].as_str()),
        (Some("alice-c"), Some("bob-c"))
    );
}

/// A seat that lets its clock run out 3 turns in a row forfeits: the game ends there, its side
/// loses, and a rated game is rated as lost for it.
async fn a_seat_that_never_moves_forfeits(store: Store) {
    let app = spawn_app_with(store, |_| {}).await;
    let key = register_ok(&app, "sleeper").await;
    let (id, seat, _token) = queued_game(&app, &key, json!({"preset": "euchre"}), Some(100)).await;
    let started = Instant::now();
    let view = loop {
        let v = app.view(&id, None).await;
        if v["status"] == "finished" {
            break v;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no forfeit: {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(view["forfeit"], seat, "{view}");
    assert_eq!(view["legal_actions"], json!([]));
    let over = events_of(&app, &key, "game_over", 1).await;
    assert_eq!(over[0]["outcome"], "lost", "{over:?}");
    assert_eq!(over[0]["forfeit"], seat);
    let change = &over[0]["rating"];
    assert!(change["change"].as_f64().unwrap() < 0.0, "{change}");
    let log = app.log(&id).await;
    assert!(log["timeouts"].as_array().unwrap().len() >= 3);
}

both_stores!(
    only_the_servers_tables_are_rated,
    challenges_with_consent,
    a_seat_that_never_moves_forfeits,
);
