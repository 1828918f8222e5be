//! Cards, suits, ranks and decks.
//!
//! A card is written as two characters, rank then suit (`TD` = ten of diamonds); the joker is
//! `JK`. In a double deck the two copies of a card share a code.

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

/// The trump of a hand: a suit, or no trump at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trump {
    /// This suit is trump.
    Suit(Suit),
    /// No card is trump (`NT`).
    NoTrump,
}

impl Trump {
    /// The code: `C`, `D`, `H`, `S` or `NT`.
    pub const fn code(self) -> &'static str {
        match self {
            Trump::Suit(Suit::Clubs) => "C",
            Trump::Suit(Suit::Diamonds) => "D",
            Trump::Suit(Suit::Hearts) => "H",
            Trump::Suit(Suit::Spades) => "S",
            Trump::NoTrump => "NT",
        }
    }

    /// The trump suit, if any.
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Trump::Suit(s) => Some(s),
            Trump::NoTrump => None,
        }
    }
}

impl FromStr for Trump {
    type Err = String;
    fn from_str(s: &str) -> Result<Trump, String> {
        match s {
            "NT" => Ok(Trump::NoTrump),
            _ => {
                let mut c = s.chars();
                match (c.next().and_then(Suit::from_char), c.next()) {
                    (Some(su), None) => Ok(Trump::Suit(su)),
                    _ => Err(format!(
                        "`{}` is not a trump: use C, D, H, S or NT",
                        s.chars().take(16).collect::<String>()
                    )),
                }
            }
        }
    }
}

impl Serialize for Trump {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Trump {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Trump, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// How cards rank and follow in one hand: the trump and whether bowers are in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranking {
    /// The trump suit, or None for no trump.
    pub trump: Option<Suit>,
    /// Whether the jacks of the trump colour are the right and left bowers.
    pub bowers: bool,
}

/// "No suit": the joker's effective suit when there is no trump.
const NO_SUIT: u8 = 4;

/// The reference definitions, evaluated once at compile time into [`TABLES`].
const fn eff_slow(trump: Option<Suit>, bowers: bool, code: u8) -> u8 {
    if code == 64 {
        return match trump {
            Some(t) => t as u8,
            None => NO_SUIT,
        };
    }
    let suit = code / 16;
    let rank = code % 16;
    if let Some(t) = trump
        && bowers
        && rank == Rank::Jack as u8
        && suit == t.same_colour() as u8
    {
        return t as u8;
    }
    suit
}

const fn strength_slow(trump: Option<Suit>, bowers: bool, code: u8) -> u8 {
    if code == 64 {
        return 100;
    }
    let rank = code % 16;
    if let Some(t) = trump
        && bowers
        && rank == Rank::Jack as u8
    {
        if code / 16 == t as u8 {
            return 99;
        }
        if eff_slow(trump, bowers, code) == t as u8 {
            return 98;
        }
    }
    10 + rank
}

/// Per ranking (trump index 0..5, 4 = none; bowers 0/1) and card code: the effective suit
/// (`NO_SUIT` for none) and the strength.
struct Tables {
    eff: [[[u8; Card::CODES]; 2]; 5],
    strength: [[[u8; Card::CODES]; 2]; 5],
}

static TABLES: Tables = {
    let mut eff = [[[0u8; Card::CODES]; 2]; 5];
    let mut strength = [[[0u8; Card::CODES]; 2]; 5];
    let mut t = 0;
    while t < 5 {
        let trump = if t < 4 { Some(Suit::ALL[t]) } else { None };
        let mut b = 0;
        while b < 2 {
            let mut c = 0;
            while c < Card::CODES {
                eff[t][b][c] = eff_slow(trump, b == 1, c as u8);
                strength[t][b][c] = strength_slow(trump, b == 1, c as u8);
                c += 1;
            }
            b += 1;
        }
        t += 1;
    }
    Tables { eff, strength }
};

impl Ranking {
    #[inline]
    const fn trump_index(self) -> usize {
        match self.trump {
            Some(t) => t as usize,
            None => 4,
        }
    }

