//! Checks of agents on positions with a known answer, for every game's
//! tests: positions where the player to move can win at once, and
//! positions where some moves let the opponent win at once and others do
//! not. They are found in seeded random games, so every game (a new one
//! included) gets them without writing positions by hand.
//!
//! For hidden information a move's effect is judged in states drawn from
//! the mover's view ([`SearchHooks::determinize`](crate::SearchHooks::determinize)): a move counts as a win only if
//! it wins in every one of them, as losing only if the opponent has an
//! immediate win after it in every one, so that the answer is one the
//! mover can know.
//!
//! ```
//! use plateau::ai::kit;
//! use plateau::demo::Nim;
//! use plateau::{rules, RulesSpec};
//!
//! let nim: Nim = rules::load(&RulesSpec::default_variant()).unwrap().game;
//! let cases = kit::find_cases(&nim, kit::Search { games: 20, ..kit::Search::default() });
//! assert!(cases.iter().any(|c| c.kind == kit::CaseKind::WinInOne));
//! kit::check(&nim, "alphabeta:depth=3", &cases).unwrap();
//! ```

use super::alphabeta::one_ply_up;
use super::{agent_for, choose_at};
use crate::{Player, SearchGame, Status};

/// What a case asks of an agent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaseKind {
    /// Some moves (not all) win at once: play one of them.
    WinInOne,
    /// No move wins at once; some let the opponent win at once, others do
    /// not: play one of the others.
    AvoidLossInOne,
}

/// A position and the moves that answer it.
#[derive(Clone, Debug)]
pub struct Case<G: SearchGame> {
    /// What is asked.
    pub kind: CaseKind,
    /// The position (the full state; agents get only the view).
    pub state: G::State,
    /// The moves that answer it.
    pub good: Vec<G::Move>,
    /// The number of legal moves.
    pub legal: usize,
}

/// Where [`find_cases`] looks.
#[derive(Copy, Clone, Debug)]
pub struct Search {
    /// Random games played.
    pub games: u64,
    /// The seed of the first game (start position and moves).
    pub seed: u64,
    /// Plies per game at most.
    pub max_plies: u32,
    /// Cases of each kind to find at most.
    pub per_kind: usize,
    /// States drawn from the view to judge a move (hidden information).
    pub worlds: u32,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            games: 50,
            seed: 0,
            max_plies: 400,
            per_kind: 8,
            worlds: 12,
        }
    }
}

/// Whether `mover` wins at once by `mv` in `state`.
fn wins_at_once<G: SearchGame>(game: &G, state: &G::State, mv: &G::Move, mover: Player) -> bool {
    let mut next = state.clone();
    game.apply_unchecked(&mut next, mv);
    matches!(game.status(&next), Status::Over(o) if o.winner == Some(mover))
}

/// What `mv` does in one world: `Some(true)` if the opponent can then win
/// at once, `Some(false)` if not, `None` if the mover is still to act (a
/// multi-action turn) or the game ends.
fn opens_a_loss<G: SearchGame>(
    game: &G,
    state: &G::State,
    mv: &G::Move,
    mover: Player,
) -> Option<bool> {
    let mut next = state.clone();
    game.apply_unchecked(&mut next, mv);
    let Status::ToMove(opponent) = game.status(&next) else {
        return None;
    };
    if opponent == mover || !game.moves_enumerable(&next) {
        return None;
    }
    let mut replies = Vec::new();
    game.legal_moves(&next, &mut replies);
    Some(
        replies
            .iter()
            .any(|r| wins_at_once(game, &next, r, opponent)),
    )
}

