//! The conformance suite against every backend (two store instances acting as two replicas on
//! the Redis backends), plus Redis-specific checks (expiry, key layout, faults, change
//! notifications across restarts and lost subscriptions, round trips per call). Each Redis test
//! runs its own private `redis-server` or cluster (see `testing`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use ::redis::AsyncCommands;
use ::redis::cluster_routing::Slot;

use super::conformance::{
    self, EVENT_WAIT, LONG_TTL, SHORT_TTL, fresh_id, ttl_config, wait_for_version,
};
use super::testing::{TestRedis, TestRedisCluster};
use super::*;
use std::future::Future;

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
    // A second instance on the same Redis: another replica.
    let other = connect_from_url(Some(&redis.url()), StoreConfig::default())
        .await
        .unwrap();
    conformance::run_replicas(&store, &other).await;
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
    // Another replica, seeded with the nodes in another order (its subscriber uses another node).
    let mut urls = cluster.urls();
    urls.rotate_left(1);
    let other: Arc<dyn GameStore> = Arc::new(
        RedisClusterStore::connect(&urls, StoreConfig::default())
            .await
            .unwrap(),
    );
    conformance::run_replicas(&store, &other).await;

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

    // Each game call is one command on the node owning the game, log calls included.
    let id = fresh_id();
    let log: [&[u8]; 2] = [b"e1", b"e2"];
    let warm_up = || async {
        let id = fresh_id();
        direct
            .write(
                &id,
                Write {
                    log: &log,
                    ..Write::create(1, b"x")
                },
            )
            .await
            .unwrap();
        direct.load_log(&id, 0).await.unwrap();
    };
    // Every node learns the scripts (the ids land on every node).
    for _ in 0..20 {
        warm_up().await;
    }
    let mut admins = Vec::new();
    for port in cluster.ports() {
        let mut con = admin(port).await;
        let _: () = ::redis::cmd("CONFIG")
            .arg("RESETSTAT")
            .query_async(&mut con)
            .await
            .unwrap();
        admins.push(con);
    }
    direct
        .write(
            &id,
            Write {
                log: &log,
                ..Write::create(1, b"x")
            },
        )
        .await
        .unwrap();
    for v in 1..4 {
        direct
            .write(
                &id,
                Write {
                    idem: Some(IdemWrite {
                        key: "k",
                        answer: b"a",
                        ttl: Duration::from_secs(60),
                    }),
                    log: &log[..1],
                    ..Write::update(v, v + 1, b"y")
                },
            )
            .await
            .unwrap();
    }
    assert_eq!(direct.load_log(&id, 0).await.unwrap().len(), 5);
    assert_eq!(direct.load(&id).await.unwrap().unwrap().version, 4);
    let mut totals = std::collections::HashMap::<String, u64>::new();
    for con in &mut admins {
        for (name, calls) in command_calls(con).await {
            *totals.entry(name).or_default() += calls;
        }
    }
    let count = |name: &str| totals.get(name).copied().unwrap_or(0);
    assert_eq!(count("evalsha"), 5, "{totals:?}");
    assert_eq!(count("hmget"), 1, "{totals:?}");
    assert_eq!(count("eval"), 0, "{totals:?}");
    assert_eq!(count("rpush"), 4, "{totals:?}");
    assert_eq!(count("lrange"), 1, "{totals:?}");
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

/// A plain connection to a test Redis, outside any store.
async fn admin(port: u16) -> ::redis::aio::MultiplexedConnection {
    ::redis::Client::open(format!("redis://127.0.0.1:{port}"))
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap()
}

async fn numpat(con: &mut ::redis::aio::MultiplexedConnection) -> i64 {
    ::redis::cmd("PUBSUB")
        .arg("NUMPAT")
        .query_async(con)
        .await
        .unwrap()
}

