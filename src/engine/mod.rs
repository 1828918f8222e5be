//! The rules engine for the Hasenpfeffer family (`hasenpfeffer`, `hasenpfeffer-open`, `pepper`,
//! `double-hasenpfeffer`), as specified in `RULES.md`.
//!
//! The engine is pure: no I/O, no clock, no randomness of its own (deals come from a caller's
//! `u64` seed through the documented [`shuffle`], or from an explicit [`Scenario`]), and nothing
//! of HTTP or storage. Its whole surface is small:
//!
//! - [`RulesetSpec::build`] turns a preset plus overrides into a validated [`Ruleset`];
//! - [`Game::new`] deals a game; [`Game::legal_actions`] lists what a seat may do;
//!   [`Game::apply`] does it, or returns an [`ActionError`] (with a stable [`ActionError::code`])
//!   and leaves the game unchanged;
//! - [`Game::knowledge`] is what a seat or a spectator knows (the one place that hides cards),
//!   and [`Game::view`] the same with the seat's legal actions, as owned data;
//! - a [`Game`] serialises with serde, and deserialising checks its integrity.
//!
//! # Example: play a whole hand
//!
//! ```
//! use hasenpfeffer::engine::{Game, Preset, Viewer};
//!
//! let mut game = Game::new(Preset::Hasenpfeffer.rules(), 42, None).unwrap();
//! // Always take the first legal action until the first hand is over.
//! while game.hand_number() == 0 && !game.is_over() {
//!     let seat = game.turn().unwrap();
//!     let action = game.legal_actions(seat)[0].clone();
//!     game.apply(seat, &action).unwrap();
//! }
//! let view = game.view(Viewer::Spectator);
//! assert!(view.hand.is_empty()); // a spectator sees no hand
//! let summary = game.last_hand().unwrap();
//! println!("tricks {:?}, scores {:?}", summary.tricks_won, summary.scores);
//! ```

mod action;
mod auction;
mod bacon;
mod buck;
mod cards;
mod determinize;
mod exchange;
mod five_hundred;
mod game;
mod hand;
mod integrity;
mod knowledge;
mod legal;
mod play;
mod ruleset;
#[cfg(feature = "openapi")]
pub(crate) mod schema;
mod scoring;
pub mod shuffle;
mod side;
mod step;
mod upcard;
mod view;

pub use action::{Action, ActionError, Bid, CardList, Misere, Pepper, Phase, Seat, SuitName, Team};
pub use auction::{Call, Contract, Forced};
pub use bacon::{Answer, BACON_UPCARDS};
pub use cards::{Card, DeckKind, ParseCardError, Rank, Ranking, Suit, Trump};
pub use determinize::SampleDeal;
pub use five_hundred::bids as five_hundred_bids;
pub use game::{Applied, Game, MAX_SEATS, STATE_FORMAT, Scenario};
pub use hand::{Hand, HandRecord, deal};
pub use knowledge::SeatKnowledge;
pub use play::{Play, Trick};
pub use ruleset::{
    AllDrop, AllPass, AloneRule, AuctionKind, AuctionPass, DealerPickup, DefenderPoints, FirstLead,
    GameEnd, Preset, Ruleset, RulesetError, RulesetSpec, Scoring, SetPenalty, ShownRuleset,
    SideForm, shown as shown_ruleset,
};
pub use scoring::{HandResult, HandSummary, Outcome};
pub use side::{BySide, Sides};
pub use step::Step;
pub use upcard::{Upcard, UpcardCall, UpcardFate};
pub use view::{CurrentTrick, LastHand, View, Viewer};

#[cfg(test)]
mod tests;
