//! A window on the unbounded grid of cells (Q2.1), built around the
//! formation for one position: which tile is on each cell, which tiles touch
//! each cell, and the empty cells next to the formation.
//!
//! The window is the formation's bounding box with a margin of one cell, the
//! only cells a tile can be added to or moved to (both must touch a tile).
//! A connected formation of `n` tiles has a bounding box of width plus
//! height at most `n + 1`, so the window of a formation of [`MAX_TILES`]
//! tiles has at most [`CAP`] cells: it lives on the stack. Coordinates stay
//! absolute; the window only shifts with the formation.

use crate::params::MAX_TILES;
use crate::state::Tile;

/// Tiles looked at: the first [`MAX_TILES`] of a state.
pub(crate) const TILES: usize = MAX_TILES as usize;
/// The widest window: `MAX_TILES` tiles in a row, plus the margins.
pub(crate) const SIDE: usize = TILES + 2;
/// The most cells of a window (width + height ≤ `MAX_TILES + 5`).
pub(crate) const CAP: usize = 342;
/// Marks a tile that lies outside the window (only in states that break the
/// rules' invariants, such as a formation in pieces).
pub(crate) const OFF: u16 = u16::MAX;

/// The four edge directions.
pub(crate) const EDGES: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Which tile is on each cell of the window.
#[derive(Clone)]
pub(crate) struct Grid {
    /// Absolute column of the window's first column.
    pub x0: i64,
    /// Absolute row of the window's first row.
    pub y0: i64,
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Tiles placed (the first `n` of the state's tiles).
    pub n: usize,
    /// Tile index + 1 per cell, 0 for an empty cell.
    pub occ: [u8; CAP],
    /// Each tile's cell index, or [`OFF`].
    pub at: [u16; TILES],
}

impl Grid {
    /// The window around `tiles`.
    pub fn new(tiles: &[Tile]) -> Grid {
        let n = tiles.len().min(TILES);
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (0i64, 0i64, 0i64, 0i64);
        if let Some(first) = tiles.first() {
            (min_x, max_x, min_y, max_y) = (
                first.x as i64,
                first.x as i64,
                first.y as i64,
                first.y as i64,
            );
        }
        for t in &tiles[..n] {
            min_x = min_x.min(t.x as i64);
            max_x = max_x.max(t.x as i64);
            min_y = min_y.min(t.y as i64);
            max_y = max_y.max(t.y as i64);
        }
        let mut w = (max_x - min_x + 3) as usize;
        let mut h = (max_y - min_y + 3) as usize;
        if w > SIDE || h > SIDE || w * h > CAP {
            // Not a connected formation: keep what fits.
            w = w.min(SIDE);
            h = h.min(CAP / w);
        }
        let mut grid = Grid {
            x0: min_x - 1,
            y0: min_y - 1,
            w,
            h,
            n,
            occ: [0; CAP],
            at: [OFF; TILES],
        };
        for (i, t) in tiles[..n].iter().enumerate() {
            if let Some(c) = grid.index(t.x as i64, t.y as i64) {
                grid.occ[c] = i as u8 + 1;
                grid.at[i] = c as u16;
            }
        }
        grid
    }

    /// The window index of absolute cell `(x, y)`, if inside.
    #[inline]
    pub fn index(&self, x: i64, y: i64) -> Option<usize> {
        self.local(x - self.x0, y - self.y0)
    }

    /// The window index of window cell `(lx, ly)`, if inside.
    #[inline]
    pub fn local(&self, lx: i64, ly: i64) -> Option<usize> {
        if lx >= 0 && ly >= 0 && (lx as usize) < self.w && (ly as usize) < self.h {
            Some(lx as usize + ly as usize * self.w)
        } else {
            None
        }
    }

    /// Window coordinates of a cell index.
    #[inline]
    pub fn coords(&self, c: usize) -> (i64, i64) {
        ((c % self.w) as i64, (c / self.w) as i64)
    }

