//! What the contract promises bots, over HTTP: how the deal was made, views that say what is
//! true (no placeholder that looks like data), every trick of every hand visible in the views,
//! and an OpenAPI document whose types say all of it (required where always present, nullable
//! where null is possible, the problem codes listed).

use std::collections::BTreeSet;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};

use crate::harness::{Sse, started_game, step};
use crate::helpers::{Store, assert_problem, both_stores, spawn_app};

const WAIT: Duration = Duration::from_secs(10);

/// The four ways a game can be created, and what the answer, every view and the event stream
/// say of its deal.
async fn every_view_says_how_the_deal_was_made(store: Store) {
    let app = spawn_app(store).await;
    let hands = json!([
        ["AS", "KS", "AH", "KH", "QH", "TH"],
        ["9S", "9C", "TC", "QC", "KC", "AC"],
        ["TS", "9D", "TD", "QD", "KD", "AD"],
        ["QS", "JS", "JC", "JD", "JH", "9H"],
    ]);
    let scenario = json!({"dealer": 3, "hands": hands, "widow": ["JK"]});
    let cases = [
        (json!({}), "random", true),
        (json!({"seed": 42}), "seed", false),
        (json!({"scenario": scenario}), "scenario", false),
        (json!({"seed": 42, "scenario": scenario}), "scenario", false),
    ];
    for (body, deal, eligible) in cases {
        let res = app.create(&body).await;
        assert_eq!(res.status(), 201, "{body}");
        let created: Value = res.json().await.expect("created JSON");
        assert_eq!(created["deal"], deal, "{body}");
        assert_eq!(created["ranked_eligible"], eligible, "{body}");
        let id = created["game_id"].as_str().expect("game_id");
        let spectator = app.view(id, None).await;
        // The create answer's seats are the views' seats (an array, not a count).
        assert_eq!(created["seats"], spectator["seats"], "{body}");
        assert_eq!(created["status"], spectator["status"], "{body}");
        assert_eq!(created["seats"].as_array().expect("seats").len(), 4);
        let tokens = app.claim_all(id, 4).await;
        let mut views = vec![app.view(id, None).await];
        for t in &tokens {
            views.push(app.view(id, Some(t)).await);
        }
        // Each event's data is the reader's GameView, exactly as GET answers it (the document
        // types the stream as text and says so: this is what it promises).
        let mut sse = Sse::open(&app, id, Some(&tokens[0]), None).await;
        let (event, _) = sse.event(WAIT).await.view();
        assert_eq!(event, app.view(id, Some(&tokens[0])).await);
        views.push(event);
        for v in views {
            assert_eq!(v["deal"], deal, "{body}");
            assert_eq!(v["ranked_eligible"], eligible, "{body}");
        }
    }
}

/// Until every seat is claimed nobody may act: `turn` is null (not a house seat that is not
/// moving), `status` says so, the trick has no leader, and the event stream does not take the
/// null turn for the end of the game.
async fn a_game_waiting_for_players_has_no_turn(store: Store) {
    let app = spawn_app(store).await;
    let id = app
        .create_game(
            &json!({"seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"},
            {"kind": "bot", "strategy": "random"}, {"kind": "open"}]}),
        )
        .await;
    let waiting = app.view(&id, None).await;
    assert_eq!(waiting["status"], "waiting_for_players");
    assert_eq!(waiting["turn"], Value::Null, "{waiting}");
    assert_eq!(waiting["trick"]["leader"], Value::Null);
    assert_eq!(waiting["legal_actions"], json!([]));
    // The stream sends the waiting view as a view, and stays open for the start.
    let mut sse = Sse::open(&app, &id, None, None).await;
    let first = sse.event(WAIT).await;
    assert_eq!(first.name(), Some("view"));
    let first_seat = app.claim(&id, Some(&json!({"seat": 0}))).await;
    assert_eq!(first_seat.status(), 201);
    let token: Value = first_seat.json().await.expect("claimed");
    let seat0 = app.view(&id, token["token"].as_str()).await;
    assert_eq!(seat0["turn"], Value::Null, "still waiting for seat 3");
    assert_eq!(seat0["legal_actions"], json!([]));
    assert_eq!(
        app.claim(&id, Some(&json!({"seat": 3}))).await.status(),
        201
    );
    // Started: the house players have played up to a client's turn.
    let started = app.view(&id, None).await;
    assert_eq!(started["status"], "playing");
    let turn = started["turn"].as_u64().expect("a turn once started");
    assert!(turn == 0 || turn == 3, "{started}");
    loop {
        let f = sse.event(WAIT).await;
        assert_eq!(f.name(), Some("view"), "the game is not over");
        if f.view().0["status"] == "playing" {
            break;
        }
    }
}

