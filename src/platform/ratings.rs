//! Ratings: a finished rated game updates each account's rating in the game's pool, a preset
//! at a player count (Weng-Lin, from the `skillratings` crate: partnerships are teams, every
//! player alone is a team of one), once; each rating keeps its history; and the leaderboards,
//! ranked by a conservative estimate (the rating less three uncertainties).
//!
//! Which games are rated is decided when the platform forms them ([`rated_table`]): only the
//! server's own tables (matchmaking, an accepted rated challenge), with a turn clock, a deal
//! the server draws, the preset's own rules at the table's player count (its full length), and
//! no bot account in two seats (house players may fill several). The core keeps the answer
//! with the game (`rated`), and its end is rated from that alone. A seat that forfeits (its
//! clock ran out too often) places its side last.
//!
//! Once: the store's [`rate`](crate::store::GameStore::rate) marks the game rated in the same
//! atomic step that compare-and-sets the ratings it read, so whichever replica finishes the
//! game, and however often its last move is retried, the game counts once; a rating that lost a
//! race with another game's reads again and retries. A game costs two round trips at its end:
//! the ratings' read and the rating.
//!
//! An account in several seats of one game (a house account in two house seats, even on both
//! sides) is rated from each seat as from its rating before the game; its new rating is the old
//! one plus the sum of its seats' changes, its uncertainty the smallest of theirs, and the game
//! counts once in its games.
//!
//! The rating is made by the request (or background step) whose write finishes the game, right
//! after it. If the store fails it then, the game goes into the deadline index and a sweeper
//! rates it a moment later. What is not covered: a replica that stops between the finishing
//! write and its rating (a crash, a kill) leaves the game unrated.

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use super::env::Platform;
use super::wire::{
    Leaderboard, LeaderboardEntry, PoolInfo, RatingChange, RatingHistory, RatingPoint,
};
use crate::engine::{Outcome, Preset, Ruleset, RulesetSpec};
use crate::error::{Code, Error};
use crate::games::{GameRecord, SeatFor, now_ms};
use crate::games::{fold, house_strategy};
use crate::store::{RateOutcome, RatingWrite, StoreError};

/// A rating is provisional (marked so on the leaderboards and profiles) until this many rated
/// games.
pub const PROVISIONAL_GAMES: u32 = 10;

/// How many uncertainties the leaderboards' conservative estimate takes off the rating (as
/// TrueSkill's leaderboards do): a bot ranks high once it is surely good, not after one lucky
/// game.
pub const CONSERVATIVE_SIGMAS: f64 = 3.0;

/// How many points of its history a rating keeps (its most recent).
pub const HISTORY_POINTS: usize = 500;

/// A rated pool: a preset at a player count (`pepper` for 3 is not `pepper` for 4). Its name
/// is the preset's and the count's, `pepper-3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    /// The preset.
    pub preset: Preset,
    /// The number of players.
    pub players: u8,
}

impl Pool {
    /// Every pool: each preset at each player count it offers.
    pub fn all() -> Vec<Pool> {
        Preset::ALL
            .iter()
            .flat_map(|&preset| {
                preset
                    .player_counts()
                    .iter()
                    .map(move |&players| Pool { preset, players })
            })
            .collect()
    }

    /// The pool of a game of these rules.
    pub fn of(rules: &Ruleset) -> Pool {
        Pool {
            preset: rules.preset,
            players: rules.players,
        }
    }

    /// The pool's name (`hasenpfeffer-4`), its board's in the store.
    pub fn name(self) -> String {
        format!("{}-{}", self.preset.name(), self.players)
    }

    /// The pool named `name`: `preset-N` for a count the preset offers, or a preset's name
    /// alone for its usual count (`hasenpfeffer`: `hasenpfeffer-4`).
    pub fn named(name: &str) -> Option<Pool> {
        if let Some(preset) = Preset::ALL.iter().find(|p| p.name() == name) {
            return Some(Pool::of(&RulesetSpec::from(*preset).build().ok()?));
        }
        let (preset, n) = name.rsplit_once('-')?;
        let preset = *Preset::ALL.iter().find(|p| p.name() == preset)?;
        let players: u8 = n.parse().ok().filter(|_| n.len() == 1)?;
        preset
            .player_counts()
            .contains(&players)
            .then_some(Pool { preset, players })
    }

