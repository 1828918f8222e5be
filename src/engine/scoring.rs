//! The end of a hand and of the game: tricks won by each side, the points they score, and who
//! wins.

use serde::{Deserialize, Serialize};

use super::action::{Pepper, Phase, Team, team_of};
use super::auction::{Contract, Forced};
use super::game::{Applied, Game};
use super::hand::{HandRecord, HandState, deal};
use super::ruleset::GameEnd;

/// How a hand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandResult {
    /// Played to the last trick and scored.
    Played,
    /// All passed and the joker was the widow: void, the deal passes.
    VoidJokerInWidow,
    /// All passed: thrown in, the deal passes.
    ThrownIn,
}

/// The public outcome of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSummary {
    /// The hand's number (0 for the first).
    pub number: u32,
    /// How it ended.
    pub result: HandResult,
    /// The contract, if one was played.
    pub contract: Option<Contract>,
    /// Tricks taken by each team.
    pub tricks_won: [u8; 2],
    /// Points each team scored on the hand.
    pub score_delta: [i32; 2],
    /// The scores after the hand.
    pub scores: [i32; 2],
}

/// The final outcome of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The team won.
    Winner(Team),
    /// Equal scores under `higher_score_or_draw`.
    Draw,
}

impl Game {
    pub(super) fn tricks_won(&self) -> [u8; 2] {
        let mut won = [0u8; 2];
        for t in &self.hand.tricks {
            if let Some(w) = t.winner {
                won[team_of(w) as usize] += 1;
            }
        }
        won
    }

    /// The points each team scores for the hand just played.
    pub(super) fn score_hand(&self) -> [i32; 2] {
        let Some(c) = self.hand.contract else {
            return [0, 0];
        };
        let won = self.tricks_won();
        let dt = team_of(c.seat) as usize;
        let ft = 1 - dt;
        let made = won[dt] >= c.bid.tricks;
        let stakes = if c.bid.pepper == Some(Pepper::Big) {
            2
        } else {
            1
        };
        let mut declarers = if made {
            won[dt] as i32
        } else {
            let penalty = match self.rules.set_penalty {
                super::ruleset::SetPenalty::Contract => c.bid.tricks as i32,
                super::ruleset::SetPenalty::Fixed6 => 6,
            };
            if c.forced == Some(Forced::Dealer) {
                -((penalty + 1) / 2)
            } else {
                -penalty
            }
        } * stakes;
        if self.hand.alone.is_some() {
            declarers *= 2;
        }
        let mut defenders = won[ft] as i32;
        if self.hand.defender_alone.is_some() {
            defenders *= 2;
        }
        let mut delta = [0; 2];
        delta[dt] = declarers;
        delta[ft] = defenders;
        delta
    }

    pub(super) fn end_hand(&mut self, result: HandResult, applied: &mut Applied) {
        let delta = if result == HandResult::Played {
            self.score_hand()
        } else {
            [0, 0]
        };
        self.scores[0] = self.scores[0].saturating_add(delta[0]);
        self.scores[1] = self.scores[1].saturating_add(delta[1]);
        let summary = HandSummary {
            number: self.hand.number,
            result,
            contract: self.hand.contract,
            tricks_won: self.tricks_won(),
            score_delta: delta,
            scores: self.scores,
        };
        self.last_hand = Some(summary.clone());
        self.last_tricks.clone_from(&self.hand.tricks);
        if let Some(outcome) = self.game_outcome() {
            // The finished hand stays on the table; the record gets a copy.
            applied
                .finished_hands
                .push(HandRecord::new(self.hand.clone(), summary));
            self.outcome = Some(outcome);
            self.phase = Phase::GameOver;
            self.turn = None;
            applied.game_over = true;
            return;
        }
        let number = self.hand.number + 1;
        let dealer = self.next_seat(self.hand.dealer);
        let (hands, widow) = deal(&self.rules, self.seed, number, dealer);
        let finished =
            std::mem::replace(&mut self.hand, HandState::new(number, dealer, hands, widow));
        applied
            .finished_hands
            .push(HandRecord::new(finished, summary));
        self.phase = Phase::Auction;
        self.turn = Some(self.next_seat(dealer));
    }

    pub(super) fn game_outcome(&self) -> Option<Outcome> {
        let target = self.rules.target_score;
        let [a, b] = self.scores;
        let reached = [a >= target, b >= target];
        match (reached, self.rules.game_end) {
            ([false, false], _) => None,
            ([true, false], GameEnd::DeclarersWinTies) => Some(Outcome::Winner(0)),
            ([false, true], GameEnd::DeclarersWinTies) => Some(Outcome::Winner(1)),
            ([true, true], GameEnd::DeclarersWinTies) => Some(Outcome::Winner(
                self.hand.contract.map_or(0, |c| team_of(c.seat)),
            )),
            (_, GameEnd::HigherScoreOrDraw) => Some(match a.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::Winner(0),
                std::cmp::Ordering::Less => Outcome::Winner(1),
                std::cmp::Ordering::Equal => Outcome::Draw,
            }),
        }
    }
}
