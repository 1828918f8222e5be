//! Shared test scaffolding: a server on a free port over either store, a reqwest client, thin
//! wrappers over the endpoints, and the checks every response of a game goes through.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use hasenpfeffer::Application;
use hasenpfeffer::config::Config;
use hasenpfeffer::store::testing::TestRedis;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use reqwest::header::{CONTENT_TYPE, ETAG, LOCATION};
use reqwest::{Client, Response, StatusCode};
use serde_json::{Value, json};

/// Runs an `async fn name(store: Store)` once per store: `name::memory` and `name::redis`.
/// Attributes given before the name (e.g. `#[ignore = "BUG: ..."]`) go on both tests.
macro_rules! both_stores {
    ($($(#[$meta:meta])* $name:ident),* $(,)?) => {$(
        mod $name {
            $(#[$meta])*
            #[tokio::test]
            async fn memory() {
                super::$name($crate::helpers::Store::Memory).await
            }

            $(#[$meta])*
            #[tokio::test]
            async fn redis() {
                super::$name($crate::helpers::Store::Redis).await
            }
        }
    )*};
}
pub(crate) use both_stores;

/// Which store the server runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Store {
    /// The embedded in-memory store (no `REDIS_URL`).
    Memory,
    /// A private `redis-server` started for this test.
    Redis,
}

/// A running server and a client for it. The server stops when the test's runtime shuts down;
/// the private Redis (if any) when this is dropped.
pub struct TestApp {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// A client that does not follow redirects.
    pub client: Client,
    _redis: Option<TestRedis>,
}

/// Starts the server on a free port over `store`.
pub async fn spawn_app(store: Store) -> TestApp {
    spawn_app_with(store, |_| {}).await
}

/// Starts the server on a free port over `store`, with `configure` applied to the test config.
pub async fn spawn_app_with(store: Store, configure: impl FnOnce(&mut Config)) -> TestApp {
    let redis = match store {
        Store::Memory => None,
        Store::Redis => Some(
            tokio::task::spawn_blocking(TestRedis::start)
                .await
                .expect("start a private redis-server"),
        ),
    };
    let mut config = Config {
        port: 0,
        bind_addr: "127.0.0.1".into(),
        workers: Some(2),
        redis_url: redis.as_ref().map(TestRedis::url),
        // Tests send hundreds of requests a second from one address.
        rate_limit_per_sec: 0,
        bot_registrations_per_hour: 1_000,
        ..Config::default()
    };
    configure(&mut config);
    let app = Application::build(config).await.expect("the server starts");
    let expected_backend = match store {
        Store::Memory => "memory",
        Store::Redis => "redis",
    };
    assert_eq!(app.backend(), expected_backend);
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let client = Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(60))
        .build()
        .expect("a reqwest client");
    TestApp {
        base,
        client,
        _redis: redis,
    }
}

impl TestApp {
    /// The server's port, from its base URL (for raw TCP requests).
    pub fn port(&self) -> u16 {
        self.base
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("a port in the base URL")
    }

    /// A client for a server that already runs at `base` (another replica, a child process),
    /// keeping `redis` (if any) alive as long as it.
    pub fn at(base: String, redis: Option<TestRedis>) -> TestApp {
        // Idle connections are dropped before the server's 5 s keep-alive closes them, so a
        // request never races the server's close (and fails without reaching it).
        let client = Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(60))
            .pool_idle_timeout(Duration::from_secs(3))
            .build()
            .expect("a reqwest client");
        TestApp {
            base,
            client,
            _redis: redis,
        }
    }

    /// The absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("GET sent")
    }

    /// `GET path` as JSON, again every 20 ms until `done` holds of it or `limit` has passed;
    /// answers the last one read (what follows a write through the outbox comes within
    /// moments).
    pub async fn json_until(
        &self,
        path: &str,
        limit: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let started = Instant::now();
        loop {
            let v: Value = self.get(path).await.json().await.expect("JSON");
            if done(&v) || started.elapsed() > limit {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// `POST /v1/games` with a JSON body.
    pub async fn create(&self, body: &Value) -> Response {
        self.client
            .post(self.url("/v1/games"))
            .json(body)
            .send()
            .await
            .expect("create sent")
    }

    /// Creates a game and returns its id, checking the 201, the Location header and the body.
    pub async fn create_game(&self, body: &Value) -> String {
        let res = self.create(body).await;
        assert_eq!(res.status(), StatusCode::CREATED, "create {body}");
        let location = header(&res, LOCATION);
        assert_eq!(header(&res, ETAG), "\"1\"");
        let created: Value = res.json().await.expect("created game JSON");
        let id = created["game_id"].as_str().expect("game_id").to_owned();
        assert_eq!(location, format!("/v1/games/{id}"));
        assert_eq!(created["version"], 1);
        id
    }

    /// `POST /v1/games/{id}/seats` with an optional JSON body.
    pub async fn claim(&self, id: &str, body: Option<&Value>) -> Response {
        let req = self.client.post(self.url(&format!("/v1/games/{id}/seats")));
        let req = match body {
            Some(b) => req.json(b),
            None => req,
        };
        req.send().await.expect("claim sent")
    }

    /// Claims seats `0..n` by number and returns their tokens, seat 0 first.
    pub async fn claim_all(&self, id: &str, n: usize) -> Vec<String> {
        let mut tokens = Vec::new();
        for seat in 0..n {
            let res = self
                .claim(
                    id,
                    Some(&json!({"seat": seat, "name": format!("player {seat}")})),
                )
                .await;
            assert_eq!(res.status(), StatusCode::CREATED);
            let claimed: Value = res.json().await.expect("claimed seat JSON");
            assert_eq!(claimed["seat"], seat);
            let token = claimed["token"].as_str().expect("token").to_owned();
            assert_token_shape(&token);
            tokens.push(token);
        }
        let mut distinct = tokens.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), n, "tokens are distinct");
        tokens
    }

    /// `GET /v1/games/{id}`, as a seat with its token or as a spectator.
    pub async fn get_game(&self, id: &str, token: Option<&str>) -> Response {
        let req = self.client.get(self.url(&format!("/v1/games/{id}")));
        let req = match token {
            Some(t) => req.bearer_auth(t),
            None => req,
        };
        req.send().await.expect("GET game sent")
    }

    /// The view (checked: 200, JSON, an ETag equal to the version), and its raw text.
    pub async fn view_text(&self, id: &str, token: Option<&str>) -> (Value, String) {
        let res = self.get_game(id, token).await;
        assert_eq!(res.status(), StatusCode::OK);
        view_of(res).await
    }

    /// The view (checked: 200, JSON, an ETag equal to the version).
    pub async fn view(&self, id: &str, token: Option<&str>) -> Value {
        self.view_text(id, token).await.0
    }

    /// The game's current version, from the spectator view.
    pub async fn version(&self, id: &str) -> u64 {
        self.view(id, None).await["version"]
            .as_u64()
            .expect("version")
    }

    /// `POST /v1/games/{id}/{endpoint}` with a JSON action and a token.
    pub async fn act(&self, id: &str, token: &str, endpoint: &str, action: &Value) -> Response {
        self.client
            .post(self.url(&format!("/v1/games/{id}/{endpoint}")))
            .bearer_auth(token)
            .json(action)
            .send()
            .await
            .expect("action sent")
    }

    /// `GET /v1/games/{id}/log` (checked: 200).
    pub async fn log(&self, id: &str) -> Value {
        let res = self.get(&format!("/v1/games/{id}/log")).await;
        assert_eq!(res.status(), StatusCode::OK);
        res.json().await.expect("log JSON")
    }
}

/// A header's value as a string ("" when absent).
pub fn header(res: &Response, name: reqwest::header::HeaderName) -> String {
    res.headers()
        .get(name)
        .map(|v| v.to_str().expect("ASCII header").to_owned())
        .unwrap_or_default()
}

/// Reads a 200 view: JSON content, `ETag: "<version>"`; returns it with its raw text.
pub async fn view_of(res: Response) -> (Value, String) {
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        header(&res, CONTENT_TYPE).starts_with("application/json"),
        "a view is JSON"
    );
    let etag = header(&res, ETAG);
    let text = res.text().await.expect("view body");
    let view: Value = serde_json::from_str(&text).expect("view JSON");
    let version = view["version"].as_u64().expect("a view has a version");
    assert_eq!(
        etag,
        format!("\"{version}\""),
        "the ETag is the quoted version"
    );
    (view, text)
}

