//! Rulesets: a preset name plus option overrides (RULES.md sections 2 and 3).

use super::side::Sides;
use serde::{Deserialize, Serialize};

use super::cards::DeckKind;

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

    /// The options a ruleset of this preset may set (the fields of [`RulesetSpec`] besides
    /// `preset`): the bidding options of RULES.md, or a game's own.
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

/// How the auction runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuctionKind {
    /// One round from the dealer's left; the dealer bids last.
    SingleRound,
    /// Goes round until all but one have passed (a pass is final) or the maximum is bid.
    Open,
    /// Goes round from the dealer's left; a player who passed may bid again when the turn comes
    /// back. It ends when a bid is followed by as many consecutive passes as there are other
    /// players (three at a table of four, five at a table of six: everybody else has had a say
    /// on the standing bid), or when the maximum is bid. As many passes as players with no bid:
    /// all pass. Bids only rise, so the auction is bounded.
    ConsecutivePasses,
    /// Trump made by an upcard (Euchre): the first undealt card is turned face up; in round 1,
    /// from the dealer's left, each passes or orders it up (its suit becomes trump and the dealer
    /// may take it, discarding one card); if all pass it is turned down, and in round 2 each
    /// passes or names another suit. The first to accept or name is the maker, whose side need
    /// 3 of the 5 tricks. All pass twice: thrown in (see `all_pass`), unless
    /// `stick_the_dealer`.
    Upcard,
    /// Bacon: up to four upcards in turn. For each, from the dealer's left, each passes or picks
    /// it up (`pick_up`, or `pick_up_alone`), and the caller's partner answers at once: `allow`,
    /// `veto` (as if the caller had passed) or, after `pick_up_alone`, `veto_alone` (the pick-up
    /// stands, not alone). A pick-up that stands makes the upcard's suit trump and the caller's
    /// side the declarers (3 of the 5 tricks). When the dealer has passed, the upcard is
    /// discarded face up and the next stub card turned; four passed: the hand is acquitted and
    /// the same dealer deals again.
    SuccessiveUpcards,
}

impl AuctionKind {
    /// The bidding auction forms of RULES.md, which every preset of RULES.md takes.
    pub const BIDDING: [AuctionKind; 3] = [
        AuctionKind::SingleRound,
        AuctionKind::Open,
        AuctionKind::ConsecutivePasses,
    ];

    /// Every auction form: the bidding ones and the upcard's.
    pub const ALL: [AuctionKind; 5] = [
        AuctionKind::SingleRound,
        AuctionKind::Open,
        AuctionKind::ConsecutivePasses,
        AuctionKind::Upcard,
        AuctionKind::SuccessiveUpcards,
    ];

    /// Whether trump is made by upcards (Euchre's two rounds, Bacon's successive upcards).
    pub const fn upcard(self) -> bool {
        matches!(self, AuctionKind::Upcard | AuctionKind::SuccessiveUpcards)
    }

    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            AuctionKind::SingleRound => "single_round",
            AuctionKind::Open => "open",
            AuctionKind::ConsecutivePasses => "consecutive_passes",
            AuctionKind::Upcard => "upcard",
            AuctionKind::SuccessiveUpcards => "successive_upcards",
        }
    }
}

/// What happens when every player passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllPass {
    /// The joker holder reveals it and is forced to bid 3; a joker in the widow voids the hand.
    #[serde(rename = "joker_holder_bids_3")]
    JokerHolderBids3,
    /// The hand is thrown in and the next dealer deals.
    Redeal,
    /// The dealer may not pass when all others did: a forced bid of at least the minimum.
    DealerForced,
    /// Buck Euchre: all passing twice, the hand is played at no trump with no declarer and no
    /// drop-outs (Five Hundred: all passing once, the kitty untouched, each for himself, the
    /// dealer's left leading).
    NoTrumpNoDeclarer,
}

/// Going alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AloneRule {
    /// Nobody plays alone.
    None,
    /// After the exchange the high bidder, then at most one defender, may go alone; a lone
    /// player's partners sit out.
    PartnerSitsOut,
    /// The high bidder may go alone: discards two cards, receives two from the partner on the
    /// left, and the partners sit out.
    ExchangeTwo,
    /// Only the maker may go alone (Euchre): after trump and the dealer's exchange, the maker
    /// plays alone or with the partner, who then sits out. With `partner_sits_out` instead, the
    /// defenders may then go alone too (Euchre's `lone_defender`).
    Maker,
}

