//! `flipscope validate PATHS...`: loads a study, analyses its RTL (every program's and
//! every variant's, through the parse cache), and prints what it holds, or every
//! located error (exit 1).

use super::output::OrOutput;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::dataset_audit::check_study_rtl;
use crate::printable::{escape, escape_lines};
use crate::rtl::ParseCache;
use crate::study::summary::StudySummary;
use crate::study::{Study, StudyErrors, load_study};

/// Checks a study's files and prints what they hold.
#[derive(Debug, Args)]
#[command(
    long_about = "Loads a study (files, or directories holding programs.jsonl, generations*.jsonl, \
                  pairs*.jsonl and annotations.jsonl) and prints what it holds: programs per \
                  stratum, variants, models, generations per model and variant, missing \
                  generations, pairs by flip class, annotations. Every program's and variant's \
                  RTL is parsed: RTL that does not parse and an `include are warnings, located. \
                  On bad input it prints every error with its file, line and column (the first \
                  100) and exits with status 1."
)]
pub struct ValidateArgs {
    /// Study files or directories.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Parse the RTL without reading or writing the parse cache.
    #[arg(long)]
    pub no_cache: bool,
}

/// How the result is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Lines for people.
    Text,
    /// One JSON object (`ok`, then the counts or the errors).
    Json,
}

/// Runs `validate`.
pub fn run(args: ValidateArgs) -> anyhow::Result<ExitCode> {
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let cache = if args.no_cache {
        ParseCache::disabled()
    } else {
        ParseCache::user()
    };
    let code = match load_study(&args.paths).map(|study| with_rtl(study, &cache)) {
        Ok(study) => {
            let summary = StudySummary::of(&study);
            match args.format {
                Format::Json => {
                    let mut value = serde_json::to_value(&summary)?;
                    if let Some(map) = value.as_object_mut() {
                        map.shift_insert(0, "ok".into(), true.into());
                    }
                    writeln!(out, "{}", serde_json::to_string_pretty(&value)?).or_output()?;
                }
                Format::Text => write_text(&mut out, &summary).or_output()?,
            }
            ExitCode::SUCCESS
        }
        Err(errors) => {
            match args.format {
                Format::Json => {
                    let value = serde_json::json!({
                        "ok": false,
                        "total_errors": errors.total,
                        "errors": errors.errors,
                        "warnings": errors.warnings,
                    });
                    writeln!(out, "{}", serde_json::to_string_pretty(&value)?).or_output()?;
                }
                Format::Text => write_errors(&errors),
            }
            ExitCode::from(1)
        }
    };
    out.flush().or_output()?;
    Ok(code)
}

/// The study with the findings of its RTL as warnings: RTL that does not parse is
/// reported, located, but does not fail the study, since scoring against the reference
/// needs no RTL and real datasets hold such RTL (every record of VERT's synchronous
/// case file lacks statements' `;`). `audit` and `--oracle rtl` count what they
/// cannot analyse.
fn with_rtl(mut study: Study, cache: &ParseCache) -> Study {
    let rtl = check_study_rtl(&study, cache);
    study.warnings.extend(rtl.warnings);
    study.warnings.extend(rtl.errors);
    study
}

/// Prints the errors (and warnings) of a failed load on standard error.
pub fn write_errors(errors: &StudyErrors) {
    let mut err = std::io::stderr().lock();
    let shown = |text: String| escape_lines(&text).into_owned();
    for e in &errors.errors {
        let _ = writeln!(err, "error: {}", shown(e.to_string()));
    }
    if errors.total > errors.errors.len() {
        let _ = writeln!(
            err,
            "error: ... and {} more errors (the first {} are shown)",
            errors.total - errors.errors.len(),
            errors.errors.len()
        );
    }
    for w in &errors.warnings {
        let _ = writeln!(err, "warning: {}", shown(w.to_string()));
    }
    let s = if errors.total == 1 { "" } else { "s" };
    let _ = writeln!(err, "{} error{s}: the study did not load", errors.total);
}

/// The summary as text; every name from the study is escaped before it is padded, so
/// the columns stay aligned and no escape reaches the terminal.
fn write_text(out: &mut impl Write, s: &StudySummary) -> std::io::Result<()> {
    let e = |t: &str| escape(t).into_owned();
    writeln!(out, "files: {}", s.files.len())?;
    for f in &s.files {
        let kind = f.kind.as_str();
        let sha = &f.sha256[..12];
        writeln!(
            out,
            "  {}  {kind}, {} lines, sha256 {sha}",
            e(&f.path.display().to_string()),
            f.records
        )?;
    }
    writeln!(out, "programs: {}", s.programs)?;
    for (stratum, n) in &s.strata {
        writeln!(out, "  {:<24} {n:>7}", e(stratum))?;
    }
    writeln!(out, "variants (programs having each): {}", s.variants.len())?;
    for (variant, n) in &s.variants {
        writeln!(out, "  {:<24} {n:>7}", e(variant))?;
    }
    writeln!(
        out,
        "models: {}",
        if s.models.is_empty() {
            "none".into()
        } else {
            e(&s.models.join(", "))
        }
    )?;
    writeln!(out, "generations: {}", s.generations)?;
    for (model, by_variant) in &s.generations_by_model {
        let parts: Vec<String> = by_variant
            .iter()
            .map(|(v, n)| format!("{} {n}", e(v)))
            .collect();
        writeln!(out, "  {}: {}", e(model), parts.join(", "))?;
    }
    if s.missing_generations > 0 {
        writeln!(
            out,
            "missing generations: {} (model, program, variant)",
            s.missing_generations
        )?;
        for m in &s.missing_examples {
            writeln!(out, "  {} {} {}", e(&m.model), e(&m.program), e(&m.variant))?;
        }
        if s.missing_generations > s.missing_examples.len() {
            writeln!(
                out,
                "  ... and {} more",
                s.missing_generations - s.missing_examples.len()
            )?;
        }
    } else if s.generations > 0 {
        writeln!(out, "missing generations: none")?;
    }
    writeln!(out, "pairs: {}", s.pairs)?;
    for (model, by_variant) in &s.flips {
        for (variant, f) in by_variant {
            writeln!(
                out,
                "  {} {}: CC {} CW {} WC {} WW {}",
                e(model),
                e(variant),
                f.CC,
                f.CW,
                f.WC,
                f.WW
            )?;
        }
    }
    if !s.verdicts_by_model.is_empty() {
        writeln!(out, "property verdicts: {}", s.verdicts)?;
        for (model, counts) in &s.verdicts_by_model {
            let parts: Vec<String> = counts
                .iter()
                .map(|(k, n)| format!("{} {n}", e(k)))
                .collect();
            writeln!(out, "  {}: {}", e(model), parts.join(", "))?;
        }
    }
    writeln!(
        out,
        "annotations: {} decisions, {} tagged pairs",
        s.annotations, s.tagged_pairs
    )?;
    for (tag, n) in &s.tags {
        writeln!(out, "  {:<24} {n:>7}", e(tag))?;
    }
    writeln!(out, "warnings: {}", s.warnings.len())?;
    for w in &s.warnings {
        writeln!(out, "  {}", escape_lines(&w.to_string()))?;
    }
    Ok(())
}
