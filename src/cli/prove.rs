//! `flipscope prove RTL.sv... --properties FILE|-`: formal checks of generated
//! properties on a whole design (yosys + ABC PDR), with counterexamples, vacuity and
//! mutant detection; a table or JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::args::Format;
use super::{UsageError, output};
use crate::formal::trace::display;
use crate::formal::{
    Counterexample, Design, Limits, Outcome, PastConvention, ProveOptions, Prover, Report, Reset,
    SourceFile, parse_clock, read_properties,
};
use crate::study::error::display_path;
use crate::study::jsonl::read_text;

/// Prove generated properties on an RTL design (yosys and ABC PDR).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The design's RTL files.
    #[arg(required = true, value_name = "RTL.sv")]
    pub rtl: Vec<PathBuf>,
    /// The top module (default: the only module no other one instantiates).
    #[arg(long, value_name = "MODULE")]
    pub top: Option<String>,
    /// The generated text to read properties from, or `-` for standard input.
    #[arg(long, value_name = "FILE")]
    pub properties: PathBuf,
    /// The clocking event of properties that have none (`posedge clk`).
    #[arg(long, value_name = "EVENT")]
    pub clock: Option<String>,
    /// The reset assumed to hold in the first cycle: a Verilog expression, `auto`
    /// (a port named rst/reset, or rst_n/resetn/... assumed low) or `none`.
    #[arg(long, value_name = "EXPR", default_value = "auto")]
    pub reset: String,
    #[command(flatten)]
    pub proof: super::args::ProofArgs,
    /// Properties naming anything but the top module's ports are not checked.
    #[arg(long)]
    pub interface_only: bool,
    /// Mutant designs: every passing property is checked again on each (a `fail` there
    /// means the property detects the mutant).
    #[arg(long, value_name = "FILE.sv", num_args = 1..)]
    pub mutants: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Neither read nor write the results cache.
    #[arg(long)]
    pub no_cache: bool,
    /// The most AND gates a design's model may have.
    #[arg(long, value_name = "N")]
    pub max_gates: Option<usize>,
    /// The most latches (flip-flop bits) a design's model may have.
    #[arg(long, value_name = "N")]
    pub max_latches: Option<usize>,
    /// What `$past` reads before the tick it refers to: `ieee` (the default sampled
    /// value: declared initial values, else any value) or `equivsva` (any value, as
    /// EquivSVA's lowering).
    #[arg(long, value_enum, default_value = "ieee")]
    pub past: Past,
}

/// The `$past` convention of `--past`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Past {
    Ieee,
    Equivsva,
}

