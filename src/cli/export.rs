//! `flipscope export`: the metrics table with its provenance (`export metrics`, in
//! Markdown, CSV, LaTeX or JSON) and the tagged pairs as JSON Lines (`export tags`),
//! to standard output or a file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::annotated;
use super::metrics::{self, FormatArg, IntervalArg};
use super::scoring::ScoringArgs;
use crate::stats::Filter;
use crate::stats::export::Format;
use crate::stats::tag_export::{ExportPair, TagExport, export_tags};
use anyhow::Context;
use clap::{Subcommand, ValueEnum};

/// Export the metrics table or the tagged pairs.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

/// What to export.
#[derive(Debug, Subcommand)]
pub enum What {
    /// The metrics table per (model, variant) with its provenance.
    Metrics(MetricsArgs),
    /// The tagged pairs as JSON Lines: identity, flip class, categories, tags, note,
    /// auditors.
    Tags(TagsArgs),
}

/// `export metrics`.
#[derive(Debug, clap::Args)]
pub struct MetricsArgs {
    /// Pairs files or study directories.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// Keep only the pairs that match (see docs/filter.md).
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExportFormat::Markdown)]
    pub format: ExportFormat,
    /// Bootstrap replicates (0 for no intervals).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub replicates: usize,
    /// Seed of the bootstrap.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Write to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// How a raw study (programs + generations) is scored first.
    #[command(flatten)]
    pub scoring: super::scoring::ScoringArgs,
    #[command(flatten)]
    pub rules: super::rules::RulesArgs,
    /// Where the provenance of `--format csv` goes (default: standard error).
    #[arg(long, value_name = "FILE")]
    pub provenance: Option<PathBuf>,
    /// Which table `--format csv` writes (see `flipscope metrics --table`).
    #[arg(long, value_enum, value_name = "figures|pairs|noise")]
    pub table: Option<metrics::TableArg>,
}

/// The formats of `export metrics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    Markdown,
    Csv,
    Latex,
    Json,
}

impl From<ExportFormat> for FormatArg {
    fn from(f: ExportFormat) -> Self {
        match f {
            ExportFormat::Markdown => FormatArg::Markdown,
            ExportFormat::Csv => FormatArg::Csv,
            ExportFormat::Latex => FormatArg::Latex,
            ExportFormat::Json => FormatArg::Json,
        }
    }
}

/// `export tags`.
#[derive(Debug, clap::Args)]
pub struct TagsArgs {
    /// Pairs files, annotations files or study directories.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// Keep only the pairs that match (see docs/filter.md).
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// Write to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// How a raw study (programs + generations) is scored first.
    #[command(flatten)]
    pub scoring: ScoringArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.what {
        What::Metrics(a) => run_metrics(a),
        What::Tags(a) => run_tags(a),
    }
}

fn run_metrics(args: MetricsArgs) -> anyhow::Result<ExitCode> {
    let format: FormatArg = args.format.into();
    if (args.table.is_some() || args.provenance.is_some()) && format != FormatArg::Csv {
        return Err(
            super::UsageError("--table and --provenance apply to --format csv".into()).into(),
        );
    }
    let report = metrics::full_report(&metrics::Args {
        paths: args.paths,
        filter: args.filter,
        replicates: args.replicates,
        seed: args.seed,
        stratified: false,
        interval: IntervalArg::Percentile,
        format,
        scoring: args.scoring,
        rules: args.rules,
        provenance: None,
        table: None,
        per: None,
    })?;
    let text = metrics::output(
        &report,
        Format::from(format),
        args.table,
        args.provenance.as_deref(),
    )?;
    write_out(args.output.as_deref(), &text)
}

fn run_tags(args: TagsArgs) -> anyhow::Result<ExitCode> {
    let export = tags(&args.paths, &args.filter, &args.scoring)?;
    if export.orphans > 0 {
        eprintln!(
            "warning: {} annotated pair(s) are not in the loaded pairs and are not exported",
            export.orphans
        );
    }
    write_out(args.output.as_deref(), &export.text)
}

/// What `export tags PATHS --filter FILTER` writes.
pub fn tags(paths: &[PathBuf], filter: &str, scoring: &ScoringArgs) -> anyhow::Result<TagExport> {
    let filter = Filter::parse(filter)?;
    let data = annotated::load(paths, scoring)?;
    Ok(export_tags(
        data.study.pairs.iter().map(ExportPair::from),
        &data.audits,
        &data.auditors,
        &filter,
    ))
}

/// Writes `text` to `output`, or to standard output.
pub fn write_out(output: Option<&Path>, text: &str) -> anyhow::Result<ExitCode> {
    match output {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => super::output::print(text)?,
    }
    Ok(ExitCode::SUCCESS)
}
