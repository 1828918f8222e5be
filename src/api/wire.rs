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
    Pepper, Phase, Preset, Ruleset, RulesetSpec, Scenario, SetPenalty, Suit, Trump, View,
};

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
    /// `little` or `big` pepper (only under pepper bids, with all tricks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    /// Little or big pepper.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    /// Set when the bid was forced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

/// A trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Trick)]
pub struct TrickDoc {
    /// The seat that led.
    pub leader: u8,
    /// Cards in play order.
    pub plays: Vec<PlayDoc>,
    /// The winner, once the trick is complete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
}

/// The public result of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = HandSummary)]
pub struct HandSummaryDoc {
    /// The hand number (0 for the first).
    pub number: u32,
    /// How it ended.
    pub result: HandResult,
    /// The contract, if one was played.
    pub contract: Option<ContractDoc>,
    /// Tricks taken by team 0 and team 1.
    pub tricks_won: [u8; 2],
    /// Points each team scored on the hand.
    pub score_delta: [i32; 2],
    /// Scores after the hand.
    pub scores: [i32; 2],
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
    /// The contract, if one was played.
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
    /// The trump named.
    pub trump: Option<Trump>,
    /// The declarer's discard.
    pub discards: Vec<Card>,
    /// The lone bidder.
    pub alone: Option<u8>,
    /// The lone defender.
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
/// What a seat (or a spectator) sees of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = View)]
pub struct ViewDoc {
    /// The seat this view is for; null for a spectator.
    pub seat: Option<u8>,
    /// The ruleset.
    pub ruleset: RulesetDoc,
    /// The phase (`game_over` when the game is over).
    pub phase: Phase,
    /// The seat to act, or null.
    pub turn: Option<u8>,
    /// The dealer of this hand.
    pub dealer: u8,
    /// The hand number (0 for the first).
    pub hand_number: u32,
    /// Your own cards (empty for a spectator).
    pub hand: Vec<Card>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<u8>,
    /// Cards still face down in the widow.
    pub widow_size: u8,
    /// The widow cards you took into hand (declarer only).
    pub widow: Vec<Card>,
    /// Your own face-down discards this hand.
    pub discards: Vec<Card>,
    /// The two cards passed to a lone bidder (shown to the passer and the bidder).
    pub passed_cards: Vec<Card>,
    /// Your legal actions: post any of them back as it is.
    pub legal_actions: Vec<ActionDoc>,
    /// The auction so far.
    pub auction: Vec<CallDoc>,
    /// The contract, once the auction is over.
    pub contract: Option<ContractDoc>,
    /// The trump, once named.
    pub trump: Option<Trump>,
    /// The lone bidder.
    pub alone: Option<u8>,
    /// The lone defender.
    pub defender_alone: Option<u8>,
    /// Seats sitting out this hand.
    pub sitting_out: Vec<u8>,
    /// The trick in progress.
    pub trick: TrickDoc,
    /// Finished tricks of this hand.
    pub tricks: Vec<TrickDoc>,
    /// Tricks won by each team this hand.
    pub tricks_won: [u8; 2],
    /// Scores by team (team 0 = even seats, team 1 = odd seats).
    pub scores: [i32; 2],
    /// The winning team once the game is over; null while playing or for a draw.
    pub winner: Option<u8>,
    /// True if the game ended in a draw.
    pub draw: bool,
    /// The seat that revealed the joker after all passed.
    pub joker_revealed_by: Option<u8>,
    /// Suits each seat has shown void in this hand.
    pub voids: Vec<Vec<Suit>>,
    /// The result of the last finished hand.
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
#[schema(example = json!({"game_id": "k3x9p2m7q4w8z5ab", "version": 1, "seats": 4}))]
pub struct CreatedGame {
    /// The game's id.
    pub game_id: String,
    /// The game's version (it grows by one with every change).
    pub version: u64,
    /// The number of seats.
    pub seats: u8,
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
    /// The house player's strategy, for a bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Strategy>,
    /// Whether a client holds this seat (always true for a bot).
    pub claimed: bool,
    /// The display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// The game as the caller may see it: a seat's view with its token, else the spectator view.
#[derive(Debug, Clone, ToSchema)]
pub struct GameView {
    /// The game's id.
    pub game_id: String,
    /// The version: grows by one with every change; also sent as the ETag.
    pub version: u64,
    /// Waiting for players, playing, or finished.
    pub status: GameStatus,
    /// Who sits where.
    pub seats: Vec<SeatInfo>,
    /// The time limit per decision, if the game has turn clocks.
    pub turn_time_limit_ms: Option<u64>,
    /// When the seat to act runs out of time (milliseconds since the Unix epoch), if the game
    /// has turn clocks and a client is to act.
    pub deadline_unix_ms: Option<u64>,
    /// The view itself.
    #[serde(flatten)] // for the schema: the serializer below writes the view's fields inline
    #[schema(value_type = ViewDoc)]
    pub view: View,
}

/// Written by hand rather than derived with `#[serde(flatten)]` for the view, so that the
/// ruleset, a quarter of a view's JSON and the same in every view of a game, is copied from a
/// memo instead of written field by field ([`RulesetJson`]). The view's fields are taken apart
/// without `..`, so a field added to the engine's view does not compile until it is written
/// here too.
impl Serialize for GameView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let View {
            seat,
            ruleset,
            phase,
            turn,
            dealer,
            hand_number,
            hand,
            hand_sizes,
            widow_size,
            widow,
            discards,
            passed_cards,
            legal_actions,
            auction,
            contract,
            trump,
            alone,
            defender_alone,
            sitting_out,
            trick,
            tricks,
            tricks_won,
            scores,
            winner,
            draw,
            joker_revealed_by,
            voids,
            last_hand,
        } = &self.view;
        let mut m = s.serialize_struct("GameView", 34)?;
        m.serialize_field("game_id", &self.game_id)?;
        m.serialize_field("version", &self.version)?;
        m.serialize_field("status", &self.status)?;
        m.serialize_field("seats", &self.seats)?;
        m.serialize_field("turn_time_limit_ms", &self.turn_time_limit_ms)?;
        m.serialize_field("deadline_unix_ms", &self.deadline_unix_ms)?;
        m.serialize_field("seat", seat)?;
        m.serialize_field("ruleset", &RulesetJson(ruleset))?;
        m.serialize_field("phase", phase)?;
        m.serialize_field("turn", turn)?;
        m.serialize_field("dealer", dealer)?;
        m.serialize_field("hand_number", hand_number)?;
        m.serialize_field("hand", hand)?;
        m.serialize_field("hand_sizes", hand_sizes)?;
        m.serialize_field("widow_size", widow_size)?;
        m.serialize_field("widow", widow)?;
        m.serialize_field("discards", discards)?;
        m.serialize_field("passed_cards", passed_cards)?;
        m.serialize_field("legal_actions", legal_actions)?;
        m.serialize_field("auction", auction)?;
        m.serialize_field("contract", contract)?;
        m.serialize_field("trump", trump)?;
        m.serialize_field("alone", alone)?;
        m.serialize_field("defender_alone", defender_alone)?;
        m.serialize_field("sitting_out", sitting_out)?;
        m.serialize_field("trick", trick)?;
        m.serialize_field("tricks", tricks)?;
        m.serialize_field("tricks_won", tricks_won)?;
        m.serialize_field("scores", scores)?;
        m.serialize_field("winner", winner)?;
        m.serialize_field("draw", draw)?;
        m.serialize_field("joker_revealed_by", joker_revealed_by)?;
        m.serialize_field("voids", voids)?;
        m.serialize_field("last_hand", last_hand)?;
        m.end()
    }
}

/// How many rulesets' JSON each thread remembers. A replica sees few distinct rulesets (the
/// presets, and the few variants its clients choose); when more come, the oldest is forgotten.
const RULESET_MEMO: usize = 16;

thread_local! {
    static RULESETS: std::cell::RefCell<Vec<(Ruleset, Box<serde_json::value::RawValue>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A ruleset, written as JSON from a per-thread memo of its text (to any other format, as
/// itself).
struct RulesetJson<'a>(&'a Ruleset);

impl Serialize for RulesetJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            return self.0.serialize(s);
        }
        RULESETS.with_borrow_mut(|memo| {
            let at = match memo.iter().position(|(r, _)| r == self.0) {
                Some(at) => at,
                None => {
                    let json = serde_json::value::to_raw_value(self.0)
                        .map_err(serde::ser::Error::custom)?;
                    if memo.len() == RULESET_MEMO {
                        memo.remove(0);
                    }
                    memo.push((*self.0, json));
                    memo.len() - 1
                }
            };
            memo[at].1.serialize(s)
        })
    }
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
    #[schema(value_type = Option<ActionDoc>)]
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

