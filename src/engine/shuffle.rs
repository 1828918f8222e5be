//! The portable, documented shuffle: the same seed gives the same deal on every machine and in
//! every future version of this server.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood, 2014): `state += 0x9E3779B97F4A7C15`,
//! then `z = state; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) *
//! 0x94D049BB133111EB; z ^ (z >> 31)`, all arithmetic wrapping on 64 bits.
//!
//! A number below `n` is drawn by rejection: `zone = u64::MAX - (u64::MAX % n)`; draw until
//! `x < zone`, answer `x % n` (unbiased).
//!
//! Hand `h` (0 for the first hand of the game) is dealt from a generator started at
//! `seed ^ (h + 1) * 0xD1B54A32D192ED03` (wrapping). The canonical deck (see
//! [`DeckKind::cards`](super::DeckKind::cards)) is shuffled by Fisher–Yates from the top: for `i`
//! from `len - 1` down to 1, swap position `i` with position `below(i + 1)`. The shuffled deck is
//! dealt one card at a time clockwise starting left of the dealer; the cards left over form the
//! widow. The first dealer of a seeded game is `below(players)` from a generator started at
//! `seed` itself.

/// `u64::MAX - (u64::MAX % n)` for small `n`, computed once (a division saved per draw).
static ZONES: [u64; 65] = {
    let mut z = [0u64; 65];
    let mut n = 1;
    while n < 65 {
        z[n] = u64::MAX - (u64::MAX % n as u64);
        n += 1;
    }
    z
};

/// The SplitMix64 generator.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator with the given state.
    pub const fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The generator that deals hand number `hand` (0-based) of a game with `seed`.
    pub const fn for_hand(seed: u64, hand: u32) -> Self {
        SplitMix64(seed ^ (hand as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An unbiased number in `0..n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = if n.wrapping_sub(1) < ZONES.len() as u64 - 1 {
            ZONES[n as usize]
        } else {
            u64::MAX - (u64::MAX % n)
        };
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Fisher–Yates shuffle in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // Reference outputs of SplitMix64 seeded with 1234567 (from the published C code).
        let mut g = SplitMix64::new(1234567);
        assert_eq!(g.next_u64(), 6457827717110365317);
        assert_eq!(g.next_u64(), 3203168211198807973);
        assert_eq!(g.next_u64(), 9817491932198370423);
    }
}
