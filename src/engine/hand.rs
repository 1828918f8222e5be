//! The hand in progress: its state, its deal, the record it leaves, and card helpers on hands.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::action::{CardList, Seat};

/// The cards dealt to no player: the widow (at most one card in the presets), pepper for two's
/// dead hand of 8, or an upcard game's upcard (first) and stub.
pub type Undealt = arrayvec::ArrayVec<Card, 32>;
use super::auction::{Call, Contract};
use super::cards::{Card, DeckSet, MAX_DECK, Trump};
use super::game::MAX_SEATS;
use super::play::Trick;
use super::ruleset::Ruleset;
use super::scoring::HandSummary;
use super::shuffle::SplitMix64;
use super::upcard::{Upcard, UpcardCall, UpcardFate};

/// A hand of cards, kept sorted.
pub type Hand = ArrayVec<Card, 16>;

/// The full record of a finished hand, hidden cards included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandRecord {
    /// The public outcome.
    #[serde(flatten)]
    pub summary: HandSummary,
    /// The dealer.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub dealer: Seat,
    /// Each seat's cards as dealt.
    pub deal: Vec<Vec<Card>>,
    /// The widow as dealt (in upcard games every undealt card: the upcards turned, then the
    /// stub).
    pub widow: Vec<Card>,
    /// The auction.
    pub auction: Vec<Call>,
    /// The trump named; null if none was.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub trump: Option<Trump>,
    /// The declarer's discard (in Euchre the dealer's, face down; in Bacon the upcard taker's,
    /// face up).
    pub discards: Vec<Card>,
    /// The lone bidder; null if nobody went alone.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub alone: Option<Seat>,
    /// The lone defender; null if none.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub defender_alone: Option<Seat>,
    /// The lone bidder's two-card discard (`exchange_two`).
    pub lone_discards: Vec<Card>,
    /// The two cards the partner passed (`exchange_two`).
    pub passed_cards: Vec<Card>,
    /// The tricks.
    pub tricks: Vec<Trick>,
    /// Upcard games: the upcard and what became of it (left out in other games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub upcard: Option<Upcard>,
    /// Upcard games: the calls of rounds 1 and 2 (in Bacon, on each upcard, with the partner's
    /// answers; left out in other games).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upcard_calls: Vec<UpcardCall>,
    /// Buck Euchre: the seats that dropped out of the declarer's hand (left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub dropped: Vec<Seat>,
    /// Five Hundred for 5: the card the declarer called (left out in other games and hands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub called: Option<Card>,
    /// Five Hundred for 5: the called card's holder, the declarer's partner (left out when
    /// none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = u8, nullable = false))]
    pub partner: Option<Seat>,
}

/// The state of the hand in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HandState {
    pub number: u32,
    pub dealer: Seat,
    pub hands: Vec<Hand>,
    pub deal: Vec<Hand>,
    pub widow: Undealt,
    pub widow_taken: bool,
    pub auction: Vec<Call>,
    pub passed: u8,
    pub contract: Option<Contract>,
    pub trump: Option<Trump>,
    pub discards: CardList,
    pub alone: Option<Seat>,
    pub defender_alone: Option<Seat>,
    pub alone_step: u8,
    pub sitting_out: u8,
    pub lone_discards: CardList,
    pub passed_cards: CardList,
    pub trick: Trick,
    pub tricks: Vec<Trick>,
    pub joker_revealed_by: Option<Seat>,
    pub voids: [u8; MAX_SEATS],
    /// Upcard games: the calls of rounds 1 and 2 (last, and defaulted, so that states stored
    /// before upcard games read back).
    #[serde(default)]
    pub upcard_calls: Vec<UpcardCall>,
    /// Upcard games: what became of the upcard (the first undealt card).
    #[serde(default)]
    pub upcard_fate: UpcardFate,
    /// Bacon: how many upcards everybody passed (discarded face up; the upcard is the next).
    #[serde(default)]
    pub upcards_passed: u8,
    /// Five Hundred for 5: the card the declarer called.
    #[serde(default)]
    pub called: Option<Card>,
    /// Five Hundred for 5: the called card's holder, the declarer's partner for the hand.
    #[serde(default)]
    pub partner: Option<Seat>,
}

