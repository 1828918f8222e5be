//! Turn clocks: when a seat's time runs out, a house player moves for it, exactly once per
//! expired decision, with one replica or three on one Redis; a seat that acts in time gets a
//! fresh deadline and no fallback move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use hasenpfeffer::engine::Action;
use hasenpfeffer::games::{ActRequest, GameService, now_ms};
use hasenpfeffer::metrics::Metrics;
use hasenpfeffer::store::testing::TestRedis;
use hasenpfeffer::store::{GameStore, MemoryStore, StoreConfig, StoreError, StoredGame, Write};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};

use crate::harness::{spawn_replicas, started_game};
use crate::helpers::{Store, TestApp, assert_problem, both_stores, choose, spawn_app, view_of};

/// Waits (long polling) until the game's version is past `after`; answers the view.
async fn wait_past(app: &TestApp, id: &str, after: u64, limit: Duration) -> Value {
    let start = Instant::now();
    loop {
        let res = app
            .get(&format!(
                "/v1/games/{id}?wait_for_version={after}&wait_ms=1000"
            ))
            .await;
        let (view, _) = view_of(res).await;
        if view["version"].as_u64().expect("version") > after {
            return view;
        }
        assert!(
            start.elapsed() < limit,
            "the game did not move past version {after} within {limit:?}"
        );
    }
}

/// The timeouts of the log, checked: their versions are contiguous from `first_version`, one per
/// expired decision (distinct deadlines), and the log's version is the last of them (or the
/// one before: an entry may land between the two reads). Answers them.
fn check_timeouts(log: &Value, first_version: u64) -> Vec<Value> {
    let timeouts = log["timeouts"].as_array().expect("timeouts").clone();
    for (i, t) in timeouts.iter().enumerate() {
        assert_eq!(
            t["version"].as_u64(),
            Some(first_version + i as u64),
            "one fallback move per version, no gaps, no repeats: {timeouts:?}"
        );
    }
    let mut deadlines: Vec<u64> = timeouts
        .iter()
        .map(|t| t["deadline_unix_ms"].as_u64().expect("deadline"))
        .collect();
    let n = deadlines.len();
    deadlines.sort_unstable();
    deadlines.dedup();
    assert_eq!(deadlines.len(), n, "one fallback move per deadline");
    if let Some(last) = timeouts.last() {
        let logged = log["version"].as_u64().expect("version");
        let last = last["version"].as_u64().expect("version");
        assert!(
            logged == last || logged + 1 == last,
            "log at version {logged}, last timeout at {last}"
        );
    }
    timeouts
}

/// Nobody acts: the fallback player moves for each seat in turn, once per deadline, and the log
/// says so.
async fn fallback_moves_once_per_deadline(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 31, "turn_time_limit_ms": 300})).await;
    let view = app.view(&id, Some(&tokens[0])).await;
    let v = view["version"].as_u64().expect("version");
    assert_eq!(view["turn_time_limit_ms"], 300);
    let deadline = view["deadline_unix_ms"].as_u64().expect("a deadline");
    let now = now_ms();
    assert!(
        deadline > now.saturating_sub(1_000) && deadline <= now + 300,
        "deadline {deadline}, now {now}"
    );
    let seat = view["turn"].as_u64().expect("turn");
    // The first fallback move: after the limit, within a sweep or two.
    let after = wait_past(&app, &id, v, Duration::from_secs(5)).await;
    assert_eq!(after["version"], v + 1, "one move, not two");
    let log = app.log(&id).await;
    let timeouts = check_timeouts(&log, v + 1);
    assert!(!timeouts.is_empty());
    assert_eq!(timeouts[0]["seat"], seat);
    assert_eq!(timeouts[0]["deadline_unix_ms"], deadline);
    assert!(now_ms() >= deadline);
    // Let it run: every decision times out in turn, each once.
    let mut version = after["version"].as_u64().expect("version");
    for _ in 0..3 {
        let next = wait_past(&app, &id, version, Duration::from_secs(5)).await;
        version = next["version"].as_u64().expect("version");
    }
    let log = app.log(&id).await;
    let timeouts = check_timeouts(&log, v + 1);
    assert!(timeouts.len() >= 4, "{timeouts:?}");
    // Every move of the game was a fallback move: version = first + number of timeouts - 1.
    let now_version = app.version(&id).await;
    assert!(now_version >= v + timeouts.len() as u64);
}

