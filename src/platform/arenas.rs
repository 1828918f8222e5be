//! Arenas: tournaments bots join. An arena is a record in the store beside the games
//! (`arena.<id>`, named MessagePack), listed in listings of its own (`upcoming`, `running`,
//! `done`, by preset) and changed only by compare-and-set writes, each of which records what
//! must follow it (games to create, bots to tell) as events in the arena's outbox, applied by
//! the outbox's worker exactly once (`effects`). So every game of an arena is planned once
//! (its id drawn in the write that pairs it) and created once, and every result is counted
//! once (a table's result is set only while it is unset), whichever replica writes, dies or
//! retries.
//!
//! **Continuous** arenas (as Lichess's): from the start to the end, every bot that is not
//! seated waits, and each write that frees or adds a bot pairs the waiting ones (below); a
//! game that started before the end counts. A game scores `2 * (sides - place) / (sides - 1)`
//! for the bot's side (2 for a win, 0 for last place; equal scores share a place), nothing for
//! the seat that forfeited (its clock ran out 3 turns in a row).
//!
//! **Duplicate** arenas: rounds; in each, every table plays the same deals (one game of one
//! hand per deal, each deal's seed drawn by the server and never shown), deal `d` with each
//! table's seats turned `d` places. A seat's points on a deal are compared with those of every
//! seat that held the same cards at another table: 1 for each one beaten, 1/2 for each tie, as
//! a percentage of the comparisons (50 with none); a bot's score is its mean percentage over
//! its deals, with a 95% Student's t interval. A deal whose last 3 turns of a seat were played
//! by the clock scores 0 for that seat's bot. Nothing of a deal is shown (its games' ids, their
//! points) until every table has played it, and its games' logs and cards stay hidden until
//! then (`Series::siblings`). The next round is paired in the write that counts the round's
//! last game.
//!
//! **Pairing** (both kinds): the bots to seat, best score first (ties in random order); each
//! table takes the first bot left, then, seat by seat, the next bot in order who sat with the
//! fewest of the table's bots at its last table; the seats at a table are shuffled. House
//! players of the arena's `house` fill the seats bots leave empty: in a continuous arena for
//! a bot left waiting [`HOUSE_FILL_AFTER_MS`], in a duplicate arena in the last table of a
//! round (and a second table when one would be alone). Without a house field, a duplicate
//! round's bots left over sit out (those who sat out least and rank lowest), and a round
//! needs two tables. A duplicate arena with no bot to seat at a round's start (none joined
//! by its start, or none left; or too few for two tables without a house field) ends there.
//!
//! **Withdrawals**: a bot that leaves is not seated again (its games under way are played and
//! count); a bot with [`WITHDRAW_AFTER_FORFEITS`] forfeits is withdrawn: not seated again, and
//! its games that end after that score nothing for it (the fallback plays them out). A result
//! is counted once, and the standings are made from the tables' results alone, so they are
//! final when the last game is.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::env::Platform;
use super::inbox::{InboxEvent, Via};
use super::queue::DEFAULT_TURN_LIMIT_MS;
use super::ratings::{Pool, side_places};
use super::wire::{
    Arena, ArenaKind, ArenaPage, ArenaPlayerStatus, ArenaStanding, ArenaStatus, ArenaSummary,
    ArenaTable, CreateArenaRequest, HouseFill,
};
use crate::bots::duplicate;
use crate::engine::{Ruleset, RulesetSpec, Seat};
use crate::error::{Code, Error};
use crate::games::{
    FORFEIT_AFTER_TIMEOUTS, GameRecord, SeatFor, SeatedGame, Series, check_turn_limit, fold,
    house_name, house_strategy, new_game_id, now_ms,
};
use crate::store::{ListCursor, ListQuery, ListStatus, Listing, StoreError, Write};

/// What the store id of an arena starts with (no game id has a `.`).
pub(super) const STORE_PREFIX: &str = "arena.";

/// Forfeits after which an arena withdraws a bot.
pub const WITHDRAW_AFTER_FORFEITS: u32 = 2;

/// How long a bot waits in a continuous arena with a house field before house players fill
/// its table.
pub const HOUSE_FILL_AFTER_MS: u64 = 3_000;

/// The most tables an arena's answer lists (the latest).
pub const MAX_TABLES_SHOWN: usize = 200;

/// The most games an arena plans (a bound on its record's size).
pub const MAX_ARENA_GAMES: usize = 2_000;

/// The most arenas a page lists.
pub const MAX_ARENA_LIMIT: usize = 100;

/// The default number of arenas a page lists.
pub const DEFAULT_ARENA_LIMIT: usize = 20;

const DEFAULT_STARTS_IN_MS: u64 = 60_000;
const MAX_STARTS_IN_MS: u64 = 43_200_000;
const DEFAULT_DURATION_MS: u64 = 1_800_000;
const MIN_DURATION_MS: u64 = 10_000;
const MAX_DURATION_MS: u64 = 43_200_000;
const DEFAULT_ROUNDS: u32 = 5;
const MAX_ROUNDS: u32 = 50;
const MAX_DEALS_PER_ROUND: u32 = 8;
const DEFAULT_MAX_PLAYERS: u32 = 64;
const MAX_PLAYERS: u32 = 256;

/// How many of an arena's games are created at once.
const CREATE_CONCURRENCY: usize = 8;

/// The store id of arena `id`.
fn store_id(id: &str) -> String {
    format!("{STORE_PREFIX}{id}")
}

/// What a game of arena `id` is part of (`GameRecord::part_of`).
fn part_of(id: &str) -> String {
    store_id(id)
}

/// An arena's events, recorded with its writes in its outbox and applied by `effects`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ArenaEvent {
    /// The arena started, or a bot joined it running: its bots are told (each once).
    Started,
    /// Tables were paired: the games of `tables[from..to]` are created.
    Tables { from: usize, to: usize },
    /// The arena is over: its bots are told their places.
    Finished,
}

impl ArenaEvent {
    fn encode(&self) -> Result<Vec<u8>, Error> {
        serde_json::to_vec(self).map_err(|_| Error::Internal)
    }
}

/// A bot of an arena.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct PlayerRecord {
    name: String,
    joined_unix_ms: u64,
    status: ArenaPlayerStatus,
    /// A continuous arena: since when it waits for a table (None: seated, or not active).
    waiting_since: Option<u64>,
    /// Who sat at its last table (folded names).
    last_opponents: Vec<String>,
    /// Rounds of a duplicate arena it sat out.
    sat_out: u32,
    /// When it was withdrawn: the count of results recorded then (its games counted after
    /// score nothing).
    withdrawn_at: Option<u32>,
}

/// A game of an arena.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct TableRecord {
    game_id: String,
    round: u32,
    deal: u32,
    /// Account names, seat 0 first (house players as `house-<strategy>`).
    seats: Vec<String>,
    /// The seed of a duplicate deal (the deal's other tables are its siblings: the tables
    /// of the same round and deal).
    seed: Option<u64>,
    /// The points each side scored, once over.
    points: Option<Vec<i32>>,
    /// Each side's place (from 1), once over.
    places: Option<Vec<usize>>,
    /// The seat that forfeited.
    forfeit: Option<Seat>,
    /// The seats whose last [`FORFEIT_AFTER_TIMEOUTS`] turns the clock played.
    late: Vec<Seat>,
    /// Its place in the order results were recorded (from 1), once over.
    counted: Option<u32>,
    /// When it was paired (ms since the epoch).
    #[serde(default)]
    paired_unix_ms: u64,
    /// When its result was recorded.
    #[serde(default)]
    ended_unix_ms: Option<u64>,
}

