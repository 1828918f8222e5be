//! The decks ([`DeckKind`]): which cards each holds, in canonical order, and their places.

use serde::{Deserialize, Serialize};

use super::{Card, Rank, Suit};

/// The decks of RULES.md section 3 and RULES-FAMILY.md section 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    /// 9 to ace in four suits plus the joker: 25 cards.
    #[serde(rename = "standard25")]
    Standard25,
    /// 9 to ace in four suits: 24 cards.
    #[serde(rename = "pepper24")]
    Pepper24,
    /// Two copies of 9 to ace in four suits: 48 cards.
    #[serde(rename = "pinochle48")]
    Pinochle48,
    /// 7 to ace in four suits: 32 cards (Euchre).
    #[serde(rename = "euchre32")]
    Euchre32,
    /// 9 to ace in four suits: 24 cards (Euchre's short pack, Buck Euchre).
    #[serde(rename = "euchre24")]
    Euchre24,
    /// 2 to ace in four suits: 52 cards (Bacon).
    #[serde(rename = "full52")]
    Full52,
    /// Five Hundred for 2: 9 to ace, 24 cards (no joker).
    #[serde(rename = "five_hundred_24")]
    FiveHundred24,
    /// Five Hundred for 3 without the joker: 7 to ace, 32 cards.
    #[serde(rename = "five_hundred_32")]
    FiveHundred32,
    /// Five Hundred for 3: 7 to ace and the joker, 33 cards.
    #[serde(rename = "five_hundred_33")]
    FiveHundred33,
    /// Five Hundred for 4 without the joker: 5 to ace and the red fours, 42 cards.
    #[serde(rename = "five_hundred_42")]
    FiveHundred42,
    /// Five Hundred for 4: 5 to ace, the red fours and the joker, 43 cards.
    #[serde(rename = "five_hundred_43")]
    FiveHundred43,
    /// Five Hundred for 5 without the joker: 2 to ace, 52 cards.
    #[serde(rename = "five_hundred_52")]
    FiveHundred52,
    /// Five Hundred for 5: 2 to ace and the joker, 53 cards.
    #[serde(rename = "five_hundred_53")]
    FiveHundred53,
    /// Five Hundred for 6 without the joker: 2 to ace, elevens and twelves in every suit, red
    /// thirteens, 62 cards.
    #[serde(rename = "five_hundred_62")]
    FiveHundred62,
    /// Five Hundred for 6: the 62 cards and the joker, 63 cards.
    #[serde(rename = "five_hundred_63")]
    FiveHundred63,
}

impl DeckKind {
    /// Every deck kind.
    pub const ALL: [DeckKind; 15] = [
        DeckKind::Standard25,
        DeckKind::Pepper24,
        DeckKind::Pinochle48,
        DeckKind::Euchre32,
        DeckKind::Euchre24,
        DeckKind::Full52,
        DeckKind::FiveHundred24,
        DeckKind::FiveHundred32,
        DeckKind::FiveHundred33,
        DeckKind::FiveHundred42,
        DeckKind::FiveHundred43,
        DeckKind::FiveHundred52,
        DeckKind::FiveHundred53,
        DeckKind::FiveHundred62,
        DeckKind::FiveHundred63,
    ];

    /// Five Hundred's pack for `players` (2 to 6), with or without the joker (RULES-FAMILY
    /// section 5); None for a count it is not played by, or the joker with two.
    pub const fn five_hundred(players: u8, joker: bool) -> Option<DeckKind> {
        Some(match (players, joker) {
            (2, false) => DeckKind::FiveHundred24,
            (3, false) => DeckKind::FiveHundred32,
            (3, true) => DeckKind::FiveHundred33,
            (4, false) => DeckKind::FiveHundred42,
            (4, true) => DeckKind::FiveHundred43,
            (5, false) => DeckKind::FiveHundred52,
            (5, true) => DeckKind::FiveHundred53,
            (6, false) => DeckKind::FiveHundred62,
            (6, true) => DeckKind::FiveHundred63,
            _ => return None,
        })
    }

