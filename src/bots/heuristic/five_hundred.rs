//! Five Hundred's decisions: a bid of a strain and a level from the hand's tricks (misère with
//! a hand of low cards), the kitty's discard, the partner called by a card with five, and the
//! play of a misère (the declarer ducks every trick; its opponents make it win one).

use super::*;
use crate::engine::Misere;

/// The tricks a hand should take with `trump` in Five Hundred: the common estimate, with the
/// joker (at no trump the one trump, which the estimate does not see) worth a trick.
fn tricks(rules: &Ruleset, hand: &[Card], trump: Trump) -> f64 {
    let joker_at_nt = trump == Trump::NoTrump && hand.contains(&Card::JOKER);
    hand_tricks(rules, hand, trump) + if joker_at_nt { 1.0 } else { 0.0 }
}

/// How many of `hand`'s cards could take a trick at a misère: the joker, and any card above
/// the lowest few of its suit in the pack (what a misère hand must not hold).
fn misere_danger(rules: &Ruleset, hand: &[Card]) -> usize {
    let ranking = ranking_for(rules, Trump::NoTrump);
    hand.iter()
        .filter(|&&c| {
            if c.is_joker() {
                return true;
            }
            // The card's place from the bottom of its suit in this pack.
            let below = all_cards(rules.deck)
                .filter(|&x| x.suit() == c.suit() && ranking.strength(x) < ranking.strength(c))
                .count();
            below >= 4
        })
        .count()
}

/// What the declarer's side adds to its own hand: a partner's quarter of the tricks (at four
/// and six), a called partner's trick and a half (at five), nothing alone.
fn partners_tricks(rules: &Ruleset, p: &HeuristicParams) -> f64 {
    if rules.calls_partner() {
        1.5
    } else {
        partner_bonus(rules, p)
    }
}

/// The auction: the cheapest legal bid in the hand's best strain that its estimate (its own
/// tricks, the kitty's help and the partners') covers; misère with a hand of low cards; else
/// pass. It does not overcall its partner's bid without a clear surplus.
pub(super) fn auction(ctx: &Ctx, legal: &[Action]) -> Action {
    let rules = ctx.rules;
    let p = &ctx.params;
    let bids: Vec<Bid> = legal.iter().filter_map(Action::as_bid).collect();
    let high = ctx.auction.iter().rev().find(|c| c.bid.is_some());
    let partner_high = high.is_some_and(|c| c.seat != ctx.seat && ctx.partner_of(c.seat));
    let kitty = 0.2 * rules.widow_size() as f64;
    let team = partners_tricks(rules, p) + kitty;
    let surplus = if partner_high { p.partner_surplus } else { 0.0 };
    let mut best: Option<(f64, Bid)> = None;
    for b in bids.iter().filter(|b| b.misere.is_none()) {
        let trump = b.strain_trump();
        let estimate = tricks(rules, ctx.hand, trump) + team - p.bid_margin.max(0.0) - surplus;
        if estimate >= f64::from(b.tricks) {
            // The bid's value, plus a little for a safer margin.
            let score = f64::from(b.value()) + 10.0 * (estimate - f64::from(b.tricks));
            // Of two strains the same level apart, the cheapest bid that is enough is kept by
            // taking the first (lowest) legal bid of each strain.
            let first_of_strain = bids
                .iter()
                .find(|x| x.misere.is_none() && x.trump == b.trump)
                .is_some_and(|x| x == b);
            if first_of_strain && best.is_none_or(|(s, _)| score > s) {
                best = Some((score, *b));
            }
        }
    }
    if let Some((_, b)) = best {
        return b.into();
    }
    // Misère with a hand of low cards, open misère with nothing that could take a trick.
    let danger = misere_danger(rules, ctx.hand);
    if !partner_high {
        let open = Bid::misere(Misere::Open);
        let closed = Bid::misere(Misere::Closed);
        if danger == 0 && bids.contains(&open) {
            return open.into();
        }
        if danger <= 1 && bids.contains(&closed) {
            return closed.into();
        }
    }
    Action::Pass
}

