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
//!   (larger when a failed contract costs a fixed 6), does not outbid its partner without a
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

use crate::engine::{
    Action, AllPass, AloneRule, AuctionKind, Bid, Call, Card, Contract, DeckKind, Game, MAX_SEATS,
    Pepper, Phase, Play, Rank, Ranking, Ruleset, Seat, SetPenalty, Suit, Trump, View, Viewer,
    team_of,
};

/// The heuristic's tunable numbers. [`HeuristicParams::DEFAULT`] is what the house player uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeuristicParams {
    /// Safety margin, in tricks, between the team estimate and a bid (contract penalty).
    pub bid_margin: f64,
    /// The same when a failed contract costs a fixed 6.
    pub fixed6_margin: f64,
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
}

impl HeuristicParams {
    /// The house player's numbers.
    pub const DEFAULT: HeuristicParams = HeuristicParams {
        bid_margin: -0.1,
        fixed6_margin: 0.9,
        partner_share: 0.25,
        partner_surplus: 1.5,
        alone_share: 0.7,
        alone_two_share: 0.4,
        defender_alone_share: 0.5,
        cover_partner: true,
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
                "partner_share" => p.partner_share = v,
                "partner_surplus" => p.partner_surplus = v,
                "alone_share" => p.alone_share = v,
                "alone_two_share" => p.alone_two_share = v,
                "defender_alone_share" => p.defender_alone_share = v,
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
    /// The strength of the best unseen card of each effective suit (0: none).
    top_unseen: [u8; 4],
    unseen_trumps: u32,
}

impl<'a> Ctx<'a> {
    /// From a seat's view.
    pub fn from_view(view: &'a View) -> Ctx<'a> {
        let mut seen = [0u8; Card::CODES];
        for c in view
            .hand
            .iter()
            .chain(view.discards.iter())
            .chain(
                view.tricks
                    .iter()
                    .flat_map(|t| t.plays.iter().map(|p| &p.card)),
            )
            .chain(view.trick.plays.iter().map(|p| &p.card))
        {
            seen[c.index()] += 1;
        }
        let mut voids = [0u8; MAX_SEATS];
        for (s, v) in view.voids.iter().enumerate().take(MAX_SEATS) {
            voids[s] = v.iter().fold(0, |m, su| m | 1 << su.index());
        }
        Ctx {
            rules: &view.ruleset,
            seat: view.seat.unwrap_or(0),
            hand: &view.hand,
            phase: view.phase,
            dealer: view.dealer,
            auction: &view.auction,
            contract: view.contract,
            trump: view.trump,
            sitting_out: view.sitting_out.iter().fold(0, |m, s| m | 1 << s),
            trick: &view.trick.plays,
            seen,
            voids,
            params: HeuristicParams::DEFAULT,
            bid_eval: None,
            top_unseen: [0; 4],
            unseen_trumps: 0,
        }
        .derive()
    }

    /// For a past play decision of `seat`, rebuilt from the public record and a guess at the
    /// seat's hand: used to weigh sampled worlds by how well they explain the play.
    pub fn for_play(
        view: &'a View,
        seat: Seat,
        hand: &'a [Card],
        trick: &'a [Play],
        seen: [u8; Card::CODES],
        voids: [u8; MAX_SEATS],
    ) -> Ctx<'a> {
        Ctx {
            rules: &view.ruleset,
            seat,
            hand,
            phase: Phase::Play,
            dealer: view.dealer,
            auction: &view.auction,
            contract: view.contract,
            trump: view.trump,
            sitting_out: view.sitting_out.iter().fold(0, |m, s| m | 1 << s),
            trick,
            seen,
            voids,
            params: HeuristicParams::DEFAULT,
            bid_eval: None,
            top_unseen: [0; 4],
            unseen_trumps: 0,
        }
        .derive()
    }