/// Who leads the first trick (when nobody is alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstLead {
    /// The high bidder.
    HighBidder,
    /// The player left of the dealer (or, when a lone player's partner sits out, the player
    /// left of the lone player; a lone defender leads if both sides have one).
    LeftOfDealer,
    /// The first active seat from the dealer's left, whoever plays alone (Euchre).
    DealerLeft,
    /// Bacon: the seat that took the upcard (the caller's left) leads.
    UpcardTaker,
}

/// What declarers lose when they fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetPenalty {
    /// Minus the contract.
    Contract,
    /// Minus 6 whatever the contract.
    #[serde(rename = "fixed_6")]
    Fixed6,
    /// Minus as many points as a hand has tricks (8 in pepper for 2 or 3 players), whatever the
    /// contract.
    AllTricks,
}

/// How the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// First side to the target wins; if both reach it on one hand, the declarers win.
    DeclarersWinTies,
    /// When a side reaches the target the higher score wins; equal scores are a draw.
    HigherScoreOrDraw,
    /// Buck Euchre: scores count down from the target; after a hand in which some score is 0
    /// or less the lowest wins, equal lowest scores tie; a player who took every trick of a
    /// hand wins at once, alone.
    LowestAtZero,
    /// Five Hundred: only a contract ends the game. After a made one, each declaring side at
    /// the target or more wins; after a failed one, each declaring side at minus the target or
    /// less loses, and the highest other score wins (equal: tied winners). Defence and all-pass
    /// points never end it.
    MadeContract,
}

/// Five Hundred for six: two teams of three (seat % 2) or three teams of two (seat % 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SideForm {
    /// Two teams of three, partners in alternate seats.
    #[default]
    #[serde(rename = "teams_of_3")]
    TeamsOf3,
    /// Three teams of two, partners facing.
    #[serde(rename = "teams_of_2")]
    TeamsOf2,
}

/// Five Hundred: what the opponents of a contract score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DefenderPoints {
    /// Each opposing side scores 10 per trick won by all the opponents together.
    #[default]
    SideTotal,
    /// Each opposing side scores 10 per trick it won itself.
    OwnTricks,
}

/// Five Hundred: whether a pass is final (`final`: a passer may not bid again) or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AuctionPass {
    /// A player who passed may bid again; a bid followed by as many passes as there are other
    /// players ends the auction (`auction` `consecutive_passes`).
    NotFinal,
    /// A pass is final; the auction ends when all but the high bidder have passed (`auction`
    /// `open`).
    Final,
}

/// Buck Euchre: when the three others all drop out of the declarer's hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AllDrop {
    /// The declarer takes the five tricks without play, and so wins the game.
    #[default]
    DeclarerTakesAll,
    /// The third to decide, after two drops, may only stay.
    LastMustStay,
}

/// Whether the dealer must take an upcard ordered up in round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DealerPickup {
    /// The dealer may take the upcard (discarding one of the five cards held before) or leave
    /// it on the stub.
    #[default]
    Optional,
    /// The dealer must take it.
    Mandatory,
}

/// How a played hand is scored: the one rule module of a game's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// The declarers score their tricks if they made the contract, else lose `set_penalty`;
    /// every other side scores its own tricks (RULES.md).
    #[default]
    Contract,
    /// Euchre: the makers score 1 for 3 or 4 tricks and 2 for all 5 (4 alone); with fewer than
    /// 3 they are euchred and the defenders score 2 (4 for a lone defender).
    Euchre,
    /// Buck Euchre, per player, counting down: dropped out 0; a declarer with fewer than 3
    /// tricks +5; any other player in the hand with no trick +5; otherwise minus a point a
    /// trick.
    Buck,
    /// Bacon: only a side with 3 or more tricks scores: the declarers 1 (2 for all five), a
    /// loner or the defenders 2 (4 for all five).
    Bacon,
    /// Five Hundred: the declaring side (with five, declarer and called partner each) scores
    /// the bid's value if it made it, else loses it; the opponents 10 a trick (see
    /// `defender_points`; at misère 10 per trick the declarer took); all passing, each side 10
    /// per trick it won.
    FiveHundred,
}

/// A complete ruleset, every option resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// `five-hundred`: `not_final` (default: a player who passed may bid again) or `final`.
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

/// Why a ruleset is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RulesetError {
    /// A stable snake_case code.
    pub code: &'static str,
    /// What is wrong, for a human.
    pub message: String,
}

fn invalid(code: &'static str, message: impl Into<String>) -> RulesetError {
    RulesetError {
        code,
        message: message.into(),
    }
}

