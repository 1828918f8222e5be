//! The in-process store: a map behind a mutex.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use async_trait::async_trait;

use super::{GameStore, StoreConfig, StoreError, StoredGame};

/// Games kept in this process's memory, with the same semantics as the Redis stores.
///
/// For `cargo run` on a bare machine and for tests: the games are lost when the process stops and
/// are not shared between replicas. Expiry is lazy: an expired game is invisible at once and is
/// dropped from memory the next time it is touched or during an occasional sweep of the whole map
/// (amortized over writes, so memory stays bounded by the live games).
#[derive(Debug)]
pub struct MemoryStore {
    config: StoreConfig,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    games: HashMap<String, Entry>,
    /// Writes since the last sweep of expired entries.
    writes_since_sweep: usize,
}

#[derive(Debug)]
struct Entry {
    version: u64,
    data: Vec<u8>,
    /// `None`: never expires (a zero TTL).
    expires_at: Option<Instant>,
}

impl Entry {
    fn is_live(&self, now: Instant) -> bool {
        self.expires_at.is_none_or(|at| now < at)
    }
}

/// Sweep at the latest after this many writes (or after as many writes as there are entries, if
/// that is more, so a sweep costs O(1) per write amortized).
const MIN_WRITES_BETWEEN_SWEEPS: usize = 1024;

impl MemoryStore {
    /// An empty store.
    pub fn new(config: StoreConfig) -> Self {
        Self {
            config,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The number of games held in memory, expired ones not yet swept included (for tests and
    /// metrics).
    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    /// Whether no game is held in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave a half-written entry (every update is a
        // single assignment), so a poisoned lock is still consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn expiry(&self, now: Instant, finished: bool) -> Option<Instant> {
        let ttl = self.config.ttl(finished);
        if ttl.is_zero() {
            None
        } else {
            // A TTL too long for the clock never runs out.
            now.checked_add(ttl)
        }
    }
}

impl Inner {
    fn after_write(&mut self, now: Instant) {
        self.writes_since_sweep += 1;
        if self.writes_since_sweep >= MIN_WRITES_BETWEEN_SWEEPS.max(self.games.len()) {
            self.games.retain(|_, e| e.is_live(now));
            self.writes_since_sweep = 0;
        }
    }

    /// The live entry at `id`, dropping it first if it has expired.
    fn live(&mut self, id: &str, now: Instant) -> Option<&mut Entry> {
        if self.games.get(id).is_some_and(|e| !e.is_live(now)) {
            self.games.remove(id);
        }
        self.games.get_mut(id)
    }
}

#[async_trait]
impl GameStore for MemoryStore {
    async fn create(
        &self,
        id: &str,
        version: u64,
        data: &[u8],
        finished: bool,
    ) -> Result<(), StoreError> {
        let now = Instant::now();
        let expires_at = self.expiry(now, finished);
        let mut inner = self.lock();
        if inner.live(id, now).is_some() {
            return Err(StoreError::AlreadyExists);
        }
        inner.games.insert(
            id.to_owned(),
            Entry {
                version,
                data: data.to_vec(),
                expires_at,
            },
        );
        inner.after_write(now);
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        Ok(inner.live(id, now).map(|e| StoredGame {
            version: e.version,
            data: e.data.clone(),
        }))
    }

    async fn save_if(
        &self,
        id: &str,
        expected: u64,
        new_version: u64,
        data: &[u8],
        finished: bool,
    ) -> Result<(), StoreError> {
        let now = Instant::now();
        let expires_at = self.expiry(now, finished);
        let mut inner = self.lock();
        let entry = inner.live(id, now).ok_or(StoreError::NotFound)?;
        if entry.version != expected {
            return Err(StoreError::Conflict {
                current: entry.version,
            });
        }
        entry.version = new_version;
        entry.data = data.to_vec();
        entry.expires_at = expires_at;
        inner.after_write(now);
        Ok(())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn backend(&self) -> &'static str {
        "memory"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    async fn zero_ttl_never_expires() {
        let store = MemoryStore::new(StoreConfig {
            game_ttl: Duration::ZERO,
            ..StoreConfig::default()
        });
        store.create("g", 1, b"x", false).await.unwrap();
        assert!(store.load("g").await.unwrap().is_some());
    }
}