/// The case of `state`, if it is one.
fn case_of<G: SearchGame>(game: &G, state: &G::State, worlds: u32, seed: u64) -> Option<Case<G>> {
    let Status::ToMove(mover) = game.status(state) else {
        return None;
    };
    if !game.moves_enumerable(state) {
        return None;
    }
    let mut legal = Vec::new();
    game.legal_moves(state, &mut legal);
    if legal.len() < 2 {
        return None;
    }
    // The true state first: a position is a case only if it is one there.
    let wins_here = legal.iter().any(|mv| wins_at_once(game, state, mv, mover));
    if !wins_here
        && !legal
            .iter()
            .any(|mv| opens_a_loss(game, state, mv, mover) == Some(true))
    {
        return None;
    }
    let view = game.view(state, mover);
    let mut rng = crate::rng(seed);
    let worlds: Vec<G::State> = if G::HIDDEN_INFORMATION {
        (0..worlds.max(1))
            .map(|_| game.determinize(&view, &mut rng))
            .collect()
    } else {
        vec![state.clone()]
    };
    let winning: Vec<G::Move> = legal
        .iter()
        .filter(|mv| worlds.iter().all(|w| wins_at_once(game, w, mv, mover)))
        .cloned()
        .collect();
    if !winning.is_empty() {
        return (winning.len() < legal.len()).then(|| Case {
            kind: CaseKind::WinInOne,
            state: state.clone(),
            good: winning,
            legal: legal.len(),
        });
    }
    if legal
        .iter()
        .any(|mv| worlds.iter().any(|w| wins_at_once(game, w, mv, mover)))
    {
        return None;
    }
    let mut losing = Vec::new();
    let mut safe = Vec::new();
    for mv in &legal {
        let effects: Vec<Option<bool>> = worlds
            .iter()
            .map(|w| opens_a_loss(game, w, mv, mover))
            .collect();
        if effects.iter().any(Option::is_none) {
            return None;
        }
        if effects.iter().all(|e| *e == Some(true)) {
            losing.push(mv.clone());
        } else if effects.iter().all(|e| *e == Some(false)) {
            safe.push(mv.clone());
        }
    }
    (!losing.is_empty() && !safe.is_empty()).then(|| Case {
        kind: CaseKind::AvoidLossInOne,
        state: state.clone(),
        good: legal
            .iter()
            .filter(|m| !losing.contains(m))
            .cloned()
            .collect(),
        legal: legal.len(),
    })
}

/// Cases found in seeded random games: up to `per_kind` of each kind.
pub fn find_cases<G: SearchGame>(game: &G, search: Search) -> Vec<Case<G>> {
    let mut found: Vec<Case<G>> = Vec::new();
    let count = |found: &[Case<G>], k: CaseKind| found.iter().filter(|c| c.kind == k).count();
    for g in 0..search.games {
        let seed = search.seed.wrapping_add(g);
        let mut rng = crate::rng(seed ^ 0x5eed);
        let mut state = game.initial_state(seed);
        for ply in 0..search.max_plies {
            if game.status(&state).is_over() {
                break;
            }
            if let Some(case) = case_of(game, &state, search.worlds, seed ^ u64::from(ply)) {
                if count(&found, case.kind) < search.per_kind {
                    found.push(case);
                }
            }
            if !game.play_random(&mut state, &mut rng) {
                break;
            }
        }
        if count(&found, CaseKind::WinInOne) >= search.per_kind
            && count(&found, CaseKind::AvoidLossInOne) >= search.per_kind
        {
            break;
        }
    }
    found
}

/// Asks the agent of `spec` (seeded 0, 1, ...) for a move in every case;
/// the first wrong answer is described in the error.
pub fn check<G: crate::FullGame>(game: &G, spec: &str, cases: &[Case<G>]) -> Result<(), String> {
    for (i, case) in cases.iter().enumerate() {
        let mut agent = agent_for(game, spec, i as u64).map_err(|e| e.to_string())?;
        let choice = choose_at(agent.as_mut(), game, &case.state)
            .ok_or_else(|| format!("{spec}: no move in case {i}"))?;
        if !case.good.contains(&choice.mv) {
            return Err(format!(
                "{spec}: case {i} ({:?}, {} legal moves): played {}, good: {}\n{}",
                case.kind,
                case.legal,
                game.format_move(&choice.mv),
                case.good
                    .iter()
                    .map(|m| game.format_move(m))
                    .collect::<Vec<_>>()
                    .join(" "),
                game.render_state(&case.state)
            ));
        }
    }
    Ok(())
}

/// The position after `plies` seeded random moves from the start position
/// of `seed` (fewer if the game ends first: the last position before the
/// end), for benchmarks of agents.
pub fn position_after<G: SearchGame>(game: &G, seed: u64, plies: u32) -> G::State {
    let mut rng = crate::rng(seed);
    let mut state = game.initial_state(seed);
    for _ in 0..plies {
        let mut next = state.clone();
        if !game.play_random(&mut next, &mut rng) || game.status(&next).is_over() {
            break;
        }
        state = next;
    }
    state
}