/// A stored arena (named MessagePack: fields may be added with a default).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct ArenaRecord {
    name: String,
    created_by: String,
    kind: ArenaKind,
    spec: RulesetSpec,
    rules: Ruleset,
    rated: bool,
    house: Option<HouseFill>,
    turn_time_limit_ms: u64,
    created_unix_ms: u64,
    starts_unix_ms: u64,
    ends_unix_ms: Option<u64>,
    rounds: Option<u32>,
    deals_per_round: u32,
    max_players: u32,
    status: ArenaStatus,
    round: u32,
    players: Vec<PlayerRecord>,
    tables: Vec<TableRecord>,
    /// Results recorded so far.
    results: u32,
    finished_unix_ms: Option<u64>,
}

/// What the listing shows of an arena, and when the sweeper has work on it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Listed {
    summary: ArenaSummary,
    /// When time alone changes the arena next (a start, an end, a table to fill).
    due_unix_ms: Option<u64>,
}

/// One bot's result at one table (of the standings).
#[derive(Debug, Clone, Copy)]
struct Scored {
    /// Its score there: points (continuous) or a percentage (duplicate).
    score: f64,
    win: bool,
    forfeit: bool,
}

impl TableRecord {
    /// A table just paired.
    fn new(
        game_id: String,
        round: u32,
        deal: u32,
        seats: Vec<String>,
        seed: Option<u64>,
        now: u64,
    ) -> Self {
        TableRecord {
            game_id,
            round,
            deal,
            seats,
            seed,
            points: None,
            places: None,
            forfeit: None,
            late: Vec::new(),
            counted: None,
            paired_unix_ms: now,
            ended_unix_ms: None,
        }
    }

    /// Whether `seat` forfeited here: its clock ran out 3 turns in a row (a continuous
    /// arena's game ended there; a duplicate deal's last 3 turns of the seat were the clock's).
    fn forfeited(&self, seat: Seat, kind: ArenaKind) -> bool {
        self.forfeit == Some(seat) || (kind == ArenaKind::Duplicate && self.late.contains(&seat))
    }
}

impl ArenaRecord {
    fn encode(&self) -> Result<Vec<u8>, Error> {
        rmp_serde::to_vec_named(self).map_err(|_| Error::Internal)
    }

    fn decode(data: &[u8]) -> Result<ArenaRecord, Error> {
        rmp_serde::from_slice(data).map_err(|e| {
            tracing::error!(error = %e, "unreadable arena record");
            Error::Internal
        })
    }

    fn seats(&self) -> usize {
        self.rules.players as usize
    }

    fn player(&self, name: &str) -> Option<&PlayerRecord> {
        let key = fold(name);
        self.players.iter().find(|p| fold(&p.name) == key)
    }

    fn player_mut(&mut self, name: &str) -> Option<&mut PlayerRecord> {
        let key = fold(name);
        self.players.iter_mut().find(|p| fold(&p.name) == key)
    }

    /// Whether bot `name` is seated at a table not over.
    fn seated(&self, name: &str) -> bool {
        let key = fold(name);
        self.tables
            .iter()
            .any(|t| t.points.is_none() && t.seats.iter().any(|s| fold(s) == key))
    }

    /// Whether every table of duplicate deal (`round`, `deal`) is over.
    fn deal_complete(&self, round: u32, deal: u32) -> bool {
        self.tables
            .iter()
            .filter(|t| t.round == round && t.deal == deal)
            .all(|t| t.points.is_some())
    }

    /// Each bot's results, table by table, in the order of `players`.
    fn scored(&self) -> Vec<Vec<Scored>> {
        let rules = &self.rules;
        let sides = rules.sides();
        let n_sides = sides.count();
        let down = rules.counts_down();
        let mut out = vec![Vec::new(); self.players.len()];
        // A duplicate deal's tables, by round and deal.
        let mut deals: std::collections::HashMap<(u32, u32), Vec<&TableRecord>> =
            std::collections::HashMap::new();
        if self.kind == ArenaKind::Duplicate {
            for t in &self.tables {
                deals.entry((t.round, t.deal)).or_default().push(t);
            }
        }
        let complete = |round: u32, deal: u32| {
            deals
                .get(&(round, deal))
                .is_some_and(|ts| ts.iter().all(|t| t.points.is_some()))
        };
        let index = |name: &str| {
            let key = fold(name);
            self.players.iter().position(|p| fold(&p.name) == key)
        };
        for t in &self.tables {
            let (Some(points), Some(places), Some(counted)) = (&t.points, &t.places, t.counted)
            else {
                continue;
            };
            if self.kind == ArenaKind::Duplicate && !complete(t.round, t.deal) {
                continue;
            }
            for (seat, name) in t.seats.iter().enumerate() {
                let Some(i) = index(name) else { continue };
                let side = sides.of(seat as Seat) as usize;
                let void = self.players[i].withdrawn_at.is_some_and(|w| counted > w);
                let forfeit = t.forfeited(seat as Seat, self.kind);
                let mut s = match self.kind {
                    ArenaKind::Continuous => {
                        let place = places.get(side).copied().unwrap_or(n_sides);
                        Scored {
                            score: 2.0 * (n_sides.saturating_sub(place)) as f64
                                / (n_sides.max(2) - 1) as f64,
                            win: place == 1,
                            forfeit,
                        }
                    }
                    ArenaKind::Duplicate => {
                        let mine = points.get(side).copied().unwrap_or(0);
                        let (mut beaten, mut tied, mut compared) = (0.0, 0.0, 0usize);
                        let same = deals.get(&(t.round, t.deal)).map_or(&[][..], Vec::as_slice);
                        for other in same.iter().filter(|o| o.game_id != t.game_id) {
                            let Some(op) = &other.points else { continue };
                            let theirs = op.get(side).copied().unwrap_or(0);
                            compared += 1;
                            let better = if down { mine < theirs } else { mine > theirs };
                            if better {
                                beaten += 1.0;
                            } else if mine == theirs {
                                tied += 1.0;
                            }
                        }
                        let pct = if compared == 0 {
                            50.0
                        } else {
                            100.0 * (beaten + tied / 2.0) / compared as f64
                        };
                        Scored {
                            score: pct,
                            win: compared > 0 && beaten as usize == compared,
                            forfeit,
                        }
                    }
                };
                if s.forfeit || void {
                    s.score = 0.0;
                    s.win = false;
                }
                out[i].push(s);
            }
        }
        out
    }

