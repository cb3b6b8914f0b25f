//! A window on the unbounded grid of cells (Q2.1), built around the
//! formation for one position: which tile is on each cell, and the empty
//! cells next to the formation as bit sets.
//!
//! The window is the formation's bounding box with a margin of
//! [`MARGIN`] cells: tiles can only be added or moved to cells touching a
//! tile, whose neighbours must be inside the window; the wider margin lets
//! the window follow a few moves (see [`Frontier::follow`]) before
//! it has to be built again around the formation. A connected formation of `n` tiles has a bounding box
//! of width plus height at most `n + 1`, so the window of a formation of
//! [`MAX_TILES`] tiles has at most [`CAP`] cells. Coordinates stay absolute;
//! the window only shifts with the formation. The structures are rebuilt in
//! place for each position, clearing only the part of the window in use.

use crate::params::MAX_TILES;
use crate::state::Tile;

/// Tiles looked at: the first [`MAX_TILES`] of a state.
pub(crate) const TILES: usize = MAX_TILES as usize;
/// The margin of the window around the formation's bounding box.
pub(crate) const MARGIN: i64 = 4;
/// The widest window: `MAX_TILES` tiles in a row, plus the margins.
pub(crate) const SIDE: usize = TILES + 2 * MARGIN as usize;
/// Entries of the per-line arrays: a power of two of at least [`SIDE`], so
/// that indices can be masked instead of checked.
pub(crate) const LINES: usize = 64;
/// Entries of the per-diagonal arrays (a power of two of at least
/// `2·SIDE`).
pub(crate) const DIAGONALS: usize = 128;
/// The most cells of a window: width + height ≤ `MAX_TILES + 1 + 4·MARGIN`.
pub(crate) const CAP: usize = 600;
/// Entries of the per-cell arrays (a power of two of at least [`CAP`]).
pub(crate) const CELLS: usize = 1024;

/// A window cell index, masked into the per-cell arrays.
#[inline(always)]
pub(crate) fn at(c: usize) -> usize {
    c & (CELLS - 1)
}

/// A line index, masked into the per-line arrays.
#[inline(always)]
pub(crate) fn line(i: usize) -> usize {
    i & (LINES - 1)
}

/// A diagonal index, masked into the per-diagonal arrays.
#[inline(always)]
pub(crate) fn diagonal(i: usize) -> usize {
    i & (DIAGONALS - 1)
}

/// The four edge directions.
pub(crate) const EDGES: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The bit of a tile from a cell of [`Grid::occ`] (0 for an empty cell).
#[inline]
fn bit(occ: u8) -> u32 {
    ((1u64 << occ) >> 1) as u32
}

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
    /// Tile index + 1 per cell (row by row), 0 for an empty cell.
    pub occ: [u8; CELLS],
    /// Per window row, bit `lx` for each tile.
    pub rows: [u64; LINES],
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
        occ: [0; CELLS],
        rows: [0; LINES],
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
        let mut w = (max_x - min_x + 1 + 2 * MARGIN) as usize;
        let mut h = (max_y - min_y + 1 + 2 * MARGIN) as usize;
        if w > SIDE || h > SIDE || w * h > CAP {
            // Not a connected formation: keep what fits.
            w = w.min(SIDE);
            h = h.min(SIDE).min(CAP / w);
        }
        self.x0 = min_x - MARGIN;
        self.y0 = min_y - MARGIN;
        self.w = w;
        self.h = h;
        self.n = n;
        self.inside = 0;
        self.occ[..w * h].fill(0);
        self.rows[..h].fill(0);
        for (i, t) in tiles[..n].iter().enumerate() {
            self.place(i, t.x as i64, t.y as i64);
        }
    }

    /// Puts tile `i` on absolute cell `(x, y)`, if inside the window.
    #[inline]
    fn place(&mut self, i: usize, x: i64, y: i64) {
        let (lx, ly) = (x - self.x0, y - self.y0);
        if let Some(c) = self.local(lx, ly) {
            self.occ[at(c)] = i as u8 + 1;
            self.rows[line(ly as usize)] |= 1 << (lx % 64);
            self.tx[i] = lx as u8;
            self.ty[i] = ly as u8;
            self.inside |= 1 << i;
        }
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

    /// The tiles on the four edge neighbours of window cell `(lx, ly)`.
    #[inline(always)]
    pub fn touching(&self, lx: i64, ly: i64) -> u32 {
        let w = self.w;
        if lx >= 1 && ly >= 1 && (lx as usize) + 1 < w && (ly as usize) + 1 < self.h {
            let c = lx as usize + ly as usize * w;
            bit(self.occ[at(c - 1)])
                | bit(self.occ[at(c + 1)])
                | bit(self.occ[at(c - w)])
                | bit(self.occ[at(c + w)])
        } else {
            self.touching_at_edge(lx, ly)
        }
    }

    /// [`Grid::touching`] on the window's edge (only in a clipped window).
    #[cold]
    fn touching_at_edge(&self, lx: i64, ly: i64) -> u32 {
        let mut m = 0;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if let Some(c) = self.local(lx + dx, ly + dy) {
                m |= bit(self.occ[at(c)]);
            }
        }
        m
    }

    /// Moves tile `i` to absolute cell `(x, y)` (which must be in the window).
    pub fn relocate(&mut self, i: usize, x: i64, y: i64) {
        if i >= self.n {
            return;
        }
        if let Some((lx, ly)) = self.cell(i) {
            let c = lx as usize + ly as usize * self.w;
            if self.occ[at(c)] as usize == i + 1 {
                self.occ[at(c)] = 0;
                self.rows[line(ly as usize)] &= !(1 << (lx % 64));
            }
        }
        self.inside &= !(1 << i);
        self.place(i, x, y);
    }

    /// Adds tile `i` (the next index) on absolute cell `(x, y)`.
    pub fn add(&mut self, i: usize, x: i64, y: i64) {
        if i < TILES && i == self.n {
            self.n += 1;
            self.place(i, x, y);
        }
    }
}

