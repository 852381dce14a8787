//! Fuzz target: arbitrary text loaded as a study's `programs.jsonl` or
//! `generations.jsonl` gives a study or located errors, never a panic, a stack overflow
//! or a hang (see `fuzz/checks/mod.rs`).
#![no_main]

#[allow(dead_code)] // each target uses one of the checks
#[path = "../checks/mod.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::study_load(text);
    }
});
