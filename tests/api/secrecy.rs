//! Secrecy: every view of a random game, of every seat and of the spectator after every action,
//! shows no card its reader may not see, and never a token.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    Seen, Store, TestApp, bacon_scenario, both_stores, check_log, check_view_against_record,
    choose, play_game, seats_of, spawn_app, view_of,
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
    // Each seat's turns in a row left to the clock: never a third (that seat would forfeit the
    // game, which ends it mid-hand).
    let mut late = vec![0u8; seats];
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
        if (face_down || rng.random_range(0..6) == 0)
            && late[seat as usize] + 1 < hasenpfeffer::games::FORFEIT_AFTER_TIMEOUTS
        {
            // Let the clock run out.
            late[seat as usize] += 1;
            let res = app
                .get(&format!(
                    "/v1/games/{id}?wait_for_version={version}&wait_ms=5000"
                ))
                .await;
            let (v, text) = view_of(res).await;
            seen.record(None, v, &text, &tokens);
            continue;
        }
        late[seat as usize] = 0;
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
    if !last["forfeit"].is_null() {
        // (A clock that fired while this test read can still make a third in a row.)
        seen.forget_hands_from(log["hands"].as_array().map_or(0, Vec::len));
    }
    seen.check_against(&log);
    hidden
}

/// Turn clocks firing during games of every preset (double-hasenpfeffer with lone bidders;
/// Bacon's answers and face-up exchanges timing out too):
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
        json!({"preset": "bacon", "target_score": 5}),
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

/// Bacon: successive upcards, vetoes, loners, the taker's face-up discard, acquitted hands;
/// each seat sees its own hand, the upcards passed and the current one, and the face-up
/// discard, never the rest of the stub nor another seat's cards. (The seed reaches each case.)
async fn views_never_leak_bacon(store: Store) {
    let app = spawn_app(store).await;
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "bacon"}, "seed": 125}),
        125,
        true,
    )
    .await;
    let hands = played.log["hands"].as_array().expect("hands");
    let reached = |f: &dyn Fn(&Value) -> bool| hands.iter().any(f);
    let calls = |h: &Value, f: &dyn Fn(&Value) -> bool| {
        h["upcard_calls"]
            .as_array()
            .is_some_and(|c| c.iter().any(f))
    };
    for (what, seen) in [
        ("a hand acquitted", reached(&|h| h["result"] == "acquitted")),
        ("a loner", reached(&|h| !h["alone"].is_null())),
        (
            "a later upcard picked up",
            reached(&|h| h["result"] == "played" && h["upcard"]["card"] != h["widow"][0]),
        ),
        (
            "the upcard itself discarded",
            reached(&|h| h["upcard"]["discard"] == h["upcard"]["card"]),
        ),
        (
            "a pick-up allowed",
            reached(&|h| calls(h, &|c| c["answer"] == "allow")),
        ),
        ("a veto", reached(&|h| calls(h, &|c| c["answer"] == "veto"))),
        (
            "going alone vetoed",
            reached(&|h| calls(h, &|c| c["answer"] == "veto_alone")),
        ),
        (
            "the dealer vetoed",
            reached(&|h| calls(h, &|c| c["answer"] == "veto" && c["seat"] == h["dealer"])),
        ),
        (
            "the defenders scoring",
            reached(&|h| {
                h["result"] == "played"
                    && h["score_delta"]
                        [(h["contract"]["seat"].as_u64().expect("seat") as usize + 1) % 2]
                        != 0
            }),
        ),
    ] {
        assert!(seen, "not reached: {what}");
    }
}

