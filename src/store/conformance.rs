//! The conformance suite every [`GameStore`] must pass (not part of the public API).
//!
//! Each check is an `async fn` that panics on failure and uses fresh random game ids, so checks
//! can run concurrently against one store. [`run_basic`] runs every check that works with any
//! configuration; the TTL checks need a store built with [`ttl_config`] (short TTLs) and take a few
//! seconds of real time.
//!
//! ```no_run
//! # async fn example() {
//! use std::sync::Arc;
//! use hasenpfeffer::store::{conformance, GameStore, MemoryStore, StoreConfig};
//! let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(StoreConfig::default()));
//! conformance::run_basic(&store).await;
//! let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(conformance::ttl_config()));
//! conformance::run_ttl(&store).await;
//! # }
//! ```

use std::sync::Arc;
use std::time::Duration;

use super::{GameStore, StoreConfig, StoreError, StoredGame};

/// The active-game TTL of [`ttl_config`].
pub const SHORT_TTL: Duration = Duration::from_secs(2);
/// The finished-game TTL of [`ttl_config`]: much longer than [`SHORT_TTL`], so the checks can tell
/// which one a write used.
pub const LONG_TTL: Duration = Duration::from_secs(60);

/// A configuration for the TTL checks: active games live [`SHORT_TTL`], finished ones
/// [`LONG_TTL`], and every call is bounded by 2 s. Its key prefix is `hp-test`.
pub fn ttl_config() -> StoreConfig {
    StoreConfig {
        game_ttl: SHORT_TTL,
        finished_ttl: LONG_TTL,
        key_prefix: "hp-test".into(),
        op_timeout: Duration::from_secs(2),
    }
}

/// A fresh game id that no other check uses.
pub fn fresh_id() -> String {
    format!("conf-{}", uuid::Uuid::new_v4().simple())
}

/// `create` then `load` gives back the same version and bytes (including non-UTF-8 and empty
/// data).
pub async fn create_load_roundtrip(store: &Arc<dyn GameStore>) {
    for data in [
        b"{\"phase\":\"auction\"}".to_vec(),
        vec![0, 159, 255, 10, 0],
        vec![],
    ] {
        let id = fresh_id();
        store.create(&id, 1, &data, false).await.unwrap();
        assert_eq!(
            store.load(&id).await.unwrap(),
            Some(StoredGame { version: 1, data })
        );
    }
    // Versions other than 1 and huge ones round-trip exactly.
    let id = fresh_id();
    store.create(&id, u64::MAX - 1, b"x", false).await.unwrap();
    assert_eq!(
        store.load(&id).await.unwrap().unwrap().version,
        u64::MAX - 1
    );
    store
        .save_if(&id, u64::MAX - 1, u64::MAX, b"y", false)
        .await
        .unwrap();
    assert_eq!(
        store.load(&id).await.unwrap(),
        Some(StoredGame {
            version: u64::MAX,
            data: b"y".to_vec()
        })
    );
}

