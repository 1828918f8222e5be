//! Cards, suits, ranks and decks.
//!
//! A card is written as two characters, rank then suit (`TD` = ten of diamonds); the joker is
//! `JK`. In a double deck the two copies of a card share a code.

mod deck;
mod ranking;

pub(crate) use deck::NOT_IN_DECK;
pub use deck::{DeckKind, MAX_DECK};
pub use ranking::{Ranking, Trump};

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The four suits, in the order used for the canonical deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// Clubs (black).
    #[serde(rename = "C")]
    Clubs,
    /// Diamonds (red).
    #[serde(rename = "D")]
    Diamonds,
    /// Hearts (red).
    #[serde(rename = "H")]
    Hearts,
    /// Spades (black).
    #[serde(rename = "S")]
    Spades,
}

impl Suit {
    /// All suits in canonical order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index, 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other suit of the same colour (clubs and spades are black, diamonds and hearts red).
    pub const fn same_colour(self) -> Suit {
        match self {
            Suit::Clubs => Suit::Spades,
            Suit::Spades => Suit::Clubs,
            Suit::Diamonds => Suit::Hearts,
            Suit::Hearts => Suit::Diamonds,
        }
    }

    /// The one-letter code: `C`, `D`, `H` or `S`.
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// Parses a one-letter code.
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// The sixteen ranks, low to high in their natural order: 2 to 10, then 500's 11, 12 and 13
/// (`L`, `M`, `N`: only in the six-player Five Hundred pack), then jack, queen, king and ace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten (`T`).
    Ten,
    /// Eleven (`L`), in the six-player Five Hundred pack.
    Eleven,
    /// Twelve (`M`), in the six-player Five Hundred pack.
    Twelve,
    /// Thirteen (`N`), in the six-player Five Hundred pack.
    Thirteen,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
    /// Ace.
    Ace,
}

impl Rank {
    /// All ranks, low to high.
    pub const ALL: [Rank; 16] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Eleven,
        Rank::Twelve,
        Rank::Thirteen,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The one-character code: `2`–`9`, `T`, `L`, `M`, `N`, `J`, `Q`, `K`, `A`.
    pub const fn char(self) -> char {
        RANK_CHARS[self as usize]
    }

    /// Parses a one-character code.
    pub const fn from_char(c: char) -> Option<Rank> {
        let mut i = 0;
        while i < RANK_CHARS.len() {
            if RANK_CHARS[i] == c {
                return Some(Rank::ALL[i]);
            }
            i += 1;
        }
        None
    }
}

const RANK_CHARS: [char; 16] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'L', 'M', 'N', 'J', 'Q', 'K', 'A',
];

/// A card: one of the 64 suited cards or the joker, packed in one byte.
///
/// Codes `0..64` are `suit * 16 + rank` (ranks in their natural order, so the codes of a suit
/// run from its two to its ace); `64` is the joker. The canonical deck order (suit, then rank,
/// the joker last) is code order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// A set of distinct cards of one deck: one bit per card, at the card's place among the deck's
/// distinct cards ([`DeckKind::places`]; at most 64 in any deck), so that the hot paths of play
/// work on one machine word.
pub type DeckSet = u64;

impl Card {
    /// The joker.
    pub const JOKER: Card = Card(64);
    /// Number of distinct card codes (64 suited cards and the joker).
    pub const CODES: usize = 65;

