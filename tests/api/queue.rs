//! Matchmaking over HTTP (`/v1/queue`): four bots queueing for euchre get one table, each
//! seated once, seats drawn at random; leaving the queue; a place that lapses; a table filled
//! with house players after the wait a bot asked for; bad requests answered with a problem
//! and nothing changed; and two replicas over one Redis with bots posting to both at the same
//! instant: exactly the right number of tables, every bot seated exactly once.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::bots::register_ok;
use crate::harness::spawn_replicas;
use crate::helpers::{Store, TestApp, assert_problem, both_stores, spawn_app, spawn_app_with};

/// A fresh bot name with `prefix`.
pub(crate) fn fresh(prefix: &str) -> String {
    use rand::RngExt;
    format!("{prefix}-{:08x}", rand::rng().random::<u32>())
}

/// `method path` as the bot of `key` (`None`: no Authorization header), with `body`.
async fn as_bot(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    key: Option<&str>,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut req = app.client.request(method, app.url(path));
    if let Some(key) = key {
        req = req.header("authorization", format!("Bot {key}"));
    }
    if let Some(body) = body {
        req = req.json(body);
    }
    req.send().await.expect("request sent")
}

/// `POST /v1/queue` with `body`, checking the 202; answers the ticket.
pub(crate) async fn join(app: &TestApp, key: &str, body: &Value) -> Value {
    let res = as_bot(
        app,
        reqwest::Method::POST,
        "/v1/queue",
        Some(key),
        Some(body),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED, "join {body}");
    assert_eq!(
        res.headers()["location"].to_str().unwrap_or_default(),
        "/v1/queue"
    );
    res.json().await.expect("a ticket")
}

/// `GET /v1/queue`: the bot's tickets.
async fn tickets(app: &TestApp, key: &str) -> Vec<Value> {
    let res = as_bot(app, reqwest::Method::GET, "/v1/queue", Some(key), None).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.expect("tickets");
    body["tickets"].as_array().expect("a list").clone()
}

/// The games bot `name` was seated in (its profile's recent games), waiting up to `limit`
/// for `want` of them.
async fn games_of(app: &TestApp, name: &str, want: usize, limit: Duration) -> Vec<String> {
    let recent = |profile: &Value| -> Vec<String> {
        profile["recent_games"]
            .as_array()
            .expect("recent games")
            .iter()
            .map(|g| g["game_id"].as_str().expect("id").to_owned())
            .collect()
    };
    let profile = app
        .json_until(&format!("/v1/bots/{name}"), limit, |p| {
            recent(p).len() >= want
        })
        .await;
    recent(&profile)
}

/// The accounts of a game's seats, in seat order (`None` for a seat without one).
async fn seat_accounts(app: &TestApp, id: &str) -> Vec<Value> {
    let view = app.view(id, None).await;
    view["seats"].as_array().expect("seats").clone()
}

const EUCHRE: &str = r#"{"ruleset": {"preset": "euchre"}}"#;

fn euchre() -> Value {
    serde_json::from_str(EUCHRE).expect("JSON")
}