/// A seat that acts before its deadline gets no fallback move; the next seat's deadline is
/// fresh, measured from the move.
async fn acting_in_time_resets_the_deadline(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(&app, json!({"seed": 32, "turn_time_limit_ms": 1500})).await;
    let mut rng = SmallRng::seed_from_u64(32);
    let mut previous = app.view(&id, None).await["deadline_unix_ms"]
        .as_u64()
        .expect("deadline");
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(700)).await;
        let spectator = app.view(&id, None).await;
        let seat = spectator["turn"].as_u64().expect("turn") as usize;
        let view = app.view(&id, Some(&tokens[seat])).await;
        let action = choose(&view, &mut rng);
        let before = now_ms();
        let res = app.act(&id, &tokens[seat], "actions", &action).await;
        let (after, _) = view_of(res).await;
        let deadline = after["deadline_unix_ms"].as_u64().expect("a new deadline");
        assert!(
            deadline >= before + 1500,
            "the new deadline counts from the move"
        );
        assert!(deadline > previous);
        previous = deadline;
    }
    // 2.8 s have passed, more than the limit, but nobody ran out of time.
    let log = app.log(&id).await;
    assert_eq!(
        log["timeouts"],
        json!([]),
        "no fallback move for seats that acted"
    );
    // Games without a clock have no deadline; impossible limits are refused.
    let plain = app.create_game(&json!({})).await;
    let view = app.view(&plain, None).await;
    assert!(view["deadline_unix_ms"].is_null());
    assert!(view["turn_time_limit_ms"].is_null());
    for bad in [0u64, 99, 86_400_001] {
        let res = app.create(&json!({"turn_time_limit_ms": bad})).await;
        assert_problem(res, 422, "invalid_turn_time_limit").await;
    }
    // A game that waits for players has no deadline yet.
    let waiting = app.create_game(&json!({"turn_time_limit_ms": 100})).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let view = app.view(&waiting, None).await;
    assert_eq!(view["version"], 1);
    assert!(view["deadline_unix_ms"].is_null());
}

/// The log's fallback move that made `version`, if any.
fn timeout_at(log: &Value, version: u64) -> Option<Value> {
    log["timeouts"]
        .as_array()
        .expect("timeouts")
        .iter()
        .find(|t| t["version"] == version)
        .cloned()
}