    /// The standings, best first.
    fn standings(&self) -> Vec<ArenaStanding> {
        let scored = self.scored();
        let mut lines: Vec<ArenaStanding> = self
            .players
            .iter()
            .zip(&scored)
            .map(|(p, s)| {
                let values: Vec<f64> = s.iter().map(|x| x.score).collect();
                let (score, ci95) = match self.kind {
                    ArenaKind::Continuous => (values.iter().sum(), None),
                    ArenaKind::Duplicate if values.is_empty() => (0.0, None),
                    ArenaKind::Duplicate => {
                        let (mean, half) = duplicate::mean_ci(&values);
                        let ci = (values.len() >= 2)
                            .then_some([(mean - half).max(0.0), (mean + half).min(100.0)]);
                        (mean, ci)
                    }
                };
                ArenaStanding {
                    rank: 0,
                    bot: p.name.clone(),
                    score: round2(score),
                    ci95: ci95.map(|[a, b]| [round2(a), round2(b)]),
                    games: s.len() as u32,
                    wins: s.iter().filter(|x| x.win).count() as u32,
                    forfeits: s.iter().filter(|x| x.forfeit).count() as u32,
                    status: p.status,
                    playing: self.seated(&p.name),
                }
            })
            .collect();
        lines.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then(b.games.cmp(&a.games))
                .then_with(|| fold(&a.bot).cmp(&fold(&b.bot)))
        });
        let mut rank = 0;
        let mut last: Option<f64> = None;
        for (i, line) in lines.iter_mut().enumerate() {
            if last != Some(line.score) {
                rank = i as u32 + 1;
                last = Some(line.score);
            }
            line.rank = rank;
        }
        lines
    }

    /// The current scores by folded name (for pairing).
    fn scores(&self) -> Vec<(String, f64)> {
        self.standings()
            .into_iter()
            .map(|s| (fold(&s.bot), s.score))
            .collect()
    }

    fn leader(&self) -> Option<String> {
        if self.results == 0 {
            return None;
        }
        self.standings().into_iter().next().map(|s| s.bot)
    }

    fn summary(&self, id: &str) -> ArenaSummary {
        ArenaSummary {
            arena_id: id.to_owned(),
            name: self.name.clone(),
            kind: self.kind,
            status: self.status,
            preset: self.rules.preset,
            players: self.rules.players,
            rated: self.rated,
            starts_unix_ms: self.starts_unix_ms,
            ends_unix_ms: self.ends_unix_ms,
            rounds: self.rounds,
            bots: self.players.len() as u32,
            leader: self.leader(),
            created_by: self.created_by.clone(),
        }
    }

    /// When time alone changes the arena next: its start; a continuous arena's end, or the
    /// moment a waiting bot's table is filled with house players.
    fn due(&self) -> Option<u64> {
        match self.status {
            ArenaStatus::Upcoming => Some(self.starts_unix_ms),
            ArenaStatus::Finished => None,
            ArenaStatus::Running => match (self.kind, self.ends_unix_ms) {
                (ArenaKind::Continuous, Some(end)) => {
                    let fill = self
                        .house
                        .and_then(|_| self.players.iter().filter_map(|p| p.waiting_since).min())
                        .map(|since| since + HOUSE_FILL_AFTER_MS)
                        .filter(|&at| at < end);
                    // After its end, nothing but the last game's result moves it, unless no
                    // game is left (then the end finishes it).
                    Some(fill.unwrap_or(end))
                }
                _ => None,
            },
        }
    }

    fn listing_status(&self) -> ListStatus {
        match self.status {
            ArenaStatus::Upcoming => ListStatus::Upcoming,
            ArenaStatus::Running => ListStatus::Running,
            ArenaStatus::Finished => ListStatus::Done,
        }
    }

    /// The arena as the API shows it.
    fn view(&self, id: &str) -> Arena {
        let skip = self.tables.len().saturating_sub(MAX_TABLES_SHOWN);
        let tables = self.tables[skip..]
            .iter()
            .map(|t| {
                let hidden =
                    self.kind == ArenaKind::Duplicate && !self.deal_complete(t.round, t.deal);
                ArenaTable {
                    game_id: (!hidden).then(|| t.game_id.clone()),
                    round: t.round,
                    deal: t.deal,
                    seats: t.seats.clone(),
                    finished: t.points.is_some(),
                    points: if hidden { None } else { t.points.clone() },
                    forfeit: if hidden { None } else { t.forfeit },
                    paired_unix_ms: t.paired_unix_ms,
                    ended_unix_ms: t.ended_unix_ms,
                }
            })
            .collect();
        Arena {
            arena_id: id.to_owned(),
            name: self.name.clone(),
            created_by: self.created_by.clone(),
            kind: self.kind,
            status: self.status,
            ruleset: self.rules,
            rated: self.rated,
            house: self.house,
            turn_time_limit_ms: self.turn_time_limit_ms,
            starts_unix_ms: self.starts_unix_ms,
            ends_unix_ms: self.ends_unix_ms,
            rounds: self.rounds,
            deals_per_round: (self.kind == ArenaKind::Duplicate).then_some(self.deals_per_round),
            round: self.round,
            finished_unix_ms: self.finished_unix_ms,
            max_players: self.max_players,
            standings: self.standings(),
            tables,
            join: format!("/v1/arenas/{id}/join"),
            leave: format!("/v1/arenas/{id}/leave"),
        }
    }

    /// The bots to seat, best score first (ties at random).
    fn by_score(&self, names: Vec<String>) -> Vec<String> {
        let scores = self.scores();
        let score = |n: &str| {
            let key = fold(n);
            scores
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(0.0, |(_, s)| *s)
        };
        let mut names = names;
        names.shuffle(&mut rand::rng());
        names.sort_by(|a, b| score(b).total_cmp(&score(a)));
        names
    }

    /// Groups `bots` (best first) into tables of `size` by the pairing rule, each table's seats
    /// shuffled; bots left over (fewer than `size`) are answered apart.
    fn group(&self, bots: Vec<String>, size: usize) -> (Vec<Vec<String>>, Vec<String>) {
        // Who sat with whom at their last tables (folded names, both ways).
        let met = |a: &str, b: &str| {
            let (ka, kb) = (fold(a), fold(b));
            self.player(a)
                .is_some_and(|p| p.last_opponents.contains(&kb))
                || self
                    .player(b)
                    .is_some_and(|p| p.last_opponents.contains(&ka))
        };
        let mut left = bots;
        let mut tables = Vec::new();
        while left.len() >= size {
            let mut table = vec![left.remove(0)];
            while table.len() < size {
                // The next bot in order who met the fewest of the table at its last table.
                let i = (0..left.len())
                    .min_by_key(|&i| table.iter().filter(|t| met(t, &left[i])).count())
                    .unwrap_or(0);
                table.push(left.remove(i));
            }
            table.shuffle(&mut rand::rng());
            tables.push(table);
        }
        (tables, left)
    }

    /// The house players who fill `n` seats.
    fn house_seats(&self, n: usize) -> Vec<String> {
        let fill = self.house.unwrap_or(HouseFill::Heuristic);
        let mut rng = rand::rng();
        (0..n).map(|_| house_name(fill.draw(&mut rng))).collect()
    }

    /// Records that the bots of `seats` sit together now.
    fn note_seated(&mut self, seats: &[String]) {
        let keys: Vec<String> = seats.iter().map(|s| fold(s)).collect();
        for name in seats {
            if let Some(p) = self.player_mut(name) {
                p.waiting_since = None;
                let me = fold(name);
                p.last_opponents = keys.iter().filter(|k| **k != me).cloned().collect();
            }
        }
    }

    /// A continuous arena's pairing at `now` (before its end): tables of the bots that wait;
    /// answers the tables planned (a range of `tables`).
    fn pair_continuous(&mut self, now: u64) -> Option<(usize, usize)> {
        if self.status != ArenaStatus::Running
            || self.ends_unix_ms.is_some_and(|e| now >= e)
            || self.tables.len() >= MAX_ARENA_GAMES
        {
            return None;
        }
        let waiting: Vec<String> = self
            .players
            .iter()
            .filter(|p| p.status == ArenaPlayerStatus::Active && !self.seated(&p.name))
            .map(|p| p.name.clone())
            .collect();
        for name in &waiting {
            if let Some(p) = self.player_mut(name)
                && p.waiting_since.is_none()
            {
                p.waiting_since = Some(now);
            }
        }
        let size = self.seats();
        let (mut tables, left) = self.group(self.by_score(waiting), size);
        if self.house.is_some() && !left.is_empty() {
            let longest = left
                .iter()
                .filter_map(|n| self.player(n).and_then(|p| p.waiting_since))
                .min();
            if longest.is_some_and(|since| now >= since + HOUSE_FILL_AFTER_MS) {
                let mut table = left.clone();
                table.extend(self.house_seats(size - left.len()));
                table.shuffle(&mut rand::rng());
                tables.push(table);
            }
        }
        self.plan(tables, None, now)
    }

    /// Adds `tables` (each a table's seats) to the arena's tables as games of round
    /// `round.0`'s deals (a duplicate round: `(round, seeds)`, one game per deal per table,
    /// seats turned one place a deal), or one game each in a continuous arena's next round.
    fn plan(
        &mut self,
        tables: Vec<Vec<String>>,
        duplicate: Option<(u32, Vec<u64>)>,
        now: u64,
    ) -> Option<(usize, usize)> {
        if tables.is_empty() {
            return None;
        }
        let from = self.tables.len();
        for t in &tables {
            self.note_seated(t);
        }
        match duplicate {
            None => {
                self.round += 1;
                for seats in tables {
                    let round = self.round;
                    self.tables
                        .push(TableRecord::new(new_game_id(), round, 0, seats, None, now));
                }
            }
            Some((round, seeds)) => {
                for (deal, seed) in seeds.iter().enumerate() {
                    let ids: Vec<String> = tables.iter().map(|_| new_game_id()).collect();
                    for (i, seats) in tables.iter().enumerate() {
                        let mut seats = seats.clone();
                        let turn = deal % seats.len();
                        seats.rotate_right(turn);
                        self.tables.push(TableRecord::new(
                            ids[i].clone(),
                            round,
                            deal as u32,
                            seats,
                            Some(*seed),
                            now,
                        ));
                    }
                }
            }
        }
        Some((from, self.tables.len()))
    }

    /// A duplicate arena's next round, or its end; answers the tables planned.
    fn next_round(&mut self, now: u64) -> Option<(usize, usize)> {
        let last = self.rounds.unwrap_or(DEFAULT_ROUNDS);
        if self.round >= last {
            self.finish(now);
            return None;
        }
        let size = self.seats();
        let active: Vec<String> = self
            .players
            .iter()
            .filter(|p| p.status == ArenaPlayerStatus::Active)
            .map(|p| p.name.clone())
            .collect();
        let ranked = self.by_score(active);
        let (tables, sitting_out) = if self.house.is_some() {
            let (mut tables, left) = self.group(ranked, size);
            if !left.is_empty() {
                let mut table = left;
                table.extend(self.house_seats(size - table.len()));
                table.shuffle(&mut rand::rng());
                tables.push(table);
            }
            if tables.len() == 1 {
                // A deal needs another table to be compared with.
                tables.push(self.house_seats(size));
            }
            (tables, Vec::new())
        } else {
            // Those who sat out least and rank lowest sit out.
            let extra = ranked.len() % size;
            let mut order: Vec<(usize, String)> = ranked.into_iter().enumerate().collect();
            order.sort_by_key(|(rank, name)| {
                let sat = self.player(name).map_or(0, |p| p.sat_out);
                (std::cmp::Reverse(sat), *rank)
            });
            let out: Vec<String> = order
                .iter()
                .rev()
                .take(extra)
                .map(|(_, n)| n.clone())
                .collect();
            let mut playing: Vec<(usize, String)> = order
                .into_iter()
                .filter(|(_, n)| !out.contains(n))
                .collect();
            playing.sort_by_key(|(rank, _)| *rank);
            let (tables, _) = self.group(playing.into_iter().map(|(_, n)| n).collect(), size);
            (tables, out)
        };
        if tables.len() < 2
            || self.tables.len() + tables.len() * self.deals_per_round as usize > MAX_ARENA_GAMES
        {
            self.finish(now);
            return None;
        }
        for name in &sitting_out {
            if let Some(p) = self.player_mut(name) {
                p.sat_out += 1;
            }
        }
        self.round += 1;
        let seeds = (0..self.deals_per_round).map(|_| rand::random()).collect();
        let round = self.round;
        self.plan(tables, Some((round, seeds)), now)
    }

    fn finish(&mut self, now: u64) {
        self.status = ArenaStatus::Finished;
        self.finished_unix_ms = Some(now);
        for p in &mut self.players {
            p.waiting_since = None;
        }
    }

    /// Whether every table is over.
    fn idle(&self) -> bool {
        self.tables.iter().all(|t| t.points.is_some())
    }

    /// What time alone does at `now`: the start, a continuous arena's fill and end. Answers
    /// the events to record (none: nothing changed).
    fn tick(&mut self, now: u64) -> Vec<ArenaEvent> {
        let mut events = Vec::new();
        if self.status == ArenaStatus::Upcoming && now >= self.starts_unix_ms {
            self.status = ArenaStatus::Running;
            events.push(ArenaEvent::Started);
            let planned = match self.kind {
                ArenaKind::Continuous => self.pair_continuous(now),
                ArenaKind::Duplicate => self.next_round(now),
            };
            if let Some((from, to)) = planned {
                events.push(ArenaEvent::Tables { from, to });
            }
            if self.status == ArenaStatus::Finished {
                events.push(ArenaEvent::Finished);
            }
            return events;
        }
        if self.status == ArenaStatus::Running && self.kind == ArenaKind::Continuous {
            if self.ends_unix_ms.is_some_and(|e| now >= e) {
                if self.idle() {
                    self.finish(now);
                    events.push(ArenaEvent::Finished);
                }
            } else if let Some((from, to)) = self.pair_continuous(now) {
                events.push(ArenaEvent::Tables { from, to });
            }
        }
        events
    }

    /// Records the result of game `game` (`record`, over) once; answers the events to record
    /// (None: it was recorded already, or is no table of this arena).
    fn record_result(
        &mut self,
        game: &str,
        record: &GameRecord,
        now: u64,
    ) -> Option<Vec<ArenaEvent>> {
        let i = self.tables.iter().position(|t| t.game_id == game)?;
        if self.tables[i].points.is_some() {
            return None;
        }
        let points: Vec<i32> = match record.game.last_hand() {
            Some(hand) if self.kind == ArenaKind::Duplicate => {
                hand.score_delta.sides().map(|(_, p)| *p).collect()
            }
            _ => record.game.scores().sides().map(|(_, p)| *p).collect(),
        };
        self.results += 1;
        let counted = self.results;
        let late: Vec<Seat> = (0..record.seats.len())
            .filter(|&s| {
                record
                    .late
                    .get(s)
                    .is_some_and(|&n| n >= FORFEIT_AFTER_TIMEOUTS)
            })
            .map(|s| s as Seat)
            .collect();
        let t = &mut self.tables[i];
        t.points = Some(points);
        t.places = Some(side_places(record));
        t.forfeit = record.forfeit;
        t.late = late;
        t.counted = Some(counted);
        t.ended_unix_ms = Some(now);
        // Forfeits: withdrawn after enough of them.
        let forfeiters: Vec<String> = {
            let t = &self.tables[i];
            (0..t.seats.len())
                .filter(|&s| t.forfeited(s as Seat, self.kind))
                .map(|s| t.seats[s].clone())
                .collect()
        };
        for name in forfeiters {
            let key = fold(&name);
            let forfeits = self
                .tables
                .iter()
                .filter(|t| {
                    t.points.is_some()
                        && t.seats
                            .iter()
                            .enumerate()
                            .any(|(s, n)| fold(n) == key && t.forfeited(s as Seat, self.kind))
                })
                .count() as u32;
            if let Some(p) = self.player_mut(&name)
                && forfeits >= WITHDRAW_AFTER_FORFEITS
                && p.status != ArenaPlayerStatus::Withdrawn
            {
                p.status = ArenaPlayerStatus::Withdrawn;
                p.withdrawn_at = Some(counted);
                p.waiting_since = None;
            }
        }
        let mut events = Vec::new();
        match self.kind {
            ArenaKind::Continuous => {
                if self.ends_unix_ms.is_some_and(|e| now >= e) {
                    if self.idle() {
                        self.finish(now);
                        events.push(ArenaEvent::Finished);
                    }
                } else if let Some((from, to)) = self.pair_continuous(now) {
                    events.push(ArenaEvent::Tables { from, to });
                }
            }
            ArenaKind::Duplicate => {
                if self.idle() {
                    if let Some((from, to)) = self.next_round(now) {
                        events.push(ArenaEvent::Tables { from, to });
                    }
                    if self.status == ArenaStatus::Finished {
                        events.push(ArenaEvent::Finished);
                    }
                }
            }
        }
        Some(events)
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Whether `id` could be an arena's id (16 of `[a-z0-9]`, as game ids).
fn valid_arena_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn arena_not_found(id: &str) -> Error {
    Error::refused(
        Code::ArenaNotFound,
        format!(
            "no arena {:?} (an arena is kept a day after its last change)",
            id.chars().take(64).collect::<String>()
        ),
    )
}

fn invalid(detail: impl Into<String>) -> Error {
    Error::refused(Code::InvalidArena, detail)
}

/// Who the operators' recurring arenas are created by (a name no bot can register: `house-`
/// is the house's).
pub const SERVER: &str = "house-arenas";

/// A recurring arena an operator configures (`ARENAS`): the request of each, and how often it
/// starts.
#[derive(Debug, Clone, Deserialize)]
pub struct RecurringArena {
    /// How often one starts (ms): one is always upcoming.
    pub every_ms: u64,
    /// The arena (its `starts_in_ms` is ignored: each starts at a multiple of `every_ms`).
    #[serde(flatten)]
    pub arena: serde_json::Value,
}

/// The id of the occurrence of recurring arena `name` that starts at `at`: the same on every
/// replica, so it is created once.
fn recurring_id(name: &str, at: u64) -> String {
    use sha2::Digest;
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let digest = sha2::Sha256::digest(format!("arena:{name}:{at}").as_bytes());
    digest
        .iter()
        .take(16)
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect()
}

impl Platform {
    /// Creates an arena asked for by bot `caller` (`server`: an operator's), upcoming.
    pub async fn create_arena(
        &self,
        caller: &str,
        req: CreateArenaRequest,
    ) -> Result<Arena, Error> {
        let record = plan_arena(caller, &req, now_ms())?;
        self.check_arena_bounds(caller).await?;
        let id = new_game_id();
        self.write_new_arena(&id, &record).await?;
        Ok(record.view(&id))
    }

    /// Refuses a new arena of bot `caller` at the bounds: its own upcoming or running ones,
    /// and the server's.
    async fn check_arena_bounds(&self, caller: &str) -> Result<(), Error> {
        let mut active = 0u32;
        let mut own = 0u32;
        let me = fold(caller);
        for status in [ListStatus::Upcoming, ListStatus::Running] {
            let mut after: Option<ListCursor> = None;
            loop {
                let page = self
                    .store()
                    .list(ListQuery {
                        status,
                        group: None,
                        after: after.as_ref(),
                        limit: 200,
                        now_unix_ms: now_ms(),
                    })
                    .await?;
                for item in &page.games {
                    active += 1;
                    if let Ok(l) = serde_json::from_slice::<Listed>(&item.item)
                        && fold(&l.summary.created_by) == me
                    {
                        own += 1;
                    }
                }
                match page.next {
                    Some(next) if active < self.arena_bounds.1 => after = Some(next),
                    _ => break,
                }
            }
        }
        let (per_bot, total) = self.arena_bounds;
        if per_bot > 0 && own >= per_bot {
            return Err(Error::refused(
                Code::TooManyArenas,
                format!(
                    "{caller:?} has {own} arenas upcoming or running, as many as a bot may (ARENAS_PER_BOT {per_bot})"
                ),
            ));
        }
        if total > 0 && active >= total {
            return Err(Error::refused(
                Code::ArenasFull,
                format!(
                    "the server holds {active} arenas upcoming or running, as many as it may (ARENAS_ACTIVE {total}); try again when one ends"
                ),
            ));
        }
        Ok(())
    }

    async fn write_new_arena(&self, id: &str, record: &ArenaRecord) -> Result<bool, Error> {
        let data = record.encode()?;
        let item = listed_item(id, record)?;
        let group = record.rules.preset.name();
        let write = Write {
            listing: Some(Listing {
                status: record.listing_status(),
                group,
                item: &item,
                now_unix_ms: now_ms(),
            }),
            ..Write::create(1, &data)
        };
        match self.store().write(&store_id(id), write).await {
            Ok(()) => {
                tracing::info!(arena_id = %id, name = %record.name, kind = ?record.kind, "arena created");
                Ok(true)
            }
            Err(StoreError::AlreadyExists) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Makes sure the next occurrence of each of `recurring` exists (created once, whichever
    /// replica does it first).
    pub async fn ensure_recurring_arenas(&self, recurring: &[RecurringArena]) {
        let now = now_ms();
        for r in recurring {
            let every = r.every_ms.max(60_000);
            let at = (now / every + 1) * every;
            let mut value = r.arena.clone();
            if let Some(o) = value.as_object_mut() {
                o.insert(
                    "starts_in_ms".into(),
                    serde_json::json!(at.saturating_sub(now)),
                );
            }
            let req: CreateArenaRequest = match serde_json::from_value(value) {
                Ok(r) => r,
                Err(e) => {
                    tracing::error!(error = %e, "a recurring arena (ARENAS) cannot be read");
                    continue;
                }
            };
            let id = recurring_id(&req.name, at);
            match plan_arena(SERVER, &req, now) {
                Ok(mut record) => {
                    record.starts_unix_ms = at;
                    if record.kind == ArenaKind::Continuous {
                        let length = req.duration_ms.unwrap_or(DEFAULT_DURATION_MS);
                        record.ends_unix_ms = Some(at + length);
                    }
                    if let Err(e) = self.write_new_arena(&id, &record).await {
                        tracing::warn!(error = %e, "a recurring arena was not created yet");
                    }
                }
                Err(e) => tracing::error!(error = %e, "a recurring arena (ARENAS) is invalid"),
            }
        }
    }

    /// An arena.
    pub async fn get_arena(&self, id: &str) -> Result<Arena, Error> {
        if !valid_arena_id(id) {
            return Err(arena_not_found(id));
        }
        Ok(self.load_arena(id).await?.0.view(id))
    }

    /// A page of arenas of `status` (of `preset` only, if given), newest first.
    pub async fn list_arenas(
        &self,
        status: ArenaStatus,
        preset: Option<crate::engine::Preset>,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<ArenaPage, Error> {
        let after = cursor.map(crate::games::decode_list_cursor).transpose()?;
        let page = self
            .store()
            .list(ListQuery {
                status: match status {
                    ArenaStatus::Upcoming => ListStatus::Upcoming,
                    ArenaStatus::Running => ListStatus::Running,
                    ArenaStatus::Finished => ListStatus::Done,
                },
                group: preset.map(crate::engine::Preset::name),
                after: after.as_ref(),
                limit: limit.clamp(1, MAX_ARENA_LIMIT),
                now_unix_ms: now_ms(),
            })
            .await?;
        let arenas = page
            .games
            .iter()
            .filter_map(|g| serde_json::from_slice::<Listed>(&g.item).ok())
            .map(|l| l.summary)
            .collect();
        Ok(ArenaPage {
            arenas,
            next_cursor: page.next.as_ref().map(crate::games::encode_list_cursor),
        })
    }

    /// Bot `bot` joins arena `id` (again, after leaving: active again).
    pub async fn join_arena(&self, id: &str, bot: &str) -> Result<Arena, Error> {
        if !valid_arena_id(id) {
            return Err(arena_not_found(id));
        }
        let name = self
            .registered_name(bot)
            .await?
            .ok_or_else(|| Error::refused(Code::BotNotFound, format!("no bot named {bot:?}")))?;
        let mut refused = None;
        let record = self
            .update_arena(id, |a| {
                refused = None;
                let now = now_ms();
                if a.status == ArenaStatus::Finished {
                    refused = Some(Error::refused(Code::ArenaClosed, "the arena is over"));
                    return None;
                }
                if a.kind == ArenaKind::Duplicate
                    && a.status == ArenaStatus::Running
                    && a.round >= a.rounds.unwrap_or(DEFAULT_ROUNDS)
                {
                    refused = Some(Error::refused(
                        Code::ArenaClosed,
                        "the duplicate arena's last round has begun: nothing is left to join",
                    ));
                    return None;
                }
                match a.player_mut(&name) {
                    Some(p) if p.status == ArenaPlayerStatus::Active => return None,
                    Some(p) if p.status == ArenaPlayerStatus::Withdrawn => {
                        refused = Some(Error::refused(
                            Code::ArenaClosed,
                            format!("{name:?} was withdrawn from this arena after {WITHDRAW_AFTER_FORFEITS} forfeits"),
                        ));
                        return None;
                    }
                    Some(p) => p.status = ArenaPlayerStatus::Active,
                    None => {
                        if a.players.len() >= a.max_players as usize {
                            refused = Some(Error::refused(
                                Code::ArenaFull,
                                format!("the arena has {} bots, as many as it takes", a.max_players),
                            ));
                            return None;
                        }
                        a.players.push(PlayerRecord {
                            name: name.clone(),
                            joined_unix_ms: now,
                            status: ArenaPlayerStatus::Active,
                            waiting_since: None,
                            last_opponents: Vec::new(),
                            sat_out: 0,
                            withdrawn_at: None,
                        });
                    }
                }
                let mut events = Vec::new();
                if a.status == ArenaStatus::Running {
                    // A bot joining a running arena is told it started (the others were
                    // told already: once each).
                    events.push(ArenaEvent::Started);
                    if a.kind == ArenaKind::Continuous
                        && let Some((from, to)) = a.pair_continuous(now)
                    {
                        events.push(ArenaEvent::Tables { from, to });
                    }
                }
                Some(events)
            })
            .await?;
        if let Some(e) = refused {
            return Err(e);
        }
        Ok(record.view(id))
    }

    /// Bot `bot` leaves arena `id`: before it starts, it is off the list; while it runs, it is
    /// not seated again (its games under way are played and count).
    pub async fn leave_arena(&self, id: &str, bot: &str) -> Result<Arena, Error> {
        if !valid_arena_id(id) {
            return Err(arena_not_found(id));
        }
        let mut refused = None;
        let record = self
            .update_arena(id, |a| {
                refused = None;
                let key = fold(bot);
                let Some(i) = a.players.iter().position(|p| fold(&p.name) == key) else {
                    refused = Some(Error::refused(
                        Code::ArenaClosed,
                        format!("{bot:?} is not in this arena"),
                    ));
                    return None;
                };
                match (a.status, a.players[i].status) {
                    (ArenaStatus::Upcoming, _) => {
                        a.players.remove(i);
                    }
                    (ArenaStatus::Running, ArenaPlayerStatus::Active) => {
                        a.players[i].status = ArenaPlayerStatus::Left;
                        a.players[i].waiting_since = None;
                    }
                    _ => return None,
                }
                Some(Vec::new())
            })
            .await?;
        if let Some(e) = refused {
            return Err(e);
        }
        Ok(record.view(id))
    }

    /// What time alone does to arena `id` now (its start, a fill, its end).
    async fn tick_arena(&self, id: &str) -> Result<(), Error> {
        self.update_arena(id, |a| {
            let events = a.tick(now_ms());
            (!events.is_empty()).then_some(events)
        })
        .await?;
        Ok(())
    }

    /// One sweep: every upcoming or running arena whose time has come is moved on. Answers how
    /// many were.
    pub async fn sweep_arenas(&self) -> usize {
        let now = now_ms();
        let mut due = Vec::new();
        for status in [ListStatus::Upcoming, ListStatus::Running] {
            let page = match self
                .store()
                .list(ListQuery {
                    status,
                    group: None,
                    after: None,
                    limit: 200,
                    now_unix_ms: now,
                })
                .await
            {
                Ok(p) => p,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot read the arenas' listing");
                    return 0;
                }
            };
            for g in page.games {
                let Ok(l) = serde_json::from_slice::<Listed>(&g.item) else {
                    continue;
                };
                if l.due_unix_ms.is_some_and(|at| at <= now) {
                    due.push(l.summary.arena_id);
                }
            }
        }
        let mut moved = 0;
        for id in due {
            match self.tick_arena(&id).await {
                Ok(()) => moved += 1,
                Err(e) => tracing::warn!(arena_id = %id, error = %e, "an arena's sweep failed"),
            }
        }
        moved
    }

    /// Changes arena `id` with `change` (None: nothing to write; else the events to record
    /// with the write) in a compare-and-set loop; answers the record as it is now.
    async fn update_arena(
        &self,
        id: &str,
        mut change: impl FnMut(&mut ArenaRecord) -> Option<Vec<ArenaEvent>>,
    ) -> Result<ArenaRecord, Error> {
        let key = store_id(id);
        let mut lost = 0u32;
        loop {
            let (mut record, version) = self.load_arena(id).await?;
            let Some(events) = change(&mut record) else {
                return Ok(record);
            };
            let data = record.encode()?;
            let item = listed_item(id, &record)?;
            let encoded = events
                .iter()
                .map(ArenaEvent::encode)
                .collect::<Result<Vec<_>, _>>()?;
            let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
            let write = Write {
                events: &refs,
                listing: Some(Listing {
                    status: record.listing_status(),
                    group: record.rules.preset.name(),
                    item: &item,
                    now_unix_ms: now_ms(),
                }),
                ..Write::update(version, version + 1, &data)
            };
            match self.store().write(&key, write).await {
                Ok(()) => {
                    if !events.is_empty() {
                        self.games.outbox_wake().ring();
                    }
                    return Ok(record);
                }
                Err(StoreError::Conflict { .. }) => {
                    // Many writers at once (joins, results): each that lost waits a moment, a
                    // random one growing with its losses, so they do not all try again at once.
                    lost += 1;
                    let ms = rand::random_range(0..(1u64 << lost.min(6)));
                    tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    async fn load_arena(&self, id: &str) -> Result<(ArenaRecord, u64), Error> {
        let stored = self
            .store()
            .load(&store_id(id))
            .await?
            .ok_or_else(|| arena_not_found(id))?;
        Ok((ArenaRecord::decode(&stored.data)?, stored.version))
    }

    /// Applies an arena's event (see `effects`).
    pub(super) async fn apply_arena_event(&self, id: &str, event: ArenaEvent) -> Result<(), Error> {
        let record = match self.load_arena(id).await {
            Ok((r, _)) => r,
            Err(e) if e.code() == Code::ArenaNotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        match event {
            ArenaEvent::Started => {
                let told = InboxEvent::ArenaStarted {
                    arena_id: id.to_owned(),
                    name: record.name.clone(),
                };
                let once = format!("arena_started:{id}");
                for p in &record.players {
                    self.announce_once(&p.name, &told, Some(&once)).await?;
                }
                Ok(())
            }
            ArenaEvent::Tables { from, to } => {
                let tables = record
                    .tables
                    .get(from..to.min(record.tables.len()))
                    .unwrap_or_default();
                for chunk in tables.chunks(CREATE_CONCURRENCY) {
                    let jobs = chunk.iter().map(|t| self.create_arena_game(id, &record, t));
                    futures_util::future::try_join_all(jobs).await?;
                }
                Ok(())
            }
            ArenaEvent::Finished => {
                let once = format!("arena_finished:{id}");
                for s in record.standings() {
                    let told = InboxEvent::ArenaFinished {
                        arena_id: id.to_owned(),
                        rank: s.rank,
                        score: s.score,
                    };
                    self.announce_once(&s.bot, &told, Some(&once)).await?;
                }
                tracing::info!(arena_id = %id, results = record.results, "arena finished");
                Ok(())
            }
        }
    }

    /// Creates the game of table `t` of arena `id` under its planned id (nothing if it exists:
    /// an earlier try made it).
    async fn create_arena_game(
        &self,
        id: &str,
        a: &ArenaRecord,
        t: &TableRecord,
    ) -> Result<(), Error> {
        if self.store().version(&t.game_id).await?.is_some() {
            return Ok(());
        }
        let seats = t
            .seats
            .iter()
            .map(|name| match house_strategy(name) {
                Some(strategy) => SeatFor::House(strategy),
                None => SeatFor::Account(name.clone()),
            })
            .collect();
        let mut spec = a.spec.clone();
        if a.kind == ArenaKind::Duplicate {
            spec.max_hands = Some(1);
        }
        let game = SeatedGame {
            seed: t.seed,
            turn_time_limit_ms: Some(a.turn_time_limit_ms),
            game_id: Some(t.game_id.clone()),
            series: t.seed.map(|_| Series {
                id: part_of(id),
                deal: t.deal,
                play: 0,
                siblings: a
                    .tables
                    .iter()
                    .filter(|o| o.round == t.round && o.deal == t.deal && o.game_id != t.game_id)
                    .map(|o| o.game_id.clone())
                    .collect(),
            }),
            part_of: Some(part_of(id)),
            ..SeatedGame::new(spec, seats)
        };
        let via = Via::Arena {
            arena_id: id.to_owned(),
            round: t.round,
            deal: t.deal,
            rated: a.rated,
        };
        match self.create_seated(game, via).await {
            Ok(_) => Ok(()),
            // A bot whose account is gone: the table cannot be made; it is counted as over
            // with no points, so the arena goes on.
            Err(e) if e.code() == Code::BotNotFound => {
                tracing::warn!(arena_id = %id, game_id = %t.game_id, "an arena's table lost a bot account");
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// A game that is part of an arena ended (`effects`): its result is counted once, the
    /// arena moves on, and the games the arena counts are attached to their bots' profiles.
    pub(super) async fn arena_game_over(
        &self,
        game: &str,
        record: &GameRecord,
    ) -> Result<(), Error> {
        let Some(id) = record
            .part_of
            .as_deref()
            .and_then(|p| p.strip_prefix(STORE_PREFIX))
        else {
            return Ok(());
        };
        let a = match self
            .update_arena(id, |a| a.record_result(game, record, now_ms()))
            .await
        {
            Ok(a) => a,
            Err(e) if e.code() == Code::ArenaNotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let Some(t) = a.tables.iter().find(|t| t.game_id == game) else {
            return Ok(());
        };
        // Attached when shown: a continuous arena's game now, a duplicate deal's once every
        // table has played it (a retry attaches the same again, which changes nothing).
        let games: Vec<&TableRecord> = match a.kind {
            ArenaKind::Continuous => vec![t],
            ArenaKind::Duplicate if a.deal_complete(t.round, t.deal) => a
                .tables
                .iter()
                .filter(|o| o.round == t.round && o.deal == t.deal)
                .collect(),
            ArenaKind::Duplicate => Vec::new(),
        };
        for t in games {
            let bots: Vec<String> = t
                .seats
                .iter()
                .filter(|s| house_strategy(s).is_none())
                .cloned()
                .collect();
            self.try_attach(&bots, &t.game_id).await?;
        }
        Ok(())
    }
}

/// Checks and plans an arena asked for by `caller` at `now` (not written).
fn plan_arena(caller: &str, req: &CreateArenaRequest, now: u64) -> Result<ArenaRecord, Error> {
    // Lists and pages show the name as it is: a space or a separator (ASCII's information
    // separators too, as JSON Schema's `\s` reads them) reads as a space, another control
    // character as U+FFFD.
    let name: String = req
        .name
        .chars()
        .map(|c| match c {
            c if c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c) => ' ',
            c if c.is_control() => '\u{FFFD}',
            c => c,
        })
        .collect();
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        return Err(Error::refused(
            Code::InvalidName,
            "an arena's `name` is 1 to 64 characters, not only spaces",
        ));
    }
    let mut spec = req.ruleset.clone().unwrap_or_default();
    if req.kind == ArenaKind::Duplicate {
        spec.max_hands = Some(1);
    }
    let rules = spec.build()?;
    let rated = req.rated.unwrap_or(false);
    let (ends, rounds, deals) = match req.kind {
        ArenaKind::Continuous => {
            if req.rounds.is_some() || req.deals_per_round.is_some() {
                return Err(invalid(
                    "`rounds` and `deals_per_round` are a duplicate arena's; a continuous arena has `duration_ms`",
                ));
            }
            let length = req.duration_ms.unwrap_or(DEFAULT_DURATION_MS);
            if !(MIN_DURATION_MS..=MAX_DURATION_MS).contains(&length) {
                return Err(invalid(format!(
                    "`duration_ms` is {MIN_DURATION_MS} to {MAX_DURATION_MS}"
                )));
            }
            (Some(length), None, 1)
        }
        ArenaKind::Duplicate => {
            if req.duration_ms.is_some() {
                return Err(invalid(
                    "`duration_ms` is a continuous arena's; a duplicate arena has `rounds`",
                ));
            }
            if rated {
                return Err(invalid(
                    "a duplicate arena is not rated: its deals are dealt by seeds, and its standings are its result",
                ));
            }
            let rounds = req.rounds.unwrap_or(DEFAULT_ROUNDS);
            let deals = req.deals_per_round.unwrap_or(1);
            if !(1..=MAX_ROUNDS).contains(&rounds) || !(1..=MAX_DEALS_PER_ROUND).contains(&deals) {
                return Err(invalid(format!(
                    "`rounds` is 1 to {MAX_ROUNDS} and `deals_per_round` 1 to {MAX_DEALS_PER_ROUND}"
                )));
            }
            (None, Some(rounds), deals)
        }
    };
    if rated && Pool::of(&rules).rules().as_ref() != Some(&rules) {
        return Err(invalid(format!(
            "a rated arena plays its preset's own rules at its player count (the pool {}); leave the other options out",
            Pool::of(&rules).name()
        )));
    }
    let starts_in = req.starts_in_ms.unwrap_or(DEFAULT_STARTS_IN_MS);
    if starts_in > MAX_STARTS_IN_MS {
        return Err(invalid(format!(
            "`starts_in_ms` is 0 to {MAX_STARTS_IN_MS}"
        )));
    }
    check_turn_limit(req.turn_time_limit_ms)?;
    let max_players = req.max_players.unwrap_or(DEFAULT_MAX_PLAYERS);
    if !(2..=MAX_PLAYERS).contains(&max_players) {
        return Err(invalid(format!("`max_players` is 2 to {MAX_PLAYERS}")));
    }
    let starts = now + starts_in;
    Ok(ArenaRecord {
        name: name.to_owned(),
        created_by: caller.to_owned(),
        kind: req.kind,
        spec,
        rules,
        rated,
        house: req.house,
        turn_time_limit_ms: req.turn_time_limit_ms.unwrap_or(DEFAULT_TURN_LIMIT_MS),
        created_unix_ms: now,
        starts_unix_ms: starts,
        ends_unix_ms: ends.map(|l| starts + l),
        rounds,
        deals_per_round: deals,
        max_players,
        status: ArenaStatus::Upcoming,
        round: 0,
        players: Vec::new(),
        tables: Vec::new(),
        results: 0,
        finished_unix_ms: None,
    })
}

fn listed_item(id: &str, record: &ArenaRecord) -> Result<Vec<u8>, Error> {
    serde_json::to_vec(&Listed {
        summary: record.summary(id),
        due_unix_ms: record.due(),
    })
    .map_err(|_| Error::Internal)
}

/// Runs this replica's arena sweeper forever (every second), and keeps each recurring arena's
/// next occurrence created.
pub async fn run_arenas(svc: Platform, recurring: Vec<RecurringArena>) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut n: u64 = 0;
    loop {
        tick.tick().await;
        if n.is_multiple_of(30) && !recurring.is_empty() {
            svc.ensure_recurring_arenas(&recurring).await;
        }
        n += 1;
        svc.sweep_arenas().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena(kind: &str) -> ArenaRecord {
        let req: CreateArenaRequest =
            serde_json::from_value(serde_json::json!({"name": "t", "kind": kind})).unwrap();
        let mut a = plan_arena("a", &req, 1_000).unwrap();
        for name in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            a.players.push(PlayerRecord {
                name: name.into(),
                joined_unix_ms: 1,
                status: ArenaPlayerStatus::Active,
                waiting_since: None,
                last_opponents: Vec::new(),
                sat_out: 0,
                withdrawn_at: None,
            });
        }
        a.status = ArenaStatus::Running;
        a
    }

    fn table(
        round: u32,
        seats: &[&str],
        points: Option<[i32; 2]>,
        places: [usize; 2],
    ) -> TableRecord {
        TableRecord {
            game_id: new_game_id(),
            round,
            deal: 0,
            seats: seats.iter().map(|s| (*s).to_owned()).collect(),
            seed: None,
            points: points.map(|p| p.to_vec()),
            places: points.map(|_| places.to_vec()),
            forfeit: None,
            late: Vec::new(),
            counted: points.map(|_| round),
            paired_unix_ms: 1,
            ended_unix_ms: None,
        }
    }

    fn score(a: &ArenaRecord, bot: &str) -> (f64, u32) {
        let s = a.standings().into_iter().find(|s| s.bot == bot).unwrap();
        (s.score, s.games)
    }

    #[test]
    fn a_duplicate_deal_is_scored_against_the_same_cards_once_whole() {
        let mut a = arena("duplicate");
        // Deal 1: side 0 (seats 0 and 2) scored 4 at one table, 2 at the other.
        a.tables
            .push(table(1, &["a", "b", "c", "d"], Some([4, -2]), [1, 2]));
        a.tables
            .push(table(1, &["e", "f", "g", "h"], Some([2, 0]), [1, 2]));
        // Deal 2: one table over, the other not: not scored, not shown.
        a.tables
            .push(table(2, &["a", "f", "c", "h"], Some([0, 3]), [2, 1]));
        a.tables.push(table(2, &["e", "b", "g", "d"], None, [0, 0]));
        assert_eq!(score(&a, "a"), (100.0, 1));
        assert_eq!(score(&a, "b"), (0.0, 1));
        assert_eq!(score(&a, "f"), (100.0, 1));
        assert_eq!(score(&a, "e"), (0.0, 1));
        let view = a.view("x");
        assert!(view.tables[2].game_id.is_none() && view.tables[2].points.is_none());
        assert!(view.tables[0].game_id.is_some());
        // Deal 2 ends with a tie for side 1 (3 each): 50 for b, d, f, h; side 0 0 and 0: 50.
        a.tables[3].points = Some(vec![0, 3]);
        a.tables[3].places = Some(vec![2, 1]);
        a.tables[3].counted = Some(4);
        assert_eq!(score(&a, "a"), (75.0, 2));
        assert_eq!(score(&a, "b"), (25.0, 2));
        let s = a.standings();
        assert!(s.iter().all(|l| l.ci95.is_some()));
        // A seat whose last 3 turns the clock played scores 0 on the deal.
        a.tables[0].late = vec![0];
        assert_eq!(score(&a, "a"), (25.0, 2));
        let line = a.standings().into_iter().find(|s| s.bot == "a").unwrap();
        assert_eq!(line.forfeits, 1);
    }

    #[test]
    fn a_continuous_game_scores_by_place_and_a_withdrawn_bot_gets_nothing_after() {
        let mut a = arena("continuous");
        a.tables
            .push(table(1, &["a", "b", "c", "d"], Some([10, 4]), [1, 2]));
        let mut forfeited = table(2, &["a", "e", "c", "f"], Some([2, 5]), [2, 1]);
        forfeited.forfeit = Some(2); // c
        forfeited.counted = Some(2);
        a.tables.push(forfeited);
        a.tables
            .push(table(3, &["c", "g", "a", "h"], Some([10, 0]), [1, 2]));
        a.tables[2].counted = Some(3);
        assert_eq!(score(&a, "a"), (4.0, 3));
        assert_eq!(score(&a, "c"), (4.0, 3)); // 2 + 0 (forfeit) + 2
        assert_eq!(score(&a, "e"), (2.0, 1));
        // Withdrawn after the second result: the third scores nothing for it.
        a.players[2].status = ArenaPlayerStatus::Withdrawn;
        a.players[2].withdrawn_at = Some(2);
        assert_eq!(score(&a, "c"), (2.0, 3));
        assert_eq!(score(&a, "a"), (4.0, 3));
        let s = a.standings();
        assert_eq!(s[0].bot, "a");
        assert_eq!(s.iter().find(|l| l.bot == "c").unwrap().forfeits, 1);
    }

    #[test]
    fn pairing_avoids_the_last_table_when_it_can() {
        let mut a = arena("continuous");
        for (i, p) in a.players.iter_mut().enumerate() {
            // a..d sat together, e..h too.
            let group: Vec<String> = if i < 4 {
                ["a", "b", "c", "d"]
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect()
            } else {
                ["e", "f", "g", "h"]
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect()
            };
            p.last_opponents = group.into_iter().filter(|n| *n != p.name).collect();
        }
        let order: Vec<String> = ["a", "b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let (tables, left) = a.group(order, 4);
        assert!(left.is_empty());
        for t in &tables {
            let first_half = t
                .iter()
                .filter(|n| ["a", "b", "c", "d"].contains(&n.as_str()))
                .count();
            assert_eq!(first_half, 2, "{t:?}");
        }
        // Nobody else: the last opponents again.
        let (tables, _) = a.group(vec!["a".into(), "b".into(), "c".into(), "d".into()], 4);
        assert_eq!(tables.len(), 1);
    }

    #[test]
    fn a_duplicate_round_needs_two_tables_and_fills_with_house_players() {
        let mut a = arena("duplicate");
        a.players.truncate(5);
        a.house = Some(HouseFill::Random);
        let (from, to) = a.next_round(5).expect("a round");
        assert_eq!(to - from, 2);
        let seats: Vec<&String> = a.tables.iter().flat_map(|t| &t.seats).collect();
        assert_eq!(seats.iter().filter(|s| s.starts_with("house-")).count(), 3);
        // The deal's two tables are dealt the same.
        assert_eq!(a.tables[0].seed, a.tables[1].seed);
        // Without house players, 5 bots make one table: no round.
        let mut b = arena("duplicate");
        b.players.truncate(5);
        assert!(b.next_round(5).is_none());
        assert_eq!(b.status, ArenaStatus::Finished);
    }
}
