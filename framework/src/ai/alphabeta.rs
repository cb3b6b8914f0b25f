//! `alphabeta`: negamax alpha-beta search with iterative deepening, a
//! transposition table keyed by [`Game::state_key`](crate::Game::state_key), move ordering (the
//! table's move first, then the others by a one-ply evaluation) and a time
//! or node budget.
//!
//! One ply is one [`Game::Move`](crate::Game::Move). The value of a position is from the point
//! of view of the player to move there, and a child's value is negated only
//! when the side to move changes, so a player who moves twice in a row (the
//! two actions of a Quinque turn) is searched correctly. Leaves are scored
//! by [`SearchHooks::evaluate`](crate::SearchHooks::evaluate), in `[-1, 1]`; finished games by
//! [`Game::returns`](crate::Game::returns), doubled, so that a proven result (`|value| > 1`)
//! always outweighs an evaluation. A proven result loses a little of its
//! size with each ply it lies away ([`one_ply_up`]): a win sooner is worth
//! more than a win later, and a loss later is less bad than one sooner, so
//! a lost side makes its opponent find the longest way to win.
//!
//! At the horizon the searching player's opponent is asked about
//! ([`SearchHooks::wins_at_once`](crate::SearchHooks::wins_at_once)): a leaf where it is to move and can win with
//! its next move scores that loss, and a leaf where the searching player is
//! to move while the opponent threatens such a win is searched one ply
//! further (one extension on a line), so that a threat just beyond the
//! depth is met. A leaf where the opponent surely wins within
//! [`FORCED_WIN_MOVES`] of its moves ([`SearchHooks::forced_win`](crate::SearchHooks::forced_win), a check cheaper
//! than search that a game may provide) scores that loss, as far away as
//! the win lies, so that a walk at the flag longer than the depth counts.
//! The searching player's own wins are not looked for there: in a state
//! drawn from a view they may rest on guessed hidden pieces. For the same
//! reason, below the root a win of the searching player that the game says
//! was a guess ([`SearchHooks::guessed_win`](crate::SearchHooks::guessed_win): an attack on an unknown piece that is
//! the flag in this draw) is worth only its chance, the rest going to the
//! state where the guess failed.

use super::common::{self, TOP_MOVES};
use super::{
    Agent, AgentInput, AgentKind, AgentLimits, AlphaBetaConfig, Analysis, Budget, Choice, Deadline,
    MoveStat,
};
use crate::{GameRng, Player, SearchGame, Status};
use std::time::Instant;

/// The factor by which a finished game's return is scaled in search, so
/// that proven results lie outside the evaluations' `[-1, 1]`.
pub(crate) const PROVEN_SCALE: f64 = 2.0;

/// The share of a proven value's excess over 1 lost with each ply it lies
/// away from the position searched ([`one_ply_up`]).
pub(crate) const PROVEN_DECAY: f64 = 0.01;

/// A value seen one ply up, from the parent of the position it is the
/// value of (for the same player): a proven result `v` (`|v| > 1`) becomes
/// `±(1 + (|v| - 1) · (1 - PROVEN_DECAY))`, still proven; an evaluation
/// stays as it is. Strictly increasing, so alpha-beta's windows go down
/// through [`one_ply_down`], its inverse.
pub(crate) fn one_ply_up(v: f64) -> f64 {
    if v.abs() > 1.0 {
        v.signum() * (1.0 + (v.abs() - 1.0) * (1.0 - PROVEN_DECAY))
    } else {
        v
    }
}

/// The inverse of [`one_ply_up`]: a parent's bound in the child's terms
/// (infinite bounds stay infinite).
fn one_ply_down(v: f64) -> f64 {
    if v.abs() > 1.0 && v.is_finite() {
        v.signum() * (1.0 + (v.abs() - 1.0) / (1.0 - PROVEN_DECAY))
    } else {
        v
    }
}

/// The most moves of the opponent's forced win ([`SearchHooks::forced_win`](crate::SearchHooks::forced_win)) that
/// the search looks for at its horizon.
pub(crate) const FORCED_WIN_MOVES: u32 = 6;

