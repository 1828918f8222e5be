//! Hostile input: garbage bodies, absurd numbers, odd ids and paths, stolen or made-up tokens,
//! oversized and chunked bodies. Each gets a clear 4xx problem document, and the game is
//! unchanged (every seat's view, not only the version). Tokens never reach the logs.

use serde_json::{Value, json};

use crate::harness::{ChildServer, Sse, raw, started_game, step};
use crate::helpers::{Store, TestApp, both_stores, spawn_app, spawn_app_with};

/// Every seat's view and the spectator's.
async fn snapshot(app: &TestApp, id: &str, tokens: &[String]) -> Vec<Value> {
    let mut out = vec![app.view(id, None).await];
    for t in tokens {
        out.push(app.view(id, Some(t)).await);
    }
    out
}

/// A request with exact bytes: `method path`, optional bearer token and content type, body.
fn request(
    method: &str,
    path: &str,
    token: Option<&str>,
    ctype: Option<&str>,
    body: &[u8],
) -> Vec<u8> {
    let mut r = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    if let Some(t) = token {
        r.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    if let Some(c) = ctype {
        r.push_str(&format!("Content-Type: {c}\r\n"));
    }
    r.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    let mut bytes = r.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// Sends `body` to `path` as JSON with `token`; asserts a 4xx problem (with `code` if given).
async fn refused(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    body: &[u8],
    code: Option<&str>,
) -> Value {
    let answer = raw(
        app.port(),
        &request("POST", path, token, Some("application/json"), body),
    )
    .await;
    assert!(
        (400..500).contains(&answer.status),
        "{path} {:?}: {} {}",
        String::from_utf8_lossy(&body[..body.len().min(200)]),
        answer.status,
        String::from_utf8_lossy(&answer.body)
    );
    let doc = answer.problem();
    if let Some(code) = code {
        assert_eq!(
            doc["code"],
            code,
            "{:?}",
            String::from_utf8_lossy(&body[..body.len().min(200)])
        );
    }
    doc
}

/// Garbage in every form the action and create endpoints take.
async fn garbage_bodies(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 91})).await;
    let before = snapshot(&app, &id, &tokens).await;
    let seat = before[0]["turn"].as_u64().expect("turn") as usize;
    let token = Some(tokens[seat].as_str());
    let actions = format!("/v1/games/{id}/actions");
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let many_cards = format!(
        "{{\"type\":\"exchange\",\"trump\":\"H\",\"discard\":[{}]}}",
        vec!["\"9C\""; 8_000].join(",")
    );
    let many_keys = format!(
        "{{\"type\":\"pass\"{}}}",
        (0..3_000)
            .map(|i| format!(",\"k{i}\":{i}"))
            .collect::<String>()
    );
    let cases: Vec<(Vec<u8>, Option<&str>)> = vec![
        // Malformed JSON and wrong shapes.
        (b"{".to_vec(), Some("malformed_json")),
        (b"null".to_vec(), None),
        (b"42".to_vec(), None),
        (b"\"pass\"".to_vec(), None),
        (b"[\"pass\"]".to_vec(), Some("invalid_body")),
        (b"[\"bid\",4]".to_vec(), Some("invalid_body")),
        (b"{\"type\":null}".to_vec(), None),
        (b"{\"type\":5}".to_vec(), None),
        (b"{\"type\":\"pass\"} {\"type\":\"pass\"}".to_vec(), Some("malformed_json")),
        (b"{\"type\":\"bid\",\"tricks\":3,\"tricks\":4}".to_vec(), Some("duplicate_field")),
        (b"{\"type\":\"pass\",\"type\":\"bid\",\"tricks\":4}".to_vec(), Some("duplicate_field")),
        (nested.into_bytes(), Some("malformed_json")),
        (many_keys.into_bytes(), Some("unknown_field")),
        // Unknown fields.
        (b"{\"type\":\"play\",\"card\":\"AS\",\"also\":\"KS\"}".to_vec(), Some("unknown_field")),
        (b"{\"type\":\"pass\",\"type2\":\"bid\"}".to_vec(), Some("unknown_field")),
        // Absurd numbers.
        (b"{\"type\":\"bid\",\"tricks\":256}".to_vec(), Some("invalid_body")),
        (b"{\"type\":\"bid\",\"tricks\":-1}".to_vec(), Some("invalid_body")),
        (b"{\"type\":\"bid\",\"tricks\":4.5}".to_vec(), Some("invalid_body")),
        (b"{\"type\":\"bid\",\"tricks\":1e400}".to_vec(), None),
        (b"{\"type\":\"bid\",\"tricks\":18446744073709551616}".to_vec(), Some("invalid_body")),
        (b"{\"type\":\"bid\",\"tricks\":255}".to_vec(), None),
        (b"{\"type\":\"bid\",\"tricks\":0}".to_vec(), None),
        (b"{\"type\":\"bid\",\"tricks\":3,\"pepper\":\"huge\"}".to_vec(), Some("invalid_value")),
        // Invalid cards.
        (b"{\"type\":\"play\",\"card\":\"\"}".to_vec(), Some("invalid_card")),
        (b"{\"type\":\"play\",\"card\":\"jk\"}".to_vec(), None),
        (b"{\"type\":\"play\",\"card\":\"1H\"}".to_vec(), Some("invalid_card")),
        (b"{\"type\":\"play\",\"card\":\"AH \"}".to_vec(), Some("invalid_card")),
        (b"{\"type\":\"play\",\"card\":\"\\u0000\\u0000\"}".to_vec(), Some("invalid_card")),
        ("{\"type\":\"play\",\"card\":\"A\u{2665}\"}".as_bytes().to_vec(), Some("invalid_card")),
        (b"{\"type\":\"play\",\"card\":\"\\ud800\"}".to_vec(), None),
        (b"{\"type\":\"play\",\"card\":7}".to_vec(), None),
        (b"{\"type\":\"play\",\"card\":[\"AS\"]}".to_vec(), None),
        (b"{\"type\":\"exchange\",\"trump\":\"X\",\"discard\":[]}".to_vec(), None),
        (b"{\"type\":\"exchange\",\"trump\":\"H\",\"discard\":[\"9C\",\"9C\",\"9C\",\"9C\",\"9C\"]}".to_vec(), None),
        (many_cards.into_bytes(), None),
        (b"{\"type\":\"pass_cards\",\"cards\":[\"JK\",\"JK\",\"JK\",\"JK\"]}".to_vec(), None),
        (b"{\"type\":\"alone\",\"alone\":\"yes\"}".to_vec(), Some("invalid_body")),
        // Not UTF-8, or not JSON at all.
        (b"{\"type\":\"p\xffss\"}".to_vec(), Some("malformed_json")),
        (b"\xfe\xff\x00{\x00}".to_vec(), Some("malformed_json")),
        (vec![0u8; 1000], Some("malformed_json")),
        (b"\xef\xbb\xbf{\"type\":\"pass\"}".to_vec(), Some("malformed_json")),
    ];
    for (body, code) in &cases {
        refused(&app, &actions, token, body, *code).await;
        assert_eq!(
            snapshot(&app, &id, &tokens).await,
            before,
            "{:?}",
            String::from_utf8_lossy(&body[..body.len().min(80)])
        );
    }
    // The same garbage on the specific endpoints.
    for endpoint in ["bid", "exchange", "play", "alone", "pass-cards"] {
        let path = format!("/v1/games/{id}/{endpoint}");
        refused(
            &app,
            &path,
            token,
            b"{\"type\":\"bid\",\"tricks\":999}",
            Some("invalid_body"),
        )
        .await;
        refused(&app, &path, token, b"\xff", Some("malformed_json")).await;
    }
    // The wrong content type, and a body sent as a form.
    let answer = raw(
        app.port(),
        &request(
            "POST",
            &actions,
            token,
            Some("text/plain"),
            b"{\"type\":\"pass\"}",
        ),
    )
    .await;
    assert!((400..500).contains(&answer.status));
    answer.problem();
    let answer = raw(
        app.port(),
        &request(
            "POST",
            &actions,
            token,
            Some("application/x-www-form-urlencoded"),
            b"type=pass",
        ),
    )
    .await;
    assert!((400..500).contains(&answer.status));
    answer.problem();
    assert_eq!(snapshot(&app, &id, &tokens).await, before);

    // Creating and claiming with absurd values: refused, nothing created, the game untouched.
    let create_cases: Vec<&[u8]> = vec![
        b"{\"seed\":-1}",
        b"{\"seed\":1,\"seed\":2}",
        b"{\"ruleset\":{\"preset\":\"pepper\",\"preset\":\"hasenpfeffer\"}}",
        b"{\"seed\":18446744073709551616}",
        b"{\"seed\":1.5}",
        b"{\"seed\":\"1\"}",
        b"{\"turn_time_limit_ms\":1e20}",
        b"{\"turn_time_limit_ms\":-100}",
        b"{\"ruleset\":{\"players\":255}}",
        b"{\"ruleset\":{\"players\":256}}",
        b"{\"ruleset\":{\"target_score\":2147483648}}",
        b"{\"ruleset\":{\"target_score\":-5}}",
        b"{\"ruleset\":{\"min_bid\":200}}",
        b"{\"ruleset\":[]}",
        b"{\"ruleset\":[\"pepper\"]}",
        b"{\"scenario\":[0,[],[]]}",
        b"{\"seats\":[[\"open\"],[],[],[]]}",
        b"[{\"preset\":\"pepper\"},42]",
        b"[]",
        b"\"{}\"",
        b"{\"seats\":[]}",
        b"{\"seats\":[{\"kind\":\"open\"},{\"kind\":\"open\"},{\"kind\":\"open\"},{\"kind\":\"open\"},{\"kind\":\"open\"}]}",
        b"{\"seats\":[{\"kind\":\"bot\",\"strategy\":\"cheater\"}]}",
        b"{\"seats\":[{\"kind\":\"open\",\"strategy\":\"random\"},{\"kind\":\"open\"},{\"kind\":\"open\"},{\"kind\":\"open\"}]}",
        b"{\"seats\":[{\"kind\":\"bot\",\"strategy\":\"random\",\"x\":1},{\"kind\":\"open\"},{\"kind\":\"open\"},{\"kind\":\"open\"}]}",
        b"{\"scenario\":{\"dealer\":9,\"hands\":[],\"widow\":[]}}",
        b"{\"scenario\":{\"dealer\":0,\"hands\":[[\"AS\",\"AS\",\"AS\",\"AS\",\"AS\",\"AS\"],[],[],[]],\"widow\":[\"JK\"]}}",
        b"\xff\xfe",
    ];
    let created_before = metric(&app, "hasenpfeffer_games_created_total").await;
    for body in &create_cases {
        refused(&app, "/v1/games", None, body, None).await;
    }
    assert_eq!(
        metric(&app, "hasenpfeffer_games_created_total").await,
        created_before,
        "nothing was created"
    );
    let seats = format!("/v1/games/{id}/seats");
    for body in [
        &b"{\"seat\":4294967296}"[..],
        b"{\"seat\":-1}",
        b"{\"seat\":255}",
        b"{\"seat\":0}",
        b"{\"name\":\"\\u0000\"}",
        b"{\"name\":7}",
        b"[0]",
        b"[]",
        b"7",
    ] {
        refused(&app, &seats, None, body, None).await;
    }
    let long_name = format!("{{\"name\":\"{}\"}}", "n".repeat(65));
    refused(
        &app,
        &seats,
        None,
        long_name.as_bytes(),
        Some("invalid_name"),
    )
    .await;
    assert_eq!(snapshot(&app, &id, &tokens).await, before);
}