    /// The rules a rated game of the pool is played by: the preset's own at its player count.
    pub fn rules(self) -> Option<Ruleset> {
        RulesetSpec {
            players: Some(self.players),
            ..RulesetSpec::from(self.preset)
        }
        .build()
        .ok()
    }

    /// The pool as listed.
    pub fn info(self) -> PoolInfo {
        PoolInfo {
            pool: self.name(),
            preset: self.preset,
            players: self.players,
            leaderboard: format!("/v1/leaderboards/{}", self.name()),
        }
    }
}

/// Whether a table the platform forms is rated, given that its kind allows it (`formed`:
/// matchmaking's, an accepted rated challenge's): a turn clock, a deal the server draws, the
/// preset's own rules at the table's player count, and no bot account in two seats.
pub fn rated_table(
    formed: bool,
    rules: &Ruleset,
    seats: &[SeatFor],
    seed: Option<u64>,
    turn_time_limit_ms: Option<u64>,
) -> bool {
    let mut bots: Vec<String> = seats
        .iter()
        .filter_map(|s| match s {
            SeatFor::Account(name) => Some(fold(name)),
            SeatFor::House(_) => None,
        })
        .collect();
    let n = bots.len();
    bots.sort();
    bots.dedup();
    formed
        && seed.is_none()
        && turn_time_limit_ms.is_some()
        && bots.len() == n
        && Pool::of(rules).rules().as_ref() == Some(rules)
}

/// The leaderboards' order: the rating less [`CONSERVATIVE_SIGMAS`] uncertainties.
pub fn conservative(rating: f64, uncertainty: f64) -> f64 {
    rating - CONSERVATIVE_SIGMAS * uncertainty
}

/// How many times a rating that lost a race with another game's is read and tried again.
const RATE_RETRIES: usize = 16;

/// The default number of entries of a leaderboard page.
pub const DEFAULT_BOARD_LIMIT: usize = 20;
/// The most entries of a leaderboard page.
pub const MAX_BOARD_LIMIT: usize = 100;

/// A stored rating (MessagePack, positional: new fields go at the end, with a default).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RatingRecord {
    /// The account's name as registered (the board's member is its folded name).
    pub name: String,
    /// Weng-Lin's mu.
    pub rating: f64,
    /// Weng-Lin's sigma.
    pub uncertainty: f64,
    /// Rated games in the pool.
    pub games: u32,
    /// The rating after each of its most recent games (at most [`HISTORY_POINTS`]), oldest
    /// first (stored last: a rating stored before it reads with none).
    #[serde(default)]
    pub history: Vec<StoredPoint>,
}

/// One point of a rating's history (positional MessagePack, as the rating).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredPoint {
    /// The game that moved it.
    pub game_id: String,
    /// When (ms since the Unix epoch).
    pub at: u64,
    /// The rating after it.
    pub rating: f64,
    /// Its uncertainty after it.
    pub uncertainty: f64,
}

impl RatingRecord {
    fn new(name: &str) -> Self {
        let start = WengLinRating::new();
        RatingRecord {
            name: name.to_owned(),
            rating: start.rating,
            uncertainty: start.uncertainty,
            games: 0,
            history: Vec::new(),
        }
    }

    /// The rating before game `game_id` and after it, if its history has the game.
    fn change_of(&self, game_id: &str) -> Option<(WengLinRating, WengLinRating)> {
        let i = self.history.iter().position(|p| p.game_id == game_id)?;
        let after = &self.history[i];
        let before = match i.checked_sub(1) {
            Some(j) => WengLinRating {
                rating: self.history[j].rating,
                uncertainty: self.history[j].uncertainty,
            },
            // Its first kept point: from the start if it was the first game.
            None if self.games as usize == self.history.len() => WengLinRating::new(),
            None => return None,
        };
        Some((
            before,
            WengLinRating {
                rating: after.rating,
                uncertainty: after.uncertainty,
            },
        ))
    }

    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec(self).map_err(|_| Error::Internal)
    }

    pub(super) fn decode(data: &[u8]) -> Result<Self, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable rating");
            Error::Internal
        })
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating {
            rating: self.rating,
            uncertainty: self.uncertainty,
        }
    }
}

