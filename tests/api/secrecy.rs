//! Secrecy: every view of a random game, of every seat and of the spectator after every action,
//! shows no card its reader may not see, and never a token.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    Seen, Store, TestApp, both_stores, check_log, check_view_against_record, choose, play_game,
    seats_of, spawn_app, view_of,
};

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

/// The timeouts of a log read while the game is played: a fallback move of a hand not yet in
/// the log (still being played) shows no face-down card (an exchange's discard, a lone
/// bidder's discard, a partner's passed cards); once its hand is over, the whole move. Answers
/// how many hidden moves of hands in progress were shown without their cards.
fn check_log_timeouts(log: &Value) -> usize {
    let finished = log["hands"].as_array().expect("hands").len() as u64;
    let mut hidden = 0;
    for t in log["timeouts"].as_array().expect("timeouts") {
        // The move's type (before redaction existed, only the move itself said).
        let kind = t["action_type"]
            .as_str()
            .or_else(|| t["action"]["type"].as_str())
            .unwrap_or_default();
        let in_progress = t["hand_number"].as_u64().expect("hand_number") >= finished;
        if in_progress && matches!(kind, "exchange" | "pass_cards" | "take_upcard") {
            assert!(
                t["action"].is_null(),
                "the log shows a face-down move of the hand in progress: {t}"
            );
            hidden += 1;
        } else {
            assert_eq!(
                t["action"]["type"], kind,
                "a finished hand's move in full: {t}"
            );
        }
    }
    hidden
}

/// Plays a game of `ruleset` with a 100 ms turn clock, the client letting the clock run out
/// on every face-down decision (exchanges, passed cards) and on some others, and going alone
/// whenever it may. After every change it reads every seat's view, the spectator's and the
/// log, and checks them all (views against the hand's record once it is over, the log's
/// timeouts at once). Answers how many hidden fallback moves the log showed without cards.
async fn play_with_clocks(app: &TestApp, ruleset: Value, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let id = app
        .create_game(&json!({"ruleset": ruleset, "seed": seed, "turn_time_limit_ms": 100}))
        .await;
    let seats = seats_of(&app.view(&id, None).await);
    let tokens = app.claim_all(&id, seats).await;
    let mut seen = Seen::default();
    let (mut hidden, mut steps) = (0, 0);
    loop {
        let (spectator, text) = app.view_text(&id, None).await;
        seen.record(None, spectator.clone(), &text, &tokens);
        let mut views = Vec::new();
        for (s, t) in tokens.iter().enumerate() {
            let (v, text) = app.view_text(&id, Some(t)).await;
            seen.record(Some(s), v.clone(), &text, &tokens);
            views.push(v);
        }
        let log = app.log(&id).await;
        hidden += check_log_timeouts(&log);
        let Some(seat) = spectator["turn"].as_u64() else {
            break;
        };
        steps += 1;
        assert!(steps < 5_000, "the game does not end");
        let view = &views[seat as usize];
        let version = spectator["version"].as_u64().expect("version");
        if view["version"] != version || view["turn"] != seat {
            continue; // a clock fired while we read
        }
        let legal = view["legal_actions"].as_array().expect("legal_actions");
        let face_down = legal.iter().any(|a| {
            a["type"] == "exchange" || a["type"] == "pass_cards" || a["type"] == "take_upcard"
        });
        let alone = json!({"type": "alone", "alone": true});
        if face_down || rng.random_range(0..6) == 0 {
            // Let the clock run out.
            let res = app
                .get(&format!(
                    "/v1/games/{id}?wait_for_version={version}&wait_ms=5000"
                ))
                .await;
            let (v, text) = view_of(res).await;
            seen.record(None, v, &text, &tokens);
            continue;
        }
        let action = if legal.contains(&alone) {
            alone
        } else {
            choose(view, &mut rng)
        };
        let res = app
            .client
            .post(app.url(&format!("/v1/games/{id}/actions")))
            .bearer_auth(&tokens[seat as usize])
            .header("if-match", format!("\"{version}\""))
            .json(&action)
            .send()
            .await
            .expect("sent");
        match res.status() {
            StatusCode::OK => {
                let (v, text) = view_of(res).await;
                seen.record(Some(seat as usize), v, &text, &tokens);
            }
            StatusCode::CONFLICT => {} // the clock was faster
            other => panic!("{action}: {other} {}", res.text().await.unwrap_or_default()),
        }
    }
    let last = app.view(&id, None).await;
    let log = app.log(&id).await;
    check_log(&log, &last);
    check_log_timeouts(&log);
    assert!(
        !log["timeouts"].as_array().expect("timeouts").is_empty(),
        "the clocks fired"
    );
    seen.check_against(&log);
    hidden
}

