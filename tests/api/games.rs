//! Whole games through the API: every preset by a client holding every seat, and games with
//! house bots.

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{
    Store, assert_problem, both_stores, check_log, play_game, spawn_app, view_of, wait_finished,
};

/// Plays a whole game of `ruleset` and checks every endpoint in `endpoints` was used.
async fn full_game(store: Store, ruleset: Value, seed: u64, endpoints: &[&str]) {
    let app = spawn_app(store).await;
    let played = play_game(&app, json!({"ruleset": ruleset, "seed": seed}), seed, false).await;
    assert_eq!(played.last["ruleset"]["preset"], ruleset["preset"]);
    for e in ["actions", "bid", "play"].iter().chain(endpoints) {
        assert!(
            played.endpoints.contains_key(e),
            "/{e} was never used: {:?}",
            played.endpoints
        );
    }
    // The game is over for everyone: no action is accepted any more.
    let before = app.view(&played.id, None).await;
    for token in &played.tokens {
        let res = app
            .act(&played.id, token, "actions", &json!({"type": "pass"}))
            .await;
        assert_problem(res, 422, "game_over").await;
    }
    assert_eq!(app.view(&played.id, None).await, before);
}

async fn full_game_hasenpfeffer(store: Store) {
    let ruleset = json!({"preset": "hasenpfeffer"});
    full_game(store, ruleset, 1, &["exchange"]).await;
}

async fn full_game_hasenpfeffer_open(store: Store) {
    let ruleset = json!({"preset": "hasenpfeffer-open"});
    full_game(store, ruleset, 2, &["exchange", "alone"]).await;
}

async fn full_game_pepper(store: Store) {
    full_game(store, json!({"preset": "pepper"}), 3, &["exchange"]).await;
}

async fn full_game_double_hasenpfeffer_4(store: Store) {
    let ruleset = json!({"preset": "double-hasenpfeffer"});
    full_game(store, ruleset, 6, &["exchange", "alone", "pass-cards"]).await;
}

async fn full_game_double_hasenpfeffer_6(store: Store) {
    let ruleset = json!({"preset": "double-hasenpfeffer", "players": 6});
    full_game(store, ruleset, 5, &["exchange", "alone", "pass-cards"]).await;
}

/// Pepper for three players, every player alone: three seats to claim, scores per player.
async fn full_game_pepper_3(store: Store) {
    small_pepper(store, 3, 33).await;
}

/// Pepper for two players: a dead hand of 8 lies face down all hand long.
async fn full_game_pepper_2(store: Store) {
    small_pepper(store, 2, 34).await;
}

async fn small_pepper(store: Store, players: usize, seed: u64) {
    let ruleset = json!({"preset": "pepper", "players": players});
    let app = spawn_app(store).await;
    let played = play_game(&app, json!({"ruleset": ruleset, "seed": seed}), seed, false).await;
    let last = &played.last;
    assert_eq!(played.tokens.len(), players);
    assert_eq!(last["ruleset"]["players"], players);
    assert_eq!(last["ruleset"]["set_penalty"], "all_tricks");
    assert_eq!(last["scores"].as_array().map(Vec::len), Some(players));
    assert_eq!(last["tricks_won"].as_array().map(Vec::len), Some(players));
    let dead = if players == 2 { 8 } else { 0 };
    assert_eq!(last["widow_size"], dead, "the dead hand's size");
    for hand in played.log["hands"].as_array().expect("hands") {
        // Once the hand is over its dead hand is in the log, with the deal.
        assert_eq!(hand["widow"].as_array().map(Vec::len), Some(dead));
    }
    // The winners hold the highest score, and someone reached 30.
    let scores: Vec<i64> = last["scores"]
        .as_array()
        .expect("scores")
        .iter()
        .map(|s| s.as_i64().expect("a score"))
        .collect();
    let best = *scores.iter().max().expect("three scores");
    assert!(best >= 30, "{scores:?}");
    let winners: Vec<usize> = (0..players).filter(|&s| scores[s] == best).collect();
    let listed: Vec<usize> = last["winners"]
        .as_array()
        .expect("winners")
        .iter()
        .map(|w| w.as_u64().expect("a side") as usize)
        .collect();
    assert_eq!(listed, winners);
    assert_eq!(last["draw"], winners.len() > 1);
}

both_stores!(
    full_game_hasenpfeffer,
    full_game_hasenpfeffer_open,
    full_game_pepper,
    full_game_pepper_3,
    full_game_pepper_2,
    full_game_double_hasenpfeffer_4,
    full_game_double_hasenpfeffer_6,
);

