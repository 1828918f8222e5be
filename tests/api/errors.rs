//! Every error: its status, `application/problem+json`, its `code`, and the game unchanged.

use reqwest::header::{IF_MATCH, RETRY_AFTER, WWW_AUTHENTICATE};
use serde_json::{Value, json};

use crate::helpers::{
    Store, TestApp, assert_problem, bacon_scenario, both_stores, header, spawn_app, spawn_app_with,
};

/// A started game (every seat claimed) with a fixed deal, dealer 3, so seat 0 bids first:
/// seat 0 `AS KS AH KH QH TH`, seat 1 `9S 9C TC QC KC AC`, seat 2 `TS 9D TD QD KD AD`,
/// seat 3 `QS JS JC JD JH 9H`, the joker in the widow.
fn scenario_game() -> Value {
    json!({
        "seed": 7,
        "scenario": {
            "dealer": 3,
            "hands": [
                ["AS", "KS", "AH", "KH", "QH", "TH"],
                ["9S", "9C", "TC", "QC", "KC", "AC"],
                ["TS", "9D", "TD", "QD", "KD", "AD"],
                ["QS", "JS", "JC", "JD", "JH", "9H"],
            ],
            "widow": ["JK"],
        },
    })
}

async fn started_scenario(app: &TestApp) -> (String, Vec<String>) {
    let id = app.create_game(&scenario_game()).await;
    let tokens = app.claim_all(&id, 4).await;
    (id, tokens)
}

/// Posts raw bytes as JSON.
async fn post_raw(app: &TestApp, path: &str, token: Option<&str>, body: &str) -> reqwest::Response {
    let req = app
        .client
        .post(app.url(path))
        .header("content-type", "application/json")
        .body(body.to_owned());
    let req = match token {
        Some(t) => req.bearer_auth(t),
        None => req,
    };
    req.send().await.expect("sent")
}

/// Asserts the game is still at `version` and that every seat's view is what it was.
async fn unchanged(app: &TestApp, id: &str, before: &Value) {
    let now = app.view(id, None).await;
    assert_eq!(now, *before, "a rejected request changed the game");
}

async fn malformed_requests(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    let actions = format!("/v1/games/{id}/actions");
    let t = Some(tokens[0].as_str());
    let cases: &[(&str, &str, u16, &str)] = &[
        (&actions, "{", 400, "malformed_json"),
        (&actions, "{\"type\": \"pass\",}", 400, "malformed_json"),
        (&actions, "", 400, "malformed_json"),
        (
            &actions,
            "{\"type\":\"bid\",\"tricks\":1,\"colour\":2}",
            400,
            "unknown_field",
        ),
        (
            &actions,
            "{\"type\":\"bid\",\"tricks\":\"four\"}",
            400,
            "invalid_body",
        ),
        (&actions, "{\"type\":\"bid\"}", 400, "invalid_body"),
        // `pepper` is left out when there is none: the schema has no null for it.
        (
            &actions,
            "{\"type\":\"bid\",\"tricks\":4,\"pepper\":null}",
            400,
            "invalid_body",
        ),
        (&actions, "[]", 400, "invalid_body"),
        (&actions, "{\"type\":\"shout\"}", 400, "invalid_value"),
        (
            &actions,
            "{\"type\":\"play\",\"card\":\"ZZ\"}",
            400,
            "invalid_card",
        ),
        (
            &actions,
            "{\"type\":\"play\",\"card\":\"10H\"}",
            400,
            "invalid_card",
        ),
        (
            &actions,
            "{\"type\":\"exchange\",\"trump\":\"H\",\"discard\":[\"XX\"]}",
            400,
            "invalid_card",
        ),
        (
            "/v1/games",
            "{\"seed\": 1, \"colour\": 2}",
            400,
            "unknown_field",
        ),
        ("/v1/games", "{\"seed\": \"one\"}", 400, "invalid_body"),
        ("/v1/games", "{\"seed\": ", 400, "malformed_json"),
        (
            "/v1/games",
            "{\"ruleset\": {\"preset\": \"bridge\"}}",
            400,
            "invalid_value",
        ),
    ];
    for (path, body, status, code) in cases {
        let res = post_raw(&app, path, t, body).await;
        assert_problem(res, *status, code).await;
        unchanged(&app, &id, &before).await;
    }
    let seats = format!("/v1/games/{id}/seats");
    assert_problem(
        post_raw(&app, &seats, None, "{\"chair\": 1}").await,
        400,
        "unknown_field",
    )
    .await;
    assert_problem(
        post_raw(&app, &seats, None, "{\"seat\": -1}").await,
        400,
        "invalid_body",
    )
    .await;
    unchanged(&app, &id, &before).await;
}

