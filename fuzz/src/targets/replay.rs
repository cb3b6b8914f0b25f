//! Arbitrary move indices on sample positions of every game: the first byte
//! picks a sample position (every shipped variant, and Stratego with every
//! option, after 0–80 seeded random moves); each further byte picks a legal
//! move by its index in the legal list (or, where the moves cannot be
//! listed, seeds a random free-form move such as a setup), played through
//! the checked API (`DynSession::play`, the game's `try_apply`).
//!
//! Checks: every legal move plays; a game that is not over has a move; the
//! record of the game then replays (from its JSON, through the registry) to
//! the same state, status and views of every player.

use super::super::{reloads, split, with_positions};
use plateau::Player;

/// The most moves one input plays.
const MAX_STEPS: usize = 400;

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let Some((pick, rest)) = split(data) else {
        return;
    };
    with_positions(|positions| {
        let position = &positions[pick as usize % positions.len()];
        let what = position.label.as_str();
        let mut session = position.session.clone_box();
        for (i, &index) in rest.iter().take(MAX_STEPS).enumerate() {
            if session.status().is_over() {
                break;
            }
            let mv = if session.moves_enumerable() {
                let moves = session.legal_moves();
                assert!(
                    !moves.is_empty(),
                    "{what}: no legal move in a game that is not over"
                );
                moves[index as usize % moves.len()].clone()
            } else {
                let mut rng = plateau::rng((i as u64) << 8 | u64::from(index));
                session
                    .random_move(&mut rng)
                    .unwrap_or_else(|| panic!("{what}: no free-form move in a game not over"))
            };
            if let Err(e) = session.play(&mv) {
                panic!("{what}: the legal move {mv:?} (step {i}) is refused: {e}");
            }
        }
        let replayed = reloads(what, &session.record());
        assert_eq!(
            replayed.state_json(),
            session.state_json(),
            "{what}: the record replays to another state"
        );
        assert_eq!(replayed.status(), session.status(), "{what}: status");
        for p in 0..session.num_players() {
            let p = Player(p as u8);
            assert_eq!(
                replayed.view_json(p),
                session.view_json(p),
                "{what}: the view of player {} after a replay",
                p.0
            );
        }
    });
}
