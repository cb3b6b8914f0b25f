//! The legal actions of a position (Q3–Q6), listed, counted, or picked by
//! their index in the list, all from one [`Analysis`] of the position.
//!
//! The list is, in order: marks on free parachutists (tiles in order,
//! parachutists in order; Q4.1), marks that add a tile (frontier cells row
//! by row, parachutists in order; Q4.2), moves (tiles in order, destinations
//! in [`Moves::each`] order; Q5, Q6), then `end` at a second action. A first
//! action with nothing to do is `pass` alone (Q3.3).
//!
//! Each thread keeps its analysis from one position to the next: the
//! actions played through it are followed (the window, the frontier and the
//! parachutes on the point grid change around the tile concerned), and it is
//! built anew only for a position it does not describe. What depends on the
//! formation alone, the pieces left by lifting each tile and each tile's
//! destinations, is worked out again only when a tile moves or comes into
//! play: a mark or the end of a turn leaves it as it is.

use crate::action::Action;
use crate::bits::ones16;
use crate::board::{at, Frontier, Grid, TILES};
use crate::formation::Lifts;
use crate::movement::{may_move, Moves, DIAGONAL, ORTHOGONAL};
use crate::points::Points;
use crate::state::{QuinqueState, Tile};
use crate::Quinque;
use plateau::Player;
use std::cell::RefCell;

/// What every legal action of a position depends on.
pub(crate) struct Analysis {
    /// The window of cells.
    pub grid: Grid,
    /// The empty cells touching the formation.
    pub frontier: Frontier,
    /// The pieces left by lifting each tile.
    pub lifts: Lifts,
    /// The parachutes on the point grid of the window.
    pub points: Points,
    /// How each tile may move when it is free to (movement flags)...
    ways: [u8; TILES],
    /// ...and its number of destinations then (0 when it may not move at
    /// all: Q5.1, Q5.2).
    dests: [u32; TILES],
    /// Tiles whose `ways` and `dests` are to be worked out again.
    stale: u32,
    /// Whether the pieces are those of the formation.
    lifts_fresh: bool,
    /// The tile marked this turn, which may not move (Q5.3), or [`TILES`].
    held: usize,
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
    /// The parachutists with a parachute on the tiles (of the first
    /// `points_per_tile` of each).
    marked_points: u32,
    /// The tiles the analysis describes, with their parachutes...
    tiles: [Tile; TILES],
    /// ...and how many (`usize::MAX`: none).
    len: usize,
}

thread_local! {
    /// Each thread's analysis, kept from one position to the next.
    static SCRATCH: RefCell<Analysis> = const { RefCell::new(Analysis::BLANK) };
}

