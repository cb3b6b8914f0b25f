//! Hand-made Stratego positions: descriptions for the validated
//! `PositionBuilder`, taken from real games and edited at random.

use crate::harness::*;
use crate::samples::*;
use plateau::{Game, Player, Render};
use plateau_stratego::{
    ChaseRecord, PendingStep, PositionBuilder, Square, Stratego, StrategoState,
};
use proptest::prelude::*;
use proptest::sample::Index;
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

/// A square of the largest board from a byte (some off the variant's board).
fn square(b: u8) -> Option<Square> {
    Square::new(b % 11, (b / 11) % 11)
}

/// One random edit of a description.
fn edit(b: &mut PositionBuilder, (op, x, y): (u8, u8, u8)) {
    let n = b.pieces.len();
    let i = if n == 0 { 0 } else { x as usize % n };
    let p = Player(y & 1);
    match op % 13 {
        0 if n > 0 => {
            if let Some(sq) = square(y) {
                b.pieces[i].square = sq;
            }
        }
        1 if n > 0 => b.pieces[i].kind = y % 16,
        2 if n > 0 => {
            b.pieces[i].moved ^= y & 1 != 0;
            b.pieces[i].revealed ^= y & 2 != 0;
            b.pieces[i].marked ^= y & 4 != 0;
            b.pieces[i].reached_back_row ^= y & 8 != 0;
        }
        3 if n > 0 => b.pieces[i].owner = b.pieces[i].owner.opponent(),
        4 if n > 0 => {
            let gone = b.pieces.remove(i);
            b.remove(gone.owner, gone.kind);
        }
        5 => {
            b.remove(p, x % 16);
        }
        6 => b.to_move = b.to_move.opponent(),
        7 => {
            let s = &mut b.two_squares[p.index()];
            s.count = x % 6;
            s.to = square(y);
        }
        8 => {
            let c = &mut b.chases[p.index()];
            *c = ChaseRecord {
                square: square(x),
                threatens: square(y).into_iter().collect(),
                active: x & 1 != 0,
                positions: vec![u64::from(x) << 8 | u64::from(y)],
            };
        }
        9 => {
            b.pending_step = square(x).map(|sq| PendingStep {
                square: sq,
                threatens: square(y).into_iter().collect(),
                judged: y & 1 != 0,
            })
        }
        10 => b.returns[p.index()] = x % 4,
        11 => b.outcome = None,
        12 if n > 0 => b.pieces[i].origin = square(y),
        _ => {}
    }
}

#[test]
fn malformed_stratego_positions_are_refused_or_build_and_play() {
    let variants = stratego_variants();
    let mut samples: Vec<(usize, PositionBuilder)> = Vec::new();
    for (v, (_, game)) in variants.iter().enumerate() {
        for seed in 0..2u64 {
            let mut state = game.initial_state(seed);
            let mut rng = plateau::rng(seed + 7);
            for ply in 0..=300 {
                if [2, 5, 30, 120].contains(&ply) {
                    samples.push((v, PositionBuilder::from_state(game, &state)));
                }
                if !game.play_random(&mut state, &mut rng) {
                    break;
                }
            }
            samples.push((v, PositionBuilder::from_state(game, &state)));
        }
    }
    let accepted = Cell::new(0u32);
    check(
        "stratego positions",
        2000,
        (
            any::<Index>(),
            proptest::collection::vec(any::<(u8, u8, u8)>(), 0..6),
            any::<Index>(),
        ),
        |(at, edits, other)| {
            let at = at.index(samples.len());
            let mut b = samples[at].1.clone();
            for e in &edits {
                edit(&mut b, *e);
            }
            // Build it under its own rules and under some other rules.
            for v in [samples[at].0, other.index(variants.len())] {
                let (name, game) = &variants[v];
                match b.build(game) {
                    Ok(state) => {
                        accepted.set(accepted.get() + 1);
                        // Described again, it builds again.
                        let again = PositionBuilder::from_state(game, &state).build(game);
                        prop_assert!(again.is_ok(), "{name}: {:?}", again.err());
                        play_on(game, &state, at as u64);
                    }
                    Err(e) => one_line(name, &edits, &e.to_string())?,
                }
            }
            Ok(())
        },
    );
    some_accepted("stratego positions", &accepted);
}
