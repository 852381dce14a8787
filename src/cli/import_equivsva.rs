//! `flipscope import equivsva DIR`, `import equivsva-results FILE.jsonl` and `import
//! equivsva-scores DIR`: an EquivSVA dataset, its generation rows and its committed
//! score files as `programs.jsonl`, `generations.jsonl` and `verdicts.jsonl` lines on
//! standard output. Nothing is written when any input is bad.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use crate::study::ERROR_CAP;
use crate::study::LocatedError;
use crate::study::equivsva::{
    DatasetOptions, ResultsOptions, ScoreFiles, import_dataset, import_results, import_scores,
};

/// Arguments of `import equivsva`.
#[derive(Debug, Args)]
pub struct DatasetArgs {
    /// The EquivSVA repository (holding dataset/ and, optionally, experiments/tasks/), or
    /// its dataset/ folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The split to import (a name of dataset/splits*.json: train, dev, test), or `all`
    /// for every family folder of the dataset.
    #[arg(long, value_name = "SPLIT", default_value = "all")]
    pub split: String,
}

/// Arguments of `import equivsva-results`.
#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// A results file of generation rows (`experiments/results_v2/<model>/<split>.jsonl`).
    #[arg(value_name = "FILE.jsonl")]
    pub file: PathBuf,
    /// The model name to show (default: each row's `model`).
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,
}

/// Arguments of `import equivsva-scores`.
#[derive(Debug, Args)]
pub struct ScoresArgs {
    /// A results directory holding `<split>_formal_scores.jsonl` (and the syntax and
    /// mutant score files).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Whose score files to read.
    #[arg(long, value_name = "SPLIT", default_value = "dev")]
    pub split: String,
    /// The model name in the verdicts (default: from the directory name,
    /// `org__name` -> `org/name`, as the generation rows name it).
    #[arg(long, value_name = "NAME")]
    pub model: Option<String>,
}

pub fn run_dataset(args: DatasetArgs) -> anyhow::Result<ExitCode> {
    let options = DatasetOptions {
        split: (args.split != "all").then_some(args.split),
    };
    emit(import_dataset(&args.dir, &options))
}

pub fn run_results(args: ResultsArgs) -> anyhow::Result<ExitCode> {
    emit(import_results(
        &args.file,
        &ResultsOptions { model: args.model },
    ))
}

pub fn run_scores(args: ScoresArgs) -> anyhow::Result<ExitCode> {
    let files = ScoreFiles::in_dir(&args.dir, &args.split, args.model.as_deref());
    emit(import_scores(&files))
}

/// Writes the records as JSON Lines, or every error (status 1) and nothing.
fn emit<T: Serialize>(result: Result<Vec<T>, Vec<LocatedError>>) -> anyhow::Result<ExitCode> {
    let records = match result {
        Ok(r) => r,
        Err(errors) => {
            let mut err = std::io::stderr().lock();
            for e in errors.iter().take(ERROR_CAP) {
                writeln!(err, "error: {e}")?;
            }
            if errors.len() > ERROR_CAP {
                writeln!(
                    err,
                    "error: ... and {} more errors (the first {ERROR_CAP} are shown)",
                    errors.len() - ERROR_CAP
                )?;
            }
            let s = if errors.len() == 1 { "" } else { "s" };
            writeln!(err, "{} error{s}: nothing was imported", errors.len())?;
            return Ok(ExitCode::from(1));
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = records.iter().try_for_each(|r| {
        serde_json::to_writer(&mut out, r)?;
        out.write_all(b"\n")
    });
    match written.and_then(|()| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}
