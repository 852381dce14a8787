//! `flipscope assertions STUDY`: the assertions of a study with external verdicts, each
//! with the external engine's status and flipscope's (from `STUDY/reproof.jsonl`), over
//! a filter (`--filter 'agree=no'` lists the disagreements); `--show ID` prints one in
//! full: its design, the statement, both verdicts and flipscope's counterexample.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use serde_json::{Value, json};

use super::UsageError;
use crate::reproof::scope::design_of;
use crate::reproof::{AssertionView, REPROOF_FILE, join, read_records, units_of};
use crate::stats::FieldFilter;
use crate::study::{Study, load_study};

/// List a study's assertions with both verdicts, or show one in full.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The study folder.
    #[arg(value_name = "STUDY")]
    pub study: PathBuf,
    /// Only the assertions that match: keys design, group, model, shots, assertion,
    /// jasper (proven, cex, error, none), flipscope (proven, cex, unsupported, error,
    /// unknown, not-run), agree (yes, no, n/a), outcome, vacuous, id.
    #[arg(long, value_name = "EXPR", default_value = "")]
    pub filter: String,
    /// The re-proof records (default: STUDY/reproof.jsonl when it exists).
    #[arg(long, value_name = "FILE")]
    pub reproof: Option<PathBuf>,
    /// Show this assertion in full (its id: `design/model/k-shot/#N`).
    #[arg(long, value_name = "ID")]
    pub show: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: super::args::Format,
}

/// The study's assertions joined with its re-proof records.
pub fn views(
    study_dir: &std::path::Path,
    reproof: Option<&std::path::Path>,
) -> anyhow::Result<(Study, Vec<AssertionView>)> {
    let study = load_study(&[study_dir.to_path_buf()]).map_err(|e| anyhow::anyhow!("{e}"))?;
    let path = reproof
        .map(std::path::Path::to_path_buf)
        .unwrap_or_else(|| study_dir.join(REPROOF_FILE));
    let records = if reproof.is_some() || path.exists() {
        read_records(&path).map_err(|errors| {
            let lines: Vec<String> = errors.iter().take(10).map(ToString::to_string).collect();
            anyhow::anyhow!("{}", lines.join("\n"))
        })?
    } else {
        Vec::new()
    };
    let views = join(units_of(&study), records);
    Ok((study, views))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !args.study.is_dir() {
        return Err(UsageError(format!(
            "{}: STUDY must be a study folder",
            args.study.display()
        ))
        .into());
    }
    let filter = FieldFilter::parse::<AssertionView>(&args.filter)?;
    let (study, views) = views(&args.study, args.reproof.as_deref())?;
    let text = match &args.show {
        Some(id) => {
            let Some(v) = views.iter().find(|v| &v.unit.id == id) else {
                anyhow::bail!(
                    "no assertion {id} in {}: `flipscope assertions STUDY` lists the ids",
                    args.study.display()
                );
            };
            match args.format {
                super::args::Format::Table => show(&study, v),
                super::args::Format::Json => pretty(&view_json(v, true)),
            }
        }
        None => {
            let kept: Vec<&AssertionView> = views.iter().filter(|v| filter.matches(*v)).collect();
            match args.format {
                super::args::Format::Table => listing(&kept),
                super::args::Format::Json => pretty(&Value::Array(
                    kept.iter().map(|v| view_json(v, false)).collect(),
                )),
            }
        }
    };
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .context("cannot write the output")?;
    Ok(ExitCode::SUCCESS)
}

fn pretty(v: &Value) -> String {
    let mut t = serde_json::to_string_pretty(v).unwrap_or_default();
    t.push('\n');
    t
}

