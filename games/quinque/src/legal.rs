//! The legal actions of a position (Q3–Q6), listed, counted, or picked by
//! their index in the list, all from one [`Analysis`] of the position.
//!
//! The list is, in order: marks on free parachutists (tiles in order,
//! parachutists in order; Q4.1), marks that add a tile (frontier cells row
//! by row, parachutists in order; Q4.2), moves (tiles in order, destinations
//! in [`Moves::each`] order; Q5, Q6), then `end` at a second action. A first
//! action with nothing to do is `pass` alone (Q3.3).

use crate::action::Action;
use crate::board::{Frontier, Grid, TILES};
use crate::formation::Lifts;
use crate::movement::{self, may_move, Moves};
use crate::state::QuinqueState;
use crate::Quinque;
use std::cell::RefCell;

/// What every legal action of a position depends on.
pub(crate) struct Analysis {
    /// The window of cells.
    pub grid: Grid,
    /// The empty cells touching the formation.
    pub frontier: Frontier,
    /// The pieces left by lifting each tile.
    pub lifts: Lifts,
    /// How each tile may move this action (0 when it may not move).
    pub ways: [u8; TILES],
    /// Each tile's number of legal destinations.
    pub dests: [u32; TILES],
    /// Marks on free parachutists.
    pub free_marks: u32,
    /// Marks that add a tile.
    pub add_marks: u32,
    /// Moves in all.
    pub moves: u32,
    /// Whether `end` is legal (a second action).
    pub end: bool,
    /// Whether only the first tile may be marked (Q3.1).
    pub opening: bool,
    /// The cells of the tiles the window, the frontier and the pieces were
    /// built for, in order...
    formation: [(i32, i32); TILES],
    /// ...and how many (`usize::MAX`: none).
    formation_len: usize,
    /// Whether the pieces are those of that formation.
    lifts_fresh: bool,
}

thread_local! {
    /// Each thread's analysis, rebuilt in place for every position: only the
    /// part of the window in use is cleared, and nothing is copied.
    static SCRATCH: RefCell<Analysis> = const { RefCell::new(Analysis::BLANK) };
}

impl Analysis {
    /// An empty analysis, to be rebuilt.
    pub const BLANK: Analysis = Analysis {
        grid: Grid::BLANK,
        frontier: Frontier::BLANK,
        lifts: Lifts::BLANK,
        ways: [0; TILES],
        dests: [0; TILES],
        free_marks: 0,
        add_marks: 0,
        moves: 0,
        end: false,
        opening: false,
        formation: [(0, 0); TILES],
        formation_len: usize::MAX,
        lifts_fresh: false,
    };

    /// Runs `f` on the analysis of `state` (which must not be over).
    pub fn with<R>(game: &Quinque, state: &QuinqueState, f: impl FnOnce(&mut Analysis) -> R) -> R {
        Analysis::scratch(|a| {
            a.rebuild(game, state);
            f(a)
        })
    }