/// `#[serde(tag = "type", deny_unknown_fields)]` does not reject unknown fields on the unit
/// variant `pass`; the API refuses them itself.
async fn unknown_field_on_pass_is_rejected(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    let res = post_raw(
        &app,
        &format!("/v1/games/{id}/actions"),
        Some(&tokens[0]),
        "{\"type\":\"pass\",\"x\":1}",
    )
    .await;
    assert_problem(res, 400, "unknown_field").await;
    unchanged(&app, &id, &before).await;
}

async fn tokens_are_checked(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_scenario(&app).await;
    let (other, other_tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    let pass = json!({"type": "pass"});

    // No token.
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .json(&pass)
        .send()
        .await
        .expect("sent");
    assert_eq!(header(&res, WWW_AUTHENTICATE), "Bearer");
    assert_problem(res, 401, "missing_token").await;
    unchanged(&app, &id, &before).await;

    // A wrong token, and a token of another game, to act and to read.
    let wrong = format!("hp_{}", "0".repeat(64));
    for token in [wrong.as_str(), other_tokens[0].as_str(), "x"] {
        let res = app.act(&id, token, "actions", &pass).await;
        assert_problem(res, 403, "invalid_token").await;
        assert_problem(app.get_game(&id, Some(token)).await, 403, "invalid_token").await;
        unchanged(&app, &id, &before).await;
        // With a stale If-Match too: refused for the token, not answered with the version.
        let res = app
            .client
            .post(app.url(&format!("/v1/games/{id}/actions")))
            .bearer_auth(token)
            .header("If-Match", "\"1\"")
            .json(&pass)
            .send()
            .await
            .expect("sent");
        assert_problem(res, 403, "invalid_token").await;
        unchanged(&app, &id, &before).await;
    }
    // A token is not a substitute for another seat's: seat 1 cannot act for seat 0.
    let res = app.act(&id, &tokens[1], "actions", &pass).await;
    assert_problem(res, 422, "not_your_turn").await;
    unchanged(&app, &id, &before).await;
    // The other game is untouched too.
    assert_eq!(app.version(&other).await, 5);
}

async fn unknown_games_and_routes(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    for missing in ["zzzzzzzzzzzzzzzz", "no-such-game", "%7Bx%7D"] {
        assert_problem(app.get_game(missing, None).await, 404, "game_not_found").await;
        assert_problem(
            app.get(&format!("/v1/games/{missing}/log")).await,
            404,
            "game_not_found",
        )
        .await;
        let res = app
            .act(missing, &tokens[0], "actions", &json!({"type": "pass"}))
            .await;
        assert_problem(res, 404, "game_not_found").await;
        assert_problem(app.claim(missing, None).await, 404, "game_not_found").await;
    }
    for path in ["/v1/nope", "/v2/games", &format!("/v1/games/{id}/fold")] {
        assert_problem(app.get(path).await, 404, "not_found").await;
    }
    let res = app
        .client
        .delete(app.url(&format!("/v1/games/{id}")))
        .send()
        .await
        .expect("sent");
    assert_eq!(
        res.headers().get("allow").and_then(|v| v.to_str().ok()),
        Some("GET, HEAD")
    );
    assert_problem(res, 405, "method_not_allowed").await;
    let res = app
        .client
        .get(app.url(&format!("/v1/games/{id}/play")))
        .send()
        .await
        .expect("sent");
    assert_problem(res, 405, "method_not_allowed").await;
    unchanged(&app, &id, &before).await;
}

async fn stale_if_match(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    assert_eq!(before["version"], 5);
    let send = |version: &'static str| {
        app.client
            .post(app.url(&format!("/v1/games/{id}/bid")))
            .bearer_auth(&tokens[0])
            .header(IF_MATCH, version)
            .json(&json!({"type": "bid", "tricks": 1}))
            .send()
    };
    for stale in ["\"4\"", "\"1\"", "W/\"6\"", "4"] {
        let doc = assert_problem(send(stale).await.expect("sent"), 409, "version_conflict").await;
        assert_eq!(doc["current_version"], 5);
        unchanged(&app, &id, &before).await;
    }
    assert_problem(
        send("\"five\"").await.expect("sent"),
        400,
        "invalid_if_match",
    )
    .await;
    unchanged(&app, &id, &before).await;
    // The current version is accepted, weak or strong.
    let res = send("W/\"5\"").await.expect("sent");
    let (view, _) = crate::helpers::view_of(res).await;
    assert_eq!(view["version"], 6);
}

