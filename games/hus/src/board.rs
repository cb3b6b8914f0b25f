//! The board (RULES.md H1): pit indices, pit names, the sowing loop and
//! opposite pits, and a side packed into one `u128` for the sowing engine.
//!
//! Each player owns 16 pits. In *index form* (H1.4) the first row `a8, a7, …,
//! a1` has indices 0–7 and the second row `b1 … b8` has indices 8–15, so that
//! sowing always goes from index `i` to `i + 1 (mod 16)`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Pits on each side.
pub const PITS: usize = 16;

/// A pit of one side, by its index in index form (H1.4). As a move it is the
/// pit the sowing starts from, on the mover's own side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Pit(u8);

impl Pit {
    /// The pit of index `index` (0–15), if there is one.
    pub const fn new(index: usize) -> Option<Pit> {
        if index < PITS {
            Some(Pit(index as u8))
        } else {
            None
        }
    }

    /// The pit of index `index mod 16`.
    pub const fn wrapping(index: usize) -> Pit {
        Pit((index & 15) as u8)
    }

    /// The pit in `row` (`'a'` first row, `'b'` second row) and `column` (1–8,
    /// counted from the owner's left, H1.2).
    pub const fn from_name(row: char, column: u8) -> Option<Pit> {
        if column < 1 || column > 8 {
            return None;
        }
        match row {
            'a' => Some(Pit(8 - column)),
            'b' => Some(Pit(7 + column)),
            _ => None,
        }
    }

    /// The index in index form (H1.4), 0–15.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the pit is in the owner's second (inner) row, `b1`–`b8`.
    pub const fn is_second_row(self) -> bool {
        self.0 >= 8
    }

    /// The row letter: `'a'` for the first row, `'b'` for the second.
    pub const fn row(self) -> char {
        if self.is_second_row() {
            'b'
        } else {
            'a'
        }
    }

    /// The column, 1–8, counted from the owner's left.
    pub const fn column(self) -> u8 {
        if self.is_second_row() {
            self.0 - 7
        } else {
            8 - self.0
        }
    }

    /// The next pit of the owner's loop (H1.3).
    pub const fn next(self) -> Pit {
        Pit((self.0 + 1) & 15)
    }

    /// For a second-row pit `bC`, the opponent's pits facing it (H1.5):
    /// their second-row `b(9-C)` and, behind it, their first-row `a(9-C)`.
    pub const fn opposite(self) -> Option<(Pit, Pit)> {
        if self.is_second_row() {
            Some((Pit(opposite_second(self.0 as usize) as u8), Pit(self.0 - 8)))
        } else {
            None
        }
    }

    /// All 16 pits in index order.
    pub fn all() -> impl Iterator<Item = Pit> {
        (0..PITS as u8).map(Pit)
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row(), self.column())
    }
}

plateau::pit_string_conversions!(Pit, crate::notation::parse_pit);

/// The index of the opponent's second-row pit facing own second-row pit
/// `index` (8–15): `bC` faces `b(9-C)`, that is index `23 - index` (H1.5).
#[inline(always)]
pub const fn opposite_second(index: usize) -> usize {
    23 - index
}

/// The index of the opponent's first-row pit behind the one facing own
/// second-row pit `index` (8–15): `bC` faces `a(9-C)`, index `index - 8` (H1.5).
#[inline(always)]
pub const fn opposite_first(index: usize) -> usize {
    index - 8
}

/// One side's 16 pits packed into a `u128`, byte `i` holding pit `i`. As long
/// as a side holds at most 255 stones no byte ever overflows, so adding a
/// stone to several pits is one addition.
pub type Packed = u128;

/// A 1 in every byte: one stone in every pit.
pub const ONES: Packed = 0x0101_0101_0101_0101_0101_0101_0101_0101;

/// Packs a side.
#[inline(always)]
pub const fn pack(pits: [u8; PITS]) -> Packed {
    u128::from_le_bytes(pits)
}

/// Unpacks a side.
#[inline(always)]
pub const fn unpack(side: Packed) -> [u8; PITS] {
    side.to_le_bytes()
}

