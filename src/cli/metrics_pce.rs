//! `flipscope metrics` on a whole-module study whose generations carry external
//! verdicts (AssertionBench): P, C and E per (design, model, shots), or per (model,
//! shots) with design-clustered bootstrap intervals (`--per`).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;

use super::UsageError;
use super::metrics_args::{Args, FormatArg, IntervalArg, PerArg};
use super::study_warnings::print_warnings;
use crate::stats::export::Format;
use crate::stats::pce::{PceReport, Per, RunTally, jasper_tallies, render, summarise};
use crate::stats::{BootstrapConfig, FieldFilter, InputFile, IntervalMethod};
use crate::study::Study;

/// The report of the study's external verdicts.
pub fn report(args: &Args, study: &Study) -> anyhow::Result<PceReport> {
    if args.interval == IntervalArg::Bca {
        return Err(UsageError(
            "--interval bca is for the pair metrics; P, C and E have percentile intervals".into(),
        )
        .into());
    }
    if args.scoring.given() {
        return Err(UsageError(
            "--oracle, --lenient and --no-cache score pairs; this study's verdicts are its runs'"
                .into(),
        )
        .into());
    }
    let filter = FieldFilter::parse::<RunTally>(&args.filter)?;
    let (cells, left_out): (Vec<RunTally>, Vec<RunTally>) = jasper_tallies(study)
        .into_iter()
        .filter(|t| filter.matches(t))
        .partition(RunTally::counts);
    let bootstrap = BootstrapConfig {
        replicates: args.replicates,
        seed: args.seed,
        stratified: args.stratified,
        method: IntervalMethod::Percentile,
        level: 0.95,
    };
    let refs: Vec<&RunTally> = cells.iter().collect();
    let groups = summarise(&refs, &bootstrap);
    if cells.is_empty() {
        eprintln!("warning: no run with verdicts matches the filter");
    }
    Ok(PceReport {
        engine: "jaspergold".into(),
        cells,
        left_out,
        groups,
        filter: args.filter.clone(),
        bootstrap,
        inputs: study
            .sources
            .iter()
            .map(|s| InputFile {
                path: s.path.to_string_lossy().into_owned(),
                sha256: s.sha256.clone(),
            })
            .collect(),
        version: env!("CARGO_PKG_VERSION").to_string(),
    })
}

/// Prints the report: per design for CSV, per model otherwise, unless `--per` says.
pub fn run(args: &Args, study: &Study) -> anyhow::Result<ExitCode> {
    print_warnings(study);
    if args.provenance.is_some() && args.format != FormatArg::Csv {
        return Err(UsageError("--provenance applies to --format csv".into()).into());
    }
    let report = report(args, study)?;
    let per = match args.per {
        Some(PerArg::Design) => Per::Design,
        Some(PerArg::Model) => Per::Model,
        None if args.format == FormatArg::Csv => Per::Design,
        None => Per::Model,
    };
    let text = render::render(&report, Format::from(args.format), per);
    if args.format == FormatArg::Csv {
        let provenance = render::csv_provenance(&report);
        match &args.provenance {
            Some(path) => std::fs::write(path, provenance)
                .with_context(|| format!("cannot write {}", path.display()))?,
            None => eprint!("{provenance}"),
        }
    }
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .context("cannot write the output")?;
    Ok(ExitCode::SUCCESS)
}
