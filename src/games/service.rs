//! The service handlers call: its parts (the store, the metrics, the cache, the busy set, the
//! push settings), and a game's load. What it does is in the modules beside this one: `games`,
//! `actions`, `timeouts` (turn clocks), all through `update`.

use std::sync::Arc;

use super::busy::{Busy, BusyGuard};
use super::cache::{GameCache, WithViews};
use super::push::Push;
use super::record::GameRecord;
use crate::error::Error;
use crate::metrics::Metrics;
use crate::store::GameStore;

/// The service handlers call.
#[derive(Clone)]
pub struct GameService {
    pub(super) store: Arc<dyn GameStore>,
    pub(super) metrics: Metrics,
    pub(super) cache: GameCache,
    pub(super) push: Push,
    /// Games this replica works on in the background (house players' steps, a sweeper's
    /// fallback move), so that it runs one task per game.
    pub(super) busy: Busy,
    /// This replica's outbox worker's wake-up, rung by writes with events.
    pub(super) outbox_wake: super::events::OutboxWake,
    /// The expert house players' budget in each lane.
    pub(super) house: super::house::HouseBudgets,
}

impl GameService {
    /// A service over a store, keeping up to `cached_games` recently used games in memory (0
    /// keeps none) so that a move usually costs one store round trip: the compare-and-set.
    /// The cache is only a guess: a stale entry fails the compare-and-set and is reloaded, so
    /// replicas stay stateless.
    pub fn new(store: Arc<dyn GameStore>, metrics: Metrics, cached_games: usize) -> Self {
        GameService {
            store,
            metrics,
            cache: GameCache::new(cached_games),
            push: Push::default(),
            busy: Busy::default(),
            outbox_wake: Default::default(),
            house: Default::default(),
        }
    }

    /// The same service with these budgets for the expert house players.
    #[must_use]
    pub fn with_house_budgets(mut self, house: super::house::HouseBudgets) -> Self {
        self.house = house;
        self
    }

    /// The same service with these push settings.
    #[must_use]
    pub fn with_push(mut self, push: Push) -> Self {
        self.push = push;
        self
    }

    /// The push settings and the shutdown signal.
    pub fn push(&self) -> &Push {
        &self.push
    }

    /// A copy for one web worker: the same games, cache and metrics, with the store's
    /// connections driven on the calling worker's thread where the store supports that (see
    /// [`GameStore::thread_local_copy`]).
    #[must_use]
    pub fn for_this_thread(&self) -> Self {
        GameService {
            store: self
                .store
                .thread_local_copy()
                .unwrap_or_else(|| self.store.clone()),
            metrics: self.metrics.clone(),
            cache: self.cache.clone(),
            push: self.push.clone(),
            busy: self.busy.clone(),
            outbox_wake: self.outbox_wake.clone(),
            house: self.house,
        }
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    /// The metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The wake-up its writes with events ring (the outbox's worker waits on it).
    pub fn outbox_wake(&self) -> &super::events::OutboxWake {
        &self.outbox_wake
    }

    /// Game `id` as the store holds it now, and the views of that version rendered so far. When
    /// the cache holds the game, the store's version decides (one read of a few bytes): if it
    /// is the cached one, the cached record (and its rendered views) is the answer, as a
    /// version is written once, so the same version is the same game; otherwise, and when the
    /// cache does not hold the game, the game is read and decoded.
    pub(super) async fn load_with_views(&self, id: &str) -> Result<WithViews, Error> {
        if let Some(hit) = self.cache.get_with_views(id) {
            match self.store.version(id).await? {
                Some(version) if version == hit.0.0 => return Ok(hit),
                Some(_) => {}
                None => return Err(Error::GameNotFound(id.to_owned())),
            }
        }
        self.read(id).await
    }

    /// Game `id` read from the store and decoded (one read), now the cached one.
    pub(super) async fn read(&self, id: &str) -> Result<WithViews, Error> {
        let stored = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| Error::GameNotFound(id.to_owned()))?;
        if let Some(hit) = self.cache.get_with_views(id)
            && hit.0.0 == stored.version
        {
            return Ok(hit);
        }
        let entry = Arc::new((stored.version, GameRecord::decode(&stored.data)?));
        self.cache.put(id, &entry, None);
        let views = match self.cache.get_with_views(id) {
            Some((cached, views)) if Arc::ptr_eq(&cached, &entry) => views,
            // The cache keeps no games, or a newer version arrived meanwhile.
            _ => Arc::default(),
        };
        Ok((entry, views))
    }

    /// Game `id` as the store holds it now (see [`load_with_views`](Self::load_with_views)).
    pub async fn load(&self, id: &str) -> Result<Arc<(u64, GameRecord)>, Error> {
        Ok(self.load_with_views(id).await?.0)
    }

    /// Marks game `id` as worked on by a background task of this replica: `None` if one
    /// already is.
    pub fn begin_work(&self, id: &str) -> Option<BusyGuard> {
        self.busy.begin(id)
    }
}