    /// The effective suit's index, or 4 for none (the fast form of [`Ranking::effective_suit`]).
    #[inline]
    pub(crate) fn eff_code(self, card: Card) -> u8 {
        TABLES.eff[self.trump_index()][self.bowers as usize][card.index()]
    }

    /// The effective suit index of every card code under this ranking.
    #[inline]
    pub(crate) fn eff_row(self) -> &'static [u8; Card::CODES] {
        &TABLES.eff[self.trump_index()][self.bowers as usize]
    }

    /// A key that orders the cards of a trick led in the effective suit `led` (an index, or 4):
    /// the highest key wins, and a card that cannot win has key 0. Trumps key 128 + strength,
    /// cards of the suit led their strength (at least 10).
    #[inline]
    pub(crate) fn trick_key(self, card: Card, led: u8) -> u8 {
        let t = self.trump_index();
        let b = self.bowers as usize;
        let e = TABLES.eff[t][b][card.index()];
        let st = TABLES.strength[t][b][card.index()];
        // A trump (at no trump the joker, whose effective "suit" is then none, index 4).
        if e as usize == t {
            128 + st
        } else if e == led {
            st
        } else {
            0
        }
    }

    /// The suit a card counts as when following: the joker and the left bower are trumps.
    #[inline]
    pub fn effective_suit(self, card: Card) -> Option<Suit> {
        let e = self.eff_code(card);
        if e < 4 {
            Some(Suit::ALL[e as usize])
        } else {
            None
        }
    }

    /// Whether the card is a trump: at no trump only the joker is one (it wins any trick it is
    /// in; decks with the joker are played at no trump only in Five Hundred).
    #[inline]
    pub fn is_trump(self, card: Card) -> bool {
        // At no trump the joker (of no suit, index 4) is the one trump (Five Hundred).
        self.eff_code(card) as usize == self.trump_index()
    }

    /// The card's strength within its effective suit: higher beats lower. Trumps rank joker,
    /// right bower, left bower, then A K Q (J without bowers) T 9.
    #[inline]
    pub fn strength(self, card: Card) -> u8 {
        TABLES.strength[self.trump_index()][self.bowers as usize][card.index()]
    }