/// Reads one counter from `/metrics`.
async fn metric(app: &TestApp, name: &str) -> u64 {
    let text = app.get("/metrics").await.text().await.expect("metrics");
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// Ids and paths no game can have: 404 problems, never a 5xx, the game untouched.
async fn odd_ids_and_paths(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 92})).await;
    let before = snapshot(&app, &id, &tokens).await;
    let long = "a".repeat(4096);
    let odd = [
        long.as_str(),
        "..",
        "%2E%2E",
        "..%2F..%2Fetc%2Fpasswd",
        "%00",
        "abc%00def",
        "%C3%A9t%C3%A9",
        "%F0%9F%82%A1",
        "%FF%FE",
        "%7B%7D",
        "*",
        "a%20b",
        "%0d%0aX-Injected:%201",
        "hp%3A%7Bx%7D%3Agame",
    ];
    for bad in odd {
        for (method, path, body) in [
            ("GET", format!("/v1/games/{bad}"), &b""[..]),
            ("GET", format!("/v1/games/{bad}/log"), b""),
            ("GET", format!("/v1/games/{bad}/events"), b""),
            ("POST", format!("/v1/games/{bad}/seats"), b"{}"),
            (
                "POST",
                format!("/v1/games/{bad}/actions"),
                b"{\"type\":\"pass\"}",
            ),
        ] {
            let token =
                (method == "POST" && path.ends_with("actions")).then_some(tokens[0].as_str());
            let answer = raw(
                app.port(),
                &request(method, &path, token, Some("application/json"), body),
            )
            .await;
            assert!(
                (400..500).contains(&answer.status),
                "{method} {}: {}",
                &path[..path.len().min(100)],
                answer.status
            );
            let doc = answer.problem();
            assert!(
                !answer.headers.contains("x-injected"),
                "a header was injected through the path"
            );
            let detail = doc["detail"].as_str().expect("detail");
            assert!(
                detail.len() < 400,
                "the detail stays short: {} bytes",
                detail.len()
            );
        }
    }
    // Paths that climb out of the API.
    for path in [
        "/v1/games/../../etc/passwd",
        "/../../../../etc/passwd",
        "/v1/games/%2e%2e/%2e%2e/openapi.json",
    ] {
        let answer = raw(app.port(), &request("GET", path, None, None, b"")).await;
        assert_eq!(answer.status, 404, "{path}");
        answer.problem();
    }
    assert_eq!(snapshot(&app, &id, &tokens).await, before);
}