/// The trick in progress names a leader only once its first card is played, and then the seat
/// that played it.
async fn the_trick_leader_is_null_until_a_card_is_played(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 7})).await;
    let mut rng = SmallRng::seed_from_u64(7);
    let mut seen_null_in_play = false;
    let mut seen_led = false;
    for _ in 0..200 {
        for token in tokens.iter().map(Some).chain([None]) {
            let v = app.view(&id, token.map(String::as_str)).await;
            let trick = &v["trick"];
            let plays = trick["plays"].as_array().expect("plays");
            match plays.first() {
                None => {
                    assert_eq!(trick["leader"], Value::Null, "{v}");
                    seen_null_in_play |= v["phase"] == "play";
                }
                Some(first) => {
                    assert_eq!(v["phase"], "play");
                    assert_eq!(trick["leader"], first["seat"], "{v}");
                    seen_led = true;
                }
            }
            if v["phase"] != "play" {
                assert_eq!(trick, &json!({"leader": null, "plays": []}), "{v}");
            }
        }
        if step(&app, &id, &tokens, &mut rng).await.is_none() {
            break;
        }
    }
    assert!(seen_null_in_play && seen_led);
}

/// When the last card of a hand is played the views move on to the next hand: the finished
/// hand's tricks, the last one included, are in `last_hand` of every view and event, exactly as
/// the log has them.
async fn every_trick_of_every_hand_is_in_the_views(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 3})).await;
    let mut sse = Sse::open(&app, &id, Some(&tokens[1]), None).await;
    let mut rng = SmallRng::seed_from_u64(3);
    let mut hands_checked = 0;
    let mut hand = 0;
    while let Some(version) = step(&app, &id, &tokens, &mut rng).await {
        let spectator = app.view(&id, None).await;
        assert_eq!(spectator["version"], version);
        let number = spectator["hand_number"].as_u64().expect("hand_number");
        let over = spectator["phase"] == "game_over";
        if number == hand && !over {
            continue;
        }
        // A hand just ended.
        hand = number;
        let log = app.log(&id).await;
        let record = log["hands"]
            .as_array()
            .expect("hands")
            .last()
            .expect("a hand")
            .clone();
        let mut views = vec![spectator];
        for t in &tokens {
            views.push(app.view(&id, Some(t)).await);
        }
        // The event of this very version (earlier ones are skipped).
        loop {
            // (The stream may skip versions a slow reader has not taken yet.)
            let (v, _) = sse.event(WAIT).await.view();
            if v["version"].as_u64() >= Some(version) {
                assert_eq!(v["hand_number"], views[0]["hand_number"]);
                views.push(v);
                break;
            }
        }
        for v in &views {
            let last = &v["last_hand"];
            assert_eq!(last["number"], record["number"]);
            assert_eq!(last["tricks"], record["tricks"], "the tricks are the log's");
            if record["result"] == "played" {
                let tricks = last["tricks"].as_array().expect("tricks");
                // hasenpfeffer: 25 cards, 6 to each of 4 seats, 6 tricks.
                assert_eq!(tricks.len(), 6, "every trick, the last included");
                let last_trick = tricks.last().expect("the last trick");
                assert!(last_trick["winner"].is_u64());
                assert_eq!(last_trick["plays"].as_array().expect("plays").len(), 4);
                hands_checked += 1;
            }
            if !over {
                assert_eq!(v["tricks"], json!([]), "the new hand has no trick yet");
            }
        }
        if over {
            break;
        }
    }
    assert!(hands_checked > 0, "no hand was played out");
}