/// Four bots queue for euchre: one table, each bot seated once in it, the seats drawn at
/// random; a fifth bot waits on alone, first in line.
async fn four_bots_get_one_table(store: Store) {
    let app = spawn_app(store).await;
    let names: Vec<String> = (0..5).map(|_| fresh("qbot")).collect();
    let mut keys = Vec::new();
    for n in &names {
        keys.push(register_ok(&app, n).await);
    }
    let mut last = Value::Null;
    let mut ticket = String::new();
    for (i, key) in keys.iter().take(4).enumerate() {
        // Spelled differently, one ruleset: one queue.
        let body = if i == 1 {
            json!({"ruleset": {"preset": "euchre", "players": 4}, "house_strategy": "random"})
        } else {
            euchre()
        };
        last = join(&app, key, &body).await;
        if i == 0 {
            ticket = last["ticket"].as_str().expect("ticket").to_owned();
            assert_eq!(last["status"], "waiting");
            assert_eq!(last["position"], 1);
            assert_eq!(last["waiting"], 1);
            assert_eq!(last["seats"], 4);
            assert_eq!(last["preset"], "euchre");
            assert_eq!(last["leave"], format!("/v1/queue/{ticket}"));
            assert_eq!(last["turn_time_limit_ms"], 60_000);
        }
        assert_eq!(last["ticket"], ticket.as_str(), "one queue");
    }
    // The fourth join formed the table itself.
    assert_eq!(last["status"], "matched", "{last}");
    let mut game = None;
    for n in &names[..4] {
        let games = games_of(&app, n, 1, Duration::from_secs(10)).await;
        assert_eq!(games.len(), 1, "{n} is seated once: {games:?}");
        assert_eq!(*game.get_or_insert(games[0].clone()), games[0], "one table");
    }
    let game = game.expect("a game");
    let seats = seat_accounts(&app, &game).await;
    let accounts: Vec<&str> = seats
        .iter()
        .map(|s| s["account"].as_str().expect("a bot account"))
        .collect();
    let mut sorted = accounts.clone();
    sorted.sort();
    let mut want: Vec<&str> = names[..4].iter().map(String::as_str).collect();
    want.sort();
    assert_eq!(sorted, want, "every bot once, no house player");
    // Strangers' table: a turn clock (the first bot's default), so one that leaves does not
    // stall the others.
    assert_eq!(app.view(&game, None).await["turn_time_limit_ms"], 60_000);
    // Nobody waits any more; the fifth bot waits alone.
    for key in &keys[..4] {
        assert!(tickets(&app, key).await.is_empty());
    }
    let fifth = join(&app, &keys[4], &euchre()).await;
    assert_eq!(
        (&fifth["status"], &fifth["position"], &fifth["waiting"]),
        (&json!("waiting"), &json!(1), &json!(1))
    );
    assert!(
        games_of(&app, &names[4], 1, Duration::from_millis(700))
            .await
            .is_empty()
    );
    let listed = tickets(&app, &keys[4]).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["ticket"], ticket.as_str());
    assert_eq!(listed[0]["bot"], names[4].as_str());
}

/// Seats are drawn at random: over several tables, the first bot to queue does not always
/// get seat 0.
async fn seats_are_drawn_at_random(store: Store) {
    let app = spawn_app(store).await;
    let mut first_seats = HashSet::new();
    for round in 0..8 {
        let names: Vec<String> = (0..4).map(|_| fresh("rnd")).collect();
        for n in &names {
            let key = register_ok(&app, n).await;
            join(&app, &key, &euchre()).await;
        }
        let game = games_of(&app, &names[0], 1, Duration::from_secs(10)).await;
        assert_eq!(game.len(), 1, "round {round}");
        let seats = seat_accounts(&app, &game[0]).await;
        let seat = seats
            .iter()
            .position(|s| s["account"] == names[0].as_str())
            .expect("seated");
        first_seats.insert(seat);
        if first_seats.len() > 1 {
            return;
        }
    }
    panic!("the first bot sat in seat {first_seats:?} at all eight tables");
}