/// Posts `action` as `seat`, expects the problem `code`, and checks the game did not change.
async fn refused(
    app: &TestApp,
    id: &str,
    token: &str,
    endpoint: &str,
    action: Value,
    status: u16,
    code: &str,
) -> Value {
    let before = app.view(id, None).await;
    let doc = assert_problem(app.act(id, token, endpoint, &action).await, status, code).await;
    unchanged(app, id, &before).await;
    doc
}

async fn accepted(app: &TestApp, id: &str, token: &str, endpoint: &str, action: Value) {
    let res = app.act(id, token, endpoint, &action).await;
    assert_eq!(
        res.status(),
        200,
        "{action}: {}",
        res.text().await.unwrap_or_default()
    );
}

async fn illegal_actions(store: Store) {
    let app = spawn_app(store).await;
    let (id, t) = started_scenario(&app).await;
    let (app, id) = (&app, id.as_str());
    let start = app.view(id, None).await;
    assert_eq!(start["turn"], 0);
    assert_eq!(start["dealer"], 3);
    let play = |card: &str| json!({"type": "play", "card": card});
    let bid = |tricks: u8| json!({"type": "bid", "tricks": tricks});
    let pass = json!({"type": "pass"});

    // The auction: seat 0 is to act.
    refused(app, id, &t[2], "bid", pass.clone(), 422, "not_your_turn").await;
    refused(app, id, &t[0], "actions", play("AS"), 422, "wrong_phase").await;
    refused(app, id, &t[0], "play", pass.clone(), 400, "wrong_endpoint").await;
    refused(app, id, &t[0], "exchange", bid(2), 400, "wrong_endpoint").await;
    refused(app, id, &t[0], "bid", bid(7), 422, "bid_too_high").await;
    accepted(app, id, &t[0], "bid", bid(1)).await;
    refused(app, id, &t[1], "bid", bid(1), 422, "bid_too_low").await;
    for token in &t[1..] {
        accepted(app, id, token, "bid", pass.clone()).await;
    }

    // The exchange: seat 0 holds the widow's joker too.
    let mine = app.view(id, Some(&t[0])).await;
    assert_eq!(mine["phase"], "exchange");
    assert_eq!(mine["widow"], json!(["JK"]));
    let exchange = |trump: &str, discard: &[&str]| json!({"type": "exchange", "trump": trump, "discard": discard});
    let e = "exchange";
    refused(
        app,
        id,
        &t[0],
        e,
        exchange("H", &["JS"]),
        422,
        "card_not_in_hand",
    )
    .await;
    refused(
        app,
        id,
        &t[0],
        e,
        exchange("H", &["TH", "QH"]),
        422,
        "wrong_card_count",
    )
    .await;
    refused(
        app,
        id,
        &t[0],
        e,
        exchange("NT", &["TH"]),
        422,
        "no_trump_not_allowed",
    )
    .await;
    refused(
        app,
        id,
        &t[1],
        e,
        exchange("H", &["9S"]),
        422,
        "not_your_turn",
    )
    .await;
    refused(app, id, &t[0], "bid", pass.clone(), 422, "wrong_phase").await;
    accepted(app, id, &t[0], e, exchange("H", &["TH"])).await;

    // The play: seat 0 (the declarer) leads the ace of spades; seat 1 holds the nine.
    accepted(app, id, &t[0], "play", play("AS")).await;
    assert_eq!(app.view(id, None).await["turn"], 1);
    refused(app, id, &t[1], "play", play("9C"), 422, "must_follow_suit").await;
    refused(app, id, &t[1], "play", play("JS"), 422, "card_not_in_hand").await;
    refused(app, id, &t[1], "play", play("JK"), 422, "card_not_in_hand").await;
    refused(app, id, &t[2], "play", play("TS"), 422, "not_your_turn").await;
    refused(app, id, &t[1], "bid", bid(2), 422, "wrong_phase").await;
    let alone = json!({"type": "alone", "alone": true});
    refused(app, id, &t[1], "alone", alone, 422, "wrong_phase").await;
    let pass_cards = json!({"type": "pass_cards", "cards": ["9S", "9C"]});
    refused(app, id, &t[1], "pass-cards", pass_cards, 422, "wrong_phase").await;
    refused(app, id, &t[1], "alone", play("9S"), 400, "wrong_endpoint").await;
    refused(
        app,
        id,
        &t[1],
        "pass-cards",
        play("9S"),
        400,
        "wrong_endpoint",
    )
    .await;
    accepted(app, id, &t[1], "play", play("9S")).await;
}

