//! Per-client rate limiting (a token bucket per client IP, from `governor`). Every answer the
//! request limit applies to carries `RateLimit-Policy` (the limit) and `RateLimit` (what is left
//! of it and when it is whole again), after the IETF httpapi draft, so that a client can pace
//! itself before it is refused. Over the limit a request gets 429 with `Retry-After`, those
//! headers and a problem document that names the limit, its allowance and when it resets. Three limits: every request (the
//! middleware [`limit`]; probes and metrics are exempt), bot registrations per client
//! ([`RegistrationLimit`], checked by `POST /v1/bots`), and duplicate matches per bot
//! (`platform::limits::BotLimit`, checked by `POST /v1/matches`). Each replica counts for itself.
//!
//! The client is the connection's peer, or behind `n` trusted proxies (`TRUSTED_PROXY_HOPS`)
//! the `n`-th address from the right of `X-Forwarded-For`: each proxy appends the address it
//! received the request from, so the rightmost `n` entries are written by the proxies and
//! everything left of them by the client, who could write a new address for every request.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderMap, HeaderName};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, ResponseError, web};
use governor::middleware::StateInformationMiddleware;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::error::{
    ApiError, RATELIMIT, RATELIMIT_POLICY, RatePolicy, policy_header, state_header,
};
use crate::platform::limits::{hourly, seconds_until};

/// The limiter, shared by every worker.
#[derive(Clone)]
pub struct RateLimit {
    limiter: Arc<DefaultKeyedRateLimiter<IpAddr, StateInformationMiddleware>>,
    seen: Arc<AtomicU64>,
    trusted_hops: usize,
    policy: RatePolicy,
}

/// The limit of bot registrations (`POST /v1/bots`) per client IP, shared by every worker.
#[derive(Clone)]
pub struct RegistrationLimit(pub RateLimit);

impl RegistrationLimit {
    /// `per_hour` registrations per hour per client (bursts of as many); None when 0.
    pub fn new(per_hour: u32, trusted_hops: u32) -> Option<RegistrationLimit> {
        let (quota, policy) = hourly("bot_registrations", per_hour)?;
        Some(RegistrationLimit(RateLimit::with_quota(
            quota,
            trusted_hops,
            policy,
        )))
    }

    /// Checks one registration by the client of `req`.
    pub fn check(&self, req: &HttpRequest) -> Result<(), ApiError> {
        let client = self.0.client_of(req.headers(), req.peer_addr());
        match client {
            Some(ip) => self
                .0
                .check(ip)
                .map(drop)
                .map_err(|retry_after| ApiError::RateLimited {
                    retry_after: retry_after.max(1),
                    policy: self.0.policy,
                }),
            None => Ok(()),
        }
    }
}

impl RateLimit {
    /// `per_sec` requests per second per client with bursts of `burst`; None when `per_sec` is 0.
    /// With `trusted_hops` > 0 the client is the address that many entries from the right of
    /// `X-Forwarded-For` (see the module docs).
    pub fn new(per_sec: u32, burst: u32, trusted_hops: u32) -> Option<RateLimit> {
        let rate = NonZeroU32::new(per_sec)?;
        let burst = NonZeroU32::new(burst.max(per_sec)).unwrap_or(rate);
        Some(RateLimit::with_quota(
            Quota::per_second(rate).allow_burst(burst),
            trusted_hops,
            RatePolicy {
                name: "requests",
                allowance: rate.get(),
                window_secs: 1,
                burst: burst.get(),
            },
        ))
    }

    fn with_quota(quota: Quota, trusted_hops: u32, policy: RatePolicy) -> RateLimit {
        RateLimit {
            limiter: Arc::new(RateLimiter::keyed(quota).with_middleware()),
            seen: Arc::new(AtomicU64::new(0)),
            trusted_hops: usize::try_from(trusted_hops).unwrap_or(usize::MAX),
            policy,
        }
    }

    fn client_of(&self, headers: &HeaderMap, peer: Option<std::net::SocketAddr>) -> Option<IpAddr> {
        client_ip(headers, peer, self.trusted_hops)
    }

    fn client(&self, req: &ServiceRequest) -> Option<IpAddr> {
        self.client_of(req.headers(), req.peer_addr())
    }

    /// Checks one request: Ok with the requests left in the bucket, Err with the seconds to
    /// wait.
    fn check(&self, ip: IpAddr) -> Result<u32, u64> {
        if self.seen.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            self.limiter.retain_recent();
        }
        self.limiter
            .check_key(&ip)
            .map(|state| state.remaining_burst_capacity())
            .map_err(|not_until| seconds_until(&not_until))
    }
}

