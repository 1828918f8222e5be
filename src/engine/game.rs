//! The game state machine: a whole game, its creation, what it shows, and applying an action.
//! The phases live beside it, one concept a file: [`super::auction`], [`super::exchange`],
//! [`super::play`], [`super::scoring`]; what a seat may do in [`super::legal`]; the hand in
//! progress in [`super::hand`]; reading a stored state back in [`super::integrity`].

use serde::{Deserialize, Serialize};

use super::action::{Action, ActionError, Phase, Seat};
use super::auction::{Call, Contract, Forced};
use super::cards::{Card, Ranking, Trump};
use super::hand::{Hand, HandRecord, HandState, Undealt, deal, remove_card};
use super::play::Trick;
use super::ruleset::{Ruleset, RulesetError};
use super::scoring::{HandSummary, Outcome};
use super::shuffle::SplitMix64;
use super::side::BySide;

/// The most seats a game can have.
pub const MAX_SEATS: usize = 6;

/// The version of the serialised state format. Bump it (and migrate) when the format changes.
pub const STATE_FORMAT: u32 = 1;

/// An explicit first deal (for tests and bot training); later hands come from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({
    "dealer": 0,
    "hands": [["JK","JH","JD","AH","KH","QH"],["9C","TC","QC","KC","AC","JC"],["9D","TD","QD","KD","AD","9H"],["9S","TS","JS","QS","KS","AS"]],
    "widow": ["TH"]
})))]
pub struct Scenario {
    /// The first hand's dealer.
    #[cfg_attr(feature = "openapi", schema(value_type = u8, minimum = 0, maximum = 5))]
    pub dealer: Seat,
    /// Each seat's cards, seat 0 first.
    pub hands: Vec<Vec<Card>>,
    /// The cards dealt to no seat: the widow (Five Hundred's kitty; empty or left out when
    /// the deck has none), pepper for two's dead hand, or in upcard games (Euchre, Buck
    /// Euchre, Bacon) the whole undealt rest of the deck, the upcard first (Bacon's next
    /// upcards follow in order).
    #[serde(default)]
    pub widow: Vec<Card>,
}

/// What an accepted action changed beyond the next turn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Applied {
    /// Hands that finished because of this action (played out, voided or thrown in).
    pub finished_hands: Vec<HandRecord>,
    /// True if this action ended the game.
    pub game_over: bool,
}

///
/// [`Game::apply`] is the only way to change it; an error leaves it unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr")]
pub struct Game {
    pub(crate) format: u32,
    pub(crate) rules: Ruleset,
    pub(crate) seed: u64,
    pub(crate) scores: BySide<i32>,
    pub(crate) phase: Phase,
    pub(crate) turn: Option<Seat>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) last_hand: Option<HandSummary>,
    pub(crate) hand: HandState,
    /// The tricks of the last finished hand (all played face up), for the views. Last, and
    /// empty when read from a state stored before it was kept.
    pub(crate) last_tricks: Vec<Trick>,
}

/// The serialised shape, validated on the way in.
#[derive(Deserialize)]
struct GameRepr {
    format: u32,
    rules: Ruleset,
    seed: u64,
    scores: BySide<i32>,
    phase: Phase,
    turn: Option<Seat>,
    outcome: Option<Outcome>,
    last_hand: Option<HandSummary>,
    hand: HandState,
    #[serde(default)]
    last_tricks: Vec<Trick>,
}

impl TryFrom<GameRepr> for Game {
    type Error = String;
    fn try_from(r: GameRepr) -> Result<Game, String> {
        let g = Game {
            format: r.format,
            rules: r.rules,
            seed: r.seed,
            scores: r.scores,
            phase: r.phase,
            turn: r.turn,
            outcome: r.outcome,
            last_hand: r.last_hand,
            hand: r.hand,
            last_tricks: r.last_tricks,
        };
        g.check_integrity()?;
        Ok(g)
    }
}