async fn seats_and_start(store: Store) {
    let app = spawn_app(store).await;
    // Seat 0 bids first.
    let id = app.create_game(&scenario_game()).await;
    let res = app.claim(&id, Some(&json!({"seat": 0}))).await;
    assert_eq!(res.status(), 201);
    assert_eq!(header(&res, reqwest::header::CACHE_CONTROL), "no-store");
    let claimed: Value = res.json().await.expect("JSON");
    let token = claimed["token"].as_str().expect("token").to_owned();
    let before = app.view(&id, None).await;
    assert_eq!(before["status"], "waiting_for_players");
    assert_eq!(before["version"], 2);

    // Acting before every seat is claimed.
    let res = app
        .act(&id, &token, "actions", &json!({"type": "pass"}))
        .await;
    assert_problem(res, 409, "game_not_started").await;
    unchanged(&app, &id, &before).await;
    // The seat's own view works meanwhile, with its cards but nothing to do yet.
    let mine = app.view(&id, Some(&token)).await;
    assert_eq!(mine["seat"], 0);
    assert_eq!(mine["hand"].as_array().expect("hand").len(), 6);
    assert_eq!(mine["legal_actions"], json!([]));

    assert_problem(
        app.claim(&id, Some(&json!({"seat": 0}))).await,
        409,
        "seat_taken",
    )
    .await;
    unchanged(&app, &id, &before).await;
    assert_problem(
        app.claim(&id, Some(&json!({"seat": 4}))).await,
        422,
        "invalid_seat",
    )
    .await;
    unchanged(&app, &id, &before).await;
    let long = "n".repeat(65);
    assert_problem(
        app.claim(&id, Some(&json!({"name": long}))).await,
        400,
        "invalid_name",
    )
    .await;
    unchanged(&app, &id, &before).await;
    // A body of only whitespace is not JSON (nor is it no body): refused, for a claim and for
    // a new game alike.
    for path in [format!("/v1/games/{id}/seats"), "/v1/games".to_owned()] {
        let res = app
            .client
            .post(app.url(&path))
            .header("Content-Type", "application/json")
            .body("\n")
            .send()
            .await
            .expect("request");
        assert_problem(res, 400, "malformed_json").await;
    }
    unchanged(&app, &id, &before).await;
    // An empty body takes the next free seat.
    for seat in 1..4 {
        let res = app.claim(&id, None).await;
        assert_eq!(res.status(), 201);
        let claimed: Value = res.json().await.expect("JSON");
        assert_eq!(claimed["seat"], seat);
    }
    let full = app.view(&id, None).await;
    assert_eq!(full["status"], "playing");
    assert_problem(app.claim(&id, None).await, 409, "no_free_seat").await;
    unchanged(&app, &id, &full).await;
}