/// Made-up, malformed, foreign, other seats' and reused tokens.
async fn wrong_tokens(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 93})).await;
    let (other, other_tokens) = started_game(&app, json!({"seed": 94})).await;
    let before = snapshot(&app, &id, &tokens).await;
    let other_before = snapshot(&app, &other, &other_tokens).await;
    let seat = before[0]["turn"].as_u64().expect("turn") as usize;
    let legal = before[seat + 1]["legal_actions"][0].clone();
    let body = serde_json::to_vec(&legal).expect("JSON");
    let actions = format!("/v1/games/{id}/actions");
    let long = format!("hp_{}", "f".repeat(10_000));
    let cases: Vec<(String, u16)> = vec![
        (format!("hp_{}", "0".repeat(64)), 403),
        (tokens[seat].to_uppercase(), 403),
        (tokens[seat][..20].to_owned(), 403),
        (format!("{}0", tokens[seat]), 403),
        (other_tokens[seat].clone(), 403),
        (long, 403),
        ("\u{e9}t\u{e9}".to_owned(), 403),
    ];
    for (token, status) in &cases {
        let answer = raw(
            app.port(),
            &request(
                "POST",
                &actions,
                Some(token),
                Some("application/json"),
                &body,
            ),
        )
        .await;
        assert_eq!(answer.status, *status, "{}", &token[..token.len().min(40)]);
        assert_eq!(answer.problem()["code"], "invalid_token");
        let answer = raw(
            app.port(),
            &request("GET", &format!("/v1/games/{id}"), Some(token), None, b""),
        )
        .await;
        assert_eq!(answer.status, *status);
        assert_eq!(answer.problem()["code"], "invalid_token");
    }
    // Malformed Authorization headers.
    for header in [
        "Bearer",
        "Bearer ",
        "Basic dXNlcjpwYXNz",
        "hp_abc",
        "Bearer  \t ",
    ] {
        let r = format!(
            "POST {actions} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: {header}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let mut bytes = r.into_bytes();
        bytes.extend_from_slice(&body);
        let answer = raw(app.port(), &bytes).await;
        assert!(
            [400, 401, 403].contains(&answer.status),
            "{header:?}: {}",
            answer.status
        );
        answer.problem();
    }
    // Another seat's token acts only as that seat: not this one's turn.
    for (s, t) in tokens.iter().enumerate() {
        if s != seat {
            let res = app.act(&id, t, "actions", &legal).await;
            assert_eq!(res.status(), 422);
            let doc: Value = res.json().await.expect("problem");
            assert_eq!(doc["code"], "not_your_turn");
        }
    }
    // A token of this game is useless on the other game, even for the same seat number.
    let res = app.act(&other, &tokens[seat], "actions", &legal).await;
    assert_eq!(res.status(), 403);
    // Reused: claiming again gives no second token for a taken seat.
    let res = app.claim(&id, Some(&json!({"seat": seat}))).await;
    assert_eq!(res.status(), 409);
    let res = app.claim(&id, None).await;
    assert_eq!(res.status(), 409);
    assert_eq!(snapshot(&app, &id, &tokens).await, before);
    assert_eq!(snapshot(&app, &other, &other_tokens).await, other_before);
    // The rightful token still works, once.
    let res = app.act(&id, &tokens[seat], "actions", &legal).await;
    assert_eq!(res.status(), 200);
    let res = app.act(&id, &tokens[seat], "actions", &legal).await;
    assert_eq!(res.status(), 422);
}

