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
//!
//! Under the basic rules the destinations of the articulation tiles are not
//! counted for a random action: the *candidate* list has, in their place,
//! the frontier cells touching two tiles on their lines. An index is drawn
//! in it; a candidate move that does not keep the formation in one piece is
//! refused and an index drawn again. Every legal action is then as likely
//! as any other, as in a draw from the full legal list, at a fraction of the
//! cost (a quarter of the draws are refused). Listing, counting and
//! `check_move` count every destination ([`Analysis::settle`]).

use crate::action::Action;
use crate::bits::ones16;
use crate::board::{at, Frontier, Grid, TILES};
use crate::formation::Lifts;
use crate::movement::{may_move, Moves, DIAGONAL, ORTHOGONAL};
use crate::points::Points;
use crate::repetition;
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
    /// ...its number of destinations then (0 when it may not move at all:
    /// Q5.1, Q5.2; not yet counted for the tiles of `unsettled`)...
    dests: [u32; TILES],
    /// ...and its number of candidate destinations, from which random
    /// actions are drawn: its destinations, but for the tiles of `loose`.
    cands: [u32; TILES],
    /// The articulation tiles moving along their eight lines: their
    /// candidates are the frontier cells touching two tiles on those lines,
    /// of which the legal ones join the pieces they leave.
    loose: u32,
    /// Loose tiles whose destinations are not counted yet.
    unsettled: u32,
    /// Whether every legal action is counted.
    settled: bool,
    /// Whether every tile is well inside the window and moves along its
    /// eight lines (the basic rules).
    fast: bool,
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
    /// Moves in all (once settled).
    pub moves: u32,
    /// Candidate moves in all.
    candidates: u32,
    /// Whether `end` is legal (a second action).
    pub end: bool,
    /// Whether only the first tile may be marked (Q3.1).
    pub opening: bool,
    /// The parachutists with a parachute on the tiles (of the first
    /// `points_per_tile` of each).
    marked_points: u32,
    /// The sum of the hashes of the tiles (for the repetition rule, Q7.3).
    pub tiles_hash: u64,
    /// The tiles the analysis describes, with their parachutes...
    tiles: [Tile; TILES],
    /// ...and how many (`usize::MAX`: none).
    len: usize,
    /// The rules it was built under: parachutists along a tile's side,
    /// basic or advanced movement, and how tiles move by their number of
    /// parachutes under the advanced rules (one thread's analysis
    /// serves every rule set it meets, so it must tell them apart).
    rules: RulesKey,
}

/// What of the rules an analysis depends on.
type RulesKey = (u32, bool, [u8; 17]);

/// The part of `game`'s rules an analysis depends on.
fn rules_key(game: &Quinque) -> RulesKey {
    (game.pps, game.params.advanced, game.ways_by_parachutes)
}

thread_local! {
    /// Each thread's analysis, kept from one position to the next.
    static SCRATCH: RefCell<Analysis> = const { RefCell::new(Analysis::BLANK) };
}

/// The tiles among the first `n` that are not surrounded (Q5.2), given
/// their neighbours.
#[inline]
fn adj_free(adj: &[u32; TILES], n: usize) -> u32 {
    let mut free = 0;
    for (v, &a) in adj.iter().enumerate().take(n) {
        free |= (may_move(a, true) as u32) << v;
    }
    free
}