/// Poll `cond` every 20 ms until it holds; panics after `within`.
async fn eventually<F, Fut>(what: &str, within: Duration, mut cond: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = Instant::now() + within;
    while !cond().await {
        assert!(Instant::now() < deadline, "{what}: not within {within:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Redis killed and restarted (empty) under a watcher: its subscriber reconnects and the next
/// write, by another replica, reaches the watcher within a bounded time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_watch_survives_a_restart() {
    let mut redis = TestRedis::start();
    let cfg = StoreConfig {
        op_timeout: Duration::from_millis(800),
        ..StoreConfig::default()
    };
    let watcher = redis_store(&redis, cfg.clone()).await;
    let writer = redis_store(&redis, cfg).await;
    let id = fresh_id();
    let mut rx = watcher.watch(&id);
    writer.create(&id, 1, b"x", false).await.unwrap();
    wait_for_version(&mut rx, 1, EVENT_WAIT).await;
    assert_eq!(watcher.events_status().sessions, 1);

    redis.kill();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!watcher.events_status().connected);
    redis.restart();
    let restarted = Instant::now();
    // The data died with the server: the game is written again, from scratch.
    eventually(
        "a write after the restart",
        Duration::from_secs(5),
        || async { writer.create(&id, 7, b"again", false).await.is_ok() },
    )
    .await;
    wait_for_version(&mut rx, 7, EVENT_WAIT).await;
    writer.save_if(&id, 7, 8, b"more", false).await.unwrap();
    wait_for_version(&mut rx, 8, EVENT_WAIT).await;
    assert!(
        restarted.elapsed() < Duration::from_secs(4),
        "{:?}",
        restarted.elapsed()
    );
    let status = watcher.events_status();
    assert!(status.connected && status.sessions >= 2, "{status:?}");
}

/// A write made while the subscriber is disconnected (its message reaches nobody) is found by the
/// re-read after it reconnects.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_watch_resyncs_after_a_lost_subscription() {
    let redis = TestRedis::start();
    let watcher = redis_store(&redis, StoreConfig::default()).await;
    let writer = redis_store(&redis, StoreConfig::default()).await;
    let mut admin = admin(redis.port()).await;
    let id = fresh_id();
    writer.create(&id, 1, b"x", false).await.unwrap();
    // Written before anyone watched: the first subscription's re-read reports it.
    let mut rx = watcher.watch(&id);
    wait_for_version(&mut rx, 1, EVENT_WAIT).await;
    eventually("subscribed", EVENT_WAIT, || async {
        watcher.events_status().connected
    })
    .await;
    assert_eq!(numpat(&mut admin).await, 1);

    // Cut the subscriber's connection and write at once. If nobody was subscribed during the
    // write (checked afterwards: the subscriber waits before reconnecting, and subscribes only
    // once), its message is lost for sure and only the re-read can deliver it. On a machine so
    // slow that the subscriber was back already, try again.
    let mut version = 1;
    let mut lost = false;
    let mut sessions = 0;
    for _ in 0..5 {
        sessions = watcher.events_status().sessions;
        let killed: i64 = ::redis::cmd("CLIENT")
            .arg("KILL")
            .arg("TYPE")
            .arg("pubsub")
            .query_async(&mut admin)
            .await
            .unwrap();
        assert_eq!(killed, 1);
        writer
            .save_if(&id, version, version + 1, b"y", false)
            .await
            .unwrap();
        version += 1;
        if numpat(&mut admin).await == 0 {
            lost = true;
            break;
        }
        wait_for_version(&mut rx, version, EVENT_WAIT).await;
    }
    assert!(lost, "the subscriber always reconnected before the write");
    wait_for_version(&mut rx, version, EVENT_WAIT).await;
    assert!(
        watcher.events_status().sessions > sessions,
        "found by a new session's re-read"
    );
    // And the messages flow again.
    writer
        .save_if(&id, version, version + 1, b"z", false)
        .await
        .unwrap();
    wait_for_version(&mut rx, version + 1, EVENT_WAIT).await;
}

