//! Bitboards for fast random moves: the squares of the board as bits of a
//! `u128`, eleven bits a rank (the eleventh a guard that is never a square),
//! so that a shift by 11 or 1 moves every piece one square at once.

use crate::board::{CELLS, DIRS, STRIDE};

/// A set of squares.
pub(crate) type Bits = u128;

/// Bits per rank.
const BSTRIDE: usize = 11;

/// The bit of each padded-array cell (255: not a square).
static CELL_BIT: [u8; CELLS] = cell_bits();
/// The padded-array cell of each bit (0: not a square).
static BIT_CELL: [u8; 128] = bit_cells();

const fn cell_bits() -> [u8; CELLS] {
    let mut t = [255u8; CELLS];
    let mut rank = 0;
    while rank < 10 {
        let mut file = 0;
        while file < 10 {
            t[(rank + 1) * STRIDE + file + 1] = (rank * BSTRIDE + file) as u8;
            file += 1;
        }
        rank += 1;
    }
    t
}

const fn bit_cells() -> [u8; 128] {
    let mut t = [0u8; 128];
    let mut rank = 0;
    while rank < 10 {
        let mut file = 0;
        while file < 10 {
            t[rank * BSTRIDE + file] = ((rank + 1) * STRIDE + file + 1) as u8;
            file += 1;
        }
        rank += 1;
    }
    t
}

/// The set holding only the square of `cell` (empty if it is no square).
#[inline(always)]
pub(crate) fn bit(cell: usize) -> Bits {
    let b = CELL_BIT[cell % CELLS];
    if b == 255 {
        0
    } else {
        1 << b
    }
}

/// The cell of a bit index.
#[inline(always)]
pub(crate) fn cell(bit: u32) -> usize {
    BIT_CELL[(bit & 127) as usize] as usize
}

/// Every square moved one step in direction `d` (an index into [`DIRS`]).
#[inline(always)]
pub(crate) fn shift(b: Bits, d: usize) -> Bits {
    match d {
        0 => b << BSTRIDE,
        1 => b >> BSTRIDE,
        2 => b << 1,
        _ => b >> 1,
    }
}

/// The index of the `n`-th set bit (from 0) of `b`, which has more than `n`.
#[inline(always)]
pub(crate) fn nth_bit(mut b: Bits, mut n: u32) -> u32 {
    let low = b as u64;
    let lc = low.count_ones();
    if n >= lc {
        n -= lc;
        b >>= 64;
        let mut high = b as u64;
        for _ in 0..n {
            high &= high - 1;
        }
        return 64 + high.trailing_zeros();
    }
    let mut low = low;
    for _ in 0..n {
        low &= low - 1;
    }
    low.trailing_zeros()
}

const _: () = assert!(DIRS.len() == 4);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn shifts_move_squares_and_never_wrap() {
        for sq in crate::board::squares(10, 10) {
            let b = bit(sq.index());
            for (d, off) in DIRS.iter().enumerate() {
                let moved = shift(b, d);
                let target = (sq.index() as isize + off) as usize;
                assert_eq!(moved & bit_mask(), bit(target), "{sq} dir {d}");
            }
            assert_eq!(cell(b.trailing_zeros()), sq.index());
        }
        assert_eq!(nth_bit(0b1011_0000, 2), 7);
        assert_eq!(nth_bit((1u128 << 100) | 1, 1), 100);
        let _ = Square::new(0, 0);
    }

    fn bit_mask() -> Bits {
        crate::board::squares(10, 10).fold(0, |m, s| m | bit(s.index()))
    }
}
