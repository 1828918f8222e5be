//! The heuristic house player: sound play from its own hand and the public record alone.
//!
//! - **Hand strength** ([`hand_tricks`]): the tricks a hand should take with a given trump, by
//!   counting each trump by how many stronger trumps it lacks (softened by the lower trumps that
//!   guard it), off-suit cards by whether they are the best left in their suit and how soon the
//!   suit will be ruffed, and voids and singletons as ruffing chances. No trump counts only
//!   masters and long suits.
//! - **Auction**: the team estimate is the hand's best trump (suits, and no trump where allowed;
//!   with a small allowance for the widow it would take) plus about a quarter of the tricks for
//!   the partners. It bids the lowest legal bid when that is within the estimate less a margin
//!   (larger when a failed contract costs a fixed 6, small with every player alone), does not outbid its partner without a
//!   clear surplus, bids big pepper only with every trick certain (and little pepper only when
//!   needed to outbid, with at most one doubtful trick), bids low with the joker when it would
//!   otherwise be forced to bid 3, and makes the lowest bid when it may not pass. The numbers
//!   ([`HeuristicParams::DEFAULT`]) were tuned in the arena against earlier settings.
//! - **Exchange**: the trump and discard that leave the strongest hand (which discards a lone
//!   low off-suit card to make a void, and never the joker or a bower).
//! - **Alone**: with its partner sitting out, only when its own hand promises most of the
//!   tricks and the contract; under `exchange_two` (where the partner passes its two best cards
//!   and a lone hand scores double, which the arena shows pays) when its hand with them promises
//!   the contract; as a defender, only with half the tricks in hand.
//! - **Passing cards**: a lone bidder discards the two cards whose loss weakens it least; its
//!   partner passes its best trumps, then aces.
//! - **Trick play**: leads master trumps (the lowest of them, keeping the joker) to draw trumps
//!   when its side declared (the declarer also leads low trumps when long in them), otherwise
//!   cashes off-suit masters and leads low from short suits; when following it wins as cheaply
//!   as it can (with a card nobody can beat when more opponents are to play), does not overtake a
//!   partner who is winning (unless an opponent may still beat the partner's card and it holds
//!   a card nobody can beat), and otherwise throws its least useful card (keeping trumps and
//!   masters, and making voids).

mod bidding;
mod five_hundred;
mod play;
mod strength;

pub(crate) use bidding::bid_limit;
use bidding::{
    alone_decision, auction_decision, bacon_call_decision, drop_out_decision, exchange_decision,
    keep_value, pass_cards_decision, upcard_call_decision, upcard_exchange_decision,
};
pub(crate) use play::play_card;

pub use strength::hand_tricks;
pub(crate) use strength::partner_bonus;
use strength::{best_trump, certain_tricks};

use crate::engine::{
    Action, AllPass, AloneRule, AuctionKind, Bid, Call, Card, Contract, DeckKind, Game, MAX_SEATS,
    Pepper, Phase, Play, Rank, Ranking, Ruleset, Seat, SeatKnowledge, SetPenalty, Sides, Suit,
    Trick, Trump, Upcard, UpcardFate, Viewer,
};