/// Leaving: one queue by its ticket (then the ticket is gone: 404), every queue at once; a
/// bot that left is not seated when enough others queue. A bot waits in at most three queues.
async fn leaving_the_queue(store: Store) {
    let app = spawn_app(store).await;
    let leaver = fresh("leaver");
    let key = register_ok(&app, &leaver).await;
    let ticket = join(&app, &key, &euchre()).await["ticket"]
        .as_str()
        .expect("ticket")
        .to_owned();
    let path = format!("/v1/queue/{ticket}");
    let res = as_bot(&app, reqwest::Method::DELETE, &path, Some(&key), None).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.expect("JSON"), json!({"left": 1}));
    let res = as_bot(&app, reqwest::Method::DELETE, &path, Some(&key), None).await;
    assert_problem(res, 404, "ticket_not_found").await;
    assert!(tickets(&app, &key).await.is_empty());
    // Three queues at most; a fourth is refused and not joined.
    for preset in ["euchre", "pepper", "hasenpfeffer"] {
        join(&app, &key, &json!({"ruleset": {"preset": preset}})).await;
    }
    let res = as_bot(
        &app,
        reqwest::Method::POST,
        "/v1/queue",
        Some(&key),
        Some(&json!({"ruleset": {"preset": "bacon"}})),
    )
    .await;
    assert_problem(res, 409, "too_many_queues").await;
    assert_eq!(tickets(&app, &key).await.len(), 3);
    // Joining one of them again is a renewal, not a fourth.
    join(&app, &key, &json!({"ruleset": {"preset": "pepper"}})).await;
    let res = as_bot(&app, reqwest::Method::DELETE, "/v1/queue", Some(&key), None).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.expect("JSON"), json!({"left": 3}));
    assert!(tickets(&app, &key).await.is_empty());
    // Three others queue for euchre: no table without the bot that left.
    let others: Vec<String> = (0..3).map(|_| fresh("stay")).collect();
    for n in &others {
        let k = register_ok(&app, n).await;
        assert_eq!(join(&app, &k, &euchre()).await["status"], "waiting");
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    for n in others.iter().chain([&leaver]) {
        assert!(games_of(&app, n, 1, Duration::ZERO).await.is_empty(), "{n}");
    }
}

/// A place lapses when its lease runs out without a renewal: the bot is then not seated, and
/// a later table forms without it. Posting again renews it.
async fn a_lease_that_lapses(store: Store) {
    let app = spawn_app_with(store, |c| c.queue_lease = Duration::from_millis(700)).await;
    let gone = fresh("gone");
    let gone_key = register_ok(&app, &gone).await;
    let kept = fresh("kept");
    let kept_key = register_ok(&app, &kept).await;
    let first = join(&app, &gone_key, &euchre()).await;
    let lease = first["lease_expires_unix_ms"].as_u64().expect("lease");
    let joined = first["joined_unix_ms"].as_u64().expect("joined");
    assert!((690..=1_500).contains(&(lease - joined)), "{first}");
    join(&app, &kept_key, &euchre()).await;
    // `kept` renews by posting again (keeping its place); `gone` does not.
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let again = join(&app, &kept_key, &euchre()).await;
        assert_eq!(again["status"], "waiting");
    }
    assert!(
        tickets(&app, &gone_key).await.is_empty(),
        "gone's place lapsed"
    );
    let listed = tickets(&app, &kept_key).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["position"], 1, "kept is first now: {listed:?}");
    // Three more bots: a table of kept and them, without gone.
    let more: Vec<String> = (0..3).map(|_| fresh("more")).collect();
    for n in &more {
        let k = register_ok(&app, n).await;
        join(&app, &k, &euchre()).await;
    }
    let games = games_of(&app, &kept, 1, Duration::from_secs(10)).await;
    assert_eq!(games.len(), 1);
    let seats = seat_accounts(&app, &games[0]).await;
    assert!(seats.iter().all(|s| s["account"] != gone.as_str()));
    assert!(games_of(&app, &gone, 1, Duration::ZERO).await.is_empty());
}

