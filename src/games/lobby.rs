//! The lobby: what the listing index holds of a game (written with every change, see
//! `update` and `games`), and a page of it.
//!
//! A game's item is the [`LobbyGame`] of its public facts (seats, version, hand number, scores;
//! never a card or a token), stored as JSON in the store's listing index beside the game's
//! listing (open, live or finished) and group (its preset). The creation time is the index's
//! own (the time the game was first listed: its creation), filled in when a page is read.

use super::record::GameRecord;
use super::service::GameService;
use super::wire::{LobbyGame, LobbyPage, LobbyStatus};
use crate::engine::Preset;
use crate::error::{Code, Error};
use crate::store::{ListCursor, ListQuery, ListStatus, Listing};

/// The default number of games of a page.
pub const DEFAULT_LOBBY_LIMIT: usize = 20;
/// The most games of a page.
pub const MAX_LOBBY_LIMIT: usize = 100;

/// A game's listing and item, to write with the game at `version` (see [`Listing`]).
pub(super) struct LobbyEntry {
    status: ListStatus,
    preset: Preset,
    item: Vec<u8>,
    now_ms: u64,
}

impl LobbyEntry {
    /// The listing of `record` at `version`, written at `now_ms`.
    pub(super) fn of(
        id: &str,
        record: &GameRecord,
        version: u64,
        now_ms: u64,
    ) -> Result<Self, Error> {
        let game = &record.game;
        let status = if record.over() {
            LobbyStatus::Finished
        } else if record.started() {
            LobbyStatus::Live
        } else {
            LobbyStatus::Open
        };
        let rules = game.rules();
        let item = LobbyGame {
            game_id: id.to_owned(),
            preset: rules.preset,
            players: rules.players,
            status,
            seats: record
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| s.info(i as u8))
                .collect(),
            free_seats: record
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| !s.filled())
                .map(|(i, _)| i as u8)
                .collect(),
            version,
            created_unix_ms: 0,
            updated_unix_ms: now_ms,
            hand_number: game.hand_number(),
            scores: game.scores().sides().map(|(_, s)| *s).collect(),
            target_score: rules.target_score,
            turn_time_limit_ms: record.turn_time_limit_ms,
            deal: record.deal,
        };
        Ok(Self {
            status: match status {
                LobbyStatus::Open => ListStatus::Open,
                LobbyStatus::Live => ListStatus::Live,
                LobbyStatus::Finished => ListStatus::Finished,
            },
            preset: rules.preset,
            item: serde_json::to_vec(&item).map_err(|_| Error::Internal)?,
            now_ms,
        })
    }

    /// The store's listing.
    pub(super) fn listing(&self) -> Listing<'_> {
        Listing {
            status: self.status,
            group: self.preset.name(),
            item: &self.item,
            now_unix_ms: self.now_ms,
        }
    }
}

/// A page cursor as clients see it: `<listed ms>.<id>`, opaque to them (they pass it back as
/// it is). Every string of the form the OpenAPI document gives (`^[0-9]{1,15}\.[A-Za-z0-9_-]{1,64}$`)
/// is taken: the page after that place (empty if nothing is listed after it).
pub fn encode_cursor(c: &ListCursor) -> String {
    format!("{}.{}", c.listed_ms, c.id)
}

/// The longest cursor taken.
const MAX_CURSOR_LEN: usize = 15 + 1 + 64;

pub fn decode_cursor(cursor: &str) -> Result<ListCursor, Error> {
    let invalid = || {
        Error::bad_request(
            Code::InvalidCursor,
            "invalid cursor: pass the `next_cursor` of the previous page as it is",
        )
    };
    if cursor.len() > MAX_CURSOR_LEN {
        return Err(invalid());
    }
    let (ms, id) = cursor.split_once('.').ok_or_else(invalid)?;
    if ms.is_empty() || ms.len() > 15 || !ms.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    let listed_ms = ms.parse().map_err(|_| invalid())?;
    let valid_id = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !valid_id {
        return Err(invalid());
    }
    Ok(ListCursor {
        listed_ms,
        id: id.to_owned(),
    })
}

/// What a page asks for (checked by the handler: `limit` in 1 to [`MAX_LOBBY_LIMIT`]).
pub struct LobbyQuery<'a> {
    /// The listing.
    pub status: LobbyStatus,
    /// Only this preset's games.
    pub preset: Option<Preset>,
    /// The previous page's `next_cursor`.
    pub cursor: Option<&'a str>,
    /// At most this many games.
    pub limit: usize,
}

impl GameService {
    /// A page of the lobby: one store round trip.
    pub async fn lobby(&self, q: LobbyQuery<'_>) -> Result<LobbyPage, Error> {
        let after = q.cursor.map(decode_cursor).transpose()?;
        let page = self
            .store
            .list(ListQuery {
                status: match q.status {
                    LobbyStatus::Open => ListStatus::Open,
                    LobbyStatus::Live => ListStatus::Live,
                    LobbyStatus::Finished => ListStatus::Finished,
                },
                group: q.preset.map(Preset::name),
                after: after.as_ref(),
                limit: q.limit.clamp(1, MAX_LOBBY_LIMIT),
                now_unix_ms: super::deadlines::now_ms(),
            })
            .await?;
        let mut games = Vec::with_capacity(page.games.len());
        for listed in page.games {
            let Ok(mut game) = serde_json::from_slice::<LobbyGame>(&listed.item) else {
                tracing::warn!(game_id = %listed.id, "unreadable lobby entry left out");
                continue;
            };
            game.created_unix_ms = listed.listed_ms;
            games.push(game);
        }
        Ok(LobbyPage {
            games,
            next_cursor: page.next.as_ref().map(encode_cursor),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_garbage() {
        let c = ListCursor {
            listed_ms: 1_764_115_200_000,
            id: "k3x9p2m7q4w8z5ab".into(),
        };
        assert_eq!(decode_cursor(&encode_cursor(&c)).unwrap(), c);
        for bad in [
            "",
            "zz",
            "12.",
            ".abc",
            "x.abc",
            "1.a b",
            "+1.abc",
            "1234567890123456.abc",
            "1.abc.d",
        ] {
            assert!(decode_cursor(bad).is_err(), "{bad:?}");
        }
    }
}
