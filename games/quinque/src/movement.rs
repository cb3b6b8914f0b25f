//! Moving a tile (Q5, Q6): which tiles may move, and where to.
//!
//! A destination must be an empty cell touching the formation once the tile
//! is lifted (Q5.5), so the candidates are the frontier cells on the tile's
//! lines (Q5.4, Q6). For a tile whose lifting leaves the formation in one
//! piece, the legal destinations along the lines are counted at once: the
//! frontier cells on them, less the edge neighbours that touch only the
//! moving tile. An articulation tile leaves two pieces or more, so its
//! destination must touch two tiles or more: only those frontier cells are
//! checked against the pieces.

use crate::board::{Frontier, Grid, TILES};
use crate::formation::Lifts;
use crate::params::Reach;

/// Where a tile may move, as flags: along its row and column...
pub(crate) const ORTHOGONAL: u8 = 1;
/// ...along its diagonals...
pub(crate) const DIAGONAL: u8 = 2;
/// ...one step only.
pub(crate) const STEP: u8 = 4;

/// The flags of a reach.
pub(crate) fn ways(reach: Reach) -> u8 {
    (reach.orthogonal() as u8 * ORTHOGONAL)
        | (reach.diagonal() as u8 * DIAGONAL)
        | (reach.step() as u8 * STEP)
}

/// The step directions in the order destinations are listed: the four
/// edge directions, then the four diagonal ones.
const STEPS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// The per-position data shared by all candidate moves.
pub(crate) struct Moves<'a> {
    pub grid: &'a Grid,
    pub frontier: &'a Frontier,
    pub lifts: &'a Lifts,
}

/// Calls `f` with each set bit of `bits`, lowest first, until it returns true.
#[inline]
fn scan(mut bits: u64, mut f: impl FnMut(i64) -> bool) -> bool {
    while bits != 0 {
        let b = bits.trailing_zeros() as i64;
        bits &= bits - 1;
        if f(b) {
            return true;
        }
    }
    false
}

