//! The evaluation of a Quinque position for search
//! ([`plateau::SearchHooks::evaluate`]).
//!
//! A game is won by `line_length` own parachutes in a row on the point
//! grid (Q7.1). The evaluation counts, for each colour, the *open
//! windows*: runs of `line_length` consecutive points in one of the four
//! directions that hold some of that colour's parachutes and none of the
//! other's (points off the tiles count as open: a tile can be moved or
//! added there). A window with `k` own parachutes is worth `3^(k-1)`, so a
//! window one short of a line outweighs many scattered ones; windows of
//! the player to move count 1.5 times (they act next, and a turn has two
//! actions, Q3.2). The difference of the two colours' sums, over 40, goes
//! through `tanh`; parachutes left in reserve (Q4.1: a mark needs one)
//! add 0.02 each of difference. The result is clamped to `[-0.99, 0.99]`,
//! below a won game's return, and the value for one player is the negation
//! of the other's.

use crate::state::QuinqueState;
use plateau::Player;

const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The value of `state` for `player`, with `pps` parachutists along a
/// tile's side and lines of `len`.
pub(crate) fn evaluate(state: &QuinqueState, pps: u32, len: u32, player: Player) -> f64 {
    let len = i64::from(len.max(2));
    let p = i64::from(pps.max(1));
    if state.tiles.is_empty() {
        return 0.0;
    }
    // The points of every tile, with padding of a line's length around.
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for t in &state.tiles {
        x0 = x0.min(i64::from(t.x) * p);
        y0 = y0.min(i64::from(t.y) * p);
        x1 = x1.max(i64::from(t.x) * p + p - 1);
        y1 = y1.max(i64::from(t.y) * p + p - 1);
    }
    let pad = len;
    let (ox, oy) = (x0 - pad, y0 - pad);
    let w = (x1 - x0 + 1 + 2 * pad) as usize;
    let h = (y1 - y0 + 1 + 2 * pad) as usize;
    // 0: free (or no tile), 1: red, 2: orange.
    let mut grid = vec![0u8; w * h];
    let mut own_points: [Vec<(i64, i64)>; 2] = [Vec::new(), Vec::new()];
    for t in &state.tiles {
        for j in 0..p {
            for i in 0..p {
                let bit = 1u16 << (j * p + i);
                let (px, py) = (i64::from(t.x) * p + i - ox, i64::from(t.y) * p + j - oy);
                let cell = &mut grid[py as usize * w + px as usize];
                if t.red & bit != 0 {
                    *cell = 1;
                    own_points[0].push((px, py));
                } else if t.orange & bit != 0 {
                    *cell = 2;
                    own_points[1].push((px, py));
                }
            }
        }
    }
    let at = |x: i64, y: i64| -> u8 {
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            0
        } else {
            grid[y as usize * w + x as usize]
        }
    };
    // Each window is met once from each of its own parachutes: each
    // meeting adds the window's worth divided by its count.
    let windows = |colour: usize| -> f64 {
        let (mine, theirs) = (colour as u8 + 1, 2 - colour as u8);
        let mut sum = 0.0;
        for &(px, py) in &own_points[colour] {
            for (dx, dy) in DIRECTIONS {
                for start in 0..len {
                    let (sx, sy) = (px - start * dx, py - start * dy);
                    let mut own = 0;
                    let mut blocked = false;
                    for k in 0..len {
                        match at(sx + k * dx, sy + k * dy) {
                            c if c == mine => own += 1,
                            c if c == theirs => {
                                blocked = true;
                                break;
                            }
                            _ => {}
                        }
                    }
                    if !blocked {
                        sum += 3f64.powi(own - 1) / f64::from(own);
                    }
                }
            }
        }
        sum
    };
    let me = player.index() & 1;
    let mover = state.to_move.index() & 1;
    let weighted = |c: usize| windows(c) * if c == mover { 1.5 } else { 1.0 };
    let lines = ((weighted(me) - weighted(1 - me)) / 40.0).tanh();
    let reserves = 0.02 * (f64::from(state.reserves[me]) - f64::from(state.reserves[1 - me]));
    (0.9 * lines + reserves).clamp(-0.99, 0.99)
}

#[cfg(test)]
mod tests {
    use crate::state::Tile;
    use crate::Quinque;
    use plateau::{Game, Player, SearchHooks};

    fn game() -> Quinque {
        plateau::rules::load(&plateau::RulesSpec::default_variant())
            .unwrap()
            .game
    }

    #[test]
    fn four_in_a_row_outweighs_scattered_parachutes() {
        let q = game();
        // Red: four in a row along y = 0; Orange: four scattered.
        let tiles = vec![
            Tile::parse(0, 0, "../RR").unwrap(),
            Tile::parse(1, 0, "O./RR").unwrap(),
            Tile::parse(0, 1, "O./..").unwrap(),
            Tile::parse(1, 1, ".O/.O").unwrap(),
        ];
        let state = q.position(tiles, Player(1));
        let red = q.evaluate(&state, Player(0));
        assert!(red > 0.1, "{red}");
        assert!((red + q.evaluate(&state, Player(1))).abs() < 1e-12);
        assert!(q.evaluate(&q.initial_state(0), Player(0)).abs() < 1e-12);
    }
}
