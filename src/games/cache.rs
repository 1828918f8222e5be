//! The game cache: recently used games of this replica, and when it last set their expiry.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use bytes::Bytes;

use super::record::GameRecord;
use crate::engine::{MAX_SEATS, Viewer};

/// A cached game: the version and the record as last written or read here, the views of that
/// version rendered so far, and when this replica last set the game's expiry (`None`: not
/// known, as after a read).
#[derive(Clone)]
struct Cached {
    entry: Arc<(u64, GameRecord)>,
    views: Arc<RenderedViews>,
    expiry_set: Option<ExpirySet>,
}

/// A version of a game and its record, with the views of it rendered so far.
pub(super) type WithViews = (Arc<(u64, GameRecord)>, Arc<RenderedViews>);

/// The JSON of one version of a game as each reader sees it (every seat, and the spectator),
/// rendered by the first request that asks and answered as it is to the next ones: a view is
/// fully determined by the game's version and its reader. It lives as long as that version is
/// the cached one, so it holds at most one version's views of each cached game.
#[derive(Default)]
pub(super) struct RenderedViews([OnceLock<Bytes>; MAX_SEATS + 1]);

impl RenderedViews {
    /// `viewer`'s view, rendered by `render` if no request has yet.
    pub(super) fn get_or_render<E>(
        &self,
        viewer: Viewer,
        render: impl FnOnce() -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        let slot = match viewer {
            Viewer::Seat(seat) => self.0[..MAX_SEATS].get(usize::from(seat)),
            Viewer::Spectator => self.0.last(),
        };
        let Some(slot) = slot else {
            return render();
        };
        if let Some(json) = slot.get() {
            return Ok(json.clone());
        }
        let json = render()?;
        Ok(slot.get_or_init(|| json).clone())
    }
}

/// A write that set a game's expiry: when it was sent, and for which kind of game.
#[derive(Clone, Copy, Debug)]
pub(super) struct ExpirySet {
    pub(super) at: Instant,
    pub(super) finished: bool,
}

/// How often, at most, this replica sets the expiry of a game it keeps writing: once per
/// 1/64 of the TTL. Setting it costs Redis two `PEXPIRE`s, more than the rest of a move's
/// write, and an expiry set a moment ago is as good: a game still expires between 63/64 of the
/// TTL and the whole TTL after its last move. A write that appends to the log, finishes (or
/// reopens) the game, follows a read, or is the first of this replica, sets it again.
const EXPIRY_REFRESH_DIVISOR: u32 = 64;

impl ExpirySet {
    /// Whether a write of a game `finished` (or not) with TTL `ttl`, sent now, may keep the
    /// expiry set by `self`.
    pub(super) fn still_fresh(self, finished: bool, ttl: Duration, now: Instant) -> bool {
        self.finished == finished
            && now.saturating_duration_since(self.at) < ttl / EXPIRY_REFRESH_DIVISOR
    }
}

/// Recently used games, by id (none if the service keeps none).
#[derive(Clone, Default)]
pub(super) struct GameCache(Option<Arc<quick_cache::sync::Cache<String, Cached>>>);

impl GameCache {
    /// A cache of up to `games` games (0 keeps none).
    pub(super) fn new(games: usize) -> Self {
        GameCache((games > 0).then(|| Arc::new(quick_cache::sync::Cache::new(games))))
    }

    /// Takes a game out of the cache for an update. The record is moved out rather than
    /// copied unless a reader still holds it; while the update runs, other requests for the
    /// game read the store.
    pub(super) fn take(&self, id: &str) -> Option<(u64, GameRecord, Option<ExpirySet>)> {
        let (_, hit) = self.0.as_ref()?.remove(id)?;
        let (version, record) = Arc::try_unwrap(hit.entry).unwrap_or_else(|e| (*e).clone());
        Some((version, record, hit.expiry_set))
    }

    /// Remembers `entry` (a version and its record) unless a newer version is cached, with
    /// when this replica last set the game's expiry.
    pub(super) fn put(
        &self,
        id: &str,
        entry: &Arc<(u64, GameRecord)>,
        expiry_set: Option<ExpirySet>,
    ) {
        if let Some(cache) = &self.0
            && cache.get(id).is_none_or(|c| c.entry.0 < entry.0)
        {
            cache.insert(
                id.to_owned(),
                Cached {
                    entry: entry.clone(),
                    views: Arc::default(),
                    expiry_set,
                },
            );
        }
    }

    /// Forgets game `id`.
    pub(super) fn remove(&self, id: &str) {
        if let Some(cache) = &self.0 {
            cache.remove(id);
        }
    }

    /// The cached version and record of game `id` with the views of it rendered so far.
    pub(super) fn get_with_views(&self, id: &str) -> Option<WithViews> {
        let hit = self.0.as_ref()?.get(id)?;
        Some((hit.entry, hit.views))
    }
}
