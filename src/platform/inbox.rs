//! Bots' inboxes: the events a bot account is told of (a seat it was given, with the seat's
//! token; a game of its that ended; a match of its that finished), appended to the account's
//! inbox in the store ([`GameStore::append_inbox`](crate::store::GameStore::append_inbox)) and
//! read by the bot with its key (`GET /v1/bots/me/events`).
//!
//! An entry is stored as the event's JSON, exactly as it is sent (the wire's compatibility
//! rules are the store's: fields are only ever added), and sent with its id spliced in front
//! ([`entry_json`]), so a replica sends an entry as written even if a newer replica wrote an
//! event it does not know.
//!
//! Who is told what:
//! - `seated`: a bot that claims a seat with its key (`via: claim`), and every bot seated by
//!   [`GameService::create_seated`] (its only way to learn the seat's token).
//! - `game_over`: every bot account seated in a game, when it ends: announced by the replica
//!   whose write finished the game (the compare-and-set makes that one write), with a once key
//!   per game, so that the sweeper's retry of a finished game whose announcement (or rating)
//!   failed tells each bot once.
//! - `match_finished`: announced by the matches when a match ends.
//! - `arena_started`, `arena_finished`: announced by the arenas to the bots that joined.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::env::Platform;
use super::ratings::side_places;
use super::wire::{Challenge, RatingChange};
use crate::engine::{Outcome, Ruleset, Seat};
use crate::error::Error;
use crate::games::GameRecord;
use crate::games::fold;
use crate::games::now_ms;
use crate::store::{InboxEntry, InboxPage};

/// How a bot came to its seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Via {
    /// The bot claimed it (`POST /v1/games/{id}/seats` with its key).
    Claim,
    /// Matchmaking formed the table from the queue.
    Queue {
        /// The bot's ticket in the queue.
        ticket: String,
    },
    /// A game of a duplicate match.
    Match {
        /// The match.
        match_id: String,
        /// The deal (from 0).
        deal: u32,
        /// Which play of the deal (from 0: with the seats rotated from one play to the next).
        play: u32,
    },
    /// A challenge the bot made or accepted (`POST /v1/challenges`).
    Challenge {
        /// The challenge.
        challenge_id: String,
        /// Whether the game is rated.
        rated: bool,
    },
    /// An arena the bot joined (`POST /v1/arenas/{id}/join`) seated it.
    Arena {
        /// The arena (`GET /v1/arenas/{id}`).
        arena_id: String,
        /// The round (from 1; a continuous arena's: its pairing).
        round: u32,
        /// A duplicate arena's deal of the round (from 0); 0 in a continuous arena.
        deal: u32,
        /// Whether the game is rated.
        rated: bool,
    },
}

/// How a game ended for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatOutcome {
    /// The seat's side won (alone, or with other sides in Five Hundred's shared wins).
    Won,
    /// Another side won.
    Lost,
    /// The highest score was shared, and the seat's side holds it.
    Draw,
}

