//! The step a game waits for ([`Step`]): the decision within a phase, named as the rules name
//! it, so that a client need not infer it from the phase, the ruleset and the calls so far.

use serde::{Deserialize, Serialize};

use super::action::Phase;
use super::game::Game;

/// The decision the game waits for, within its phase: `bid`, `order_up` and `name_trump`
/// (Euchre's rounds 1 and 2), `pick_up` and `answer` (Bacon's calls and the partner's answer),
/// `choose_trump` (with the widow's exchange, if any), `kitty` (Five Hundred), `dealer_pickup`,
/// `take_upcard` (Bacon: a discard of the five in `hand` and `upcard.card`), `declarer_alone`,
/// `defender_alone`, `call_partner` (Five Hundred for five), `lone_discard` and
/// `partner_passes` (`exchange_two`), `stay_or_drop` (Buck Euchre), `play`, `game_over`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Step {
    /// A bidding auction: a bid or a pass (RULES.md's games, Five Hundred).
    Bid,
    /// Euchre and Buck Euchre, round 1: order the upcard up or pass.
    OrderUp,
    /// Euchre and Buck Euchre, round 2: name another suit or pass.
    NameTrump,
    /// Bacon: pick the upcard up (or up alone) or pass.
    PickUp,
    /// Bacon: the caller's partner answers the pick-up (`allow`, `veto`, `veto_alone`).
    Answer,
    /// The declarer chooses trump, taking the widow and discarding as many cards, if there
    /// is one (RULES.md's games).
    ChooseTrump,
    /// Five Hundred: the declarer takes the kitty, discards as many cards and names the bid's
    /// trump.
    Kitty,
    /// Euchre and Buck Euchre: the dealer takes the upcard ordered up (discarding one card) or
    /// leaves it.
    DealerPickup,
    /// Bacon: the seat left of the caller takes the upcard and discards one of six cards: the
    /// five in `hand` and `upcard.card`.
    TakeUpcard,
    /// The declarer (Euchre's maker) goes alone or not.
    DeclarerAlone,
    /// A defender goes alone or not.
    DefenderAlone,
    /// Five Hundred for five: the declarer calls a partner by a card, or plays alone.
    CallPartner,
    /// `exchange_two`: the lone declarer discards two cards.
    LoneDiscard,
    /// `exchange_two`: the lone declarer's partner passes two cards to the declarer.
    PartnerPasses,
    /// Buck Euchre: stay in the declarer's hand or drop out.
    StayOrDrop,
    /// A card to the trick.
    Play,
    /// The game is over.
    GameOver,
}

impl Game {
    /// The decision the game waits for (what its seat to act chooses).
    pub fn step(&self) -> Step {
        let upcards = self.rules.upcard();
        let bacon = self.rules.successive_upcards();
        let declarer = self.hand.contract.map(|c| c.seat);
        match self.phase {
            Phase::Auction if bacon && self.pending_pick_up().is_some() => Step::Answer,
            Phase::Auction if bacon => Step::PickUp,
            Phase::Auction if upcards && self.upcard_round() == 1 => Step::OrderUp,
            Phase::Auction if upcards => Step::NameTrump,
            Phase::Auction => Step::Bid,
            Phase::Exchange if bacon => Step::TakeUpcard,
            Phase::Exchange if upcards => Step::DealerPickup,
            Phase::Exchange if self.rules.five_hundred() => Step::Kitty,
            Phase::Exchange => Step::ChooseTrump,
            Phase::Alone if self.rules.calls_partner() => Step::CallPartner,
            Phase::Alone if self.turn.is_some() && self.turn != declarer => Step::DefenderAlone,
            Phase::Alone => Step::DeclarerAlone,
            Phase::PassCards if self.turn.is_some() && self.turn != declarer => Step::PartnerPasses,
            Phase::PassCards => Step::LoneDiscard,
            Phase::DropOut => Step::StayOrDrop,
            Phase::Play => Step::Play,
            Phase::GameOver => Step::GameOver,
        }
    }

    /// The round of an upcard game's calls: Euchre's and Buck Euchre's 1 or 2, Bacon's upcard
    /// (1 to 4); None outside those calls.
    pub fn round(&self) -> Option<u8> {
        if self.phase != Phase::Auction || !self.rules.upcard() {
            return None;
        }
        if self.rules.successive_upcards() {
            return Some(self.bacon_round());
        }
        Some(self.upcard_round())
    }
}
