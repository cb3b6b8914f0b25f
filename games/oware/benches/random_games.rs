//! Uniformly random full games of standard Oware on one thread, exact rules
//! with repetition (the figure of `plateau bench oware`), legal moves, and
//! the evaluations.

#[path = "../../bench_support.rs"]
mod bench_support;

use criterion::{criterion_group, criterion_main, Criterion};
use plateau::Game;
use plateau_oware::Oware;
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    bench_support::random_games(c, "oware", &Oware::standard());
}

fn legal_moves(c: &mut Criterion) {
    bench_support::random_legal_moves(c, "oware", &Oware::standard());
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

/// The hand and the learned evaluation, side by side.
fn evaluations(c: &mut Criterion) {
    bench_support::evaluations(c, "oware", &Oware::standard());
}

criterion_group!(benches, random_games, legal_moves, clone_state, evaluations);
criterion_main!(benches);