/// One event of a bot's inbox.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum InboxEvent {
    /// The bot has a seat: play it with `token` (`Authorization: Bearer <token>`).
    Seated {
        /// The game.
        game_id: String,
        /// The bot's seat.
        #[schema(value_type = u8)]
        seat: Seat,
        /// The seat's bearer token (only in this bot's inbox; the server keeps its hash in
        /// the game).
        token: String,
        /// The game's preset (the key of its leaderboard).
        preset: crate::engine::Preset,
        /// The game's ruleset, every option resolved.
        #[serde(with = "crate::engine::shown_ruleset")]
        #[schema(value_type = crate::engine::ShownRuleset)]
        ruleset: Ruleset,
        /// How the bot came to the seat.
        via: Via,
    },
    /// A game the bot sat in is over.
    GameOver {
        /// The game (its log: `GET /v1/games/{id}/log`).
        game_id: String,
        /// The bot's seat.
        #[schema(value_type = u8)]
        seat: Seat,
        /// How it ended for the bot's side.
        outcome: SeatOutcome,
        /// The final scores, by side (as in the game's views).
        scores: Vec<i32>,
        /// The seat that forfeited the game (its clock ran out 3 turns in a row), if one did:
        /// the game ended there, lost for its side.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = u8, required = false)]
        forfeit: Option<Seat>,
        /// What the game did to the bot's rating, if it was rated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(nullable = false)]
        rating: Option<RatingChange>,
    },
    /// A duplicate match the bot played is finished (its result: `GET /v1/matches/{id}`).
    MatchFinished {
        /// The match.
        match_id: String,
    },
    /// Another bot challenges this one: accept (`POST /v1/challenges/{id}/accept`) or
    /// decline (`POST /v1/challenges/{id}/decline`) before it expires.
    Challenge {
        /// The challenge.
        challenge: Challenge,
    },
    /// The bot's challenge was accepted: its game's seat comes as `seated` (or its match's).
    ChallengeAccepted {
        /// The challenge.
        challenge: Challenge,
    },
    /// The bot's challenge was declined (`decline_reason` says why).
    ChallengeDeclined {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge to this bot was withdrawn by its challenger.
    ChallengeCanceled {
        /// The challenge.
        challenge: Challenge,
    },
    /// An arena the bot joined has started: its seats come as `seated` (`via: arena`).
    ArenaStarted {
        /// The arena (`GET /v1/arenas/{id}`).
        arena_id: String,
        /// Its name.
        name: String,
    },
    /// An arena the bot played in is over: its standings are final.
    ArenaFinished {
        /// The arena (`GET /v1/arenas/{id}`).
        arena_id: String,
        /// The bot's place, from 1.
        rank: u32,
        /// The bot's score (as the standings show it).
        score: f64,
    },
}

/// An inbox entry as it is sent: its id and the event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct InboxItem {
    /// The entry's id: greater than every earlier entry's. Resume after it (`Last-Event-ID`
    /// or `after`).
    pub id: u64,
    /// The event.
    #[serde(flatten)]
    pub event: InboxEvent,
}

impl InboxItem {
    /// A real entry, as the schema's example: a `seated` of a `hasenpfeffer` game.
    pub fn example() -> InboxItem {
        let ruleset = crate::engine::Preset::Hasenpfeffer.rules();
        InboxItem {
            id: 1_764_115_200_000,
            event: InboxEvent::Seated {
                game_id: "k3x9p2m7q4w8z5ab".into(),
                seat: 2,
                token: "hp_9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0".into(),
                preset: ruleset.preset,
                ruleset,
                via: Via::Claim,
            },
        }
    }
}

/// The JSON of an entry as it is sent: `{"id":<id>,` then the stored event's fields (the stored
/// event is a JSON object). None for an entry that is not one (logged: a damaged entry).
pub fn entry_json(entry: &InboxEntry) -> Option<Vec<u8>> {
    let body = entry.data.strip_prefix(b"{")?;
    if !entry.data.ends_with(b"}") {
        return None;
    }
    let id = entry.id.to_string();
    let mut out = Vec::with_capacity(entry.data.len() + id.len() + 8);
    out.extend_from_slice(b"{\"id\":");
    out.extend_from_slice(id.as_bytes());
    if body != b"}" {
        out.push(b',');
    }
    out.extend_from_slice(body);
    Some(out)
}

/// How game `record` ended for `seat` (the game is over).
pub(super) fn seat_outcome(record: &GameRecord, seat: Seat) -> SeatOutcome {
    let side = record.game.rules().sides().of(seat) as usize;
    let places = side_places(record);
    let shared = places.iter().filter(|&&p| p == 1).count() > 1;
    match (places.get(side), record.game.outcome()) {
        (Some(1), Some(Outcome::Draw)) => SeatOutcome::Draw,
        (Some(1), _) if record.forfeit.is_some() && shared => SeatOutcome::Draw,
        (Some(1), _) => SeatOutcome::Won,
        _ => SeatOutcome::Lost,
    }
}

impl Platform {
    /// Appends `event` to bot `account`'s inbox (the name as registered, any case) and answers
    /// its id. One store round trip.
    pub async fn announce(&self, account: &str, event: &InboxEvent) -> Result<u64, Error> {
        self.announce_once(account, event, None).await
    }