/// Two clients and two house bots: the bots answer inside the request that hands them the
/// turn, so a client only ever sees a client's turn.
async fn clients_and_bots(store: Store) {
    let app = spawn_app(store).await;
    let bot = json!({"kind": "bot", "strategy": "random"});
    let id = app
        .create_game(&json!({
            "seed": 11,
            "seats": [{"kind": "open"}, bot, {"kind": "open"}, bot],
        }))
        .await;
    let spectator = app.view(&id, None).await;
    assert_eq!(spectator["status"], "waiting_for_players");
    assert_eq!(spectator["seats"][1]["kind"], "bot");
    assert_eq!(spectator["seats"][1]["strategy"], "random");
    assert_eq!(spectator["seats"][1]["claimed"], true);
    assert_eq!(spectator["seats"][0]["claimed"], false);
    // Only open seats can be claimed: the next free one after 0 is 2.
    let a: Value = app.claim(&id, None).await.json().await.expect("claim JSON");
    assert_eq!(a["seat"], 0);
    let b: Value = app.claim(&id, None).await.json().await.expect("claim JSON");
    assert_eq!(b["seat"], 2);
    let tokens = [
        a["token"].as_str().expect("token").to_owned(),
        b["token"].as_str().expect("token").to_owned(),
    ];
    let mut version = 3;
    let mut view = app.view(&id, None).await;
    assert_eq!(view["status"], "playing");
    assert_eq!(view["version"], version);
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(11);
    let mut actions = 0;
    while let Some(seat) = view["turn"].as_u64() {
        assert!(
            seat == 0 || seat == 2,
            "a bot's turn was left waiting: {seat}"
        );
        let token = &tokens[(seat / 2) as usize];
        let mine = app.view(&id, Some(token)).await;
        let action = crate::helpers::choose(&mine, &mut rng);
        let res = app.act(&id, token, "actions", &action).await;
        view = view_of(res).await.0;
        version += 1;
        assert_eq!(view["version"], version, "bots move inside the same write");
        actions += 1;
        assert!(actions < 10_000, "the game does not end");
    }
    let last = app.view(&id, None).await;
    assert_eq!(last["phase"], "game_over");
    assert_eq!(last["status"], "finished");
    let log = app.log(&id).await;
    check_log(&log, &last);
    // The bots really played: some card in the log was played by seat 1 and seat 3.
    let played_by = |s: u64| {
        log["hands"]
            .as_array()
            .expect("hands")
            .iter()
            .flat_map(|h| h["tricks"].as_array().expect("tricks").iter())
            .flat_map(|t| t["plays"].as_array().expect("plays").iter())
            .any(|p| p["seat"] == s)
    };
    assert!(played_by(1) && played_by(3));
}

/// A game of house bots only is over when the create call returns. (Random players; Bacon's
/// also with the heuristic, whose calls, vetoes and discards are Bacon's own.)
async fn bots_only_games_end_by_themselves(store: Store) {
    let app = spawn_app(store).await;
    let random = json!({"kind": "bot", "strategy": "random"});
    let heuristic = json!({"kind": "bot", "strategy": "heuristic"});
    for (ruleset, seats) in [
        (json!({"preset": "hasenpfeffer"}), 4),
        (json!({"preset": "hasenpfeffer-open"}), 4),
        (json!({"preset": "pepper"}), 4),
        (json!({"preset": "pepper", "players": 3}), 3),
        (json!({"preset": "pepper", "players": 2}), 2),
        (json!({"preset": "double-hasenpfeffer"}), 4),
        (json!({"preset": "double-hasenpfeffer", "players": 6}), 6),
        (json!({"preset": "euchre"}), 4),
        (
            json!({"preset": "euchre", "deck": "euchre32", "stick_the_dealer": true}),
            4,
        ),
        (json!({"preset": "buck-euchre"}), 4),
        (
            json!({"preset": "buck-euchre", "all_drop": "last_must_stay", "target_score": 10}),
            4,
        ),
        (json!({"preset": "bacon"}), 4),
        (
            json!({"preset": "bacon", "alone": "none", "bowers": true}),
            4,
        ),
    ] {
        let mut bots = vec![&random];
        if ruleset["preset"] == "bacon" {
            bots.push(&heuristic);
        }
        for bot in bots {
            let id = app
                .create_game(
                    &json!({"ruleset": ruleset, "seed": 21, "seats": vec![bot.clone(); seats]}),
                )
                .await;
            // The create call plays a bounded step; the replica plays the rest by itself.
            let last = wait_finished(&app, &id, Duration::from_secs(60)).await;
            assert_eq!(last["phase"], "game_over", "{ruleset} {bot}");
            assert_eq!(last["status"], "finished");
            if ruleset["preset"] == "bacon" {
                // Bacon is played without bowers unless they are asked for.
                assert_eq!(last["ruleset"]["bowers"], ruleset["bowers"] == true);
            }
            check_log(&app.log(&id).await, &last);
            // Every seat is a bot: there is nothing to claim.
            assert_problem(app.claim(&id, None).await, 409, "no_free_seat").await;
        }
    }
}

both_stores!(clients_and_bots, bots_only_games_end_by_themselves);
