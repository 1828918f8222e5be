//! A fault-injecting TCP proxy for tests (not part of the public API).
//!
//! [`FaultProxy`] listens on a free port of 127.0.0.1 and relays every connection to one upstream
//! address (a test Redis), byte for byte, until a test injects a fault:
//!
//! | call | what the client sees |
//! | --- | --- |
//! | [`FaultProxy::stall`] / [`FaultProxy::resume`] | connections stay open but nothing passes, in either direction, until resumed; the bytes held meanwhile are then delivered, not lost |
//! | [`FaultProxy::drop_connections`] | every open connection is closed at once (both sides get a FIN); new connections are accepted as before |
//! | [`FaultProxy::cut_next_reply`] | the next chunk read from upstream (on any connection) is forwarded only in part (its first half), then that connection is closed: a reply cut mid-way |
//! | [`FaultProxy::refuse`] | the listening socket is closed, so new connections are refused (`ECONNREFUSED`) until it is opened again on the same port; open connections are untouched |
//!
//! It runs on plain threads (an accepting thread, and two per connection, one per direction), so
//! it needs no runtime and its methods never block on I/O: it works the same from a synchronous
//! test and from a `#[tokio::test]` of any flavour. Dropping it stops it and closes everything.
//!
//! [`TestRedisCluster::start_behind_proxies`](super::testing::TestRedisCluster::start_behind_proxies)
//! puts a proxy in front of every node of a test cluster, with the nodes announcing their proxy's
//! address, so a cluster client reaches the nodes only through the proxies.
//!
//! ```no_run
//! # async fn example() {
//! use hasenpfeffer::store::{fault_proxy::FaultProxy, testing::TestRedis, RedisStore, StoreConfig};
//! let redis = TestRedis::start();
//! let proxy = FaultProxy::start(([127, 0, 0, 1], redis.port()).into());
//! let store = RedisStore::connect(&proxy.url(), StoreConfig::default()).await.unwrap();
//! proxy.stall();  // calls now time out (StoreError::Unavailable after op_timeout)
//! proxy.resume(); // and work again
//! # }
//! ```

use std::collections::HashMap;
use std::fmt;
use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// How often the accepting thread looks for a new connection (its listener is non-blocking, so
/// that [`FaultProxy::refuse`] and dropping the proxy can close it at any time).
const ACCEPT_POLL: Duration = Duration::from_millis(2);
/// How long connecting to the upstream may take before the client's connection is closed.
const UPSTREAM_CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// The most bytes read (and forwarded) at once.
const CHUNK: usize = 64 * 1024;

/// A TCP proxy to one upstream address that can stall, drop, cut and refuse connections on
/// demand. See the [module docs](self).
pub struct FaultProxy {
    shared: Arc<Shared>,
    port: u16,
    acceptor: Option<JoinHandle<()>>,
}

/// What the proxy's threads share.
struct Shared {
    upstream: SocketAddr,
    /// `None` while refusing (and once stopped).
    listener: Mutex<Option<TcpListener>>,
    stop: AtomicBool,
    /// Whether the connections are stalled; the relaying threads wait on `unstalled`, which is
    /// also notified when a connection is closed or the proxy stops.
    stalled: Mutex<bool>,
    unstalled: Condvar,
    cut_armed: AtomicBool,
    replies_cut: AtomicUsize,
    accepted: AtomicUsize,
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
}

/// One relayed connection: the client's socket and ours to the upstream.
struct Conn {
    client: TcpStream,
    upstream: TcpStream,
    closed: AtomicBool,
}

/// Lock, ignoring poisoning (a panicking test thread must not wedge the proxy).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn listen(port: u16) -> std::io::Result<TcpListener> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
    listener.set_nonblocking(true)?;
    Ok(listener)
}

