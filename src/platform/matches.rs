//! Duplicate matches: two players, a game, a number of deals; every deal played in every
//! seating of [`duplicate::seatings`] (twice with the partnerships swapped, or twice per seat
//! with every player alone) as a game of one hand (`max_hands` 1) from one server-drawn seed per
//! deal, so each play of a deal has the same cards. The result is the mean over the deals of
//! A's points per seat minus B's, with its 95% confidence interval ([`duplicate`]).
//!
//! A match is a record in the store beside the games, under an id no game can have
//! (`match.<id>`: a game id has no `.`), written as named MessagePack. It is written before its
//! games are created, so a game that ends at once (house players only) finds it; each game
//! knows its match and its place in it ([`Series`]), and when it ends the replica that wrote
//! its end records the deal's points in the match (a compare-and-set loop, so concurrent ends
//! never lose one; setting a play's points twice sets the same points). Reading a match is one
//! store read. Its games are seeded (the seed stays on the server), so they are not rated:
//! the match is their result.

use serde::{Deserialize, Serialize};

use super::env::Platform;
use super::inbox::{InboxEvent, Via};
use super::queue::DEFAULT_TURN_LIMIT_MS;
use super::wire::{CreateMatchRequest, Match, MatchDeal, MatchPlay, MatchResult, MatchStatus};
use crate::bots::duplicate::{self, Seating};
use crate::engine::{Ruleset, RulesetSpec, Seat};
use crate::error::{Code, Error};
use crate::games::new_game_id;
use crate::games::{GameRecord, SeatFor, SeatedGame, Series};
use crate::games::{check_turn_limit, now_ms};
use crate::games::{fold, house_strategy};
use crate::store::{StoreError, Write};

/// The most deals a match has.
pub const MAX_MATCH_DEALS: u32 = 100;

/// The most games a match has (deals times seatings).
pub const MAX_MATCH_GAMES: usize = 200;

/// How many of a match's games are created at once.
const CREATE_CONCURRENCY: usize = 8;

/// What the store id of a match starts with (no game id has a `.`).
pub(super) const STORE_PREFIX: &str = "match.";

/// The store id of match `id`.
fn store_id(id: &str) -> String {
    format!("{STORE_PREFIX}{id}")
}

/// A match's events, recorded with its record in the outbox and applied by `effects`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MatchEvent {
    /// A duplicate match was asked for (the event of its record): its games are created.
    MatchStarted,
}

impl MatchEvent {
    /// The event as the outbox stores it (JSON).
    pub(super) fn encode(&self) -> Result<Vec<u8>, Error> {
        serde_json::to_vec(self).map_err(|_| Error::Internal)
    }
}

/// A stored match (named MessagePack: fields may be added with a default).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct MatchRecord {
    a: String,
    b: String,
    created_by: String,
    rules: Ruleset,
    deals: u32,
    seatings: Vec<Seating>,
    created_unix_ms: u64,
    /// The game of each play made so far, deal by deal (`deal * plays + play`): a prefix of
    /// `planned`, recorded as the outbox's worker makes them.
    games: Vec<String>,
    /// The ids the games get, drawn when the match is asked for, so that a creation tried
    /// again makes the same games (empty in a match stored before they were).
    #[serde(default)]
    planned: Vec<String>,
    /// The ruleset as asked (`max_hands` 1), each game's.
    #[serde(default)]
    spec: Option<RulesetSpec>,
    /// The time limit per decision of every game.
    #[serde(default)]
    turn_time_limit_ms: Option<u64>,
    /// Each deal's seed (never shown).
    #[serde(default)]
    seeds: Vec<u64>,
    /// The points each side scored in each play's deal, once its game is over.
    points: Vec<Option<Vec<i32>>>,
    #[serde(default)]
    finished_unix_ms: Option<u64>,
}

