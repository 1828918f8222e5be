//! OpenAPI schemas of the engine's types that serialise as strings (cards, suits, options), for
//! the `openapi` feature (the structs derive theirs beside their definitions). The values listed
//! are produced by the engine's own serde names, so the documented enums cannot drift from what
//! the server sends and accepts.

use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

use super::{
    AllDrop, AllPass, AloneRule, Answer, AuctionKind, Card, DealerPickup, DeckKind, FirstLead,
    Forced, GameEnd, HandResult, Pepper, Phase, Preset, Scoring, SetPenalty, Suit, Trump,
    UpcardFate,
};

/// The schema of a string enum: its values as serde writes them, the first as the example.
pub(crate) fn string_enum<T: Serialize>(values: &[T], description: &str) -> RefOr<Schema> {
    let names: Vec<serde_json::Value> = values
        .iter()
        .filter_map(|v| serde_json::to_value(v).ok())
        .collect();
    let example = names.first().cloned().unwrap_or_default();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(names))
        .examples([example])
        .into()
}

/// `ToSchema` for a type that serialises as one of the strings of `$values`.
macro_rules! string_enum_schema {
    ($ty:ty, $name:literal, $desc:literal, $values:expr) => {
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let values: Vec<$ty> = $values;
                $crate::engine::schema::string_enum(&values, $desc)
            }
        }
        impl utoipa::ToSchema for $ty {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }
    };
}
pub(crate) use string_enum_schema;

