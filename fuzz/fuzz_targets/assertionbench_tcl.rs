//! Fuzz target: arbitrary text as an `FPV_*.tcl` script of AssertionBench is read
//! without a panic or a hang, and what is read is located inside the text (see
//! `fuzz/checks/mod.rs`).
#![no_main]

#[allow(dead_code)] // each target uses one of the checks
#[path = "../checks/mod.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::assertionbench_tcl(text);
    }
});
