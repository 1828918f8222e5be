//! The server: the store, the service, the clock sweeper and the HTTP workers, built from a
//! [`Config`].

use std::net::TcpListener;

use actix_web::HttpServer;
use actix_web::dev::{Server, ServerHandle};

use crate::api;
use crate::config::Config;
use crate::games::{GameService, Push};
use crate::metrics::Metrics;
use crate::platform::Platform;
use crate::store::{self, StoreConfig, connect_from_url};

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
            max_games: config.memory_max_games,
            archive_ttl: std::time::Duration::from_secs(u64::from(config.archive_days) * 86_400),
        };
        for note in &config.deprecations {
            tracing::warn!("{note}");
        }
        let store = connect_from_url(config.redis_url.as_deref(), store_config).await?;
        let backend = store.backend();
        let (push, stopping) = Push::new(config.sse_keep_alive);
        let service = GameService::new(store, Metrics::new(), config.cached_games)
            .with_push(push)
            .with_house_budgets(config.house);
        let platform = Platform::new(service.clone())
            .with_queue_lease(config.queue_lease)
            .with_matches_per_hour(config.matches_per_hour)
            .with_challenges_per_hour(config.challenges_per_hour)
            .with_running_matches(config.matches_running_per_bot, config.matches_running)
            .with_arena_bounds(config.arenas_per_bot, config.arenas_active);
        let replica = format!(
            "{}-{}",
            std::process::id(),
            crate::games::new_token().get(3..15).unwrap_or("0")
        );
        tokio::spawn(api::clock::run(service, replica));
        tokio::spawn(crate::platform::run_queue_sweeper(platform.clone()));
        tokio::spawn(crate::platform::run_outbox(platform.clone()));
        tokio::spawn(crate::platform::run_arenas(
            platform.clone(),
            config.arenas.clone(),
        ));
        let listener = TcpListener::bind((config.bind_addr.as_str(), config.port))?;
        let port = listener.local_addr()?.port();
        let body_limit = api::routes::BodyLimit {
            bytes: config.max_body_bytes,
            read_timeout: config.body_read_timeout,
        };
        let rate_limit = api::ratelimit::RateLimit::new(
            config.rate_limit_per_sec,
            config.rate_limit_burst,
            config.trusted_proxy_hops,
        );
        let registration_limit = api::ratelimit::RegistrationLimit::new(
            config.bot_registrations_per_hour,
            config.trusted_proxy_hops,
        );
        let streams = api::streams::StreamLimit::new(
            config.streams_per_client,
            config.streams_per_bot,
            config.trusted_proxy_hops,
        );
        let mut server = HttpServer::new(move || {
            // Runs on each worker's thread: its Redis connection is driven there too.
            api::app(
                platform.for_this_thread(),
                body_limit,
                rate_limit.clone(),
                registration_limit.clone(),
                streams.clone(),
            )
        })
        .listen(listener)?
        .keep_alive(config.http_keep_alive)
        // A client that closes its side of the connection has gone: the handler's future is
        // dropped, so that work nobody waits for (house players thinking for it) stops.
        .h1_allow_half_closed(false)
        .shutdown_timeout(config.shutdown_timeout.as_secs())
        .disable_signals();
        if let Some(w) = config.workers {
            server = server.workers(w);
        }
        let server = server.run();
        tokio::spawn(stop_on_signal(server.handle(), stopping));
        Ok(Application {
            port,
            server,
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

    /// Runs until the server is stopped (SIGTERM or SIGINT: see [`stop_on_signal`]).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// On SIGTERM or SIGINT: ends the event streams and long polls (clients reconnect elsewhere with
/// `Last-Event-ID`), stops accepting connections, and lets in-flight requests finish within
/// `SHUTDOWN_TIMEOUT_SECS`. Without the first step an open event stream would hold the drain
/// for the whole timeout. A second signal stops at once.
async fn stop_on_signal(server: ServerHandle, stopping: tokio::sync::watch::Sender<bool>) {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        tracing::error!("cannot listen for SIGTERM and SIGINT; stop the server with SIGKILL");
        // Keep `stopping` alive: dropping it would read as "stopping" to every stream.
        std::future::pending::<()>().await;
        return;
    };
    let name = tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    };
    tracing::info!(
        signal = name,
        "shutting down: ending event streams, draining requests"
    );
    stopping.send_replace(true);
    tokio::select! {
        () = server.stop(true) => {}
        _ = term.recv() => forced(&server).await,
        _ = int.recv() => forced(&server).await,
    }
}

/// A second signal during the drain: stop without waiting for requests in flight.
async fn forced(server: &ServerHandle) {
    tracing::warn!("a second signal: stopping without waiting for requests in flight");
    server.stop(false).await;
}