string_enum_schema!(
    Card,
    "Card",
    "A card code: rank (2 to 9, T, J Q K A, and L M N for the 11, 12 and 13 of Five Hundred's six-player pack) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card in a double deck share a code.",
    Card::all().collect()
);
string_enum_schema!(
    Suit,
    "Suit",
    "A suit: clubs `C`, diamonds `D`, hearts `H`, spades `S`.",
    Suit::ALL.to_vec()
);
string_enum_schema!(
    Trump,
    "Trump",
    "The trump: a suit code, or `NT` for no trump (only where the ruleset allows it).",
    Suit::ALL
        .into_iter()
        .map(Trump::Suit)
        .chain([Trump::NoTrump])
        .collect()
);
string_enum_schema!(
    Pepper,
    "Pepper",
    "Little pepper (all tricks, normal stakes) or big pepper (all tricks, doubled stakes).",
    vec![Pepper::Little, Pepper::Big]
);
string_enum_schema!(
    Phase,
    "Phase",
    "The phase: `auction` (in upcard games, rounds 1 and 2 of the calls), `exchange` (name trump, take and discard the widow; in upcard games, the dealer takes or leaves the upcard ordered up), `alone` (going-alone decisions), `pass_cards` (lone exchange of two cards), `drop_out` (Buck Euchre: the others stay in or drop out of the declarer's hand), `play`, or `game_over`.",
    vec![
        Phase::Auction,
        Phase::Exchange,
        Phase::Alone,
        Phase::PassCards,
        Phase::DropOut,
        Phase::Play,
        Phase::GameOver
    ]
);
string_enum_schema!(
    Preset,
    "Preset",
    "A named ruleset of the Hasenpfeffer family.",
    Preset::ALL.to_vec()
);
string_enum_schema!(
    DeckKind,
    "Deck",
    "The deck: `standard25` (9-A and the joker), `pepper24` (9-A), `pinochle48` (two copies of 9-A), `euchre32` (7-A), `euchre24` (9-A), `full52` (2-A); Five Hundred's packs by players, `five_hundred_24` (2: 9-A), `five_hundred_32`/`_33` (3: 7-A, and the joker), `five_hundred_42`/`_43` (4: 5-A and the red fours), `five_hundred_52`/`_53` (5: 2-A), `five_hundred_62`/`_63` (6: 2-A, L and M in every suit, red N). Each preset names the decks it is played with.",
    DeckKind::ALL.to_vec()
);
string_enum_schema!(
    AuctionKind,
    "AuctionKind",
    "`single_round`: one bid each, dealer last. `open`: round and round until all but one have passed (a pass is final) or the maximum is bid. `consecutive_passes`: round and round, a player who passed may bid again, until a bid is followed by a pass from every other player in a row (three at four players) or the maximum is bid. `upcard` (Euchre): an upcard accepted in round 1 or another suit named in round 2. `successive_upcards` (Bacon): up to four upcards, each passed or picked up (alone or not) subject to the caller's partner's answer.",
    AuctionKind::ALL.to_vec()
);
string_enum_schema!(
    AllPass,
    "AllPass",
    "When everyone passes: `joker_holder_bids_3` (the joker holder reveals it and must bid 3; a joker in the widow voids the hand), `redeal` (thrown in), `dealer_forced` (the dealer may not pass), `no_trump_no_declarer` (Buck Euchre: all passing twice; Five Hundred: all passing; the hand is played at no trump with no declarer, each for himself).",
    vec![
        AllPass::JokerHolderBids3,
        AllPass::Redeal,
        AllPass::DealerForced,
        AllPass::NoTrumpNoDeclarer
    ]
);
string_enum_schema!(
    AloneRule,
    "AloneRule",
    "Going alone: `none`; `partner_sits_out` (after the exchange the high bidder, then at most one defender, may go alone); `exchange_two` (the lone bidder discards two and receives two from the partner on the left); `maker` (upcard games: only the maker may go alone).",
    vec![
        AloneRule::None,
        AloneRule::PartnerSitsOut,
        AloneRule::ExchangeTwo,
        AloneRule::Maker
    ]
);
string_enum_schema!(
    FirstLead,
    "FirstLead",
    "Who leads the first trick: `high_bidder`; `left_of_dealer` (when nobody is alone); `dealer_left` (the first active seat from the dealer's left, whoever is alone); `upcard_taker` (Bacon: the seat left of the caller, which took the upcard).",
    vec![
        FirstLead::HighBidder,
        FirstLead::LeftOfDealer,
        FirstLead::DealerLeft,
        FirstLead::UpcardTaker
    ]
);
string_enum_schema!(
    DealerPickup,
    "DealerPickup",
    "Upcard games: whether the dealer may leave an upcard ordered up (`optional`) or must take it (`mandatory`).",
    vec![DealerPickup::Optional, DealerPickup::Mandatory]
);
string_enum_schema!(
    Scoring,
    "Scoring",
    "How a played hand scores: `contract` (the declarers their tricks or the set penalty, the others their tricks) or `euchre` (the makers 1, a march 2, alone 4; euchred, the defenders 2, a lone defender 4) or `buck` (per player, counting down: dropped out 0, a failed declarer or a trickless player +5, else minus a point a trick) or `bacon` (only a side with 3 tricks scores: the declarers 1, 2 for all five; a loner or the defenders 2, 4 for all five) or `five_hundred` (the declaring side, with a called partner each of the two, scores the bid's value or loses it; the opponents 10 a trick; all passing, each 10 per trick it won).",
    vec![
        Scoring::Contract,
        Scoring::Euchre,
        Scoring::Buck,
        Scoring::Bacon,
        Scoring::FiveHundred
    ]
);
string_enum_schema!(
    UpcardFate,
    "UpcardFate",
    "What became of the upcard: `face_up` (round 1 is being called), `turned_down` (everybody passed it), `taken` (the dealer, in Bacon the seat left of the caller, holds it until it is played), `left` (ordered up, left on the stub). In Bacon `turned_down` is the fourth upcard that everybody passed.",
    vec![
        UpcardFate::FaceUp,
        UpcardFate::TurnedDown,
        UpcardFate::Taken,
        UpcardFate::Left
    ]
);
string_enum_schema!(
    SetPenalty,
    "SetPenalty",
    "What failed declarers lose: the `contract`, `fixed_6`, or `all_tricks` (as many as a hand has tricks: 8 in pepper for 3 players).",
    vec![
        SetPenalty::Contract,
        SetPenalty::Fixed6,
        SetPenalty::AllTricks
    ]
);
string_enum_schema!(
    GameEnd,
    "GameEnd",
    "`declarers_win_ties`: first side to the target wins, declarers win a same-hand tie. `higher_score_or_draw`: when a side reaches the target the higher score wins; equal is a draw. `lowest_at_zero` (Buck Euchre): scores count down from the target; once one is 0 or less the lowest wins (equal lowest tie), and all the tricks of a hand win at once. `made_contract` (Five Hundred): only a contract ends the game: made, each declaring side at the target or more wins; failed, each at minus the target or less loses and the highest other score wins.",
    vec![
        GameEnd::DeclarersWinTies,
        GameEnd::HigherScoreOrDraw,
        GameEnd::LowestAtZero,
        GameEnd::MadeContract
    ]
);
string_enum_schema!(
    AllDrop,
    "AllDrop",
    "Buck Euchre, when the three others all drop out: `declarer_takes_all` (the declarer takes every trick without play, and wins) or `last_must_stay` (the third to decide after two drops must stay).",
    vec![AllDrop::DeclarerTakesAll, AllDrop::LastMustStay]
);
string_enum_schema!(
    Forced,
    "Forced",
    "Why a bid was forced: `joker_holder` (all passed, the joker holder bids 3) or `dealer` (all others passed).",
    vec![Forced::JokerHolder, Forced::Dealer]
);
string_enum_schema!(
    HandResult,
    "HandResult",
    "How a hand ended: `played`, `void_joker_in_widow`, `thrown_in`, `all_dropped` (Buck Euchre: the declarer took every trick without play) or `acquitted` (Bacon: all four upcards passed; the same dealer deals again).",
    vec![
        HandResult::Played,
        HandResult::VoidJokerInWidow,
        HandResult::ThrownIn,
        HandResult::AllDropped,
        HandResult::Acquitted
    ]
);
string_enum_schema!(
    Answer,
    "Answer",
    "Bacon: the caller's partner's answer to a pick-up: `allow`, `veto` (as if the caller had passed), `veto_alone` (after `pick_up_alone`: the pick-up stands, not alone).",
    vec![Answer::Allow, Answer::Veto, Answer::VetoAlone]
);

