//! Rules files and `--set` overrides.

use crate::harness::*;
use crate::mutate::*;
use crate::samples::*;
use plateau::{Registry, RulesSpec};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseResult;
use std::cell::Cell;
use std::fmt::Debug;
use std::path::PathBuf;

/// Rules that loaded must work: their parameters load back, and a few random
/// moves play.
fn play_rules(registry: &Registry, rules: &dyn plateau::DynGame, seed: u64) -> TestCaseResult {
    let toml = rules.params_toml();
    let spec = RulesSpec {
        file: Some(("shown.toml".to_string(), toml.clone())),
        ..RulesSpec::default()
    };
    if let Err(e) = registry.get(rules.id()).unwrap().load(&spec) {
        return Err(fail(format!(
            "the parameters of loaded rules do not load back: {e}\n{toml}"
        )));
    }
    let mut session = rules.new_session(seed);
    let mut rng = plateau::rng(seed);
    for _ in 0..8 {
        let _ = session.render(None);
        let _ = session.legal_moves();
        match session.random_move(&mut rng) {
            Some(m) => {
                if let Err(e) = session.play(&m) {
                    return Err(fail(format!("random move {m:?} refused: {e}")));
                }
            }
            None => break,
        }
    }
    Ok(())
}

fn rules_files() -> Vec<(String, String)> {
    let mut files = Vec::new();
    let root = workspace().join("rules-data");
    for dir in std::fs::read_dir(&root).expect("rules-data exists") {
        let dir = dir.unwrap().path();
        let game = dir.file_name().unwrap().to_string_lossy().into_owned();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|f| f.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            files.push((game.clone(), std::fs::read_to_string(&path).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn malformed_rules_files_are_refused_with_one_line_errors_or_play() {
    let registry = registry();
    let files = rules_files();
    assert!(files.len() >= 9, "every rules-data file: {}", files.len());
    let texts: Vec<String> = files.iter().map(|(_, t)| t.clone()).collect();
    let accepted = Cell::new(0u32);
    check(
        "rules files",
        5000,
        (any::<Index>(), text_input(), any::<u64>()),
        |(file, input, seed)| {
            let at = file.index(files.len());
            let game = &files[at].0;
            let text = match &input {
                TextInput::Mutated(_, edits) => mutate(&texts[at], edits),
                TextInput::Arbitrary(s) => s.clone(),
            };
            let spec = RulesSpec {
                file: Some(("mutated.toml".to_string(), text.clone())),
                ..RulesSpec::default()
            };
            match registry.get(game).unwrap().load(&spec) {
                Ok(rules) => {
                    accepted.set(accepted.get() + 1);
                    play_rules(&registry, rules.as_ref(), seed)?;
                }
                Err(e) => one_line(game, &text, &e.to_string())?,
            }
            Ok(())
        },
    );
    some_accepted("rules files", &accepted);
}

/// An override: a key of the rules (or an edited or arbitrary one) and a
/// value (an interesting one, an edit of the current one, or arbitrary).
#[derive(Clone, Debug)]
struct Override {
    key: (Index, Option<Vec<Edit>>, Option<String>),
    value: (Index, Option<Vec<Edit>>, Option<String>),
}

fn override_strategy() -> impl Strategy<Value = Override> {
    let part = |as_is: u32, edited: u32| {
        prop_oneof![
            as_is => any::<Index>().prop_map(|i| (i, None, None)),
            edited => (any::<Index>(), edits()).prop_map(|(i, e)| (i, Some(e), None)),
            1 => (any::<Index>(), "\\PC{0,12}").prop_map(|(i, s)| (i, None, Some(s))),
        ]
    };
    // Mostly real keys, so that the values get checked.
    (part(17, 2), part(6, 3)).prop_map(|(key, value)| Override { key, value })
}

const VALUES: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "10",
    "11",
    "40",
    "255",
    "256",
    "65536",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "1e309",
    "nan",
    "1.5",
    "true",
    "false",
    "\"\"",
    "\"x\"",
    "\"red\"",
    "\"random\"",
    "\"a\\nb\"",
    "[]",
    "[1]",
    "[\"\"]",
    "{}",
    "{a = 1}",
    "2024-01-01",
    "",
];

#[test]
fn arbitrary_rules_overrides_are_refused_with_one_line_errors_or_play() {
    let registry = registry();
    let rules = all_rules(&registry);
    let params: Vec<Vec<(String, String)>> = rules
        .iter()
        .map(|(game, _, spec)| registry.get(game).unwrap().load(spec).unwrap().params())
        .collect();
    let accepted = Cell::new(0u32);
    check(
        "rules overrides",
        3000,
        (
            any::<Index>(),
            proptest::collection::vec(override_strategy(), 1..=2),
            any::<u64>(),
            prop_oneof![any::<String>(), "\\PC{0,30}"],
        ),
        |(which, overrides, seed, set_text)| {
            if let Err(e) = RulesSpec::parse_override(&set_text) {
                one_line("--set", &set_text, &e.to_string())?;
            }
            let at = which.index(rules.len());
            let (game, _, spec) = &rules[at];
            let keys = &params[at];
            let mut spec = spec.clone();
            for o in &overrides {
                let (i, edits, arbitrary) = &o.key;
                let (name, current) = &keys[i.index(keys.len())];
                let key = match (edits, arbitrary) {
                    (_, Some(s)) => s.clone(),
                    (Some(e), _) => mutate(name, e),
                    _ => name.clone(),
                };
                let (i, edits, arbitrary) = &o.value;
                let value = match (edits, arbitrary, current.parse::<i64>()) {
                    (_, Some(s), _) => s.clone(),
                    (Some(e), _, _) => mutate(current, e),
                    // Near the current number, or an interesting value.
                    (None, None, Ok(n)) if i.index(2) == 0 => {
                        (n + i.index(9) as i64 - 4).to_string()
                    }
                    _ => VALUES[i.index(VALUES.len())].to_string(),
                };
                spec = spec.set(&key, &value);
            }
            match registry.get(game).unwrap().load(&spec) {
                Ok(rules) => {
                    accepted.set(accepted.get() + 1);
                    play_rules(&registry, rules.as_ref(), seed)?;
                }
                Err(e) => one_line(game, &spec.overrides, &e.to_string())?,
            }
            Ok(())
        },
    );
    some_accepted("rules overrides", &accepted);
}
