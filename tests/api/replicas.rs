//! Three server processes on one Redis (the server binary, run three times): a whole game with
//! every request sent to a random replica, and an event stream held on one replica that sees
//! the moves made through the others.

use std::time::Duration;

use hasenpfeffer::store::testing::TestRedis;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;

use crate::harness::{ChildServer, Sse};
use crate::helpers::{Seen, TestApp, check_log, choose, specific_endpoint, view_of};

/// Three server processes on one private Redis, and a client for each.
async fn three_processes() -> (TestRedis, Vec<ChildServer>, Vec<TestApp>) {
    tokio::task::spawn_blocking(|| {
        let redis = TestRedis::start();
        let url = redis.url();
        let servers: Vec<ChildServer> = (0..3)
            .map(|_| ChildServer::start(&[("REDIS_URL", url.as_str())]))
            .collect();
        let apps = servers
            .iter()
            .map(|s| TestApp::at(s.base.clone(), None))
            .collect();
        (redis, servers, apps)
    })
    .await
    .expect("start three replicas")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_over_three_replicas() {
    let (_redis, servers, apps) = three_processes().await;
    let mut rng = SmallRng::seed_from_u64(61);
    let any = |rng: &mut SmallRng| &apps[rng.random_range(0..apps.len())];
    let id = any(&mut rng)
        .create_game(&json!({"seed": 61, "ruleset": {"preset": "pepper", "target_score": 10}}))
        .await;
    let mut tokens = Vec::new();
    for seat in 0..4 {
        let res = any(&mut rng).claim(&id, Some(&json!({"seat": seat}))).await;
        assert_eq!(res.status(), 201);
        let body: serde_json::Value = res.json().await.expect("claim");
        tokens.push(body["token"].as_str().expect("token").to_owned());
    }
    let mut version = 5;
    let mut seen = Seen::default();
    let mut used = [0usize; 3];
    loop {
        let (spectator, text) = any(&mut rng).view_text(&id, None).await;
        assert_eq!(
            spectator["version"], version,
            "every replica sees every write"
        );
        seen.record(None, spectator.clone(), &text, &tokens);
        let Some(seat) = spectator["turn"].as_u64() else {
            break;
        };
        let seat = seat as usize;
        let (view, text) = any(&mut rng).view_text(&id, Some(&tokens[seat])).await;
        assert_eq!(view["version"], version);
        seen.record(Some(seat), view.clone(), &text, &tokens);
        let action = choose(&view, &mut rng);
        let r = rng.random_range(0..apps.len());
        used[r] += 1;
        let res = apps[r]
            .act(&id, &tokens[seat], specific_endpoint(&action), &action)
            .await;
        assert_eq!(
            res.status(),
            200,
            "{action} by seat {seat} at version {version} through replica {r}: {}",
            res.text().await.unwrap_or_default()
        );
        let (after, text) = view_of(res).await;
        version += 1;
        assert_eq!(after["version"], version);
        seen.record(Some(seat), after, &text, &tokens);
    }
    assert!(
        used.iter().all(|&n| n > 5),
        "every replica took moves: {used:?}"
    );
    let last = any(&mut rng).view(&id, None).await;
    assert_eq!(last["phase"], "game_over");
    let log = any(&mut rng).log(&id).await;
    check_log(&log, &last);
    seen.check_against(&log);
    drop(servers);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_on_one_replica_sees_moves_through_the_others() {
    let (_redis, servers, apps) = three_processes().await;
    let id = apps[1]
        .create_game(&json!({"seed": 62, "ruleset": {"preset": "hasenpfeffer", "target_score": 5}}))
        .await;
    let tokens = apps[2].claim_all(&id, 4).await;
    let mut seat1 = Sse::open(&apps[0], &id, Some(&tokens[1]), None).await;
    let mut spectator = Sse::open(&apps[0], &id, None, None).await;
    let wait = Duration::from_secs(10);
    let (first, _) = seat1.event(wait).await.view();
    assert_eq!(first["version"], 5);
    assert_eq!(first["seat"], 1);
    spectator.event(wait).await.view();
    let mut rng = SmallRng::seed_from_u64(62);
    let mut moves = 0;
    loop {
        let via = &apps[1 + moves % 2];
        let spectator_view = via.view(&id, None).await;
        let Some(seat) = spectator_view["turn"].as_u64() else {
            break;
        };
        let seat = seat as usize;
        let view = via.view(&id, Some(&tokens[seat])).await;
        let action = choose(&view, &mut rng);
        let (after, _) = view_of(via.act(&id, &tokens[seat], "actions", &action).await).await;
        let version = after["version"].as_u64().expect("version");
        for sse in [&mut seat1, &mut spectator] {
            let frame = sse.event(wait).await;
            let (v, text) = frame.view();
            assert_eq!(
                v["version"], version,
                "replica 0 streams the move made elsewhere"
            );
            if v["phase"] != "game_over" {
                assert_eq!(frame.name(), Some("view"));
            }
            for t in &tokens {
                assert!(!text.contains(t.as_str()));
            }
        }
        moves += 1;
        assert!(moves < 5_000);
    }
    assert!(moves > 20);
    for sse in [&mut seat1, &mut spectator] {
        assert!(matches!(
            sse.next_within(wait).await,
            crate::harness::Next::End
        ));
    }
    drop(servers);
}
