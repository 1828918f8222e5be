//! Scaffolding for the reliability tests: a Server-Sent-Events reader, several replicas on one
//! private Redis, the server binary as a child process, and a client that plays the seat to act.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hasenpfeffer::Application;
use hasenpfeffer::config::Config;
use rand::rngs::SmallRng;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, choose, view_of};

// ---------------------------------------------------------------------------------------------
// Server-Sent Events

/// One frame of an event stream.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    /// An event: its `id:`, `event:` and `data:` (lines joined with `\n`).
    Event {
        /// `id:`.
        id: Option<String>,
        /// `event:` (`message` when absent).
        event: String,
        /// `data:`.
        data: String,
    },
    /// A comment line (`: keep-alive`), without the colon.
    Comment(String),
}

impl Frame {
    /// The view an event carries, with its version checked against the id.
    pub fn view(&self) -> (Value, String) {
        match self {
            Frame::Event { id, data, .. } => {
                let view: Value = serde_json::from_str(data).expect("event data is JSON");
                let version = view["version"].as_u64().expect("a view has a version");
                assert_eq!(
                    id.as_deref(),
                    Some(version.to_string().as_str()),
                    "the event id is the version"
                );
                (view, data.clone())
            }
            Frame::Comment(c) => panic!("expected an event, got the comment {c:?}"),
        }
    }

    /// The event's name, or None for a comment.
    pub fn name(&self) -> Option<&str> {
        match self {
            Frame::Event { event, .. } => Some(event),
            Frame::Comment(_) => None,
        }
    }
}

/// A tiny reader of `text/event-stream` (the parts of the format the server uses: `id`,
/// `event`, `data`, comments; frames end with a blank line).
pub struct Sse {
    res: reqwest::Response,
    buf: Vec<u8>,
    ended: bool,
}

/// What waiting for a frame gave.
#[derive(Debug)]
pub enum Next {
    /// A frame.
    Frame(Frame),
    /// The server ended the stream.
    End,
    /// Nothing within the time given.
    Timeout,
}

impl Sse {
    /// Opens the stream of game `id` (as a seat with `token`, else as the spectator) with
    /// `Last-Event-ID` if given; checks the 200 and the content type.
    pub async fn open(app: &TestApp, id: &str, token: Option<&str>, last: Option<u64>) -> Sse {
        Self::from_response(Self::request(app, id, token, last).await)
    }

    /// Reads the stream of a response (checks the 200 and the content type).
    pub fn from_response(res: reqwest::Response) -> Sse {
        assert_eq!(res.status(), StatusCode::OK, "the event stream opens");
        let ctype = crate::helpers::header(&res, reqwest::header::CONTENT_TYPE);
        assert!(ctype.starts_with("text/event-stream"), "{ctype}");
        Sse {
            res,
            buf: Vec::new(),
            ended: false,
        }
    }

    /// The raw response of `GET /v1/games/{id}/events` (for error cases).
    pub async fn request(
        app: &TestApp,
        id: &str,
        token: Option<&str>,
        last: Option<u64>,
    ) -> reqwest::Response {
        let mut req = app
            .client
            .get(app.url(&format!("/v1/games/{id}/events")))
            .header("accept", "text/event-stream");
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(l) = last {
            req = req.header("last-event-id", l.to_string());
        }
        req.send().await.expect("events request sent")
    }

