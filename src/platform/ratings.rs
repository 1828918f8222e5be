//! Ratings: a finished game whose deal the server chose, every seat of it a bot account or a
//! house player, updates each account's rating in the game's preset (Weng-Lin, from the
//! `skillratings` crate: partnerships are teams, every player alone is a team of one), once;
//! and the leaderboards.
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
use super::wire::{Leaderboard, LeaderboardEntry};
use crate::engine::{Game, Outcome, Preset};
use crate::error::{Code, Error};
use crate::games::GameRecord;
use crate::games::{fold, house_strategy};
use crate::store::{RateOutcome, RatingWrite, StoreError};

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
    /// Rated games in the preset.
    pub games: u32,
}

impl RatingRecord {
    fn new(name: &str) -> Self {
        let start = WengLinRating::new();
        RatingRecord {
            name: name.to_owned(),
            rating: start.rating,
            uncertainty: start.uncertainty,
            games: 0,
        }
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
/// where scores count down), equal scores sharing a place.
pub fn side_places(game: &Game) -> Vec<usize> {
    let scores: Vec<i32> = game.scores().sides().map(|(_, s)| *s).collect();
    let down = game.rules().counts_down();
    let better = |a: i32, b: i32| if down { a < b } else { a > b };
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
    /// Rates finished game `id` (`record`) if it is to be rated (its deal the server's and every
    /// seat an account's), once whatever the retries (the store's rated set); `effects` calls
    /// this for the game's `finished` event.
    pub(super) async fn rate_finished(&self, id: &str, record: &GameRecord) -> Result<(), Error> {
        if !record.game.is_over() || !record.deal.ranked_eligible() {
            return Ok(());
        }
        // Every seat's account (its name as shown), or no rating.
        let Some(names) = record
            .seats
            .iter()
            .map(|s| s.account_name())
            .collect::<Option<Vec<String>>>()
        else {
            return Ok(());
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
        let board = rules.preset.name();
        let sides: Vec<usize> = (0..record.seats.len())
            .map(|s| rules.sides().of(s as u8) as usize)
            .collect();
        let places = side_places(&record.game);
        for _ in 0..RATE_RETRIES {
            let pairs: Vec<(&str, &str)> =
                accounts.iter().map(|(k, _)| (board, k.as_str())).collect();
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
            let after = rate_seats(&before, &seats, &sides, &places);
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
                    score: r.rating,
                })
                .collect();
            match self.store().rate(id, board, &writes).await {
                Ok(RateOutcome::Rated) => {
                    self.games.metrics().games_rated.inc();
                    tracing::info!(game_id = %id, preset = board, "game rated");
                    return Ok(());
                }
                Ok(RateOutcome::AlreadyRated) => return Ok(()),
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::Internal)
    }

    /// A page of `preset`'s leaderboard: from `cursor` (the previous page's `next_cursor`),
    /// at most `limit` bots (1 to [`MAX_BOARD_LIMIT`]). One store round trip.
    pub async fn leaderboard(
        &self,
        preset: Preset,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<Leaderboard, Error> {
        let offset = match cursor {
            None => 0,
            Some(c) => decode_cursor(c)?,
        };
        let limit = limit.clamp(1, MAX_BOARD_LIMIT);
        let page = self.store().board(preset.name(), offset, limit).await?;
        let mut entries = Vec::with_capacity(page.entries.len());
        for (i, e) in page.entries.into_iter().enumerate() {
            let r = RatingRecord::decode(&e.data)?;
            entries.push(LeaderboardEntry {
                rank: offset + i as u64 + 1,
                house: house_strategy(&r.name).is_some(),
                name: r.name,
                rating: r.rating,
                uncertainty: r.uncertainty,
                games: r.games,
            });
        }
        let next = offset + limit as u64;
        Ok(Leaderboard {
            preset,
            total: page.total,
            entries,
            next_cursor: (next < page.total).then(|| next.to_string()),
        })
    }
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
