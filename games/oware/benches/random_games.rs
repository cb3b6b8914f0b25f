//! Uniformly random full games of standard Oware on one thread, exact rules
//! with repetition (the figure of `plateau bench oware`), and legal moves.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use plateau::{playout, Game};
use plateau_oware::Oware;
use std::hint::black_box;

const GAMES: u64 = 1000;

fn random_games(c: &mut Criterion) {
    let oware = Oware::standard();
    let report = playout::bench(&oware, 20_000, 1, 0);
    println!(
        "oware random games: {:.0} games/s, {:.0} plies/s, mean length {:.1} plies, {} capped, results {:?}, mean legal moves {:.2}",
        report.games_per_second(),
        report.plies_per_second(),
        report.mean_length(),
        report.capped,
        report.results,
        report.mean_legal_moves.unwrap_or(0.0),
    );
    let mut group = c.benchmark_group("oware");
    group.throughput(Throughput::Elements(GAMES));
    let mut seed = 0u64;
    group.bench_function("random_games_x1000", |b| {
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..GAMES {
                seed += 1;
                plies += playout::random_game(&oware, seed, 0).1;
            }
            black_box(plies)
        })
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let oware = Oware::standard();
    // Positions met in random games, to list the legal moves of.
    let mut positions = Vec::new();
    let mut rng = plateau::rng(3);
    for g in 0..200 {
        let mut state = oware.initial_state(g);
        while !oware.status(&state).is_over() {
            positions.push(state);
            oware.play_random(&mut state, &mut rng);
        }
    }
    let mut group = c.benchmark_group("oware");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        let mut moves = Vec::with_capacity(16);
        b.iter_batched_ref(
            || (),
            |_| {
                let mut total = 0;
                for state in &positions {
                    oware.legal_moves(state, &mut moves);
                    total += moves.len();
                }
                black_box(total)
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// A state is `Copy` with a fixed-capacity list of positions: a clone (what
/// search does per node) costs the same at every point of a game.
fn clone_state(c: &mut Criterion) {
    let oware = Oware::standard();
    let mut state = oware.initial_state(0);
    let mut rng = plateau::rng(5);
    for _ in 0..40 {
        oware.play_random(&mut state, &mut rng);
    }
    c.bench_function("oware/clone_state", |b| {
        b.iter(|| black_box(*black_box(&state)))
    });
}

criterion_group!(benches, random_games, legal_moves, clone_state);
criterion_main!(benches);
