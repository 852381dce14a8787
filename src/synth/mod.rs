//! The generator of simulated studies (`flipscope synth`): synthetic programs in the
//! paper's four strata with correct references, T1/T2/T3 variants made by the
//! project's own transformations, and the outputs of two simulated models made by a
//! seeded perturbation of correct properties, calibrated to the published counts.
//!
//! Nothing here is a real model output; every generation says so in its `meta`.

mod annotate;
mod build;
pub mod calibrate;
pub mod models;
mod names;
mod perturb;
mod readme;
mod render;
pub mod shape;
mod write;

pub use build::{SampleStudy, synthesize};
pub use write::write_study;

/// The seed of the bundled sample study (the paper's arXiv number).
pub const DEFAULT_SEED: u64 = 2609;
/// Programs of the bundled sample study (and of the paper's evaluation set).
pub const DEFAULT_PROGRAMS: usize = 40;

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SynthOptions {
    pub programs: usize,
    pub seed: u64,
}

impl Default for SynthOptions {
    fn default() -> Self {
        SynthOptions {
            programs: DEFAULT_PROGRAMS,
            seed: DEFAULT_SEED,
        }
    }
}

/// A generated program the project's own tools reject: a bug of the generator.
#[derive(Debug, thiserror::Error)]
pub enum SynthError {
    #[error("generated program {program}: {message}")]
    Program { program: String, message: String },
    #[error("asked for {0} programs; the study needs at least 4 (one per stratum)")]
    TooFew(usize),
    #[error("writing {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

#[cfg(test)]
mod tests;
