//! Hand-made Stratego positions: the first byte picks a shipped variant, the
//! rest is read as a position description (`plateau_fuzz::position_from_bytes`)
//! and built with the validated `PositionBuilder`.
//!
//! Checks: a refused description has a one-line error; a position that
//! builds is described again and builds again with the same key, renders
//! (whole and as each side's view), every legal move's notation reads back,
//! a random move plays whenever the game is not over, and the positions it
//! leads to build again from their descriptions.

use super::super::{one_line, position_from_bytes, split, stratego_variants};
use plateau::{Game, Player, Render};
use plateau_stratego::PositionBuilder;

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let Some((pick, rest)) = split(data) else {
        return;
    };
    let variants = stratego_variants();
    let (name, game) = &variants[pick as usize % variants.len()];
    let description = position_from_bytes(rest);
    let mut state = match description.build(game) {
        Ok(state) => state,
        Err(e) => return one_line(name, &description, &e.to_string()),
    };
    let mut rng = plateau::rng(u64::from(pick));
    for ply in 0..4 {
        match PositionBuilder::from_state(game, &state).build(game) {
            Ok(again) => assert_eq!(
                game.state_key(&again),
                game.state_key(&state),
                "{name}: a position built again has another key"
            ),
            Err(e) => panic!("{name}: {ply} plies on, the position does not build again: {e}"),
        }
        let _ = game.render_state(&state);
        for p in [Player(0), Player(1)] {
            let _ = game.render_view(&game.view(&state, p));
        }
        if game.status(&state).is_over() {
            return;
        }
        let mut legal = Vec::new();
        game.legal_moves(&state, &mut legal);
        for mv in &legal {
            let notation = game.format_move(mv);
            match game.parse_move(&state, &notation) {
                Ok(back) => assert_eq!(&back, mv, "{name}: {notation:?} reads back different"),
                Err(e) => panic!("{name}: the legal move {notation:?} does not read back: {e}"),
            }
        }
        let Some(mv) = game.random_move(&state, &mut rng) else {
            panic!("{name}: no move in a game that is not over, after {ply} plies");
        };
        if let Err(e) = game.try_apply(&mut state, &mv) {
            panic!("{name}: the random move {mv:?} does not play after {ply} plies: {e}");
        }
    }
}
