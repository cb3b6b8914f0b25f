//! What search does with Quinque positions: clone one and apply an action
//! (`clone_apply`), and list the legal actions of positions met in no
//! particular order (`cold_legal_moves`).
//!
//! `clone_apply` clones stored positions at plies 10, 500 and 1 500 of one
//! game and plays an action on the clone. Under the shipped rules (turn cap
//! 200) a game never lasts 500 actions, so the game is played under the
//! basic rules with the turn cap off (`max_turns = 0`, repetition cap kept):
//! 40 random actions, then moves only, never a mark. That is the worst case
//! for a clone: the repetition history holds every position since the last
//! mark (Q7.3), here nearly the whole game. The tiles cost the same at every
//! ply; the history costs 8 bytes per action since the last mark (with the
//! shipped turn cap, at most 400 of them). The clone carries no analysis
//! (`QuinqueState::analysis`), so the action is played from scratch.
//!
//! `cold_legal_moves` lists the legal actions of 1 000 positions from random
//! games of the shipped rules, shuffled, so that no position follows the one
//! before: each listing analyses its position from scratch, as search does.

#[path = "../../bench_support.rs"]
mod bench_support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use plateau::rand::seq::SliceRandom;
use plateau::rand::Rng;
use plateau::{rules, Game, RulesSpec};
use plateau_quinque::{Action, Quinque, QuinqueState};
use std::hint::black_box;

fn load(spec: &RulesSpec) -> Quinque {
    rules::load(spec).unwrap().game
}

/// A game of at least `plies` actions under `game`'s rules: `opening`
/// random actions, then random moves (a random action when no move is
/// legal). Returns the positions by ply, or `None` if it ended sooner.
fn long_game(game: &Quinque, seed: u64, opening: usize, plies: usize) -> Option<Vec<QuinqueState>> {
    let mut rng = plateau::rng(seed);
    let mut state = game.initial_state(seed);
    let mut positions = vec![state.clone()];
    let mut legal = Vec::new();
    while positions.len() <= plies {
        if state.ending.is_some() {
            return None;
        }
        game.legal_moves(&state, &mut legal);
        let moves: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Move { .. }))
            .collect();
        let pool = if positions.len() > opening && !moves.is_empty() {
            &moves
        } else {
            &legal
        };
        let a = pool[rng.random_range(0..pool.len())];
        game.apply(&mut state, &a);
        positions.push(state.clone());
    }
    Some(positions)
}

fn clone_apply(c: &mut Criterion) {
    let game = load(&RulesSpec::variant("basic").set("max_turns", "0"));
    let positions = (0..100)
        .find_map(|seed| long_game(&game, seed, 40, 1_500))
        .expect("a game of 1 500 actions");
    let mut group = c.benchmark_group("quinque-basic-no-turn-cap");
    let mut legal = Vec::new();
    for ply in [10, 500, 1_500] {
        let state = &positions[ply];
        game.legal_moves(state, &mut legal);
        let action = legal[legal.len() / 2];
        group.bench_with_input(BenchmarkId::new("clone_apply", ply), state, |b, state| {
            b.iter(|| {
                let mut s = state.clone();
                game.apply_unchecked(&mut s, &action);
                black_box(s)
            })
        });
    }
    group.finish();
}

fn cold_legal_moves(c: &mut Criterion) {
    for variant in ["basic", "advanced"] {
        let game = load(&RulesSpec::variant(variant));
        let mut positions = Vec::new();
        let mut rng = plateau::rng(7);
        for seed in 0.. {
            let mut state = game.initial_state(seed);
            while state.ending.is_none() {
                // A clone, without the analysis the game carries.
                positions.push(state.clone());
                game.play_random(&mut state, &mut rng);
            }
            if positions.len() >= 20_000 {
                break;
            }
        }
        positions.shuffle(&mut rng);
        positions.truncate(1_000);
        let mut group = c.benchmark_group(format!("quinque-{variant}"));
        bench_support::legal_moves(&mut group, "cold_legal_moves", &game, &positions);
        group.finish();
    }
}

criterion_group!(benches, clone_apply, cold_legal_moves);
criterion_main!(benches);
