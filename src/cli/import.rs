//! `flipscope import vert FILE.json [--stratum NAME] [--id-prefix P]`: a dataset file
//! turned into `programs.jsonl` lines on standard output (EquivSVA's importers are in
//! `import_equivsva.rs`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::UsageError;
use crate::study::ERROR_CAP;
use crate::study::vert::{VertOptions, import_vert};
use crate::transform::{Kind, UnknownKind};

/// Imports a dataset: VERT and EquivSVA files as JSON Lines on standard output
/// (programs, generations, verdicts), AssertionBench as a study folder (--out).
#[derive(Debug, Args)]
pub struct ImportArgs {
    #[command(subcommand)]
    pub source: ImportSource,
}

/// The datasets flipscope can import.
#[derive(Debug, Subcommand)]
pub enum ImportSource {
    /// A VERT JSON file (records with Code, Assertion, Synchronous, Clock).
    #[command(
        long_about = "Reads a VERT JSON file (an array of records with Code, Assertion, \
                            Synchronous (\"True\"/\"False\") and Clock) and writes one program per \
                            record to standard output, as programs.jsonl lines. Ids are the file \
                            stem (or --id-prefix) and the record's 0-based index, e.g. \
                            ifdataset-not-else/0007. The stratum is --stratum as given, or \
                            inferred from the code: nested-if, if-else-tree or case, then /sync or \
                            /async. Nothing is written when any record is bad: every error is \
                            printed with its line and column, and the exit status is 1."
    )]
    Vert(VertArgs),
    /// An EquivSVA dataset: one whole-module program per behavior family.
    #[command(
        long_about = "Reads an EquivSVA repository (dataset/<family>/spec.json, rtl/*.sv, \
                      mutants/*.sv, properties/properties.sva and properties.json, \
                      dataset/splits*.json, and experiments/tasks/<split>.jsonl when present) \
                      and writes one whole-module program per family of the split to \
                      standard output. The canonical implementation (canonical_case, \
                      canonical_next) is `original`; the others are variants named by their \
                      style. See docs/equivsva.md."
    )]
    Equivsva(super::import_equivsva::DatasetArgs),
    /// EquivSVA generation rows (task_id, response, model, ...) as generations.
    EquivsvaResults(super::import_equivsva::ResultsArgs),
    /// EquivSVA's committed score files as property verdicts (the authors' verdicts).
    EquivsvaScores(super::import_equivsva::ScoresArgs),
    /// The AssertionBench folder (OpenCores designs, model-written property files and
    /// their JasperGold logs) as a study written to --out.
    #[command(
        long_about = "Reads the AssertionBench folder (the one holding Jasper_llama_results/ \
                      and Jasper_results/) and writes a study into --out: programs.jsonl (one \
                      whole-module program per design folder: the RTL its FPV script analyses, \
                      its top module, clock and reset), generations.jsonl (one generation per \
                      property_<model>_<k>shot.sva, with its model, shot count and the \
                      committed JasperGold verdict of each assertion) and \
                      import-warnings.jsonl (every data-quality warning, located). See \
                      docs/assertionbench.md."
    )]
    Assertionbench(super::import_assertionbench::AssertionbenchArgs),
}

/// Arguments of `import vert`.
#[derive(Debug, Args)]
pub struct VertArgs {
    /// The VERT JSON file (`-` for standard input, with --id-prefix).
    #[arg(value_name = "FILE.json")]
    pub file: PathBuf,
    /// The stratum of every program, used as given (default: inferred from the code).
    #[arg(long, value_name = "NAME")]
    pub stratum: Option<String>,
    /// What ids start with, before `/0007` (default: the file stem).
    #[arg(long, value_name = "P")]
    pub id_prefix: Option<String>,
    /// Also write validated variants of each program: a comma-separated list of T1, T2,
    /// T3. A variant that does not validate is not written and is reported on stderr.
    #[arg(long, value_name = "T1,T2,T3", value_delimiter = ',', value_parser = parse_kind)]
    pub variants: Vec<Kind>,
}

fn parse_kind(name: &str) -> Result<Kind, String> {
    name.parse().map_err(|e: UnknownKind| e.to_string())
}

/// Runs `import`.
pub fn run(args: ImportArgs) -> anyhow::Result<ExitCode> {
    match args.source {
        ImportSource::Vert(vert) => run_vert(vert),
        ImportSource::Equivsva(a) => super::import_equivsva::run_dataset(a),
        ImportSource::EquivsvaResults(a) => super::import_equivsva::run_results(a),
        ImportSource::EquivsvaScores(a) => super::import_equivsva::run_scores(a),
        ImportSource::Assertionbench(ab) => super::import_assertionbench::run(ab),
    }
}

fn run_vert(args: VertArgs) -> anyhow::Result<ExitCode> {
    if args.file.as_os_str() == "-" && args.id_prefix.is_none() {
        return Err(UsageError(
            "reading VERT from standard input (-) needs --id-prefix: ids are made from the file name"
                .into(),
        )
        .into());
    }
    let options = VertOptions {
        stratum: args.stratum,
        id_prefix: args.id_prefix,
    };
    let mut programs = match import_vert(&args.file, &options) {
        Ok(programs) => programs,
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
            writeln!(
                err,
                "{} error{}: nothing was imported",
                errors.len(),
                if errors.len() == 1 { "" } else { "s" }
            )?;
            return Ok(ExitCode::from(1));
        }
    };
    if !args.variants.is_empty() {
        super::import_variants::add(&mut programs, &args.variants)?;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = programs.iter().try_for_each(|p| {
        serde_json::to_writer(&mut out, p)?;
        out.write_all(b"\n")
    });
    written
        .and_then(|()| out.flush())
        .map_err(super::output::error)?;
    Ok(ExitCode::SUCCESS)
}
