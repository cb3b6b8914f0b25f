//! What the games' benches share: the positions of random games, the timing
//! of legal-move generation over a list of positions, the timing of whole
//! random games, and the agents timed on a sowing game. A bench takes it in
//! with `#[path = "../../bench_support.rs"] mod bench_support;`.

#![allow(dead_code)]

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use plateau::rand::Rng;
use plateau::{playout, FreeFormMoves, Game};
use std::hint::black_box;

/// The positions of random games from `seeds`, ply by ply up to the last
/// before each end, the moves drawn from `rng`.
pub fn positions<G: Game>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
    rng: &mut impl Rng,
) -> Vec<G::State> {
    let mut positions = Vec::new();
    for seed in seeds {
        let mut state = game.initial_state(seed);
        while !game.status(&state).is_over() {
            positions.push(state.clone());
            game.play_random(&mut state, rng);
        }
    }
    positions
}

/// Times listing the legal moves of every one of `positions` as `name` in
/// `group`, one element a position.
pub fn legal_moves<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    game: &G,
    positions: &[G::State],
) {
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut moves = Vec::new();
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut total = 0;
            for state in positions {
                game.legal_moves(state, &mut moves);
                total += moves.len();
            }
            black_box(total)
        })
    });
}

/// Times listing the legal moves of the positions met in 200 random games
/// of `game` as `NAME/legal_moves`.
pub fn random_legal_moves<G: Game>(c: &mut Criterion, name: &str, game: &G) {
    let positions = positions(game, 0..200, &mut plateau::rng(3));
    let mut group = c.benchmark_group(name);
    legal_moves(&mut group, "legal_moves", game, &positions);
    group.finish();
}

/// Times each of the game's evaluations (`hand`, `learned`, ...:
/// [`plateau::SearchHooks::evaluations`]) over the positions met in 200
/// random games, as `NAME/eval/EVAL`, one element a position: side by side
/// in one run, what a learned evaluation costs a search per leaf.
pub fn evaluations<G: Game + plateau::SearchHooks>(c: &mut Criterion, name: &str, game: &G) {
    let positions = positions(game, 0..200, &mut plateau::rng(3));
    let mut group = c.benchmark_group(format!("{name}/eval"));
    group.throughput(Throughput::Elements(positions.len() as u64));
    for (i, eval) in game.evaluations().iter().enumerate() {
        group.bench_function(*eval, |b| {
            b.iter(|| {
                let mut total = 0.0;
                for state in &positions {
                    total += game.evaluate_with(i, state, plateau::Player(0));
                }
                black_box(total)
            })
        });
    }
    group.finish();
}

/// The agents timed on a sowing game (Hus, Oware) by
/// [`sowing_agent_speed_bench!`]: MCTS with random and with evaluated
/// playouts, and `alphabeta`, the alpha-beta spec of the game's depth.
pub fn sowing_agents(alphabeta: &'static str) -> [(&'static str, &'static str); 3] {
    [
        ("mcts", "mcts:iters=2000,keep=false,solver=false"),
        (
            "mcts_eval",
            "mcts:iters=2000,rollout=eval,cut=4,keep=false,solver=false",
        ),
        ("alphabeta", alphabeta),
    ]
}

/// The `main` of a sowing game's agents bench: `plateau::agent_speed_bench!`
/// of [`sowing_agents`] from the start position (of seed 7).
/// A bench takes it in with `#[macro_use]` on its `mod bench_support`.
#[allow(unused_macros)]
macro_rules! sowing_agent_speed_bench {
    ($label:expr, $game:expr, $alphabeta:expr) => {
        plateau::agent_speed_bench!(
            $label,
            $game,
            |game| plateau::ai::kit::position_after(game, 7, 0),
            bench_support::sowing_agents($alphabeta)
        );
    };
}

/// Prints the figures of 20 000 uniformly random games of `game` on one
/// thread (those of `plateau bench NAME`), then times batches of 1 000
/// random games as `NAME/random_games_x1000`.
pub fn random_games<G: Game + FreeFormMoves>(c: &mut Criterion, name: &str, game: &G) {
    const GAMES: u64 = 1000;
    let report = playout::bench(game, 20_000, 1, 0);
    println!(
        "{name} random games: {:.0} games/s, {:.0} plies/s, mean length {:.1} plies, {} capped, results {:?}, mean legal moves {:.2}",
        report.games_per_second(),
        report.plies_per_second(),
        report.mean_length(),
        report.capped,
        report.results,
        report.mean_legal_moves.unwrap_or(0.0),
    );
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(GAMES));
    let mut seed = 0u64;
    group.bench_function("random_games_x1000", |b| {
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..GAMES {
                seed += 1;
                plies += playout::random_game(game, seed, 0).1;
            }
            black_box(plies)
        })
    });
    group.finish();
}
