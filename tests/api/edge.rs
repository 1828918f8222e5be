//! The HTTP edge: what the server does with requests before (and around) the game: metrics
//! labels under made-up methods and paths, the rate limit behind proxies and its 429s, slow
//! bodies, HEAD, bodiless errors, content types, what is logged for client errors, the memory
//! store's cap, seat names, and the root path.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use reqwest::Method;
use reqwest::header::{CONTENT_LENGTH, ETAG, LOCATION, RETRY_AFTER};
use serde_json::{Value, json};

use crate::harness::{ChildServer, Sse};
use crate::helpers::{Store, TestApp, assert_problem, header, spawn_app, spawn_app_with};

/// Every `hasenpfeffer_http_*` series' labels, as (name, value) pairs.
fn http_labels(metrics: &str) -> Vec<Vec<(String, String)>> {
    metrics
        .lines()
        .filter(|l| l.starts_with("hasenpfeffer_http_"))
        .filter_map(|l| {
            let open = l.find('{')?;
            let close = l.rfind('}')?;
            let mut pairs = Vec::new();
            let mut rest = &l[open + 1..close];
            while let Some(eq) = rest.find("=\"") {
                let name = rest[..eq].trim_start_matches(',').to_owned();
                let after = &rest[eq + 2..];
                let end = after.find('"').expect("a closing quote");
                pairs.push((name, after[..end].to_owned()));
                rest = &after[end + 1..];
            }
            Some(pairs)
        })
        .collect()
}

/// Thousands of requests with made-up methods and paths, some over the rate limit: `/metrics`
/// stays small and every label value is one of a fixed set.
#[tokio::test]
async fn metrics_labels_come_from_a_fixed_set() {
    let app = spawn_app_with(Store::Memory, |c| {
        c.rate_limit_per_sec = 200;
        c.rate_limit_burst = 500;
    })
    .await;
    let before = app.get("/metrics").await.text().await.expect("metrics");
    let paths = [
        "/healthz",
        "/v1/games",
        "/v1/games/abc",
        "/nope",
        "/v1/games/abc/zzz",
    ];
    for i in 0..1_500 {
        let method = Method::from_bytes(format!("M{i}X").as_bytes()).expect("a method token");
        let res = app
            .client
            .request(method, app.url(paths[i % paths.len()]))
            .send()
            .await
            .expect("sent");
        assert!(res.status().is_client_error(), "{}", res.status());
    }
    for i in 0..1_000 {
        let res = app.get(&format!("/made/up/{i}")).await;
        assert!(res.status().is_client_error(), "{}", res.status());
    }
    // Past the limit: 429s for made-up paths and methods too.
    for i in 0..1_200 {
        let method = Method::from_bytes(format!("R{i}").as_bytes()).expect("a method token");
        let _ = app
            .client
            .request(method, app.url(&format!("/limited/{i}")))
            .send()
            .await
            .expect("sent");
    }
    let text = app.get("/metrics").await.text().await.expect("metrics");
    assert!(
        text.contains("status=\"429\""),
        "the rate limit answered some"
    );
    assert!(
        text.len() < before.len() + 32_000,
        "/metrics grew from {} to {} bytes",
        before.len(),
        text.len()
    );
    let methods: BTreeSet<&str> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE", "other",
    ]
    .into();
    let doc = hasenpfeffer::api::openapi();
    let mut routes: BTreeSet<String> = doc.paths.paths.keys().cloned().collect();
    for r in [
        "/",
        "/swagger-ui",
        "/swagger-ui/{_:.*}",
        "/openapi.json",
        "unmatched",
    ] {
        routes.insert(r.to_owned());
    }
    let series = http_labels(&text);
    assert!(series.len() > 10, "{text}");
    for labels in series {
        for (name, value) in labels {
            match name.as_str() {
                "method" => assert!(methods.contains(value.as_str()), "method {value:?}"),
                "route" => assert!(routes.contains(&value), "route {value:?}"),
                "status" => assert!(
                    value.len() == 3 && value.bytes().all(|b| b.is_ascii_digit()),
                    "status {value:?}"
                ),
                "le" => {}
                other => panic!("an unexpected label {other}={value}"),
            }
        }
    }
}