impl MatchRecord {
    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec_named(self).map_err(|_| Error::Internal)
    }

    fn decode(data: &[u8]) -> Result<MatchRecord, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable match record");
            Error::Internal
        })
    }

    fn plays(&self) -> usize {
        self.seatings.len()
    }

    /// The match as the API shows it.
    fn view(&self, id: &str) -> Match {
        let plays = self.plays();
        let mut diffs = Vec::new();
        let (mut a_points, mut b_points) = (0.0, 0.0);
        let deal_results = (0..self.deals as usize)
            .map(|deal| {
                let mut stats = Vec::with_capacity(plays);
                let mut plays_out: Vec<MatchPlay> = (0..plays)
                    .map(|play| {
                        let i = deal * plays + play;
                        let seating = self.seatings[play];
                        let points = self.points.get(i).cloned().flatten();
                        let stat = points
                            .as_ref()
                            .map(|p| duplicate::play_statistic(&self.rules, seating, p));
                        if let (Some(p), Some(s)) = (&points, stat) {
                            stats.push((s, duplicate::seat_means(&self.rules, seating, p)));
                        }
                        let game_id = self.games.get(i).cloned();
                        MatchPlay {
                            log: game_id.as_ref().map(|g| format!("/v1/games/{g}/log")),
                            game_id,
                            a_seats: (0..self.rules.players as Seat)
                                .filter(|&s| duplicate::is_a(seating, s))
                                .collect(),
                            finished: points.is_some(),
                            points,
                            a_minus_b: stat,
                        }
                    })
                    .collect();
                let complete = stats.len() == plays;
                if !complete {
                    // Until every seating of the deal is over nothing of it is shown: not its
                    // games (their ids would lead to their logs and cards), not their points.
                    for p in &mut plays_out {
                        p.game_id = None;
                        p.log = None;
                        p.points = None;
                        p.a_minus_b = None;
                    }
                }
                let a_minus_b = complete.then(|| {
                    let n = plays as f64;
                    a_points += stats.iter().map(|(_, (a, _))| a).sum::<f64>() / n;
                    b_points += stats.iter().map(|(_, (_, b))| b).sum::<f64>() / n;
                    stats.iter().map(|(s, _)| s).sum::<f64>() / n
                });
                if let Some(d) = a_minus_b {
                    diffs.push(d);
                }
                MatchDeal {
                    deal: deal as u32,
                    plays: plays_out,
                    a_minus_b,
                }
            })
            .collect();
        let result = (!diffs.is_empty()).then(|| {
            let (mean, ci) = duplicate::mean_ci(&diffs);
            let n = diffs.len() as f64;
            MatchResult {
                deals_counted: diffs.len() as u32,
                a_minus_b: mean,
                ci95_low: mean - ci,
                ci95_high: mean + ci,
                ci_method: duplicate::CI_METHOD.into(),
                a_points_per_deal: a_points / n,
                b_points_per_deal: b_points / n,
            }
        });
        Match {
            match_id: id.to_owned(),
            status: if self.finished_unix_ms.is_some() {
                MatchStatus::Finished
            } else if self.games.len() < self.planned.len() {
                MatchStatus::Starting
            } else {
                MatchStatus::Playing
            },
            a: self.a.clone(),
            b: self.b.clone(),
            created_by: self.created_by.clone(),
            ruleset: self.rules,
            deals: self.deals,
            plays_per_deal: plays as u32,
            created_unix_ms: self.created_unix_ms,
            finished_unix_ms: self.finished_unix_ms,
            result,
            deal_results,
        }
    }
}

/// Whether `id` could be a match's id (16 of `[a-z0-9]`, as game ids): any other names no
/// match.
fn valid_match_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn match_not_found(id: &str) -> Error {
    Error::refused(
        Code::MatchNotFound,
        format!(
            "no match {:?} (a match is kept a day after its last change)",
            id.chars().take(64).collect::<String>()
        ),
    )
}

