//! Stratego state JSON.

use crate::harness::*;
use crate::mutate::*;
use crate::samples::*;
use plateau::{Game, Player};
use plateau_stratego::{Stratego, StrategoState};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;
use std::cell::Cell;

/// Plays a little on a state that passed its check: nothing may panic.
fn play_on(game: &Stratego, state: &StrategoState, seed: u64) {
    let mut state = state.clone();
    let mut rng = plateau::rng(seed);
    for _ in 0..6 {
        let _ = game.render_state(&state);
        for p in [Player(0), Player(1)] {
            let view = game.view(&state, p);
            let _ = game.render_view(&view);
        }
        if game.status(&state).is_over() {
            return;
        }
        let mut legal = Vec::new();
        game.legal_moves(&state, &mut legal);
        for mv in &legal {
            let text = game.format_move(mv);
            let back = game.parse_move(&state, &text).unwrap();
            assert_eq!(&back, mv, "a legal move reads back");
        }
        let Some(mv) = game.random_move(&state, &mut rng) else {
            return;
        };
        game.try_apply(&mut state, &mv).unwrap();
    }
}

#[test]
fn malformed_stratego_states_are_refused_or_pass_their_check_and_play() {
    let variants = stratego_variants();
    let mut samples: Vec<(usize, Value)> = Vec::new();
    for (v, (_, game)) in variants.iter().enumerate() {
        for seed in 0..2u64 {
            let mut state = game.initial_state(seed);
            let mut rng = plateau::rng(seed + 7);
            for ply in 0..=300 {
                if [0, 1, 2, 5, 30].contains(&ply) {
                    samples.push((v, serde_json::to_value(&state).unwrap()));
                }
                if !game.play_random(&mut state, &mut rng) {
                    break;
                }
            }
            samples.push((v, serde_json::to_value(&state).unwrap()));
        }
    }
    let values: Vec<Value> = samples.iter().map(|(_, v)| v.clone()).collect();
    let accepted = Cell::new(0u32);
    check(
        "stratego state json",
        2000,
        (json_input(), any::<Index>()),
        |(input, other)| {
            let (text, at) = input.text(&values);
            let state = match serde_json::from_str::<StrategoState>(&text) {
                Ok(state) => state,
                Err(e) => return one_line("state json", &text, &e.to_string()),
            };
            // Check it against its own rules and against some other rules.
            let own = samples[at].0;
            for v in [own, other.index(variants.len())] {
                let (name, game) = &variants[v];
                match game.check_state(&state) {
                    Ok(()) => {
                        accepted.set(accepted.get() + 1);
                        play_on(game, &state, at as u64);
                    }
                    Err(e) => one_line(name, &text, &e.to_string())?,
                }
            }
            Ok(())
        },
    );
    some_accepted("stratego state json", &accepted);
}