    /// From a game, reading only what `seat` may see (the same as its view, without building
    /// one): used for fast playouts inside sampled worlds.
    pub fn from_game(game: &'a Game, seat: Seat) -> Ctx<'a> {
        let h = game.hand_state();
        let mut seen = [0u8; Card::CODES];
        for t in &h.tricks {
            for p in &t.plays {
                seen[p.card.index()] += 1;
            }
        }
        for p in &h.trick.plays {
            seen[p.card.index()] += 1;
        }
        let hand = game.hand_of(seat);
        for c in hand {
            seen[c.index()] += 1;
        }
        if h.contract.map(|c| c.seat) == Some(seat) {
            for c in h.discards.iter().chain(h.lone_discards.iter()) {
                seen[c.index()] += 1;
            }
        }
        Ctx {
            rules: game.rules(),
            seat,
            hand,
            phase: game.phase(),
            dealer: h.dealer,
            auction: &h.auction,
            contract: h.contract,
            trump: h.trump,
            sitting_out: h.sitting_out,
            trick: &h.trick.plays,
            seen,
            voids: h.voids,
            params: HeuristicParams::DEFAULT,
            bid_eval: None,
            top_unseen: [0; 4],
            unseen_trumps: 0,
        }
        .derive()
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

    fn partner_of(&self, s: Seat) -> bool {
        team_of(s) == team_of(self.seat)
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
    if c.is_joker() {
        u8::from(deck.has_joker())
    } else {
        deck.copies()
    }
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

/// Where each card code sits under one ranking: its effective suit and strength index (9 places:
/// 9 to ace, then the left bower, the right bower and the joker; within a suit a place names one
/// card), and how many of each place the deck holds.
struct Layout {
    /// Per card code: (suit index, place), suit 255 for a card the ranking gives no suit.
    place: [(u8, u8); Card::CODES],
    deck_at: [[f64; 9]; 4],
    deck_trumps: f64,
}

impl Layout {
    fn build(deck: DeckKind, ranking: Ranking) -> Layout {
        let mut l = Layout {
            place: [(255, 0); Card::CODES],
            deck_at: [[0.0; 9]; 4],
            deck_trumps: 0.0,
        };
        for x in Card::all() {
            let Some(su) = ranking.effective_suit(x) else {
                continue;
            };
            let i = match ranking.strength(x) {
                100 => 8,
                99 => 7,
                98 => 6,
                st => (st as usize).saturating_sub(10).min(5),
            };
            l.place[x.index()] = (su.index() as u8, i as u8);
            let n = f64::from(deck_count(deck, x));
            l.deck_at[su.index()][i] += n;
            if Some(su) == ranking.trump {
                l.deck_trumps += n;
            }
        }
        l
    }

    /// The layout for a deck and ranking (built once).
    fn get(deck: DeckKind, ranking: Ranking) -> &'static Layout {
        static ALL: std::sync::OnceLock<Vec<Layout>> = std::sync::OnceLock::new();
        let all = ALL.get_or_init(|| {
            let mut v = Vec::new();
            for d in DeckKind::ALL {
                for t in 0..5 {
                    for bowers in [false, true] {
                        let trump = Suit::ALL.get(t).copied();
                        v.push(Layout::build(d, Ranking { trump, bowers }));
                    }
                }
            }
            v
        });
        let d = DeckKind::ALL.iter().position(|&x| x == deck).unwrap_or(0);
        let t = ranking.trump.map_or(4, Suit::index);
        &all[d * 10 + t * 2 + usize::from(ranking.bowers)]
    }
}

/// The tricks `hand` should take by itself with `trump`, playing as the declarer.
pub fn hand_tricks(rules: &Ruleset, hand: &[Card], trump: Trump) -> f64 {
    let ranking = ranking_for(rules, trump);
    let layout = Layout::get(rules.deck, ranking);
    // The copies this hand holds and the ones it does not, by effective suit and strength.
    let mut held = [[0u8; 9]; 4];
    for &c in hand {
        let (su, i) = layout.place[c.index()];
        if su < 4 {
            held[su as usize][i as usize] += 1;
        }
    }
    let mut out = layout.deck_at;
    for su in 0..4 {
        for i in 0..9 {
            out[su][i] = (out[su][i] - f64::from(held[su][i])).max(0.0);
        }
    }
    let deck_trumps = layout.deck_trumps;
    // Cards stronger than the one at `i` that this hand does not hold; an identical copy
    // counts half (whoever plays first wins the tie).
    let above =
        |su: usize, i: usize| -> f64 { out[su][i + 1..].iter().sum::<f64>() + 0.5 * out[su][i] };
    let no_trump = ranking.trump.is_none();
    let mut total = 0.0;
    let nt = ranking
        .trump
        .map_or(0, |t| held[t.index()].iter().map(|&k| usize::from(k)).sum());
    if let Some(t) = ranking.trump {
        let t = t.index();
        let mut pos = 0;
        for i in (0..9).rev() {
            for _ in 0..held[t][i] {
                let guards = (nt - 1 - pos) as f64;
                let a = (above(t, i) - 0.6 * guards).max(0.0);
                total += (1.0 - 0.22 * a).clamp(0.1, 1.0);
                pos += 1;
            }
        }
        // Long trumps win once the others are drawn.
        let share = deck_trumps / f64::from(rules.players) + 1.0;
        if nt as f64 > share {
            total += 0.2 * (nt as f64 - share);
        }
    }
    let round: &[f64] = if no_trump {
        &[1.0, 0.95, 0.9, 0.85, 0.8, 0.75]
    } else {
        &[0.9, 0.6, 0.3, 0.15, 0.1, 0.05]
    };
    for (su, held_su) in held.iter().enumerate() {
        if Some(Suit::ALL[su]) == ranking.trump {
            continue;
        }
        let len: usize = held_su.iter().map(|&k| usize::from(k)).sum();
        if len == 0 {
            if !no_trump && nt >= 2 {
                total += 0.35;
            }
            continue;
        }
        let mut pos = 0;
        let mut first_above = 0.0;
        for i in (0..9).rev() {
            for _ in 0..held_su[i] {
                let a = above(su, i);
                if pos == 0 {
                    first_above = a;
                }
                let p = if a <= 0.0 {
                    1.0
                } else if a <= 0.5 {
                    0.65
                } else if a <= pos as f64 {
                    0.5
                } else if a <= 1.0 && len >= 2 {
                    0.25
                } else if no_trump && len >= 4 && pos >= 3 {
                    0.3
                } else {
                    0.0
                };
                total += p * round[pos.min(round.len() - 1)];
                pos += 1;
            }
        }
        if len == 1 && !no_trump && nt >= 2 && first_above > 0.0 {
            total += 0.15;
        }
    }
    total
}

/// The best trump for `hand` and its estimate (suits, and no trump where allowed).
fn best_trump(rules: &Ruleset, hand: &[Card]) -> (Trump, f64) {
    let mut options: Vec<Trump> = Suit::ALL.into_iter().map(Trump::Suit).collect();
    if rules.no_trump {
        options.push(Trump::NoTrump);
    }
    options
        .into_iter()
        .map(|t| (t, hand_tricks(rules, hand, t)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((Trump::NoTrump, 0.0))
}

/// What a partner typically adds to the declarer's tricks.
fn partner_bonus(rules: &Ruleset, p: &HeuristicParams) -> f64 {
    // Measured in the arena: about a quarter of the tricks, with one partner or two.
    p.partner_share * rules.cards_per_player() as f64
}

/// Tricks certain for `hand` as declarer leading: the top unbroken run of trumps draws the
/// others, then the remaining trumps and the off-suit masters win.
fn certain_tricks(rules: &Ruleset, hand: &[Card], trump: Trump) -> usize {
    let ranking = ranking_for(rules, trump);
    let deck = rules.deck;
    let mine = counts(hand);
    let others = |x: Card| deck_count(deck, x).saturating_sub(mine[x.index()]) as usize;
    let mut order: Vec<Card> = all_cards(deck).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(ranking.strength(c)));
    let mut sure = 0;
    if ranking.trump.is_some() {
        let trumps: Vec<Card> = order
            .iter()
            .copied()
            .filter(|&c| ranking.is_trump(c))
            .collect();
        let held: usize = trumps.iter().map(|&c| mine[c.index()] as usize).sum();
        let out: usize = trumps.iter().map(|&c| others(c)).sum();
        let mut run = 0;
        for &c in &trumps {
            if mine[c.index()] == 0 || others(c) > 0 {
                break;
            }
            run += mine[c.index()] as usize;
        }
        if run >= out {
            sure += held;
        } else {
            sure += run;
        }
        if run < out {
            // Off-suit masters are not safe while trumps are out.
            return sure;
        }
    }
    for su in Suit::ALL {
        if Some(su) == ranking.trump {
            continue;
        }
        for &c in order
            .iter()
            .filter(|&&c| !ranking.is_trump(c) && ranking.effective_suit(c) == Some(su))
        {
            if mine[c.index()] == 0 || others(c) > 0 {
                break;
            }
            sure += mine[c.index()] as usize;
        }
    }
    sure
}

/// Whether the hand holds the joker and would be forced to bid 3 if everybody passed.
fn joker_forced(ctx: &Ctx) -> bool {
    ctx.rules.all_pass == AllPass::JokerHolderBids3 && ctx.hand.contains(&Card::JOKER)
}

fn margin(rules: &Ruleset, p: &HeuristicParams) -> f64 {
    match rules.set_penalty {
        SetPenalty::Contract => p.bid_margin,
        SetPenalty::Fixed6 => p.fixed6_margin,
    }
}

/// The hand's best trump, its own tricks with it, and the heuristic's bidding limit: it bids
/// `b` (the lowest legal bid) when `b` is at most the limit (plus a surplus over a partner's
/// standing bid).
pub(crate) fn bid_limit(rules: &Ruleset, hand: &[Card], p: &HeuristicParams) -> (Trump, f64, f64) {
    let (trump, own) = best_trump(rules, hand);
    let widow_bonus = if rules.widow_size() > 0 { 0.25 } else { 0.0 };
    let team = own + widow_bonus + partner_bonus(rules, p);
    (trump, own, team - margin(rules, p))
}

fn auction_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let rules = ctx.rules;
    let n_tricks = rules.cards_per_player();
    let may_pass = legal.contains(&Action::Pass);
    let bids: Vec<Bid> = legal.iter().filter_map(Action::as_bid).collect();
    let Some(&lowest) = bids.first() else {
        return Action::Pass;
    };
    let high = ctx.auction.iter().rev().find(|c| c.bid.is_some());
    let partner_high = high.is_some_and(|c| c.seat != ctx.seat && ctx.partner_of(c.seat));
    let p = &ctx.params;
    let (trump, own, limit) = ctx
        .bid_eval
        .unwrap_or_else(|| bid_limit(rules, ctx.hand, p));
    let team = limit + margin(rules, p);
    // Pepper: big pepper only with every trick certain; little pepper to outbid, nearly so.
    if rules.pepper_bids && rules.widow_size() == 0 {
        let sure = certain_tricks(rules, ctx.hand, trump);
        let big = Bid {
            tricks: n_tricks as u8,
            pepper: Some(Pepper::Big),
        };
        let little = Bid {
            pepper: Some(Pepper::Little),
            ..big
        };
        if sure >= n_tricks && bids.contains(&big) {
            return big.into();
        }
        if sure + 1 >= n_tricks
            && own >= n_tricks as f64 - 0.6
            && lowest.pepper.is_some()
            && bids.contains(&little)
        {
            return little.into();
        }
    }
    if !may_pass {
        return lowest.into();
    }
    if lowest.pepper.is_some() {
        return Action::Pass;
    }
    // With the joker, bid low rather than be forced to 3 when everyone passes.
    let last_chance = rules.auction == AuctionKind::SingleRound && ctx.seat == ctx.dealer;
    if joker_forced(ctx) && high.is_none() && last_chance && f64::from(lowest.tricks) <= team {
        return lowest.into();
    }
    let surplus = if partner_high { p.partner_surplus } else { 0.0 };
    if f64::from(lowest.tricks) + surplus <= limit {
        return lowest.into();
    }
    Action::Pass
}

fn exchange_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        if let Action::Exchange { trump, discard } = a {
            let mut rest = ctx.hand.to_vec();
            for c in discard {
                if let Some(i) = rest.iter().position(|x| x == c) {
                    rest.remove(i);
                }
            }
            let v = hand_tricks(ctx.rules, &rest, *trump);
            if best.is_none_or(|(b, _)| v > b + 1e-9) {
                best = Some((v, a));
            }
        }
    }
    best.map_or_else(|| legal[0].clone(), |(_, a)| a.clone())
}

fn alone_decision(ctx: &Ctx) -> Action {
    let n = ctx.rules.cards_per_player() as f64;
    let trump = ctx.trump.unwrap_or(Trump::NoTrump);
    let own = hand_tricks(ctx.rules, ctx.hand, trump);
    let declarer = ctx.contract.map(|c| c.seat);
    let contract = ctx.contract.map_or(0.0, |c| f64::from(c.bid.tricks));
    let alone = if declarer == Some(ctx.seat) {
        match ctx.rules.alone {
            // Two cards from the partner improve the hand by about a trick.
            AloneRule::ExchangeTwo => {
                own + 1.0 >= (ctx.params.alone_two_share * n).max(contract + 1.0)
            }
            _ => own >= (ctx.params.alone_share * n).max(contract + 0.5),
        }
    } else {
        own >= ctx.params.defender_alone_share * n
    };
    Action::Alone { alone }
}

/// How much a card is worth keeping (higher: keep).
fn keep_value(ctx: &Ctx, ranking: Ranking, c: Card) -> i32 {
    let trump = ranking.is_trump(c);
    let master = ctx.is_master(ranking, c);
    let suit_len = ctx
        .hand
        .iter()
        .filter(|&&x| ranking.effective_suit(x) == ranking.effective_suit(c))
        .count() as i32;
    i32::from(trump) * 1000
        + i32::from(master) * 200
        + i32::from(ranking.strength(c)) * 4
        + suit_len
}

fn pass_cards_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let trump = ctx.trump.unwrap_or(Trump::NoTrump);
    let ranking = ctx.ranking();
    let declarer = ctx.contract.map(|c| c.seat);
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        let Action::PassCards { cards } = a else {
            continue;
        };
        let v = if declarer == Some(ctx.seat) {
            // Keep the strongest hand.
            let mut rest = ctx.hand.to_vec();
            for c in cards {
                if let Some(i) = rest.iter().position(|x| x == c) {
                    rest.remove(i);
                }
            }
            hand_tricks(ctx.rules, &rest, trump)
        } else {
            // Give the best trumps, then aces.
            cards
                .iter()
                .map(|&c| {
                    let t = if ranking.is_trump(c) { 100.0 } else { 0.0 };
                    t + f64::from(ranking.strength(c))
                        + if c.rank() == Some(Rank::Ace) {
                            20.0
                        } else {
                            0.0
                        }
                })
                .sum()
        };
        if best.is_none_or(|(b, _)| v > b + 1e-9) {
            best = Some((v, a));
        }
    }
    best.map_or_else(|| legal[0].clone(), |(_, a)| a.clone())
}

