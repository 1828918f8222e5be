//! The stored game: its seats, its log entries, the engine state and the turn clock, and what
//! the service asks of it (whose token is whose seat, a seat's action, a seat's view). How it
//! is stored is in `codec`, the house players' steps in `house`, its deadlines in `deadlines`.

use serde::{Deserialize, Serialize};

use super::tokens::TokenHash;
use super::wire::{
    DealOrigin, GameStatus, GameView, LastHandMemo, SeatInfo, SeatKind, SeatSpec, TimeoutRecord,
};
use crate::bots::Strategy;
use crate::engine::{Action, Game, HandRecord, Seat, Viewer};
use crate::error::Error;

/// One seat of a stored game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Open for a client, or a house player.
    pub spec: SeatSpec,
    /// The display name.
    #[serde(default)]
    pub name: Option<String>,
    /// SHA-256 of the seat's token, once claimed.
    #[serde(default)]
    pub token_hash: Option<String>,
    /// The bot account that claimed the seat (its name as registered), if one did.
    #[serde(default)]
    pub account: Option<String>,
}

impl SeatRecord {
    /// The seat as every listing shows it (views, the create answer, the lobby).
    pub(super) fn info(&self, seat: Seat) -> SeatInfo {
        SeatInfo {
            seat,
            kind: match self.spec {
                SeatSpec::Open => SeatKind::Open,
                SeatSpec::Bot { .. } => SeatKind::Bot,
            },
            strategy: self.bot(),
            claimed: self.filled(),
            guest: self.spec == SeatSpec::Open && self.filled() && self.account.is_none(),
            name: self.name.clone(),
            account: self.account_name(),
        }
    }

    /// The account that plays the seat: the bot account that claimed it, or a house
    /// player's (`house-<strategy>`); None for a seat claimed without an account, or open.
    pub fn account_name(&self) -> Option<String> {
        match self.bot() {
            Some(strategy) => Some(super::names::house_name(strategy)),
            None => self.account.clone(),
        }
    }

    pub fn bot(&self) -> Option<Strategy> {
        match self.spec {
            SeatSpec::Bot { strategy } => Some(strategy),
            SeatSpec::Open => None,
        }
    }

    pub fn filled(&self) -> bool {
        self.bot().is_some() || self.token_hash.is_some()
    }
}

/// One entry of a game's log (kept beside the game in the store, appended with the write that
/// produced it).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum LogEntry {
    /// A finished hand, hidden cards included.
    Hand(Box<HandRecord>),
    /// A move the server made for a seat whose turn clock ran out.
    Timeout(TimeoutRecord),
}

/// Everything stored for one game (the log lives beside it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    pub(super) format: u32,
    /// The engine state.
    pub game: Game,
    /// The seats.
    pub seats: Vec<SeatRecord>,
    /// The time limit per decision, if the game has turn clocks.
    #[serde(default)]
    pub turn_time_limit_ms: Option<u64>,
    /// When the seat to act runs out of time (ms since the epoch).
    #[serde(default)]
    pub deadline_ms: Option<u64>,
    /// How the deals were made. A record stored before this was kept reads as `unknown`
    /// (it may have had a seed), so it is never taken for a random deal.
    #[serde(default)]
    pub deal: DealOrigin,
    /// The set of games dealt the same deals that this game is a play of (a duplicate
    /// match's), if any (stored under its old name).
    #[serde(default, rename = "match_link")]
    pub series: Option<super::events::Series>,
    /// Log entries produced by the change in progress, written with it.
    #[serde(skip)]
    pub(super) pending_log: Vec<LogEntry>,
    /// Events of the change in progress, recorded in the outbox with its write (see
    /// `effects`).
    #[serde(skip)]
    pub(super) pending_events: Vec<super::events::GameEvent>,
    /// The JSON of the last hand as views write it, kept with the record in memory (never
    /// stored) while the last hand stays the same.
    #[serde(skip)]
    pub(super) last_hand_json: LastHandMemo,
    /// Whether the game is rated: said by whoever created it (the platform, of the games it
    /// forms for rated play); the core keeps it and shows it, and does nothing else with it.
    /// Stored last (a record stored before it reads as not rated).
    #[serde(default)]
    pub rated: bool,
    /// The seat that forfeited the game by letting its turn clock run out
    /// [`FORFEIT_AFTER_TIMEOUTS`](super::timeouts::FORFEIT_AFTER_TIMEOUTS) times in a row: the
    /// game ended there, lost for its side.
    #[serde(default)]
    pub forfeit: Option<Seat>,
    /// Each seat's turns in a row played by the clock (empty until one is).
    #[serde(default)]
    pub late: Vec<u8>,
    /// What the game is part of, as its creator named it (an arena's record): opaque to the
    /// core, which keeps it and does nothing else with it. Stored last.
    #[serde(default)]
    pub part_of: Option<String>,
}

impl GameRecord {
    pub(super) fn started(&self) -> bool {
        self.seats.iter().all(SeatRecord::filled)
    }

    /// Whether the game is over: played to its end, or ended by a seat's forfeit.
    pub fn over(&self) -> bool {
        self.game.is_over() || self.forfeit.is_some()
    }

    pub(super) fn status(&self) -> GameStatus {
        if self.over() {
            GameStatus::Finished
        } else if self.started() {
            GameStatus::Playing
        } else {
            GameStatus::WaitingForPlayers
        }
    }

    /// The seat whose token this is.
    pub(super) fn seat_of(&self, token: &str) -> Result<Seat, Error> {
        let h = TokenHash::of(token);
        let mut found = None;
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(stored) = &s.token_hash
                && h.matches(stored)
            {
                found = Some(i as Seat);
            }
        }
        found.ok_or(Error::InvalidToken)
    }

    /// Applies one seat's action and logs any hand it finished (whose end also starts a new
    /// memo of the last hand's JSON).
    pub(super) fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), Error> {
        if self.forfeit.is_some() {
            return Err(Error::refused(
                crate::error::Code::GameOver,
                "the game is over: a seat forfeited it",
            ));
        }
        let applied = self.game.apply(seat, action)?;
        if !applied.finished_hands.is_empty() {
            self.last_hand_json = LastHandMemo::default();
        }
        self.pending_log.extend(
            applied
                .finished_hands
                .into_iter()
                .map(|h| LogEntry::Hand(Box::new(h))),
        );
        Ok(())
    }

    /// Whether a house player is to act (the game has started and the seat to act is a bot).
    pub(super) fn bot_to_move(&self) -> bool {
        self.started()
            && self.forfeit.is_none()
            && self
                .game
                .turn()
                .is_some_and(|seat| self.seats[seat as usize].bot().is_some())
    }

    /// The view for `viewer`, with the game's id and version.
    pub fn view(&self, game_id: &str, version: u64, viewer: Viewer) -> GameView {
        let mut view = self.game.view(viewer);
        if !self.started() {
            // Nothing can be done before every seat is filled (acting is `game_not_started`).
            view.legal_actions.clear();
            view.turn = None;
        }
        if self.forfeit.is_some() {
            // Over: nobody acts again.
            view.legal_actions.clear();
            view.turn = None;
        }
        GameView {
            game_id: game_id.to_owned(),
            version,
            status: self.status(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| s.info(i as Seat))
                .collect(),
            deal: self.deal,
            ranked_eligible: self.deal.ranked_eligible(),
            rated: self.rated,
            forfeit: self.forfeit,
            turn_time_limit_ms: self.turn_time_limit_ms,
            deadline_unix_ms: self.deadline_ms,
            view,
            last_hand_json: self.last_hand_json.clone(),
        }
    }
}
