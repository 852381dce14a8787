//! `flipscope reprove STUDY`: every assertion of a study with external verdicts
//! (AssertionBench) proven again with flipscope's engine on its design; the records
//! written to `STUDY/reproof.jsonl` (merged with earlier ones by assertion id), and the
//! agreement with the external engine, the designs that do not elaborate and the
//! constructs outside the lowered subset printed.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use serde_json::json;

use super::UsageError;
use crate::reproof::agreement::flipscope_word;
use crate::reproof::agreement_text::agreement_table;
use crate::reproof::run::ReproofSummary;
use crate::reproof::{
    Agreement, AssertionUnit, FormalEngine, REPROOF_FILE, ReproofOptions, ReproofRecord,
    ResetPhase, read_records, reprove, units_of, write_records,
};
use crate::stats::FieldFilter;
use crate::study::{StudyKind, load_study};

/// Re-prove a study's assertions with flipscope's engine and compare with the
/// external verdicts.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The study folder (written by `flipscope import assertionbench`).
    #[arg(value_name = "STUDY")]
    pub study: PathBuf,
    /// Only the assertions that match, e.g. `design=fht_bfly model=gpt-4o shots=5`
    /// (keys: design, group, model, shots, assertion, jasper, outcome, id).
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// Where the records go (default: STUDY/reproof.jsonl). Records of assertions not
    /// re-proven now are kept.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub proof: super::args::ProofArgs,
    /// Neither read nor write the results cache.
    #[arg(long)]
    pub no_cache: bool,
    /// How a script's `reset EXPR` is modelled: `jasper` (the reset holds in the first
    /// cycle and no attempt is checked while it holds, as JasperGold's reset phase) or
    /// `first-cycle` (`flipscope prove`'s own: assumed in the first cycle, free after).
    #[arg(long, value_enum, default_value = "jasper")]
    pub reset_phase: ResetPhaseArg,
    /// Output format of the summary.
    #[arg(long, value_enum, default_value = "table")]
    pub format: super::args::Format,
}

/// `--reset-phase`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ResetPhaseArg {
    Jasper,
    FirstCycle,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !args.study.is_dir() {
        return Err(UsageError(format!(
            "{}: STUDY must be a study folder (the --out of `flipscope import assertionbench`)",
            args.study.display()
        ))
        .into());
    }
    let options = args.proof.prove_options(args.no_cache)?;
    let filter = FieldFilter::parse::<AssertionUnit>(&args.filter)?;
    let study =
        load_study(std::slice::from_ref(&args.study)).map_err(|e| anyhow::anyhow!("{e}"))?;
    if study.kind() != StudyKind::Assertions {
        anyhow::bail!(
            "{}: no generation has external verdicts to compare with (import AssertionBench first)",
            args.study.display()
        );
    }
    let units: Vec<AssertionUnit> = units_of(&study)
        .into_iter()
        .filter(|u| filter.matches(u))
        .collect();
    super::prove::stop_tools_on_signals();
    let engine = FormalEngine::new(options);
    let engine = match engine {
        Ok(e) => e,
        Err(e) => return super::prove::interrupted().ok_or_else(|| e.into()),
    };
    let options = ReproofOptions {
        reset_phase: match args.reset_phase {
            ResetPhaseArg::Jasper => ResetPhase::Jasper,
            ResetPhaseArg::FirstCycle => ResetPhase::FirstCycle,
        },
    };
    let summary = reprove(&study, &units, &engine, &options);
    if let Some(code) = super::prove::interrupted() {
        return Ok(code);
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.study.join(REPROOF_FILE));
    let kept = merge(&out, &summary.records)?;
    write_records(&out, &kept).with_context(|| format!("cannot write {}", out.display()))?;
    let refs: Vec<&ReproofRecord> = summary.records.iter().collect();
    let agreement = Agreement::of(&refs);
    let text = match args.format {
        super::args::Format::Table => table(&summary, &agreement, &args.study, &out),
        super::args::Format::Json => json_summary(&summary, &agreement),
    };
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .context("cannot write the output")?;
    Ok(ExitCode::SUCCESS)
}

