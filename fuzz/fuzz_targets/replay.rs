//! The `replay` target: see `src/targets/replay.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::replay::run(data));
