//! Secrecy: every view of a random game, of every seat and of the spectator after every action,
//! shows no card its reader may not see, and never a token.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::{Value, json};

use crate::helpers::{Store, both_stores, check_view_against_record, play_game, spawn_app};

/// Whether some hand of the log has a non-empty `field` (or a non-null one).
fn some_hand_has(log: &Value, field: &str) -> bool {
    log["hands"]
        .as_array()
        .expect("hands")
        .iter()
        .any(|h| !(h[field].is_null() || h[field] == json!([])))
}

async fn views_never_leak_hasenpfeffer(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(&app, json!({"seed": 101}), 101, true).await;
    assert!(
        some_hand_has(&played.log, "discards"),
        "the widow exchange was seen"
    );
}

/// Going alone with the partner sitting out.
async fn views_never_leak_hasenpfeffer_open(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "hasenpfeffer-open"}, "seed": 102}),
        102,
        true,
    )
    .await;
    assert!(some_hand_has(&played.log, "alone"), "someone went alone");
}

/// A double deck, and lone bidders' discards and passed cards.
async fn views_never_leak_double_hasenpfeffer(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "double-hasenpfeffer"}, "seed": 103}),
        103,
        true,
    )
    .await;
    assert!(
        some_hand_has(&played.log, "passed_cards"),
        "cards were passed"
    );
    assert!(some_hand_has(&played.log, "lone_discards"));
}

both_stores!(
    views_never_leak_hasenpfeffer,
    views_never_leak_hasenpfeffer_open,
    views_never_leak_double_hasenpfeffer,
);

/// The check itself is not vacuous: a real view passes it, and the same view with another
/// seat's card slipped in anywhere fails it.
#[tokio::test]
async fn the_secrecy_check_catches_leaks() {
    let app = spawn_app(Store::Memory).await;
    let hands = json!([
        ["AS", "KS", "AH", "KH", "QH", "TH"],
        ["9S", "9C", "TC", "QC", "KC", "AC"],
        ["TS", "9D", "TD", "QD", "KD", "AD"],
        ["QS", "JS", "JC", "JD", "JH", "9H"],
    ]);
    let id = app
        .create_game(&json!({"scenario": {"dealer": 3, "hands": hands, "widow": ["JK"]}}))
        .await;
    let tokens = app.claim_all(&id, 4).await;
    let record = json!({
        "number": 0, "deal": hands, "widow": ["JK"], "contract": null,
        "discards": [], "lone_discards": [], "passed_cards": [],
    });
    let seat0 = app.view(&id, Some(&tokens[0])).await;
    let spectator = app.view(&id, None).await;
    check_view_against_record(Some(0), &seat0, &record);
    check_view_against_record(None, &spectator, &record);
    let leaks: Vec<(Option<usize>, Value)> = vec![
        (Some(0), with(&seat0, |v| v["hand"][0] = json!("JS"))),
        (Some(0), with(&seat0, |v| v["widow"] = json!(["JK"]))),
        (Some(0), with(&seat0, |v| v["voids"][1] = json!(["9C"]))),
        (
            Some(0),
            with(&seat0, |v| v["extra"] = json!({"peek": ["AD"]})),
        ),
        (Some(0), with(&seat0, |v| v["discards"] = json!(["AS"]))),
        (Some(1), seat0.clone()),
        (
            None,
            with(&spectator, |v| v["last_hand"] = json!({"deal": ["QS"]})),
        ),
    ];
    for (reader, view) in leaks {
        let caught = catch_unwind(AssertUnwindSafe(|| {
            check_view_against_record(reader, &view, &record)
        }));
        assert!(caught.is_err(), "a leak went unnoticed: {reader:?} {view}");
    }
}

fn with(view: &Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut v = view.clone();
    change(&mut v);
    v
}
