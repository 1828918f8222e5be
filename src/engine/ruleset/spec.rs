//! [`RulesetSpec`]: a preset plus option overrides, resolved into a [`Ruleset`].

use serde::{Deserialize, Serialize};

use super::validate::{MAX_HANDS, invalid};
use super::{
    AllDrop, AllPass, AloneRule, AuctionKind, AuctionPass, DealerPickup, DefenderPoints, FirstLead,
    GameEnd, Preset, Ruleset, RulesetError, SetPenalty, SideForm,
};
use crate::engine::cards::DeckKind;

/// A ruleset: a preset plus any option overrides (RULES.md section 3). Every field may be left
/// out; `{}` is the `hasenpfeffer` preset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({"preset": "hasenpfeffer"})))]
pub struct RulesetSpec {
    /// The preset (default `hasenpfeffer`).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = false))]
    pub preset: Preset,
    /// The deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<DeckKind>,
    /// Players: 4, or 6 with `pinochle48`, or 2 or 3 in `pepper` (every player alone, 8 cards
    /// each; with 2, a third hand is dealt to nobody and never seen while the hand is played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 2, maximum = 6))]
    pub players: Option<u8>,
    /// Whether the jacks of the trump colour are the right and left bowers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bowers: Option<bool>,
    /// The auction form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<AuctionKind>,
    /// The lowest bid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 12))]
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
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 320))]
    pub target_score: Option<i32>,
    /// How the game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_end: Option<GameEnd>,
    /// Upcard games (`euchre`): whether the dealer must take an upcard ordered up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer_pickup: Option<DealerPickup>,
    /// Upcard games (`euchre`): the dealer may not pass in round 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stick_the_dealer: Option<bool>,
    /// `euchre`: after the maker's choice, each defender from the dealer's left may go alone
    /// (at most one; a euchre by a lone defender scores 4). The same as `"alone":
    /// "partner_sits_out"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lone_defender: Option<bool>,
    /// `buck-euchre`: when the three others all drop out, the declarer takes every trick
    /// (`declarer_takes_all`), or the third to decide after two drops must stay
    /// (`last_must_stay`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_drop: Option<AllDrop>,
    /// `five-hundred`: whether the pack holds the joker (default true; not with 2 players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker: Option<bool>,
    /// `five-hundred` for 6: `teams_of_3` (default) or `teams_of_2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<SideForm>,
    /// `five-hundred`: what the opponents of a contract score, `side_total` (default: each
    /// opposing side 10 per trick won by all the opponents) or `own_tricks`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_points: Option<DefenderPoints>,
    /// `five-hundred` and `pepper`: `not_final` (default: a player who passed may bid again;
    /// the same as `"auction": "consecutive_passes"`) or `final` (the same as `"auction":
    /// "open"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction_pass: Option<AuctionPass>,
    /// The most hands the game lasts (1 to 1,000; default: no limit): after that many hands
    /// (a thrown-in hand counts), if no side has won, the best score wins and equal best
    /// scores tie. `1` plays a single deal, as duplicate matches do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 1000))]
    pub max_hands: Option<u32>,
}

impl From<Preset> for RulesetSpec {
    fn from(preset: Preset) -> Self {
        RulesetSpec {
            preset,
            ..RulesetSpec::default()
        }
    }
}

impl RulesetSpec {
    /// Refuses an option the preset's game does not have ([`Preset::options`]).
    fn check_options(&self) -> Result<(), RulesetError> {
        let given = [
            ("deck", self.deck.is_some()),
            ("players", self.players.is_some()),
            ("bowers", self.bowers.is_some()),
            ("alone", self.alone.is_some()),
            ("target_score", self.target_score.is_some()),
            ("auction", self.auction.is_some()),
            ("min_bid", self.min_bid.is_some()),
            ("pepper_bids", self.pepper_bids.is_some()),
            ("no_trump", self.no_trump.is_some()),
            ("all_pass", self.all_pass.is_some()),
            ("first_lead", self.first_lead.is_some()),
            ("set_penalty", self.set_penalty.is_some()),
            ("game_end", self.game_end.is_some()),
            ("dealer_pickup", self.dealer_pickup.is_some()),
            ("stick_the_dealer", self.stick_the_dealer.is_some()),
            ("lone_defender", self.lone_defender.is_some()),
            ("all_drop", self.all_drop.is_some()),
            ("joker", self.joker.is_some()),
            ("sides", self.sides.is_some()),
            ("defender_points", self.defender_points.is_some()),
            ("auction_pass", self.auction_pass.is_some()),
            ("max_hands", self.max_hands.is_some()),
        ];
        let takes = self.preset.options();
        match given
            .iter()
            .find(|(name, present)| *present && !takes.contains(name))
        {
            Some((name, _)) => Err(invalid(
                "option_not_in_game",
                format!(
                    "`{name}` is not an option of `{}` (GET /v1/rulesets lists each preset's options)",
                    self.preset.name()
                ),
            )),
            None => Ok(()),
        }
    }