    /// What `GameView` would be with the derived serializer and the view flattened.
    #[derive(Serialize)]
    struct Flattened<'a> {
        game_id: &'a str,
        version: u64,
        status: GameStatus,
        seats: &'a [SeatInfo],
        turn_time_limit_ms: Option<u64>,
        deadline_unix_ms: Option<u64>,
        #[serde(flatten)]
        view: &'a View,
    }

    #[test]
    fn game_views_are_written_as_the_flattened_derive_would_write_them() {
        // More rulesets than the per-thread memo holds, each met twice, so that views are
        // written from a memo hit, a miss, and after evictions.
        let mut rulesets = Vec::new();
        for preset in Preset::ALL {
            for target in 1..=(RULESET_MEMO as i32 + 2) {
                let spec = RulesetSpec {
                    target_score: Some(target * 5),
                    ..RulesetSpec::from(preset)
                };
                rulesets.push(spec.build().unwrap());
            }
        }
        let seats: Vec<SeatInfo> = (0..4)
            .map(|i| SeatInfo {
                seat: i,
                kind: if i == 1 {
                    SeatKind::Bot
                } else {
                    SeatKind::Open
                },
                strategy: (i == 1).then_some(Strategy::Random),
                claimed: i != 3,
                name: (i == 2).then(|| "An \"escaped\" name".to_owned()),
            })
            .collect();
        let mut written = 0;
        for round in 0..2 {
            for (i, rules) in rulesets.iter().enumerate() {
                let mut game = Game::new(*rules, i as u64, None).unwrap();
                for step in 0..(3 + i % 20) {
                    let Some(seat) = game.turn() else { break };
                    for viewer in [Viewer::Seat(seat), Viewer::Spectator] {
                        let view = GameView {
                            game_id: format!("g{i}"),
                            version: step as u64,
                            status: GameStatus::Playing,
                            seats: seats.clone(),
                            turn_time_limit_ms: (i % 2 == 0).then_some(30_000),
                            deadline_unix_ms: (i % 2 == 0).then_some(1_800_000_000_000),
                            view: game.view(viewer),
                        };
                        let expected = Flattened {
                            game_id: &view.game_id,
                            version: view.version,
                            status: view.status,
                            seats: &view.seats,
                            turn_time_limit_ms: view.turn_time_limit_ms,
                            deadline_unix_ms: view.deadline_unix_ms,
                            view: &view.view,
                        };
                        assert_eq!(
                            serde_json::to_string(&view).unwrap(),
                            serde_json::to_string(&expected).unwrap(),
                            "round {round}, ruleset {i}, step {step}"
                        );
                        assert_eq!(
                            serde_json::to_value(&view).unwrap(),
                            serde_json::to_value(&expected).unwrap()
                        );
                        written += 1;
                    }
                    let legal = game.legal_actions(seat);
                    game.apply(seat, &legal[step % legal.len()]).unwrap();
                }
            }
        }
        assert!(written > 1000, "{written}");
    }
}
