//! Moving a tile (Q5, Q6): which tiles may move, and where to.
//!
//! A destination must be an empty cell touching the formation once the tile
//! is lifted (Q5.5), so the candidates are the frontier cells on the tile's
//! lines (Q5.4, Q6). For a tile whose lifting leaves the formation in one
//! piece, the legal destinations along the lines are counted at once: the
//! frontier cells on them, less the edge neighbours that touch only the
//! moving tile. An articulation tile leaves two pieces or more, so its
//! destination must touch two tiles or more: only those frontier cells are
//! checked against the pieces. They are its *candidates*: random actions are
//! drawn among the candidates and a candidate that does not join the pieces
//! is drawn again (see `legal`), so that they need not all be checked.

use crate::board::{at, diagonal, line, Frontier, Grid};
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

/// The row, column, diagonal and anti-diagonal indices of window cell
/// `(x, y)` in a window of `h` rows.
#[inline]
fn line_indices(x: usize, y: usize, h: usize) -> (usize, usize, usize, usize) {
    (line(y), line(x), diagonal(x + h - 1 - y), diagonal(x + y))
}

/// The window cell of the `k`-th cell of the lines through window cell
/// `(x, y)`, given as `[row, column, diagonal, anti-diagonal]` masks with
/// their numbers of cells, in that order and lowest bit first.
#[inline]
fn nth_on_lines(lines: [(u64, u32); 4], x: i64, y: i64, mut k: u32) -> Option<(i64, i64)> {
    for (family, (mut bits, n)) in lines.into_iter().enumerate() {
        if k >= n {
            k -= n;
            continue;
        }
        for _ in 0..k {
            bits &= bits.wrapping_sub(1);
        }
        let b = bits.trailing_zeros() as i64;
        // Bit `b` of the row, column, diagonal or anti-diagonal (picked
        // from arrays: a jump would often be mispredicted).
        let xs = [b, x, b, b];
        let ys = [y, b, b - x + y, x + y - b];
        return Some((xs[family], ys[family]));
    }
    None
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
        let (w, h) = (self.grid.w, self.grid.h);
        let interior = lx >= 1 && ly >= 1 && (lx as usize) + 1 < w && (ly as usize) + 1 < h;
        if ways == ORTHOGONAL | DIAGONAL && interior {
            self.count_inside(v)
        } else {
            self.count_by_ways(v, lx, ly, ways)
        }
    }

    /// The number of legal destinations of tile `v`, moving along its eight
    /// lines (Q5.4), its window cell at least one cell away from the
    /// window's edges.
    #[inline]
    pub fn count_inside(&self, v: usize) -> u32 {
        if !self.lifts.is_articulation(v) {
            return self.candidates_inside(v);
        }
        let g = self.grid;
        let (ux, uy) = (g.tx[v % 32] as usize, g.ty[v % 32] as usize);
        let (r, c, d, a) = line_indices(ux, uy, g.h);
        let m = &self.frontier.multi;
        self.tally_joining(v, ux, uy, [m.rows[r], m.cols[c], m.diag[d], m.anti[a]])
    }

    /// The candidate destinations of tile `v`, placed as in
    /// [`Moves::count_inside`]: its legal destinations if it is not an
    /// articulation tile, otherwise the frontier cells touching two tiles
    /// on its eight lines (the only ones that can join the pieces it
    /// leaves), in the order of [`Moves::nth_candidate`].
    #[inline]
    pub fn candidates_inside(&self, v: usize) -> u32 {
        let g = self.grid;
        let f = self.frontier;
        let (ux, uy) = (g.tx[v % 32] as usize, g.ty[v % 32] as usize);
        let (r, c, d, a) = line_indices(ux, uy, g.h);
        // Both counts are worked out, without a branch, and one is taken.
        let m = &f.multi;
        let multi = m.on_row[r] as u32 + m.on_col[c] as u32 + m.on_diag[d] as u32;
        let multi = multi + m.on_anti[a] as u32;
        // One piece left: every frontier cell on the eight lines is a
        // destination, except the edge neighbours that touch only v.
        let (w, cell, bit) = (g.w, ux + uy * g.w, 1u32 << (v % 32));
        let lonely = |n: usize| ((g.occ[at(n)] == 0) & (f.nb[at(n)] == bit)) as u32;
        let all = f.all.on_row[r] as u32 + f.all.on_col[c] as u32 + f.all.on_diag[d] as u32;
        let one = all + f.all.on_anti[a] as u32
            - lonely(cell + 1)
            - lonely(cell - 1)
            - lonely(cell + w)
            - lonely(cell - w);
        if self.lifts.is_articulation(v) {
            multi
        } else {
            one
        }
    }

    /// The window cell of destination `k` of tile `v`, not an
    /// articulation tile, placed as in [`Moves::count_inside`], in the
    /// order of [`Moves::each`].
    pub fn nth_inside(&self, v: usize, k: u32) -> Option<(i64, i64)> {
        let g = self.grid;
        let f = self.frontier;
        let (ux, uy) = (g.tx[v % 32] as usize, g.ty[v % 32] as usize);
        let (r, c, d, a) = line_indices(ux, uy, g.h);
        // The edge neighbours touching only v are no destinations.
        let (w, cell, bit) = (g.w, ux + uy * g.w, 1u32 << (v % 32));
        let lonely = |n: usize| ((g.occ[at(n)] == 0) & (f.nb[at(n)] == bit)) as u64;
        let (right, left) = (lonely(cell + 1), lonely(cell - 1));
        let (up, down) = (lonely(cell + w), lonely(cell - w));
        let row = f.all.rows[r] & !(right << (ux + 1) | left << (ux - 1));
        let col = f.all.cols[c] & !(up << (uy + 1) | down << (uy - 1));
        let all = &f.all;
        let lines = [
            (row, all.on_row[r] as u32 - (right + left) as u32),
            (col, all.on_col[c] as u32 - (up + down) as u32),
            (all.diag[d], all.on_diag[d] as u32),
            (all.anti[a], all.on_anti[a] as u32),
        ];
        nth_on_lines(lines, ux as i64, uy as i64, k)
    }

    /// The window cell of candidate `k` of the articulation tile `v`
    /// (see [`Moves::candidates_inside`]), if it is a legal destination.
    pub fn nth_candidate(&self, v: usize, k: u32) -> Option<(i64, i64)> {
        let g = self.grid;
        let m = &self.frontier.multi;
        let (ux, uy) = (g.tx[v % 32] as usize, g.ty[v % 32] as usize);
        let (r, c, d, a) = line_indices(ux, uy, g.h);
        let lines = [
            (m.rows[r], m.on_row[r] as u32),
            (m.cols[c], m.on_col[c] as u32),
            (m.diag[d], m.on_diag[d] as u32),
            (m.anti[a], m.on_anti[a] as u32),
        ];
        let (x, y) = nth_on_lines(lines, ux as i64, uy as i64, k)?;
        let touching = self.frontier.touching(x, y);
        self.lifts.joins_all(v, touching).then_some((x, y))
    }

    /// The cells among the multi-tile frontier cells `[row, column,
    /// diagonal, anti-diagonal]` of the lines through window cell `(ux, uy)`
    /// of the articulation tile `v` that join all the pieces it leaves.
    #[inline(always)]
    fn tally_joining(&self, v: usize, ux: usize, uy: usize, lines: [u64; 4]) -> u32 {
        let [rows, cols, diags, antis] = lines;
        if rows | cols | diags | antis == 0 {
            return 0;
        }
        let w = self.grid.w;
        let (f, lifts) = (self.frontier, self.lifts);
        let mut n = 0;
        let mut tally = |mut bits: u64, base: usize, step: usize| {
            // Cells along a line are `step` apart in the window.
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = b.wrapping_mul(step).wrapping_add(base);
                n += lifts.joins_all(v, f.nb[at(c)]) as u32;
            }
        };
        tally(rows, uy * w, 1);
        tally(cols, ux, w);
        // Diagonal cell (b, b - lx + ly): index b·(w+1) + (ly - lx)·w.
        tally(diags, uy.wrapping_sub(ux).wrapping_mul(w), w + 1);
        // Anti-diagonal cell (b, lx + ly - b): index b·(1-w) + (lx+ly)·w.
        tally(antis, (ux + uy) * w, 1usize.wrapping_sub(w));
        n
    }

    /// [`Moves::count`] for any movement flags and any cell of the window.
    fn count_by_ways(&self, v: usize, lx: i64, ly: i64, ways: u8) -> u32 {
        if ways & STEP != 0 || ways == 0 {
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
        let (orthogonal, diagonal) = (ways & ORTHOGONAL != 0, ways & DIAGONAL != 0);
        let (d, a) = (ux + h - 1 - uy, ux + uy);
        if !self.lifts.is_articulation(v) {
            // One piece left: every frontier cell on the lines is a
            // destination, except the edge neighbours that touch only v.
            let mut n = 0;
            if orthogonal {
                let (row, up, down) = (
                    f.singles(uy),
                    f.singles(uy + 1),
                    f.singles(uy.wrapping_sub(1)),
                );
                let x = ux as u32;
                let lonely = (row.wrapping_shr(x.wrapping_sub(1)) & 1)
                    + (row.wrapping_shr(x + 1) & 1)
                    + (up.wrapping_shr(x) & 1)
                    + (down.wrapping_shr(x) & 1);
                n += (f.all.on_row[uy] as u32 + f.all.on_col[ux] as u32)
                    .saturating_sub(lonely as u32);
            }
            if diagonal {
                n += f.all.on_diag[d] as u32 + f.all.on_anti[a] as u32;
            }
            return n;
        }
        // Only a cell touching two tiles can join two pieces.
        let m = &f.multi;
        let (rows, cols) = if orthogonal {
            (m.rows[uy], m.cols[ux])
        } else {
            (0, 0)
        };
        let (diags, antis) = if diagonal {
            (m.diag[d], m.anti[a])
        } else {
            (0, 0)
        };
        self.tally_joining(v, ux, uy, [rows, cols, diags, antis])
    }

    /// Whether a tile moved from tile `v`'s cell to the frontier cell
    /// `(x, y)` leaves one formation (Q5.5): the cell touches every piece.
    #[inline]
    fn joins(&self, v: usize, x: i64, y: i64) -> bool {
        self.lifts.joins(v, self.frontier.touching(x, y))
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
        // An articulation tile can only land on a cell touching two tiles.
        let cells = if self.lifts.is_articulation(v) {
            &self.frontier.multi
        } else {
            &self.frontier.all
        };
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
/// (With two tiles or more, given its neighbours and whether it is free of
/// a mark this turn.)
#[inline]
pub(crate) fn may_move(adjacent: u32, unmarked: bool) -> bool {
    // At most four neighbours: clearing the lowest bit three times leaves
    // something only when there are four.
    let mut rest = adjacent & adjacent.wrapping_sub(1);
    rest &= rest.wrapping_sub(1);
    rest &= rest.wrapping_sub(1);
    rest == 0 && unmarked
}