/// Behind one trusted proxy, a client that writes a new address at the left of
/// `X-Forwarded-For` for every request is still one client: the proxy's entry counts.
#[tokio::test]
async fn forged_forwarded_for_entries_do_not_dodge_the_rate_limit() {
    let app = spawn_app_with(Store::Memory, |c| {
        c.rate_limit_per_sec = 1;
        c.rate_limit_burst = 3;
        c.trusted_proxy_hops = 1;
    })
    .await;
    let get = |forwarded: String| {
        app.client
            .get(app.url("/v1/rulesets"))
            .header("x-forwarded-for", forwarded)
            .send()
    };
    let mut statuses = Vec::new();
    for i in 0..8 {
        let res = get(format!("203.0.113.{i}, 198.51.100.7"))
            .await
            .expect("sent");
        statuses.push(res.status().as_u16());
    }
    assert_eq!(statuses[..3], [200, 200, 200], "{statuses:?}");
    assert!(statuses[3..].iter().all(|&s| s == 429), "{statuses:?}");
    // Another client (another address appended by the proxy) has its own bucket.
    let res = get("203.0.113.1, 198.51.100.8".into()).await.expect("sent");
    assert_eq!(res.status(), 200);
    // Two trusted proxies: the second entry from the right is the client.
    let app = spawn_app_with(Store::Memory, |c| {
        c.rate_limit_per_sec = 1;
        c.rate_limit_burst = 2;
        c.trusted_proxy_hops = 2;
    })
    .await;
    let mut statuses = Vec::new();
    for i in 0..5 {
        let res = app
            .client
            .get(app.url("/v1/rulesets"))
            .header("x-forwarded-for", format!("203.0.113.{i}, 198.51.100.7"))
            .header("x-forwarded-for", format!("10.0.0.{i}"))
            .send()
            .await
            .expect("sent");
        statuses.push(res.status().as_u16());
    }
    assert_eq!(statuses, [200, 200, 429, 429, 429]);
}

/// Checks a 429: the problem document in full, `Retry-After` agreeing with `retry_after`.
async fn assert_rate_limited(res: reqwest::Response) {
    let retry = header(&res, RETRY_AFTER);
    let doc = assert_problem(res, 429, "rate_limited").await;
    assert_eq!(doc["title"], "Too many requests");
    let seconds = doc["retry_after"].as_u64().expect("retry_after");
    assert!(seconds >= 1, "{doc}");
    assert_eq!(retry, seconds.to_string(), "Retry-After");
}

/// Every 429 (reads, creations, claims, actions, unknown paths) is a complete problem document.
#[tokio::test]
async fn every_429_is_a_complete_problem_document() {
    let app = spawn_app_with(Store::Memory, |c| {
        c.rate_limit_per_sec = 1;
        c.rate_limit_burst = 1;
    })
    .await;
    assert_eq!(app.get("/v1/rulesets").await.status(), 200);
    assert_rate_limited(app.get("/v1/rulesets").await).await;
    assert_rate_limited(app.create(&json!({})).await).await;
    assert_rate_limited(app.claim("abc", Some(&json!({}))).await).await;
    assert_rate_limited(
        app.act("abc", "hp_x", "actions", &json!({"type": "pass"}))
            .await,
    )
    .await;
    assert_rate_limited(app.get("/nope").await).await;
    // Probes and metrics are never limited.
    assert_eq!(app.get("/healthz").await.status(), 200);
    assert_eq!(app.get("/metrics").await.status(), 200);
}

/// A body trickled a byte at a time is cut off after `BODY_READ_TIMEOUT_MS` with a 408 problem
/// document, and the connection is closed.
#[tokio::test]
async fn slow_bodies_time_out() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app_with(Store::Memory, |c| {
        c.body_read_timeout = Duration::from_millis(600);
    })
    .await;
    let stream = tokio::net::TcpStream::connect(("127.0.0.1", app.port()))
        .await
        .expect("connect");
    let (mut read, mut write) = stream.into_split();
    write
        .write_all(
            b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{",
        )
        .await
        .expect("write the head");
    let trickle = tokio::spawn(async move {
        for _ in 0..50 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if write.write_all(b" ").await.is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    let mut data = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), read.read_to_end(&mut data))
        .await
        .expect("the server answers and closes within 5 s")
        .expect("read");
    let elapsed = start.elapsed();
    trickle.abort();
    let text = String::from_utf8_lossy(&data);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(
        text.to_ascii_lowercase()
            .contains("content-type: application/problem+json"),
        "{text}"
    );
    assert!(text.contains("\"code\":\"request_timeout\""), "{text}");
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
    // A body that arrives at once is unaffected.
    assert_eq!(app.create(&json!({})).await.status(), 201);
}

