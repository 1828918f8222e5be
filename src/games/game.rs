//! Games: create one, claim a seat, see it (a seat's view or a spectator's), its log, samples
//! of the cards a seat cannot see; and whether the store answers.

use bytes::Bytes;
use rand::RngExt;

use super::cache::WithViews;
use super::codec::{RECORD_FORMAT, decode_log_entry, encode_log};
use super::deadlines::{check_turn_limit, now_ms};
use super::events::{GameEvent, SeatNote, Series, encode_events};
use super::ids::GameId;
use super::lobby::LobbyEntry;
use super::names::fold;
use super::record::{GameRecord, LogEntry, SeatRecord};
use super::service::GameService;
use super::tokens::{hash_token, new_token};
use super::update::Outcome;
use super::wire::{
    ClaimSeatRequest, ClaimedSeat, CreateGameRequest, CreatedGame, DealOrigin, GameLog, Samples,
    SeatSpec,
};
use crate::engine::{Action, Game, Seat, View, Viewer};
use crate::error::{Code, Error};
use crate::store::{StoreError, Write};

/// A seat claimed at a game's creation by a bot account ([`GameService::create_with`]).
pub(super) struct SeatClaim {
    /// The account's name as registered (also the seat's name).
    pub(super) account: String,
    /// The seat's token, told to the bot through its inbox only; the record keeps its hash.
    pub(super) token: String,
}

/// What a game's creator says of it beyond the request ([`GameService::create_with`]).
#[derive(Debug, Default)]
pub(super) struct Made {
    /// The set of games dealt the same deals that this one is a play of.
    pub(super) series: Option<Series>,
    /// What the creator says of it, handed back in its `seated` event (opaque here).
    pub(super) via: Option<serde_json::Value>,
    /// Its id, drawn beforehand, or None for a new one.
    pub(super) game_id: Option<String>,
    /// Whether it is rated.
    pub(super) rated: bool,
    /// What it is part of (opaque here).
    pub(super) part_of: Option<String>,
}

/// Ids are 16 characters of `[a-z0-9]` (about 82 bits).
pub fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..16)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A view as it is sent: the game's version, whether the game is over, and the view's JSON
/// (a [`GameView`]).
#[derive(Debug, Clone)]
pub struct ViewJson {
    /// The game's version (the view's `version`, sent as the ETag).
    pub version: u64,
    /// Whether the game is over (the view's `phase` is `game_over`).
    pub over: bool,
    /// The [`GameView`] as JSON.
    pub json: Bytes,
}

impl ViewJson {
    /// The engine's view read back from the JSON (for tests and tools; the server sends the
    /// JSON as it is).
    pub fn decode(&self) -> Result<View, serde_json::Error> {
        serde_json::from_slice(&self.json)
    }
}

/// The view of a loaded game for the holder of `token` (a spectator's without one), rendered
/// once per version and reader (`views`).
fn view_of(id: &str, (entry, views): &WithViews, token: Option<&str>) -> Result<ViewJson, Error> {
    let (version, record) = (entry.0, &entry.1);
    let viewer = match token {
        Some(t) => Viewer::Seat(record.seat_of(t)?),
        None => Viewer::Spectator,
    };
    let json = views.get_or_render(viewer, || {
        // A view is 1 to 3 KB: one allocation instead of a doubling series.
        let mut json = Vec::with_capacity(2048);
        serde_json::to_writer(&mut json, &record.view(id, version, viewer))
            .map_err(|_| Error::Internal)?;
        Ok::<_, Error>(Bytes::from(json))
    })?;
    Ok(ViewJson {
        version,
        over: record.over(),
        json,
    })
}

/// A finished game's view without the cards of its deal: no last hand, no tricks, no widow,
/// discards or upcards, no voids shown (its scores and seats stay).
fn without_the_deal(view: &mut View) {
    view.last_hand = None;
    view.hand.clear();
    view.widow.clear();
    view.discards.clear();
    view.passed_cards.clear();
    view.open_hand.clear();
    view.trick = Default::default();
    view.tricks.clear();
    view.voids.iter_mut().for_each(Vec::clear);
    view.upcard = None;
    view.upcard_calls.clear();
    view.passed_upcards.clear();
    view.called = None;
    view.joker_revealed_by = None;
}

impl GameService {
    /// Creates a game; house players act at once if every seat is filled.
    pub async fn create(&self, req: CreateGameRequest) -> Result<CreatedGame, Error> {
        Ok(self.create_with(req, Vec::new(), Made::default()).await?.0)
    }