/// A bot asking for house players after a wait gets a table of them once the wait is over
/// (formed by the sweeper: nobody posts), with the strategy it asked for; `mixed` draws each
/// house seat's strategy.
async fn a_fill_with_house_players_after_the_wait(store: Store) {
    let app = spawn_app(store).await;
    let name = fresh("filler");
    let key = register_ok(&app, &name).await;
    let t = join(
        &app,
        &key,
        &json!({"ruleset": {"preset": "euchre"}, "fill_with_house_after_ms": 400, "house_strategy": "random", "turn_time_limit_ms": 300}),
    )
    .await;
    assert_eq!(t["status"], "waiting");
    assert_eq!(t["turn_time_limit_ms"], 300);
    assert_eq!(t["house_strategy"], "random");
    let joined = t["joined_unix_ms"].as_u64().expect("joined");
    assert_eq!(t["fill_with_house_at_unix_ms"], joined + 400);
    let started = Instant::now();
    let games = games_of(&app, &name, 1, Duration::from_secs(10)).await;
    assert_eq!(games.len(), 1, "filled within 10 s");
    assert!(
        started.elapsed() >= Duration::from_millis(250),
        "not before the wait"
    );
    let seats = seat_accounts(&app, &games[0]).await;
    let (mut bots, mut house) = (0, 0);
    for s in &seats {
        if s["account"] == name.as_str() {
            bots += 1;
        } else {
            assert_eq!(s["kind"], "bot", "{s}");
            assert_eq!(s["strategy"], "random", "{s}");
            house += 1;
        }
    }
    assert_eq!((bots, house), (1, 3));
    assert!(tickets(&app, &key).await.is_empty());
    // The bot never moves: its clock runs out and the game goes on without it.
    let seat = seats
        .iter()
        .position(|s| s["account"] == name.as_str())
        .expect("the bot's seat");
    let started = Instant::now();
    loop {
        let log = app.log(&games[0]).await;
        let timeouts = log["timeouts"].as_array().expect("timeouts");
        if let Some(t) = timeouts.first() {
            assert_eq!(t["seat"], seat, "{t}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no timeout: {log}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // `mixed`: each house seat drawn from the three strategies, each with its house account.
    // Four tables, twelve house seats: all of one strategy once in 177,147.
    let mut strategies = std::collections::HashSet::new();
    for n in 1..=4 {
        let t = join(
            &app,
            &key,
            &json!({"ruleset": {"preset": "euchre"}, "fill_with_house_after_ms": 0, "house_strategy": "mixed"}),
        )
        .await;
        assert_eq!(t["house_strategy"], "mixed");
        let games = games_of(&app, &name, n + 1, Duration::from_secs(10)).await;
        assert_eq!(games.len(), n + 1, "table {n} filled");
        for s in seat_accounts(&app, &games[0]).await {
            if s["account"] != name.as_str() {
                let strategy = s["strategy"].as_str().expect("a house seat").to_owned();
                assert_eq!(s["account"], format!("house-{strategy}"), "{s}");
                strategies.insert(strategy);
            }
        }
    }
    assert!(strategies.len() > 1, "a mixed fill: {strategies:?}");
}

/// Bad requests: a problem with a stable code, and nothing joined.
async fn bad_requests_change_nothing(store: Store) {
    let app = spawn_app(store).await;
    let name = fresh("bad");
    let key = register_ok(&app, &name).await;
    let post = |key: Option<&str>, body: Value| {
        let (app, key) = (&app, key.map(str::to_owned));
        async move {
            as_bot(
                app,
                reqwest::Method::POST,
                "/v1/queue",
                key.as_deref(),
                Some(&body),
            )
            .await
        }
    };
    assert_problem(post(None, euchre()).await, 401, "missing_bot_key").await;
    assert_problem(
        post(Some("hpb_nobody"), euchre()).await,
        403,
        "invalid_bot_key",
    )
    .await;
    let res = as_bot(&app, reqwest::Method::GET, "/v1/queue", None, None).await;
    assert_problem(res, 401, "missing_bot_key").await;
    let res = as_bot(
        &app,
        reqwest::Method::DELETE,
        "/v1/queue",
        Some("hpb_x"),
        None,
    )
    .await;
    assert_problem(res, 403, "invalid_bot_key").await;
    assert_problem(
        post(
            Some(&key),
            json!({"ruleset": {"preset": "hasenpfeffer", "no_trump": true}}),
        )
        .await,
        422,
        "joker_with_no_trump",
    )
    .await;
    assert_problem(
        post(
            Some(&key),
            json!({"ruleset": {"preset": "euchre"}, "fill_with_house_after_ms": 3_600_001}),
        )
        .await,
        422,
        "invalid_fill_wait",
    )
    .await;
    for limit in [99, 86_400_001] {
        assert_problem(
            post(
                Some(&key),
                json!({"ruleset": {"preset": "euchre"}, "turn_time_limit_ms": limit}),
            )
            .await,
            422,
            "invalid_turn_time_limit",
        )
        .await;
    }
    assert_problem(
        post(
            Some(&key),
            json!({"ruleset": {"preset": "euchre"}, "house_strategy": "genius"}),
        )
        .await,
        400,
        "invalid_value",
    )
    .await;
    assert_problem(post(Some(&key), json!({})).await, 400, "invalid_body").await;
    assert_problem(
        post(
            Some(&key),
            json!({"ruleset": {"preset": "euchre"}, "extra": 1}),
        )
        .await,
        400,
        "unknown_field",
    )
    .await;
    let res = as_bot(
        &app,
        reqwest::Method::DELETE,
        "/v1/queue/not%20a%20ticket",
        Some(&key),
        None,
    )
    .await;
    assert_problem(res, 404, "ticket_not_found").await;
    assert!(tickets(&app, &key).await.is_empty(), "nothing joined");
}

both_stores!(
    four_bots_get_one_table,
    seats_are_drawn_at_random,
    leaving_the_queue,
    a_lease_that_lapses,
    a_fill_with_house_players_after_the_wait,
    bad_requests_change_nothing,
);

/// Two replicas over one Redis; 24 bots post to both at the same instant (alternately): six
/// tables form, every bot seated exactly once, and nobody waits after.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replicas_form_each_table_once() {
    let redis = tokio::task::spawn_blocking(hasenpfeffer::store::testing::TestRedis::start)
        .await
        .expect("a private redis-server");
    let bases = spawn_replicas(2, &redis.url(), |c| c.bot_registrations_per_hour = 1_000).await;
    let apps: Vec<TestApp> = bases.into_iter().map(|b| TestApp::at(b, None)).collect();
    let names: Vec<String> = (0..24).map(|_| fresh("rep")).collect();
    let mut keys = Vec::new();
    for (i, n) in names.iter().enumerate() {
        keys.push(register_ok(&apps[i % 2], n).await);
    }
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(names.len()));
    let mut posts = tokio::task::JoinSet::new();
    for (i, key) in keys.iter().enumerate() {
        let (app, barrier, key) = (
            TestApp::at(apps[i % 2].base.clone(), None),
            barrier.clone(),
            key.clone(),
        );
        posts.spawn(async move {
            barrier.wait().await;
            join(&app, &key, &euchre()).await
        });
    }
    let answers = posts.join_all().await;
    assert_eq!(answers.len(), 24);
    assert!(answers.iter().all(|a| a["ticket"] == answers[0]["ticket"]));
    let mut by_game: HashMap<String, Vec<String>> = HashMap::new();
    for (i, n) in names.iter().enumerate() {
        let games = games_of(&apps[(i + 1) % 2], n, 1, Duration::from_secs(15)).await;
        assert_eq!(games.len(), 1, "{n} seated exactly once: {games:?}");
        by_game.entry(games[0].clone()).or_default().push(n.clone());
    }
    assert_eq!(by_game.len(), 6, "six tables: {by_game:?}");
    for (game, bots) in &by_game {
        assert_eq!(bots.len(), 4, "{game}: {bots:?}");
        let seats = seat_accounts(&apps[0], game).await;
        let mut accounts: Vec<&str> = seats
            .iter()
            .map(|s| s["account"].as_str().expect("account"))
            .collect();
        accounts.sort();
        let mut want: Vec<&str> = bots.iter().map(String::as_str).collect();
        want.sort();
        assert_eq!(accounts, want);
    }
    for (i, key) in keys.iter().enumerate() {
        assert!(tickets(&apps[i % 2], key).await.is_empty());
    }
    drop(redis);
}
