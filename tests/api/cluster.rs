//! The service on a real Redis Cluster (three masters on local ports): whole games through the
//! HTTP API, at least one whose keys live on each master, and the event stream; and bots
//! meeting on it through two replicas (matchmaking, inboxes, ratings, a duplicate match).

use std::time::Duration;

use hasenpfeffer::Application;
use hasenpfeffer::store::testing::TestRedisCluster;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;

use crate::harness::{Sse, replica_config, started_game, step};
use crate::helpers::{TestApp, check_log, play_game};

const SOON: Duration = Duration::from_secs(10);

async fn node(port: u16) -> redis::aio::MultiplexedConnection {
    redis::Client::open(format!("redis://127.0.0.1:{port}"))
        .expect("a node URL")
        .get_multiplexed_async_connection()
        .await
        .expect("connect to a cluster node")
}

/// The masters' ports and the slot ranges each serves, from `CLUSTER NODES`.
async fn masters(port: u16) -> Vec<(u16, Vec<(u16, u16)>)> {
    let text: String = redis::cmd("CLUSTER")
        .arg("NODES")
        .query_async(&mut node(port).await)
        .await
        .expect("CLUSTER NODES");
    let mut out = Vec::new();
    // <id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slot ranges>...
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if !fields[2].split(',').any(|f| f == "master") {
            continue;
        }
        let addr = fields[1].split('@').next().expect("ip:port");
        let port: u16 = addr
            .rsplit(':')
            .next()
            .expect("port")
            .parse()
            .expect("port");
        let ranges = fields[8..]
            .iter()
            .filter(|r| !r.starts_with('['))
            .map(|r| match r.split_once('-') {
                Some((a, b)) => (a.parse().expect("slot"), b.parse().expect("slot")),
                None => {
                    let s = r.parse().expect("slot");
                    (s, s)
                }
            })
            .collect();
        out.push((port, ranges));
    }
    out.sort();
    out
}

async fn keyslot(port: u16, key: &str) -> u16 {
    redis::cmd("CLUSTER")
        .arg("KEYSLOT")
        .arg(key)
        .query_async(&mut node(port).await)
        .await
        .expect("CLUSTER KEYSLOT")
}

async fn exists_on(port: u16, key: &str) -> bool {
    // A plain connection to one node: EXISTS answers for that node's keys only (a key of
    // another node's slot would be a MOVED error, read here as "not here").
    redis::cmd("EXISTS")
        .arg(key)
        .query_async::<i64>(&mut node(port).await)
        .await
        .is_ok_and(|n| n == 1)
}

/// Games are created until one lands on each master; each such game is played to its end
/// through the API (every seat held by the test client), its keys staying on its master. The
/// event stream of a game sends an event after a move. A fully checked game is played too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_on_every_master() {
    let cluster = tokio::task::spawn_blocking(|| TestRedisCluster::start(3))
        .await
        .expect("start a 3-master redis cluster");
    let server = Application::build(replica_config(&cluster.url()))
        .await
        .expect("the server starts on the cluster");
    assert_eq!(server.backend(), "redis-cluster");
    let app = TestApp::at(format!("http://127.0.0.1:{}", server.port()), None);
    tokio::spawn(server.run_until_stopped());

    let seed_port = cluster.ports()[0];
    let masters = masters(seed_port).await;
    assert_eq!(masters.len(), 3, "three masters: {masters:?}");
    let owner = |slot: u16| {
        masters
            .iter()
            .position(|(_, ranges)| ranges.iter().any(|&(a, b)| a <= slot && slot <= b))
            .unwrap_or_else(|| panic!("no master serves slot {slot}"))
    };

    // Random game ids: create games until every master holds one.
    let mut games: Vec<Option<(String, Vec<String>)>> = vec![None, None, None];
    let mut created = 0;
    while games.iter().any(Option::is_none) {
        created += 1;
        assert!(created <= 200, "200 games and still a master without one");
        let (id, tokens) = started_game(&app, json!({})).await;
        let key = format!("hp:{{{id}}}:game");
        let m = owner(keyslot(seed_port, &key).await);
        assert!(exists_on(masters[m].0, &key).await, "{key} on its master");
        if games[m].is_none() {
            games[m] = Some((id, tokens));
        }
    }

    // The event stream works on the cluster: an event follows a move.
    let (id, tokens) = games[0].clone().expect("a game");
    let mut events = Sse::open(&app, &id, Some(&tokens[0]), None).await;
    let (first, _) = events.event(SOON).await.view();
    let version = first["version"].as_u64().expect("version");
    let mut rng = SmallRng::seed_from_u64(6);
    let moved = step(&app, &id, &tokens, &mut rng)
        .await
        .expect("the game is not over");
    assert_eq!(moved, version + 1);
    let frame = events.event(SOON).await;
    assert_eq!(frame.name(), Some("view"));
    assert_eq!(frame.view().0["version"], moved, "the event is the move");
    drop(events);

    // A whole game on each master.
    for (m, game) in games.iter().enumerate() {
        let (id, tokens) = game.as_ref().expect("a game per master");
        let mut moves = 0;
        while step(&app, id, &tokens[..], &mut rng).await.is_some() {
            moves += 1;
            assert!(moves < 20_000, "the game does not end");
        }
        let last = app.view(id, None).await;
        assert_eq!(last["phase"], "game_over", "game on master {m}");
        check_log(&app.log(id).await, &last);
        let key = format!("hp:{{{id}}}:game");
        assert!(
            exists_on(masters[m].0, &key).await,
            "{key} still on master {m}"
        );
    }

    // And one game with every check of the driver (secrecy, versions, log).
    let played = play_game(
        &app,
        json!({"ruleset": {"preset": "hasenpfeffer", "target_score": 10}, "seed": 66}),
        66,
        false,
    )
    .await;
    assert_eq!(played.last["phase"], "game_over");
}

