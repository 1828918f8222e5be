//! Racing requests: the compare-and-set on the version lets exactly one of them win.

use std::sync::Arc;

use futures_util::future::join_all;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::harness::started_game;
use crate::helpers::{Store, TestApp, both_stores, check_log, header, spawn_app};

/// Eight clients claim seat 0 at once: one gets it.
async fn racing_claims(store: Store) {
    let app = spawn_app(store).await;
    let id = app.create_game(&json!({})).await;
    let body = json!({"seat": 0});
    let results = join_all((0..8).map(|_| app.claim(&id, Some(&body)))).await;
    let statuses: Vec<u16> = results.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|&&s| s == 201).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|&s| s == 201 || s == 409),
        "{statuses:?}"
    );
    assert_eq!(app.version(&id).await, 2);
}

/// The seat to act posts the same action eight times at once: it is applied once; the others
/// are refused and change nothing.
async fn racing_actions(store: Store) {
    let app = spawn_app(store).await;
    let id = app.create_game(&json!({"seed": 5})).await;
    let tokens = app.claim_all(&id, 4).await;
    let start = app.view(&id, None).await;
    let seat = start["turn"].as_u64().expect("turn") as usize;
    let pass = json!({"type": "pass"});
    let results = join_all((0..8).map(|_| app.act(&id, &tokens[seat], "actions", &pass))).await;
    let statuses: Vec<u16> = results.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|&&s| s == 200).count(),
        1,
        "{statuses:?}"
    );
    for r in results.into_iter().filter(|r| r.status() != 200) {
        let doc: Value = r.json().await.expect("problem");
        assert!(
            doc["code"] == "not_your_turn" || doc["code"] == "version_conflict",
            "{doc}"
        );
    }
    let after = app.view(&id, None).await;
    assert_eq!(
        after["version"],
        start["version"].as_u64().expect("version") + 1
    );
    assert_eq!(after["auction"].as_array().expect("auction").len(), 1);
}

/// What one racing request got.
#[derive(Debug, Clone)]
struct Outcome {
    status: u16,
    code: String,
    version: Option<u64>,
}

/// Posts `action` as `token`, with `If-Match: "<if_match>"` if given.
async fn post(
    app: &TestApp,
    id: &str,
    token: &str,
    action: &Value,
    if_match: Option<u64>,
) -> Outcome {
    let mut req = app
        .client
        .post(app.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(token)
        .json(action);
    if let Some(v) = if_match {
        req = req.header("if-match", format!("\"{v}\""));
    }
    let res = req.send().await.expect("sent");
    let status = res.status().as_u16();
    let etag = header(&res, reqwest::header::ETAG);
    let body: Value = res.json().await.expect("JSON");
    let version = if status == 200 {
        let v = body["version"].as_u64().expect("version");
        assert_eq!(etag, format!("\"{v}\""));
        Some(v)
    } else {
        None
    };
    Outcome {
        status,
        code: body["code"].as_str().unwrap_or("").to_owned(),
        version,
    }
}

/// Checks a set of racing answers: only 200, 409 and 422; the 200s carry distinct versions that
/// follow `start` without a gap, and the game is at the last of them.
async fn check_race(app: &TestApp, id: &str, start: u64, outcomes: &[Outcome]) -> u64 {
    for o in outcomes {
        match o.status {
            200 => {}
            409 => assert_eq!(o.code, "version_conflict", "{o:?}"),
            422 => assert!(!o.code.is_empty(), "{o:?}"),
            other => panic!("a racing request got {other}: {o:?}"),
        }
    }
    let mut versions: Vec<u64> = outcomes.iter().filter_map(|o| o.version).collect();
    versions.sort_unstable();
    let expected: Vec<u64> = (start + 1..start + 1 + versions.len() as u64).collect();
    assert_eq!(
        versions, expected,
        "every version is won by exactly one request, without gaps"
    );
    let now = app.version(id).await;
    assert_eq!(
        now,
        start + versions.len() as u64,
        "no write went unanswered"
    );
    now
}

/// Fifty clients on one game: first all fifty post the same action for the seat to act; then
/// they race for the rest of the game, several seats at once, some with the version they just
/// read in If-Match, some with a stale one, some with none, and some acting out of turn. Each
/// version is won by exactly one request, every other one is a 409 or a 422, and the game ends
/// in a valid state.
async fn fifty_clients_race(store: Store) {
    let app = Arc::new(spawn_app(store).await);
    let (id, tokens) = started_game(&app, json!({"seed": 51})).await;
    let start = app.view(&id, None).await;
    let v0 = start["version"].as_u64().expect("version");
    let seat = start["turn"].as_u64().expect("turn") as usize;
    let view = app.view(&id, Some(&tokens[seat])).await;
    let action = view["legal_actions"][0].clone();

    // The same seat, the same action, fifty times at once (half of them with If-Match).
    let same = join_all((0..50).map(|i| {
        let pin = (i % 2 == 0).then_some(v0);
        post(&app, &id, &tokens[seat], &action, pin)
    }))
    .await;
    assert_eq!(
        same.iter().filter(|o| o.status == 200).count(),
        1,
        "{same:?}"
    );
    let mut version = check_race(&app, &id, v0, &same).await;

    // Then everyone at once, until the game is over or each client made 30 attempts.
    let all = Arc::new(Mutex::new(Vec::new()));
    let v1 = version;
    let tasks = (0..50).map(|i| {
        let app = app.clone();
        let id = id.clone();
        let tokens = tokens.clone();
        let all = all.clone();
        async move {
            let seat = i % 4;
            let mut rng = SmallRng::seed_from_u64(1000 + i as u64);
            for _ in 0..30 {
                let res = app.get_game(&id, Some(&tokens[seat])).await;
                let view: Value = res.json().await.expect("view");
                if view["phase"] == "game_over" {
                    break;
                }
                let current = view["version"].as_u64().expect("version");
                let legal = view["legal_actions"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                let action = if legal.is_empty() {
                    json!({"type": "pass"})
                } else {
                    legal[rng.random_range(0..legal.len())].clone()
                };
                let pin = match rng.random_range(0..4) {
                    0 => None,
                    1 => Some(current.saturating_sub(1)),
                    _ => Some(current),
                };
                let o = post(&app, &id, &tokens[seat], &action, pin).await;
                if pin.is_some_and(|p| p < current) {
                    assert_eq!(o.status, 409, "a stale If-Match never wins: {o:?}");
                }
                all.lock().await.push(o);
            }
        }
    });
    join_all(tasks).await;
    let outcomes = all.lock().await.clone();
    assert!(outcomes.len() >= 50);
    let won = outcomes.iter().filter(|o| o.status == 200).count();
    assert!(won >= 10, "the game moved ({won} moves)");
    assert!(
        outcomes.iter().any(|o| o.status == 409),
        "there were conflicts"
    );
    version = check_race(&app, &id, v1, &outcomes).await;
    // The final state is valid: every seat's view reads back, and a finished game has a log
    // that adds up.
    let last = app.view(&id, None).await;
    assert_eq!(last["version"], version);
    for t in &tokens {
        assert_eq!(app.view(&id, Some(t)).await["version"], version);
    }
    if last["phase"] == "game_over" {
        check_log(&app.log(&id).await, &last);
    }
}

both_stores!(racing_claims, racing_actions, fifty_clients_race);
