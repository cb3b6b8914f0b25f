//! Seeded uniformly random games of basic and advanced Quinque: every action
//! is drawn uniformly from the full legal list.
//!
//! Two ways are timed: `play_random` (the legal actions are counted, one is
//! picked by its index in the list, the analysis of the position is reused to
//! apply it) and `listed` (`legal_moves` writes the full list, an index is
//! drawn, `apply_unchecked` plays it). The throughput is in actions per
//! second. The other figures (mean length, mean number of legal actions, how
//! the games ended) come from `cargo run --release -p plateau-quinque
//! --example playouts`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use plateau::playout::random_game;
use plateau::rand::Rng;
use plateau::{rules, Game, RulesSpec};
use plateau_quinque::Quinque;
use std::hint::black_box;

const GAMES: u64 = 20;

fn load(variant: &str) -> Quinque {
    rules::load(&RulesSpec::variant(variant)).unwrap().game
}

/// Plays a game by listing the legal actions at every step.
fn listed_game(game: &Quinque, seed: u64) -> usize {
    let mut rng = plateau::rng(seed);
    let mut state = game.initial_state(seed);
    let mut actions = Vec::with_capacity(256);
    let mut n = 0;
    while state.ending.is_none() {
        game.legal_moves(&state, &mut actions);
        let a = actions[rng.random_range(0..actions.len())];
        game.apply_unchecked(&mut state, &a);
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    for variant in ["basic", "advanced"] {
        let game = load(variant);
        let total: u64 = (0..GAMES).map(|s| random_game(&game, s, 0).1 as u64).sum();
        let mut group = c.benchmark_group(format!("quinque-{variant}"));
        group.throughput(Throughput::Elements(total));
        group.bench_function("play_random", |b| {
            b.iter(|| {
                for seed in 0..GAMES {
                    black_box(random_game(&game, seed, 0));
                }
            })
        });
        let total: u64 = (0..GAMES).map(|s| listed_game(&game, s) as u64).sum();
        group.throughput(Throughput::Elements(total));
        group.bench_function("listed", |b| {
            b.iter(|| {
                for seed in 0..GAMES {
                    black_box(listed_game(&game, seed));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
