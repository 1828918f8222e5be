//! OpenAPI schemas for the engine's small enums (cards, suits, options). The engine knows
//! nothing of utoipa; the values listed here are produced by the engine's own serde names, so
//! the documented enums cannot drift from what the server sends and accepts.

use std::borrow::Cow;

use serde::Serialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::bots::Strategy;
use crate::engine::{
    AllPass, AloneRule, AuctionKind, Card, DeckKind, FirstLead, Forced, GameEnd, HandResult,
    Pepper, Phase, Preset, SetPenalty, Suit, Trump,
};

fn string_enum<T: Serialize>(values: &[T], description: &str) -> RefOr<Schema> {
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

macro_rules! string_enum_schema {
    ($ty:ty, $name:literal, $desc:literal, $values:expr) => {
        impl PartialSchema for $ty {
            fn schema() -> RefOr<Schema> {
                let values: Vec<$ty> = $values;
                string_enum(&values, $desc)
            }
        }
        impl ToSchema for $ty {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }
        }
    };
}

string_enum_schema!(
    Card,
    "Card",
    "A card code: rank (9 T J Q K A) then suit (C D H S), e.g. `TD` for the ten of diamonds; `JK` is the joker. The two copies of a card in a double deck share a code.",
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
    "The phase: `auction`, `exchange` (name trump, take and discard the widow), `alone` (going-alone decisions), `pass_cards` (lone exchange of two cards), `play`, or `game_over`.",
    vec![
        Phase::Auction,
        Phase::Exchange,
        Phase::Alone,
        Phase::PassCards,
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
    "The deck: `standard25` (9-A and the joker), `pepper24` (9-A), `pinochle48` (two copies of 9-A).",
    DeckKind::ALL.to_vec()
);
string_enum_schema!(
    AuctionKind,
    "AuctionKind",
    "`single_round`: one bid each, dealer last. `open`: round and round until all but one have passed (a pass is final) or the maximum is bid. `consecutive_passes`: round and round, a player who passed may bid again, until a bid is followed by a pass from every other player in a row (three at four players) or the maximum is bid.",
    AuctionKind::ALL.to_vec()
);
string_enum_schema!(
    AllPass,
    "AllPass",
    "When everyone passes: `joker_holder_bids_3` (the joker holder reveals it and must bid 3; a joker in the widow voids the hand), `redeal` (thrown in), `dealer_forced` (the dealer may not pass).",
    vec![
        AllPass::JokerHolderBids3,
        AllPass::Redeal,
        AllPass::DealerForced
    ]
);
string_enum_schema!(
    AloneRule,
    "AloneRule",
    "Going alone: `none`; `partner_sits_out` (after the exchange the high bidder, then at most one defender, may go alone); `exchange_two` (the lone bidder discards two and receives two from the partner on the left).",
    vec![
        AloneRule::None,
        AloneRule::PartnerSitsOut,
        AloneRule::ExchangeTwo
    ]
);
string_enum_schema!(
    FirstLead,
    "FirstLead",
    "Who leads the first trick when nobody is alone.",
    vec![FirstLead::HighBidder, FirstLead::LeftOfDealer]
);
string_enum_schema!(
    SetPenalty,
    "SetPenalty",
    "What failed declarers lose: the `contract`, or `fixed_6`.",
    vec![SetPenalty::Contract, SetPenalty::Fixed6]
);
string_enum_schema!(
    GameEnd,
    "GameEnd",
    "`declarers_win_ties`: first side to the target wins, declarers win a same-hand tie. `higher_score_or_draw`: when a side reaches the target the higher score wins; equal is a draw.",
    vec![GameEnd::DeclarersWinTies, GameEnd::HigherScoreOrDraw]
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
    "How a hand ended: `played`, `void_joker_in_widow`, or `thrown_in`.",
    vec![
        HandResult::Played,
        HandResult::VoidJokerInWidow,
        HandResult::ThrownIn
    ]
);
string_enum_schema!(
    Strategy,
    "Strategy",
    "A house player's strategy.",
    Strategy::ALL.to_vec()
);
