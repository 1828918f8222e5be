//! Request and response bodies, and their OpenAPI schemas.
//!
//! The server reads and writes the engine's own serde shapes (`engine::Action`, `engine::View`,
//! `engine::RulesetSpec`, ...). The `*Doc` types here describe those shapes to OpenAPI; the
//! tests at the bottom decode real engine JSON through every `*Doc` type with unknown fields
//! denied and check it re-encodes unchanged, so the documentation cannot drift from the wire.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bots::Strategy;
use crate::engine::{
    AllPass, AloneRule, AuctionKind, Card, DeckKind, FirstLead, Forced, GameEnd, HandResult,
    Pepper, Phase, Preset, RulesetSpec, Scenario, SetPenalty, Suit, Trump,
};

mod game_view;
pub use game_view::{GameView, example_view};

/// Always `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum PassType {
    /// `pass`
    #[serde(rename = "pass")]
    Value,
}

/// Always `bid`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum BidType {
    /// `bid`
    #[serde(rename = "bid")]
    Value,
}

/// Always `exchange`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ExchangeType {
    /// `exchange`
    #[serde(rename = "exchange")]
    Value,
}

/// Always `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum PlayType {
    /// `play`
    #[serde(rename = "play")]
    Value,
}

/// Always `alone`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum AloneType {
    /// `alone`
    #[serde(rename = "alone")]
    Value,
}

/// Always `pass_cards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum PassCardsType {
    /// `pass_cards`
    #[serde(rename = "pass_cards")]
    Value,
}

/// Pass in the auction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "pass"}))]
pub struct PassAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: PassType,
}

/// Bid a number of tricks. Under pepper bids, all tricks is bid as `little` or `big` pepper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "bid", "tricks": 4}))]
pub struct BidAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: BidType,
    /// Tricks bid (from the ruleset's `min_bid` up to the tricks in a hand).
    #[schema(minimum = 1, maximum = 12, example = 4)]
    pub tricks: u8,
    /// `little` or `big` pepper (only under pepper bids, with all tricks; left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pepper: Option<Pepper>,
}

/// Name trump and discard as many cards as the widow held (none when there is no widow). The
/// declarer's hand already includes the widow during the exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "exchange", "trump": "H", "discard": ["9C"]}))]
pub struct ExchangeAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: ExchangeType,
    /// The trump suit, or `NT` for no trump.
    pub trump: Trump,
    /// Cards discarded face down.
    #[serde(default)]
    #[schema(max_items = 4)]
    pub discard: Vec<Card>,
}

/// Play a card to the trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "play", "card": "JS"}))]
pub struct PlayAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: PlayType,
    /// The card.
    pub card: Card,
}

/// Decide whether to play alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "alone", "alone": true}))]
pub struct AloneAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: AloneType,
    /// True to play alone.
    pub alone: bool,
}

/// Under `exchange_two`: the lone bidder's two-card discard, then the partner's two cards
/// passed to the bidder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "pass_cards", "cards": ["AS", "KS"]}))]
pub struct PassCardsAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: PassCardsType,
    /// Exactly two cards.
    #[schema(min_items = 2, max_items = 2)]
    pub cards: Vec<Card>,
}

/// An action: a JSON object with a `type`. Every entry of a view's `legal_actions` is one of
/// these and can be posted back as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(
    discriminator(property_name = "type", mapping(
        ("pass" = "#/components/schemas/PassAction"),
        ("bid" = "#/components/schemas/BidAction"),
        ("exchange" = "#/components/schemas/ExchangeAction"),
        ("play" = "#/components/schemas/PlayAction"),
        ("alone" = "#/components/schemas/AloneAction"),
        ("pass_cards" = "#/components/schemas/PassCardsAction"),
    )),
    example = json!({"type": "play", "card": "JS"})
)]
#[schema(as = Action)]
pub enum ActionDoc {
    /// Pass.
    Pass(PassAction),
    /// Bid.
    Bid(BidAction),
    /// Exchange.
    Exchange(ExchangeAction),
    /// Play.
    Play(PlayAction),
    /// Alone.
    Alone(AloneAction),
    /// Pass cards.
    PassCards(PassCardsAction),
}