// The actions' schemas: the engine's `Action` is one tagged enum, whose variants utoipa would
// write inline; the API's per-action endpoints take each action type's schema by name, so each
// is written here as its own struct (schema twins on purpose), checked against the engine's
// JSON by the tests of `api::wire`.

/// The schema of an action's `type`: an enum of the one wire name.
// `$name:tt`, not `:literal`: utoipa reads `serde(rename)` only from a bare string token.
macro_rules! action_type {
    ($($ty:ident = $name:tt $doc:tt),* $(,)?) => {$(
        #[doc = $doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
        pub enum $ty {
            #[doc = concat!("`", $name, "`")]
            #[serde(rename = $name)]
            Value,
        }
    )*};
}

action_type! {
    PassType = "pass" "Always `pass`.",
    BidType = "bid" "Always `bid`.",
    ExchangeType = "exchange" "Always `exchange`.",
    PlayType = "play" "Always `play`.",
    AloneType = "alone" "Always `alone`.",
    PassCardsType = "pass_cards" "Always `pass_cards`.",
    OrderUpType = "order_up" "Always `order_up`.",
    NameTrumpType = "name_trump" "Always `name_trump`.",
    TakeUpcardType = "take_upcard" "Always `take_upcard`.",
    LeaveUpcardType = "leave_upcard" "Always `leave_upcard`.",
    StayType = "stay" "Always `stay`.",
    DropType = "drop" "Always `drop`.",
    PickUpType = "pick_up" "Always `pick_up`.",
    PickUpAloneType = "pick_up_alone" "Always `pick_up_alone`.",
    AllowType = "allow" "Always `allow`.",
    VetoType = "veto" "Always `veto`.",
    VetoAloneType = "veto_alone" "Always `veto_alone`.",
    MisereType = "misere" "Always `misere`.",
    OpenMisereType = "open_misere" "Always `open_misere`.",
    CallType = "call" "Always `call`.",
}

