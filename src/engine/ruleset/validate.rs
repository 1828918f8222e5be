//! Whether a ruleset is possible: [`Ruleset::validate`] and [`RulesetError`].

use super::{AllPass, AloneRule, AuctionKind, FirstLead, GameEnd, Preset, Ruleset};
use crate::engine::cards::DeckKind;
use crate::engine::side::Sides;

/// Why a ruleset is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RulesetError {
    /// A stable snake_case code.
    pub code: &'static str,
    /// What is wrong, for a human.
    pub message: String,
}

pub(super) fn invalid(code: &'static str, message: impl Into<String>) -> RulesetError {
    RulesetError {
        code,
        message: message.into(),
    }
}

/// The highest `max_hands`.
pub const MAX_HANDS: u32 = 1000;

impl Ruleset {
    /// Checks that the options fit together.
    pub fn validate(&self) -> Result<(), RulesetError> {
        if self.five_hundred() != matches!(self.preset, Preset::FiveHundred)
            || self.five_hundred() != matches!(self.game_end, GameEnd::MadeContract)
            || self.five_hundred() != self.deck.is_five_hundred()
        {
            return Err(invalid(
                "option_not_in_game",
                "Five Hundred's scoring, game end and packs are its own",
            ));
        }
        if self.max_hands > MAX_HANDS {
            return Err(invalid(
                "max_hands_out_of_range",
                format!(
                    "max_hands must be between 1 and {MAX_HANDS}, not {}",
                    self.max_hands
                ),
            ));
        }
        if self.five_hundred() {
            return self.validate_five_hundred();
        }
        let counts = self.preset.player_counts();
        if !counts.contains(&self.players) {
            let list: Vec<String> = counts.iter().map(u8::to_string).collect();
            return Err(invalid(
                "invalid_players",
                format!(
                    "`{}` is played by {} players (6 with the `pinochle48` deck), not {}",
                    self.preset.name(),
                    list.join(", "),
                    self.players
                ),
            ));
        }
        let decks = self.preset.decks();
        if !decks.contains(&self.deck) {
            let list: Vec<&str> = decks.iter().map(|d| d.name()).collect();
            return Err(invalid(
                "unsupported_deal",
                format!(
                    "`{}` is played with the {} decks, not `{}`",
                    self.preset.name(),
                    list.join(", "),
                    self.deck.name()
                ),
            ));
        }
        let own = self.preset.rules().auction;
        if self.upcard() != own.upcard() || (self.upcard() && self.auction != own) {
            return Err(invalid(
                "option_not_in_game",
                format!(
                    "the upcard auctions are Euchre's and Bacon's own: `{}` is played with its own auction",
                    self.preset.name()
                ),
            ));
        }
        if self.successive_upcards() && !matches!(self.alone, AloneRule::None | AloneRule::Maker) {
            return Err(invalid(
                "option_not_in_game",
                "in `bacon` `alone` is `maker` (a caller may pick up alone) or `none`",
            ));
        }
        if (self.first_lead == FirstLead::UpcardTaker) != self.successive_upcards() {
            return Err(invalid(
                "option_not_in_game",
                "`first_lead: upcard_taker` is Bacon's own lead",
            ));
        }
        if self.upcard()
            && !matches!(
                self.alone,
                AloneRule::None | AloneRule::Maker | AloneRule::PartnerSitsOut
            )
        {
            return Err(invalid(
                "option_not_in_game",
                "in an upcard game `alone` is `none`, `maker` or `partner_sits_out`",
            ));
        }
        if !self.upcard() && self.all_pass == AllPass::NoTrumpNoDeclarer {
            return Err(invalid(
                "option_not_in_game",
                "`all_pass: no_trump_no_declarer` belongs to upcard games (`buck-euchre`)",
            ));
        }
        if !self.upcard() && self.alone == AloneRule::Maker {
            return Err(invalid(
                "option_not_in_game",
                "`alone: maker` belongs to upcard games (`euchre`)",
            ));
        }
        let small_pepper = self.players < 4;
        if small_pepper && self.deck != DeckKind::Pepper24 {
            return Err(invalid(
                "unsupported_deal",
                "pepper for 2 or 3 players is dealt from the 24-card `pepper24` deck, three hands of 8",
            ));
        }
        if matches!(self.sides(), Sides::Individual { .. }) && self.alone != AloneRule::None {
            return Err(invalid(
                "alone_needs_partners",
                "going alone needs partnerships: with every player for themselves, `alone` must be `none`",
            ));
        }
        if self.players == 6 && self.deck != DeckKind::Pinochle48 {
            return Err(invalid(
                "six_players_need_pinochle48",
                "6 players need the 48-card `pinochle48` deck",
            ));
        }
        if self.widow_size() > 1 {
            return Err(invalid(
                "unsupported_deal",
                format!(
                    "the {} deck does not deal evenly to {} players",
                    self.deck.name(),
                    self.players
                ),
            ));
        }
        if self.deck.has_joker() && self.no_trump {
            return Err(invalid(
                "joker_with_no_trump",
                "a deck with the joker cannot be played with no trump: the joker is always a trump (set `no_trump` to false or use the `pepper24` deck)",
            ));
        }
        let max = self.max_plain_bid();
        if self.min_bid < 1 || self.min_bid > max {
            return Err(invalid(
                "min_bid_out_of_range",
                format!("min_bid must be between 1 and {max} for this deck and bidding form"),
            ));
        }
        if self.all_pass == AllPass::JokerHolderBids3 {
            if !self.deck.has_joker() {
                return Err(invalid(
                    "all_pass_needs_joker",
                    "all_pass `joker_holder_bids_3` needs a deck with the joker (`standard25`)",
                ));
            }
            if self.min_bid > 3 || max < 3 {
                return Err(invalid(
                    "min_bid_out_of_range",
                    "all_pass `joker_holder_bids_3` forces a bid of 3, so min_bid must be at most 3",
                ));
            }
        }
        if self.alone == AloneRule::ExchangeTwo && self.widow_size() > 0 {
            return Err(invalid(
                "alone_exchange_two_needs_no_widow",
                "alone `exchange_two` is played with decks dealt out completely (no widow)",
            ));
        }
        let targets = self.preset.target_score_range();
        if !targets.contains(&self.target_score) {
            return Err(invalid(
                "target_score_out_of_range",
                format!(
                    "target_score must be between {} and {} for the `{}` preset (ten times its default of {}), not {}",
                    targets.start(),
                    targets.end(),
                    self.preset.name(),
                    self.preset.rules().target_score,
                    self.target_score
                ),
            ));
        }
        Ok(())
    }
}

