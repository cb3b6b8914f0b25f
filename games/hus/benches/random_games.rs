//! Uniformly random full games of standard Hus on one thread (the figure of
//! `plateau bench hus`), exact legal-move generation, and the evaluations.

#[path = "../../bench_support.rs"]
mod bench_support;

use criterion::{criterion_group, criterion_main, Criterion};
use plateau_hus::Hus;

fn random_games(c: &mut Criterion) {
    bench_support::random_games(c, "hus", &Hus::standard());
}

fn legal_moves(c: &mut Criterion) {
    bench_support::random_legal_moves(c, "hus", &Hus::standard());
}

/// The hand and the learned evaluation, side by side.
fn evaluations(c: &mut Criterion) {
    bench_support::evaluations(c, "hus", &Hus::standard());
}

criterion_group!(benches, random_games, legal_moves, evaluations);
criterion_main!(benches);