/// The stones in pit `index` of a packed side.
#[inline(always)]
pub const fn stones_at(side: Packed, index: usize) -> u32 {
    ((side >> ((index & 15) * 8)) & 0xff) as u32
}

/// The packed side with pit `index` emptied.
#[inline(always)]
pub const fn emptied(side: Packed, index: usize) -> Packed {
    side & !(0xff << ((index & 15) * 8))
}

/// The stones on a packed side (at most 255 in all).
#[inline(always)]
pub const fn side_stones(side: Packed) -> u32 {
    // Byte 15 of the product is the sum of all bytes; with a total of at
    // most 255 no partial sum carries into the next byte.
    (side.wrapping_mul(ONES) >> 120) as u32
}

/// Whether some pit of a packed side holds 2 or more stones.
#[inline(always)]
pub const fn has_pit_with_two(side: Packed) -> bool {
    side & (ONES * 0xfe) != 0
}

/// A bit per pit (bit `i` for pit `i`) of the pits holding 2 or more stones.
#[inline(always)]
pub const fn pits_with_two(side: Packed) -> u16 {
    // Fold every byte's bits 1–7 into its bit 0, then gather the bits 0.
    let mut t = side & (ONES * 0xfe);
    t |= t >> 4;
    t |= t >> 2;
    t |= t >> 1;
    t &= ONES;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let low = ((t as u64).wrapping_mul(GATHER) >> 56) as u16;
    let high = (((t >> 64) as u64).wrapping_mul(GATHER) >> 56) as u16;
    low | (high << 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_form_follows_h1_4() {
        // H1.4: a8, a7, …, a1 are 0–7 and b1 … b8 are 8–15.
        let names: Vec<String> = Pit::all().map(|p| p.to_string()).collect();
        assert_eq!(
            names,
            [
                "a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1", "b1", "b2", "b3", "b4", "b5", "b6",
                "b7", "b8"
            ]
        );
        for pit in Pit::all() {
            assert_eq!(Pit::from_name(pit.row(), pit.column()), Some(pit));
        }
        assert_eq!(Pit::from_name('a', 9), None);
        assert_eq!(Pit::from_name('c', 1), None);
    }

    #[test]
    fn loop_is_a8_to_a1_then_b1_to_b8_then_back() {
        // H1.3: a8 → a1, up into b1, b1 → b8, down again b8 → a8.
        let a1 = Pit::from_name('a', 1).unwrap();
        assert_eq!(a1.next().to_string(), "b1");
        let b8 = Pit::from_name('b', 8).unwrap();
        assert_eq!(b8.next().to_string(), "a8");
    }

    #[test]
    fn opposite_pits_follow_h1_5() {
        // H1.5: bC faces the opponent's b(9-C) and, behind it, a(9-C).
        for c in 1..=8u8 {
            let own = Pit::from_name('b', c).unwrap();
            let (second, first) = own.opposite().unwrap();
            assert_eq!(second, Pit::from_name('b', 9 - c).unwrap());
            assert_eq!(first, Pit::from_name('a', 9 - c).unwrap());
        }
        assert_eq!(Pit::from_name('a', 3).unwrap().opposite(), None);
    }

    #[test]
    fn packed_helpers() {
        let mut pits = [0u8; 16];
        pits[3] = 7;
        pits[15] = 200;
        let side = pack(pits);
        assert_eq!(stones_at(side, 3), 7);
        assert_eq!(stones_at(side, 15), 200);
        assert_eq!(side_stones(side), 207);
        assert_eq!(stones_at(emptied(side, 15), 15), 0);
        assert!(has_pit_with_two(side));
        assert_eq!(pits_with_two(side), (1 << 3) | (1 << 15));
        for i in 0..16 {
            for n in 0..=255u8 {
                let mut pits = [1u8; 16];
                pits[i] = n;
                pits[(i + 5) & 15] = 255 - n;
                let expected = (0..16).fold(0u16, |m, j| m | (u16::from(pits[j] >= 2) << j));
                assert_eq!(pits_with_two(pack(pits)), expected, "{pits:?}");
            }
        }
        assert!(!has_pit_with_two(pack([1; 16])));
        assert_eq!(side_stones(pack([1; 16])), 16);
    }
}
