//! Challenges: the only way a bot seats another bot. A bot challenges another to a game (the
//! two bots on different sides, house players in the other seats) or to a duplicate match; the
//! opponent is told in its inbox (`challenge`) and accepts or declines; the challenger may
//! cancel; an unanswered challenge expires. What the opponent's preferences refuse is declined
//! at once, with the reason, and never reaches its inbox (Lichess's challenge preferences and
//! `ChallengeGranter`).
//!
//! A challenge is a record in the store beside the games (`challenge.<id>`: no game id has a
//! `.`), named MessagePack, changed by compare-and-set. Each change records its event with it
//! in the outbox (`ChallengeEvent`), and the outbox's worker applies it once: the opponent
//! told, the game or match made under the id drawn at the acceptance, the challenger told of
//! the answer. So an accepted challenge makes its game exactly once, whatever the retries.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::env::Platform;
use super::inbox::{InboxEvent, Via};
use super::queue::DEFAULT_TURN_LIMIT_MS;
use super::ratings::Pool;
use super::wire::{
    Challenge, ChallengePreferences, ChallengeStatus, CreateChallengeRequest, CreateMatchRequest,
    DeclineReason, RatedChoice,
};
use crate::bots::Strategy;
use crate::engine::{Ruleset, RulesetSpec, Seat};
use crate::error::{Code, Error};
use crate::games::{
    SeatFor, SeatedGame, check_turn_limit, fold, house_strategy, new_game_id, now_ms,
};
use crate::store::{StoreError, Write};

/// How long a challenge waits for its answer (ms).
pub const CHALLENGE_TTL_MS: u64 = 5 * 60 * 1000;

/// The most names a bot's preferences list (`from`, `block`).
pub const MAX_PREFERENCE_NAMES: usize = 200;

/// What the store id of a challenge starts with (no game id has a `.`).
pub(super) const STORE_PREFIX: &str = "challenge.";

fn store_id(id: &str) -> String {
    format!("{STORE_PREFIX}{id}")
}

/// A challenge's events, recorded with its record and applied by `effects`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ChallengeEvent {
    /// Made: the opponent is told.
    Created,
    /// Accepted: the game or match is made, the challenger told.
    Accepted,
    /// Declined: the challenger is told.
    Declined,
    /// Canceled: the opponent is told.
    Canceled,
}

impl ChallengeEvent {
    fn encode(self) -> Result<Vec<u8>, Error> {
        serde_json::to_vec(&self).map_err(|_| Error::Internal)
    }
}

/// A stored challenge (named MessagePack: fields may be added with a default).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct ChallengeRecord {
    challenger: String,
    opponent: String,
    spec: RulesetSpec,
    rules: Ruleset,
    turn_time_limit_ms: u64,
    rated: bool,
    deals: Option<u32>,
    house: Strategy,
    status: ChallengeStatus,
    decline_reason: Option<DeclineReason>,
    created_unix_ms: u64,
    expires_unix_ms: u64,
    game_id: Option<String>,
    match_id: Option<String>,
}

impl ChallengeRecord {
    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec_named(self).map_err(|_| Error::Internal)
    }

    fn decode(data: &[u8]) -> Result<Self, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable challenge");
            Error::Internal
        })
    }

    /// Its status at `now`: a pending challenge past its time has expired.
    fn status_at(&self, now: u64) -> ChallengeStatus {
        match self.status {
            ChallengeStatus::Pending if now >= self.expires_unix_ms => ChallengeStatus::Expired,
            s => s,
        }
    }

    fn view(&self, id: &str) -> Challenge {
        Challenge {
            challenge_id: id.to_owned(),
            status: self.status_at(now_ms()),
            challenger: self.challenger.clone(),
            opponent: self.opponent.clone(),
            preset: self.rules.preset,
            ruleset: self.rules,
            turn_time_limit_ms: self.turn_time_limit_ms,
            rated: self.rated,
            deals: self.deals,
            house: self.house,
            created_unix_ms: self.created_unix_ms,
            expires_unix_ms: self.expires_unix_ms,
            decline_reason: self.decline_reason,
            game_id: self.game_id.clone(),
            match_id: self.match_id.clone(),
        }
    }

    fn match_request(&self) -> CreateMatchRequest {
        CreateMatchRequest {
            a: self.challenger.clone(),
            b: self.opponent.clone(),
            ruleset: Some(self.spec.clone()),
            deals: self.deals.unwrap_or(1),
            turn_time_limit_ms: Some(self.turn_time_limit_ms),
        }
    }
}

/// Whether `id` could be a challenge's id (16 of `[a-z0-9]`, as game ids).
fn valid_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn not_found(id: &str) -> Error {
    Error::refused(
        Code::ChallengeNotFound,
        format!(
            "no challenge {:?} (a challenge is kept a day after its last change)",
            id.chars().take(64).collect::<String>()
        ),
    )
}