/// Runs the agent of `spec` once on `state` and returns its iterations
/// (playouts or nodes) and its time, for benchmarks.
pub fn measure<G: SearchGame>(
    game: &G,
    spec: &str,
    state: &G::State,
) -> Result<(u64, std::time::Duration), String> {
    let mut agent = agent_for(game, spec, 0).map_err(|e| e.to_string())?;
    let choice = choose_at(agent.as_mut(), game, state).ok_or("no move")?;
    Ok((choice.analysis.iterations, choice.analysis.elapsed))
}

/// The value of `state` for its player to move by plain minimax to `depth`
/// with the conventions of the `alphabeta` agent: the evaluation (clamped to
/// [-1, 1]) at depth 0, a finished game worth its returns doubled (so that a
/// proven result outranks any evaluation) and worth a little less with each
/// ply further away (`alphabeta::one_ply_up`), and the value negated only
/// where the side to move changes (a player who moves twice in a row keeps
/// it).
/// Tests compare alpha-beta with it at small depths. Perfect information
/// only: it reads the state.
pub fn minimax<G: SearchGame>(game: &G, state: &G::State, depth: u32) -> f64 {
    let Some(mover) = game.status(state).to_move() else {
        return 0.0;
    };
    if depth == 0 {
        return game.evaluate(state, mover).clamp(-1.0, 1.0);
    }
    let mut moves = Vec::new();
    game.legal_moves(state, &mut moves);
    let mut best = f64::NEG_INFINITY;
    for mv in &moves {
        let mut child = state.clone();
        game.apply_unchecked(&mut child, mv);
        let v = match game.status(&child) {
            Status::Over(o) => game.returns(&o, mover) * 2.0,
            Status::ToMove(p) if p == mover => one_ply_up(minimax(game, &child, depth - 1)),
            Status::ToMove(_) => one_ply_up(-minimax(game, &child, depth - 1)),
        };
        best = best.max(v);
    }
    best
}

/// A criterion bench of agents' speed on one core, the `main` of a bench
/// target: each spec is run from one position, and criterion reports its
/// iterations (MCTS playouts, alpha-beta nodes) per second as elements per
/// second (docs/PERFORMANCE.md). The bench crate needs `criterion` as a
/// dev-dependency; budgets must be iterations or depths, so that the counts
/// are the same every run. The specs are (name, spec) pairs, in a list or
/// any expression that iterates over them.
///
/// ```ignore
/// plateau::agent_speed_bench!(
///     "hus",
///     plateau_hus::Hus::standard(),
///     |game| plateau::ai::kit::position_after(game, 7, 20),
///     [("mcts", "mcts:iters=2000,keep=false,solver=false"), ("alphabeta", "alphabeta:depth=5")]
/// );
/// ```
#[macro_export]
macro_rules! agent_speed_bench {
    ($label:expr, $game:expr, $position:expr, $specs:expr $(,)?) => {
        fn agents(c: &mut criterion::Criterion) {
            let game = $game;
            let position: &dyn Fn(&_) -> _ = &$position;
            let state = position(&game);
            let mut group = c.benchmark_group(concat!($label, "-agents"));
            group
                .sample_size(10)
                .measurement_time(std::time::Duration::from_secs(5));
            for (name, spec) in $specs {
                let (iterations, elapsed) = $crate::ai::kit::measure(&game, spec, &state).unwrap();
                println!(
                    "{} {name} ({spec}): {iterations} iterations in {elapsed:?}, {:.0}/s",
                    $label,
                    iterations as f64 / elapsed.as_secs_f64()
                );
                group.throughput(criterion::Throughput::Elements(iterations));
                group.bench_function(name, |b| {
                    b.iter(|| {
                        std::hint::black_box($crate::ai::kit::measure(&game, spec, &state).unwrap())
                    })
                });
            }
            group.finish();
        }
        criterion::criterion_group!(benches, agents);
        criterion::criterion_main!(benches);
    };
}

/// [`check`]s every agent of `specs` on all `cases`, and `greedy` on the
/// wins in one only (a one-ply agent takes a win it sees, but cannot see a
/// loss coming): the agents' test of a game of perfect information.
pub fn check_agents<G: crate::FullGame>(
    game: &G,
    specs: &[&str],
    cases: &[Case<G>],
) -> Result<(), String> {
    for spec in specs {
        check(game, spec, cases)?;
    }
    let wins: Vec<Case<G>> = cases
        .iter()
        .filter(|c| c.kind == CaseKind::WinInOne)
        .cloned()
        .collect();
    check(game, "greedy", &wins)
}
