//! The parachutes on the point grid of the window (Q2.2) as bit sets, per
//! colour, along the four families of lines of Q7.1: point rows, point
//! columns, diagonals and anti-diagonals. A line of `len` through a few
//! points is then a handful of shifts and ANDs on the words of the lines
//! through them, instead of a walk from point to point.
//!
//! The sets follow the window of cells ([`Grid`]): bit `c` of row `r` is the
//! point `(pps·x0 + c, pps·y0 + r)`. They are used only when the window's
//! point grid fits in 64 columns and 64 rows ([`Points::fits`]), as it
//! always does in the standard game; [`crate::lines`] walks the points
//! otherwise.

use crate::board::Grid;
use crate::slots::Slots;
use crate::state::Tile;

/// Point rows and columns a window may have for the bit sets to be used.
const SPAN: usize = 64;
/// Diagonals (and anti-diagonals) of a 64×64 grid.
const DIAGONALS: usize = 2 * SPAN;

/// One colour's parachutes along the four families of lines.
#[derive(Clone)]
struct Lines {
    /// Per point row `r`, bit `c`.
    rows: [u64; SPAN],
    /// Per point column `c`, bit `r`.
    cols: [u64; SPAN],
    /// Per diagonal `c - r + SPAN - 1`, bit `c`.
    diag: [u64; DIAGONALS],
    /// Per anti-diagonal `c + r`, bit `c`.
    anti: [u64; DIAGONALS],
}

impl Lines {
    const BLANK: Lines = Lines {
        rows: [0; SPAN],
        cols: [0; SPAN],
        diag: [0; DIAGONALS],
        anti: [0; DIAGONALS],
    };

    /// Clears the lines of a grid of `w` columns and `h` rows (at most
    /// [`SPAN`] each).
    fn clear(&mut self, w: usize, h: usize) {
        let (w, h) = (w.min(SPAN), h.min(SPAN));
        self.rows[..h].fill(0);
        self.cols[..w].fill(0);
        if w > 0 && h > 0 {
            self.diag[SPAN - h..SPAN - 1 + w].fill(0);
            self.anti[..w + h - 1].fill(0);
        }
    }

    /// Flips point `(c, r)` (both below [`SPAN`]).
    #[inline]
    fn flip(&mut self, c: usize, r: usize) {
        let (c, r) = (c % SPAN, r % SPAN);
        self.rows[r] ^= 1 << c;
        self.cols[c] ^= 1 << r;
        self.diag[(c + SPAN - 1 - r) % DIAGONALS] ^= 1 << c;
        self.anti[(c + r) % DIAGONALS] ^= 1 << c;
    }
}

/// The length of the run of set bits of `word` through bit `b` (0 when
/// bit `b` is clear).
#[inline]
fn run_through(word: u64, b: usize) -> u32 {
    let b = b % SPAN;
    let up = (word >> b).trailing_ones();
    let down = (word << (SPAN - 1 - b)).leading_ones();
    (up + down).saturating_sub(1)
}

/// Both colours' parachutes on the window's point grid.
#[derive(Clone)]
pub(crate) struct Points {
    /// Whether the window's point grid fits the bit sets; when it does not,
    /// the sets are empty and must not be asked.
    pub fits: bool,
    /// Parachutists along a tile's side...
    pps: usize,
    /// ...and where each one stands in its tile.
    slots: Slots,
    /// The point columns and rows in use.
    used: (usize, usize),
    /// Red's and Orange's.
    colours: [Lines; 2],
}

impl Points {
    /// No parachutes, to be rebuilt.
    pub const BLANK: Points = Points {
        fits: false,
        pps: 1,
        slots: Slots::ONE,
        used: (0, 0),
        colours: [Lines::BLANK, Lines::BLANK],
    };

    /// Rebuilds the sets for the window `grid` of `tiles`, with `pps`
    /// parachutists along a tile's side.
    pub fn rebuild(&mut self, grid: &Grid, tiles: &[Tile], pps: u32) {
        let pps = pps as usize;
        let (w, h) = self.used;
        for lines in &mut self.colours {
            lines.clear(w, h);
        }
        self.pps = pps;
        self.slots = Slots::new(pps as u32);
        self.fits = pps * grid.w <= SPAN && pps * grid.h <= SPAN;
        if !self.fits {
            self.used = (0, 0);
            return;
        }
        self.used = (pps * grid.w, pps * grid.h);
        for (i, t) in tiles.iter().enumerate().take(grid.n) {
            if let Some((x, y)) = grid.cell(i) {
                self.flip_tile(x as usize, y as usize, t);
            }
        }
    }