/// The exchange: at a misère the discard that leaves the fewest dangerous cards (the highest
/// go first); otherwise the one that leaves the strongest hand in the strain bid.
pub(super) fn exchange(ctx: &Ctx, legal: &[Action]) -> Action {
    let misere = ctx.contract.is_some_and(|c| c.bid.misere.is_some());
    if !misere {
        return exchange_decision(ctx, legal);
    }
    let ranking = ranking_for(ctx.rules, Trump::NoTrump);
    let mut by_height: Vec<Card> = ctx.hand.to_vec();
    by_height.sort_by_key(|&c| std::cmp::Reverse(ranking.strength(c)));
    let k = ctx.rules.widow_size();
    let mut want: Vec<Card> = by_height.into_iter().take(k).collect();
    want.sort_unstable();
    legal
        .iter()
        .find(|a| match a {
            Action::Exchange { discard, .. } => {
                let mut d = discard.to_vec();
                d.sort_unstable();
                d == want
            }
            _ => false,
        })
        .cloned()
        .unwrap_or_else(|| legal[0].clone())
}

/// Five players: alone with a hand that makes the contract by itself; else call the best card
/// not held, the ace (or next highest) of the longest side suit, where a partner helps most.
pub(super) fn call(ctx: &Ctx, legal: &[Action]) -> Action {
    let trump = ctx.trump.unwrap_or(Trump::NoTrump);
    let need = ctx.contract.map_or(0.0, |c| f64::from(c.bid.tricks));
    if tricks(ctx.rules, ctx.hand, trump) >= need + 0.5
        && legal.contains(&Action::Alone { alone: true })
    {
        return Action::Alone { alone: true };
    }
    let ranking = ranking_for(ctx.rules, trump);
    let suit_len = |s: Option<Suit>| {
        ctx.hand
            .iter()
            .filter(|&&c| !ranking.is_trump(c) && c.suit() == s)
            .count()
    };
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Call { card } => Some(*card),
            _ => None,
        })
        .max_by_key(|&c| (ranking.strength(c), suit_len(c.suit())))
        .map_or_else(|| legal[0].clone(), |card| Action::Call { card })
}

/// The play of a misère, or None when the hand is not one: the declarer plays the highest card
/// that loses the trick (or, bound to win it, the lowest while others may still overtake, else
/// the highest); leading, its lowest card. Its opponents keep under the declarer's card when it
/// has played, and play low before it, to leave it the trick.
pub(super) fn misere_card(ctx: &Ctx, legal: &[Card]) -> Option<Card> {
    let c = ctx.contract.filter(|c| c.bid.misere.is_some())?;
    let ranking = ctx.ranking();
    let lowest = || legal.iter().copied().min_by_key(|&x| ranking.strength(x));
    let highest = || legal.iter().copied().max_by_key(|&x| ranking.strength(x));
    let best = play::winning(ranking, ctx.trick);
    let led = ctx.trick.first().and_then(|f| play::led_suit(ranking, f));
    let beats = |x: Card, b: &Play| ranking.beats(x, b.card, led);
    if ctx.seat == c.seat {
        let Some(b) = best else {
            return lowest();
        };
        if let Some(x) = legal
            .iter()
            .copied()
            .filter(|&x| !beats(x, &b))
            .max_by_key(|&x| ranking.strength(x))
        {
            return Some(x);
        }
        let active = (0..ctx.players()).filter(|&s| ctx.is_active(s)).count();
        let last = ctx.trick.len() + 1 == active;
        return if last { highest() } else { lowest() };
    }
    let declarer_play = ctx.trick.iter().find(|p| p.seat == c.seat);
    match (declarer_play, best) {
        (Some(d), Some(b)) if b.seat == d.seat => legal
            .iter()
            .copied()
            .filter(|&x| !beats(x, d))
            .max_by_key(|&x| ranking.strength(x))
            .or_else(lowest),
        _ => lowest(),
    }
}

/// Leading the joker at no trump: name the suit of the longest holding (its cards follow).
pub(super) fn joker_suit(ctx: &Ctx, legal: &[Action], card: Card) -> Action {
    let named: Vec<Suit> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card: c, suit } if *c == card => *suit,
            _ => None,
        })
        .collect();
    match named
        .iter()
        .copied()
        .max_by_key(|&s| ctx.hand.iter().filter(|c| c.suit() == Some(s)).count())
    {
        Some(suit) => Action::Play {
            card,
            suit: Some(suit),
        },
        None => Action::play(card),
    }
}
