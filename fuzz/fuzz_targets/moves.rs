//! The `moves` target: see `src/targets/moves.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::moves::run(data));
