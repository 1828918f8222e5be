//! Prometheus metrics: requests by route and status with latency histograms, games created,
//! finished and rated, bots registered, actions applied and rejected.

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, Opts, Registry, TextEncoder,
};

/// The server's metrics, registered in their own registry.
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    /// Requests by route template, method and status.
    pub http_requests: IntCounterVec,
    /// Request latency by route template and method.
    pub http_duration: HistogramVec,
    /// Games created.
    pub games_created: IntCounter,
    /// Games finished.
    pub games_finished: IntCounter,
    /// Games rated (each once, by the replica whose rating took).
    pub games_rated: IntCounter,
    /// Bot accounts registered.
    pub bots_registered: IntCounter,
    /// Joins of a matchmaking queue (renewals by posting again included).
    pub queue_joins: IntCounter,
    /// Tables formed by matchmaking.
    pub queue_tables: IntCounter,
    /// Actions by outcome (`applied`, `rejected`, `conflict`) and by who acted (`client`, `bot`).
    pub actions: IntCounterVec,
    /// `actions{outcome="applied", actor="client"}`, resolved once (it counts every move).
    pub applied_by_client: IntCounter,
    /// `actions{outcome="applied", actor="bot"}`, resolved once.
    pub applied_by_bot: IntCounter,
    /// How long an expert house player (`expert`, `expert_v1`) thought over a decision with a
    /// choice, by strategy and lane (`interactive`: a client waits at the table; `background`).
    pub house_decision: HistogramVec,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// Creates and registers every metric.
    pub fn new() -> Metrics {
        let registry = Registry::new_custom(Some("hasenpfeffer".into()), None)
            .expect("a valid metrics prefix");
        let http_requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests by route, method and status",
            ),
            &["route", "method", "status"],
        )
        .expect("valid metric");
        let http_duration = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency by route and method",
            )
            .buckets(vec![
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
            ]),
            &["route", "method"],
        )
        .expect("valid metric");
        let games_created =
            IntCounter::new("games_created_total", "Games created").expect("valid metric");
        let games_finished = IntCounter::new("games_finished_total", "Games played to the end")
            .expect("valid metric");
        let games_rated =
            IntCounter::new("games_rated_total", "Games rated (each once)").expect("valid metric");
        let bots_registered = IntCounter::new("bots_registered_total", "Bot accounts registered")
            .expect("valid metric");
        let queue_joins =
            IntCounter::new("queue_joins_total", "Matchmaking queue joins").expect("valid metric");
        let queue_tables = IntCounter::new("queue_tables_total", "Tables formed by matchmaking")
            .expect("valid metric");
        let actions = IntCounterVec::new(
            Opts::new("actions_total", "Game actions by outcome and actor"),
            &["outcome", "actor"],
        )
        .expect("valid metric");
        let house_decision = HistogramVec::new(
            HistogramOpts::new(
                "house_decision_seconds",
                "How long an expert house player thought over a decision with a choice",
            )
            .buckets(vec![
                0.001, 0.0025, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.25, 0.5, 1.0,
            ]),
            &["strategy", "lane"],
        )
        .expect("valid metric");
        for c in [
            Box::new(http_requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(http_duration.clone()),
            Box::new(games_created.clone()),
            Box::new(games_finished.clone()),
            Box::new(games_rated.clone()),
            Box::new(bots_registered.clone()),
            Box::new(queue_joins.clone()),
            Box::new(queue_tables.clone()),
            Box::new(actions.clone()),
            Box::new(house_decision.clone()),
        ] {
            registry.register(c).expect("metric registered once");
        }
        Metrics {
            registry,
            http_requests,
            http_duration,
            games_created,
            games_finished,
            games_rated,
            bots_registered,
            queue_joins,
            queue_tables,
            applied_by_client: actions.with_label_values(&["applied", "client"]),
            applied_by_bot: actions.with_label_values(&["applied", "bot"]),
            actions,
            house_decision,
        }
    }

    /// The Prometheus text exposition of every metric.
    pub fn render(&self) -> String {
        let mut buf = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buf);
        String::from_utf8(buf).unwrap_or_default()
    }
}
