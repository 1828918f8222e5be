//! Racing requests: the compare-and-set on the version lets exactly one of them win.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::helpers::{Store, both_stores, spawn_app};

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

both_stores!(racing_claims, racing_actions);
