//! The targets' bodies, one module each, shared by the cargo-fuzz binaries
//! (`fuzz_targets/`, libFuzzer on nightly) and the stable smoke driver of
//! the main workspace (`tests/tests/fuzz_smoke.rs`, run by `.ci/fuzz-smoke`).
//! Each `run` takes one input and panics when a contract is broken.

pub mod gravon;
pub mod moves;
pub mod oware_state;
pub mod protocol;
pub mod record;
pub mod replay;
pub mod rules_toml;
pub mod stratego_setup;
pub mod stratego_state;

/// A target's body: runs one input, panics on a broken contract.
pub type Target = fn(&[u8]);

/// Every target: its name (also the directory of its seeds under `seeds/`)
/// and its body.
pub const ALL: &[(&str, Target)] = &[
    ("moves", moves::run),
    ("replay", replay::run),
    ("stratego_setup", stratego_setup::run),
    ("stratego_state", stratego_state::run),
    ("record", record::run),
    ("rules_toml", rules_toml::run),
    ("gravon", gravon::run),
    ("protocol", protocol::run),
    ("oware_state", oware_state::run),
];
