//! The decisions before the play: the auction, the exchange, going alone and passing cards.

use super::*;

/// Whether the hand holds the joker and would be forced to bid 3 if everybody passed.
pub(super) fn joker_forced(ctx: &Ctx) -> bool {
    ctx.rules.all_pass == AllPass::JokerHolderBids3 && ctx.hand.contains(&Card::JOKER)
}

pub(super) fn margin(rules: &Ruleset, p: &HeuristicParams) -> f64 {
    if matches!(rules.sides(), Sides::Individual { .. }) {
        return p.solo_margin;
    }
    match rules.set_penalty {
        SetPenalty::Contract => p.bid_margin,
        // Failing costs a hand's worth whatever the bid: bid as carefully as under fixed_6.
        SetPenalty::Fixed6 | SetPenalty::AllTricks => p.fixed6_margin,
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

pub(super) fn auction_decision(ctx: &Ctx, legal: &[Action]) -> Action {
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
            trump: None,
            misere: None,
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

/// The tricks a hand should take with `trump` after the dealer's exchange: the dealer's own
/// hand takes the upcard and drops its weakest card.
fn with_upcard(ctx: &Ctx, hand: &[Card], upcard: Card, trump: Trump) -> f64 {
    (0..hand.len())
        .map(|i| {
            let mut h: Vec<Card> = hand.to_vec();
            h[i] = upcard;
            hand_tricks(ctx.rules, &h, trump)
        })
        .fold(hand_tricks(ctx.rules, hand, trump), f64::max)
}

/// Upcard games (Euchre): order the upcard up in round 1, or name a suit in round 2, when the
/// hand (with its partner's usual share, and the upcard in the dealer's hand: ours, our
/// partner's, or the opponents') promises the makers' 3 tricks; a stuck dealer names its best
/// suit.
pub(super) fn upcard_call_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let p = &ctx.params;
    let need = f64::from(ctx.rules.min_bid) + p.upcard_margin;
    let partner = partner_bonus(ctx.rules, p);
    let may_pass = legal.contains(&Action::Pass);
    if legal.contains(&Action::OrderUp) {
        let Some(up) = ctx.upcard else {
            return Action::Pass;
        };
        let Some(suit) = up.card.suit() else {
            return Action::Pass;
        };
        let trump = Trump::Suit(suit);
        let own = if ctx.seat == ctx.dealer {
            with_upcard(ctx, ctx.hand, up.card, trump)
        } else {
            hand_tricks(ctx.rules, ctx.hand, trump)
        };
        // The upcard strengthens whichever side deals: about half a trick for a high trump.
        let boost = if ctx.seat == ctx.dealer {
            0.0
        } else if ctx.partner_of(ctx.dealer) {
            0.5
        } else {
            -0.5
        };
        if own + partner + boost >= need || !may_pass {
            return Action::OrderUp;
        }
        return Action::Pass;
    }
    let named = legal.iter().filter_map(|a| match a {
        Action::NameTrump { trump } => Some((*trump, hand_tricks(ctx.rules, ctx.hand, *trump))),
        _ => None,
    });
    match named.max_by(|a, b| a.1.total_cmp(&b.1)) {
        Some((trump, own)) if own + partner >= need || !may_pass => Action::NameTrump { trump },
        _ => legal[0].clone(),
    }
}

/// Bacon: pick up an upcard when the hand (with the partner's usual share, less what the
/// upcard gives the opponent who takes it) promises the declarers' 3 tricks, alone when the hand
/// alone promises as much as going alone asks; as the caller's partner, veto a pick-up when the
/// hand promises almost nothing in that suit, and let a pick-up alone stand.
pub(super) fn bacon_call_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let p = &ctx.params;
    let Some(suit) = ctx.upcard.and_then(|u| u.card.suit()) else {
        return legal[0].clone();
    };
    let trump = Trump::Suit(suit);
    let own = hand_tricks(ctx.rules, ctx.hand, trump);
    if legal.contains(&Action::Allow) {
        // Answering the partner: a pick-up alone stands (the caller's hand carries it); a
        // plain one needs some help from this hand.
        let alone = legal.contains(&Action::VetoAlone);
        return if alone || own >= p.veto_below {
            Action::Allow
        } else {
            Action::Veto
        };
    }
    // The upcard goes to the opponent on the caller's left: about half a trick for them.
    let need = f64::from(ctx.rules.min_bid) + p.pick_up_margin;
    let n = ctx.rules.cards_per_player() as f64;
    if legal.contains(&Action::PickUpAlone) && own - 0.5 >= (p.alone_share * n).max(need) {
        return Action::PickUpAlone;
    }
    if own + partner_bonus(ctx.rules, p) - 0.5 >= need {
        return Action::PickUp;
    }
    Action::Pass
}

/// Upcard games: the dealer takes the upcard, dropping the card whose loss weakens the hand
/// least, unless leaving it (where allowed) keeps a stronger hand.
pub(super) fn upcard_exchange_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let trump = ctx.trump.unwrap_or(Trump::NoTrump);
    let Some(up) = ctx.upcard else {
        return legal[0].clone();
    };
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        let v = match a {
            Action::TakeUpcard { discard } => {
                let h: Vec<Card> = ctx
                    .hand
                    .iter()
                    .map(|&c| if c == *discard { up.card } else { c })
                    .collect();
                hand_tricks(ctx.rules, &h, trump)
            }
            _ => hand_tricks(ctx.rules, ctx.hand, trump),
        };
        if best.is_none_or(|(b, _)| v > b + 1e-9) {
            best = Some((v, a));
        }
    }
    best.map_or_else(|| legal[0].clone(), |(_, a)| a.clone())
}

pub(super) fn exchange_decision(ctx: &Ctx, legal: &[Action]) -> Action {
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

pub(super) fn alone_decision(ctx: &Ctx) -> Action {
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
pub(super) fn keep_value(ctx: &Ctx, ranking: Ranking, c: Card) -> i32 {
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

pub(super) fn pass_cards_decision(ctx: &Ctx, legal: &[Action]) -> Action {
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

/// Buck Euchre: stay in the declarer's hand when the cards promise a trick (a player in the
/// hand who takes none scores +5, one who drops out 0, each trick taken counts a point down).
pub(super) fn drop_out_decision(ctx: &Ctx, legal: &[Action]) -> Action {
    let trump = ctx.trump.unwrap_or(Trump::NoTrump);
    let tricks = hand_tricks(ctx.rules, ctx.hand, trump);
    // The last to decide after two drops: dropping too hands the declarer every trick, and
    // so the game.
    let n = ctx.rules.players;
    let last = ctx.contract.is_some_and(|c| (ctx.seat + 1) % n == c.seat);
    let everybody_else_dropped = last && ctx.sitting_out.count_ones() + 2 == u32::from(n);
    if tricks >= ctx.params.stay_tricks || everybody_else_dropped || !legal.contains(&Action::Drop)
    {
        Action::Stay
    } else {
        Action::Drop
    }
}
