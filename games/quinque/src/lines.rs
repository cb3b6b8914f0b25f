//! Lines of parachutes on the point grid (Q2.2, Q7.1): horizontal, vertical
//! or diagonal, across tiles, looked up point by point through the window of
//! cells. The end checks use the bit sets of `points` when they have them;
//! this walk serves the other cases (a window too wide for them, a state
//! the analysis does not follow) and checks them in the tests.

use crate::board::Grid;
use crate::state::Tile;
use plateau::Player;

/// The four line directions on the point grid.
const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Whether point `(px, py)` carries a parachute of `colour`, with `P`
/// parachutists along a tile's side.
#[inline]
fn has<const P: i64>(grid: &Grid, tiles: &[Tile], colour: Player, px: i64, py: i64) -> bool {
    let (lx, ly) = ((px - grid.x0 * P) as u64, (py - grid.y0 * P) as u64);
    let p = P as u64;
    let (cx, cy) = (lx / p, ly / p);
    if cx >= grid.w as u64 || cy >= grid.h as u64 {
        return false;
    }
    let t = grid.occ[(cx + cy * grid.w as u64) as usize];
    if t == 0 {
        return false;
    }
    let slot = (lx % p) + p * (ly % p);
    tiles
        .get(t as usize - 1)
        .is_some_and(|t| (t.of(colour) >> slot) & 1 != 0)
}

fn through<const P: i64>(
    grid: &Grid,
    tiles: &[Tile],
    len: i64,
    colour: Player,
    px: i64,
    py: i64,
) -> bool {
    DIRECTIONS.iter().any(|&(dx, dy)| {
        run_reaches(len, px, py, dx, dy, |x, y| {
            has::<P>(grid, tiles, colour, x, y)
        })
    })
}

/// Whether the run through point `(px, py)` (which `at` holds) along
/// `(dx, dy)`, both ways, has `len` or more points that `at` holds.
#[inline(always)]
fn run_reaches(
    len: i64,
    px: i64,
    py: i64,
    dx: i64,
    dy: i64,
    at: impl Fn(i64, i64) -> bool,
) -> bool {
    let mut count = 1;
    let mut k = 1;
    while count < len && at(px + k * dx, py + k * dy) {
        count += 1;
        k += 1;
    }
    k = 1;
    while count < len && at(px - k * dx, py - k * dy) {
        count += 1;
        k += 1;
    }
    count >= len
}

/// Whether `colour` has `len` or more parachutes in a row through point
/// `(px, py)` (which must carry one of theirs).
pub(crate) fn line_through(
    grid: &Grid,
    tiles: &[Tile],
    pps: u32,
    len: u32,
    colour: Player,
    px: i64,
    py: i64,
) -> bool {
    let len = len as i64;
    match pps {
        1 => through::<1>(grid, tiles, len, colour, px, py),
        2 => through::<2>(grid, tiles, len, colour, px, py),
        3 => through::<3>(grid, tiles, len, colour, px, py),
        _ => through::<4>(grid, tiles, len, colour, px, py),
    }
}

fn line_points<const P: i64>(
    grid: &Grid,
    tiles: &[Tile],
    len: i64,
    colour: Player,
) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for t in tiles {
        let (bx, by) = (P * t.x as i64, P * t.y as i64);
        for slot in 0..P * P {
            let (px, py) = (bx + slot % P, by + slot / P);
            if (t.of(colour) >> slot) & 1 == 0 {
                continue;
            }
            for (dx, dy) in DIRECTIONS {
                // Each run is walked from its first point.
                if has::<P>(grid, tiles, colour, px - dx, py - dy) {
                    continue;
                }
                let mut run = vec![(px, py)];
                while has::<P>(
                    grid,
                    tiles,
                    colour,
                    px + run.len() as i64 * dx,
                    py + run.len() as i64 * dy,
                ) {
                    run.push((px + run.len() as i64 * dx, py + run.len() as i64 * dy));
                }
                if run.len() as i64 >= len {
                    out.extend(
                        run.into_iter()
                            .filter(|p| !out.contains(p))
                            .collect::<Vec<_>>(),
                    );
                }
            }
        }
    }
    out
}

/// The points of every line of `len` or more parachutes of `colour` (Q7.1),
/// for marking a winning line on the board.
pub(crate) fn lines_of(tiles: &[Tile], pps: u32, len: u32, colour: Player) -> Vec<(i64, i64)> {
    let grid = Grid::new(tiles);
    let len = len as i64;
    match pps {
        1 => line_points::<1>(&grid, tiles, len, colour),
        2 => line_points::<2>(&grid, tiles, len, colour),
        3 => line_points::<3>(&grid, tiles, len, colour),
        _ => line_points::<4>(&grid, tiles, len, colour),
    }
}

fn through_tile<const P: i64>(
    grid: &Grid,
    tiles: &[Tile],
    len: i64,
    colour: Player,
    t: &Tile,
) -> bool {
    let own = (t.of(colour) as u64) & ((1u64 << (P * P)) - 1);
    let (bx, by) = (P * t.x as i64, P * t.y as i64);
    // A point of the tile is read from its mask, any other through the window.
    let at = |px: i64, py: i64| {
        let (i, j) = (px - bx, py - by);
        if (i as u64) < P as u64 && (j as u64) < P as u64 {
            own >> (j * P + i) & 1 != 0
        } else {
            has::<P>(grid, tiles, colour, px, py)
        }
    };
    let mut bits = own;
    while bits != 0 {
        let slot = bits.trailing_zeros() as i64;
        bits &= bits - 1;
        let (i, j) = (slot % P, slot / P);
        for (dx, dy) in DIRECTIONS {
            // Each run through the tile is counted from its first point in it.
            let (pi, pj) = (i - dx, j - dy);
            if (pi as u64) < P as u64 && (pj as u64) < P as u64 && own >> (pj * P + pi) & 1 != 0 {
                continue;
            }
            if run_reaches(len, bx + i, by + j, dx, dy, at) {
                return true;
            }
        }
    }
    false
}

/// Whether `colour` has a line through one of the parachutes of that colour
/// on tile `i`.
pub(crate) fn line_through_tile(
    grid: &Grid,
    tiles: &[Tile],
    pps: u32,
    len: u32,
    colour: Player,
    i: usize,
) -> bool {
    let Some(t) = tiles.get(i) else {
        return false;
    };
    let len = len as i64;
    match pps {
        1 => through_tile::<1>(grid, tiles, len, colour, t),
        2 => through_tile::<2>(grid, tiles, len, colour, t),
        3 => through_tile::<3>(grid, tiles, len, colour, t),
        _ => through_tile::<4>(grid, tiles, len, colour, t),
    }
}
