//! The conformance suite against every backend, plus Redis-specific checks (expiry, key layout,
//! faults). Each Redis test runs its own private `redis-server` (see `testing`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use ::redis::AsyncCommands;
use ::redis::cluster_routing::Slot;

use super::conformance::{self, LONG_TTL, SHORT_TTL, fresh_id, ttl_config};
use super::testing::{TestRedis, TestRedisCluster};
use super::*;

fn memory(cfg: StoreConfig) -> Arc<dyn GameStore> {
    Arc::new(MemoryStore::new(cfg))
}

async fn redis_store(redis: &TestRedis, cfg: StoreConfig) -> RedisStore {
    RedisStore::connect(&redis.url(), cfg).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_conformance() {
    let store = memory(StoreConfig::default());
    conformance::run_basic(&store).await;
    assert_eq!(store.backend(), "memory");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_ttl_conformance() {
    conformance::run_ttl(&memory(ttl_config())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_from_url() {
    for url in [None, Some(""), Some("memory"), Some("memory://")] {
        let store = connect_from_url(url, StoreConfig::default()).await.unwrap();
        assert_eq!(store.backend(), "memory");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_conformance() {
    let redis = TestRedis::start();
    let store = connect_from_url(Some(&redis.url()), StoreConfig::default())
        .await
        .unwrap();
    assert_eq!(store.backend(), "redis");
    conformance::run_basic(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_resp2_conformance() {
    let redis = TestRedis::start();
    let url = format!("{}/?protocol=resp2", redis.url());
    let store: Arc<dyn GameStore> = Arc::new(
        RedisStore::connect(&url, StoreConfig::default())
            .await
            .unwrap(),
    );
    conformance::run_basic(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_ttl_conformance() {
    let redis = TestRedis::start();
    let store: Arc<dyn GameStore> = Arc::new(redis_store(&redis, ttl_config()).await);
    conformance::run_ttl(&store).await;
}

/// The key's remaining time to live in ms (-1: none, -2: no key).
async fn pttl(store: &RedisStore, id: &str) -> i64 {
    store.connection().pttl(store.key_of(id)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_ttl_follows_the_finished_flag() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, ttl_config()).await;
    let short = SHORT_TTL.as_millis() as i64;
    let long = LONG_TTL.as_millis() as i64;
    let in_short = |t: i64| t > short - 500 && t <= short;
    let in_long = |t: i64| t > long - 500 && t <= long;

    let id = fresh_id();
    store.create(&id, 1, b"x", false).await.unwrap();
    assert!(in_short(pttl(&store, &id).await));
    // A write refreshes the TTL.
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(pttl(&store, &id).await <= short - 600);
    store.save_if(&id, 1, 2, b"y", false).await.unwrap();
    assert!(in_short(pttl(&store, &id).await));
    // Finishing switches to the long TTL, and back.
    store.save_if(&id, 2, 3, b"z", true).await.unwrap();
    assert!(in_long(pttl(&store, &id).await));
    store.save_if(&id, 3, 4, b"w", false).await.unwrap();
    assert!(in_short(pttl(&store, &id).await));
    // A failed write leaves the TTL alone.
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(store.save_if(&id, 1, 2, b"stale", true).await.is_err());
    assert!(pttl(&store, &id).await <= short - 600);

    let finished = fresh_id();
    store.create(&finished, 1, b"x", true).await.unwrap();
    assert!(in_long(pttl(&store, &finished).await));

    // A zero TTL means no expiry.
    let forever = RedisStore::connect(
        &redis.url(),
        StoreConfig {
            game_ttl: Duration::ZERO,
            ..ttl_config()
        },
    )
    .await
    .unwrap();
    let id = fresh_id();
    forever.create(&id, 1, b"x", false).await.unwrap();
    assert_eq!(pttl(&forever, &id).await, -1);
    forever.save_if(&id, 1, 2, b"x", true).await.unwrap();
    assert!(in_long(pttl(&forever, &id).await));
    forever.save_if(&id, 2, 3, b"x", false).await.unwrap();
    assert_eq!(pttl(&forever, &id).await, -1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_key_layout_and_hash_tag() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let id = fresh_id();
    store.create(&id, 1, b"data", false).await.unwrap();
    let key = format!("hp:{{{id}}}:game");
    assert_eq!(store.key_of(&id), key);
    let mut con = store.connection();
    let keys: Vec<String> = con.keys(format!("*{id}*")).await.unwrap();
    assert_eq!(keys, vec![key.clone()], "a game is one key");
    let fields: std::collections::HashMap<String, Vec<u8>> = con.hgetall(&key).await.unwrap();
    assert_eq!(fields.get("v").map(Vec::as_slice), Some(&b"1"[..]));
    assert_eq!(fields.get("d").map(Vec::as_slice), Some(&b"data"[..]));
    assert_eq!(fields.len(), 2);
    // Every per-game key hashes to the slot of the bare id.
    let slot = Slot::for_key(id.as_bytes());
    for kind in ["game", "events", "idem:abc"] {
        assert_eq!(Slot::for_key(game_key("hp", &id, kind)), slot);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_damaged_records_are_corrupt() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut con = store.connection();

    let wrong_type = fresh_id();
    let _: () = con.set(store.key_of(&wrong_type), "x").await.unwrap();
    assert!(matches!(
        store.load(&wrong_type).await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        store.save_if(&wrong_type, 1, 2, b"x", false).await,
        Err(StoreError::Corrupt(_))
    ));

    let no_version = fresh_id();
    let _: () = con.hset(store.key_of(&no_version), "d", "x").await.unwrap();
    assert!(matches!(
        store.load(&no_version).await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        store.save_if(&no_version, 1, 2, b"x", false).await,
        Err(StoreError::Corrupt(_))
    ));

    let bad_version = fresh_id();
    let _: () = con
        .hset_multiple(store.key_of(&bad_version), &[("v", "one"), ("d", "x")])
        .await
        .unwrap();
    assert!(matches!(
        store.load(&bad_version).await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        store.save_if(&bad_version, 1, 2, b"x", false).await,
        Err(StoreError::Corrupt(_))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_unreachable_at_start_is_unavailable() {
    let mut redis = TestRedis::start();
    let url = redis.url();
    redis.kill();
    let cfg = StoreConfig {
        op_timeout: Duration::from_millis(500),
        ..StoreConfig::default()
    };
    let started = Instant::now();
    assert!(matches!(
        connect_from_url(Some(&url), cfg.clone()).await,
        Err(StoreError::Unavailable(_))
    ));
    assert!(started.elapsed() < Duration::from_millis(1500));
    // A lazy store starts anyway and works once Redis is up.
    let lazy = RedisStore::connect_lazy(&url, cfg).unwrap();
    assert!(matches!(lazy.ping().await, Err(StoreError::Unavailable(_))));
    redis.restart();
    lazy.ping().await.unwrap();
    lazy.create("g", 1, b"x", false).await.unwrap();
}

type BoxedCall<'a> = std::pin::Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>>;

/// Kill Redis: every call fails with `Unavailable` within `op_timeout` (plus a margin), without
/// hanging. Restart it on the same port: the same store works again, first call included.
async fn kill_and_restart(protocol: &str) {
    let op_timeout = Duration::from_millis(800);
    let limit = op_timeout + Duration::from_millis(400);
    let mut redis = TestRedis::start();
    let url = format!("{}/?protocol={protocol}", redis.url());
    let store: Arc<dyn GameStore> = Arc::new(
        RedisStore::connect(
            &url,
            StoreConfig {
                op_timeout,
                ..StoreConfig::default()
            },
        )
        .await
        .unwrap(),
    );
    let id = fresh_id();
    store.create(&id, 1, b"x", false).await.unwrap();

    redis.kill();
    for round in 0..3 {
        let calls: [(&str, BoxedCall<'_>); 4] = [
            ("ping", Box::pin(store.ping())),
            (
                "load",
                Box::pin(async { store.load(&id).await.map(|_| ()) }),
            ),
            ("create", Box::pin(store.create("other", 1, b"x", false))),
            ("save_if", Box::pin(store.save_if(&id, 1, 2, b"y", false))),
        ];
        for (name, call) in calls {
            let started = Instant::now();
            let result = call.await;
            let took = started.elapsed();
            assert!(
                matches!(result, Err(StoreError::Unavailable(_))),
                "round {round}, {name} while down: {result:?}"
            );
            assert!(took < limit, "round {round}, {name} took {took:?}");
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    redis.restart();
    // The data died with the server; the very first call after the restart already works.
    let id2 = fresh_id();
    store.create(&id2, 1, b"x", false).await.unwrap();
    store.save_if(&id2, 1, 2, b"y", false).await.unwrap();
    assert_eq!(store.load(&id2).await.unwrap().unwrap().version, 2);
    assert_eq!(store.load(&id).await.unwrap(), None);
    store.ping().await.unwrap();

    // A restart that no call noticed while it was down.
    redis.restart();
    tokio::time::sleep(Duration::from_millis(100)).await;
    if protocol == "resp3" {
        // The client saw the connection drop and reconnected: even a write works at once.
        store.create(&id2, 1, b"x", false).await.unwrap();
    } else {
        // Over RESP2 the dead connection is found by the next call. A read retries; a write
        // cannot know whether it reached Redis and so fails (`Unavailable`), once.
        assert_eq!(store.load(&id2).await, Ok(None));
        store.create(&id2, 1, b"x", false).await.unwrap();
    }
    store.ping().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_kill_and_restart() {
    kill_and_restart("resp3").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_kill_and_restart_resp2() {
    kill_and_restart("resp2").await;
}

/// A frozen Redis (connections open, no answers): calls fail with `Unavailable` after
/// `op_timeout` instead of hanging, and work again once it answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_hung_server_times_out() {
    let op_timeout = Duration::from_millis(600);
    let mut redis = TestRedis::start();
    let store = redis_store(
        &redis,
        StoreConfig {
            op_timeout,
            ..StoreConfig::default()
        },
    )
    .await;
    let id = fresh_id();
    store.create(&id, 1, b"x", false).await.unwrap();
    redis.pause();
    for _ in 0..2 {
        let started = Instant::now();
        let result = store.save_if(&id, 1, 2, b"y", false).await;
        let took = started.elapsed();
        assert!(
            matches!(result, Err(StoreError::Unavailable(_))),
            "{result:?}"
        );
        assert!(
            took >= op_timeout / 2 && took < op_timeout + Duration::from_millis(400),
            "{took:?}"
        );
        let started = Instant::now();
        assert!(matches!(
            store.ping().await,
            Err(StoreError::Unavailable(_))
        ));
        assert!(started.elapsed() < op_timeout + Duration::from_millis(400));
    }
    redis.resume();
    // The frozen server may still answer the calls that timed out; give it a moment.
    let deadline = Instant::now() + Duration::from_secs(3);
    while store.ping().await.is_err() {
        assert!(Instant::now() < deadline, "no recovery after resume");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The first save_if may or may not have been applied while Redis was frozen (it was sent).
    let version = store.load(&id).await.unwrap().unwrap().version;
    store
        .save_if(&id, version, version + 1, b"z", false)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_cluster_conformance() {
    let cluster = TestRedisCluster::start(3);
    let store = connect_from_url(Some(&cluster.url()), StoreConfig::default())
        .await
        .unwrap();
    assert_eq!(store.backend(), "redis-cluster");
    conformance::run_basic(&store).await;

    // The comma-separated form reaches the same cluster.
    let urls = cluster.urls().join(",");
    let store2 = connect_from_url(Some(&urls), ttl_config()).await.unwrap();
    assert_eq!(store2.backend(), "redis-cluster");
    conformance::run_ttl(&store2).await;

    // Games spread over the nodes, each game's key on the node owning its tag's slot.
    let direct = RedisClusterStore::connect(&cluster.urls(), StoreConfig::default())
        .await
        .unwrap();
    let mut con = direct.connection();
    for _ in 0..20 {
        let id = fresh_id();
        direct.create(&id, 1, b"x", false).await.unwrap();
        let slot: u16 = ::redis::cmd("CLUSTER")
            .arg("KEYSLOT")
            .arg(direct.key_of(&id))
            .query_async(&mut con)
            .await
            .unwrap();
        let tag_slot: u16 = ::redis::cmd("CLUSTER")
            .arg("KEYSLOT")
            .arg(game_key("hp", &id, "events"))
            .query_async(&mut con)
            .await
            .unwrap();
        assert_eq!(slot, tag_slot);
        assert_eq!(Slot::for_key(direct.key_of(&id)), Slot::new(slot).unwrap());
    }
}

/// Kill the cluster node that owns a game: calls on that game fail with `Unavailable` in time;
/// after the node is back, the same store works again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_cluster_node_kill_and_restart() {
    let op_timeout = Duration::from_millis(800);
    let limit = op_timeout + Duration::from_millis(400);
    let mut cluster = TestRedisCluster::start(3);
    let store = RedisClusterStore::connect(
        &cluster.urls(),
        StoreConfig {
            op_timeout,
            ..StoreConfig::default()
        },
    )
    .await
    .unwrap();
    let id = fresh_id();
    store.create(&id, 1, b"x", false).await.unwrap();
    // Which node owns the game's slot? Ask each node directly.
    let key = store.key_of(&id);
    let owner = cluster
        .ports()
        .iter()
        .position(|port| {
            let mut con = ::redis::Client::open(format!("redis://127.0.0.1:{port}"))
                .unwrap()
                .get_connection()
                .unwrap();
            ::redis::cmd("EXISTS")
                .arg(&key)
                .query::<i64>(&mut con)
                .is_ok_and(|n| n == 1)
        })
        .expect("some node holds the game");

    cluster.kill_node(owner);
    for _ in 0..2 {
        let started = Instant::now();
        let result = store.load(&id).await;
        assert!(
            matches!(result, Err(StoreError::Unavailable(_))),
            "{result:?}"
        );
        assert!(started.elapsed() < limit, "{:?}", started.elapsed());
        let started = Instant::now();
        let result = store.save_if(&id, 1, 2, b"y", false).await;
        assert!(
            matches!(result, Err(StoreError::Unavailable(_))),
            "{result:?}"
        );
        assert!(started.elapsed() < limit, "{:?}", started.elapsed());
    }

    cluster.restart_node(owner);
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut first = None;
    loop {
        match store.load(&id).await {
            Ok(game) => break assert_eq!(game, None, "the node's data died with it"),
            Err(e) => {
                first.get_or_insert(e);
                assert!(Instant::now() < deadline, "no recovery: {first:?}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    assert_eq!(first, None, "the first call after the restart failed");
    store.create(&id, 1, b"x", false).await.unwrap();
    store.save_if(&id, 1, 2, b"y", false).await.unwrap();
}