    /// [`announce`](Self::announce), once per `once` key: an event announced again with the
    /// same key (while the inbox keeps the first) is not appended again.
    pub(super) async fn announce_once(
        &self,
        account: &str,
        event: &InboxEvent,
        once: Option<&str>,
    ) -> Result<u64, Error> {
        let data = serde_json::to_vec(event).map_err(|_| Error::Internal)?;
        let id = self
            .store()
            .append_inbox(&fold(account), &data, once, now_ms())
            .await?;
        Ok(id)
    }

    /// Tells every bot account seated in finished game `id` (`record`) how it ended, once per
    /// game and bot. House seats are not told (nobody reads their inboxes). Every bot is tried;
    /// the first failure is answered.
    pub(super) async fn announce_game_over(
        &self,
        id: &str,
        record: &GameRecord,
        changes: &[(String, RatingChange)],
    ) -> Result<(), Error> {
        let scores: Vec<i32> = record.game.scores().sides().map(|(_, s)| *s).collect();
        let once = format!("game_over:{id}");
        let mut told = Ok(());
        for (seat, s) in record.seats.iter().enumerate() {
            let Some(account) = s.account.as_deref().filter(|_| s.bot().is_none()) else {
                continue;
            };
            let event = InboxEvent::GameOver {
                game_id: id.to_owned(),
                seat: seat as Seat,
                outcome: seat_outcome(record, seat as Seat),
                scores: scores.clone(),
                forfeit: record.forfeit,
                rating: changes
                    .iter()
                    .find(|(k, _)| *k == fold(account))
                    .map(|(_, c)| c.clone()),
            };
            if let Err(e) = self.announce_once(account, &event, Some(&once)).await {
                tracing::warn!(game_id = %id, error = %e, "a bot was not told its game is over");
                told = told.and(Err(e));
            }
        }
        told
    }

    /// The entries of bot `account`'s inbox after `after`, at most `limit`. A read renews the
    /// bot's places in the matchmaking queues: a bot that listens keeps them.
    pub async fn inbox(&self, account: &str, after: u64, limit: usize) -> Result<InboxPage, Error> {
        self.renew_queue_leases(account).await;
        Ok(self
            .store()
            .read_inbox(&fold(account), after, limit)
            .await?)
    }

    /// A receiver of bot `account`'s inbox's last id (see
    /// [`GameStore::watch_inbox`](crate::store::GameStore::watch_inbox)).
    pub fn watch_inbox(&self, account: &str) -> tokio::sync::watch::Receiver<u64> {
        self.store().watch_inbox(&fold(account))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_tagged_snake_case_and_entries_carry_their_id() {
        let event = InboxEvent::Seated {
            game_id: "g".into(),
            seat: 2,
            token: "hp_x".into(),
            preset: crate::engine::Preset::default(),
            ruleset: crate::engine::RulesetSpec::default().build().unwrap(),
            via: Via::Match {
                match_id: "m".into(),
                deal: 3,
                play: 1,
            },
        };
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!(json["type"], "seated");
        assert_eq!(
            json["via"],
            serde_json::json!({"type": "match", "match_id": "m", "deal": 3, "play": 1})
        );
        let entry = InboxEntry {
            id: 17,
            data: serde_json::to_vec(&event).unwrap(),
        };
        let item: InboxItem = serde_json::from_slice(&entry_json(&entry).unwrap()).unwrap();
        assert_eq!(item.id, 17);
        assert_eq!(item.event, event);
        let over = serde_json::to_value(InboxEvent::GameOver {
            game_id: "g".into(),
            seat: 0,
            outcome: SeatOutcome::Draw,
            scores: vec![1, 2],
            forfeit: None,
            rating: None,
        })
        .unwrap();
        assert_eq!(over["type"], "game_over");
        assert_eq!(over["outcome"], "draw");
        let done = serde_json::to_vec(&InboxEvent::MatchFinished {
            match_id: "m".into(),
        })
        .unwrap();
        assert_eq!(done, br#"{"type":"match_finished","match_id":"m"}"#);
        assert_eq!(
            entry_json(&InboxEntry {
                id: 5,
                data: b"{}".to_vec()
            })
            .unwrap(),
            br#"{"id":5}"#
        );
        assert_eq!(
            entry_json(&InboxEntry {
                id: 5,
                data: b"[1]".to_vec()
            }),
            None
        );
    }
}