    /// Creates a game with the seats of `claimed` already claimed (each seat, open in `req`, by
    /// a bot account: its name as registered and its token's hash), and answers it with the
    /// record as written. Every account seated (bots' and house players') gets the game
    /// attached; house players act at once if every seat is filled. `series`: the set of
    /// games dealt the same deals that this one is a play of. The accounts' seats and the
    /// claimed seats' tokens are the `seated` event the create records (with `via`, what the
    /// creator says of the game), applied after it by whoever subscribes to the core's events.
    pub(super) async fn create_with(
        &self,
        req: CreateGameRequest,
        claimed: Vec<(usize, SeatClaim)>,
        made: Made,
    ) -> Result<(CreatedGame, GameRecord), Error> {
        let Made {
            series,
            via,
            game_id,
            rated,
            part_of,
        } = made;
        let spec = req.ruleset.unwrap_or_default();
        let rules = spec.build()?;
        let seed = req.seed.unwrap_or_else(|| rand::rng().random());
        let game = Game::new(rules, seed, req.scenario.as_ref())?;
        let n = rules.seats();
        let specs = req.seats.unwrap_or_else(|| vec![SeatSpec::Open; n]);
        if specs.len() != n {
            return Err(Error::refused(
                Code::WrongSeatCount,
                format!(
                    "`seats` lists {} seat{}; this ruleset has {n}",
                    specs.len(),
                    if specs.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        check_turn_limit(req.turn_time_limit_ms)?;
        let record = GameRecord {
            format: RECORD_FORMAT,
            game,
            seats: specs
                .into_iter()
                .map(|spec| SeatRecord {
                    spec,
                    name: None,
                    token_hash: None,
                    account: None,
                })
                .collect(),
            turn_time_limit_ms: req.turn_time_limit_ms,
            deadline_ms: None,
            deal: match (&req.scenario, req.seed) {
                (Some(_), _) => DealOrigin::Scenario,
                (None, Some(_)) => DealOrigin::Seed,
                (None, None) => DealOrigin::Random,
            },
            series,
            pending_log: Vec::new(),
            last_hand_json: Default::default(),
            pending_events: Vec::new(),
            rated,
            forfeit: None,
            late: Vec::new(),
            part_of,
        };
        let mut record = record;
        let mut tokens: Vec<(usize, String)> = Vec::new();
        for (seat, claim) in claimed {
            let s = record.seats.get_mut(seat).ok_or(Error::Internal)?;
            if s.filled() {
                return Err(Error::Internal);
            }
            s.token_hash = Some(hash_token(&claim.token));
            s.name = Some(claim.account.clone());
            s.account = Some(claim.account.clone());
            tokens.push((seat, claim.token));
        }
        // Every house seat plays for its strategy's account; a claimed seat for its bot's.
        let seats: Vec<SeatNote> = record
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, s)| {
                Some(SeatNote {
                    seat: seat as Seat,
                    account: s.account_name()?,
                    token: tokens
                        .iter()
                        .find(|(t, _)| *t == seat)
                        .map(|(_, token)| token.clone()),
                })
            })
            .collect();
        if !seats.is_empty() {
            record.pending_events.push(GameEvent::Seated { via, seats });
        }
        // A play of a series (a match's game, made by the outbox's worker) is written as it is
        // and played by a background task: the worker does not wait behind the background
        // lane's queue. Any other game's creator waits for the first step (a request that goes
        // away stops it, and no game is made).
        let mut record = if record.series.is_some() {
            record
        } else {
            self.let_bots_play(record, seed ^ 0x5EED_B075).await?
        };
        let now = now_ms();
        record.reset_deadline(now);
        let wake = record.wake_ms(now);
        let data = record.encode()?;
        let log = encode_log(&record.pending_log)?;
        let log_refs: Vec<&[u8]> = log.iter().map(Vec::as_slice).collect();
        let finished = record.over();
        if finished {
            record.pending_events.push(GameEvent::Finished);
        }
        let events = encode_events(&record.pending_events)?;
        let event_refs: Vec<&[u8]> = events.iter().map(Vec::as_slice).collect();
        for _ in 0..4 {
            let id = game_id.clone().unwrap_or_else(new_game_id);
            self.schedule(&id, None, wake).await;
            let lobby = LobbyEntry::of(&id, &record, 1, now)?;
            let write = Write {
                expected: None,
                new_version: 1,
                data: &data,
                finished,
                keep_expiry: false,
                idem: None,
                log: &log_refs,
                // A play of a duplicate deal is never listed: its id is not for others to know.
                listing: record.series.is_none().then(|| lobby.listing()),
                events: &event_refs,
            };
            match self.store.write(&id, write).await {
                Ok(()) => {
                    self.metrics.games_created.inc();
                    record.pending_events.clear();
                    if !events.is_empty() {
                        self.outbox_wake.ring();
                    }
                    if finished {
                        self.metrics.games_finished.inc();
                    }
                    if record.bot_to_move() {
                        self.continue_in_background(&id);
                    }
                    let view = record.view(&id, 1, Viewer::Spectator);
                    let created = CreatedGame {
                        game_id: id,
                        version: 1,
                        status: view.status,
                        seats: view.seats,
                        deal: view.deal,
                        ranked_eligible: view.ranked_eligible,
                    };
                    return Ok((created, record));
                }
                // A drawn id that exists: made by an earlier try (ids are 82 random bits).
                Err(StoreError::AlreadyExists) if game_id.is_some() => {
                    return Err(Error::Unavailable);
                }
                Err(StoreError::AlreadyExists) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::Internal)
    }

    /// Claims a seat and returns its token (shown only now). As `bot` (a bot's name, from
    /// [`bot_of_key`](Self::bot_of_key)) the bot takes the seat as itself: the seat's name is
    /// the bot's, the seat is attached to the bot's account (and the game to its profile), and
    /// a bot takes at most one seat of a game.
    pub async fn claim_seat(
        &self,
        id: &GameId,
        req: ClaimSeatRequest,
        bot: Option<String>,
    ) -> Result<ClaimedSeat, Error> {
        let name = super::names::check_seat_name(req.name)?;
        if let (Some(bot), Some(name)) = (&bot, &name)
            && fold(bot) != fold(name)
        {
            return Err(Error::bad_request(
                Code::InvalidName,
                format!("a bot's seat carries the bot's name ({bot:?}): leave `name` out"),
            ));
        }
        let name = bot.clone().or(name);
        let token = new_token();
        let hash = hash_token(&token);
        let updated = self
            .update(id, None, None, |record, _version| {
                let n = record.seats.len();
                if let Some(bot) = &bot
                    && let Some(held) = record
                        .seats
                        .iter()
                        .position(|s| s.account.as_deref().is_some_and(|a| fold(a) == fold(bot)))
                {
                    return Err(Error::refused(
                        Code::AlreadySeated,
                        format!("{bot:?} holds seat {held} of this game already; a bot takes one seat a game"),
                    ));
                }
                let seat = match req.seat {
                    Some(s) if s as usize >= n => {
                        return Err(Error::refused(
                            Code::InvalidSeat,
                            format!(
                                "seat {s} does not exist; this game has seats 0 to {}",
                                n - 1
                            ),
                        ));
                    }
                    Some(s) => s as usize,
                    None => record
                        .seats
                        .iter()
                        .position(|s| !s.filled())
                        .ok_or_else(|| {
                            Error::refused(Code::NoFreeSeat, "every seat of this game is taken")
                        })?,
                };
                if record.seats[seat].filled() {
                    return Err(Error::refused(
                        Code::SeatTaken,
                        format!("seat {seat} is already taken"),
                    ));
                }
                record.seats[seat].token_hash = Some(hash.clone());
                record.seats[seat].name = name.clone();
                record.seats[seat].account = bot.clone();
                if let Some(bot) = &bot {
                    // The bot has its token in this answer; its inbox is told too.
                    record.pending_events.push(GameEvent::Seated {
                        via: None,
                        seats: vec![SeatNote {
                            seat: seat as Seat,
                            account: bot.clone(),
                            token: Some(token.clone()),
                        }],
                    });
                }
                Ok(seat as Seat)
            })
            .await?;
        match updated {
            Outcome::Applied(u) => Ok(ClaimedSeat {
                game_id: id.to_string(),
                seat: u.out,
                token,
            }),
            Outcome::Replayed(_) => Err(Error::Internal),
        }
    }

    /// The caller's view: a seat's with a token, else the spectator's.
    pub async fn view(&self, id: &GameId, token: Option<&str>) -> Result<ViewJson, Error> {
        let loaded = self.load_with_views(id).await?;
        self.view_checked(id, &loaded, token).await
    }

    /// The view of a loaded game: as [`view_of`], but for a finished play of a duplicate deal
    /// still being played in another seating, the view without the deal's cards
    /// ([`without_the_deal`]), made afresh (never from the views rendered for the record,
    /// which show them once the deal is over).
    async fn view_checked(
        &self,
        id: &GameId,
        loaded: &WithViews,
        token: Option<&str>,
    ) -> Result<ViewJson, Error> {
        let (version, record) = (loaded.0.0, &loaded.0.1);
        if !self.deal_in_play(record).await? {
            return view_of(id, loaded, token);
        }
        let viewer = match token {
            Some(t) => Viewer::Seat(record.seat_of(t)?),
            None => Viewer::Spectator,
        };
        let mut view = record.view(id, version, viewer);
        without_the_deal(&mut view.view);
        let json = serde_json::to_vec(&view).map_err(|_| Error::Internal)?;
        Ok(ViewJson {
            version,
            over: true,
            json: Bytes::from(json),
        })
    }

    /// Whether `record` is a finished play of a duplicate deal (a [`Series`]) another play of
    /// which is not over yet (or not made yet): then nothing of the deal may leave it, to
    /// anyone. A game in progress shows only what its seats and spectators may see anyway; a
    /// game of no series, or stored before its series named its siblings, has nothing to hide.
    pub async fn deal_in_play(&self, record: &GameRecord) -> Result<bool, Error> {
        let Some(series) = &record.series else {
            return Ok(false);
        };
        if !record.game.is_over() {
            return Ok(false);
        }
        for sibling in &series.siblings {
            match self.load(sibling).await {
                Ok(loaded) if loaded.1.game.is_over() => {}
                Ok(_) | Err(Error::GameNotFound(_)) => return Ok(true),
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }

    /// The view after a wake-up: when a change notification announced that a write made
    /// version `announced` of the game (see [`GameStore::watch`](crate::store::GameStore::watch)), the cached record if it is
    /// that very version, else a read of the game; with no announcement, as in
    /// [`view`](Self::view). A cached record is a version the store held (read from
    /// it, or written by a compare-and-set here), so when the versions match it is the
    /// announced state. The replica that made the change usually has it cached, so long polls
    /// and event streams woken by it need no read.
    pub async fn view_announced(
        &self,
        id: &GameId,
        token: Option<&str>,
        announced: Option<u64>,
    ) -> Result<ViewJson, Error> {
        if let Some(version) = announced {
            let loaded = match self.cache.get_with_views(id) {
                Some(hit) if hit.0.0 == version => hit,
                // Not the announced version: the cached one is stale, read the game.
                _ => self.read(id).await?,
            };
            return self.view_checked(id, &loaded, token).await;
        }
        self.view(id, token).await
    }

    /// `count` samples of the cards the token's seat cannot see, from the expert's sampler.
    pub async fn samples(&self, id: &GameId, token: &str, count: usize) -> Result<Samples, Error> {
        let loaded = self.load(id).await?;
        let (version, record) = (loaded.0, &loaded.1);
        let seat = record.seat_of(token)?;
        let view = record.game.view(Viewer::Seat(seat));
        let samples = crate::bots::sample_hidden(&view, count, &mut rand::rng())
            .map_err(|e| Error::refused(Code::NothingHidden, e.to_string()))?;
        Ok(Samples {
            game_id: id.to_string(),
            version,
            seat,
            samples,
        })
    }

    /// The log of finished hands and timed-out moves. A timed-out move of a hand still being
    /// played shows only its public part (its type) if it holds face-down cards (an exchange's
    /// discard, passed cards); the whole move is stored, and shown once the hand is over.
    pub async fn log(&self, id: &GameId) -> Result<GameLog, Error> {
        let loaded = self.load(id).await?;
        if self.deal_in_play(&loaded.1).await? {
            return Err(Error::refused(
                Code::DealInPlay,
                "this game is one seating of a duplicate deal that is still being played in \
                 another: its log is shown once every seating of the deal is over",
            ));
        }
        self.log_of(id, loaded.0, &loaded.1.game).await
    }

    /// The log of a game, whatever its deal's other seatings: for whoever keeps it out of view
    /// until they are over (the platform's archive, which lists no play of a series).
    pub async fn whole_log(&self, id: &GameId) -> Result<GameLog, Error> {
        let loaded = self.load(id).await?;
        self.log_of(id, loaded.0, &loaded.1.game).await
    }

    /// The log of game `id` (`game`, at `version`).
    async fn log_of(&self, id: &GameId, version: u64, game: &Game) -> Result<GameLog, Error> {
        // The log is read after the game: it may hold entries of later writes, of this hand or
        // of later ones, none of them over as far as this answer knows.
        let playing = (!game.is_over()).then(|| game.hand_number());
        let mut hands = Vec::new();
        let mut timeouts = Vec::new();
        for raw in self.store.load_log(id, 0).await? {
            match decode_log_entry(&raw) {
                Ok(LogEntry::Hand(h)) => hands.push(*h),
                Ok(LogEntry::Timeout(mut t)) => {
                    if let Some(action) = &t.action {
                        t.action_type = action.kind().to_owned();
                    }
                    let hidden = t.action.as_ref().is_some_and(Action::hides_cards);
                    if hidden && playing.is_some_and(|hand| t.hand_number >= hand) {
                        t.action = None;
                    }
                    timeouts.push(t);
                }
                Err(e) => tracing::error!(error = %e, "a log entry is corrupt"),
            }
        }
        Ok(GameLog {
            game_id: id.to_string(),
            version,
            hands,
            timeouts,
        })
    }

    /// Whether the store answers.
    pub async fn ready(&self) -> Result<(), Error> {
        self.store.ping().await.map_err(Error::from)
    }
}
