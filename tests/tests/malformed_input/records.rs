//! Game records.

use crate::harness::*;
use crate::mutate::*;
use crate::samples::*;
use plateau::GameRecord;
use serde_json::Value;
use std::cell::Cell;

#[test]
fn malformed_records_of_every_game_are_refused_or_reload() {
    let registry = registry();
    let mut samples: Vec<Value> = Vec::new();
    for (game, _, spec) in all_rules(&registry) {
        let rules = registry.get(game).unwrap().load(&spec).unwrap();
        for (seed, plies) in [(1u64, 0usize), (2, 3), (3, 12), (4, 10_000)] {
            let mut session = rules.new_session(seed);
            let mut rng = plateau::rng(seed);
            for _ in 0..plies {
                match session.random_move(&mut rng) {
                    Some(m) => session.play(&m).unwrap(),
                    None => break,
                }
            }
            // A long game of Stratego is slow to replay in a debug build.
            if game == "stratego" && session.num_moves() > 300 {
                continue;
            }
            samples.push(serde_json::to_value(session.record()).unwrap());
        }
    }
    let start = GameRecord::from_json(&samples[0].to_string()).unwrap();
    registry.load_record(&start).unwrap();
    let accepted = Cell::new(0u32);
    check("game records", 5000, json_input(), |input| {
        let (text, _) = input.text(&samples);
        let record = match GameRecord::from_json(&text) {
            Ok(record) => record,
            Err(e) => return one_line("GameRecord::from_json", &text, &e.to_string()),
        };
        match registry.load_record(&record) {
            Ok(session) => {
                accepted.set(accepted.get() + 1);
                let again = GameRecord::from_json(&session.record().to_json())
                    .map_err(|e| fail(format!("a loaded record does not read back: {e}")))?;
                if let Err(e) = registry.load_record(&again) {
                    return Err(fail(format!(
                        "the record of a loaded {text:?} does not reload: {e}"
                    )));
                }
            }
            Err(e) => one_line("Registry::load_record", &text, &e.to_string())?,
        }
        Ok(())
    });
    some_accepted("game records", &accepted);
}