/// No subscriber until the first `watch`; games nobody watches any more are forgotten; the
/// subscriber (and its connection) goes away with the last clone of the store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_events_start_lazily_and_stop_with_the_store() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut admin = admin(redis.port()).await;
    let id = fresh_id();
    store.create(&id, 1, b"x", false).await.unwrap();
    store.save_if(&id, 1, 2, b"x", false).await.unwrap();
    assert!(!store.events_status().started);
    assert_eq!(numpat(&mut admin).await, 0);

    let mut rx = store.watch(&id);
    assert!(store.events_status().started);
    wait_for_version(&mut rx, 2, EVENT_WAIT).await;
    assert_eq!(numpat(&mut admin).await, 1);
    let other = fresh_id();
    let rx2 = store.watch(&other);
    assert_eq!(store.events_status().watched_games, 2);
    drop((rx, rx2));
    // The next write of a game nobody watches drops its entry.
    store.save_if(&id, 2, 3, b"x", false).await.unwrap();
    eventually("entry dropped", EVENT_WAIT, || async {
        store.events_status().watched_games <= 1
    })
    .await;

    let clone = store.clone();
    drop(store);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(numpat(&mut admin).await, 1, "a clone still holds the store");
    drop(clone);
    eventually("subscriber gone", Duration::from_secs(2), || async {
        numpat(&mut admin.clone()).await == 0
    })
    .await;
}

/// `INFO commandstats` as (command, calls).
async fn command_calls(con: &mut ::redis::aio::MultiplexedConnection) -> Vec<(String, u64)> {
    let info: String = ::redis::cmd("INFO")
        .arg("commandstats")
        .query_async(con)
        .await
        .unwrap();
    info.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("cmdstat_")?;
            let (name, stats) = rest.split_once(':')?;
            let calls = stats
                .strip_prefix("calls=")?
                .split(',')
                .next()?
                .parse()
                .ok()?;
            Some((name.to_owned(), calls))
        })
        .collect()
}

/// Each game operation is one command: `load` one `HMGET`, the writes and `load_with_idem` one
/// `EVALSHA`; a server that lost the scripts (`NOSCRIPT`) is handled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_game_calls_are_one_round_trip() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut admin = admin(redis.port()).await;
    let id = fresh_id();
    let idem = |key| IdemWrite {
        key,
        answer: b"answer",
        ttl: Duration::from_secs(60),
    };
    // Warm up: the server learns the scripts (NOSCRIPT, then EVAL).
    store.create(&id, 1, b"x", false).await.unwrap();
    store.save_if(&id, 1, 2, b"x", false).await.unwrap();
    store
        .save_if_idem(&id, 2, 3, b"x", false, Some(idem("w")))
        .await
        .unwrap();
    store.load_with_idem(&id, "w").await.unwrap();
    store.load_log(&id, 0).await.unwrap();

    let _: () = ::redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query_async(&mut admin)
        .await
        .unwrap();
    let mut version = 3;
    for _ in 0..5 {
        assert_eq!(store.load(&id).await.unwrap().unwrap().version, version);
        store
            .save_if(&id, version, version + 1, b"y", false)
            .await
            .unwrap();
        version += 1;
    }
    store
        .save_if_idem(&id, version, version + 1, b"z", false, Some(idem("k")))
        .await
        .unwrap();
    let (game, answer) = store.load_with_idem(&id, "k").await.unwrap();
    assert_eq!(game.unwrap().version, version + 1);
    assert_eq!(answer.as_deref(), Some(&b"answer"[..]));
    // A create with a log, a write with a log and an answer, reading the log back.
    let logged = fresh_id();
    let log: [&[u8]; 2] = [b"e1", b"e2"];
    store
        .write(
            &logged,
            Write {
                log: &log,
                ..Write::create(1, b"x")
            },
        )
        .await
        .unwrap();
    store
        .write(
            &logged,
            Write {
                idem: Some(idem("l")),
                log: &log[..1],
                ..Write::update(1, 2, b"y")
            },
        )
        .await
        .unwrap();
    assert_eq!(
        store.load_log(&logged, 1).await.unwrap(),
        conformance::owned(&[b"e2", b"e1"])
    );
    let calls = command_calls(&mut admin).await;
    let count = |name: &str| calls.iter().find(|(n, _)| n == name).map_or(0, |(_, c)| *c);
    // 5 save_if + 1 save_if_idem + 1 load_with_idem + 2 write + 1 load_log; HMGET: 5 loads + 1
    // inside load_with_idem.
    assert_eq!(count("evalsha"), 10, "{calls:?}");
    assert_eq!(count("hmget"), 6, "{calls:?}");
    assert_eq!(count("eval"), 0, "{calls:?}");
    assert_eq!(count("rpush"), 2, "{calls:?}");
    assert_eq!(count("lrange"), 1, "{calls:?}");
    // Everything else ran inside the scripts (or is this check's own CONFIG/INFO).
    let inside = [
        "evalsha",
        "hmget",
        "hget",
        "hset",
        "pexpire",
        "persist",
        "publish",
        "set",
        "get",
        "exists",
        "del",
        "rpush",
        "lrange",
        "config|resetstat",
        "info",
    ];
    for (name, _) in &calls {
        assert!(
            inside.contains(&name.as_str()),
            "unexpected {name}: {calls:?}"
        );
    }

    // The server forgets the scripts: the next calls still work (EVAL once, then EVALSHA).
    let _: () = ::redis::cmd("SCRIPT")
        .arg("FLUSH")
        .query_async(&mut admin)
        .await
        .unwrap();
    store
        .save_if(&id, version + 1, version + 2, b"w", false)
        .await
        .unwrap();
    store.create(&fresh_id(), 1, b"w", false).await.unwrap();
    assert!(store.load_with_idem(&id, "k").await.unwrap().1.is_some());
    assert_eq!(store.load_log(&logged, 0).await.unwrap().len(), 3);
    assert!(!store.release_claim(&id, "nobody").await.unwrap());
    store
        .save_if(&id, version + 2, version + 3, b"w", false)
        .await
        .unwrap();
}

