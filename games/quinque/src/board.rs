//! A window on the unbounded grid of cells (Q2.1), built around the
//! formation for one position: which tile is on each cell, which tiles touch
//! each cell, and the empty cells next to the formation.
//!
//! The window is the formation's bounding box with a margin of one cell, the
//! only cells a tile can be added to or moved to (both must touch a tile).
//! A connected formation of `n` tiles has a bounding box of width plus
//! height at most `n + 1`, so the window of a formation of [`MAX_TILES`]
//! tiles has at most [`CAP`] cells. Coordinates stay absolute; the window
//! only shifts with the formation. The structures are rebuilt in place for
//! each position, clearing only the part of the window in use.

use crate::params::MAX_TILES;
use crate::state::Tile;

/// Tiles looked at: the first [`MAX_TILES`] of a state.
pub(crate) const TILES: usize = MAX_TILES as usize;
/// The widest window: `MAX_TILES` tiles in a row, plus the margins.
pub(crate) const SIDE: usize = TILES + 2;
/// The most cells of a window (width + height ≤ `MAX_TILES + 5`).
pub(crate) const CAP: usize = 342;
/// The most empty cells touching two tiles or more (each tile has four edges).
pub(crate) const MULTI: usize = 2 * TILES;

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
    /// The tiles inside the window (all of them, unless the state breaks the
    /// rules' invariants, such as a formation in pieces).
    pub inside: u32,
    /// Tile index + 1 per cell, 0 for an empty cell.
    pub occ: [u8; CAP],
    /// Each tile's window column.
    pub tx: [u8; TILES],
    /// Each tile's window row.
    pub ty: [u8; TILES],
}

impl Grid {
    /// An empty grid, to be rebuilt.
    pub const BLANK: Grid = Grid {
        x0: 0,
        y0: 0,
        w: 0,
        h: 0,
        n: 0,
        inside: 0,
        occ: [0; CAP],
        tx: [0; TILES],
        ty: [0; TILES],
    };

    /// The window around `tiles`.
    pub fn new(tiles: &[Tile]) -> Grid {
        let mut g = Grid::BLANK;
        g.rebuild(tiles);
        g
    }

    /// Rebuilds the window around `tiles`.
    pub fn rebuild(&mut self, tiles: &[Tile]) {
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
        self.x0 = min_x - 1;
        self.y0 = min_y - 1;
        self.w = w;
        self.h = h;
        self.n = n;
        self.inside = 0;
        self.occ[..w * h].fill(0);
        for (i, t) in tiles[..n].iter().enumerate() {
            let (lx, ly) = (t.x as i64 - self.x0, t.y as i64 - self.y0);
            if let Some(c) = self.local(lx, ly) {
                self.occ[c] = i as u8 + 1;
                self.tx[i] = lx as u8;
                self.ty[i] = ly as u8;
                self.inside |= 1 << i;
            }
        }
    }

    /// The window index of absolute cell `(x, y)`, if inside.
    #[inline]
    pub fn index(&self, x: i64, y: i64) -> Option<usize> {
        self.local(x - self.x0, y - self.y0)
    }

    /// The window index of window cell `(lx, ly)`, if inside.
    #[inline]
    pub fn local(&self, lx: i64, ly: i64) -> Option<usize> {
        if (lx as u64) < self.w as u64 && (ly as u64) < self.h as u64 {
            Some(lx as usize + ly as usize * self.w)
        } else {
            None
        }
    }