/// Each side's place in a finished game, from 1: the winners (one side, or every side sharing
/// the best score on a draw) first; the others after them by score (higher is better, lower
/// where scores count down), equal scores sharing a place. A side whose seat forfeited is
/// last, the others placed by their scores.
pub fn side_places(record: &GameRecord) -> Vec<usize> {
    let game = &record.game;
    let scores: Vec<i32> = game.scores().sides().map(|(_, s)| *s).collect();
    let down = game.rules().counts_down();
    let better = |a: i32, b: i32| if down { a < b } else { a > b };
    if let Some(seat) = record.forfeit {
        let lost = game.rules().sides().of(seat) as usize;
        return (0..scores.len())
            .map(|s| {
                if s == lost {
                    scores.len()
                } else {
                    1 + (0..scores.len())
                        .filter(|&o| o != lost && better(scores[o], scores[s]))
                        .count()
                }
            })
            .collect();
    }
    let winners: Vec<bool> = match game.outcome() {
        Some(Outcome::Winner(t)) => (0..scores.len()).map(|s| s == t as usize).collect(),
        _ => {
            let best = if down {
                scores.iter().copied().min()
            } else {
                scores.iter().copied().max()
            };
            scores.iter().map(|s| Some(*s) == best).collect()
        }
    };
    (0..scores.len())
        .map(|s| {
            if winners[s] {
                1
            } else {
                2 + (0..scores.len())
                    .filter(|&o| !winners[o] && better(scores[o], scores[s]))
                    .count()
            }
        })
        .collect()
}

/// Each account's new rating after a game: `seats` holds each seat's account (an index into
/// `before`), `sides` each seat's side, `places` each side's place.
pub fn rate_seats(
    before: &[RatingRecord],
    seats: &[usize],
    sides: &[usize],
    places: &[usize],
) -> Vec<RatingRecord> {
    let mut teams: Vec<Vec<WengLinRating>> = vec![Vec::new(); places.len()];
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); places.len()];
    for (seat, &account) in seats.iter().enumerate() {
        teams[sides[seat]].push(before[account].weng_lin());
        members[sides[seat]].push(account);
    }
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(t, p)| (t.as_slice(), MultiTeamOutcome::new(*p)))
        .collect();
    let after = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    let mut out: Vec<RatingRecord> = before.to_vec();
    let mut uncertainty: Vec<f64> = before.iter().map(|r| r.uncertainty).collect();
    for (team, new) in members.iter().zip(&after) {
        for (&account, new) in team.iter().zip(new) {
            out[account].rating += new.rating - before[account].rating;
            uncertainty[account] = uncertainty[account].min(new.uncertainty);
        }
    }
    for (r, u) in out.iter_mut().zip(uncertainty) {
        r.uncertainty = u;
        r.games += 1;
    }
    out
}