/// The listing index on one Redis server: a write with a listing is still one `EVALSHA` (the
/// write's script moves the game in the index), a page one `EVALSHA`, and nothing scans; the
/// index's keys are the documented ones and share one cluster slot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_listing_rides_on_the_write() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut admin = admin(redis.port()).await;
    let (id, now) = (fresh_id(), 1_764_115_200_000);
    let listed = |status, item| Listing {
        status,
        group: "pepper",
        item,
        now_unix_ms: now,
    };
    // Warm up (the server learns the scripts).
    store.create(&fresh_id(), 1, b"x", false).await.unwrap();
    let q = ListQuery {
        status: ListStatus::Live,
        group: Some("pepper"),
        after: None,
        limit: 10,
        now_unix_ms: now,
    };
    store.list(q).await.unwrap();
    let _: () = ::redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query_async(&mut admin)
        .await
        .unwrap();
    store
        .write(
            &id,
            Write {
                listing: Some(listed(ListStatus::Open, b"open")),
                ..Write::create(1, b"x")
            },
        )
        .await
        .unwrap();
    store
        .write(
            &id,
            Write {
                listing: Some(listed(ListStatus::Live, b"live")),
                ..Write::update(1, 2, b"y")
            },
        )
        .await
        .unwrap();
    let page = store.list(q).await.unwrap();
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].item, b"live");
    let calls = command_calls(&mut admin).await;
    let count = |name: &str| calls.iter().find(|(n, _)| n == name).map_or(0, |(_, c)| *c);
    assert_eq!(count("evalsha"), 3, "{calls:?}");
    for scan in ["scan", "keys", "zscan", "hscan", "hgetall", "zrange"] {
        assert_eq!(count(scan), 0, "{scan}: {calls:?}");
    }
    let mut con = store.connection();
    for (key, kind) in [
        ("hp:{lobby}:s:live", "zset"),
        ("hp:{lobby}:s:live:pepper", "zset"),
        ("hp:{lobby}:meta", "hash"),
        ("hp:{lobby}:items", "hash"),
        ("hp:{lobby}:expiry", "zset"),
    ] {
        let t: String = ::redis::cmd("TYPE")
            .arg(key)
            .query_async(&mut con)
            .await
            .unwrap();
        assert_eq!(t, kind, "{key}");
        assert_eq!(Slot::for_key(key), Slot::for_key("lobby"), "{key}");
    }
    let open: i64 = con.zcard("hp:{lobby}:s:open").await.unwrap();
    assert_eq!(open, 0, "the game left the open listing");
    let expiry: f64 = con.zscore("hp:{lobby}:expiry", &id).await.unwrap();
    assert_eq!(
        expiry as u64,
        now + 86_400_000,
        "the game's TTL from the write"
    );
}