/// HEAD answers as GET, without the body.
#[tokio::test]
async fn head_answers_as_get_without_the_body() {
    let app = spawn_app(Store::Memory).await;
    let id = app.create_game(&json!({"seed": 5})).await;
    for path in [
        format!("/v1/games/{id}"),
        format!("/v1/games/{id}/log"),
        "/v1/rulesets".to_owned(),
        "/healthz".to_owned(),
        "/openapi.json".to_owned(),
    ] {
        let get = app.get(&path).await;
        let (status, etag) = (get.status(), header(&get, ETAG));
        let body = get.bytes().await.expect("GET body");
        let head = app
            .client
            .head(app.url(&path))
            .send()
            .await
            .expect("HEAD sent");
        assert_eq!(head.status(), status, "{path}");
        assert_eq!(header(&head, ETAG), etag, "{path}");
        assert_eq!(
            header(&head, CONTENT_LENGTH),
            body.len().to_string(),
            "{path}"
        );
        assert!(head.bytes().await.expect("HEAD body").is_empty(), "{path}");
    }
    // Errors as GET gives them.
    let head = app
        .client
        .head(app.url("/v1/games/nosuchgame0000"))
        .send()
        .await
        .expect("sent");
    assert_eq!(head.status(), 404);
    // A route without GET: 405, Allow names its methods.
    let head = app
        .client
        .head(app.url("/v1/games/nosuchgame0000/seats"))
        .send()
        .await
        .expect("sent");
    assert_eq!(head.status(), 405);
    assert_eq!(header(&head, reqwest::header::ALLOW), "POST");
    // The event stream: answered at once, not held open.
    let head = tokio::time::timeout(
        Duration::from_secs(5),
        app.client
            .head(app.url(&format!("/v1/games/{id}/events")))
            .send(),
    )
    .await
    .expect("HEAD on the event stream answers at once")
    .expect("sent");
    assert_eq!(head.status(), 200);
    assert!(header(&head, reqwest::header::CONTENT_TYPE).starts_with("text/event-stream"));
    // GET of the same stream still streams.
    let mut sse = Sse::open(&app, &id, None, None).await;
    sse.event(Duration::from_secs(5)).await;
}

/// Error answers that actix or a library in the app give without a body get a problem
/// document.
#[tokio::test]
async fn bodiless_errors_become_problem_documents() {
    let app = spawn_app(Store::Memory).await;
    assert_problem(
        app.get("/swagger-ui/no-such-file.js").await,
        404,
        "not_found",
    )
    .await;
    let res = app
        .client
        .delete(app.url("/swagger-ui/index.html"))
        .send()
        .await
        .expect("sent");
    assert!(res.status().is_client_error());
    let code = res.status().as_u16();
    let doc = assert_problem(
        res,
        code,
        if code == 405 {
            "method_not_allowed"
        } else {
            "not_found"
        },
    )
    .await;
    assert!(doc["detail"].as_str().is_some_and(|d| !d.is_empty()));
}

/// Only JSON media types are read as JSON.
#[tokio::test]
async fn only_json_media_types_are_accepted() {
    let app = spawn_app(Store::Memory).await;
    let create = |ctype: &'static str| {
        app.client
            .post(app.url("/v1/games"))
            .header("content-type", ctype)
            .body("{}")
            .send()
    };
    for ctype in [
        "text/json",
        "application/jsonx",
        "application/x-json-foo",
        "text/plain; format=json",
    ] {
        let res = create(ctype).await.expect("sent");
        assert_problem(res, 415, "unsupported_media_type").await;
    }
    for ctype in [
        "application/json",
        "application/json; charset=utf-8",
        "APPLICATION/JSON;charset=UTF-8",
        "application/merge-patch+json",
        "application/vnd.hasenpfeffer+json",
    ] {
        let res = create(ctype).await.expect("sent");
        assert_eq!(res.status(), 201, "{ctype}");
    }
}