/// A second `create` of the same id fails with `AlreadyExists` and leaves the first game alone.
pub async fn create_twice_is_already_exists(store: &Arc<dyn GameStore>) {
    let id = fresh_id();
    store.create(&id, 1, b"first", false).await.unwrap();
    assert_eq!(
        store.create(&id, 1, b"second", false).await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(
        store.create(&id, 7, b"third", true).await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(store.load(&id).await.unwrap().unwrap().data, b"first");
}

/// Loading an id that was never created gives `None`; odd ids are just ids.
pub async fn load_unknown_is_none(store: &Arc<dyn GameStore>) {
    assert_eq!(store.load(&fresh_id()).await.unwrap(), None);
    for odd in ["", "{", "}", "a}b", "%7B", "ü😀", "hp:{x}:game"] {
        let id = format!("{}{odd}", fresh_id());
        assert_eq!(store.load(&id).await.unwrap(), None, "id {id:?}");
        store.create(&id, 1, odd.as_bytes(), false).await.unwrap();
        assert_eq!(store.load(&id).await.unwrap().unwrap().data, odd.as_bytes());
    }
    // Ids that differ only in characters the key layout escapes stay apart.
    let base = fresh_id();
    let ids = [
        format!("{base}{{"),
        format!("{base}%7B"),
        format!("{base}%257B"),
    ];
    for (i, id) in ids.iter().enumerate() {
        store.create(id, 1, &[i as u8], false).await.unwrap();
    }
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(store.load(id).await.unwrap().unwrap().data, [i as u8]);
    }
}

/// `save_if` with the stored version writes the new data and version; the next write must expect
/// the new version.
pub async fn save_if_with_right_version_bumps(store: &Arc<dyn GameStore>) {
    let id = fresh_id();
    store.create(&id, 1, b"v1", false).await.unwrap();
    store.save_if(&id, 1, 2, b"v2", false).await.unwrap();
    assert_eq!(
        store.load(&id).await.unwrap(),
        Some(StoredGame {
            version: 2,
            data: b"v2".to_vec()
        })
    );
    store.save_if(&id, 2, 3, b"v3", true).await.unwrap();
    assert_eq!(
        store.load(&id).await.unwrap(),
        Some(StoredGame {
            version: 3,
            data: b"v3".to_vec()
        })
    );
}

/// `save_if` with a stale (or future) version fails with `Conflict { current }` and changes
/// nothing.
pub async fn save_if_with_stale_version_conflicts(store: &Arc<dyn GameStore>) {
    let id = fresh_id();
    store.create(&id, 1, b"v1", false).await.unwrap();
    store.save_if(&id, 1, 2, b"v2", false).await.unwrap();
    assert_eq!(
        store.save_if(&id, 1, 2, b"stale", false).await,
        Err(StoreError::Conflict { current: 2 })
    );
    assert_eq!(
        store.save_if(&id, 5, 6, b"future", false).await,
        Err(StoreError::Conflict { current: 2 })
    );
    // A version that is a string prefix or numerically equal in another spelling is not equal.
    let id2 = fresh_id();
    store.create(&id2, 10, b"x", false).await.unwrap();
    assert_eq!(
        store.save_if(&id2, 1, 11, b"y", false).await,
        Err(StoreError::Conflict { current: 10 })
    );
    assert_eq!(
        store.load(&id).await.unwrap(),
        Some(StoredGame {
            version: 2,
            data: b"v2".to_vec()
        })
    );
}

/// `save_if` on an id that does not exist fails with `NotFound` and creates nothing.
pub async fn save_if_unknown_is_not_found(store: &Arc<dyn GameStore>) {
    let id = fresh_id();
    assert_eq!(
        store.save_if(&id, 1, 2, b"x", false).await,
        Err(StoreError::NotFound)
    );
    assert_eq!(store.load(&id).await.unwrap(), None);
}

/// 20 tasks race `save_if` from the same expected version: exactly one wins, the others get
/// `Conflict { current: 2 }`, and the winner's data is stored.
pub async fn concurrent_save_if_has_one_winner(store: &Arc<dyn GameStore>) {
    const RACERS: usize = 20;
    let id = fresh_id();
    store.create(&id, 1, b"start", false).await.unwrap();
    let barrier = Arc::new(tokio::sync::Barrier::new(RACERS));
    let tasks: Vec<_> = (0..RACERS)
        .map(|i| {
            let store = Arc::clone(store);
            let id = id.clone();
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                let data = format!("racer {i}");
                (i, store.save_if(&id, 1, 2, data.as_bytes(), false).await)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        let (i, result) = task.await.expect("racer task panicked");
        match result {
            Ok(()) => winners.push(i),
            Err(StoreError::Conflict { current: 2 }) => {}
            Err(e) => panic!("racer {i}: unexpected {e:?}"),
        }
    }
    assert_eq!(winners.len(), 1, "winners: {winners:?}");
    assert_eq!(
        store.load(&id).await.unwrap(),
        Some(StoredGame {
            version: 2,
            data: format!("racer {}", winners[0]).into_bytes()
        })
    );
}

/// `ping` succeeds on a healthy store, and `backend` names one of the known backends.
pub async fn ping_and_backend(store: &Arc<dyn GameStore>) {
    store.ping().await.unwrap();
    assert!(
        ["memory", "redis", "redis-cluster"].contains(&store.backend()),
        "{}",
        store.backend()
    );
}

/// Every check above, concurrently.
pub async fn run_basic(store: &Arc<dyn GameStore>) {
    tokio::join!(
        create_load_roundtrip(store),
        create_twice_is_already_exists(store),
        load_unknown_is_none(store),
        save_if_with_right_version_bumps(store),
        save_if_with_stale_version_conflicts(store),
        save_if_unknown_is_not_found(store),
        concurrent_save_if_has_one_winner(store),
        ping_and_backend(store),
    );
}

/// With [`ttl_config`]: an active game disappears after [`SHORT_TTL`] without writes (then
/// `save_if` is `NotFound` and the id can be created again), and every write restarts the clock.
pub async fn ttl_expires_and_writes_refresh(store: &Arc<dyn GameStore>) {
    let quiet = fresh_id();
    let busy = fresh_id();
    store.create(&quiet, 1, b"q", false).await.unwrap();
    store.create(&busy, 1, b"b", false).await.unwrap();
    // Halfway through the TTL, write `busy`: its expiry moves to 1.6 TTL from the start.
    tokio::time::sleep(SHORT_TTL * 6 / 10).await;
    store.save_if(&busy, 1, 2, b"b2", false).await.unwrap();
    // At 1.25 TTL: `quiet` is gone, `busy` (refreshed) is still there.
    tokio::time::sleep(SHORT_TTL * 65 / 100).await;
    assert_eq!(
        store.load(&quiet).await.unwrap(),
        None,
        "quiet game expired"
    );
    assert_eq!(
        store.load(&busy).await.unwrap().map(|g| g.version),
        Some(2),
        "a write refreshes the TTL"
    );
    assert_eq!(
        store.save_if(&quiet, 1, 2, b"q2", false).await,
        Err(StoreError::NotFound)
    );
    // The expired id is free again.
    store.create(&quiet, 1, b"again", false).await.unwrap();
    assert_eq!(store.load(&quiet).await.unwrap().unwrap().data, b"again");
    // At 2.0 TTL (0.4 TTL after its refreshed expiry) `busy` is gone too.
    tokio::time::sleep(SHORT_TTL * 75 / 100).await;
    assert_eq!(store.load(&busy).await.unwrap(), None, "busy game expired");
}

/// With [`ttl_config`]: the `finished` flag picks the TTL of every write: finished games outlive
/// active ones, and a game saved as active again gets the short TTL back.
pub async fn finished_and_active_ttls(store: &Arc<dyn GameStore>) {
    let active = fresh_id();
    let finished = fresh_id();
    let finished_later = fresh_id();
    let reopened = fresh_id();
    store.create(&active, 1, b"a", false).await.unwrap();
    store.create(&finished, 1, b"f", true).await.unwrap();
    store.create(&finished_later, 1, b"f", false).await.unwrap();
    store
        .save_if(&finished_later, 1, 2, b"f2", true)
        .await
        .unwrap();
    store.create(&reopened, 1, b"r", true).await.unwrap();
    store.save_if(&reopened, 1, 2, b"r2", false).await.unwrap();
    tokio::time::sleep(SHORT_TTL + SHORT_TTL / 4).await;
    assert_eq!(store.load(&active).await.unwrap(), None, "active expired");
    assert!(
        store.load(&finished).await.unwrap().is_some(),
        "finished kept"
    );
    assert!(
        store.load(&finished_later).await.unwrap().is_some(),
        "finished by save_if kept"
    );
    assert_eq!(
        store.load(&reopened).await.unwrap(),
        None,
        "saved as active again: short TTL"
    );
}

/// Both TTL checks, concurrently (about 2.5 × [`SHORT_TTL`]).
pub async fn run_ttl(store: &Arc<dyn GameStore>) {
    tokio::join!(
        ttl_expires_and_writes_refresh(store),
        finished_and_active_ttls(store)
    );
}
