//! Fuzz target: the RTL front end (limits, macro expansion, the walk) gives behaviors
//! or a located error for arbitrary text, never a panic, a stack overflow or a hang (see
//! `fuzz/checks/mod.rs`).
#![no_main]

#[allow(dead_code)] // each target uses one of the checks
#[path = "../checks/mod.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::rtl_front(text);
    }
});