    /// Runs `f` on this thread's scratch analysis (a fresh one if it is in
    /// use), to be rebuilt by `f`.
    pub fn scratch<R>(f: impl FnOnce(&mut Analysis) -> R) -> R {
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut a) => f(&mut a),
            Err(_) => f(&mut Box::new(Analysis::BLANK)),
        })
    }

    /// Analyses `state` (which must not be over).
    pub fn rebuild(&mut self, game: &Quinque, state: &QuinqueState) {
        let n = state.tiles.len().min(TILES);
        if !self.describes(state) {
            // The formation changed since the last analysis of this thread.
            self.grid.rebuild(&state.tiles);
            self.frontier.rebuild(&self.grid);
            for (k, t) in self.formation.iter_mut().zip(&state.tiles[..n]) {
                *k = (t.x, t.y);
            }
            self.formation_len = n;
            self.lifts_fresh = false;
        }
        let mut adj = [0u32; TILES];
        let (g, w) = (&self.grid, self.grid.w);
        for (i, a) in adj.iter_mut().enumerate().take(n) {
            if g.inside >> i & 1 != 0 {
                let c = g.tx[i] as usize + g.ty[i] as usize * w;
                *a = self.frontier.nb.get(c).copied().unwrap_or(0);
            }
        }
        if !self.lifts_fresh {
            self.lifts.rebuild(if n >= 2 { &adj[..n] } else { &[] });
            self.lifts_fresh = true;
        }
        let mover = state.to_move.index().min(1);
        let opening = state.turns == 0 && !state.second_action;
        let points = game.points_per_tile;
        let (mut free_marks, mut add_marks) = (0, 0);
        if !state.second_action && state.reserves[mover] > 0 {
            if opening {
                if let Some(t) = state.tiles.first() {
                    free_marks = points - (t.marked() & game.point_mask).count_ones();
                }
            } else {
                // Four tiles' parachutes to a word, counted at once.
                let mut marked = 0;
                for four in state.tiles[..n].chunks(4) {
                    let mut word = 0u64;
                    for (k, t) in four.iter().enumerate() {
                        word |= ((t.marked() & game.point_mask) as u64) << (16 * k);
                    }
                    marked += word.count_ones();
                }
                free_marks = points * n as u32 - marked;
                if state.supply > 0 {
                    add_marks = self.frontier.count * points;
                }
            }
        }
        self.free_marks = free_marks;
        self.add_marks = add_marks;
        self.end = state.second_action;
        self.opening = opening;
        self.moves = 0;
        if opening || n < 2 {
            self.ways[..n].fill(0);
            self.dests[..n].fill(0);
            return;
        }
        let marked = state.marked.map_or(usize::MAX, |m| m as usize);
        let advanced = game.params.advanced;
        let mut total = 0;
        for (v, &neighbours) in adj.iter().enumerate().take(n) {
            let (mut ways, mut k) = (0, 0);
            if may_move(neighbours, v != marked) {
                ways = if advanced {
                    game.ways(&state.tiles[v])
                } else {
                    movement::ORTHOGONAL | movement::DIAGONAL
                };
                k = self.mover().count(v, ways);
            }
            self.ways[v] = ways;
            self.dests[v] = k;
            total += k;
        }
        self.moves = total;
    }

    /// Whether the window and the frontier are those of the formation of
    /// `state`.
    pub fn describes(&self, state: &QuinqueState) -> bool {
        let n = state.tiles.len().min(TILES);
        self.formation_len == n
            && state.tiles[..n]
                .iter()
                .zip(&self.formation[..n])
                .all(|(t, &(x, y))| t.x == x && t.y == y)
    }

    /// Whether the window still follows the formation.
    pub fn is_current(&self) -> bool {
        self.formation_len != usize::MAX
    }

    /// Forgets the formation the analysis was built for.
    pub fn forget(&mut self) {
        self.formation_len = usize::MAX;
    }

    /// Follows the move of tile `i` to absolute cell `to` in the window and
    /// the frontier (the pieces are recomputed at the next analysis). When
    /// the tile comes near the window's edge, the window will be built again.
    pub fn follow_move(&mut self, i: usize, to: (i32, i32)) {
        let g = &self.grid;
        let Some((ax, ay)) = g.cell(i) else {
            return self.forget();
        };
        if i >= self.formation_len.min(TILES) {
            return self.forget();
        }
        let (bx, by) = (to.0 as i64 - g.x0, to.1 as i64 - g.y0);
        if !self.well_inside(bx, by) {
            return self.forget();
        }
        self.grid.relocate(i, to.0 as i64, to.1 as i64);
        self.frontier.follow(&self.grid, i, ax, ay, false);
        self.frontier.follow(&self.grid, i, bx, by, true);
        self.formation[i] = to;
        self.lifts_fresh = false;
    }

    /// Follows the arrival of a tile from the supply on absolute cell `at`.
    pub fn follow_add(&mut self, at: (i32, i32)) {
        let i = self.grid.n;
        let g = &self.grid;
        let (bx, by) = (at.0 as i64 - g.x0, at.1 as i64 - g.y0);
        if i >= TILES || i != self.formation_len || !self.well_inside(bx, by) {
            return self.forget();
        }
        self.grid.add(i, at.0 as i64, at.1 as i64);
        self.frontier.follow(&self.grid, i, bx, by, true);
        self.formation[i] = at;
        self.formation_len = i + 1;
        self.lifts_fresh = false;
    }

    /// Whether a tile on window cell `(x, y)` leaves its neighbours'
    /// neighbours inside the window.
    fn well_inside(&self, x: i64, y: i64) -> bool {
        x >= 2 && y >= 2 && x + 2 < self.grid.w as i64 && y + 2 < self.grid.h as i64
    }

    /// The move generator over this analysis.
    pub fn mover(&self) -> Moves<'_> {
        Moves {
            grid: &self.grid,
            frontier: &self.frontier,
            lifts: &self.lifts,
        }
    }

    /// The number of legal actions (`pass` counts as one).
    pub fn count(&self) -> u32 {
        let n = self.free_marks + self.add_marks + self.moves + self.end as u32;
        n.max(1)
    }

    /// Whether the only legal action is `pass` (Q3.3).
    pub fn must_pass(&self) -> bool {
        self.free_marks + self.add_marks + self.moves == 0 && !self.end
    }

    /// Writes the legal actions into `out`, in listing order.
    pub fn list(&self, game: &Quinque, state: &QuinqueState, out: &mut Vec<Action>) {
        out.clear();
        if self.must_pass() {
            out.push(Action::Pass);
            return;
        }
        let pps = game.pps as i32;
        let g = &self.grid;
        if self.free_marks > 0 {
            let tiles = if self.opening {
                &state.tiles[..1]
            } else {
                &state.tiles[..g.n]
            };
            for t in tiles {
                let mut free = !t.marked() & game.point_mask;
                while free != 0 {
                    let slot = free.trailing_zeros() as i32;
                    free &= free - 1;
                    out.push(Action::Mark {
                        x: pps.wrapping_mul(t.x).wrapping_add(slot % pps),
                        y: pps.wrapping_mul(t.y).wrapping_add(slot / pps),
                    });
                }
            }
        }
        if self.add_marks > 0 {
            for ly in 0..g.h {
                let mut bits = self.frontier.all.rows[ly];
                while bits != 0 {
                    let lx = bits.trailing_zeros() as i64;
                    bits &= bits - 1;
                    let (x, y) = g.absolute(lx, ly as i64);
                    for slot in 0..game.points_per_tile as i32 {
                        out.push(Action::Mark {
                            x: pps.wrapping_mul(x).wrapping_add(slot % pps),
                            y: pps.wrapping_mul(y).wrapping_add(slot / pps),
                        });
                    }
                }
            }
        }
        if self.moves > 0 {
            let mover = self.mover();
            for v in 0..g.n {
                if self.dests[v] == 0 {
                    continue;
                }
                let t = &state.tiles[v];
                mover.each(v, self.ways[v], |lx, ly| {
                    out.push(Action::Move {
                        from: (t.x, t.y),
                        to: g.absolute(lx, ly),
                    });
                    false
                });
            }
        }
        if self.end {
            out.push(Action::End);
        }
    }

    /// The action at index `k` of the list (`k < count()`).
    pub fn nth(&self, game: &Quinque, state: &QuinqueState, mut k: u32) -> Option<Action> {
        if self.must_pass() {
            return (k == 0).then_some(Action::Pass);
        }
        let pps = game.pps as i32;
        let g = &self.grid;
        if k < self.free_marks {
            let tiles = if self.opening {
                &state.tiles[..1]
            } else {
                &state.tiles[..g.n]
            };
            for t in tiles {
                let free = !t.marked() & game.point_mask;
                let n = free.count_ones();
                if k < n {
                    let mut bits = free;
                    for _ in 0..k {
                        bits &= bits - 1;
                    }
                    let slot = bits.trailing_zeros() as i32;
                    return Some(Action::Mark {
                        x: pps.wrapping_mul(t.x).wrapping_add(slot % pps),
                        y: pps.wrapping_mul(t.y).wrapping_add(slot / pps),
                    });
                }
                k -= n;
            }
            return None;
        }
        k -= self.free_marks;
        if k < self.add_marks {
            let points = game.points_per_tile;
            let (mut cell, slot) = (k / points, (k % points) as i32);
            for ly in 0..g.h {
                let bits = self.frontier.all.rows[ly];
                let n = bits.count_ones();
                if cell < n {
                    let mut bits = bits;
                    for _ in 0..cell {
                        bits &= bits - 1;
                    }
                    let (x, y) = g.absolute(bits.trailing_zeros() as i64, ly as i64);
                    return Some(Action::Mark {
                        x: pps.wrapping_mul(x).wrapping_add(slot % pps),
                        y: pps.wrapping_mul(y).wrapping_add(slot / pps),
                    });
                }
                cell -= n;
            }
            return None;
        }
        k -= self.add_marks;
        if k < self.moves {
            for v in 0..g.n {
                let n = self.dests[v];
                if k < n {
                    let (lx, ly) = self.mover().nth(v, self.ways[v], k)?;
                    let t = &state.tiles[v];
                    return Some(Action::Move {
                        from: (t.x, t.y),
                        to: g.absolute(lx, ly),
                    });
                }
                k -= n;
            }
            return None;
        }
        k -= self.moves;
        (self.end && k == 0).then_some(Action::End)
    }
}