fn invalid(detail: impl Into<String>) -> Error {
    Error::refused(Code::InvalidChallenge, detail)
}

/// Why `prefs` refuse a challenge from `challenger` (None: they take it).
fn refusal(
    prefs: &ChallengePreferences,
    challenger: &str,
    rules: &Ruleset,
    turn_limit: u64,
    rated: bool,
    duplicate: bool,
) -> Option<(DeclineReason, String)> {
    let named = |list: &[String]| list.iter().any(|n| fold(n) == fold(challenger));
    if !prefs.accept {
        return Some((DeclineReason::Later, "it takes no challenges".into()));
    }
    if named(&prefs.block) || prefs.from.as_ref().is_some_and(|from| !named(from)) {
        return Some((
            DeclineReason::NotYou,
            format!("it takes no challenges from {challenger:?}"),
        ));
    }
    if let Some(presets) = &prefs.presets
        && !presets.contains(&rules.preset)
    {
        return Some((
            DeclineReason::Preset,
            format!("it does not play {}", rules.preset.name()),
        ));
    }
    match (prefs.rated, rated) {
        (RatedChoice::Casual, true) => {
            return Some((DeclineReason::Rated, "it plays no rated challenges".into()));
        }
        (RatedChoice::Rated, false) => {
            return Some((
                DeclineReason::Casual,
                "it plays only rated challenges".into(),
            ));
        }
        _ => {}
    }
    if duplicate && !prefs.duplicate {
        return Some((
            DeclineReason::Duplicate,
            "it plays no duplicate matches by challenge".into(),
        ));
    }
    if let Some(min) = prefs.min_turn_time_limit_ms
        && turn_limit < min
    {
        return Some((
            DeclineReason::TooFast,
            format!("its shortest turn clock is {min} ms"),
        ));
    }
    if let Some(max) = prefs.max_turn_time_limit_ms
        && turn_limit > max
    {
        return Some((
            DeclineReason::TooSlow,
            format!("its longest turn clock is {max} ms"),
        ));
    }
    None
}