    /// The window cell of tile `i`, if inside the window.
    #[inline]
    pub fn cell(&self, i: usize) -> Option<(i64, i64)> {
        if i < TILES && self.inside & (1 << i) != 0 {
            Some((self.tx[i] as i64, self.ty[i] as i64))
        } else {
            None
        }
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
        if let Some((lx, ly)) = self.cell(i) {
            let c = lx as usize + ly as usize * self.w;
            if self.occ[c] as usize == i + 1 {
                self.occ[c] = 0;
            }
        }
        self.inside &= !(1 << i);
        let (lx, ly) = (x - self.x0, y - self.y0);
        if let Some(c) = self.local(lx, ly) {
            self.occ[c] = i as u8 + 1;
            self.tx[i] = lx as u8;
            self.ty[i] = ly as u8;
            self.inside |= 1 << i;
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
    /// An empty board, to be rebuilt.
    pub const BLANK: Board = Board {
        grid: Grid::BLANK,
        nb: [0; CAP],
    };

    /// Rebuilds the board of `tiles`.
    pub fn rebuild(&mut self, tiles: &[Tile]) {
        self.grid.rebuild(tiles);
        let g = &self.grid;
        self.nb[..g.w * g.h].fill(0);
        let w = g.w as i64;
        let mut inside = g.inside;
        while inside != 0 {
            let i = inside.trailing_zeros() as usize;
            inside &= inside - 1;
            let (lx, ly) = (g.tx[i] as i64, g.ty[i] as i64);
            let c = lx + ly * w;
            let bit = 1u32 << i;
            // The margin keeps the neighbours of a tile inside the window,
            // except in a clipped window.
            if lx + 1 < w {
                self.nb[(c + 1) as usize] |= bit;
            }
            if lx > 0 {
                self.nb[(c - 1) as usize] |= bit;
            }
            if ly + 1 < g.h as i64 {
                self.nb[(c + w) as usize] |= bit;
            }
            if ly > 0 {
                self.nb[(c - w) as usize] |= bit;
            }
        }
    }

    /// The tiles edge-adjacent to tile `i` (its neighbours in the tile
    /// adjacency graph).
    #[inline]
    pub fn adjacent(&self, i: usize) -> u32 {
        match self.grid.cell(i) {
            Some((lx, ly)) => self.nb[lx as usize + ly as usize * self.grid.w],
            None => 0,
        }
    }
}

/// The empty cells edge-adjacent to the formation, as bit sets along the
/// four families of lines: rows, columns, diagonals and anti-diagonals of
/// the window, so that the cells on a tile's eight lines are four masks;
/// and, listed apart, those that touch two tiles or more.
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
    /// The frontier cells touching two tiles or more: window column...
    pub multi_x: [i8; MULTI],
    /// ...window row...
    pub multi_y: [i8; MULTI],
    /// ...and the tiles touched.
    pub multi_nb: [u32; MULTI],
    /// How many of those.
    pub multi: usize,
}

impl Frontier {
    /// An empty frontier, to be rebuilt.
    pub const BLANK: Frontier = Frontier {
        rows: [0; SIDE],
        cols: [0; SIDE],
        diag: [0; 2 * SIDE],
        anti: [0; 2 * SIDE],
        count: 0,
        multi_x: [0; MULTI],
        multi_y: [0; MULTI],
        multi_nb: [0; MULTI],
        multi: 0,
    };

    /// Rebuilds the frontier of a board.
    pub fn rebuild(&mut self, board: &Board) {
        let g = &board.grid;
        let (w, h) = (g.w, g.h);
        self.rows[..h].fill(0);
        self.cols[..w].fill(0);
        self.diag[..w + h - 1].fill(0);
        self.anti[..w + h - 1].fill(0);
        self.count = 0;
        self.multi = 0;
        let mut inside = g.inside;
        while inside != 0 {
            let i = inside.trailing_zeros() as usize;
            inside &= inside - 1;
            let (lx, ly) = (g.tx[i] as i64, g.ty[i] as i64);
            for (dx, dy) in EDGES {
                let (nx, ny) = (lx + dx, ly + dy);
                let Some(c) = g.local(nx, ny) else {
                    continue;
                };
                let (ux, uy) = (nx as usize, ny as usize);
                if g.occ[c] != 0 || self.rows[uy] & (1 << ux) != 0 {
                    continue;
                }
                self.rows[uy] |= 1 << ux;
                self.cols[ux] |= 1 << uy;
                self.diag[ux + h - 1 - uy] |= 1 << ux;
                self.anti[ux + uy] |= 1 << ux;
                self.count += 1;
                let touching = board.nb[c];
                if touching & (touching - 1) != 0 && self.multi < MULTI {
                    self.multi_x[self.multi] = nx as i8;
                    self.multi_y[self.multi] = ny as i8;
                    self.multi_nb[self.multi] = touching;
                    self.multi += 1;
                }
            }
        }
    }
}
