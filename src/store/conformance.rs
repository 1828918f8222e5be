//! The conformance suite every [`GameStore`] must pass (not part of the public API).
//!
//! Each check is an `async fn` that panics on failure and uses fresh random game ids, so checks
//! can run concurrently against one store. [`run_basic`] runs every check that works with any
//! configuration; the TTL checks need a store built with [`ttl_config`] (short TTLs) and take a few
//! seconds of real time.
//!
//! The checks of the shared records (change notifications, idempotent answers, deadlines,
//! claims) take two stores: `store` acts, `other` observes (and acts too). With two instances on
//! one backend ([`run_replicas`]) they play two replicas; with one ([`run_basic`]) both are the
//! same store.
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

use tokio::sync::watch;

use super::MAX_EVENTS_PER_WRITE;
use super::outbox::{MAX_OUTBOX_TAKE, OUTBOX_GRACE_MS, OutboxBatch, unix_ms};
use super::{
    AccountGames, ArchivePut, GameStore, IdemWrite, InboxPage, JOIN_GRACE_MS, ListCursor, ListPage,
    ListQuery, ListStatus, Listing, MAX_DUE_QUEUES, MAX_IDEM_KEY_LEN, MAX_INBOX_ENTRIES,
    MAX_INBOX_ENTRY_LEN, MAX_INBOX_ID, MAX_INBOX_READ, MAX_LIST_LIMIT, MAX_LOG_ENTRIES_PER_WRITE,
    MAX_RECENT_GAMES, QueueEntry, QueueHold, QueueJoin, QueueJoined, QueuePlace, RateOutcome,
    RatingWrite, StoreConfig, StoreError, StoredGame, Write,
};

/// How long a watcher may take to see a write (pub/sub delivery, and a subscriber that starts or
/// reconnects and re-reads).
pub const EVENT_WAIT: Duration = Duration::from_secs(5);

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
        max_games: 0,
        archive_ttl: ARCHIVE_TTL,
    }
}

/// The archive's TTL of [`ttl_config`] (beyond [`LONG_TTL`]).
pub const ARCHIVE_TTL: Duration = Duration::from_secs(600);

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

/// `version` answers the stored version without the data, `None` for no game, and follows
/// every write.
pub async fn version_follows_writes(store: &Arc<dyn GameStore>) {
    let id = fresh_id();
    assert_eq!(store.version(&id).await.unwrap(), None);
    store.create(&id, 3, b"x", false).await.unwrap();
    assert_eq!(store.version(&id).await.unwrap(), Some(3));
    store.save_if(&id, 3, u64::MAX, b"y", false).await.unwrap();
    assert_eq!(store.version(&id).await.unwrap(), Some(u64::MAX));
    assert_eq!(store.load(&id).await.unwrap().unwrap().version, u64::MAX);
    assert_eq!(store.version(&fresh_id()).await.unwrap(), None);
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

/// Wait until `rx` holds `want`; panics after `within`.
pub async fn wait_for_version(rx: &mut watch::Receiver<u64>, want: u64, within: Duration) {
    let outcome = match tokio::time::timeout(within, rx.wait_for(|v| *v == want)).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(_)) => Err("the watch channel closed"),
        Err(_) => Err("timed out"),
    };
    if let Err(why) = outcome {
        panic!(
            "waiting {within:?} for version {want}: {why}; the watcher holds {}",
            *rx.borrow()
        );
    }
}

/// `watch` on `other` follows every successful write of the game made through `store` (and
/// through `other` itself), several receivers of one game all see it, failed writes announce
/// nothing, and other games' writes don't touch the receiver.
pub async fn watch_sees_writes(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let id = fresh_id();
    let mut rx = other.watch(&id);
    let mut rx2 = other.watch(&id);
    let mut unrelated = other.watch(&fresh_id());
    assert_eq!(*rx.borrow(), 0, "a game never written starts at 0");
    store.create(&id, 1, b"v1", false).await.unwrap();
    wait_for_version(&mut rx, 1, EVENT_WAIT).await;
    store.save_if(&id, 1, 2, b"v2", false).await.unwrap();
    wait_for_version(&mut rx, 2, EVENT_WAIT).await;
    wait_for_version(&mut rx2, 2, EVENT_WAIT).await;
    // The watcher's own store writing, with an idempotent answer.
    let idem = IdemWrite {
        key: "w",
        answer: b"a",
        ttl: Duration::from_secs(60),
    };
    other
        .save_if_idem(&id, 2, 3, b"v3", true, Some(idem))
        .await
        .unwrap();
    wait_for_version(&mut rx, 3, EVENT_WAIT).await;
    // A receiver made now (after writes this store saw) sees later writes.
    let mut late = store.watch(&id);
    // Failed writes announce nothing.
    rx.borrow_and_update();
    assert_eq!(
        store.save_if(&id, 1, 9, b"stale", false).await,
        Err(StoreError::Conflict { current: 3 })
    );
    assert_eq!(
        store.create(&id, 9, b"again", false).await,
        Err(StoreError::AlreadyExists)
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!rx.has_changed().unwrap(), "failed writes announce nothing");
    // A burst of writes: the watchers end at the last one.
    for v in 3..13 {
        store.save_if(&id, v, v + 1, b"burst", false).await.unwrap();
    }
    wait_for_version(&mut rx, 13, EVENT_WAIT).await;
    wait_for_version(&mut rx2, 13, EVENT_WAIT).await;
    wait_for_version(&mut late, 13, EVENT_WAIT).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(*rx.borrow(), 13, "nothing after the last write");
    assert!(!unrelated.has_changed().unwrap());
    assert_eq!(*unrelated.borrow_and_update(), 0);
    // Writes of a game created later (e.g. after the first receiver was dropped) still arrive.
    drop((rx, rx2, late));
    let mut again = other.watch(&id);
    store.save_if(&id, 13, 14, b"v14", false).await.unwrap();
    wait_for_version(&mut again, 14, EVENT_WAIT).await;
}

/// A version read back from `load_with_idem`.
async fn idem_version(store: &Arc<dyn GameStore>, id: &str, key: &str) -> Option<u64> {
    store
        .load_with_idem(id, key)
        .await
        .unwrap()
        .0
        .map(|g| g.version)
}

/// `save_if_idem` records the answer with the write, atomically: `load_with_idem` (on either
/// store) gives the game and the answer together; a failed compare-and-set (or a missing game)
/// records nothing; answers are per game and per key, keys are any 1 to 128 bytes (odd ones kept
/// apart), invalid keys are refused without writing, and answers expire after their TTL.
pub async fn idem_answers_are_atomic(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let idem = |key: &'static str, answer: &'static [u8]| IdemWrite {
        key,
        answer,
        ttl: Duration::from_secs(60),
    };
    let id = fresh_id();
    assert_eq!(other.load_with_idem(&id, "k1").await.unwrap(), (None, None));
    store.create(&id, 1, b"v1", false).await.unwrap();
    assert_eq!(
        other.load_with_idem(&id, "k1").await.unwrap(),
        (
            Some(StoredGame {
                version: 1,
                data: b"v1".to_vec()
            }),
            None
        )
    );
    store
        .save_if_idem(&id, 1, 2, b"v2", false, Some(idem("k1", b"answer 1")))
        .await
        .unwrap();
    assert_eq!(
        other.load_with_idem(&id, "k1").await.unwrap(),
        (
            Some(StoredGame {
                version: 2,
                data: b"v2".to_vec()
            }),
            Some(b"answer 1".to_vec())
        )
    );
    // A lost compare-and-set records no answer and changes nothing.
    assert_eq!(
        other
            .save_if_idem(&id, 1, 2, b"lost", false, Some(idem("k2", b"answer 2")))
            .await,
        Err(StoreError::Conflict { current: 2 })
    );
    assert_eq!(store.load_with_idem(&id, "k2").await.unwrap().1, None);
    assert_eq!(store.load(&id).await.unwrap().unwrap().data, b"v2");
    // Nor does a write to a missing game.
    let missing = fresh_id();
    assert_eq!(
        store
            .save_if_idem(&missing, 1, 2, b"x", false, Some(idem("k1", b"a")))
            .await,
        Err(StoreError::NotFound)
    );
    assert_eq!(
        other.load_with_idem(&missing, "k1").await.unwrap(),
        (None, None)
    );
    // Answers belong to one game.
    let id2 = fresh_id();
    store.create(&id2, 1, b"x", false).await.unwrap();
    assert_eq!(other.load_with_idem(&id2, "k1").await.unwrap().1, None);
    // `None` is a plain save_if; a later answer under the same key replaces the earlier one.
    store
        .save_if_idem(&id, 2, 3, b"v3", false, None)
        .await
        .unwrap();
    assert_eq!(idem_version(other, &id, "k1").await, Some(3));
    store
        .save_if_idem(&id, 3, 4, b"v4", false, Some(idem("k1", b"answer 1b")))
        .await
        .unwrap();
    assert_eq!(
        other.load_with_idem(&id, "k1").await.unwrap().1.as_deref(),
        Some(&b"answer 1b"[..])
    );
    // Odd keys are kept apart, binary answers round-trip.
    let long = "x".repeat(MAX_IDEM_KEY_LEN);
    let keys = [
        "a b",
        "a%20b",
        "a+b",
        "{x}",
        "}",
        "ü😀",
        "k1/../k2",
        "k1:game",
        "\n\0",
        long.as_str(),
    ];
    let mut version = 4;
    for (i, key) in keys.iter().enumerate() {
        let answer = [i as u8, 0, 255];
        store
            .save_if_idem(
                &id,
                version,
                version + 1,
                b"odd",
                false,
                Some(IdemWrite {
                    key,
                    answer: &answer,
                    ttl: Duration::from_secs(60),
                }),
            )
            .await
            .unwrap();
        version += 1;
    }
    for (i, key) in keys.iter().enumerate() {
        assert_eq!(
            other.load_with_idem(&id, key).await.unwrap().1,
            Some(vec![i as u8, 0, 255]),
            "key {key:?}"
        );
    }
    // Invalid keys: refused, nothing written.
    let too_long = "x".repeat(MAX_IDEM_KEY_LEN + 1);
    for bad in ["", too_long.as_str()] {
        let result = store
            .save_if_idem(
                &id,
                version,
                version + 1,
                b"bad",
                false,
                Some(IdemWrite {
                    key: bad,
                    answer: b"a",
                    ttl: Duration::from_secs(60),
                }),
            )
            .await;
        assert!(
            matches!(result, Err(StoreError::InvalidKey(_))),
            "{result:?}"
        );
        assert!(matches!(
            other.load_with_idem(&id, bad).await,
            Err(StoreError::InvalidKey(_))
        ));
    }
    assert_eq!(store.load(&id).await.unwrap().unwrap().version, version);
    // Answers expire after their own TTL; the game stays.
    store
        .save_if_idem(
            &id,
            version,
            version + 1,
            b"short",
            false,
            Some(IdemWrite {
                key: "short",
                answer: b"a",
                ttl: Duration::from_secs(1),
            }),
        )
        .await
        .unwrap();
    assert!(
        other
            .load_with_idem(&id, "short")
            .await
            .unwrap()
            .1
            .is_some()
    );
    tokio::time::sleep(Duration::from_millis(1300)).await;
    assert_eq!(
        other.load_with_idem(&id, "short").await.unwrap(),
        (
            Some(StoredGame {
                version: version + 1,
                data: b"short".to_vec()
            }),
            None
        )
    );
}

/// Owned log entries, as `load_log` returns them.
pub fn owned(entries: &[&[u8]]) -> Vec<Vec<u8>> {
    entries.iter().map(|e| e.to_vec()).collect()
}

