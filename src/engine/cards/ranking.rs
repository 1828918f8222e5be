//! The trump of a hand and how cards rank and follow under it ([`Ranking`]).

use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Card, Rank, Suit};

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