/// The heuristic's tunable numbers. [`HeuristicParams::DEFAULT`] is what the house player uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeuristicParams {
    /// Safety margin, in tricks, between the team estimate and a bid (contract penalty).
    pub bid_margin: f64,
    /// The same when a failed contract costs a fixed 6.
    pub fixed6_margin: f64,
    /// The same when every player plays alone (pepper for 3, where a failed declarer loses all
    /// the tricks): alone, a made contract scores every trick taken and no partner shares the
    /// risk, so bidding to the estimate pays (measured in the arena, issue 20: 0.9 bid too
    /// carefully).
    pub solo_margin: f64,
    /// What the partners add to the declarer's tricks, as a share of the tricks in a hand.
    pub partner_share: f64,
    /// Extra tricks of surplus needed to outbid a partner.
    pub partner_surplus: f64,
    /// Share of the tricks the declarer's own hand must promise (and at least the contract)
    /// to go alone when its partner just sits out.
    pub alone_share: f64,
    /// The same under `exchange_two`, counting the two cards the partner will pass as a trick.
    pub alone_two_share: f64,
    /// Share of the tricks a defender's own hand must promise to go alone.
    pub defender_alone_share: f64,
    /// When a partner is winning a trick an opponent may still take, make sure of it with a
    /// card nobody can beat.
    pub cover_partner: bool,
    /// Upcard games: the margin, in tricks, over the makers' three needed to order up or name a
    /// suit (measured in the arena, see BENCHMARKS.md).
    pub upcard_margin: f64,
    /// Buck Euchre: the tricks a hand must promise to stay in a declarer's hand (a player in
    /// it who takes none scores +5; one who drops out scores 0).
    pub stay_tricks: f64,
    /// Bacon: the caller's partner vetoes a pick-up when its own hand promises fewer tricks
    /// than this with the upcard's suit as trump.
    pub veto_below: f64,
    /// Bacon: the margin, in tricks over the declarers' three, a hand (with its partner's share,
    /// less the half trick the upcard gives the opponent who takes it) needs to pick up.
    pub pick_up_margin: f64,
}

impl HeuristicParams {
    /// The house player's numbers.
    pub const DEFAULT: HeuristicParams = HeuristicParams {
        bid_margin: -0.1,
        fixed6_margin: 0.9,
        solo_margin: -0.1,
        partner_share: 0.25,
        partner_surplus: 1.5,
        alone_share: 0.7,
        alone_two_share: 0.4,
        defender_alone_share: 0.5,
        cover_partner: true,
        upcard_margin: 0.45,
        stay_tricks: 0.8,
        veto_below: 0.5,
        pick_up_margin: -0.25,
    };

    /// Parses `name=value` pairs separated by commas, over the defaults.
    pub fn parse(spec: &str) -> Result<HeuristicParams, String> {
        let mut p = HeuristicParams::DEFAULT;
        for kv in spec.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| format!("`{kv}`: expected name=value"))?;
            let v: f64 = v.parse().map_err(|_| format!("`{v}` is not a number"))?;
            match k {
                "cover_partner" => p.cover_partner = v != 0.0,
                "bid_margin" => p.bid_margin = v,
                "fixed6_margin" => p.fixed6_margin = v,
                "solo_margin" => p.solo_margin = v,
                "partner_share" => p.partner_share = v,
                "partner_surplus" => p.partner_surplus = v,
                "alone_share" => p.alone_share = v,
                "alone_two_share" => p.alone_two_share = v,
                "defender_alone_share" => p.defender_alone_share = v,
                "upcard_margin" => p.upcard_margin = v,
                "stay_tricks" => p.stay_tricks = v,
                "veto_below" => p.veto_below = v,
                "pick_up_margin" => p.pick_up_margin = v,
                _ => return Err(format!("unknown heuristic parameter `{k}`")),
            }
        }
        Ok(p)
    }
}

impl Default for HeuristicParams {
    fn default() -> Self {
        HeuristicParams::DEFAULT
    }
}

/// What one seat knows, in the form the heuristic reads it: its hand and the public record.
#[derive(Debug, Clone)]
pub(crate) struct Ctx<'a> {
    pub rules: &'a Ruleset,
    pub seat: Seat,
    pub hand: &'a [Card],
    pub phase: Phase,
    pub dealer: Seat,
    pub auction: &'a [Call],
    pub contract: Option<Contract>,
    pub trump: Option<Trump>,
    pub sitting_out: u8,
    pub trick: &'a [Play],
    /// Cards the seat has seen leave the unknown: its hand, its discards, every card played.
    pub seen: [u8; Card::CODES],
    pub voids: [u8; MAX_SEATS],
    pub params: HeuristicParams,
    /// The hand's [`bid_limit`], when the caller already knows it (the hand does not change
    /// during the auction).
    pub bid_eval: Option<(Trump, f64, f64)>,
    /// Upcard games: the upcard and what became of it.
    pub upcard: Option<Upcard>,
    /// Five Hundred for 5: the called partner of the declarer.
    pub partner: Option<Seat>,
    /// The strength of the best unseen card of each effective suit (0: none).
    top_unseen: [u8; 4],
    unseen_trumps: u32,
}

