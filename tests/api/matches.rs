//! Duplicate matches over HTTP: a house-against-house match played on the server to the end,
//! its result checked against an independent reading of its games' logs; the refusals; a
//! bot's match seated through its inbox and played by the test.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use reqwest::StatusCode;
use reqwest::header::LOCATION;
use serde_json::{Value, json};

use crate::bots::register_ok;
use crate::helpers::{Store, TestApp, assert_problem, both_stores, header, spawn_app};

/// `POST /v1/matches` as the bot whose key is `key` (none: no Authorization).
pub(crate) async fn start(app: &TestApp, key: Option<&str>, body: &Value) -> reqwest::Response {
    let mut req = app.client.post(app.url("/v1/matches")).json(body);
    if let Some(key) = key {
        req = req.header("authorization", format!("Bot {key}"));
    }
    req.send().await.expect("match sent")
}

/// Reads the match until it is finished (or `limit` passes).
pub(crate) async fn wait_match(app: &TestApp, id: &str, limit: Duration) -> Value {
    let started = Instant::now();
    loop {
        let res = app.get(&format!("/v1/matches/{id}")).await;
        assert_eq!(res.status(), StatusCode::OK);
        let m: Value = res.json().await.expect("JSON");
        if m["status"] == "finished" {
            return m;
        }
        assert!(
            started.elapsed() < limit,
            "match {id} not finished in {limit:?}: {m}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Reads the match until its games are all made (it is no longer `starting`).
pub(crate) async fn wait_started(app: &TestApp, id: &str) -> Value {
    let started = Instant::now();
    loop {
        let m: Value = app
            .get(&format!("/v1/matches/{id}"))
            .await
            .json()
            .await
            .expect("JSON");
        if m["status"] != "starting" {
            return m;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "match {id} still starting: {m}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Student's t 97.5% quantiles for 1 to 30 degrees of freedom, from the printed tables.
const T_975: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

/// The mean and 95% half-width of `v` (Student's t with n - 1 degrees of freedom), computed
/// here from the printed table (not by the server's code): good to three decimals of t.
fn mean_ci(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    let t = T_975[v.len() - 2];
    (mean, t * (var / n).sqrt())
}

/// Checks a finished match against its games' logs: each play's points are its game's one
/// hand's `score_delta`, A's seats alternate as the match says, and the result is the mean of
/// the deals' A-minus-B with its interval.
/// `teams`: the number of partnerships (a seat's side is `seat % teams`), 0 with every player
/// alone.
pub(crate) async fn check_against_logs(app: &TestApp, m: &Value, players: usize, teams: usize) {
    let deals = m["deal_results"].as_array().expect("deals");
    let mut diffs = Vec::new();
    for deal in deals {
        let plays = deal["plays"].as_array().expect("plays");
        let mut sum = 0.0;
        for play in plays {
            let id = play["game_id"].as_str().expect("game id");
            let log = app.log(id).await;
            let hands = log["hands"].as_array().expect("hands");
            assert_eq!(hands.len(), 1, "a match's game is one hand");
            let delta: Vec<i64> = hands[0]["score_delta"]
                .as_array()
                .expect("score_delta")
                .iter()
                .map(|v| v.as_i64().expect("points"))
                .collect();
            let points: Vec<i64> = play["points"]
                .as_array()
                .expect("points")
                .iter()
                .map(|v| v.as_i64().expect("points"))
                .collect();
            assert_eq!(points, delta, "the play's points are its hand's");
            let a_seats: Vec<usize> = play["a_seats"]
                .as_array()
                .expect("a_seats")
                .iter()
                .map(|v| v.as_u64().expect("seat") as usize)
                .collect();
            // A seat's points are its side's: its team's (seat % teams) or its own.
            let side = |s: usize| if teams > 0 { s % teams } else { s };
            let mean = |seats: &mut dyn Iterator<Item = usize>| {
                let v: Vec<f64> = seats.map(|s| delta[side(s)] as f64).collect();
                v.iter().sum::<f64>() / v.len() as f64
            };
            let a = mean(&mut a_seats.iter().copied());
            let b = mean(&mut (0..players).filter(|s| !a_seats.contains(s)));
            let stat = play["a_minus_b"].as_f64().expect("a_minus_b");
            assert!((stat - (a - b)).abs() < 1e-9, "{stat} vs {}", a - b);
            sum += a - b;
        }
        let deal_stat = sum / plays.len() as f64;
        assert!((deal["a_minus_b"].as_f64().expect("deal result") - deal_stat).abs() < 1e-9);
        diffs.push(deal_stat);
    }
    let (mean, ci) = mean_ci(&diffs);
    let r = &m["result"];
    assert_eq!(r["deals_counted"], json!(deals.len()));
    assert!((r["a_minus_b"].as_f64().unwrap() - mean).abs() < 1e-9);
    // The table's t is rounded to three decimals: a relative 3e-4 of the half-width at most.
    let close = 1e-3 * (1.0 + ci);
    assert!((r["ci95_low"].as_f64().unwrap() - (mean - ci)).abs() < close);
    assert!((r["ci95_high"].as_f64().unwrap() - (mean + ci)).abs() < close);
    assert_eq!(r["ci_method"], "student_t");
}

async fn house_match_plays_every_deal_twice_swapped(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "match-maker").await;
    let res = start(
        &app,
        Some(&key),
        &json!({"a": "house-heuristic", "b": "house-random", "ruleset": {"preset": "euchre"}, "deals": 6}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let location = header(&res, LOCATION);
    let m: Value = res.json().await.expect("JSON");
    let id = m["match_id"].as_str().expect("id").to_owned();
    assert_eq!(location, format!("/v1/matches/{id}"));
    assert_eq!(m["a"], "house-heuristic");
    assert_eq!(m["created_by"], "match-maker");
    assert_eq!(m["plays_per_deal"], 2);
    assert_eq!(m["ruleset"]["max_hands"], 1);
    // Answered at once: the games are made in the background, listed as they are.
    assert_eq!(m["status"], "starting", "{m}");
    let plays = &m["deal_results"][0]["plays"][0];
    assert_eq!(
        (&plays["game_id"], &plays["log"]),
        (&json!(null), &json!(null))
    );
    let m = wait_match(&app, &id, Duration::from_secs(60)).await;
    let deals = m["deal_results"].as_array().expect("deals");
    assert_eq!(deals.len(), 6);
    for deal in deals {
        let plays = deal["plays"].as_array().expect("plays");
        assert_eq!(plays[0]["a_seats"], json!([0, 2]));
        assert_eq!(plays[1]["a_seats"], json!([1, 3]));
        // Both plays of a deal hold the same cards: the first hand's deal in the logs.
        let mut dealt = Vec::new();
        for play in plays {
            let log = app.log(play["game_id"].as_str().unwrap()).await;
            dealt.push(log["hands"][0]["deal"].clone());
            // The house players' seats, as the match placed them.
            let view = app.view(play["game_id"].as_str().unwrap(), None).await;
            assert_eq!(view["status"], "finished");
            assert_eq!(view["ranked_eligible"], false, "a match's games are seeded");
            let a_seats = play["a_seats"].as_array().unwrap();
            for seat in view["seats"].as_array().unwrap() {
                let expected = if a_seats.contains(&seat["seat"]) {
                    "heuristic"
                } else {
                    "random"
                };
                assert_eq!(seat["strategy"], expected);
            }
        }
        assert_eq!(dealt[0], dealt[1], "the deal is duplicated");
        assert!(dealt[0].is_object() || dealt[0].is_array(), "{}", dealt[0]);
    }
    check_against_logs(&app, &m, 4, 2).await;
    assert!(m["finished_unix_ms"].as_u64().is_some());
}

/// A match between two house accounts asked for by a new bot, `plays` plays a deal, to its end.
async fn house_match(app: &TestApp, bot: &str, body: &Value, plays: u64) -> Value {
    let key = register_ok(app, bot).await;
    let res = start(app, Some(&key), body).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let m: Value = res.json().await.expect("JSON");
    assert_eq!(m["plays_per_deal"], plays);
    let id = m["match_id"].as_str().unwrap().to_owned();
    wait_match(app, &id, Duration::from_secs(60)).await
}

async fn every_player_alone_rotates_seats(store: Store) {
    let app = spawn_app(store).await;
    let m = house_match(
        &app,
        "rotator",
        &json!({"a": "house-random", "b": "house-heuristic", "ruleset": {"preset": "pepper", "players": 3}, "deals": 3}),
        6,
    )
    .await;
    let plays = m["deal_results"][0]["plays"].as_array().unwrap();
    let seats: Vec<Value> = plays.iter().map(|p| p["a_seats"].clone()).collect();
    assert_eq!(
        seats,
        vec![
            json!([0]),
            json!([1, 2]),
            json!([1]),
            json!([0, 2]),
            json!([2]),
            json!([0, 1])
        ]
    );
    check_against_logs(&app, &m, 3, 0).await;
}

/// Three teams of two (Five Hundred for six): each team is A's against B in the two others,
/// then B's against A.
async fn three_teams_play_each_team_against_the_rest(store: Store) {
    let app = spawn_app(store).await;
    let m = house_match(
        &app,
        "three-teams",
        &json!({"a": "house-heuristic", "b": "house-random", "ruleset": {"preset": "five-hundred", "players": 6, "sides": "teams_of_2"}, "deals": 2}),
        6,
    )
    .await;
    for deal in m["deal_results"].as_array().unwrap() {
        let seats: Vec<Value> = deal["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["a_seats"].clone())
            .collect();
        assert_eq!(
            seats,
            vec![
                json!([0, 3]),
                json!([1, 2, 4, 5]),
                json!([1, 4]),
                json!([0, 2, 3, 5]),
                json!([2, 5]),
                json!([0, 1, 3, 4])
            ]
        );
    }
    check_against_logs(&app, &m, 6, 3).await;
}

async fn refusals(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "refused").await;
    register_ok(&app, "bystander").await;
    let ok = json!({"a": "house-heuristic", "b": "house-random", "deals": 2});
    assert_problem(start(&app, None, &ok).await, 401, "missing_bot_key").await;
    assert_problem(
        start(&app, Some("hpb_0000"), &ok).await,
        403,
        "invalid_bot_key",
    )
    .await;
    for (body, status, code) in [
        (
            json!({"a": "house-random", "b": "HOUSE-RANDOM", "deals": 2}),
            422,
            "invalid_match",
        ),
        (
            json!({"a": "bystander", "b": "house-random", "deals": 2}),
            422,
            "invalid_match",
        ),
        (
            json!({"a": "refused", "b": "nobody-at-all", "deals": 2}),
            404,
            "bot_not_found",
        ),
        (
            json!({"a": "refused", "b": "house-random", "deals": 0}),
            422,
            "invalid_match",
        ),
        (
            json!({"a": "refused", "b": "house-random", "deals": 101}),
            422,
            "invalid_match",
        ),
        // Six plays a deal with three players alone: 34 deals are 204 games.
        (
            json!({"a": "refused", "b": "house-random", "deals": 34, "ruleset": {"preset": "pepper", "players": 3}}),
            422,
            "invalid_match",
        ),
        // Six plays a deal with three teams of two: 34 deals are 204 games.
        (
            json!({"a": "refused", "b": "house-random", "deals": 34, "ruleset": {"preset": "five-hundred", "players": 6, "sides": "teams_of_2"}}),
            422,
            "invalid_match",
        ),
        (
            json!({"a": "refused", "b": "house-random", "deals": 2, "ruleset": {"preset": "pepper", "players": 5}}),
            422,
            "invalid_players",
        ),
        (
            json!({"a": "refused", "b": "house-random", "deals": 2, "turn_time_limit_ms": 5}),
            422,
            "invalid_turn_time_limit",
        ),
        (
            json!({"a": "refused", "b": "house-random"}),
            400,
            "invalid_body",
        ),
        (
            json!({"a": "refused", "b": "house-random", "deals": 2, "extra": 1}),
            400,
            "unknown_field",
        ),
    ] {
        let res = start(&app, Some(&key), &body).await;
        assert_problem(res, status, code).await;
    }
    for id in [
        "k3x9p2m7q4w8z5ab",
        "nope",
        "match.k3x9p2m7q4w8",
        "K3X9P2M7Q4W8Z5AB",
    ] {
        assert_problem(
            app.get(&format!("/v1/matches/{id}")).await,
            404,
            "match_not_found",
        )
        .await;
    }
    // Nothing was created: no match's game reached the lobby.
    let lobby: Value = app.get("/v1/games?status=live").await.json().await.unwrap();
    assert_eq!(lobby["games"], json!([]), "{lobby}");
}

/// The bot's inbox entries after `after` (long poll: waits up to `wait` seconds for one).
pub(crate) async fn inbox(app: &TestApp, key: &str, after: u64, wait: u64) -> Vec<Value> {
    let res = app
        .client
        .get(app.url(&format!("/v1/bots/me/events?after={after}&wait={wait}")))
        .header("authorization", format!("Bot {key}"))
        .header("accept", "application/json")
        .send()
        .await
        .expect("inbox sent");
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.expect("inbox JSON")
}

async fn a_bot_plays_its_match_through_its_inbox(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "duplicator").await;
    let res = start(
        &app,
        Some(&key),
        &json!({"a": "duplicator", "b": "house-random", "ruleset": {"preset": "hasenpfeffer"}, "deals": 3}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let m: Value = res.json().await.expect("JSON");
    let id = m["match_id"].as_str().unwrap().to_owned();
    // The inbox: a seat in each of the six games, in both of A's seats (the bot plays its
    // partnership), each with its own token.
    let mut seats: Vec<(String, u64, String)> = Vec::new();
    let mut last = 0;
    while seats.len() < 12 {
        let items = inbox(&app, &key, last, 5).await;
        assert!(!items.is_empty(), "seats missing: {seats:?}");
        for item in items {
            last = item["id"].as_u64().unwrap();
            assert_eq!(item["type"], "seated", "{item}");
            assert_eq!(item["via"]["match_id"], id.as_str(), "{item}");
            seats.push((
                item["game_id"].as_str().unwrap().to_owned(),
                item["seat"].as_u64().unwrap(),
                item["token"].as_str().unwrap().to_owned(),
            ));
        }
    }
    // No deal is over: the match names none of its games yet.
    let m = wait_started(&app, &id).await;
    for deal in m["deal_results"].as_array().unwrap() {
        for play in deal["plays"].as_array().unwrap() {
            assert_eq!(play["game_id"], Value::Null, "{play}");
        }
    }
    // Play every seat: the first legal action of the seat to act, until every game is over.
    let mut rng = SmallRng::seed_from_u64(3);
    for (game, _, _) in &seats {
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
    }
    let m = wait_match(&app, &id, Duration::from_secs(30)).await;
    for deal in m["deal_results"].as_array().unwrap() {
        for play in deal["plays"].as_array().unwrap() {
            let game = play["game_id"].as_str().unwrap();
            let mut mine: Vec<Value> = seats
                .iter()
                .filter(|(g, _, _)| g == game)
                .map(|(_, s, _)| json!(s))
                .collect();
            mine.sort_by_key(|v| v.as_u64());
            assert_eq!(json!(mine), play["a_seats"], "the bot sits in A's seats");
        }
    }
    check_against_logs(&app, &m, 4, 2).await;
    // The inbox says the match is over, once; then game_over entries are there for each seat.
    let rest = inbox(&app, &key, last, 5).await;
    let finished: Vec<&Value> = rest
        .iter()
        .filter(|i| i["type"] == "match_finished")
        .collect();
    assert_eq!(finished.len(), 1, "{rest:?}");
    assert_eq!(finished[0]["match_id"], id.as_str());
    // Another bot's key sees none of it.
    let other = register_ok(&app, "onlooker").await;
    assert_eq!(inbox(&app, &other, 0, 0).await, Vec::<Value>::new());
}

/// Plays game `game` to its end with the seats of `seats` (game, seat, token) it holds: the
/// first legal action of the seat to act (house players play theirs).
async fn play_to_the_end(app: &TestApp, game: &str, seats: &[(String, u64, String)]) {
    let mut rng = SmallRng::seed_from_u64(5);
    let started = Instant::now();
    loop {
        let view = app.view(game, None).await;
        if view["status"] == "finished" {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{view}");
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
}

/// The games of every listing of the lobby (open, live, finished).
async fn listed(app: &TestApp) -> Vec<String> {
    let mut out = Vec::new();
    for status in ["open", "live", "finished"] {
        let page: Value = app
            .get(&format!("/v1/games?status={status}&limit=100"))
            .await
            .json()
            .await
            .expect("JSON");
        for g in page["games"].as_array().expect("games") {
            out.push(g["game_id"].as_str().expect("id").to_owned());
        }
    }
    out
}

/// The ids of the recent games on bot `name`'s profile.
async fn on_profile(app: &TestApp, name: &str) -> Vec<String> {
    let p: Value = app
        .get(&format!("/v1/bots/{name}"))
        .await
        .json()
        .await
        .expect("JSON");
    p["recent_games"]
        .as_array()
        .expect("recent_games")
        .iter()
        .map(|g| g["game_id"].as_str().expect("id").to_owned())
        .collect()
}

/// RULES.md §0: a duplicate deal's cards are shown only once every seating of it is over. One
/// seating is played to its end while the other waits for the bot: the finished one's log is
/// refused (`deal_in_play`), its views (a seat's, the spectator's, the event stream's, a long
/// poll's) show no card of the deal, and no game id of the deal is in the match's answer, the
/// lobby or a profile, nor in another bot's inbox. Once the other seating is over too, all of
/// it is shown.
async fn a_duplicate_deal_stays_secret_until_every_seating_is_over(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "seat-hopper").await;
    let onlooker = register_ok(&app, "onlooker").await;
    let res = start(
        &app,
        Some(&key),
        &json!({"a": "seat-hopper", "b": "house-random", "ruleset": {"preset": "hasenpfeffer"}, "deals": 1}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let m: Value = res.json().await.expect("JSON");
    let id = m["match_id"].as_str().unwrap().to_owned();
    // The bot's seats: two in each play's game.
    let mut seats: Vec<(String, u64, String)> = Vec::new();
    let mut plays = [String::new(), String::new()];
    let mut last = 0;
    while seats.len() < 4 {
        let items = inbox(&app, &key, last, 5).await;
        assert!(!items.is_empty(), "seats missing: {seats:?}");
        for item in items {
            last = item["id"].as_u64().unwrap();
            let game = item["game_id"].as_str().unwrap().to_owned();
            plays[item["via"]["play"].as_u64().unwrap() as usize] = game.clone();
            seats.push((
                game,
                item["seat"].as_u64().unwrap(),
                item["token"].as_str().unwrap().to_owned(),
            ));
        }
    }
    let [done, waiting] = plays.clone();
    play_to_the_end(&app, &done, &seats).await;
    // The match records the finished play (its points stay hidden).
    let started = Instant::now();
    let m = loop {
        let m: Value = app
            .get(&format!("/v1/matches/{id}"))
            .await
            .json()
            .await
            .expect("JSON");
        if m["deal_results"][0]["plays"][0]["finished"] == true {
            break m;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{m}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let text = m.to_string();
    for play in m["deal_results"][0]["plays"].as_array().unwrap() {
        assert_eq!(
            (
                &play["game_id"],
                &play["log"],
                &play["points"],
                &play["a_minus_b"]
            ),
            (&Value::Null, &Value::Null, &Value::Null, &Value::Null),
            "{m}"
        );
    }
    assert!(!text.contains(&done) && !text.contains(&waiting), "{m}");
    assert_eq!(app.view(&waiting, None).await["status"], "playing");
    // The finished seating's log: refused.
    let res = app.get(&format!("/v1/games/{done}/log")).await;
    assert_problem(res, 409, "deal_in_play").await;
    // Its views: no card of the deal, to anyone.
    let hidden = |view: &Value, who: &str| {
        assert_eq!(view["status"], "finished", "{who}: {view}");
        assert_eq!(view["last_hand"], Value::Null, "{who}: {view}");
        assert_eq!(view["tricks"], json!([]), "{who}: {view}");
        assert_eq!(view["widow"], json!([]), "{who}: {view}");
        assert_eq!(view["open_hand"], json!([]), "{who}: {view}");
    };
    hidden(&app.view(&done, None).await, "spectator");
    for (g, s, token) in seats.iter().filter(|(g, _, _)| *g == done) {
        hidden(&app.view(g, Some(token)).await, &format!("seat {s}"));
    }
    let res = app
        .get(&format!("/v1/games/{done}?wait_for_version=1&wait_ms=100"))
        .await;
    hidden(&res.json().await.expect("JSON"), "long poll");
    let mut sse = crate::harness::Sse::open(&app, &done, None, None).await;
    let event = sse.event(Duration::from_secs(10)).await;
    assert_eq!(event.name(), Some("game_over"));
    hidden(&event.view().0, "event stream");
    // No id of the deal in the lobby, on a profile, or in another bot's inbox.
    let lobby = listed(&app).await;
    assert!(
        !lobby.contains(&done) && !lobby.contains(&waiting),
        "{lobby:?}"
    );
    for name in ["seat-hopper", "house-random"] {
        let games = on_profile(&app, name).await;
        assert!(
            !games.contains(&done) && !games.contains(&waiting),
            "{name}: {games:?}"
        );
    }
    assert_eq!(inbox(&app, &onlooker, 0, 0).await, Vec::<Value>::new());
    // The other seating ends: the whole deal is shown.
    play_to_the_end(&app, &waiting, &seats).await;
    let m = wait_match(&app, &id, Duration::from_secs(30)).await;
    let shown: Vec<&str> = m["deal_results"][0]["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["game_id"].as_str().expect("shown"))
        .collect();
    assert_eq!(shown, vec![done.as_str(), waiting.as_str()]);
    for (play, game) in [&done, &waiting].into_iter().enumerate() {
        let log = app.log(game).await;
        assert_eq!(log["hands"].as_array().expect("hands").len(), 1);
        assert_eq!(
            m["deal_results"][0]["plays"][play]["points"],
            log["hands"][0]["score_delta"]
        );
    }
    // The last hand is shown now: its tricks, unless the deal was void before any was played
    // (the joker in the widow, one deal in 25).
    let view = app.view(&done, None).await;
    let last = &view["last_hand"];
    assert!(
        !last["tricks"].as_array().expect("tricks").is_empty()
            || last["result"] == "void_joker_in_widow",
        "{view}"
    );
    let started = Instant::now();
    loop {
        let games = on_profile(&app, "seat-hopper").await;
        if games.contains(&done) && games.contains(&waiting) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{games:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A play of a duplicate deal is never listed.
    let lobby = listed(&app).await;
    assert!(
        !lobby.contains(&done) && !lobby.contains(&waiting),
        "{lobby:?}"
    );
}

/// A match the bot plays in itself (against `house-random`, one deal): it runs until the bot
/// plays, which these tests never do.
fn own_match(bot: &str) -> Value {
    json!({"a": bot, "b": "house-random", "deals": 1})
}

/// Running matches are bounded per bot (2 here) and for the server (3 here): past either, 409
/// `too_many_matches` or `matches_full`, and nothing counted; a finished match no longer counts.
async fn running_matches_are_bounded(store: Store) {
    let app = crate::helpers::spawn_app_with(store, |c| {
        c.matches_running_per_bot = 2;
        c.matches_running = 3;
    })
    .await;
    let busy = register_ok(&app, "busy-bee").await;
    let second = register_ok(&app, "second-bee").await;
    let third = register_ok(&app, "third-bee").await;
    // A house-only match ends on its own, and then no longer counts.
    let quick = json!({"a": "house-heuristic", "b": "house-random", "ruleset": {"preset": "euchre"}, "deals": 1});
    let res = start(&app, Some(&busy), &quick).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let id = res.json::<Value>().await.unwrap()["match_id"]
        .as_str()
        .unwrap()
        .to_owned();
    wait_match(&app, &id, Duration::from_secs(30)).await;
    for _ in 0..2 {
        let res = start(&app, Some(&busy), &own_match("busy-bee")).await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    let doc = assert_problem(
        start(&app, Some(&busy), &own_match("busy-bee")).await,
        409,
        "too_many_matches",
    )
    .await;
    assert!(
        doc["detail"].as_str().unwrap().contains("2 matches"),
        "{doc}"
    );
    // The refusal counted nothing: another bot has the server's last place.
    let res = start(&app, Some(&second), &own_match("second-bee")).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    for key in [&second, &third] {
        assert_problem(start(&app, Some(key), &quick).await, 409, "matches_full").await;
    }
    assert_problem(
        start(&app, Some(&busy), &own_match("busy-bee")).await,
        409,
        "too_many_matches",
    )
    .await;
}

both_stores!(
    a_bot_plays_its_match_through_its_inbox,
    house_match_plays_every_deal_twice_swapped,
    every_player_alone_rotates_seats,
    three_teams_play_each_team_against_the_rest,
    refusals,
    a_duplicate_deal_stays_secret_until_every_seating_is_over,
    running_matches_are_bounded,
);

/// Two replicas over one Redis count one bot's running matches together: one match asked on
/// each, the third refused on either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_matches_are_counted_over_replicas() {
    let redis = tokio::task::spawn_blocking(hasenpfeffer::store::testing::TestRedis::start)
        .await
        .expect("a private redis-server");
    let bases = crate::harness::spawn_replicas(2, &redis.url(), |c| {
        c.bot_registrations_per_hour = 1_000;
        c.matches_running_per_bot = 2;
    })
    .await;
    let apps: Vec<TestApp> = bases.into_iter().map(|b| TestApp::at(b, None)).collect();
    let key = register_ok(&apps[0], "replicated-bee").await;
    for app in &apps {
        let res = start(app, Some(&key), &own_match("replicated-bee")).await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    for app in &apps {
        assert_problem(
            start(app, Some(&key), &own_match("replicated-bee")).await,
            409,
            "too_many_matches",
        )
        .await;
    }
}

/// Matches over a bot's hourly allowance: 429 naming `matches`, with its reset, for that bot
/// only; a refused request does not count.
#[tokio::test]
async fn matches_are_limited_per_bot() {
    let app = crate::helpers::spawn_app_with(Store::Memory, |c| {
        c.matches_per_hour = 2;
        c.matches_running_per_bot = 0;
    })
    .await;
    let key = register_ok(&app, "eager").await;
    let other = register_ok(&app, "patient").await;
    let body = json!({"a": "house-heuristic", "b": "house-random", "ruleset": {"preset": "euchre"}, "deals": 1});
    let bad = json!({"a": "house-random", "b": "house-random", "deals": 1});
    assert_problem(start(&app, Some(&key), &bad).await, 422, "invalid_match").await;
    for _ in 0..2 {
        assert_eq!(
            start(&app, Some(&key), &body).await.status(),
            StatusCode::ACCEPTED
        );
    }
    let res = start(&app, Some(&key), &body).await;
    let retry = header(&res, reqwest::header::RETRY_AFTER);
    let doc = assert_problem(res, 429, "rate_limited").await;
    assert_eq!(doc["rate_limit"]["limit"], "matches");
    assert_eq!(doc["rate_limit"]["allowance"], 2);
    let secs = doc["rate_limit"]["reset_secs"].as_u64().expect("reset");
    assert!((1_700..=1_800).contains(&secs), "{secs}");
    assert_eq!(retry, secs.to_string());
    assert_eq!(
        start(&app, Some(&other), &body).await.status(),
        StatusCode::ACCEPTED
    );
}
