//! The `oware_state` target: see `src/targets/oware_state.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::oware_state::run(data));