/// log2 of the number of transposition-table entries at the start; the
/// table grows (emptied) after a search that visited many more nodes, up to
/// [`MAX_TABLE_BITS`].
const START_TABLE_BITS: u32 = 12;
/// log2 of the most transposition-table entries (about 40 MB at most).
const MAX_TABLE_BITS: u32 = 20;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Debug)]
struct Entry<M> {
    key: u64,
    depth: u32,
    bound: Bound,
    value: f64,
    best: Option<M>,
}

/// A transposition table: one entry per slot, always replaced.
pub(crate) struct Table<M> {
    bits: u32,
    slots: Vec<Option<Entry<M>>>,
}

impl<M: Clone> Table<M> {
    pub(crate) fn new() -> Self {
        Table {
            bits: START_TABLE_BITS,
            slots: vec![None; 1 << START_TABLE_BITS],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key >> (64 - self.bits)) as usize
    }

    fn get(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[self.slot(key)].as_ref().filter(|e| e.key == key)
    }

    fn put(&mut self, entry: Entry<M>) {
        let i = self.slot(entry.key);
        self.slots[i] = Some(entry);
    }

    /// Grows the table (emptied) if a search of `nodes` nodes overflowed
    /// it, to no more than `cap` entries ([`AgentLimits::nodes`](super::AgentLimits::nodes)).
    pub(crate) fn fit(&mut self, nodes: u64, cap: Option<usize>) {
        let most = cap.map_or(MAX_TABLE_BITS, |c| cap_bits(c).min(MAX_TABLE_BITS));
        if self.bits < most && nodes > 2 * self.slots.len() as u64 {
            let needed = (64 - nodes.leading_zeros()).clamp(self.bits + 1, most);
            self.bits = needed;
            self.slots = vec![None; 1 << needed];
        }
    }

    /// Shrinks the table (emptied) to no more than `cap` entries, if it
    /// holds more ([`AgentLimits::nodes`](super::AgentLimits::nodes)).
    pub(crate) fn limit(&mut self, cap: Option<usize>) {
        if let Some(cap) = cap {
            if self.slots.len() > cap {
                self.bits = cap_bits(cap);
                self.slots = vec![None; 1 << self.bits];
            }
        }
    }

    /// The number of entries the table holds room for.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}

/// log2 of the largest power of two no more than `cap` (at least 1: a
/// table of two entries).
fn cap_bits(cap: usize) -> u32 {
    (usize::BITS - 1 - cap.max(2).leading_zeros()).max(1)
}

/// What one search of a position found.
pub(crate) struct SearchResult<M> {
    /// The best move and its value for the mover.
    pub best: Option<(M, f64)>,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// One alpha-beta search: the rules, the table, the budget and counters.
pub(crate) struct Searcher<'a, G: SearchGame> {
    game: &'a G,
    table: &'a mut Table<G::Move>,
    deadline: Deadline,
    nodes: u64,
    aborted: bool,
    /// Whether a leaf was cut by the depth limit in this iteration (if not,
    /// the whole tree was searched and deeper iterations change nothing).
    horizon: bool,
    /// The searching player, whose opponent's wins at once are looked for
    /// at the horizon ([`SearchHooks::wins_at_once`](crate::SearchHooks::wins_at_once)).
    root: Option<Player>,
    /// Whether a threat extension is being searched (one at a time).
    extending: bool,
    pool: Vec<Vec<G::Move>>,
    /// The evaluation at the leaves: an index of
    /// [`SearchHooks::evaluations`](crate::SearchHooks::evaluations).
    eval: usize,
}

impl<'a, G: SearchGame> Searcher<'a, G> {
    /// A search on `budget` within `limits` (its time; the table's size is
    /// limited by the caller, [`Table::limit`]).
    pub(crate) fn within(
        game: &'a G,
        table: &'a mut Table<G::Move>,
        budget: Budget,
        limits: AgentLimits,
    ) -> Self {
        Searcher {
            game,
            table,
            deadline: budget.start_within(limits),
            nodes: 0,
            aborted: false,
            horizon: false,
            root: None,
            extending: false,
            pool: Vec::new(),
            eval: 0,
        }
    }

    /// The same search with the leaves scored by evaluation `eval` (an
    /// index of [`SearchHooks::evaluations`](crate::SearchHooks::evaluations)).
    pub(crate) fn with_eval(mut self, eval: usize) -> Self {
        self.eval = eval;
        self
    }

