//! The legal actions of a position (Q3–Q6), listed, counted, or picked by
//! their index in the list, all from one [`Analysis`] of the position.
//!
//! The list is, in order: marks on free parachutists (tiles in order,
//! parachutists in order; Q4.1), marks that add a tile (frontier cells row
//! by row, parachutists in order; Q4.2), moves (tiles in order, destinations
//! in [`Moves::each`] order; Q5, Q6), then `end` at a second action. A first
//! action with nothing to do is `pass` alone (Q3.3).
//!
//! Listing, counting, `check_move` and a lone `random_move` analyse the
//! position from scratch: they are functions of the rules and the state.
//! Sequential random playouts keep one analysis from one action to the
//! next, in the state itself ([`FollowedAnalysis`], which a clone does not
//! copy): the actions played through it are followed (the window, the
//! frontier and the parachutes on the point grid change around the tile
//! concerned), and it is built anew when it does not describe the state's
//! tiles under the game's rules. What depends on the formation alone, the
//! pieces left by lifting each tile and each tile's destinations, is worked
//! out again only when a tile moves or comes into play: a mark or the end
//! of a turn leaves it as it is.
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
use crate::formation::{first, Lifts};
use crate::movement::{may_move, Moves, DIAGONAL, ORTHOGONAL};
use crate::points::Points;
use crate::repetition;
use crate::state::{QuinqueState, Tile};
use crate::Quinque;
use plateau::Player;
use std::fmt;

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
    /// parachutes under the advanced rules (a state played under one rule
    /// set may be handed to another, so an analysis must tell them apart).
    rules: RulesKey,
}

/// What of the rules an analysis depends on.
type RulesKey = (u32, bool, [u8; 17]);

/// The part of `game`'s rules an analysis depends on.
fn rules_key(game: &Quinque) -> RulesKey {
    (game.pps, game.params.advanced, game.ways_by_parachutes)
}

/// The analysis a state carries from one random action to the next
/// (`Game::play_random`; `apply_unchecked` follows it too when the state
/// has one). It is not part of the position: a clone starts without it (so
/// a clone costs what the tiles and the repetition history cost, not the
/// 20 KB of an analysis), equality ignores it, the JSON leaves it out, and
/// a finished game drops it. Before each use it is checked against the
/// state's tiles and the game's rules, and analysed anew when it does not
/// describe them, so a state changed by hand or played under other rules
/// is never served a wrong analysis.
#[derive(Default)]
pub struct FollowedAnalysis(Option<Box<Analysis>>);

impl FollowedAnalysis {
    /// Whether the state carries an analysis.
    pub fn is_kept(&self) -> bool {
        self.0.is_some()
    }

    /// Takes the analysis out, if there is one.
    pub(crate) fn take(&mut self) -> Option<Box<Analysis>> {
        self.0.take()
    }

    /// Takes the analysis out, or a blank one to be built.
    pub(crate) fn take_or_blank(&mut self) -> Box<Analysis> {
        self.0.take().unwrap_or_else(|| Box::new(Analysis::BLANK))
    }

    /// Keeps `analysis` for the next action.
    pub(crate) fn keep(&mut self, analysis: Box<Analysis>) {
        self.0 = Some(analysis);
    }
}

impl Clone for FollowedAnalysis {
    /// A clone starts without an analysis: the next playout builds its own.
    fn clone(&self) -> Self {
        FollowedAnalysis(None)
    }
}