/// `write` appends its log entries in the same atomic step as the write: a create starts the
/// log, a compare-and-set (with an idempotent answer too) appends to it, and `load_log` (on either
/// store) reads it from any index; a failed write (lost compare-and-set, missing game, taken id,
/// refused write) appends nothing; `create`, `save_if` and `save_if_idem` append nothing; of 20
/// racing writes, only the winner's entry is appended; watchers see writes made with `write`.
pub async fn log_appends_with_the_write(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let id = fresh_id();
    assert_eq!(other.load_log(&id, 0).await.unwrap(), Vec::<Vec<u8>>::new());
    let mut rx = other.watch(&id);
    // A create with a log: binary and empty entries round-trip.
    let first: [&[u8]; 3] = [b"hand 1", b"", &[0, 159, 255, 10]];
    store
        .write(
            &id,
            Write {
                log: &first,
                ..Write::create(1, b"v1")
            },
        )
        .await
        .unwrap();
    wait_for_version(&mut rx, 1, EVENT_WAIT).await;
    assert_eq!(other.load_log(&id, 0).await.unwrap(), owned(&first));
    assert_eq!(
        other.load(&id).await.unwrap(),
        Some(StoredGame {
            version: 1,
            data: b"v1".to_vec()
        })
    );
    // A compare-and-set with a log entry and an idempotent answer, in one step.
    other
        .write(
            &id,
            Write {
                idem: Some(IdemWrite {
                    key: "k1",
                    answer: b"answer 1",
                    ttl: Duration::from_secs(60),
                }),
                log: &[b"hand 2"],
                ..Write::update(1, 2, b"v2")
            },
        )
        .await
        .unwrap();
    wait_for_version(&mut rx, 2, EVENT_WAIT).await;
    assert_eq!(
        store.load_with_idem(&id, "k1").await.unwrap(),
        (
            Some(StoredGame {
                version: 2,
                data: b"v2".to_vec()
            }),
            Some(b"answer 1".to_vec())
        )
    );
    let all = owned(&[b"hand 1", b"", &[0, 159, 255, 10], b"hand 2"]);
    assert_eq!(store.load_log(&id, 0).await.unwrap(), all);
    // `from` slices; past the end is empty.
    for from in 0..=all.len() + 1 {
        assert_eq!(
            other.load_log(&id, from).await.unwrap(),
            all.get(from..).unwrap_or_default(),
            "from {from}"
        );
    }
    assert!(other.load_log(&id, usize::MAX).await.unwrap().is_empty());
    // The shorthands append nothing (and keep the log).
    store.save_if(&id, 2, 3, b"v3", false).await.unwrap();
    store
        .save_if_idem(
            &id,
            3,
            4,
            b"v4",
            false,
            Some(IdemWrite {
                key: "k2",
                answer: b"a",
                ttl: Duration::from_secs(60),
            }),
        )
        .await
        .unwrap();
    store.write(&id, Write::update(4, 5, b"v5")).await.unwrap();
    assert_eq!(other.load_log(&id, 0).await.unwrap(), all);
    // A lost compare-and-set appends nothing and records no answer.
    assert_eq!(
        other
            .write(
                &id,
                Write {
                    idem: Some(IdemWrite {
                        key: "lost",
                        answer: b"a",
                        ttl: Duration::from_secs(60),
                    }),
                    log: &[b"lost"],
                    ..Write::update(4, 5, b"lost")
                },
            )
            .await,
        Err(StoreError::Conflict { current: 5 })
    );
    assert_eq!(store.load_with_idem(&id, "lost").await.unwrap().1, None);
    // A create of a taken id appends nothing.
    assert_eq!(
        other
            .write(
                &id,
                Write {
                    log: &[b"taken"],
                    ..Write::create(1, b"again")
                },
            )
            .await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(store.load_log(&id, 0).await.unwrap(), all);
    // A write to a missing game creates no log.
    let missing = fresh_id();
    assert_eq!(
        store
            .write(
                &missing,
                Write {
                    log: &[b"x"],
                    ..Write::update(1, 2, b"x")
                },
            )
            .await,
        Err(StoreError::NotFound)
    );
    assert!(other.load_log(&missing, 0).await.unwrap().is_empty());
    assert_eq!(other.load(&missing).await.unwrap(), None);
    // Refused writes change nothing: too many entries, an answer with a create, a bad key.
    let many: Vec<Vec<u8>> = (0..=MAX_LOG_ENTRIES_PER_WRITE)
        .map(|i| format!("entry {i}").into_bytes())
        .collect();
    let many: Vec<&[u8]> = many.iter().map(Vec::as_slice).collect();
    let result = store
        .write(
            &id,
            Write {
                log: &many,
                ..Write::update(5, 6, b"too many")
            },
        )
        .await;
    assert!(
        matches!(result, Err(StoreError::InvalidWrite(_))),
        "{result:?}"
    );
    let fresh = fresh_id();
    let result = store
        .write(
            &fresh,
            Write {
                idem: Some(IdemWrite {
                    key: "k",
                    answer: b"a",
                    ttl: Duration::from_secs(60),
                }),
                ..Write::create(1, b"x")
            },
        )
        .await;
    assert!(
        matches!(result, Err(StoreError::InvalidWrite(_))),
        "{result:?}"
    );
    assert_eq!(other.load(&fresh).await.unwrap(), None);
    let result = store
        .write(
            &id,
            Write {
                idem: Some(IdemWrite {
                    key: "",
                    answer: b"a",
                    ttl: Duration::from_secs(60),
                }),
                log: &[b"bad key"],
                ..Write::update(5, 6, b"bad key")
            },
        )
        .await;
    assert!(
        matches!(result, Err(StoreError::InvalidKey(_))),
        "{result:?}"
    );
    // Keeping the expiry: only a compare-and-set without entries may (a create or a write
    // that may create the log must set it).
    let kept_create = Write {
        keep_expiry: true,
        ..Write::create(1, b"x")
    };
    let kept_append = Write {
        keep_expiry: true,
        log: &[b"kept"],
        ..Write::update(5, 6, b"kept")
    };
    for (target, refused) in [(&fresh, kept_create), (&id, kept_append)] {
        let result = store.write(target, refused).await;
        assert!(
            matches!(result, Err(StoreError::InvalidWrite(_))),
            "{result:?}"
        );
    }
    assert_eq!(other.load(&fresh).await.unwrap(), None);
    assert_eq!(other.load(&id).await.unwrap().unwrap().version, 5);
    assert_eq!(other.load_log(&id, 0).await.unwrap(), all);
    // The most entries a write may append, in order, finished (the log follows the game's TTL).
    let max = &many[..MAX_LOG_ENTRIES_PER_WRITE];
    store
        .write(
            &id,
            Write {
                log: max,
                finished: true,
                ..Write::update(5, 6, b"v6")
            },
        )
        .await
        .unwrap();
    wait_for_version(&mut rx, 6, EVENT_WAIT).await;
    let log = other.load_log(&id, all.len()).await.unwrap();
    assert_eq!(log, owned(max));
    // 20 racing writes, each with its own entry: only the winner's is appended.
    const RACERS: usize = 20;
    let len = all.len() + MAX_LOG_ENTRIES_PER_WRITE;
    let barrier = Arc::new(tokio::sync::Barrier::new(RACERS));
    let tasks: Vec<_> = (0..RACERS)
        .map(|i| {
            let s = Arc::clone(if i % 2 == 0 { store } else { other });
            let id = id.clone();
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                let entry = format!("racer {i}");
                let log: [&[u8]; 2] = [entry.as_bytes(), b"second"];
                barrier.wait().await;
                let w = Write {
                    log: &log,
                    ..Write::update(6, 7, entry.as_bytes())
                };
                (i, s.write(&id, w).await)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        let (i, result) = task.await.expect("racer task panicked");
        match result {
            Ok(()) => winners.push(i),
            Err(StoreError::Conflict { current: 7 }) => {}
            Err(e) => panic!("racer {i}: unexpected {e:?}"),
        }
    }
    assert_eq!(winners.len(), 1, "winners: {winners:?}");
    let winner = format!("racer {}", winners[0]);
    assert_eq!(
        store.load_log(&id, len).await.unwrap(),
        owned(&[winner.as_bytes(), b"second"])
    );
    assert_eq!(
        store.load(&id).await.unwrap().unwrap().data,
        winner.as_bytes()
    );
    assert_eq!(other.load_log(&id, 0).await.unwrap().len(), len + 2);
}

/// The deadline index: `due_deadlines` (on either store) lists the ids due at or before a time,
/// earliest first, up to a limit; rescheduling replaces (and is idempotent); cancelling removes.
/// Uses deadlines in the first seconds of 1970 (no other check goes there) and cleans up.
pub async fn deadlines_due_cancel_reschedule(
    store: &Arc<dyn GameStore>,
    other: &Arc<dyn GameStore>,
) {
    let ids: Vec<String> = (0..4).map(|_| fresh_id()).collect();
    let [a, b, c, d] = [&ids[0], &ids[1], &ids[2], &ids[3]];
    let mine = |due: Vec<String>| -> Vec<String> {
        due.into_iter().filter(|id| ids.contains(id)).collect()
    };
    store.schedule_deadline(a, 1_000).await.unwrap();
    store.schedule_deadline(b, 2_000).await.unwrap();
    store.schedule_deadline(c, 3_000).await.unwrap();
    let far = u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
        + 3_600_000;
    store.schedule_deadline(d, far).await.unwrap();
    assert_eq!(
        other.due_deadlines(999, 100).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        mine(other.due_deadlines(2_500, 100).await.unwrap()),
        [a.clone(), b.clone()]
    );
    assert_eq!(
        mine(other.due_deadlines(3_000, 100).await.unwrap()),
        [a.clone(), b.clone(), c.clone()],
        "a deadline equal to now is due"
    );
    // The limit keeps the earliest.
    assert_eq!(
        other.due_deadlines(3_000, 2).await.unwrap(),
        [a.clone(), b.clone()]
    );
    assert_eq!(
        other.due_deadlines(3_000, 0).await.unwrap(),
        Vec::<String>::new()
    );
    // Rescheduling replaces; doing it twice is doing it once.
    other.schedule_deadline(a, 2_500).await.unwrap();
    other.schedule_deadline(a, 2_500).await.unwrap();
    assert_eq!(
        mine(store.due_deadlines(2_000, 100).await.unwrap()),
        vec![b.clone()]
    );
    assert_eq!(
        mine(store.due_deadlines(3_000, 100).await.unwrap()),
        [b.clone(), a.clone(), c.clone()]
    );
    // Cancelling removes (and is a no-op when repeated or for unknown ids).
    other.cancel_deadline(b).await.unwrap();
    other.cancel_deadline(b).await.unwrap();
    other.cancel_deadline(&fresh_id()).await.unwrap();
    assert_eq!(
        mine(store.due_deadlines(3_000, 100).await.unwrap()),
        [a.clone(), c.clone()]
    );
    assert_eq!(
        mine(store.due_deadlines(far, 100).await.unwrap()),
        [a.clone(), c.clone(), d.clone()]
    );
    // Many games (spread over the Redis shards) come back in deadline order.
    let many: Vec<String> = (0..40).map(|_| fresh_id()).collect();
    for (i, id) in many.iter().enumerate().rev() {
        store
            .schedule_deadline(id, 10_000 + i as u64)
            .await
            .unwrap();
    }
    let due = other.due_deadlines(10_039, 1_000).await.unwrap();
    let due: Vec<&String> = due.iter().filter(|id| many.contains(id)).collect();
    assert_eq!(due, many.iter().collect::<Vec<_>>());
    let due = other.due_deadlines(10_019, 1_000).await.unwrap();
    assert_eq!(due.iter().filter(|id| many.contains(id)).count(), 20);
    for id in ids.iter().chain(&many) {
        store.cancel_deadline(id).await.unwrap();
    }
    assert_eq!(
        mine(other.due_deadlines(far, 1_000).await.unwrap()),
        Vec::<String>::new()
    );
}

/// Claims: exclusive (across stores, and not re-entrant), released only by their owner, and
/// expiring after their TTL; of 20 racing claimers exactly one wins.
pub async fn claims_are_exclusive_and_expire(
    store: &Arc<dyn GameStore>,
    other: &Arc<dyn GameStore>,
) {
    let long = Duration::from_secs(30);
    let id = fresh_id();
    assert!(store.claim(&id, "a", long).await.unwrap());
    assert!(!other.claim(&id, "b", long).await.unwrap());
    assert!(
        !store.claim(&id, "a", long).await.unwrap(),
        "not re-entrant"
    );
    assert!(!other.release_claim(&id, "b").await.unwrap(), "not b's");
    assert!(!other.claim(&id, "b", long).await.unwrap(), "still a's");
    assert!(other.release_claim(&id, "a").await.unwrap());
    assert!(
        !store.release_claim(&id, "a").await.unwrap(),
        "already released"
    );
    assert!(other.claim(&id, "b", long).await.unwrap());
    // Claims are per game.
    let id2 = fresh_id();
    assert!(store.claim(&id2, "a", long).await.unwrap());
    // A claim left behind expires.
    let left = fresh_id();
    assert!(
        store
            .claim(&left, "crashed", Duration::from_secs(1))
            .await
            .unwrap()
    );
    assert!(!other.claim(&left, "b", long).await.unwrap());
    tokio::time::sleep(Duration::from_millis(1300)).await;
    assert!(other.claim(&left, "b", long).await.unwrap(), "taken over");
    assert!(!store.release_claim(&left, "crashed").await.unwrap());
    assert!(store.release_claim(&left, "b").await.unwrap());
    // A race has one winner.
    const RACERS: usize = 20;
    let raced = fresh_id();
    let barrier = Arc::new(tokio::sync::Barrier::new(RACERS));
    let tasks: Vec<_> = (0..RACERS)
        .map(|i| {
            let s = Arc::clone(if i % 2 == 0 { store } else { other });
            let raced = raced.clone();
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                s.claim(&raced, &format!("r{i}"), long).await.unwrap()
            })
        })
        .collect();
    let mut winners = 0;
    for task in tasks {
        winners += usize::from(task.await.expect("claim task panicked"));
    }
    assert_eq!(winners, 1);
    for (id, owner) in [(&id, "b"), (&id2, "a")] {
        assert!(store.release_claim(id, owner).await.unwrap());
    }
}