/// A ruleset: a preset plus any option overrides (RULES.md section 3). Every field may be left
/// out; `{}` is the `hasenpfeffer` preset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"preset": "hasenpfeffer"}))]
#[schema(as = RulesetSpec)]
pub struct RulesetSpecDoc {
    /// The preset (default `hasenpfeffer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub preset: Option<Preset>,
    /// The deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<DeckKind>,
    /// Players: 4, or 6 with `pinochle48`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 4, maximum = 6)]
    pub players: Option<u8>,
    /// Whether the jacks of the trump colour are the right and left bowers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bowers: Option<bool>,
    /// The auction form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<AuctionKind>,
    /// The lowest bid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 12)]
    pub min_bid: Option<u8>,
    /// Little and big pepper as the top bids.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pepper_bids: Option<bool>,
    /// Whether the declarer may name no trump (not with the joker).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_trump: Option<bool>,
    /// What happens when everyone passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_pass: Option<AllPass>,
    /// Going alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alone: Option<AloneRule>,
    /// Who leads the first trick.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_lead: Option<FirstLead>,
    /// What failed declarers lose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_penalty: Option<SetPenalty>,
    /// The score that ends the game: 1 to ten times the preset's default (100 for
    /// `hasenpfeffer` and `hasenpfeffer-open`, 300 for `pepper`, 320 for `double-hasenpfeffer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 320)]
    pub target_score: Option<i32>,
    /// How the game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_end: Option<GameEnd>,
}

/// A complete ruleset, every option resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ruleset)]
pub struct RulesetDoc {
    /// The preset it started from.
    pub preset: Preset,
    /// The deck.
    pub deck: DeckKind,
    /// Players.
    pub players: u8,
    /// Bowers.
    pub bowers: bool,
    /// The auction form.
    pub auction: AuctionKind,
    /// The lowest bid.
    pub min_bid: u8,
    /// Pepper bids.
    pub pepper_bids: bool,
    /// No trump allowed.
    pub no_trump: bool,
    /// When everyone passes.
    pub all_pass: AllPass,
    /// Going alone.
    pub alone: AloneRule,
    /// First lead.
    pub first_lead: FirstLead,
    /// Failed declarers lose.
    pub set_penalty: SetPenalty,
    /// Target score.
    pub target_score: i32,
    /// How the game ends.
    pub game_end: GameEnd,
}

/// An explicit first deal (for tests and bot training); later hands come from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "dealer": 0,
    "hands": [["JK","JH","JD","AH","KH","QH"],["9C","TC","QC","KC","AC","JC"],["9D","TD","QD","KD","AD","9H"],["9S","TS","JS","QS","KS","AS"]],
    "widow": ["TH"]
}))]
#[schema(as = Scenario)]
pub struct ScenarioDoc {
    /// The first hand's dealer.
    #[schema(minimum = 0, maximum = 5)]
    pub dealer: u8,
    /// Each seat's cards, seat 0 first.
    pub hands: Vec<Vec<Card>>,
    /// The widow (empty or left out when the deck has none).
    #[serde(default)]
    pub widow: Vec<Card>,
}

/// A bid in the auction or a contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Bid)]
pub struct BidDoc {
    /// Tricks bid.
    pub tricks: u8,
    /// Little or big pepper (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pepper: Option<Pepper>,
}

/// One call of the auction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Call)]
pub struct CallDoc {
    /// The seat.
    pub seat: u8,
    /// The bid, or null for a pass.
    #[schema(required = true)]
    pub bid: Option<BidDoc>,
}

