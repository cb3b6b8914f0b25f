//! The `gravon` target: see `src/targets/gravon.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::gravon::run(data));
