//! Hasenpfeffer: a game server for the Hasenpfeffer family of card games.
//!
//! - [`engine`]: the pure rules engine.
//! - [`bots`]: house players, over the engine only.
//! - [`store`]: where games live (Redis, Redis Cluster, or in memory).
//! - [`api`]: the HTTP/JSON API over all three.
//!
//! [`Application::build`] starts the server on a configured port (0 for a free one), so tests
//! can run it in process.

pub mod api;
pub mod bots;
pub mod config;
pub mod engine;
pub mod metrics;
pub mod store;
pub mod telemetry;

use std::net::TcpListener;

use actix_web::HttpServer;
use actix_web::dev::Server;

use crate::api::service::GameService;
use crate::config::Config;
use crate::metrics::Metrics;
use crate::store::{StoreConfig, connect_from_url};

/// A built server, bound and ready to run.
pub struct Application {
    port: u16,
    server: Server,
    backend: &'static str,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The store could not be set up.
    #[error("store: {0}")]
    Store(#[from] store::StoreError),
    /// The port could not be bound.
    #[error("bind: {0}")]
    Io(#[from] std::io::Error),
}

impl Application {
    /// Connects the store, binds the port and builds the server.
    pub async fn build(config: Config) -> Result<Application, StartError> {
        let store_config = StoreConfig {
            game_ttl: config.game_ttl,
            finished_ttl: config.finished_game_ttl,
            key_prefix: config.key_prefix.clone(),
            op_timeout: config.store_timeout,
        };
        let store = connect_from_url(config.redis_url.as_deref(), store_config).await?;
        let backend = store.backend();
        let service = GameService::new(store, Metrics::new(), config.cached_games);
        let replica = format!(
            "{}-{}",
            std::process::id(),
            api::auth::new_token().get(3..15).unwrap_or("0")
        );
        tokio::spawn(api::clock::run(service.clone(), replica));
        let listener = TcpListener::bind((config.bind_addr.as_str(), config.port))?;
        let port = listener.local_addr()?.port();
        let body_limit = config.max_body_bytes;
        let rate_limit = api::ratelimit::RateLimit::new(
            config.rate_limit_per_sec,
            config.rate_limit_burst,
            config.trust_forwarded_for,
        );
        let mut server = HttpServer::new(move || {
            // Runs on each worker's thread: its Redis connection is driven there too.
            api::app(service.for_this_thread(), body_limit, rate_limit.clone())
        })
        .listen(listener)?
        .shutdown_timeout(config.shutdown_timeout.as_secs());
        if let Some(w) = config.workers {
            server = server.workers(w);
        }
        Ok(Application {
            port,
            server: server.run(),
            backend,
        })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The store backend in use.
    pub fn backend(&self) -> &'static str {
        self.backend
    }

    /// Runs until the server is stopped (SIGTERM or SIGINT drain in-flight requests first).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}
