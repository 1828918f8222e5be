//! Change notifications over Redis pub/sub, for [`GameStore::watch`](super::GameStore::watch).
//!
//! # Publishing
//!
//! The write script (every `create`, `save_if`, `save_if_idem` and `write`) ends with
//! `PUBLISH {prefix}:{<tag>}:events <new version>`; an inbox's append (`redis/inbox.rs`)
//! ends with `PUBLISH {prefix}:{inbox:<tag>}:inbox:events <new id>`, which the same pattern
//! matches.
//! The notification is part of the write's script, so it is sent only for a write that happened,
//! and no subscriber can hear of a write before it is readable.
//!
//! # Subscribing: one pattern subscription per store instance
//!
//! Each store instance (each replica) runs one background task, started by the first `watch`
//! call, that holds a connection dedicated to pub/sub with a single
//! `PSUBSCRIBE {prefix}:*:events`, and forwards each message to the local [`WatchHub`]: a map from
//! channel name to a `tokio::sync::watch` sender, holding only games that have live receivers.
//! Messages for games nobody watches here cost one map lookup and are dropped.
//!
//! Why one pattern rather than a `SUBSCRIBE` per watched game: the subscription never changes, so
//! opening or closing an event stream costs no Redis command and cannot race with the
//! subscriber's reconnections, and re-subscribing after a reconnect is one command whatever the
//! number of watched games. The price is that every replica receives a small message (~40 bytes)
//! for every write of every game; a replica handles far more requests than that anyway, and Redis
//! matches one pattern per replica per publish.
//!
//! # Redis Cluster
//!
//! Classic `PUBLISH` in a cluster is forwarded over the cluster bus to every node, so the
//! subscriber connects to one node (the seed nodes are tried in turn, moving on when one fails)
//! and hears every game's writes. Sharded pub/sub (`SPUBLISH`/`SSUBSCRIBE`, Redis 7) would keep
//! each message on its shard, but it has no pattern subscriptions: it would take one subscription
//! per watched game, routed to the node owning the game's slot and redone on every slot
//! migration. With the few nodes this service runs on, the broadcast is cheaper than that
//! machinery; it is the thing to change if a cluster grows to many nodes.
//!
//! # Reconnection and resync
//!
//! The subscriber pings its connection every [`KEEPALIVE`] (a silently dead connection fails the
//! ping within the store's `op_timeout`); when the connection ends or fails it reconnects with an
//! exponential backoff from [`MIN_BACKOFF`] to [`MAX_BACKOFF`] (moving to the next node on a
//! cluster). Messages published while it was away are lost, so once subscribed again it
//! **re-reads the version of every watched game** (`HGET <game> v`, 32 at a time through the
//! store's regular connection; for a watched inbox, `HGET <inbox> last`) and hands it to the watchers if it differs from what they have.
//! The first subscription does the same, which covers writes made between the first `watch` and
//! the moment the subscription was in place. Messages that arrive during the re-read are handled
//! after it, in order, so every watcher ends at the latest version. (A game whose record
//! vanished, e.g. because Redis restarted without persistence, keeps its last value until it is
//! written again.) The SSE layer re-checks the game at every keep-alive as well, so a missed
//! change is at worst a keep-alive late.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::ConnectionLike;
use redis::{ConnectionInfo, ProtocolVersion, Value};
use tokio::sync::watch;

use super::connection::Core;
use crate::store::StoreConfig;
use crate::store::hub::WatchHub;

/// How often the subscriber pings its connection.
pub const KEEPALIVE: Duration = Duration::from_secs(5);
/// The first wait before reconnecting.
pub const MIN_BACKOFF: Duration = Duration::from_millis(50);
/// The longest wait between reconnection attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(2);
/// How many watched games the re-read after a reconnect asks for at once.
const RESYNC_CONCURRENCY: usize = 32;

/// A snapshot of a store's change-notification machinery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventsStatus {
    /// Whether the subscriber task was started (by the first `watch`).
    pub started: bool,
    /// Whether it is subscribed now (the re-read of the watched games may still be running).
    pub connected: bool,
    /// How many times it has subscribed (each time followed by a re-read of the watched games);
    /// 1 plus the reconnects.
    pub sessions: u64,
    /// Games with watchers in this store instance (an upper bound: receivers dropped since the
    /// last write or sweep are still counted).
    pub watched_games: usize,
}

/// State shared by a store and its subscriber task.
#[derive(Debug, Default)]
struct Shared {
    hub: WatchHub,
    connected: AtomicBool,
    sessions: AtomicU64,
}