/// Every view names the step the game waits for, and an upcard game's round, in the words of
/// the rules: Euchre's rounds 1 and 2, the maker's and then each defender's choice to go
/// alone, the play. The spectator's view says the same as the seat's.
async fn views_name_the_step_and_round(store: Store) {
    let app = spawn_app(store).await;
    let create = json!({"ruleset": {"preset": "euchre", "lone_defender": true}, "seed": 7});
    let id = app.create_game(&create).await;
    let tokens = app.claim_all(&id, 4).await;
    let mut seen = Vec::new();
    loop {
        let public = app.view(&id, None).await;
        let turn = public["turn"].as_u64().expect("a turn") as usize;
        let v = app.view(&id, Some(&tokens[turn])).await;
        assert_eq!(
            (&v["step"], &v["round"]),
            (&public["step"], &public["round"])
        );
        let step = v["step"].as_str().expect("a step").to_string();
        seen.push(format!("{step} {}", v["round"]));
        let action = match step.as_str() {
            "order_up" => json!({"type": "pass"}),
            "name_trump" => v["legal_actions"]
                .as_array()
                .expect("actions")
                .iter()
                .find(|a| a["type"] == "name_trump")
                .expect("a suit to name")
                .clone(),
            "declarer_alone" | "defender_alone" => json!({"type": "alone", "alone": false}),
            "play" => break,
            other => panic!("an unexpected step {other}: {seen:?}"),
        };
        let res = app.act(&id, &tokens[turn], "actions", &action).await;
        assert_eq!(res.status(), 200, "{step}: {action}");
    }
    let want = [
        "order_up 1",
        "order_up 1",
        "order_up 1",
        "order_up 1",
        "name_trump 2",
        "declarer_alone null",
        "defender_alone null",
        "defender_alone null",
        "play null",
    ];
    assert_eq!(seen, want);
}

both_stores!(
    views_name_the_step_and_round,
    every_view_says_how_the_deal_was_made,
    a_game_waiting_for_players_has_no_turn,
    the_trick_leader_is_null_until_a_card_is_played,
    every_trick_of_every_hand_is_in_the_views,
);

/// Resolves a local `$ref`.
fn deref<'a>(doc: &'a Value, v: &'a Value) -> &'a Value {
    match v.get("$ref").and_then(Value::as_str) {
        Some(r) => {
            let name = r.trim_start_matches("#/components/schemas/");
            &doc["components"]["schemas"][name]
        }
        None => v,
    }
}

fn nullable(doc: &Value, prop: &Value) -> bool {
    let prop = deref(doc, prop);
    let ty = &prop["type"];
    ty == "null"
        || ty.as_array().is_some_and(|t| t.contains(&json!("null")))
        || ["oneOf", "anyOf"].iter().any(|k| {
            prop[k]
                .as_array()
                .is_some_and(|alts| alts.iter().any(|a| nullable(doc, a)))
        })
}

/// The names of every component schema a response can hold.
fn response_schemas(doc: &Value) -> BTreeSet<String> {
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                    out.push(r.trim_start_matches("#/components/schemas/").to_owned());
                }
                m.values().for_each(|x| refs(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
            _ => {}
        }
    }
    let mut todo = Vec::new();
    for item in doc["paths"].as_object().expect("paths").values() {
        for op in item.as_object().expect("path item").values() {
            refs(&op["responses"], &mut todo);
        }
    }
    let mut seen = BTreeSet::new();
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) {
            refs(&doc["components"]["schemas"][&name], &mut todo);
        }
    }
    seen
}

/// Every object schema (the parts of an `allOf` included) with its properties and required.
fn objects<'a>(doc: &'a Value, schema: &'a Value, out: &mut Vec<&'a Value>) {
    let schema = deref(doc, schema);
    if let Some(parts) = schema["allOf"].as_array() {
        for p in parts {
            objects(doc, p, out);
        }
    }
    if schema["properties"].is_object() {
        out.push(schema);
    }
}

