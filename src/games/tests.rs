//! The service over a store: what a replica reads and writes.

use std::sync::Arc;

use ::redis::AsyncCommands;

use super::ids::GameId;
use super::wire::CreateGameRequest;
use super::{ActRequest, Answer, GameService};
use crate::engine::Action;
use crate::metrics::Metrics;
use crate::store::GameStore;

/// A game (seeded `seed`) with seat 0 claimed by a client and three random house players:
/// its id and the client's token.
async fn one_client_game(svc: &GameService, seed: u64) -> (GameId, String) {
    let req: CreateGameRequest = serde_json::from_value(serde_json::json!({
        "seed": seed,
        "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"},
                  {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
    }))
    .expect("a request");
    let id = GameId::parse(&svc.create(req).await.expect("created").game_id).expect("an id");
    let claim = serde_json::from_value(serde_json::json!({"seat": 0})).expect("a claim");
    let token = svc
        .claim_seat(&id, claim, None)
        .await
        .expect("claimed")
        .token;
    (id, token)
}

/// The holder of `token` makes a legal `action` in game `id`.
async fn client_moves(svc: &GameService, id: &GameId, token: &str, action: Action) -> Answer {
    svc.act(ActRequest {
        id,
        token,
        action,
        if_match: None,
        idempotency_key: None,
    })
    .await
    .expect("a legal move")
}

/// After a change notification, a replica answers from its cache exactly when the cache
/// holds the announced version, and reads the store otherwise. Two services on one store
/// stand for two replicas: B moves, so A's cache is one version behind the store.
#[tokio::test]
async fn announced_versions_come_from_the_cache_only_when_it_holds_them() {
    let store: Arc<dyn GameStore> = Arc::new(crate::store::MemoryStore::new(
        crate::store::StoreConfig::default(),
    ));
    let a = GameService::new(store.clone(), Metrics::new(), 100);
    let b = GameService::new(store, Metrics::new(), 100);
    let (id, token) = one_client_game(&a, 5).await;
    let seen = a.view(&id, Some(&token)).await.expect("a view");
    let v = seen.version;
    let action = seen.decode().expect("a view").legal_actions[0].clone();
    client_moves(&b, &id, &token, action).await;
    // A holds version v: announced v, that is the answer, without a read.
    let cached = a
        .view_announced(&id, Some(&token), Some(v))
        .await
        .expect("a view");
    assert_eq!(cached.version, v);
    // Announced v + 1, which A does not hold: a read, which finds it.
    let read = a
        .view_announced(&id, Some(&token), Some(v + 1))
        .await
        .expect("a view");
    assert_eq!(read.version, v + 1);
    assert_eq!(a.view(&id, None).await.expect("a view").version, v + 1);
    // The read refreshed A's cache.
    let again = a
        .view_announced(&id, None, Some(v + 1))
        .await
        .expect("a view");
    assert_eq!(again.version, v + 1);
    // No announcement (a keep-alive tick, a new poll): a read, whatever A holds.
    let mine = a.view(&id, Some(&token)).await.expect("a view");
    assert_eq!(mine.version, v + 1);
    let action = mine.decode().expect("a view").legal_actions[0].clone();
    b.act(ActRequest {
        id: &id,
        token: &token,
        action,
        if_match: None,
        idempotency_key: None,
    })
    .await
    .expect("B moves again");
    let fresh = a.view_announced(&id, None, None).await.expect("a view");
    assert_eq!(fresh.version, v + 2);
    // A token that is no seat's is refused either way.
    assert!(
        a.view_announced(&id, Some("hp_nope"), Some(v + 1))
            .await
            .is_err()
    );
}

