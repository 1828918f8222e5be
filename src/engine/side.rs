//! Sides: how the seats of a game form sides ([`Sides`]: partnerships, or every player alone),
//! and per-side data ([`BySide`]: one value for each side).

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::action::{Seat, Team};
use super::game::MAX_SEATS;

/// How the seats of a game form sides: partnerships (seat `s` plays for side `s % teams`,
/// so with two teams the even seats against the odd ones) or every player for themselves (each
/// seat its own side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sides {
    /// `teams` partnerships of `players / teams` seats each, partners sitting opposite.
    Partners {
        /// The number of teams (2 or 3).
        teams: u8,
    },
    /// Every player alone: `players` sides of one seat.
    Individual {
        /// The number of players.
        players: u8,
    },
}

impl Sides {
    /// The number of sides.
    pub const fn count(self) -> usize {
        match self {
            Sides::Partners { teams } => teams as usize,
            Sides::Individual { players } => players as usize,
        }
    }

    /// The side `seat` plays for.
    pub const fn of(self, seat: Seat) -> Team {
        match self {
            Sides::Partners { teams } => seat % teams,
            Sides::Individual { .. } => seat,
        }
    }

    /// Whether seats `a` and `b` play for the same side (a seat is its own partner).
    pub const fn same(self, a: Seat, b: Seat) -> bool {
        self.of(a) == self.of(b)
    }

    /// One `T::default()` per side.
    pub fn zeroed<T: Copy + Default>(self) -> BySide<T> {
        BySide::filled(self.count(), T::default())
    }
}

/// One `T` per side, indexed by the side ([`Team`] as `usize`, see [`Sides::of`]). It
/// serialises as the array of its values (a JSON array, a msgpack array): for two teams exactly
/// as the `[T; 2]` it replaced, so stored states, records and views keep their shape.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    len: u8,
    /// The values of sides `0..len`; the rest stay `T::default()` (so the derived equality and
    /// hash see only the sides).
    values: [T; MAX_SEATS],
}

impl<T: Copy + Default> BySide<T> {
    /// `value` for each of `sides` sides (at most [`MAX_SEATS`]).
    pub fn filled(sides: usize, value: T) -> Self {
        assert!(
            (1..=MAX_SEATS).contains(&sides),
            "{sides} sides: a game has 1 to {MAX_SEATS}"
        );
        let mut values = [T::default(); MAX_SEATS];
        values[..sides].fill(value);
        BySide {
            len: sides as u8,
            values,
        }
    }

    /// The values of `slice`'s sides, `None` if it has none or more than [`MAX_SEATS`].
    pub fn from_slice(slice: &[T]) -> Option<Self> {
        if slice.is_empty() || slice.len() > MAX_SEATS {
            return None;
        }
        let mut values = [T::default(); MAX_SEATS];
        values[..slice.len()].copy_from_slice(slice);
        Some(BySide {
            len: slice.len() as u8,
            values,
        })
    }
}

impl<T> BySide<T> {
    /// Each side with its value, in side order.
    pub fn sides(&self) -> impl Iterator<Item = (Team, &T)> {
        self.iter().enumerate().map(|(i, v)| (i as Team, v))
    }
}

impl<T: fmt::Debug> fmt::Debug for BySide<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> From<[T; N]> for BySide<T> {
    fn from(a: [T; N]) -> Self {
        BySide::from_slice(&a).expect("1 to MAX_SEATS sides")
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for BySide<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        **self == other[..]
    }
}

impl<T: PartialEq, const N: usize> PartialEq<BySide<T>> for [T; N] {
    fn eq(&self, other: &BySide<T>) -> bool {
        self[..] == **other
    }
}

impl<T> Deref for BySide<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.values[..self.len as usize]
    }
}

impl<T> DerefMut for BySide<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.values[..self.len as usize]
    }
}

impl<T: Serialize> Serialize for BySide<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for v in self.iter() {
            seq.serialize_element(v)?;
        }
        seq.end()
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default> Deserialize<'de> for BySide<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Values<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Copy + Default> Visitor<'de> for Values<T> {
            type Value = BySide<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an array of 1 to {MAX_SEATS} values, one per side")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BySide<T>, A::Error> {
                let mut values = [T::default(); MAX_SEATS];
                let mut len = 0;
                while let Some(v) = seq.next_element()? {
                    if len == MAX_SEATS {
                        return Err(serde::de::Error::invalid_length(len + 1, &self));
                    }
                    values[len] = v;
                    len += 1;
                }
                if len == 0 {
                    return Err(serde::de::Error::invalid_length(0, &self));
                }
                Ok(BySide {
                    len: len as u8,
                    values,
                })
            }
        }
        deserializer.deserialize_seq(Values(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::{BySide, Sides};

    /// `BySide<T>` of two sides is written exactly as `[T; 2]` was, in JSON and in msgpack, and
    /// reads back; other lengths are the arrays of their sides.
    #[test]
    fn serialises_as_the_array_of_its_sides() {
        let b = BySide::from([7i32, -3]);
        let a = [7i32, -3];
        assert_eq!(
            serde_json::to_string(&b).unwrap(),
            serde_json::to_string(&a).unwrap()
        );
        assert_eq!(serde_json::to_string(&b).unwrap(), "[7,-3]");
        assert_eq!(
            rmp_serde::to_vec(&b).unwrap(),
            rmp_serde::to_vec(&a).unwrap()
        );
        let back: BySide<i32> = serde_json::from_str("[7,-3]").unwrap();
        assert_eq!(back, a);
        let back: BySide<i32> = rmp_serde::from_slice(&rmp_serde::to_vec(&a).unwrap()).unwrap();
        assert_eq!(back, b);
        let three: BySide<i32> = serde_json::from_str("[1,2,3]").unwrap();
        assert_eq!(three, [1, 2, 3]);
        assert_eq!(format!("{three:?}"), "[1, 2, 3]");
        assert!(serde_json::from_str::<BySide<i32>>("[]").is_err());
        assert!(serde_json::from_str::<BySide<i32>>("[1,2,3,4,5,6,7]").is_err());
        // Equality sees the sides only.
        let mut c = BySide::from([7i32, -3, 5]);
        assert_ne!(c, b);
        c = BySide::from_slice(&c[..2]).unwrap();
        assert_eq!(c, b);
    }

    #[test]
    fn sides_of_seats() {
        let two = Sides::Partners { teams: 2 };
        assert_eq!(two.count(), 2);
        assert_eq!(
            (0..6).map(|s| two.of(s)).collect::<Vec<_>>(),
            [0, 1, 0, 1, 0, 1]
        );
        let three = Sides::Partners { teams: 3 };
        assert_eq!(
            (0..6).map(|s| three.of(s)).collect::<Vec<_>>(),
            [0, 1, 2, 0, 1, 2]
        );
        assert!(three.same(1, 4) && !three.same(1, 2));
        let alone = Sides::Individual { players: 3 };
        assert_eq!(alone.count(), 3);
        assert!(alone.same(2, 2) && !alone.same(0, 1));
        assert_eq!(alone.zeroed::<i32>(), [0, 0, 0]);
    }
}
