//! Headers, Swagger UI, health, metrics, the ruleset catalogue and the OpenAPI drift check.

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, LOCATION};
use serde_json::{Value, json};

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::helpers::{
    Store, TestApp, assert_problem, both_stores, choose, header, spawn_app, spawn_app_with, view_of,
};

async fn created_games_and_views_carry_headers(store: Store) {
    let app = spawn_app(store).await;
    // `{}` and an empty body both create a game.
    let res = app
        .client
        .post(app.url("/v1/games"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = app.create_game(&json!({})).await;
    let res = app.get_game(&id, None).await;
    assert_eq!(header(&res, CACHE_CONTROL), "no-store");
    assert_eq!(header(&res, ETAG), "\"1\"");
    let (view, _) = view_of(res).await;
    assert_eq!(view["game_id"], id.as_str());
    assert_eq!(view["ruleset"]["preset"], "hasenpfeffer");
    assert_eq!(view["phase"], "auction");
    assert_eq!(view["hand"], json!([]));
    let tokens = app.claim_all(&id, 4).await;
    let (view, _) = view_of(app.get_game(&id, None).await).await;
    assert_eq!(view["version"], 5);
    let seat = view["turn"].as_u64().expect("a turn") as usize;
    let (mine, _) = view_of(app.get_game(&id, Some(&tokens[seat])).await).await;
    assert_eq!(mine["hand"].as_array().expect("hand").len(), 6);
    let res = app
        .act(&id, &tokens[seat], "bid", &json!({"type": "pass"}))
        .await;
    assert_eq!(header(&res, ETAG), "\"6\"");
    assert_eq!(header(&res, CACHE_CONTROL), "no-store");
    let (after, _) = view_of(res).await;
    assert_eq!(after["seat"], seat);
    // The Location is the game's URL.
    let res = app.create(&json!({"seed": 3})).await;
    let location = header(&res, LOCATION);
    let (view, _) = view_of(app.get(&location).await).await;
    assert_eq!(view["version"], 1);
}

async fn swagger_ui(store: Store) {
    let app = spawn_app(store).await;
    let res = app.get("/swagger-ui").await;
    assert!(res.status().is_redirection(), "{}", res.status());
    assert_eq!(header(&res, LOCATION), "/swagger-ui/");
    let res = app.get("/swagger-ui/").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(header(&res, CONTENT_TYPE).starts_with("text/html"));
    swagger_security_headers(&res, "/swagger-ui/");
    let html = res.text().await.expect("html");
    assert!(html.to_lowercase().contains("swagger"), "{html}");
    // No inline script for the policy to refuse: every script is a file of Swagger UI's.
    assert!(!html.contains("<script>"), "{html}");
    for path in [
        "/swagger-ui",
        "/swagger-ui/swagger-initializer.js",
        "/swagger-ui/swagger-ui-bundle.js",
        "/swagger-ui/swagger-ui.css",
        "/swagger-ui/no-such-file.js",
    ] {
        let res = app.get(path).await;
        swagger_security_headers(&res, path);
    }
}

/// The web page's security headers, with Swagger UI's policy: its own scripts only, inline
/// styles (which it sets), no framing.
fn swagger_security_headers(res: &reqwest::Response, path: &str) {
    let header = |name: &'static str| header(res, reqwest::header::HeaderName::from_static(name));
    let csp = header("content-security-policy");
    for directive in [
        "default-src 'self'",
        "script-src 'self';",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(
            csp.contains(directive),
            "{path}: {directive} is not in {csp}"
        );
    }
    assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
    assert_eq!(header("x-frame-options"), "DENY", "{path}");
    assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
    assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
    assert_eq!(
        header("cross-origin-opener-policy"),
        "same-origin",
        "{path}"
    );
}

async fn health_and_readiness(store: Store) {
    let app = spawn_app(store).await;
    let backend = match store {
        Store::Memory => "memory",
        Store::Redis => "redis",
    };
    for path in ["/healthz", "/readyz"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let body: Value = res.json().await.expect("JSON");
        assert_eq!(body["status"], "ok");
        assert_eq!(body["store"], backend);
    }
}

async fn metrics(store: Store) {
    let app = spawn_app(store).await;
    let id = app.create_game(&json!({"seed": 9})).await;
    let tokens = app.claim_all(&id, 4).await;
    let turn = app.view(&id, None).await["turn"].as_u64().expect("turn") as usize;
    let res = app
        .act(&id, &tokens[turn], "actions", &json!({"type": "pass"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .act(
            &id,
            &tokens[(turn + 2) % 4],
            "actions",
            &json!({"type": "pass"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 422);
    let res = app.get("/metrics").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(header(&res, CONTENT_TYPE).starts_with("text/plain"));
    let text = res.text().await.expect("metrics");
    for name in [
        "hasenpfeffer_http_requests_total",
        "hasenpfeffer_http_request_duration_seconds",
        "hasenpfeffer_games_created_total",
        "hasenpfeffer_games_finished_total",
        "hasenpfeffer_actions_total",
    ] {
        assert!(text.contains(name), "{name} missing from\n{text}");
    }
    assert!(
        text.contains("hasenpfeffer_games_created_total 1"),
        "{text}"
    );
    // Requests are counted by route template, not by game id.
    assert!(text.contains("/v1/games/{id}/actions"), "{text}");
    assert!(!text.contains(&id), "a game id in the metrics");
    for t in &tokens {
        assert!(!text.contains(t.as_str()));
    }
}

async fn rulesets(store: Store) {
    let app = spawn_app(store).await;
    let res = app.get("/v1/rulesets").await;
    assert_eq!(res.status(), StatusCode::OK);
    let catalog: Value = res.json().await.expect("JSON");
    let presets = catalog["presets"].as_array().expect("presets");
    let names: Vec<&str> = presets
        .iter()
        .map(|p| p["name"].as_str().expect("name"))
        .collect();
    assert_eq!(
        names,
        [
            "hasenpfeffer",
            "hasenpfeffer-open",
            "pepper",
            "double-hasenpfeffer",
            "euchre",
            "buck-euchre",
            "bacon",
            "five-hundred"
        ]
    );
    for p in presets {
        assert_eq!(p["rules"]["preset"], p["name"]);
        // The preset's decks include its own, and it takes at least the common options.
        assert!(
            p["decks"]
                .as_array()
                .expect("decks")
                .contains(&p["rules"]["deck"])
        );
        let takes = p["options"].as_array().expect("options");
        for o in ["deck", "players", "target_score"] {
            // (Five Hundred's pack follows its players and `joker`.)
            if !(o == "deck" && p["name"] == "five-hundred") {
                assert!(takes.contains(&json!(o)), "{}: {o}", p["name"]);
            }
        }
        assert!(p["description"].as_str().is_some_and(|d| !d.is_empty()));
    }
    assert!(!catalog["options"].as_array().expect("options").is_empty());
    // Bacon: 4 players, 52 cards, no bowers, its own auction and lead, first to 10; it takes
    // the common options only.
    let bacon = presets
        .iter()
        .find(|p| p["name"] == "bacon")
        .expect("bacon");
    assert_eq!(
        bacon["options"],
        json!([
            "deck",
            "players",
            "bowers",
            "alone",
            "target_score",
            "max_hands"
        ])
    );
    assert_eq!(bacon["players"], json!([4]));
    assert_eq!(bacon["decks"], json!(["full52"]));
    let rules = &bacon["rules"];
    for (k, v) in [
        ("deck", json!("full52")),
        ("players", json!(4)),
        ("bowers", json!(false)),
        ("auction", json!("successive_upcards")),
        ("alone", json!("maker")),
        ("first_lead", json!("upcard_taker")),
        ("scoring", json!("bacon")),
        ("target_score", json!(10)),
    ] {
        assert_eq!(rules[k], v, "bacon's {k}");
    }
    // What it does not take is refused, whatever the client sends.
    for (ruleset, code) in [
        (json!({"alone": "partner_sits_out"}), "option_not_in_game"),
        (json!({"min_bid": 2}), "option_not_in_game"),
        (json!({"dealer_pickup": "mandatory"}), "option_not_in_game"),
        (json!({"players": 6}), "invalid_players"),
        (json!({"target_score": 101}), "target_score_out_of_range"),
    ] {
        let mut body = json!({"preset": "bacon"});
        for (k, v) in ruleset.as_object().expect("options") {
            body[k] = v.clone();
        }
        let res = app.create(&json!({"ruleset": body})).await;
        assert_problem(res, 422, code).await;
    }
    for ok in [
        json!({"alone": "none", "bowers": true}),
        json!({"target_score": 20}),
    ] {
        let mut body = json!({"preset": "bacon"});
        for (k, v) in ok.as_object().expect("options") {
            body[k] = v.clone();
        }
        let res = app.create(&json!({"ruleset": body})).await;
        assert_eq!(res.status(), StatusCode::CREATED, "{body}");
    }
}

/// Every option value a preset uses is one the catalogue lists for that option, so a client can
/// send back what it reads.
async fn ruleset_catalog_lists_the_wire_values(store: Store) {
    let app = spawn_app(store).await;
    let catalog: Value = app.get("/v1/rulesets").await.json().await.expect("JSON");
    let options = catalog["options"].as_array().expect("options");
    for p in catalog["presets"].as_array().expect("presets") {
        for o in options {
            let name = o["name"].as_str().expect("name");
            let value = &p["rules"][name];
            let Some(value) = value.as_str() else {
                continue;
            };
            let listed: Vec<&str> = o["values"]
                .as_str()
                .expect("values")
                .split('|')
                .map(str::trim)
                .collect();
            assert!(
                listed.contains(&value),
                "preset {}: {name} = {value}, but the catalogue lists {listed:?}",
                p["name"]
            );
            // And the listed value is accepted back, where the preset takes the option.
            let takes = p["options"].as_array().expect("options");
            if !takes.contains(&json!(name)) {
                continue;
            }
            let res = app
                .create(&json!({"ruleset": {"preset": p["name"], name: value}}))
                .await;
            assert_eq!(res.status(), StatusCode::CREATED, "{name} = {value}");
        }
    }
}

/// Every player count the catalogue offers for a preset is creatable as `{"preset": P,
/// "players": n}`, with nothing else given (the preset resolves the deck and the rules that count
/// needs), and the game's resolved ruleset is of that preset and count.
async fn every_offered_player_count_is_creatable_as_given(store: Store) {
    let app = spawn_app(store).await;
    let catalog: Value = app.get("/v1/rulesets").await.json().await.expect("JSON");
    let mut created = 0;
    for p in catalog["presets"].as_array().expect("presets") {
        for n in p["players"].as_array().expect("players") {
            let spec = json!({"ruleset": {"preset": p["name"], "players": n}});
            let res = app.create(&spec).await;
            let status = res.status();
            let body: Value = res.json().await.expect("JSON");
            assert_eq!(status, StatusCode::CREATED, "{spec}: {body}");
            let id = body["game_id"].as_str().expect("game_id");
            let view: Value = app
                .get(&format!("/v1/games/{id}"))
                .await
                .json()
                .await
                .expect("JSON");
            assert_eq!(view["ruleset"]["preset"], p["name"], "{spec}");
            assert_eq!(view["ruleset"]["players"], *n, "{spec}");
            assert_eq!(
                view["seats"].as_array().map(Vec::len),
                n.as_u64().map(|n| n as usize)
            );
            created += 1;
        }
    }
    assert!(created >= 18, "{created}");
}

async fn served_openapi_matches_the_committed_document(store: Store) {
    let app = spawn_app(store).await;
    let res = app.get("/openapi.json").await;
    assert_eq!(res.status(), StatusCode::OK);
    let served: Value = res
        .json()
        .await
        .expect("the served OpenAPI document is JSON");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let committed: Value = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    assert!(
        served == committed,
        "the served OpenAPI document differs from openapi/openapi.json; regenerate it with: \
         cargo run --bin openapi > openapi/openapi.json"
    );
}

both_stores!(
    created_games_and_views_carry_headers,
    swagger_ui,
    health_and_readiness,
    metrics,
    rulesets,
    ruleset_catalog_lists_the_wire_values,
    every_offered_player_count_is_creatable_as_given,
    served_openapi_matches_the_committed_document,
);

/// How long one `GET /healthz` takes, from sending to the answer.
async fn time_healthz(app: &TestApp) -> Duration {
    let start = Instant::now();
    let res = app.get("/healthz").await;
    assert_eq!(res.status(), StatusCode::OK);
    start.elapsed()
}

/// Expert house players think on the blocking pool: with a single web worker, `/healthz` still
/// answers at once while a move makes three experts think.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn experts_think_off_the_web_workers() {
    let app = std::sync::Arc::new(spawn_app_with(Store::Memory, |c| c.workers = Some(1)).await);
    // The yardstick for "at once": the median of idle `/healthz` calls (the first opens the
    // connection, so it is left out). Experts think until their time cap in a debug build but
    // finish early in a release one, so the moves are judged against this, not a fixed time.
    time_healthz(&app).await;
    let mut idle = Vec::new();
    for _ in 0..21 {
        idle.push(time_healthz(&app).await);
    }
    idle.sort();
    let idle_health = idle[idle.len() / 2];
    let expert = json!({"kind": "bot", "strategy": "expert"});
    let id = app
        .create_game(&json!({"seed": 5, "seats": [{"kind": "open"}, expert, expert, expert]}))
        .await;
    let token = app.claim_all(&id, 1).await.remove(0);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut longest_move = Duration::ZERO;
    let mut busy_health = Vec::new();
    let mut thinking = Duration::ZERO;
    while thinking < Duration::from_secs(2) {
        let view = app.view(&id, Some(&token)).await;
        if view["phase"] == "game_over" {
            break;
        }
        let action = choose(&view, &mut rng);
        let mover = {
            let (app, id, token) = (app.clone(), id.clone(), token.clone());
            tokio::spawn(async move {
                let start = Instant::now();
                let res = app.act(&id, &token, "actions", &action).await;
                assert_eq!(res.status(), StatusCode::OK);
                start.elapsed()
            })
        };
        while !mover.is_finished() {
            busy_health.push(time_healthz(&app).await);
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let took = mover.await.expect("move");
        longest_move = longest_move.max(took);
        thinking += took;
    }
    assert!(
        longest_move >= (idle_health * 20).max(Duration::from_millis(10)),
        "the experts thought too briefly for this test to mean anything: {longest_move:?} \
         (an idle /healthz takes {idle_health:?})"
    );
    // Blocked, every call made during a move would wait for its end (one call a move); not
    // blocked, calls answer at once, many a move. The 90th percentile, so that one hiccup of
    // an overloaded machine (CI on two cores) is not taken for a blocked worker.
    busy_health.sort();
    let p90 = busy_health[busy_health.len() * 9 / 10];
    assert!(
        p90 * 2 < longest_move,
        "/healthz waited {p90:?} (90th percentile of {} calls) while a move took \
         {longest_move:?}: the experts blocked the web worker",
        busy_health.len()
    );
}
