//! The rule choices of a ruleset: one enum per option of RULES.md section 3.

use serde::{Deserialize, Serialize};

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

impl AuctionPass {
    /// The auction this names: `final` is `open`, `not_final` is `consecutive_passes`.
    pub const fn auction(self) -> AuctionKind {
        match self {
            AuctionPass::Final => AuctionKind::Open,
            AuctionPass::NotFinal => AuctionKind::ConsecutivePasses,
        }
    }

    /// What `auction` says of a pass, where a player may pass and the turn come back (not in
    /// a single round, nor in the upcard games).
    pub const fn of(auction: AuctionKind) -> Option<AuctionPass> {
        match auction {
            AuctionKind::Open => Some(AuctionPass::Final),
            AuctionKind::ConsecutivePasses => Some(AuctionPass::NotFinal),
            _ => None,
        }
    }
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
