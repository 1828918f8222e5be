//! Rulesets: a preset name plus option overrides (RULES.md sections 2 and 3).

mod options;
mod preset;
pub mod shown;
mod spec;
mod validate;

pub use options::{
    AllDrop, AllPass, AloneRule, AuctionKind, AuctionPass, DealerPickup, DefenderPoints, FirstLead,
    GameEnd, Scoring, SetPenalty, SideForm,
};
pub use preset::Preset;
pub use shown::ShownRuleset;
pub use spec::RulesetSpec;
pub use validate::RulesetError;

use super::side::Sides;
use serde::{Deserialize, Serialize};

use super::cards::DeckKind;

/// A complete ruleset, every option resolved. Its derived serde form is the stored one (every
/// field); answers show a game's rules as a [`ShownRuleset`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// The preset this ruleset started from.
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
    /// Whether the dealer must take an upcard ordered up (upcard games).
    #[serde(default)]
    pub dealer_pickup: DealerPickup,
    /// Whether the dealer may not pass in round 2 of an upcard auction.
    #[serde(default)]
    pub stick_the_dealer: bool,
    /// How a played hand is scored.
    #[serde(default)]
    pub scoring: Scoring,
    /// Buck Euchre: when every other player drops out.
    #[serde(default)]
    pub all_drop: AllDrop,
    /// Five Hundred for six: two teams of three or three of two.
    #[serde(default)]
    pub sides: SideForm,
    /// Five Hundred: what the opponents of a contract score.
    #[serde(default)]
    pub defender_points: DefenderPoints,
    /// The most hands a game lasts (0: no limit): after this many hands, if no side has won,
    /// the best score wins and equal best scores tie (a duplicate match's deal is a game of one
    /// hand). A thrown-in hand counts.
    #[serde(default)]
    pub max_hands: u32,
}

impl Default for Ruleset {
    fn default() -> Self {
        Preset::Hasenpfeffer.rules()
    }
}

impl Ruleset {
    /// How the seats form sides: at a table of 4 or 6, two partnerships, the even seats against
    /// the odd ones; with fewer players (pepper for 3), every player alone.
    pub const fn sides(&self) -> Sides {
        if matches!(self.preset, Preset::FiveHundred) {
            return match (self.players, self.sides) {
                (4, _) | (6, SideForm::TeamsOf3) => Sides::Partners { teams: 2 },
                (6, SideForm::TeamsOf2) => Sides::Partners { teams: 3 },
                (players, _) => Sides::Individual { players },
            };
        }
        if self.players < 4 || matches!(self.preset, Preset::BuckEuchre) {
            Sides::Individual {
                players: self.players,
            }
        } else {
            Sides::Partners { teams: 2 }
        }
    }

    /// Number of seats.
    pub const fn seats(&self) -> usize {
        self.players as usize
    }

    /// Whether a third hand is dealt to nobody: pepper for two players deals three hands of 8,
    /// and the third lies face down, unseen and out of play, until the hand is over.
    pub const fn dead_hand(&self) -> bool {
        matches!(self.preset, Preset::Pepper) && self.players == 2
    }

    /// Whether trump is made by an upcard (Euchre, Bacon): an undealt card is turned face up.
    pub const fn upcard(&self) -> bool {
        self.auction.upcard()
    }

    /// Bacon's auction: up to four upcards in turn, the partner's answer to a pick-up, the
    /// upcard taken by the seat left of the caller, discards face up.
    pub const fn successive_upcards(&self) -> bool {
        matches!(self.auction, AuctionKind::SuccessiveUpcards)
    }

    /// The seat that takes an upcard that was accepted: the dealer (Euchre), or the seat left
    /// of the caller (Bacon).
    pub const fn upcard_taker(
        &self,
        dealer: super::action::Seat,
        caller: super::action::Seat,
    ) -> super::action::Seat {
        if self.successive_upcards() {
            (caller + 1) % self.players
        } else {
            dealer
        }
    }

    /// Bacon: the seat that answers `caller`'s pick-up, its partner (across a table of four).
    pub const fn answering_partner(&self, caller: super::action::Seat) -> super::action::Seat {
        (caller + self.players / 2) % self.players
    }

    /// Who owns the face-down discards of a hand: the declarer (the widow's exchange), or in an
    /// upcard game the dealer, who took the upcard; nobody in Bacon, whose discards lie face
    /// up. The one place that says it: what a seat sees, the sampler and determinization read
    /// it.
    pub const fn discarder(
        &self,
        dealer: super::action::Seat,
        declarer: Option<super::action::Seat>,
    ) -> Option<super::action::Seat> {
        if self.successive_upcards() {
            None
        } else if self.upcard() {
            Some(dealer)
        } else {
            declarer
        }
    }

    /// Buck Euchre: an upcard of this suit makes it trump at once, with no declarer.
    pub const fn automatic_trump(&self) -> Option<super::cards::Suit> {
        match self.preset {
            Preset::BuckEuchre => Some(super::cards::Suit::Clubs),
            _ => None,
        }
    }

    /// Whether a hand may be played with no declarer (Buck Euchre: a clubs upcard, or all
    /// passing twice).
    pub const fn declarerless_hands(&self) -> bool {
        self.automatic_trump().is_some() || matches!(self.all_pass, AllPass::NoTrumpNoDeclarer)
    }

    /// Buck Euchre: once a declarer made trump, each other player stays in or drops out.
    pub const fn drop_outs(&self) -> bool {
        matches!(self.preset, Preset::BuckEuchre)
    }

    /// Whether scores count down from the target (Buck Euchre) rather than up from 0.
    pub const fn counts_down(&self) -> bool {
        matches!(self.game_end, GameEnd::LowestAtZero)
    }

    /// Cards dealt to each player.
    pub const fn cards_per_player(&self) -> usize {
        if self.upcard() {
            return 5;
        }
        if self.five_hundred() {
            return 10;
        }
        // The deck divided by the players, rounded down (the rest is the widow); the common
        // cases are spelt out so that this hot path divides by constants.
        let len = self.deck.len();
        if self.dead_hand() {
            return len / (self.players as usize + 1);
        }
        match self.players {
            4 => len / 4,
            6 => len / 6,
            0 => 0,
            p => len / p as usize,
        }
    }

    /// Cards dealt to no player: the widow, or the dead hand.
    pub const fn undealt(&self) -> usize {
        self.deck.len() - self.cards_per_player() * self.players as usize
    }

    /// Cards left over as the widow, which the declarer takes (none beside a dead hand).
    pub const fn widow_size(&self) -> usize {
        if self.dead_hand() || self.upcard() {
            0
        } else {
            self.undealt()
        }
    }

    /// The highest plain numeric bid (one less than all tricks under pepper bids).
    pub const fn max_plain_bid(&self) -> u8 {
        let all = self.cards_per_player() as u8;
        if self.pepper_bids { all - 1 } else { all }
    }

    /// Five Hundred: a kitty, strain bids and misères, a partner called with five, the joker
    /// at no trump.
    pub const fn five_hundred(&self) -> bool {
        matches!(self.scoring, Scoring::FiveHundred)
    }

    /// Five Hundred for 5: the declarer calls a partner by a card (or plays alone).
    pub const fn calls_partner(&self) -> bool {
        self.five_hundred() && self.players == 5
    }
}

#[cfg(test)]
mod tests;