fn view_json(v: &AssertionView, full: bool) -> Value {
    let u = &v.unit;
    let mut o = json!({
        "id": u.id, "design": u.program, "group": u.group, "model": u.model, "shots": u.shots,
        "assertion": u.index, "file": u.file, "line": u.line, "text": u.text,
        "jasper": u.external_class(), "precondition": u.precondition,
        "outcome": u.outcome.map(|o| o.as_str()), "note": u.note,
        "flipscope": v.flipscope(), "agree": v.agree(),
    });
    if let Some(r) = &v.record {
        o["vacuous"] = json!(r.vacuous);
        o["reason"] = json!(r.reason);
        if full {
            o["property"] = json!(r.property);
            o["counterexample"] = serde_json::to_value(&r.counterexample).unwrap_or(Value::Null);
            o["engine"] = json!(r.engine);
        }
    }
    o
}

/// One line per assertion: id, both verdicts, agreement and the statement's start.
fn listing(views: &[&AssertionView]) -> String {
    let width = views
        .iter()
        .map(|v| v.unit.id.chars().count())
        .max()
        .unwrap_or(2)
        .max(2);
    let mut out = format!(
        "{:<width$}  {:<7}  {:<11}  {:<5}  assertion\n",
        "id", "jasper", "flipscope", "agree"
    );
    for v in views {
        let text: String = v.unit.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let short: String = if text.chars().count() > 70 {
            format!("{}...", text.chars().take(67).collect::<String>())
        } else {
            text
        };
        out.push_str(&format!(
            "{:<width$}  {:<7}  {:<11}  {:<5}  {short}\n",
            v.unit.id,
            v.unit.external_class(),
            v.flipscope(),
            v.agree()
        ));
    }
    out.push_str(&format!("{} assertions\n", views.len()));
    out
}

/// One assertion in full.
fn show(study: &Study, v: &AssertionView) -> String {
    let u = &v.unit;
    let mut out = format!("{}\n", u.id);
    if let Some(p) = study.program(&u.program) {
        if let Ok(d) = design_of(p) {
            let files: Vec<&str> = d.sources.iter().map(|(n, _)| n.as_str()).collect();
            let headers: Vec<&str> = d.headers.iter().map(|(n, _)| n.as_str()).collect();
            out.push_str(&format!(
                "design    {} (top {}; {}{}); clock {}; reset {}\n",
                p.id,
                d.top,
                files.join(", "),
                if headers.is_empty() {
                    String::new()
                } else {
                    format!("; includes {}", headers.join(", "))
                },
                d.clock.as_deref().unwrap_or("none (each assertion's own)"),
                d.reset.as_deref().unwrap_or("none")
            ));
        }
        if let Some(folder) = p
            .meta
            .as_ref()
            .and_then(|m| m.get("folder"))
            .and_then(Value::as_str)
        {
            out.push_str(&format!("folder    {folder}\n"));
        }
    }
    out.push_str(&format!(
        "file      {}{}\n\n{}\n\n",
        u.file,
        u.line.map(|l| format!(":{l}")).unwrap_or_default(),
        u.text
    ));
    out.push_str(&format!(
        "JasperGold  {}{}{}\n",
        u.external_class(),
        u.precondition
            .as_deref()
            .map(|p| format!(" (precondition {p})"))
            .unwrap_or_default(),
        u.outcome
            .map(|o| format!("; run {}", o.as_str()))
            .unwrap_or_default()
    ));
    if let Some(note) = &u.note {
        out.push_str(&format!("            {note}\n"));
    }
    match &v.record {
        None => out.push_str("flipscope   not run: flipscope reprove STUDY\n"),
        Some(r) => {
            out.push_str(&format!(
                "flipscope   {}{}  agree {}\n",
                crate::reproof::agreement::flipscope_word(r.status),
                match r.vacuous {
                    Some(true) => " (vacuous)",
                    _ => "",
                },
                v.agree()
            ));
            if !r.reason.is_empty() {
                out.push_str(&format!("            {}\n", r.reason));
            }
            if r.property != u.text {
                out.push_str(&format!("proven as   {}\n", r.property));
            }
            if let Some(cex) = &r.counterexample {
                out.push_str(&format!(
                    "\ncounterexample (fails at cycle {}):\n",
                    cex.fail_cycle
                ));
                out.push_str(&super::prove::trace_table(cex));
            }
        }
    }
    out
}