/// Checks a problem document: status, `application/problem+json`, the RFC 9457 members and the
/// code. Returns the document.
pub async fn assert_problem(res: Response, status: u16, code: &str) -> Value {
    let got = res.status().as_u16();
    let ctype = header(&res, CONTENT_TYPE);
    let text = res.text().await.expect("problem body");
    assert_eq!(got, status, "status for `{code}`: {text}");
    assert_eq!(
        ctype, "application/problem+json",
        "content type for `{code}`"
    );
    let doc: Value = serde_json::from_str(&text).expect("problem JSON");
    assert_eq!(doc["code"], code, "{text}");
    assert_eq!(doc["status"], status);
    assert_eq!(
        doc["type"],
        format!("https://hasenpfeffer.dev/problems/{code}")
    );
    assert!(doc["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(doc["detail"].as_str().is_some_and(|t| !t.is_empty()));
    doc
}

/// `hp_` and 64 lowercase hex digits.
pub fn assert_token_shape(token: &str) {
    let hex = token.strip_prefix("hp_").expect("tokens start with hp_");
    assert_eq!(hex.len(), 64);
    assert!(
        hex.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    );
}

// ---------------------------------------------------------------------------------------------
// Cards

/// The ranks of card codes, low to high: `2` to `9`, `T`, Five Hundred's `L M N` (11, 12, 13,
/// in its six-player pack only), `J Q K A`.
const RANKS: &[u8] = b"23456789TLMNJQKA";

/// Whether a JSON string is a card code (`2C` .. `AS`, `JK`).
pub fn is_card(s: &str) -> bool {
    let b = s.as_bytes();
    s == "JK" || (b.len() == 2 && RANKS.contains(&b[0]) && b"CDHS".contains(&b[1]))
}

/// A multiset of card codes.
pub type Cards = BTreeMap<String, u32>;

/// The multiset of a JSON array of card codes.
pub fn cards(v: &Value) -> Cards {
    let mut out = Cards::new();
    for c in v.as_array().unwrap_or_else(|| panic!("a card list: {v}")) {
        let c = c.as_str().expect("a card code");
        assert!(is_card(c), "`{c}` is a card code");
        *out.entry(c.to_owned()).or_default() += 1;
    }
    out
}

/// `a + b`.
pub fn plus(a: &Cards, b: &Cards) -> Cards {
    let mut out = a.clone();
    for (c, n) in b {
        *out.entry(c.clone()).or_default() += n;
    }
    out
}

/// Whether `a` is contained in `b` (as multisets).
pub fn within(a: &Cards, b: &Cards) -> bool {
    a.iter().all(|(c, n)| b.get(c).copied().unwrap_or(0) >= *n)
}

fn size(a: &Cards) -> u32 {
    a.values().sum()
}

/// The full deck of a ruleset's `deck`.
pub fn full_deck(deck: &str) -> Cards {
    let mut out = Cards::new();
    // Copies of each card, and the ranks (the lowest, then 9 T J Q K A above it).
    let (copies, ranks) = match deck {
        "standard25" | "pepper24" | "euchre24" => (1, "9TJQKA"),
        "pinochle48" => (2, "9TJQKA"),
        "euchre32" => (1, "789TJQKA"),
        "full52" => (1, "23456789TJQKA"),
        other => panic!("unknown deck {other}"),
    };
    for r in ranks.chars() {
        for s in "CDHS".chars() {
            out.insert(format!("{r}{s}"), copies);
        }
    }
    if deck == "standard25" {
        out.insert("JK".into(), 1);
    }
    out
}

/// Every card code in `v` with its JSON path, skipping the top-level members in `skip`.
pub fn cards_outside(v: &Value, skip: &[&str]) -> Vec<(String, String)> {
    fn walk(v: &Value, path: &str, out: &mut Vec<(String, String)>) {
        match v {
            Value::String(s) if is_card(s) => out.push((path.to_owned(), s.clone())),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk(item, &format!("{path}[{i}]"), out);
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    walk(item, &format!("{path}.{k}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (k, item) in v.as_object().expect("a view is an object") {
        if !skip.contains(&k.as_str()) {
            walk(item, k, &mut out);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Playing

/// The endpoint made for an action's type (Buck Euchre's `stay` and `drop` have none: the
/// general one; Bacon's calls and answers go to `/bid`, its `take_upcard` to `/exchange`).
pub fn specific_endpoint(action: &Value) -> &'static str {
    match action["type"].as_str().expect("an action type") {
        "stay" | "drop" => "actions",
        "pass" | "bid" | "order_up" | "name_trump" | "pick_up" | "pick_up_alone" | "allow"
        | "veto" | "veto_alone" => "bid",
        "exchange" | "take_upcard" | "leave_upcard" => "exchange",
        "play" => "play",
        "alone" => "alone",
        "pass_cards" => "pass-cards",
        other => panic!("unknown action type {other}"),
    }
}

/// The test client's policy: in the auction pass three times in four when passing is legal,
/// else the first legal call that is not a pass (a bid; in an upcard game an order up or the
/// first suit that can be named); in Buck Euchre's drop-outs stay three times in four (drop
/// the fourth where dropping is legal); in Bacon pass seven times in eight (so that all four
/// upcards are passed now and then), else pick up, alone one time in three where that is
/// legal, and answer a partner's pick-up `allow` half the time, `veto` or `veto_alone` (where
/// legal, else `allow`) a quarter each; otherwise any legal action.
pub fn choose(view: &Value, rng: &mut SmallRng) -> Value {
    let legal = view["legal_actions"].as_array().expect("legal_actions");
    assert!(!legal.is_empty(), "the seat to act has legal actions");
    let pass = json!({"type": "pass"});
    if view["ruleset"]["auction"] == "successive_upcards" && view["phase"] == "auction" {
        let allow = json!({"type": "allow"});
        if legal.contains(&allow) {
            let veto_alone = json!({"type": "veto_alone"});
            return match rng.random_range(0..4) {
                0 => json!({"type": "veto"}),
                1 if legal.contains(&veto_alone) => veto_alone,
                _ => allow,
            };
        }
        assert!(legal.contains(&pass), "a Bacon call may pass: {legal:?}");
        if rng.random_range(0..8) != 0 {
            return pass;
        }
        let alone = json!({"type": "pick_up_alone"});
        if legal.contains(&alone) && rng.random_range(0..3) == 0 {
            return alone;
        }
        return json!({"type": "pick_up"});
    }
    if view["phase"] == "drop_out" {
        let (stay, drop) = (json!({"type": "stay"}), json!({"type": "drop"}));
        assert!(
            legal.contains(&stay),
            "staying in is always legal: {legal:?}"
        );
        return if legal.contains(&drop) && rng.random_range(0..4) == 0 {
            drop
        } else {
            stay
        };
    }
    if view["phase"] == "auction" {
        let may_pass = legal.contains(&pass);
        if may_pass && rng.random_range(0..4) != 0 {
            return pass;
        }
        let call =
            |a: &&Value| matches!(a["type"].as_str(), Some("bid" | "order_up" | "name_trump"));
        if let Some(bid) = legal.iter().find(call) {
            return bid.clone();
        }
        return pass;
    }
    legal[rng.random_range(0..legal.len())].clone()
}

/// A Bacon game with a chosen deal, dealer 3 (so seat 0 calls first): seat 0 holds the hearts
/// `AH KH QH JH TH`, seat 1 the spades, seat 2 the diamonds, seat 3 the clubs, A to T each; the
/// upcards are `9H`, `9S`, `9D`, `9C` in turn, the rest of the stub the eights down to the twos.
/// `options`: the ruleset's options beside the preset.
pub fn bacon_scenario(options: Value) -> Value {
    let hands: Vec<Vec<String>> = ["H", "S", "D", "C"]
        .iter()
        .map(|s| {
            ["A", "K", "Q", "J", "T"]
                .map(|r| format!("{r}{s}"))
                .to_vec()
        })
        .collect();
    let mut stub: Vec<String> = ["9H", "9S", "9D", "9C"].map(String::from).to_vec();
    for r in ["8", "7", "6", "5", "4", "3", "2"] {
        stub.extend(["H", "S", "D", "C"].map(|s| format!("{r}{s}")));
    }
    let mut ruleset = json!({"preset": "bacon"});
    for (k, v) in options.as_object().into_iter().flatten() {
        ruleset[k] = v.clone();
    }
    json!({
        "ruleset": ruleset,
        "seed": 7,
        "scenario": {"dealer": 3, "hands": hands, "widow": stub},
    })
}

/// Seats of a ruleset (from a view).
pub fn seats_of(view: &Value) -> usize {
    view["ruleset"]["players"].as_u64().expect("players") as usize
}

/// A finished game played by [`play_game`].
pub struct Played {
    /// The game's id.
    pub id: String,
    /// The seats' tokens.
    pub tokens: Vec<String>,
    /// The spectator's view at the end.
    pub last: Value,
    /// The log at the end.
    pub log: Value,
    /// How many actions went to each endpoint (`actions`, `bid`, `exchange`, ...).
    pub endpoints: BTreeMap<&'static str, usize>,
}

/// Views seen during a game, checked against the log once their hand is over.
#[derive(Default)]
pub struct Seen {
    views: Vec<(Option<usize>, Value)>,
}

impl Seen {
    /// Records a view read by `reader` (None: the spectator), after checking what can be checked
    /// at once: the raw text holds no token, and no card outside the reader's own.
    pub fn record(&mut self, reader: Option<usize>, view: Value, text: &str, tokens: &[String]) {
        for t in tokens {
            assert!(!text.contains(t.as_str()), "a view contains a seat token");
            assert!(
                !text.contains(&hasenpfeffer::games::hash_token(t)),
                "a view contains a token hash"
            );
        }
        let expected_seat = reader.map_or(Value::Null, |s| json!(s));
        assert_eq!(view["seat"], expected_seat, "the view is the reader's");
        if view["ruleset"]["auction"] == "successive_upcards" {
            check_bacon_turn(reader, &view);
        }
        if let Some(s) = reader {
            let mut hand = cards(&view["hand"]);
            assert_eq!(
                u64::from(size(&hand)),
                view["hand_sizes"][s].as_u64().expect("hand size"),
                "hand_sizes agrees with the hand"
            );
            if view["ruleset"]["auction"] == "successive_upcards" && view["phase"] == "exchange" {
                // Bacon's taker discards any of six: its five and the upcard.
                hand = plus(&hand, &cards(&json!([view["upcard"]["card"]])));
            }
            for a in view["legal_actions"].as_array().expect("legal_actions") {
                if let Some(c) = a.get("card") {
                    assert!(
                        hand.contains_key(c.as_str().expect("card")),
                        "{a} not in hand"
                    );
                }
                for k in ["discard", "cards"] {
                    match a.get(k) {
                        // `take_upcard`'s one card.
                        Some(Value::String(c)) => {
                            assert!(hand.contains_key(c.as_str()), "{a} not in hand {hand:?}");
                        }
                        Some(cs) => {
                            assert!(within(&cards(cs), &hand), "{a} not in hand {hand:?}");
                        }
                        None => {}
                    }
                }
            }
        }
        self.views.push((reader, view));
    }

    /// Forgets the views of hands from `hands` on: a hand a forfeit cut short is never logged
    /// (its views were checked as they came).
    pub fn forget_hands_from(&mut self, hands: usize) {
        self.views.retain(|(_, v)| {
            v["hand_number"]
                .as_u64()
                .is_some_and(|n| (n as usize) < hands)
        });
    }

    /// Checks every recorded view against the finished game's log.
    pub fn check_against(&self, log: &Value) {
        let hands = log["hands"].as_array().expect("log hands");
        for (reader, view) in &self.views {
            let n = view["hand_number"].as_u64().expect("hand_number") as usize;
            let record = hands
                .get(n)
                .unwrap_or_else(|| panic!("the log has hand {n} once the game is over"));
            assert_eq!(record["number"], n);
            check_view_against_record(*reader, view, record);
            // The last finished hand, as every view shows it: its public result and every
            // trick, exactly as the log has them (so nothing else: no widow, no discard).
            let last = &view["last_hand"];
            if !last.is_null() {
                let n = last["number"].as_u64().expect("last_hand.number") as usize;
                let record = &hands[n];
                for k in [
                    "number",
                    "result",
                    "contract",
                    "tricks_won",
                    "score_delta",
                    "scores",
                ] {
                    assert_eq!(last[k], record[k], "last_hand.{k} is the log's");
                }
                assert_eq!(
                    last["tricks"], record["tricks"],
                    "last_hand.tricks are the log's"
                );
                let keys: Vec<&String> = last.as_object().expect("last_hand").keys().collect();
                assert_eq!(keys.len(), 7, "last_hand holds nothing else: {keys:?}");
            }
        }
    }
}

/// Bacon: whose turn it is and what that seat may do follow from the calls so far. In the
/// auction, a pick-up not yet answered is answered by the caller's partner, at once (`allow`,
/// `veto`, and `veto_alone` only after `pick_up_alone`); otherwise the seat after the last
/// call (or the dealer's left, for a new upcard) passes or picks up (alone unless `alone` is
/// `none`). In the exchange, the seat left of the caller takes the upcard, discarding any of
/// its six cards.
fn check_bacon_turn(reader: Option<usize>, view: &Value) {
    let calls = view["upcard_calls"].as_array().expect("upcard_calls");
    let passed = view["passed_upcards"]
        .as_array()
        .expect("passed_upcards")
        .len();
    let dealer = view["dealer"].as_u64().expect("dealer") as usize;
    let turn = view["turn"].as_u64().map(|t| t as usize);
    let seat_of = |c: &Value| c["seat"].as_u64().expect("seat") as usize;
    let types: Vec<&str> = view["legal_actions"]
        .as_array()
        .expect("legal_actions")
        .iter()
        .map(|a| a["type"].as_str().expect("type"))
        .collect();
    let to_act = reader.is_some() && reader == turn;
    if view["status"] != "playing" && view["status"] != "finished" {
        return; // seats still open: nobody acts yet
    }
    assert!(passed < 4, "at most three upcards passed: {view}");
    match view["phase"].as_str() {
        Some("auction") => {
            let last = calls.last();
            let pending = last.filter(|c| !c["trump"].is_null() && c["answer"].is_null());
            // A call by the dealer that passed or was vetoed closed its upcard: the next one is
            // turned and called from the dealer's left.
            let closed = last.is_some_and(|c| {
                seat_of(c) == dealer && (c["trump"].is_null() || c["answer"] == "veto")
            });
            if let Some(c) = last {
                let round = if closed { passed } else { passed + 1 };
                assert_eq!(
                    c["round"].as_u64(),
                    Some(round as u64),
                    "a call's round is its upcard's number: {calls:?}"
                );
            }
            if let Some(call) = pending {
                let caller = seat_of(call);
                assert_eq!(
                    turn,
                    Some((caller + 2) % 4),
                    "the caller's partner answers at once: {calls:?}"
                );
                if to_act {
                    let mut want = vec!["allow", "veto"];
                    if call["alone"] == true {
                        want.push("veto_alone");
                    }
                    assert_eq!(types, want, "the partner answers");
                }
            } else {
                let next = match last {
                    Some(c) if !closed => (seat_of(c) + 1) % 4,
                    _ => (dealer + 1) % 4,
                };
                assert_eq!(turn, Some(next), "calls go round in turn: {calls:?}");
                if to_act {
                    let mut want = vec!["pass", "pick_up"];
                    if view["ruleset"]["alone"] != "none" {
                        want.push("pick_up_alone");
                    }
                    assert_eq!(types, want, "a call of Bacon");
                }
            }
        }
        Some("exchange") => {
            let caller = view["contract"]["seat"].as_u64().expect("a caller") as usize;
            assert_eq!(turn, Some((caller + 1) % 4), "the seat left of the caller");
            if to_act {
                assert_eq!(types.len(), 6, "any of six cards: {types:?}");
                assert!(types.iter().all(|t| *t == "take_upcard"));
            }
        }
        _ => {}
    }
}

/// Bacon: what lies face up in a view, checked against the hand's record: the upcards passed
/// so far are the stub's first cards in order, the current upcard the next one (never one the
/// hand did not turn), the calls so far the hand's (the last perhaps not yet answered), and the
/// taker and its face-up discard, once shown, the hand's. Answers those cards.
fn bacon_public(view: &Value, record: &Value) -> Cards {
    let stub = record["widow"].as_array().expect("widow");
    let passed = view["passed_upcards"].as_array().expect("passed_upcards");
    let k = passed.len();
    assert!(k < 4, "at most three upcards passed: {passed:?}");
    assert_eq!(
        passed[..],
        stub[..k],
        "the passed upcards are the stub's first cards, in order"
    );
    let hand_calls = record["upcard_calls"].as_array().expect("the hand's calls");
    let rounds = hand_calls
        .last()
        .and_then(|c| c["round"].as_u64())
        .expect("a finished hand has calls") as usize;
    assert!(
        k < rounds,
        "the view shows {k} upcards passed, the hand turned {rounds}"
    );
    let calls = view["upcard_calls"].as_array().expect("upcard_calls");
    assert!(
        calls.len() <= hand_calls.len(),
        "more calls than the hand's"
    );
    for (j, (c, h)) in calls.iter().zip(hand_calls).enumerate() {
        let pending = j + 1 == calls.len() && c["answer"].is_null() && !c["trump"].is_null();
        if pending {
            let mut answered = c.clone();
            answered["answer"] = h["answer"].clone();
            assert_eq!(
                &answered, h,
                "the call waiting for its answer is the hand's"
            );
        } else {
            assert_eq!(c, h, "the view's calls are the hand's");
        }
    }
    let mut public = cards(&json!(passed));
    let up = &view["upcard"];
    if up.is_null() {
        return public;
    }
    assert_eq!(
        up["card"], stub[k],
        "the current upcard is the stub's next card"
    );
    public = plus(&public, &cards(&json!([up["card"]])));
    match up["fate"].as_str() {
        Some("face_up") => {
            assert_eq!(up["taken_by"], Value::Null);
            assert_eq!(
                up["discard"],
                Value::Null,
                "no discard before the upcard is taken"
            );
        }
        Some("taken") => {
            assert_eq!(k + 1, rounds, "the upcard taken is the hand's last");
            assert_eq!(
                up, &record["upcard"],
                "the taker and discard are the hand's"
            );
            public = plus(&public, &cards(&json!([up["discard"]])));
        }
        Some("turned_down") => assert_eq!(record["result"], "acquitted"),
        other => panic!("a Bacon upcard is face up, taken or turned down, not {other:?}"),
    }
    public
}

/// Played cards of the view (finished tricks and the trick in progress), by seat.
fn played_by_seat(view: &Value, seats: usize) -> Vec<Cards> {
    let mut out = vec![Cards::new(); seats];
    let mut tricks: Vec<&Value> = view["tricks"].as_array().expect("tricks").iter().collect();
    tricks.push(&view["trick"]);
    for t in tricks {
        for p in t["plays"].as_array().expect("plays") {
            let s = p["seat"].as_u64().expect("seat") as usize;
            let c = p["card"].as_str().expect("card");
            *out[s].entry(c.to_owned()).or_default() += 1;
        }
    }
    out
}

/// `last_hand` (the previous hand's, checked card by card against its own record in
/// [`Seen::check_against`]) is null or holds the hand's result and its tricks, and names no card
/// but the ones played to those tricks.
fn check_last_hand_shape(view: &Value) {
    let last = &view["last_hand"];
    if last.is_null() {
        return;
    }
    let mut keys: Vec<&str> = last
        .as_object()
        .expect("last_hand")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    let expected = [
        "contract",
        "number",
        "result",
        "score_delta",
        "scores",
        "tricks",
        "tricks_won",
    ];
    assert_eq!(keys, expected, "last_hand holds its result and tricks only");
    assert!(cards_outside(last, &["tricks"]).is_empty(), "{last}");
    for t in last["tricks"].as_array().expect("last_hand.tricks") {
        let keys: Vec<&String> = t.as_object().expect("a trick").keys().collect();
        assert_eq!(
            keys.len(),
            3,
            "a trick is its leader, plays and winner: {t}"
        );
        for p in t["plays"].as_array().expect("plays") {
            assert_eq!(p.as_object().expect("a play").len(), 2, "{p}");
        }
    }
}

/// The secrecy check of one view against its hand's record (deal, widow, discards, passed
/// cards): every card the reader sees was the reader's own, the declarer's widow, or played;
/// in an upcard game (`euchre`), the upcard (public) or the dealer's own discard; in Bacon, the
/// upcards passed so far and the current one (the stub's first cards, in order, never one
/// beyond them), and once the upcard is taken its taker's face-up discard (nobody sees a
/// face-down discard).
pub fn check_view_against_record(reader: Option<usize>, view: &Value, record: &Value) {
    check_last_hand_shape(view);
    let seats = seats_of(view);
    let deal: Vec<Cards> = record["deal"]
        .as_array()
        .expect("deal")
        .iter()
        .map(cards)
        .collect();
    let widow = cards(&record["widow"]);
    let passed = cards(&record["passed_cards"]);
    let declarer = record["contract"]["seat"].as_u64().map(|s| s as usize);
    let passer = declarer
        .filter(|_| !passed.is_empty())
        .map(|d| (d + 2) % seats);
    // Upcard games: the upcard is public (face up, turned down, taken into the dealer's hand or
    // left on the stub); nobody sees the rest of the undealt cards (the stub); the face-down
    // discard is the dealer's, who took the upcard.
    let upcard = record["upcard"]["card"].as_str();
    let bacon = view["ruleset"]["auction"] == "successive_upcards";
    let mut public: Cards = upcard.iter().map(|c| ((*c).to_owned(), 1)).collect();
    // (Read only in upcard games: a hand-made record of another game may leave it out.)
    let dealer = record["dealer"].as_u64().map(|d| d as usize);
    // Who takes the upcard into hand (once the record says it was taken): the dealer, in
    // Bacon the seat left of the caller.
    let taken = record["upcard"]["fate"] == "taken";
    let holder = if bacon {
        declarer.filter(|_| taken).map(|c| (c + 1) % seats)
    } else if upcard.is_some() && taken {
        Some(dealer.expect("the dealer of an upcard game's hand"))
    } else {
        None
    };
    let discarder = if bacon {
        None
    } else if upcard.is_some() {
        Some(dealer.expect("the dealer of an upcard game's hand"))
    } else {
        declarer
    };
    if upcard.is_none() {
        assert_eq!(
            view["upcard"],
            Value::Null,
            "no upcard outside upcard games"
        );
    } else if bacon {
        public = bacon_public(view, record);
    } else if !view["upcard"].is_null() {
        assert_eq!(
            view["upcard"]["card"], record["upcard"]["card"],
            "the view's upcard is the hand's"
        );
        assert_eq!(view["upcard"]["taken_by"], Value::Null, "Bacon's only");
        assert_eq!(view["upcard"]["discard"], Value::Null, "Bacon's only");
        assert_eq!(view["passed_upcards"], json!([]), "Bacon's only");
    }
    let taken_now = view["upcard"]["fate"] == "taken";
    // Trump and the contract, once shown, are the hand's (in Buck Euchre also where nobody
    // declared: a clubs upcard's trump at once, or no trump after all passed twice).
    if !view["trump"].is_null() {
        assert_eq!(
            view["trump"], record["trump"],
            "the view's trump is the hand's"
        );
    }
    if !view["contract"].is_null() {
        assert_eq!(
            view["contract"], record["contract"],
            "the view's contract is the hand's"
        );
    }
    // Bacon: a loner's partner sits out, once the loner was allowed.
    if bacon {
        let out = view["sitting_out"].as_array().expect("sitting_out");
        match view["alone"].as_u64() {
            Some(a) => {
                assert_eq!(
                    view["alone"], record["alone"],
                    "the view's loner is the hand's"
                );
                assert_eq!(
                    out,
                    &vec![json!((a as usize + 2) % seats)],
                    "the loner's partner"
                );
            }
            None => assert!(out.is_empty(), "nobody alone, yet {out:?} sit out"),
        }
    }
    // Buck Euchre: the seats sitting out are those that dropped out (so far, while the others
    // decide; all of them once the hand is played).
    if view["ruleset"]["scoring"] == "buck" {
        let out = view["sitting_out"].as_array().expect("sitting_out");
        let dropped = record["dropped"].as_array().cloned().unwrap_or_default();
        if matches!(view["phase"].as_str(), Some("play" | "game_over")) {
            assert_eq!(
                out, &dropped,
                "the seats out of the hand are those that dropped"
            );
        } else {
            assert!(
                out.iter().all(|s| dropped.contains(s)),
                "{out:?} sit out, {dropped:?} dropped"
            );
        }
    }
    // What each seat may know of its own: its deal, and for the declarer the widow and the
    // cards passed to it (in an upcard game, for the seat that took it the upcard).
    let the_upcard: Cards = upcard.iter().map(|c| ((*c).to_owned(), 1)).collect();
    let known: Vec<Cards> = (0..seats)
        .map(|s| {
            if upcard.is_some() {
                if Some(s) == holder {
                    plus(&deal[s], &the_upcard)
                } else {
                    deal[s].clone()
                }
            } else if Some(s) == declarer {
                plus(&plus(&deal[s], &widow), &passed)
            } else {
                deal[s].clone()
            }
        })
        .collect();
    let played = played_by_seat(view, seats);
    for (s, p) in played.iter().enumerate() {
        assert!(
            within(p, &known[s]),
            "seat {s} played {p:?}, not from its cards {:?}",
            known[s]
        );
    }
    let Some(s) = reader else {
        for k in ["hand", "widow", "discards", "passed_cards", "legal_actions"] {
            assert_eq!(view[k], json!([]), "the spectator's `{k}` is empty");
        }
        // Only what lies face up: the upcard (in Bacon those passed and the face-up discard).
        for (path, card) in cards_outside(view, &["trick", "tricks", "last_hand"]) {
            assert!(
                public.contains_key(&card),
                "the spectator sees {card} at {path}"
            );
        }
        return;
    };
    let hand = cards(&view["hand"]);
    let view_widow = cards(&view["widow"]);
    let view_discards = cards(&view["discards"]);
    let view_passed = cards(&view["passed_cards"]);
    assert!(
        within(&hand, &known[s]),
        "seat {s} holds {hand:?}, not its own cards"
    );
    if view["phase"] == "auction" {
        assert_eq!(hand, deal[s], "in the auction a hand is the deal");
    }
    if !view_widow.is_empty() {
        assert!(upcard.is_none(), "nobody sees the stub of an upcard game");
        assert_eq!(Some(s), declarer, "only the declarer sees the widow");
        assert_eq!(view_widow, widow);
    }
    if !view_discards.is_empty() {
        assert_eq!(
            Some(s),
            discarder,
            "only the declarer (in an upcard game the dealer) sees discards"
        );
        let all = plus(
            &cards(&record["discards"]),
            &cards(&record["lone_discards"]),
        );
        assert!(within(&view_discards, &all));
    }
    if !view_passed.is_empty() {
        assert!(
            Some(s) == declarer || Some(s) == passer,
            "seat {s} sees passed cards"
        );
        assert_eq!(view_passed, passed);
    }
    // Conservation: what the seat holds, played, discarded and passed on is what it was dealt
    // and received.
    let mut out = plus(&hand, &played[s]);
    let mut got = deal[s].clone();
    if upcard.is_some() {
        if Some(s) == holder && taken_now {
            // Euchre's discard lies face down (the dealer's own), Bacon's face up.
            let discard = if bacon {
                cards(&json!([view["upcard"]["discard"]]))
            } else {
                view_discards.clone()
            };
            out = plus(&out, &discard);
            got = plus(&got, &the_upcard);
        }
    } else if Some(s) == declarer {
        out = plus(&out, &view_discards);
        got = plus(&plus(&got, &view_widow), &view_passed);
    } else if Some(s) == passer {
        out = plus(&out, &view_passed);
    }
    assert_eq!(
        out, got,
        "seat {s}: hand + played + discarded != dealt + received in {view}"
    );
    // Nothing else anywhere in the view names a card the reader may not know.
    // (`last_hand` is the previous hand's, checked against its own record in `check_against`.)
    for (path, card) in cards_outside(
        view,
        &["hand", "trick", "tricks", "legal_actions", "last_hand"],
    ) {
        assert!(
            known[s].contains_key(&card) || public.contains_key(&card),
            "seat {s} sees {card} at {path}, not one of its cards"
        );
    }
}

/// The suit of a card code (`"QH"` -> `"H"`).
fn suit_of(card: &Value) -> Value {
    let c = card.as_str().expect("a card code");
    json!(&c[c.len() - 1..])
}

/// Bacon (RULES-FAMILY section 3): a finished hand's calls, read from an independent reading of
/// the rules. For each upcard in turn (the stub's first cards, `round` its number), the seats
/// call from the dealer's left, dealer last, each once: a pass (no trump, not alone, no answer)
/// or a pick-up of the upcard's suit, alone only where `alone` is not `none`, answered by the
/// partner (`veto_alone` only after going alone). A veto counts as the caller's pass (a vetoed
/// dealer passes the upcard); `allow` or `veto_alone` ends the auction: the caller is the
/// declarer (3 tricks), the upcard's suit trump, the caller alone only if allowed alone, the
/// upcard taken by the seat left of the caller, who discards one of its six cards face up. All
/// four upcards passed: the hand is acquitted, the fourth upcard turned down.
fn check_bacon_calls(i: usize, h: &Value, rules: &Value) {
    let stub = h["widow"].as_array().expect("widow");
    let dealer = h["dealer"].as_u64().expect("dealer") as usize;
    let calls = h["upcard_calls"]
        .as_array()
        .expect("a Bacon hand has calls");
    assert!(
        h["auction"].as_array().is_some_and(Vec::is_empty),
        "hand {i}: no bids"
    );
    for k in ["lone_discards", "passed_cards"] {
        assert_eq!(h[k], json!([]), "hand {i}: no {k} in Bacon");
    }
    assert_eq!(
        h["defender_alone"],
        Value::Null,
        "hand {i}: no lone defender"
    );
    assert!(
        h.get("dropped").is_none(),
        "hand {i}: no drop-outs in Bacon"
    );
    let (mut round, mut next) = (1, (dealer + 1) % 4);
    let mut stood: Option<&Value> = None;
    for c in calls {
        assert!(
            stood.is_none(),
            "hand {i}: a call after the pick-up stood: {calls:?}"
        );
        assert!(round <= 4, "hand {i}: a call after four upcards: {calls:?}");
        assert_eq!(c["round"], round, "hand {i}: {c} on upcard {round}");
        assert_eq!(c["seat"], next, "hand {i}: {c} out of turn, seat {next}'s");
        let seat = next;
        let up = &stub[round - 1];
        if c["trump"].is_null() {
            assert_eq!(c["alone"], false, "hand {i}: a pass is not alone: {c}");
            assert_eq!(
                c["answer"],
                Value::Null,
                "hand {i}: nobody answers a pass: {c}"
            );
        } else {
            assert_eq!(c["trump"], suit_of(up), "hand {i}: {c} picks up {up}");
            if rules["alone"] == "none" {
                assert_eq!(
                    c["alone"], false,
                    "hand {i}: alone under `alone: none`: {c}"
                );
            }
            match c["answer"].as_str() {
                Some("veto") => {}
                Some("allow") => stood = Some(c),
                Some("veto_alone") => {
                    assert_eq!(c["alone"], true, "hand {i}: veto_alone of a plain pick-up");
                    stood = Some(c);
                }
                other => panic!("hand {i}: {c} answered {other:?}"),
            }
            if stood.is_some() {
                continue;
            }
        }
        // A pass, or a vetoed pick-up: the turn goes on; after the dealer, the next upcard.
        if seat == dealer {
            round += 1;
        }
        next = (seat + 1) % 4;
    }
    let upcard = &h["upcard"];
    match stood {
        Some(c) => {
            assert_eq!(h["result"], "played", "hand {i}: a pick-up stood");
            let caller = c["seat"].as_u64().expect("seat") as usize;
            assert_eq!(
                h["contract"]["seat"], caller,
                "hand {i}: the caller declares"
            );
            assert_eq!(h["contract"]["bid"], json!({"tricks": 3}), "hand {i}");
            assert_eq!(
                h["trump"], c["trump"],
                "hand {i}: the upcard's suit is trump"
            );
            let alone = c["alone"] == true && c["answer"] == "allow";
            assert_eq!(
                h["alone"],
                if alone { json!(caller) } else { Value::Null },
                "hand {i}: the loner"
            );
            assert_eq!(
                upcard["card"],
                stub[round - 1],
                "hand {i}: the upcard picked up"
            );
            assert_eq!(upcard["fate"], "taken", "hand {i}");
            let taker = (caller + 1) % 4;
            assert_eq!(
                upcard["taken_by"], taker,
                "hand {i}: the caller's left takes it"
            );
            let discards = h["discards"].as_array().expect("discards");
            assert_eq!(discards.len(), 1, "hand {i}: one discard");
            assert_eq!(
                upcard["discard"], discards[0],
                "hand {i}: the discard, face up"
            );
            let six = plus(&cards(&h["deal"][taker]), &cards(&json!([upcard["card"]])));
            assert!(
                six.contains_key(discards[0].as_str().expect("a card")),
                "hand {i}: {} is not one of the taker's six",
                discards[0]
            );
        }
        None => {
            assert_eq!(
                round, 5,
                "hand {i}: the auction stopped on upcard {round}: {calls:?}"
            );
            assert_eq!(h["result"], "acquitted", "hand {i}: four upcards passed");
            assert_eq!(h["contract"], Value::Null, "hand {i}");
            assert_eq!(h["trump"], Value::Null, "hand {i}");
            assert_eq!(h["alone"], Value::Null, "hand {i}");
            assert_eq!(h["discards"], json!([]), "hand {i}");
            let fourth =
                json!({"card": stub[3], "fate": "turned_down", "taken_by": null, "discard": null});
            assert_eq!(upcard, &fourth, "hand {i}: the fourth upcard turned down");
        }
    }
}

/// Bacon: a played hand's tricks: the upcard's taker leads the first; four cards a trick, or
/// three when the loner's partner sits out (and plays nothing); every seat plays the cards it
/// held: its deal, the taker's with the upcard and without its discard.
fn check_bacon_play(i: usize, h: &Value) {
    let tricks = h["tricks"].as_array().expect("tricks");
    if tricks.is_empty() {
        return;
    }
    let out = h["alone"].as_u64().map(|a| (a as usize + 2) % 4);
    let taker = h["upcard"]["taken_by"].as_u64().expect("a taker") as usize;
    assert_eq!(tricks[0]["leader"], taker, "hand {i}: the taker leads");
    let mut played = vec![Cards::new(); 4];
    for t in tricks {
        let plays = t["plays"].as_array().expect("plays");
        let want = if out.is_some() { 3 } else { 4 };
        assert_eq!(plays.len(), want, "hand {i}: {t}");
        for p in plays {
            let s = p["seat"].as_u64().expect("seat") as usize;
            assert_ne!(Some(s), out, "hand {i}: the loner's partner played in {t}");
            *played[s]
                .entry(p["card"].as_str().expect("card").to_owned())
                .or_default() += 1;
        }
    }
    for (s, p) in played.iter().enumerate() {
        let mut held = cards(&h["deal"][s]);
        if s == taker {
            held = plus(&held, &cards(&json!([h["upcard"]["card"]])));
            let d = h["upcard"]["discard"].as_str().expect("the discard");
            *held.get_mut(d).expect("the discard was held") -= 1;
            held.retain(|_, n| *n > 0);
        }
        if Some(s) == out {
            held = Cards::new();
        }
        assert_eq!(p, &held, "hand {i}: seat {s} played what it held");
    }
}

/// Checks the log of a finished game: every hand, numbered from 0, with a full deal; its result,
/// tricks, tricks won, points and running scores agree (in Buck Euchre: hands nobody declared,
/// played at a clubs upcard's trump or at no trump; drop-outs, whose seats play no card and
/// score nothing; `all_dropped` hands, every trick the declarer's without play; the points of
/// RULES-FAMILY section 2, counting down from the target; in Bacon, section 3: the calls in
/// turn per upcard, answered by the partner, the declarer, trump, loner and sitting-out
/// partner, the upcard's taker left of the caller and its face-up discard, acquitted hands
/// and the same dealer next, the points of the side with 3 tricks); the game is over after
/// the last hand and only then, and the final view's winners are the log's (the one side that
/// reached the target, or counting down the lowest).
pub fn check_log(log: &Value, last: &Value) {
    if last["ruleset"]["scoring"] == "five_hundred" {
        // Five Hundred (section 5) has its own reading: tests/api/five_hundred.rs.
        crate::five_hundred::check_five_hundred_log(log, last);
        return;
    }
    let hands = log["hands"].as_array().expect("log hands");
    assert!(!hands.is_empty(), "a finished game has hands in its log");
    let seats = seats_of(last);
    let rules = &last["ruleset"];
    let deck = full_deck(rules["deck"].as_str().expect("deck"));
    // Two-player pepper deals three hands of 8, the third to nobody (RULES-FAMILY section 4);
    // upcard games deal 5 each, the upcard and the stub undealt (section 1).
    // Bacon (section 3): up to four upcards in turn, 52 cards, partnerships.
    let bacon = rules["auction"] == "successive_upcards";
    let upcard_game = rules["auction"] == "upcard" || bacon;
    let hands_dealt = if seats == 2 { 3 } else { seats };
    let per_seat = if upcard_game {
        5
    } else {
        (size(&deck) as usize) / hands_dealt
    };
    // Buck Euchre (section 2): every player for themselves, scores counting down.
    let buck = rules["scoring"] == "buck";
    let down = rules["game_end"] == "lowest_at_zero";
    assert_eq!(buck, down, "Buck Euchre's scoring goes with its countdown");
    let target = rules["target_score"].as_i64().expect("target_score");
    let individual = seats < 4 || buck;
    let side_of = |seat: usize| if individual { seat } else { seat % 2 };
    let sides = if individual { seats } else { 2 };
    let mut scores = vec![if down { target } else { 0 }; sides];
    let mut won = vec![0u64; sides];
    for (i, h) in hands.iter().enumerate() {
        assert_eq!(h["number"], i, "hands are numbered from 0");
        let deal = h["deal"].as_array().expect("deal");
        assert_eq!(deal.len(), seats, "a deal for every seat");
        let mut all = cards(&h["widow"]);
        for d in deal {
            assert_eq!(d.as_array().expect("cards").len(), per_seat, "a full hand");
            all = plus(&all, &cards(d));
        }
        assert_eq!(
            all, deck,
            "hand {i}: the deal and the widow are the whole deck"
        );
        if bacon {
            check_bacon_calls(i, h, rules);
        } else if upcard_game {
            assert_eq!(
                h["upcard"]["card"], h["widow"][0],
                "hand {i}: the upcard is the first undealt card"
            );
            assert_eq!(
                h["upcard"]["taken_by"],
                Value::Null,
                "hand {i}: Bacon's only"
            );
            assert_eq!(
                h["upcard"]["discard"],
                Value::Null,
                "hand {i}: Bacon's only"
            );
            for c in h["upcard_calls"].as_array().into_iter().flatten() {
                assert_eq!(c["alone"], false, "hand {i}: {c} is not Bacon's");
                assert_eq!(c["answer"], Value::Null, "hand {i}: {c} is not Bacon's");
            }
        } else {
            assert_eq!(h["upcard"], Value::Null, "hand {i}: no upcard");
        }
        let result = h["result"].as_str().expect("result");
        let declarer = h["contract"]["seat"].as_u64().map(|s| s as usize);
        // Who dropped out (Buck Euchre only; left out when nobody did).
        let dropped: Vec<usize> = match h.get("dropped") {
            None => Vec::new(),
            Some(d) => {
                assert!(buck, "hand {i}: drop-outs outside Buck Euchre: {d}");
                let d: Vec<usize> = d
                    .as_array()
                    .expect("dropped")
                    .iter()
                    .map(|s| s.as_u64().expect("a seat") as usize)
                    .collect();
                assert!(!d.is_empty(), "hand {i}: `dropped` is left out when empty");
                assert!(d.windows(2).all(|w| w[0] < w[1]), "hand {i}: {d:?}");
                let declarer = declarer.expect("only a declarer's hand has drop-outs");
                assert!(
                    d.iter().all(|&s| s < seats && s != declarer),
                    "hand {i}: {d:?} dropped out of seat {declarer}'s hand"
                );
                d
            }
        };
        // The tricks: each won by a seat that played to it; in Buck Euchre one card from each
        // seat in the hand, none from a seat that dropped out.
        let tricks = h["tricks"].as_array().expect("tricks");
        won = vec![0; sides];
        for t in tricks {
            let plays = t["plays"].as_array().expect("plays");
            let seat_of = |p: &Value| p["seat"].as_u64().expect("seat") as usize;
            let winner = t["winner"].as_u64().expect("winner") as usize;
            assert!(
                plays.iter().any(|p| seat_of(p) == winner),
                "hand {i}: {t} is won by a seat that did not play to it"
            );
            won[side_of(winner)] += 1;
            if buck {
                assert_eq!(plays.len(), seats - dropped.len(), "hand {i}: {t}");
                assert!(
                    plays.iter().all(|p| !dropped.contains(&seat_of(p))),
                    "hand {i}: a seat that dropped out played in {t}"
                );
            }
        }
        if bacon {
            check_bacon_play(i, h);
        }
        match result {
            "played" => {
                assert_eq!(tricks.len(), per_seat, "hand {i}: every trick played");
                if declarer.is_some() {
                    assert!(!h["trump"].is_null(), "hand {i}: a declarer named trump");
                } else {
                    // Buck Euchre: a clubs upcard made clubs trump with no call, or all passed
                    // twice and the hand is played at no trump.
                    assert_eq!(
                        rules["all_pass"], "no_trump_no_declarer",
                        "hand {i}: played with no declarer"
                    );
                    let calls = h["upcard_calls"].as_array().cloned().unwrap_or_default();
                    let upcard = h["upcard"]["card"].as_str().expect("the upcard");
                    if h["trump"] == "NT" {
                        assert_eq!(calls.len(), 2 * seats, "hand {i}: all passed twice");
                        assert!(
                            calls.iter().all(|c| c["trump"].is_null()),
                            "hand {i}: {calls:?}"
                        );
                    } else {
                        assert_eq!(
                            h["trump"], "C",
                            "hand {i}: no declarer, trump {}",
                            h["trump"]
                        );
                        assert!(
                            upcard.ends_with('C'),
                            "hand {i}: clubs trump, upcard {upcard}"
                        );
                        assert!(calls.is_empty(), "hand {i}: calls on a clubs upcard");
                        assert_eq!(h["upcard"]["fate"], "face_up", "hand {i}");
                    }
                    assert!(dropped.is_empty(), "hand {i}: drop-outs with no declarer");
                }
            }
            "all_dropped" => {
                assert!(buck, "hand {i}: all_dropped outside Buck Euchre");
                let d = declarer.expect("an all_dropped hand has a declarer");
                assert!(
                    tricks.is_empty(),
                    "hand {i}: all dropped, yet tricks played"
                );
                let others: Vec<usize> = (0..seats).filter(|&s| s != d).collect();
                assert_eq!(dropped, others, "hand {i}: all the others dropped out");
                won[side_of(d)] = per_seat as u64;
            }
            "acquitted" => {
                // Bacon: all four upcards passed (checked with the calls): no trick, no points.
                assert!(bacon, "hand {i}: acquitted outside Bacon");
                assert!(tricks.is_empty(), "hand {i}: acquitted, yet tricks played");
                assert_eq!(h["score_delta"], json!(vec![0; sides]), "hand {i}");
            }
            "thrown_in" | "void_joker_in_widow" => {
                assert!(tricks.is_empty(), "hand {i}: {result}, yet tricks played");
                assert_eq!(h["score_delta"], json!(vec![0; sides]), "hand {i}");
            }
            other => panic!("hand {i}: unknown result {other}"),
        }
        assert_eq!(h["tricks_won"], json!(won), "hand {i}: tricks won");
        if buck && result != "thrown_in" {
            // Per player, the first line that matches: dropped out 0; a declarer with fewer
            // than 3 tricks +5; any other player in the hand with none +5; else -1 a trick.
            let expected: Vec<i64> = (0..seats)
                .map(|s| {
                    let w = won[s] as i64;
                    let set = if Some(s) == declarer { w < 3 } else { w == 0 };
                    if dropped.contains(&s) {
                        0
                    } else if set {
                        5
                    } else {
                        -w
                    }
                })
                .collect();
            assert_eq!(
                h["score_delta"],
                json!(expected),
                "hand {i}: Buck Euchre's points"
            );
        }
        if bacon && result == "played" {
            // Only a side with 3 or more tricks scores: the declarers 1 (2 for all five), a
            // loner 2 (4), the defenders 2 (4).
            let declarers = side_of(declarer.expect("a played Bacon hand has a caller"));
            let alone = !h["alone"].is_null();
            let expected: Vec<i64> = (0..sides)
                .map(|side| {
                    let w = won[side];
                    let base = if w == per_seat as u64 { 2 } else { 1 };
                    if w < 3 {
                        0
                    } else if side == declarers && !alone {
                        base
                    } else {
                        2 * base
                    }
                })
                .collect();
            assert_eq!(
                h["score_delta"],
                json!(expected),
                "hand {i}: Bacon's points"
            );
        }
        if bacon {
            // The same dealer deals again after an acquitted hand; otherwise the deal passes left.
            let dealer = h["dealer"].as_u64().expect("dealer");
            if let Some(next) = hands.get(i + 1) {
                let want = if result == "acquitted" {
                    dealer
                } else {
                    (dealer + 1) % seats as u64
                };
                assert_eq!(
                    next["dealer"],
                    want,
                    "hand {}: the dealer after hand {i}",
                    i + 1
                );
            }
        }
        let delta = h["score_delta"].as_array().expect("score_delta");
        assert_eq!(delta.len(), sides, "hand {i}: points for every side");
        for (score, d) in scores.iter_mut().zip(delta) {
            *score += d.as_i64().expect("points");
        }
        assert_eq!(h["scores"], json!(scores), "hand {i}: the running scores");
        // The game ends after the first hand that brings a side to the target (counting down:
        // some score to 0 or below, or all the tricks to one player), and only then.
        let over = if down {
            scores.iter().any(|&x| x <= 0) || won.contains(&(per_seat as u64))
        } else {
            scores.iter().any(|&x| x >= target)
        };
        // (A game a seat forfeited ends with no hand bringing a side to the target.)
        let forfeited = !last["forfeit"].is_null();
        assert_eq!(
            over,
            !forfeited && i + 1 == hands.len(),
            "hand {i} of {}: scores {scores:?}, tricks {won:?}",
            hands.len()
        );
    }
    let last_hand = hands.last().expect("a hand");
    assert_eq!(
        last_hand["scores"], last["scores"],
        "the log ends at the final scores"
    );
    assert_eq!(last["last_hand"]["number"], last_hand["number"]);
    let reached: Vec<usize> = (0..sides).filter(|&s| scores[s] >= target).collect();
    if bacon {
        // Only one side scores a hand: no tie is possible.
        assert_eq!(reached.len(), 1, "one side reached {target}: {scores:?}");
    }
    if !down && reached.len() == 1 {
        // The one side that reached the target wins.
        assert_eq!(last["winners"], json!(reached), "the winners");
        assert_eq!(last["winner"], json!(reached[0]), "the winner");
        assert_eq!(last["draw"], false, "one winner, no draw");
    }
    if down {
        // The player who took every trick of the last hand, else the lowest score (shared: a
        // draw).
        let expected: Vec<usize> = match won.iter().position(|&w| w == per_seat as u64) {
            Some(s) => vec![s],
            None => {
                let low = *scores.iter().min().expect("scores");
                (0..sides).filter(|&s| scores[s] == low).collect()
            }
        };
        assert_eq!(
            last["winners"],
            json!(expected),
            "the winners, counting down"
        );
        assert_eq!(
            last["draw"],
            expected.len() > 1,
            "a draw is a shared lowest score"
        );
    }
}

/// Plays a whole game through the API as a client holding every seat: creates it with every
/// seat open (plus `create` fields), claims every seat, then posts a legal action of the seat
/// to act until the game is over, to `/actions` or the action's own endpoint at random.
/// Checks the version grows by exactly one per action and every response's secrecy; with
/// `all_views` also reads every seat's and the spectator's view, and the log, after each action.
pub async fn play_game(app: &TestApp, create: Value, rng_seed: u64, all_views: bool) -> Played {
    let mut rng = SmallRng::seed_from_u64(rng_seed);
    let id = app.create_game(&create).await;
    let first = app.view(&id, None).await;
    assert_eq!(first["status"], "waiting_for_players");
    assert_eq!(first["version"], 1);
    let seats = seats_of(&first);
    assert_eq!(first["seats"].as_array().expect("seats").len(), seats);
    let tokens = app.claim_all(&id, seats).await;
    let mut version = 1 + seats as u64;
    let mut seen = Seen::default();
    let (spectator, text) = app.view_text(&id, None).await;
    assert_eq!(spectator["status"], "playing");
    assert_eq!(spectator["version"], version);
    seen.record(None, spectator.clone(), &text, &tokens);
    let mut turn = spectator["turn"].as_u64();
    let mut actions = 0;
    let mut endpoints = BTreeMap::new();
    while let Some(seat) = turn {
        let seat = seat as usize;
        let (view, text) = app.view_text(&id, Some(&tokens[seat])).await;
        assert_eq!(view["version"], version, "nobody else moved");
        assert_eq!(view["turn"], seat);
        seen.record(Some(seat), view.clone(), &text, &tokens);
        let action = choose(&view, &mut rng);
        let endpoint = if rng.random_range(0..2) == 0 {
            "actions"
        } else {
            specific_endpoint(&action)
        };
        *endpoints.entry(endpoint).or_default() += 1;
        let res = app.act(&id, &tokens[seat], endpoint, &action).await;
        let status = res.status();
        if status != StatusCode::OK {
            let body = res.text().await.unwrap_or_default();
            panic!("{action} to /{endpoint} was refused ({status}): {body}");
        }
        let (after, text) = view_of(res).await;
        version += 1;
        assert_eq!(after["version"], version, "one action, one version");
        seen.record(Some(seat), after.clone(), &text, &tokens);
        turn = after["turn"].as_u64();
        actions += 1;
        assert!(actions < 20_000, "the game does not end");
        if all_views {
            for (s, token) in tokens.iter().enumerate() {
                let (v, text) = app.view_text(&id, Some(token)).await;
                assert_eq!(v["version"], version);
                seen.record(Some(s), v, &text, &tokens);
            }
            let (v, text) = app.view_text(&id, None).await;
            assert_eq!(v["version"], version);
            let in_progress = v["hand_number"].as_u64().expect("hand_number");
            seen.record(None, v.clone(), &text, &tokens);
            let log = app.log(&id).await;
            let logged = log["hands"].as_array().expect("hands").len() as u64;
            if v["phase"] == "game_over" {
                assert_eq!(logged, in_progress + 1);
            } else {
                assert_eq!(
                    logged, in_progress,
                    "the hand in progress stays out of the log"
                );
            }
            let log_text = log.to_string();
            for t in &tokens {
                assert!(!log_text.contains(t.as_str()), "the log contains a token");
            }
        }
    }
    let (last, text) = app.view_text(&id, None).await;
    seen.record(None, last.clone(), &text, &tokens);
    assert_eq!(last["phase"], "game_over");
    assert_eq!(last["status"], "finished");
    assert_eq!(last["turn"], Value::Null);
    assert_eq!(last["version"], version);
    let winner = &last["winner"];
    let draw = last["draw"].as_bool().expect("draw");
    let sides = last["scores"].as_array().expect("scores").len() as u64;
    assert!(
        winner.as_u64().is_some_and(|w| w < sides) != draw,
        "a winner or a draw: {winner} / {draw}"
    );
    // `winners` lists the winner, or the sides sharing the highest score.
    let winners = last["winners"].as_array().expect("winners");
    assert_eq!(winners.len() > 1, draw, "{winners:?}");
    if !draw {
        assert_eq!(winners, &vec![winner.clone()]);
    }
    for (s, token) in tokens.iter().enumerate() {
        let (v, text) = app.view_text(&id, Some(token)).await;
        assert_eq!(
            v["legal_actions"],
            json!([]),
            "nothing to do after the game"
        );
        seen.record(Some(s), v, &text, &tokens);
    }
    let log = app.log(&id).await;
    assert_eq!(log["game_id"], id.as_str());
    assert_eq!(log["version"], version);
    check_log(&log, &last);
    seen.check_against(&log);
    Played {
        id,
        tokens,
        last,
        log,
        endpoints,
    }
}

/// Waits (long polling) until the game is finished; answers its last spectator view.
pub async fn wait_finished(app: &TestApp, id: &str, limit: Duration) -> Value {
    let start = Instant::now();
    let mut version = 0;
    loop {
        let res = app
            .get(&format!(
                "/v1/games/{id}?wait_for_version={version}&wait_ms=1000"
            ))
            .await;
        let (view, _) = view_of(res).await;
        if view["status"] == "finished" {
            return view;
        }
        version = view["version"].as_u64().expect("version");
        assert!(
            start.elapsed() < limit,
            "the game was not over within {limit:?}: {}",
            view["scores"]
        );
    }
}

/// [`check_log`] is not vacuous where scores count down: a whole Buck Euchre game's log passes
/// it, and the same log fails it with a hand's points, a drop-out, a no-declarer hand's trump or
/// the winners changed; a drop-out in another game's log fails it too.
#[tokio::test]
async fn check_log_catches_wrong_logs() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    let app = spawn_app(Store::Memory).await;
    let buck = play_game(
        &app,
        json!({"ruleset": {"preset": "buck-euchre"}, "seed": 107}),
        107,
        false,
    )
    .await;
    let other = play_game(&app, json!({"seed": 101}), 101, false).await;
    let hands = |log: &Value| log["hands"].as_array().expect("hands").clone();
    let find = |log: &Value, f: &dyn Fn(&Value) -> bool| {
        hands(log)
            .iter()
            .position(f)
            .expect("a hand of the kind the check needs")
    };
    let dropped = find(&buck.log, &|h| h.get("dropped").is_some());
    let no_declarer = find(&buck.log, &|h| h["contract"].is_null());
    let played = find(&buck.log, &|h| h["result"] == "played");
    type Change = Box<dyn Fn(&mut Value, &mut Value)>;
    let changes: Vec<(&str, Change)> = vec![
        (
            "a hand's points",
            Box::new(move |log, _| {
                let d = &mut log["hands"][played]["score_delta"][0];
                *d = json!(d.as_i64().expect("points") - 1);
            }),
        ),
        (
            "a drop-out forgotten",
            Box::new(move |log, _| {
                log["hands"][dropped]
                    .as_object_mut()
                    .expect("a hand")
                    .remove("dropped");
            }),
        ),
        (
            "a no-declarer hand's trump",
            Box::new(move |log, _| log["hands"][no_declarer]["trump"] = json!("H")),
        ),
        (
            "the winners",
            Box::new(|_, last| {
                let w = last["winners"][0].as_u64().expect("a winner");
                last["winners"] = json!([(w + 1) % 4]);
            }),
        ),
    ];
    check_log(&buck.log, &buck.last);
    for (what, change) in changes {
        let (mut log, mut last) = (buck.log.clone(), buck.last.clone());
        change(&mut log, &mut last);
        let caught = catch_unwind(AssertUnwindSafe(|| check_log(&log, &last)));
        assert!(caught.is_err(), "check_log missed {what}");
    }
    check_log(&other.log, &other.last);
    let mut log = other.log.clone();
    log["hands"][0]["dropped"] = json!([1]);
    let caught = catch_unwind(AssertUnwindSafe(|| check_log(&log, &other.last)));
    assert!(
        caught.is_err(),
        "check_log missed a drop-out in hasenpfeffer"
    );
}

/// [`check_log`] is not vacuous for Bacon: a whole Bacon game's log passes it, and the same log
/// fails it with a call out of turn, an answer changed, a pick-up's trump, the taker, the
/// discard, a loner forgotten or made up, an acquitted hand's calls or the dealer after it, a
/// hand's points or the winners changed; Bacon's answers or an acquitted hand in a Euchre log
/// fail it too.
#[tokio::test]
async fn check_log_catches_wrong_bacon_logs() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    let app = spawn_app(Store::Memory).await;
    let bacon = play_game(
        &app,
        json!({"ruleset": {"preset": "bacon"}, "seed": 111}),
        111,
        false,
    )
    .await;
    let euchre = play_game(
        &app,
        json!({"ruleset": {"preset": "euchre"}, "seed": 106}),
        106,
        false,
    )
    .await;
    let hands = bacon.log["hands"].as_array().expect("hands").clone();
    let find = |f: &dyn Fn(&Value) -> bool| {
        hands
            .iter()
            .position(f)
            .expect("a hand of the kind the check needs")
    };
    let answered = |h: &Value, a: &str| {
        h["upcard_calls"]
            .as_array()
            .expect("calls")
            .iter()
            .position(|c| c["answer"] == a)
    };
    let played = find(&|h| {
        h["result"] == "played" && h["upcard_calls"].as_array().expect("calls").len() > 1
    });
    let acquitted = find(&|h| h["result"] == "acquitted");
    assert!(
        acquitted + 1 < hands.len(),
        "a hand follows the acquitted one"
    );
    let loner = find(&|h| !h["alone"].is_null());
    let vetoed = find(&|h| answered(h, "veto").is_some());
    let veto_at = answered(&hands[vetoed], "veto").expect("a veto");
    let not_alone = find(&|h| h["result"] == "played" && h["alone"].is_null());
    type Change = Box<dyn Fn(&mut Value, &mut Value)>;
    let changes: Vec<(&str, &str, Change)> = vec![
        (
            "a call out of turn",
            "out of turn",
            Box::new(move |log, _| {
                let calls = &mut log["hands"][played]["upcard_calls"];
                let (a, b) = (calls[0]["seat"].clone(), calls[1]["seat"].clone());
                calls[0]["seat"] = b;
                calls[1]["seat"] = a;
            }),
        ),
        (
            "a veto made an allow",
            "pick-up stood",
            Box::new(move |log, _| {
                log["hands"][vetoed]["upcard_calls"][veto_at]["answer"] = json!("allow");
            }),
        ),
        (
            "a pick-up's trump",
            "picks up",
            Box::new(move |log, _| {
                let h = &mut log["hands"][played];
                let other = if h["trump"] == "H" { "S" } else { "H" };
                h["trump"] = json!(other);
                let last = h["upcard_calls"].as_array().expect("calls").len() - 1;
                h["upcard_calls"][last]["trump"] = json!(other);
            }),
        ),
        (
            "the taker",
            "the caller's left takes it",
            Box::new(move |log, _| {
                let h = &mut log["hands"][played];
                h["upcard"]["taken_by"] = h["contract"]["seat"].clone();
            }),
        ),
        (
            "the discard",
            "is not one of the taker's six",
            Box::new(move |log, _| {
                let h = &mut log["hands"][played];
                let other =
                    h["deal"][h["contract"]["seat"].as_u64().expect("seat") as usize][0].clone();
                h["upcard"]["discard"] = other.clone();
                h["discards"] = json!([other]);
            }),
        ),
        (
            "a loner forgotten",
            "the loner",
            Box::new(move |log, _| log["hands"][loner]["alone"] = Value::Null),
        ),
        (
            "a loner made up",
            "the loner",
            Box::new(move |log, _| {
                let h = &mut log["hands"][not_alone];
                h["alone"] = h["contract"]["seat"].clone();
            }),
        ),
        (
            "an acquitted hand's call left out",
            "the auction stopped",
            Box::new(move |log, _| {
                log["hands"][acquitted]["upcard_calls"]
                    .as_array_mut()
                    .expect("calls")
                    .pop();
            }),
        ),
        (
            "the dealer after an acquitted hand",
            "the dealer after hand",
            Box::new(move |log, _| {
                let next = &mut log["hands"][acquitted + 1]["dealer"];
                *next = json!((next.as_u64().expect("dealer") + 1) % 4);
            }),
        ),
        (
            "a hand's points",
            "Bacon's points",
            Box::new(move |log, _| {
                let d = &mut log["hands"][played]["score_delta"];
                let side = usize::from(d[0] == 0);
                d[side] = json!(d[side].as_i64().expect("points") + 1);
            }),
        ),
        (
            "the winners",
            "the winners",
            Box::new(|_, last| {
                let w = last["winners"][0].as_u64().expect("a winner");
                last["winners"] = json!([(w + 1) % 2]);
            }),
        ),
    ];
    check_log(&bacon.log, &bacon.last);
    // Each change is caught by the check of its own rule (the panic says which).
    let message = |e: Box<dyn std::any::Any + Send>| match e.downcast::<String>() {
        Ok(m) => *m,
        Err(e) => e
            .downcast::<&str>()
            .map(|m| (*m).to_owned())
            .unwrap_or_default(),
    };
    for (what, said, change) in changes {
        let (mut log, mut last) = (bacon.log.clone(), bacon.last.clone());
        change(&mut log, &mut last);
        assert_ne!(
            (&log, &last),
            (&bacon.log, &bacon.last),
            "{what} changed nothing"
        );
        let caught = catch_unwind(AssertUnwindSafe(|| check_log(&log, &last)));
        let m = message(caught.expect_err(&format!("check_log missed {what}")));
        assert!(m.contains(said), "{what} was caught, but as: {m}");
    }
    check_log(&euchre.log, &euchre.last);
    for what in ["an answer", "an acquitted hand"] {
        let mut log = euchre.log.clone();
        if what == "an answer" {
            log["hands"][0]["upcard_calls"][0]["answer"] = json!("allow");
        } else {
            log["hands"][0]["result"] = json!("acquitted");
        }
        let caught = catch_unwind(AssertUnwindSafe(|| check_log(&log, &euchre.last)));
        let m = message(caught.expect_err(&format!("check_log missed {what} in a Euchre log")));
        assert!(m.contains("Bacon"), "{what} was caught, but as: {m}");
    }
}