/// The schema of an action without fields: its `type` alone (extra fields are refused).
macro_rules! unit_action {
    ($($(#[$doc:meta])* $action:ident($ty:ident) = $name:tt;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(deny_unknown_fields)]
        #[schema(example = json!({"type": $name}))]
        pub struct $action {
            /// The action type.
            #[serde(rename = "type")]
            pub kind: $ty,
        }
    )*};
}

unit_action! {
    /// Pass in the auction.
    PassAction(PassType) = "pass";
    /// Buck Euchre (phase `drop_out`, after a declarer made trump): play the declarer's hand.
    StayAction(StayType) = "stay";
    /// Buck Euchre (phase `drop_out`): sit the declarer's hand out and score 0 on it. Under
    /// `all_drop` `last_must_stay` the third to decide after two drops may not.
    DropAction(DropType) = "drop";
    /// Upcard games (`euchre`), round 1: accept the upcard's suit as trump ("order it up"; the
    /// dealer's partner assists, the dealer takes it up). The caller becomes the maker, and the
    /// dealer then takes the upcard (`take_upcard`) or leaves it (`leave_upcard`).
    OrderUpAction(OrderUpType) = "order_up";
    /// Upcard games, the dealer's exchange, only with `dealer_pickup` `optional`: leave the
    /// upcard ordered up on the stub (the dealer's hand is unchanged).
    LeaveUpcardAction(LeaveUpcardType) = "leave_upcard";
    /// Bacon (phase `auction`): pick up the upcard: its suit becomes trump and your side the
    /// declarers, unless your partner vetoes (your partner answers next).
    PickUpAction(PickUpType) = "pick_up";
    /// Bacon (phase `auction`, unless `alone` is `none`): pick up the upcard and play alone,
    /// your partner sitting out, unless your partner vetoes the pick-up (`veto`) or going alone
    /// (`veto_alone`).
    PickUpAloneAction(PickUpAloneType) = "pick_up_alone";
    /// Bacon: your partner picked up the upcard; let it stand (alone, after `pick_up_alone`).
    AllowAction(AllowType) = "allow";
    /// Bacon: veto your partner's pick-up: as if your partner had passed (the turn goes on to
    /// your partner's left; a vetoed dealer passes the upcard).
    VetoAction(VetoType) = "veto";
    /// Bacon: after your partner's `pick_up_alone`, veto going alone: the pick-up stands, with
    /// you playing.
    VetoAloneAction(VetoAloneType) = "veto_alone";
    /// Five Hundred (phase `auction`): bid misère (250): to take no trick, alone (partners sit
    /// out), at no trump. It overcalls 7NT and is overcalled by 8S.
    MisereAction(MisereType) = "misere";
    /// Five Hundred (phase `auction`): bid open misère (520): misère with your hand shown to
    /// everyone from your discard on. The top bid: it ends the auction.
    OpenMisereAction(OpenMisereType) = "open_misere";
}

/// Bid a number of tricks. Under pepper bids, all tricks is bid as `little` or `big` pepper; in
/// Five Hundred, 6 to 10 tricks with a strain (`trump`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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
    /// Five Hundred: the strain, `S` < `C` < `D` < `H` < `NT` (required there; left out in
    /// every other game, whose trump is named after the auction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub trump: Option<Trump>,
}

/// Name trump and discard as many cards as the widow held (none when there is no widow). The
/// declarer's hand already includes the widow during the exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "play", "card": "JS"}))]
pub struct PlayAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: PlayType,
    /// The card.
    pub card: Card,
    /// Five Hundred at no trump, leading the joker: the suit the others must follow (one you
    /// have not renounced this hand, any if you renounced all); left out for every other play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub suit: Option<Suit>,
}