/// The contract of a hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Contract)]
pub struct ContractDoc {
    /// The declarer (high bidder).
    pub seat: u8,
    /// The winning bid.
    pub bid: BidDoc,
    /// Why the bid was forced (left out when it was not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub forced: Option<Forced>,
}

/// A card played to a trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Play)]
pub struct PlayDoc {
    /// Who played it.
    pub seat: u8,
    /// The card.
    pub card: Card,
}

/// A finished trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Trick)]
pub struct TrickDoc {
    /// The seat that led (played the first card).
    pub leader: u8,
    /// Cards in play order, one per active seat.
    pub plays: Vec<PlayDoc>,
    /// The seat that won it.
    pub winner: u8,
}

/// The trick in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = CurrentTrick)]
pub struct CurrentTrickDoc {
    /// The seat that played this trick's first card; null until a card is played (outside the
    /// play phase, and between tricks: the seat to lead is then `turn`).
    #[schema(required = true)]
    pub leader: Option<u8>,
    /// Cards played to it so far, in order (empty outside the play phase).
    pub plays: Vec<PlayDoc>,
}

/// The public result of the last finished hand and its tricks (every card of which was played
/// face up; the widow and the discards are not in it, see `GET /v1/games/{id}/log`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = HandSummary)]
pub struct HandSummaryDoc {
    /// The hand number (0 for the first).
    pub number: u32,
    /// How it ended.
    pub result: HandResult,
    /// The contract; null when the hand was thrown in or voided before one was made.
    #[schema(required = true)]
    pub contract: Option<ContractDoc>,
    /// Tricks taken by team 0 and team 1.
    pub tricks_won: [u8; 2],
    /// Points each team scored on the hand.
    pub score_delta: [i32; 2],
    /// Scores after the hand.
    pub scores: [i32; 2],
    /// Every trick of the hand in order, the last one included, each with its winner; empty
    /// for a hand that was not played out (thrown in or voided), and for a hand finished
    /// before the server kept them.
    pub tricks: Vec<TrickDoc>,
}

/// The full record of a finished hand, hidden cards included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = HandRecord)]
pub struct HandRecordDoc {
    /// The hand number (0 for the first).
    pub number: u32,
    /// How it ended.
    pub result: HandResult,
    /// The contract; null when the hand was thrown in or voided before one was made.
    #[schema(required = true)]
    pub contract: Option<ContractDoc>,
    /// Tricks taken by each team.
    pub tricks_won: [u8; 2],
    /// Points each team scored on the hand.
    pub score_delta: [i32; 2],
    /// Scores after the hand.
    pub scores: [i32; 2],
    /// The dealer.
    pub dealer: u8,
    /// Each seat's cards as dealt.
    pub deal: Vec<Vec<Card>>,
    /// The widow as dealt.
    pub widow: Vec<Card>,
    /// The auction.
    pub auction: Vec<CallDoc>,
    /// The trump named; null if none was.
    #[schema(required = true)]
    pub trump: Option<Trump>,
    /// The declarer's discard.
    pub discards: Vec<Card>,
    /// The lone bidder; null if nobody went alone.
    #[schema(required = true)]
    pub alone: Option<u8>,
    /// The lone defender; null if none.
    #[schema(required = true)]
    pub defender_alone: Option<u8>,
    /// The lone bidder's two-card discard.
    pub lone_discards: Vec<Card>,
    /// The two cards the partner passed.
    pub passed_cards: Vec<Card>,
    /// The tricks.
    pub tricks: Vec<TrickDoc>,
}