    /// The absolute cell of window cell `(lx, ly)`.
    #[inline]
    pub fn absolute(&self, lx: i64, ly: i64) -> (i32, i32) {
        ((lx + self.x0) as i32, (ly + self.y0) as i32)
    }

    /// Moves tile `i` to absolute cell `(x, y)` (which must be in the window).
    pub fn relocate(&mut self, i: usize, x: i64, y: i64) {
        if i >= self.n {
            return;
        }
        let old = self.at[i];
        if old != OFF && self.occ[old as usize] as usize == i + 1 {
            self.occ[old as usize] = 0;
        }
        self.at[i] = OFF;
        if let Some(c) = self.index(x, y) {
            self.occ[c] = i as u8 + 1;
            self.at[i] = c as u16;
        }
    }

    /// Adds tile `i` (the next index) on absolute cell `(x, y)`.
    pub fn add(&mut self, i: usize, x: i64, y: i64) {
        if i < TILES && i == self.n {
            self.n += 1;
            self.relocate(i, x, y);
        }
    }
}

/// The window with, for each cell, the tiles edge-adjacent to it.
#[derive(Clone)]
pub(crate) struct Board {
    /// Which tile is where.
    pub grid: Grid,
    /// Per cell, the mask of tiles on its four edge neighbours.
    pub nb: [u32; CAP],
}

impl Board {
    /// The board of `tiles`.
    pub fn new(tiles: &[Tile]) -> Board {
        let grid = Grid::new(tiles);
        let mut nb = [0u32; CAP];
        for i in 0..grid.n {
            let c = grid.at[i];
            if c == OFF {
                continue;
            }
            let (lx, ly) = grid.coords(c as usize);
            for (dx, dy) in EDGES {
                if let Some(n) = grid.local(lx + dx, ly + dy) {
                    nb[n] |= 1 << i;
                }
            }
        }
        Board { grid, nb }
    }

    /// The tiles edge-adjacent to tile `i` (its neighbours in the tile
    /// adjacency graph).
    #[inline]
    pub fn adjacent(&self, i: usize) -> u32 {
        match self.grid.at.get(i) {
            Some(&c) if c != OFF => self.nb[c as usize],
            _ => 0,
        }
    }
}

/// The empty cells edge-adjacent to the formation, as bit sets along the
/// four families of lines: rows, columns, diagonals and anti-diagonals of
/// the window, so that the cells on a tile's eight lines are four masks.
#[derive(Clone)]
pub(crate) struct Frontier {
    /// Per window row, bit `lx` for each frontier cell.
    pub rows: [u64; SIDE],
    /// Per window column, bit `ly` for each frontier cell.
    pub cols: [u64; SIDE],
    /// Per diagonal `lx - ly + h - 1`, bit `lx`.
    pub diag: [u64; 2 * SIDE],
    /// Per anti-diagonal `lx + ly`, bit `lx`.
    pub anti: [u64; 2 * SIDE],
    /// Frontier cells.
    pub count: u32,
}

impl Frontier {
    /// The frontier of a board.
    pub fn new(board: &Board) -> Frontier {
        let g = &board.grid;
        let mut f = Frontier {
            rows: [0; SIDE],
            cols: [0; SIDE],
            diag: [0; 2 * SIDE],
            anti: [0; 2 * SIDE],
            count: 0,
        };
        for i in 0..g.n {
            let c = g.at[i];
            if c == OFF {
                continue;
            }
            let (lx, ly) = g.coords(c as usize);
            for (dx, dy) in EDGES {
                let (nx, ny) = (lx + dx, ly + dy);
                if let Some(n) = g.local(nx, ny) {
                    let (ux, uy) = (nx as usize, ny as usize);
                    if g.occ[n] == 0 && f.rows[uy] & (1 << ux) == 0 {
                        f.rows[uy] |= 1 << ux;
                        f.cols[ux] |= 1 << uy;
                        f.diag[ux + g.h - 1 - uy] |= 1 << ux;
                        f.anti[ux + uy] |= 1 << ux;
                        f.count += 1;
                    }
                }
            }
        }
        f
    }
}
