//! Fuzz target: arbitrary text as each file of a one-family EquivSVA dataset in turn
//! (spec, splits, implementation, gold properties, tasks) imports to the family or to
//! errors naming a file of the dataset, never a panic or a hang (see
//! `fuzz/checks/mod.rs`).
#![no_main]

#[allow(dead_code)] // each target uses one of the checks
#[path = "../checks/mod.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::equivsva_import(text);
    }
});
