//! `flipscope import assertionbench DIR --out STUDY`: the AssertionBench folder written
//! as a study (`programs.jsonl`, `generations.jsonl`) with its data-quality warnings
//! (`import-warnings.jsonl`, and a tally on standard error).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use crate::study::assertionbench::{Flaw, FlawKind, Import, import_assertionbench};
use crate::study::store::file::replace_atomically;

/// Arguments of `import assertionbench`.
#[derive(Debug, clap::Args)]
pub struct AssertionbenchArgs {
    /// The dataset folder: the one holding `Jasper_llama_results/` (and
    /// `Jasper_results/`).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The study folder to write (created when missing; its programs.jsonl,
    /// generations.jsonl and import-warnings.jsonl are replaced).
    #[arg(long, value_name = "STUDY")]
    pub out: PathBuf,
    /// Print every warning on standard error, not only the first of each kind.
    #[arg(long)]
    pub all_warnings: bool,
}

/// The warnings file of an imported study (not read as a study file).
pub const WARNINGS_FILE: &str = "import-warnings.jsonl";

pub fn run(args: AssertionbenchArgs) -> anyhow::Result<ExitCode> {
    let import = import_assertionbench(&args.dir)?;
    write_study(&import, &args.out)?;
    report(&import, &args.out, args.all_warnings)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the study's files into `out`.
pub fn write_study(import: &Import, out: &Path) -> anyhow::Result<()> {
    if out.exists() && !out.is_dir() {
        anyhow::bail!(
            "{}: --out must be a folder, and this is a file",
            out.display()
        );
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let lines = |items: &mut dyn Iterator<Item = serde_json::Result<String>>| {
        let mut text = String::new();
        for item in items {
            text.push_str(&item?);
            text.push('\n');
        }
        serde_json::Result::Ok(text)
    };
    let programs = lines(&mut import.programs.iter().map(serde_json::to_string))?;
    let generations = lines(&mut import.generations.iter().map(serde_json::to_string))?;
    let warnings = lines(&mut import.flaws.iter().map(serde_json::to_string))?;
    for (name, text) in [
        ("programs.jsonl", programs),
        ("generations.jsonl", generations),
        (WARNINGS_FILE, warnings),
    ] {
        let path = out.join(name);
        replace_atomically(&path, text)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// What was written, and the warnings by kind, on standard error.
fn report(import: &Import, out: &Path, all: bool) -> anyhow::Result<()> {
    let mut err = std::io::stderr().lock();
    let mut by_kind: BTreeMap<FlawKind, Vec<&Flaw>> = BTreeMap::new();
    for f in &import.flaws {
        by_kind.entry(f.kind).or_default().push(f);
    }
    writeln!(
        err,
        "{}: {} programs, {} generations from {} design folders and {} logs",
        out.display(),
        import.programs.len(),
        import.generations.len(),
        import.folders,
        import.logs.len()
    )?;
    for (kind, flaws) in &by_kind {
        let shown = if all { flaws.len() } else { 1 };
        for f in flaws.iter().take(shown) {
            writeln!(err, "warning: {f}")?;
        }
        if flaws.len() > shown {
            writeln!(err, "warning: ... {} more [{kind}]", flaws.len() - shown)?;
        }
    }
    if !import.flaws.is_empty() {
        writeln!(
            err,
            "{} data-quality warnings, all in {}",
            import.flaws.len(),
            out.join(WARNINGS_FILE).display()
        )?;
    }
    Ok(())
}