    /// Applies the overrides to the preset and validates the result.
    pub fn build(&self) -> Result<Ruleset, RulesetError> {
        self.check_options()?;
        if self.max_hands == Some(0) {
            return Err(invalid(
                "max_hands_out_of_range",
                format!(
                    "max_hands must be between 1 and {MAX_HANDS}, not 0 (leave it out for no limit)"
                ),
            ));
        }
        if self.preset == Preset::FiveHundred {
            return self.build_five_hundred();
        }
        let p = self.preset.rules_for(self.players);
        let r = Ruleset {
            preset: self.preset,
            deck: self.deck.unwrap_or(p.deck),
            players: self.players.unwrap_or(p.players),
            bowers: self.bowers.unwrap_or(p.bowers),
            auction: self.auction()?.unwrap_or(p.auction),
            min_bid: self.min_bid.unwrap_or(p.min_bid),
            pepper_bids: self.pepper_bids.unwrap_or(p.pepper_bids),
            no_trump: self.no_trump.unwrap_or(p.no_trump),
            all_pass: self.all_pass.unwrap_or(p.all_pass),
            alone: self.alone.unwrap_or(p.alone),
            first_lead: self.first_lead.unwrap_or(p.first_lead),
            set_penalty: self.set_penalty.unwrap_or(p.set_penalty),
            target_score: self.target_score.unwrap_or(p.target_score),
            game_end: self.game_end.unwrap_or(p.game_end),
            dealer_pickup: self.dealer_pickup.unwrap_or(p.dealer_pickup),
            stick_the_dealer: self.stick_the_dealer.unwrap_or(p.stick_the_dealer),
            scoring: p.scoring,
            all_drop: self.all_drop.unwrap_or(p.all_drop),
            sides: p.sides,
            defender_points: p.defender_points,
            max_hands: self.max_hands.unwrap_or(p.max_hands),
        };
        // `lone_defender` (upcard games only, see `check_options`) names an `alone` rule.
        let r = match self.lone_defender {
            None => r,
            Some(lone) => Ruleset {
                alone: if lone {
                    AloneRule::PartnerSitsOut
                } else {
                    AloneRule::Maker
                },
                ..r
            },
        };
        r.validate()?;
        Ok(r)
    }
}

impl RulesetSpec {
    /// The auction `auction` and `auction_pass` name (`auction_pass` is the other name of
    /// `open`, a pass final, and `consecutive_passes`, a pass not final), if either is given.
    fn auction(&self) -> Result<Option<AuctionKind>, RulesetError> {
        let named = self.auction_pass.map(AuctionPass::auction);
        match (self.auction, named) {
            (Some(a), Some(b)) if a != b => Err(invalid(
                "options_disagree",
                format!(
                    "`auction` `{}` and `auction_pass` name different auctions (`auction_pass` `final` is `auction` `open`, `not_final` is `consecutive_passes`): give one of them",
                    a.name()
                ),
            )),
            (a, b) => Ok(a.or(b)),
        }
    }

    /// Five Hundred's options on its preset: the pack follows the players and `joker`.
    fn build_five_hundred(&self) -> Result<Ruleset, RulesetError> {
        let p = Preset::FiveHundred.rules_for(self.players);
        let players = p.players;
        let joker = self.joker.unwrap_or(players != 2);
        if players == 2 && joker {
            return Err(invalid(
                "unsupported_deal",
                "Five Hundred for 2 is played with the 24 cards 9 to ace, without the joker: leave `joker` out or set it to false",
            ));
        }
        if self.sides == Some(SideForm::TeamsOf2) && players != 6 {
            return Err(invalid(
                "option_not_in_game",
                format!(
                    "`sides` `teams_of_2` is for six players (three teams of two), not {players}"
                ),
            ));
        }
        let deck = DeckKind::five_hundred(players, joker).unwrap_or(p.deck);
        let r = Ruleset {
            deck,
            bowers: self.bowers.unwrap_or(p.bowers),
            auction: self.auction()?.unwrap_or(p.auction),
            target_score: self.target_score.unwrap_or(p.target_score),
            sides: self.sides.unwrap_or(p.sides),
            defender_points: self.defender_points.unwrap_or(p.defender_points),
            max_hands: self.max_hands.unwrap_or(p.max_hands),
            ..p
        };
        r.validate()?;
        Ok(r)
    }
}