/// Bodies over a small configured limit: 413, whether announced by Content-Length (even a
/// false one) or streamed in chunks; the game untouched.
async fn oversized_bodies(store: Store) {
    let app = spawn_app_with(store, |c| c.max_body_bytes = 512).await;
    let (id, tokens) = started_game(&app, json!({"seed": 95})).await;
    let before = snapshot(&app, &id, &tokens).await;
    let seat = before[0]["turn"].as_u64().expect("turn") as usize;
    let actions = format!("/v1/games/{id}/actions");
    let big = format!("{{\"type\":\"pass\",\"pad\":\"{}\"}}", "x".repeat(2_000));
    let doc = refused(
        &app,
        &actions,
        Some(&tokens[seat]),
        big.as_bytes(),
        Some("payload_too_large"),
    )
    .await;
    assert_eq!(doc["status"], 413);
    let huge = vec![b' '; 600_000];
    refused(
        &app,
        &actions,
        Some(&tokens[seat]),
        &huge,
        Some("payload_too_large"),
    )
    .await;
    refused(
        &app,
        "/v1/games",
        None,
        big.as_bytes(),
        Some("payload_too_large"),
    )
    .await;
    refused(
        &app,
        &format!("/v1/games/{id}/seats"),
        None,
        big.as_bytes(),
        Some("payload_too_large"),
    )
    .await;
    // A Content-Length that promises too much, with nothing sent.
    let r = format!(
        "POST {actions} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n",
        tokens[seat]
    );
    let answer = raw(app.port(), r.as_bytes()).await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.problem()["code"], "payload_too_large");
    // Chunked, without a Content-Length.
    let mut r = format!(
        "POST {actions} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        tokens[seat]
    );
    for _ in 0..10 {
        r.push_str(&format!("100\r\n{}\r\n", " ".repeat(256)));
    }
    r.push_str("0\r\n\r\n");
    let answer = raw(app.port(), r.as_bytes()).await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.problem()["code"], "payload_too_large");
    assert_eq!(snapshot(&app, &id, &tokens).await, before);
    // Under the limit, chunked, all is well.
    let mut r = format!(
        "POST {actions} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        tokens[seat]
    );
    let legal = serde_json::to_string(&before[seat + 1]["legal_actions"][0]).expect("JSON");
    r.push_str(&format!("{:x}\r\n{legal}\r\n0\r\n\r\n", legal.len()));
    let answer = raw(app.port(), r.as_bytes()).await;
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
}