/// Five Hundred for 5 (phase `alone`, after the declarer's discard): call a card; its holder is
/// revealed at once as your partner for the hand. Not a trump (at a suit contract not the
/// trump suit, the left bower or the joker; at no trump not the joker), and not in your hand or
/// discards. To play alone instead: `{"type": "alone", "alone": true}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "call", "card": "AH"}))]
pub struct CallAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: CallType,
    /// The card called.
    pub card: Card,
}

/// Decide whether to play alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

/// Upcard games, round 2 (everybody passed the upcard, which is turned down): name one of the
/// other three suits as trump. The caller becomes the maker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "name_trump", "trump": "H"}))]
pub struct NameTrumpAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: NameTrumpType,
    /// The suit (`C`, `D`, `H` or `S`, not the turned-down upcard's; never `NT`).
    #[schema(value_type = Suit)]
    pub trump: Trump,
}

/// Upcard games, the exchange (phase `exchange`): in Euchre the dealer, after round 1 ordered
/// the upcard up, takes it into hand and discards one of the cards held before, face down; in
/// Bacon the seat left of the caller takes it and discards any one of its six cards (the upcard
/// too), face up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"type": "take_upcard", "discard": "9C"}))]
pub struct TakeUpcardAction {
    /// The action type.
    #[serde(rename = "type")]
    pub kind: TakeUpcardType,
    /// The card discarded (Euchre: face down, one held before taking the upcard; Bacon: face
    /// up, any of the six).
    pub discard: Card,
}

/// An action: a JSON object with a `type`. Every entry of a view's `legal_actions` is one of
/// these and can be posted back as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(
    discriminator(property_name = "type", mapping(
        ("pass" = "#/components/schemas/PassAction"),
        ("bid" = "#/components/schemas/BidAction"),
        ("exchange" = "#/components/schemas/ExchangeAction"),
        ("play" = "#/components/schemas/PlayAction"),
        ("alone" = "#/components/schemas/AloneAction"),
        ("pass_cards" = "#/components/schemas/PassCardsAction"),
        ("order_up" = "#/components/schemas/OrderUpAction"),
        ("name_trump" = "#/components/schemas/NameTrumpAction"),
        ("take_upcard" = "#/components/schemas/TakeUpcardAction"),
        ("leave_upcard" = "#/components/schemas/LeaveUpcardAction"),
        ("stay" = "#/components/schemas/StayAction"),
        ("drop" = "#/components/schemas/DropAction"),
        ("pick_up" = "#/components/schemas/PickUpAction"),
        ("pick_up_alone" = "#/components/schemas/PickUpAloneAction"),
        ("allow" = "#/components/schemas/AllowAction"),
        ("veto" = "#/components/schemas/VetoAction"),
        ("veto_alone" = "#/components/schemas/VetoAloneAction"),
        ("misere" = "#/components/schemas/MisereAction"),
        ("open_misere" = "#/components/schemas/OpenMisereAction"),
        ("call" = "#/components/schemas/CallAction"),
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
    /// Order up (upcard games).
    OrderUp(OrderUpAction),
    /// Name trump (upcard games).
    NameTrump(NameTrumpAction),
    /// Take the upcard (upcard games).
    TakeUpcard(TakeUpcardAction),
    /// Leave the upcard (upcard games).
    LeaveUpcard(LeaveUpcardAction),
    /// Stay in the declarer's hand (Buck Euchre).
    Stay(StayAction),
    /// Drop out of the declarer's hand (Buck Euchre).
    Drop(DropAction),
    /// Pick up the upcard (Bacon).
    PickUp(PickUpAction),
    /// Pick up the upcard alone (Bacon).
    PickUpAlone(PickUpAloneAction),
    /// Allow the partner's pick-up (Bacon).
    Allow(AllowAction),
    /// Veto the partner's pick-up (Bacon).
    Veto(VetoAction),
    /// Veto the partner's going alone (Bacon).
    VetoAlone(VetoAloneAction),
    /// Bid misère (Five Hundred).
    Misere(MisereAction),
    /// Bid open misère (Five Hundred).
    OpenMisere(OpenMisereAction),
    /// Call a partner's card (Five Hundred for 5).
    Call(CallAction),
}
