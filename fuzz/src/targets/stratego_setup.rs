//! Stratego setup text: the first byte picks a shipped variant and a side,
//! the rest is read with `Stratego::parse_setup`.
//!
//! Checks: a refused setup has a one-line error; an accepted one passes
//! `check_setup`, its `setup_text` reads back equal, its move notation reads
//! back equal, and it plays as that side's setup in a new game.

use super::super::{one_line, split, stratego_variants};
use plateau::{Game, Player};
use plateau_stratego::Move;

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let Some((pick, rest)) = split(data) else {
        return;
    };
    let variants = stratego_variants();
    let (name, game) = &variants[pick as usize % variants.len()];
    let player = Player((pick as usize / variants.len() % 2) as u8);
    let text = String::from_utf8_lossy(rest);
    let setup = match game.parse_setup(player, &text) {
        Ok(setup) => setup,
        Err(e) => return one_line(name, &text, &e.to_string()),
    };
    if let Err(e) = game.check_setup(player, &setup) {
        panic!("{name}: {text:?} was read but fails its check: {e}");
    }
    let written = game.setup_text(&setup);
    match game.parse_setup(player, &written) {
        Ok(back) => assert_eq!(back, setup, "{name}: {written:?} reads back different"),
        Err(e) => panic!("{name}: the setup text {written:?} of {text:?} does not read back: {e}"),
    }
    let mut state = game.initial_state(0);
    if player == Player(1) {
        let red = game.random_setup(Player(0), &mut plateau::rng(u64::from(pick)));
        game.try_apply(&mut state, &Move::Setup(red))
            .expect("a random setup plays");
    }
    let mv = Move::Setup(setup);
    let notation = game.format_move(&mv);
    match game.parse_move(&state, &notation) {
        Ok(back) => assert_eq!(
            back, mv,
            "{name}: the move {notation:?} reads back different"
        ),
        Err(e) => panic!("{name}: the move {notation:?} does not read back: {e}"),
    }
    if let Err(e) = game.try_apply(&mut state, &mv) {
        panic!("{name}: the checked setup {text:?} does not play: {e}");
    }
}