impl FaultProxy {
    /// Listen on a free port of 127.0.0.1 and relay every connection to `upstream` (which need
    /// not be up yet: each connection connects to it when accepted, and is closed at once if it
    /// cannot). Panics if it cannot listen.
    pub fn start(upstream: SocketAddr) -> Self {
        let listener = listen(0).expect("fault proxy: listen on 127.0.0.1");
        let port = listener
            .local_addr()
            .expect("fault proxy: listening address")
            .port();
        let shared = Arc::new(Shared {
            upstream,
            listener: Mutex::new(Some(listener)),
            stop: AtomicBool::new(false),
            stalled: Mutex::new(false),
            unstalled: Condvar::new(),
            cut_armed: AtomicBool::new(false),
            replies_cut: AtomicUsize::new(0),
            accepted: AtomicUsize::new(0),
            conns: Mutex::new(HashMap::new()),
        });
        let acceptor = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name(format!("fault-proxy-{port}"))
                .spawn(move || shared.accept_loop())
                .expect("fault proxy: spawn the accepting thread")
        };
        Self {
            shared,
            port,
            acceptor: Some(acceptor),
        }
    }

    /// The port the proxy listens on (on 127.0.0.1).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `127.0.0.1:<port>`.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::LOCALHOST, self.port))
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// The address every connection is relayed to.
    pub fn upstream(&self) -> SocketAddr {
        self.shared.upstream
    }

    /// Hold every byte, in both directions and on every connection (new ones included), until
    /// [`FaultProxy::resume`]; connections stay open. Bytes read after this returns are held
    /// (a chunk already being written when it is called may still pass).
    pub fn stall(&self) {
        *lock(&self.shared.stalled) = true;
    }

    /// End a [stall](FaultProxy::stall): the held bytes are delivered, in order, and relaying goes
    /// on. No-op if not stalled.
    pub fn resume(&self) {
        *lock(&self.shared.stalled) = false;
        self.shared.unstalled.notify_all();
    }

    /// Close every open connection at once, on both sides (bytes held by a stall are discarded),
    /// and say how many there were. New connections are accepted as before (a client may well
    /// have reconnected by the time this returns).
    pub fn drop_connections(&self) -> usize {
        let conns: Vec<Arc<Conn>> = lock(&self.shared.conns).drain().map(|(_, c)| c).collect();
        let mut dropped = 0;
        for conn in &conns {
            if !conn.closed.load(Ordering::SeqCst) {
                dropped += 1;
            }
            self.shared.shut(conn);
        }
        dropped
    }

    /// Arm a cut: the next chunk read from the upstream, on whichever connection, is forwarded
    /// only in part (its first half, rounded down), then that connection is closed. A reply
    /// smaller than a chunk (every small Redis reply) is thus cut mid-way. Fires once;
    /// [`FaultProxy::replies_cut`] counts the cuts made.
    pub fn cut_next_reply(&self) {
        self.shared.cut_armed.store(true, Ordering::SeqCst);
    }

    /// `true`: close the listening socket, so that new connections are refused; `false`: listen
    /// again on the same port. Open connections are not touched. Panics if the port cannot be
    /// listened on again (another process took it meanwhile).
    pub fn refuse(&self, on: bool) {
        let mut listener = lock(&self.shared.listener);
        if on {
            *listener = None;
        } else if listener.is_none() && !self.shared.stop.load(Ordering::SeqCst) {
            let again = listen(self.port).unwrap_or_else(|e| {
                panic!(
                    "fault proxy: cannot listen on port {} again: {e}",
                    self.port
                )
            });
            *listener = Some(again);
        }
    }

    /// How many relayed connections are open now.
    pub fn connections(&self) -> usize {
        lock(&self.shared.conns)
            .values()
            .filter(|c| !c.closed.load(Ordering::SeqCst))
            .count()
    }

    /// How many connections were accepted since the start (and relayed, or closed at once when
    /// the upstream could not be reached).
    pub fn accepted(&self) -> usize {
        self.shared.accepted.load(Ordering::SeqCst)
    }

    /// How many replies [`FaultProxy::cut_next_reply`] has cut so far.
    pub fn replies_cut(&self) -> usize {
        self.shared.replies_cut.load(Ordering::SeqCst)
    }
}

impl fmt::Debug for FaultProxy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FaultProxy")
            .field("port", &self.port)
            .field("upstream", &self.shared.upstream)
            .field("connections", &self.connections())
            .finish()
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        *lock(&self.shared.listener) = None;
        let _ = self.drop_connections();
        self.resume();
        if let Some(acceptor) = self.acceptor.take() {
            let _ = acceptor.join();
        }
    }
}

impl Shared {
    fn accept_loop(self: Arc<Self>) {
        let mut next_id = 0u64;
        while !self.stop.load(Ordering::SeqCst) {
            let accepted = match lock(&self.listener).as_ref() {
                Some(listener) => listener.accept(),
                None => Err(ErrorKind::WouldBlock.into()),
            };
            match accepted {
                Ok((client, _)) => {
                    self.accepted.fetch_add(1, Ordering::SeqCst);
                    self.admit(client, next_id);
                    next_id += 1;
                }
                // WouldBlock, or a connection that failed before it was accepted
                Err(_) => thread::sleep(ACCEPT_POLL),
            }
        }
    }

