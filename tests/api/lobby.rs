//! The lobby, `GET /v1/games`: games move from `open` to `live` to `finished` with the writes
//! that change them, filter by preset, page newest first with a cursor, refuse bad queries
//! with problem documents, and show nothing hidden. On both stores, and on a Redis Cluster
//! (where the index lives in its own slot, written by a second round trip). The store's index
//! itself passes the conformance checks on memory, Redis and Redis Cluster.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hasenpfeffer::Application;
use hasenpfeffer::store::testing::{TestRedis, TestRedisCluster};
use hasenpfeffer::store::{
    GameStore, MemoryStore, RedisClusterStore, RedisStore, StoreConfig, conformance,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::harness::replica_config;
use crate::helpers::{
    Store, TestApp, assert_problem, both_stores, header, is_card, spawn_app, wait_finished,
};

/// A page of the lobby (checked: 200, JSON, `no-store`).
async fn page(app: &TestApp, query: &str) -> Value {
    let res = app.get(&format!("/v1/games?{query}")).await;
    assert_eq!(res.status(), StatusCode::OK, "GET /v1/games?{query}");
    assert_eq!(
        res.headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
    res.json().await.expect("a lobby page")
}

/// Every game of a listing, following the cursors, `limit` a page.
async fn all_pages(app: &TestApp, query: &str, limit: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..100 {
        let q = match &cursor {
            Some(c) => format!("{query}&limit={limit}&cursor={c}"),
            None => format!("{query}&limit={limit}"),
        };
        let p = page(app, &q).await;
        let games = p["games"].as_array().expect("games").clone();
        assert!(games.len() <= limit);
        out.extend(games);
        match p["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => return out,
        }
    }
    panic!("more than 100 pages");
}

fn ids(games: &[Value]) -> Vec<String> {
    games
        .iter()
        .map(|g| g["game_id"].as_str().expect("game_id").to_owned())
        .collect()
}

/// The game `id` in a listing, if it is there.
async fn find(app: &TestApp, status: &str, id: &str) -> Option<Value> {
    all_pages(app, &format!("status={status}"), 100)
        .await
        .into_iter()
        .find(|g| g["game_id"] == id)
}

/// Nothing hidden in a page: no card code in any string, no token, no hand or widow.
fn assert_public(page: &Value, tokens: &[String]) {
    let text = page.to_string();
    for token in tokens {
        assert!(!text.contains(token.as_str()), "a token in the lobby");
    }
    fn walk(v: &Value) {
        match v {
            Value::String(s) => assert!(!is_card(s), "a card in the lobby: {s}"),
            Value::Array(items) => items.iter().for_each(walk),
            Value::Object(map) => {
                for (k, v) in map {
                    assert!(
                        !matches!(
                            k.as_str(),
                            "hand" | "hands" | "widow" | "token" | "deal_cards"
                        ),
                        "a hidden field in the lobby: {k}"
                    );
                    walk(v);
                }
            }
            _ => {}
        }
    }
    walk(page);
}

both_stores!(
    open_live_finished,
    preset_filter_and_paging,
    bad_queries_are_problems,
    bacon_games_are_listed,
    five_hundred_games_are_listed
);

/// Bacon games are listed like any other: open with their free seats, filtered by
/// `preset=bacon` (and only they), and a game of house players finished with its two sides'
/// scores, one of them at the target of 10.
async fn bacon_games_are_listed(store: Store) {
    let app = spawn_app(store).await;
    let other = app.create_game(&json!({})).await;
    let open = app
        .create_game(&json!({
            "ruleset": {"preset": "bacon"},
            "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "heuristic"},
                      {"kind": "open"}, {"kind": "bot", "strategy": "heuristic"}]
        }))
        .await;
    let g = find(&app, "open", &open).await.expect("listed open");
    assert_eq!(g["preset"], "bacon");
    assert_eq!(g["players"], 4);
    assert_eq!(g["free_seats"], json!([0, 2]));
    assert_eq!(g["scores"], json!([0, 0]));
    assert_eq!(g["target_score"], 10);
    let bot = json!({"kind": "bot", "strategy": "heuristic"});
    let done = app
        .create_game(&json!({
            "ruleset": {"preset": "bacon", "alone": "none"},
            "seed": 5,
            "seats": [bot, bot, bot, bot],
        }))
        .await;
    let last = wait_finished(&app, &done, Duration::from_secs(60)).await;
    let over = find(&app, "finished", &done)
        .await
        .expect("listed finished");
    assert_eq!(over["preset"], "bacon");
    assert_eq!(over["scores"], last["scores"]);
    assert_eq!(over["hand_number"], last["hand_number"]);
    let scores = over["scores"].as_array().expect("scores");
    assert_eq!(scores.len(), 2, "two partnerships");
    assert_eq!(
        scores.iter().filter(|s| s.as_i64() >= Some(10)).count(),
        1,
        "one side at 10: {scores:?}"
    );
    for status in ["open", "finished"] {
        let games = all_pages(&app, &format!("status={status}&preset=bacon"), 1).await;
        let want = if status == "open" { &open } else { &done };
        assert_eq!(ids(&games), vec![want.clone()], "{status}");
    }
    assert!(
        !ids(&all_pages(&app, "status=open&preset=bacon", 5).await).contains(&other),
        "the filter leaves other presets out"
    );
}

/// Five Hundred games are listed like any other, whatever their player count: a game for five
/// open with its free seats, five scores and the target of 500; a game of six house players in
/// three teams of two finished with its three teams' scores; `preset=five-hundred` lists only
/// them.
async fn five_hundred_games_are_listed(store: Store) {
    let app = spawn_app(store).await;
    let other = app.create_game(&json!({})).await;
    let bot = json!({"kind": "bot", "strategy": "heuristic"});
    let open_seat = json!({"kind": "open"});
    let open = app
        .create_game(&json!({
            "ruleset": {"preset": "five-hundred", "players": 5},
            "seats": [open_seat, bot, open_seat, bot, bot],
        }))
        .await;
    let g = find(&app, "open", &open).await.expect("listed open");
    assert_eq!(g["preset"], "five-hundred");
    assert_eq!(g["players"], 5);
    assert_eq!(g["free_seats"], json!([0, 2]));
    assert_eq!(g["scores"], json!([0, 0, 0, 0, 0]));
    assert_eq!(g["target_score"], 500);
    let done = app
        .create_game(&json!({
            "ruleset": {"preset": "five-hundred", "players": 6, "sides": "teams_of_2"},
            "seed": 5,
            "seats": vec![bot; 6],
        }))
        .await;
    let last = wait_finished(&app, &done, Duration::from_secs(120)).await;
    let over = find(&app, "finished", &done)
        .await
        .expect("listed finished");
    assert_eq!(over["preset"], "five-hundred");
    assert_eq!(over["players"], 6);
    assert_eq!(over["scores"], last["scores"]);
    assert_eq!(over["hand_number"], last["hand_number"]);
    assert_eq!(
        over["scores"].as_array().map(Vec::len),
        Some(3),
        "three teams of two"
    );
    for status in ["open", "finished"] {
        let games = all_pages(&app, &format!("status={status}&preset=five-hundred"), 1).await;
        let want = if status == "open" { &open } else { &done };
        assert_eq!(ids(&games), vec![want.clone()], "{status}");
    }
    assert!(
        !ids(&all_pages(&app, "status=open&preset=five-hundred", 5).await).contains(&other),
        "the filter leaves other presets out"
    );
}

/// A game with free seats is open (its seats, names and house players shown), leaves `open` for
/// `live` when its last seat is claimed; a game of house players ends up `finished`.
async fn open_live_finished(store: Store) {
    let app = spawn_app(store).await;
    let empty = page(&app, "").await;
    assert_eq!(empty, json!({"games": [], "next_cursor": null}));
    let id = app
        .create_game(&json!({
            "ruleset": {"preset": "hasenpfeffer", "target_score": 5},
            "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "heuristic"},
                      {"kind": "open"}, {"kind": "bot", "strategy": "random"}]
        }))
        .await;
    let g = find(&app, "open", &id).await.expect("listed open");
    assert_eq!(g["status"], "open");
    assert_eq!(g["preset"], "hasenpfeffer");
    assert_eq!(g["players"], 4);
    assert_eq!(g["free_seats"], json!([0, 2]));
    assert_eq!(g["version"], 1);
    assert_eq!(g["hand_number"], 0);
    assert_eq!(g["scores"], json!([0, 0]));
    assert_eq!(g["target_score"], 5);
    assert_eq!(g["deal"], "random");
    assert_eq!(
        g["seats"][1],
        json!({"seat": 1, "kind": "bot", "strategy": "heuristic", "claimed": true, "guest": false, "account": "house-heuristic"})
    );
    assert_eq!(
        g["seats"][0],
        json!({"seat": 0, "kind": "open", "claimed": false, "guest": false})
    );
    let created = g["created_unix_ms"].as_u64().expect("created");
    assert!(created > 1_700_000_000_000 && g["updated_unix_ms"].as_u64() >= Some(created));
    assert!(find(&app, "live", &id).await.is_none());

    let mut tokens = Vec::new();
    for (seat, name) in [(0, "alice"), (2, "bob")] {
        let res = app
            .claim(&id, Some(&json!({"seat": seat, "name": name})))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let claimed: Value = res.json().await.expect("claim JSON");
        tokens.push(claimed["token"].as_str().expect("token").to_owned());
        if seat == 0 {
            let g = find(&app, "open", &id).await.expect("still open");
            assert_eq!(g["free_seats"], json!([2]));
            assert_eq!(
                g["seats"][0],
                json!({"seat": 0, "kind": "open", "claimed": true, "guest": true, "name": "alice"})
            );
            assert_eq!(g["version"], 2);
            assert_eq!(g["created_unix_ms"], created, "the creation time stays");
        }
    }
    assert!(find(&app, "open", &id).await.is_none(), "full: not open");
    let live = find(&app, "live", &id).await.expect("listed live");
    assert_eq!(live["status"], "live");
    assert_eq!(live["free_seats"], json!([]));
    assert_eq!(live["seats"][2]["name"], "bob");
    assert_eq!(live["created_unix_ms"], created);
    assert_eq!(live["version"].as_u64(), Some(app.version(&id).await));
    assert!(find(&app, "finished", &id).await.is_none());
    assert_public(&page(&app, "status=live").await, &tokens);
    assert_public(&page(&app, "status=open").await, &tokens);

    // Four house players: live (or already over), then finished, each in one listing.
    let bots = app
        .create_game(&json!({
            "ruleset": {"preset": "pepper", "target_score": 3},
            "seats": [{"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"},
                      {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
        }))
        .await;
    assert!(find(&app, "open", &bots).await.is_none());
    let last = wait_finished(&app, &bots, Duration::from_secs(60)).await;
    let over = find(&app, "finished", &bots)
        .await
        .expect("listed finished");
    assert_eq!(over["status"], "finished");
    assert_eq!(over["version"], last["version"]);
    assert_eq!(over["scores"], last["scores"]);
    assert_eq!(over["hand_number"], last["hand_number"]);
    assert!(find(&app, "live", &bots).await.is_none());
    assert_public(&page(&app, "status=finished").await, &tokens);
    // Each game is listed once, in one listing.
    let mut seen = HashSet::new();
    for status in ["open", "live", "finished"] {
        for id in ids(&all_pages(&app, &format!("status={status}"), 1).await) {
            assert!(seen.insert(id), "a game in two listings");
        }
    }
}

/// `preset` filters; pages are newest first, `limit` at a time, and the cursors walk every game
/// once; the default limit is 20.
async fn preset_filter_and_paging(store: Store) {
    let app = spawn_app(store).await;
    let mut created = Vec::new();
    for preset in [
        "hasenpfeffer",
        "pepper",
        "hasenpfeffer",
        "euchre",
        "hasenpfeffer",
        "pepper",
    ] {
        let id = app
            .create_game(&json!({"ruleset": {"preset": preset}}))
            .await;
        created.push((id, preset));
        // Distinct creation times: the order is the order of creation.
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    let newest_first: Vec<String> = created.iter().rev().map(|(id, _)| id.clone()).collect();
    for limit in [1, 2, 4, 6, 100] {
        let games = all_pages(&app, "status=open", limit).await;
        assert_eq!(ids(&games), newest_first, "limit {limit}");
        let times: Vec<u64> = games
            .iter()
            .map(|g| g["created_unix_ms"].as_u64().expect("created"))
            .collect();
        assert!(times.windows(2).all(|w| w[0] >= w[1]));
    }
    for preset in ["hasenpfeffer", "pepper", "euchre", "double-hasenpfeffer"] {
        let want: Vec<String> = created
            .iter()
            .rev()
            .filter(|(_, p)| *p == preset)
            .map(|(id, _)| id.clone())
            .collect();
        let games = all_pages(&app, &format!("status=open&preset={preset}"), 2).await;
        assert_eq!(ids(&games), want, "preset {preset}");
        assert!(games.iter().all(|g| g["preset"] == preset));
    }
    // The default: status open, 20 a page.
    for _ in 0..16 {
        app.create_game(&json!({})).await;
    }
    let first = page(&app, "").await;
    assert_eq!(first["games"].as_array().map(Vec::len), Some(20));
    let cursor = first["next_cursor"].as_str().expect("a next page");
    let second = page(&app, &format!("cursor={cursor}")).await;
    assert_eq!(second["games"].as_array().map(Vec::len), Some(2));
    assert_eq!(second["next_cursor"], Value::Null);
    assert_eq!(
        ids(second["games"].as_array().expect("games")),
        vec![created[1].0.clone(), created[0].0.clone()]
    );
}

/// Bad parameters are 400 problem documents with the table's codes; nothing else is taken.
async fn bad_queries_are_problems(store: Store) {
    let app = spawn_app(store).await;
    for query in [
        "status=waiting",
        "status=",
        "preset=chess",
        "preset=Pepper",
        "limit=0",
        "limit=101",
        "limit=-1",
        "limit=ten",
        "sort=oldest",
        "status=open&status=live",
    ] {
        let res = app.get(&format!("/v1/games?{query}")).await;
        assert_problem(res, 400, "invalid_query").await;
    }
    let long = format!("1.{}", "a".repeat(65));
    for cursor in [
        "zz",
        "12.",
        ".abc",
        "x.abc",
        "1.a%20b",
        "1234567890123456.abc",
        &long,
    ] {
        let res = app.get(&format!("/v1/games?cursor={cursor}")).await;
        assert_problem(res, 400, "invalid_cursor").await;
    }
    // A well-formed cursor of a game that is not there: an empty page after it, not an error.
    let res = app.get("/v1/games?cursor=1.nosuchgame").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(header(&res, reqwest::header::ALLOW), "");
    let res = app
        .client
        .delete(app.url("/v1/games"))
        .send()
        .await
        .expect("DELETE sent");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(header(&res, reqwest::header::ALLOW), "GET, HEAD, POST");
}

/// On a Redis Cluster: the index is in its own slot; a game moves from open to live to
/// finished, and the pages list it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_cluster() {
    let cluster = tokio::task::spawn_blocking(|| TestRedisCluster::start(3))
        .await
        .expect("start a 3-master redis cluster");
    let server = Application::build(replica_config(&cluster.url()))
        .await
        .expect("the server starts on the cluster");
    assert_eq!(server.backend(), "redis-cluster");
    let app = TestApp::at(format!("http://127.0.0.1:{}", server.port()), None);
    tokio::spawn(server.run_until_stopped());
    let mut open = Vec::new();
    for _ in 0..6 {
        open.push(
            app.create_game(&json!({"ruleset": {"preset": "pepper"}}))
                .await,
        );
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    open.reverse();
    assert_eq!(
        ids(&all_pages(&app, "status=open&preset=pepper", 4).await),
        open
    );
    let id = open[0].clone();
    let tokens = app.claim_all(&id, 4).await;
    assert!(find(&app, "open", &id).await.is_none());
    assert!(find(&app, "live", &id).await.is_some());
    assert_public(&page(&app, "status=live").await, &tokens);
    let bots = app
        .create_game(&json!({
            "ruleset": {"preset": "pepper", "target_score": 3},
            "seats": [{"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"},
                      {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
        }))
        .await;
    let last = wait_finished(&app, &bots, Duration::from_secs(60)).await;
    // The listing follows right after the write (a second round trip): wait for it briefly.
    let start = Instant::now();
    let over = loop {
        if let Some(g) = find(&app, "finished", &bots).await
            && g["version"] == last["version"]
        {
            break g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "not listed finished"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(over["scores"], last["scores"]);
    assert!(find(&app, "live", &bots).await.is_none());
    drop(cluster);
}

/// The store's index on each backend passes the conformance checks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn index_conformance_memory() {
    let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(StoreConfig::default()));
    tokio::join!(
        conformance::listing_moves_with_writes(&store, &store),
        conformance::listing_pages_newest_first(&store),
    );
    let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(conformance::ttl_config()));
    conformance::listing_expires_with_the_game(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn index_conformance_redis() {
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("a private redis-server");
    let store: Arc<dyn GameStore> = Arc::new(
        RedisStore::connect(&redis.url(), StoreConfig::default())
            .await
            .expect("connect"),
    );
    let other: Arc<dyn GameStore> = Arc::new(
        RedisStore::connect(&redis.url(), StoreConfig::default())
            .await
            .expect("connect"),
    );
    tokio::join!(
        conformance::listing_moves_with_writes(&store, &other),
        conformance::listing_pages_newest_first(&store),
    );
    let store: Arc<dyn GameStore> = Arc::new(
        RedisStore::connect(&redis.url(), conformance::ttl_config())
            .await
            .expect("connect"),
    );
    conformance::listing_expires_with_the_game(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn index_conformance_cluster() {
    let cluster = tokio::task::spawn_blocking(|| TestRedisCluster::start(3))
        .await
        .expect("a private redis cluster");
    let store: Arc<dyn GameStore> = Arc::new(
        RedisClusterStore::connect(&cluster.urls(), StoreConfig::default())
            .await
            .expect("connect"),
    );
    let other: Arc<dyn GameStore> = Arc::new(
        RedisClusterStore::connect(&cluster.urls(), StoreConfig::default())
            .await
            .expect("connect"),
    );
    tokio::join!(
        conformance::listing_moves_with_writes(&store, &other),
        conformance::listing_pages_newest_first(&store),
    );
    let store: Arc<dyn GameStore> = Arc::new(
        RedisClusterStore::connect(&cluster.urls(), conformance::ttl_config())
            .await
            .expect("connect"),
    );
    conformance::listing_expires_with_the_game(&store).await;
}

/// A measurement, not a check (run it with `cargo test --release --test api -- --ignored
/// lobby::index_at_100k_games --nocapture`): 100,000 listed games on a private Redis, then the
/// time of a page (the first, one far down by cursor, one of a preset) and of a write with and
/// without a listing. Prints the figures.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run by hand"]
async fn index_at_100k_games() {
    use futures_util::StreamExt;
    use hasenpfeffer::store::{ListQuery, ListStatus, Listing, Write};
    const GAMES: usize = 100_000;
    const PRESETS: [&str; 6] = [
        "hasenpfeffer",
        "hasenpfeffer-open",
        "pepper",
        "double-hasenpfeffer",
        "euchre",
        "buck-euchre",
    ];
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("a private redis-server");
    let store: Arc<dyn GameStore> = Arc::new(
        RedisStore::connect(&redis.url(), StoreConfig::default())
            .await
            .expect("connect"),
    );
    let item = vec![b'x'; 600]; // about a LobbyGame's JSON
    let base = 1_764_115_200_000u64;
    let started = Instant::now();
    futures_util::stream::iter(0..GAMES)
        .map(|i| {
            let (store, item) = (store.clone(), item.clone());
            async move {
                let status = [ListStatus::Open, ListStatus::Live, ListStatus::Finished][i % 3];
                let listing = Listing {
                    status,
                    group: PRESETS[i % PRESETS.len()],
                    item: &item,
                    now_unix_ms: base + i as u64,
                };
                store
                    .write(
                        &format!("g{i:07}"),
                        Write {
                            listing: Some(listing),
                            ..Write::create(1, b"a stored game of a few hundred bytes")
                        },
                    )
                    .await
                    .expect("a listed create");
            }
        })
        .buffer_unordered(64)
        .collect::<Vec<()>>()
        .await;
    println!("{GAMES} listed creates: {:?}", started.elapsed());
    let now = base + GAMES as u64;
    let time_pages = |label: &'static str, group: Option<&'static str>, deep: bool| {
        let store = store.clone();
        async move {
            let mut after = None;
            if deep {
                // Walk 400 games down by cursor first.
                for _ in 0..4 {
                    let page = store
                        .list(ListQuery {
                            status: ListStatus::Open,
                            group,
                            after: after.as_ref(),
                            limit: 100,
                            now_unix_ms: now,
                        })
                        .await
                        .expect("a page");
                    after = page.next;
                }
            }
            let mut times = Vec::new();
            for _ in 0..200 {
                let t = Instant::now();
                let page = store
                    .list(ListQuery {
                        status: ListStatus::Open,
                        group,
                        after: after.as_ref(),
                        limit: 20,
                        now_unix_ms: now,
                    })
                    .await
                    .expect("a page");
                times.push(t.elapsed());
                assert_eq!(page.games.len(), 20);
            }
            times.sort();
            println!(
                "page of 20 ({label}): median {:?}, p99 {:?}",
                times[times.len() / 2],
                times[times.len() * 99 / 100]
            );
        }
    };
    time_pages("the newest open games", None, false).await;
    time_pages("400 games down by cursor", None, true).await;
    // (hasenpfeffer's games are all open ones: i % 6 == 0 makes i % 3 == 0)
    time_pages("one preset's open games", Some("hasenpfeffer"), false).await;
    // A move's write, with and without its listing (one after the other on one game).
    for listed in [false, true] {
        let id = format!("w{listed}");
        store.create(&id, 1, b"g", false).await.expect("create");
        let mut times = Vec::new();
        for v in 1..=2000u64 {
            let listing = Listing {
                status: ListStatus::Live,
                group: "pepper",
                item: &item,
                now_unix_ms: now,
            };
            let w = Write {
                listing: listed.then_some(listing),
                keep_expiry: true,
                ..Write::update(v, v + 1, &[7u8; 400])
            };
            let t = Instant::now();
            store.write(&id, w).await.expect("a move");
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "a move's write {}: median {:?}, p99 {:?}",
            if listed {
                "with its listing"
            } else {
                "without a listing"
            },
            times[times.len() / 2],
            times[times.len() * 99 / 100]
        );
    }
}