/// The notification side of one Redis store instance.
pub(super) struct Events {
    shared: Arc<Shared>,
    /// Where to subscribe, tried in turn (RESP2: the classic pub/sub protocol).
    nodes: Vec<ConnectionInfo>,
    /// `{prefix}:*:events`, with the prefix's glob characters escaped.
    pattern: String,
    op_timeout: Duration,
    /// The runtime the store was made on (it also runs the store's connection), if any: the
    /// subscriber runs there rather than on whichever runtime (e.g. an actix worker) calls
    /// `watch` first.
    runtime: Option<tokio::runtime::Handle>,
    /// Whether a subscriber was started, and its task.
    started: AtomicBool,
    task: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Dropped with the store: the subscriber task then stops.
    stop: watch::Sender<()>,
}

/// `s` as a literal in a Redis glob pattern.
fn glob_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

impl Events {
    pub(super) fn new(config: &StoreConfig, nodes: Vec<ConnectionInfo>) -> Self {
        let nodes = nodes
            .into_iter()
            .map(|info| {
                let settings = info
                    .redis_settings()
                    .clone()
                    .set_protocol(ProtocolVersion::RESP2);
                info.set_redis_settings(settings)
            })
            .collect();
        Self {
            shared: Arc::default(),
            nodes,
            pattern: format!("{}:*:events", glob_escape(&config.key_prefix)),
            op_timeout: config.op_timeout,
            runtime: tokio::runtime::Handle::try_current().ok(),
            started: AtomicBool::new(false),
            task: Mutex::new(None),
            stop: watch::channel(()).0,
        }
    }

    pub(super) fn status(&self) -> EventsStatus {
        EventsStatus {
            started: self.started.load(Ordering::Relaxed),
            connected: self.shared.connected.load(Ordering::Relaxed),
            sessions: self.shared.sessions.load(Ordering::Relaxed),
            watched_games: self.shared.hub.len(),
        }
    }

    /// A receiver of game `id`'s versions; starts the subscriber on first use.
    pub(super) fn watch<C>(&self, core: &Core<C>, id: &str) -> watch::Receiver<u64>
    where
        C: ConnectionLike + Clone + Send + Sync + 'static,
    {
        self.watch_channel(core, &core.channel(id))
    }

    /// A receiver of the numbers published on `channel` (a game's versions, an inbox's ids:
    /// any channel the pattern matches, which [`Core::version_of_channel`] knows how to
    /// re-read); starts the subscriber on first use.
    pub(super) fn watch_channel<C>(&self, core: &Core<C>, channel: &str) -> watch::Receiver<u64>
    where
        C: ConnectionLike + Clone + Send + Sync + 'static,
    {
        let (rx, _) = self.shared.hub.subscribe(channel);
        self.start(core);
        rx
    }

    /// Start the subscriber unless it runs. A subscriber whose runtime went away (its task is
    /// finished) is started again, on the current runtime.
    fn start<C>(&self, core: &Core<C>)
    where
        C: ConnectionLike + Clone + Send + Sync + 'static,
    {
        let mut task = self.task.lock().unwrap_or_else(|e| e.into_inner());
        if task.as_ref().is_some_and(|t| !t.is_finished()) {
            return;
        }
        let runtime = match (&self.runtime, task.is_some()) {
            (Some(runtime), false) => runtime.clone(),
            _ => match tokio::runtime::Handle::try_current() {
                Ok(runtime) => runtime,
                Err(_) => {
                    // Try again at the next `watch`.
                    tracing::warn!(
                        "GameStore::watch called outside a Tokio runtime; no events yet"
                    );
                    return;
                }
            },
        };
        let subscriber = Subscriber {
            core: core.clone(),
            shared: Arc::clone(&self.shared),
            nodes: self.nodes.clone(),
            pattern: self.pattern.clone(),
            op_timeout: self.op_timeout,
        };
        *task = Some(runtime.spawn(subscriber.run(self.stop.subscribe())));
        self.started.store(true, Ordering::Relaxed);
    }
}

/// The background task of one store instance.
struct Subscriber<C> {
    core: Core<C>,
    shared: Arc<Shared>,
    nodes: Vec<ConnectionInfo>,
    pattern: String,
    op_timeout: Duration,
}