impl From<Past> for PastConvention {
    fn from(p: Past) -> PastConvention {
        match p {
            Past::Ieee => PastConvention::Ieee,
            Past::Equivsva => PastConvention::EquivSva,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let clock = args
        .clock
        .as_deref()
        .map(parse_clock)
        .transpose()
        .map_err(|e| UsageError(format!("--clock {e}")))?;
    let reset = match args.reset.trim() {
        "auto" => Reset::Auto,
        "none" => Reset::None,
        "" => {
            return Err(UsageError("--reset needs an expression, `auto` or `none`".into()).into());
        }
        e => Reset::Expr(e.to_string()),
    };
    let mut limits = Limits::default();
    if let Some(n) = args.max_gates {
        limits.gates = n;
    }
    if let Some(n) = args.max_latches {
        limits.latches = n;
    }
    let options = ProveOptions {
        clock,
        reset,
        interface_only: args.interface_only,
        limits,
        past: args.past.into(),
        ..args.proof.prove_options(args.no_cache)?
    };
    let design = Design::new(read_files(&args.rtl)?, args.top.clone());
    let mutants = read_files(&args.mutants)?
        .into_iter()
        .map(|m| design_with_mutant(&design, m))
        .collect::<Vec<_>>();
    let text = read_text(&args.properties)?;
    let name = display_path(&args.properties);
    let properties = read_properties(&text, &name);
    if properties.properties.is_empty() {
        anyhow::bail!(
            "{name}: no property found (neither `property NAME; ... endproperty` nor `assert property (...)`)"
        );
    }
    stop_tools_on_signals();
    let progress = super::progress::Progress::on_stderr("prove", "checks", 0);
    let options = ProveOptions {
        progress: progress.prover_hook(),
        ..options
    };
    let prover = match Prover::new(options) {
        Ok(p) => p,
        Err(e) => return interrupted().ok_or_else(|| e.into()),
    };
    let report = prover.prove_with_mutants(&design, &properties, &mutants);
    drop(progress);
    if let Some(code) = interrupted() {
        return Ok(code);
    }
    if let Some(reset) = &report.reset {
        eprintln!("note: assuming `{reset}` holds in the first cycle (--reset)");
    }
    match args.format {
        Format::Json => output::print_line(&serde_json::to_string_pretty(&report_json(&report))?)?,
        Format::Table => output::print(&table(&report))?,
    }
    if let Some(e) = &report.error {
        eprintln!("error: {e}");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// On SIGINT, SIGTERM or SIGHUP, the running yosys and ABC processes are killed and
/// no other starts; the command then ends through [`interrupted`] (its work folders
/// removed on the way out).
pub fn stop_tools_on_signals() {
    // Only one handler per process: a second call (a test harness) keeps the first.
    let _ = ctrlc::set_handler(crate::formal::interrupt);
}

/// The exit status of an interrupted run (130, as a shell's), with its message; `None`
/// when the run was not interrupted. Nothing of an interrupted run is printed or
/// recorded: its checks did not finish.
pub fn interrupted() -> Option<ExitCode> {
    if !crate::formal::interrupted() {
        return None;
    }
    eprintln!("error: interrupted: the checks were stopped and nothing was written");
    Some(ExitCode::from(130))
}

/// Reads the design's (or the mutants') files: each a regular UTF-8 file within the RTL
/// limits, none given twice (the same file by two paths too).
fn read_files(paths: &[PathBuf]) -> anyhow::Result<Vec<SourceFile>> {
    let mut seen: Vec<(PathBuf, &PathBuf)> = Vec::new();
    let mut out = Vec::new();
    for p in paths {
        let file = SourceFile::load(p).map_err(|e| anyhow::anyhow!("{e}"))?;
        let real = p.canonicalize().unwrap_or_else(|_| p.clone());
        if let Some((_, first)) = seen.iter().find(|(r, _)| *r == real) {
            return Err(UsageError(format!(
                "{} is given twice (also as {}): give each file once",
                display_path(p),
                display_path(first)
            ))
            .into());
        }
        seen.push((real, p));
        out.push(file);
    }
    Ok(out)
}

/// A mutant of `design`: the mutant file in place of the file that defines the top
/// module (and of any file defining a module the mutant defines), its top module being
/// the one named like the design's top, else the mutant's own.
pub fn design_with_mutant(design: &Design, mutant: SourceFile) -> Design {
    let alone = Design::new(vec![mutant.clone()], None);
    let defined: Vec<String> = alone.modules().into_iter().map(|m| m.name).collect();
    let top = design.find_top().ok();
    let mut files = vec![mutant];
    for (i, f) in design.files.iter().enumerate() {
        let one = Design::new(vec![f.clone()], None);
        let clash = one.modules().iter().any(|m| defined.contains(&m.name));
        if top.as_ref().is_some_and(|t| t.file == i) || clash {
            continue;
        }
        files.push(f.clone());
    }
    let mutant_top = match &top {
        Some(t) if defined.contains(&t.name) => Some(t.name.clone()),
        _ => alone.find_top().ok().map(|m| m.name),
    };
    Design::new(files, mutant_top)
}

/// `{"properties": [...]}`, one entry per property in reading order.
pub fn report_json(report: &Report) -> Value {
    json!({ "properties": report.outcomes.iter().map(outcome_json).collect::<Vec<_>>() })
}

fn outcome_json(o: &Outcome) -> Value {
    json!({
        "name": o.name,
        "status": o.status.as_str(),
        "vacuous": o.vacuous,
        "reason": o.reason,
        "counterexample": o.counterexample,
        "failure": o.failure.map(|f| f.as_str()),
        "mutants": o.mutants.iter().map(|m| json!({
            "file": m.file,
            "status": m.status.as_str(),
            "reason": m.reason,
        })).collect::<Vec<_>>(),
        "location": o.location.to_string(),
        "referenced_identifiers": o.referenced_identifiers,
        "non_interface_identifiers": o.non_interface_identifiers,
    })
}

/// The table: one line per property, then each counterexample cycle by cycle.
pub fn table(report: &Report) -> String {
    let mut rows: Vec<[String; 4]> = vec![[
        "PROPERTY".into(),
        "STATUS".into(),
        "MUTANTS".into(),
        "REASON".into(),
    ]];
    for o in &report.outcomes {
        let status = match (o.status.as_str(), o.vacuous) {
            ("pass", Some(true)) => "pass (vacuous)".to_string(),
            (s, _) => s.to_string(),
        };
        let mutants = if o.mutants.is_empty() {
            String::new()
        } else {
            let detected = o
                .mutants
                .iter()
                .filter(|m| m.status == crate::formal::FormalStatus::Fail)
                .count();
            format!("{detected}/{} detected", o.mutants.len())
        };
        rows.push([o.name.clone(), status, mutants, o.reason.clone()]);
    }
    let mut out = String::new();
    let widths: Vec<usize> = (0..3)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let mut line = String::new();
        for c in 0..3 {
            line.push_str(&format!("{:<w$}  ", r[c], w = widths[c]));
        }
        line.push_str(&r[3]);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for o in &report.outcomes {
        if let Some(cex) = &o.counterexample {
            out.push('\n');
            out.push_str(&format!(
                "counterexample of {} (fails at cycle {}):\n",
                o.name, cex.fail_cycle
            ));
            out.push_str(&trace_table(cex));
        }
    }
    out
}

/// A counterexample as rows of values, one column per cycle (`*` marks the failing
/// cycle).
pub fn trace_table(cex: &Counterexample) -> String {
    let cycles = cex.fail_cycle + 1;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec!["cycle".to_string()];
    header.extend((0..cycles).map(|c| {
        if c == cex.fail_cycle {
            format!("{c}*")
        } else {
            c.to_string()
        }
    }));
    rows.push(header);
    for s in &cex.signals {
        let mut row = vec![s.name.clone()];
        row.extend(s.values.iter().map(|v| display(v)));
        rows.push(row);
    }
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |v| v.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in &rows {
        let mut line = String::new();
        for (c, v) in r.iter().enumerate() {
            if c == 0 {
                line.push_str(&format!("  {:<w$}", v, w = widths[0]));
            } else {
                line.push_str(&format!("  {:>w$}", v, w = widths[c]));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