/// In every schema a response can hold, a property that can be null is always present
/// (required), and one that can be left out is never null: so a generated client's types have
/// no `undefined` where the server always sends the field, and no `null` where it never does.
#[tokio::test]
async fn response_types_are_required_where_always_present_and_nullable_where_null() {
    let app = spawn_app(Store::Memory).await;
    let doc: Value = app.get("/openapi.json").await.json().await.expect("JSON");
    let names = response_schemas(&doc);
    for want in [
        "GameView",
        "View",
        "HandSummary",
        "CurrentTrick",
        "CreatedGame",
        "Problem",
    ] {
        assert!(
            names.contains(want),
            "{want} is not in any response: {names:?}"
        );
    }
    let mut checked = 0;
    for name in &names {
        let mut parts = Vec::new();
        objects(&doc, &doc["components"]["schemas"][name], &mut parts);
        for part in parts {
            let required: Vec<&str> = part["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for (prop, schema) in part["properties"].as_object().expect("properties") {
                let is_required = required.contains(&prop.as_str());
                // A field the server may leave out is never null; one that may be null is
                // always there.
                if nullable(&doc, schema) {
                    assert!(is_required, "{name}.{prop} can be null but is not required");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
    // The ones bots asked for, by name.
    let view = &doc["components"]["schemas"]["View"];
    for f in [
        "seat",
        "turn",
        "contract",
        "trump",
        "winner",
        "alone",
        "defender_alone",
        "joker_revealed_by",
        "last_hand",
    ] {
        assert!(
            view["required"]
                .as_array()
                .expect("required")
                .contains(&json!(f)),
            "{f}"
        );
        assert!(
            nullable(&doc, &view["properties"][f]),
            "View.{f} is nullable"
        );
    }
    // `HandSummary` is the hand's outcome (`HandOutcome`, shared with `HandRecord`) and its
    // tricks: the fields required by any of its parts.
    let mut parts = Vec::new();
    objects(
        &doc,
        &doc["components"]["schemas"]["HandSummary"],
        &mut parts,
    );
    assert_eq!(parts.len(), 2, "{parts:?}");
    for f in ["contract", "tricks"] {
        assert!(
            parts.iter().any(|p| p["required"]
                .as_array()
                .is_some_and(|r| r.contains(&json!(f)))),
            "{f}"
        );
    }
    let trick = &doc["components"]["schemas"]["CurrentTrick"];
    assert!(nullable(&doc, &trick["properties"]["leader"]));
    // Every field of a view is described: what it means, and when it is null.
    for part in [view, &doc["components"]["schemas"]["GameView"]["allOf"][1]] {
        for (prop, schema) in part["properties"].as_object().expect("properties") {
            let text = schema["description"]
                .as_str()
                .or_else(|| schema["oneOf"][0]["description"].as_str())
                .unwrap_or_else(|| panic!("View.{prop} has no description"));
            if nullable(&doc, schema) {
                assert!(
                    text.contains("null"),
                    "View.{prop} does not say when it is null"
                );
            }
        }
    }
    let voids = view["properties"]["voids"]["description"]
        .as_str()
        .expect("voids");
    assert!(
        voids.contains("effective suit") && voids.contains("left bower"),
        "{voids}"
    );
    // The create answer's seats are the views' seats.
    let created = &doc["components"]["schemas"]["CreatedGame"]["properties"];
    assert_eq!(created["seats"]["type"], "array");
    for f in ["deal", "ranked_eligible"] {
        assert!(created.get(f).is_some(), "CreatedGame.{f}");
    }
}

/// Every named schema is a type of the API (no Rust primitive such as `u8` leaks in as a
/// schema a generator would name a type), and every answer the request limit applies to
/// declares its `RateLimit-Policy` and `RateLimit` headers.
#[tokio::test]
async fn schemas_are_the_apis_types_and_limits_are_declared() {
    let app = spawn_app(Store::Memory).await;
    let doc: Value = app.get("/openapi.json").await.json().await.expect("JSON");
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    let leaked: Vec<&String> = schemas
        .keys()
        .filter(|name| !name.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    assert!(
        leaked.is_empty(),
        "schemas named like primitives: {leaked:?}"
    );
    let mut declared = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("operations") {
            for (status, response) in op["responses"].as_object().expect("responses") {
                let headers = &response["headers"];
                let limited = !matches!(path.as_str(), "/healthz" | "/readyz" | "/metrics");
                for h in ["RateLimit-Policy", "RateLimit"] {
                    assert_eq!(
                        headers.get(h).is_some(),
                        limited,
                        "{method} {path} {status}: {h}"
                    );
                }
                declared += usize::from(limited);
            }
        }
    }
    assert!(
        declared > 100,
        "{declared} answers declare the limit's headers"
    );
}

/// `Problem.code` lists every code: the ones a client meets here are all in it.
#[tokio::test]
async fn problem_codes_are_an_enum_of_every_code() {
    let app = spawn_app(Store::Memory).await;
    let doc: Value = app.get("/openapi.json").await.json().await.expect("JSON");
    let codes: Vec<&str> = doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"]
        .as_array()
        .expect("an enum of codes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(codes.len() >= 45, "{codes:?}");
    let mut met = Vec::new();
    met.push(assert_problem(app.get("/v1/games/nope").await, 404, "game_not_found").await);
    met.push(
        assert_problem(
            app.create(&json!({"ruleset": {"players": 6, "deck": "standard25"}}))
                .await,
            422,
            "six_players_need_pinochle48",
        )
        .await,
    );
    let (id, tokens) = started_game(&app, json!({})).await;
    let seat = app.view(&id, None).await["turn"].as_u64().expect("turn") as usize;
    let other = &tokens[(seat + 1) % 4];
    met.push(
        assert_problem(
            app.act(&id, other, "actions", &json!({"type": "pass"}))
                .await,
            422,
            "not_your_turn",
        )
        .await,
    );
    for p in met {
        let code = p["code"].as_str().expect("code");
        assert!(
            codes.contains(&code),
            "{code} is not in Problem.code's enum"
        );
    }
}

/// Swagger UI prefills parameters and bodies from examples: none may make a first click hang or
/// fail (a long poll of 25 s, a game that does not exist), and every action type has a named
/// example.
#[tokio::test]
async fn examples_work_on_a_first_click() {
    let app = spawn_app(Store::Memory).await;
    let doc: Value = app.get("/openapi.json").await.json().await.expect("JSON");
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            for p in op["parameters"].as_array().into_iter().flatten() {
                // (A bot's name may: its example is a house account, which always exists.)
                let house_name = ["/v1/bots/{name}", "/v1/bots/{name}/games"]
                    .contains(&path.as_str())
                    && p["example"] == "house-expert";
                if ["path", "query"].contains(&p["in"].as_str().unwrap_or(""))
                    && p["name"] != "count"
                    && !house_name
                {
                    assert!(
                        p.get("example").is_none() && p["schema"].get("example").is_none(),
                        "{method} {path}: parameter {} has an example Swagger UI would prefill",
                        p["name"]
                    );
                }
            }
        }
    }
    let examples = &doc["paths"]["/v1/games/{id}/actions"]["post"]["requestBody"]["content"]["application/json"]
        ["examples"];
    let kinds: BTreeSet<&str> = examples
        .as_object()
        .expect("named examples")
        .values()
        .filter_map(|e| e["value"]["type"].as_str())
        .collect();
    let all: BTreeSet<&str> = [
        "pass",
        "bid",
        "exchange",
        "play",
        "alone",
        "pass_cards",
        "order_up",
        "name_trump",
        "take_upcard",
        "leave_upcard",
        "stay",
        "drop",
        "pick_up",
        "pick_up_alone",
        "allow",
        "veto",
        "veto_alone",
        "misere",
        "open_misere",
        "call",
    ]
    .into();
    assert_eq!(kinds, all);
    // `/bid` shows every call and answer it takes (Bacon's too), `/exchange` its three.
    for (path, want) in [
        (
            "/v1/games/{id}/bid",
            &[
                "pass",
                "bid",
                "order_up",
                "name_trump",
                "pick_up",
                "pick_up_alone",
                "allow",
                "veto",
                "veto_alone",
                "misere",
                "open_misere",
            ][..],
        ),
        ("/v1/games/{id}/alone", &["alone", "call"][..]),
        (
            "/v1/games/{id}/exchange",
            &["exchange", "take_upcard", "leave_upcard"][..],
        ),
    ] {
        let shown: BTreeSet<&str> =
            doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
                .as_object()
                .expect("named examples")
                .values()
                .filter_map(|e| e["value"]["type"].as_str())
                .collect();
        assert_eq!(shown, want.iter().copied().collect(), "{path}");
    }
    assert!(
        examples
            .as_object()
            .expect("examples")
            .values()
            .any(|e| e["value"]["pepper"].is_string()),
        "a pepper bid"
    );
    // The first one (Swagger UI prefills it) is a pass: what a seat can do at its first turn.
    let first = examples
        .as_object()
        .expect("examples")
        .values()
        .next()
        .expect("one");
    assert_eq!(first["value"], json!({"type": "pass"}));
    // The view's example is a real view: the server's own shape, with every field.
    let example = &doc["components"]["schemas"]["GameView"]["example"];
    let (id, tokens) = started_game(&app, json!({})).await;
    let real = app.view(&id, Some(&tokens[0])).await;
    let keys = |v: &Value| -> BTreeSet<String> {
        v.as_object().expect("an object").keys().cloned().collect()
    };
    assert_eq!(keys(example), keys(&real));
    assert!(
        example["last_hand"]["tricks"]
            .as_array()
            .is_some_and(|t| !t.is_empty())
    );
    // The event stream is text, each event's data a view, and says so.
    let events = &doc["paths"]["/v1/games/{id}/events"]["get"]["responses"]["200"];
    assert_eq!(
        events["content"]["text/event-stream"]["schema"],
        json!({"type": "string"})
    );
    assert!(
        events["description"]
            .as_str()
            .expect("description")
            .contains("GameView")
    );
    assert!(doc["components"]["schemas"].get("GameEvent").is_none());
}

/// A game of every player count a preset offers (`GET /v1/rulesets`: pepper for 2 and 3 too) can
/// be created with its seats listed, and the OpenAPI document says so: `CreateGameRequest.seats`
/// admits that many entries (a client that validates against the contract would otherwise
/// refuse a body the server takes).
#[tokio::test]
async fn seat_lists_of_every_player_count_are_in_the_contract() {
    let app = spawn_app(Store::Memory).await;
    // The server takes a seat list of every count a preset offers (pepper for 2 and 3 too).
    for n in [2usize, 3] {
        let body = json!({
            "ruleset": {"preset": "pepper", "players": n},
            "seats": vec![json!({"kind": "open"}); n],
        });
        assert_eq!(app.create(&body).await.status(), 201, "{body}");
    }
    let catalog: Value = app.get("/v1/rulesets").await.json().await.expect("JSON");
    let counts: Vec<u64> = catalog["presets"]
        .as_array()
        .expect("presets")
        .iter()
        .flat_map(|p| p["players"].as_array().expect("players").clone())
        .map(|n| n.as_u64().expect("a count"))
        .collect();
    let (fewest, most) = (counts.iter().min(), counts.iter().max());
    // And the contract says so.
    let doc: Value = app.get("/openapi.json").await.json().await.expect("JSON");
    let seats = &doc["components"]["schemas"]["CreateGameRequest"]["properties"]["seats"];
    let (min, max) = (seats["minItems"].as_u64(), seats["maxItems"].as_u64());
    assert!(
        min.is_none_or(|m| Some(&m) <= fewest) && max.is_none_or(|m| Some(&m) >= most),
        "games of {fewest:?} to {most:?} players, but the contract says {min:?} to {max:?} seats"
    );
}
