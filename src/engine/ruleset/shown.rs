//! A resolved ruleset as clients read it ([`ShownRuleset`]): the rules its game has, each under
//! the name a ruleset spec gives it (RULES-FAMILY.md §8), and nothing its game does not use.
//! The stored form of a [`Ruleset`] (a game's record) is its own derived one; answers write
//! this one through [`serialize`] (`#[serde(with = "crate::engine::ruleset::shown")]`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{
    AllDrop, AllPass, AloneRule, AuctionKind, AuctionPass, DealerPickup, DefenderPoints, FirstLead,
    GameEnd, Preset, Ruleset, Scoring, SetPenalty, SideForm,
};
use crate::engine::cards::DeckKind;

/// A game's rules, every option resolved: its preset, its table, and every rule its game has,
/// under the option names `GET /v1/rulesets` lists. A field the game does not have is left
/// out (no `sides` at a table of four, no `all_drop` outside Buck Euchre, no `min_bid` or
/// `set_penalty` where trump is made by an upcard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = Ruleset))]
pub struct ShownRuleset {
    /// The preset this ruleset started from.
    pub preset: Preset,
    /// The deck.
    pub deck: DeckKind,
    /// Players.
    pub players: u8,
    /// Whether the jacks of the trump colour are the right and left bowers.
    pub bowers: bool,
    /// How trump is made: a bidding auction's form (`single_round`, `open`,
    /// `consecutive_passes`), or upcards (`upcard`: Euchre's two rounds;
    /// `successive_upcards`: Bacon's).
    pub auction: AuctionKind,
    /// When everyone passes.
    pub all_pass: AllPass,
    /// Who leads the first trick.
    pub first_lead: FirstLead,
    /// The score that ends the game (Buck Euchre: the score every player starts from).
    pub target_score: i32,
    /// How the game ends.
    pub game_end: GameEnd,
    /// How a played hand is scored (the game's scoring table).
    pub scoring: Scoring,
    /// The most hands the game lasts (0: no limit).
    pub max_hands: u32,
    /// Going alone (not in Buck Euchre and Five Hundred, where nobody does, or only a
    /// declarer of five who calls no partner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub alone: Option<AloneRule>,
    /// The lowest bid (games with a bidding auction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub min_bid: Option<u8>,
    /// Little and big pepper as the top bids (RULES.md's bidding games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub pepper_bids: Option<bool>,
    /// Whether a declarer may name no trump (games with a bidding auction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub no_trump: Option<bool>,
    /// What failed declarers lose (games with a bidding auction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub set_penalty: Option<SetPenalty>,
    /// Whether a pass is final (`final`: auction `open`) or a passer may bid again
    /// (`not_final`: auction `consecutive_passes`): Five Hundred's and Pepper's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub auction_pass: Option<AuctionPass>,
    /// Euchre and Buck Euchre: whether the dealer must take an upcard ordered up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub dealer_pickup: Option<DealerPickup>,
    /// Euchre and Buck Euchre: the dealer may not pass in round 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub stick_the_dealer: Option<bool>,
    /// Euchre: whether a defender may go alone after the maker's choice (`alone`
    /// `partner_sits_out`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub lone_defender: Option<bool>,
    /// Buck Euchre: when the three others all drop out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub all_drop: Option<AllDrop>,
    /// Five Hundred: whether the pack holds the joker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub joker: Option<bool>,
    /// Five Hundred for six: two teams of three or three teams of two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub sides: Option<SideForm>,
    /// Five Hundred: what the opponents of a contract score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub defender_points: Option<DefenderPoints>,
}

