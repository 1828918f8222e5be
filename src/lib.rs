//! Hasenpfeffer: a game server for the Hasenpfeffer family of card games.
//!
//! - [`engine`]: the pure rules engine.
//! - [`bots`]: house players, over the engine only.
//! - [`store`]: where games live (Redis, Redis Cluster, or in memory).
//! - [`api`]: the HTTP/JSON API over all three.
//!
//! [`Application::build`] starts the server on a configured port (0 for a free one), so tests
//! can run it in process.

#[cfg(feature = "server")]
pub mod api;
pub mod bots;
#[cfg(feature = "server")]
pub mod config;
pub mod engine;
#[cfg(feature = "server")]
pub mod error;
#[cfg(feature = "server")]
pub mod games;
#[cfg(feature = "server")]
pub mod metrics;
#[cfg(feature = "server")]
pub mod platform;
#[cfg(feature = "server")]
pub mod store;
#[cfg(feature = "server")]
pub mod telemetry;

#[cfg(feature = "server")]
mod server;
#[cfg(feature = "server")]
pub use server::{Application, StartError};
