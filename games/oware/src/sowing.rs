//! Sowing (RULES.md O2): the seeds of one house, one by one into the
//! following houses counterclockwise, skipping the house sown from on every
//! full lap.

use crate::board::{seeds_at, Layout, Packed};

/// A sowing: the board afterwards and the ring place of the last seed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sown {
    /// The board after the sowing (before any capture).
    pub board: Packed,
    /// The ring place the last seed fell in.
    pub last: usize,
}

/// Sows the seeds of ring place `from` (O2.1), which must not be empty:
/// `s` seeds give every other house of the ring `(s - 1) / (ring - 1)`
/// seeds for the full laps, and one more to each of the
/// `(s - 1) % (ring - 1) + 1` houses after `from`. The origin is never sown
/// into, so the last seed never falls there.
#[inline(always)]
pub(crate) fn sow(layout: &Layout, board: Packed, from: usize) -> Sown {
    let s = usize::from(seeds_at(board, from));
    debug_assert!(s > 0 && s <= 64, "sowing {s} seeds");
    let reach = usize::from(layout.reach[s]);
    let mut board = (board & layout.clear[from]) + layout.run[from][reach];
    let laps = layout.laps[s];
    if laps > 0 {
        board += Packed::from(laps) * layout.lap[from];
    }
    let mut last = from + reach;
    if last >= layout.ring {
        last -= layout.ring;
    }
    Sown { board, last }
}

/// Ring places after `from` that a sowing of `seeds` seeds reaches once or
/// more, in order, the origin left out (for display and tests).
pub fn path(ring: usize, from: usize, seeds: u32) -> Vec<usize> {
    let mut out = Vec::with_capacity(seeds as usize);
    let mut place = from;
    for _ in 0..seeds {
        place = (place + 1) % ring;
        if place == from {
            place = (place + 1) % ring;
        }
        out.push(place);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeds(layout: &Layout, board: Packed) -> Vec<u8> {
        (0..layout.ring).map(|i| seeds_at(board, i)).collect()
    }

    #[test]
    fn sowing_matches_seed_by_seed() {
        let layout = Layout::new(6, 4);
        for from in 0..12 {
            for n in 1..=48u8 {
                let mut houses = [1u8; 12];
                houses[from] = n;
                let board = layout.pack(&houses);
                let sown = sow(&layout, board, from);
                let mut expected = houses;
                expected[from] = 0;
                let path = path(12, from, u32::from(n));
                for &p in &path {
                    expected[p] += 1;
                }
                assert_eq!(
                    seeds(&layout, sown.board),
                    expected,
                    "from {from}, {n} seeds"
                );
                assert_eq!(sown.last, *path.last().unwrap());
            }
        }
    }
}
