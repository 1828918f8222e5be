//! Private Redis servers for tests (not part of the public API).
//!
//! [`TestRedis`] starts a throw-away `redis-server` on a free local port (no persistence, its
//! files in a temporary directory), and kills it when dropped. It can also be killed and started
//! again on the same port, for fault tests. [`TestRedisCluster`] does the same for a small Redis
//! Cluster, optionally reachable only through a [`FaultProxy`] per node
//! ([`TestRedisCluster::start_behind_proxies`]). Both need `redis-server` on the `PATH` (or in
//! `REDIS_SERVER`); they never touch the shared Redis on 6379.
//!
//! ```no_run
//! # async fn example() {
//! use hasenpfeffer::store::{testing::TestRedis, RedisStore, StoreConfig};
//! let mut redis = TestRedis::start();
//! let store = RedisStore::connect(&redis.url(), StoreConfig::default()).await.unwrap();
//! redis.kill();    // calls now fail with StoreError::Unavailable
//! redis.restart(); // same port, empty data; the same store works again
//! # }
//! ```
//!
//! The methods block the calling thread while waiting for the server (at most a few seconds), so
//! call them from a test's body, not from inside a task that others depend on.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use super::fault_proxy::FaultProxy;

/// How long a server may take to answer `PING` after it was started.
const START_TIMEOUT: Duration = Duration::from_secs(10);

fn redis_server_binary() -> String {
    std::env::var("REDIS_SERVER").unwrap_or_else(|_| "redis-server".to_owned())
}

/// A port that is free now (and, for cluster nodes, whose cluster-bus port `port + 10000` is free
/// too). Random in 20000..30000, so the bus port stays valid and parallel tests rarely collide.
fn free_port(with_bus: bool) -> u16 {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let seed = std::process::id()
        .wrapping_mul(2_654_435_761)
        .wrapping_add(COUNTER.fetch_add(1, Ordering::Relaxed).wrapping_mul(7919))
        .wrapping_add(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0),
        );
    for i in 0..1000u32 {
        let port = 20000 + (seed.wrapping_add(i.wrapping_mul(7)) % 10000) as u16;
        let free = |p: u16| TcpListener::bind((Ipv4Addr::LOCALHOST, p)).is_ok();
        if free(port) && (!with_bus || free(port + 10000)) {
            return port;
        }
    }
    panic!("no free port found for a test redis-server");
}

/// Send `PING` by hand and wait for `+PONG`.
fn answers_ping(port: u16) -> bool {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let Ok(mut s) = TcpStream::connect_timeout(&addr, Duration::from_millis(200)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_millis(500)));
    if s.write_all(b"PING\r\n").is_err() {
        return false;
    }
    let mut buf = [0u8; 7];
    s.read_exact(&mut buf).is_ok() && &buf == b"+PONG\r\n"
}

fn temp_dir(tag: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "hp-test-redis-{}-{}-{}",
        tag,
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("create a temporary directory for redis-server");
    dir
}

/// One `redis-server` process on a fixed port.
#[derive(Debug)]
struct Server {
    port: u16,
    dir: PathBuf,
    extra_args: Vec<String>,
    child: Option<Child>,
}

