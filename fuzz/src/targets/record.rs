//! Game records: the input is read with `GameRecord::from_json` and opened
//! with `Registry::load_record` (the default registry).
//!
//! Checks: a refused record has a one-line error, when read or when loaded;
//! a loaded record's session gives a record that reloads to the same state,
//! and the game plays on from it.

use super::super::{one_line, play_on, registry, reloads};
use plateau::GameRecord;

/// Runs the target on one input; panics on a broken contract.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let record = match GameRecord::from_json(&text) {
        Ok(record) => record,
        Err(e) => return one_line("GameRecord::from_json", &text, &e.to_string()),
    };
    let mut session = match registry().load_record(&record) {
        Ok(session) => session,
        Err(e) => return one_line("Registry::load_record", &text, &e.to_string()),
    };
    assert_eq!(session.num_moves(), record.moves.len(), "{text:?}");
    let what = format!("the record {text:?}");
    let loaded = reloads(&what, &session.record());
    assert_eq!(loaded.state_json(), session.state_json(), "{what}: reloads");
    play_on(&what, session.as_mut(), record.seed, 3);
}