impl<'a> Ctx<'a> {
    /// For a past play decision of `seat`, rebuilt from the public record (that of `base`, a
    /// context of the same hand) and a guess at the seat's hand: used to weigh sampled worlds by
    /// how well they explain the play.
    pub fn for_play(
        base: &Ctx<'a>,
        seat: Seat,
        hand: &'a [Card],
        trick: &'a [Play],
        seen: [u8; Card::CODES],
        voids: [u8; MAX_SEATS],
    ) -> Ctx<'a> {
        Ctx {
            seat,
            hand,
            phase: Phase::Play,
            trick,
            seen,
            voids,
            params: HeuristicParams::DEFAULT,
            bid_eval: None,
            ..base.clone()
        }
        .derive()
    }

    /// From what a seat knows ([`SeatKnowledge`], the same the seat's view is built from):
    /// its hand, its own discards and the public record, nothing else of the game.
    pub fn from_knowledge(k: SeatKnowledge<'a>) -> Ctx<'a> {
        let mut seen = [0u8; Card::CODES];
        let trick: &'a Trick = k.trick;
        for c in k
            .hand
            .iter()
            .chain(k.discards)
            .chain(k.lone_discards)
            .chain(
                k.tricks
                    .iter()
                    .flat_map(|t| t.plays.iter().map(|p| &p.card)),
            )
            .chain(trick.plays.iter().map(|p| &p.card))
        {
            seen[c.index()] += 1;
        }
        // An upcard left on the stub (turned down or not taken) is out of play; one the dealer
        // took may still be played. In Bacon the upcards passed and the taker's discard lie
        // face up, out of play.
        if let Some(u) = k.upcard
            && matches!(u.fate, UpcardFate::TurnedDown | UpcardFate::Left)
        {
            seen[u.card.index()] += 1;
        }
        for c in k
            .passed_upcards
            .iter()
            .chain(k.upcard.and_then(|u| u.discard).as_ref())
        {
            seen[c.index()] += 1;
        }
        let mut voids = [0u8; MAX_SEATS];
        voids[..k.voids.len()].copy_from_slice(k.voids);
        Ctx {
            rules: k.rules,
            seat: k.seat.unwrap_or(0),
            hand: k.hand,
            phase: k.phase,
            dealer: k.dealer,
            auction: k.auction,
            contract: k.contract,
            trump: k.trump,
            sitting_out: k.sitting_out,
            trick: &trick.plays,
            seen,
            voids,
            params: HeuristicParams::DEFAULT,
            bid_eval: None,
            upcard: k.upcard,
            partner: k.partner,
            top_unseen: [0; 4],
            unseen_trumps: 0,
        }
        .derive()
    }

    /// From a game, reading only what `seat` knows.
    pub fn from_game(game: &'a Game, seat: Seat) -> Ctx<'a> {
        Ctx::from_knowledge(game.knowledge(Viewer::Seat(seat)))
    }

    fn ranking(&self) -> Ranking {
        ranking_for(self.rules, self.trump.unwrap_or(Trump::NoTrump))
    }

    fn players(&self) -> Seat {
        self.rules.players
    }

    fn is_active(&self, s: Seat) -> bool {
        self.sitting_out & (1 << s) == 0
    }

    /// Whether `s` plays on this seat's side this hand. In Five Hundred's games of every
    /// player alone, a contract's declarer and called partner play together, and its opponents
    /// together against them.
    fn partner_of(&self, s: Seat) -> bool {
        let sides = self.rules.sides();
        if self.rules.five_hundred()
            && matches!(sides, Sides::Individual { .. })
            && let Some(c) = self.contract
        {
            let declaring = |x: Seat| x == c.seat || Some(x) == self.partner;
            return declaring(s) == declaring(self.seat);
        }
        sides.same(s, self.seat)
    }

    /// How many copies of `c` are neither in this seat's hand, nor its discards, nor played.
    fn unseen(&self, c: Card) -> u8 {
        deck_count(self.rules.deck, c).saturating_sub(self.seen[c.index()])
    }

    /// Whether no unseen card of the same effective suit ranks above `card`.
    fn is_master(&self, ranking: Ranking, card: Card) -> bool {
        let Some(suit) = ranking.effective_suit(card) else {
            return true;
        };
        ranking.strength(card) >= self.top_unseen[suit.index()]
    }

    fn unseen_trumps(&self, _ranking: Ranking) -> u32 {
        self.unseen_trumps
    }

    /// Fills in what is derived from the rest: the best unseen card of each suit, and how many
    /// trumps are unseen.
    fn derive(mut self) -> Self {
        if self.phase != Phase::Play {
            return self;
        }
        let ranking = self.ranking();
        let mut top = [0u8; 4];
        let mut trumps = 0;
        for x in all_cards(self.rules.deck) {
            let n = self.unseen(x);
            if n == 0 {
                continue;
            }
            if let Some(su) = ranking.effective_suit(x) {
                let t = &mut top[su.index()];
                *t = (*t).max(ranking.strength(x));
            }
            if ranking.is_trump(x) {
                trumps += u32::from(n);
            }
        }
        self.top_unseen = top;
        self.unseen_trumps = trumps;
        self
    }
}

/// The ranking of a hand with this trump.
pub(crate) fn ranking_for(rules: &Ruleset, trump: Trump) -> Ranking {
    Ranking {
        trump: trump.suit(),
        bowers: rules.bowers,
    }
}

fn deck_count(deck: DeckKind, c: Card) -> u8 {
    deck.copies_of(c)
}

fn all_cards(deck: DeckKind) -> impl Iterator<Item = Card> {
    Card::all().filter(move |&c| deck_count(deck, c) > 0)
}

fn counts(cards: &[Card]) -> [u8; Card::CODES] {
    let mut r = [0u8; Card::CODES];
    for c in cards {
        r[c.index()] += 1;
    }
    r
}

/// The heuristic player with its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Heuristic {
    /// The numbers.
    pub params: HeuristicParams,
}