/// Empty cells of the window as bit sets along the four families of lines:
/// rows, columns, diagonals and anti-diagonals, so that the cells on a
/// tile's eight lines are four masks, with how many lie on each line.
#[derive(Clone)]
pub(crate) struct CellSet {
    /// Per window row, bit `lx`.
    pub rows: [u64; LINES],
    /// Per window column, bit `ly`.
    pub cols: [u64; LINES],
    /// Per diagonal `lx - ly + h - 1`, bit `lx`.
    pub diag: [u64; DIAGONALS],
    /// Per anti-diagonal `lx + ly`, bit `lx`.
    pub anti: [u64; DIAGONALS],
    /// Cells per window row...
    pub on_row: [u8; LINES],
    /// ...per window column...
    pub on_col: [u8; LINES],
    /// ...per diagonal...
    pub on_diag: [u8; DIAGONALS],
    /// ...and per anti-diagonal.
    pub on_anti: [u8; DIAGONALS],
}

impl CellSet {
    const BLANK: CellSet = CellSet {
        rows: [0; LINES],
        cols: [0; LINES],
        diag: [0; DIAGONALS],
        anti: [0; DIAGONALS],
        on_row: [0; LINES],
        on_col: [0; LINES],
        on_diag: [0; DIAGONALS],
        on_anti: [0; DIAGONALS],
    };

    /// Fills the other families and the counts from `rows[..h]`; returns
    /// the number of cells.
    fn spread(&mut self, w: usize, h: usize) -> u32 {
        self.cols[..w].fill(0);
        self.diag[..w + h - 1].fill(0);
        self.anti[..w + h - 1].fill(0);
        self.on_col[..w].fill(0);
        self.on_diag[..w + h - 1].fill(0);
        self.on_anti[..w + h - 1].fill(0);
        let mut count = 0;
        for y in 0..h {
            let mut bits = self.rows[y];
            let mut n = 0;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                n += 1;
                self.cols[x] |= 1 << y;
                self.diag[x + h - 1 - y] |= 1 << x;
                self.anti[x + y] |= 1 << x;
                self.on_col[x] += 1;
                self.on_diag[x + h - 1 - y] += 1;
                self.on_anti[x + y] += 1;
            }
            self.on_row[y] = n;
            count += n as u32;
        }
        count
    }

    /// Puts window cell `(x, y)` of a window of `h` rows in the set (`on`)
    /// or takes it out; it must be out, or in.
    #[inline]
    fn flip(&mut self, x: usize, y: usize, h: usize, on: bool) {
        let (r, c, d, a) = (line(y), line(x), diagonal(x + h - 1 - y), diagonal(x + y));
        let bit = 1u64 << (x % 64);
        self.rows[r] ^= bit;
        self.cols[c] ^= 1 << (y % 64);
        self.diag[d] ^= bit;
        self.anti[a] ^= bit;
        let step = if on { 1u8 } else { u8::MAX };
        self.on_row[r] = self.on_row[r].wrapping_add(step);
        self.on_col[c] = self.on_col[c].wrapping_add(step);
        self.on_diag[d] = self.on_diag[d].wrapping_add(step);
        self.on_anti[a] = self.on_anti[a].wrapping_add(step);
    }

    /// Whether window cell `(x, y)` is in the set.
    #[inline]
    fn has(&self, x: usize, y: usize) -> bool {
        self.rows[line(y)] >> (x % 64) & 1 != 0
    }
}