/// The sum of `counts` but for tile `held`.
#[inline]
fn movable(counts: &[u32], held: usize) -> u32 {
    let all: u32 = counts.iter().sum();
    all - counts.get(held).copied().unwrap_or(0)
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
        cands: [0; TILES],
        loose: 0,
        unsettled: 0,
        settled: true,
        fast: false,
        candidates: 0,
        stale: u32::MAX,
        lifts_fresh: false,
        held: TILES,
        free_marks: 0,
        add_marks: 0,
        moves: 0,
        end: false,
        opening: false,
        marked_points: 0,
        tiles_hash: 0,
        tiles: [Tile {
            x: 0,
            y: 0,
            red: 0,
            orange: 0,
        }; TILES],
        len: usize::MAX,
        rules: (0, false, [0; 17]),
    };

    /// Runs `f` on the analysis of `state` (which must not be over), every
    /// legal action counted.
    pub fn with<R>(game: &Quinque, state: &QuinqueState, f: impl FnOnce(&mut Analysis) -> R) -> R {
        Analysis::scratch(|a| {
            a.rebuild(game, state);
            a.settle();
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
        if !self.describes(game, state) {
            self.rules = rules_key(game);
            self.grid.rebuild(&state.tiles);
            self.frontier.rebuild(&self.grid);
            self.points.rebuild(&self.grid, &state.tiles, game.pps);
            self.tiles[..n].copy_from_slice(&state.tiles[..n]);
            self.marked_points = self.tiles[..n]
                .iter()
                .map(|t| ones16(t.marked() & game.point_mask))
                .sum();
            self.tiles_hash = self.tiles[..n]
                .iter()
                .fold(0, |h: u64, t| h.wrapping_add(repetition::tile_hash(t)));
            // A window that does not hold every tile (a formation in pieces)
            // is not followed from one action to the next.
            self.len = if self.grid.inside == first(n) && n == state.tiles.len() {
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
        let moving = !opening && n >= 2;
        self.candidates = if moving {
            movable(&self.cands[..n], self.held)
        } else {
            0
        };
        self.moves = if moving && self.unsettled == 0 {
            movable(&self.dests[..n], self.held)
        } else {
            0
        };
        self.settled = self.unsettled == 0 || !moving;
    }

    /// Counts the legal destinations of the loose tiles, so that every
    /// legal action is counted.
    pub fn settle(&mut self) {
        if self.settled {
            return;
        }
        let mover = Moves {
            grid: &self.grid,
            frontier: &self.frontier,
            lifts: &self.lifts,
        };
        let mut left = self.unsettled;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            self.dests[v] = mover.count_inside(v);
        }
        self.unsettled = 0;
        let n = self.len.min(self.grid.n);
        self.moves = movable(&self.dests[..n], self.held);
        self.settled = true;
    }

    /// Whether some candidate moves may not be legal.
    pub fn is_loose(&self) -> bool {
        let held = if self.held < TILES { 1 << self.held } else { 0 };
        self.loose & !held != 0 && self.candidates > 0
    }

    /// Works out again the destinations of the stale tiles among the first
    /// `n`, and the pieces first if the formation changed.
    fn count_moves(&mut self, game: &Quinque, n: usize) {
        self.loose = 0;
        self.unsettled = 0;
        self.fast = false;
        if n < 2 {
            self.ways[..n].fill(0);
            self.dests[..n].fill(0);
            self.cands[..n].fill(0);
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
            // The articulation tiles' candidates are counted; the legal
            // destinations among them are counted only if needed.
            let mut left = stale;
            while left != 0 {
                let v = left.trailing_zeros() as usize;
                left &= left - 1;
                let free = may_move(adj[v], true);
                self.ways[v] = if free { ORTHOGONAL | DIAGONAL } else { 0 };
                self.cands[v] = if free { mover.candidates_inside(v) } else { 0 };
                self.dests[v] = self.cands[v];
            }
            self.loose = self.lifts.cut & adj_free(&adj, n);
            self.unsettled = self.loose;
            self.fast = true;
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
            self.cands[v] = self.dests[v];
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

    /// Whether the analysis is that of the tiles of `state` under `game`'s
    /// rules.
    pub fn describes(&self, game: &Quinque, state: &QuinqueState) -> bool {
        let n = state.tiles.len().min(TILES);
        if self.len != n || self.rules != rules_key(game) {
            return false;
        }
        // Compared without a branch per tile.
        let key = |t: &Tile| {
            (
                (t.x as u32 as u64) | (t.y as u32 as u64) << 32,
                t.red as u32 | (t.orange as u32) << 16,
            )
        };
        let mut differ = 0;
        for (a, b) in self.tiles[..n].iter().zip(&state.tiles[..n]) {
            let ((ap, am), (bp, bm)) = (key(a), key(b));
            differ |= (ap ^ bp) | (am ^ bm) as u64;
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
        let before = self.frontier.touching(ax, ay);
        self.points.flip_tile(ax as usize, ay as usize, &t);
        self.grid.relocate(i, to.0 as i64, to.1 as i64);
        self.frontier.follow(&self.grid, i, ax, ay, false);
        self.frontier.follow(&self.grid, i, bx, by, true);
        self.points.flip_tile(bx as usize, by as usize, &t);
        (self.tiles[i].x, self.tiles[i].y) = to;
        self.tiles_hash = self
            .tiles_hash
            .wrapping_sub(repetition::tile_hash(&t))
            .wrapping_add(repetition::tile_hash(&self.tiles[i]));
        let after = self.frontier.touching(bx, by);
        let leaf = before != 0 && before & (before - 1) == 0;
        if self.lifts_fresh && leaf && after != 0 {
            // A leaf moved: the pieces follow (they are the same if it
            // hangs on the same tile).
            let p = before.trailing_zeros() as usize;
            if after & (after - 1) == 0 {
                self.lifts
                    .move_leaf(i, p, after.trailing_zeros() as usize, self.len);
            } else {
                self.lifts.remove_leaf(i, p);
                self.lifts.add_tile(i, after, self.len);
            }
        } else {
            self.lifts_fresh = false;
        }
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
        self.tiles_hash = self
            .tiles_hash
            .wrapping_add(repetition::tile_hash(&self.tiles[i]));
        self.len = i + 1;
        let touching = self.frontier.touching(bx, by);
        if self.lifts_fresh && touching != 0 {
            // The pieces follow.
            self.lifts.add_tile(i, touching, i + 1);
        } else {
            self.lifts_fresh = false;
        }
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
            let old = repetition::tile_hash(t);
            t.put(colour, slot);
            self.tiles_hash = self
                .tiles_hash
                .wrapping_sub(old)
                .wrapping_add(repetition::tile_hash(t));
            let slot = (slot & 15) as usize;
            self.points
                .flip(colour.index(), x as usize, y as usize, slot);
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

    /// The number of legal actions (`pass` counts as one), once settled.
    pub fn count(&self) -> u32 {
        debug_assert!(self.settled);
        let n = self.free_marks + self.add_marks + self.moves + self.end as u32;
        n.max(1)
    }

    /// The number of candidate actions (`pass` counts as one): the legal
    /// actions, but for the loose tiles' candidate moves.
    pub fn candidate_count(&self) -> u32 {
        let n = self.free_marks + self.add_marks + self.candidates + self.end as u32;
        n.max(1)
    }

    /// Whether the only legal action is `pass` (Q3.3), once settled.
    pub fn must_pass(&self) -> bool {
        debug_assert!(self.settled);
        self.free_marks + self.add_marks + self.moves == 0 && !self.end
    }

    /// Writes the legal actions into `out`, in listing order.
    pub fn list(&self, game: &Quinque, state: &QuinqueState, out: &mut Vec<Action>) {
        out.clear();
        if self.must_pass() {
            out.push(Action::Pass);
            return;
        }
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
                    let slot = free.trailing_zeros();
                    free &= free - 1;
                    let (x, y) = game.slots.point(t.x, t.y, slot);
                    out.push(Action::Mark { x, y });
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
                    for slot in 0..game.points_per_tile {
                        let (x, y) = game.slots.point(x, y, slot);
                        out.push(Action::Mark { x, y });
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

    /// The action at index `k` of the list (`k < count()`), once settled.
    pub fn nth(&self, game: &Quinque, state: &QuinqueState, k: u32) -> Option<Action> {
        debug_assert!(self.settled);
        self.at_index(game, state, k, false)
    }

    /// The candidate action at index `k` (`k < candidate_count()`), if it
    /// is legal: the list of candidates is the list of legal actions with
    /// the loose tiles' candidate moves in place of their legal ones.
    pub fn nth_candidate(&self, game: &Quinque, state: &QuinqueState, k: u32) -> Option<Action> {
        self.at_index(game, state, k, true)
    }

    /// The action at index `k` of the list of legal actions, or of
    /// candidate actions.
    fn at_index(
        &self,
        game: &Quinque,
        state: &QuinqueState,
        mut k: u32,
        candidates: bool,
    ) -> Option<Action> {
        let (counts, moves) = if candidates {
            (&self.cands, self.candidates)
        } else {
            (&self.dests, self.moves)
        };
        if self.free_marks + self.add_marks + moves == 0 && !self.end {
            return (k == 0).then_some(Action::Pass);
        }
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
                    let slot = bits.trailing_zeros();
                    let (x, y) = game.slots.point(t.x, t.y, slot);
                    return Some(Action::Mark { x, y });
                }
                k -= n;
            }
            return None;
        }
        k -= self.free_marks;
        if k < self.add_marks {
            let (mut cell, slot) = game.slots.split_index(k);
            for ly in 0..g.h {
                let bits = self.frontier.all.rows[ly];
                let n = self.frontier.all.on_row[ly] as u32;
                if cell < n {
                    let mut bits = bits;
                    for _ in 0..cell {
                        bits &= bits - 1;
                    }
                    let (x, y) = g.absolute(bits.trailing_zeros() as i64, ly as i64);
                    let (x, y) = game.slots.point(x, y, slot);
                    return Some(Action::Mark { x, y });
                }
                cell -= n;
            }
            return None;
        }
        k -= self.add_marks;
        if k < moves {
            for (v, &count) in counts.iter().enumerate().take(g.n) {
                let n = if v == self.held { 0 } else { count };
                if k < n {
                    let mover = self.mover();
                    let (lx, ly) = if candidates && self.loose >> v & 1 != 0 {
                        // A candidate, legal or not.
                        mover.nth_candidate(v, k)?
                    } else if self.fast && !self.lifts.is_articulation(v) {
                        mover.nth_inside(v, k)?
                    } else {
                        mover.nth(v, self.ways[v], k)?
                    };
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
        k -= moves;
        (self.end && k == 0).then_some(Action::End)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau::{rules, Game, RulesSpec};
    use std::collections::HashMap;

    /// Random actions are drawn from the candidate list, refusing the
    /// candidates that are not legal: the draw is uniform over the legal
    /// actions exactly when the candidates that are accepted are the legal
    /// actions, each once. Checked on every position of random games, for
    /// the rule sets with and without candidates.
    #[test]
    fn accepted_candidates_are_the_legal_actions_once_each() {
        let mut loose_positions = 0;
        for variant in ["basic", "advanced"] {
            let game: Quinque = rules::load(&RulesSpec::variant(variant)).unwrap().game;
            for seed in 0..12 {
                let mut rng = plateau::rng(seed);
                let mut state = game.initial_state(seed);
                let mut legal = Vec::new();
                while state.ending.is_none() {
                    game.legal_moves(&state, &mut legal);
                    let mut accepted: HashMap<Action, usize> = HashMap::new();
                    Analysis::scratch(|a| {
                        a.forget();
                        a.rebuild(&game, &state);
                        if a.is_loose() {
                            loose_positions += 1;
                        }
                        for k in 0..a.candidate_count() {
                            if let Some(action) = a.nth_candidate(&game, &state, k) {
                                *accepted.entry(action).or_default() += 1;
                            }
                        }
                    });
                    assert!(accepted.values().all(|&n| n == 1), "{accepted:?}");
                    let mut accepted: Vec<Action> = accepted.into_keys().collect();
                    let mut expected = legal.clone();
                    accepted.sort_by_key(|a| format!("{a}"));
                    expected.sort_by_key(|a| format!("{a}"));
                    assert_eq!(accepted, expected, "\n{}", game.render_state(&state));
                    game.play_random(&mut state, &mut rng);
                }
            }
        }
        assert!(
            loose_positions > 500,
            "{loose_positions} positions with candidates"
        );
    }
}
