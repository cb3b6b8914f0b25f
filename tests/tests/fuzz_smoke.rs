//! The fuzz targets of `fuzz/` on a stable toolchain: each target's body
//! (`fuzz/src/targets/`) is run on its committed seeds, then on random
//! mutations of them (bit flips, byte and token insertions, deletions,
//! repeats, splices of two inputs) for a time budget.
//!
//! `PLATEAU_FUZZ_SECONDS=N` gives each target N seconds (`.ci/fuzz-smoke`
//! gives 20); without it, each target runs its seeds and
//! [`QUICK_MUTATIONS`] mutations, so that `cargo test` stays fast.
//! `PLATEAU_FUZZ_SEED=S` replays a run (the seed is printed);
//! `PLATEAU_FUZZ_TARGETS=a,b` runs only those targets. A failing input is
//! written to the temporary folder, and its path printed.
//!
//! It is not coverage-guided (libFuzzer on nightly is: fuzz/README.md); it
//! checks the same contracts on a fresh machine with one stable toolchain.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod plateau_fuzz;

use plateau::rand::{Rng, RngCore};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Mutations per target without `PLATEAU_FUZZ_SECONDS`.
const QUICK_MUTATIONS: usize = 60;

/// The longest input the mutator makes.
const MAX_INPUT: usize = 64 * 1024;

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let seeds: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap()).collect();
    assert!(!seeds.is_empty(), "{}: no seeds", dir.display());
    seeds
}

/// Words of the seeds (runs of letters, digits and `_`), inserted whole by
/// the mutator: keys, commands and move texts that random bytes rarely make.
fn tokens(seeds: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for seed in seeds {
        for word in seed.split(|b| !(b.is_ascii_alphanumeric() || *b == b'_')) {
            if (2..=24).contains(&word.len()) && !out.iter().any(|w| w == word) {
                out.push(word.to_vec());
            }
        }
    }
    for special in [
        &b"\n"[..],
        b"\r\n",
        b"\"",
        b"{",
        b"}",
        b"[",
        b"]",
        b"\x1b[2J",
        b"\xff",
        b"\xe2\x80\xae",
        b"18446744073709551616",
        b"-1",
        b"0",
        b"null",
    ] {
        out.push(special.to_vec());
    }
    out
}

/// One to four random changes of `input`, or a splice with another input.
fn mutate(
    input: &[u8],
    corpus: &[Vec<u8>],
    tokens: &[Vec<u8>],
    rng: &mut plateau::GameRng,
) -> Vec<u8> {
    let mut data = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = data.len();
        match rng.random_range(0..8) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                data[i] ^= 1 << rng.random_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.random_range(0..len);
                data[i] = rng.random();
            }
            2 => {
                let i = rng.random_range(0..=len);
                data.insert(i, rng.random());
            }
            3 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(16));
                data.drain(i..i + n);
            }
            4 => {
                let token = &tokens[rng.random_range(0..tokens.len())];
                let i = rng.random_range(0..=len);
                data.splice(i..i, token.iter().copied());
            }
            5 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(64));
                let chunk = data[i..i + n].to_vec();
                let at = rng.random_range(0..=len);
                data.splice(at..at, chunk);
            }
            6 => {
                let other = &corpus[rng.random_range(0..corpus.len())];
                let cut = rng.random_range(0..=data.len());
                let from = rng.random_range(0..=other.len());
                data.truncate(cut);
                data.extend_from_slice(&other[from..]);
            }
            _ if len > 0 => {
                // A digit changed: indices, counts, seeds, squares.
                let i = rng.random_range(0..len);
                if data[i].is_ascii_digit() {
                    data[i] = b'0' + rng.random_range(0..10);
                }
            }
            _ => {}
        }
    }
    data.truncate(MAX_INPUT);
    data
}

/// Runs the target on one input; on a panic writes the input to a file and
/// fails naming it.
fn check(target: &str, run: fn(&[u8]), input: &[u8], seed: u64) {
    if catch_unwind(AssertUnwindSafe(|| run(input))).is_ok() {
        return;
    }
    let path = std::env::temp_dir().join(format!("plateau-fuzz-{target}-{seed}.bin"));
    let _ = std::fs::write(&path, input);
    panic!(
        "fuzz target '{target}' failed on an input of {} bytes, written to {} \
         (PLATEAU_FUZZ_SEED={seed}); reproduce with `cargo +nightly fuzz run {target} {}` \
         in fuzz/, or by calling plateau_fuzz::targets::{target}::run on the file",
        input.len(),
        path.display(),
        path.display()
    );
}

fn smoke(target: &str) {
    if let Ok(only) = std::env::var("PLATEAU_FUZZ_TARGETS") {
        if !only.split(',').any(|t| t.trim() == target) {
            return;
        }
    }
    let (_, run) = plateau_fuzz::targets::ALL
        .iter()
        .find(|(name, _)| *name == target)
        .expect("a target of that name");
    let seconds: Option<u64> = std::env::var("PLATEAU_FUZZ_SECONDS")
        .ok()
        .map(|s| s.trim().parse().expect("PLATEAU_FUZZ_SECONDS is a number"));
    let seed: u64 = std::env::var("PLATEAU_FUZZ_SEED")
        .ok()
        .map(|s| s.trim().parse().expect("PLATEAU_FUZZ_SEED is a number"))
        .unwrap_or_else(|| plateau::rand::rng().next_u64());
    let corpus = seeds(target);
    let tokens = tokens(&corpus);
    let started = Instant::now();
    for input in &corpus {
        check(target, *run, input, seed);
    }
    let mut rng = plateau::rng(seed);
    let mut runs = corpus.len();
    let deadline = seconds.map(|s| started + Duration::from_secs(s));
    let mut mutations = 0;
    loop {
        match deadline {
            Some(d) if Instant::now() >= d => break,
            None if mutations >= QUICK_MUTATIONS => break,
            _ => {}
        }
        let base = &corpus[rng.random_range(0..corpus.len())];
        let input = mutate(base, &corpus, &tokens, &mut rng);
        // Each mutation gets its own seed in the message: the run's seed
        // and the count replay it.
        check(target, *run, &input, seed);
        runs += 1;
        mutations += 1;
    }
    eprintln!(
        "fuzz smoke {target}: {runs} inputs ({} seeds, {mutations} mutations) in {:.1} s, seed {seed}",
        corpus.len(),
        started.elapsed().as_secs_f64()
    );
}

macro_rules! targets {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                smoke(stringify!($name));
            }
        )*

        #[test]
        fn every_target_of_fuzz_is_smoked() {
            let here: Vec<&str> = vec![$(stringify!($name)),*];
            let all: Vec<&str> = plateau_fuzz::targets::ALL.iter().map(|(n, _)| *n).collect();
            assert_eq!(here, all);
        }
    };
}

targets!(
    moves,
    replay,
    stratego_setup,
    stratego_state,
    record,
    rules_toml,
    gravon,
    protocol,
    oware_state
);
