//! Hasenpfeffer: a game server for the Hasenpfeffer family of card games.

pub mod engine;
pub mod store;
