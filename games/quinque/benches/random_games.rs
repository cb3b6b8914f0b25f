//! Seeded uniformly random games of basic and advanced Quinque: every action
//! is drawn uniformly from the full legal list.
//!
//! Two ways are timed: `play_random` (the legal actions are counted, one is
//! picked by its index in the list, the analysis of the position is reused to
//! apply it) and `listed` (`legal_moves` writes the full list, an index is
//! drawn, `apply_unchecked` plays it). Before timing, the figures of a
//! longer run are printed: games/s, actions/s, mean length, mean number of
//! legal actions, and how the games ended.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use plateau::playout::random_game;
use plateau::rand::Rng;
use plateau::{rules, Game, RulesSpec};
use plateau_quinque::Quinque;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

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

fn figures(variant: &str, game: &Quinque) {
    let games = 2000;
    let start = Instant::now();
    let mut actions = 0u64;
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..games {
        let (outcome, n) = random_game(game, seed, 0);
        actions += n as u64;
        *reasons.entry(outcome.reason.to_string()).or_default() += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut listed_actions = 0u64;
    for seed in 0..games / 4 {
        listed_actions += listed_game(game, seed) as u64;
    }
    let listed_secs = start.elapsed().as_secs_f64();
    // Mean number of legal actions over every position of 200 games.
    let (mut positions, mut legal) = (0u64, 0u64);
    for seed in 0..200 {
        let mut rng = plateau::rng(seed);
        let mut state = game.initial_state(seed);
        while state.ending.is_none() {
            positions += 1;
            legal += game.count_actions(&state) as u64;
            game.play_random(&mut state, &mut rng);
        }
    }
    let capped = reasons
        .iter()
        .filter(|(r, _)| r.ends_with("cap") || *r == "repetition")
        .map(|(_, n)| n)
        .sum::<usize>();
    eprintln!(
        "quinque {variant}: {games} games in {secs:.2} s: {:.0} games/s, {:.0} actions/s \
         (listed: {:.0} actions/s); mean length {:.1} actions; mean legal actions {:.1}; \
         capped {:.1}% (turn cap or repetition); endings {reasons:?}",
        games as f64 / secs,
        actions as f64 / secs,
        listed_actions as f64 / listed_secs,
        actions as f64 / games as f64,
        legal as f64 / positions as f64,
        100.0 * capped as f64 / games as f64,
    );
}

fn bench(c: &mut Criterion) {
    for variant in ["basic", "advanced"] {
        let game = load(variant);
        figures(variant, &game);
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