/// A fresh listing group that no other check uses (checks share the one index of a store).
pub fn fresh_group() -> String {
    format!("g-{}", uuid::Uuid::new_v4().simple())
}

fn listing<'a>(status: ListStatus, group: &'a str, item: &'a [u8], now: u64) -> Listing<'a> {
    Listing {
        status,
        group,
        item,
        now_unix_ms: now,
    }
}

/// Every page of `status` in `group`, `limit` games a page: the ids, times and items in order.
pub async fn list_all(
    store: &Arc<dyn GameStore>,
    status: ListStatus,
    group: Option<&str>,
    limit: usize,
) -> Vec<(String, u64, Vec<u8>)> {
    let mut out = Vec::new();
    let mut after: Option<ListCursor> = None;
    for _ in 0..1000 {
        let page: ListPage = store
            .list(ListQuery {
                status,
                group,
                after: after.as_ref(),
                limit,
                now_unix_ms: unix_ms(),
            })
            .await
            .unwrap();
        assert!(page.games.len() <= limit);
        out.extend(page.games.into_iter().map(|g| (g.id, g.listed_ms, g.item)));
        match page.next {
            Some(next) => after = Some(next),
            None => return out,
        }
    }
    panic!("more than 1000 pages");
}

fn ids(listed: &[(String, u64, Vec<u8>)]) -> Vec<&str> {
    listed.iter().map(|(id, _, _)| id.as_str()).collect()
}

/// A write with a listing moves the game between listings (open, live, finished) atomically
/// with the write, keeps the time it was first listed, replaces its item, and never lists it
/// twice; a write without a listing leaves the index alone; a lost compare-and-set changes
/// nothing; the listing is seen by `other` (another replica).
pub async fn listing_moves_with_writes(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let group = fresh_group();
    let id = fresh_id();
    let now = unix_ms();
    let open = |item: &'static [u8], t| Some(listing(ListStatus::Open, &group, item, t));
    store
        .write(
            &id,
            Write {
                listing: open(b"open 1", now),
                ..Write::create(1, b"g1")
            },
        )
        .await
        .unwrap();
    let in_group = |status| list_all(other, status, Some(&group), 10);
    assert_eq!(
        in_group(ListStatus::Open).await,
        vec![(id.clone(), now, b"open 1".to_vec())]
    );
    assert!(in_group(ListStatus::Live).await.is_empty());
    // The same listing again (a retried write) and a write without a listing: one entry, the
    // latest item, the first time.
    store
        .write(
            &id,
            Write {
                listing: open(b"open 2", now + 5),
                ..Write::update(1, 2, b"g2")
            },
        )
        .await
        .unwrap();
    store.save_if(&id, 2, 3, b"g3", false).await.unwrap();
    assert_eq!(
        in_group(ListStatus::Open).await,
        vec![(id.clone(), now, b"open 2".to_vec())]
    );
    // A lost compare-and-set: nothing moves.
    let lost = store
        .write(
            &id,
            Write {
                listing: Some(listing(ListStatus::Finished, &group, b"lost", now + 9)),
                ..Write::update(1, 9, b"lost")
            },
        )
        .await;
    assert_eq!(lost, Err(StoreError::Conflict { current: 3 }));
    assert!(in_group(ListStatus::Finished).await.is_empty());
    // Open -> live -> finished, each time in one listing only.
    store
        .write(
            &id,
            Write {
                listing: Some(listing(ListStatus::Live, &group, b"live", now + 10)),
                ..Write::update(3, 4, b"g4")
            },
        )
        .await
        .unwrap();
    assert!(in_group(ListStatus::Open).await.is_empty());
    assert_eq!(
        in_group(ListStatus::Live).await,
        vec![(id.clone(), now, b"live".to_vec())]
    );
    let all_live = list_all(other, ListStatus::Live, None, MAX_LIST_LIMIT).await;
    assert_eq!(ids(&all_live).iter().filter(|i| **i == id).count(), 1);
    store
        .write(
            &id,
            Write {
                finished: true,
                listing: Some(listing(ListStatus::Finished, &group, b"over", now + 20)),
                ..Write::update(4, 5, b"g5")
            },
        )
        .await
        .unwrap();
    assert!(in_group(ListStatus::Live).await.is_empty());
    assert_eq!(
        in_group(ListStatus::Finished).await,
        vec![(id.clone(), now, b"over".to_vec())]
    );
    let all_live = list_all(other, ListStatus::Live, None, MAX_LIST_LIMIT).await;
    assert!(!ids(&all_live).contains(&id.as_str()));
    // Other groups do not see it.
    assert!(
        list_all(other, ListStatus::Finished, Some(&fresh_group()), 10)
            .await
            .is_empty()
    );
}

/// Pages are newest first (by the time first listed, then by id, descending), `limit` at a
/// time, and their cursors neither repeat nor skip a game, ties of time included; a listing
/// without a group holds every group's games; bad queries are `InvalidKey`, bad listings
/// `InvalidWrite`, and change nothing.
pub async fn listing_pages_newest_first(store: &Arc<dyn GameStore>) {
    let group = fresh_group();
    let base = unix_ms();
    // Seven games: five at distinct times, three sharing one time (a tie broken by id).
    let mut games: Vec<(String, u64)> = (0..5u64).map(|i| (fresh_id(), base + i * 10)).collect();
    for _ in 0..3 {
        games.push((fresh_id(), base + 25));
    }
    for (id, at) in &games {
        store
            .write(
                id,
                Write {
                    listing: Some(listing(ListStatus::Open, &group, id.as_bytes(), *at)),
                    ..Write::create(1, b"g")
                },
            )
            .await
            .unwrap();
    }
    let mut expected = games.clone();
    expected.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| b.0.as_bytes().cmp(a.0.as_bytes()))
    });
    for limit in [1, 2, 3, 7, 8, MAX_LIST_LIMIT] {
        let listed = list_all(store, ListStatus::Open, Some(&group), limit).await;
        let got: Vec<(String, u64)> = listed
            .iter()
            .map(|(id, at, item)| {
                assert_eq!(item, id.as_bytes());
                (id.clone(), *at)
            })
            .collect();
        assert_eq!(got, expected, "limit {limit}");
    }
    // The last page of an exact fit has no cursor.
    let page = store
        .list(ListQuery {
            status: ListStatus::Open,
            group: Some(&group),
            after: None,
            limit: games.len(),
            now_unix_ms: unix_ms(),
        })
        .await
        .unwrap();
    assert_eq!(page.games.len(), games.len());
    assert_eq!(page.next, None);
    // Without a group: every one of them, in the same order among the others.
    let all = list_all(store, ListStatus::Open, None, MAX_LIST_LIMIT).await;
    let ours: Vec<&str> = ids(&all)
        .into_iter()
        .filter(|id| games.iter().any(|(g, _)| g == id))
        .collect();
    let want: Vec<&str> = expected.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ours, want);
    // Bad queries and listings.
    for (g, limit) in [(Some(""), 1), (Some("a:b"), 1), (Some("ok"), 0)] {
        let q = ListQuery {
            status: ListStatus::Open,
            group: g,
            after: None,
            limit,
            now_unix_ms: 0,
        };
        assert!(matches!(
            store.list(q).await,
            Err(StoreError::InvalidKey(_))
        ));
    }
    let q = ListQuery {
        status: ListStatus::Open,
        group: None,
        after: None,
        limit: MAX_LIST_LIMIT + 1,
        now_unix_ms: 0,
    };
    assert!(matches!(
        store.list(q).await,
        Err(StoreError::InvalidKey(_))
    ));
    let id = fresh_id();
    let bad = store
        .write(
            &id,
            Write {
                listing: Some(listing(ListStatus::Open, "a b", b"x", base)),
                ..Write::create(1, b"g")
            },
        )
        .await;
    assert!(matches!(bad, Err(StoreError::InvalidWrite(_))));
    assert_eq!(store.load(&id).await.unwrap(), None);
}

/// With [`ttl_config`]: a listed game leaves its listing when it expires, a finished one
/// stays as long as its (longer) TTL.
pub async fn listing_expires_with_the_game(store: &Arc<dyn GameStore>) {
    let group = fresh_group();
    let (quiet, over) = (fresh_id(), fresh_id());
    let now = unix_ms();
    for (id, status, finished) in [
        (&quiet, ListStatus::Live, false),
        (&over, ListStatus::Finished, true),
    ] {
        store
            .write(
                id,
                Write {
                    finished,
                    listing: Some(listing(status, &group, b"i", now)),
                    ..Write::create(1, b"g")
                },
            )
            .await
            .unwrap();
    }
    assert_eq!(
        ids(&list_all(store, ListStatus::Live, Some(&group), 10).await),
        vec![quiet.as_str()]
    );
    tokio::time::sleep(SHORT_TTL + Duration::from_millis(300)).await;
    assert!(
        list_all(store, ListStatus::Live, Some(&group), 10)
            .await
            .is_empty()
    );
    assert!(
        list_all(store, ListStatus::Live, None, MAX_LIST_LIMIT)
            .await
            .iter()
            .all(|(id, _, _)| *id != quiet)
    );
    assert_eq!(
        ids(&list_all(store, ListStatus::Finished, Some(&group), 10).await),
        vec![over.as_str()]
    );
    // The id of the expired game is created again: listed afresh, once.
    let later = unix_ms();
    store
        .write(
            &quiet,
            Write {
                listing: Some(listing(ListStatus::Open, &group, b"new", later)),
                ..Write::create(1, b"g")
            },
        )
        .await
        .unwrap();
    assert_eq!(
        list_all(store, ListStatus::Open, Some(&group), 10).await,
        vec![(quiet.clone(), later, b"new".to_vec())]
    );
}

/// A fresh account name (or board member) that no other check uses.
pub fn fresh_name() -> String {
    format!("bot-{}", uuid::Uuid::new_v4().simple())
}

