//! The game state machine: dealing, auction, exchange, going alone, trick play, scoring.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::action::{
    Action, ActionError, Bid, CardList, Pepper, Phase, Seat, SuitName, Team, team_of,
};
use super::cards::{Card, Ranking, Suit, Trump};
use super::ruleset::{AllPass, AloneRule, AuctionKind, FirstLead, GameEnd, Ruleset, RulesetError};
use super::shuffle::SplitMix64;

/// The most seats a game can have.
pub const MAX_SEATS: usize = 6;

/// A hand of cards, kept sorted.
pub type Hand = ArrayVec<Card, 16>;

/// The version of the serialised state format. Bump it (and migrate) when the format changes.
pub const STATE_FORMAT: u32 = 1;

/// An explicit first deal, for tests and bot training: later hands are dealt from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The first hand's dealer.
    pub dealer: Seat,
    /// Each seat's cards.
    pub hands: Vec<Vec<Card>>,
    /// The widow (empty when the deck has none).
    #[serde(default)]
    pub widow: Vec<Card>,
}

/// One entry of the auction: who did what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    /// The seat.
    pub seat: Seat,
    /// The bid, or None for a pass.
    pub bid: Option<Bid>,
}

/// How a contract came about when nobody bid freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forced {
    /// The joker holder, after all passed, was forced to bid 3.
    JokerHolder,
    /// The dealer, after all others passed, had to bid.
    Dealer,
}

/// The contract of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The high bidder (the declarer).
    pub seat: Seat,
    /// The winning bid.
    pub bid: Bid,
    /// Set when the bid was forced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<Forced>,
}

/// A card played to a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// A trick: its leader, the cards in play order, and (when complete) its winner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Trick {
    /// The seat that led.
    pub leader: Seat,
    /// The cards in the order played.
    pub plays: ArrayVec<Play, MAX_SEATS>,
    /// The winner, once complete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
}

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

/// The full record of a finished hand, hidden cards included (for the game log).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRecord {
    /// The public outcome.
    #[serde(flatten)]
    pub summary: HandSummary,
    /// The dealer.
    pub dealer: Seat,
    /// Each seat's cards as dealt.
    pub deal: Vec<Vec<Card>>,
    /// The widow as dealt.
    pub widow: Vec<Card>,
    /// The auction.
    pub auction: Vec<Call>,
    /// The trump named.
    pub trump: Option<Trump>,
    /// The declarer's exchange discard.
    pub discards: Vec<Card>,
    /// The lone bidder, if any.
    pub alone: Option<Seat>,
    /// The lone defender, if any.
    pub defender_alone: Option<Seat>,
    /// The lone bidder's two-card discard (`exchange_two`).
    pub lone_discards: Vec<Card>,
    /// The two cards the partner passed (`exchange_two`).
    pub passed_cards: Vec<Card>,
    /// The tricks.
    pub tricks: Vec<Trick>,
}

/// What an accepted action changed beyond the next turn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Applied {
    /// Hands that finished because of this action (played out, voided or thrown in).
    pub finished_hands: Vec<HandRecord>,
    /// True if this action ended the game.
    pub game_over: bool,
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

/// The state of the hand in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HandState {
    pub number: u32,
    pub dealer: Seat,
    pub hands: Vec<Hand>,
    pub deal: Vec<Hand>,
    pub widow: CardList,
    pub widow_taken: bool,
    pub auction: Vec<Call>,
    pub passed: u8,
    pub contract: Option<Contract>,
    pub trump: Option<Trump>,
    pub discards: CardList,
    pub alone: Option<Seat>,
    pub defender_alone: Option<Seat>,
    pub alone_step: u8,
    pub sitting_out: u8,
    pub lone_discards: CardList,
    pub passed_cards: CardList,
    pub trick: Trick,
    pub tricks: Vec<Trick>,
    pub joker_revealed_by: Option<Seat>,
    pub voids: [u8; MAX_SEATS],
}

/// A whole game: the ruleset, the seed, the scores, and the hand in progress.
///
/// [`Game::apply`] is the only way to change it; an error leaves it unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr")]
pub struct Game {
    pub(crate) format: u32,
    pub(crate) rules: Ruleset,
    pub(crate) seed: u64,
    pub(crate) scores: [i32; 2],
    pub(crate) phase: Phase,
    pub(crate) turn: Option<Seat>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) last_hand: Option<HandSummary>,
    pub(crate) hand: HandState,
}