    /// The next frame, the end of the stream, or a timeout after `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Next {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(frame) = self.parse_one() {
                return Next::Frame(frame);
            }
            if self.ended {
                assert!(
                    self.buf.iter().all(u8::is_ascii_whitespace),
                    "the stream ended inside a frame: {:?}",
                    String::from_utf8_lossy(&self.buf)
                );
                return Next::End;
            }
            match tokio::time::timeout_at(deadline, self.res.chunk()).await {
                Err(_) => return Next::Timeout,
                Ok(Ok(Some(bytes))) => self.buf.extend_from_slice(&bytes),
                Ok(Ok(None)) => self.ended = true,
                Ok(Err(e)) => panic!("the event stream broke: {e}"),
            }
        }
    }

    /// The next frame; panics on the end of the stream or after `wait`.
    pub async fn frame(&mut self, wait: Duration) -> Frame {
        match self.next_within(wait).await {
            Next::Frame(f) => f,
            other => panic!("expected a frame within {wait:?}, got {other:?}"),
        }
    }

    /// The next event, skipping comments; panics on the end or after `wait`.
    pub async fn event(&mut self, wait: Duration) -> Frame {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let f = self.frame(left).await;
            if f.name().is_some() {
                return f;
            }
        }
    }

    fn parse_one(&mut self) -> Option<Frame> {
        let end = self.buf.windows(2).position(|w| w == b"\n\n")?;
        let raw: Vec<u8> = self.buf.drain(..end + 2).collect();
        let text = String::from_utf8(raw).expect("the stream is UTF-8");
        let mut id = None;
        let mut event = None;
        let mut data: Vec<String> = Vec::new();
        let mut comment = None;
        for line in text.lines() {
            if let Some(c) = line.strip_prefix(':') {
                comment = Some(c.trim_start().to_owned());
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value).to_owned();
            match field {
                "id" => id = Some(value),
                "event" => event = Some(value),
                "data" => data.push(value),
                "" => {}
                other => panic!("unknown SSE field {other:?} in {text:?}"),
            }
        }
        if event.is_none() && data.is_empty() && id.is_none() {
            return Some(Frame::Comment(comment.unwrap_or_default()));
        }
        Some(Frame::Event {
            id,
            event: event.unwrap_or_else(|| "message".into()),
            data: data.join("\n"),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Replicas and child processes

/// The configuration of one in-process replica on `redis_url`.
pub fn replica_config(redis_url: &str) -> Config {
    Config {
        port: 0,
        bind_addr: "127.0.0.1".into(),
        workers: Some(2),
        redis_url: Some(redis_url.to_owned()),
        rate_limit_per_sec: 0,
        ..Config::default()
    }
}

/// Starts `n` servers in this process on the same Redis; answers their base URLs.
pub async fn spawn_replicas(
    n: usize,
    redis_url: &str,
    configure: impl Fn(&mut Config),
) -> Vec<String> {
    let mut bases = Vec::new();
    for _ in 0..n {
        let mut config = replica_config(redis_url);
        configure(&mut config);
        let app = Application::build(config).await.expect("a replica starts");
        assert!(app.backend().starts_with("redis"), "{}", app.backend());
        bases.push(format!("http://127.0.0.1:{}", app.port()));
        tokio::spawn(app.run_until_stopped());
    }
    bases
}

/// The server binary running as a child process, its output captured.
pub struct ChildServer {
    child: Child,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// The port.
    pub port: u16,
    output: Arc<Mutex<String>>,
}

impl ChildServer {
    /// Runs the server binary (the one cargo built for these tests) on a free port with `env`
    /// (besides `PORT=0`, `BIND_ADDR=127.0.0.1`, `LOG_FORMAT=json`), and waits until it listens.
    pub fn start(env: &[(&str, &str)]) -> ChildServer {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hasenpfeffer"));
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("PORT", "0")
            .env("BIND_ADDR", "127.0.0.1")
            .env("LOG_FORMAT", "json")
            .env("WORKERS", "2");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run the server binary");
        let output = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel::<u16>();
        let stdout = child.stdout.take().expect("stdout");
        let stderr = child.stderr.take().expect("stderr");
        for pipe in [
            Box::new(stdout) as Box<dyn std::io::Read + Send>,
            Box::new(stderr),
        ] {
            let output = output.clone();
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines() {
                    let Ok(line) = line else { break };
                    if let Ok(v) = serde_json::from_str::<Value>(&line)
                        && let Some(port) = v["port"].as_u64()
                    {
                        let _ = tx.send(port as u16);
                    }
                    let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
                    out.push_str(&line);
                    out.push('\n');
                }
            });
        }
        let port = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(p) => p,
            Err(_) => {
                let _ = child.kill();
                let out = output.lock().unwrap_or_else(|e| e.into_inner()).clone();
                panic!("the server binary did not start:\n{out}");
            }
        };
        ChildServer {
            child,
            base: format!("http://127.0.0.1:{port}"),
            port,
            output,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Everything the process wrote so far (stdout and stderr, line by line).
    pub fn output(&self) -> String {
        self.output
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Sends a signal (`TERM`, `KILL`, ...) with kill(1).
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.pid().to_string())
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -{name} failed");
    }

    /// Waits up to `limit` for the process to exit; its status, or None if it still runs.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let start = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if start.elapsed() > limit {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Playing

/// A new game with every seat open (plus `extra` fields), every seat claimed: its id and the
/// tokens, seat 0 first.
pub async fn started_game(app: &TestApp, extra: Value) -> (String, Vec<String>) {
    let mut body = json!({"ruleset": {"preset": "hasenpfeffer", "target_score": 5}});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            b.insert(k.clone(), v.clone());
        }
    }
    let id = app.create_game(&body).await;
    let seats = app.view(&id, None).await["ruleset"]["players"]
        .as_u64()
        .expect("players") as usize;
    let tokens = app.claim_all(&id, seats).await;
    (id, tokens)
}

