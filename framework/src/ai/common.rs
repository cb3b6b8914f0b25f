//! What the agents share: the value of a simulated state for a player,
//! free-form moves (setups), random playouts and the analysis's top moves.

use super::{AgentInput, Choice, Deadline, MoveStat};
use crate::{Player, SearchGame, Status};
use rand::Rng;
use std::collections::HashMap;
use std::hash::Hash;

/// Plies a random playout may run before it is stopped and evaluated: a
/// guard against games without a move cap, never reached by the shipped ones.
pub(crate) const PLAYOUT_LIMIT: u32 = 5_000;

/// How an agent makes a free-form move (a setup), where the moves cannot be
/// listed: how many candidates it draws and compares by evaluation, and
/// whether it draws them as people make such moves
/// ([`FreeFormMoves::candidate_move`](crate::FreeFormMoves::candidate_move)) or uniformly ([`Game::random_move`](crate::Game::random_move)).
#[derive(Copy, Clone, Debug)]
pub(crate) struct FreeForm {
    /// Candidates drawn and compared.
    pub(crate) samples: u32,
    /// Whether they are drawn by [`FreeFormMoves::candidate_move`](crate::FreeFormMoves::candidate_move).
    pub(crate) likely: bool,
}

/// `greedy`'s free-form moves: 24 uniform candidates, a one-ply look at
/// each.
pub(crate) const GREEDY_FREE_FORM: FreeForm = FreeForm {
    samples: 24,
    likely: false,
};

/// The free-form moves of the agents that search (`mcts`, `alphabeta`,
/// `pimc`, `ismcts`): a setup is played once a game and decides much of a
/// Stratego game (a flag left open to a scout), and scoring a few hundred
/// or a few thousand takes some milliseconds; how many, the game says
/// ([`FreeFormMoves::free_form_candidates`](crate::FreeFormMoves::free_form_candidates)). They are drawn as people make them
/// (Stratego: the flag and bombs where people put theirs), which raised
/// `pimc`'s score against `greedy` in Barrage a little (docs/AI.md).
pub(crate) fn search_free_form<G: SearchGame>(game: &G) -> FreeForm {
    FreeForm {
        samples: game.free_form_candidates(),
        likely: true,
    }
}

/// The value of `state` for `player`: the game's return if it is over, its
/// evaluation otherwise. Both are in `[-1, 1]`.
pub(crate) fn value_of<G: SearchGame>(game: &G, state: &G::State, player: Player) -> f64 {
    match game.status(state) {
        Status::Over(outcome) => game.returns(&outcome, player),
        Status::ToMove(_) => game.evaluate(state, player).clamp(-1.0, 1.0),
    }
}

/// Plays random moves from `state` to the end (or for `cut` plies, when
/// given, then evaluates) and returns the value for player 0; player 1's
/// is its negation (two-player zero-sum games).
pub(crate) fn playout<G: SearchGame, R: Rng + ?Sized>(
    game: &G,
    state: &mut G::State,
    cut: Option<u32>,
    rng: &mut R,
) -> f64 {
    let limit = cut.unwrap_or(PLAYOUT_LIMIT);
    let mut plies = 0;
    while plies < limit {
        if let Status::Over(outcome) = game.status(state) {
            return game.returns(&outcome, Player::FIRST);
        }
        if !game.play_random(state, rng) {
            break;
        }
        plies += 1;
    }
    value_of(game, state, Player::FIRST)
}

/// The choice of an agent where the moves cannot be listed (a setup):
/// [`free_form_move`] made as `how` says ([`GREEDY_FREE_FORM`] or
/// [`search_free_form`]), its value as the analysis, timed from `started`.
pub(crate) fn free_form_choice<G: SearchGame, R: Rng + ?Sized>(
    input: &AgentInput<'_, G>,
    how: FreeForm,
    rng: &mut R,
    started: std::time::Instant,
) -> Option<Choice<G::Move>> {
    let (mv, value) = free_form_move(input, how, rng)?;
    let mut choice = Choice::plain(mv, started.elapsed());
    choice.analysis.value = Some(value);
    Some(choice)
}

