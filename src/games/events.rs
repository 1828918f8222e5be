//! What a game's change tells the world: the events a write records in the store's outbox with
//! the game, in the same atomic step (see [`store::outbox`](crate::store::outbox)), so they exist
//! exactly when the change does. The core only records them: who applies them (the platform's
//! worker) and what they mean to accounts, inboxes, ratings and matches is not the core's
//! business. A replica's writes with events ring its [`OutboxWake`], so the worker that waits on
//! it takes them at once.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::Seat;
use crate::error::Error;

/// An event a game's write records in its outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameEvent {
    /// Accounts took seats: at the game's creation (`via`: what its creator said of it, opaque
    /// to the core), or by a claim of the account itself (`via` none).
    Seated {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        via: Option<serde_json::Value>,
        seats: Vec<SeatNote>,
    },
    /// This write finished the game.
    Finished,
}

/// One seat of [`GameEvent::Seated`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatNote {
    pub seat: Seat,
    /// The account, as named when seated (a bot's, or a house account's).
    pub account: String,
    /// The seat's token, for an account the server seated (whoever applies the event tells it
    /// to its owner; it is never answered to anyone else).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl GameEvent {
    /// The event as the outbox stores it (JSON).
    pub fn encode(&self) -> Result<Vec<u8>, Error> {
        serde_json::to_vec(self).map_err(|_| Error::Internal)
    }
}

/// The encoded `events`, as a write takes them.
pub(crate) fn encode_events(events: &[GameEvent]) -> Result<Vec<Vec<u8>>, Error> {
    events.iter().map(GameEvent::encode).collect()
}

/// The wake-up of this replica's outbox worker: a write with events rings it.
#[derive(Clone, Default)]
pub struct OutboxWake(Arc<tokio::sync::Notify>);

impl OutboxWake {
    /// Wakes the worker (or its next wait, if it is busy).
    pub fn ring(&self) {
        self.0.notify_one();
    }

    /// Waits for a ring.
    pub async fn rung(&self) {
        self.0.notified().await;
    }
}

/// A set of games dealt the same deals, one play (seating) of a deal each: a duplicate match's.
/// The core keeps it with the game for whoever made it (stored under the names it always had).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    /// The set's id (a duplicate match's).
    #[serde(rename = "match_id")]
    pub id: String,
    /// The deal, from 0.
    pub deal: u32,
    /// The play of the deal (its seating), from 0.
    pub play: u32,
    /// The games of the deal's other plays. Until every one of them is over too, nothing of
    /// the deal leaves this game once it is over (its log, its last hand, its cards played):
    /// see `GameService::deal_in_play`. Empty in a game stored before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub siblings: Vec<String>,
}