/// The winning play so far.
fn winning(ranking: Ranking, plays: &[Play]) -> Option<Play> {
    let first = *plays.first()?;
    let led = ranking.effective_suit(first.card);
    let mut best = first;
    for p in &plays[1..] {
        if ranking.beats(p.card, best.card, led) {
            best = *p;
        }
    }
    Some(best)
}

/// The card to play.
pub(crate) fn play_card(ctx: &Ctx, legal: &[Card]) -> Card {
    if legal.len() == 1 {
        return legal[0];
    }
    let ranking = ctx.ranking();
    let lowest =
        |cards: &mut dyn Iterator<Item = Card>| cards.min_by_key(|&c| keep_value(ctx, ranking, c));
    let cheapest = |cards: &mut dyn Iterator<Item = Card>| {
        cards.min_by_key(|&c| (ranking.is_trump(c), ranking.strength(c)))
    };
    let Some(best) = winning(ranking, ctx.trick) else {
        return lead(ctx, ranking, legal);
    };
    let led = ranking.effective_suit(ctx.trick[0].card);
    // Who plays after this seat.
    let active = (0..ctx.players()).filter(|&s| ctx.is_active(s)).count();
    let to_come = active - ctx.trick.len() - 1;
    let mut after = Vec::new();
    let mut s = ctx.seat;
    while after.len() < to_come {
        s = (s + 1) % ctx.players();
        if ctx.is_active(s) {
            after.push(s);
        }
    }
    let opponents_after = after.iter().any(|&s| !ctx.partner_of(s));
    let partner_winning = ctx.partner_of(best.seat);
    let winners: Vec<Card> = legal
        .iter()
        .copied()
        .filter(|&c| ranking.beats(c, best.card, led))
        .collect();
    let throw = || lowest(&mut legal.iter().copied()).unwrap_or(legal[0]);
    // A card no opponent still to play can beat (as far as this seat can tell).
    let is_safe = |c: Card| {
        ctx.is_master(ranking, c)
            && (ranking.is_trump(c)
                || ctx.unseen_trumps(ranking) == 0
                || after
                    .iter()
                    .filter(|&&s| !ctx.partner_of(s))
                    .all(|&s| led.is_none_or(|l| ctx.voids[s as usize] & (1 << l.index()) == 0)))
    };
    let cheapest_safe = || cheapest(&mut winners.iter().copied().filter(|&c| is_safe(c)));
    if partner_winning {
        // Never overtake a partner who has the trick; if an opponent may still beat it, make
        // sure of the trick with a card nobody can beat, when there is one.
        if ctx.params.cover_partner
            && opponents_after
            && !is_safe(best.card)
            && let Some(c) = cheapest_safe()
        {
            return c;
        }
        return throw();
    }
    if winners.is_empty() {
        return throw();
    }
    if !opponents_after {
        return cheapest(&mut winners.iter().copied()).unwrap_or(winners[0]);
    }
    // More opponents to play: win with a card they cannot beat if there is one, else cheaply.
    if let Some(c) = cheapest_safe() {
        return c;
    }
    cheapest(&mut winners.iter().copied()).unwrap_or(winners[0])
}

