//! Uniformly random full games of standard Hus on one thread (the figure of
//! `plateau bench hus`), and exact legal-move generation.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use plateau::{playout, Game};
use plateau_hus::Hus;
use std::hint::black_box;

const GAMES: u64 = 1000;

fn random_games(c: &mut Criterion) {
    let hus = Hus::standard();
    let report = playout::bench(&hus, 20_000, 1, 0);
    println!(
        "hus random games: {:.0} games/s, {:.0} plies/s, mean length {:.1} plies, {} capped, results {:?}, mean legal moves {:.2}",
        report.games_per_second(),
        report.plies_per_second(),
        report.mean_length(),
        report.capped,
        report.results,
        report.mean_legal_moves.unwrap_or(0.0),
    );
    let mut group = c.benchmark_group("hus");
    group.throughput(Throughput::Elements(GAMES));
    let mut seed = 0u64;
    group.bench_function("random_games_x1000", |b| {
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..GAMES {
                seed += 1;
                plies += playout::random_game(&hus, seed, 0).1;
            }
            black_box(plies)
        })
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let hus = Hus::standard();
    // Positions met in random games, to list the legal moves of.
    let mut positions = Vec::new();
    let mut rng = plateau::rng(3);
    for g in 0..200 {
        let mut state = hus.initial_state(g);
        while !hus.status(&state).is_over() {
            positions.push(state);
            hus.play_random(&mut state, &mut rng);
        }
    }
    let mut group = c.benchmark_group("hus");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        let mut moves = Vec::with_capacity(16);
        b.iter_batched_ref(
            || (),
            |_| {
                let mut total = 0;
                for state in &positions {
                    hus.legal_moves(state, &mut moves);
                    total += moves.len();
                }
                black_box(total)
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, random_games, legal_moves);
criterion_main!(benches);
