//! Fuzz target: see `humpty::fuzz::move_text` for what it feeds and checks.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| humpty::fuzz::move_text(data));
