//! `flipscope agreement STUDY --with OTHER`: how far two auditors' annotations of the
//! same study agree (Cohen's kappa per tag, pooled, and the pairs they disagree on).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use serde_json::json;

use super::annotated::{read_annotations, store_file};
use super::export::write_out;
use crate::stats::agreement::{Agreement, TagAgreement, agreement};
use crate::study::Annotation;
use crate::study::annotation::replay;

/// Agreement between the study's annotations and another auditor's file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The study directory (its annotation store) or an annotations file.
    #[arg(value_name = "STUDY")]
    pub study: PathBuf,
    /// The other auditor's annotations file.
    #[arg(long = "with", value_name = "OTHER_ANNOTATIONS")]
    pub with: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = AgreementFormat::Table)]
    pub format: AgreementFormat,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AgreementFormat {
    Table,
    Json,
}

/// The two files compared and their agreement.
pub struct Compared {
    /// The study's annotations file (its store).
    pub first_path: PathBuf,
    pub first: Vec<Annotation>,
    pub second: Vec<Annotation>,
    pub result: Agreement,
}

/// The agreement of the study's annotations (`study`: a study directory or an
/// annotations file) with the file `with`, each replayed on its own (the TUI's
/// agreement screen is tested against it).
pub fn compute(study: &Path, with: &Path) -> anyhow::Result<Compared> {
    let first_path = store_file(study);
    let first = read_annotations(&first_path)?;
    let second = read_annotations(with)?;
    let result = agreement(&replay(&first), &replay(&second));
    Ok(Compared {
        first_path,
        first,
        second,
        result,
    })
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Compared {
        first_path,
        first,
        second,
        result,
    } = compute(&args.study, &args.with)?;
    let files = [
        (first_path.display().to_string(), auditors(&first)),
        (args.with.display().to_string(), auditors(&second)),
    ];
    let text = match args.format {
        AgreementFormat::Json => {
            let mut value = serde_json::to_value(&result)?;
            value["first"] = json!({"file": files[0].0, "auditors": files[0].1});
            value["second"] = json!({"file": files[1].0, "auditors": files[1].1});
            format!("{value}\n")
        }
        AgreementFormat::Table => table(&result, &files),
    };
    write_out(None, &text)
}

fn auditors(decisions: &[Annotation]) -> BTreeSet<String> {
    decisions.iter().map(|a| a.auditor.clone()).collect()
}

fn table(r: &Agreement, files: &[(String, BTreeSet<String>); 2]) -> String {
    let mut out = String::new();
    for (label, (file, who)) in ["first", "second"].iter().zip(files) {
        let who: Vec<&str> = who.iter().map(String::as_str).collect();
        let _ = writeln!(out, "{label:<7} {file} (auditors: {})", who.join(", "));
    }
    let share = if r.pairs == 0 {
        0.0
    } else {
        100.0 * r.identical as f64 / r.pairs as f64
    };
    let _ = writeln!(
        out,
        "pairs annotated by either: {}, by both: {}, identical tag sets: {} ({share:.1}%)\n",
        r.pairs, r.pairs_both, r.identical
    );
    let width = r
        .tags
        .iter()
        .map(|t| t.tag.chars().count())
        .max()
        .unwrap_or(0)
        .max("all tags (pooled)".len());
    let _ = writeln!(
        out,
        "{:<width$}  {:>5}  {:>5}  {:>6}  {:>7}  {:>8}  {:>8}  {:>6}",
        "tag", "both", "first", "second", "neither", "observed", "expected", "kappa"
    );
    let mut row = |name: &str, t: &TagAgreement| {
        let kappa = t.kappa.map_or("n/a".to_string(), |k| format!("{k:.3}"));
        let _ = writeln!(
            out,
            "{name:<width$}  {:>5}  {:>5}  {:>6}  {:>7}  {:>8.3}  {:>8.3}  {kappa:>6}",
            t.both, t.only_first, t.only_second, t.neither, t.observed, t.expected
        );
    };
    for t in &r.tags {
        row(&t.tag, t);
    }
    row("all tags (pooled)", &r.pooled);
    let _ = writeln!(out, "\ndisagreements: {}", r.disagreements.len());
    let list = |s: &BTreeSet<String>| {
        if s.is_empty() {
            "-".to_string()
        } else {
            s.iter().cloned().collect::<Vec<_>>().join(",")
        }
    };
    for d in &r.disagreements {
        let _ = writeln!(
            out,
            "  {}  first: {}  second: {}",
            d.key,
            list(&d.first),
            list(&d.second)
        );
    }
    out
}