/// What every agent does before it thinks: a free-form move (a setup) made
/// from scored candidates ([`free_form_choice`]), and no move
/// where none is legal. `Break` holds that answer; `Continue` means there
/// are legal moves to choose from.
pub(crate) fn before_search<G: SearchGame, R: Rng + ?Sized>(
    input: &AgentInput<'_, G>,
    how: FreeForm,
    rng: &mut R,
    started: std::time::Instant,
) -> std::ops::ControlFlow<Option<Choice<G::Move>>> {
    use std::ops::ControlFlow;
    if !input.moves_enumerable {
        return ControlFlow::Break(free_form_choice(input, how, rng, started));
    }
    if input.legal.is_empty() {
        return ControlFlow::Break(None);
    }
    ControlFlow::Continue(())
}

/// Returns from an agent's `choose` with [`before_search`]'s answer when
/// it has one (a setup, or no move); a setup is made as
/// [`search_free_form`] says unless told otherwise.
macro_rules! return_if_settled {
    ($input:expr, $rng:expr, $started:expr) => {
        $crate::ai::common::return_if_settled!(
            $input,
            $crate::ai::common::search_free_form($input.game),
            $rng,
            $started
        )
    };
    ($input:expr, $how:expr, $rng:expr, $started:expr) => {
        if let std::ops::ControlFlow::Break(done) =
            $crate::ai::common::before_search($input, $how, $rng, $started)
        {
            return done;
        }
    };
}
pub(crate) use return_if_settled;

/// A free-form move for the input's player (a setup): `how.samples` moves
/// drawn (as `how.likely` says) from states determinized from the view,
/// each scored by the evaluation of the state it leads to (averaged over a
/// few determinizations), the best kept.
pub(crate) fn free_form_move<G: SearchGame, R: Rng + ?Sized>(
    input: &AgentInput<'_, G>,
    how: FreeForm,
    rng: &mut R,
) -> Option<(G::Move, f64)> {
    let game = input.game;
    let worlds = if G::HIDDEN_INFORMATION { 4 } else { 1 };
    let states: Vec<G::State> = (0..worlds)
        .map(|_| game.determinize(input.view, rng))
        .collect();
    let mut best: Option<(G::Move, f64)> = None;
    for _ in 0..how.samples.max(1) {
        let candidate = if how.likely {
            game.candidate_move(&states[0], rng)
        } else {
            game.random_move(&states[0], rng)
        };
        let Some(mv) = candidate else {
            continue;
        };
        let mut total = 0.0;
        for state in &states {
            let mut next = state.clone();
            game.apply_unchecked(&mut next, &mv);
            total += value_of(game, &next, input.player);
        }
        let value = total / states.len() as f64;
        if best.as_ref().is_none_or(|(_, v)| value > *v) {
            best = Some((mv, value));
        }
    }
    best
}

/// The `n` best of `stats`, best first by `key`.
pub(crate) fn top<M: Clone>(
    mut stats: Vec<MoveStat<M>>,
    n: usize,
    key: impl Fn(&MoveStat<M>) -> f64,
) -> Vec<MoveStat<M>> {
    stats.sort_by(|a, b| key(b).total_cmp(&key(a)));
    stats.truncate(n);
    stats
}

/// How many moves an analysis lists.
pub(crate) const TOP_MOVES: usize = 5;

/// How many root-parallel searches to run: `threads`, but no more than
/// the iterations to share among them.
pub(crate) fn search_threads(threads: u32, deadline: &Deadline) -> u32 {
    let threads = threads.max(1);
    match deadline.budget().iterations {
        Some(n) => threads.min(n.clamp(1, u64::from(u32::MAX)) as u32),
        None => threads,
    }
}

/// The deadline of search `index` of `threads` root-parallel ones: the
/// same clock, and an equal share of the iterations (the first searches
/// take the remainder).
///
/// A node cap ([`AgentLimits::nodes`](super::AgentLimits::nodes)) is
/// shared too: each search's tree may hold an equal share of it.
pub(crate) fn thread_deadline(deadline: &Deadline, threads: u32, index: u32) -> Deadline {
    let iterations = deadline.budget().iterations.map(|n| {
        let (t, i) = (u64::from(threads), u64::from(index));
        n / t + u64::from(i < n % t)
    });
    deadline
        .with_iterations(iterations)
        .with_node_share(threads)
}