fn lead(ctx: &Ctx, ranking: Ranking, legal: &[Card]) -> Card {
    let declarer = ctx.contract.map(|c| c.seat);
    let our_contract = declarer.is_some_and(|d| ctx.partner_of(d));
    let trumps: Vec<Card> = legal
        .iter()
        .copied()
        .filter(|&c| ranking.is_trump(c))
        .collect();
    let off: Vec<Card> = legal
        .iter()
        .copied()
        .filter(|&c| !ranking.is_trump(c))
        .collect();
    let strength = |c: &Card| ranking.strength(*c);
    let suit_len = |c: Card| {
        ctx.hand
            .iter()
            .filter(|&&x| ranking.effective_suit(x) == ranking.effective_suit(c))
            .count()
    };
    let unseen_trumps = ctx.unseen_trumps(ranking);
    // Draw trumps when our side declared and trumps are out.
    if our_contract && !trumps.is_empty() && unseen_trumps > 0 {
        let masters: Vec<Card> = trumps
            .iter()
            .copied()
            .filter(|&c| ctx.is_master(ranking, c))
            .collect();
        if let Some(&c) = masters.iter().min_by_key(|c| strength(c)) {
            return c;
        }
        // Without a master, the declarer leads its lowest trump when long in them.
        let long = if ctx.rules.cards_per_player() >= 12 {
            4
        } else {
            3
        };
        if declarer == Some(ctx.seat) && trumps.len() >= long {
            return *trumps
                .iter()
                .min_by_key(|c| strength(c))
                .unwrap_or(&trumps[0]);
        }
    }
    // Cash off-suit masters (not into a suit an opponent is void in while trumps are out).
    let opp_void = |c: Card| {
        let su = ranking.effective_suit(c);
        (0..ctx.players()).any(|s| {
            !ctx.partner_of(s)
                && ctx.is_active(s)
                && su.is_some_and(|su| ctx.voids[s as usize] & (1 << su.index()) != 0)
        })
    };
    if let Some(&c) = off
        .iter()
        .filter(|&&c| ctx.is_master(ranking, c) && !(unseen_trumps > 0 && opp_void(c)))
        .max_by_key(|c| strength(c))
    {
        return c;
    }
    if our_contract
        && !trumps.is_empty()
        && unseen_trumps > 0
        && declarer != Some(ctx.seat)
        && let Some(&c) = trumps.iter().max_by_key(|c| strength(c))
    {
        // Lead trump to the partner's contract.
        return c;
    }
    if !off.is_empty() {
        // Low from the shortest suit (to make a void), or from the longest with no trump.
        return *off
            .iter()
            .min_by_key(|&&c| {
                let len = suit_len(c) as i32;
                let len_key = if ranking.trump.is_none() { -len } else { len };
                (len_key, ranking.strength(c))
            })
            .unwrap_or(&off[0]);
    }
    // Only trumps: a master if any, else the lowest.
    if let Some(&c) = trumps
        .iter()
        .filter(|&&c| ctx.is_master(ranking, c))
        .min_by_key(|c| strength(c))
    {
        return c;
    }
    *trumps
        .iter()
        .min_by_key(|c| strength(c))
        .unwrap_or(&legal[0])
}

