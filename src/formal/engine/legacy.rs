//! The engine as issue 13 measured it, kept callable so that `cargo bench --bench
//! prove` can run it side by side with the current one and compare every verdict:
//! two yosys runs per model (elaboration to RTLIL, then the AIGER model), one ABC
//! process per phase and batch (PDR of the properties, BMC for shortest
//! counterexamples up to the whole length of PDR's trace, PDR of vacuity, PDR of
//! cycle-0 failures), no random simulation (turned off with
//! [`super::simulate::set_enabled`]). Off by default; [`set`] switches the whole
//! process.

use std::sync::atomic::{AtomicBool, Ordering};

static ON: AtomicBool = AtomicBool::new(false);

/// Runs every later check of this process the old way (`true`) or the current way.
pub fn set(on: bool) {
    ON.store(on, Ordering::Relaxed);
}

/// Whether checks run the old way.
pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}