impl From<&Ruleset> for ShownRuleset {
    fn from(r: &Ruleset) -> Self {
        // An option only some games have is shown where its preset takes it (the one table of
        // which game has which option: `Preset::options`); the bidding auction's rules wherever
        // there is one (Five Hundred's too, though it fixes them).
        let options = r.preset.options();
        let has = |option: &str| options.contains(&option);
        let bids = !r.upcard();
        let when = |shown: bool| shown.then_some(());
        ShownRuleset {
            preset: r.preset,
            deck: r.deck,
            players: r.players,
            bowers: r.bowers,
            auction: r.auction,
            all_pass: r.all_pass,
            first_lead: r.first_lead,
            target_score: r.target_score,
            game_end: r.game_end,
            scoring: r.scoring,
            max_hands: r.max_hands,
            alone: when(has("alone")).map(|()| r.alone),
            min_bid: when(bids).map(|()| r.min_bid),
            pepper_bids: when(has("pepper_bids")).map(|()| r.pepper_bids),
            no_trump: when(bids).map(|()| r.no_trump),
            set_penalty: when(bids).map(|()| r.set_penalty),
            auction_pass: when(has("auction_pass")).and(AuctionPass::of(r.auction)),
            dealer_pickup: when(has("dealer_pickup")).map(|()| r.dealer_pickup),
            stick_the_dealer: when(has("stick_the_dealer")).map(|()| r.stick_the_dealer),
            lone_defender: when(has("lone_defender"))
                .map(|()| matches!(r.alone, AloneRule::PartnerSitsOut)),
            all_drop: when(has("all_drop")).map(|()| r.all_drop),
            joker: when(has("joker")).map(|()| r.deck.has_joker()),
            sides: when(has("sides") && r.players == 6).map(|()| r.sides),
            defender_points: when(has("defender_points")).map(|()| r.defender_points),
        }
    }
}

impl TryFrom<ShownRuleset> for Ruleset {
    type Error = String;

    /// The ruleset a shown one describes: what it shows, and the preset's defaults for the
    /// rest (which its game does not use).
    fn try_from(s: ShownRuleset) -> Result<Ruleset, String> {
        let p = s.preset.rules_for(Some(s.players));
        let r = Ruleset {
            preset: s.preset,
            deck: s.deck,
            players: s.players,
            bowers: s.bowers,
            auction: s.auction,
            min_bid: s.min_bid.unwrap_or(p.min_bid),
            pepper_bids: s.pepper_bids.unwrap_or(p.pepper_bids),
            no_trump: s.no_trump.unwrap_or(p.no_trump),
            all_pass: s.all_pass,
            alone: s.alone.unwrap_or(p.alone),
            first_lead: s.first_lead,
            set_penalty: s.set_penalty.unwrap_or(p.set_penalty),
            target_score: s.target_score,
            game_end: s.game_end,
            dealer_pickup: s.dealer_pickup.unwrap_or(p.dealer_pickup),
            stick_the_dealer: s.stick_the_dealer.unwrap_or(p.stick_the_dealer),
            scoring: s.scoring,
            all_drop: s.all_drop.unwrap_or(p.all_drop),
            sides: s.sides.unwrap_or(p.sides),
            defender_points: s.defender_points.unwrap_or(p.defender_points),
            max_hands: s.max_hands,
        };
        // What the §8 names say must agree with the rules they name.
        if ShownRuleset::from(&r) != s {
            return Err("a ruleset whose fields disagree".into());
        }
        r.validate().map_err(|e| e.message)?;
        Ok(r)
    }
}

/// Writes a [`Ruleset`] as a [`ShownRuleset`].
pub fn serialize<S: Serializer>(r: &Ruleset, s: S) -> Result<S::Ok, S::Error> {
    ShownRuleset::from(r).serialize(s)
}

