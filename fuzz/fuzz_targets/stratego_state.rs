//! The `stratego_state` target: see `src/targets/stratego_state.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::stratego_state::run(data));