/// The game's log on Redis: a list at `{prefix}:{<id>}:log` in the game's slot, with exactly
/// the game's expiry after every write (also a write without entries, and no expiry for a zero
/// TTL); a create deletes a log left without its game, which `load_log` never shows; a log key of
/// the wrong type makes writes fail with `Corrupt` without touching the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_log_key_layout_and_expiry() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, ttl_config()).await;
    let mut con = store.connection();
    let short = SHORT_TTL.as_millis() as i64;
    let long = LONG_TTL.as_millis() as i64;
    let log_key = |id: &str| format!("hp-test:{{{id}}}:log");
    // Both keys' PTTL, which the same script set to the same deadline (each `PEXPIRE` and
    // each `PTTL` reads the clock itself, so the two may straddle a millisecond).
    async fn pttls(con: &mut ::redis::aio::ConnectionManager, game: &str, log: &str) -> (i64, i64) {
        let (g, l): (i64, i64) = ::redis::pipe()
            .atomic()
            .pttl(game)
            .pttl(log)
            .query_async(con)
            .await
            .unwrap();
        (g, l)
    }

    let id = fresh_id();
    let first: [&[u8]; 2] = [b"e1", b"e2"];
    store
        .write(
            &id,
            Write {
                log: &first,
                ..Write::create(1, b"x")
            },
        )
        .await
        .unwrap();
    let stored: Vec<Vec<u8>> = con.lrange(log_key(&id), 0, -1).await.unwrap();
    assert_eq!(stored, conformance::owned(&first));
    assert_eq!(
        Slot::for_key(log_key(&id)),
        Slot::for_key(store.key_of(&id))
    );
    let (g, l) = pttls(&mut con, &store.key_of(&id), &log_key(&id)).await;
    assert!(
        g > short - 500 && g <= short && (g - l).abs() <= 1,
        "{g} {l}"
    );
    // Finished: both get the long TTL; active again without entries: both the short one.
    store
        .write(
            &id,
            Write {
                log: &[b"e3"],
                finished: true,
                ..Write::update(1, 2, b"y")
            },
        )
        .await
        .unwrap();
    let (g, l) = pttls(&mut con, &store.key_of(&id), &log_key(&id)).await;
    assert!(g > long - 500 && g <= long && (g - l).abs() <= 1, "{g} {l}");
    store.save_if(&id, 2, 3, b"z", false).await.unwrap();
    let (g, l) = pttls(&mut con, &store.key_of(&id), &log_key(&id)).await;
    assert!(
        g > short - 500 && g <= short && (g - l).abs() <= 1,
        "{g} {l}"
    );
    // A write that keeps the expiry leaves both as they were (finished or not).
    tokio::time::sleep(Duration::from_millis(300)).await;
    store
        .write(
            &id,
            Write {
                keep_expiry: true,
                finished: true,
                ..Write::update(3, 4, b"kept")
            },
        )
        .await
        .unwrap();
    let (g, l) = pttls(&mut con, &store.key_of(&id), &log_key(&id)).await;
    assert!(
        g <= short - 300 && g > short - 1000 && (g - l).abs() <= 1,
        "{g} {l}"
    );
    store.save_if(&id, 4, 5, b"z", false).await.unwrap();
    // A failed write leaves both alone.
    assert!(
        store
            .write(
                &id,
                Write {
                    log: &[b"lost"],
                    finished: true,
                    ..Write::update(1, 2, b"lost")
                }
            )
            .await
            .is_err()
    );
    let (g, l) = pttls(&mut con, &store.key_of(&id), &log_key(&id)).await;
    assert!(g <= short && (g - l).abs() <= 1, "{g} {l}");
    assert_eq!(con.llen::<_, i64>(log_key(&id)).await.unwrap(), 3);

    // A zero TTL: no expiry on either key, also after a finished (expiring) write.
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
    forever
        .write(
            &id,
            Write {
                log: &first,
                ..Write::create(1, b"x")
            },
        )
        .await
        .unwrap();
    assert_eq!(
        pttls(&mut con, &forever.key_of(&id), &log_key(&id)).await,
        (-1, -1)
    );
    forever
        .write(
            &id,
            Write {
                log: &first,
                finished: true,
                ..Write::update(1, 2, b"y")
            },
        )
        .await
        .unwrap();
    let (g, l) = pttls(&mut con, &forever.key_of(&id), &log_key(&id)).await;
    assert!(g > long - 500 && (g - l).abs() <= 1, "{g} {l}");
    forever.save_if(&id, 2, 3, b"z", false).await.unwrap();
    assert_eq!(
        pttls(&mut con, &forever.key_of(&id), &log_key(&id)).await,
        (-1, -1)
    );

    // A log left without its game (evicted, deleted by hand) is invisible, and a create starts
    // afresh.
    let orphan = fresh_id();
    let _: () = con.rpush(log_key(&orphan), "old").await.unwrap();
    assert!(store.load_log(&orphan, 0).await.unwrap().is_empty());
    store.create(&orphan, 1, b"x", false).await.unwrap();
    assert!(store.load_log(&orphan, 0).await.unwrap().is_empty());
    assert!(!con.exists::<_, bool>(log_key(&orphan)).await.unwrap());
    let _: () = con.del(store.key_of(&orphan)).await.unwrap();
    let _: () = con.rpush(log_key(&orphan), "old").await.unwrap();
    store
        .write(
            &orphan,
            Write {
                log: &[b"new"],
                ..Write::create(1, b"x")
            },
        )
        .await
        .unwrap();
    assert_eq!(
        store.load_log(&orphan, 0).await.unwrap(),
        conformance::owned(&[b"new"])
    );

    // A damaged log key: the write fails as a whole, the game stays as it was.
    let damaged = fresh_id();
    store.create(&damaged, 1, b"x", false).await.unwrap();
    let _: () = con.set(log_key(&damaged), "not a list").await.unwrap();
    let result = store
        .write(
            &damaged,
            Write {
                log: &[b"e"],
                ..Write::update(1, 2, b"y")
            },
        )
        .await;
    assert!(matches!(result, Err(StoreError::Corrupt(_))), "{result:?}");
    assert_eq!(
        store.load(&damaged).await.unwrap(),
        Some(StoredGame {
            version: 1,
            data: b"x".to_vec()
        })
    );
    assert!(matches!(
        store.load_log(&damaged, 0).await,
        Err(StoreError::Corrupt(_))
    ));
}

