//! Limits per bot account: a token bucket per bot (keyed by its folded name, from `governor`),
//! counted by each replica: how many duplicate matches a bot may ask for; and the bounds on the
//! matches running at once (`MatchBounds`, counted in the store by `running`).

use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::{Error, RatePolicy};

/// `per_hour` a hour, in bursts of as many, as the limit `name`; None when 0.
pub(crate) fn hourly(name: &'static str, per_hour: u32) -> Option<(Quota, RatePolicy)> {
    let n = NonZeroU32::new(per_hour)?;
    let period = std::time::Duration::from_secs(3600) / n.get();
    let quota = Quota::with_period(period)?.allow_burst(n);
    let policy = RatePolicy {
        name,
        allowance: n.get(),
        window_secs: 3600,
        burst: n.get(),
    };
    Some((quota, policy))
}

/// The whole seconds until `not_until` (rounded up).
pub(crate) fn seconds_until(
    not_until: &governor::NotUntil<<DefaultClock as Clock>::Instant>,
) -> u64 {
    let wait = not_until.wait_time_from(DefaultClock::default().now());
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

/// A limit per bot account (keyed by its folded name), shared by every worker of a replica.
#[derive(Clone)]
pub struct BotLimit {
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
    seen: Arc<AtomicU64>,
    policy: RatePolicy,
}

impl std::fmt::Debug for BotLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotLimit")
            .field("policy", &self.policy)
            .finish_non_exhaustive()
    }
}

impl BotLimit {
    /// `per_hour` a hour per bot (bursts of as many), as the limit `name`; None when 0.
    pub fn hourly(name: &'static str, per_hour: u32) -> Option<BotLimit> {
        let (quota, policy) = hourly(name, per_hour)?;
        Some(BotLimit {
            limiter: Arc::new(RateLimiter::keyed(quota)),
            seen: Arc::new(AtomicU64::new(0)),
            policy,
        })
    }

    /// Counts one use by bot `bot` (its folded name): `rate_limited` over the limit.
    pub fn check(&self, bot: &str) -> Result<(), Error> {
        if self.seen.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            self.limiter.retain_recent();
        }
        self.limiter
            .check_key(&bot.to_owned())
            .map_err(|not_until| Error::RateLimited {
                retry_after: seconds_until(&not_until).max(1),
                policy: self.policy,
            })
    }
}

/// How many matches a bot may run at once, unless configured otherwise.
pub const DEFAULT_MATCHES_RUNNING_PER_BOT: u32 = 2;

/// How many matches the server may run at once, unless configured otherwise.
pub const DEFAULT_MATCHES_RUNNING: u32 = 16;

/// The bounds on running matches (None: no bound).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchBounds {
    /// Per bot (the bot that asked for them).
    pub per_bot: Option<u32>,
    /// For the whole server.
    pub total: Option<u32>,
}

impl MatchBounds {
    /// `per_bot` and `total` matches at once (0: no bound).
    pub fn new(per_bot: u32, total: u32) -> Self {
        MatchBounds {
            per_bot: (per_bot > 0).then_some(per_bot),
            total: (total > 0).then_some(total),
        }
    }
}

impl Default for MatchBounds {
    fn default() -> Self {
        MatchBounds::new(DEFAULT_MATCHES_RUNNING_PER_BOT, DEFAULT_MATCHES_RUNNING)
    }
}