    /// Flips the parachutes of tile `t` on window cell `(x, y)`: puts them
    /// there, or takes them away.
    pub fn flip_tile(&mut self, x: usize, y: usize, t: &Tile) {
        if !self.fits {
            return;
        }
        for (colour, mask) in [t.red, t.orange].into_iter().enumerate() {
            let mut bits = mask;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.flip(colour, x, y, slot);
            }
        }
    }

    /// Flips the parachute of `colour` on parachutist `slot` of the tile on
    /// window cell `(x, y)`.
    #[inline]
    pub fn flip(&mut self, colour: usize, x: usize, y: usize, slot: usize) {
        if self.fits {
            let (p, (i, j)) = (self.pps, self.slots.place(slot as u32));
            self.colours[colour & 1].flip(p * x + i as usize, p * y + j as usize);
        }
    }

    /// Whether `colour` has `len` or more parachutes in a row through one of
    /// its parachutes on the parachutists `slots` of the tile on window cell
    /// `(x, y)` (Q7.1).
    pub fn line_through(&self, colour: usize, len: u32, x: usize, y: usize, slots: u16) -> bool {
        if !self.fits {
            return false;
        }
        let p = self.pps;
        let lines = &self.colours[colour & 1];
        let mut bits = slots;
        while bits != 0 {
            let slot = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (i, j) = self.slots.place(slot as u32);
            let (c, r) = ((p * x + i as usize) % SPAN, (p * y + j as usize) % SPAN);
            if run_through(lines.rows[r], c) >= len
                || run_through(lines.cols[c], r) >= len
                || run_through(lines.diag[c + SPAN - 1 - r], c) >= len
                || run_through(lines.anti[c + r], c) >= len
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::{line_through, line_through_tile};
    use plateau::Player;

    #[test]
    fn runs_are_measured_through_a_bit() {
        assert_eq!(run_through(0b11111 << 3, 3), 5);
        assert_eq!(run_through(0b11111 << 3, 7), 5);
        assert_eq!(run_through(0b11111 << 3, 8), 0);
        assert_eq!(run_through(0b11011, 1), 2);
        assert_eq!(run_through(u64::MAX, 0), 64);
        assert_eq!(run_through(u64::MAX, 63), 64);
        assert_eq!(run_through(1 << 63, 63), 1);
    }

    /// Random formations with random parachutes: the bit sets find the
    /// lines the walk over the points finds.
    #[test]
    fn bit_sets_agree_with_the_walk() {
        use plateau::rand::Rng;
        for seed in 0..300u64 {
            let mut rng = plateau::rng(seed);
            let pps = rng.random_range(1..=3u32);
            let len = rng.random_range(2..=6u32);
            let n = rng.random_range(1..=12usize);
            let cells = crate::formation::tests::grown_cells(&mut rng, n);
            let points = pps * pps;
            let tiles: Vec<Tile> = cells
                .iter()
                .map(|&(x, y)| {
                    let mut t = Tile::new(x, y);
                    for slot in 0..points {
                        match rng.random_range(0..3) {
                            0 => t.red |= 1 << slot,
                            1 => t.orange |= 1 << slot,
                            _ => {}
                        }
                    }
                    t
                })
                .collect();
            let grid = Grid::new(&tiles);
            let mut sets = Points::BLANK;
            sets.rebuild(&grid, &tiles, pps);
            assert!(sets.fits);
            for (i, t) in tiles.iter().enumerate() {
                let (x, y) = grid.cell(i).unwrap();
                let (x, y) = (x as usize, y as usize);
                for colour in 0..2 {
                    let player = Player(colour as u8);
                    assert_eq!(
                        sets.line_through(colour, len, x, y, t.of(player)),
                        line_through_tile(&grid, &tiles, pps, len, player, i),
                        "seed {seed}, tile {i}, colour {colour}"
                    );
                    for slot in 0..points as usize {
                        if t.of(player) >> slot & 1 == 0 {
                            continue;
                        }
                        let p = pps as i64;
                        let (px, py) = (
                            p * t.x as i64 + slot as i64 % p,
                            p * t.y as i64 + slot as i64 / p,
                        );
                        assert_eq!(
                            sets.line_through(colour, len, x, y, 1 << slot),
                            line_through(&grid, &tiles, pps, len, player, px, py),
                            "seed {seed}, tile {i}, slot {slot}"
                        );
                    }
                }
            }
        }
    }
}