// Not `deny_unknown_fields`: it is flattened into `GameView`. The round-trip test still catches
// any field the engine adds.
/// What a seat (or a spectator) sees of the game. Every field is always present; where null is
/// possible the field says when. "Public" means every seat and spectators see the same value;
/// "yours" means only your seat's view holds it (a spectator's is empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = View)]
pub struct ViewDoc {
    /// The seat this view is for; null in the spectator view (no token).
    #[schema(required = true)]
    pub seat: Option<u8>,
    /// The game's rules, every option resolved. Public.
    pub ruleset: RulesetDoc,
    /// What is being decided: `auction`, `exchange`, `alone`, `pass_cards`, `play`, or
    /// `game_over`. Public. While `status` is `waiting_for_players` the game has not started:
    /// the phase is the one it will start in, and nobody may act.
    pub phase: Phase,
    /// The seat to act now; null when nobody may act: before every seat is claimed (`status`
    /// `waiting_for_players`) and once the game is over. Public.
    #[schema(required = true)]
    pub turn: Option<u8>,
    /// The dealer of the hand in progress. Public.
    pub dealer: u8,
    /// The hand in progress (0 for the first). Public.
    pub hand_number: u32,
    /// Your cards in hand, sorted. Yours (empty for a spectator).
    pub hand: Vec<Card>,
    /// How many cards each seat holds, by seat. Public.
    pub hand_sizes: Vec<u8>,
    /// Cards lying face down in the widow (0 once the declarer has taken it, and in decks
    /// without a widow). Public.
    pub widow_size: u8,
    /// The widow cards you took into hand this hand. Yours, and only the declarer's (empty for
    /// everyone else).
    pub widow: Vec<Card>,
    /// Your face-down discards this hand (the exchange discard and, under `exchange_two`, the
    /// lone discard). Yours, the declarer's only.
    pub discards: Vec<Card>,
    /// The two cards passed to a lone bidder under `exchange_two`. Seen only by the passer and
    /// the bidder (empty for everyone else).
    pub passed_cards: Vec<Card>,
    /// Your legal actions now, each ready to post back as it is; empty when it is not your
    /// turn, before the game has started, and for a spectator. Yours.
    pub legal_actions: Vec<ActionDoc>,
    /// The calls of this hand's auction so far, in order. Public.
    pub auction: Vec<CallDoc>,
    /// This hand's contract; null until the auction is over (and in a hand thrown in). Public.
    #[schema(required = true)]
    pub contract: Option<ContractDoc>,
    /// This hand's trump (`NT` for no trump); null until the declarer names it. Public.
    #[schema(required = true)]
    pub trump: Option<Trump>,
    /// The seat playing alone for the declarers this hand; null if nobody is (or not yet
    /// decided). Public.
    #[schema(required = true)]
    pub alone: Option<u8>,
    /// The seat defending alone this hand; null if nobody is. Public.
    #[schema(required = true)]
    pub defender_alone: Option<u8>,
    /// Seats sitting out this hand (the partners of lone players). Public.
    pub sitting_out: Vec<u8>,
    /// The trick in progress (empty outside the play phase). Public.
    pub trick: CurrentTrickDoc,
    /// This hand's finished tricks, in order, each with its winner. When the last trick of a
    /// hand is taken the view moves on to the next hand: that hand's tricks are then in
    /// `last_hand.tricks`. Public.
    pub tricks: Vec<TrickDoc>,
    /// Tricks won this hand by team 0 (even seats) and team 1 (odd seats). Public.
    pub tricks_won: [u8; 2],
    /// The game's scores by team (team 0 = even seats, team 1 = odd seats). Public.
    pub scores: [i32; 2],
    /// The winning team (0 or 1) once the game is over; null while it is played and for a
    /// draw. Public.
    #[schema(required = true)]
    pub winner: Option<u8>,
    /// True if the game ended in a draw (false while it is played). Public.
    pub draw: bool,
    /// The seat that showed the joker this hand when everyone passed (and so must bid 3);
    /// null otherwise. Public.
    #[schema(required = true)]
    pub joker_revealed_by: Option<u8>,
    /// For each seat, the suits it has shown void in this hand by not following the suit led.
    /// Suits here are effective suits: once trump is named, the left bower and the joker
    /// belong to the trump suit, not to their printed suit. A seat that does not follow a
    /// trump lead (the left bower led included) is void in trumps, and nothing is said of the
    /// left bower's printed suit; a seat that plays the left bower on a lead of its printed
    /// suit has not followed that suit, and is void in it. Cleared at each new hand. Public.
    pub voids: Vec<Vec<Suit>>,
    /// The last finished hand: its result and all its tricks. It stays until the next hand
    /// ends, so every trick of every hand can be read from the views and events (the hand's
    /// last trick included); null before the first hand ends. Public.
    #[schema(required = true)]
    pub last_hand: Option<HandSummaryDoc>,
}