/// Accounts: a name and a key hash are each taken once (a create that collides on either
/// writes nothing); the record reads back by name and by key hash, on either replica.
pub async fn accounts_are_unique(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let (name, hash) = (fresh_name(), fresh_name());
    assert_eq!(store.load_account(&name).await.unwrap(), None);
    assert_eq!(store.account_by_key(&hash).await.unwrap(), None);
    store
        .create_account(&name, &hash, &fresh_name(), &[0, 255, 7])
        .await
        .unwrap();
    assert_eq!(
        other.load_account(&name).await.unwrap(),
        Some(vec![0, 255, 7])
    );
    assert_eq!(
        other.account_by_key(&hash).await.unwrap(),
        Some(vec![0, 255, 7])
    );
    // The same name with another key, another name with the same key: refused, nothing written.
    let (name2, hash2) = (fresh_name(), fresh_name());
    assert_eq!(
        other
            .create_account(&name, &hash2, &fresh_name(), b"x")
            .await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(other.account_by_key(&hash2).await.unwrap(), None);
    assert_eq!(
        other
            .create_account(&name2, &hash, &fresh_name(), b"y")
            .await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(other.load_account(&name2).await.unwrap(), None);
    assert_eq!(
        store.load_account(&name).await.unwrap(),
        Some(vec![0, 255, 7])
    );
    // Racing creates of one name: one wins.
    let name3 = fresh_name();
    let results = futures_util::future::join_all((0..8).map(|i| {
        let (s, name3) = (if i % 2 == 0 { store } else { other }, &name3);
        async move {
            s.create_account(name3, &fresh_name(), &fresh_name(), &[i])
                .await
        }
    }))
    .await;
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    // A look is taken once too: another name that looks alike is refused, nothing written;
    // the record reads back by its look. Racing creates of names that look alike: one wins.
    let look = fresh_name();
    let (name4, hash4) = (fresh_name(), fresh_name());
    assert_eq!(other.account_by_look(&look).await.unwrap(), None);
    store
        .create_account(&name4, &hash4, &look, b"l")
        .await
        .unwrap();
    assert_eq!(
        other.account_by_look(&look).await.unwrap(),
        Some(b"l".to_vec())
    );
    let (name5, hash5) = (fresh_name(), fresh_name());
    assert_eq!(
        other.create_account(&name5, &hash5, &look, b"m").await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(other.load_account(&name5).await.unwrap(), None);
    assert_eq!(other.account_by_key(&hash5).await.unwrap(), None);
    let look2 = fresh_name();
    let results = futures_util::future::join_all((0..8).map(|i| {
        let (s, look2) = (if i % 2 == 0 { store } else { other }, &look2);
        async move {
            s.create_account(&fresh_name(), &fresh_name(), look2, &[i])
                .await
        }
    }))
    .await;
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    // Empty or long names and hashes are refused before anything is read.
    assert!(matches!(
        store.create_account("", "h", "l", b"").await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.account_by_key(&"h".repeat(129)).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.account_by_look("").await,
        Err(StoreError::InvalidKey(_))
    ));
}

/// An account's preferences: none until saved, then the last saved, seen by every replica.
pub async fn preferences_save_and_load(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let name = fresh_name();
    assert_eq!(store.load_preferences(&name).await.unwrap(), None);
    store.save_preferences(&name, b"one").await.unwrap();
    assert_eq!(
        other.load_preferences(&name).await.unwrap().as_deref(),
        Some(&b"one"[..])
    );
    other.save_preferences(&name, b"two").await.unwrap();
    assert_eq!(
        store.load_preferences(&name).await.unwrap().as_deref(),
        Some(&b"two"[..])
    );
    assert!(store.load_preferences("").await.is_err());
}

/// An account's games: each counted once however often it is attached, newest first, the
/// list kept to the most recent [`MAX_RECENT_GAMES`] while the count goes on.
pub async fn account_games_attach_once(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let name = fresh_name();
    assert_eq!(
        store.account_games(&name).await.unwrap(),
        AccountGames::default()
    );
    store.attach_game(&[&name], "g1", 1_000).await.unwrap();
    other.attach_game(&[&name], "g2", 3_000).await.unwrap();
    store.attach_game(&[&name], "g3", 2_000).await.unwrap();
    other.attach_game(&[&name], "g1", 9_000).await.unwrap();
    assert_eq!(
        other.account_games(&name).await.unwrap(),
        AccountGames {
            count: 3,
            recent: vec![
                ("g2".into(), 3_000),
                ("g3".into(), 2_000),
                ("g1".into(), 1_000)
            ],
        }
    );
    let many = fresh_name();
    for i in 0..MAX_RECENT_GAMES as u64 + 5 {
        store
            .attach_game(&[&many], &format!("m{i}"), 10_000 + i)
            .await
            .unwrap();
    }
    let games = other.account_games(&many).await.unwrap();
    assert_eq!(games.count, MAX_RECENT_GAMES as u64 + 5);
    assert_eq!(games.recent.len(), MAX_RECENT_GAMES);
    assert_eq!(
        games.recent[0],
        (
            format!("m{}", MAX_RECENT_GAMES + 4),
            10_000 + MAX_RECENT_GAMES as u64 + 4
        )
    );
    assert_eq!(games.recent.last().unwrap().0, "m5");
    // Several accounts at once, one of them already holding the game.
    let (x, y) = (fresh_name(), fresh_name());
    store.attach_game(&[&x], "s1", 5).await.unwrap();
    other.attach_game(&[&x, &y, &name], "s1", 6).await.unwrap();
    for (who, count, at) in [(&x, 1, 5), (&y, 1, 6), (&name, 4, 6)] {
        let games = store.account_games(who).await.unwrap();
        assert_eq!(games.count, count);
        assert!(games.recent.contains(&("s1".to_owned(), at)), "{games:?}");
    }
    store.attach_game(&[], "s2", 7).await.unwrap();
}

/// A fresh board name.
fn fresh_board() -> String {
    format!("b{}", &uuid::Uuid::new_v4().simple().to_string()[..16])
}

fn rw<'a>(member: &'a str, expected: u64, data: &'a [u8], score: f64) -> RatingWrite<'a> {
    RatingWrite {
        member,
        expected,
        data,
        score,
    }
}

/// Ratings: an event is rated once (a second rating of it, whatever its versions, writes
/// nothing), each write compare-and-sets every member's version (a stale one writes nothing at
/// all), and ratings read back by board and member on either replica.
pub async fn ratings_rate_once(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let board = fresh_board();
    let (a, b) = (fresh_name(), fresh_name());
    let (e1, e2, e3) = (fresh_id(), fresh_id(), fresh_id());
    assert_eq!(
        store
            .load_ratings(&[(&board, &a), (&board, &b)])
            .await
            .unwrap(),
        vec![None, None]
    );
    assert_eq!(
        store
            .rate(
                &e1,
                &board,
                &[rw(&a, 0, b"a1", 30.0), rw(&b, 0, b"b1", 20.0)]
            )
            .await,
        Ok(RateOutcome::Rated)
    );
    // The same event again, from another replica: nothing is written.
    assert_eq!(
        other
            .rate(
                &e1,
                &board,
                &[rw(&a, 1, b"a2", 40.0), rw(&b, 1, b"b2", 10.0)]
            )
            .await,
        Ok(RateOutcome::AlreadyRated)
    );
    let read = other
        .load_ratings(&[(&board, &a), (&board, &b), ("other-board", &a)])
        .await
        .unwrap();
    assert_eq!(
        read.iter()
            .map(|r| r.as_ref().map(|r| (r.version, r.data.clone())))
            .collect::<Vec<_>>(),
        vec![Some((1, b"a1".to_vec())), Some((1, b"b1".to_vec())), None]
    );
    // A stale version of one member: a conflict naming the stored version, nothing written
    // (not even the other member's), and the event is not rated.
    assert_eq!(
        store
            .rate(
                &e2,
                &board,
                &[rw(&a, 1, b"a2", 31.0), rw(&b, 0, b"b2", 21.0)]
            )
            .await,
        Err(StoreError::Conflict { current: 1 })
    );
    let read = store.load_ratings(&[(&board, &a)]).await.unwrap();
    assert_eq!(read[0].as_ref().unwrap().data, b"a1");
    assert_eq!(
        other
            .rate(
                &e2,
                &board,
                &[rw(&a, 1, b"a2", 31.0), rw(&b, 1, b"b2", 21.0)]
            )
            .await,
        Ok(RateOutcome::Rated)
    );
    let read = store
        .load_ratings(&[(&board, &a), (&board, &b)])
        .await
        .unwrap();
    assert_eq!(read[0].as_ref().unwrap().version, 2);
    assert_eq!(read[1].as_ref().unwrap().data, b"b2");
    // A member new to the board beside known ones.
    let c = fresh_name();
    assert_eq!(
        store
            .rate(
                &e3,
                &board,
                &[rw(&c, 0, b"c1", 5.0), rw(&a, 2, b"a3", 32.0)]
            )
            .await,
        Ok(RateOutcome::Rated)
    );
    let page = other.board(&board, 0, 10).await.unwrap();
    assert_eq!(page.total, 3);
    assert_eq!(
        page.entries
            .iter()
            .map(|e| (e.member.as_str(), e.score, e.data.as_slice()))
            .collect::<Vec<_>>(),
        vec![
            (a.as_str(), 32.0, b"a3".as_slice()),
            (b.as_str(), 21.0, b"b2".as_slice()),
            (c.as_str(), 5.0, b"c1".as_slice())
        ]
    );
    // Refused before anything is touched: a bad board, no members, a member twice.
    assert!(matches!(
        store
            .rate(&fresh_id(), "no spaces", &[rw(&a, 3, b"", 1.0)])
            .await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.rate(&fresh_id(), &board, &[]).await,
        Err(StoreError::InvalidWrite(_))
    ));
    assert!(matches!(
        store
            .rate(
                &fresh_id(),
                &board,
                &[rw(&a, 3, b"", 1.0), rw(&a, 3, b"", 1.0)]
            )
            .await,
        Err(StoreError::InvalidWrite(_))
    ));
}

/// Racing ratings: the same event rated by many callers at once on two replicas is rated by
/// exactly one; different events of the same members, each read-then-rated and retried on a
/// conflict, are all applied (no update lost).
pub async fn concurrent_ratings(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let board = fresh_board();
    let (a, b) = (fresh_name(), fresh_name());
    let event = fresh_id();
    let results = futures_util::future::join_all((0..10).map(|i| {
        let (s, board, a, b, event) = (
            if i % 2 == 0 { store } else { other },
            &board,
            &a,
            &b,
            &event,
        );
        async move {
            s.rate(event, board, &[rw(a, 0, &[i], 1.0), rw(b, 0, &[i], 2.0)])
                .await
                .unwrap()
        }
    }))
    .await;
    assert_eq!(
        results.iter().filter(|r| **r == RateOutcome::Rated).count(),
        1,
        "{results:?}"
    );
    // Eight more events, each adding one to both members' counters.
    futures_util::future::join_all((0..8).map(|i| {
        let (s, board, a, b) = (if i % 2 == 0 { store } else { other }, &board, &a, &b);
        async move {
            let event = fresh_id();
            loop {
                let read = s.load_ratings(&[(board, a), (board, b)]).await.unwrap();
                let (ra, rb) = (read[0].clone().unwrap(), read[1].clone().unwrap());
                let (na, nb) = ([ra.data[0] + 1], [rb.data[0] + 1]);
                match s
                    .rate(
                        &event,
                        board,
                        &[
                            rw(a, ra.version, &na, f64::from(na[0])),
                            rw(b, rb.version, &nb, f64::from(nb[0])),
                        ],
                    )
                    .await
                {
                    Ok(RateOutcome::Rated) => break,
                    Err(StoreError::Conflict { .. }) => continue,
                    other => panic!("{other:?}"),
                }
            }
        }
    }))
    .await;
    let read = store
        .load_ratings(&[(&board, &a), (&board, &b)])
        .await
        .unwrap();
    let (ra, rb) = (read[0].clone().unwrap(), read[1].clone().unwrap());
    assert_eq!((ra.version, rb.version), (9, 9));
    // The counters started at the winning caller's byte and gained one per later event.
    let winner = results
        .iter()
        .position(|r| *r == RateOutcome::Rated)
        .unwrap() as u8;
    assert_eq!((ra.data[0], rb.data[0]), (winner + 8, winner + 8));
}

/// A board pages from any rank: highest score first, equal scores in descending byte order of
/// the member, the total beside; a page past the end is empty; a limit of 0 answers the total.
pub async fn board_pages(store: &Arc<dyn GameStore>) {
    let board = fresh_board();
    assert_eq!(store.board(&board, 0, 10).await.unwrap().total, 0);
    let members = ["m-a", "m-b", "m-c", "m-d", "m-e"];
    let scores = [10.5, -3.25, 10.5, 99.0, 0.0];
    for (m, score) in members.iter().zip(scores) {
        store
            .rate(&fresh_id(), &board, &[rw(m, 0, m.as_bytes(), score)])
            .await
            .unwrap();
    }
    let order = |p: &super::BoardPage| {
        p.entries
            .iter()
            .map(|e| {
                assert_eq!(e.data, e.member.as_bytes());
                (e.member.clone(), e.score)
            })
            .collect::<Vec<_>>()
    };
    let all = store.board(&board, 0, 100).await.unwrap();
    assert_eq!(all.total, 5);
    let want = vec![
        ("m-d".to_owned(), 99.0),
        ("m-c".to_owned(), 10.5),
        ("m-a".to_owned(), 10.5),
        ("m-e".to_owned(), 0.0),
        ("m-b".to_owned(), -3.25),
    ];
    assert_eq!(order(&all), want);
    let page = store.board(&board, 1, 2).await.unwrap();
    assert_eq!(order(&page), want[1..3].to_vec());
    assert_eq!(page.total, 5);
    assert_eq!(
        order(&store.board(&board, 4, 2).await.unwrap()),
        want[4..].to_vec()
    );
    assert!(store.board(&board, 5, 2).await.unwrap().entries.is_empty());
    let none = store.board(&board, 0, 0).await.unwrap();
    assert!(none.entries.is_empty());
    assert_eq!(none.total, 5);
}

/// A fresh queue key.
pub fn fresh_queue() -> String {
    format!("q{}", &uuid::Uuid::new_v4().simple().to_string()[..20])
}

fn join<'a>(queue: &'a str, member: &'a str, data: &'a [u8], now: u64) -> QueueJoin<'a> {
    QueueJoin {
        queue,
        member,
        data,
        fill_at_ms: None,
        lease_until_ms: now + 60_000,
        now_ms: now,
        max_queues: 3,
    }
}

/// A hold under a fresh table, until far ahead (no sweep of due holds takes it).
fn hold() -> QueueHold<'static> {
    QueueHold {
        table: Box::leak(fresh_queue().into_boxed_str()),
        until_ms: u64::MAX / 4,
    }
}