/// The empty cells edge-adjacent to the formation: where a tile can be added
/// (Q4.2), and the only cells a tile can move to (Q5.5), with how many lie
/// on each line of the window. Those that touch two tiles or more are kept
/// apart: only they can join the pieces a lifted articulation tile leaves.
#[derive(Clone)]
pub(crate) struct Frontier {
    /// The frontier cells.
    pub all: CellSet,
    /// The frontier cells touching two tiles or more.
    pub multi: CellSet,
    /// Per cell of the window (row by row), the tiles on its four edge
    /// neighbours; for the cell of a tile, its neighbours in the tile
    /// adjacency graph.
    pub nb: [u32; CELLS],
    /// Frontier cells.
    pub count: u32,
    /// The window's columns.
    pub w: usize,
    /// The window's rows.
    pub h: usize,
}

impl Frontier {
    /// An empty frontier, to be rebuilt.
    pub const BLANK: Frontier = Frontier {
        all: CellSet::BLANK,
        multi: CellSet::BLANK,
        nb: [0; CELLS],
        count: 0,
        w: 0,
        h: 0,
    };

    /// Rebuilds the frontier of a window, row by row with bit operations,
    /// and the tiles touching each cell.
    pub fn rebuild(&mut self, g: &Grid) {
        let (w, h) = (g.w, g.h);
        (self.w, self.h) = (w, h);
        self.nb[..w * h].fill(0);
        let mut tiles = g.inside;
        while tiles != 0 {
            let i = tiles.trailing_zeros() as usize;
            tiles &= tiles - 1;
            let (x, y) = (g.tx[i] as i64, g.ty[i] as i64);
            for (dx, dy) in EDGES {
                if let Some(c) = g.local(x + dx, y + dy) {
                    self.nb[c] |= 1 << i;
                }
            }
        }
        let inside = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        for y in 0..h {
            let here = g.rows[y];
            let (a, b) = (here << 1, here >> 1);
            let up = if y + 1 < h { g.rows[y + 1] } else { 0 };
            let down = if y > 0 { g.rows[y - 1] } else { 0 };
            let free = !here & inside;
            self.all.rows[y] = (a | b | up | down) & free;
            self.multi.rows[y] = ((a & (b | up | down)) | (b & (up | down)) | (up & down)) & free;
        }
        self.count = self.all.spread(w, h);
        self.multi.spread(w, h);
    }

    /// The tiles touching window cell `(x, y)` (none outside the window).
    #[inline]
    pub fn touching(&self, x: i64, y: i64) -> u32 {
        if (x as u64) < self.w as u64 && (y as u64) < self.h as u64 {
            self.nb[at(x as usize + y as usize * self.w)]
        } else {
            0
        }
    }