/// Where the shared records live: idempotent answers and claims next to the game (same slot,
/// with their own TTLs), deadlines in 16 shard keys.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_record_key_layout() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut con = store.connection();
    let id = fresh_id();
    store.create(&id, 1, b"x", false).await.unwrap();
    store
        .save_if_idem(
            &id,
            1,
            2,
            b"y",
            false,
            Some(IdemWrite {
                key: "a b/ü",
                answer: b"answer",
                ttl: Duration::from_secs(60),
            }),
        )
        .await
        .unwrap();
    let idem_key = format!("hp:{{{id}}}:idem:a%20b%2F%C3%BC");
    let answer: Vec<u8> = con.get(&idem_key).await.unwrap();
    assert_eq!(answer, b"answer");
    let ttl: i64 = con.pttl(&idem_key).await.unwrap();
    assert!(ttl > 59_000 && ttl <= 60_000, "{ttl}");
    assert!(
        store
            .claim(&id, "me", Duration::from_secs(10))
            .await
            .unwrap()
    );
    let claim_key = format!("hp:{{{id}}}:claim");
    let owner: String = con.get(&claim_key).await.unwrap();
    assert_eq!(owner, "me");
    let ttl: i64 = con.pttl(&claim_key).await.unwrap();
    assert!(ttl > 9_000 && ttl <= 10_000, "{ttl}");
    let mut keys: Vec<String> = con.keys(format!("*{id}*")).await.unwrap();
    keys.sort();
    assert_eq!(
        keys,
        [claim_key.clone(), store.key_of(&id), idem_key.clone()]
    );
    let slot = Slot::for_key(id.as_bytes());
    for key in [&claim_key, &idem_key] {
        assert_eq!(Slot::for_key(key), slot);
    }

    store.schedule_deadline(&id, 12_345).await.unwrap();
    let shard_key = deadline_key("hp", deadline_shard(&id));
    assert_eq!(
        shard_key,
        format!("hp:deadlines:{{{}}}", deadline_shard(&id))
    );
    let score: f64 = con.zscore(&shard_key, &id).await.unwrap();
    assert_eq!(score, 12_345.0);
    // The shard function is fixed (every replica, every version must agree).
    assert_eq!(
        ["", "a", "abc", "0f3a-B_9"].map(deadline_shard),
        [5, 12, 11, 12]
    );
    let shards: std::collections::HashSet<u32> =
        (0..200).map(|i| deadline_shard(&format!("g{i}"))).collect();
    assert_eq!(shards.len(), DEADLINE_SHARDS as usize);
    assert_eq!(idem_key_part("Az09-_.~"), "Az09-_.~");
    assert_eq!(idem_key_part("%"), "%25");
}