fn joined(j: QueueJoined) -> QueuePlace {
    match j {
        QueueJoined::Joined(p) => p,
        QueueJoined::TooManyQueues => panic!("refused: too many queues"),
    }
}

fn members(entries: &[QueueEntry]) -> Vec<&str> {
    entries.iter().map(|e| e.member.as_str()).collect()
}

/// Whether `q` is among the queues due at `at`.
async fn due(store: &Arc<dyn GameStore>, q: &str, at: u64) -> bool {
    store
        .queues_due(at, MAX_DUE_QUEUES)
        .await
        .unwrap()
        .iter()
        .any(|d| d == q)
}

/// A queue is due for a sweeper only when a take may do something: [`JOIN_GRACE_MS`] after a
/// join (in case the joiner's own take failed), at its oldest entry's fill time, at the first
/// lease to run out, at once while a full table of the last take's size waits, at once after a
/// settle put entries back. An idle queue is not due; an empty one never.
pub async fn queues_are_due_only_when_a_take_may_seat(
    store: &Arc<dyn GameStore>,
    other: &Arc<dyn GameStore>,
) {
    let q = fresh_queue();
    let now = unix_ms();
    let (a, b, c) = (fresh_name(), fresh_name(), fresh_name());
    joined(store.queue_join(join(&q, &a, b"a", now)).await.unwrap());
    assert!(!due(other, &q, now + JOIN_GRACE_MS - 1).await);
    assert!(due(other, &q, now + JOIN_GRACE_MS).await);
    // The joiner's take (nothing to seat): due when a's lease runs out, not before.
    assert!(
        store
            .queue_take(&q, 3, now + 1, hold())
            .await
            .unwrap()
            .is_empty()
    );
    assert!(!due(other, &q, now + JOIN_GRACE_MS).await);
    assert!(!due(other, &q, now + 59_999).await);
    assert!(due(other, &q, now + 60_000).await);
    // b asks for a fill: due at its fill time if sooner than the grace; after a take, at the
    // oldest entry's fill (a's: none), so at the first lease's end again.
    let fill = QueueJoin {
        fill_at_ms: Some(now + 500),
        ..join(&q, &b, b"b", now + 2)
    };
    joined(other.queue_join(fill).await.unwrap());
    assert!(due(store, &q, now + 500).await);
    assert!(
        store
            .queue_take(&q, 3, now + 3, hold())
            .await
            .unwrap()
            .is_empty()
    );
    assert!(!due(store, &q, now + 500).await);
    // a leaves: b is the oldest, its fill due at now + 500.
    assert!(store.queue_leave(&q, &a, now + 4).await.unwrap());
    assert!(
        store
            .queue_take(&q, 3, now + 5, hold())
            .await
            .unwrap()
            .is_empty()
    );
    assert!(due(other, &q, now + 500).await);
    // Three wait; a take of one leaves a full table of one: due at once.
    joined(store.queue_join(join(&q, &a, b"a", now + 6)).await.unwrap());
    joined(store.queue_join(join(&q, &c, b"c", now + 7)).await.unwrap());
    let table = hold();
    assert_eq!(
        store.queue_take(&q, 1, now + 8, table).await.unwrap().len(),
        1
    );
    assert!(due(other, &q, now + 8).await);
    // The hold put back: due at once.
    assert_eq!(
        store
            .queue_take(&q, 2, now + 9, hold())
            .await
            .unwrap()
            .len(),
        2
    );
    assert!(!due(other, &q, now + 10).await, "empty");
    assert_eq!(
        other
            .queue_settle(table.table, false, now + 10, now + 60_000)
            .await
            .unwrap(),
        1
    );
    assert!(due(store, &q, now + 10).await);
    // The last one taken: never due again.
    assert_eq!(
        store
            .queue_take(&q, 1, now + 11, hold())
            .await
            .unwrap()
            .len(),
        1
    );
    assert!(!due(store, &q, u64::MAX / 4).await);
}

/// Queues: joins keep their place when repeated (the data, `fill_at` and lease replaced), a
/// take pops the `n` oldest once `n` wait and nothing before, a leave takes an entry out, a
/// member's entries are listed with their places, and every change is seen by the other
/// replica. A member waits in at most `max_queues` queues.
pub async fn queues_join_take_leave(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let q = fresh_queue();
    let now = unix_ms();
    let (a, b, c, d, e) = (
        fresh_name(),
        fresh_name(),
        fresh_name(),
        fresh_name(),
        fresh_name(),
    );
    let pa = joined(store.queue_join(join(&q, &a, b"a1", now)).await.unwrap());
    assert_eq!((pa.position, pa.size, pa.entry.joined_ms), (1, 1, now));
    assert_eq!(pa.entry.data, b"a1");
    let pb = joined(
        other
            .queue_join(join(&q, &b, &[0, 255], now + 1))
            .await
            .unwrap(),
    );
    assert_eq!((pb.position, pb.size), (2, 2));
    // Not four yet: nothing taken.
    assert!(
        store
            .queue_take(&q, 4, now + 2, hold())
            .await
            .unwrap()
            .is_empty()
    );
    // Due for a sweeper once the join's grace is over (the joiner's own take may fail).
    assert!(
        !store
            .queues_due(now, MAX_DUE_QUEUES)
            .await
            .unwrap()
            .contains(&q)
    );
    // a re-joins later with new data: it keeps its place (first), its data and lease are new.
    let pa2 = joined(
        other
            .queue_join(QueueJoin {
                lease_until_ms: now + 90_000,
                fill_at_ms: Some(now + 80_000),
                ..join(&q, &a, b"a2", now + 3)
            })
            .await
            .unwrap(),
    );
    assert_eq!((pa2.position, pa2.size, pa2.entry.joined_ms), (1, 2, now));
    assert_eq!(pa2.entry.data, b"a2");
    assert_eq!(pa2.entry.fill_at_ms, Some(now + 80_000));
    assert_eq!(pa2.entry.lease_until_ms, now + 90_000);
    // c joins and leaves; leaving twice finds nothing.
    joined(store.queue_join(join(&q, &c, b"c", now + 4)).await.unwrap());
    assert!(other.queue_leave(&q, &c, now + 5).await.unwrap());
    assert!(!store.queue_leave(&q, &c, now + 5).await.unwrap());
    joined(store.queue_join(join(&q, &d, b"d", now + 6)).await.unwrap());
    joined(other.queue_join(join(&q, &e, b"e", now + 7)).await.unwrap());
    // Listed with its place, on either replica.
    let listed = other.queue_entries(&d, now + 8).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].queue.as_str(), listed[0].position, listed[0].size),
        (q.as_str(), 3, 4)
    );
    assert!(store.queue_entries(&c, now + 8).await.unwrap().is_empty());
    // Four wait: the four oldest are popped, oldest first, once.
    let taken = store.queue_take(&q, 3, now + 9, hold()).await.unwrap();
    assert_eq!(members(&taken), [a.as_str(), b.as_str(), d.as_str()]);
    assert_eq!(taken[0].data, b"a2");
    assert_eq!(taken[1].data, [0, 255]);
    assert_eq!(taken[1].fill_at_ms, None);
    assert!(other.queue_entries(&a, now + 9).await.unwrap().is_empty());
    assert!(
        other
            .queue_take(&q, 3, now + 9, hold())
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        other.queue_entries(&e, now + 9).await.unwrap()[0].position,
        1
    );
    assert!(store.queue_leave(&q, &e, now + 10).await.unwrap());
    // An empty queue is never due.
    store.queue_take(&q, 3, now + 11, hold()).await.unwrap();
    assert!(
        !other
            .queues_due(u64::MAX / 4, MAX_DUE_QUEUES)
            .await
            .unwrap()
            .contains(&q)
    );

    // At most max_queues queues at once; a re-join of one of them is not a new queue.
    let m = fresh_name();
    let qs = [fresh_queue(), fresh_queue(), fresh_queue(), fresh_queue()];
    for queue in &qs[..3] {
        joined(store.queue_join(join(queue, &m, b"", now)).await.unwrap());
    }
    assert_eq!(
        other.queue_join(join(&qs[3], &m, b"", now)).await.unwrap(),
        QueueJoined::TooManyQueues
    );
    assert!(
        other
            .queue_entries(&m, now)
            .await
            .unwrap()
            .iter()
            .all(|p| p.queue != qs[3])
    );
    joined(
        other
            .queue_join(join(&qs[1], &m, b"x", now + 1))
            .await
            .unwrap(),
    );
    assert!(store.queue_leave(&qs[0], &m, now + 2).await.unwrap());
    joined(
        other
            .queue_join(join(&qs[3], &m, b"", now + 3))
            .await
            .unwrap(),
    );
    let mut listed: Vec<String> = store
        .queue_entries(&m, now + 4)
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.queue)
        .collect();
    listed.sort();
    let mut want = qs[1..].to_vec();
    want.sort();
    assert_eq!(listed, want);
    for queue in &qs[1..] {
        store.queue_leave(queue, &m, now + 5).await.unwrap();
    }
    // Bad keys are refused before anything is read.
    assert!(matches!(
        store.queue_take("no spaces", 4, now, hold()).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.queue_join(join(&q, "", b"", now)).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.queue_take(&q, 0, now, hold()).await,
        Err(StoreError::InvalidWrite(_))
    ));
}

