//! `flipscope sample`: a seeded random audit sample of `k` correct-to-wrong pairs per
//! (model, variant), as a table or JSON Lines.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use serde_json::json;

use super::annotated;
use super::export::write_out;
use crate::stats::pair_row::AuditedPair;
use crate::stats::{Filter, audit_sample};

/// Draw k correct-to-wrong pairs per (model, variant) for reading by hand.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Pairs files or study directories.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// Pairs per condition.
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub k: usize,
    /// Seed: the same seed and the same pairs give the same sample.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Draw only among the pairs that match (see docs/filter.md).
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SampleFormat::Table)]
    pub format: SampleFormat,
    /// How a raw study (programs + generations) is scored first.
    #[command(flatten)]
    pub scoring: super::scoring::ScoringArgs,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SampleFormat {
    Table,
    Jsonl,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let filter = Filter::parse(&args.filter)?;
    let data = annotated::load(&args.paths, &args.scoring)?;
    let rows: Vec<AuditedPair> = data
        .study
        .pairs
        .iter()
        .map(|pair| AuditedPair {
            pair,
            tags: data.audits.get(&pair.key()).map(|a| &a.tags),
        })
        .filter(|row| filter.matches(row))
        .collect();
    let sample = audit_sample(&rows, args.k, args.seed);
    let mut out = String::new();
    if args.format == SampleFormat::Table {
        let _ = writeln!(
            out,
            "{:<24} {:<8} {:>4}  {:<24} {:<24} trans category",
            "model", "variant", "rank", "program", "behavior"
        );
    }
    for s in &sample {
        let pair = rows[s.index].pair;
        match args.format {
            SampleFormat::Jsonl => {
                let line = json!({
                    "model": pair.model,
                    "variant": pair.variant,
                    "program": pair.program,
                    "behavior": pair.behavior,
                    "rank": s.rank,
                    "stratum": pair.stratum,
                    "base_category": pair.base.category,
                    "trans_category": pair.trans.category,
                    "seed": args.seed,
                });
                let _ = writeln!(out, "{line}");
            }
            SampleFormat::Table => {
                let _ = writeln!(
                    out,
                    "{:<24} {:<8} {:>4}  {:<24} {:<24} {}",
                    pair.model,
                    pair.variant,
                    s.rank,
                    pair.program,
                    pair.behavior,
                    pair.trans.category.as_deref().unwrap_or("-")
                );
            }
        }
    }
    if sample.is_empty() {
        eprintln!("warning: no correct-to-wrong pairs to sample");
    }
    write_out(None, &out)
}