/// The seat to act's view, and a legal action it may take (None once the game is over).
pub async fn next_move(
    app: &TestApp,
    id: &str,
    tokens: &[String],
    rng: &mut SmallRng,
) -> Option<(usize, Value, Value)> {
    let spectator = app.view(id, None).await;
    let seat = spectator["turn"].as_u64()? as usize;
    let (view, _) = view_of(app.get_game(id, Some(&tokens[seat])).await).await;
    let action = choose(&view, rng);
    Some((seat, view, action))
}

/// Makes one legal move of the seat to act; answers the new version (None if the game is
/// over).
pub async fn step(app: &TestApp, id: &str, tokens: &[String], rng: &mut SmallRng) -> Option<u64> {
    let (seat, view, action) = next_move(app, id, tokens, rng).await?;
    let res = app.act(id, &tokens[seat], "actions", &action).await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{action} at {}",
        view["version"]
    );
    let (after, _) = view_of(res).await;
    after["version"].as_u64()
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP

/// An answer read off the wire.
#[derive(Debug)]
pub struct RawAnswer {
    /// The status code.
    pub status: u16,
    /// The header block, lowercased.
    pub headers: String,
    /// The body (chunked encoding undone).
    pub body: Vec<u8>,
}

impl RawAnswer {
    /// The body as a problem document, checked: `application/problem+json`, a 4xx status that
    /// matches the answer's, and every RFC 9457 member.
    pub fn problem(&self) -> Value {
        assert!(
            self.headers
                .contains("content-type: application/problem+json"),
            "a problem document: {} {}",
            self.headers,
            String::from_utf8_lossy(&self.body)
        );
        let doc: Value = serde_json::from_slice(&self.body).expect("problem JSON");
        assert_eq!(doc["status"], self.status);
        for k in ["type", "title", "detail", "code"] {
            assert!(doc[k].as_str().is_some_and(|s| !s.is_empty()), "{k}: {doc}");
        }
        doc
    }
}

/// Sends `request` as it is (exact bytes: odd paths, bad encodings, chunked bodies) on a new
/// connection to 127.0.0.1:`port`, and reads the answer until the server closes the connection
/// (send `Connection: close`).
pub async fn raw(port: u16, request: &[u8]) -> RawAnswer {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("connect");
    stream.write_all(request).await.expect("write the request");
    let mut data = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut data))
        .await
        .expect("the server answers and closes")
        .expect("read the answer");
    let split = data
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header block in {:?}", String::from_utf8_lossy(&data)));
    let head = String::from_utf8_lossy(&data[..split]).to_ascii_lowercase();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let mut body = data[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        let mut out = Vec::new();
        let mut rest = &body[..];
        while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..eol]).trim(), 16)
                .expect("chunk size");
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[eol + 2..eol + 2 + size]);
            rest = &rest[eol + 2 + size + 2..];
        }
        body = out;
    }
    RawAnswer {
        status,
        headers: head,
        body,
    }
}
