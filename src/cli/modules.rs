//! Whole-module programs at the command line: the proof options every scoring command
//! takes (`--depth`, `--timeout`, `--jobs`, `--no-transfer`, `--no-mutants`), proving a
//! raw module study into verdicts (what could not be checked on standard error), and
//! the verdicts of a study turned into its paired view for the commands that read pairs.

use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::Context;

use super::scoring::ScoringArgs;
use crate::module_score::{ModuleScoreReport, score_modules};
use crate::stats::family::{self, OutputSummary};
use crate::study::{PropertyVerdict, Study};

/// Proves the study's whole-module generations, printing what stood in the way on
/// standard error.
pub fn score(study: &Study, scoring: &ScoringArgs) -> anyhow::Result<Vec<PropertyVerdict>> {
    score_under(study, scoring, crate::formal::PastConvention::Ieee)
}

/// [`score`] with `$past` read by `past` before its tick (EquivSVA's rules take theirs).
fn score_under(
    study: &Study,
    scoring: &ScoringArgs,
    past: crate::formal::PastConvention,
) -> anyhow::Result<Vec<PropertyVerdict>> {
    let mut options = scoring.formal.options(scoring.no_cache)?;
    options.prove.past = past;
    let progress = super::progress::Progress::on_stderr("prove", "checks", 0);
    options.prove.progress = progress.prover_hook();
    let report = score_modules(study, &options);
    drop(progress);
    let report = report?;
    print_report(&report);
    Ok(report.verdicts)
}

fn print_report(report: &ModuleScoreReport) {
    for e in &report.design_errors {
        eprintln!(
            "warning: program \"{}\", {}: the design cannot be checked: {}",
            e.program, e.design, e.message
        );
    }
    for m in &report.missing_generations {
        eprintln!(
            "warning: no generation for model \"{}\", program \"{}\", variant \"{}\"",
            m.model, m.program, m.variant
        );
    }
    let properties = report.verdicts.iter().filter(|v| v.is_property()).count();
    let sound = report.verdicts.iter().filter(|v| v.is_sound()).count();
    let (valid, outputs, valid_sound) = valid_outputs(&report.verdicts);
    eprintln!(
        "proved {properties} properties ({sound} sound: passing, not vacuously, naming only interface signals); {} missing generations, {} designs that cannot be checked",
        report.missing_generations.len(),
        report.design_errors.len()
    );
    if valid < outputs {
        // The figure `metrics` gives differs; say why here, where the other is printed.
        eprintln!(
            "`flipscope metrics` counts {valid_sound} of the {sound} sound: those of the {valid} of {outputs} outputs whose every property parses and elaborates (EquivSVA's rule; docs/equivsva.md)"
        );
    }
}

/// Outputs (model, program, variant, sample) whose every verdict line has syntax ok, all
/// outputs, and the sound properties of the valid ones: the rule of the family figures
/// (`stats::family::outputs`), counted for the closing line of `score`.
fn valid_outputs(verdicts: &[PropertyVerdict]) -> (usize, usize, usize) {
    let mut outputs: std::collections::BTreeMap<(&str, &str, &str, u32), (bool, usize)> =
        std::collections::BTreeMap::new();
    for v in verdicts {
        let entry = outputs
            .entry((&v.model, &v.program, &v.variant, v.sample_index()))
            .or_insert((true, 0));
        entry.0 &= v.syntax.ok;
        entry.1 += usize::from(v.is_property() && v.is_sound());
    }
    let valid: Vec<&(bool, usize)> = outputs.values().filter(|(ok, _)| *ok).collect();
    let valid_sound = valid.iter().map(|(_, n)| n).sum();
    (valid.len(), outputs.len(), valid_sound)
}

/// Writes verdicts as JSON Lines to `path`, or to standard output.
pub fn write_verdicts(path: Option<&Path>, verdicts: &[PropertyVerdict]) -> anyhow::Result<()> {
    let sink: Box<dyn Write> = match path {
        Some(p) => Box::new(
            std::fs::File::create(p).with_context(|| format!("cannot write {}", p.display()))?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = BufWriter::new(sink);
    for v in verdicts {
        serde_json::to_writer(&mut out, v).context("cannot write a verdict")?;
        out.write_all(b"\n").context("cannot write the output")?;
    }
    out.flush().context("cannot write the output")?;
    Ok(())
}

/// Makes sure the study holds the verdicts of its whole-module generations (proving
/// them now when it holds generations and no verdicts), then adds the pairs derived
/// from the verdicts to its pairs; returns the outputs the verdicts gather into.
/// Proof options with verdicts already scored are a usage error.
pub fn prepare(study: &mut Study, scoring: &ScoringArgs) -> anyhow::Result<Vec<OutputSummary>> {
    prepare_with_rules(study, scoring, &super::rules::RulesArgs::default())
}

/// [`prepare`] with the verdicts read under `rules` (`--rules`, `docs/equivsva.md`).
pub fn prepare_with_rules(
    study: &mut Study,
    scoring: &ScoringArgs,
    rules: &super::rules::RulesArgs,
) -> anyhow::Result<Vec<OutputSummary>> {
    if study.verdicts.is_empty() && study.has_module_generations() {
        let past = match rules.rules {
            super::rules::RulesArg::Flipscope => crate::formal::PastConvention::Ieee,
            super::rules::RulesArg::Equivsva => crate::formal::PastConvention::EquivSva,
        };
        study.verdicts = score_under(study, scoring, past)?;
    } else if !study.verdicts.is_empty() && scoring.formal.given() {
        return Err(super::UsageError(
            "--depth, --timeout, --jobs, --no-transfer and --no-mutants apply only to raw studies; these paths hold verdicts already proven".into(),
        )
        .into());
    }
    if !study.verdicts.is_empty() {
        let options = super::rules::equivsva_options(scoring);
        study.verdicts = super::rules::apply(study, &study.verdicts, rules, &options);
    }
    let outputs = family::outputs(study);
    let derived = family::derived_pairs(study, &outputs);
    study.pairs.extend(derived);
    Ok(outputs)
}
