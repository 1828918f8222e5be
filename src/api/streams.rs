//! Bounds on push: how many event streams and long polls (`GET /v1/games/{id}/events`,
//! `GET /v1/games/{id}?wait_for_version=N`, `GET /v1/bots/me/events` as a stream or a long
//! poll) a client address (as the rate limits identify it, behind `TRUSTED_PROXY_HOPS`) and a
//! bot (by its key, for its inbox) may hold open at once. Over either cap a request gets 429
//! `too_many_streams` with `Retry-After` and the `RateLimit-*` headers of the cap reached.
//!
//! Each replica counts its own. A count is held by a [`StreamGuard`], released when the guard is
//! dropped: when a stream ends (the game is over, the server stops) or its reader hangs up
//! (the stream's task sees its channel closed), and when a long poll answers or its client
//! hangs up (actix drops the handler's future).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use actix_web::HttpRequest;

use super::error::{ApiError, RatePolicy};
use super::ratelimit::client_ip;

/// The default cap of open streams and long polls per client address (`STREAMS_PER_CLIENT`):
/// a web page holds one per table watched and a bot one per game plus its inbox.
pub const DEFAULT_PER_CLIENT: u32 = 32;

/// The default cap of open inbox streams and long polls per bot (`STREAMS_PER_BOT`): a bot needs
/// one; a few more let it reconnect before the old one is noticed gone.
pub const DEFAULT_PER_BOT: u32 = 8;

/// What a 429 asks a client to wait before trying again, in seconds (a stream may end at any
/// moment).
const RETRY_AFTER_SECS: u64 = 1;

/// Who holds open streams.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Holder {
    Client(IpAddr),
    /// A bot, by its name folded to lower case.
    Bot(String),
}

/// The caps and this replica's counts, shared by every worker.
#[derive(Clone, Debug)]
pub struct StreamLimit {
    per_client: u32,
    per_bot: u32,
    trusted_hops: usize,
    open: Arc<Mutex<HashMap<Holder, u32>>>,
}

/// One open stream or long poll, counted until dropped.
#[derive(Debug)]
pub struct StreamGuard {
    open: Arc<Mutex<HashMap<Holder, u32>>>,
    holders: Vec<Holder>,
}

impl StreamLimit {
    /// At most `per_client` open streams per client address and `per_bot` per bot (0: no cap).
    pub fn new(per_client: u32, per_bot: u32, trusted_hops: u32) -> StreamLimit {
        StreamLimit {
            per_client,
            per_bot,
            trusted_hops: usize::try_from(trusted_hops).unwrap_or(usize::MAX),
            open: Arc::default(),
        }
    }

    /// Counts one more open stream of `req`'s client (and of `bot`, folded, for its inbox), or
    /// refuses it when either holds as many as it may.
    pub fn open(&self, req: &HttpRequest, bot: Option<&str>) -> Result<StreamGuard, ApiError> {
        let mut wanted = Vec::with_capacity(2);
        if self.per_client > 0
            && let Some(ip) = client_ip(req.headers(), req.peer_addr(), self.trusted_hops)
        {
            wanted.push((Holder::Client(ip), self.per_client, "streams_per_client"));
        }
        if self.per_bot > 0
            && let Some(bot) = bot
        {
            wanted.push((
                Holder::Bot(crate::games::fold(bot)),
                self.per_bot,
                "streams_per_bot",
            ));
        }
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        for (holder, cap, name) in &wanted {
            if open.get(holder).copied().unwrap_or(0) >= *cap {
                return Err(ApiError::TooManyStreams {
                    retry_after: RETRY_AFTER_SECS,
                    policy: RatePolicy {
                        name,
                        allowance: *cap,
                        window_secs: 0,
                        burst: *cap,
                    },
                });
            }
        }
        let holders: Vec<Holder> = wanted.into_iter().map(|(h, _, _)| h).collect();
        for holder in &holders {
            *open.entry(holder.clone()).or_insert(0) += 1;
        }
        Ok(StreamGuard {
            open: self.open.clone(),
            holders,
        })
    }

    /// How many streams are open on this replica, over every holder (for tests).
    pub fn open_count(&self) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.len()
    }
}

impl Default for StreamLimit {
    fn default() -> StreamLimit {
        StreamLimit::new(DEFAULT_PER_CLIENT, DEFAULT_PER_BOT, 0)
    }
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        for holder in &self.holders {
            if let Some(n) = open.get_mut(holder) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    open.remove(holder);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn a_count_is_released_when_its_guard_drops() {
        let limit = StreamLimit::new(2, 1, 0);
        let req = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .to_http_request();
        let a = limit.open(&req, None).unwrap();
        let b = limit.open(&req, Some("Bot")).unwrap();
        let err = limit.open(&req, None).unwrap_err();
        assert_eq!(err.code().as_str(), "too_many_streams");
        drop(a);
        // The client has room again, the bot (any case) none.
        let err = limit.open(&req, Some("bot")).unwrap_err();
        assert!(err.to_string().contains("streams_per_bot"), "{err}");
        let c = limit.open(&req, None).unwrap();
        drop((b, c));
        assert_eq!(limit.open_count(), 0);
        let other = TestRequest::default()
            .peer_addr("10.0.0.2:5000".parse().unwrap())
            .to_http_request();
        let _d = limit.open(&other, Some("bot")).unwrap();
    }
}