/// Who sits in a seat, as given at game creation (the schema is [`SeatSpecDoc`]'s; an open
/// seat with other fields is refused by the handler, as serde ignores them on unit variants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatSpec {
    /// Open for a client to claim with `POST /v1/games/{id}/seats`.
    Open,
    /// A house player.
    Bot {
        /// Its strategy.
        strategy: Strategy,
    },
}

/// Always `open`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum OpenKind {
    /// `open`
    #[serde(rename = "open")]
    Value,
}

/// Always `bot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum BotKind {
    /// `bot`
    #[serde(rename = "bot")]
    Value,
}

/// Open for a client to claim with `POST /v1/games/{id}/seats`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenSeat {
    /// The seat kind.
    pub kind: OpenKind,
}

/// A house player.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat kind.
    pub kind: BotKind,
    /// Its strategy.
    pub strategy: Strategy,
}

/// Who sits in a seat, as given at game creation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(
    discriminator(property_name = "kind", mapping(
        ("open" = "#/components/schemas/OpenSeat"),
        ("bot" = "#/components/schemas/BotSeat"),
    )),
    example = json!({"kind": "bot", "strategy": "heuristic"})
)]
#[schema(as = SeatSpec)]
pub enum SeatSpecDoc {
    /// An open seat.
    Open(OpenSeat),
    /// A house player.
    Bot(BotSeat),
}

/// Create a game. Every field may be left out: `{}` creates a `hasenpfeffer` game with a random
/// seed, a random deal and every seat open.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "ruleset": {"preset": "hasenpfeffer"},
    "seats": [{"kind": "open"}, {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}, {"kind": "bot", "strategy": "random"}]
}))]
pub struct CreateGameRequest {
    /// The ruleset (default: the `hasenpfeffer` preset).
    #[serde(default)]
    #[schema(value_type = Option<RulesetSpecDoc>)]
    pub ruleset: Option<RulesetSpec>,
    /// The seed every deal is drawn from (default: random). The same seed always gives the same
    /// deals.
    #[serde(default)]
    #[schema(minimum = 0, example = 42)]
    pub seed: Option<u64>,
    /// An explicit first deal.
    #[serde(default)]
    #[schema(value_type = Option<ScenarioDoc>)]
    pub scenario: Option<Scenario>,
    /// A time limit per decision in milliseconds (100 to 86400000). When a seat's clock runs
    /// out, a house player makes that move for it (and the log says so). Default: no clock.
    #[serde(default)]
    #[schema(minimum = 100, maximum = 86400000, example = 30000)]
    pub turn_time_limit_ms: Option<u64>,
    /// Who sits where, seat 0 first, one entry per player (default: every seat open).
    #[serde(default)]
    #[schema(min_items = 4, max_items = 6, value_type = Option<Vec<SeatSpecDoc>>)]
    pub seats: Option<Vec<SeatSpec>>,
}

