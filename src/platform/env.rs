//! The platform's wiring (as `lila`'s `Env`): [`Platform`], the service its concerns'
//! handlers, sweeper and worker call, over the game core's service, with its settings.

use std::sync::Arc;

use crate::games::GameService;
use crate::store::GameStore;

use super::limits::BotLimit;
use super::limits::MatchBounds;

/// The duplicate matches a bot may ask for per hour unless configured otherwise.
pub const DEFAULT_MATCHES_PER_HOUR: u32 = 20;

/// The challenges a bot may make per hour unless configured otherwise.
pub const DEFAULT_CHALLENGES_PER_HOUR: u32 = 60;

/// Upcoming or running arenas a bot may have created at once unless configured otherwise
/// (`ARENAS_PER_BOT`).
pub const DEFAULT_ARENAS_PER_BOT: u32 = 2;

/// Upcoming or running arenas the server holds at once unless configured otherwise
/// (`ARENAS_ACTIVE`).
pub const DEFAULT_ARENAS_ACTIVE: u32 = 100;

/// How long a bot's place in a matchmaking queue holds without a renewal, unless configured
/// otherwise (`QUEUE_LEASE_MS`).
pub const DEFAULT_QUEUE_LEASE_MS: u64 = 60_000;

/// The platform's service: what its handlers, its sweeper and its worker call. It holds the
/// game core's service, through which it creates and reads games.
#[derive(Clone)]
pub struct Platform {
    pub(super) games: GameService,
    /// How long a bot's place in a matchmaking queue holds without a renewal (ms).
    pub(super) queue_lease_ms: u64,
    /// How many duplicate matches a bot may ask for (`MATCHES_PER_HOUR`); None: no limit.
    pub(super) match_limit: Option<BotLimit>,
    /// How many challenges a bot may make (`CHALLENGES_PER_HOUR`); None: no limit.
    pub(super) challenge_limit: Option<BotLimit>,
    /// How many duplicate matches a bot, and the server, may run at once
    /// (`MATCHES_RUNNING_PER_BOT`, `MATCHES_RUNNING`), counted in the store.
    pub(super) match_bounds: MatchBounds,
    /// How many upcoming or running arenas a bot may have created, and the server may hold
    /// (`ARENAS_PER_BOT`, `ARENAS_ACTIVE`; 0: no bound).
    pub(super) arena_bounds: (u32, u32),
}

impl Platform {
    /// The platform over the game core's service (and so over its store).
    pub fn new(games: GameService) -> Self {
        Platform {
            games,
            queue_lease_ms: DEFAULT_QUEUE_LEASE_MS,
            match_limit: BotLimit::hourly("matches", DEFAULT_MATCHES_PER_HOUR),
            challenge_limit: BotLimit::hourly("challenges", DEFAULT_CHALLENGES_PER_HOUR),
            match_bounds: MatchBounds::default(),
            arena_bounds: (DEFAULT_ARENAS_PER_BOT, DEFAULT_ARENAS_ACTIVE),
        }
    }

    /// The same platform allowing each bot `per_hour` duplicate matches an hour (0: no limit).
    #[must_use]
    pub fn with_matches_per_hour(mut self, per_hour: u32) -> Self {
        self.match_limit = BotLimit::hourly("matches", per_hour);
        self
    }

    /// The same platform allowing each bot `per_hour` challenges an hour (0: no limit).
    #[must_use]
    pub fn with_challenges_per_hour(mut self, per_hour: u32) -> Self {
        self.challenge_limit = BotLimit::hourly("challenges", per_hour);
        self
    }

    /// The same platform letting each bot run `per_bot` duplicate matches at once and the server
    /// `total` (0: no bound).
    #[must_use]
    pub fn with_running_matches(mut self, per_bot: u32, total: u32) -> Self {
        self.match_bounds = MatchBounds::new(per_bot, total);
        self
    }

    /// The same platform letting each bot have `per_bot` upcoming or running arenas it created
    /// and the server `total` (0: no bound).
    #[must_use]
    pub fn with_arena_bounds(mut self, per_bot: u32, total: u32) -> Self {
        self.arena_bounds = (per_bot, total);
        self
    }

    /// The same platform with this matchmaking lease (at least 1 ms).
    #[must_use]
    pub fn with_queue_lease(mut self, lease: std::time::Duration) -> Self {
        self.queue_lease_ms = u64::try_from(lease.as_millis()).unwrap_or(u64::MAX).max(1);
        self
    }

    /// A copy for one web worker (see [`GameService::for_this_thread`]).
    #[must_use]
    pub fn for_this_thread(&self) -> Self {
        Platform {
            games: self.games.for_this_thread(),
            queue_lease_ms: self.queue_lease_ms,
            match_limit: self.match_limit.clone(),
            challenge_limit: self.challenge_limit.clone(),
            match_bounds: self.match_bounds,
            arena_bounds: self.arena_bounds,
        }
    }

    /// The game core's service.
    pub fn games(&self) -> &GameService {
        &self.games
    }

    /// The store.
    pub(super) fn store(&self) -> &Arc<dyn GameStore> {
        self.games.store()
    }
}
