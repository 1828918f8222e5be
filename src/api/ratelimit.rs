//! Per-client rate limiting (a token bucket per client IP, from `governor`). Over the limit a
//! request gets 429 with `Retry-After` and a problem document. Probes and metrics are exempt.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::error::ApiError;

/// The limiter, shared by every worker.
#[derive(Clone)]
pub struct RateLimit {
    limiter: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    seen: Arc<AtomicU64>,
    trust_forwarded: bool,
}

impl RateLimit {
    /// `per_sec` requests per second per client with bursts of `burst`; None when `per_sec` is 0.
    /// With `trust_forwarded` the client is the first address of `X-Forwarded-For` (only behind
    /// a proxy that sets it).
    pub fn new(per_sec: u32, burst: u32, trust_forwarded: bool) -> Option<RateLimit> {
        let rate = NonZeroU32::new(per_sec)?;
        let burst = NonZeroU32::new(burst.max(per_sec)).unwrap_or(rate);
        Some(RateLimit {
            limiter: Arc::new(RateLimiter::keyed(
                Quota::per_second(rate).allow_burst(burst),
            )),
            seen: Arc::new(AtomicU64::new(0)),
            trust_forwarded,
        })
    }

    fn client(&self, req: &ServiceRequest) -> Option<IpAddr> {
        if self.trust_forwarded
            && let Some(ip) = req
                .headers()
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .and_then(|v| v.trim().parse().ok())
        {
            return Some(ip);
        }
        req.peer_addr().map(|a| a.ip())
    }

    /// Checks one request; Err carries the seconds to wait.
    fn check(&self, ip: IpAddr) -> Result<(), u64> {
        if self.seen.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&ip).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
        })
    }
}

/// The middleware.
pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let exempt = matches!(req.path(), "/healthz" | "/readyz" | "/metrics");
    if !exempt
        && let Some(rl) = req.app_data::<web::Data<RateLimit>>()
        && let Some(ip) = rl.client(&req)
        && let Err(retry_after) = rl.check(ip)
    {
        let res = ApiError::RateLimited {
            retry_after: retry_after.max(1),
        }
        .error_response();
        return Ok(req.into_response(res).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}
