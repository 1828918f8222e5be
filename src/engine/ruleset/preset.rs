//! The named presets of RULES.md section 2: their defaults, decks, player counts and options.

use serde::{Deserialize, Serialize};

use super::{
    AllDrop, AllPass, AloneRule, AuctionKind, DealerPickup, DefenderPoints, FirstLead, GameEnd,
    Ruleset, Scoring, SetPenalty, SideForm,
};
use crate::engine::cards::DeckKind;

/// The named presets of RULES.md section 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Hasenpfeffer as the card maker publishes it (the default).
    #[default]
    Hasenpfeffer,
    /// Hasenpfeffer with the German open auction and going alone.
    HasenpfefferOpen,
    /// Pepper (Pfeffer): 24 cards, pepper bids, no trump allowed.
    Pepper,
    /// Double Hasenpfeffer: the 48-card pinochle deck, 4 or 6 players.
    DoubleHasenpfeffer,
    /// Euchre (RULES-FAMILY section 1): 24 (or 32) cards, trump made by an upcard in two
    /// rounds, the dealer picks up, the maker may go alone.
    Euchre,
    /// Buck Euchre (RULES-FAMILY section 2): every player for themselves, 24 cards, a clubs
    /// upcard makes clubs trump, the others may drop out of a hand the declarer made, scores
    /// count down from 25.
    BuckEuchre,
    /// Bacon (RULES-FAMILY section 3): 52 cards without bowers, 5 each, up to four upcards in
    /// turn, each picked up (or alone) subject to the partner's veto; the seat left of the caller
    /// takes the upcard, discards face up and leads; only a side with 3 tricks scores.
    Bacon,
    /// Five Hundred (RULES-FAMILY section 5): 2 to 6 players, 10 cards each and a kitty, bids
    /// of 6 to 10 tricks in a strain or misère, the joker the top trump (and the only one at no
    /// trump), a partner called by a card with five, game to 500 by a made contract.
    FiveHundred,
}

