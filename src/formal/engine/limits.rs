//! The limits on what one model may be (source bytes, gates, latches, build time,
//! memory), which the size estimate, the staged build and the yosys run all check.

use std::time::Duration;

/// Limits on what one model may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of source text of one design (its includes too); one file may hold at
    /// most the RTL front end's limit (256 KiB).
    pub source_bytes: usize,
    /// AND gates of the AIGER model.
    pub gates: usize,
    /// Latches (flip-flop bits) of the AIGER model.
    pub latches: usize,
    /// Time yosys may take to build one model (both runs); a prover uses at most its
    /// check timeout, but at least 30 s.
    pub build_time: Duration,
    /// Address space yosys and ABC may use, in bytes (enforced with `prlimit`).
    pub memory_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            source_bytes: 4 << 20,
            gates: 2_000_000,
            latches: 200_000,
            build_time: Duration::from_secs(300),
            memory_bytes: 4 << 30,
        }
    }
}
