//! Capture (RULES.md O3): 2s and 3s taken backwards from the last seed in
//! the opponent's row, and the grand slam that takes nothing.

use crate::board::{seeds_at, Layout, Packed};
use plateau::Player;

/// What the capture of a sowing takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Capture {
    /// The last seed did not make a 2 or 3 in the opponent's row (O3.1).
    None,
    /// The houses `first ..= last` (ring places) of the opponent's row are
    /// taken, `seeds` in all (O3.1, O3.3).
    Taken {
        /// The first ring place taken (the one furthest back).
        first: usize,
        /// The ring place of the last seed.
        last: usize,
        /// Seeds taken.
        seeds: u32,
    },
    /// The capture would take every seed of the opponent's row: a grand
    /// slam, nothing is taken (O3.2).
    GrandSlam {
        /// Seeds that would have been taken.
        seeds: u32,
    },
}

impl Capture {
    /// Seeds taken (0 for none and a grand slam).
    pub const fn taken(self) -> u32 {
        match self {
            Capture::Taken { seeds, .. } => seeds,
            _ => 0,
        }
    }
}

/// The capture after `mover`'s sowing ended at ring place `last` (O3.1,
/// O3.2), and the board after it.
#[inline(always)]
pub(crate) fn capture(
    layout: &Layout,
    board: Packed,
    last: usize,
    mover: Player,
) -> (Packed, Capture) {
    let opponent = mover.opponent();
    let start = layout.row_start(opponent);
    if last < start || last >= start + layout.houses {
        return (board, Capture::None);
    }
    let mut place = last;
    let mut seeds = 0u32;
    let mut kept: Packed = !0;
    loop {
        let n = seeds_at(board, place);
        if n != 2 && n != 3 {
            break;
        }
        seeds += u32::from(n);
        kept &= layout.clear[place];
        if place == start {
            break;
        }
        place -= 1;
    }
    if seeds == 0 {
        return (board, Capture::None);
    }
    if seeds == layout.row_seeds(board, opponent) {
        return (board, Capture::GrandSlam { seeds });
    }
    let first = if seeds_at(board, place) == 2 || seeds_at(board, place) == 3 {
        place
    } else {
        place + 1
    };
    (board & kept, Capture::Taken { first, last, seeds })
}
