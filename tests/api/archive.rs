//! A bot's archived games over HTTP (`GET /v1/bots/{name}/games`): games played to the end
//! with a bot account against house players are read back a page at a time and as ndjson
//! with their whole logs; the profile's recent games say what happened in each; a game still
//! being played and a duplicate match's games (whose deals other seatings share) never appear.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bots::{claim_token, house, open, play_out, quick, register_ok};
use crate::helpers::{Store, TestApp, assert_problem, both_stores, spawn_app};
use crate::matches::{inbox, start, wait_match};

/// `GET /v1/bots/{name}/games{query}` as JSON.
async fn page(app: &TestApp, name: &str, query: &str) -> Value {
    let res = app.get(&format!("/v1/bots/{name}/games{query}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    res.json().await.expect("JSON")
}

/// The bot's games once the archive holds `n` (the outbox archives a game after its end).
async fn wait_games(app: &TestApp, name: &str, n: usize) -> Vec<Value> {
    let started = Instant::now();
    loop {
        let p = page(app, name, "").await;
        let games = p["games"].as_array().unwrap().clone();
        if games.len() >= n {
            return games;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{n} games not archived: {p}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The ndjson stream of `GET /v1/bots/{name}/games{query}`, as its lines.
async fn stream(app: &TestApp, name: &str, query: &str) -> (Vec<Value>, String) {
    let res = app
        .client
        .get(app.url(&format!("/v1/bots/{name}/games{query}")))
        .header("accept", "application/x-ndjson")
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/x-ndjson");
    let text = res.text().await.expect("body");
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    (lines, text)
}

/// Three games played to the end by a bot with house players, and one still being played:
/// the finished ones are listed newest first with their seats, scores, places, the bot's
/// outcome and opponents; pages and cursors cover them once; the stream carries each with the
/// log the live game shows; the profile's recent games say how each ended; the unfinished
/// game is nowhere in the archive.
async fn a_bots_games_page_and_stream(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "Archivist").await;
    let mut finished = Vec::new();
    for _ in 0..3 {
        let id = app
            .create_game(&quick(json!([
                open(),
                house("random"),
                house("heuristic"),
                house("random")
            ])))
            .await;
        let token = claim_token(&app, &id, &key, &json!({})).await;
        let view = play_out(&app, &id, &[(0, token)], false).await;
        finished.push((id, view));
    }
    // A game still being played: the bot holds seat 0 and has not moved.
    let live = app
        .create_game(&quick(json!([
            open(),
            house("random"),
            house("random"),
            house("random")
        ])))
        .await;
    let _live_token = claim_token(&app, &live, &key, &json!({})).await;

    let games = wait_games(&app, "archivist", 3).await;
    assert_eq!(games.len(), 3, "{games:?}");
    let listed: Vec<&str> = games
        .iter()
        .map(|g| g["game_id"].as_str().unwrap())
        .collect();
    let newest_first: Vec<&str> = finished.iter().rev().map(|(id, _)| id.as_str()).collect();
    assert_eq!(listed, newest_first);
    let mut last_finished = u64::MAX;
    for g in &games {
        let (_, view) = finished.iter().find(|(id, _)| *id == g["game_id"]).unwrap();
        assert_eq!(g["preset"], "hasenpfeffer");
        assert_eq!(g["players"], 4);
        assert_eq!(g["scores"], view["scores"], "{g}");
        let at = g["finished_unix_ms"].as_u64().unwrap();
        assert!(at <= last_finished, "newest first");
        last_finished = at;
        assert_eq!(g["bot_seats"], json!([0]));
        assert_eq!(g["opponents"], json!(["house-random"]));
        assert_eq!(g["rating_change"], Value::Null);
        let seats = g["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 4);
        assert_eq!(seats[0]["account"], "Archivist");
        assert_eq!(seats[0]["house"], false);
        assert_eq!(seats[0]["guest"], false);
        assert_eq!(seats[2]["account"], "house-heuristic");
        assert_eq!(seats[2]["strategy"], "heuristic");
        assert_eq!(seats[2]["house"], true);
        // Partners share their side's outcome and place; the places follow the scores.
        assert_eq!(seats[0]["side"], seats[2]["side"]);
        assert_eq!(seats[0]["outcome"], seats[2]["outcome"]);
        assert_eq!(g["outcome"], seats[0]["outcome"]);
        assert_eq!(g["place"], seats[0]["place"]);
        let side = seats[0]["side"].as_u64().unwrap() as usize;
        assert_eq!(g["places"][side], g["place"]);
        let won = ["won", "draw"].contains(&g["outcome"].as_str().unwrap());
        assert_eq!(won, g["place"] == 1, "{g}");
        assert_ne!(seats[1]["outcome"], seats[0]["outcome"], "{g}");
    }
    // A page at a time: each game once, in order.
    let mut paged = Vec::new();
    let mut query = "?limit=1".to_owned();
    loop {
        let p = page(&app, "ARCHIVIST", &query).await;
        assert_eq!(p["name"], "Archivist");
        assert!(p["games"].as_array().unwrap().len() <= 1);
        paged.extend(p["games"].as_array().unwrap().iter().cloned());
        match p["next_cursor"].as_str() {
            Some(c) => query = format!("?limit=1&cursor={c}"),
            None => break,
        }
    }
    assert_eq!(paged, games);
    // The stream: every game with its whole log, as the live game's log shows it.
    let (lines, text) = stream(&app, "archivist", "").await;
    assert_eq!(lines.len(), 3);
    for (line, g) in lines.iter().zip(&games) {
        for field in [
            "game_id",
            "preset",
            "players",
            "seats",
            "scores",
            "places",
            "outcome",
            "place",
            "opponents",
            "bot_seats",
            "finished_unix_ms",
            "rating_change",
        ] {
            assert_eq!(line[field], g[field], "{field}");
        }
        assert_eq!(line["ruleset"]["target_score"], 1);
        let id = g["game_id"].as_str().unwrap();
        let log: Value = app
            .get(&format!("/v1/games/{id}/log"))
            .await
            .json()
            .await
            .expect("log");
        assert!(!log["hands"].as_array().unwrap().is_empty());
        assert_eq!(line["hands"], log["hands"], "the whole log");
        assert_eq!(line["timeouts"], log["timeouts"]);
    }
    assert!(!text.contains(&live), "the live game is not archived");
    let p = page(&app, "archivist", "?limit=100").await;
    assert!(!p.to_string().contains(&live));
    // Bounded by `max` and `since`.
    assert_eq!(stream(&app, "archivist", "?max=2").await.0.len(), 2);
    let newest = games[0]["finished_unix_ms"].as_u64().unwrap();
    let (since, _) = stream(&app, "archivist", &format!("?since={newest}")).await;
    assert_eq!(since.len(), 1);
    assert_eq!(since[0]["game_id"], games[0]["game_id"]);
    // The house accounts' histories hold the games too.
    assert_eq!(
        page(&app, "house-heuristic", "").await["games"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // The profile's recent games say how each ended; the live one says nothing yet.
    let profile: Value = app.get("/v1/bots/archivist").await.json().await.unwrap();
    assert_eq!(profile["games"], "/v1/bots/Archivist/games");
    for recent in profile["recent_games"].as_array().unwrap() {
        if recent["game_id"] == live.as_str() {
            assert_eq!(recent["outcome"], Value::Null);
            assert_eq!(recent["scores"], Value::Null);
            continue;
        }
        let g = games
            .iter()
            .find(|g| g["game_id"] == recent["game_id"])
            .unwrap();
        assert_eq!(recent["outcome"], g["outcome"]);
        assert_eq!(recent["place"], g["place"]);
        assert_eq!(recent["scores"], g["scores"]);
        assert_eq!(recent["finished_unix_ms"], g["finished_unix_ms"]);
    }
    // Refusals.
    assert_problem(app.get("/v1/bots/nobody/games").await, 404, "bot_not_found").await;
    for bad in ["?limit=0", "?limit=101", "?max=0", "?color=red"] {
        let res = app.get(&format!("/v1/bots/archivist/games{bad}")).await;
        assert_problem(res, 400, "invalid_query").await;
    }
    let res = app.get("/v1/bots/archivist/games?cursor=nope").await;
    assert_problem(res, 400, "invalid_cursor").await;
    // A bot with no finished game: an empty page and an empty stream.
    register_ok(&app, "newcomer").await;
    let p = page(&app, "newcomer", "").await;
    assert_eq!(p["games"], json!([]));
    assert_eq!(p["next_cursor"], Value::Null);
    assert!(stream(&app, "newcomer", "").await.0.is_empty());
}

/// A duplicate match's games are archived but listed nowhere, during the match and after it:
/// their deals (hidden cards included) are also other seatings'.
async fn duplicate_games_stay_out_of_the_history(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "duplicator").await;
    // A finished ordinary game first, so the archive is known to work here.
    let id = app
        .create_game(&quick(json!([
            open(),
            house("random"),
            house("random"),
            house("random")
        ])))
        .await;
    let token = claim_token(&app, &id, &key, &json!({})).await;
    play_out(&app, &id, &[(0, token)], false).await;
    let res = start(
        &app,
        Some(&key),
        &json!({"a": "duplicator", "b": "house-random", "ruleset": {"preset": "hasenpfeffer", "target_score": 1}, "deals": 1}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let m: Value = res.json().await.expect("JSON");
    let match_id = m["match_id"].as_str().unwrap().to_owned();
    let mut seats: Vec<(String, u64, String)> = Vec::new();
    let mut last = 0;
    let started = Instant::now();
    while seats.len() < 4 {
        for item in inbox(&app, &key, last, 5).await {
            last = item["id"].as_u64().unwrap();
            if item["type"] == "seated" && item["via"]["match_id"] == match_id.as_str() {
                seats.push((
                    item["game_id"].as_str().unwrap().to_owned(),
                    item["seat"].as_u64().unwrap(),
                    item["token"].as_str().unwrap().to_owned(),
                ));
            }
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{seats:?}");
    }
    let mut rng = SmallRng::seed_from_u64(5);
    let mut match_games: Vec<String> = seats.iter().map(|s| s.0.clone()).collect();
    match_games.sort();
    match_games.dedup();
    for (n, game) in match_games.iter().enumerate() {
        loop {
            let view = app.view(game, None).await;
            if view["status"] == "finished" {
                break;
            }
            let turn = view["turn"].as_u64();
            let Some((_, _, token)) = seats.iter().find(|(g, s, _)| g == game && Some(*s) == turn)
            else {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            };
            let mine = app.view(game, Some(token)).await;
            let action = crate::helpers::choose(&mine, &mut rng);
            let res = app.act(game, token, "actions", &action).await;
            assert!(res.status().is_success(), "{}", res.text().await.unwrap());
        }
        if n == 0 {
            // One seating over, the other not: nothing of the deal in the history.
            tokio::time::sleep(Duration::from_millis(500)).await;
            let (_, text) = stream(&app, "duplicator", "").await;
            assert!(!text.contains(game.as_str()));
        }
    }
    wait_match(&app, &match_id, Duration::from_secs(30)).await;
    let games = wait_games(&app, "duplicator", 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let p = page(&app, "duplicator", "?limit=100").await;
    let (_, text) = stream(&app, "duplicator", "").await;
    assert_eq!(p["games"].as_array().unwrap().len(), 1, "{p}");
    assert_eq!(games[0]["game_id"], id.as_str());
    for game in &match_games {
        assert!(!text.contains(game.as_str()) && !p.to_string().contains(game.as_str()));
    }
}

both_stores!(
    a_bots_games_page_and_stream,
    duplicate_games_stay_out_of_the_history
);