/// The cluster node the subscriber uses dies and comes back: the watcher sees later writes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_cluster_watch_survives_a_node_restart() {
    let mut cluster = TestRedisCluster::start(3);
    let cfg = StoreConfig {
        op_timeout: Duration::from_millis(800),
        ..StoreConfig::default()
    };
    let watcher = RedisClusterStore::connect(&cluster.urls(), cfg.clone())
        .await
        .unwrap();
    let writer = RedisClusterStore::connect(&cluster.urls(), cfg)
        .await
        .unwrap();
    // Games on every node.
    let ids: Vec<String> = (0..6).map(|_| fresh_id()).collect();
    let mut rxs: Vec<_> = ids.iter().map(|id| watcher.watch(id)).collect();
    for (id, rx) in ids.iter().zip(&mut rxs) {
        writer.create(id, 1, b"x", false).await.unwrap();
        wait_for_version(rx, 1, EVENT_WAIT).await;
    }
    // The subscriber is on the first seed node.
    let mut node0 = admin(cluster.ports()[0]).await;
    assert_eq!(numpat(&mut node0).await, 1);
    cluster.kill_node(0);
    tokio::time::sleep(Duration::from_millis(300)).await;
    cluster.restart_node(0);
    let restarted = Instant::now();
    for (id, rx) in ids.iter().zip(&mut rxs) {
        // The games on node 0 died with it; the others go on.
        let version = writer.load(id).await.unwrap().map(|g| g.version);
        match version {
            Some(v) => writer.save_if(id, v, v + 1, b"y", false).await.unwrap(),
            None => writer.create(id, 10, b"y", false).await.unwrap(),
        }
        let want = version.map_or(10, |v| v + 1);
        wait_for_version(rx, want, EVENT_WAIT).await;
    }
    assert!(
        restarted.elapsed() < Duration::from_secs(8),
        "{:?}",
        restarted.elapsed()
    );
    let status = watcher.events_status();
    assert!(status.connected && status.sessions >= 2, "{status:?}");
}