/// Leases: an entry whose lease ran out is gone for every operation (not taken, not listed,
/// not left, not renewed), a renewal moves every lease of a member on (never back), and its
/// lapsed entries do not count against `max_queues`.
pub async fn queue_leases_lapse_and_renew(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let (q1, q2) = (fresh_queue(), fresh_queue());
    let now = unix_ms();
    let (a, b) = (fresh_name(), fresh_name());
    let short = |queue, member, data| QueueJoin {
        lease_until_ms: now + 100,
        ..join(queue, member, data, now)
    };
    joined(store.queue_join(short(&q1, &a, b"a")).await.unwrap());
    joined(store.queue_join(short(&q2, &a, b"a")).await.unwrap());
    joined(other.queue_join(short(&q1, &b, b"b")).await.unwrap());
    // a renews (both its entries), b does not.
    assert_eq!(
        other.queue_renew(&a, now + 1_000, now + 50).await.unwrap(),
        2
    );
    // A renewal never shortens a lease.
    assert_eq!(store.queue_renew(&a, now + 500, now + 60).await.unwrap(), 2);
    let listed = store.queue_entries(&a, now + 150).await.unwrap();
    assert_eq!(listed.len(), 2);
    assert!(
        listed.iter().all(|p| p.entry.lease_until_ms == now + 1_000),
        "{listed:?}"
    );
    // At +150 b's lease ran out: a is alone in q1.
    assert_eq!(listed.iter().find(|p| p.queue == q1).unwrap().size, 1);
    assert!(other.queue_entries(&b, now + 150).await.unwrap().is_empty());
    assert!(!store.queue_leave(&q1, &b, now + 150).await.unwrap());
    assert_eq!(
        store.queue_renew(&b, now + 2_000, now + 150).await.unwrap(),
        0
    );
    assert!(
        store
            .queue_take(&q1, 2, now + 150, hold())
            .await
            .unwrap()
            .is_empty()
    );
    // At +1000 a's leases ran out too: nothing left to take, and a may join three new queues.
    assert!(
        store
            .queue_take(&q1, 1, now + 1_000, hold())
            .await
            .unwrap()
            .is_empty()
    );
    for _ in 0..3 {
        let q = fresh_queue();
        joined(
            other
                .queue_join(join(&q, &a, b"", now + 1_000))
                .await
                .unwrap(),
        );
        assert!(store.queue_leave(&q, &a, now + 1_001).await.unwrap());
    }
    assert!(
        store
            .queue_entries(&a, now + 1_000)
            .await
            .unwrap()
            .is_empty()
    );
}

/// Fills: with fewer than `n` waiting, a take pops them all once the oldest entry's `fill_at`
/// has passed (a younger entry's `fill_at` does not count), never more than `n`.
pub async fn queue_fills_after_the_oldest_waits(
    store: &Arc<dyn GameStore>,
    other: &Arc<dyn GameStore>,
) {
    let q = fresh_queue();
    let now = unix_ms();
    let (a, b, c) = (fresh_name(), fresh_name(), fresh_name());
    joined(store.queue_join(join(&q, &a, b"a", now)).await.unwrap());
    joined(
        other
            .queue_join(QueueJoin {
                fill_at_ms: Some(now + 10),
                ..join(&q, &b, b"b", now + 1)
            })
            .await
            .unwrap(),
    );
    // b's fill time passed, but a is the oldest and asked for none.
    assert!(
        store
            .queue_take(&q, 4, now + 100, hold())
            .await
            .unwrap()
            .is_empty()
    );
    // a asks for a fill at +200 (keeping its place).
    joined(
        store
            .queue_join(QueueJoin {
                fill_at_ms: Some(now + 200),
                ..join(&q, &a, b"a", now + 101)
            })
            .await
            .unwrap(),
    );
    assert!(
        other
            .queue_take(&q, 4, now + 199, hold())
            .await
            .unwrap()
            .is_empty()
    );
    let taken = other.queue_take(&q, 4, now + 200, hold()).await.unwrap();
    assert_eq!(members(&taken), [a.as_str(), b.as_str()]);
    assert_eq!(taken[0].fill_at_ms, Some(now + 200));
    assert!(
        store
            .queue_take(&q, 4, now + 300, hold())
            .await
            .unwrap()
            .is_empty()
    );
    // A fill never pops more than n.
    let q = fresh_queue();
    for (i, m) in [&a, &b, &c].into_iter().enumerate() {
        joined(
            store
                .queue_join(QueueJoin {
                    fill_at_ms: Some(now),
                    ..join(&q, m, b"", now + i as u64)
                })
                .await
                .unwrap(),
        );
    }
    assert_eq!(
        members(&other.queue_take(&q, 2, now + 5, hold()).await.unwrap()),
        [a.as_str(), b.as_str()]
    );
    assert_eq!(
        members(&store.queue_take(&q, 2, now + 5, hold()).await.unwrap()),
        [c.as_str()]
    );
}

/// Racing takes (spawned tasks, so in parallel on a multi-threaded runtime, on both
/// replicas) while members join: every member is popped exactly once, in groups of `n`, never
/// twice.
pub async fn racing_takes_pop_each_entry_once(
    store: &Arc<dyn GameStore>,
    other: &Arc<dyn GameStore>,
) {
    let q = fresh_queue();
    let now = unix_ms();
    let names: Vec<String> = (0..40).map(|_| fresh_name()).collect();
    let mut tasks = Vec::new();
    for (i, m) in names.iter().enumerate() {
        let (s, q, m) = (
            if i % 2 == 0 {
                store.clone()
            } else {
                other.clone()
            },
            q.clone(),
            m.clone(),
        );
        // Each join is followed by a take, as the service does.
        tasks.push(tokio::spawn(async move {
            joined(s.queue_join(join(&q, &m, m.as_bytes(), now)).await.unwrap());
            vec![s.queue_take(&q, 4, now, hold()).await.unwrap()]
        }));
    }
    for i in 0..16 {
        let (s, q) = (
            if i % 2 == 0 {
                other.clone()
            } else {
                store.clone()
            },
            q.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut got = Vec::new();
            for _ in 0..8 {
                got.push(s.queue_take(&q, 4, now, hold()).await.unwrap());
                tokio::task::yield_now().await;
            }
            got
        }));
    }
    let mut groups: Vec<Vec<QueueEntry>> = Vec::new();
    for t in tasks {
        groups.extend(t.await.unwrap());
    }
    groups.push(store.queue_take(&q, 4, now, hold()).await.unwrap());
    let mut seen = std::collections::HashSet::new();
    for g in groups.iter().filter(|g| !g.is_empty()) {
        assert_eq!(g.len(), 4, "{g:?}");
        for e in g {
            assert!(seen.insert(e.member.clone()), "{} popped twice", e.member);
            assert_eq!(e.data, e.member.as_bytes());
        }
    }
    assert_eq!(seen.len(), names.len());
}

/// Inboxes: an append answers the next id (a new inbox's first is the append's time); a read
/// answers the entries after an id, oldest first, at most the limit, and the last id; a
/// watcher on either replica hears every append; a `once` key appends once; inboxes are apart;
/// arguments out of bounds are refused.
pub async fn inbox_appends_reads_and_watches(
    store: &Arc<dyn GameStore>,
    other: &Arc<dyn GameStore>,
) {
    let (name, elsewhere) = (fresh_name(), fresh_name());
    let t = 1_700_000_000_000;
    assert_eq!(
        other.read_inbox(&name, 0, 10).await.unwrap(),
        InboxPage::default()
    );
    let mut rx = other.watch_inbox(&name);
    let mut quiet = other.watch_inbox(&elsewhere);
    let entries: [&[u8]; 3] = [b"{\"type\":\"seated\"}", &[0, 159, 255], b""];
    let mut ids = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        // The time matters only to a new inbox.
        ids.push(
            store
                .append_inbox(&name, e, None, t + 50 * i as u64)
                .await
                .unwrap(),
        );
    }
    assert_eq!(ids, [t, t + 1, t + 2]);
    wait_for_version(&mut rx, t + 2, EVENT_WAIT).await;
    let page = other.read_inbox(&name, 0, 10).await.unwrap();
    assert_eq!(page.last, t + 2);
    let got: Vec<(u64, &[u8])> = page
        .entries
        .iter()
        .map(|e| (e.id, e.data.as_slice()))
        .collect();
    assert_eq!(
        got,
        [(t, entries[0]), (t + 1, entries[1]), (t + 2, entries[2])]
    );
    // After an id, at most the limit.
    let page = store.read_inbox(&name, t, 1).await.unwrap();
    assert_eq!(page.entries.len(), 1);
    assert_eq!(page.entries[0].id, t + 1);
    assert_eq!(page.last, t + 2);
    for after in [t + 2, t + 1000, MAX_INBOX_ID, u64::MAX] {
        let page = store.read_inbox(&name, after, 10).await.unwrap();
        assert!(page.entries.is_empty(), "after {after}");
        assert_eq!(page.last, t + 2);
    }
    // An id older than the inbox (an earlier life's) reads it from its start.
    assert_eq!(
        store
            .read_inbox(&name, t - 5, 10)
            .await
            .unwrap()
            .entries
            .len(),
        3
    );
    // A once key: appended once, its id answered after.
    let first = other
        .append_inbox(&name, b"over", Some("game_over:g1"), t)
        .await
        .unwrap();
    assert_eq!(first, t + 3);
    wait_for_version(&mut rx, t + 3, EVENT_WAIT).await;
    for s in [store, other] {
        assert_eq!(
            s.append_inbox(&name, b"again", Some("game_over:g1"), t)
                .await
                .unwrap(),
            first
        );
    }
    let page = store.read_inbox(&name, t + 2, 10).await.unwrap();
    assert_eq!(page.last, t + 3);
    assert_eq!(page.entries.len(), 1);
    assert_eq!(page.entries[0].data, b"over");
    assert_eq!(
        store
            .append_inbox(&name, b"next", Some("game_over:g2"), t)
            .await
            .unwrap(),
        t + 4
    );
    // Concurrent appends from both replicas: each its own id, none lost.
    let mut ids: Vec<u64> = futures_util::future::join_all((0..16u8).map(|i| {
        let s = if i % 2 == 0 { store } else { other };
        let name = &name;
        async move { s.append_inbox(name, &[i], None, t).await.unwrap() }
    }))
    .await;
    ids.sort_unstable();
    assert_eq!(ids, (t + 5..t + 21).collect::<Vec<_>>());
    wait_for_version(&mut rx, t + 20, EVENT_WAIT).await;
    assert_eq!(
        store
            .read_inbox(&name, t + 4, 100)
            .await
            .unwrap()
            .entries
            .len(),
        16
    );
    // Another inbox saw nothing of it, and starts at its own first append's time.
    assert!(!quiet.has_changed().unwrap());
    assert_eq!(
        store.read_inbox(&elsewhere, 0, 10).await.unwrap(),
        InboxPage::default()
    );
    assert_eq!(
        other
            .append_inbox(&elsewhere, b"x", None, t + 7)
            .await
            .unwrap(),
        t + 7
    );
    wait_for_version(&mut quiet, t + 7, EVENT_WAIT).await;
    // Out of bounds: refused before anything is read or written.
    for limit in [0, MAX_INBOX_READ + 1] {
        assert!(matches!(
            store.read_inbox(&name, 0, limit).await,
            Err(StoreError::InvalidKey(_))
        ));
    }
    assert!(matches!(
        store.read_inbox("", 0, 1).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.append_inbox(&"n".repeat(257), b"", None, t).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.append_inbox(&name, b"", Some(""), t).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store
            .append_inbox(&name, &vec![7; MAX_INBOX_ENTRY_LEN + 1], None, t)
            .await,
        Err(StoreError::InvalidWrite(_))
    ));
    assert_eq!(store.read_inbox(&name, 0, 100).await.unwrap().last, t + 20);
}

