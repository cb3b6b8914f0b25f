//! The `stratego_setup` target: see `src/targets/stratego_setup.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::stratego_setup::run(data));