/// The serialised shape, validated on the way in.
#[derive(Deserialize)]
struct GameRepr {
    format: u32,
    rules: Ruleset,
    seed: u64,
    scores: [i32; 2],
    phase: Phase,
    turn: Option<Seat>,
    outcome: Option<Outcome>,
    last_hand: Option<HandSummary>,
    hand: HandState,
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
        };
        g.check_integrity()?;
        Ok(g)
    }
}

fn remove_card(hand: &mut Hand, card: Card) -> bool {
    match hand.iter().position(|&c| c == card) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

/// Whether `hand` holds every card of `cards` (as a multiset).
fn holds_all(hand: &[Card], cards: &[Card]) -> Result<(), Card> {
    let mut counts = [0u8; Card::CODES];
    for c in hand {
        counts[c.index()] += 1;
    }
    for &c in cards {
        if counts[c.index()] == 0 {
            return Err(c);
        }
        counts[c.index()] -= 1;
    }
    Ok(())
}

/// The distinct cards of a sorted hand.
fn distinct(hand: &[Card]) -> impl Iterator<Item = Card> + '_ {
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || hand[i - 1] != *c)
        .map(|(_, &c)| c)
}

/// Every distinct `k`-card sub-multiset of a sorted hand (k is 0, 1 or 2).
fn combinations(hand: &[Card], k: usize, mut f: impl FnMut(CardList)) {
    match k {
        0 => f(CardList::new()),
        1 => distinct(hand).for_each(|c| {
            let mut l = CardList::new();
            l.push(c);
            f(l)
        }),
        _ => {
            for (i, &a) in hand.iter().enumerate() {
                if i > 0 && hand[i - 1] == a {
                    continue;
                }
                for (j, &b) in hand.iter().enumerate().skip(i + 1) {
                    if j > i + 1 && hand[j - 1] == b {
                        continue;
                    }
                    let mut l = CardList::new();
                    l.push(a);
                    l.push(b);
                    f(l);
                }
            }
        }
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
            scores: [0, 0],
            phase: Phase::Auction,
            turn: None,
            outcome: None,
            last_hand: None,
            hand: HandState::new(0, dealer, hands, widow),
        };
        g.turn = Some(g.next_seat(dealer));
        Ok(g)
    }

    fn check_scenario(
        rules: &Ruleset,
        s: &Scenario,
    ) -> Result<(Seat, Vec<Hand>, CardList), RulesetError> {
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
        if s.widow.len() != rules.widow_size() {
            return Err(bad(format!(
                "the widow has {} cards; this ruleset deals {}",
                s.widow.len(),
                rules.widow_size()
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

    /// The scores by team.
    pub fn scores(&self) -> [i32; 2] {
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

    fn n(&self) -> Seat {
        self.rules.players
    }

    fn is_active(&self, seat: Seat) -> bool {
        self.hand.sitting_out & (1 << seat) == 0
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 >= self.n() { 0 } else { seat + 1 }
    }

    fn next_active(&self, seat: Seat) -> Seat {
        let mut s = self.next_seat(seat);
        while !self.is_active(s) {
            s = self.next_seat(s);
        }
        s
    }

    fn active_count(&self) -> usize {
        let all = (1u8 << self.n()) - 1;
        (all & !self.hand.sitting_out).count_ones() as usize
    }

    /// Bit sets (by card code) of the cards in `hand`, and of those that follow the effective
    /// suit led to the trick in progress (none before the lead).
    fn play_masks(&self, hand: &[Card]) -> (u32, u32) {
        let ranking = self.ranking();
        let led = self.led_code(ranking);
        let row = ranking.eff_row();
        let (mut held, mut follow) = (0u32, 0u32);
        for &c in hand {
            let bit = 1u32 << c.index();
            held |= bit;
            if row[c.index()] == led {
                follow |= bit;
            }
        }
        if led >= 4 {
            follow = 0;
        }
        (held, follow)
    }

    /// The effective suit led to the trick in progress (an index, or 4 before the lead).
    fn led_code(&self, ranking: Ranking) -> u8 {
        self.hand
            .trick
            .plays
            .first()
            .map_or(4, |p| ranking.eff_code(p.card))
    }

    fn highest_bid(&self) -> Option<Call> {
        self.hand
            .auction
            .iter()
            .rev()
            .find(|c| c.bid.is_some())
            .copied()
    }

    fn max_bid(&self) -> Bid {
        let all = self.rules.cards_per_player() as u8;
        if self.rules.pepper_bids {
            Bid {
                tricks: all,
                pepper: Some(Pepper::Big),
            }
        } else {
            Bid::plain(all)
        }
    }

    /// Whether the seat to act in the auction is a dealer who may not pass.
    fn dealer_must_bid(&self, seat: Seat) -> bool {
        self.rules.all_pass == AllPass::DealerForced
            && seat == self.hand.dealer
            && self.highest_bid().is_none()
            && self.hand.passed.count_ones() as u8 == self.n() - 1
    }

    /// The order of going-alone decisions: the declarer, then (partner-sits-out) the defenders
    /// from the declarer's left.
    fn alone_order(&self) -> ArrayVec<Seat, MAX_SEATS> {
        let mut order = ArrayVec::new();
        let Some(c) = self.hand.contract else {
            return order;
        };
        order.push(c.seat);
        if self.rules.alone == AloneRule::PartnerSitsOut {
            let mut s = self.next_seat(c.seat);
            while s != c.seat {
                if team_of(s) != team_of(c.seat) {
                    order.push(s);
                }
                s = self.next_seat(s);
            }
        }
        order
    }

    /// The partner who passes two cards to a lone bidder under `exchange_two`: the one on the
    /// bidder's left.
    fn passing_partner(&self, declarer: Seat) -> Seat {
        (declarer + 2) % self.n()
    }

    /// The legal actions of `seat` (empty when it is not that seat's turn).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// Like [`Game::legal_actions`], reusing a buffer.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.turn != Some(seat) {
            return;
        }
        let hand = self.hand_of(seat);
        match self.phase {
            Phase::Auction => {
                if !self.dealer_must_bid(seat) {
                    out.push(Action::Pass);
                }
                let floor = self.highest_bid().and_then(|c| c.bid).map_or(0, Bid::rank);
                let all = self.rules.cards_per_player() as u8;
                for t in self.rules.min_bid..=self.rules.max_plain_bid() {
                    let b = Bid::plain(t);
                    if b.rank() > floor {
                        out.push(b.into());
                    }
                }
                if self.rules.pepper_bids {
                    for p in [Pepper::Little, Pepper::Big] {
                        let b = Bid {
                            tricks: all,
                            pepper: Some(p),
                        };
                        if b.rank() > floor {
                            out.push(b.into());
                        }
                    }
                }
            }
            Phase::Exchange => {
                let mut trumps: ArrayVec<Trump, 5> =
                    Suit::ALL.into_iter().map(Trump::Suit).collect();
                if self.rules.no_trump {
                    trumps.push(Trump::NoTrump);
                }
                for trump in trumps {
                    combinations(hand, self.rules.widow_size(), |discard| {
                        out.push(Action::Exchange { trump, discard })
                    });
                }
            }
            Phase::Alone => {
                out.push(Action::Alone { alone: false });
                out.push(Action::Alone { alone: true });
            }
            Phase::PassCards => {
                combinations(hand, 2, |cards| out.push(Action::PassCards { cards }))
            }
            Phase::Play => {
                let (held, follow) = self.play_masks(hand);
                // The cards of the suit led if the seat holds any, else every card; a bit set
                // per distinct card, read out in card (= hand) order.
                let mut playable = if follow != 0 { follow } else { held };
                while playable != 0 {
                    let card = Card::from_code(playable.trailing_zeros() as u8);
                    out.push(Action::Play { card });
                    playable &= playable - 1;
                }
            }
            Phase::GameOver => {}
        }
    }

    /// Checks an action without changing anything.
    pub fn validate(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if self.phase == Phase::GameOver {
            return Err(ActionError::GameOver);
        }
        if seat >= self.n() {
            return Err(ActionError::InvalidSeat {
                seat,
                players: self.n(),
            });
        }
        let wrong_phase = || ActionError::WrongPhase {
            action: action.kind(),
            phase: self.phase,
        };
        let expected = match action {
            Action::Pass | Action::Bid { .. } => Phase::Auction,
            Action::Exchange { .. } => Phase::Exchange,
            Action::Alone { .. } => Phase::Alone,
            Action::PassCards { .. } => Phase::PassCards,
            Action::Play { .. } => Phase::Play,
        };
        if expected != self.phase {
            return Err(wrong_phase());
        }
        let turn = self.turn.unwrap_or(0);
        if seat != turn {
            return Err(ActionError::NotYourTurn { turn });
        }
        let hand = self.hand_of(seat);
        match action {
            Action::Pass => {
                if self.dealer_must_bid(seat) {
                    return Err(ActionError::MustBid {
                        min_bid: self.rules.min_bid,
                    });
                }
            }
            Action::Bid { tricks, pepper } => {
                let bid = Bid {
                    tricks: *tricks,
                    pepper: *pepper,
                };
                let all = self.rules.cards_per_player() as u8;
                if bid.tricks > all {
                    return Err(ActionError::BidTooHigh { max: all });
                }
                if bid.tricks < self.rules.min_bid {
                    return Err(ActionError::BidTooLow {
                        message: format!("the minimum bid is {}", self.rules.min_bid),
                    });
                }
                match (self.rules.pepper_bids, pepper) {
                    (false, Some(_)) => {
                        return Err(ActionError::InvalidBid {
                            message: "this ruleset has no pepper bids; leave `pepper` out".into(),
                        });
                    }
                    (true, Some(_)) if bid.tricks != all => {
                        return Err(ActionError::InvalidBid {
                            message: format!("a pepper bid is for all {all} tricks"),
                        });
                    }
                    (true, None) if bid.tricks == all => {
                        return Err(ActionError::InvalidBid {
                            message: format!(
                                "to bid all {all} tricks, bid `\"pepper\": \"little\"` or `\"big\"`"
                            ),
                        });
                    }
                    _ => {}
                }
                if let Some(Call {
                    bid: Some(high),
                    seat: by,
                }) = self.highest_bid()
                    && bid.rank() <= high.rank()
                {
                    return Err(ActionError::BidTooLow {
                        message: format!(
                            "seat {by} bid {}{}; bid higher or pass",
                            high.tricks,
                            match high.pepper {
                                Some(Pepper::Little) => " (little pepper)",
                                Some(Pepper::Big) => " (big pepper)",
                                None => "",
                            }
                        ),
                    });
                }
            }
            Action::Exchange { trump, discard } => {
                if *trump == Trump::NoTrump && !self.rules.no_trump {
                    return Err(ActionError::NoTrumpNotAllowed);
                }
                let want = self.rules.widow_size();
                if discard.len() != want {
                    return Err(ActionError::WrongCardCount {
                        expected: want as u8,
                        got: discard.len() as u8,
                    });
                }
                holds_all(hand, discard).map_err(|card| ActionError::CardNotInHand { card })?;
            }
            Action::Alone { .. } => {}
            Action::PassCards { cards } => {
                if cards.len() != 2 {
                    return Err(ActionError::WrongCardCount {
                        expected: 2,
                        got: cards.len() as u8,
                    });
                }
                holds_all(hand, cards).map_err(|card| ActionError::CardNotInHand { card })?;
            }
            Action::Play { card } => {
                let (held, follow) = self.play_masks(hand);
                let bit = 1u32 << card.index();
                if held & bit == 0 {
                    return Err(ActionError::CardNotInHand { card: *card });
                }
                if follow != 0 && follow & bit == 0 {
                    let led = self.led_code(self.ranking());
                    return Err(ActionError::MustFollowSuit {
                        led: SuitName(Suit::ALL[led as usize & 3]),
                    });
                }
            }
        }
        Ok(())
    }

    /// Applies `seat`'s action. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Applied, ActionError> {
        if let Action::Play { card } = *action
            && self.phase == Phase::Play
            && self.turn == Some(seat)
        {
            // The hot path: checked as `validate` would, with the lead worked out once.
            return self.play(seat, card);
        }
        self.validate(seat, action)?;
        let mut applied = Applied::default();
        match action {
            Action::Pass => {
                self.hand.auction.push(Call { seat, bid: None });
                self.hand.passed |= 1 << seat;
                self.advance_auction(seat, &mut applied);
            }
            Action::Bid { tricks, pepper } => {
                let bid = Bid {
                    tricks: *tricks,
                    pepper: *pepper,
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
                if self.rules.alone == AloneRule::None {
                    self.start_play();
                } else {
                    self.phase = Phase::Alone;
                    self.hand.alone_step = 0;
                    self.turn = Some(seat);
                }
            }
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
            Action::Play { card } => return self.play(seat, *card),
        }
        Ok(applied)
    }

    /// Plays `card` for `seat`, whose turn it is in the play phase: refused exactly as
    /// [`Game::validate`] refuses it, else played.
    fn play(&mut self, seat: Seat, card: Card) -> Result<Applied, ActionError> {
        let ranking = self.ranking();
        let led = self.led_code(ranking);
        let hand = &self.hand.hands[seat as usize];
        let (held, follow) = self.play_masks(hand);
        let bit = 1u32 << card.index();
        if held & bit == 0 {
            return Err(ActionError::CardNotInHand { card });
        }
        if follow != 0 && follow & bit == 0 {
            return Err(ActionError::MustFollowSuit {
                led: SuitName(Suit::ALL[led as usize & 3]),
            });
        }
        let mut applied = Applied::default();
        remove_card(&mut self.hand.hands[seat as usize], card);
        if led < 4 && ranking.eff_code(card) != led {
            self.hand.voids[seat as usize] |= 1 << led;
        }
        self.hand.trick.plays.push(Play { seat, card });
        if self.hand.trick.plays.len() == self.active_count() {
            self.finish_trick(&mut applied);
        } else {
            self.turn = Some(self.next_active(seat));
        }
        Ok(applied)
    }

    fn advance_auction(&mut self, seat: Seat, applied: &mut Applied) {
        let n = self.n();
        let passed = self.hand.passed.count_ones() as u8;
        let high = self.highest_bid();
        let over = match self.rules.auction {
            AuctionKind::SingleRound => seat == self.hand.dealer,
            AuctionKind::Open => passed == n || (passed == n - 1 && high.is_some()),
            AuctionKind::ConsecutivePasses => {
                // The passes since the last bid (or since the start): everybody else has
                // passed over the standing bid, or everybody has passed with no bid.
                let run = self
                    .hand
                    .auction
                    .iter()
                    .rev()
                    .take_while(|c| c.bid.is_none())
                    .count();
                run == n as usize || (run == n as usize - 1 && high.is_some())
            }
        };
        if !over {
            let mut s = self.next_seat(seat);
            if self.rules.auction == AuctionKind::Open {
                while self.hand.passed & (1 << s) != 0 {
                    s = self.next_seat(s);
                }
            }
            self.turn = Some(s);
            return;
        }
        if let Some(Call {
            seat,
            bid: Some(bid),
        }) = high
        {
            self.hand.contract = Some(Contract {
                seat,
                bid,
                forced: None,
            });
            self.start_exchange();
            return;
        }
        // Every player passed.
        match self.rules.all_pass {
            AllPass::JokerHolderBids3 => {
                let holder = (0..n).find(|&s| self.hand.hands[s as usize].contains(&Card::JOKER));
                match holder {
                    Some(h) => {
                        self.hand.joker_revealed_by = Some(h);
                        self.hand.contract = Some(Contract {
                            seat: h,
                            bid: Bid::plain(3),
                            forced: Some(Forced::JokerHolder),
                        });
                        self.start_exchange();
                    }
                    None => self.end_hand(HandResult::VoidJokerInWidow, applied),
                }
            }
            AllPass::Redeal | AllPass::DealerForced => self.end_hand(HandResult::ThrownIn, applied),
        }
    }

    fn start_exchange(&mut self) {
        let Some(c) = self.hand.contract else {
            return;
        };
        let widow = std::mem::take(&mut self.hand.widow);
        let hand = &mut self.hand.hands[c.seat as usize];
        hand.extend(widow.iter().copied());
        hand.sort_unstable();
        self.hand.widow = widow;
        self.hand.widow_taken = true;
        self.phase = Phase::Exchange;
        self.turn = Some(c.seat);
    }

    fn apply_alone(&mut self, seat: Seat, alone: bool) {
        let Some(c) = self.hand.contract else {
            return;
        };
        let order = self.alone_order();
        if alone {
            let partners = (0..self.n())
                .filter(|&s| s != seat && team_of(s) == team_of(seat))
                .fold(0u8, |m, s| m | (1 << s));
            self.hand.sitting_out |= partners;
            if seat == c.seat {
                self.hand.alone = Some(seat);
                if self.rules.alone == AloneRule::ExchangeTwo {
                    self.phase = Phase::PassCards;
                    self.turn = Some(seat);
                    return;
                }
            } else {
                self.hand.defender_alone = Some(seat);
                self.start_play();
                return;
            }
        }
        self.hand.alone_step += 1;
        match order.get(self.hand.alone_step as usize) {
            Some(&next) => self.turn = Some(next),
            None => self.start_play(),
        }
    }

    fn start_play(&mut self) {
        let Some(c) = self.hand.contract else {
            return;
        };
        // Someone alone (seed 002): the player to the lone player's left leads; if the high
        // bidder and a defender are both alone, the defender leads. The seat left of a lone
        // player is always an opponent, who plays (only the lone player's partners sit out).
        let leader = if let Some(d) = self.hand.defender_alone {
            if self.hand.alone.is_some() {
                d
            } else {
                self.next_active(d)
            }
        } else if self.hand.alone.is_some() && self.rules.alone == AloneRule::PartnerSitsOut {
            self.next_active(c.seat)
        } else {
            match self.rules.first_lead {
                FirstLead::HighBidder => c.seat,
                FirstLead::LeftOfDealer => {
                    let s = self.next_seat(self.hand.dealer);
                    if self.is_active(s) {
                        s
                    } else {
                        self.next_active(s)
                    }
                }
            }
        };
        self.phase = Phase::Play;
        self.hand.trick = Trick {
            leader,
            ..Trick::default()
        };
        self.turn = Some(leader);
    }

    fn finish_trick(&mut self, applied: &mut Applied) {
        let ranking = self.ranking();
        let plays = &self.hand.trick.plays;
        let led = ranking.eff_code(plays[0].card);
        let mut best = plays[0];
        let mut best_key = ranking.trick_key(best.card, led);
        for p in plays.iter().skip(1) {
            // Strictly greater: of two identical cards the first played stays the winner.
            let key = ranking.trick_key(p.card, led);
            if key > best_key {
                best = *p;
                best_key = key;
            }
        }
        let mut done = std::mem::take(&mut self.hand.trick);
        done.winner = Some(best.seat);
        self.hand.tricks.push(done);
        if self.hand.tricks.len() == self.rules.cards_per_player() {
            self.end_hand(HandResult::Played, applied);
        } else {
            self.hand.trick = Trick {
                leader: best.seat,
                ..Trick::default()
            };
            self.turn = Some(best.seat);
        }
    }

    fn tricks_won(&self) -> [u8; 2] {
        let mut won = [0u8; 2];
        for t in &self.hand.tricks {
            if let Some(w) = t.winner {
                won[team_of(w) as usize] += 1;
            }
        }
        won
    }

    /// The points each team scores for the hand just played.
    fn score_hand(&self) -> [i32; 2] {
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

    fn end_hand(&mut self, result: HandResult, applied: &mut Applied) {
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

    fn game_outcome(&self) -> Option<Outcome> {
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

    /// Checks the invariants a state must hold (used when a stored state is read back): the
    /// ruleset is valid, every card of the deck is in exactly one place, and the hand in
    /// progress is exactly what its own recorded deal and actions give when they are replayed
    /// through [`Game::apply`]. A state that passes is one the engine can reach from its deal,
    /// so no later action can misbehave on it. (The deal itself is not compared with the seed's:
    /// a determinized game holds a sampled deal.)
    pub fn check_integrity(&self) -> Result<(), String> {
        if self.format != STATE_FORMAT {
            return Err(format!(
                "state format {} is not supported (expected {STATE_FORMAT})",
                self.format
            ));
        }
        self.rules.validate().map_err(|e| e.message)?;
        let n = self.rules.seats();
        let h = &self.hand;
        if h.hands.len() != n || h.deal.len() != n {
            return Err("wrong number of hands".into());
        }
        if h.dealer as usize >= n {
            return Err("dealer out of range".into());
        }
        if let Some(t) = self.turn
            && t as usize >= n
        {
            return Err("turn out of range".into());
        }
        if (self.phase == Phase::GameOver) != self.turn.is_none() {
            return Err("turn and phase disagree".into());
        }
        let seat_ok = |s: Option<Seat>| s.is_none_or(|s| (s as usize) < n);
        if !seat_ok(h.contract.map(|c| c.seat))
            || !seat_ok(h.alone)
            || !seat_ok(h.defender_alone)
            || !seat_ok(h.joker_revealed_by)
            || h.auction.iter().any(|c| c.seat as usize >= n)
            || h.trick.plays.iter().any(|p| p.seat as usize >= n)
            || h.tricks
                .iter()
                .any(|t| t.plays.iter().any(|p| p.seat as usize >= n))
        {
            return Err("a seat is out of range".into());
        }
        if matches!(
            self.phase,
            Phase::Exchange | Phase::Alone | Phase::PassCards | Phase::Play
        ) && h.contract.is_none()
        {
            return Err("no contract after the auction".into());
        }
        if self.phase == Phase::Play && h.trump.is_none() {
            return Err("no trump in play".into());
        }
        if h.tricks.len() >= self.rules.cards_per_player() && self.phase != Phase::GameOver {
            return Err("too many tricks".into());
        }
        // Every card of the deck is in exactly one place.
        let mut counts = [0u8; Card::CODES];
        let mut add = |c: &Card| counts[c.index()] = counts[c.index()].saturating_add(1);
        h.hands.iter().flatten().for_each(&mut add);
        if !h.widow_taken {
            h.widow.iter().for_each(&mut add);
        }
        h.discards.iter().for_each(&mut add);
        h.lone_discards.iter().for_each(&mut add);
        h.trick.plays.iter().map(|p| &p.card).for_each(&mut add);
        h.tricks
            .iter()
            .flat_map(|t| t.plays.iter())
            .map(|p| &p.card)
            .for_each(&mut add);
        if counts != self.rules.deck.counts() {
            return Err("cards are not conserved".into());
        }
        let mut dealt = [0u8; Card::CODES];
        h.deal
            .iter()
            .flatten()
            .chain(h.widow.iter())
            .for_each(|c| dealt[c.index()] += 1);
        if dealt != self.rules.deck.counts() {
            return Err("the deal is not a deck".into());
        }
        let cpp = self.rules.cards_per_player();
        if h.deal.iter().any(|d| d.len() != cpp) || h.widow.len() != self.rules.widow_size() {
            return Err("the deal has the wrong number of cards in a hand or the widow".into());
        }
        if h.deal.iter().any(|d| d.windows(2).any(|w| w[0] > w[1])) {
            return Err("a dealt hand is not sorted".into());
        }
        if h.number == u32::MAX {
            return Err("hand number out of range".into());
        }
        if self.outcome.is_some() != (self.phase == Phase::GameOver) {
            return Err("outcome and phase disagree".into());
        }
        if self.phase != Phase::GameOver {
            if self.scores.iter().any(|&s| s >= self.rules.target_score) {
                return Err("a score has reached the target but the game is not over".into());
            }
            let last_ok = match (&self.last_hand, h.number) {
                (None, 0) => true,
                (Some(l), n) => n > 0 && l.number == n - 1 && l.scores == self.scores,
                _ => false,
            };
            if !last_ok {
                return Err("the last hand does not match the hand in progress".into());
            }
        }
        self.replay()
    }

    /// Replays the hand in progress from its recorded deal and actions, and checks that the
    /// result is this very state.
    fn replay(&self) -> Result<(), String> {
        let h = &self.hand;
        let over = self.phase == Phase::GameOver;
        let mut start = self.scores;
        if over {
            let Some(last) = &self.last_hand else {
                return Err("a finished game has no last hand".into());
            };
            for (s, d) in start.iter_mut().zip(last.score_delta) {
                *s = s.checked_sub(d).ok_or("scores out of range")?;
            }
        }
        let mut g = Game {
            format: self.format,
            rules: self.rules,
            seed: self.seed,
            scores: start,
            phase: Phase::Auction,
            turn: Some((h.dealer + 1) % self.n()),
            outcome: None,
            last_hand: if over { None } else { self.last_hand.clone() },
            hand: HandState::new(h.number, h.dealer, h.deal.clone(), h.widow.clone()),
        };
        let step = |g: &mut Game, seat: Seat, a: &Action| -> Result<(), String> {
            g.apply(seat, a).map(|_| ()).map_err(|e| {
                format!(
                    "the state does not follow from its own deal: `{}` by seat {seat} is refused ({e})",
                    a.kind()
                )
            })
        };
        for call in &h.auction {
            step(
                &mut g,
                call.seat,
                &call.bid.map_or(Action::Pass, Action::from),
            )?;
        }
        if let (Some(trump), Some(c)) = (h.trump, h.contract) {
            let discard = h.discards.clone();
            step(&mut g, c.seat, &Action::Exchange { trump, discard })?;
        }
        while g.phase == Phase::Alone {
            if self.phase == Phase::Alone && g.hand.alone_step == h.alone_step {
                break;
            }
            let Some(seat) = g.turn else { break };
            let alone = h.alone == Some(seat) || h.defender_alone == Some(seat);
            step(&mut g, seat, &Action::Alone { alone })?;
        }
        for cards in [&h.lone_discards, &h.passed_cards] {
            if g.phase == Phase::PassCards && !cards.is_empty() {
                let seat = g.turn.unwrap_or(0);
                step(
                    &mut g,
                    seat,
                    &Action::PassCards {
                        cards: cards.clone(),
                    },
                )?;
            }
        }
        for p in h.tricks.iter().flat_map(|t| &t.plays).chain(&h.trick.plays) {
            step(&mut g, p.seat, &Action::Play { card: p.card })?;
        }
        if g != *self {
            return Err(
                "the state does not follow from its own deal and actions (tampered or corrupt)"
                    .into(),
            );
        }
        Ok(())
    }
}

impl HandRecord {
    /// The record of a finished hand, taking its state apart.
    fn new(h: HandState, summary: HandSummary) -> HandRecord {
        HandRecord {
            summary,
            dealer: h.dealer,
            deal: h.deal.iter().map(|c| c.to_vec()).collect(),
            widow: h.widow.to_vec(),
            auction: h.auction,
            trump: h.trump,
            discards: h.discards.to_vec(),
            alone: h.alone,
            defender_alone: h.defender_alone,
            lone_discards: h.lone_discards.to_vec(),
            passed_cards: h.passed_cards.to_vec(),
            tricks: h.tricks,
        }
    }
}

impl HandState {
    fn new(number: u32, dealer: Seat, hands: Vec<Hand>, widow: CardList) -> HandState {
        let tricks = hands.first().map_or(0, |h| h.len());
        HandState {
            number,
            dealer,
            deal: hands.clone(),
            hands,
            widow,
            widow_taken: false,
            auction: Vec::with_capacity(2 * MAX_SEATS),
            passed: 0,
            contract: None,
            trump: None,
            discards: CardList::new(),
            alone: None,
            defender_alone: None,
            alone_step: 0,
            sitting_out: 0,
            lone_discards: CardList::new(),
            passed_cards: CardList::new(),
            trick: Trick::default(),
            tricks: Vec::with_capacity(tricks),
            joker_revealed_by: None,
            voids: [0; MAX_SEATS],
        }
    }
}

/// Deals hand number `number` of a game: the documented shuffle of [`super::shuffle`].
pub fn deal(rules: &Ruleset, seed: u64, number: u32, dealer: Seat) -> (Vec<Hand>, CardList) {
    // The canonical deck of `DeckKind::cards`, built on the stack.
    let mut deck: ArrayVec<Card, 48> = ArrayVec::new();
    for c in Card::all() {
        let copies = if c.is_joker() {
            u8::from(rules.deck.has_joker())
        } else {
            rules.deck.copies()
        };
        for _ in 0..copies {
            deck.push(c);
        }
    }
    SplitMix64::for_hand(seed, number).shuffle(&mut deck);
    let n = rules.seats();
    let cpp = rules.cards_per_player();
    // Each hand as a bit set per copy (a double deck has two copies of a card), which reads
    // back out in card order: sorted without comparisons.
    let mut first = [0u32; MAX_SEATS];
    let mut second = [0u32; MAX_SEATS];
    let mut seat = dealer as usize;
    for &card in deck.iter().take(n * cpp) {
        seat = if seat + 1 >= n { 0 } else { seat + 1 };
        let bit = 1u32 << card.index();
        if first[seat] & bit == 0 {
            first[seat] |= bit;
        } else {
            second[seat] |= bit;
        }
    }
    let hands = (0..n)
        .map(|s| {
            let mut hand = Hand::new();
            let mut bits = first[s];
            while bits != 0 {
                let i = bits.trailing_zeros();
                let card = Card::from_code(i as u8);
                hand.push(card);
                if second[s] & (1 << i) != 0 {
                    hand.push(card);
                }
                bits &= bits - 1;
            }
            hand
        })
        .collect();
    (hands, deck[n * cpp..].iter().copied().collect())
}

impl Game {
    pub(crate) fn hand_state(&self) -> &HandState {
        &self.hand
    }
}