/// Bacon: a partner who does not answer a pick-up in time gets a fallback answer (`allow`,
/// `veto`, or after `pick_up_alone` also `veto_alone`), shown in the log at once; a taker who
/// does not take the upcard in time gets a fallback discard of its six, face up in the views at
/// once but left out of the log's timeouts until the hand is over; then the taker leads.
async fn bacon_answers_and_exchanges_time_out(store: Store) {
    let app = spawn_app(store).await;
    let (id, tokens) = started_game(
        &app,
        json!({"ruleset": {"preset": "bacon"}, "seed": 33, "turn_time_limit_ms": 300}),
    )
    .await;
    let mut answers = Vec::new();
    let mut view = app.view(&id, None).await;
    for attempt in 0.. {
        assert!(attempt < 8, "no pick-up stood: {answers:?}");
        assert_eq!(view["phase"], "auction");
        let caller = view["turn"].as_u64().expect("turn") as usize;
        let pick_up = if attempt == 0 {
            "pick_up_alone"
        } else {
            "pick_up"
        };
        let res = app
            .act(&id, &tokens[caller], "bid", &json!({"type": pick_up}))
            .await;
        let (after, _) = view_of(res).await;
        assert_eq!(after["turn"], (caller + 2) % 4, "the partner answers");
        let v = after["version"].as_u64().expect("version");
        // Nobody answers: the clock does, once.
        view = wait_past(&app, &id, v, Duration::from_secs(5)).await;
        assert_eq!(view["version"], v + 1);
        let t = timeout_at(&app.log(&id).await, v + 1).expect("a fallback answer");
        assert_eq!(t["seat"], (caller + 2) % 4);
        let answer = t["action"]["type"]
            .as_str()
            .expect("an answer, shown")
            .to_owned();
        let mut allowed = vec!["allow", "veto"];
        if pick_up == "pick_up_alone" {
            allowed.push("veto_alone");
        }
        assert!(allowed.contains(&answer.as_str()), "{t}");
        let call = view["upcard_calls"]
            .as_array()
            .expect("calls")
            .last()
            .cloned()
            .expect("the call");
        assert_eq!(call["seat"], caller);
        assert_eq!(call["answer"], answer.as_str());
        answers.push(answer.clone());
        if answer != "veto" {
            assert_eq!(view["phase"], "exchange");
            let taker = (caller + 1) % 4;
            assert_eq!(view["turn"], taker);
            // The taker does not take it in time either.
            let before = app.view(&id, Some(&tokens[taker])).await;
            let v = view["version"].as_u64().expect("version");
            view = wait_past(&app, &id, v, Duration::from_secs(5)).await;
            assert_eq!(view["version"], v + 1, "one move, not two");
            assert_eq!(view["phase"], "play");
            assert_eq!(view["upcard"]["fate"], "taken");
            assert_eq!(view["upcard"]["taken_by"], taker);
            let discard = view["upcard"]["discard"].clone();
            let six = before["legal_actions"].as_array().expect("legal");
            assert!(
                six.contains(&json!({"type": "take_upcard", "discard": discard})),
                "the fallback discards one of the six: {discard}"
            );
            assert_eq!(view["trick"]["leader"], Value::Null);
            assert_eq!(view["turn"], taker, "the taker leads");
            let t = timeout_at(&app.log(&id).await, v + 1).expect("a fallback exchange");
            assert_eq!(t["seat"], taker);
            assert_eq!(t["action_type"], "take_upcard");
            assert_eq!(
                t["action"],
                Value::Null,
                "the log holds the discard back until the hand is over"
            );
            let mine = app.view(&id, Some(&tokens[taker])).await;
            let hand = mine["hand"].as_array().expect("hand");
            assert_eq!(hand.len(), 5);
            assert!(!hand.contains(&discard));
            break;
        }
    }
}

both_stores!(
    fallback_moves_once_per_deadline,
    acting_in_time_resets_the_deadline,
    bacon_answers_and_exchanges_time_out
);

/// Three replicas on one Redis, each with its sweeper: still exactly one fallback move per
/// deadline, for every game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_replicas_move_once_per_deadline() {
    let redis = tokio::task::spawn_blocking(TestRedis::start)
        .await
        .expect("redis");
    let bases = spawn_replicas(3, &redis.url(), |_| {}).await;
    let app = TestApp::at(bases[0].clone(), None);
    let mut games = Vec::new();
    for seed in 0..6 {
        let (id, _) =
            started_game(&app, json!({"seed": 40 + seed, "turn_time_limit_ms": 200})).await;
        let v = app.version(&id).await;
        games.push((id, v));
    }
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let mut total = 0;
    for (id, v) in &games {
        let log = app.log(id).await;
        let timeouts = check_timeouts(&log, v + 1);
        assert!(
            timeouts.len() >= 4,
            "the clocks ran ({} fallback moves in 2.5 s at 200 ms)",
            timeouts.len()
        );
        total += timeouts.len();
        let view = TestApp::at(bases[2].clone(), None).view(id, None).await;
        assert!(view["version"].as_u64().expect("version") >= v + timeouts.len() as u64);
    }
    assert!(total >= 24);
    drop(redis);
}

/// A store that refuses the next write with a conflict, as if another request had won the race.
struct LosesNextWrite {
    inner: MemoryStore,
    lose: AtomicBool,
}