impl<C> Subscriber<C>
where
    C: ConnectionLike + Clone + Send + Sync + 'static,
{
    async fn run(self, mut stop: watch::Receiver<()>) {
        let mut backoff = MIN_BACKOFF;
        let mut node = 0;
        loop {
            let mut established = false;
            let ended = tokio::select! {
                // The store was dropped (the sender is gone).
                _ = stop.changed() => return,
                ended = self.session(node, &mut established) => ended,
            };
            self.shared.connected.store(false, Ordering::Relaxed);
            if established {
                backoff = MIN_BACKOFF;
                tracing::warn!(error = %ended, "redis event subscription lost; reconnecting");
            } else {
                tracing::debug!(error = %ended, "redis event subscription failed; retrying");
            }
            node = (node + 1) % self.nodes.len();
            tokio::select! {
                _ = stop.changed() => return,
                _ = tokio::time::sleep(backoff) => {}
            }
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }

    /// Subscribe through `self.nodes[node]`, re-read the watched games, then forward messages
    /// until the connection fails (the returned reason). Sets `established` once subscribed and
    /// re-read.
    async fn session(&self, node: usize, established: &mut bool) -> String {
        let timeout = self.op_timeout;
        let client = match redis::Client::open(self.nodes[node].clone()) {
            Ok(client) => client,
            Err(e) => return format!("invalid node: {e}"),
        };
        let mut pubsub = match tokio::time::timeout(timeout, client.get_async_pubsub()).await {
            Ok(Ok(pubsub)) => pubsub,
            Ok(Err(e)) => return format!("connect: {e}"),
            Err(_) => return format!("connect: no answer within {timeout:?}"),
        };
        match tokio::time::timeout(timeout, pubsub.psubscribe(&self.pattern)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return format!("psubscribe: {e}"),
            Err(_) => return format!("psubscribe: no answer within {timeout:?}"),
        }
        let (mut sink, mut stream) = pubsub.split();
        // Counted before anything of this session reaches a watcher.
        self.shared.connected.store(true, Ordering::Relaxed);
        self.shared.sessions.fetch_add(1, Ordering::Relaxed);
        // Every write from now on reaches us; those before are found by re-reading.
        if let Err(e) = self.resync().await {
            return format!("resync: {e}");
        }
        *established = true;
        let start = tokio::time::Instant::now() + KEEPALIVE;
        let mut keepalive = tokio::time::interval_at(start, KEEPALIVE);
        loop {
            tokio::select! {
                msg = stream.next() => match msg {
                    Some(msg) => self.dispatch(&msg),
                    None => return "connection closed".into(),
                },
                _ = keepalive.tick() => {
                    self.shared.hub.sweep();
                    match tokio::time::timeout(timeout, sink.ping::<Value>()).await {
                        Ok(Ok(_)) => {}
                        Ok(Err(e)) => return format!("ping: {e}"),
                        Err(_) => return format!("ping: no answer within {timeout:?}"),
                    }
                }
            }
        }
    }

    fn dispatch(&self, msg: &redis::Msg) {
        let version = std::str::from_utf8(msg.get_payload_bytes())
            .ok()
            .and_then(|s| s.parse::<u64>().ok());
        match version {
            Some(version) => self.shared.hub.notify(msg.get_channel_name(), version),
            None => tracing::debug!(
                channel = msg.get_channel_name(),
                "ignoring an event whose payload is not a version"
            ),
        }
    }

    /// Re-read the version of every watched game and hand it to its watchers if it changed.
    async fn resync(&self) -> Result<(), crate::store::StoreError> {
        let channels = self.shared.hub.live_keys();
        let mut reads = futures_util::stream::iter(channels)
            .map(|channel| async move {
                let version = self.core.version_of_channel(&channel).await;
                (channel, version)
            })
            .buffer_unordered(RESYNC_CONCURRENCY);
        while let Some((channel, version)) = reads.next().await {
            if let Some(version) = version? {
                self.shared.hub.resync(&channel, version);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::TestRedis;

    /// The keep-alive: a `PING` on the subscribed (RESP2) connection is answered, and messages
    /// still flow after it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn ping_on_a_subscribed_connection() {
        let redis = TestRedis::start();
        let events = Events::new(
            &StoreConfig::default(),
            vec![redis::IntoConnectionInfo::into_connection_info(redis.url().as_str()).unwrap()],
        );
        let client = redis::Client::open(events.nodes[0].clone()).unwrap();
        let mut pubsub = client.get_async_pubsub().await.unwrap();
        pubsub.psubscribe(&events.pattern).await.unwrap();
        let (mut sink, mut stream) = pubsub.split();
        let within = Duration::from_secs(2);
        for _ in 0..3 {
            tokio::time::timeout(within, sink.ping::<Value>())
                .await
                .unwrap()
                .unwrap();
        }
        let mut con = redis::Client::open(redis.url())
            .unwrap()
            .get_multiplexed_async_connection()
            .await
            .unwrap();
        let receivers: i64 = redis::cmd("PUBLISH")
            .arg("hp:{g}:events")
            .arg("5")
            .query_async(&mut con)
            .await
            .unwrap();
        assert_eq!(receivers, 1);
        let msg = tokio::time::timeout(within, stream.next())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(msg.get_channel_name(), "hp:{g}:events");
        assert_eq!(msg.get_payload_bytes(), b"5");
        tokio::time::timeout(within, sink.ping::<Value>())
            .await
            .unwrap()
            .unwrap();
    }

    #[test]
    fn pattern_escapes_the_prefix() {
        assert_eq!(glob_escape("hp"), "hp");
        assert_eq!(glob_escape("a*b?[c]\\"), "a\\*b\\?\\[c\\]\\\\");
    }
}