async fn impossible_games(store: Store) {
    let app = spawn_app(store).await;
    let cases = [
        (
            json!({"ruleset": {"preset": "hasenpfeffer", "no_trump": true}}),
            "joker_with_no_trump",
        ),
        (
            json!({"ruleset": {"preset": "hasenpfeffer", "players": 6, "deck": "standard25"}}),
            "six_players_need_pinochle48",
        ),
        (
            json!({"ruleset": {"preset": "pepper", "target_score": 0}}),
            "target_score_out_of_range",
        ),
        (
            // Ten times the preset's default is the most (one game of house players to a
            // very high target would burn seconds of CPU).
            json!({"ruleset": {"preset": "hasenpfeffer", "target_score": 101}}),
            "target_score_out_of_range",
        ),
        (
            json!({"ruleset": {"preset": "pepper", "target_score": 1000}}),
            "target_score_out_of_range",
        ),
        (
            json!({"ruleset": {"preset": "hasenpfeffer", "players": 3}}),
            "invalid_players",
        ),
        (
            json!({"ruleset": {"preset": "pepper", "players": 3, "alone": "partner_sits_out"}}),
            "alone_needs_partners",
        ),
        (
            json!({"ruleset": {"preset": "pepper", "players": 3}, "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]}),
            "wrong_seat_count",
        ),
        (json!({"seats": [{"kind": "open"}]}), "wrong_seat_count"),
        (
            json!({"scenario": {"dealer": 0, "hands": [["JK"]], "widow": []}}),
            "invalid_scenario",
        ),
        (
            // Seat 1 holds a card seat 0 holds too, and the joker is missing.
            json!({"scenario": {
                "dealer": 0,
                "hands": [
                    ["AS", "KS", "AH", "KH", "QH", "TH"],
                    ["AS", "9C", "TC", "QC", "KC", "AC"],
                    ["TS", "9D", "TD", "QD", "KD", "AD"],
                    ["QS", "JS", "JC", "JD", "JH", "9H"],
                ],
                "widow": ["9S"],
            }}),
            "invalid_scenario",
        ),
        (
            json!({"scenario": {"dealer": 4, "hands": scenario_game()["scenario"]["hands"], "widow": ["JK"]}}),
            "invalid_scenario",
        ),
    ];
    for (body, code) in cases {
        assert_problem(app.create(&body).await, 422, code).await;
    }
    // The message reads well for one seat as for several.
    for (seats, detail) in [
        (1, "`seats` lists 1 seat; this ruleset has 4"),
        (5, "`seats` lists 5 seats; this ruleset has 4"),
    ] {
        let body = json!({"seats": vec![json!({"kind": "open"}); seats]});
        let problem = assert_problem(app.create(&body).await, 422, "wrong_seat_count").await;
        assert_eq!(problem["detail"], detail);
    }
    // Nothing was created.
    let metrics = app.get("/metrics").await.text().await.expect("metrics");
    assert!(
        metrics.contains("hasenpfeffer_games_created_total 0"),
        "{metrics}"
    );
}

async fn body_over_the_limit(store: Store) {
    let app = spawn_app_with(store, |c| c.max_body_bytes = 256).await;
    let big = json!({"seed": 1, "padding": "x".repeat(400)});
    assert_problem(app.create(&big).await, 413, "payload_too_large").await;
    let (id, tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    let res = app
        .act(
            &id,
            &tokens[0],
            "actions",
            &json!({"type": "pass", "pad": "y".repeat(300)}),
        )
        .await;
    assert_problem(res, 413, "payload_too_large").await;
    unchanged(&app, &id, &before).await;
    let res = app
        .claim(&id, Some(&json!({"name": "z".repeat(300)})))
        .await;
    assert_problem(res, 413, "payload_too_large").await;
    unchanged(&app, &id, &before).await;
    // Under the limit all is well.
    let res = app
        .act(&id, &tokens[0], "bid", &json!({"type": "pass"}))
        .await;
    assert_eq!(res.status(), 200);
}

async fn too_many_requests(store: Store) {
    let app = spawn_app_with(store, |c| {
        c.rate_limit_per_sec = 1;
        c.rate_limit_burst = 2;
    })
    .await;
    let mut limited = None;
    for _ in 0..10 {
        let res = app.get("/v1/rulesets").await;
        if res.status() == 429 {
            limited = Some(res);
            break;
        }
        assert_eq!(res.status(), 200);
    }
    let res = limited.expect("a burst of 2 at 1 per second is exceeded by 10 requests");
    let retry_after: u64 = header(&res, RETRY_AFTER)
        .parse()
        .expect("Retry-After seconds");
    assert!(retry_after >= 1);
    let doc = assert_problem(res, 429, "rate_limited").await;
    assert_eq!(doc["retry_after"], retry_after);
    // Probes and metrics are never limited.
    for path in ["/healthz", "/readyz", "/metrics", "/healthz"] {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
}

/// A request with several faults is refused for the first one, in the order the server checks
/// them: the edge's headers and path (token, `If-Match`, `Idempotency-Key`, the id's form), the
/// body, then the game (it exists, the token holds one of its seats, the version, the rules).
/// Each step below mends one fault and expects the next; the game never changes.
async fn several_faults_are_refused_for_the_first(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_scenario(&app).await;
    let (other, other_tokens) = started_scenario(&app).await;
    let before = app.view(&id, None).await;
    let other_before = app.view(&other, None).await;
    assert_eq!(before["version"], 5);

    /// One request: each field is either its fault or its mended value.
    struct Req<'a> {
        token: Option<&'a str>,
        if_match: &'a str,
        key: &'a str,
        id: &'a str,
        body: &'a str,
    }
    let send = |r: &Req<'_>| {
        let mut req = app
            .client
            .post(app.url(&format!("/v1/games/{}/bid", r.id)))
            .header("content-type", "application/json")
            .header(IF_MATCH, r.if_match)
            .header("idempotency-key", r.key)
            .body(r.body.to_owned());
        if let Some(t) = r.token {
            req = req.bearer_auth(t);
        }
        req.send()
    };
    let long_id = "g".repeat(65);
    let mut r = Req {
        token: None,
        if_match: "\"five\"",
        key: "",
        id: &long_id,
        body: "{\"type\": \"bid\", ",
    };
    let steps: [(&str, u16, &str); 9] = [
        ("no token", 401, "missing_token"),
        ("a malformed If-Match", 400, "invalid_if_match"),
        ("an empty Idempotency-Key", 400, "invalid_idempotency_key"),
        ("an id no game can have", 404, "game_not_found"),
        ("a body that is not JSON", 400, "malformed_json"),
        ("a game that does not exist", 404, "game_not_found"),
        ("the token of another game", 403, "invalid_token"),
        ("a stale If-Match", 409, "version_conflict"),
        ("a seat whose turn it is not", 422, "not_your_turn"),
    ];
    let missing = "no-such-game-0";
    for (i, (fault, status, code)) in steps.into_iter().enumerate() {
        let res = send(&r).await.expect("sent");
        let doc = assert_problem(res, status, code).await;
        assert!(doc["detail"].is_string(), "{fault}: {doc}");
        unchanged(&app, &id, &before).await;
        unchanged(&app, &other, &other_before).await;
        // Mend the fault just reported; the next one must be reported next.
        match i {
            0 => r.token = Some(&other_tokens[0]),
            1 => r.if_match = "\"4\"",
            2 => r.key = "several-faults-1",
            3 => r.id = missing,
            4 => r.body = "{\"type\": \"bid\", \"tricks\": 4}",
            5 => r.id = &id,
            6 => r.token = Some(&tokens[1]),
            7 => r.if_match = "\"5\"",
            _ => r.token = Some(&tokens[0]),
        }
    }
    // With every fault mended, the request is applied (once, under its key).
    let res = send(&r).await.expect("sent");
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let after = app.view(&id, None).await;
    assert_eq!(after["version"], 6);
    unchanged(&app, &other, &other_before).await;
}

/// Bacon's refusals over HTTP, each a 422 problem document (400 `wrong_endpoint` for a call
/// sent to another endpoint) with the game unchanged: an answer with nothing to answer
/// (`nothing_to_answer`, also `veto_alone` after a plain pick-up), a call where the partner
/// must answer (`must_answer`), going alone under `alone: none` (`alone_not_allowed`), other
/// games' calls and bids (`wrong_phase`), out of turn, and in the exchange a card not among the
/// taker's six or the Euchre dealer's `leave_upcard`.
async fn bacon_illegal_actions(store: Store) {
    let app = spawn_app(store).await;
    let id = app.create_game(&bacon_scenario(json!({}))).await;
    let t = app.claim_all(&id, 4).await;
    let (app, id) = (&app, id.as_str());
    let start = app.view(id, None).await;
    assert_eq!(
        (start["turn"].clone(), start["dealer"].clone()),
        (json!(0), json!(3))
    );
    let call = |kind: &str| json!({"type": kind});
    let take = |card: &str| json!({"type": "take_upcard", "discard": card});

    // Seat 0 calls first; there is nothing to answer yet.
    for (kind, code) in [
        ("allow", "nothing_to_answer"),
        ("veto", "nothing_to_answer"),
        ("veto_alone", "nothing_to_answer"),
        ("order_up", "wrong_phase"),
    ] {
        refused(app, id, &t[0], "bid", call(kind), 422, code).await;
    }
    let bid = json!({"type": "bid", "tricks": 3});
    refused(app, id, &t[0], "actions", bid, 422, "wrong_phase").await;
    refused(app, id, &t[0], "actions", take("AH"), 422, "wrong_phase").await;
    refused(app, id, &t[1], "bid", call("pass"), 422, "not_your_turn").await;
    refused(
        app,
        id,
        &t[0],
        "exchange",
        call("pick_up"),
        400,
        "wrong_endpoint",
    )
    .await;
    refused(app, id, &t[0], "play", call("allow"), 400, "wrong_endpoint").await;
    accepted(app, id, &t[0], "bid", call("pick_up")).await;

    // Seat 2, the partner, must answer at once; nobody else may.
    for kind in ["pass", "pick_up", "pick_up_alone"] {
        refused(app, id, &t[2], "bid", call(kind), 422, "must_answer").await;
    }
    refused(
        app,
        id,
        &t[2],
        "bid",
        call("veto_alone"),
        422,
        "nothing_to_answer",
    )
    .await;
    refused(app, id, &t[0], "bid", call("allow"), 422, "not_your_turn").await;
    refused(app, id, &t[1], "bid", call("pass"), 422, "not_your_turn").await;
    accepted(app, id, &t[2], "bid", call("veto")).await;

    // As if seat 0 had passed: seat 1 calls; seat 2 picks up alone, seat 0 vetoes going alone.
    accepted(app, id, &t[1], "bid", call("pass")).await;
    accepted(app, id, &t[2], "actions", call("pick_up_alone")).await;
    accepted(app, id, &t[0], "bid", call("veto_alone")).await;

    // The exchange: seat 3, left of the caller, takes the 9H and discards one of its six.
    let view = app.view(id, Some(&t[3])).await;
    assert_eq!(
        (view["phase"].clone(), view["turn"].clone()),
        (json!("exchange"), json!(3))
    );
    refused(
        app,
        id,
        &t[3],
        "exchange",
        take("AH"),
        422,
        "card_not_in_hand",
    )
    .await;
    refused(
        app,
        id,
        &t[3],
        "exchange",
        call("leave_upcard"),
        422,
        "wrong_phase",
    )
    .await;
    refused(app, id, &t[3], "actions", call("allow"), 422, "wrong_phase").await;
    refused(app, id, &t[2], "exchange", take("AD"), 422, "not_your_turn").await;
    refused(app, id, &t[3], "bid", take("9H"), 400, "wrong_endpoint").await;
    accepted(app, id, &t[3], "exchange", take("9H")).await;
    let view = app.view(id, None).await;
    assert_eq!(view["phase"], "play");
    assert_eq!(view["upcard"]["discard"], "9H");

    // `alone: none`: nobody picks up alone, whichever endpoint.
    let id = app
        .create_game(&bacon_scenario(json!({"alone": "none"})))
        .await;
    let t = app.claim_all(&id, 4).await;
    let id = id.as_str();
    for endpoint in ["bid", "actions"] {
        let doc = refused(
            app,
            id,
            &t[0],
            endpoint,
            call("pick_up_alone"),
            422,
            "alone_not_allowed",
        )
        .await;
        assert_eq!(doc["title"], "Illegal action");
    }
    accepted(app, id, &t[0], "bid", call("pick_up")).await;
    let legal = app.view(id, Some(&t[2])).await["legal_actions"].clone();
    assert_eq!(legal, json!([{"type": "allow"}, {"type": "veto"}]));
}

both_stores!(
    bacon_illegal_actions,
    too_many_requests,
    malformed_requests,
    unknown_field_on_pass_is_rejected,
    tokens_are_checked,
    unknown_games_and_routes,
    stale_if_match,
    illegal_actions,
    seats_and_start,
    impossible_games,
    body_over_the_limit,
    several_faults_are_refused_for_the_first,
);
