//! The game service: load a game from the store, check the caller, apply with the engine, let
//! house players take their turns, save with a compare-and-set on the version, and build the
//! caller's view. Handlers call this and do nothing else.

use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use super::auth::{hash_token, new_token, token_matches};
use super::error::ApiError;
use super::wire::{
    ClaimSeatRequest, ClaimedSeat, CreateGameRequest, CreatedGame, GameLog, GameStatus, GameView,
    SeatInfo, SeatSpec,
};
use crate::bots::Strategy;
use crate::engine::{Action, Game, HandRecord, Seat, Viewer};
use crate::metrics::Metrics;
use crate::store::{GameStore, StoreError};

/// The version of the stored record format.
const RECORD_FORMAT: u32 = 1;

/// How many times a write that lost a compare-and-set race is retried from the new state
/// (only when the client did not pin a version with If-Match).
const CAS_RETRIES: usize = 8;

/// One seat of a stored game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Open for a client, or a house player.
    pub spec: SeatSpec,
    /// The display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// SHA-256 of the seat's token, once claimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_hash: Option<String>,
}

impl SeatRecord {
    fn bot(&self) -> Option<Strategy> {
        match self.spec {
            SeatSpec::Bot { strategy } => Some(strategy),
            SeatSpec::Open => None,
        }
    }

    fn filled(&self) -> bool {
        self.bot().is_some() || self.token_hash.is_some()
    }
}

/// Everything stored for one game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    format: u32,
    /// The engine state.
    pub game: Game,
    /// The seats.
    pub seats: Vec<SeatRecord>,
    /// Finished hands, oldest first.
    pub log: Vec<HandRecord>,
}

impl GameRecord {
    fn started(&self) -> bool {
        self.seats.iter().all(SeatRecord::filled)
    }

    fn status(&self) -> GameStatus {
        if self.game.is_over() {
            GameStatus::Finished
        } else if self.started() {
            GameStatus::Playing
        } else {
            GameStatus::WaitingForPlayers
        }
    }

    fn encode(&self) -> Result<Vec<u8>, ApiError> {
        serde_json::to_vec(self).map_err(|e| {
            tracing::error!(error = %e, "cannot encode a game");
            ApiError::Internal
        })
    }

    fn decode(data: &[u8]) -> Result<GameRecord, ApiError> {
        let r: GameRecord = serde_json::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "a stored game is corrupt");
            ApiError::Internal
        })?;
        if r.format != RECORD_FORMAT || r.seats.len() != r.game.rules().seats() {
            tracing::error!("a stored game has an unknown format");
            return Err(ApiError::Internal);
        }
        Ok(r)
    }

    /// The seat whose token this is.
    fn seat_of(&self, token: &str) -> Result<Seat, ApiError> {
        let h = hash_token(token);
        let mut found = None;
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(stored) = &s.token_hash
                && token_matches(&h, stored)
            {
                found = Some(i as Seat);
            }
        }
        found.ok_or(ApiError::InvalidToken)
    }

    /// Lets house players act until it is a client's turn or the game is over.
    fn run_bots(&mut self, rng: &mut SmallRng, metrics: &Metrics) -> Result<(), ApiError> {
        if !self.started() {
            return Ok(());
        }
        while let Some(seat) = self.game.turn() {
            let Some(strategy) = self.seats[seat as usize].bot() else {
                break;
            };
            let Some(action) = strategy.choose(&self.game, seat, rng) else {
                break;
            };
            let applied = self.game.apply(seat, &action).map_err(|e| {
                tracing::error!(error = %e, "a house player chose an illegal action");
                ApiError::Internal
            })?;
            metrics.actions.with_label_values(&["applied", "bot"]).inc();
            self.log.extend(applied.finished_hands);
        }
        Ok(())
    }

    /// The view for `viewer`, with the game's id and version.
    pub fn view(&self, game_id: &str, version: u64, viewer: Viewer) -> GameView {
        let mut view = self.game.view(viewer);
        if !self.started() {
            // Nothing can be done before every seat is filled (acting is `game_not_started`).
            view.legal_actions.clear();
        }
        GameView {
            game_id: game_id.to_owned(),
            version,
            status: self.status(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: i as Seat,
                    kind: match s.spec {
                        SeatSpec::Open => "open".into(),
                        SeatSpec::Bot { .. } => "bot".into(),
                    },
                    strategy: s.bot(),
                    claimed: s.filled(),
                    name: s.name.clone(),
                })
                .collect(),
            view,
        }
    }
}