impl Platform {
    /// Bot `caller` challenges another bot: checked (the opponent exists and is another bot,
    /// the game can be played, a rated one is the preset's own rules), refused at once if the
    /// opponent's preferences refuse it (`challenge_declined`), else written with its event
    /// (the opponent told through its inbox) and answered.
    pub async fn create_challenge(
        &self,
        caller: &str,
        req: CreateChallengeRequest,
    ) -> Result<Challenge, Error> {
        let challenger = self
            .registered_name(caller)
            .await?
            .ok_or_else(|| Error::refused(Code::InvalidBotKey, "this key's bot is gone"))?;
        if house_strategy(&req.opponent).is_some() {
            return Err(invalid(
                "house accounts take no challenges: play them through matchmaking (POST /v1/queue) or a match (POST /v1/matches)",
            ));
        }
        let opponent = self.registered_name(&req.opponent).await?.ok_or_else(|| {
            Error::refused(
                Code::BotNotFound,
                format!(
                    "no bot named {:?}",
                    req.opponent.chars().take(64).collect::<String>()
                ),
            )
        })?;
        if fold(&opponent) == fold(&challenger) {
            return Err(invalid("a bot cannot challenge itself"));
        }
        check_turn_limit(req.turn_time_limit_ms)?;
        let turn_limit = req.turn_time_limit_ms.unwrap_or(DEFAULT_TURN_LIMIT_MS);
        let spec = req.ruleset.clone().unwrap_or_default();
        let rules = spec.build()?;
        if let Some(deals) = req.deals {
            if req.rated {
                return Err(invalid(
                    "a duplicate match is not rated (its result is the match's): leave out `rated` or `deals`",
                ));
            }
            // Checked as the match it makes.
            self.plan_match(
                challenger.clone(),
                opponent.clone(),
                &challenger,
                &CreateMatchRequest {
                    a: challenger.clone(),
                    b: opponent.clone(),
                    ruleset: Some(spec.clone()),
                    deals,
                    turn_time_limit_ms: Some(turn_limit),
                },
            )?;
        }
        if req.rated && Pool::of(&rules).rules() != Some(rules) {
            return Err(invalid(format!(
                "a rated game plays the preset's own rules at its player count: send only `preset` and `players` (pool {})",
                Pool::of(&rules).name()
            )));
        }
        let prefs = self.preferences_of(&opponent).await?;
        if let Some((reason, why)) = refusal(
            &prefs,
            &challenger,
            &rules,
            turn_limit,
            req.rated,
            req.deals.is_some(),
        ) {
            return Err(Error::refused(
                Code::ChallengeDeclined,
                format!(
                    "{opponent:?} declines this challenge ({}): {why}",
                    serde_json::to_value(reason)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_default()
                ),
            ));
        }
        // Counted once the challenge is valid, before anything is written.
        if let Some(limit) = &self.challenge_limit {
            limit.check(&fold(&challenger))?;
        }
        let now = now_ms();
        let record = ChallengeRecord {
            challenger,
            opponent,
            spec,
            rules,
            turn_time_limit_ms: turn_limit,
            rated: req.rated,
            deals: req.deals,
            house: req.house.unwrap_or(Strategy::Heuristic),
            status: ChallengeStatus::Pending,
            decline_reason: None,
            created_unix_ms: now,
            expires_unix_ms: now + CHALLENGE_TTL_MS,
            game_id: None,
            match_id: None,
        };
        let data = record.encode()?;
        let event = ChallengeEvent::Created.encode()?;
        for _ in 0..4 {
            let id = new_game_id();
            let write = Write {
                events: &[&event],
                ..Write::create(1, &data)
            };
            match self.store().write(&store_id(&id), write).await {
                Ok(()) => {
                    self.games.outbox_wake().ring();
                    tracing::info!(challenge_id = %id, challenger = %record.challenger, opponent = %record.opponent, "challenge made");
                    return Ok(record.view(&id));
                }
                Err(StoreError::AlreadyExists) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::Internal)
    }

    /// A challenge.
    pub async fn get_challenge(&self, id: &str) -> Result<Challenge, Error> {
        Ok(self.load_challenge(id).await?.1.view(id))
    }

    /// The opponent (`caller`) accepts challenge `id`: its game's (or match's) id is drawn
    /// and recorded with the acceptance, and the outbox's worker makes it.
    pub async fn accept_challenge(&self, caller: &str, id: &str) -> Result<Challenge, Error> {
        self.answer(caller, id, Side::Opponent, ChallengeEvent::Accepted, |r| {
            r.status = ChallengeStatus::Accepted;
            if r.deals.is_some() {
                r.match_id = Some(new_game_id());
            } else {
                r.game_id = Some(new_game_id());
            }
        })
        .await
    }

    /// The opponent (`caller`) declines challenge `id`, for `reason`.
    pub async fn decline_challenge(
        &self,
        caller: &str,
        id: &str,
        reason: DeclineReason,
    ) -> Result<Challenge, Error> {
        self.answer(caller, id, Side::Opponent, ChallengeEvent::Declined, |r| {
            r.status = ChallengeStatus::Declined;
            r.decline_reason = Some(reason);
        })
        .await
    }

    /// The challenger (`caller`) withdraws challenge `id`.
    pub async fn cancel_challenge(&self, caller: &str, id: &str) -> Result<Challenge, Error> {
        self.answer(
            caller,
            id,
            Side::Challenger,
            ChallengeEvent::Canceled,
            |r| {
                r.status = ChallengeStatus::Canceled;
            },
        )
        .await
    }

    /// Changes pending challenge `id` by `change` for `caller` (who must be its `side`), with
    /// `event` (compare-and-set; a challenge no longer pending is `challenge_closed`).
    async fn answer(
        &self,
        caller: &str,
        id: &str,
        side: Side,
        event: ChallengeEvent,
        change: impl Fn(&mut ChallengeRecord),
    ) -> Result<Challenge, Error> {
        let event_data = event.encode()?;
        for _ in 0..16 {
            let (version, mut record) = self.load_challenge(id).await?;
            let who = match side {
                Side::Opponent => &record.opponent,
                Side::Challenger => &record.challenger,
            };
            if fold(who) != fold(caller) {
                return Err(Error::refused(
                    Code::NotYourChallenge,
                    match side {
                        Side::Opponent => "only the bot challenged accepts or declines a challenge",
                        Side::Challenger => "only the challenger cancels a challenge",
                    },
                ));
            }
            let status = record.status_at(now_ms());
            if status != ChallengeStatus::Pending {
                return Err(Error::refused(
                    Code::ChallengeClosed,
                    format!(
                        "the challenge is {} already",
                        serde_json::to_value(status)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_owned))
                            .unwrap_or_default()
                    ),
                ));
            }
            change(&mut record);
            let data = record.encode()?;
            let write = Write {
                events: &[&event_data],
                ..Write::update(version, version + 1, &data)
            };
            match self.store().write(&store_id(id), write).await {
                Ok(()) => {
                    self.games.outbox_wake().ring();
                    tracing::info!(challenge_id = %id, ?event, "challenge answered");
                    return Ok(record.view(id));
                }
                Err(StoreError::Conflict { .. }) => continue,
                Err(StoreError::NotFound) => return Err(not_found(id)),
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::Internal)
    }

    async fn load_challenge(&self, id: &str) -> Result<(u64, ChallengeRecord), Error> {
        if !valid_id(id) {
            return Err(not_found(id));
        }
        let stored = self
            .store()
            .load(&store_id(id))
            .await?
            .ok_or_else(|| not_found(id))?;
        Ok((stored.version, ChallengeRecord::decode(&stored.data)?))
    }