/// An inbox keeps its last [`MAX_INBOX_ENTRIES`] entries: a read from the start begins at the
/// oldest kept, and a `once` key leaves with its entry.
pub async fn inbox_keeps_the_last_entries(store: &Arc<dyn GameStore>) {
    let name = fresh_name();
    let t = 1_700_000_000_000;
    let n = MAX_INBOX_ENTRIES + 5;
    for i in 0..n {
        let once = format!("k{i}");
        let id = store
            .append_inbox(&name, &i.to_be_bytes(), Some(&once), t)
            .await
            .unwrap();
        assert_eq!(id, t + i);
    }
    let page = store.read_inbox(&name, 0, MAX_INBOX_READ).await.unwrap();
    assert_eq!(page.last, t + n - 1);
    assert_eq!(page.entries.len() as u64, MAX_INBOX_ENTRIES);
    assert_eq!(page.entries[0].id, t + 5);
    assert_eq!(page.entries[0].data, 5u64.to_be_bytes());
    assert!(page.entries.windows(2).all(|w| w[1].id == w[0].id + 1));
    // The once key of a dropped entry is gone with it; a kept one's is still there.
    assert_eq!(
        store
            .append_inbox(&name, b"a", Some("k4"), t)
            .await
            .unwrap(),
        t + n
    );
    assert_eq!(
        store
            .append_inbox(&name, b"b", Some("k7"), t)
            .await
            .unwrap(),
        t + 7
    );
}

fn put<'a>(
    id: &'a str,
    members: &'a [&'a str],
    finished_ms: u64,
    summary: &'a [u8],
) -> ArchivePut<'a> {
    ArchivePut {
        id,
        members,
        finished_ms,
        summary,
        data: summary,
    }
}

/// A member's archived games, every page of `limit`, as (id, finished ms, summary).
async fn archive_all(
    store: &Arc<dyn GameStore>,
    member: &str,
    limit: usize,
) -> Vec<(String, u64, Vec<u8>)> {
    let mut out = Vec::new();
    let mut after: Option<ListCursor> = None;
    loop {
        let page = store
            .archive_page(member, after.as_ref(), limit, unix_ms())
            .await
            .unwrap();
        assert!(page.games.len() <= limit);
        out.extend(page.games.into_iter().map(|g| (g.id, g.listed_ms, g.item)));
        match page.next {
            Some(c) => after = Some(c),
            None => return out,
        }
    }
}

/// The archive: a game's bytes read back by id on either replica; each member's index pages
/// newest first (by finished time, then id, descending) without repeating or skipping; a game
/// archived again is listed once with its new summary; summaries read back by id in the order
/// asked; a game whose retention already ran out is neither kept nor listed; arguments out of
/// bounds are refused.
pub async fn archive_keeps_and_pages(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let (a, b) = (fresh_name(), fresh_name());
    let now = unix_ms();
    let ids: Vec<String> = (0..5).map(|_| fresh_id()).collect();
    // Finished times: two games share one (ordered by id then).
    let times = [
        now - 5_000,
        now - 4_000,
        now - 3_000,
        now - 3_000,
        now - 1_000,
    ];
    for (i, (id, at)) in ids.iter().zip(times).enumerate() {
        let members: Vec<&str> = if i % 2 == 0 { vec![&a, &b] } else { vec![&a] };
        let summary = format!("s{i}");
        let s = if i % 2 == 0 { store } else { other };
        s.archive_put(put(id, &members, at, summary.as_bytes()))
            .await
            .unwrap();
    }
    assert_eq!(
        other.archive_load(&ids[2]).await.unwrap(),
        Some(b"s2".to_vec())
    );
    assert_eq!(store.archive_load(&fresh_id()).await.unwrap(), None);
    let mut want: Vec<(String, u64, Vec<u8>)> = ids
        .iter()
        .zip(times)
        .enumerate()
        .map(|(i, (id, at))| (id.clone(), at, format!("s{i}").into_bytes()))
        .collect();
    want.sort_by(|x, y| (y.1, &y.0).cmp(&(x.1, &x.0)));
    for limit in [1, 2, 3, 5, MAX_LIST_LIMIT] {
        assert_eq!(archive_all(other, &a, limit).await, want, "limit {limit}");
    }
    let only_b: Vec<_> = want
        .iter()
        .filter(|g| [&ids[0], &ids[2], &ids[4]].contains(&&g.0))
        .cloned()
        .collect();
    assert_eq!(archive_all(store, &b, 2).await, only_b);
    assert!(archive_all(store, &fresh_name(), 10).await.is_empty());
    // Archived again (a retried effect, later): listed once in its first place, its summary
    // replaced.
    other
        .archive_put(put(&ids[1], &[&a], times[1] + 500, b"again"))
        .await
        .unwrap();
    let all = archive_all(store, &a, 10).await;
    assert_eq!(all.len(), 5);
    assert!(all.contains(&(ids[1].clone(), times[1], b"again".to_vec())));
    // Summaries by id, in the order asked.
    let unknown = fresh_id();
    assert_eq!(
        other
            .archive_summaries(&b, &[&ids[4], &unknown, &ids[1], &ids[0]], unix_ms())
            .await
            .unwrap(),
        vec![Some(b"s4".to_vec()), None, None, Some(b"s0".to_vec())]
    );
    assert!(
        store
            .archive_summaries(&fresh_name(), &[], unix_ms())
            .await
            .unwrap()
            .is_empty()
    );
    // A game whose time ran out long ago: neither kept nor listed.
    let retention = store.config().archive_retention_ms().unwrap_or(u64::MAX);
    if retention < now {
        let old = fresh_id();
        store
            .archive_put(put(&old, &[&a], now - retention - 1_000, b"old"))
            .await
            .unwrap();
        assert_eq!(store.archive_load(&old).await.unwrap(), None);
        assert_eq!(archive_all(other, &a, 10).await.len(), 5);
    }
    // Out of bounds.
    for limit in [0, MAX_LIST_LIMIT + 1] {
        assert!(matches!(
            store.archive_page(&a, None, limit, unix_ms()).await,
            Err(StoreError::InvalidKey(_))
        ));
    }
    assert!(matches!(
        store.archive_put(put("", &[&a], now, b"")).await,
        Err(StoreError::InvalidKey(_))
    ));
    let big = vec![0u8; super::MAX_ARCHIVE_SUMMARY_LEN + 1];
    assert!(matches!(
        store.archive_put(put(&fresh_id(), &[&a], now, &big)).await,
        Err(StoreError::InvalidWrite(_))
    ));
}

/// With [`ttl_config`]: an archived game is kept for the finished TTL plus the archive's TTL
/// from when it finished, then leaves the store and its members' indexes.
pub async fn archive_expires(store: &Arc<dyn GameStore>) {
    let retention = store.config().archive_retention_ms().unwrap();
    assert_eq!(
        retention,
        u64::try_from((LONG_TTL + ARCHIVE_TTL).as_millis()).unwrap()
    );
    let (member, id, kept) = (fresh_name(), fresh_id(), fresh_id());
    let now = unix_ms();
    store
        .archive_put(put(&id, &[&member], now - retention + 1_500, b"soon"))
        .await
        .unwrap();
    store
        .archive_put(put(&kept, &[&member], now, b"kept"))
        .await
        .unwrap();
    assert_eq!(
        store.archive_load(&id).await.unwrap(),
        Some(b"soon".to_vec())
    );
    assert_eq!(archive_all(store, &member, 10).await.len(), 2);
    tokio::time::sleep(Duration::from_millis(2_000)).await;
    assert_eq!(store.archive_load(&id).await.unwrap(), None);
    let left = archive_all(store, &member, 10).await;
    assert_eq!(left, vec![(kept.clone(), now, b"kept".to_vec())]);
    assert_eq!(
        store
            .archive_summaries(&member, &[&id, &kept], unix_ms())
            .await
            .unwrap(),
        vec![None, Some(b"kept".to_vec())]
    );
}

/// The checks of the shared records with two store instances on one backend (two replicas).
pub async fn run_replicas(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    tokio::join!(
        watch_sees_writes(store, other),
        watch_sees_writes(other, store),
        idem_answers_are_atomic(store, other),
        log_appends_with_the_write(store, other),
        claims_are_exclusive_and_expire(store, other),
        listing_moves_with_writes(store, other),
        accounts_are_unique(store, other),
        account_games_attach_once(store, other),
        preferences_save_and_load(store, other),
        ratings_rate_once(store, other),
        concurrent_ratings(store, other),
        queues_join_take_leave(store, other),
        queues_are_due_only_when_a_take_may_seat(store, other),
        queue_leases_lapse_and_renew(store, other),
        queue_fills_after_the_oldest_waits(store, other),
        racing_takes_pop_each_entry_once(store, other),
        queue_holds_settle(store, other),
        inbox_appends_reads_and_watches(store, other),
        archive_keeps_and_pages(store, other),
    );
    deadlines_due_cancel_reschedule(store, other).await;
    outbox_delivers_each_event(store, other).await;
}

/// `id`'s batch among the records due at `now_ms`, leased for `lease_ms` (others taken on the
/// way stay leased: no other check reads the outbox).
async fn outbox_batch(
    store: &Arc<dyn GameStore>,
    id: &str,
    now_ms: u64,
    lease_ms: u64,
) -> Option<OutboxBatch> {
    store
        .outbox_take(now_ms, lease_ms, MAX_OUTBOX_TAKE)
        .await
        .unwrap()
        .into_iter()
        .find(|b| b.owner == id)
}

/// The outbox: a write's events are recorded with it (only if it succeeds), leased to one
/// worker at a time and again when the lease runs out, in order; acknowledged events leave,
/// twice-acknowledged ones leave once, and events recorded during a lease are not lost.
pub async fn outbox_delivers_each_event(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let id = fresh_id();
    let [e1, e2, e3, e4, e5]: [&[u8]; 5] = [b"created", b"moved", b"finished", b"late", b"later"];
    store
        .write(
            &id,
            Write {
                events: &[e1],
                ..Write::create(1, b"v1")
            },
        )
        .await
        .unwrap();
    store
        .write(
            &id,
            Write {
                events: &[e2],
                ..Write::update(1, 2, b"v2")
            },
        )
        .await
        .unwrap();
    store.write(&id, Write::update(2, 3, b"v3")).await.unwrap();
    let now = unix_ms();
    let batch = outbox_batch(other, &id, now, 1_000)
        .await
        .expect("due after its write");
    assert_eq!(batch.events, owned(&[e1, e2]));
    assert_eq!(batch.lease_until_ms, now + 1_000);
    // Leased: nobody else takes it, until the lease runs out.
    assert!(outbox_batch(store, &id, now + 500, 1_000).await.is_none());
    let again = outbox_batch(store, &id, now + 1_001, 1_000)
        .await
        .expect("lease ran out");
    assert_eq!(again.events, batch.events);
    // The first event applied: the rest is due at once.
    store
        .outbox_ack(&id, &again.events[..1], again.lease_until_ms, now + 1_001)
        .await
        .unwrap();
    let rest = outbox_batch(other, &id, now + 1_001, 1_000)
        .await
        .expect("events left");
    assert_eq!(rest.events, owned(&[e2]));
    // A late acknowledgement of the first event by the worker whose lease ran out removes
    // nothing more.
    other
        .outbox_ack(&id, &batch.events[..1], batch.lease_until_ms, now + 1_001)
        .await
        .unwrap();
    // A write during the lease: acknowledging what was taken keeps what came since.
    store
        .write(
            &id,
            Write {
                events: &[e3],
                ..Write::update(3, 4, b"v4")
            },
        )
        .await
        .unwrap();
    store
        .outbox_ack(&id, &rest.events, rest.lease_until_ms, now + 1_001)
        .await
        .unwrap();
    let later = unix_ms().max(now + 1_001);
    let next = outbox_batch(other, &id, later + OUTBOX_GRACE_MS, 1_000)
        .await
        .expect("the event written during the lease");
    assert_eq!(next.events, owned(&[e3]));
    store
        .write(
            &id,
            Write {
                events: &[e4, e5],
                finished: true,
                ..Write::update(4, 5, b"v5")
            },
        )
        .await
        .unwrap();
    other
        .outbox_ack(&id, &next.events, next.lease_until_ms, later)
        .await
        .unwrap();
    let last = outbox_batch(store, &id, later + 2 * OUTBOX_GRACE_MS, 1_000)
        .await
        .expect("two more");
    assert_eq!(last.events, owned(&[e4, e5]));
    store
        .outbox_ack(&id, &last.events, last.lease_until_ms, later)
        .await
        .unwrap();
    // All applied: the record leaves the index, even after every lease.
    assert!(
        outbox_batch(other, &id, later + 100 * OUTBOX_GRACE_MS, 1_000)
            .await
            .is_none()
    );
    // The game is as written.
    assert_eq!(store.load(&id).await.unwrap().unwrap().version, 5);

    // A lost compare-and-set records no events. It may leave an entry without events (on a
    // cluster the entry goes first), which its acknowledgement removes.
    let quiet = fresh_id();
    store.write(&quiet, Write::create(1, b"v1")).await.unwrap();
    let lost = store
        .write(
            &quiet,
            Write {
                events: &[b"lost"],
                ..Write::update(7, 8, b"x")
            },
        )
        .await;
    assert_eq!(lost, Err(StoreError::Conflict { current: 1 }));
    let far = unix_ms() + 2 * OUTBOX_GRACE_MS;
    if let Some(empty) = outbox_batch(other, &quiet, far, 1_000).await {
        assert!(empty.events.is_empty(), "{empty:?}");
        other
            .outbox_ack(&quiet, &[], empty.lease_until_ms, far)
            .await
            .unwrap();
        assert!(
            outbox_batch(store, &quiet, far + 2_000, 1_000)
                .await
                .is_none()
        );
    }

    // Bounds.
    let many: Vec<&[u8]> = vec![b"e"; MAX_EVENTS_PER_WRITE + 1];
    assert!(matches!(
        store
            .write(
                &fresh_id(),
                Write {
                    events: &many,
                    ..Write::create(1, b"v")
                }
            )
            .await,
        Err(StoreError::InvalidWrite(_))
    ));
    assert!(matches!(
        store.outbox_take(now, 1_000, 0).await,
        Err(StoreError::InvalidKey(_))
    ));
    assert!(matches!(
        store.outbox_take(now, 1_000, MAX_OUTBOX_TAKE + 1).await,
        Err(StoreError::InvalidKey(_))
    ));
}