pub(super) fn remove_card(hand: &mut Hand, card: Card) -> bool {
    match hand.iter().position(|&c| c == card) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

/// Whether `hand` holds every card of `cards` (as a multiset).
pub(super) fn holds_all(hand: &[Card], cards: &[Card]) -> Result<(), Card> {
    let mut counts = [0u8; Card::CODES];
    for c in hand {
        counts[c.index()] += 1;
    }
    for &c in cards {
        if counts[c.index()] == 0 {
            return Err(c);
        }
        counts[c.index()] -= 1;
    }
    Ok(())
}

/// Every distinct `k`-card sub-multiset of a sorted hand (`k` at most 4, the largest kitty), in
/// lexicographic order.
pub(super) fn combinations(hand: &[Card], k: usize, mut f: impl FnMut(CardList)) {
    fn go(hand: &[Card], from: usize, k: usize, cur: &mut CardList, f: &mut dyn FnMut(CardList)) {
        if cur.len() == k {
            f(cur.clone());
            return;
        }
        let need = k - cur.len();
        let mut i = from;
        while i + need <= hand.len() {
            // Of equal cards (a double deck's copies) only the first starts a branch.
            if i == from || hand[i - 1] != hand[i] {
                cur.push(hand[i]);
                go(hand, i + 1, k, cur, f);
                cur.pop();
            }
            i += 1;
        }
    }
    if k > CardList::new().capacity() {
        return;
    }
    go(hand, 0, k, &mut CardList::new(), &mut f);
}

impl HandRecord {
    /// The record of a finished hand, taking its state apart.
    pub(super) fn new(h: HandState, summary: HandSummary, upcard: Option<Upcard>) -> HandRecord {
        HandRecord {
            called: h.called,
            partner: h.partner,
            upcard,
            upcard_calls: h.upcard_calls,
            dropped: if h.contract.is_some() && h.alone.is_none() && h.defender_alone.is_none() {
                (0..MAX_SEATS as Seat)
                    .filter(|s| h.sitting_out & (1 << s) != 0)
                    .collect()
            } else {
                Vec::new()
            },
            summary,
            dealer: h.dealer,
            deal: h.deal.iter().map(|c| c.to_vec()).collect(),
            widow: h.widow.to_vec(),
            auction: h.auction,
            trump: h.trump,
            discards: h.discards.to_vec(),
            alone: h.alone,
            defender_alone: h.defender_alone,
            lone_discards: h.lone_discards.to_vec(),
            passed_cards: h.passed_cards.to_vec(),
            tricks: h.tricks,
        }
    }
}

impl HandState {
    pub(super) fn new(number: u32, dealer: Seat, hands: Vec<Hand>, widow: Undealt) -> HandState {
        let tricks = hands.first().map_or(0, |h| h.len());
        HandState {
            number,
            dealer,
            deal: hands.clone(),
            hands,
            widow,
            widow_taken: false,
            auction: Vec::with_capacity(2 * MAX_SEATS),
            passed: 0,
            contract: None,
            trump: None,
            discards: CardList::new(),
            alone: None,
            defender_alone: None,
            alone_step: 0,
            sitting_out: 0,
            lone_discards: CardList::new(),
            passed_cards: CardList::new(),
            trick: Trick::default(),
            tricks: Vec::with_capacity(tricks),
            joker_revealed_by: None,
            voids: [0; MAX_SEATS],
            upcard_calls: Vec::new(),
            upcard_fate: UpcardFate::FaceUp,
            upcards_passed: 0,
            called: None,
            partner: None,
        }
    }
}

/// Deals hand number `number` of a game: the documented shuffle of [`super::shuffle`].
pub fn deal(rules: &Ruleset, seed: u64, number: u32, dealer: Seat) -> (Vec<Hand>, Undealt) {
    // The canonical deck of `DeckKind::cards`, built on the stack.
    let mut deck: ArrayVec<Card, MAX_DECK> = ArrayVec::new();
    // Within capacity: no deck holds more than `MAX_DECK` cards.
    let _ = deck.try_extend_from_slice(rules.deck.canonical());
    SplitMix64::for_hand(seed, number).shuffle(&mut deck);
    let n = rules.seats();
    let cpp = rules.cards_per_player();
    // Each hand as a bit set per copy (a double deck has two copies of a card), which reads
    // back out in card order: sorted without comparisons.
    let places = rules.deck.places();
    let mut first: [DeckSet; MAX_SEATS] = [0; MAX_SEATS];
    let mut second: [DeckSet; MAX_SEATS] = [0; MAX_SEATS];
    let mut seat = dealer as usize;
    for &card in deck.iter().take(n * cpp) {
        seat = if seat + 1 >= n { 0 } else { seat + 1 };
        let bit = 1u64 << (places[card.index()] & 63);
        if first[seat] & bit == 0 {
            first[seat] |= bit;
        } else {
            second[seat] |= bit;
        }
    }
    let hands = (0..n)
        .map(|s| {
            let mut hand = Hand::new();
            let mut bits = first[s];
            while bits != 0 {
                let i = bits.trailing_zeros();
                let card = rules.deck.card_at(i);
                hand.push(card);
                if second[s] & (1 << i) != 0 {
                    hand.push(card);
                }
                bits &= bits - 1;
            }
            hand
        })
        .collect();
    (hands, deck[n * cpp..].iter().copied().collect())
}