impl Preset {
    /// Every preset the service offers.
    pub const ALL: [Preset; 8] = [
        Preset::Hasenpfeffer,
        Preset::HasenpfefferOpen,
        Preset::Pepper,
        Preset::DoubleHasenpfeffer,
        Preset::Euchre,
        Preset::BuckEuchre,
        Preset::Bacon,
        Preset::FiveHundred,
    ];

    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Hasenpfeffer => "hasenpfeffer",
            Preset::HasenpfefferOpen => "hasenpfeffer-open",
            Preset::Pepper => "pepper",
            Preset::DoubleHasenpfeffer => "double-hasenpfeffer",
            Preset::Euchre => "euchre",
            Preset::BuckEuchre => "buck-euchre",
            Preset::Bacon => "bacon",
            Preset::FiveHundred => "five-hundred",
        }
    }

    /// The numbers of players the preset may be played with: 4, or 6 with the `pinochle48`
    /// deck, and pepper also by 2 or 3, every player alone.
    pub const fn player_counts(self) -> &'static [u8] {
        match self {
            Preset::Pepper => &[2, 3, 4, 6],
            Preset::Euchre | Preset::BuckEuchre | Preset::Bacon => &[4],
            Preset::FiveHundred => &[2, 3, 4, 5, 6],
            _ => &[4, 6],
        }
    }

    /// The options a ruleset of this preset may set (the fields of
    /// [`RulesetSpec`](super::RulesetSpec) besides `preset`): the bidding options of RULES.md,
    /// or a game's own.
    pub fn options(self) -> Vec<&'static str> {
        let mut v = COMMON_OPTIONS.to_vec();
        v.extend(match self {
            Preset::Euchre => &EUCHRE_OPTIONS[..],
            Preset::BuckEuchre => &BUCK_OPTIONS[..],
            // Bacon has none of its own: its upcards, vetoes and exchange are fixed.
            Preset::Bacon => &[][..],
            Preset::FiveHundred => &FIVE_HUNDRED_OPTIONS[..],
            _ => &BIDDING_OPTIONS[..],
        });
        if self == Preset::FiveHundred {
            // The pack follows the players (and `joker`); nobody goes alone but a caller.
            v.retain(|o| !matches!(*o, "deck" | "alone"));
        }
        if self == Preset::Pepper {
            // Its auction's passes are not final; `auction_pass` names the choice as Five
            // Hundred does (RULES-FAMILY.md §8).
            v.push("auction_pass");
        }
        if self == Preset::BuckEuchre {
            // Every player for themselves: nobody goes alone.
            v.retain(|o| *o != "alone");
        }
        v
    }

    /// The decks the preset may be played with.
    pub const fn decks(self) -> &'static [DeckKind] {
        match self {
            Preset::Euchre => &[DeckKind::Euchre32, DeckKind::Euchre24],
            Preset::BuckEuchre => &[DeckKind::Euchre24, DeckKind::Euchre32],
            Preset::Bacon => &[DeckKind::Full52],
            Preset::FiveHundred => DeckKind::FIVE_HUNDRED,
            _ => &[
                DeckKind::Standard25,
                DeckKind::Pepper24,
                DeckKind::Pinochle48,
            ],
        }
    }

    /// One sentence on what the preset is.
    pub const fn description(self) -> &'static str {
        match self {
            Preset::Hasenpfeffer => {
                "Hasenpfeffer as published: 25 cards with the joker, one widow card, one round of bidding, first side to 10."
            }
            Preset::HasenpfefferOpen => {
                "The German variant: open auction, left of dealer leads, going alone with the partner sitting out."
            }
            Preset::Pepper => {
                "Pepper: 24 cards, no widow, an auction that ends after three consecutive passes, little and big pepper, no trump allowed, game to 30. With `players: 3` or `2`, every player alone with 8 cards (with 2, a dead hand of 8 nobody sees)."
            }
            Preset::DoubleHasenpfeffer => {
                "Double Hasenpfeffer: 48-card pinochle deck without bowers, 4 or 6 players, minimum bid 3, dealer forced, game to 32."
            }
            Preset::Euchre => {
                "Euchre: 32 cards (7 to ace), 5 each, an upcard ordered up in round 1 (the dealer may pick it up) or another suit named in round 2, the maker may go alone, march 2 (alone 4), euchred 2 to the defenders, first side to 5."
            }
            Preset::BuckEuchre => {
                "Buck Euchre: every player for themselves, 24 cards, 5 each; a clubs upcard makes clubs trump, otherwise an upcard ordered up (the dealer must take it) or a suit named, all passing plays at no trump; the others may drop out of a declarer's hand; scores count down from 25 (minus a trick, plus 5 for a failed declarer or a trickless player), the lowest wins once a score reaches 0, all five tricks win at once."
            }
            Preset::Bacon => {
                "Bacon: 52 cards without bowers, 5 each; up to four upcards, each picked up (or alone) from the dealer's left unless the caller's partner vetoes; the seat left of the caller takes the upcard, discards face up and leads; four upcards passed and the same dealer deals again; only a side with 3 tricks scores (1, 2 for all five; a loner or the defenders double), first side to 10."
            }
            Preset::FiveHundred => {
                "Five Hundred: 2 to 6 players (default 4; partners at 4 and 6, each for himself at 2, 3 and 5), 10 cards each and a kitty, the pack by the players (up to 63 cards with elevens, twelves, red thirteens and the joker); bids of 6 to 10 tricks in S < C < D < H < NT, misère and open misère; a pass is not final and n-1 passes end it; the declarer takes the kitty, discards, (with 5) calls a partner by a card, and leads; the joker is the top trump, and at no trump the only one; contracts score their value or lose it, the opponents 10 a trick; 500 wins only by a made contract, -500 loses."
            }
        }
    }

    /// The target scores a game of this preset may be played to: from 1 up to ten times the
    /// preset's default (`hasenpfeffer` and `hasenpfeffer-open` 1..=100, `pepper` 1..=300,
    /// `double-hasenpfeffer` 1..=320).
    ///
    /// Why: a game's length grows with its target (roughly in proportion), and every hand a
    /// server plays for house players costs CPU; a target of 1,000 let a single game of house
    /// players run for tens of seconds. Ten times the default still allows every variant
    /// players actually use (a "long game" to 2 or 3 times the usual, a short game to 5), while
    /// bounding the work of one game to about ten ordinary games. The bound is per preset
    /// because the presets score on very different scales (6 tricks a hand to 10, 12 to 32).
    pub const fn target_score_range(self) -> std::ops::RangeInclusive<i32> {
        1..=10 * self.rules().target_score
    }

    /// The preset's defaults for a table of `players` (its own default when `None`): pepper for
    /// 2 or 3 players is played every player alone, and a failed declarer loses all the tricks
    /// of a hand (8) rather than 6.
    pub const fn rules_for(self, players: Option<u8>) -> Ruleset {
        let mut r = self.rules();
        if let Some(p) = players {
            r.players = p;
            if matches!(self, Preset::Pepper) && p < 4 {
                r.set_penalty = SetPenalty::AllTricks;
            }
            if matches!(self, Preset::FiveHundred) {
                // The pack for this many, with the joker (none with two).
                if let Some(d) = DeckKind::five_hundred(p, p != 2) {
                    r.deck = d;
                }
            } else if p == 6 && !matches!(r.deck, DeckKind::Pinochle48) {
                // Six players are dealt from the 48-card pinochle deck, which has no joker: the
                // all-pass rule of the joker's holder becomes the dealer's forced bid (as in
                // `double-hasenpfeffer`). So every count the catalogue offers is playable as
                // `{"preset": P, "players": n}`.
                r.deck = DeckKind::Pinochle48;
                if matches!(r.all_pass, AllPass::JokerHolderBids3) {
                    r.all_pass = AllPass::DealerForced;
                }
            }
        }
        r
    }

    /// The preset's ruleset with no overrides.
    pub const fn rules(self) -> Ruleset {
        let base = Ruleset {
            preset: self,
            deck: DeckKind::Standard25,
            players: 4,
            bowers: true,
            auction: AuctionKind::SingleRound,
            min_bid: 1,
            pepper_bids: false,
            no_trump: false,
            all_pass: AllPass::JokerHolderBids3,
            alone: AloneRule::None,
            first_lead: FirstLead::HighBidder,
            set_penalty: SetPenalty::Contract,
            target_score: 10,
            game_end: GameEnd::DeclarersWinTies,
            dealer_pickup: DealerPickup::Optional,
            stick_the_dealer: false,
            scoring: Scoring::Contract,
            all_drop: AllDrop::DeclarerTakesAll,
            sides: SideForm::TeamsOf3,
            defender_points: DefenderPoints::SideTotal,
            max_hands: 0,
        };
        match self {
            Preset::Hasenpfeffer => base,
            Preset::HasenpfefferOpen => Ruleset {
                auction: AuctionKind::Open,
                alone: AloneRule::PartnerSitsOut,
                first_lead: FirstLead::LeftOfDealer,
                ..base
            },
            Preset::Pepper => Ruleset {
                deck: DeckKind::Pepper24,
                auction: AuctionKind::ConsecutivePasses,
                pepper_bids: true,
                no_trump: true,
                all_pass: AllPass::Redeal,
                set_penalty: SetPenalty::Fixed6,
                target_score: 30,
                game_end: GameEnd::HigherScoreOrDraw,
                ..base
            },
            Preset::DoubleHasenpfeffer => Ruleset {
                deck: DeckKind::Pinochle48,
                bowers: false,
                min_bid: 3,
                all_pass: AllPass::DealerForced,
                alone: AloneRule::ExchangeTwo,
                target_score: 32,
                ..base
            },
            Preset::Euchre => Ruleset {
                deck: DeckKind::Euchre32,
                auction: AuctionKind::Upcard,
                min_bid: 3,
                all_pass: AllPass::Redeal,
                alone: AloneRule::Maker,
                first_lead: FirstLead::DealerLeft,
                target_score: 5,
                scoring: Scoring::Euchre,
                ..base
            },
            Preset::BuckEuchre => Ruleset {
                deck: DeckKind::Euchre24,
                auction: AuctionKind::Upcard,
                min_bid: 3,
                all_pass: AllPass::NoTrumpNoDeclarer,
                first_lead: FirstLead::DealerLeft,
                target_score: 25,
                game_end: GameEnd::LowestAtZero,
                dealer_pickup: DealerPickup::Mandatory,
                scoring: Scoring::Buck,
                ..base
            },
            Preset::Bacon => Ruleset {
                deck: DeckKind::Full52,
                bowers: false,
                auction: AuctionKind::SuccessiveUpcards,
                min_bid: 3,
                all_pass: AllPass::Redeal,
                alone: AloneRule::Maker,
                first_lead: FirstLead::UpcardTaker,
                scoring: Scoring::Bacon,
                ..base
            },
            Preset::FiveHundred => Ruleset {
                deck: DeckKind::FiveHundred43,
                auction: AuctionKind::ConsecutivePasses,
                min_bid: 6,
                no_trump: true,
                all_pass: AllPass::NoTrumpNoDeclarer,
                set_penalty: SetPenalty::Contract,
                target_score: 500,
                game_end: GameEnd::MadeContract,
                scoring: Scoring::FiveHundred,
                ..base
            },
        }
    }
}

/// The options of every preset.
const COMMON_OPTIONS: [&str; 6] = [
    "deck",
    "players",
    "bowers",
    "alone",
    "target_score",
    "max_hands",
];
/// The options of RULES.md's bidding games (refused in an upcard game).
const BIDDING_OPTIONS: [&str; 8] = [
    "auction",
    "min_bid",
    "pepper_bids",
    "no_trump",
    "all_pass",
    "first_lead",
    "set_penalty",
    "game_end",
];
/// Euchre's options (refused elsewhere).
const EUCHRE_OPTIONS: [&str; 3] = ["dealer_pickup", "stick_the_dealer", "lone_defender"];
/// Buck Euchre's options (refused elsewhere).
const BUCK_OPTIONS: [&str; 3] = ["dealer_pickup", "stick_the_dealer", "all_drop"];
/// Five Hundred's options (refused elsewhere).
const FIVE_HUNDRED_OPTIONS: [&str; 4] = ["joker", "sides", "defender_points", "auction_pass"];
