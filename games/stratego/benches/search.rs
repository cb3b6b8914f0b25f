//! What search does to positions: clone one and apply a move (flat in the
//! length of the game: a state is bounded by the board), list the legal
//! moves of positions met in no particular order (cold), take a player's
//! view, and draw a state consistent with a view (determinize).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use plateau::rand::seq::SliceRandom;
use plateau::{Game, Player, SearchHooks};
use plateau_stratego::{Move, Stratego, StrategoState};
use std::hint::black_box;

/// Original without the move cap, so that random games run long.
fn game() -> Stratego {
    plateau::rules::load::<Stratego>(&plateau::RulesSpec::variant("original").set("max_plies", "0"))
        .unwrap()
        .game
}

/// The position after `plies` moves of play of the first seeded random game
/// that lasts that long, and a legal move in it.
fn stored(game: &Stratego, plies: u32) -> (StrategoState, Move) {
    for seed in 0.. {
        let mut st = game.initial_state(seed);
        let mut rng = plateau::rng(seed);
        while st.in_setup() || st.plies() < plies {
            if !game.play_random(&mut st, &mut rng) {
                break;
            }
        }
        if st.plies() == plies {
            if let Some(mv) = game.random_move(&st, &mut rng) {
                return (st, mv);
            }
        }
    }
    unreachable!()
}

/// `n` positions of play from seeded random games, shuffled.
fn positions(game: &Stratego, n: usize) -> Vec<StrategoState> {
    let mut out = Vec::with_capacity(n);
    let mut seed = 0;
    while out.len() < n {
        let mut st = game.initial_state(seed);
        let mut rng = plateau::rng(seed);
        while game.play_random(&mut st, &mut rng) {
            if !st.in_setup() && st.plies() % 7 == 3 && out.len() < n {
                out.push(st.clone());
            }
        }
        seed += 1;
    }
    out.shuffle(&mut plateau::rng(99));
    out
}

fn clone_apply(c: &mut Criterion) {
    let game = game();
    let mut group = c.benchmark_group("clone_apply");
    for plies in [10, 500, 1500] {
        let (st, mv) = stored(&game, plies);
        group.bench_function(format!("ply {plies}"), |b| {
            b.iter(|| {
                let mut next = black_box(&st).clone();
                game.apply_unchecked(&mut next, black_box(&mv));
                next
            })
        });
    }
    group.finish();
}

fn cold(c: &mut Criterion) {
    let game = game();
    let all = positions(&game, 1000);
    let mut group = c.benchmark_group("cold");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.sample_size(20);
    group.bench_function("legal_moves, 1000 shuffled positions", |b| {
        let mut moves = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for st in &all {
                game.legal_moves(st, &mut moves);
                n += moves.len();
            }
            n
        })
    });
    group.bench_function("view, 1000 shuffled positions", |b| {
        b.iter(|| {
            for (i, st) in all.iter().enumerate() {
                black_box(game.view(st, Player((i & 1) as u8)));
            }
        })
    });
    let views: Vec<_> = all
        .iter()
        .enumerate()
        .map(|(i, st)| game.view(st, Player((i & 1) as u8)))
        .collect();
    group.bench_function("determinize, 1000 shuffled views", |b| {
        b.iter_batched(
            || plateau::rng(7),
            |mut rng| {
                for view in &views {
                    black_box(game.determinize(view, &mut rng));
                }
            },
            BatchSize::SmallInput,
        )
    });
    // Each belief's draws side by side (`belief=NAME`; the first is the
    // default, `determinize` above).
    for (i, belief) in game.beliefs().iter().enumerate() {
        let name = format!("determinize belief={belief}, 1000 shuffled views");
        group.bench_function(name, |b| {
            b.iter_batched(
                || plateau::rng(7),
                |mut rng| {
                    for view in &views {
                        black_box(game.determinize_with(i, view, &mut rng));
                    }
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, clone_apply, cold);
criterion_main!(benches);