#[async_trait]
impl GameStore for LosesNextWrite {
    async fn write(&self, id: &str, w: Write<'_>) -> Result<(), StoreError> {
        if self.lose.swap(false, Ordering::SeqCst) {
            let current = self.inner.load(id).await?.map_or(0, |g| g.version);
            return Err(StoreError::Conflict {
                current: current + 1,
            });
        }
        self.inner.write(id, w).await
    }
    async fn load_log(&self, id: &str, from: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        self.inner.load_log(id, from).await
    }
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.load(id).await
    }
    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        self.inner.version(id).await
    }
    async fn load_with_idem(
        &self,
        id: &str,
        key: &str,
    ) -> Result<(Option<StoredGame>, Option<Vec<u8>>), StoreError> {
        self.inner.load_with_idem(id, key).await
    }
    fn watch(&self, id: &str) -> tokio::sync::watch::Receiver<u64> {
        self.inner.watch(id)
    }
    async fn schedule_deadline(&self, id: &str, at: u64) -> Result<(), StoreError> {
        self.inner.schedule_deadline(id, at).await
    }
    async fn cancel_deadline(&self, id: &str) -> Result<(), StoreError> {
        self.inner.cancel_deadline(id).await
    }
    async fn due_deadlines(&self, now: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.inner.due_deadlines(now, limit).await
    }
    async fn claim(&self, id: &str, owner: &str, ttl: Duration) -> Result<bool, StoreError> {
        self.inner.claim(id, owner, ttl).await
    }
    async fn release_claim(&self, id: &str, owner: &str) -> Result<bool, StoreError> {
        self.inner.release_claim(id, owner).await
    }
    async fn outbox_take(
        &self,
        now_ms: u64,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<hasenpfeffer::store::OutboxBatch>, StoreError> {
        self.inner.outbox_take(now_ms, lease_ms, limit).await
    }
    async fn outbox_ack(
        &self,
        owner: &str,
        done: &[Vec<u8>],
        lease_until_ms: u64,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        self.inner
            .outbox_ack(owner, done, lease_until_ms, now_ms)
            .await
    }
    async fn ping(&self) -> Result<(), StoreError> {
        self.inner.ping().await
    }
    fn backend(&self) -> &'static str {
        "memory"
    }
    fn config(&self) -> &StoreConfig {
        self.inner.config()
    }
}

/// A move that loses its compare-and-set must not take the game out of the deadline index
/// (the game still waits for that seat): at every decision of a whole game, including the last
/// one (which would end the game and clear the clock), a lost write leaves the game's deadline
/// in the index.
#[tokio::test]
async fn a_lost_write_keeps_the_deadline() {
    let store = Arc::new(LosesNextWrite {
        inner: MemoryStore::new(StoreConfig::default()),
        lose: AtomicBool::new(false),
    });
    let svc = GameService::new(store.clone(), Metrics::new(), 0);
    let created = svc
        .create(
            serde_json::from_value(json!({
                "seed": 33,
                "turn_time_limit_ms": 3_600_000,
                "ruleset": {"preset": "hasenpfeffer", "target_score": 1},
            }))
            .expect("request"),
        )
        .await
        .expect("created");
    let id = hasenpfeffer::api::extract::GameId::parse(&created.game_id).expect("an id");
    let mut tokens = Vec::new();
    for seat in 0..4 {
        let claimed = svc
            .claim_seat(
                &id,
                serde_json::from_value(json!({"seat": seat})).expect("claim"),
                None,
            )
            .await
            .expect("claimed");
        tokens.push(claimed.token);
    }
    let far = now_ms() + 10 * 3_600_000;
    let mut moves = 0;
    loop {
        let spectator = svc.view(&id, None).await.expect("view");
        let Some(seat) = spectator.decode().expect("a view").turn else {
            break;
        };
        let view = svc
            .view(&id, Some(&tokens[seat as usize]))
            .await
            .expect("view");
        let action: Action = view.decode().expect("a view").legal_actions[0].clone();
        let version = spectator.version;
        // The write loses: the game is unchanged, and its deadline still in the index.
        store.lose.store(true, Ordering::SeqCst);
        let lost = svc
            .act(ActRequest {
                id: &id,
                token: &tokens[seat as usize],
                action: action.clone(),
                if_match: Some(version),
                idempotency_key: None,
            })
            .await;
        assert!(lost.is_err(), "the write was refused");
        assert_eq!(svc.view(&id, None).await.expect("view").version, version);
        let due = store.due_deadlines(far, 1000).await.expect("index");
        assert!(
            due.contains(&id.to_string()),
            "move {moves}: a lost write took the game out of the deadline index"
        );
        // Now for real.
        svc.act(ActRequest {
            id: &id,
            token: &tokens[seat as usize],
            action,
            if_match: Some(version),
            idempotency_key: None,
        })
        .await
        .expect("applied");
        moves += 1;
    }
    assert!(moves > 10);
    let due = store.due_deadlines(far, 1000).await.expect("index");
    assert!(
        !due.contains(&id.to_string()),
        "a finished game leaves the index"
    );
}