impl PartialEq for FollowedAnalysis {
    /// Always equal: the analysis is derived from the position.
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl fmt::Debug for FollowedAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_kept() {
            "FollowedAnalysis(kept)"
        } else {
            "FollowedAnalysis(none)"
        })
    }
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

    /// Runs `f` on a fresh analysis of `state` (which must not be over),
    /// every legal action counted.
    pub fn with<R>(game: &Quinque, state: &QuinqueState, f: impl FnOnce(&mut Analysis) -> R) -> R {
        let mut a = Analysis::of(game, state);
        a.settle();
        f(&mut a)
    }

    /// A fresh analysis of `state` (which must not be over), not settled.
    pub fn of(game: &Quinque, state: &QuinqueState) -> Box<Analysis> {
        let mut a = Box::new(Analysis::BLANK);
        a.rebuild(game, state);
        a
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
    use plateau::{rules, Game, Render, RulesSpec};
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
                    let a = Analysis::of(&game, &state);
                    if a.is_loose() {
                        loose_positions += 1;
                    }
                    for k in 0..a.candidate_count() {
                        if let Some(action) = a.nth_candidate(&game, &state, k) {
                            *accepted.entry(action).or_default() += 1;
                        }
                    }
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

    /// `play_random` draws from the analysis the state carries from one
    /// action to the next; `random_move` from a fresh analysis. Both must
    /// draw the same action from the same generator, along whole games.
    #[test]
    fn a_followed_analysis_draws_what_a_fresh_one_draws() {
        for variant in ["basic", "advanced"] {
            let game: Quinque = rules::load(&RulesSpec::variant(variant)).unwrap().game;
            for seed in 0..8 {
                let (mut rng_a, mut rng_b) = (plateau::rng(seed), plateau::rng(seed));
                let mut a = game.initial_state(seed);
                let mut b = a.clone();
                while game.play_random(&mut a, &mut rng_a) {
                    let mv = game.random_move(&b, &mut rng_b).unwrap();
                    game.apply(&mut b, &mv);
                    assert_eq!(a, b, "seed {seed}, after {mv}");
                    assert_eq!(a.analysis.is_kept(), a.ending.is_none());
                    assert!(!b.analysis.is_kept());
                }
                assert!(b.ending.is_some());
            }
        }
    }

    /// The analysis a state carries is checked before use: after a change
    /// by hand, or under other rules, the state is analysed anew.
    #[test]
    fn a_kept_analysis_is_not_trusted_blindly() {
        let basic: Quinque = rules::load(&RulesSpec::variant("basic")).unwrap().game;
        let advanced: Quinque = rules::load(&RulesSpec::variant("advanced")).unwrap().game;
        let mut changed = 0;
        for seed in 0..20 {
            let mut rng = plateau::rng(seed);
            let mut s = basic.initial_state(seed);
            for _ in 0..30 {
                basic.play_random(&mut s, &mut rng);
            }
            if s.ending.is_some() {
                continue;
            }
            assert!(s.analysis.is_kept());
            assert!(!s.clone().analysis.is_kept());
            // Under other rules.
            let mut fresh = s.clone();
            let (mut r1, mut r2) = (plateau::rng(seed), plateau::rng(seed));
            advanced.play_random(&mut fresh, &mut r1);
            let mut under_advanced = s.clone();
            // A state whose analysis was built under the basic rules.
            std::mem::swap(&mut under_advanced.analysis, &mut s.analysis);
            advanced.play_random(&mut under_advanced, &mut r2);
            assert_eq!(fresh, under_advanced);
            std::mem::swap(&mut under_advanced.analysis, &mut s.analysis);
            // A parachute put on by hand on a free parachutist.
            let Some(i) = s
                .tiles
                .iter()
                .position(|t| t.marked() & basic.point_mask != basic.point_mask)
            else {
                continue;
            };
            let slot = (!s.tiles[i].marked() & basic.point_mask).trailing_zeros();
            s.tiles[i].put(s.to_move, slot);
            let mut legal = Vec::new();
            basic.legal_moves(&s, &mut legal);
            let mut fresh = s.clone();
            let (mut r1, mut r2) = (plateau::rng(seed), plateau::rng(seed));
            basic.play_random(&mut fresh, &mut r1);
            basic.play_random(&mut s, &mut r2);
            assert_eq!(fresh, s);
            assert!(legal.contains(&s.last.unwrap()));
            changed += 1;
        }
        assert!(changed > 5, "{changed} states changed by hand");
    }
}
