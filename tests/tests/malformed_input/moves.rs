//! Move notation of every registered game.

use crate::harness::*;
use crate::mutate::*;
use crate::samples::*;
use plateau::{DynSession, GameRecord};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;
use std::cell::Cell;

#[test]
fn malformed_moves_of_every_game_are_refused_cleanly_and_change_nothing() {
    let registry = registry();
    let positions: Vec<(String, Box<dyn DynSession>, Vec<String>)> = sessions(&registry)
        .into_iter()
        .enumerate()
        .map(|(i, (label, s))| {
            let samples = move_samples(s.as_ref(), i as u64);
            (label, s, samples)
        })
        .collect();
    let before: Vec<(Value, GameRecord)> = positions
        .iter()
        .map(|(_, s, _)| (s.state_json(), s.record()))
        .collect();
    let accepted = Cell::new(0u32);
    check(
        "move notation",
        8000,
        (any::<Index>(), text_input()),
        |(position, input)| {
            let at = position.index(positions.len());
            let (label, session, samples) = &positions[at];
            let text = input.text(samples);
            let mut session = session.clone_box();
            let moves = session.num_moves();
            match session.play(&text) {
                Ok(()) => {
                    accepted.set(accepted.get() + 1);
                    prop_assert_eq!(session.num_moves(), moves + 1, "{}", label);
                }
                Err(e) => {
                    one_line(label, &text, &e.to_string())?;
                    let (state, record) = &before[at];
                    prop_assert_eq!(
                        &session.state_json(),
                        state,
                        "{}: the refused {:?} changed the state",
                        label,
                        text
                    );
                    prop_assert_eq!(
                        &session.record(),
                        record,
                        "{}: the refused {:?} changed the record",
                        label,
                        text
                    );
                }
            }
            Ok(())
        },
    );
    some_accepted("move notation", &accepted);
}