/// `MEMORY USAGE` of stored games as the service writes them (JSON), at several points of a game
/// of every preset. Prints a table; run with
/// `cargo test --lib store::tests::redis_memory_usage_of_a_game -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a check"]
async fn redis_memory_usage_of_a_game() {
    use crate::bots::Strategy;
    use crate::engine::{Game, Preset};
    use crate::games::SeatRecord;
    use crate::games::wire::SeatSpec;
    use rand::SeedableRng;

    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut con = store.connection();
    let seats = |n: usize| -> Vec<SeatRecord> {
        (0..n)
            .map(|i| SeatRecord {
                spec: if i == 0 {
                    SeatSpec::Open
                } else {
                    SeatSpec::Bot {
                        strategy: Strategy::Heuristic,
                    }
                },
                name: (i == 0).then(|| "my-bot-name".to_owned()),
                token_hash: (i == 0).then(|| "ab".repeat(32)),
                account: None,
            })
            .collect()
    };
    println!("preset, point, json bytes, MEMORY USAGE bytes");
    for preset in [Preset::Hasenpfeffer, Preset::Pepper] {
        let rules = preset.rules();
        let mut game = Game::new(rules, 7, None).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut log = Vec::new();
        // Play to the end, remembering every state.
        let mut states = vec![(0usize, game.clone(), 0usize)];
        let mut actions = 0;
        while let Some(seat) = game.turn() {
            let action = Strategy::Heuristic.choose(&game, seat, &mut rng).unwrap();
            let applied = game.apply(seat, &action).unwrap();
            log.extend(applied.finished_hands);
            actions += 1;
            states.push((actions, game.clone(), log.len()));
        }
        let total = states.len() - 1;
        let full_log = log;
        for (label, at) in [
            ("start", 0),
            ("mid hand 1", 10.min(total)),
            ("quarter", total / 4),
            ("mid-game", total / 2),
            ("three quarters", total * 3 / 4),
            ("end", total),
        ] {
            let (_, game, hands) = &states[at];
            let record = serde_json::json!({
                "format": 1,
                "game": game,
                "seats": seats(rules.seats()),
                "log": &full_log[..*hands],
            });
            let data = serde_json::to_vec(&record).unwrap();
            let id = fresh_id();
            store.create(&id, 1, &data, false).await.unwrap();
            let usage: i64 = ::redis::cmd("MEMORY")
                .arg("USAGE")
                .arg(store.key_of(&id))
                .arg("SAMPLES")
                .arg(0)
                .query_async(&mut con)
                .await
                .unwrap();
            println!(
                "{preset:?}, {label} (action {at}/{total}, {hands} hands logged), {}, {usage}",
                data.len()
            );
        }
    }
}

/// Each account and rating call is one round trip: one `EVALSHA` each (`load_account` one
/// `HGET`), however many accounts a call names; a rated game's end is `load_ratings` and
/// `rate`: two.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_account_calls_are_one_round_trip() {
    let redis = TestRedis::start();
    let store = redis_store(&redis, StoreConfig::default()).await;
    let mut admin = admin(redis.port()).await;
    let rw = |member, expected, score| RatingWrite {
        member,
        expected,
        data: b"r",
        score,
    };
    // Warm up: the server learns the scripts.
    store
        .create_account("warm", "h-warm", "l-warm", b"w")
        .await
        .unwrap();
    store.account_by_key("h-warm").await.unwrap();
    store.attach_game(&["warm"], "g0", 1).await.unwrap();
    store.account_games("warm").await.unwrap();
    store.load_ratings(&[("b", "warm")]).await.unwrap();
    store.rate("e0", "b", &[rw("warm", 0, 1.0)]).await.unwrap();
    store.board("b", 0, 10).await.unwrap();

    let _: () = ::redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query_async(&mut admin)
        .await
        .unwrap();
    store.create_account("a", "h-a", "l-a", b"a").await.unwrap();
    assert_eq!(
        store.load_account("a").await.unwrap().as_deref(),
        Some(&b"a"[..])
    );
    store.account_by_key("h-a").await.unwrap();
    store
        .attach_game(&["a", "warm", "house-x"], "g1", 2)
        .await
        .unwrap();
    store.account_games("a").await.unwrap();
    let read = store
        .load_ratings(&[("b", "a"), ("b", "warm"), ("b", "house-x")])
        .await
        .unwrap();
    assert_eq!(read.iter().filter(|r| r.is_some()).count(), 1);
    assert_eq!(
        store
            .rate(
                "e1",
                "b",
                &[rw("a", 0, 2.0), rw("warm", 1, 3.0), rw("house-x", 0, 4.0)]
            )
            .await
            .unwrap(),
        RateOutcome::Rated
    );
    assert_eq!(store.board("b", 0, 10).await.unwrap().total, 3);
    let calls = command_calls(&mut admin).await;
    let count = |name: &str| calls.iter().find(|(n, _)| n == name).map_or(0, |(_, c)| *c);
    // create_account, account_by_key, attach_game, account_games, load_ratings, rate, board.
    assert_eq!(count("evalsha"), 7, "{calls:?}");
    assert_eq!(count("eval"), 0, "{calls:?}");
}