/// A created game.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "game_id": "k3x9p2m7q4w8z5ab", "version": 1, "status": "waiting_for_players",
    "seats": [
        {"seat": 0, "kind": "open", "claimed": false},
        {"seat": 1, "kind": "bot", "strategy": "random", "claimed": true},
        {"seat": 2, "kind": "bot", "strategy": "random", "claimed": true},
        {"seat": 3, "kind": "bot", "strategy": "random", "claimed": true}
    ],
    "deal": "random", "ranked_eligible": true
}))]
pub struct CreatedGame {
    /// The game's id.
    pub game_id: String,
    /// The game's version (it grows by one with every change).
    pub version: u64,
    /// `waiting_for_players` while a seat is open; `finished` for a game of house players
    /// only, played out before this answers.
    pub status: GameStatus,
    /// Who sits where, by seat, as in the game's views (its length is the number of seats).
    pub seats: Vec<SeatInfo>,
    /// How the game's deals are made.
    pub deal: DealOrigin,
    /// Whether results of this game may count for ranked play (only `deal: random` games).
    pub ranked_eligible: bool,
}

/// How a game's deals are made. A creator who gives a `seed` or a `scenario` knows every card,
/// so only `random` games are fit for ranked play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Deal)]
pub enum DealOrigin {
    /// The server drew the seed at random: nobody knows the cards.
    Random,
    /// From a `seed` the creator gave: the creator can know every deal.
    Seed,
    /// The first hand as the creator's `scenario` gave it, later hands from a seed.
    Scenario,
    /// Not recorded: a game stored before the server recorded how it was dealt (it may have
    /// had a seed or a scenario), so not fit for ranked play.
    #[default]
    Unknown,
}

impl DealOrigin {
    /// Whether games dealt this way may count for ranked play.
    pub fn ranked_eligible(self) -> bool {
        self == DealOrigin::Random
    }
}

/// Claim a seat. Every field may be left out: `{}` (or no body) takes the next free seat.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"seat": 0, "name": "my-bot"}))]
pub struct ClaimSeatRequest {
    /// The seat to claim (default: the lowest open seat).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 5)]
    pub seat: Option<u8>,
    /// A display name (up to 64 characters, no control characters).
    #[serde(default)]
    #[schema(max_length = 64, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub name: Option<String>,
}

/// A claimed seat and its secret token. The token is shown only here.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"game_id": "k3x9p2m7q4w8z5ab", "seat": 0, "token": "hp_8c1d7a0e1f2b4c6d8e9fa0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b"}))]
pub struct ClaimedSeat {
    /// The game's id.
    pub game_id: String,
    /// The seat.
    pub seat: u8,
    /// The bearer token for this seat: send it as `Authorization: Bearer <token>`.
    pub token: String,
}

/// One assignment of the cards the reader cannot see, consistent with everything its seat
/// knows: every seat's hand (yours as it is) and the face-down piles. With the cards played to
/// tricks it makes up the whole deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Sample)]
pub struct SampleDoc {
    /// Each seat's cards in hand, by seat.
    pub hands: Vec<Vec<Card>>,
    /// The widow while it lies face down.
    #[serde(default)]
    pub widow: Vec<Card>,
    /// The high bidder's face-down discard (the real one if you are the high bidder).
    #[serde(default)]
    pub discards: Vec<Card>,
    /// The lone bidder's two-card discard under `exchange_two`.
    #[serde(default)]
    pub lone_discards: Vec<Card>,
}

/// Samples of the hidden cards, for sampling bots.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Samples {
    /// The game's id.
    pub game_id: String,
    /// The version the samples are for.
    pub version: u64,
    /// The seat they are drawn for.
    pub seat: u8,
    /// Independent, uniform samples of everything the seat cannot see.
    #[schema(value_type = Vec<SampleDoc>)]
    pub samples: Vec<crate::engine::SampleDeal>,
}

/// Whether the game is waiting for players, playing, or over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Some seats are still open.
    WaitingForPlayers,
    /// Every seat is filled and the game is on.
    Playing,
    /// The game is over.
    Finished,
}