/// The records to write: the earlier ones of other assertions, then the new ones.
fn merge(path: &std::path::Path, new: &[ReproofRecord]) -> anyhow::Result<Vec<ReproofRecord>> {
    if !path.exists() {
        return Ok(new.to_vec());
    }
    // A file holding no record at all (a shell's `> FILE` made it before the run) has
    // no earlier records to keep.
    let blank = std::fs::read(path)
        .map(|b| b.iter().all(u8::is_ascii_whitespace))
        .unwrap_or(false);
    if blank {
        return Ok(new.to_vec());
    }
    let old = read_records(path).map_err(|errors| {
        let lines: Vec<String> = errors.iter().take(5).map(ToString::to_string).collect();
        anyhow::anyhow!(
            "{}\nthe earlier records cannot be read: move the file away to start anew",
            lines.join("\n")
        )
    })?;
    let fresh: std::collections::HashSet<&str> = new.iter().map(|r| r.id.as_str()).collect();
    let mut out: Vec<ReproofRecord> = old
        .into_iter()
        .filter(|r| !fresh.contains(r.id.as_str()))
        .collect();
    out.extend(new.iter().cloned());
    Ok(out)
}

/// The command that lists the disagreements of these records: `--reproof FILE` when
/// the records are not in the study's own `reproof.jsonl` (`--out`), which
/// `flipscope assertions` would not read.
fn list_command(study: &std::path::Path, out: &std::path::Path) -> String {
    use super::shell_word::shell_path;
    let mut command = format!(
        "flipscope assertions {} --filter agree=no",
        shell_path(study)
    );
    if out != study.join(REPROOF_FILE) {
        command.push_str(&format!(" --reproof {}", shell_path(out)));
    }
    command
}

fn table(
    s: &ReproofSummary,
    a: &Agreement,
    study: &std::path::Path,
    out: &std::path::Path,
) -> String {
    let mut text = agreement_table(a);
    text.push_str(&format!(
        "{} assertions of {} design{} proven in {:.1} s; records in {}\n",
        s.records.len(),
        s.designs,
        if s.designs == 1 { "" } else { "s" },
        s.seconds,
        out.display()
    ));
    if !a.disagreements.is_empty() {
        text.push_str(&format!("disagreements: {}\n", list_command(study, out)));
    }
    if !s.design_failures.is_empty() {
        text.push_str(&format!(
            "designs that do not elaborate ({}):\n",
            s.design_failures.len()
        ));
        for f in &s.design_failures {
            text.push_str(&format!(
                "  {} ({} assertions): {}\n",
                f.program,
                f.assertions,
                one_line(&f.message)
            ));
        }
    }
    if !s.width_mismatches.is_empty() {
        text.push_str(&format!(
            "property module ports whose width differs from the signal bound to them ({}):\n",
            s.width_mismatches.len()
        ));
        for m in &s.width_mismatches {
            text.push_str(&format!("  {m}\n"));
        }
    }
    if !s.unsupported.is_empty() {
        let total: usize = s.unsupported.values().sum();
        text.push_str(&format!(
            "constructs outside the lowered subset ({total} assertions):\n"
        ));
        let mut by_count: Vec<(&String, &usize)> = s.unsupported.iter().collect();
        by_count.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        for (construct, n) in by_count {
            text.push_str(&format!("  {n:>5}  {construct}\n"));
        }
    }
    text
}

fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    if text.lines().count() > 1 {
        format!("{first} ...")
    } else {
        first.to_string()
    }
}

fn json_summary(s: &ReproofSummary, a: &Agreement) -> String {
    let mut cells: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for ((e, f), n) in &a.cells {
        cells
            .entry(e.as_str().to_string())
            .or_default()
            .insert(flipscope_word(*f).to_string(), *n);
    }
    let value = json!({
        "agreement": cells,
        "assertions": a.total,
        "compared": a.compared,
        "agree": a.agree,
        "disagree": a.disagreements.len(),
        "disagreements": a.disagreements.iter().map(|&i| &s.records[i].id).collect::<Vec<_>>(),
        "designs": s.designs,
        "seconds": s.seconds,
        "design_failures": s.design_failures.iter().map(|f| json!({"design": f.program, "assertions": f.assertions, "message": f.message})).collect::<Vec<_>>(),
        "unsupported": s.unsupported,
        "by_cause": a.by_cause.iter().map(|(c, (pc, cp))| (c.as_str().to_string(), json!({"proven_cex": pc, "cex_proven": cp}))).collect::<BTreeMap<_, _>>(),
        "width_mismatches": s.width_mismatches,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