/// Bots meet on the cluster, through two replicas: eight bots queue for euchre on both at the
/// same instant and get two tables, each bot seated once; each learns its seat (and its token)
/// from its inbox read on the other replica and plays it to the end; `game_over` reaches every
/// inbox, every game is rated once (each bot one game on the leaderboard); and a house match
/// asked on one replica is played and finished, its result readable on the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn bots_meet_queue_play_and_match_on_the_cluster() {
    use std::collections::HashMap;

    use crate::bots::register_ok;
    use crate::inbox::poll;
    use crate::queue::{fresh, join};

    let cluster = tokio::task::spawn_blocking(|| TestRedisCluster::start(3))
        .await
        .expect("start a 3-master redis cluster");
    let bases =
        crate::harness::spawn_replicas(2, &cluster.url(), |c| c.bot_registrations_per_hour = 0)
            .await;
    let apps: Vec<TestApp> = bases.into_iter().map(|b| TestApp::at(b, None)).collect();

    let names: Vec<String> = (0..8).map(|_| fresh("cl")).collect();
    let mut keys = Vec::new();
    for (i, n) in names.iter().enumerate() {
        keys.push(register_ok(&apps[i % 2], n).await);
    }
    let ruleset = json!({"ruleset": {"preset": "euchre"}});
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(names.len()));
    let mut posts = tokio::task::JoinSet::new();
    for (i, key) in keys.iter().enumerate() {
        let (app, barrier, key, body) = (
            TestApp::at(apps[i % 2].base.clone(), None),
            barrier.clone(),
            key.clone(),
            ruleset.clone(),
        );
        posts.spawn(async move {
            barrier.wait().await;
            join(&app, &key, &body).await
        });
    }
    assert_eq!(posts.join_all().await.len(), 8);

    // Each bot's seat, from its inbox on the other replica.
    let mut tables: HashMap<String, Vec<Option<String>>> = HashMap::new();
    let mut last_ids = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let app = &apps[(i + 1) % 2];
        let mut seated = Vec::new();
        let mut after = 0;
        let started = std::time::Instant::now();
        while seated.is_empty() {
            assert!(started.elapsed() < SOON, "{} never seated", names[i]);
            for e in poll(app, key, after, 5).await {
                after = e["id"].as_u64().expect("id");
                if e["type"] == "seated" {
                    seated.push(e);
                }
            }
        }
        assert_eq!(seated.len(), 1, "{}: {seated:?}", names[i]);
        let e = &seated[0];
        assert_eq!(e["via"]["type"], "queue");
        let game = e["game_id"].as_str().expect("game").to_owned();
        let seat = e["seat"].as_u64().expect("seat") as usize;
        let tokens = tables.entry(game).or_insert_with(|| vec![None; 4]);
        assert!(tokens[seat].is_none(), "seat {seat} given twice");
        tokens[seat] = Some(e["token"].as_str().expect("token").to_owned());
        last_ids.push(after);
    }
    assert_eq!(tables.len(), 2, "two tables: {:?}", tables.keys());

    // Every seat played with its own token, moves alternating between the replicas.
    let mut rng = SmallRng::seed_from_u64(22);
    for (game, tokens) in &tables {
        let tokens: Vec<String> = tokens.iter().map(|t| t.clone().expect("a seat")).collect();
        let mut moves = 0;
        while step(&apps[moves % 2], game, &tokens, &mut rng)
            .await
            .is_some()
        {
            moves += 1;
            assert!(moves < 20_000, "the game does not end");
        }
        let last = apps[0].view(game, None).await;
        assert_eq!(last["phase"], "game_over");
        check_log(&apps[1].log(game).await, &last);
    }

    // game_over in every inbox, once; every bot rated once.
    for (i, key) in keys.iter().enumerate() {
        let mut over = Vec::new();
        let started = std::time::Instant::now();
        while over.is_empty() && started.elapsed() < SOON {
            over.extend(
                poll(&apps[i % 2], key, last_ids[i], 2)
                    .await
                    .into_iter()
                    .filter(|e| e["type"] == "game_over"),
            );
        }
        assert_eq!(over.len(), 1, "{}: one game_over: {over:?}", names[i]);
    }
    let started = std::time::Instant::now();
    loop {
        let board: serde_json::Value = apps[1]
            .get("/v1/leaderboards/euchre?limit=100")
            .await
            .json()
            .await
            .expect("a leaderboard");
        let ours: Vec<&serde_json::Value> = board["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .filter(|e| names.iter().any(|n| e["name"] == n.as_str()))
            .collect();
        if ours.len() == 8 {
            assert!(ours.iter().all(|e| e["games"] == 1), "{ours:?}");
            break;
        }
        assert!(started.elapsed() < SOON, "not every bot rated: {board}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // A house match, asked on one replica, followed on the other.
    let res = crate::matches::start(
        &apps[0],
        Some(&keys[0]),
        &json!({"a": "house-heuristic", "b": "house-random", "ruleset": {"preset": "euchre"}, "deals": 3}),
    )
    .await;
    assert_eq!(res.status(), reqwest::StatusCode::ACCEPTED);
    let m: serde_json::Value = res.json().await.expect("a match");
    let id = m["match_id"].as_str().expect("id");
    let m = crate::matches::wait_match(&apps[1], id, Duration::from_secs(60)).await;
    crate::matches::check_against_logs(&apps[1], &m, 4, 2).await;
}