/// A view is rendered once per version and reader: a repeat answers the same bytes, each reader
/// gets its own (a seat's view is never answered to a spectator or to another seat), and a new
/// version, made here or by another replica, is rendered anew.
#[tokio::test]
async fn views_are_rendered_once_per_version_and_reader() {
    let store: Arc<dyn GameStore> = Arc::new(crate::store::MemoryStore::new(
        crate::store::StoreConfig::default(),
    ));
    let a = GameService::new(store.clone(), Metrics::new(), 100);
    let b = GameService::new(store, Metrics::new(), 100);
    let (id, token) = one_client_game(&a, 5).await;
    let seat = a.view(&id, Some(&token)).await.expect("a view");
    let again = a.view(&id, Some(&token)).await.expect("a view");
    assert_eq!(seat.json.as_ptr(), again.json.as_ptr(), "rendered once");
    let spectator = a.view(&id, None).await.expect("a view");
    assert_ne!(seat.json, spectator.json);
    let hand = |v: &super::ViewJson| v.decode().expect("a view").hand;
    assert!(!hand(&seat).is_empty() && hand(&spectator).is_empty());
    assert_eq!(
        a.view(&id, None).await.expect("a view").json,
        spectator.json
    );
    // Another replica moves: A's next read finds the new version and renders it.
    let action = seat.decode().expect("a view").legal_actions[0].clone();
    client_moves(&b, &id, &token, action).await;
    let moved = a.view(&id, Some(&token)).await.expect("a view");
    assert!(moved.version > seat.version);
    assert_ne!(moved.json, seat.json);
    let watched = a.view(&id, None).await.expect("a view");
    assert_eq!(watched.version, moved.version);
    assert!(hand(&watched).is_empty());
    // Without a cache, every view is rendered from the store's copy, and the same.
    let c = GameService::new(a.store().clone(), Metrics::new(), 0);
    assert_eq!(
        c.view(&id, Some(&token)).await.expect("a view").json,
        moved.json
    );
}

/// Redis's count of calls of `command` (lower case; scripts' calls included).
async fn calls(con: &mut ::redis::aio::ConnectionManager, command: &str) -> u64 {
    let info: String = ::redis::cmd("INFO")
        .arg("commandstats")
        .query_async(con)
        .await
        .expect("INFO");
    let prefix = format!("cmdstat_{command}:calls=");
    info.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|rest| rest.split(',').next()?.parse().ok())
        .unwrap_or(0)
}

/// Redis's count of `PEXPIRE` calls (scripts' calls included).
async fn pexpire_calls(con: &mut ::redis::aio::ConnectionManager) -> u64 {
    calls(con, "pexpire").await
}

/// A store on a private Redis (kept running while the first value lives), and a
/// connection to that Redis for inspecting it.
async fn private_redis_store() -> (
    crate::store::testing::TestRedis,
    Arc<dyn GameStore>,
    ::redis::aio::ConnectionManager,
) {
    let redis = crate::store::testing::TestRedis::start();
    let store =
        crate::store::RedisStore::connect(&redis.url(), crate::store::StoreConfig::default())
            .await
            .expect("redis");
    let con = store.connection();
    (redis, Arc::new(store), con)
}

/// A view of a game this replica holds at the store's version is one `HGET` of the version
/// (no read of the game); once another replica has written, one `HGET` and one `HMGET`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn views_of_a_cached_game_read_only_its_version() {
    let (_redis, store, mut con) = private_redis_store().await;
    let a = GameService::new(store.clone(), Metrics::new(), 100);
    let b = GameService::new(store, Metrics::new(), 100);
    let (id, token) = one_client_game(&a, 11).await;
    let first = a.view(&id, Some(&token)).await.expect("a view");
    let counts = async |con: &mut ::redis::aio::ConnectionManager| {
        (calls(con, "hget").await, calls(con, "hmget").await)
    };
    let before = counts(&mut con).await;
    for _ in 0..3 {
        assert_eq!(
            a.view(&id, Some(&token)).await.expect("a view").json,
            first.json
        );
    }
    let after = counts(&mut con).await;
    assert_eq!((after.0 - before.0, after.1 - before.1), (3, 0));
    let action = first.decode().expect("a view").legal_actions[0].clone();
    client_moves(&b, &id, &token, action).await;
    let before = counts(&mut con).await;
    let moved = a.view(&id, Some(&token)).await.expect("a view");
    assert!(moved.version > first.version);
    let after = counts(&mut con).await;
    assert_eq!((after.0 - before.0, after.1 - before.1), (1, 1));
}

