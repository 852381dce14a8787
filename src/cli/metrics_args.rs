//! The arguments of `flipscope metrics` (and the ones `export` shares): paths, filter,
//! bootstrap, output format and table, and the bootstrap they ask for.

use std::path::PathBuf;

use clap::ValueEnum;

use super::scoring::ScoringArgs;
use crate::stats::export::Format;
use crate::stats::{BootstrapConfig, IntervalMethod};

/// Metrics per (model, variant) with 95% program-clustered bootstrap intervals.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Pairs files (`pairs.jsonl`) or study directories (their `pairs*.jsonl`, and
    /// `annotations*.jsonl` for the `tag` filter key). A raw study (programs and
    /// generations, no pairs) is scored first, as `flipscope score` would.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// Keep only the pairs that match, e.g. `model=qwen* variant=T2,T3 flip!=WW`
    /// (see docs/filter.md).
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// Bootstrap replicates (0 for no intervals).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub replicates: usize,
    /// Seed of the bootstrap: the same seed gives the same intervals.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Resample programs within their strata.
    #[arg(long)]
    pub stratified: bool,
    /// How intervals are read off the replicates.
    #[arg(long, value_enum, default_value_t = IntervalArg::Percentile)]
    pub interval: IntervalArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
    /// How a raw study is scored (only for programs + generations, not pairs files).
    #[command(flatten)]
    pub scoring: ScoringArgs,
    #[command(flatten)]
    pub rules: super::rules::RulesArgs,
    /// Where the provenance of `--format csv` goes (default: standard error; the CSV
    /// itself is plain: a header row, then data rows).
    #[arg(long, value_name = "FILE")]
    pub provenance: Option<PathBuf>,
    /// Which table `--format csv` writes: a whole-module study's figures (its default),
    /// the paired metrics (the default otherwise), or the noise floor.
    #[arg(long, value_enum, value_name = "figures|pairs|noise")]
    pub table: Option<TableArg>,
    /// For a study with external verdicts (AssertionBench): one row per design cell or
    /// per model and shots (default: design for csv, model otherwise).
    #[arg(long, value_enum, value_name = "design|model")]
    pub per: Option<PerArg>,
}

/// `--table`: the one table a CSV holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableArg {
    /// A whole-module study's figures per model and implementation style.
    Figures,
    /// The paired metrics per (model, variant).
    Pairs,
    /// Each transformation against its model's self-flip rate (several samples).
    Noise,
}

/// `--interval`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum IntervalArg {
    /// The 2.5% and 97.5% quantiles of the replicates.
    Percentile,
    /// Bias-corrected and accelerated.
    Bca,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Table,
    Json,
    Csv,
    Markdown,
    Latex,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Table => Format::Table,
            FormatArg::Json => Format::Json,
            FormatArg::Csv => Format::Csv,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Latex => Format::Latex,
        }
    }
}

/// `--per`: which table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PerArg {
    /// One row per (design, model, shots) cell.
    Design,
    /// One row per (model, shots), with intervals.
    Model,
}

/// The bootstrap the flags ask for.
pub fn bootstrap_config(args: &Args) -> BootstrapConfig {
    BootstrapConfig {
        replicates: args.replicates,
        seed: args.seed,
        stratified: args.stratified,
        method: match args.interval {
            IntervalArg::Percentile => IntervalMethod::Percentile,
            IntervalArg::Bca => IntervalMethod::Bca,
        },
        level: 0.95,
    }
}
