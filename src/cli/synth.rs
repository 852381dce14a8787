//! `flipscope synth --out DIR [--programs N] [--seed S]`: writes a simulated study (the
//! bundled `sample-runs/` with the default settings).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::rtl::ParseCache;
use crate::synth::{DEFAULT_PROGRAMS, DEFAULT_SEED, SynthOptions, synthesize, write_study};

/// Write a simulated study: synthetic programs, variants and calibrated model outputs.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Directory to write programs.jsonl, generations.jsonl, annotations.jsonl and
    /// README.md into (created if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Number of programs (40 reproduces the bundled sample study).
    #[arg(long, default_value_t = DEFAULT_PROGRAMS)]
    pub programs: usize,
    /// Seed of every random choice.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.programs < 4 {
        return Err(super::UsageError(format!(
            "--programs {} is too few: at least 4 (one per stratum)",
            args.programs
        ))
        .into());
    }
    let options = SynthOptions {
        programs: args.programs,
        seed: args.seed,
    };
    let study = synthesize(options, &ParseCache::user())?;
    write_study(&args.out, &study)?;
    super::output::print_line(&format!(
        "wrote {} programs and {} simulated generations to {}",
        study.programs.len(),
        study.generations.len(),
        args.out.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}