    /// The wire name.
    pub const fn name(self) -> &'static str {
        match self {
            DeckKind::Standard25 => "standard25",
            DeckKind::Pepper24 => "pepper24",
            DeckKind::Pinochle48 => "pinochle48",
            DeckKind::Euchre32 => "euchre32",
            DeckKind::Euchre24 => "euchre24",
            DeckKind::Full52 => "full52",
            DeckKind::FiveHundred24 => "five_hundred_24",
            DeckKind::FiveHundred32 => "five_hundred_32",
            DeckKind::FiveHundred33 => "five_hundred_33",
            DeckKind::FiveHundred42 => "five_hundred_42",
            DeckKind::FiveHundred43 => "five_hundred_43",
            DeckKind::FiveHundred52 => "five_hundred_52",
            DeckKind::FiveHundred53 => "five_hundred_53",
            DeckKind::FiveHundred62 => "five_hundred_62",
            DeckKind::FiveHundred63 => "five_hundred_63",
        }
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        match self {
            DeckKind::Standard25 => 25,
            DeckKind::Pepper24 | DeckKind::Euchre24 | DeckKind::FiveHundred24 => 24,
            DeckKind::Pinochle48 => 48,
            DeckKind::Euchre32 | DeckKind::FiveHundred32 => 32,
            DeckKind::FiveHundred33 => 33,
            DeckKind::FiveHundred42 => 42,
            DeckKind::FiveHundred43 => 43,
            DeckKind::Full52 | DeckKind::FiveHundred52 => 52,
            DeckKind::FiveHundred53 => 53,
            DeckKind::FiveHundred62 => 62,
            DeckKind::FiveHundred63 => 63,
        }
    }

    /// Decks are never empty; present for clippy's `len_without_is_empty`.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether the deck holds the joker.
    pub const fn has_joker(self) -> bool {
        matches!(
            self,
            DeckKind::Standard25
                | DeckKind::FiveHundred33
                | DeckKind::FiveHundred43
                | DeckKind::FiveHundred53
                | DeckKind::FiveHundred63
        )
    }

    /// Five Hundred's packs, by players (2 to 6) and the joker: the last nine of
    /// [`DeckKind::ALL`].
    pub const FIVE_HUNDRED: &'static [DeckKind] = DeckKind::ALL.split_at(6).1;

    /// Whether this is one of Five Hundred's packs ([`DeckKind::FIVE_HUNDRED`]).
    pub const fn is_five_hundred(self) -> bool {
        let mut i = 0;
        while i < Self::FIVE_HUNDRED.len() {
            if Self::FIVE_HUNDRED[i] as u8 == self as u8 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The lowest rank of its suits.
    const fn lowest(self) -> Rank {
        match self {
            DeckKind::Euchre32 | DeckKind::FiveHundred32 | DeckKind::FiveHundred33 => Rank::Seven,
            DeckKind::FiveHundred42 | DeckKind::FiveHundred43 => Rank::Five,
            DeckKind::Full52
            | DeckKind::FiveHundred52
            | DeckKind::FiveHundred53
            | DeckKind::FiveHundred62
            | DeckKind::FiveHundred63 => Rank::Two,
            _ => Rank::Nine,
        }
    }

    /// Whether the deck holds `rank` of `suit` besides its run from [`DeckKind::lowest`] to the
    /// ace: Five Hundred's red fours (for 4) and elevens, twelves and red thirteens (for 6);
    /// and whether it leaves out a rank of that run (11 to 13, in every other deck).
    const fn extra(self, rank: Rank, suit: Suit) -> Option<bool> {
        let red = matches!(suit, Suit::Diamonds | Suit::Hearts);
        match (self, rank) {
            (DeckKind::FiveHundred42 | DeckKind::FiveHundred43, Rank::Four) => Some(red),
            (DeckKind::FiveHundred62 | DeckKind::FiveHundred63, Rank::Eleven | Rank::Twelve) => {
                Some(true)
            }
            (DeckKind::FiveHundred62 | DeckKind::FiveHundred63, Rank::Thirteen) => Some(red),
            (_, Rank::Eleven | Rank::Twelve | Rank::Thirteen) => Some(false),
            _ => None,
        }
    }

    /// How many copies of `card` the deck holds.
    pub const fn copies_of(self, card: Card) -> u8 {
        let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
            return self.has_joker() as u8;
        };
        let in_pack = match self.extra(rank, suit) {
            Some(held) => held,
            None => rank as u8 >= self.lowest() as u8,
        };
        if !in_pack {
            0
        } else if matches!(self, DeckKind::Pinochle48) {
            2
        } else {
            1
        }
    }

    /// The deck in canonical order: for each card code in [`Card::all`] order, its copies.
    pub fn cards(self) -> Vec<Card> {
        self.canonical().to_vec()
    }

    /// Each card code's place among the deck's distinct cards, in card order (`NOT_IN_DECK`
    /// for a card the deck does not hold): its bit in a [`DeckSet`](super::DeckSet).
    #[inline]
    pub(crate) fn places(self) -> &'static [u8; Card::CODES] {
        &PLACES[self as usize].0
    }

    /// The card at `place` among the deck's distinct cards (`place < 64`).
    #[inline]
    pub(crate) fn card_at(self, place: u32) -> Card {
        PLACES[self as usize].1[place as usize & (MAX_DECK - 1)]
    }

    /// The deck in canonical order, as a table made at compile time (every deal starts from
    /// it).
    #[inline]
    pub fn canonical(self) -> &'static [Card] {
        let (cards, len) = &CANONICAL[self as usize];
        &cards[..*len]
    }

    /// How many of each card code the deck holds, indexed by [`Card::index`].
    pub fn counts(self) -> [u8; Card::CODES] {
        let mut counts = [0u8; Card::CODES];
        for c in Card::all() {
            counts[c.index()] = self.copies_of(c);
        }
        counts
    }
}

