//! Stratego state JSON: the first byte picks a shipped variant, the rest is
//! read as a `StrategoState` (serde) and checked with `check_state`.
//!
//! Checks: a refused state has a one-line error (both when read and when
//! checked); a state read back writes the same JSON again; a state that
//! passes its check renders (whole and as each side's view), every legal
//! move's notation reads back, a random move plays whenever the game is not
//! over, and the states it leads to still pass the check.

use super::super::{one_line, split, stratego_variants};
use plateau::{Game, Player};
use plateau_stratego::StrategoState;

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let Some((pick, rest)) = split(data) else {
        return;
    };
    let variants = stratego_variants();
    let (name, game) = &variants[pick as usize % variants.len()];
    let text = String::from_utf8_lossy(rest);
    let mut state = match serde_json::from_str::<StrategoState>(&text) {
        Ok(state) => state,
        Err(e) => return one_line("state json", &text, &e.to_string()),
    };
    let json = serde_json::to_value(&state).expect("states serialize");
    match serde_json::from_value::<StrategoState>(json.clone()) {
        Ok(back) => assert!(back == state, "the state of {text:?} reads back different"),
        Err(e) => panic!("the state of {text:?} written as {json} does not read back: {e}"),
    }
    if let Err(e) = game.check_state(&state) {
        return one_line(name, &text, &e.to_string());
    }
    let mut rng = plateau::rng(u64::from(pick));
    for ply in 0..4 {
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
            panic!("{name}: no move in a game that is not over, after {ply} plies from {text:?}");
        };
        if let Err(e) = game.try_apply(&mut state, &mv) {
            panic!(
                "{name}: the random move {mv:?} does not play after {ply} plies from {text:?}: {e}"
            );
        }
        if let Err(e) = game.check_state(&state) {
            panic!("{name}: {ply} plies on from {text:?} the state fails its check: {e}");
        }
    }
}
