//! What search does with Hus positions: clone one and apply a move
//! (`clone_apply`), and list the legal moves of positions met in no
//! particular order (`cold_legal_moves`).
//!
//! Hus games are short (29.5 plies on average under the standard rules,
//! which have no move cap), so `clone_apply` takes positions at ply 10 and
//! at the last ply of the longest of 20 000 random games (the bench prints
//! it); there is no ply 500 or 1 500 to take. A state is 32 bytes of pits
//! and a few counters, and `Copy`: a clone costs the same at every ply.
//!
//! `cold_legal_moves` lists the legal moves of 1 000 positions from random
//! games, shuffled.

#[path = "../../bench_support.rs"]
mod bench_support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use plateau::rand::seq::SliceRandom;
use plateau::Game;
use plateau_hus::{Hus, HusState};
use std::hint::black_box;

/// The positions of a random game, ply by ply, up to the last before the end.
fn game_positions(hus: &Hus, seed: u64) -> Vec<HusState> {
    bench_support::positions(hus, [seed], &mut plateau::rng(seed))
}

fn clone_apply(c: &mut Criterion) {
    let hus = Hus::standard();
    let longest = (0..20_000)
        .map(|seed| game_positions(&hus, seed))
        .max_by_key(Vec::len)
        .expect("games");
    let last = longest.len() - 1;
    println!(
        "hus clone_apply: the longest game has {} plies",
        longest.len()
    );
    let mut group = c.benchmark_group("hus");
    let mut moves = Vec::new();
    for ply in [10, last] {
        let state = &longest[ply];
        hus.legal_moves(state, &mut moves);
        let mv = moves[moves.len() / 2];
        group.bench_with_input(BenchmarkId::new("clone_apply", ply), state, |b, state| {
            b.iter(|| {
                // The clone: `HusState` is `Copy`.
                let mut s = *state;
                hus.apply_unchecked(&mut s, &mv);
                black_box(s)
            })
        });
    }
    group.finish();
}

fn cold_legal_moves(c: &mut Criterion) {
    let hus = Hus::standard();
    let mut positions: Vec<HusState> = (0..100)
        .flat_map(|seed| game_positions(&hus, seed))
        .collect();
    positions.shuffle(&mut plateau::rng(7));
    positions.truncate(1_000);
    let mut group = c.benchmark_group("hus");
    bench_support::legal_moves(&mut group, "cold_legal_moves", &hus, &positions);
    group.finish();
}

criterion_group!(benches, clone_apply, cold_legal_moves);
criterion_main!(benches);