impl Platform {
    /// Starts a duplicate match asked for by bot `caller` and answers it at once: its record
    /// is written with a `match_started` event, and the outbox's worker creates its games
    /// ([`start_match_games`](Self::start_match_games)), each seat of a bot announced in its
    /// inbox. A match is between the caller and a house account, or between two house
    /// accounts: another bot plays only a challenge it accepted (`challenge_required`).
    pub async fn create_match(
        &self,
        caller: &str,
        req: CreateMatchRequest,
    ) -> Result<Match, Error> {
        let a = self.match_player(&req.a).await?;
        let b = self.match_player(&req.b).await?;
        let caller_plays = fold(&a) == fold(caller) || fold(&b) == fold(caller);
        let house_only = house_strategy(&a).is_some() && house_strategy(&b).is_some();
        if !caller_plays && !house_only {
            return Err(Error::refused(
                Code::InvalidMatch,
                format!(
                    "a bot asks for matches it plays in ({caller:?} is neither `a` nor `b`), or between two house accounts"
                ),
            ));
        }
        for other in [&a, &b] {
            if house_strategy(other).is_none() && fold(other) != fold(caller) {
                return Err(Error::refused(
                    Code::ChallengeRequired,
                    format!(
                        "{other:?} is another bot: it plays only a match it accepted; challenge it with POST /v1/challenges (`deals` makes the challenge a duplicate match)"
                    ),
                ));
            }
        }
        let record = self.plan_match(a, b, caller, &req)?;
        // Counted once the request is valid, before anything is written: a running match first
        // (refused at a bound, nothing counted), then the hourly allowance (a refusal there
        // takes the running match off again, so a refused request does not count).
        let id = new_game_id();
        let bot = fold(caller);
        self.reserve_running_match(&id, &bot).await?;
        let started = match &self.match_limit {
            Some(limit) => limit.check(&bot),
            None => Ok(()),
        };
        let started = match started {
            // 80 random bits: a taken id is a bug, not a coincidence.
            Ok(()) => self
                .write_match(&id, &record)
                .await
                .and_then(|m| m.ok_or(Error::Internal)),
            Err(e) => Err(e),
        };
        if started.is_err()
            && let Err(e) = self.release_running_match(&id).await
        {
            // Its entry is dropped when a bound it counts against is reached (the match is gone).
            tracing::warn!(match_id = %id, error = %e, "a refused match still counts as running");
        }
        started
    }

    /// A match between `a` and `b` (names as registered) asked for by `created_by`, checked
    /// and planned (its game ids and seeds drawn) but not written. A match that seats a bot
    /// has a turn clock (the default if none is asked for).
    pub(super) fn plan_match(
        &self,
        a: String,
        b: String,
        created_by: &str,
        req: &CreateMatchRequest,
    ) -> Result<MatchRecord, Error> {
        if fold(&a) == fold(&b) {
            return Err(Error::refused(
                Code::InvalidMatch,
                "a match is between two different players: `a` and `b` name the same",
            ));
        }
        let mut spec = req.ruleset.clone().unwrap_or_default();
        spec.max_hands = Some(1);
        let rules = spec.build()?;
        let seatings = duplicate::seatings(rules.sides());
        let plays = seatings.len();
        let games = req.deals as usize * plays;
        if req.deals == 0 || req.deals > MAX_MATCH_DEALS || games > MAX_MATCH_GAMES {
            return Err(Error::refused(
                Code::InvalidMatch,
                format!(
                    "`deals` is 1 to {MAX_MATCH_DEALS}, and at most {MAX_MATCH_GAMES} games in all: each deal is played {plays} times in this game, so at most {} deals",
                    (MAX_MATCH_GAMES / plays).min(MAX_MATCH_DEALS as usize)
                ),
            ));
        }
        check_turn_limit(req.turn_time_limit_ms)?;
        let seats_a_bot = house_strategy(&a).is_none() || house_strategy(&b).is_none();
        let turn_time_limit_ms = req
            .turn_time_limit_ms
            .or(seats_a_bot.then_some(DEFAULT_TURN_LIMIT_MS));
        let seeds: Vec<u64> = (0..req.deals).map(|_| rand::random()).collect();
        Ok(MatchRecord {
            a,
            b,
            created_by: created_by.to_owned(),
            rules,
            deals: req.deals,
            seatings,
            created_unix_ms: now_ms(),
            games: Vec::new(),
            planned: (0..games).map(|_| new_game_id()).collect(),
            spec: Some(spec),
            turn_time_limit_ms,
            seeds,
            points: vec![None; games],
            finished_unix_ms: None,
        })
    }