/// Ids are 16 characters of `[a-z0-9]` (about 82 bits).
fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..16)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Rejects ids that no game could have, without asking the store.
fn check_id(id: &str) -> Result<(), ApiError> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(ApiError::GameNotFound(id.chars().take(64).collect()))
    }
}

/// The service handlers call.
#[derive(Clone)]
pub struct GameService {
    store: Arc<dyn GameStore>,
    metrics: Metrics,
}

impl GameService {
    /// A service over a store.
    pub fn new(store: Arc<dyn GameStore>, metrics: Metrics) -> Self {
        GameService { store, metrics }
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    /// The metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    async fn load(&self, id: &str) -> Result<(u64, GameRecord), ApiError> {
        check_id(id)?;
        let stored = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| ApiError::GameNotFound(id.to_owned()))?;
        Ok((stored.version, GameRecord::decode(&stored.data)?))
    }

    /// Loads, changes and saves a game with a compare-and-set, retrying from the new state when
    /// another request won the race (unless the client pinned `if_match`). `change` must leave
    /// the record untouched when it fails.
    async fn update<T>(
        &self,
        id: &str,
        if_match: Option<u64>,
        mut change: impl FnMut(&mut GameRecord, u64) -> Result<T, ApiError>,
    ) -> Result<(u64, GameRecord, T), ApiError> {
        for _ in 0..CAS_RETRIES {
            let (version, mut record) = self.load(id).await?;
            if let Some(expected) = if_match
                && expected != version
            {
                return Err(ApiError::VersionConflict { current: version });
            }
            let was_over = record.game.is_over();
            let out = change(&mut record, version)?;
            let next = version + 1;
            let finished = record.game.is_over();
            match self
                .store
                .save_if(id, version, next, &record.encode()?, finished)
                .await
            {
                Ok(()) => {
                    if finished && !was_over {
                        self.metrics.games_finished.inc();
                    }
                    return Ok((next, record, out));
                }
                Err(StoreError::Conflict { current }) => {
                    if if_match.is_some() {
                        return Err(ApiError::VersionConflict { current });
                    }
                }
                Err(StoreError::NotFound) => return Err(ApiError::GameNotFound(id.to_owned())),
                Err(e) => return Err(e.into()),
            }
        }
        let (current, _) = self.load(id).await?;
        Err(ApiError::VersionConflict { current })
    }

    /// Creates a game; house players act at once if every seat is filled.
    pub async fn create(
        &self,
        req: CreateGameRequest,
    ) -> Result<(CreatedGame, GameRecord), ApiError> {
        let rules = req.ruleset.unwrap_or_default().build()?;
        let seed = req.seed.unwrap_or_else(|| rand::rng().random());
        let game = Game::new(rules, seed, req.scenario.as_ref())?;
        let n = rules.seats();
        let specs = req.seats.unwrap_or_else(|| vec![SeatSpec::Open; n]);
        if specs.len() != n {
            return Err(ApiError::InvalidRuleset(crate::engine::RulesetError {
                code: "wrong_seat_count",
                message: format!("`seats` lists {} seats; this ruleset has {n}", specs.len()),
            }));
        }
        let mut record = GameRecord {
            format: RECORD_FORMAT,
            game,
            seats: specs
                .into_iter()
                .map(|spec| SeatRecord {
                    spec,
                    name: None,
                    token_hash: None,
                })
                .collect(),
            log: Vec::new(),
        };
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5EED_B075);
        record.run_bots(&mut rng, &self.metrics)?;
        let data = record.encode()?;
        for _ in 0..4 {
            let id = new_game_id();
            match self
                .store
                .create(&id, 1, &data, record.game.is_over())
                .await
            {
                Ok(()) => {
                    self.metrics.games_created.inc();
                    if record.game.is_over() {
                        self.metrics.games_finished.inc();
                    }
                    return Ok((
                        CreatedGame {
                            game_id: id,
                            version: 1,
                            seats: n as u8,
                        },
                        record,
                    ));
                }
                Err(StoreError::AlreadyExists) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ApiError::Internal)
    }

    /// Claims a seat and returns its token (shown only now).
    pub async fn claim_seat(
        &self,
        id: &str,
        req: ClaimSeatRequest,
    ) -> Result<ClaimedSeat, ApiError> {
        let name = match req.name {
            Some(n) if n.chars().count() > 64 || n.chars().any(char::is_control) => {
                return Err(ApiError::bad_request(
                    "invalid_name",
                    "a seat name is at most 64 characters, without control characters",
                ));
            }
            other => other,
        };
        let token = new_token();
        let hash = hash_token(&token);
        let metrics = self.metrics.clone();
        let (_, _, seat) = self
            .update(id, None, |record, version| {
                let n = record.seats.len();
                let seat = match req.seat {
                    Some(s) if s as usize >= n => {
                        return Err(ApiError::Conflict {
                            code: "invalid_seat",
                            detail: format!(
                                "seat {s} does not exist; this game has seats 0 to {}",
                                n - 1
                            ),
                        });
                    }
                    Some(s) => s as usize,
                    None => record
                        .seats
                        .iter()
                        .position(|s| !s.filled())
                        .ok_or_else(|| ApiError::Conflict {
                            code: "no_free_seat",
                            detail: "every seat of this game is taken".into(),
                        })?,
                };
                if record.seats[seat].filled() {
                    return Err(ApiError::Conflict {
                        code: "seat_taken",
                        detail: format!("seat {seat} is already taken"),
                    });
                }
                record.seats[seat].token_hash = Some(hash.clone());
                record.seats[seat].name = name.clone();
                let mut rng = SmallRng::seed_from_u64(record.game.seed() ^ version);
                record.run_bots(&mut rng, &metrics)?;
                Ok(seat as Seat)
            })
            .await?;
        Ok(ClaimedSeat { seat, token })
    }

    /// The caller's view: a seat's with a token, else the spectator's.
    pub async fn view(&self, id: &str, token: Option<&str>) -> Result<GameView, ApiError> {
        let (version, record) = self.load(id).await?;
        let viewer = match token {
            Some(t) => Viewer::Seat(record.seat_of(t)?),
            None => Viewer::Spectator,
        };
        Ok(record.view(id, version, viewer))
    }

    /// Applies the token holder's action, lets house players answer, and returns the new view.
    pub async fn act(
        &self,
        id: &str,
        token: Option<&str>,
        action: Action,
        if_match: Option<u64>,
    ) -> Result<GameView, ApiError> {
        let token = token.ok_or(ApiError::MissingToken)?;
        let metrics = self.metrics.clone();
        let result = self
            .update(id, if_match, |record, version| {
                let seat = record.seat_of(token)?;
                if !record.started() && !record.game.is_over() {
                    return Err(ApiError::Conflict {
                        code: "game_not_started",
                        detail: "the game starts when every seat is claimed".into(),
                    });
                }
                let applied = record.game.apply(seat, &action)?;
                record.log.extend(applied.finished_hands);
                let mut rng = SmallRng::seed_from_u64(record.game.seed() ^ version);
                record.run_bots(&mut rng, &metrics)?;
                Ok(seat)
            })
            .await;
        match result {
            Ok((version, record, seat)) => {
                self.metrics
                    .actions
                    .with_label_values(&["applied", "client"])
                    .inc();
                Ok(record.view(id, version, Viewer::Seat(seat)))
            }
            Err(e) => {
                let outcome = match e {
                    ApiError::VersionConflict { .. } => "conflict",
                    _ => "rejected",
                };
                self.metrics
                    .actions
                    .with_label_values(&[outcome, "client"])
                    .inc();
                Err(e)
            }
        }
    }

    /// The log of finished hands.
    pub async fn log(&self, id: &str) -> Result<GameLog, ApiError> {
        let (version, record) = self.load(id).await?;
        Ok(GameLog {
            game_id: id.to_owned(),
            version,
            hands: record.log,
        })
    }

    /// Whether the store answers.
    pub async fn ready(&self) -> Result<(), ApiError> {
        self.store.ping().await.map_err(ApiError::from)
    }
}