impl Moves<'_> {
    /// The number of legal destinations of tile `v` moving by `ways`.
    #[inline]
    pub fn count(&self, v: usize, ways: u8) -> u32 {
        let Some((lx, ly)) = self.grid.cell(v) else {
            return 0;
        };
        if ways & (ORTHOGONAL | DIAGONAL) == 0 {
            return 0;
        }
        if ways & STEP != 0 {
            let mut n = 0;
            self.each(v, ways, |_, _| {
                n += 1;
                false
            });
            return n;
        }
        let f = self.frontier;
        let h = self.grid.h;
        let (ux, uy) = (lx as usize, ly as usize);
        if self.lifts.is_articulation(v) {
            // Only a cell touching two tiles can join two pieces.
            let m = &f.multi;
            let w = self.grid.w;
            let lifts = self.lifts;
            let mut n = 0;
            let mut tally = |mut bits: u64, cell: usize, step: usize| {
                // Cells along a line are `step` apart in the window.
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let c = b.wrapping_mul(step).wrapping_add(cell);
                    if let Some(&t) = f.multi_nb.get(c) {
                        n += lifts.joins(v, t) as u32;
                    }
                }
            };
            if ways & ORTHOGONAL != 0 {
                tally(m.rows[uy], uy * w, 1);
                tally(m.cols[ux], ux, w);
            }
            if ways & DIAGONAL != 0 {
                // Diagonal cell (b, b - lx + ly): index b·(w+1) + (ly - lx)·w.
                let base = (ly as usize).wrapping_sub(lx as usize).wrapping_mul(w);
                tally(m.diag[ux + h - 1 - uy], base, w + 1);
                // Anti-diagonal cell (b, lx + ly - b): index b·(1-w) + (lx+ly)·w.
                let base = (ux + uy) * w;
                tally(m.anti[ux + uy], base, 1usize.wrapping_sub(w));
            }
            return n;
        }
        // One piece left: every frontier cell on the lines is a destination,
        // except the edge neighbours that touch only tile v.
        let mut n = 0;
        if ways & ORTHOGONAL != 0 {
            n += f.on_row[uy] as u32 + f.on_col[ux] as u32;
            n -= f.single(lx + 1, ly) as u32
                + f.single(lx - 1, ly) as u32
                + f.single(lx, ly + 1) as u32
                + f.single(lx, ly - 1) as u32;
        }
        if ways & DIAGONAL != 0 {
            n += f.on_diag[ux + h - 1 - uy] as u32 + f.on_anti[ux + uy] as u32;
        }
        n
    }

    /// Whether a tile moved from tile `v`'s cell to the frontier cell
    /// `(x, y)` leaves one formation (Q5.5): the cell touches every piece.
    #[inline]
    fn joins(&self, v: usize, x: i64, y: i64) -> bool {
        self.lifts.joins(v, self.grid.touching(x, y))
    }

    /// Calls `f(x, y)` with the window coordinates of each legal destination
    /// of tile `v`, in the listing order, until `f` returns true.
    pub fn each(&self, v: usize, ways: u8, mut f: impl FnMut(i64, i64) -> bool) {
        let Some((lx, ly)) = self.grid.cell(v) else {
            return;
        };
        let (orthogonal, diagonal) = (ways & ORTHOGONAL != 0, ways & DIAGONAL != 0);
        if ways & STEP != 0 {
            for (dx, dy) in STEPS {
                let straight = dx == 0 || dy == 0;
                if (straight && !orthogonal) || (!straight && !diagonal) {
                    continue;
                }
                let (x, y) = (lx + dx, ly + dy);
                if self.frontier.contains(x, y) && self.joins(v, x, y) && f(x, y) {
                    return;
                }
            }
            return;
        }
        let h = self.grid.h;
        let (ux, uy) = (lx as usize, ly as usize);
        let mut visit = |x: i64, y: i64| self.joins(v, x, y) && f(x, y);
        if self.lifts.is_articulation(v) {
            let cells = &self.frontier.multi;
            if orthogonal {
                if scan(cells.rows[uy], |b| visit(b, ly)) {
                    return;
                }
                if scan(cells.cols[ux], |b| visit(lx, b)) {
                    return;
                }
            }
            if diagonal {
                let d = lx - ly;
                if scan(cells.diag[ux + h - 1 - uy], |b| visit(b, b - d)) {
                    return;
                }
                let s = lx + ly;
                scan(cells.anti[ux + uy], |b| visit(b, s - b));
            }
            return;
        }
        // Otherwise walk the frontier along the lines, in the same order.
        let fr = self.frontier;
        let slopes: &[i64] = match (orthogonal, diagonal) {
            (true, true) => &[0, 1, -1],
            (true, false) => &[0],
            (false, true) => &[1, -1],
            (false, false) => &[],
        };
        if orthogonal && scan(fr.rows[uy], |b| visit(b, ly)) {
            return;
        }
        for &slope in slopes {
            for y in 0..h as i64 {
                let x = lx + slope * (y - ly);
                if fr.contains(x, y) && visit(x, y) {
                    return;
                }
            }
        }
    }

    /// The `k`-th legal destination of tile `v` (window coordinates).
    pub fn nth(&self, v: usize, ways: u8, k: u32) -> Option<(i64, i64)> {
        let mut seen = 0;
        let mut found = None;
        self.each(v, ways, |x, y| {
            if seen == k {
                found = Some((x, y));
                true
            } else {
                seen += 1;
                false
            }
        });
        found
    }
}

/// Whether tile `v` may move at all this action: at least two tiles (Q5.1),
/// not surrounded on four edges (Q5.2), not marked this turn (Q5.3).
#[inline]
pub(crate) fn may_move(adjacent: u32, n: usize, v: usize, marked: Option<u8>) -> bool {
    n >= 2 && v < TILES && adjacent.count_ones() < 4 && marked != Some(v as u8)
}