    /// A suited card.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 16 + rank as u8)
    }

    /// The card's code, `0..65`, usable as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with the given index, if it is in range.
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Self::CODES {
            Some(Card(i as u8))
        } else {
            None
        }
    }

    /// Whether this is the joker.
    pub const fn is_joker(self) -> bool {
        self.0 == 64
    }

    /// The natural suit (None for the joker).
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::ALL[(self.0 / 16) as usize])
        }
    }

    /// The rank (None for the joker).
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Some(Rank::ALL[(self.0 % 16) as usize])
        }
    }

    /// Every card code in canonical order: clubs, diamonds, hearts, spades (two to ace), then
    /// the joker.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Self::CODES as u8).map(Card)
    }

    /// The two-character code: rank then suit (`AS`, `TD`, `LH`), or `JK` for the joker.
    pub const fn code(self) -> &'static str {
        CODES[self.0 as usize]
    }

    /// The byte a card is stored as in binary formats (the stored MessagePack). The 25 cards of
    /// the first decks (9 to ace and the joker) keep the bytes they were stored with before the
    /// other ranks existed, `suit * 6 + (9 T J Q K A = 0..6)` and 24 for the joker, so stored
    /// games read back unchanged; every other card is `25 +` its code. One byte each, below 128.
    pub const fn stored_byte(self) -> u8 {
        if self.is_joker() {
            return 24;
        }
        let rank = self.0 % 16;
        let legacy = match rank {
            7 => 0,  // nine
            8 => 1,  // ten
            12 => 2, // jack
            13 => 3, // queen
            14 => 4, // king
            15 => 5, // ace
            _ => return 25 + self.0,
        };
        (self.0 / 16) * 6 + legacy
    }

    /// The card stored as `byte` (see [`Card::stored_byte`]), if it is one.
    pub const fn from_stored_byte(byte: u8) -> Option<Card> {
        const LEGACY_RANKS: [u8; 6] = [7, 8, 12, 13, 14, 15];
        if byte < 24 {
            return Some(Card((byte / 6) * 16 + LEGACY_RANKS[(byte % 6) as usize]));
        }
        if byte == 24 {
            return Some(Card::JOKER);
        }
        if byte < 25 + 64 {
            let card = Card(byte - 25);
            // One byte per card: a card of the first decks is only read from its old byte.
            if card.stored_byte() == byte {
                return Some(card);
            }
        }
        None
    }
}

/// Every card's code, by index.
const CODES: [&str; Card::CODES] = [
    "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "LC", "MC", "NC", "JC", "QC", "KC", "AC",
    "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "LD", "MD", "ND", "JD", "QD", "KD", "AD",
    "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "LH", "MH", "NH", "JH", "QH", "KH", "AH",
    "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "LS", "MS", "NS", "JS", "QS", "KS", "AS",
    "JK",
];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card code that does not name a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a card code: write rank then suit (ranks 2 to 9, T, L M N for 11 12 13, J Q K A; suits C D H S; e.g. `TD`), or `JK` for the joker"
)]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let mut chars = s.chars();
        let parsed = match (chars.next(), chars.next(), chars.next()) {
            (Some('J'), Some('K'), None) => Some(Card::JOKER),
            (Some(r), Some(su), None) => match (Rank::from_char(r), Suit::from_char(su)) {
                (Some(r), Some(su)) => Some(Card::new(r, su)),
                _ => None,
            },
            _ => None,
        };
        parsed.ok_or_else(|| ParseCardError(s.chars().take(16).collect()))
    }
}

/// A card is its code (`"AS"`) in human-readable formats such as JSON, and one byte (its
/// [`Card::stored_byte`]) in compact binary ones such as the stored MessagePack. Reading accepts
/// both, so records written with codes still load.
impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(self.code())
        } else {
            s.serialize_u8(self.stored_byte())
        }
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        struct CardVisitor;

        impl serde::de::Visitor<'_> for CardVisitor {
            type Value = Card;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card code such as \"AS\" or a stored card byte")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Card, E> {
                v.parse().map_err(E::custom)
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Card, E> {
                u8::try_from(v)
                    .ok()
                    .and_then(Card::from_stored_byte)
                    .ok_or_else(|| E::custom(format!("{v} is not a stored card byte")))
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Card, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom(format!("{v} is not a stored card byte")))
                    .and_then(|v| self.visit_u64(v))
            }
        }

        if d.is_human_readable() {
            d.deserialize_str(CardVisitor)
        } else {
            d.deserialize_any(CardVisitor)
        }
    }
}

#[cfg(test)]
mod tests;