    /// Writes planned match `record` under id `id` with its `match_started` event, and
    /// answers it; None if the id is taken.
    pub(super) async fn write_match(
        &self,
        id: &str,
        record: &MatchRecord,
    ) -> Result<Option<Match>, Error> {
        let data = record.encode()?;
        let event = MatchEvent::MatchStarted.encode()?;
        let write = Write {
            events: &[&event],
            ..Write::create(1, &data)
        };
        match self.store().write(&store_id(id), write).await {
            Ok(()) => {
                self.games.outbox_wake().ring();
                tracing::info!(match_id = %id, a = %record.a, b = %record.b, games = record.planned.len(), "match asked for");
                Ok(Some(record.view(id)))
            }
            Err(StoreError::AlreadyExists) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether match `id` still runs: stored and not finished (`gone_is_over`: a match not in
    /// the store has finished or expired, or was never written; else it may be about to be).
    pub(super) async fn match_running(&self, id: &str, gone_is_over: bool) -> Result<bool, Error> {
        match self.load_match(id).await {
            Ok(m) => Ok(m.finished_unix_ms.is_none()),
            Err(e) if e.code() == Code::MatchNotFound => Ok(!gone_is_over),
            Err(e) => Err(e),
        }
    }

    /// The `match_started` event of match `id` (see `effects`): creates the games of its
    /// plays not made yet (each under its planned id: one that exists was made by an earlier
    /// try), a few at a time, recording each batch on the match. A match that is gone has
    /// nothing left to make.
    pub(super) async fn start_match_games(&self, id: &str) -> Result<(), Error> {
        let record = match self.load_match(id).await {
            Ok(r) => r,
            Err(e) if e.code() == Code::MatchNotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let Some(spec) = record.spec.clone() else {
            return Ok(()); // stored before matches were made in the background
        };
        let plays = record.plays();
        let mut made = record.games.len();
        while made < record.planned.len() {
            let end = (made + CREATE_CONCURRENCY).min(record.planned.len());
            let jobs = (made..end).map(|i| {
                let (deal, play) = (i / plays, i % plays);
                let seating = record.seatings[play];
                let seats = (0..record.rules.players as Seat)
                    .map(|s| {
                        if duplicate::is_a(seating, s) {
                            record.a.clone()
                        } else {
                            record.b.clone()
                        }
                    })
                    .collect::<Vec<_>>();
                let link = Series {
                    id: id.to_owned(),
                    deal: deal as u32,
                    play: play as u32,
                    siblings: (0..plays)
                        .filter(|&p| p != play)
                        .map(|p| record.planned[deal * plays + p].clone())
                        .collect(),
                };
                self.create_match_game(
                    &record.planned[i],
                    spec.clone(),
                    seats,
                    record.seeds[deal],
                    record.turn_time_limit_ms,
                    link,
                )
            });
            futures_util::future::try_join_all(jobs).await?;
            let planned = &record.planned[..end];
            let outcome = self
                .update_match(id, |r| {
                    if r.games.len() >= planned.len() {
                        return false;
                    }
                    r.games = planned.to_vec();
                    true
                })
                .await;
            match outcome {
                Ok(_) => {}
                Err(e) if e.code() == Code::MatchNotFound => return Ok(()),
                Err(e) => return Err(e),
            }
            made = end;
        }
        tracing::info!(match_id = %id, games = made, "match started");
        Ok(())
    }

    /// A match.
    pub async fn get_match(&self, id: &str) -> Result<Match, Error> {
        if !valid_match_id(id) {
            return Err(match_not_found(id));
        }
        Ok(self.load_match(id).await?.view(id))
    }

    /// Creates the game of one play under id `game_id` (nothing if it exists: an earlier try
    /// made it): the seats of `seats` (account names: house accounts are house players, others
    /// bots seated through their inboxes), the deal of `seed`.
    async fn create_match_game(
        &self,
        game_id: &str,
        ruleset: RulesetSpec,
        seats: Vec<String>,
        seed: u64,
        turn_time_limit_ms: Option<u64>,
        link: Series,
    ) -> Result<(), Error> {
        if self.store().version(game_id).await?.is_some() {
            return Ok(());
        }
        let seats = seats
            .into_iter()
            .map(|name| match house_strategy(&name) {
                Some(strategy) => SeatFor::House(strategy),
                None => SeatFor::Account(name),
            })
            .collect();
        let via = Via::Match {
            match_id: link.id.clone(),
            deal: link.deal,
            play: link.play,
        };
        let game = SeatedGame {
            seed: Some(seed),
            turn_time_limit_ms,
            game_id: Some(game_id.to_owned()),
            series: Some(link),
            ..SeatedGame::new(ruleset, seats)
        };
        self.create_seated(game, via).await?;
        Ok(())
    }

    /// A match's player: a house account or a registered bot, by its name as registered.
    async fn match_player(&self, name: &str) -> Result<String, Error> {
        self.registered_name(name).await?.ok_or_else(|| {
            Error::refused(
                Code::BotNotFound,
                format!(
                    "no bot named {:?}",
                    name.chars().take(64).collect::<String>()
                ),
            )
        })
    }

    /// Changes match `id` with `change` (false: no change to write) in a compare-and-set loop;
    /// answers the record as it is now (written, or as read when `change` changed nothing).
    async fn update_match(
        &self,
        id: &str,
        mut change: impl FnMut(&mut MatchRecord) -> bool,
    ) -> Result<MatchRecord, Error> {
        let key = store_id(id);
        loop {
            let stored = self
                .store()
                .load(&key)
                .await?
                .ok_or_else(|| match_not_found(id))?;
            let mut record = MatchRecord::decode(&stored.data)?;
            if !change(&mut record) {
                return Ok(record);
            }
            let data = record.encode()?;
            match self
                .store()
                .write(
                    &key,
                    Write::update(stored.version, stored.version + 1, &data),
                )
                .await
            {
                Ok(()) => return Ok(record),
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// A game has ended: if it is a play of a duplicate match, records its deal's points in the
    /// match (once; a retry records the same), and when that completes the match tells its
    /// bots (`match_finished`, once each). Failures are logged and answered (the caller's
    /// event is retried); a game of no match, or of one that is gone, has nothing to do.
    pub(super) async fn match_game_over(&self, record: &GameRecord) -> Result<(), Error> {
        let Some(link) = &record.series else {
            return Ok(());
        };
        let Some(hand) = record.game.last_hand() else {
            return Ok(());
        };
        let points: Vec<i32> = hand.score_delta.sides().map(|(_, p)| *p).collect();
        let outcome = self
            .update_match(&link.id, |m| {
                let i = link.deal as usize * m.plays() + link.play as usize;
                if m.points.get(i).is_none_or(Option::is_some) {
                    return false;
                }
                m.points[i] = Some(points.clone());
                if m.points.iter().all(Option::is_some) {
                    m.finished_unix_ms = Some(now_ms());
                }
                true
            })
            .await;
        // A retry finds its deal recorded: the deal's games are attached and the bots told
        // again if the match is over, in case the first try failed after recording (attaching
        // twice changes nothing; each bot is told once whatever the retries).
        if let Ok(m) = &outcome {
            self.attach_whole_deal(m, link.deal as usize).await?;
        }
        let m = match outcome {
            Ok(m) if m.finished_unix_ms.is_some() => {
                // Retried with the event until it is done (it does nothing when done already).
                self.release_running_match(&link.id).await?;
                m
            }
            Ok(_) => return Ok(()),
            // A match that is gone has no deal to record, now or later.
            Err(e) if e.code() == Code::MatchNotFound => {
                tracing::info!(match_id = %link.id, "a game's match is gone");
                return Ok(());
            }
            Err(e) => {
                tracing::warn!(match_id = %link.id, error = %e, "a match's deal was not recorded yet");
                return Err(e);
            }
        };
        let once = format!("match_finished:{}", link.id);
        let event = InboxEvent::MatchFinished {
            match_id: link.id.clone(),
        };
        let mut told = Ok(());
        for player in [&m.a, &m.b] {
            if house_strategy(player).is_some() {
                continue;
            }
            if let Err(e) = self.announce_once(player, &event, Some(&once)).await {
                tracing::warn!(match_id = %link.id, error = %e, "a bot was not told its match is over");
                told = told.and(Err(e));
            }
        }
        told
    }

    /// Once every play of deal `deal` is over, attaches its games to the match's players'
    /// accounts (their profiles list them): not before, so that no profile shows the id of a
    /// play of a deal still being played (see `GameService::deal_in_play`).
    async fn attach_whole_deal(&self, m: &MatchRecord, deal: usize) -> Result<(), Error> {
        let plays = m.plays();
        let range = deal * plays..(deal + 1) * plays;
        let whole = m
            .points
            .get(range.clone())
            .is_some_and(|p| p.iter().all(Option::is_some));
        if !whole {
            return Ok(());
        }
        let players = [m.a.clone(), m.b.clone()];
        // The planned ids: a game that ended may not be recorded in `games` yet.
        let ids = if m.planned.is_empty() {
            &m.games
        } else {
            &m.planned
        };
        for game in ids.get(range).unwrap_or_default() {
            self.try_attach(&players, game).await?;
        }
        Ok(())
    }

    async fn load_match(&self, id: &str) -> Result<MatchRecord, Error> {
        let stored = self
            .store()
            .load(&store_id(id))
            .await?
            .ok_or_else(|| match_not_found(id))?;
        MatchRecord::decode(&stored.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_ids_are_not_game_ids_in_the_store() {
        let id = new_game_id();
        assert!(valid_match_id(&id));
        assert!(crate::games::GameId::parse(&store_id(&id)).is_err());
        assert!(!valid_match_id("match.x"));
        assert!(!valid_match_id(""));
    }

    #[test]
    fn a_match_view_counts_only_whole_deals() {
        let rules = RulesetSpec {
            max_hands: Some(1),
            ..RulesetSpec::default()
        }
        .build()
        .unwrap();
        let seatings = duplicate::seatings(rules.sides());
        let mut r = MatchRecord {
            a: "a".into(),
            b: "house-random".into(),
            created_by: "a".into(),
            rules,
            deals: 2,
            seatings,
            created_unix_ms: 1,
            games: (0..4).map(|i| format!("g{i}")).collect(),
            planned: (0..4).map(|i| format!("g{i}")).collect(),
            spec: None,
            turn_time_limit_ms: None,
            seeds: vec![1, 2],
            points: vec![Some(vec![4, 0]), Some(vec![0, -2]), Some(vec![1, 0]), None],
            finished_unix_ms: None,
        };
        let v = r.view("m");
        // Deal 0: A (even seats, team 0) +4, then A in the odd seats (team 1) -2 against 0.
        assert_eq!(v.deal_results[0].plays[0].a_minus_b, Some(4.0));
        assert_eq!(v.deal_results[0].plays[1].a_minus_b, Some(-2.0));
        assert_eq!(v.deal_results[0].a_minus_b, Some(1.0));
        assert_eq!(
            v.deal_results[1].a_minus_b, None,
            "a deal counts when whole"
        );
        let result = v.result.unwrap();
        assert_eq!(result.deals_counted, 1);
        assert_eq!(result.a_minus_b, 1.0);
        assert_eq!(result.a_points_per_deal, 1.0);
        assert_eq!(result.b_points_per_deal, 0.0);
        assert_eq!(v.status, MatchStatus::Playing);
        assert_eq!(v.deal_results[1].plays[1].a_seats, vec![1, 3]);
        r.points[3] = Some(vec![3, 0]);
        r.finished_unix_ms = Some(2);
        let v = r.view("m");
        assert_eq!(v.status, MatchStatus::Finished);
        let result = v.result.unwrap();
        assert_eq!(result.deals_counted, 2);
        // Deal 1: +1 then -3: -1. Mean 0, the interval t(1) * sd(1, -1) / sqrt 2.
        assert_eq!(result.a_minus_b, 0.0);
        assert!(
            (result.ci95_high - duplicate::t_975(1.0)).abs() < 1e-9,
            "{}",
            result.ci95_high
        );
    }
}
