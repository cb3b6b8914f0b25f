//! Moving a tile (Q5, Q6): which tiles may move, and where to.
//!
//! A destination must be an empty cell touching the formation once the tile
//! is lifted (Q5.5), so the candidates are the frontier cells of the window
//! on the tile's lines. For a tile whose lifting leaves the formation in one
//! piece, the legal destinations along a family of lines are simply counted
//! (frontier cells on the line, less the cells that touch only the moving
//! tile); for an articulation tile each candidate is checked against the
//! pieces.

use crate::board::{Board, Frontier, TILES};
use crate::formation::Lifts;
use crate::params::Reach;

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
    pub board: &'a Board,
    pub frontier: &'a Frontier,
    pub lifts: &'a Lifts,
}

impl Moves<'_> {
    /// Whether a tile moved from tile `v`'s cell to window cell `c` leaves
    /// one formation (Q5.5): `c` is empty and touches every piece.
    #[inline]
    fn lands(&self, v: usize, c: usize) -> bool {
        self.board.grid.occ[c] == 0 && self.lifts.joins(v, self.board.nb[c])
    }

    /// The window cell of tile `v`.
    #[inline]
    fn cell(&self, v: usize) -> Option<(i64, i64)> {
        let c = *self.board.grid.at.get(v)?;
        if c == crate::board::OFF {
            None
        } else {
            Some(self.board.grid.coords(c as usize))
        }
    }

    /// The number of legal destinations of tile `v` with reach `reach`.
    pub fn count(&self, v: usize, reach: Reach) -> u32 {
        let Some((lx, ly)) = self.cell(v) else {
            return 0;
        };
        if reach == Reach::None {
            return 0;
        }
        if reach.step() || self.lifts.is_articulation(v) {
            let mut n = 0;
            self.each(v, reach, |_, _| {
                n += 1;
                false
            });
            return n;
        }
        // One piece left: every frontier cell on the lines is a destination,
        // except the edge neighbours that touch only tile v.
        let f = self.frontier;
        let g = &self.board.grid;
        let (ux, uy) = (lx as usize, ly as usize);
        let mut n = 0;
        if reach.orthogonal() {
            n += f.rows[uy].count_ones() + f.cols[ux].count_ones();
            let only = 1u32 << v;
            for (dx, dy) in crate::board::EDGES {
                if let Some(c) = g.local(lx + dx, ly + dy) {
                    if g.occ[c] == 0 && self.board.nb[c] == only {
                        n -= 1;
                    }
                }
            }
        }
        if reach.diagonal() {
            n += f.diag[ux + g.h - 1 - uy].count_ones() + f.anti[ux + uy].count_ones();
        }
        n
    }

    /// Calls `f(x, y)` with the window coordinates of each legal destination
    /// of tile `v`, in the listing order, until `f` returns true.
    pub fn each(&self, v: usize, reach: Reach, mut f: impl FnMut(i64, i64) -> bool) {
        let Some((lx, ly)) = self.cell(v) else {
            return;
        };
        let g = &self.board.grid;
        if reach.step() {
            for (dx, dy) in STEPS {
                let orthogonal = dx == 0 || dy == 0;
                if (orthogonal && !reach.orthogonal()) || (!orthogonal && !reach.diagonal()) {
                    continue;
                }
                if let Some(c) = g.local(lx + dx, ly + dy) {
                    if self.lands(v, c) && f(lx + dx, ly + dy) {
                        return;
                    }
                }
            }
            return;
        }
        let fr = self.frontier;
        let (ux, uy) = (lx as usize, ly as usize);
        let mut visit = |bits: u64, to_cell: &dyn Fn(i64) -> (i64, i64)| -> bool {
            let mut bits = bits;
            while bits != 0 {
                let b = bits.trailing_zeros() as i64;
                bits &= bits - 1;
                let (cx, cy) = to_cell(b);
                if let Some(c) = g.local(cx, cy) {
                    if self.lands(v, c) && f(cx, cy) {
                        return true;
                    }
                }
            }
            false
        };
        if reach.orthogonal() {
            if visit(fr.rows[uy], &|b| (b, ly)) {
                return;
            }
            if visit(fr.cols[ux], &|b| (lx, b)) {
                return;
            }
        }
        if reach.diagonal() {
            let d = lx - ly;
            if visit(fr.diag[ux + g.h - 1 - uy], &|b| (b, b - d)) {
                return;
            }
            let s = lx + ly;
            visit(fr.anti[ux + uy], &|b| (b, s - b));
        }
    }

    /// The `k`-th legal destination of tile `v` (window coordinates).
    pub fn nth(&self, v: usize, reach: Reach, k: u32) -> Option<(i64, i64)> {
        let mut seen = 0;
        let mut found = None;
        self.each(v, reach, |x, y| {
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
pub(crate) fn may_move(board: &Board, v: usize, marked: Option<u8>) -> bool {
    board.grid.n >= 2
        && v < TILES
        && board.adjacent(v).count_ones() < 4
        && marked != Some(v as u8)
}