    /// Nodes visited so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted && self.nodes & 7 == 0 && self.deadline.exhausted(self.nodes) {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of `child` for `mover`, who moved into it.
    fn child_value(
        &mut self,
        child: &G::State,
        mover: Player,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        match self.game.status(child) {
            Status::Over(outcome) => self.game.returns(&outcome, mover) * PROVEN_SCALE,
            Status::ToMove(next) if next == mover => one_ply_up(self.negamax(
                child,
                next,
                depth,
                one_ply_down(alpha),
                one_ply_down(beta),
            )),
            Status::ToMove(next) => one_ply_up(-self.negamax(
                child,
                next,
                depth,
                -one_ply_down(beta),
                -one_ply_down(alpha),
            )),
        }
    }

    /// The value for `mover` of its move `mv` from `state` into `child`,
    /// below the root: as [`Searcher::child_value`], except that a win of
    /// the searching player that rests on hidden pieces it guessed
    /// ([`SearchHooks::guessed_win`](crate::SearchHooks::guessed_win)) is worth its chance `p` of winning, the rest
    /// going to the state where it did not win: `p + (1 - p) · v`, with that
    /// state's value `v` searched to the same depth and taken in `[-1, 1]`,
    /// so a guess is never a proven win. At the root the worlds' mean does
    /// this already (each world's hidden pieces decide the root move's
    /// result once); below it, each world would steer the player's later
    /// moves to its own hidden pieces.
    #[allow(clippy::too_many_arguments)]
    fn move_value(
        &mut self,
        state: &G::State,
        mv: &G::Move,
        child: &G::State,
        mover: Player,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        // Only a game with hidden information can guess: perfect information
        // pays nothing here, not even the status of each child.
        if G::HIDDEN_INFORMATION && self.root == Some(mover) {
            if let Status::Over(outcome) = self.game.status(child) {
                if self.game.returns(&outcome, mover) > 0.0 {
                    if let Some((p, failed)) = self.game.guessed_win(state, mv) {
                        let v = self.child_value(
                            &failed,
                            mover,
                            depth,
                            f64::NEG_INFINITY,
                            f64::INFINITY,
                        );
                        return p + (1.0 - p) * v.clamp(-1.0, 1.0);
                    }
                }
            }
        }
        self.child_value(child, mover, depth, alpha, beta)
    }