/// The most cards a deck holds.
pub const MAX_DECK: usize = 64;

/// Each deck kind's cards in canonical order (by [`DeckKind`] index), and how many there are.
static CANONICAL: [([Card; MAX_DECK], usize); DeckKind::ALL.len()] = {
    let mut out = [([Card::JOKER; MAX_DECK], 0); DeckKind::ALL.len()];
    let mut d = 0;
    while d < DeckKind::ALL.len() {
        let deck = DeckKind::ALL[d];
        let (cards, len) = &mut out[deck as usize];
        let mut code = 0;
        while code < Card::CODES {
            let card = Card(code as u8);
            let mut k = 0;
            while k < deck.copies_of(card) {
                cards[*len] = card;
                *len += 1;
                k += 1;
            }
            code += 1;
        }
        d += 1;
    }
    out
};

/// The place of a card the deck does not hold (see [`DeckKind::places`]).
pub(crate) const NOT_IN_DECK: u8 = 255;

/// Per deck kind: each code's place among the deck's distinct cards, and the card at each place.
static PLACES: [([u8; Card::CODES], [Card; MAX_DECK]); DeckKind::ALL.len()] = {
    let mut out = [([NOT_IN_DECK; Card::CODES], [Card::JOKER; MAX_DECK]); DeckKind::ALL.len()];
    let mut d = 0;
    while d < DeckKind::ALL.len() {
        let deck = DeckKind::ALL[d];
        let (places, cards) = &mut out[deck as usize];
        let mut next = 0;
        let mut code = 0;
        while code < Card::CODES {
            let card = Card(code as u8);
            if deck.copies_of(card) > 0 {
                places[code] = next as u8;
                cards[next] = card;
                next += 1;
            }
            code += 1;
        }
        d += 1;
    }
    out
};