/// Reads a [`Ruleset`] written as a [`ShownRuleset`].
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Ruleset, D::Error> {
    Ruleset::try_from(ShownRuleset::deserialize(d)?).map_err(serde::de::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RulesetSpec;

    /// Rulesets of every preset and player count, with each option of its game changed.
    fn rulesets() -> Vec<Ruleset> {
        let mut specs = Vec::new();
        for preset in Preset::ALL {
            for &players in preset.player_counts() {
                let base = RulesetSpec {
                    preset,
                    players: Some(players),
                    ..RulesetSpec::default()
                };
                specs.push(base.clone());
                let variants = [
                    RulesetSpec {
                        lone_defender: Some(true),
                        ..base.clone()
                    },
                    RulesetSpec {
                        stick_the_dealer: Some(true),
                        ..base.clone()
                    },
                    RulesetSpec {
                        dealer_pickup: Some(DealerPickup::Mandatory),
                        ..base.clone()
                    },
                    RulesetSpec {
                        all_drop: Some(AllDrop::LastMustStay),
                        ..base.clone()
                    },
                    RulesetSpec {
                        auction_pass: Some(AuctionPass::Final),
                        ..base.clone()
                    },
                    RulesetSpec {
                        defender_points: Some(DefenderPoints::OwnTricks),
                        ..base.clone()
                    },
                    RulesetSpec {
                        sides: Some(SideForm::TeamsOf2),
                        ..base.clone()
                    },
                    RulesetSpec {
                        joker: Some(false),
                        ..base.clone()
                    },
                    RulesetSpec {
                        auction: Some(AuctionKind::Open),
                        ..base.clone()
                    },
                    RulesetSpec {
                        alone: Some(AloneRule::PartnerSitsOut),
                        ..base.clone()
                    },
                    RulesetSpec {
                        all_pass: Some(AllPass::Redeal),
                        ..base.clone()
                    },
                    RulesetSpec {
                        no_trump: Some(true),
                        ..base.clone()
                    },
                    RulesetSpec {
                        bowers: Some(false),
                        ..base.clone()
                    },
                    RulesetSpec {
                        max_hands: Some(3),
                        ..base.clone()
                    },
                ];
                specs.extend(variants);
            }
        }
        specs.iter().filter_map(|s| s.build().ok()).collect()
    }

    #[test]
    fn a_shown_ruleset_reads_back_as_itself() {
        let all = rulesets();
        assert!(all.len() > 60, "{} rulesets", all.len());
        for r in all {
            let json = serde_json::to_value(ShownRuleset::from(&r)).unwrap();
            let back: ShownRuleset = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(Ruleset::try_from(back), Ok(r), "{json}");
        }
    }

    #[test]
    fn a_shown_ruleset_has_only_what_its_game_has() {
        let shown = |spec: RulesetSpec| {
            serde_json::to_value(ShownRuleset::from(&spec.build().unwrap())).unwrap()
        };
        let keys = |v: &serde_json::Value| {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        let euchre = shown(Preset::Euchre.into());
        assert_eq!(euchre["lone_defender"], false);
        for absent in [
            "sides",
            "joker",
            "all_drop",
            "min_bid",
            "set_penalty",
            "defender_points",
            "auction_pass",
            "pepper_bids",
        ] {
            assert!(
                euchre.get(absent).is_none(),
                "euchre shows {absent}: {euchre}"
            );
        }
        let five = shown(Preset::FiveHundred.into());
        assert_eq!(
            (five["joker"].clone(), five["auction_pass"].clone()),
            (true.into(), "not_final".into())
        );
        assert!(
            five.get("sides").is_none() && five.get("alone").is_none(),
            "{five}"
        );
        let six = shown(RulesetSpec {
            players: Some(6),
            ..Preset::FiveHundred.into()
        });
        assert_eq!(six["sides"], "teams_of_3");
        let two = shown(RulesetSpec {
            players: Some(2),
            ..Preset::FiveHundred.into()
        });
        assert_eq!(two["joker"], false);
        let pepper = shown(RulesetSpec {
            players: Some(3),
            ..Preset::Pepper.into()
        });
        assert_eq!(pepper["auction_pass"], "not_final");
        let buck = shown(Preset::BuckEuchre.into());
        assert_eq!(buck["all_drop"], "declarer_takes_all");
        assert!(buck.get("alone").is_none() && buck.get("lone_defender").is_none());
        let hasenpfeffer = shown(Preset::Hasenpfeffer.into());
        assert_eq!(
            keys(&hasenpfeffer),
            [
                "all_pass",
                "alone",
                "auction",
                "bowers",
                "deck",
                "first_lead",
                "game_end",
                "max_hands",
                "min_bid",
                "no_trump",
                "pepper_bids",
                "players",
                "preset",
                "scoring",
                "set_penalty",
                "target_score"
            ]
        );
    }

    #[test]
    fn a_shown_ruleset_whose_names_disagree_is_refused() {
        let mut v = serde_json::to_value(ShownRuleset::from(&Preset::Euchre.rules())).unwrap();
        v["lone_defender"] = true.into();
        let s: ShownRuleset = serde_json::from_value(v).unwrap();
        assert!(Ruleset::try_from(s).is_err());
    }
}