impl Platform {
    /// Rates finished game `id` (`record`) if it is rated (see [`rated_table`]; its deal the
    /// server's and every seat an account's), once whatever the retries (the store's rated
    /// set), and answers each bot account's change (folded name and change; empty for a game
    /// that is not rated): the change this call made, or the one an earlier call made, from
    /// the ratings' histories. `effects` calls this for the game's `finished` event.
    pub(super) async fn rate_finished(
        &self,
        id: &str,
        record: &GameRecord,
    ) -> Result<Vec<(String, RatingChange)>, Error> {
        if !record.over() || !record.rated || !record.deal.ranked_eligible() {
            return Ok(Vec::new());
        }
        // Every seat's account (its name as shown), or no rating.
        let Some(names) = record
            .seats
            .iter()
            .map(|s| s.account_name())
            .collect::<Option<Vec<String>>>()
        else {
            return Ok(Vec::new());
        };
        let mut accounts: Vec<(String, String)> = Vec::new(); // (folded, name)
        let seats: Vec<usize> = names
            .iter()
            .map(|n| {
                let key = fold(n);
                match accounts.iter().position(|(k, _)| *k == key) {
                    Some(i) => i,
                    None => {
                        accounts.push((key, n.clone()));
                        accounts.len() - 1
                    }
                }
            })
            .collect();
        let rules = record.game.rules();
        let pool = Pool::of(rules);
        let board = pool.name();
        let sides: Vec<usize> = (0..record.seats.len())
            .map(|s| rules.sides().of(s as u8) as usize)
            .collect();
        let places = side_places(record);
        let now = now_ms();
        for _ in 0..RATE_RETRIES {
            let pairs: Vec<(&str, &str)> = accounts
                .iter()
                .map(|(k, _)| (board.as_str(), k.as_str()))
                .collect();
            let stored = self.store().load_ratings(&pairs).await?;
            let mut before = Vec::with_capacity(accounts.len());
            let mut versions = Vec::with_capacity(accounts.len());
            for ((_, name), s) in accounts.iter().zip(&stored) {
                match s {
                    Some(s) => {
                        let mut r = RatingRecord::decode(&s.data)?;
                        r.name.clone_from(name);
                        before.push(r);
                        versions.push(s.version);
                    }
                    None => {
                        before.push(RatingRecord::new(name));
                        versions.push(0);
                    }
                }
            }
            let mut after = rate_seats(&before, &seats, &sides, &places);
            for r in &mut after {
                r.history.push(StoredPoint {
                    game_id: id.to_owned(),
                    at: now,
                    rating: r.rating,
                    uncertainty: r.uncertainty,
                });
                let over = r.history.len().saturating_sub(HISTORY_POINTS);
                r.history.drain(..over);
            }
            let data = after
                .iter()
                .map(RatingRecord::encode)
                .collect::<Result<Vec<_>, _>>()?;
            let writes: Vec<RatingWrite<'_>> = accounts
                .iter()
                .zip(&after)
                .zip(&data)
                .zip(&versions)
                .map(|((((key, _), r), d), v)| RatingWrite {
                    member: key,
                    expected: *v,
                    data: d,
                    score: conservative(r.rating, r.uncertainty),
                })
                .collect();
            match self.store().rate(id, &board, &writes).await {
                Ok(RateOutcome::Rated) => {
                    self.games.metrics().games_rated.inc();
                    tracing::info!(game_id = %id, pool = %board, "game rated");
                    return Ok(changes(&pool, id, &accounts, &after));
                }
                Ok(RateOutcome::AlreadyRated) => {
                    // Rated by an earlier try: its changes are in the histories.
                    return Ok(changes(&pool, id, &accounts, &before));
                }
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::Internal)
    }

    /// A page of `pool`'s leaderboard: from `cursor` (the previous page's `next_cursor`), at
    /// most `limit` bots (1 to [`MAX_BOARD_LIMIT`]), by the conservative estimate. One store
    /// round trip.
    pub async fn leaderboard(
        &self,
        pool: Pool,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<Leaderboard, Error> {
        let offset = match cursor {
            None => 0,
            Some(c) => decode_cursor(c)?,
        };
        let limit = limit.clamp(1, MAX_BOARD_LIMIT);
        let page = self.store().board(&pool.name(), offset, limit).await?;
        let mut entries = Vec::with_capacity(page.entries.len());
        for (i, e) in page.entries.into_iter().enumerate() {
            let r = RatingRecord::decode(&e.data)?;
            entries.push(LeaderboardEntry {
                rank: offset + i as u64 + 1,
                house: house_strategy(&r.name).is_some(),
                conservative: conservative(r.rating, r.uncertainty),
                provisional: r.games < PROVISIONAL_GAMES,
                name: r.name,
                rating: r.rating,
                uncertainty: r.uncertainty,
                games: r.games,
            });
        }
        let next = offset + limit as u64;
        Ok(Leaderboard {
            pool: pool.name(),
            preset: pool.preset,
            players: pool.players,
            total: page.total,
            entries,
            next_cursor: (next < page.total).then(|| next.to_string()),
        })
    }

    /// Bot `name`'s rating in `pool` with its history (`bot_not_found` for no account;
    /// `rating_not_found` if it has no rated game in the pool).
    pub async fn rating_history(&self, name: &str, pool: Pool) -> Result<RatingHistory, Error> {
        let shown = self.registered_name(name).await?.ok_or_else(|| {
            Error::refused(
                Code::BotNotFound,
                format!(
                    "no bot named {:?}",
                    name.chars().take(64).collect::<String>()
                ),
            )
        })?;
        let board = pool.name();
        let stored = self
            .store()
            .load_ratings(&[(board.as_str(), fold(&shown).as_str())])
            .await?;
        let Some(Some(stored)) = stored.into_iter().next() else {
            return Err(Error::refused(
                Code::RatingNotFound,
                format!("{shown:?} has played no rated game in {board}"),
            ));
        };
        let r = RatingRecord::decode(&stored.data)?;
        Ok(RatingHistory {
            name: shown,
            pool: pool.name(),
            preset: pool.preset,
            players: pool.players,
            rating: r.rating,
            uncertainty: r.uncertainty,
            conservative: conservative(r.rating, r.uncertainty),
            provisional: r.games < PROVISIONAL_GAMES,
            games: r.games,
            history: r
                .history
                .iter()
                .map(|p| RatingPoint {
                    game_id: p.game_id.clone(),
                    at_unix_ms: p.at,
                    rating: p.rating,
                    uncertainty: p.uncertainty,
                })
                .collect(),
        })
    }
}

/// Each account's change by game `id`, read from `records`' histories (folded names).
fn changes(
    pool: &Pool,
    id: &str,
    accounts: &[(String, String)],
    records: &[RatingRecord],
) -> Vec<(String, RatingChange)> {
    accounts
        .iter()
        .zip(records)
        .filter_map(|((key, _), r)| {
            let (before, after) = r.change_of(id)?;
            Some((
                key.clone(),
                RatingChange {
                    pool: pool.name(),
                    before: before.rating,
                    after: after.rating,
                    change: after.rating - before.rating,
                    uncertainty: after.uncertainty,
                },
            ))
        })
        .collect()
}

/// A leaderboard cursor: the rank to start from, in decimal (opaque to clients).
fn decode_cursor(cursor: &str) -> Result<u64, Error> {
    if cursor.is_empty() || cursor.len() > 9 || !cursor.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_request(
            Code::InvalidCursor,
            "invalid cursor: pass the `next_cursor` of the previous page as it is",
        ));
    }
    cursor.parse().map_err(|_| Error::Internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(n: usize) -> Vec<RatingRecord> {
        (0..n)
            .map(|i| RatingRecord::new(&format!("b{i}")))
            .collect()
    }

    #[test]
    fn partners_win_and_lose_together() {
        // Four accounts, partners 0+2 against 1+3; side 0 wins.
        let after = rate_seats(&fresh(4), &[0, 1, 2, 3], &[0, 1, 0, 1], &[1, 2]);
        assert!(after[0].rating > 25.0 && after[2].rating > 25.0);
        assert!(after[1].rating < 25.0 && after[3].rating < 25.0);
        assert!((after[0].rating - after[2].rating).abs() < 1e-9);
        assert!(
            after
                .iter()
                .all(|r| r.uncertainty < 25.0 / 3.0 && r.games == 1)
        );
    }

    #[test]
    fn one_account_in_many_seats_sums_its_changes() {
        // Bot 0 and house-random (seat 2) against house-random (seat 1) and bot 2: house-random
        // sits on both sides, every rating equal, so its gain and its loss cancel out.
        let after = rate_seats(&fresh(3), &[0, 1, 1, 2], &[0, 1, 0, 1], &[1, 2]);
        assert!(after[0].rating > 25.0 && after[2].rating < 25.0);
        assert!((after[1].rating - 25.0).abs() < 1e-9, "{}", after[1].rating);
        assert!(after[1].uncertainty < 25.0 / 3.0);
        // On the losing side twice, on the winning side once: a net loss.
        let after = rate_seats(&fresh(2), &[0, 1, 1, 1], &[0, 1, 0, 1], &[1, 2]);
        assert!(after[0].rating > 25.0 && after[1].rating < 25.0);
        assert_eq!(after[1].games, 1);
        // Every player alone, three places.
        let after = rate_seats(&fresh(3), &[0, 1, 2], &[0, 1, 2], &[2, 1, 3]);
        assert!(after[1].rating > after[0].rating && after[0].rating > after[2].rating);
    }
}
