//! The games this replica works on in the background (house players' steps, a sweeper's
//! fallback move), so that it runs one task per game.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// The set of games worked on.
#[derive(Clone, Default)]
pub(super) struct Busy(Arc<Mutex<HashSet<String>>>);

impl Busy {
    /// Marks game `id` as worked on: `None` if it already is.
    pub(super) fn begin(&self, id: &str) -> Option<BusyGuard> {
        let mut busy = self.0.lock().unwrap_or_else(|e| e.into_inner());
        busy.insert(id.to_owned()).then(|| BusyGuard {
            busy: self.0.clone(),
            id: id.to_owned(),
        })
    }
}

/// A game marked busy by [`GameService::begin_work`](crate::games::GameService::begin_work); dropping it ends the mark.
pub struct BusyGuard {
    busy: Arc<Mutex<HashSet<String>>>,
    id: String,
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.busy
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.id);
    }
}
