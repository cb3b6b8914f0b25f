//! The harness: a seeded runner and the one-line check.

use plateau::Registry;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestCaseResult, TestRunner};
use std::cell::Cell;
use std::fmt::Debug;
use std::path::Path;
use std::time::Instant;

/// Runs `cases` cases of `test` on inputs from `strategy`, from a seed fixed
/// by `name`; panics with the (shrunk) failing input.
pub(crate) fn check<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> TestCaseResult,
) where
    S::Value: Debug,
{
    let env = |var: &str| std::env::var(var).ok().and_then(|v| v.parse::<u64>().ok());
    let seed = name.bytes().fold(
        0xcbf2_9ce4_8422_2325 ^ env("MALFORMED_INPUT_SEED").unwrap_or(0),
        |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3),
    );
    let cases = cases.saturating_mul(env("MALFORMED_INPUT_SCALE").unwrap_or(1) as u32);
    let config = Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 4096,
        ..Config::default()
    };
    let start = Instant::now();
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{name}: {e}");
    }
    println!("{name}: {cases} cases in {:.2?}", start.elapsed());
}

/// An error message must say something, on one line.
pub(crate) fn one_line(what: &str, input: &dyn Debug, message: &str) -> TestCaseResult {
    prop_assert!(
        !message.trim().is_empty(),
        "{}: empty error message for {}",
        what,
        clip(input)
    );
    prop_assert!(
        !message.contains('\n') && !message.contains('\r'),
        "{}: error on more than one line for {}: {:?}",
        what,
        clip(input),
        message
    );
    Ok(())
}

/// The input for a failure message, shortened.
pub(crate) fn clip(input: &dyn Debug) -> String {
    let text = format!("{input:?}");
    match text.char_indices().nth(400) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}

/// Some inputs must have been accepted, or the test saw only refusals and
/// never reached what comes after reading.
pub(crate) fn some_accepted(name: &str, accepted: &Cell<u32>) {
    println!("{name}: {} inputs accepted", accepted.get());
    assert!(accepted.get() > 0, "{name}: no input was accepted");
}

pub(crate) fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

pub(crate) fn registry() -> Registry {
    plateau_cli::default_registry()
}

pub(crate) fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}