impl Game {
    /// A new game dealt from `seed`, or with its first hand given by `scenario`.
    pub fn new(
        rules: Ruleset,
        seed: u64,
        scenario: Option<&Scenario>,
    ) -> Result<Game, RulesetError> {
        rules.validate()?;
        let (dealer, hands, widow) = match scenario {
            Some(s) => Self::check_scenario(&rules, s)?,
            None => {
                let dealer = SplitMix64::new(seed).below(rules.players as u64) as Seat;
                let (hands, widow) = deal(&rules, seed, 0, dealer);
                (dealer, hands, widow)
            }
        };
        let mut g = Game {
            format: STATE_FORMAT,
            rules,
            seed,
            scores: rules.sides().zeroed(),
            phase: Phase::Auction,
            turn: None,
            outcome: None,
            last_hand: None,
            hand: HandState::new(0, dealer, hands, widow),
            last_tricks: Vec::new(),
        };
        if rules.counts_down() {
            // Scores count down from the target.
            g.scores.iter_mut().for_each(|s| *s = rules.target_score);
        }
        g.start_hand();
        Ok(g)
    }

    pub(super) fn check_scenario(
        rules: &Ruleset,
        s: &Scenario,
    ) -> Result<(Seat, Vec<Hand>, Undealt), RulesetError> {
        let bad = |message: String| RulesetError {
            code: "invalid_scenario",
            message,
        };
        let n = rules.seats();
        if s.dealer as usize >= n {
            return Err(bad(format!("dealer {} is not a seat (0..{n})", s.dealer)));
        }
        if s.hands.len() != n {
            return Err(bad(format!(
                "{} hands given, the game has {n} seats",
                s.hands.len()
            )));
        }
        let cpp = rules.cards_per_player();
        let mut counts = [0u8; Card::CODES];
        for (seat, h) in s.hands.iter().enumerate() {
            if h.len() != cpp {
                return Err(bad(format!(
                    "seat {seat} has {} cards; each seat is dealt {cpp}",
                    h.len()
                )));
            }
            h.iter().for_each(|c| counts[c.index()] += 1);
        }
        if s.widow.len() != rules.undealt() {
            return Err(bad(format!(
                "the widow (or dead hand) has {} cards; this ruleset deals {}",
                s.widow.len(),
                rules.undealt()
            )));
        }
        s.widow.iter().for_each(|c| counts[c.index()] += 1);
        let deck = rules.deck.counts();
        if let Some(i) = (0..Card::CODES).find(|&i| counts[i] != deck[i]) {
            let card = Card::from_index(i).unwrap_or(Card::JOKER);
            return Err(bad(format!(
                "{card} appears {} times; the {} deck has {}",
                counts[i],
                rules.deck.name(),
                deck[i]
            )));
        }
        let hands = s
            .hands
            .iter()
            .map(|h| {
                let mut hand: Hand = h.iter().copied().collect();
                hand.sort_unstable();
                hand
            })
            .collect();
        Ok((s.dealer, hands, s.widow.iter().copied().collect()))
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The seed later hands are dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act, or None when the game is over.
    pub fn turn(&self) -> Option<Seat> {
        self.turn
    }

    /// The scores by side.
    pub fn scores(&self) -> BySide<i32> {
        self.scores
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// The current hand's number (0 for the first).
    pub fn hand_number(&self) -> u32 {
        self.hand.number
    }

    /// The current dealer.
    pub fn dealer(&self) -> Seat {
        self.hand.dealer
    }

    /// A seat's cards.
    pub fn hand_of(&self, seat: Seat) -> &[Card] {
        self.hand
            .hands
            .get(seat as usize)
            .map_or(&[], |h| h.as_slice())
    }

    /// The contract of the hand in progress.
    pub fn contract(&self) -> Option<Contract> {
        self.hand.contract
    }

    /// The trump of the hand in progress, once named.
    pub fn trump(&self) -> Option<Trump> {
        self.hand.trump
    }

    /// The trick in progress.
    pub fn current_trick(&self) -> &Trick {
        &self.hand.trick
    }

    /// The finished tricks of the hand in progress.
    pub fn tricks(&self) -> &[Trick] {
        &self.hand.tricks
    }

    /// The summary of the last finished hand.
    pub fn last_hand(&self) -> Option<&HandSummary> {
        self.last_hand.as_ref()
    }

    /// How cards rank in the hand in progress.
    pub fn ranking(&self) -> Ranking {
        Ranking {
            trump: self.hand.trump.and_then(Trump::suit),
            bowers: self.rules.bowers,
        }
    }

    /// The seats sitting the hand in progress out, as a bit set (public: who went alone).
    pub(crate) fn sitting_out(&self) -> u8 {
        self.hand.sitting_out
    }

    /// The suits each seat has renounced in the hand in progress, as bit sets by suit index
    /// (public: every card played is seen).
    pub(crate) fn renounced(&self) -> [u8; MAX_SEATS] {
        self.hand.voids
    }

    pub(super) fn n(&self) -> Seat {
        self.rules.players
    }

    pub(super) fn is_active(&self, seat: Seat) -> bool {
        self.hand.sitting_out & (1 << seat) == 0
    }

    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 >= self.n() { 0 } else { seat + 1 }
    }

    pub(super) fn next_active(&self, seat: Seat) -> Seat {
        let mut s = self.next_seat(seat);
        while !self.is_active(s) {
            s = self.next_seat(s);
        }
        s
    }

    pub(super) fn active_count(&self) -> usize {
        let all = (1u8 << self.n()) - 1;
        (all & !self.hand.sitting_out).count_ones() as usize
    }

    /// Applies `seat`'s action. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Applied, ActionError> {
        if let Action::Play { card, suit } = *action
            && self.phase == Phase::Play
            && self.turn == Some(seat)
        {
            // The hot path: checked as `validate` would, with the lead worked out once.
            return self.play(seat, card, suit);
        }
        self.validate(seat, action)?;
        let mut applied = Applied::default();
        if self.rules.upcard() && matches!(self.phase, Phase::Auction | Phase::Exchange) {
            self.upcard_apply(seat, action, &mut applied);
            return Ok(applied);
        }
        match action {
            Action::Pass => {
                self.hand.auction.push(Call { seat, bid: None });
                self.hand.passed |= 1 << seat;
                self.advance_auction(seat, &mut applied);
            }
            Action::Bid { .. } | Action::Misere | Action::OpenMisere => {
                let Some(bid) = action.as_bid() else {
                    return Ok(applied);
                };
                let forced = self.dealer_must_bid(seat).then_some(Forced::Dealer);
                self.hand.auction.push(Call {
                    seat,
                    bid: Some(bid),
                });
                if forced.is_some() {
                    self.hand.contract = Some(Contract { seat, bid, forced });
                    self.start_exchange();
                } else if bid.rank() >= self.max_bid().rank() {
                    self.hand.contract = Some(Contract {
                        seat,
                        bid,
                        forced: None,
                    });
                    self.start_exchange();
                } else {
                    self.advance_auction(seat, &mut applied);
                }
            }
            Action::Exchange { trump, discard } => {
                let hand = &mut self.hand.hands[seat as usize];
                for &c in discard {
                    remove_card(hand, c);
                }
                self.hand.discards = discard.clone();
                self.hand.trump = Some(*trump);
                if self.rules.five_hundred() {
                    self.five_hundred_after_exchange();
                } else {
                    self.start_alone();
                }
            }
            Action::Alone { .. } if self.rules.calls_partner() => {
                self.five_hundred_call(seat, None)
            }
            Action::Call { card } => self.five_hundred_call(seat, Some(*card)),
            Action::Alone { alone } => self.apply_alone(seat, *alone),
            Action::PassCards { cards } => {
                let declarer = self.hand.contract.map_or(seat, |c| c.seat);
                let hand = &mut self.hand.hands[seat as usize];
                for &card in cards {
                    remove_card(hand, card);
                }
                if seat == declarer {
                    self.hand.lone_discards = cards.clone();
                    self.turn = Some(self.passing_partner(declarer));
                } else {
                    self.hand.passed_cards = cards.clone();
                    let bidder = &mut self.hand.hands[declarer as usize];
                    bidder.extend(cards.iter().copied());
                    bidder.sort_unstable();
                    self.start_play();
                }
            }
            Action::Play { card, suit } => return self.play(seat, *card, *suit),
            Action::Stay | Action::Drop => {
                self.drop_out_apply(seat, *action == Action::Drop, &mut applied)
            }
            // Upcard games only, applied above (`validate` refuses them elsewhere).
            Action::OrderUp
            | Action::NameTrump { .. }
            | Action::TakeUpcard { .. }
            | Action::LeaveUpcard
            | Action::PickUp
            | Action::PickUpAlone
            | Action::Allow
            | Action::Veto
            | Action::VetoAlone => {}
        }
        Ok(applied)
    }
}

#[cfg(test)]
impl Game {
    /// The hand in progress, hidden cards included: for the engine's own tests only (everything
    /// else reads what a seat knows, [`Game::knowledge`]).
    pub(crate) fn hand_state(&self) -> &HandState {
        &self.hand
    }
}