impl Server {
    /// Start the process and wait until it answers; `Err` if it exits (e.g. the port was taken).
    fn spawn(&mut self) -> Result<(), String> {
        assert!(self.child.is_none(), "redis-server already running");
        let mut child = Command::new(redis_server_binary())
            .args(["--port", &self.port.to_string()])
            .args(["--bind", "127.0.0.1"])
            .args(["--save", ""])
            .args(["--appendonly", "no"])
            .args(["--daemonize", "no"])
            .arg("--dir")
            .arg(&self.dir)
            .args(["--logfile", "redis.log"])
            .args(&self.extra_args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", redis_server_binary()))?;
        let started = Instant::now();
        loop {
            if answers_ping(self.port) {
                self.child = Some(child);
                return Ok(());
            }
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!(
                    "redis-server on port {} exited with {status}; see {}",
                    self.port,
                    self.dir.join("redis.log").display()
                ));
            }
            if started.elapsed() > START_TIMEOUT {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("redis-server on port {} did not answer", self.port));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Start a server on a free port, trying a few ports in case another test took one meanwhile.
fn start_server(tag: &str, extra_args: &[String], with_bus: bool) -> Server {
    start_server_with(tag, with_bus, |_| (extra_args.to_vec(), ())).0
}

/// [`start_server`] with arguments that depend on the port: `prepare(port)` gives them, and
/// something to keep (dropped if the server fails to start on that port).
fn start_server_with<T>(
    tag: &str,
    with_bus: bool,
    mut prepare: impl FnMut(u16) -> (Vec<String>, T),
) -> (Server, T) {
    let mut last_error = String::new();
    for _ in 0..5 {
        let port = free_port(with_bus);
        let (extra_args, kept) = prepare(port);
        let mut server = Server {
            port,
            dir: temp_dir(tag),
            extra_args,
            child: None,
        };
        match server.spawn() {
            Ok(()) => return (server, kept),
            Err(e) => last_error = e,
        }
    }
    panic!("cannot start a test redis-server: {last_error}");
}

/// A private, throw-away `redis-server` for one test; killed when dropped.
#[derive(Debug)]
pub struct TestRedis {
    server: Server,
}

impl TestRedis {
    /// Start a server on a free port and wait until it answers `PING`. Panics if it cannot.
    pub fn start() -> Self {
        Self {
            server: start_server("single", &[], false),
        }
    }

    /// Start a server that persists every write before answering it (`--appendonly yes
    /// --appendfsync always`), so that [`TestRedis::kill`] loses nothing that was acknowledged
    /// and [`TestRedis::restart`] brings the data back (from the append-only file in
    /// [`TestRedis::dir`]). Panics if it cannot start.
    pub fn start_persistent() -> Self {
        let args: Vec<String> = ["--appendonly", "yes", "--appendfsync", "always"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        Self {
            server: start_server("persistent", &args, false),
        }
    }

    /// The server's port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.server.port
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.server.port)
    }

    /// Whether the server process is running (not killed).
    pub fn is_running(&self) -> bool {
        self.server.child.is_some()
    }

    /// Kill the server (SIGKILL, as a crash would); its data is gone. No-op if already killed.
    pub fn kill(&mut self) {
        self.server.kill();
    }

    /// Start the server again on the same port (killing it first if it runs), and wait until it
    /// answers: with no data, or for a [persistent](TestRedis::start_persistent) server with
    /// every write it acknowledged.
    pub fn restart(&mut self) {
        self.server.kill();
        // The port was ours a moment ago; retry briefly in case the kernel holds it.
        let mut last_error = String::new();
        for _ in 0..20 {
            match self.server.spawn() {
                Ok(()) => return,
                Err(e) => last_error = e,
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("cannot restart the test redis-server: {last_error}");
    }

    /// Freeze the server (SIGSTOP): connections stay open but nothing answers, as with a hung
    /// server or a network partition. Undo with [`TestRedis::resume`].
    pub fn pause(&mut self) {
        self.signal("-STOP");
    }

    /// Unfreeze a [paused](TestRedis::pause) server (SIGCONT).
    pub fn resume(&mut self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let child = self
            .server
            .child
            .as_ref()
            .expect("redis-server is not running");
        let status = Command::new("kill")
            .arg(signal)
            .arg(child.id().to_string())
            .status()
            .expect("run kill");
        assert!(status.success(), "kill {signal} failed");
    }

    /// The directory holding the server's log (`redis.log`).
    pub fn dir(&self) -> &Path {
        &self.server.dir
    }
}

/// A private Redis Cluster of a few primaries (no replicas) on free local ports; killed when
/// dropped. The slots are split evenly between the nodes.
#[derive(Debug)]
pub struct TestRedisCluster {
    nodes: Vec<Server>,
}

impl TestRedisCluster {
    /// Start `n` (at least 1) cluster nodes, join them and wait until the cluster is `ok` on every
    /// node. Panics if it cannot.
    pub fn start(n: usize) -> Self {
        assert!(n >= 1, "a cluster needs a node");
        let nodes: Vec<Server> = (0..n)
            .map(|i| start_server("cluster", &cluster_node_args(i), true))
            .collect();
        let cluster = Self { nodes };
        cluster.form();
        cluster
    }

    /// Like [`TestRedisCluster::start`], but with a [`FaultProxy`] in front of every node
    /// (`proxies[i]` relays to node `i`, whose port is `ports()[i]`), and every node announcing
    /// its proxy's address (`cluster-announce-ip 127.0.0.1`, `cluster-announce-port` the proxy's
    /// port) in `CLUSTER SLOTS` and `MOVED` replies. A cluster client seeded with the proxies'
    /// URLs ([`cluster_url`]) thus reaches every node only through its proxy, so that faults can
    /// be injected per node. The nodes still talk to each other directly, on their own bus ports,
    /// and [`TestRedisCluster::url`] and [`TestRedisCluster::urls`] still name the nodes
    /// themselves. Panics if it cannot start.
    pub fn start_behind_proxies(n: usize) -> (Self, Vec<FaultProxy>) {
        assert!(n >= 1, "a cluster needs a node");
        let (nodes, proxies): (Vec<Server>, Vec<FaultProxy>) = (0..n)
            .map(|i| {
                start_server_with("cluster", true, |port| {
                    let proxy = FaultProxy::start(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
                    let mut args = cluster_node_args(i);
                    args.extend([
                        "--cluster-announce-ip".to_owned(),
                        "127.0.0.1".to_owned(),
                        "--cluster-announce-port".to_owned(),
                        proxy.port().to_string(),
                        "--cluster-announce-bus-port".to_owned(),
                        (port + 10000).to_string(),
                    ]);
                    (args, proxy)
                })
            })
            .unzip();
        let cluster = Self { nodes };
        cluster.form();
        (cluster, proxies)
    }

    fn form(&self) {
        let n = self.nodes.len();
        let per = 16384 / n;
        for (i, node) in self.nodes.iter().enumerate() {
            let first = i * per;
            let last = if i + 1 == n { 16383 } else { (i + 1) * per - 1 };
            let mut con = node_connection(node.port);
            let _: () = redis::cmd("CLUSTER")
                .arg("ADDSLOTSRANGE")
                .arg(first)
                .arg(last)
                .query(&mut con)
                .expect("CLUSTER ADDSLOTSRANGE");
        }
        let mut first = node_connection(self.nodes[0].port);
        for node in &self.nodes[1..] {
            let _: () = redis::cmd("CLUSTER")
                .arg("MEET")
                .arg("127.0.0.1")
                .arg(node.port)
                .query(&mut first)
                .expect("CLUSTER MEET");
        }
        self.wait_ok();
    }

    /// Wait until every node reports `cluster_state:ok` and knows every other node.
    fn wait_ok(&self) {
        let n = self.nodes.len();
        let started = Instant::now();
        loop {
            let ready = self.nodes.iter().all(|node| {
                let mut con = node_connection(node.port);
                let info: String = redis::cmd("CLUSTER")
                    .arg("INFO")
                    .query(&mut con)
                    .unwrap_or_default();
                info.contains("cluster_state:ok")
                    && info.contains(&format!("cluster_known_nodes:{n}\r"))
            });
            if ready {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the test redis cluster did not become ready"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Kill node `i` (SIGKILL). Its slots become unreachable; no replica takes over.
    pub fn kill_node(&mut self, i: usize) {
        self.nodes[i].kill();
    }

    /// Start node `i` again on its port. It keeps its cluster configuration (`nodes.conf`), so it
    /// rejoins with its slots, but its data is gone. Waits until the cluster is `ok` again.
    pub fn restart_node(&mut self, i: usize) {
        self.nodes[i].kill();
        let mut last_error = String::new();
        for _ in 0..20 {
            match self.nodes[i].spawn() {
                Ok(()) => {
                    self.wait_ok();
                    return;
                }
                Err(e) => last_error = e,
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("cannot restart test cluster node {i}: {last_error}");
    }

    /// The nodes' ports on 127.0.0.1.
    pub fn ports(&self) -> Vec<u16> {
        self.nodes.iter().map(|n| n.port).collect()
    }

    /// One `redis://127.0.0.1:<port>` URL per node.
    pub fn urls(&self) -> Vec<String> {
        self.nodes
            .iter()
            .map(|n| format!("redis://127.0.0.1:{}", n.port))
            .collect()
    }

    /// `redis+cluster://127.0.0.1:<port>,...`, the form `connect_from_url` takes.
    pub fn url(&self) -> String {
        let nodes: Vec<String> = self
            .nodes
            .iter()
            .map(|n| format!("127.0.0.1:{}", n.port))
            .collect();
        format!("redis+cluster://{}", nodes.join(","))
    }
}

/// The arguments of cluster node `i`.
fn cluster_node_args(i: usize) -> Vec<String> {
    vec![
        "--cluster-enabled".to_owned(),
        "yes".to_owned(),
        "--cluster-config-file".to_owned(),
        format!("nodes-{i}.conf"),
        "--cluster-node-timeout".to_owned(),
        "5000".to_owned(),
    ]
}

/// `redis+cluster://127.0.0.1:<port>,...` of the proxies of a cluster started with
/// [`TestRedisCluster::start_behind_proxies`]: the URL that reaches it only through them.
pub fn cluster_url(proxies: &[FaultProxy]) -> String {
    let nodes: Vec<String> = proxies
        .iter()
        .map(|p| format!("127.0.0.1:{}", p.port()))
        .collect();
    format!("redis+cluster://{}", nodes.join(","))
}

fn node_connection(port: u16) -> redis::Connection {
    redis::Client::open(format!("redis://127.0.0.1:{port}"))
        .and_then(|c| c.get_connection_with_timeout(Duration::from_secs(2)))
        .unwrap_or_else(|e| panic!("cannot connect to test redis node {port}: {e}"))
}
