//! Per-side data: one value for each side of a game (today the two teams, seats 0 and 2 against
//! 1 and 3 and so on; later, independent players).

use std::ops::{Deref, DerefMut, Index, IndexMut};

use serde::{Deserialize, Serialize};

use super::action::{Seat, Team, team_of};

/// One `T` per side, indexed by [`Team`] (as `usize`). It serialises exactly as the array
/// `[T; 2]` did (a JSON array, a msgpack array), so stored states, records and views keep
/// their shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    /// The value of the side `seat` plays for.
    pub fn of_seat(&self, seat: Seat) -> &T {
        &self.0[team_of(seat) as usize]
    }

    /// The value of the side `seat` plays for, to change.
    pub fn of_seat_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[team_of(seat) as usize]
    }

    /// Each side with its value, in side order.
    pub fn sides(&self) -> impl Iterator<Item = (Team, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (i as Team, v))
    }
}

impl<T> From<[T; 2]> for BySide<T> {
    fn from(a: [T; 2]) -> Self {
        BySide(a)
    }
}

impl<T> From<BySide<T>> for [T; 2] {
    fn from(b: BySide<T>) -> Self {
        b.0
    }
}

impl<T: PartialEq> PartialEq<[T; 2]> for BySide<T> {
    fn eq(&self, other: &[T; 2]) -> bool {
        self.0 == *other
    }
}

impl<T: PartialEq> PartialEq<BySide<T>> for [T; 2] {
    fn eq(&self, other: &BySide<T>) -> bool {
        *self == other.0
    }
}

impl<T> Deref for BySide<T> {
    type Target = [T; 2];
    fn deref(&self) -> &[T; 2] {
        &self.0
    }
}

impl<T> DerefMut for BySide<T> {
    fn deref_mut(&mut self) -> &mut [T; 2] {
        &mut self.0
    }
}

impl<T> Index<usize> for BySide<T> {
    type Output = T;
    fn index(&self, side: usize) -> &T {
        &self.0[side]
    }
}

impl<T> IndexMut<usize> for BySide<T> {
    fn index_mut(&mut self, side: usize) -> &mut T {
        &mut self.0[side]
    }
}

#[cfg(test)]
mod tests {
    use super::BySide;

    /// `BySide<T>` is written exactly as `[T; 2]` was, in JSON and in msgpack, and reads back.
    #[test]
    fn serialises_as_the_array_it_replaced() {
        let b = BySide([7i32, -3]);
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
        assert!(serde_json::from_str::<BySide<i32>>("[1,2,3]").is_err());
        assert_eq!(*b.of_seat(2), 7);
        assert_eq!(*b.of_seat(3), -3);
    }
}