/// Queue takes in two phases: a take holds its entries under its table; settling it put them
/// back in their places, or forgets them (seated); a hold whose time ran out is handed to one
/// sweeper at a time; a member that waits again is not put back twice.
pub async fn queue_holds_settle(store: &Arc<dyn GameStore>, other: &Arc<dyn GameStore>) {
    let q = fresh_queue();
    let now = unix_ms();
    let (a, b, c) = (fresh_name(), fresh_name(), fresh_name());
    for (i, m) in [&a, &b, &c].into_iter().enumerate() {
        joined(
            store
                .queue_join(join(&q, m, b"x", now + i as u64))
                .await
                .unwrap(),
        );
    }
    let t1 = fresh_queue();
    let h1 = QueueHold {
        table: &t1,
        until_ms: now + 100,
    };
    let taken = store.queue_take(&q, 2, now + 5, h1).await.unwrap();
    assert_eq!(members(&taken), vec![a.as_str(), b.as_str()]);
    let due = |s: &Arc<dyn GameStore>, at: u64, until: u64, t: String| {
        let s = s.clone();
        async move {
            s.queue_holds_due(at, until, 1_000)
                .await
                .unwrap()
                .into_iter()
                .find(|h| h.table == t)
        }
    };
    assert!(
        due(other, now + 50, now + 60, t1.clone()).await.is_none(),
        "not due yet"
    );
    // Not seated: back in their places, before c.
    assert_eq!(
        other
            .queue_settle(&t1, false, now + 60, now + 60_000)
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        store
            .queue_settle(&t1, false, now + 60, now + 60_000)
            .await
            .unwrap(),
        0
    );
    let places = store.queue_entries(&a, now + 61).await.unwrap();
    assert_eq!((places[0].position, places[0].size), (1, 3), "{places:?}");
    assert_eq!(places[0].entry.joined_ms, now);
    // Taken again; its taker stops: the hold is due, to one sweeper at a time.
    let t2 = fresh_queue();
    let h2 = QueueHold {
        table: &t2,
        until_ms: now + 100,
    };
    let again = other.queue_take(&q, 2, now + 70, h2).await.unwrap();
    assert_eq!(members(&again), vec![a.as_str(), b.as_str()]);
    let held = due(store, now + 150, now + 500, t2.clone())
        .await
        .expect("due");
    assert_eq!(
        (held.queue.as_str(), held.entries.clone()),
        (q.as_str(), again.clone())
    );
    assert!(
        due(other, now + 200, now + 600, t2.clone()).await.is_none(),
        "taken over"
    );
    // Seated: forgotten.
    assert_eq!(
        store
            .queue_settle(&t2, true, now + 210, now + 60_000)
            .await
            .unwrap(),
        0
    );
    assert!(
        due(other, now + 10_000, now + 20_000, t2.clone())
            .await
            .is_none()
    );
    assert!(store.queue_entries(&a, now + 211).await.unwrap().is_empty());
    // c is taken alone (a fill), joins again meanwhile: not put back twice.
    let t3 = fresh_queue();
    joined(
        store
            .queue_join(QueueJoin {
                fill_at_ms: Some(now),
                ..join(&q, &c, b"c", now + 212)
            })
            .await
            .unwrap(),
    );
    let h3 = QueueHold {
        table: &t3,
        until_ms: now + 1_000,
    };
    assert_eq!(
        members(&store.queue_take(&q, 4, now + 213, h3).await.unwrap()),
        vec![c.as_str()]
    );
    joined(
        other
            .queue_join(join(&q, &c, b"c2", now + 214))
            .await
            .unwrap(),
    );
    assert_eq!(
        store
            .queue_settle(&t3, false, now + 215, now + 60_000)
            .await
            .unwrap(),
        0
    );
    let places = store.queue_entries(&c, now + 216).await.unwrap();
    assert_eq!(
        (places.len(), places[0].entry.data.as_slice()),
        (1, &b"c2"[..])
    );
    assert!(matches!(
        store.queue_settle("no spaces", true, now, now).await,
        Err(StoreError::InvalidKey(_))
    ));
}

/// Every check above, concurrently (with `store` as both replicas).
pub async fn run_basic(store: &Arc<dyn GameStore>) {
    tokio::join!(
        create_load_roundtrip(store),
        version_follows_writes(store),
        create_twice_is_already_exists(store),
        load_unknown_is_none(store),
        save_if_with_right_version_bumps(store),
        save_if_with_stale_version_conflicts(store),
        save_if_unknown_is_not_found(store),
        concurrent_save_if_has_one_winner(store),
        ping_and_backend(store),
        watch_sees_writes(store, store),
        idem_answers_are_atomic(store, store),
        log_appends_with_the_write(store, store),
        deadlines_due_cancel_reschedule(store, store),
        claims_are_exclusive_and_expire(store, store),
        listing_moves_with_writes(store, store),
        listing_pages_newest_first(store),
        accounts_are_unique(store, store),
        account_games_attach_once(store, store),
        preferences_save_and_load(store, store),
        ratings_rate_once(store, store),
        concurrent_ratings(store, store),
        board_pages(store),
        queues_join_take_leave(store, store),
        queues_are_due_only_when_a_take_may_seat(store, store),
        queue_leases_lapse_and_renew(store, store),
        queue_fills_after_the_oldest_waits(store, store),
        racing_takes_pop_each_entry_once(store, store),
        queue_holds_settle(store, store),
        inbox_appends_reads_and_watches(store, store),
        inbox_keeps_the_last_entries(store),
        archive_keeps_and_pages(store, store),
    );
    outbox_delivers_each_event(store, store).await;
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

/// With [`ttl_config`]: a game's log expires with it, following the TTL of the game's last write
/// (a write without entries included), and an id created again starts with an empty log.
pub async fn log_expires_with_the_game(store: &Arc<dyn GameStore>) {
    let log = |entry: &'static [u8]| -> [&'static [u8]; 1] { [entry] };
    let active = fresh_id();
    let finished = fresh_id();
    let finished_later = fresh_id();
    let reopened = fresh_id();
    let refreshed = fresh_id();
    for id in [&active, &finished_later, &refreshed] {
        store
            .write(
                id,
                Write {
                    log: &log(b"a"),
                    ..Write::create(1, b"x")
                },
            )
            .await
            .unwrap();
    }
    for id in [&finished, &reopened] {
        store
            .write(
                id,
                Write {
                    log: &log(b"f"),
                    finished: true,
                    ..Write::create(1, b"x")
                },
            )
            .await
            .unwrap();
    }
    // Finished by a write with an entry: the whole log gets the long TTL.
    store
        .write(
            &finished_later,
            Write {
                log: &log(b"b"),
                finished: true,
                ..Write::update(1, 2, b"y")
            },
        )
        .await
        .unwrap();
    // Saved as active again by a write without entries: the log gets the short TTL back.
    store.save_if(&reopened, 1, 2, b"y", false).await.unwrap();
    // Halfway, a write without entries refreshes the log too.
    tokio::time::sleep(SHORT_TTL * 6 / 10).await;
    store.save_if(&refreshed, 1, 2, b"y", false).await.unwrap();
    tokio::time::sleep(SHORT_TTL * 65 / 100).await;
    // At 1.25 TTL.
    assert_eq!(store.load_log(&finished, 0).await.unwrap(), owned(&[b"f"]));
    assert_eq!(
        store.load_log(&finished_later, 0).await.unwrap(),
        owned(&[b"a", b"b"])
    );
    assert_eq!(store.load_log(&refreshed, 0).await.unwrap(), owned(&[b"a"]));
    for id in [&active, &reopened] {
        assert_eq!(store.load(id).await.unwrap(), None, "game expired");
        assert!(
            store.load_log(id, 0).await.unwrap().is_empty(),
            "the log expired with its game"
        );
    }
    // Created again: an empty log, or only the new entries.
    store.create(&active, 1, b"again", false).await.unwrap();
    assert!(store.load_log(&active, 0).await.unwrap().is_empty());
    store
        .write(
            &reopened,
            Write {
                log: &log(b"new"),
                ..Write::create(1, b"again")
            },
        )
        .await
        .unwrap();
    assert_eq!(
        store.load_log(&reopened, 0).await.unwrap(),
        owned(&[b"new"])
    );
}

/// With [`ttl_config`]: a write with [`Write::keep_expiry`] changes the game but leaves the
/// expiry of the game and of its log as the last write set it, whatever its `finished` says.
pub async fn keep_expiry_leaves_the_expiry(store: &Arc<dyn GameStore>) {
    let active = fresh_id();
    let finished = fresh_id();
    for (id, done) in [(&active, false), (&finished, true)] {
        store
            .write(
                id,
                Write {
                    log: &[b"a"],
                    finished: done,
                    ..Write::create(1, b"x")
                },
            )
            .await
            .unwrap();
    }
    // Halfway through the short TTL, writes that keep the expiry (each claiming the other kind).
    tokio::time::sleep(SHORT_TTL * 6 / 10).await;
    for (id, done) in [(&active, true), (&finished, false)] {
        store
            .write(
                id,
                Write {
                    keep_expiry: true,
                    finished: done,
                    ..Write::update(1, 2, b"y")
                },
            )
            .await
            .unwrap();
        assert_eq!(store.load(id).await.unwrap().unwrap().data, b"y");
    }
    // At 1.25 TTL: the active game expired on its first expiry, log and all; the finished one
    // still has the long TTL.
    tokio::time::sleep(SHORT_TTL * 65 / 100).await;
    assert_eq!(
        store.load(&active).await.unwrap(),
        None,
        "kept expiry ran out"
    );
    assert!(store.load_log(&active, 0).await.unwrap().is_empty());
    assert_eq!(store.load(&finished).await.unwrap().unwrap().version, 2);
    assert_eq!(store.load_log(&finished, 0).await.unwrap(), owned(&[b"a"]));
}

/// The TTL checks, concurrently (about 2.5 × [`SHORT_TTL`]).
pub async fn run_ttl(store: &Arc<dyn GameStore>) {
    tokio::join!(
        ttl_expires_and_writes_refresh(store),
        finished_and_active_ttls(store),
        log_expires_with_the_game(store),
        keep_expiry_leaves_the_expiry(store),
        listing_expires_with_the_game(store),
        archive_expires(store),
    );
}
