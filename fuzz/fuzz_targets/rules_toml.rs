//! The `rules_toml` target: see `src/targets/rules_toml.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::rules_toml::run(data));