/// Turn clocks firing during games of every preset (double-hasenpfeffer with lone bidders):
/// every response, the log included, shows nothing hidden while the hand is played.
async fn nothing_leaks_while_clocks_fire(store: Store) {
    let app = spawn_app(store).await;
    let mut hidden = 0;
    for (i, ruleset) in [
        json!({"preset": "hasenpfeffer", "target_score": 5}),
        json!({"preset": "hasenpfeffer-open", "target_score": 5}),
        json!({"preset": "pepper", "target_score": 10}),
        json!({"preset": "double-hasenpfeffer", "target_score": 10}),
        json!({"preset": "pepper", "players": 3, "target_score": 10}),
        json!({"preset": "pepper", "players": 2, "target_score": 10}),
        json!({"preset": "euchre", "target_score": 5}),
        json!({"preset": "buck-euchre", "target_score": 10}),
    ]
    .into_iter()
    .enumerate()
    {
        let shown = play_with_clocks(&app, ruleset.clone(), 300 + i as u64).await;
        if ruleset["preset"] == "double-hasenpfeffer" {
            assert!(shown > 0, "no passed cards timed out in {ruleset}");
        }
        hidden += shown;
    }
    assert!(hidden > 0, "no face-down move timed out");
}

/// Every player alone: each of three seats sees only its own hand.
async fn views_never_leak_pepper_3(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "pepper", "players": 3}, "seed": 104}),
        104,
        true,
    )
    .await;
    assert_eq!(played.tokens.len(), 3);
}

/// Two players and a dead hand nobody may see while the hand is played.
async fn views_never_leak_pepper_2(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "pepper", "players": 2}, "seed": 105}),
        105,
        true,
    )
    .await;
    assert_eq!(played.tokens.len(), 2);
}

/// Euchre: the upcard is public wherever it goes, the rest of the stub and the dealer's discard
/// are seen by nobody (the discard by the dealer alone) while the hand is played.
async fn views_never_leak_euchre(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "euchre"}, "seed": 106}),
        106,
        true,
    )
    .await;
    assert!(
        some_hand_has(&played.log, "upcard"),
        "the log shows the upcard"
    );
    assert!(
        some_hand_has(&played.log, "discards"),
        "the dealer took an upcard"
    );
}

/// Buck Euchre: every player for themselves, drop-outs, hands with no declarer; each seat sees
/// only its own hand, the upcard and the dealer's own discard.
async fn views_never_leak_buck_euchre(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "buck-euchre"}, "seed": 107}),
        107,
        true,
    )
    .await;
    assert!(
        some_hand_has(&played.log, "upcard"),
        "the log shows the upcard"
    );
    assert!(
        some_hand_has(&played.log, "dropped"),
        "somebody dropped out of a hand"
    );
}

both_stores!(
    views_never_leak_buck_euchre,
    views_never_leak_euchre,
    views_never_leak_hasenpfeffer,
    views_never_leak_pepper_3,
    views_never_leak_pepper_2,
    views_never_leak_hasenpfeffer_open,
    views_never_leak_double_hasenpfeffer,
    nothing_leaks_while_clocks_fire,
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