/// The tiles `0..n` as a mask.
#[inline]
fn first(n: usize) -> u32 {
    if n >= TILES {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

impl Analysis {
    /// An empty analysis, to be rebuilt.
    pub const BLANK: Analysis = Analysis {
        grid: Grid::BLANK,
        frontier: Frontier::BLANK,
        lifts: Lifts::BLANK,
        points: Points::BLANK,
        ways: [0; TILES],
        dests: [0; TILES],
        stale: u32::MAX,
        lifts_fresh: false,
        held: TILES,
        free_marks: 0,
        add_marks: 0,
        moves: 0,
        end: false,
        opening: false,
        marked_points: 0,
        tiles: [Tile {
            x: 0,
            y: 0,
            red: 0,
            orange: 0,
        }; TILES],
        len: usize::MAX,
    };

    /// Runs `f` on the analysis of `state` (which must not be over).
    pub fn with<R>(game: &Quinque, state: &QuinqueState, f: impl FnOnce(&mut Analysis) -> R) -> R {
        Analysis::scratch(|a| {
            a.rebuild(game, state);
            f(a)
        })
    }

    /// Runs `f` on this thread's analysis (a fresh one if it is in use), to
    /// be rebuilt by `f`.
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
            self.grid.rebuild(&state.tiles);
            self.frontier.rebuild(&self.grid);
            self.points.rebuild(&self.grid, &state.tiles, game.pps);
            self.tiles[..n].copy_from_slice(&state.tiles[..n]);
            self.marked_points = self.tiles[..n]
                .iter()
                .map(|t| ones16(t.marked() & game.point_mask))
                .sum();
            // A window that does not hold every tile (a formation in pieces)
            // is not followed from one action to the next.
            self.len = if self.grid.inside == first(n) {
                n
            } else {
                usize::MAX
            };
            self.lifts_fresh = false;
            self.stale = u32::MAX;
        }
        if self.stale & first(n) != 0 {
            self.count_moves(game, n);
        }
        let mover = state.to_move.index().min(1);
        let opening = state.turns == 0 && !state.second_action;
        let points = game.points_per_tile;
        let (mut free_marks, mut add_marks) = (0, 0);
        if !state.second_action && state.reserves[mover] > 0 {
            if opening {
                if let Some(t) = state.tiles.first() {
                    free_marks = points - ones16(t.marked() & game.point_mask);
                }
            } else {
                free_marks = points * n as u32 - self.marked_points;
                if state.supply > 0 {
                    add_marks = self.frontier.count * points;
                }
            }
        }
        self.free_marks = free_marks;
        self.add_marks = add_marks;
        self.end = state.second_action;
        self.opening = opening;
        self.held = state.marked.map_or(TILES, |m| (m as usize).min(TILES));
        self.moves = if opening || n < 2 {
            0
        } else {
            let all: u32 = self.dests[..n].iter().sum();
            all - self.dests.get(self.held).copied().unwrap_or(0)
        };
    }

    /// Works out again the destinations of the stale tiles among the first
    /// `n`, and the pieces first if the formation changed.
    fn count_moves(&mut self, game: &Quinque, n: usize) {
        if n < 2 {
            self.ways[..n].fill(0);
            self.dests[..n].fill(0);
            self.stale = 0;
            return;
        }
        let mut adj = [0u32; TILES];
        if self.is_current() {
            // Every tile is inside the window.
            let g = &self.grid;
            for (i, a) in adj.iter_mut().enumerate().take(n) {
                *a = self.frontier.nb[at(g.tx[i] as usize + g.ty[i] as usize * g.w)];
            }
        } else {
            for (i, a) in adj.iter_mut().enumerate().take(n) {
                *a = self.neighbours(i);
            }
        }
        if !self.lifts_fresh {
            self.lifts.rebuild(&adj[..n]);
            self.lifts_fresh = true;
        }
        let stale = self.stale & first(n);
        if self.is_current() && !game.params.advanced {
            // Every tile is inside the window, two cells or more from its
            // edges, and moves along its eight lines.
            let mover = Moves {
                grid: &self.grid,
                frontier: &self.frontier,
                lifts: &self.lifts,
            };
            let mut left = stale;
            while left != 0 {
                let v = left.trailing_zeros() as usize;
                left &= left - 1;
                let free = may_move(adj[v], true);
                self.ways[v] = if free { ORTHOGONAL | DIAGONAL } else { 0 };
                self.dests[v] = if free { mover.count_inside(v) } else { 0 };
            }
            self.stale = 0;
            return;
        }
        let mut stale = stale;
        while stale != 0 {
            let v = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let ways = if may_move(adj[v], true) {
                game.ways(&self.tiles[v])
            } else {
                0
            };
            self.ways[v] = ways;
            self.dests[v] = if ways == 0 {
                0
            } else {
                self.mover().count(v, ways)
            };
        }
        self.stale = 0;
    }

    /// The tiles sharing an edge with tile `i`.
    #[inline]
    fn neighbours(&self, i: usize) -> u32 {
        match self.grid.cell(i) {
            Some((x, y)) => self.frontier.touching(x, y),
            None => 0,
        }
    }

    /// Whether the analysis is that of the tiles of `state`.
    pub fn describes(&self, state: &QuinqueState) -> bool {
        let n = state.tiles.len().min(TILES);
        if self.len != n {
            return false;
        }
        // Compared without a branch per tile.
        let mut differ = 0;
        for (a, b) in self.tiles[..n].iter().zip(&state.tiles[..n]) {
            differ |= (a.x ^ b.x) as u32
                | (a.y ^ b.y) as u32
                | (a.red ^ b.red) as u32
                | (a.orange ^ b.orange) as u32;
        }
        differ == 0
    }

    /// Whether the analysis follows the formation.
    pub fn is_current(&self) -> bool {
        self.len != usize::MAX
    }

    /// Forgets the position the analysis was built for.
    pub fn forget(&mut self) {
        self.len = usize::MAX;
    }

    /// The tile on absolute cell `(x, y)`, if the analysis follows the
    /// formation and a tile is there.
    #[inline]
    pub fn tile_on(&self, x: i32, y: i32) -> Option<usize> {
        let g = &self.grid;
        let c = g.local(x as i64 - g.x0, y as i64 - g.y0)?;
        let occ = g.occ[c] as usize;
        (self.is_current() && occ > 0).then(|| occ - 1)
    }

    /// Follows the move of tile `i` to absolute cell `to` (the pieces and
    /// the destinations are worked out at the next analysis). When the tile
    /// comes near the window's edge, the analysis will be built again.
    pub fn follow_move(&mut self, i: usize, to: (i32, i32)) {
        let g = &self.grid;
        let Some((ax, ay)) = g.cell(i) else {
            return self.forget();
        };
        if !self.is_current() || i >= self.len {
            return self.forget();
        }
        let (bx, by) = (to.0 as i64 - g.x0, to.1 as i64 - g.y0);
        if !self.well_inside(bx, by) {
            return self.forget();
        }
        let t = self.tiles[i];
        self.points.flip_tile(ax as usize, ay as usize, &t);
        self.grid.relocate(i, to.0 as i64, to.1 as i64);
        self.frontier.follow(&self.grid, i, ax, ay, false);
        self.frontier.follow(&self.grid, i, bx, by, true);
        self.points.flip_tile(bx as usize, by as usize, &t);
        (self.tiles[i].x, self.tiles[i].y) = to;
        self.lifts_fresh = false;
        self.stale = u32::MAX;
    }

    /// Follows the arrival of a tile from the supply on absolute cell `at`;
    /// returns its index.
    pub fn follow_add(&mut self, at: (i32, i32)) -> Option<usize> {
        let i = self.len;
        let g = &self.grid;
        let (bx, by) = (at.0 as i64 - g.x0, at.1 as i64 - g.y0);
        if i >= TILES || i != g.n || !self.well_inside(bx, by) {
            self.forget();
            return None;
        }
        self.grid.add(i, at.0 as i64, at.1 as i64);
        self.frontier.follow(&self.grid, i, bx, by, true);
        self.tiles[i] = Tile::new(at.0, at.1);
        self.len = i + 1;
        self.lifts_fresh = false;
        self.stale = u32::MAX;
        Some(i)
    }

    /// Follows a parachute of `colour` put on parachutist `slot` of tile
    /// `i`. `ways_change`: the tile's movement depends on its parachutes
    /// (Q6).
    pub fn follow_mark(&mut self, game: &Quinque, i: usize, colour: Player, slot: u32) {
        let Some((x, y)) = self.grid.cell(i) else {
            return self.forget();
        };
        if !self.is_current() || i >= self.len {
            return self.forget();
        }
        let t = &mut self.tiles[i];
        let bit = 1u16 << (slot & 15);
        if t.of(colour) & bit == 0 {
            if t.marked() & bit & game.point_mask != 0 {
                // The other colour's parachute is there too (an illegal
                // mark): the point was already counted.
            } else if bit & game.point_mask != 0 {
                self.marked_points += 1;
            }
            t.put(colour, slot);
            let slot = (slot & 15) as usize;
            self.points.flip(colour.index(), x as usize, y as usize, slot);
        }
        if game.params.advanced {
            // The tile's movement depends on its parachutes (Q6).
            self.stale |= 1 << i;
        }
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
                if self.dests[v] == 0 || v == self.held {
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
                let n = ones16(free);
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
                let n = self.frontier.on_row[ly] as u32;
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
                let n = if v == self.held { 0 } else { self.dests[v] };
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
