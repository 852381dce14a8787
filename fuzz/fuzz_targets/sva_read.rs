//! Fuzz target: the prover's SVA reader and lowering (`flipscope prove`; see
//! `fuzz/checks/mod.rs`).
#![no_main]

#[allow(dead_code)] // each target uses one of the checks
#[path = "../checks/mod.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::sva_read(text);
    }
});
