//! Uniformly random full games of standard Hus on one thread (the figure of
//! `plateau bench hus`), and exact legal-move generation.

#[path = "../../bench_support.rs"]
mod bench_support;

use criterion::{criterion_group, criterion_main, Criterion};
use plateau_hus::Hus;

fn random_games(c: &mut Criterion) {
    bench_support::random_games(c, "hus", &Hus::standard());
}

fn legal_moves(c: &mut Criterion) {
    let hus = Hus::standard();
    // Positions met in random games, to list the legal moves of.
    let positions = bench_support::positions(&hus, 0..200, &mut plateau::rng(3));
    let mut group = c.benchmark_group("hus");
    bench_support::legal_moves(&mut group, "legal_moves", &hus, &positions);
    group.finish();
}

criterion_group!(benches, random_games, legal_moves);
criterion_main!(benches);