    /// The depth-`depth` value of `state` for `mover`, the player to move.
    fn negamax(
        &mut self,
        state: &G::State,
        mover: Player,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0.0;
        }
        // A position whose result the game knows exactly (endgame tables)
        // is a proven result, however deep it lies.
        if let Some(exact) = self.game.exact_value(state, mover) {
            return exact * PROVEN_SCALE;
        }
        if depth == 0 || !self.game.moves_enumerable(state) {
            self.horizon = true;
            // The opponent's win with its next move is a threat no
            // evaluation weighs right: to move, it wins; threatened, the
            // searching player gets one more ply to meet it. Only the
            // opponent's wins, as the searching player's own may rest on
            // guessed hidden pieces.
            if let (0, Some(root)) = (depth, self.root) {
                if mover != root {
                    if self.game.wins_at_once(state, mover) {
                        return PROVEN_SCALE;
                    }
                } else if !self.extending && self.game.wins_at_once(state, root.opponent()) {
                    self.extending = true;
                    let v = self.negamax(state, mover, 1, alpha, beta);
                    self.extending = false;
                    return v;
                }
                // A win the opponent cannot be kept from, beyond the depth:
                // its last move is the win, 2m - 1 plies away when it moves
                // first, 2m when the searching player does.
                if let Some(m) = self
                    .game
                    .forced_win(state, root.opponent(), FORCED_WIN_MOVES)
                {
                    let plies = 2 * m - u32::from(mover != root);
                    let mut v = PROVEN_SCALE;
                    for _ in 1..plies {
                        v = one_ply_up(v);
                    }
                    return if mover == root { -v } else { v };
                }
            }
            return self
                .game
                .evaluate_with(self.eval, state, mover)
                .clamp(-1.0, 1.0);
        }
        let key = self.game.state_key(state);
        let mut table_move = None;
        if let Some(e) = self.table.get(key) {
            table_move = e.best.clone();
            if e.depth == depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
        }
        let alpha_start = alpha;
        let mut moves = self.pool.pop().unwrap_or_default();
        self.game.legal_moves(state, &mut moves);
        if moves.is_empty() {
            self.pool.push(moves);
            return self
                .game
                .evaluate_with(self.eval, state, mover)
                .clamp(-1.0, 1.0);
        }
        if let Some(tm) = &table_move {
            if let Some(i) = moves.iter().position(|m| m == tm) {
                moves.swap(0, i);
            }
        }
        let mut best = f64::NEG_INFINITY;
        let mut best_move = None;
        if depth >= 2 && moves.len() > 2 {
            // Order by a one-ply evaluation, keeping the children.
            let first_fixed = usize::from(table_move.is_some() && moves.len() > 1);
            let mut children: Vec<(f64, usize, G::State)> = moves
                .iter()
                .enumerate()
                .map(|(i, mv)| {
                    let mut child = state.clone();
                    self.game.apply_unchecked(&mut child, mv);
                    let order = if i < first_fixed {
                        f64::INFINITY
                    } else {
                        common::value_of(self.game, &child, mover)
                    };
                    (order, i, child)
                })
                .collect();
            children.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for (_, i, child) in &children {
                let v = self.move_value(state, &moves[*i], child, mover, depth - 1, alpha, beta);
                if self.aborted {
                    break;
                }
                if v > best {
                    best = v;
                    best_move = Some(*i);
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        } else {
            for (i, mv) in moves.iter().enumerate() {
                let mut child = state.clone();
                self.game.apply_unchecked(&mut child, mv);
                let v = self.move_value(state, mv, &child, mover, depth - 1, alpha, beta);
                if self.aborted {
                    break;
                }
                if v > best {
                    best = v;
                    best_move = Some(i);
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        if !self.aborted {
            let bound = if best <= alpha_start {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.put(Entry {
                key,
                depth,
                bound,
                value: best,
                best: best_move.map(|i| moves[i].clone()),
            });
        }
        self.pool.push(moves);
        best
    }

    /// The value for `mover` of the root move `mv` from `state`, searched to
    /// `depth` plies in all with the window (`alpha`, +inf); `None` if the
    /// budget ran out.
    #[inline]
    fn root_value(
        &mut self,
        state: &G::State,
        mv: &G::Move,
        mover: Player,
        depth: u32,
        alpha: f64,
    ) -> Option<f64> {
        let mut child = state.clone();
        self.game.apply_unchecked(&mut child, mv);
        let v = self.child_value(&child, mover, depth - 1, alpha, f64::INFINITY);
        (!self.aborted).then_some(v)
    }

    /// The values of `moves` from `state` at `depth` for `mover`: the best
    /// exactly, the others as bounds. `None` if
    /// the budget ran out before the first move was searched.
    fn root(
        &mut self,
        state: &G::State,
        mover: Player,
        moves: &[G::Move],
        depth: u32,
    ) -> Option<(usize, f64)> {
        let mut alpha = f64::NEG_INFINITY;
        let mut best: Option<(usize, f64)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let Some(v) = self.root_value(state, mv, mover, depth, alpha) else {
                break;
            };
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((i, v));
            }
            alpha = alpha.max(v);
        }
        best
    }

    /// Iterative deepening for `mover` from depth 1 up to `max_depth` (at
    /// least 1): `iteration` searches one depth and says whether a deeper
    /// one may be worth it. It stops once the budget ran out or no line
    /// reached the horizon.
    fn deepen(
        &mut self,
        mover: Player,
        max_depth: u32,
        mut iteration: impl FnMut(&mut Self, u32) -> bool,
    ) {
        self.root = Some(mover);
        for depth in 1..=max_depth.max(1) {
            self.horizon = false;
            if !iteration(self, depth) || self.aborted || !self.horizon {
                break;
            }
        }
    }

    /// The exact value of every move of `moves` from `state` for `mover`,
    /// by iterative deepening up to `max_depth` (each move searched with a
    /// full window): the values of each complete iteration, the deepest
    /// first (empty if not even depth 1 was completed).
    pub(crate) fn all_values(
        &mut self,
        state: &G::State,
        mover: Player,
        moves: &[G::Move],
        max_depth: u32,
    ) -> Vec<Vec<f64>> {
        let mut by_depth = Vec::new();
        self.deepen(mover, max_depth, |s, depth| {
            let mut values = Vec::with_capacity(moves.len());
            for mv in moves {
                let Some(v) = s.root_value(state, mv, mover, depth, f64::NEG_INFINITY) else {
                    break;
                };
                values.push(v);
            }
            if !s.aborted {
                by_depth.push(values);
            }
            true
        });
        by_depth.reverse();
        by_depth
    }

    /// Iterative deepening from `state` over `moves` up to `max_depth`.
    pub(crate) fn search(
        &mut self,
        state: &G::State,
        mover: Player,
        moves: &[G::Move],
        max_depth: u32,
    ) -> SearchResult<G::Move> {
        let mut order: Vec<G::Move> = moves.to_vec();
        let mut result = SearchResult {
            best: None,
            depth: 0,
            nodes: 0,
        };
        self.deepen(mover, max_depth, |s, depth| {
            // A partial iteration still counts: its first move (the
            // previous best) was searched in full, and a later move is
            // kept only if it beat that one at this depth.
            if let Some((i, v)) = s.root(state, mover, &order, depth) {
                result.best = Some((order[i].clone(), v));
                if !s.aborted {
                    result.depth = depth;
                    let mv = order.remove(i);
                    order.insert(0, mv);
                }
            }
            // A proven result is not searched deeper.
            result.best.as_ref().map_or(0.0, |b| b.1).abs() <= 1.0
        });
        result.nodes = self.nodes;
        result
    }
}

/// The value of `state` for the player to move by alpha-beta at exactly
/// `depth` plies (with a fresh table), for tests against plain minimax.
#[cfg(test)]
pub(crate) fn value_at_depth<G: SearchGame>(game: &G, state: &G::State, depth: u32) -> f64 {
    let mut table = Table::new();
    let mover = game.status(state).to_move().expect("a game in progress");
    let mut searcher = Searcher::within(game, &mut table, Budget::default(), AgentLimits::NONE);
    searcher.negamax(state, mover, depth, f64::NEG_INFINITY, f64::INFINITY)
}

/// The alpha-beta agent. Its table is kept between moves (cleared by
/// [`Agent::new_game`]).
pub struct AlphaBetaAgent<G: SearchGame> {
    config: AlphaBetaConfig,
    table: Table<G::Move>,
    rng: GameRng,
}

impl<G: SearchGame> AlphaBetaAgent<G> {
    /// An alpha-beta agent with these options and seed.
    pub fn new(config: AlphaBetaConfig, seed: u64) -> Self {
        AlphaBetaAgent {
            config,
            table: Table::new(),
            rng: crate::rng(seed),
        }
    }
}

impl<G: SearchGame> Agent<G> for AlphaBetaAgent<G> {
    fn spec(&self) -> String {
        AgentKind::AlphaBeta(self.config).spec()
    }

    fn choose(&mut self, input: &AgentInput<'_, G>) -> Option<Choice<G::Move>> {
        let started = Instant::now();
        common::return_if_settled!(input, &mut self.rng, started);
        let state = input.game.determinize(input.view, &mut self.rng);
        let cap = input.limits.nodes;
        self.table.limit(cap);
        let eval = common::index_of(input.game.evaluations(), self.config.eval);
        let mut searcher = Searcher::within(
            input.game,
            &mut self.table,
            self.config.budget,
            input.limits,
        )
        .with_eval(eval);
        let result = searcher.search(&state, input.player, input.legal, self.config.depth);
        self.table.fit(result.nodes, cap);
        let (mv, value) = result.best.unwrap_or_else(|| (input.legal[0].clone(), 0.0));
        let value = (value / if value.abs() > 1.0 { PROVEN_SCALE } else { 1.0 }).clamp(-1.0, 1.0);
        Some(Choice {
            mv: mv.clone(),
            analysis: Analysis {
                iterations: result.nodes,
                depth: Some(result.depth),
                top: common::top(
                    vec![MoveStat {
                        mv,
                        visits: 0,
                        value,
                    }],
                    TOP_MOVES,
                    |s| s.value,
                ),
                value: Some(value),
                elapsed: started.elapsed(),
                nodes: self.table.len() as u64,
            },
        })
    }

    fn new_game(&mut self) {
        self.table.clear();
    }
}
