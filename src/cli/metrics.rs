//! `flipscope metrics`: the study's metrics per (model, variant) over the pairs that
//! pass a filter, with program-clustered bootstrap intervals and the exact McNemar
//! test, as a table, JSON, CSV, Markdown or LaTeX; for whole-module studies also the
//! figures of their property verdicts per model and implementation style, with
//! family-clustered intervals. CSV is one plain table (`--table`), its provenance
//! written to `--provenance FILE` or standard error.

use std::borrow::Cow;
use std::process::ExitCode;

use super::UsageError;
pub use super::metrics_args::{Args, FormatArg, IntervalArg, TableArg, bootstrap_config};
use super::scoring::ScoringArgs;
use super::study_warnings::print_warnings;
use crate::stats::export::{self, Format};
use crate::stats::family::{self, ModelFigures, OutputRow, OutputSummary};
use crate::stats::noise::{self, AgainstNoise};
use crate::stats::pair_row::{AuditedPair, recorded_oracle};
use crate::stats::{Filter, InputFile, MetricsReport, Provenance, compute, group_conditions};
use crate::study::annotation::replay;
use crate::study::{PairKey, PairRecord, Study, StudyKind, load_study};

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let filter = Filter::parse(&args.filter);
    if args.table.is_some() && args.format != FormatArg::Csv {
        return Err(UsageError("--table applies to --format csv".into()).into());
    }
    if args.provenance.is_some() && args.format != FormatArg::Csv {
        return Err(UsageError("--provenance applies to --format csv".into()).into());
    }
    if let Ok(f) = &filter
        && let Some(report) = super::metrics_stream::report(&args, f)
    {
        let full = FullReport {
            metrics: report,
            families: Vec::new(),
            outputs_read: 0,
            outputs_matched: 0,
            noise: Vec::new(),
            property_invariance: Vec::new(),
        };
        let text = output(
            &full,
            args.format.into(),
            args.table,
            args.provenance.as_deref(),
        )?;
        super::output::print(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let study = load_study(&args.paths).map_err(|e| anyhow::anyhow!("{e}"))?;
    if study.kind() == StudyKind::Assertions {
        if args.table.is_some() {
            return Err(UsageError(
                "--table does not apply to studies with external verdicts (AssertionBench): `--per design|model` chooses their table".into(),
            )
            .into());
        }
        return super::metrics_pce::run(&args, &study);
    }
    if args.per.is_some() {
        return Err(UsageError(
            "--per applies to studies with external verdicts (AssertionBench)".into(),
        )
        .into());
    }
    if !study.programs.is_empty()
        && study.generations.is_empty()
        && study.pairs.is_empty()
        && study.verdicts.is_empty()
    {
        let at = match args.paths.as_slice() {
            [one] => super::shell_word::shell_path(one),
            _ => "STUDY".to_string(),
        };
        eprintln!(
            "note: the study holds {} programs and no generations yet, so there is nothing to \
             measure: `flipscope generate {at} --endpoint URL --model NAME` writes a model's \
             outputs (docs/generate.md)",
            study.programs.len()
        );
    }
    let report = full_report_of(&args, filter?, study)?;
    let text = output(
        &report,
        args.format.into(),
        args.table,
        args.provenance.as_deref(),
    )?;
    super::output::print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// The paired metrics and, for whole-module studies, the figures of their verdicts.
#[derive(Debug, Clone)]
pub struct FullReport {
    pub metrics: MetricsReport,
    /// Per model (empty when the study has no property verdicts).
    pub families: Vec<ModelFigures>,
    /// Outputs gathered from the verdicts, and those that passed the filter.
    pub outputs_read: usize,
    pub outputs_matched: usize,
    /// Each transformation against its model's self-flip rate (models with several
    /// samples per prompt only).
    pub noise: Vec<AgainstNoise>,
    /// Property-level invariance per model and variant (module studies).
    pub property_invariance: Vec<family::invariance::PropertyInvariance>,
}

/// The text `metrics` and `export metrics` print: [`render`], except that CSV is one
/// plain table (`table`, default the figures of a whole-module study, else the paired
/// metrics) whose provenance goes to `provenance` or standard error.
pub fn output(
    report: &FullReport,
    format: Format,
    table: Option<TableArg>,
    provenance: Option<&std::path::Path>,
) -> anyhow::Result<String> {
    if format != Format::Csv {
        return Ok(render(report, format));
    }
    let module = !report.families.is_empty() || report.outputs_read > 0;
    let table = table.unwrap_or(if module {
        TableArg::Figures
    } else {
        TableArg::Pairs
    });
    let text = match table {
        TableArg::Figures => family::export::render(&report.families, Format::Csv),
        TableArg::Pairs => export::render(&report.metrics, Format::Csv),
        TableArg::Noise => noise_csv(&report.noise),
    };
    let mut lines = export::csv::provenance(&report.metrics);
    if module {
        lines.push_str(&format!(
            "outputs: {} read, {} matched\n",
            report.outputs_read, report.outputs_matched
        ));
    }
    let other = match table {
        TableArg::Figures | TableArg::Noise => "pairs",
        TableArg::Pairs if module => "figures",
        TableArg::Pairs => "",
    };
    if !report.noise.is_empty() && table != TableArg::Noise {
        lines.push_str("note: the noise floor is `--table noise`\n");
    }
    if !other.is_empty() {
        lines.push_str(&format!(
            "note: the CSV holds one table; `--table {other}` gives the {other}\n"
        ));
    }
    match provenance {
        Some(path) => {
            use anyhow::Context;
            std::fs::write(path, &lines)
                .with_context(|| format!("cannot write {}", path.display()))?
        }
        None => eprint!("{lines}"),
    }
    Ok(text)
}

/// The noise floor as CSV: one row per (model, variant).
fn noise_csv(noise: &[AgainstNoise]) -> String {
    let num = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    let mut out = String::from(
        "model,variant,invariance_failure,self_flip,difference,difference_lo,difference_hi,programs\n",
    );
    for n in noise {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            export::csv::quote(&n.model),
            export::csv::quote(&n.variant),
            num(n.invariance_failure),
            num(n.self_flip),
            num(n.difference),
            num(n.interval.map(|i| i.lo)),
            num(n.interval.map(|i| i.hi)),
            n.programs
        ));
    }
    out
}