/// What sits in a seat: a client (`open`, claimed or not) or a house player (`bot`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A client's seat.
    Open,
    /// A house player.
    Bot,
}

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeatInfo {
    /// The seat number.
    pub seat: u8,
    /// `open` (a client seat) or `bot`.
    pub kind: SeatKind,
    /// The house player's strategy, for a bot (left out for an open seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub strategy: Option<Strategy>,
    /// Whether a client holds this seat (always true for a bot).
    pub claimed: bool,
    /// The display name the claimer gave (left out if none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub name: Option<String>,
}

/// The game log: every finished hand in full (hidden cards included), oldest first. The hand in
/// progress is not in it; see the game view.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameLog {
    /// The game's id.
    pub game_id: String,
    /// The game's version.
    pub version: u64,
    /// Finished hands.
    #[schema(value_type = Vec<HandRecordDoc>)]
    pub hands: Vec<crate::engine::HandRecord>,
    /// Moves the server made for seats whose turn clock ran out, oldest first.
    pub timeouts: Vec<TimeoutRecord>,
}

/// A move made for a seat whose turn clock ran out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TimeoutRecord {
    /// The game version this move produced.
    pub version: u64,
    /// The hand it was made in.
    pub hand_number: u32,
    /// The seat it was made for.
    pub seat: u8,
    /// The deadline that passed (milliseconds since the Unix epoch).
    pub deadline_unix_ms: u64,
    /// The move's type (`pass`, `exchange`, `pass_cards`, ...).
    #[serde(default)]
    pub action_type: String,
    /// The move; `null` while its hand is being played if it holds face-down cards (an
    /// exchange's discard, passed cards), the whole move once the hand is over.
    #[schema(value_type = Option<ActionDoc>, required = true)]
    pub action: Option<crate::engine::Action>,
}

/// One preset with every option resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresetInfo {
    /// The preset's name.
    pub name: Preset,
    /// What it is.
    pub description: String,
    /// Its options.
    #[schema(value_type = RulesetDoc)]
    pub rules: crate::engine::Ruleset,
}

/// One option of a ruleset.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OptionInfo {
    /// The option's field name in a ruleset.
    pub name: String,
    /// The values it takes.
    pub values: String,
    /// What it means.
    pub description: String,
}

/// Every preset and every option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RulesetCatalog {
    /// The presets.
    pub presets: Vec<PresetInfo>,
    /// The options a ruleset may override.
    pub options: Vec<OptionInfo>,
}

/// Health and readiness.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"status": "ok", "store": "redis"}))]
pub struct Health {
    /// `ok`, or `unavailable`.
    pub status: String,
    /// The store backend: `memory`, `redis` or `redis-cluster`.
    pub store: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Viewer};

    fn same_through<T: serde::de::DeserializeOwned + Serialize>(value: serde_json::Value) {
        let doc: T =
            serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value}"));
        assert_eq!(serde_json::to_value(doc).unwrap(), value);
    }

    #[test]
    fn docs_match_the_engine_wire_shapes() {
        for preset in Preset::ALL {
            let mut game = Game::new(preset.rules(), 3, None).unwrap();
            let mut steps = 0;
            while let Some(seat) = game.turn() {
                let view = serde_json::to_value(game.view(Viewer::Seat(seat))).unwrap();
                same_through::<ViewDoc>(view);
                same_through::<ViewDoc>(
                    serde_json::to_value(game.view(Viewer::Spectator)).unwrap(),
                );
                let legal = game.legal_actions(seat);
                for a in &legal {
                    same_through::<ActionDoc>(serde_json::to_value(a).unwrap());
                }
                let applied = game.apply(seat, &legal[steps % legal.len()]).unwrap();
                for h in applied.finished_hands {
                    same_through::<HandRecordDoc>(serde_json::to_value(h).unwrap());
                }
                steps += 1;
                if steps > 400 {
                    break;
                }
            }
            same_through::<RulesetDoc>(serde_json::to_value(preset.rules()).unwrap());
            same_through::<RulesetSpecDoc>(
                serde_json::to_value(RulesetSpec::from(preset)).unwrap(),
            );
        }
    }
}
