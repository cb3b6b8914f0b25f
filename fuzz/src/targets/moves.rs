//! Move notation of every game: the first byte picks a sample position (a
//! shipped variant after some seeded random moves), the rest is a move text
//! played with `DynSession::play`.
//!
//! Checks: a refused move has a one-line error and leaves the state, the
//! record and the move count unchanged; an accepted move adds one move, its
//! record reloads to the same state, and undo gives back the position.

use super::super::{one_line, reloads, snapshot, split, with_positions};

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let Some((pick, rest)) = split(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    with_positions(|positions| {
        let position = &positions[pick as usize % positions.len()];
        let what = position.label.as_str();
        let mut session = position.session.clone_box();
        let before = snapshot(session.as_ref());
        let moves = session.num_moves();
        match session.play(&text) {
            Err(e) => {
                one_line(what, &text, &e.to_string());
                assert_eq!(session.num_moves(), moves, "{what}: refused {text:?}");
                assert!(
                    snapshot(session.as_ref()) == before,
                    "{what}: the refused move {text:?} changed the state or record"
                );
            }
            Ok(()) => {
                assert_eq!(session.num_moves(), moves + 1, "{what}: played {text:?}");
                let loaded = reloads(what, &session.record());
                assert_eq!(
                    loaded.state_json(),
                    session.state_json(),
                    "{what}: the record after {text:?} replays to another state"
                );
                assert!(session.undo(), "{what}: undo after {text:?}");
                assert!(
                    snapshot(session.as_ref()) == before,
                    "{what}: undo after {text:?} does not give back the position"
                );
            }
        }
    });
}