both_stores!(
    views_never_leak_bacon,
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

/// The check is not vacuous for Bacon either: real views of a chosen deal pass it (after the
/// first upcard was passed; after a pick-up, its answer and the face-up discard), and the same
/// views with a stub card beyond the current upcard, a passed upcard out of order, another
/// discard, a face-down discard, another seat's card, a call changed or a seat sitting out with
/// nobody alone fail it.
#[tokio::test]
async fn the_secrecy_check_catches_bacon_leaks() {
    let app = spawn_app(Store::Memory).await;
    let id = app.create_game(&bacon_scenario(json!({}))).await;
    let t = app.claim_all(&id, 4).await;
    let act = |seat: usize, action: Value| {
        let (app, id, token) = (&app, &id, t[seat].clone());
        async move {
            let res = app.act(id, &token, "actions", &action).await;
            assert_eq!(res.status(), 200, "{action}");
        }
    };
    for seat in 0..4 {
        act(seat, json!({"type": "pass"})).await;
    }
    let auction2 = app.view(&id, Some(&t[2])).await;
    assert_eq!(auction2["passed_upcards"], json!(["9H"]));
    assert_eq!(auction2["upcard"]["card"], "9S");
    let spectator_auction = app.view(&id, None).await;
    act(0, json!({"type": "pick_up"})).await;
    act(2, json!({"type": "allow"})).await;
    act(1, json!({"type": "take_upcard", "discard": "TS"})).await;
    let taker = app.view(&id, Some(&t[1])).await;
    assert_eq!(taker["upcard"]["discard"], "TS");
    let caller = app.view(&id, Some(&t[0])).await;
    let spectator = app.view(&id, None).await;
    // Play the hand out; its record is then in the log.
    while app.view(&id, None).await["hand_number"] == 0 {
        let seat = app.view(&id, None).await["turn"].as_u64().expect("turn") as usize;
        let legal = app.view(&id, Some(&t[seat])).await["legal_actions"][0].clone();
        act(seat, legal).await;
    }
    let record = app.log(&id).await["hands"][0].clone();
    assert_eq!(record["upcard"]["taken_by"], 1);
    let real: Vec<(Option<usize>, &Value)> = vec![
        (Some(2), &auction2),
        (None, &spectator_auction),
        (Some(1), &taker),
        (Some(0), &caller),
        (None, &spectator),
    ];
    for (reader, view) in &real {
        check_view_against_record(*reader, view, &record);
    }
    let leaks: Vec<(&str, Option<usize>, Value)> = vec![
        (
            "the next stub card as the upcard",
            Some(2),
            with(&auction2, |v| v["upcard"]["card"] = json!("9D")),
        ),
        (
            "a stub card as a passed upcard",
            None,
            with(&spectator_auction, |v| v["passed_upcards"] = json!(["9D"])),
        ),
        (
            "the current upcard as passed too",
            Some(2),
            with(&auction2, |v| v["passed_upcards"] = json!(["9H", "9S"])),
        ),
        (
            "a stub card anywhere",
            None,
            with(&spectator, |v| v["extra"] = json!({"peek": "8H"})),
        ),
        (
            "a discard before the upcard is taken",
            None,
            with(&spectator_auction, |v| v["upcard"]["discard"] = json!("TS")),
        ),
        (
            "another discard",
            Some(0),
            with(&caller, |v| v["upcard"]["discard"] = json!("AS")),
        ),
        (
            "a face-down discard",
            Some(1),
            with(&taker, |v| v["discards"] = json!(["TS"])),
        ),
        (
            "another seat's card",
            Some(1),
            with(&taker, |v| v["hand"][0] = json!("AD")),
        ),
        (
            "the stub as a widow",
            Some(0),
            with(&caller, |v| v["widow"] = json!(["9D"])),
        ),
        (
            "a call changed",
            None,
            with(&spectator, |v| {
                v["upcard_calls"][4]["answer"] = json!("veto")
            }),
        ),
        (
            "a seat out with nobody alone",
            None,
            with(&spectator, |v| v["sitting_out"] = json!([2])),
        ),
    ];
    for (what, reader, view) in leaks {
        let caught = catch_unwind(AssertUnwindSafe(|| {
            check_view_against_record(reader, &view, &record)
        }));
        assert!(caught.is_err(), "a leak went unnoticed: {what}");
    }
}

fn with(view: &Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut v = view.clone();
    change(&mut v);
    v
}
