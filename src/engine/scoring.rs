//! The end of a hand and of the game: tricks won by each side, the points they score, and who
//! wins.

use serde::{Deserialize, Serialize};

use super::action::{Pepper, Phase, Seat, Team};
use super::auction::{Contract, Forced};
use super::game::{Applied, Game};
use super::hand::{HandRecord, HandState, deal};
use super::play::Trick;
use super::ruleset::{GameEnd, Scoring};
use super::side::{BySide, Sides};

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
    /// Buck Euchre: every other player dropped out; the declarer takes every trick without
    /// play.
    AllDropped,
    /// Bacon: all passed the fourth upcard: thrown in, and the same dealer deals again.
    Acquitted,
}

/// The public outcome of a finished hand (with its tricks in a view's `last_hand`, and with
/// everything else in the log's `HandRecord`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = HandOutcome))]
pub struct HandSummary {
    /// The hand number (0 for the first).
    pub number: u32,
    /// How it ended.
    pub result: HandResult,
    /// The contract; null when the hand was thrown in or voided before one was made.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub contract: Option<Contract>,
    /// Tricks taken by team 0 and team 1.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub tricks_won: BySide<u8>,
    /// Points each team scored on the hand.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i32>))]
    pub score_delta: BySide<i32>,
    /// Scores after the hand.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i32>))]
    pub scores: BySide<i32>,
}

/// The tricks each side has taken among `tricks` (finished tricks; one without a winner counts
/// for nobody). The one place that counts them: scoring, the views and the integrity check.
pub(crate) fn tricks_won(sides: Sides, tricks: &[Trick]) -> BySide<u8> {
    let mut won = sides.zeroed();
    for w in tricks.iter().filter_map(|t| t.winner) {
        won[sides.of(w) as usize] += 1;
    }
    won
}

/// The final outcome of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The team won.
    Winner(Team),
    /// The highest score shared under `higher_score_or_draw`: the sides that hold it are tied
    /// winners (with two sides, a draw).
    Draw,
    /// Five Hundred: several sides won together (a declarer and the called partner both at
    /// 500, or equal highest scores after a failed contract), as a bit set of sides.
    Tied(u8),
}

impl Game {
    /// The points each side scores for the hand just played, by the ruleset's scoring.
    pub(super) fn score_hand(&self, result: HandResult) -> BySide<i32> {
        match self.rules.scoring {
            Scoring::Contract => self.score_contract(),
            Scoring::Euchre => self.score_euchre(),
            Scoring::Buck => self.score_buck(result),
            Scoring::Bacon => self.score_bacon(),
            Scoring::FiveHundred => self.score_five_hundred(),
        }
    }

    /// The points each side would score if the hand in progress (in its play) ended with the
    /// trick in progress and every later one won by `winners`, in order: what the house expert's
    /// solver turns a number of tricks into, by the ruleset's own scoring.
    pub(crate) fn score_if_won_by(&self, winners: &[Seat]) -> BySide<i32> {
        let mut g = self.clone();
        g.hand.trick = Trick::default();
        for &w in winners {
            g.hand.tricks.push(Trick {
                leader: w,
                winner: Some(w),
                ..Trick::default()
            });
        }
        g.score_hand(HandResult::Played)
    }

    /// What the one-side-scores games (Euchre, Bacon) score a declared hand from: the tricks
    /// each side took, the makers' side, the tricks they needed and the tricks of a hand; None
    /// when nobody declared.
    pub(super) fn declared_tricks(&self) -> Option<(BySide<u8>, usize, u8, u8)> {
        let c = self.hand.contract?;
        let sides = self.rules.sides();
        Some((
            tricks_won(sides, &self.hand.tricks),
            sides.of(c.seat) as usize,
            c.bid.tricks,
            self.rules.cards_per_player() as u8,
        ))
    }

    /// Euchre (RULES-FAMILY section 1): one side scores. The makers 1 for 3 or 4 tricks, 2 for
    /// the march (4 alone); euchred (fewer than 3), the defenders 2 (4 for a lone defender).
    fn score_euchre(&self) -> BySide<i32> {
        let mut delta = self.rules.sides().zeroed();
        let Some((won, makers, need, all)) = self.declared_tricks() else {
            return delta;
        };
        if won[makers] >= need {
            delta[makers] = match (won[makers] == all, self.hand.alone.is_some()) {
                (true, true) => 4,
                (true, false) => 2,
                (false, _) => 1,
            };
        } else {
            let points = if self.hand.defender_alone.is_some() {
                4
            } else {
                2
            };
            for (side, d) in delta.iter_mut().enumerate() {
                if side != makers {
                    *d = points;
                }
            }
        }
        delta
    }