    /// Bot `name`'s challenge preferences (the defaults if it never set them).
    pub async fn preferences_of(&self, name: &str) -> Result<ChallengePreferences, Error> {
        match self.store().load_preferences(&fold(name)).await? {
            Some(data) => serde_json::from_slice(&data).map_err(|e| {
                tracing::error!(error = %e, "unreadable preferences");
                Error::Internal
            }),
            None => Ok(ChallengePreferences::default()),
        }
    }

    /// Sets bot `name`'s challenge preferences.
    pub async fn set_preferences(
        &self,
        name: &str,
        prefs: ChallengePreferences,
    ) -> Result<ChallengePreferences, Error> {
        let names = prefs.block.len() + prefs.from.as_ref().map_or(0, Vec::len);
        if names > MAX_PREFERENCE_NAMES {
            return Err(Error::bad_request(
                Code::InvalidValue,
                format!("`from` and `block` list at most {MAX_PREFERENCE_NAMES} names"),
            ));
        }
        check_turn_limit(prefs.min_turn_time_limit_ms)?;
        check_turn_limit(prefs.max_turn_time_limit_ms)?;
        let data = serde_json::to_vec(&prefs).map_err(|_| Error::Internal)?;
        self.store().save_preferences(&fold(name), &data).await?;
        Ok(prefs)
    }

    /// Applies event `event` of challenge `id` (see `effects`), once in effect: the inbox
    /// entries have once keys, the game and match are made under the ids the acceptance drew
    /// (one that exists was made by an earlier try).
    pub(super) async fn apply_challenge_event(
        &self,
        id: &str,
        event: ChallengeEvent,
    ) -> Result<(), Error> {
        let record = match self.load_challenge(id).await {
            Ok((_, r)) => r,
            Err(e) if e.code() == Code::ChallengeNotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        match event {
            ChallengeEvent::Created => {
                let event = InboxEvent::Challenge {
                    challenge: record.view(id),
                };
                self.announce_once(&record.opponent, &event, Some(&format!("challenge:{id}")))
                    .await?;
            }
            ChallengeEvent::Accepted => {
                if let Some(match_id) = &record.match_id {
                    let planned = self.plan_match(
                        record.challenger.clone(),
                        record.opponent.clone(),
                        &record.challenger,
                        &record.match_request(),
                    )?;
                    self.write_match(match_id, &planned).await?;
                } else if let Some(game_id) = &record.game_id
                    && self.store().version(game_id).await?.is_none()
                {
                    let game = SeatedGame {
                        turn_time_limit_ms: Some(record.turn_time_limit_ms),
                        game_id: Some(game_id.clone()),
                        ..SeatedGame::new(record.spec.clone(), table(&record))
                    };
                    let via = Via::Challenge {
                        challenge_id: id.to_owned(),
                        rated: record.rated,
                    };
                    self.create_seated(game, via).await?;
                }
                let event = InboxEvent::ChallengeAccepted {
                    challenge: record.view(id),
                };
                self.announce_once(
                    &record.challenger,
                    &event,
                    Some(&format!("challenge_answer:{id}")),
                )
                .await?;
            }
            ChallengeEvent::Declined => {
                let event = InboxEvent::ChallengeDeclined {
                    challenge: record.view(id),
                };
                self.announce_once(
                    &record.challenger,
                    &event,
                    Some(&format!("challenge_answer:{id}")),
                )
                .await?;
            }
            ChallengeEvent::Canceled => {
                let event = InboxEvent::ChallengeCanceled {
                    challenge: record.view(id),
                };
                self.announce_once(
                    &record.opponent,
                    &event,
                    Some(&format!("challenge_answer:{id}")),
                )
                .await?;
            }
        }
        Ok(())
    }
}

/// Which bot of a challenge may make a change.
#[derive(Clone, Copy)]
enum Side {
    Challenger,
    Opponent,
}

/// The seats of an accepted challenge's game: the two bots at random seats of different
/// sides, house players in the others.
fn table(record: &ChallengeRecord) -> Vec<SeatFor> {
    let n = record.rules.seats() as Seat;
    let sides = record.rules.sides();
    let mut rng = rand::rng();
    let mut seats: Vec<Seat> = (0..n).collect();
    seats.shuffle(&mut rng);
    let a = seats[0];
    let b = seats
        .iter()
        .copied()
        .find(|&s| sides.of(s) != sides.of(a))
        .unwrap_or(seats[1]);
    (0..n)
        .map(|s| {
            if s == a {
                SeatFor::Account(record.challenger.clone())
            } else if s == b {
                SeatFor::Account(record.opponent.clone())
            } else {
                SeatFor::House(record.house)
            }
        })
        .collect()
}
