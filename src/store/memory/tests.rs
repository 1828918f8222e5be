use super::*;
use crate::store::{GameStore, StoreError};
use std::time::Duration;

#[tokio::test]
async fn sweeps_expired_entries() {
    let store = MemoryStore::new(StoreConfig {
        game_ttl: Duration::from_millis(1),
        ..StoreConfig::default()
    });
    for i in 0..10 {
        store
            .create(&format!("g{i}"), 1, b"x", false)
            .await
            .unwrap();
    }
    std::thread::sleep(Duration::from_millis(5));
    assert_eq!(store.len(), 10);
    for i in 0..MIN_WRITES_BETWEEN_SWEEPS {
        store
            .create(&format!("h{i}"), 1, b"x", false)
            .await
            .unwrap();
    }
    // The sweep ran at least once and dropped the first ten (and some of the new ones).
    assert!(store.len() <= MIN_WRITES_BETWEEN_SWEEPS, "{}", store.len());
    assert!(store.load("g0").await.unwrap().is_none());
}

#[tokio::test]
async fn a_full_store_refuses_creates_until_games_expire() {
    let store = MemoryStore::new(StoreConfig {
        game_ttl: Duration::from_millis(30),
        max_games: 3,
        ..StoreConfig::default()
    });
    for i in 0..3 {
        store
            .create(&format!("g{i}"), 1, b"x", false)
            .await
            .unwrap();
    }
    assert!(matches!(
        store.create("g3", 1, b"x", false).await,
        Err(StoreError::Full)
    ));
    assert!(store.load("g3").await.unwrap().is_none());
    std::thread::sleep(Duration::from_millis(40));
    // A full store sweeps before it refuses: the expired games make room.
    store.create("g3", 1, b"x", false).await.unwrap();
    assert_eq!(store.len(), 1);
}

#[tokio::test]
async fn expired_games_leave_memory_without_writes() {
    let store = MemoryStore::new(StoreConfig {
        game_ttl: Duration::from_millis(1),
        ..StoreConfig::default()
    });
    for i in 0..10 {
        store
            .create(&format!("g{i}"), 1, b"x", false)
            .await
            .unwrap();
        store.schedule_deadline(&format!("g{i}"), 5).await.unwrap();
    }
    std::thread::sleep(Duration::from_millis(5));
    assert_eq!(store.len(), 10);
    // The turn-clock task reads the index: that sweeps (the first read, then every period).
    store.lock().last_sweep = None;
    assert!(store.due_deadlines(10, 64).await.unwrap().is_empty());
    assert_eq!(store.len(), 0);
}

#[tokio::test]
async fn zero_ttl_never_expires() {
    let store = MemoryStore::new(StoreConfig {
        game_ttl: Duration::ZERO,
        ..StoreConfig::default()
    });
    store.create("g", 1, b"x", false).await.unwrap();
    assert!(store.load("g").await.unwrap().is_some());
}

/// The archive holds at most `max_games` games' bytes, the oldest leaving first.
#[tokio::test]
async fn the_archive_is_capped() {
    use crate::store::ArchivePut;
    let store = MemoryStore::new(StoreConfig {
        max_games: 3,
        ..StoreConfig::default()
    });
    let now = crate::store::outbox::unix_ms();
    for i in 0..5u64 {
        let id = format!("g{i}");
        store
            .archive_put(ArchivePut {
                id: &id,
                members: &["m"],
                finished_ms: now - 10 + i,
                summary: b"s",
                data: id.as_bytes(),
            })
            .await
            .unwrap();
    }
    assert_eq!(store.archive_load("g0").await.unwrap(), None);
    assert_eq!(store.archive_load("g1").await.unwrap(), None);
    for i in 2..5 {
        let id = format!("g{i}");
        assert_eq!(
            store.archive_load(&id).await.unwrap(),
            Some(id.into_bytes())
        );
    }
}