    /// Whether `challenger` beats the card `best` that is currently winning a trick led in `led`.
    /// An identical card never beats the one played first.
    pub fn beats(self, challenger: Card, best: Card, led: Option<Suit>) -> bool {
        let (ct, bt) = (self.is_trump(challenger), self.is_trump(best));
        match (ct, bt) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => self.strength(challenger) > self.strength(best),
            (false, false) => {
                self.effective_suit(challenger) == led
                    && (self.effective_suit(best) != led
                        || self.strength(challenger) > self.strength(best))
            }
        }
    }
}

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
    /// for a card the deck does not hold): its bit in a [`DeckSet`].
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_of_a_deck_has_a_place_in_card_order() {
        for d in DeckKind::ALL {
            let mut last = None;
            for c in Card::all() {
                let place = d.places()[c.index()];
                if d.copies_of(c) == 0 {
                    assert_eq!(place, NOT_IN_DECK, "{d:?} {c}");
                    continue;
                }
                assert!(usize::from(place) < MAX_DECK);
                assert_eq!(d.card_at(u32::from(place)), c);
                assert!(last.is_none_or(|l| l < place), "places follow card order");
                last = Some(place);
            }
        }
    }

    #[test]
    fn binary_formats_store_a_card_as_one_byte_and_still_read_codes() {
        let mut bytes_seen = std::collections::HashSet::new();
        for c in Card::all() {
            let bytes = rmp_serde::to_vec(&c).unwrap();
            assert_eq!(bytes.len(), 1, "{c} is a positive fixint");
            assert!(bytes_seen.insert(bytes[0]), "{c}'s byte is its own");
            assert_eq!(rmp_serde::from_slice::<Card>(&bytes).unwrap(), c);
            let old = rmp_serde::to_vec(&c.to_string()).unwrap();
            assert_eq!(rmp_serde::from_slice::<Card>(&old).unwrap(), c);
        }
        // The bytes of the first decks' 25 cards, as stored before ranks 2 to 8 existed: the
        // index of the card in `9C TC JC QC KC AC 9D ... AS JK`.
        let first = [
            "9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD", "JD", "QD", "KD", "AD", "9H", "TH",
            "JH", "QH", "KH", "AH", "9S", "TS", "JS", "QS", "KS", "AS", "JK",
        ];
        for (byte, code) in first.iter().enumerate() {
            let card: Card = code.parse().unwrap();
            assert_eq!(usize::from(card.stored_byte()), byte, "{code}");
            assert_eq!(Card::from_stored_byte(byte as u8), Some(card));
        }
        // A card of the first decks is never read from a second byte.
        let nine_clubs: Card = "9C".parse().unwrap();
        assert_eq!(Card::from_stored_byte(25 + nine_clubs.index() as u8), None);
        for bad in [89u64, 255, 1 << 40] {
            let bytes = rmp_serde::to_vec(&bad).unwrap();
            assert!(rmp_serde::from_slice::<Card>(&bytes).is_err(), "{bad}");
        }
        assert!(rmp_serde::from_slice::<Card>(&rmp_serde::to_vec(&-1i64).unwrap()).is_err());
        assert!(
            serde_json::from_str::<Card>("3").is_err(),
            "JSON takes codes only"
        );
    }

    #[test]
    fn codes_round_trip() {
        for c in Card::all() {
            let s = c.to_string();
            let spelled = match (c.rank(), c.suit()) {
                (Some(r), Some(s)) => format!("{}{}", r.char(), s.char()),
                _ => "JK".to_owned(),
            };
            assert_eq!(s, spelled);
            assert_eq!(s.parse::<Card>().unwrap(), c);
            assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{s}\""));
        }
        assert_eq!(
            "TD".parse::<Card>().unwrap(),
            Card::new(Rank::Ten, Suit::Diamonds)
        );
        assert!("10D".parse::<Card>().is_err());
        assert!("jk".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn decks_have_the_right_sizes() {
        for d in DeckKind::ALL {
            assert_eq!(d.cards().len(), d.len(), "{d:?}");
        }
        let codes = |d: DeckKind| d.cards().iter().map(|c| c.code()).collect::<Vec<_>>();
        assert_eq!(
            codes(DeckKind::Euchre32)[..8],
            ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
        );
        assert_eq!(codes(DeckKind::Full52)[..2], ["2C", "3C"]);
        assert!(
            codes(DeckKind::Full52)
                .iter()
                .all(|c| !c.starts_with(['L', 'M', 'N']))
        );
        assert_eq!(codes(DeckKind::Standard25).last(), Some(&"JK"));
    }

    #[test]
    fn ranks_order_and_codes() {
        // Plain suits rank 2 3 ... 9 T L M N J Q K A (RULES-FAMILY section 0).
        let plain = Ranking {
            trump: None,
            bowers: true,
        };
        let spades: Vec<Card> = "2S 3S 4S 5S 6S 7S 8S 9S TS LS MS NS JS QS KS AS"
            .split(' ')
            .map(|c| c.parse().unwrap())
            .collect();
        for w in spades.windows(2) {
            assert!(
                plain.beats(w[1], w[0], Some(Suit::Spades)),
                "{} over {}",
                w[1],
                w[0]
            );
        }
        // With trump, the bowers still top the trump suit of a long deck.
        let hearts = Ranking {
            trump: Some(Suit::Hearts),
            bowers: true,
        };
        let jh: Card = "JH".parse().unwrap();
        let jd: Card = "JD".parse().unwrap();
        let ah: Card = "AH".parse().unwrap();
        let two: Card = "2H".parse().unwrap();
        assert!(hearts.beats(jh, jd, Some(Suit::Hearts)) && hearts.beats(jd, ah, None));
        assert!(hearts.beats(two, "AS".parse().unwrap(), Some(Suit::Spades)));
        assert!("1C".parse::<Card>().is_err() && "LX".parse::<Card>().is_err());
    }
}