/// Renders a full report: the paired metrics alone for a study without verdicts;
/// otherwise the figures first (in JSON, a `"models"` object beside `"conditions"`).
pub fn render(report: &FullReport, format: Format) -> String {
    if report.noise.is_empty() {
        return render_figures(report, format);
    }
    match format {
        Format::Json => {
            let mut value: serde_json::Value =
                serde_json::from_str(&render_figures(report, format)).unwrap_or_default();
            value["noise_floor"] = noise_json(&report.noise);
            let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
            text.push('\n');
            text
        }
        _ => {
            let mut text = render_figures(report, format);
            text.push('\n');
            text.push_str(&noise_text(&report.noise));
            text
        }
    }
}

/// The noise floor as JSON: one object per (model, variant).
fn noise_json(noise: &[AgainstNoise]) -> serde_json::Value {
    noise
        .iter()
        .map(|n| {
            serde_json::json!({
                "model": n.model,
                "variant": n.variant,
                "invariance_failure": n.invariance_failure,
                "self_flip": n.self_flip,
                "difference": n.difference,
                "difference_lo": n.interval.map(|i| i.lo),
                "difference_hi": n.interval.map(|i| i.hi),
                "programs": n.programs,
            })
        })
        .collect()
}

/// The noise floor as lines of text (every format but JSON).
fn noise_text(noise: &[AgainstNoise]) -> String {
    let pct = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{:.1}%", 100.0 * v));
    let mut text = String::from(
        "Invariance failure against the self-flip rate (original against original across samples; difference with its program-clustered 95% interval)\n",
    );
    for n in noise {
        let interval = n.interval.map_or(String::new(), |i| {
            format!(" [{:.1}, {:.1}]", 100.0 * i.lo, 100.0 * i.hi)
        });
        text.push_str(&format!(
            "{} {}: IF {} - self-flip {} = {} points{interval} ({} programs)\n",
            n.model,
            n.variant,
            pct(n.invariance_failure),
            pct(n.self_flip),
            n.difference
                .map_or("-".to_string(), |d| format!("{:+.1}", 100.0 * d)),
            n.programs
        ));
    }
    text
}

/// The paired metrics, and the family figures of a module study.
fn render_figures(report: &FullReport, format: Format) -> String {
    if report.families.is_empty() && report.outputs_read == 0 {
        return export::render(&report.metrics, format);
    }
    match format {
        Format::Json => {
            let mut value = export::json::to_value(&report.metrics);
            value["models"] = family::export::to_value(&report.families);
            value["provenance"]["outputs_read"] = report.outputs_read.into();
            value["provenance"]["outputs_matched"] = report.outputs_matched.into();
            value["property_invariance"] =
                serde_json::to_value(&report.property_invariance).unwrap_or_default();
            let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
            text.push('\n');
            text
        }
        _ => {
            let mut text = family::export::render(&report.families, format);
            text.push('\n');
            text.push_str(&export::render(&report.metrics, format));
            text
        }
    }
}

/// Loads the study, filters its pairs and computes the report (`flipscope export
/// metrics` renders it too); warnings go to standard error.
pub fn report(args: &Args) -> anyhow::Result<MetricsReport> {
    Ok(full_report(args)?.metrics)
}

/// [`report`] with the figures of the study's property verdicts.
pub fn full_report(args: &Args) -> anyhow::Result<FullReport> {
    let filter = Filter::parse(&args.filter)?;
    let study = load_study(&args.paths).map_err(|e| anyhow::anyhow!("{e}"))?;
    full_report_of(args, filter, study)
}