/// Header values outside the documented patterns (`If-Match`, `Idempotency-Key`,
/// `Last-Event-ID`) and query values outside the documented bounds: 400 problems, nothing
/// changes; the documented forms work.
async fn odd_headers_and_queries(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 97})).await;
    let before = snapshot(&app, &id, &tokens).await;
    let v = before[0]["version"].as_u64().expect("version");
    let seat = before[0]["turn"].as_u64().expect("turn") as usize;
    let legal = serde_json::to_string(&before[seat + 1]["legal_actions"][0]).expect("JSON");
    let actions = format!("/v1/games/{id}/actions");
    let with_header = |name: &str, value: &str| {
        let mut r = format!(
            "POST {actions} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\n{name}: {value}\r\nContent-Length: {}\r\n\r\n",
            tokens[seat],
            legal.len()
        )
        .into_bytes();
        r.extend_from_slice(legal.as_bytes());
        r
    };
    let bad_if_match = [
        "null".to_owned(),
        format!("\"{v}"),
        format!("{v}\""),
        format!("W/{v}"),
        format!("w/\"{v}\""),
        format!("\"{v}\", \"{v}\""),
        "-1".to_owned(),
        "1234567890123456789".to_owned(),
        "99999999999999999999999".to_owned(),
        "\"\"".to_owned(),
        "**".to_owned(),
    ];
    for value in &bad_if_match {
        let answer = raw(app.port(), &with_header("If-Match", value)).await;
        assert_eq!(answer.status, 400, "If-Match: {value}");
        assert_eq!(answer.problem()["code"], "invalid_if_match");
    }
    for value in ["a\tb", "\u{e9}", &"k".repeat(129)] {
        let answer = raw(app.port(), &with_header("Idempotency-Key", value)).await;
        assert_eq!(answer.status, 400, "Idempotency-Key: {value:?}");
        assert_eq!(answer.problem()["code"], "invalid_idempotency_key");
    }
    for value in ["null", "-1", "1e3", "1234567890123456789", " ", "0x10"] {
        let r = format!(
            "GET /v1/games/{id}/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\nLast-Event-ID: {value}\r\n\r\n"
        );
        let answer = raw(app.port(), r.as_bytes()).await;
        assert_eq!(answer.status, 400, "Last-Event-ID: {value}");
        assert_eq!(answer.problem()["code"], "invalid_last_event_id");
    }
    for query in [
        "wait_for_version=1&wait_ms=60001",
        "wait_for_version=9223372036854775808",
        "wait_for_version=1.5",
        "wait_ms=-1",
    ] {
        let answer = raw(
            app.port(),
            format!("GET /v1/games/{id}?{query} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await;
        assert_eq!(answer.status, 400, "{query}");
        assert_eq!(answer.problem()["code"], "invalid_query");
    }
    let answer = raw(
        app.port(),
        format!("GET /v1/games/{id}/events?last_event_id=9223372036854775808 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    )
    .await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.problem()["code"], "invalid_query");
    let big_seed = refused(
        &app,
        "/v1/games",
        None,
        b"{\"seed\":9223372036854775808}",
        None,
    )
    .await;
    assert_eq!(big_seed["status"], 400);
    // The legal move, but not sent as JSON: 415, whatever the bytes are.
    for ctype in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/xml",
    ] {
        let answer = raw(
            app.port(),
            &request(
                "POST",
                &actions,
                Some(&tokens[seat]),
                Some(ctype),
                legal.as_bytes(),
            ),
        )
        .await;
        assert_eq!(answer.status, 415, "Content-Type: {ctype}");
        assert_eq!(answer.problem()["code"], "unsupported_media_type");
    }
    let answer = raw(
        app.port(),
        &request("POST", "/v1/games", None, Some("text/plain"), b"{}"),
    )
    .await;
    assert_eq!(answer.status, 415);
    assert_eq!(snapshot(&app, &id, &tokens).await, before);
    // The documented forms: a weak ETag; integral numbers written as floats.
    let answer = raw(app.port(), &with_header("If-Match", &format!("W/\"{v}\""))).await;
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    let game = app
        .create_game(&json!({"seed": 98.0, "turn_time_limit_ms": 1e5, "ruleset": {"players": 4.0}}))
        .await;
    assert_eq!(app.view(&game, None).await["turn_time_limit_ms"], 100_000);
}

both_stores!(
    garbage_bodies,
    odd_ids_and_paths,
    wrong_tokens,
    oversized_bodies,
    odd_headers_and_queries
);

/// The server binary at `RUST_LOG=trace` (everything, dependencies included) with JSON logs: a whole game with claims, actions,
/// reads, an event stream, a long poll and refused requests; no token (or its stored hash)
/// appears anywhere in what it writes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_never_reach_the_logs() {
    let server = tokio::task::spawn_blocking(|| {
        ChildServer::start(&[("RUST_LOG", "trace"), ("LOG_FORMAT", "json")])
    })
    .await
    .expect("server");
    let app = TestApp::at(server.base.clone(), None);
    let (id, tokens) = started_game(&app, json!({"seed": 96, "turn_time_limit_ms": 60_000})).await;
    let mut sse = Sse::open(&app, &id, Some(&tokens[1]), None).await;
    sse.event(std::time::Duration::from_secs(10)).await;
    let poll = app
        .client
        .get(app.url(&format!("/v1/games/{id}?wait_for_version=1&wait_ms=100")))
        .bearer_auth(&tokens[2])
        .send()
        .await
        .expect("poll");
    assert_eq!(poll.status(), 200);
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(96);
    let mut moves = 0;
    while step(&app, &id, &tokens, &mut rng).await.is_some() {
        moves += 1;
    }
    assert!(moves > 10);
    // Refused requests log too.
    for t in &tokens {
        let _ = app.act(&id, t, "actions", &json!({"type": "pass"})).await;
        let _ = app
            .act("nosuchgame000000", t, "actions", &json!({"type": "pass"}))
            .await;
        let res = app
            .client
            .post(app.url(&format!("/v1/games/{id}/bid")))
            .header("authorization", format!("Basic {t}"))
            .body("{")
            .send()
            .await
            .expect("sent");
        assert!(res.status().is_client_error());
    }
    drop(sse);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let out = server.output();
    let lines = out.lines().count();
    assert!(lines > 100, "trace logging is on ({lines} lines)");
    assert!(
        out.contains("\"level\":\"TRACE\""),
        "trace lines are written"
    );
    for t in &tokens {
        assert!(!out.contains(t.as_str()), "a token is in the logs");
        assert!(!out.contains(&t[3..]), "a token's digits are in the logs");
        let hash = hasenpfeffer::games::hash_token(t);
        assert!(!out.contains(&hash), "a token hash is in the logs");
    }
    assert!(!out.to_ascii_lowercase().contains("bearer hp_"));
}