/// At `RUST_LOG=warn` a client's mistakes write nothing: they are answered, not warned about.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_errors_are_not_logged_as_warnings() {
    // The start-up line (with the port the harness waits for) is at INFO.
    let server = tokio::task::spawn_blocking(|| {
        ChildServer::start(&[
            ("RUST_LOG", "warn,hasenpfeffer=info"),
            ("LOG_FORMAT", "json"),
        ])
    })
    .await
    .expect("server");
    let app = TestApp::at(server.base.clone(), None);
    let started = server.output().lines().count();
    let id = app.create_game(&json!({})).await;
    let mut statuses = BTreeSet::new();
    for _ in 0..5 {
        for res in [
            app.get("/nope").await,
            app.get("/v1/games/nosuchgame0000").await,
            app.client
                .delete(app.url("/v1/games"))
                .send()
                .await
                .expect("sent"),
            app.client
                .post(app.url("/v1/games"))
                .header("content-type", "application/json")
                .body("{")
                .send()
                .await
                .expect("sent"),
            app.client
                .post(app.url("/v1/games"))
                .header("content-type", "text/plain")
                .body("{}")
                .send()
                .await
                .expect("sent"),
            app.act(&id, "hp_nope", "actions", &json!({"type": "pass"}))
                .await,
            app.client
                .get(app.url(&format!("/v1/games/{id}")))
                .header("authorization", "Basic x")
                .send()
                .await
                .expect("sent"),
            app.claim(&id, Some(&json!({"seat": 9}))).await,
        ] {
            assert!(res.status().is_client_error(), "{}", res.status());
            statuses.insert(res.status().as_u16());
        }
    }
    assert!(statuses.len() >= 6, "{statuses:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let out = server.output();
    let warnings: Vec<&str> = out
        .lines()
        .skip(started)
        .filter(|l| {
            l.contains("\"level\":\"WARN\"")
                || l.contains("\"level\":\"ERROR\"")
                || l.contains("nosuchgame0000")
        })
        .collect();
    assert!(
        warnings.is_empty(),
        "client errors were logged at RUST_LOG=warn:\n{}",
        warnings.join("\n")
    );
}

/// The in-memory store holds at most `MEMORY_MAX_GAMES` games: past it a create answers 503
/// `store_full` with `Retry-After`, and expired games make room again.
#[tokio::test]
async fn the_memory_store_has_a_cap() {
    let app = spawn_app_with(Store::Memory, |c| {
        c.memory_max_games = 3;
        c.game_ttl = Duration::from_secs(1);
    })
    .await;
    for _ in 0..3 {
        app.create_game(&json!({})).await;
    }
    for _ in 0..3 {
        let res = app.create(&json!({})).await;
        let retry = header(&res, RETRY_AFTER);
        let doc = assert_problem(res, 503, "store_full").await;
        assert!(retry.parse::<u64>().is_ok_and(|s| s >= 1), "{retry}");
        assert_eq!(doc["retry_after"].to_string(), retry);
    }
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    for _ in 0..3 {
        app.create_game(&json!({})).await;
    }
    assert_problem(app.create(&json!({})).await, 503, "store_full").await;
}

/// Seat names refuse bidi overrides and invisible characters, and take every script and emoji.
#[tokio::test]
async fn seat_names_refuse_bidi_and_invisible_characters() {
    let app = spawn_app(Store::Memory).await;
    let id = app.create_game(&json!({})).await;
    for name in [
        "evil\u{202E}gnp.exe",
        "zero\u{200B}width",
        "\u{2066}isolate\u{2069}",
        "\u{FEFF}bom",
        "line\u{2028}break",
        "\u{3164}",
        "bell\u{7}",
    ] {
        let res = app
            .claim(&id, Some(&json!({"seat": 0, "name": name})))
            .await;
        assert_problem(res, 400, "invalid_name").await;
    }
    let view = app.view(&id, None).await;
    assert!(
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .all(|s| s["name"].is_null()),
        "{view}"
    );
    for (seat, name) in ["Zoë", "محمد", "山田", "👩\u{200D}💻 dev"]
        .iter()
        .enumerate()
    {
        let res = app
            .claim(&id, Some(&json!({"seat": seat, "name": name})))
            .await;
        assert_eq!(res.status(), 201, "{name}");
    }
    let view: Value = app.view(&id, None).await;
    assert_eq!(view["seats"][3]["name"], "👩\u{200D}💻 dev");
}