/// The full report of a loaded study.
fn full_report_of(args: &Args, filter: Filter, mut study: Study) -> anyhow::Result<FullReport> {
    print_warnings(&study);
    if let Cow::Owned(scored) = study_pairs(&study, &args.scoring)? {
        study.pairs = scored;
    }
    let outputs = super::modules::prepare_with_rules(&mut study, &args.scoring, &args.rules)?;
    let pairs = &study.pairs;
    let audits = replay(&study.annotations);
    let rows: Vec<AuditedPair> = pairs
        .iter()
        .map(|pair| AuditedPair {
            pair,
            tags: tags_of(&audits, pair),
        })
        .filter(|row| filter.matches(row))
        .collect();
    let bootstrap = bootstrap_config(args);
    // With several samples per prompt, the self pairs (original against original) make
    // the pseudo-variant `self`, whose invariance failure is the self-flip rate.
    let self_pairs = noise::self_pairs(&rows);
    let mut conditions = group_conditions(&rows);
    if !self_pairs.is_empty() {
        conditions.extend(group_conditions(&self_pairs));
        conditions.sort_by(|a, b| (&a.model, &a.variant).cmp(&(&b.model, &b.variant)));
    }
    let noise = noise::against_noise(&conditions, args.replicates, args.seed, 0.95);
    let report = MetricsReport {
        conditions: compute(&conditions, &bootstrap),
        provenance: Provenance {
            filter: args.filter.clone(),
            oracle: recorded_oracle(pairs),
            bootstrap,
            version: env!("CARGO_PKG_VERSION").to_string(),
            inputs: study
                .sources
                .iter()
                .map(|s| InputFile {
                    path: s.path.to_string_lossy().into_owned(),
                    sha256: s.sha256.clone(),
                })
                .collect(),
            pairs_read: pairs.len(),
            pairs_matched: rows.len(),
        },
    };
    let family_rows: Vec<OutputRow> = family::rows(&outputs, |o| {
        tags_of_key(
            &audits,
            &PairKey {
                model: o.model.clone(),
                variant: o.variant.clone(),
                program: o.program.clone(),
                behavior: family::SOUND_BEHAVIOR.to_string(),
                sample: o.sample,
            },
        )
    })
    .into_iter()
    .filter(|row| filter.matches(row))
    .collect();
    let matched: Vec<&OutputSummary> = family_rows.iter().map(|r| r.output).collect();
    let mutants_of = |id: &str| study.program(id).map(|p| p.mutants.len());
    let families = family::model_figures(&matched, &mutants_of, &bootstrap);
    let kept: std::collections::HashSet<(&str, &str, &str, u32)> = matched
        .iter()
        .map(|o| {
            (
                o.model.as_str(),
                o.program.as_str(),
                o.variant.as_str(),
                o.sample,
            )
        })
        .collect();
    let property_invariance =
        family::invariance::property_invariance(&study.verdicts, &|m, p, v, s| {
            kept.contains(&(m, p, v, s))
        });
    if rows.is_empty() && matched.is_empty() {
        eprintln!("warning: no pairs match the filter");
    }
    Ok(FullReport {
        metrics: report,
        families,
        outputs_read: outputs.len(),
        outputs_matched: matched.len(),
        noise,
        property_invariance,
    })
}

fn tags_of<'a>(
    audits: &'a std::collections::BTreeMap<PairKey, crate::study::PairAudit>,
    pair: &crate::study::PairRecord,
) -> Option<&'a std::collections::BTreeSet<String>> {
    tags_of_key(audits, &pair.key())
}

fn tags_of_key<'a>(
    audits: &'a std::collections::BTreeMap<PairKey, crate::study::PairAudit>,
    key: &PairKey,
) -> Option<&'a std::collections::BTreeSet<String>> {
    if audits.is_empty() {
        return None;
    }
    audits.get(key).map(|a| &a.tags)
}

/// The pairs of the study: its pairs files, or its fragment generations scored now
/// when it holds them and no pairs (whole-module programs are proven by
/// [`super::modules::prepare`]). Scoring flags with pairs files are a usage error.
pub fn study_pairs<'a>(
    study: &'a Study,
    scoring: &ScoringArgs,
) -> anyhow::Result<Cow<'a, [PairRecord]>> {
    if study.pairs.is_empty() && !study.generations.is_empty() {
        if study.programs.is_empty() {
            anyhow::bail!(
                "the study holds generations but no programs: scoring needs programs.jsonl"
            );
        }
        if study.has_fragment_generations() {
            return Ok(Cow::Owned(scoring.score(study).pairs));
        }
    }
    let raw_modules = study.verdicts.is_empty() && study.has_module_generations();
    if scoring.given() && !raw_modules {
        return Err(UsageError(
            "--oracle, --lenient, --no-cache and the proof options apply only to raw studies (programs and generations); these paths hold pairs or verdicts already scored".into(),
        )
        .into());
    }
    Ok(Cow::Borrowed(&study.pairs))
}