    /// Brings the frontier up to date after tile `i` left window cell
    /// `(x, y)` (`arrived`: false) or came to it (true), the window `g`
    /// already showing it: only that cell and its four neighbours change.
    pub fn follow(&mut self, g: &Grid, i: usize, x: i64, y: i64, arrived: bool) {
        let (w, h) = (self.w, self.h);
        if x < 1 || y < 1 || x as usize + 1 >= w || y as usize + 1 >= h {
            return self.follow_at_edge(g, i, x, y, arrived);
        }
        let (ux, uy) = (x as usize, y as usize);
        let c = ux + uy * w;
        let bit = 1u32 << (i % TILES);
        // The cell itself (which may have been the frontier cell next to
        // the one the tile left).
        let touching = if g.occ[at(c)] == 0 { self.nb[at(c)] } else { 0 };
        self.refresh(ux, uy, touching);
        let set = if arrived { bit } else { 0 };
        self.neighbour(g, c + 1, ux + 1, uy, bit, set);
        self.neighbour(g, c - 1, ux - 1, uy, bit, set);
        self.neighbour(g, c + w, ux, uy + 1, bit, set);
        self.neighbour(g, c - w, ux, uy - 1, bit, set);
    }

    /// Brings window cell `(x, y)` (index `c`), an edge neighbour of the
    /// cell a tile left or came to, up to date: the tile `bit` touches it
    /// from now on if `set` holds it. An empty cell joins or leaves the
    /// frontier, or starts or stops touching two tiles.
    #[inline(always)]
    fn neighbour(&mut self, g: &Grid, c: usize, x: usize, y: usize, bit: u32, set: u32) {
        let before = self.nb[at(c)];
        let after = (before & !bit) | set;
        self.nb[at(c)] = after;
        if g.occ[at(c)] != 0 {
            return;
        }
        let multi = |t: u32| t & t.wrapping_sub(1) != 0;
        if (before == 0) != (after == 0) {
            self.flip(x, y, after != 0, false);
        } else if multi(before) != multi(after) {
            self.multi.flip(x, y, self.h, multi(after));
        }
    }

    /// Puts window cell `(x, y)` on the frontier (`on`) or takes it off,
    /// and among the cells touching two tiles too when `multi`.
    #[inline]
    fn flip(&mut self, x: usize, y: usize, on: bool, multi: bool) {
        self.all.flip(x, y, self.h, on);
        self.count = self.count.wrapping_add(if on { 1 } else { u32::MAX });
        if multi {
            self.multi.flip(x, y, self.h, on);
        }
    }

    /// [`Frontier::follow`] for a cell on the window's edge (only in a
    /// clipped window).
    #[cold]
    fn follow_at_edge(&mut self, g: &Grid, i: usize, x: i64, y: i64, arrived: bool) {
        let bit = 1u32 << (i % TILES);
        for (dx, dy) in EDGES {
            if let Some(c) = g.local(x + dx, y + dy) {
                if arrived {
                    self.nb[at(c)] |= bit;
                } else {
                    self.nb[at(c)] &= !bit;
                }
                let touching = if g.occ[at(c)] == 0 { self.nb[at(c)] } else { 0 };
                self.refresh((x + dx) as usize, (y + dy) as usize, touching);
            }
        }
        if let Some(c) = g.local(x, y) {
            let touching = if g.occ[at(c)] == 0 { self.nb[at(c)] } else { 0 };
            self.refresh(x as usize, y as usize, touching);
        }
    }

    /// Records whether window cell `(x, y)` is on the frontier, and whether
    /// it touches two tiles, given the tiles it touches if it is empty
    /// (`touching`: none for the cell of a tile).
    #[inline]
    fn refresh(&mut self, x: usize, y: usize, touching: u32) {
        let front = touching != 0;
        if front != self.all.has(x, y) {
            self.all.flip(x, y, self.h, front);
            self.count = self.count.wrapping_add(if front { 1 } else { u32::MAX });
        }
        let multi = touching & touching.wrapping_sub(1) != 0;
        if multi != self.multi.has(x, y) {
            self.multi.flip(x, y, self.h, multi);
        }
    }

    /// The frontier cells of window row `y` touching exactly one tile
    /// (none outside the window).
    #[inline]
    pub fn singles(&self, y: usize) -> u64 {
        if y < self.h {
            self.all.rows[line(y)] & !self.multi.rows[line(y)]
        } else {
            0
        }
    }

    /// Whether window cell `(lx, ly)` is a frontier cell.
    #[inline]
    pub fn contains(&self, lx: i64, ly: i64) -> bool {
        (ly as u64) < self.h as u64
            && (lx as u64) < self.w as u64
            && self.all.rows[line(ly as usize)] >> (lx % 64) & 1 != 0
    }
}