/// `GET /` serves the web page (`tests/api/web.rs` tests it whole); Swagger UI stays at
/// `/swagger-ui/`, where `/swagger-ui` sends a person.
#[tokio::test]
async fn the_root_serves_the_web_page() {
    let app = spawn_app(Store::Memory).await;
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    assert!(header(&res, reqwest::header::CONTENT_TYPE).starts_with("text/html"));
    let res = app.get("/swagger-ui").await;
    assert_eq!(res.status(), 308);
    assert_eq!(header(&res, LOCATION), "/swagger-ui/");
    assert_eq!(app.get("/swagger-ui/").await.status(), 200);
}

/// Every answer the request limit applies to says the limit and what is left of it
/// (`RateLimit-Policy`, `RateLimit`), successes and refusals alike, counting down; a 429 says
/// `r=0` and the wait; probes and metrics, never limited, carry neither.
#[tokio::test]
async fn every_limited_answer_says_what_is_left() {
    let app = spawn_app_with(Store::Memory, |c| {
        c.rate_limit_per_sec = 1;
        c.rate_limit_burst = 3;
    })
    .await;
    let policy = "\"requests\";q=1;w=1;burst=3";
    let mut left = Vec::new();
    for res in [
        app.get("/v1/rulesets").await,
        app.create(&json!({"nope": 1})).await,
        app.get("/nope").await,
    ] {
        assert_eq!(header(&res, "ratelimit-policy".parse().unwrap()), policy);
        left.push(header(&res, "ratelimit".parse().unwrap()));
    }
    // Each request takes one of the three; the bucket refills one a second.
    assert_eq!(
        left,
        [
            "\"requests\";r=2;t=1",
            "\"requests\";r=1;t=2",
            "\"requests\";r=0;t=3"
        ],
        "{left:?}"
    );
    let res = app.get("/v1/rulesets").await;
    assert_eq!(res.status(), 429);
    assert_eq!(header(&res, "ratelimit-policy".parse().unwrap()), policy);
    let retry = header(&res, RETRY_AFTER);
    assert_eq!(
        header(&res, "ratelimit".parse().unwrap()),
        format!("\"requests\";r=0;t={retry}")
    );
    for probe in ["/healthz", "/metrics"] {
        let res = app.get(probe).await;
        assert!(res.headers().get("ratelimit").is_none(), "{probe}");
        assert!(res.headers().get("ratelimit-policy").is_none(), "{probe}");
    }
}

/// Answers of 1 KiB or more are compressed when the request accepts it (actix's `Compress`), as
/// gzip, brotli or zstd; small answers and event streams are sent as they are; without
/// `Accept-Encoding` nothing is compressed.
#[tokio::test]
async fn big_answers_are_compressed_when_accepted() {
    let app = spawn_app(Store::Memory).await;
    let get = |path: &'static str, accept: &'static str| {
        app.client
            .get(app.url(path))
            .header("accept-encoding", accept)
            .send()
    };
    for (accept, want) in [("gzip", "gzip"), ("br", "br"), ("zstd", "zstd")] {
        let res = get("/openapi.json", accept).await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(header(&res, "content-encoding".parse().unwrap()), want);
        let plain = app.get("/openapi.json").await.bytes().await.expect("body");
        let packed = res.bytes().await.expect("body");
        assert!(
            packed.len() * 3 < plain.len(),
            "{accept}: {} of {}",
            packed.len(),
            plain.len()
        );
    }
    // Small: as it is.
    let res = get("/healthz", "gzip").await.expect("sent");
    assert_eq!(res.status(), 200);
    assert!(res.headers().get("content-encoding").is_none());
    // Without Accept-Encoding: as it is.
    let res = app.get("/openapi.json").await;
    assert!(res.headers().get("content-encoding").is_none());
    // Every encoding refused, identity included: a problem document saying so.
    for refusal in ["identity;q=0", "*;q=0", "compress, identity;q=0"] {
        let res = get("/v1/rulesets", refusal).await.expect("sent");
        assert_problem(res, 406, "encoding_not_acceptable").await;
    }
    // An event stream: as it is, its first event at once.
    let id = app.create_game(&json!({})).await;
    let res = get_stream(&app, &id).await;
    assert!(res.headers().get("content-encoding").is_none());
    let mut res = res;
    let chunk = tokio::time::timeout(Duration::from_secs(5), res.chunk())
        .await
        .expect("the first event at once")
        .expect("read");
    assert!(chunk.is_some_and(|c| c.starts_with(b"id: ")));
}

async fn get_stream(app: &TestApp, id: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("/v1/games/{id}/events")))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("sent")
}