    /// Connect `client` to the upstream and start relaying; close it if the upstream is down.
    fn admit(self: &Arc<Self>, client: TcpStream, id: u64) {
        let Ok(upstream) = TcpStream::connect_timeout(&self.upstream, UPSTREAM_CONNECT_TIMEOUT)
        else {
            return; // dropping `client` closes it
        };
        let ready = client.set_nonblocking(false).is_ok()
            && client.set_nodelay(true).is_ok()
            && upstream.set_nodelay(true).is_ok();
        if !ready || self.stop.load(Ordering::SeqCst) {
            return;
        }
        let conn = Arc::new(Conn {
            client,
            upstream,
            closed: AtomicBool::new(false),
        });
        lock(&self.conns).insert(id, Arc::clone(&conn));
        for to_client in [false, true] {
            let (shared, relayed) = (Arc::clone(self), Arc::clone(&conn));
            let spawned = thread::Builder::new()
                .name(format!("fault-proxy-conn-{id}"))
                .spawn(move || shared.relay(&relayed, id, to_client));
            if spawned.is_err() {
                self.shut(&conn);
                lock(&self.conns).remove(&id);
                return;
            }
        }
    }

    /// Copy one direction of `conn` (upstream to client if `to_client`), chunk by chunk, through
    /// the stall gate and the cut; when it ends, close the whole connection.
    fn relay(&self, conn: &Conn, id: u64, to_client: bool) {
        let (mut from, mut to) = if to_client {
            (&conn.upstream, &conn.client)
        } else {
            (&conn.client, &conn.upstream)
        };
        let mut buf = vec![0u8; CHUNK];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if !self.wait_unstalled(conn) {
                break;
            }
            if to_client && self.cut_armed.swap(false, Ordering::SeqCst) {
                let _ = to.write_all(&buf[..n / 2]);
                let _ = to.flush();
                self.replies_cut.fetch_add(1, Ordering::SeqCst);
                break;
            }
            if to.write_all(&buf[..n]).is_err() {
                break;
            }
        }
        self.shut(conn);
        lock(&self.conns).remove(&id);
    }

    /// Wait while stalled; `false` if the connection was closed (or the proxy stopped) meanwhile.
    fn wait_unstalled(&self, conn: &Conn) -> bool {
        let open = || !conn.closed.load(Ordering::SeqCst) && !self.stop.load(Ordering::SeqCst);
        let mut stalled = lock(&self.stalled);
        while *stalled && open() {
            stalled = self
                .unstalled
                .wait(stalled)
                .unwrap_or_else(|e| e.into_inner());
        }
        open()
    }

    /// Close both sockets of `conn` (waking its relaying threads, stalled or reading).
    fn shut(&self, conn: &Conn) {
        if !conn.closed.swap(true, Ordering::SeqCst) {
            let _ = conn.client.shutdown(Shutdown::Both);
            let _ = conn.upstream.shutdown(Shutdown::Both);
        }
        // Under the lock, so a thread about to wait cannot miss it.
        let _stalled = lock(&self.stalled);
        self.unstalled.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::net::{Ipv4Addr, SocketAddr, TcpStream};
    use std::time::{Duration, Instant};

    use super::FaultProxy;
    use crate::store::conformance::fresh_id;
    use crate::store::testing::{TestRedis, TestRedisCluster};
    use crate::store::{
        GameStore, RedisClusterStore, RedisStore, StoreConfig, StoreError, connect_from_url,
    };

    fn local(port: u16) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::LOCALHOST, port))
    }

    fn config(op_timeout: Duration) -> StoreConfig {
        StoreConfig {
            op_timeout,
            ..StoreConfig::default()
        }
    }

    /// A raw client of the proxy, with a read timeout.
    fn raw_client(proxy: &FaultProxy) -> TcpStream {
        let s = TcpStream::connect(proxy.addr()).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(300)))
            .unwrap();
        s
    }

    /// Read until `want` bytes came or the stream ends or times out.
    fn read_some(s: &mut TcpStream, want: usize) -> (Vec<u8>, bool) {
        let mut got = Vec::new();
        let mut buf = [0u8; 64];
        while got.len() < want {
            match s.read(&mut buf) {
                Ok(0) => return (got, true),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(_) => break,
            }
        }
        (got, false)
    }

    /// Wait (at most 2 s) until `f` holds.
    fn eventually(what: &str, f: impl Fn() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(2);
        while !f() {
            assert!(Instant::now() < deadline, "never happened: {what}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Each fault on a raw connection, from a synchronous test (no runtime).
    #[test]
    fn faults_on_raw_connections() {
        let redis = TestRedis::start();
        let proxy = FaultProxy::start(local(redis.port()));
        assert_eq!(proxy.upstream(), local(redis.port()));
        let mut a = raw_client(&proxy);
        a.write_all(b"PING\r\n").unwrap();
        assert_eq!(read_some(&mut a, 7).0, b"+PONG\r\n");
        eventually("one connection", || proxy.connections() == 1);
        assert_eq!(proxy.accepted(), 1);

        // Stall: the command is held, not lost, and the connection stays open.
        proxy.stall();
        a.write_all(b"PING\r\n").unwrap();
        let (got, ended) = read_some(&mut a, 7);
        assert!(got.is_empty() && !ended, "{got:?} {ended}");
        let mut b = raw_client(&proxy); // accepted meanwhile, also held
        b.write_all(b"ECHO hi\r\n").unwrap();
        assert!(read_some(&mut b, 1).0.is_empty());
        eventually("two connections", || proxy.connections() == 2);
        proxy.resume();
        assert_eq!(read_some(&mut a, 7).0, b"+PONG\r\n");
        assert_eq!(read_some(&mut b, 8).0, b"$2\r\nhi\r\n");

        // Cut: the next reply arrives in part, then its connection ends; the other lives on.
        proxy.cut_next_reply();
        a.write_all(b"PING\r\n").unwrap();
        assert_eq!(read_some(&mut a, 7), (b"+PO".to_vec(), true));
        assert_eq!(proxy.replies_cut(), 1);
        eventually("the cut connection closed", || proxy.connections() == 1);
        b.write_all(b"PING\r\n").unwrap();
        assert_eq!(read_some(&mut b, 7).0, b"+PONG\r\n");
        assert_eq!(proxy.replies_cut(), 1, "a cut fires once");

        // Drop: every connection ends at once; new ones are accepted.
        let mut c = raw_client(&proxy);
        eventually("two connections", || proxy.connections() == 2);
        assert_eq!(proxy.drop_connections(), 2);
        assert_eq!(proxy.connections(), 0);
        assert_eq!(read_some(&mut b, 1), (Vec::new(), true));
        assert_eq!(read_some(&mut c, 1), (Vec::new(), true));
        let mut d = raw_client(&proxy);
        d.write_all(b"PING\r\n").unwrap();
        assert_eq!(read_some(&mut d, 7).0, b"+PONG\r\n");

        // Refuse: new connections are refused, the open one works; then accepted again.
        proxy.refuse(true);
        let refused = TcpStream::connect(proxy.addr()).unwrap_err();
        assert_eq!(refused.kind(), std::io::ErrorKind::ConnectionRefused);
        d.write_all(b"PING\r\n").unwrap();
        assert_eq!(read_some(&mut d, 7).0, b"+PONG\r\n");
        proxy.refuse(false);
        let mut e = raw_client(&proxy);
        e.write_all(b"PING\r\n").unwrap();
        assert_eq!(read_some(&mut e, 7).0, b"+PONG\r\n");
        assert_eq!(proxy.accepted(), 5);

        // Dropping the proxy closes its connections and its port.
        let addr = proxy.addr();
        drop(proxy);
        assert_eq!(read_some(&mut e, 1), (Vec::new(), true));
        assert!(TcpStream::connect(addr).is_err());
    }

    /// A store connected through the proxy writes and loads, and its data is in the Redis behind.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn store_works_through_proxy() {
        let redis = TestRedis::start();
        let proxy = FaultProxy::start(local(redis.port()));
        let store = connect_from_url(Some(&proxy.url()), StoreConfig::default())
            .await
            .unwrap();
        let id = fresh_id();
        store.create(&id, 1, b"one", false).await.unwrap();
        store.save_if(&id, 1, 2, b"two", false).await.unwrap();
        let game = store.load(&id).await.unwrap().unwrap();
        assert_eq!((game.version, game.data.as_slice()), (2, &b"two"[..]));
        assert!(proxy.connections() >= 1);
        let direct = RedisStore::connect(&redis.url(), StoreConfig::default())
            .await
            .unwrap();
        assert_eq!(direct.load(&id).await.unwrap(), Some(game));
    }

    /// A stall: a write fails with `Unavailable` within the op timeout, the connection stays open;
    /// after `resume` the store works again, and the held write was delivered then.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn stall_times_out_then_recovers() {
        let op_timeout = Duration::from_millis(500);
        let redis = TestRedis::start();
        let proxy = FaultProxy::start(local(redis.port()));
        let store = RedisStore::connect(&proxy.url(), config(op_timeout))
            .await
            .unwrap();
        let id = fresh_id();
        store.create(&id, 1, b"x", false).await.unwrap();
        let open = proxy.connections();
        assert!(open >= 1);

        proxy.stall();
        let started = Instant::now();
        let result = store.save_if(&id, 1, 2, b"y", false).await;
        let took = started.elapsed();
        assert!(
            matches!(result, Err(StoreError::Unavailable(_))),
            "{result:?}"
        );
        assert!(
            took >= op_timeout / 2 && took < op_timeout + Duration::from_millis(400),
            "{took:?}"
        );
        assert!(
            proxy.connections() >= open,
            "a stall keeps connections open"
        );

        proxy.resume();
        let deadline = Instant::now() + Duration::from_secs(3);
        while store.ping().await.is_err() {
            assert!(Instant::now() < deadline, "no recovery after resume");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // The held write reached Redis on resume: it was delayed, not lost.
        assert_eq!(store.load(&id).await.unwrap().unwrap().version, 2);
        store.save_if(&id, 2, 3, b"z", false).await.unwrap();
    }

    /// Dropped connections: the store reconnects through the proxy, the next call or the one after
    /// succeeding, twice over.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dropped_connections_recover() {
        let redis = TestRedis::start();
        let proxy = FaultProxy::start(local(redis.port()));
        let store = RedisStore::connect(&proxy.url(), config(Duration::from_millis(800)))
            .await
            .unwrap();
        store.create(&fresh_id(), 1, b"x", false).await.unwrap();
        for round in 0..2 {
            let before = proxy.accepted();
            assert_eq!(
                proxy.drop_connections(),
                1,
                "round {round}: the store's connection"
            );
            let (first, second) = (fresh_id(), fresh_id());
            match store.create(&first, 1, b"x", false).await {
                Ok(()) => {}
                Err(StoreError::Unavailable(e)) => {
                    eprintln!("round {round}: the first call after the drop failed: {e}");
                    store.create(&second, 1, b"x", false).await.unwrap();
                    assert_eq!(store.load(&first).await.unwrap(), None, "round {round}");
                }
                Err(e) => panic!("round {round}: {e:?}"),
            }
            assert!(
                proxy.accepted() > before,
                "round {round}: no new connection"
            );
            assert!(proxy.connections() >= 1, "round {round}");
        }
    }

    /// A reply cut mid-way: that write fails (it was applied, only its answer was lost), and
    /// every call after it succeeds.
    ///
    /// The failure is `Unavailable` (503: the network's fault, not the data's), although the
    /// client reports a reply that ends with its connection as a parse error ("Unexpected end
    /// of input").
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn cut_reply_fails_one_call() {
        let redis = TestRedis::start();
        let proxy = FaultProxy::start(local(redis.port()));
        let store = RedisStore::connect(&proxy.url(), config(Duration::from_millis(800)))
            .await
            .unwrap();
        let id = fresh_id();
        store.create(&id, 1, b"x", false).await.unwrap();
        proxy.cut_next_reply();
        let result = store.save_if(&id, 1, 2, b"y", false).await;
        eprintln!("a write whose reply was cut: {result:?}");
        assert!(
            matches!(result, Err(StoreError::Unavailable(_))),
            "{result:?}"
        );
        assert_eq!(proxy.replies_cut(), 1);
        assert_eq!(store.load(&id).await.unwrap().unwrap().version, 2);
        for v in 2..7 {
            store.save_if(&id, v, v + 1, b"z", false).await.unwrap();
        }
        assert_eq!(store.load(&id).await.unwrap().unwrap().version, 7);
        assert_eq!(proxy.replies_cut(), 1);
    }

    /// A cluster reachable only through proxies: the nodes announce the proxies, games on every
    /// node are written through them; a stall of one node's proxy makes that node's games
    /// unavailable (in time) while the other nodes' games work, and after `resume` they all do.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn cluster_behind_proxies() {
        let op_timeout = Duration::from_millis(600);
        let limit = op_timeout + Duration::from_millis(400);
        let (cluster, proxies) = TestRedisCluster::start_behind_proxies(3);
        let proxy_ports: Vec<u16> = proxies.iter().map(FaultProxy::port).collect();
        for (proxy, port) in proxies.iter().zip(cluster.ports()) {
            assert_eq!(proxy.upstream(), local(port));
        }
        // Every node announces the proxies, not itself.
        let mut node = ::redis::Client::open(cluster.urls()[0].as_str())
            .unwrap()
            .get_multiplexed_async_connection()
            .await
            .unwrap();
        let slots: Vec<::redis::Value> = ::redis::cmd("CLUSTER")
            .arg("SLOTS")
            .query_async(&mut node)
            .await
            .unwrap();
        // Each range is [first, last, [ip, port, id, ...]] (no replicas).
        let owners: Vec<(String, u16)> = slots
            .iter()
            .map(|range| match range {
                ::redis::Value::Array(range) => match &range[2] {
                    ::redis::Value::Array(owner) => match (&owner[0], &owner[1]) {
                        (::redis::Value::BulkString(ip), ::redis::Value::Int(port)) => (
                            String::from_utf8(ip.clone()).unwrap(),
                            u16::try_from(*port).unwrap(),
                        ),
                        other => panic!("unexpected node entry {other:?}"),
                    },
                    other => panic!("unexpected owner {other:?}"),
                },
                other => panic!("unexpected slot range {other:?}"),
            })
            .collect();
        let mut announced: Vec<u16> = owners.iter().map(|o| o.1).collect();
        announced.sort_unstable();
        let mut expected = proxy_ports.clone();
        expected.sort_unstable();
        assert_eq!(announced, expected, "{owners:?}");
        assert!(owners.iter().all(|o| o.0 == "127.0.0.1"), "{owners:?}");

        let store = RedisClusterStore::connect(
            &proxies.iter().map(FaultProxy::url).collect::<Vec<_>>(),
            config(op_timeout),
        )
        .await
        .unwrap();
        let as_url = connect_from_url(
            Some(&super::super::testing::cluster_url(&proxies)),
            config(op_timeout),
        )
        .await
        .unwrap();
        // Games on every node, each found on the node (by its own port) that owns it.
        let mut games: Vec<Vec<String>> = vec![Vec::new(); 3];
        let mut direct = Vec::new();
        for port in cluster.ports() {
            direct.push(
                ::redis::Client::open(format!("redis://127.0.0.1:{port}"))
                    .unwrap()
                    .get_multiplexed_async_connection()
                    .await
                    .unwrap(),
            );
        }
        for _ in 0..30 {
            let id = fresh_id();
            store.create(&id, 1, b"x", false).await.unwrap();
            let mut owners = Vec::new();
            for (i, con) in direct.iter_mut().enumerate() {
                // A node that does not own the key answers MOVED (to a proxy's port).
                let found: ::redis::RedisResult<i64> = ::redis::cmd("EXISTS")
                    .arg(store.key_of(&id))
                    .query_async(con)
                    .await;
                if found.is_ok_and(|n| n == 1) {
                    owners.push(i);
                }
            }
            assert_eq!(owners.len(), 1, "{id}: {owners:?}");
            assert_eq!(as_url.load(&id).await.unwrap().unwrap().version, 1);
            games[owners[0]].push(id);
        }
        assert!(games.iter().all(|g| !g.is_empty()), "{games:?}");
        assert!(proxies.iter().all(|p| p.connections() >= 1));

        // Stall node 0's proxy.
        proxies[0].stall();
        for id in games[0].iter().take(2) {
            let started = Instant::now();
            let result = store.save_if(id, 1, 2, b"y", false).await;
            assert!(
                matches!(result, Err(StoreError::Unavailable(_))),
                "{result:?}"
            );
            assert!(started.elapsed() < limit, "{:?}", started.elapsed());
        }
        for id in games[1].iter().chain(&games[2]) {
            let started = Instant::now();
            store.save_if(id, 1, 2, b"y", false).await.unwrap();
            assert!(started.elapsed() < limit, "{:?}", started.elapsed());
        }
        assert!(
            proxies[0].connections() >= 1,
            "a stall keeps connections open"
        );

        proxies[0].resume();
        let deadline = Instant::now() + Duration::from_secs(3);
        let id = &games[0][0];
        let version = loop {
            match store.load(id).await {
                Ok(game) => break game.unwrap().version,
                Err(e) => assert!(Instant::now() < deadline, "no recovery: {e:?}"),
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        store
            .save_if(id, version, version + 1, b"z", false)
            .await
            .unwrap();
        for id in games[1].iter().chain(&games[2]) {
            store.save_if(id, 2, 3, b"z", false).await.unwrap();
        }
    }
}
