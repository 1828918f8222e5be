//! The local end of change notifications: one `watch` channel per watched game.
//!
//! Every store keeps one [`WatchHub`]. `GameStore::watch` subscribes to an entry (creating it on
//! first use); writes (memory) or pub/sub messages (Redis) feed it. An entry lives only while it
//! has receivers: entries whose receivers are all gone are dropped when touched, and by a sweep
//! amortized over new subscriptions, so the hub stays as large as the set of watched games.

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::watch;

/// Watched games, by a key chosen by the store (the game id, or its Redis channel name).
#[derive(Debug, Default)]
pub(crate) struct WatchHub {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    senders: HashMap<String, watch::Sender<u64>>,
    /// New entries since the last sweep.
    inserts_since_sweep: usize,
}

/// Sweep at the latest after this many new entries (or after as many as there are entries, if
/// that is more, so a sweep costs O(1) per new entry amortized).
const MIN_INSERTS_BETWEEN_SWEEPS: usize = 64;

impl WatchHub {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // Every update is a single map operation: a poisoned lock is still consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver for `key`; `true` with it if the entry is new (nobody watched `key`).
    pub(crate) fn subscribe(&self, key: &str) -> (watch::Receiver<u64>, bool) {
        let mut inner = self.lock();
        if let Some(tx) = inner.senders.get(key) {
            return (tx.subscribe(), false);
        }
        inner.inserts_since_sweep += 1;
        if inner.inserts_since_sweep >= MIN_INSERTS_BETWEEN_SWEEPS.max(inner.senders.len()) {
            inner.senders.retain(|_, tx| tx.receiver_count() > 0);
            inner.inserts_since_sweep = 0;
        }
        let (tx, rx) = watch::channel(0);
        inner.senders.insert(key.to_owned(), tx);
        (rx, true)
    }

    /// A write stored `version` for `key`: tell its receivers (even if the value is unchanged:
    /// it is a new write). Cheap when nobody watches `key` (one lookup, no allocation).
    pub(crate) fn notify(&self, key: &str, version: u64) {
        self.update(key, version, true);
    }

    /// A re-read found `version` for `key`: tell its receivers only if that differs from what
    /// they have.
    pub(crate) fn resync(&self, key: &str, version: u64) {
        self.update(key, version, false);
    }

    fn update(&self, key: &str, version: u64, always: bool) {
        let mut inner = self.lock();
        let Some(tx) = inner.senders.get(key) else {
            return;
        };
        if tx.receiver_count() == 0 {
            inner.senders.remove(key);
            return;
        }
        tx.send_if_modified(|v| {
            let changed = *v != version;
            *v = version;
            changed || always
        });
    }

    /// The keys that have receivers now (dropping the entries that have none).
    pub(crate) fn live_keys(&self) -> Vec<String> {
        let mut inner = self.lock();
        inner.senders.retain(|_, tx| tx.receiver_count() > 0);
        inner.senders.keys().cloned().collect()
    }

    /// Drop the entries that have no receivers.
    pub(crate) fn sweep(&self) {
        self.lock().senders.retain(|_, tx| tx.receiver_count() > 0);
    }

    /// How many entries are held (some may have lost their receivers since the last sweep).
    pub(crate) fn len(&self) -> usize {
        self.lock().senders.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notifies_and_forgets_unwatched_games() {
        let hub = WatchHub::default();
        let (mut a, new) = hub.subscribe("g");
        assert!(new);
        let (b, new) = hub.subscribe("g");
        assert!(!new);
        assert_eq!(*a.borrow(), 0);
        hub.notify("g", 3);
        assert!(a.has_changed().unwrap());
        assert_eq!(*a.borrow_and_update(), 3);
        assert_eq!(*b.borrow(), 3);
        // A re-read of the same version is not a change; a write of it is.
        hub.resync("g", 3);
        assert!(!a.has_changed().unwrap());
        hub.notify("g", 3);
        assert!(a.has_changed().unwrap());
        // Unwatched keys cost nothing and create nothing.
        hub.notify("other", 1);
        assert_eq!(hub.len(), 1);
        drop(a);
        hub.notify("g", 4);
        assert_eq!(hub.len(), 1, "b still watches");
        drop(b);
        hub.notify("g", 5);
        assert_eq!(hub.len(), 0, "dropped on the first write without receivers");
        // Entries nobody writes to are swept as new ones come.
        for i in 0..MIN_INSERTS_BETWEEN_SWEEPS * 3 {
            drop(hub.subscribe(&format!("k{i}")));
        }
        assert!(hub.len() <= MIN_INSERTS_BETWEEN_SWEEPS, "{}", hub.len());
        hub.sweep();
        assert_eq!(hub.len(), 0);
        let (_keep, _) = hub.subscribe("kept");
        drop(hub.subscribe("gone"));
        assert_eq!(hub.live_keys(), vec!["kept".to_owned()]);
    }
}