/// The highest `max_hands`.
pub const MAX_HANDS: u32 = 1000;

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
            auction: self.auction.unwrap_or(p.auction),
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
            auction: match self.auction_pass {
                Some(AuctionPass::Final) => AuctionKind::Open,
                _ => p.auction,
            },
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid() {
        for p in Preset::ALL {
            RulesetSpec::from(p).build().unwrap();
        }
        let six = RulesetSpec {
            preset: Preset::DoubleHasenpfeffer,
            players: Some(6),
            ..Default::default()
        }
        .build()
        .unwrap();
        assert_eq!(six.cards_per_player(), 8);
        assert_eq!(six.widow_size(), 0);
        let h = Preset::Hasenpfeffer.rules();
        assert_eq!((h.cards_per_player(), h.widow_size()), (6, 1));
        assert_eq!(Preset::DoubleHasenpfeffer.rules().cards_per_player(), 12);
    }

    #[test]
    fn impossible_combinations_are_rejected() {
        let cases = [
            (
                RulesetSpec {
                    no_trump: Some(true),
                    ..Default::default()
                },
                "joker_with_no_trump",
            ),
            (
                RulesetSpec {
                    players: Some(6),
                    ..Default::default()
                },
                "six_players_need_pinochle48",
            ),
            (
                RulesetSpec {
                    players: Some(5),
                    ..Default::default()
                },
                "invalid_players",
            ),
            (
                RulesetSpec {
                    preset: Preset::Pepper,
                    all_pass: Some(AllPass::JokerHolderBids3),
                    ..Default::default()
                },
                "all_pass_needs_joker",
            ),
            (
                RulesetSpec {
                    min_bid: Some(7),
                    ..Default::default()
                },
                "min_bid_out_of_range",
            ),
            (
                RulesetSpec {
                    alone: Some(AloneRule::ExchangeTwo),
                    ..Default::default()
                },
                "alone_exchange_two_needs_no_widow",
            ),
            (
                RulesetSpec {
                    target_score: Some(0),
                    ..Default::default()
                },
                "target_score_out_of_range",
            ),
        ];
        for (spec, code) in cases {
            assert_eq!(spec.build().unwrap_err().code, code, "{spec:?}");
        }
    }

    #[test]
    fn target_score_is_bounded_per_preset() {
        // From 1 to ten times the preset's default; the defaults themselves are inside.
        let spec = |preset, target| RulesetSpec {
            preset,
            target_score: Some(target),
            ..Default::default()
        };
        for (preset, max) in [
            (Preset::Hasenpfeffer, 100),
            (Preset::HasenpfefferOpen, 100),
            (Preset::Pepper, 300),
            (Preset::DoubleHasenpfeffer, 320),
        ] {
            assert_eq!(preset.target_score_range(), 1..=max);
            assert!(
                preset
                    .target_score_range()
                    .contains(&preset.rules().target_score)
            );
            for ok in [1, max] {
                assert_eq!(spec(preset, ok).build().unwrap().target_score, ok);
            }
            for bad in [0, -1, max + 1, 1000, i32::MAX, i32::MIN] {
                let err = spec(preset, bad).build().unwrap_err();
                assert_eq!(err.code, "target_score_out_of_range", "{preset:?} {bad}");
                assert!(
                    err.message.contains(&format!("between 1 and {max}")),
                    "{}",
                    err.message
                );
            }
        }
    }

    #[test]
    fn auction_kinds_and_presets() {
        for k in AuctionKind::BIDDING {
            assert_eq!(serde_json::to_value(k).unwrap(), k.name());
            // Every auction form goes with every bidding preset (and 6 players).
            for p in Preset::ALL
                .into_iter()
                .filter(|p| !p.rules().upcard() && *p != Preset::FiveHundred)
            {
                RulesetSpec {
                    preset: p,
                    auction: Some(k),
                    ..Default::default()
                }
                .build()
                .unwrap();
            }
            RulesetSpec {
                preset: Preset::DoubleHasenpfeffer,
                players: Some(6),
                auction: Some(k),
                ..Default::default()
            }
            .build()
            .unwrap();
        }
        assert_eq!(
            Preset::Pepper.rules().auction,
            AuctionKind::ConsecutivePasses
        );
        assert_eq!(Preset::HasenpfefferOpen.rules().auction, AuctionKind::Open);
    }

    #[test]
    fn spec_json_rejects_unknown_fields() {
        let spec: RulesetSpec =
            serde_json::from_str(r#"{"preset":"pepper","target_score":20}"#).unwrap();
        assert_eq!(spec.build().unwrap().target_score, 20);
        assert!(serde_json::from_str::<RulesetSpec>(r#"{"preset":"pepper","colour":1}"#).is_err());
    }
}
