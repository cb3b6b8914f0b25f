//! The `protocol` target: see `src/targets/protocol.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| plateau_fuzz::targets::protocol::run(data));
