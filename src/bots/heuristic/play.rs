//! Trick play: which card to lead or play.

use super::*;

/// The winning play so far.
pub(super) fn winning(ranking: Ranking, plays: &[Play]) -> Option<Play> {
    let first = *plays.first()?;
    let led = led_suit(ranking, &first);
    let mut best = first;
    for p in &plays[1..] {
        if ranking.beats(p.card, best.card, led) {
            best = *p;
        }
    }
    Some(best)
}

/// The suit a trick's first card leads: its effective suit, or the suit named for a joker led
/// at no trump.
pub(super) fn led_suit(ranking: Ranking, first: &Play) -> Option<Suit> {
    first.suit.or_else(|| ranking.effective_suit(first.card))
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
    let led = led_suit(ranking, &ctx.trick[0]);
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

pub(super) fn lead(ctx: &Ctx, ranking: Ranking, legal: &[Card]) -> Card {
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