impl Heuristic {
    /// The action for `seat`, or None if it is not that seat's turn; decided from what the
    /// seat knows only.
    pub fn choose(&self, game: &Game, seat: Seat) -> Option<Action> {
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let mut ctx = Ctx::from_game(game, seat);
        ctx.params = self.params;
        Some(decide(&ctx, &legal))
    }
}

/// The heuristic's action among `legal` (not empty).
pub(crate) fn decide(ctx: &Ctx, legal: &[Action]) -> Action {
    if legal.len() == 1 {
        return legal[0].clone();
    }
    match ctx.phase {
        Phase::Auction if ctx.rules.five_hundred() => five_hundred::auction(ctx, legal),
        Phase::Exchange if ctx.rules.five_hundred() => five_hundred::exchange(ctx, legal),
        Phase::Alone if ctx.rules.calls_partner() => five_hundred::call(ctx, legal),
        Phase::Auction if ctx.rules.successive_upcards() => bacon_call_decision(ctx, legal),
        Phase::Auction if ctx.rules.upcard() => upcard_call_decision(ctx, legal),
        Phase::Exchange if ctx.rules.upcard() => upcard_exchange_decision(ctx, legal),
        Phase::Auction => auction_decision(ctx, legal),
        Phase::Exchange => exchange_decision(ctx, legal),
        Phase::Alone => alone_decision(ctx),
        Phase::PassCards => pass_cards_decision(ctx, legal),
        Phase::DropOut => drop_out_decision(ctx, legal),
        Phase::Play => {
            let cards: Vec<Card> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play { card, .. } => Some(*card),
                    _ => None,
                })
                .collect();
            let card =
                five_hundred::misere_card(ctx, &cards).unwrap_or_else(|| play_card(ctx, &cards));
            five_hundred::joker_suit(ctx, legal, card)
        }
        Phase::GameOver => legal[0].clone(),
    }
}
