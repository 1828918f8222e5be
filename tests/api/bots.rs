//! Bot accounts over HTTP: registration (unique names in any case, house names reserved, the
//! key shown once), seats claimed as a bot, profiles, rated games and the leaderboards, the
//! registration limit's 429, and secrecy: a key never appears in a view, list, profile, error
//! or log line; a bot cannot act as another; no name impersonates a house account.

use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use reqwest::StatusCode;
use reqwest::header::LOCATION;
use serde_json::{Value, json};

use crate::harness::ChildServer;
use crate::helpers::{
    Store, TestApp, assert_problem, assert_token_shape, both_stores, choose, header, spawn_app,
    spawn_app_with, view_of, wait_finished,
};

/// `POST /v1/bots` with `{"name": name}`.
pub(crate) async fn register(app: &TestApp, name: &str) -> reqwest::Response {
    app.client
        .post(app.url("/v1/bots"))
        .json(&json!({ "name": name }))
        .send()
        .await
        .expect("register sent")
}

/// Registers `name` and answers its key, checking the 201.
pub(crate) async fn register_ok(app: &TestApp, name: &str) -> String {
    let res = register(app, name).await;
    assert_eq!(res.status(), StatusCode::CREATED, "register {name:?}");
    let location = header(&res, LOCATION);
    let body: Value = res.json().await.expect("JSON");
    assert_eq!(body["name"], name);
    assert_eq!(body["profile"], location.as_str());
    let key = body["api_key"].as_str().expect("api_key").to_owned();
    let hex = key.strip_prefix("hpb_").expect("keys start with hpb_");
    assert_eq!(hex.len(), 64);
    assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()));
    key
}

/// Claims a seat of `id` (`body`, e.g. `{"seat": 0}`) with `Authorization: Bot <key>`.
pub(crate) async fn claim_as(
    app: &TestApp,
    id: &str,
    key: &str,
    body: &Value,
) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/v1/games/{id}/seats")))
        .header("authorization", format!("Bot {key}"))
        .json(body)
        .send()
        .await
        .expect("claim sent")
}