/// The client a request comes from: the connection's peer, or behind `hops` (> 0) trusted
/// proxies the address [`forwarded_client`] reads (see the module docs).
pub fn client_ip(
    headers: &HeaderMap,
    peer: Option<std::net::SocketAddr>,
    hops: usize,
) -> Option<IpAddr> {
    if hops > 0
        && let Some(ip) = forwarded_client(headers, hops)
    {
        return Some(ip);
    }
    peer.map(|a| a.ip())
}

/// The client's address behind `hops` trusted proxies: the `hops`-th entry from the right of
/// `X-Forwarded-For` (every header line of it, in order, as one list). With fewer entries, the
/// leftmost (every entry was then written by a trusted proxy). None if there is no header or the
/// entry is not an address (`1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]:443`): the
/// caller then uses the connection's peer, never an entry the client may have written.
pub fn forwarded_client(headers: &HeaderMap, hops: usize) -> Option<IpAddr> {
    let mut entries: Vec<&str> = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        entries.extend(value.to_str().ok()?.split(','));
    }
    let index = entries.len().saturating_sub(hops);
    let entry = entries.get(index)?.trim();
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
}

/// The middleware: counts the request against its client's bucket and answers 429 when it is
/// empty; every answer it lets through carries the `RateLimit-Policy` and `RateLimit` headers.
pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let exempt = matches!(req.path(), "/healthz" | "/readyz" | "/metrics");
    let mut left = None;
    if !exempt
        && let Some(rl) = req.app_data::<web::Data<RateLimit>>()
        && let Some(ip) = rl.client(&req)
    {
        match rl.check(ip) {
            Ok(remaining) => left = Some((rl.policy, remaining)),
            Err(retry_after) => {
                let res = ApiError::RateLimited {
                    retry_after: retry_after.max(1),
                    policy: rl.policy,
                }
                .error_response();
                return Ok(req.into_response(res).map_into_right_body());
            }
        }
    }
    let mut res = next.call(req).await?;
    if let Some((policy, remaining)) = left {
        let headers = res.headers_mut();
        // A handler's own 429 (another limit, `POST /v1/bots`) keeps the headers of its limit.
        if !headers.contains_key(RATELIMIT_POLICY) {
            headers.insert(
                HeaderName::from_static(RATELIMIT_POLICY),
                policy_header(&policy),
            );
            headers.insert(
                HeaderName::from_static(RATELIMIT),
                state_header(&policy, remaining, policy.secs_to_refill(remaining)),
            );
        }
    }
    Ok(res.map_into_left_body())
}

impl RatePolicy {
    /// The whole seconds until a bucket holding `remaining` requests is full again.
    pub fn secs_to_refill(&self, remaining: u32) -> u64 {
        let missing = u64::from(self.burst.saturating_sub(remaining));
        let window_ms = self.window_secs.saturating_mul(1000);
        let ms = missing.saturating_mul(window_ms) / u64::from(self.allowance.max(1));
        ms.div_ceil(1000)
    }
}

#[cfg(test)]
mod tests {
    use super::forwarded_client;
    use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(
                HeaderName::from_static("x-forwarded-for"),
                HeaderValue::from_str(l).unwrap(),
            );
        }
        h
    }

    #[test]
    fn the_headers_say_the_limit_and_what_is_left() {
        let policy = super::RatePolicy {
            name: "requests",
            allowance: 50,
            window_secs: 1,
            burst: 100,
        };
        assert_eq!(
            super::policy_header(&policy),
            "\"requests\";q=50;w=1;burst=100"
        );
        assert_eq!(policy.secs_to_refill(100), 0);
        assert_eq!(policy.secs_to_refill(99), 1);
        assert_eq!(policy.secs_to_refill(0), 2);
        assert_eq!(super::state_header(&policy, 99, 1), "\"requests\";r=99;t=1");
        let hourly = super::RatePolicy {
            name: "bot_registrations",
            allowance: 10,
            window_secs: 3600,
            burst: 10,
        };
        assert_eq!(hourly.secs_to_refill(7), 1080);
    }

    #[test]
    fn the_client_is_counted_from_the_right() {
        let ip = |s: &str| Some(s.parse().unwrap());
        let forged = headers(&["6.6.6.6, 7.7.7.7", "10.0.0.1"]);
        assert_eq!(forwarded_client(&forged, 1), ip("10.0.0.1"));
        assert_eq!(forwarded_client(&forged, 2), ip("7.7.7.7"));
        assert_eq!(forwarded_client(&headers(&["10.0.0.1"]), 2), ip("10.0.0.1"));
        assert_eq!(
            forwarded_client(&headers(&["1.2.3.4, [2001:db8::1]:443"]), 1),
            ip("2001:db8::1")
        );
        assert_eq!(
            forwarded_client(&headers(&["1.2.3.4, 5.6.7.8:999"]), 1),
            ip("5.6.7.8")
        );
        assert_eq!(forwarded_client(&headers(&["1.2.3.4, unknown"]), 1), None);
        assert_eq!(forwarded_client(&HeaderMap::new(), 1), None);
    }
}