    /// RULES.md: the declarers score their tricks or lose the penalty; the others their tricks.
    fn score_contract(&self) -> BySide<i32> {
        let sides = self.rules.sides();
        let Some(c) = self.hand.contract else {
            return sides.zeroed();
        };
        let won = tricks_won(sides, &self.hand.tricks);
        let dt = sides.of(c.seat) as usize;
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
                super::ruleset::SetPenalty::AllTricks => self.rules.cards_per_player() as i32,
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
        let stakes = if self.hand.defender_alone.is_some() {
            2
        } else {
            1
        };
        let mut delta = sides.zeroed();
        for (side, d) in delta.iter_mut().enumerate() {
            // The declarers score their contract; every other side its own tricks.
            *d = if side == dt {
                declarers
            } else {
                won[side] as i32 * stakes
            };
        }
        delta
    }

    pub(super) fn end_hand(&mut self, result: HandResult, applied: &mut Applied) {
        let delta = if matches!(result, HandResult::Played | HandResult::AllDropped) {
            self.score_hand(result)
        } else {
            self.rules.sides().zeroed()
        };
        let won = self.buck_tricks(result);
        for (score, d) in self.scores.iter_mut().zip(delta.iter()) {
            *score = score.saturating_add(*d);
        }
        let summary = HandSummary {
            number: self.hand.number,
            result,
            contract: self.hand.contract,
            tricks_won: won,
            score_delta: delta,
            scores: self.scores,
        };
        self.last_hand = Some(summary.clone());
        self.last_tricks.clone_from(&self.hand.tricks);
        let outcome = if self.rules.five_hundred() {
            self.five_hundred_outcome(result)
        } else {
            self.game_outcome(&won)
        }
        .or_else(|| self.hand_limit_outcome());
        if let Some(outcome) = outcome {
            // The finished hand stays on the table; the record gets a copy.
            applied.finished_hands.push(HandRecord::new(
                self.hand.clone(),
                summary,
                self.upcard_state(),
            ));
            self.outcome = Some(outcome);
            self.phase = Phase::GameOver;
            self.turn = None;
            applied.game_over = true;
            return;
        }
        let number = self.hand.number + 1;
        let dealer = if result == HandResult::Acquitted {
            self.hand.dealer
        } else {
            self.next_seat(self.hand.dealer)
        };
        let upcard = self.upcard_state();
        let (hands, widow) = deal(&self.rules, self.seed, number, dealer);
        let finished =
            std::mem::replace(&mut self.hand, HandState::new(number, dealer, hands, widow));
        applied
            .finished_hands
            .push(HandRecord::new(finished, summary, upcard));
        self.start_hand();
    }

    /// The outcome after the last hand `max_hands` allows, when nobody won before: the best
    /// score (the lowest where scores count down) wins; shared, it is a draw among its holders.
    fn hand_limit_outcome(&self) -> Option<Outcome> {
        let limit = self.rules.max_hands;
        if limit == 0 || self.hand.number + 1 < limit {
            return None;
        }
        self.best_score_outcome(self.rules.counts_down())
    }

    /// The best score wins (the lowest if `lowest`, else the highest); shared, it is a draw.
    fn best_score_outcome(&self, lowest: bool) -> Option<Outcome> {
        let best = if lowest {
            *self.scores.iter().min()?
        } else {
            *self.scores.iter().max()?
        };
        let mut top = self.scores.iter().enumerate().filter(|(_, s)| **s == best);
        let (winner, _) = top.next()?;
        Some(if top.next().is_some() {
            Outcome::Draw
        } else {
            Outcome::Winner(winner as Team)
        })
    }

    /// The outcome once some side has reached the target: under `declarers_win_ties` the one
    /// side that reached it, or of several the declarers' (else the first in side order);
    /// under `higher_score_or_draw` the highest score, a draw when it is shared.
    /// Under `lowest_at_zero`, see [`Game::countdown_outcome`] (`won`: the tricks of the hand
    /// just played).
    pub(super) fn game_outcome(&self, won: &BySide<u8>) -> Option<Outcome> {
        if self.rules.counts_down() {
            return self.countdown_outcome(won);
        }
        let target = self.rules.target_score;
        let reached = |side: usize| self.scores[side] >= target;
        let mut reaching = (0..self.scores.len()).filter(|&s| reached(s));
        let first = reaching.next()?;
        let several = reaching.next().is_some();
        match self.rules.game_end {
            GameEnd::DeclarersWinTies => {
                let declarers = self
                    .hand
                    .contract
                    .map(|c| self.rules.sides().of(c.seat) as usize)
                    .filter(|&d| several && reached(d));
                Some(Outcome::Winner(declarers.unwrap_or(first) as Team))
            }
            // Counted down above; Five Hundred's is `five_hundred_outcome`.
            GameEnd::LowestAtZero | GameEnd::MadeContract => None,
            GameEnd::HigherScoreOrDraw => self.best_score_outcome(false),
        }
    }
}