/// The heuristic player with its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Heuristic {
    /// The numbers.
    pub params: HeuristicParams,
}

impl Heuristic {
    /// The action for `seat`, or None if it is not that seat's turn; decided from the seat's
    /// view only.
    pub fn choose(&self, game: &Game, seat: Seat) -> Option<Action> {
        let view = game.view(Viewer::Seat(seat));
        if view.legal_actions.is_empty() {
            return None;
        }
        let mut ctx = Ctx::from_view(&view);
        ctx.params = self.params;
        Some(decide(&ctx, &view.legal_actions))
    }
}

/// The heuristic's action among `legal` (not empty).
pub(crate) fn decide(ctx: &Ctx, legal: &[Action]) -> Action {
    if legal.len() == 1 {
        return legal[0].clone();
    }
    match ctx.phase {
        Phase::Auction => auction_decision(ctx, legal),
        Phase::Exchange => exchange_decision(ctx, legal),
        Phase::Alone => alone_decision(ctx),
        Phase::PassCards => pass_cards_decision(ctx, legal),
        Phase::Play => {
            let cards: Vec<Card> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play { card } => Some(*card),
                    _ => None,
                })
                .collect();
            Action::Play {
                card: play_card(ctx, &cards),
            }
        }
        Phase::GameOver => legal[0].clone(),
    }
}