impl Ruleset {
    /// The checks of a Five Hundred ruleset (the pack follows the players and the joker).
    fn validate_five_hundred(&self) -> Result<(), RulesetError> {
        let counts = self.preset.player_counts();
        if !counts.contains(&self.players) {
            return Err(invalid(
                "invalid_players",
                format!(
                    "`five-hundred` is played by 2 to 6 players, not {}",
                    self.players
                ),
            ));
        }
        if DeckKind::five_hundred(self.players, self.deck.has_joker()) != Some(self.deck) {
            return Err(invalid(
                "unsupported_deal",
                format!(
                    "the `{}` pack is not Five Hundred's for {} players",
                    self.deck.name(),
                    self.players
                ),
            ));
        }
        let fixed = Preset::FiveHundred.rules();
        if self.min_bid != fixed.min_bid
            || self.pepper_bids
            || !self.no_trump
            || self.all_pass != fixed.all_pass
            || self.alone != AloneRule::None
            || self.first_lead != fixed.first_lead
            || !matches!(
                self.auction,
                AuctionKind::ConsecutivePasses | AuctionKind::Open
            )
        {
            return Err(invalid(
                "option_not_in_game",
                "Five Hundred's bids, auction and leads are its own",
            ));
        }
        let targets = self.preset.target_score_range();
        if !targets.contains(&self.target_score) {
            return Err(invalid(
                "target_score_out_of_range",
                format!(
                    "target_score must be between {} and {} for `five-hundred` (ten times its default of 500), not {}",
                    targets.start(),
                    targets.end(),
                    self.target_score
                ),
            ));
        }
        Ok(())
    }
}
