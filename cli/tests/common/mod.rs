//! Shared code of the in-process tests: a registry with the demo games, and
//! running the command line on it with a given input.

#![allow(dead_code)]

use plateau::demo::{Nim, Secret};
use plateau::Registry;
use std::path::Path;

/// A registry with the framework's demo games: Nim and the
/// hidden-information game Secret.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register::<Nim>();
    r.register::<Secret>();
    r
}

/// What a run printed and returned.
pub struct Out {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs `plateau ARGS` in-process with `input` as the standard input.
pub fn run_in(args: &[&str], input: &str) -> Out {
    run_on(&registry(), args, input)
}

/// Runs `plateau ARGS` in-process on `registry` (the shipped games'
/// `plateau_games::default_registry()`, or the demo games') with `input`
/// as the standard input.
pub fn run_on(registry: &Registry, args: &[&str], input: &str) -> Out {
    // Games left with quit are autosaved here, not in the home folder; set
    // once, before any run reads it.
    static AUTOSAVE: std::sync::Once = std::sync::Once::new();
    AUTOSAVE.call_once(|| {
        std::env::set_var(
            "PLATEAU_AUTOSAVE_DIR",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/autosave"),
        )
    });
    let mut all = vec!["plateau"];
    all.extend_from_slice(args);
    let mut input = input.as_bytes();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = plateau_cli::run_with(registry, all, &mut input, &mut out, &mut err);
    Out {
        code,
        out: String::from_utf8(out).unwrap(),
        err: String::from_utf8(err).unwrap(),
    }
}

/// Runs `plateau ARGS` in-process with an empty input.
pub fn run(args: &[&str]) -> Out {
    run_in(args, "")
}

/// Checks a failed run: the exit code, one line on stderr naming `needle`.
pub fn one_line_error(o: &Out, code: i32, needle: &str) {
    assert_eq!(o.code, code, "stdout: {}\nstderr: {}", o.out, o.err);
    assert!(o.err.starts_with("error: "), "{:?}", o.err);
    assert_eq!(o.err.lines().count(), 1, "{:?}", o.err);
    assert!(o.err.contains(needle), "{:?} lacks {needle:?}", o.err);
}

/// A path in `dir`, as a string.
pub fn p(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}