/// One root move's statistics in a search, for merging searches.
#[derive(Clone, Debug)]
pub(crate) struct RootStat<M> {
    /// The move.
    pub mv: M,
    /// Its visits.
    pub visits: u64,
    /// The sum of its iterations' values for the mover.
    pub total: f64,
    /// Its proven value for the mover, if a search proved one.
    pub proven: Option<f64>,
}

impl<M> RootStat<M> {
    /// The proven value, or the mean of the iterations (0 unvisited).
    pub fn mean(&self) -> f64 {
        match self.proven {
            Some(v) => v,
            None if self.visits == 0 => 0.0,
            None => self.total / self.visits as f64,
        }
    }
}

/// The root statistics of several searches added up move by move, in the
/// order the moves first appear (searches in order): the result depends on
/// the searches only, not on when each finished.
pub(crate) fn merge_roots<M: Clone + Eq + Hash>(
    searches: Vec<Vec<RootStat<M>>>,
) -> Vec<RootStat<M>> {
    let mut merged: Vec<RootStat<M>> = Vec::new();
    let mut index: HashMap<M, usize> = HashMap::new();
    for stats in searches {
        for s in stats {
            match index.get(&s.mv) {
                Some(&i) => {
                    let m = &mut merged[i];
                    m.visits += s.visits;
                    m.total += s.total;
                    m.proven = m.proven.or(s.proven);
                }
                None => {
                    index.insert(s.mv.clone(), merged.len());
                    merged.push(s);
                }
            }
        }
    }
    merged
}

/// Runs `search(i, input_i)` for each of `inputs` on a thread of its own
/// and returns the results in the order of the inputs.
pub(crate) fn in_parallel<I: Send, T: Send>(
    inputs: Vec<I>,
    search: impl Fn(u32, I) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = inputs
            .into_iter()
            .enumerate()
            .map(|(i, input)| {
                let search = &search;
                scope.spawn(move || search(i as u32, input))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h.join() {
                Ok(v) => v,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

/// The choice of a tree search from its root moves' statistics: a proven
/// win first, then the most visited move, then the best mean (the first
/// listed on a tie); never a proven loss while another move is open. Its
/// analysis lists the most visited moves.
pub(crate) fn choice_from_roots<M: Clone>(
    stats: Vec<RootStat<M>>,
    iterations: u64,
    nodes: u64,
    started: std::time::Instant,
) -> Option<Choice<M>> {
    let key = |s: &RootStat<M>| {
        let class = match s.proven {
            Some(v) if v >= 1.0 => 2,
            Some(v) if v <= -1.0 => 0,
            _ => 1,
        };
        (class, s.visits, s.mean())
    };
    let best = (0..stats.len()).max_by(|&a, &b| {
        let (ka, kb) = (key(&stats[a]), key(&stats[b]));
        ka.0.cmp(&kb.0)
            .then(ka.1.cmp(&kb.1))
            .then(ka.2.total_cmp(&kb.2))
            .then(b.cmp(&a))
    })?;
    let value = stats[best].mean().clamp(-1.0, 1.0);
    let mv = stats[best].mv.clone();
    let top = stats
        .into_iter()
        .map(|s| MoveStat {
            value: s.mean().clamp(-1.0, 1.0),
            mv: s.mv,
            visits: s.visits,
        })
        .collect();
    Some(Choice {
        mv,
        analysis: super::Analysis {
            iterations,
            depth: None,
            top: self::top(top, TOP_MOVES, |s| s.visits as f64),
            value: Some(value),
            elapsed: started.elapsed(),
            nodes,
        },
    })
}

/// The index of `name` among a game's `names` (its
/// [`SearchHooks::evaluations`](crate::SearchHooks::evaluations) or
/// [`SearchHooks::beliefs`](crate::SearchHooks::beliefs)): the game's first
/// when `None` or not one of them.
pub(crate) fn index_of(names: &[&str], name: Option<&'static str>) -> usize {
    name.and_then(|name| names.iter().position(|n| *n == name))
        .unwrap_or(0)
}
