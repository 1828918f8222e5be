//! The settings of the push endpoints (event streams and long polls) and the signal that the
//! server is shutting down.

use std::time::Duration;

/// How often an idle stream sends a keep-alive comment (and re-reads the game, in case a
/// notification was lost while Redis was away) by default (`SSE_KEEP_ALIVE_MS`).
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Settings and signals of the push endpoints (event streams and long polls).
#[derive(Clone, Debug)]
pub struct Push {
    /// How often an idle event stream sends a keep-alive comment and re-reads its game.
    pub keep_alive: Duration,
    /// Turns true when the server starts shutting down (None: never).
    stopping: Option<tokio::sync::watch::Receiver<bool>>,
}

impl Push {
    /// Settings with `keep_alive`, and the sender that tells streams the server is stopping.
    pub fn new(keep_alive: Duration) -> (Push, tokio::sync::watch::Sender<bool>) {
        let (tx, stopping) = tokio::sync::watch::channel(false);
        (
            Push {
                keep_alive,
                stopping: Some(stopping),
            },
            tx,
        )
    }

    /// Completes once the server is shutting down (at once if it already is).
    pub async fn stopping(&self) {
        match &self.stopping {
            Some(rx) => {
                // An error means the sender is gone: so is the server.
                let _ = rx.clone().wait_for(|stopping| *stopping).await;
            }
            None => std::future::pending().await,
        }
    }
}

impl Default for Push {
    /// The default keep-alive, never stopping (for services built without a server).
    fn default() -> Push {
        Push {
            keep_alive: KEEP_ALIVE,
            stopping: None,
        }
    }
}
