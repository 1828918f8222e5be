//! Hasenpfeffer: a game server for the Hasenpfeffer family of card games.

pub mod store;
