//! Hand strength: how many tricks a hand should take with a given trump.

use super::*;

/// Where each card code sits under one ranking: its effective suit and strength index (19
/// places: the sixteen ranks 2 to ace, then the left bower, the right bower and the joker;
/// within a suit a place names one card), and how many of each place the deck holds.
const PLACES: usize = 19;

struct Layout {
    /// Per card code: (suit index, place), suit 255 for a card the ranking gives no suit.
    place: [(u8, u8); Card::CODES],
    deck_at: [[f64; PLACES]; 4],
    deck_trumps: f64,
}

impl Layout {
    fn build(deck: DeckKind, ranking: Ranking) -> Layout {
        let mut l = Layout {
            place: [(255, 0); Card::CODES],
            deck_at: [[0.0; PLACES]; 4],
            deck_trumps: 0.0,
        };
        for x in Card::all() {
            let Some(su) = ranking.effective_suit(x) else {
                continue;
            };
            let i = match ranking.strength(x) {
                100 => PLACES - 1,
                99 => PLACES - 2,
                98 => PLACES - 3,
                st => (st as usize).saturating_sub(10).min(PLACES - 4),
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
    let mut held = [[0u8; PLACES]; 4];
    for &c in hand {
        let (su, i) = layout.place[c.index()];
        if su < 4 {
            held[su as usize][i as usize] += 1;
        }
    }
    let mut out = layout.deck_at;
    for su in 0..4 {
        for i in 0..PLACES {
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
        for i in (0..PLACES).rev() {
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
        for i in (0..PLACES).rev() {
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
pub(super) fn best_trump(rules: &Ruleset, hand: &[Card]) -> (Trump, f64) {
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
pub(crate) fn partner_bonus(rules: &Ruleset, p: &HeuristicParams) -> f64 {
    // Measured in the arena: about a quarter of the tricks, with one partner or two; nothing
    // when every player plays alone.
    if rules.sides().count() == rules.seats() {
        return 0.0;
    }
    p.partner_share * rules.cards_per_player() as f64
}

/// Tricks certain for `hand` as declarer leading: the top unbroken run of trumps draws the
/// others, then the remaining trumps and the off-suit masters win.
pub(super) fn certain_tricks(rules: &Ruleset, hand: &[Card], trump: Trump) -> usize {
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