/// Claims as `key` and answers the seat's token.
pub(crate) async fn claim_token(app: &TestApp, id: &str, key: &str, body: &Value) -> String {
    let res = claim_as(app, id, key, body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let claimed: Value = res.json().await.expect("JSON");
    let token = claimed["token"].as_str().expect("token").to_owned();
    assert_token_shape(&token);
    token
}

/// Plays the game to its end: each holder of a token posts a legal action on its turn (house
/// players answer within the request). With `idem`, every action carries an
/// `Idempotency-Key`, and the last one is sent three more times (each answered with the same
/// view, applied once). Answers the last view.
pub(crate) async fn play_out(
    app: &TestApp,
    id: &str,
    tokens: &[(u64, String)],
    idem: bool,
) -> Value {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut n = 0;
    loop {
        let view = app.view(id, None).await;
        if view["status"] == "finished" {
            return view;
        }
        let Some(turn) = view["turn"].as_u64() else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let Some((_, token)) = tokens.iter().find(|(s, _)| *s == turn) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let mine = app.view(id, Some(token)).await;
        let action = choose(&mine, &mut rng);
        n += 1;
        let key = format!("k{n}");
        let send = || {
            let mut req = app
                .client
                .post(app.url(&format!("/v1/games/{id}/actions")))
                .bearer_auth(token)
                .json(&action);
            if idem {
                req = req.header("idempotency-key", &key);
            }
            req.send()
        };
        let res = send().await.expect("act sent");
        assert_eq!(res.status(), StatusCode::OK, "{action}");
        let (after, _) = view_of(res).await;
        if after["status"] == "finished" && idem {
            for _ in 0..3 {
                let (again, _) = view_of(send().await.expect("retry sent")).await;
                assert_eq!(again["version"], after["version"], "the retry is a replay");
            }
        }
        assert!(n < 5_000, "the game does not end");
    }
}

/// A bot's rating in `preset` from its profile: (rating, uncertainty, games), or None.
async fn rating(app: &TestApp, name: &str, preset: &str) -> Option<(f64, f64, u64)> {
    let profile: Value = app
        .get(&format!("/v1/bots/{name}"))
        .await
        .json()
        .await
        .expect("profile");
    profile["ratings"]
        .as_array()
        .expect("ratings")
        .iter()
        .find(|r| r["preset"] == preset)
        .map(|r| {
            (
                r["rating"].as_f64().unwrap(),
                r["uncertainty"].as_f64().unwrap(),
                r["games"].as_u64().unwrap(),
            )
        })
}

/// [`rating`] once its games count is `want` (a game's rating follows its end through the
/// outbox, within moments), or as it is after 10 s.
async fn rating_at(app: &TestApp, name: &str, preset: &str, want: u64) -> Option<(f64, f64, u64)> {
    let started = std::time::Instant::now();
    loop {
        let r = rating(app, name, preset).await;
        if games(r) == want || started.elapsed() > Duration::from_secs(10) {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Bot `name`'s profile once its games played are `want` (a claimed game is attached to the
/// profile through the outbox, within moments), or as it is after 10 s.
async fn profile_at(app: &TestApp, name: &str, want: u64) -> Value {
    app.json_until(&format!("/v1/bots/{name}"), Duration::from_secs(10), |p| {
        p["games_played"] == want
    })
    .await
}

fn games(r: Option<(f64, f64, u64)>) -> u64 {
    r.map_or(0, |r| r.2)
}

/// A quick game (to 1 point) of seats `seats` a client makes: never rated (only the server's
/// own tables are).
pub(crate) fn quick(seats: Value) -> Value {
    json!({"ruleset": {"preset": "hasenpfeffer", "target_score": 1}, "seats": seats})
}

pub(crate) fn open() -> Value {
    json!({"kind": "open"})
}

pub(crate) fn house(strategy: &str) -> Value {
    json!({"kind": "bot", "strategy": strategy})
}

/// Registration: the key once, names unique in any case, house names reserved, names checked
/// as seat names are; profiles of bots and house accounts; no key in any answer after the
/// first.
async fn registration_and_profiles(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "Rabbit Stew").await;
    assert_problem(register(&app, "rabbit stew").await, 409, "name_taken").await;
    assert_problem(register(&app, "RABBIT STEW").await, 409, "name_taken").await;
    for reserved in [
        "house-random",
        "House-Expert",
        "HOUSE-heuristic",
        "house-mine",
        "h\u{043E}use-expert",
        "\u{210E}ouse-random",
    ] {
        assert_problem(register(&app, reserved).await, 422, "name_reserved").await;
    }
    for bad in ["", "evil\u{202E}gnp", "zero\u{200B}width", &"x".repeat(65)] {
        assert_problem(register(&app, bad).await, 400, "invalid_name").await;
    }
    let res = app
        .client
        .post(app.url("/v1/bots"))
        .json(&json!({"name": "x", "key": "mine"}))
        .send()
        .await
        .expect("sent");
    assert_problem(res, 400, "unknown_field").await;
    // The profile, by any case of the name (percent-encoded).
    for path in ["/v1/bots/Rabbit%20Stew", "/v1/bots/rabbit%20stew"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200);
        let text = res.text().await.expect("body");
        assert!(!text.contains(&key) && !text.contains(&key[4..]), "no key");
        let p: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(p["name"], "Rabbit Stew");
        assert_eq!(p["house"], false);
        assert_eq!(p["strategy"], Value::Null);
        assert!(p["created_unix_ms"].as_u64().is_some());
        assert_eq!(p["games_played"], 0);
        assert_eq!(p["ratings"], json!([]));
        assert_eq!(p["recent_games"], json!([]));
    }
    for s in ["random", "heuristic", "expert", "expert_v1"] {
        let p: Value = app
            .get(&format!("/v1/bots/house-{s}"))
            .await
            .json()
            .await
            .expect("JSON");
        assert_eq!(p["name"], format!("house-{s}"));
        assert_eq!(p["house"], true);
        assert_eq!(p["strategy"], s);
        assert_eq!(p["created_unix_ms"], Value::Null);
    }
    assert_problem(app.get("/v1/bots/nobody").await, 404, "bot_not_found").await;
    let long = format!("/v1/bots/{}", "%C3%A9".repeat(200));
    assert_problem(app.get(&long).await, 404, "bot_not_found").await;
    assert_problem(app.get("/v1/bots/%FF%FE").await, 404, "bot_not_found").await;
    // Bodies as every endpoint takes them: JSON only, within the size limit, the right types.
    let res = app
        .client
        .post(app.url("/v1/bots"))
        .header("content-type", "text/plain")
        .body(r#"{"name": "x"}"#)
        .send()
        .await
        .expect("sent");
    assert_problem(res, 415, "unsupported_media_type").await;
    let res = app
        .client
        .post(app.url("/v1/bots"))
        .json(&json!({"name": 7}))
        .send()
        .await
        .expect("sent");
    assert_problem(res, 400, "invalid_body").await;
    let res = app
        .client
        .post(app.url("/v1/bots"))
        .json(&json!({"name": "x".repeat(70_000)}))
        .send()
        .await
        .expect("sent");
    assert_problem(res, 413, "payload_too_large").await;
    let res = app
        .client
        .post(app.url("/v1/bots"))
        .send()
        .await
        .expect("sent");
    assert!(res.status().is_client_error(), "no body: {}", res.status());
    // A name of any script, as a seat may carry.
    register_ok(&app, "Zoë 🐇").await;
    let p: Value = app
        .get("/v1/bots/zo%C3%AB%20%F0%9F%90%87")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(p["name"], "Zoë 🐇");
    // The profile link of any name leads to its profile (a slash included).
    for name in ["a/b c", "50% off?", "x#y", "%41", "a+b"] {
        let res = register(&app, name).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let link = header(&res, LOCATION);
        let res = app.get(&link).await;
        assert_eq!(res.status(), 200, "{link}");
        let p: Value = res.json().await.expect("JSON");
        assert_eq!(p["name"], name, "{link}");
    }
}

/// Seats claimed as a bot: the seat carries the bot's name and account, one seat a game, the
/// game on the bot's profile; a wrong key is refused; a key is no seat token and a seat token
/// no key; anonymous seats and house seats are as before (house seats show their account).
async fn seats_claimed_as_bots(store: Store) {
    let app = spawn_app(store).await;
    let a = register_ok(&app, "Alpha").await;
    let b = register_ok(&app, "Beta").await;
    let id = app
        .create_game(&json!({"seats": [open(), open(), open(), house("expert")]}))
        .await;
    assert_problem(
        claim_as(&app, &id, "hpb_nonsense", &json!({})).await,
        403,
        "invalid_bot_key",
    )
    .await;
    // The key is checked first: before the body, before the game.
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/seats")))
        .header("authorization", "Bot hpb_nonsense")
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .expect("sent");
    assert_problem(res, 403, "invalid_bot_key").await;
    assert_problem(
        claim_as(&app, "nosuchgame000000", "hpb_nonsense", &json!({})).await,
        403,
        "invalid_bot_key",
    )
    .await;
    let bad = app
        .client
        .post(app.url(&format!("/v1/games/{id}/seats")))
        .header("authorization", "Bot ")
        .send()
        .await
        .expect("sent");
    assert_problem(bad, 403, "invalid_bot_key").await;
    assert_problem(
        claim_as(&app, &id, &a, &json!({"name": "house-expert"})).await,
        400,
        "invalid_name",
    )
    .await;
    let ta = claim_token(&app, &id, &a, &json!({"seat": 0})).await;
    assert_problem(
        claim_as(&app, &id, &a, &json!({})).await,
        409,
        "already_seated",
    )
    .await;
    // The same name in another case is the same bot; a name equal to its own is fine.
    let tb = claim_token(&app, &id, &b, &json!({"seat": 2, "name": "beta"})).await;
    // An anonymous claim is a guest's: it may not name itself after a house account.
    let res = app
        .claim(&id, Some(&json!({"seat": 1, "name": "house-expert"})))
        .await;
    assert_problem(res, 422, "name_reserved").await;
    let res = app
        .claim(&id, Some(&json!({"seat": 1, "name": "a guest"})))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let (view, text) = app.view_text(&id, Some(&ta)).await;
    for key in [&a, &b] {
        assert!(!text.contains(key.as_str()) && !text.contains(&key[4..]));
    }
    let seats = &view["seats"];
    assert_eq!(seats[0]["name"], "Alpha");
    assert_eq!(seats[0]["account"], "Alpha");
    assert_eq!(seats[2]["name"], "Beta");
    assert_eq!(seats[2]["account"], "Beta");
    assert_eq!(seats[1]["name"], "a guest");
    assert_eq!(seats[1]["guest"], true);
    assert_eq!(seats[0]["guest"], false);
    assert!(
        seats[1].get("account").is_none(),
        "no account: {}",
        seats[1]
    );
    assert_eq!(seats[3]["account"], "house-expert");
    // A key is not a seat token, and a seat token is not a key.
    let as_bearer = app.get_game(&id, Some(&a)).await;
    assert_problem(as_bearer, 403, "invalid_token").await;
    let as_bot = app
        .client
        .get(app.url(&format!("/v1/games/{id}")))
        .header("authorization", format!("Bot {a}"))
        .send()
        .await
        .expect("sent");
    assert_problem(as_bot, 401, "malformed_authorization").await;
    let other = app.create_game(&json!({})).await;
    assert_problem(
        claim_as(&app, &other, &tb, &json!({})).await,
        403,
        "invalid_bot_key",
    )
    .await;
    // Beta's key claims as Beta, whatever the body says.
    assert_problem(
        claim_as(&app, &other, &b, &json!({"name": "Alpha"})).await,
        400,
        "invalid_name",
    )
    .await;
    let tb2 = claim_token(&app, &other, &b, &json!({})).await;
    let v = app.view(&other, Some(&tb2)).await;
    assert_eq!(v["seats"][0]["account"], "Beta");
    // The games on the profiles, newest first; the anonymous "house-expert" is not the house
    // account's (only the house seat is).
    let pa = profile_at(&app, "alpha", 1).await;
    assert_eq!(pa["games_played"], 1);
    assert_eq!(pa["recent_games"][0]["game_id"], id.as_str());
    assert_eq!(pa["recent_games"][0]["game"], format!("/v1/games/{id}"));
    assert_eq!(pa["recent_games"][0]["log"], format!("/v1/games/{id}/log"));
    let pb = profile_at(&app, "BETA", 2).await;
    assert_eq!(pb["games_played"], 2);
    assert_eq!(pb["recent_games"][0]["game_id"], other.as_str());
    assert_eq!(pb["recent_games"][1]["game_id"], id.as_str());
    let ph: Value = app
        .get("/v1/bots/house-expert")
        .await
        .json()
        .await
        .expect("JSON");
    assert!(
        ph["recent_games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["game_id"] == id.as_str())
    );
    let anonymous = app.create_game(&json!({})).await;
    let res = app
        .claim(&anonymous, Some(&json!({"name": "house-expert"})))
        .await;
    assert_problem(res, 422, "name_reserved").await;
    let res = app
        .claim(&anonymous, Some(&json!({"name": "expert fan"})))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let ph: Value = app
        .get("/v1/bots/house-expert")
        .await
        .json()
        .await
        .expect("JSON");
    assert!(
        !ph["recent_games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["game_id"] == anonymous.as_str()),
        "a seat name is no account"
    );
    // The lobby shows the accounts, never a key.
    let lobby = app
        .get("/v1/games?status=open")
        .await
        .text()
        .await
        .expect("lobby");
    for key in [&a, &b] {
        assert!(!lobby.contains(key.as_str()) && !lobby.contains(&key[4..]));
    }
}

/// Ratings and leaderboards: a matchmade game and an accepted rated challenge are rated in
/// their pool (here `euchre-4`), each once; games a client made (claimed seats, a seed, a seat
/// without an account, house players alone) are attached to the bots but not rated; the
/// leaderboard ranks by the conservative estimate, a page at a time.
async fn ratings_and_leaderboards(store: Store) {
    let app = spawn_app(store).await;
    let a = register_ok(&app, "alpha").await;
    let b = register_ok(&app, "beta").await;
    // 1. alpha queues alone; house players fill the table: rated.
    let (g1, seat, t) =
        crate::fairplay::queued_game(&app, &a, json!({"preset": "euchre"}), None).await;
    play_out(&app, &g1, &[(seat, t)], true).await;
    let r1 = rating_at(&app, "alpha", "euchre", 1).await.expect("rated");
    assert_eq!(r1.2, 1);
    assert!(r1.1 < 25.0 / 3.0, "the uncertainty shrinks: {r1:?}");
    assert_eq!(
        games(rating_at(&app, "house-heuristic", "euchre", 1).await),
        1
    );
    // 2. alpha challenges beta to a rated game, accepted: rated.
    let (g2, seats) = crate::fairplay::accepted_game(&app, (&a, "alpha"), (&b, "beta")).await;
    play_out(&app, &g2, &seats, false).await;
    assert_eq!(games(rating_at(&app, "alpha", "euchre", 2).await), 2);
    assert_eq!(games(rating_at(&app, "beta", "euchre", 1).await), 1);
    // 3. Games the clients made: a claimed seat, a seed, a seat without an account, house
    // players alone: not rated.
    let quick_euchre =
        |seats: Value| json!({"ruleset": {"preset": "euchre", "target_score": 1}, "seats": seats});
    let g3 = app
        .create_game(&quick_euchre(json!([
            open(),
            house("random"),
            house("random"),
            house("random")
        ])))
        .await;
    let t = claim_token(&app, &g3, &a, &json!({})).await;
    play_out(&app, &g3, &[(0, t)], false).await;
    let mut seeded = json!({"ruleset": {"preset": "euchre"}, "seed": 5, "seats": [open(), house("random"), house("random"), house("random")]});
    let g4 = app.create_game(&seeded).await;
    assert_eq!(app.view(&g4, None).await["ranked_eligible"], false);
    let t = claim_token(&app, &g4, &a, &json!({})).await;
    play_out(&app, &g4, &[(0, t)], false).await;
    seeded["seed"] = Value::Null;
    let g5 = app
        .create_game(&quick_euchre(json!([
            house("random"),
            house("expert"),
            house("random"),
            house("expert")
        ])))
        .await;
    wait_finished(&app, &g5, Duration::from_secs(60)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(games(rating(&app, "alpha", "euchre").await), 2);
    assert_eq!(rating(&app, "house-expert", "euchre").await, None);
    let pa = profile_at(&app, "alpha", 4).await;
    assert_eq!(
        pa["games_played"], 4,
        "every game is attached, rated or not"
    );
    // Two games rated, each once; two bots registered.
    let metrics = app.get("/metrics").await.text().await.expect("metrics");
    assert!(
        metrics.contains("\nhasenpfeffer_games_rated_total 2\n"),
        "{metrics}"
    );
    assert!(metrics.contains("\nhasenpfeffer_bots_registered_total 2\n"));
    // Another preset's pool is apart.
    assert_eq!(rating(&app, "alpha", "pepper").await, None);
    // The leaderboard: the rated accounts, by conservative estimate, ranks from 1.
    let board: Value = app
        .get("/v1/leaderboards/euchre-4")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        (board["pool"].as_str(), board["preset"].as_str()),
        (Some("euchre-4"), Some("euchre"))
    );
    assert_eq!(board["next_cursor"], Value::Null);
    let entries = board["entries"].as_array().expect("entries").clone();
    assert_eq!(board["total"], entries.len());
    let mut names: Vec<&str> = entries
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e["rank"], i as u64 + 1);
        assert_eq!(
            e["house"],
            e["name"].as_str().unwrap().starts_with("house-")
        );
        assert_eq!(e["provisional"], true);
        if i > 0 {
            assert!(entries[i - 1]["conservative"].as_f64() >= e["conservative"].as_f64());
        }
        let (r, u, g) = rating(&app, e["name"].as_str().unwrap(), "euchre")
            .await
            .unwrap();
        assert_eq!(
            (
                e["rating"].as_f64(),
                e["uncertainty"].as_f64(),
                e["games"].as_u64()
            ),
            (Some(r), Some(u), Some(g))
        );
    }
    names.sort_unstable();
    assert!(
        names.contains(&"alpha") && names.contains(&"beta") && names.contains(&"house-heuristic"),
        "{names:?}"
    );
    assert!(
        !names.contains(&"house-expert") && !names.contains(&"house-random"),
        "{names:?}"
    );
    // Pages of two.
    let mut paged = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/v1/leaderboards/euchre?limit=2&cursor={c}"),
            None => "/v1/leaderboards/euchre?limit=2".to_owned(),
        };
        let page: Value = app.get(&path).await.json().await.expect("JSON");
        paged.extend(page["entries"].as_array().unwrap().iter().cloned());
        match page["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    assert_eq!(paged, entries);
    let empty: Value = app
        .get("/v1/leaderboards/bacon")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(empty["total"], 0);
    assert_eq!(empty["entries"], json!([]));
    assert_problem(
        app.get("/v1/leaderboards/skat").await,
        404,
        "pool_not_found",
    )
    .await;
    assert_problem(
        app.get("/v1/leaderboards/euchre?limit=0").await,
        400,
        "invalid_query",
    )
    .await;
    assert_problem(
        app.get("/v1/leaderboards/euchre?cursor=x1").await,
        400,
        "invalid_cursor",
    )
    .await;
    let text = app
        .get("/v1/leaderboards/euchre")
        .await
        .text()
        .await
        .expect("text");
    for key in [&a, &b] {
        assert!(!text.contains(key.as_str()) && !text.contains(&key[4..]));
    }
}

/// Names that cannot impersonate: a name that reads as a registered bot's (the same Unicode
/// confusable skeleton of the name in lower case) is refused with `name_confusable` naming the
/// bot; `house` with any punctuation after it is the house players'; of look-alikes registered
/// at once, one wins.
async fn look_alike_names_are_refused(store: Store) {
    let app = spawn_app(store).await;
    register_ok(&app, "alice-bot").await;
    assert_problem(register(&app, "ALICE-BOT").await, 409, "name_taken").await;
    for look_alike in [
        "a1ice-bot",                                    // a digit one
        "\u{0430}lice-bot",                             // a Cyrillic а
        "\u{FF41}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}-bot", // fullwidth letters
        "alice\u{2010}bot",                             // a Unicode hyphen
    ] {
        let doc = assert_problem(register(&app, look_alike).await, 409, "name_confusable").await;
        let detail = doc["detail"].as_str().expect("detail");
        assert!(detail.contains("\"alice-bot\""), "{detail}");
    }
    for reserved in [
        "house_expert",
        "house.random",
        "house expert",
        "house\u{FF0D}expert",
        "\u{029C}\u{1D0F}\u{1D1C}s\u{1D07}-expert", // small capitals
    ] {
        assert_problem(register(&app, reserved).await, 422, "name_reserved").await;
    }
    // Names that only share letters are fine.
    register_ok(&app, "alicia-bot").await;
    register_ok(&app, "housebot").await;
    // Racing registrations of look-alikes: exactly one is made.
    let names = [
        "rabbit",
        "rabb\u{0456}t",
        "r\u{0430}bbit",
        "RABBIT",
        "RaBBit",
        "\u{FF52}abbit",
    ];
    let answers = futures_util::future::join_all(names.iter().map(|n| register(&app, n))).await;
    let made: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(made.iter().filter(|&&s| s == 201).count(), 1, "{made:?}");
    assert!(made.iter().all(|s| [201, 409].contains(s)), "{made:?}");
}

/// A seat claimed without a bot key is a guest's: marked `guest` in every view and lobby
/// entry, and its name may not be a house player's or a registered bot's, nor read as one.
async fn guests_are_marked_and_cannot_impersonate(store: Store) {
    let app = spawn_app(store).await;
    let key = register_ok(&app, "Rabbit Stew").await;
    let id = app
        .create_game(&json!({"seats": [open(), open(), open(), house("expert")]}))
        .await;
    let claim = async |name: &str| app.claim(&id, Some(&json!({ "name": name }))).await;
    for (name, status, code) in [
        ("house-expert", 422, "name_reserved"),
        ("House_Random", 422, "name_reserved"),
        ("h\u{043E}use-expert", 422, "name_reserved"),
        ("Rabbit Stew", 409, "name_taken"),
        ("rabbit stew", 409, "name_taken"),
        ("Rabb\u{0456}t Stew", 409, "name_confusable"),
        ("R\u{0430}bbit Stew", 409, "name_confusable"),
    ] {
        let doc = assert_problem(claim(name).await, status, code).await;
        let detail = doc["detail"].as_str().expect("detail");
        assert!(detail.contains("guest"), "{name:?}: {detail}");
    }
    assert_problem(claim("a\u{202E}b").await, 400, "invalid_name").await;
    // Nothing was taken by the refusals.
    let (view, _) = view_of(app.get_game(&id, None).await).await;
    assert!(
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .all(|s| s["claimed"] == (s["kind"] == "bot"))
    );
    // A guest with a name of its own, a guest without one, the bot with its key.
    assert_eq!(claim("Hare").await.status(), StatusCode::CREATED);
    assert_eq!(app.claim(&id, None).await.status(), StatusCode::CREATED);
    claim_token(&app, &id, &key, &json!({})).await;
    let (view, _) = view_of(app.get_game(&id, None).await).await;
    let seats = view["seats"].as_array().expect("seats");
    let guests: Vec<(bool, Value)> = seats
        .iter()
        .map(|s| {
            (
                s["guest"].as_bool().expect("guest is always there"),
                s["name"].clone(),
            )
        })
        .collect();
    assert_eq!(
        guests,
        vec![
            (true, json!("Hare")),
            (true, Value::Null),
            (false, json!("Rabbit Stew")),
            (false, Value::Null),
        ]
    );
    assert_eq!(seats[2]["account"], "Rabbit Stew");
    // The lobby says so too.
    let open_game = app
        .create_game(&json!({"seats": [open(), open(), house("random"), house("random")]}))
        .await;
    assert_eq!(
        app.claim(&open_game, Some(&json!({"name": "Hare"})))
            .await
            .status(),
        StatusCode::CREATED
    );
    let page: Value = app
        .get("/v1/games?status=open")
        .await
        .json()
        .await
        .expect("JSON");
    let item = page["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["game_id"] == open_game.as_str())
        .expect("the open game is listed")
        .clone();
    assert_eq!(item["seats"][0]["guest"], true);
    assert_eq!(item["seats"][0]["name"], "Hare");
    assert_eq!(item["seats"][1]["guest"], false);
    assert_eq!(item["seats"][2]["guest"], false);
}

both_stores!(
    registration_and_profiles,
    seats_claimed_as_bots,
    ratings_and_leaderboards,
    look_alike_names_are_refused,
    guests_are_marked_and_cannot_impersonate,
);

/// Registrations over the per-client limit: 429 naming the limit, its allowance, window and
/// reset, in the problem document and the `RateLimit-*` headers; other requests still pass.
#[tokio::test]
async fn registrations_are_limited_per_client() {
    let app = spawn_app_with(Store::Memory, |c| c.bot_registrations_per_hour = 2).await;
    register_ok(&app, "one").await;
    register_ok(&app, "two").await;
    let res = register(&app, "three").await;
    let retry = header(&res, reqwest::header::RETRY_AFTER);
    let policy = header(&res, "ratelimit-policy".parse().unwrap());
    let limit = header(&res, "ratelimit-limit".parse().unwrap());
    let remaining = header(&res, "ratelimit-remaining".parse().unwrap());
    let reset = header(&res, "ratelimit-reset".parse().unwrap());
    let doc = assert_problem(res, 429, "rate_limited").await;
    let r = &doc["rate_limit"];
    assert_eq!(r["limit"], "bot_registrations");
    assert_eq!(r["allowance"], 2);
    assert_eq!(r["window_secs"], 3600);
    assert_eq!(r["burst"], 2);
    let secs = r["reset_secs"].as_u64().expect("reset_secs");
    // One registration back every half hour.
    assert!((1_700..=1_800).contains(&secs), "{secs}");
    assert_eq!(doc["retry_after"], secs);
    assert_eq!(retry, secs.to_string());
    assert_eq!(reset, secs.to_string());
    assert_eq!(limit, "2");
    assert_eq!(remaining, "0");
    assert_eq!(policy, "\"bot_registrations\";q=2;w=3600;burst=2");
    // A name refused anyway costs nothing and is refused as before; other requests pass.
    assert_problem(register(&app, "house-x").await, 422, "name_reserved").await;
    assert_problem(register(&app, "").await, 400, "invalid_name").await;
    assert_eq!(app.get("/v1/bots/one").await.status(), 200);
    assert_eq!(app.get("/v1/bots/three").await.status(), 404);
}

/// The server binary at `RUST_LOG=trace`: registrations, claims as bots, a refused key, a
/// whole rated game, the reads of profiles and boards and of the bots' inboxes, a table
/// through the queue and two matches; no key (nor its digits, nor its stored hash) and no seat
/// token (nor its hash) appears in anything it writes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_never_reach_the_logs() {
    let server = tokio::task::spawn_blocking(|| {
        ChildServer::start(&[("RUST_LOG", "trace"), ("LOG_FORMAT", "json")])
    })
    .await
    .expect("server");
    let app = TestApp::at(server.base.clone(), None);
    let a = register_ok(&app, "logged-bot").await;
    let b = register_ok(&app, "other-bot").await;
    let id = app
        .create_game(&quick(json!([
            open(),
            open(),
            house("random"),
            house("heuristic")
        ])))
        .await;
    let ta = claim_token(&app, &id, &a, &json!({"seat": 0})).await;
    let tb = claim_token(&app, &id, &b, &json!({"seat": 1})).await;
    let _ = claim_as(&app, &id, &a, &json!({})).await;
    let _ = claim_as(&app, &id, &format!("{a}x"), &json!({})).await;
    let _ = register(&app, "logged-bot").await;
    play_out(&app, &id, &[(0, ta.clone()), (1, tb.clone())], false).await;
    // A rated game between the two (a challenge, accepted): its rating logged too.
    let (rated, seats) =
        crate::fairplay::accepted_game(&app, (&a, "logged-bot"), (&b, "other-bot")).await;
    play_out(&app, &rated, &seats, false).await;
    assert!(rating_at(&app, "logged-bot", "euchre", 1).await.is_some());
    let _ = app.get("/v1/leaderboards/hasenpfeffer").await;
    // The inboxes, read with the keys (a long poll; a stream's first entries), and refused.
    for key in [&a, &b, &format!("{a}x")] {
        let inbox = || {
            app.client
                .get(app.url("/v1/bots/me/events?after=0"))
                .header("authorization", format!("Bot {key}"))
        };
        let _ = inbox().header("accept", "application/json").send().await;
        if let Ok(res) = inbox().send().await
            && res.status() == StatusCode::OK
        {
            let mut sse = crate::harness::Sse::from_response(res);
            sse.event(Duration::from_secs(10)).await;
        }
    }
    // A table through the queue (filled at once) and two matches: seats given through the
    // inbox, each with a token, read back with the key.
    let queued = app
        .client
        .post(app.url("/v1/queue"))
        .header("authorization", format!("Bot {a}"))
        .json(&json!({"ruleset": {"preset": "euchre"}, "fill_with_house_after_ms": 0, "house_strategy": "random"}))
        .send()
        .await
        .expect("queue");
    assert_eq!(queued.status(), StatusCode::ACCEPTED);
    for body in [
        json!({"a": "logged-bot", "b": "house-random", "ruleset": {"preset": "euchre"}, "deals": 1}),
        json!({"a": "house-heuristic", "b": "house-random", "ruleset": {"preset": "euchre"}, "deals": 1}),
    ] {
        let res = app
            .client
            .post(app.url("/v1/matches"))
            .header("authorization", format!("Bot {a}"))
            .json(&body)
            .send()
            .await
            .expect("match");
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    let mut seat_tokens = vec![ta.clone(), tb.clone()];
    let started = std::time::Instant::now();
    while seat_tokens.len() < 5 && started.elapsed() < Duration::from_secs(10) {
        seat_tokens = vec![ta.clone(), tb.clone()];
        let entries: Vec<Value> = app
            .client
            .get(app.url("/v1/bots/me/events?after=0&wait=1"))
            .header("authorization", format!("Bot {a}"))
            .header("accept", "application/json")
            .send()
            .await
            .expect("inbox")
            .json()
            .await
            .expect("entries");
        seat_tokens.extend(
            entries
                .iter()
                .filter_map(|e| e["token"].as_str())
                .filter(|t| *t != ta && *t != tb)
                .map(str::to_owned),
        );
    }
    // Claim, queue table, and the match's two plays (its seats share one token per game).
    assert!(seat_tokens.len() >= 5, "{seat_tokens:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let out = server.output();
    assert!(out.lines().count() > 100, "trace logging is on");
    assert!(out.contains("bot registered"), "registrations are logged");
    assert!(
        out.contains("queue table formed"),
        "the queue's table is logged"
    );
    for token in &seat_tokens {
        assert!(!out.contains(token.as_str()), "a seat token is in the logs");
        let hash = hasenpfeffer::games::hash_token(token);
        assert!(!out.contains(&hash), "a seat token's hash is in the logs");
    }
    for key in [&a, &b] {
        assert!(!out.contains(key.as_str()), "a key is in the logs");
        assert!(!out.contains(&key[4..]), "a key's digits are in the logs");
        let hash = hasenpfeffer::games::hash_token(key);
        assert!(!out.contains(&hash), "a key's hash is in the logs");
    }
}

/// Two replicas on a Redis Cluster (three masters): a bot registered on one is known to the
/// other (its name taken there too), claims and plays a rated game through the other, and
/// both show the same profile and leaderboard; a game of house players finished there is
/// rated once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_on_a_cluster_with_two_replicas() {
    use hasenpfeffer::Application;
    use hasenpfeffer::store::testing::TestRedisCluster;
    let cluster = tokio::task::spawn_blocking(|| TestRedisCluster::start(3))
        .await
        .expect("start a 3-master redis cluster");
    let mut apps = Vec::new();
    for _ in 0..2 {
        let server = Application::build(crate::harness::replica_config(&cluster.url()))
            .await
            .expect("a replica starts on the cluster");
        assert_eq!(server.backend(), "redis-cluster");
        apps.push(TestApp::at(
            format!("http://127.0.0.1:{}", server.port()),
            None,
        ));
        tokio::spawn(server.run_until_stopped());
    }
    let (one, two) = (&apps[0], &apps[1]);
    let key = register_ok(one, "Clustered").await;
    assert_problem(register(two, "clustered").await, 409, "name_taken").await;
    // Matchmade on one replica (house players at once), played through the other: rated.
    let (id, seat, token) =
        crate::fairplay::queued_game(two, &key, json!({"preset": "euchre"}), None).await;
    play_out(one, &id, &[(seat, token)], true).await;
    let house_games = |app| async move { games(rating(app, "house-heuristic", "euchre").await) };
    assert_eq!(games(rating_at(two, "clustered", "euchre", 1).await), 1);
    assert_eq!(house_games(one).await, 1);
    // House players alone, in a game a client made: not rated.
    let all_house = one
        .create_game(&json!({"ruleset": {"preset": "euchre", "target_score": 1}, "seats": [house("random"), house("heuristic"), house("random"), house("heuristic")]}))
        .await;
    wait_finished(two, &all_house, Duration::from_secs(60)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(house_games(two).await, 1);
    let b1: Value = one
        .get("/v1/leaderboards/euchre")
        .await
        .json()
        .await
        .expect("JSON");
    let b2: Value = two
        .get("/v1/leaderboards/euchre-4")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(b1, b2);
    assert_eq!(b1["total"], 2, "{b1}");
    let p = profile_at(one, "CLUSTERED", 1).await;
    assert_eq!(p["games_played"], 1);
    assert_eq!(p["recent_games"][0]["game_id"], id.as_str());
}

/// Games where every player plays alone are rated with a team per seat, by place: in pepper
/// for three and in Buck Euchre (scores counting down), a winning bot gains and a bot with the
/// worst score loses; the house accounts in the other seats are rated once per game.
#[tokio::test]
async fn every_player_alone_games_are_rated_by_place() {
    let app = spawn_app(Store::Memory).await;
    let mut checked = 0;
    for (i, (ruleset, others)) in [
        (json!({"preset": "pepper", "players": 3}), 2),
        (json!({"preset": "buck-euchre"}), 3),
    ]
    .into_iter()
    .cycle()
    .take(8)
    .enumerate()
    {
        let preset = ruleset["preset"].as_str().unwrap().to_owned();
        let key = register_ok(&app, &format!("solo-{i}")).await;
        // Matchmade with house players at once: rated (a game a client makes is not).
        let before = games(rating(&app, "house-heuristic", &preset).await);
        let (id, seat, token) = crate::fairplay::queued_game(&app, &key, ruleset, None).await;
        let last = play_out(&app, &id, &[(seat, token)], false).await;
        let (r, _, g) = rating_at(&app, &format!("solo-{i}"), &preset, 1)
            .await
            .expect("rated");
        assert_eq!(g, 1);
        assert_eq!(
            games(rating_at(&app, "house-heuristic", &preset, before + 1).await),
            before + 1
        );
        let scores: Vec<i64> = last["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        assert_eq!(scores.len(), others + 1, "a side per seat");
        let me = seat as usize;
        let won = last["winners"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| *w == seat);
        let down = preset == "buck-euchre";
        let worst = (0..scores.len()).filter(|&o| o != me).all(|o| {
            if down {
                scores[me] > scores[o]
            } else {
                scores[me] < scores[o]
            }
        });
        if won {
            assert!(r > 25.0, "{preset}: a winner gains ({r}, {scores:?})");
            checked += 1;
        } else if worst {
            assert!(r < 25.0, "{preset}: the last loses ({r}, {scores:?})");
            checked += 1;
        }
    }
    // (Each game checks a direction unless the bot ends between first and last: about two
    // games in three do, so 8 games checking fewer than 2 is rare beyond concern.)
    assert!(checked >= 2, "{checked} games of 8 checked a direction");
}

/// A store whose next `rate` calls fail as if Redis were unreachable (everything else is the
/// memory store's).
struct FailsRates {
    inner: hasenpfeffer::store::MemoryStore,
    failures: std::sync::atomic::AtomicUsize,
    /// Calls of `load_ratings` and `rate`.
    rating_reads: std::sync::atomic::AtomicUsize,
    rates: std::sync::atomic::AtomicUsize,
}

#[async_trait::async_trait]
impl hasenpfeffer::store::GameStore for FailsRates {
    async fn write(
        &self,
        id: &str,
        w: hasenpfeffer::store::Write<'_>,
    ) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner.write(id, w).await
    }
    async fn load_log(
        &self,
        id: &str,
        from: usize,
    ) -> Result<Vec<Vec<u8>>, hasenpfeffer::store::StoreError> {
        self.inner.load_log(id, from).await
    }
    async fn load(
        &self,
        id: &str,
    ) -> Result<Option<hasenpfeffer::store::StoredGame>, hasenpfeffer::store::StoreError> {
        self.inner.load(id).await
    }
    async fn version(&self, id: &str) -> Result<Option<u64>, hasenpfeffer::store::StoreError> {
        self.inner.version(id).await
    }
    async fn load_with_idem(
        &self,
        id: &str,
        key: &str,
    ) -> Result<
        (Option<hasenpfeffer::store::StoredGame>, Option<Vec<u8>>),
        hasenpfeffer::store::StoreError,
    > {
        self.inner.load_with_idem(id, key).await
    }
    fn watch(&self, id: &str) -> tokio::sync::watch::Receiver<u64> {
        self.inner.watch(id)
    }
    async fn schedule_deadline(
        &self,
        id: &str,
        at: u64,
    ) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner.schedule_deadline(id, at).await
    }
    async fn cancel_deadline(&self, id: &str) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner.cancel_deadline(id).await
    }
    async fn due_deadlines(
        &self,
        now: u64,
        limit: usize,
    ) -> Result<Vec<String>, hasenpfeffer::store::StoreError> {
        self.inner.due_deadlines(now, limit).await
    }
    async fn claim(
        &self,
        id: &str,
        owner: &str,
        ttl: Duration,
    ) -> Result<bool, hasenpfeffer::store::StoreError> {
        self.inner.claim(id, owner, ttl).await
    }
    async fn release_claim(
        &self,
        id: &str,
        owner: &str,
    ) -> Result<bool, hasenpfeffer::store::StoreError> {
        self.inner.release_claim(id, owner).await
    }
    async fn create_account(
        &self,
        name: &str,
        key_hash: &str,
        look: &str,
        data: &[u8],
    ) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner.create_account(name, key_hash, look, data).await
    }
    async fn account_by_look(
        &self,
        look: &str,
    ) -> Result<Option<Vec<u8>>, hasenpfeffer::store::StoreError> {
        self.inner.account_by_look(look).await
    }
    async fn load_account(
        &self,
        name: &str,
    ) -> Result<Option<Vec<u8>>, hasenpfeffer::store::StoreError> {
        self.inner.load_account(name).await
    }
    async fn account_by_key(
        &self,
        key_hash: &str,
    ) -> Result<Option<Vec<u8>>, hasenpfeffer::store::StoreError> {
        self.inner.account_by_key(key_hash).await
    }
    async fn account_games(
        &self,
        name: &str,
    ) -> Result<hasenpfeffer::store::AccountGames, hasenpfeffer::store::StoreError> {
        self.inner.account_games(name).await
    }
    async fn attach_game(
        &self,
        names: &[&str],
        game_id: &str,
        at: u64,
    ) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner.attach_game(names, game_id, at).await
    }
    async fn load_ratings(
        &self,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<Option<hasenpfeffer::store::StoredRating>>, hasenpfeffer::store::StoreError>
    {
        self.rating_reads
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.inner.load_ratings(pairs).await
    }
    async fn rate(
        &self,
        event: &str,
        board: &str,
        writes: &[hasenpfeffer::store::RatingWrite<'_>],
    ) -> Result<hasenpfeffer::store::RateOutcome, hasenpfeffer::store::StoreError> {
        use std::sync::atomic::Ordering;
        self.rates.fetch_add(1, Ordering::SeqCst);
        if self
            .failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            return Err(hasenpfeffer::store::StoreError::Unavailable(
                "the test's outage".into(),
            ));
        }
        self.inner.rate(event, board, writes).await
    }
    async fn board(
        &self,
        board: &str,
        offset: u64,
        limit: usize,
    ) -> Result<hasenpfeffer::store::BoardPage, hasenpfeffer::store::StoreError> {
        self.inner.board(board, offset, limit).await
    }
    async fn append_inbox(
        &self,
        account: &str,
        data: &[u8],
        once: Option<&str>,
        now_unix_ms: u64,
    ) -> Result<u64, hasenpfeffer::store::StoreError> {
        self.inner
            .append_inbox(account, data, once, now_unix_ms)
            .await
    }
    async fn read_inbox(
        &self,
        account: &str,
        after: u64,
        limit: usize,
    ) -> Result<hasenpfeffer::store::InboxPage, hasenpfeffer::store::StoreError> {
        self.inner.read_inbox(account, after, limit).await
    }
    async fn outbox_take(
        &self,
        now_ms: u64,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<hasenpfeffer::store::OutboxBatch>, hasenpfeffer::store::StoreError> {
        self.inner.outbox_take(now_ms, lease_ms, limit).await
    }
    async fn outbox_ack(
        &self,
        owner: &str,
        done: &[Vec<u8>],
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner
            .outbox_ack(owner, done, lease_until_ms, now_ms)
            .await
    }
    async fn archive_put(
        &self,
        p: hasenpfeffer::store::ArchivePut<'_>,
    ) -> Result<(), hasenpfeffer::store::StoreError> {
        self.inner.archive_put(p).await
    }
    async fn ping(&self) -> Result<(), hasenpfeffer::store::StoreError> {
        Ok(())
    }
    fn backend(&self) -> &'static str {
        "memory"
    }
    fn config(&self) -> &hasenpfeffer::store::StoreConfig {
        self.inner.config()
    }
}

/// A rating the store refused when the game ended is made by the outbox later, once: the game's
/// `finished` event is tried, fails twice (each try holds it for a lease), then rates it, and
/// later rounds find nothing to do.
#[tokio::test]
async fn a_failed_rating_is_retried_by_the_outbox() {
    use hasenpfeffer::games::GameService;
    use hasenpfeffer::platform::Platform;
    use hasenpfeffer::store::{GameStore, MemoryStore, StoreConfig};
    let store = std::sync::Arc::new(FailsRates {
        inner: MemoryStore::new(StoreConfig::default()),
        failures: std::sync::atomic::AtomicUsize::new(2),
        rating_reads: Default::default(),
        rates: Default::default(),
    });
    let svc = GameService::new(store.clone(), hasenpfeffer::metrics::Metrics::new(), 0);
    let platform = Platform::new(svc.clone());
    // A rated game (as the platform makes one: the core keeps what its creator says of it).
    use hasenpfeffer::bots::Strategy;
    use hasenpfeffer::games::{SeatFor, SeatedGame};
    let created = svc
        .create_seated(SeatedGame {
            rated: true,
            ..SeatedGame::new(
                serde_json::from_value(json!({"preset": "hasenpfeffer", "target_score": 1}))
                    .expect("ruleset"),
                vec![
                    SeatFor::House(Strategy::Random),
                    SeatFor::House(Strategy::Heuristic),
                    SeatFor::House(Strategy::Random),
                    SeatFor::House(Strategy::Heuristic),
                ],
            )
        })
        .await
        .expect("created");
    let id = created.game_id;
    // House players play in the background to the end; its rating fails there.
    let rated = |store: std::sync::Arc<FailsRates>| async move {
        store
            .load_ratings(&[("hasenpfeffer-4", "house-random")])
            .await
            .expect("read")[0]
            .is_some()
    };
    let start = std::time::Instant::now();
    let game = hasenpfeffer::api::extract::GameId::parse(&id).expect("an id");
    while !svc.view(&game, None).await.expect("view").over {
        assert!(start.elapsed() < Duration::from_secs(30), "the game ends");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // No worker runs here: the rounds are this test's.
    assert!(!rated(store.clone()).await, "no request rates a game");
    assert!(platform.outbox_round().await >= 1);
    assert!(!rated(store.clone()).await, "the first try failed");
    assert_eq!(
        platform.outbox_round().await,
        0,
        "leased: not taken again at once"
    );
    let lease = Duration::from_millis(hasenpfeffer::platform::OUTBOX_LEASE_MS + 100);
    tokio::time::sleep(lease).await;
    assert_eq!(
        platform.outbox_round().await,
        1,
        "taken again when the lease ran out"
    );
    assert!(!rated(store.clone()).await, "the second try failed");
    tokio::time::sleep(lease).await;
    assert_eq!(platform.outbox_round().await, 1);
    assert!(rated(store.clone()).await, "the third try rated it");
    tokio::time::sleep(lease).await;
    assert_eq!(platform.outbox_round().await, 0, "nothing left");
    let board = platform
        .leaderboard(
            hasenpfeffer::platform::Pool::named("hasenpfeffer-4").expect("a pool"),
            None,
            10,
        )
        .await
        .expect("board");
    assert!(board.entries.iter().all(|e| e.games == 1), "rated once");
    assert_eq!(board.total, 2);
}

/// A rated game's end costs the store two calls more (one round trip each on Redis:
/// `redis_account_calls_are_one_round_trip`): the ratings' read and the rating; a game that
/// is not rated costs none.
#[tokio::test]
async fn a_rated_end_costs_two_store_calls() {
    use hasenpfeffer::games::{ActRequest, GameService};
    use hasenpfeffer::platform::Platform;
    use hasenpfeffer::store::{MemoryStore, StoreConfig};
    use std::sync::atomic::Ordering;
    let store = std::sync::Arc::new(FailsRates {
        inner: MemoryStore::new(StoreConfig::default()),
        failures: Default::default(),
        rating_reads: Default::default(),
        rates: Default::default(),
    });
    let svc = GameService::new(store.clone(), hasenpfeffer::metrics::Metrics::new(), 100);
    let platform = Platform::new(svc.clone());
    let bot = platform
        .register_bot("counted".into(), || Ok(()))
        .await
        .expect("registered")
        .name;
    use hasenpfeffer::bots::Strategy;
    use hasenpfeffer::games::{SeatFor, SeatedGame};
    for (seed, rated) in [(None, true), (Some(3), false)] {
        // A rated game as the platform makes one (the core keeps what its creator says of
        // it), and a seeded one, which is never rated.
        let id = svc
            .create_seated(SeatedGame {
                rated: true,
                seed,
                ..SeatedGame::new(
                    serde_json::from_value(json!({"preset": "hasenpfeffer", "target_score": 1}))
                        .expect("ruleset"),
                    vec![
                        SeatFor::Account(bot.clone()),
                        SeatFor::House(Strategy::Random),
                        SeatFor::House(Strategy::Heuristic),
                        SeatFor::House(Strategy::Random),
                    ],
                )
            })
            .await
            .expect("created")
            .game_id;
        let id = hasenpfeffer::api::extract::GameId::parse(&id).expect("an id");
        // The seat's token reaches the bot's inbox through the outbox.
        platform.outbox_round().await;
        let inbox = platform.inbox(&bot, 0, 100).await.expect("inbox");
        let token = inbox
            .entries
            .iter()
            .filter_map(|e| serde_json::from_slice::<Value>(&e.data).ok())
            .find(|e| e["game_id"] == id.as_str())
            .and_then(|e| e["token"].as_str().map(str::to_owned))
            .expect("seated");
        let (reads, rates) = (
            store.rating_reads.load(Ordering::SeqCst),
            store.rates.load(Ordering::SeqCst),
        );
        loop {
            let view = svc.view(&id, Some(&token)).await.expect("view");
            if view.over {
                break;
            }
            let view = view.decode().expect("a view");
            assert_eq!(
                view.turn,
                Some(0),
                "house players answer within the request"
            );
            svc.act(ActRequest {
                id: &id,
                token: &token,
                action: view.legal_actions[0].clone(),
                if_match: None,
                idempotency_key: None,
            })
            .await
            .expect("applied");
        }
        // The end's effects come from the outbox (no worker runs here: this test's round).
        platform.outbox_round().await;
        let more = usize::from(rated);
        assert_eq!(store.rating_reads.load(Ordering::SeqCst), reads + more);
        assert_eq!(store.rates.load(Ordering::SeqCst), rates + more);
    }
}