/// A replica's moves on a game it holds read nothing from the store: each is one write
/// script (the record goes from the cache into the update and back).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_on_a_cached_game_only_write() {
    let (_redis, store, mut con) = private_redis_store().await;
    let svc = GameService::new(store, Metrics::new(), 100);
    let (id, token) = one_client_game(&svc, 11).await;
    let mut view = svc
        .view(&id, Some(&token))
        .await
        .expect("a view")
        .decode()
        .expect("a view");
    let (reads, scripts) = (
        calls(&mut con, "hmget").await,
        calls(&mut con, "evalsha").await,
    );
    let mut moves = 0;
    while let Some(action) = view.legal_actions.first().cloned() {
        let answer = client_moves(&svc, &id, &token, action).await;
        moves += 1;
        let body: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
        view.legal_actions =
            serde_json::from_value(body["legal_actions"].clone()).expect("legal actions");
    }
    assert!(moves >= 10, "{moves} moves");
    assert_eq!(
        calls(&mut con, "hmget").await,
        reads,
        "{moves} moves read the store"
    );
    assert_eq!(calls(&mut con, "evalsha").await - scripts, moves);
}

/// A replica sets a game's expiry (two `PEXPIRE`s: the game and its log; three with the outbox
/// when the write records events) on its first write of the game and then only with writes
/// that append to the log, within 1/64 of the TTL;
/// the game and its log keep one expiry. Another replica's first write sets it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_sets_the_expiry_on_hand_ends_only() {
    let (_redis, store, mut con) = private_redis_store().await;
    let a = GameService::new(store.clone(), Metrics::new(), 100);
    let (id, token) = one_client_game(&a, 11).await;
    let before = pexpire_calls(&mut con).await;
    let (mut moves, mut appending) = (0, 0);
    let mut logged = store.load_log(&id, 0).await.expect("log").len();
    while moves < 80 {
        let view = a.view(&id, Some(&token)).await.expect("a view");
        let Some(action) = view
            .decode()
            .expect("a view")
            .legal_actions
            .first()
            .cloned()
        else {
            break;
        };
        client_moves(&a, &id, &token, action).await;
        moves += 1;
        let now = store.load_log(&id, 0).await.expect("log").len();
        if now > logged {
            appending += 1;
        }
        logged = now;
    }
    let set = pexpire_calls(&mut con).await - before;
    assert!(
        appending >= 3 && moves >= 4 * appending,
        "{moves} moves, {appending}"
    );
    // The write that finishes the game records its `finished` event: the outbox's expiry too.
    let finished = a.view(&id, None).await.expect("a view").over;
    assert_eq!(
        set,
        2 * appending + u64::from(finished),
        "{moves} moves, {appending} appended to the log"
    );
    let key = |kind: &str| format!("hp:{{{id}}}:{kind}");
    let g: i64 = con.pttl(key("game")).await.expect("PTTL");
    let l: i64 = con.pttl(key("log")).await.expect("PTTL");
    assert!(g > 0 && (g - l).abs() < 50, "{g} {l}");
    // Another replica knows nothing of the expiry: its first write sets it.
    let b = GameService::new(store.clone(), Metrics::new(), 100);
    let view = b.view(&id, Some(&token)).await.expect("a view");
    if let Some(action) = view
        .decode()
        .expect("a view")
        .legal_actions
        .first()
        .cloned()
    {
        let before = pexpire_calls(&mut con).await;
        client_moves(&b, &id, &token, action).await;
        assert_eq!(pexpire_calls(&mut con).await - before, 2);
    }
}
