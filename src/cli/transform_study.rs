//! `flipscope transform STUDY --kinds T1,T2,T3 [--implementations canonical|all] --out
//! NEW_STUDY`: the proven rewrites of a whole-module study (`transform::study`), written
//! as a new study: its programs with the variants added, and its generations and
//! settings copied as they are (the originals' outputs stay valid: `generate` on the
//! new study asks only for the variants'). Counts per kind and every refusal on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use super::UsageError;
use super::transform_args::{Args, ImplementationsArg};
use crate::study::load_study_to_score;
use crate::study::source::FileKind;
use crate::transform::parse_kinds;
use crate::transform::study::{Implementations, StudyTransformOptions, transform_study};

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let kinds = parse_kinds(args.kinds.as_deref().unwrap_or_default())
        .map_err(|e| UsageError(e.to_string()))?;
    if kinds.is_empty() {
        return Err(
            UsageError("--kinds names no transformation (expected T1,T2,T3)".into()).into(),
        );
    }
    if args.json || args.clock.is_some() {
        return Err(
            UsageError("--json and --clock are for one RTL file, not with --kinds".into()).into(),
        );
    }
    let out = args.out.clone().expect("clap requires --out with --kinds");
    check_out(&out)?;
    let prove = args.proof.prove_options(args.no_cache)?;
    let (study, _) = load_study_to_score(std::slice::from_ref(&args.file))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if !study.programs.iter().any(|p| p.is_module()) {
        anyhow::bail!(
            "{}: no whole-module program (`\"kind\": \"module\"`); for VERT fragments use `import vert --variants`",
            args.file.display()
        );
    }
    let options = StudyTransformOptions {
        kinds,
        implementations: match args.implementations {
            ImplementationsArg::Canonical => Implementations::Canonical,
            ImplementationsArg::All => Implementations::All,
        },
        prove,
    };
    let (programs, report) = transform_study(&study, &options)?;
    std::fs::create_dir_all(&out).with_context(|| format!("create {}", out.display()))?;
    let mut text = String::new();
    for p in &programs {
        text.push_str(&serde_json::to_string(p)?);
        text.push('\n');
    }
    let programs_file = out.join("programs.jsonl");
    std::fs::write(&programs_file, text)
        .with_context(|| format!("write {}", programs_file.display()))?;
    copy_companions(&args.file, &out)?;
    let mut err = std::io::stderr().lock();
    write!(err, "{}", crate::printable::escape_lines(&report.render()))?;
    writeln!(
        err,
        "{}: {} program(s), {} rewrite(s) added",
        out.display(),
        programs.len(),
        report.added()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The new study's directory must not hold anything yet.
fn check_out(out: &Path) -> anyhow::Result<()> {
    if out.is_file() {
        return Err(UsageError(format!(
            "--out {}: is a file, not a directory",
            out.display()
        ))
        .into());
    }
    if let Ok(mut entries) = std::fs::read_dir(out)
        && entries.next().is_some()
    {
        return Err(UsageError(format!(
            "--out {}: the directory is not empty (a new study is written there)",
            out.display()
        ))
        .into());
    }
    Ok(())
}

/// The generations files and `study.toml` of a study directory, copied byte for byte.
fn copy_companions(study: &Path, out: &Path) -> anyhow::Result<()> {
    if !study.is_dir() {
        return Ok(());
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(study)
        .with_context(|| format!("read {}", study.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && (FileKind::from_name(p) == Some(FileKind::Generations)
                    || p.file_name().is_some_and(|n| n == "study.toml"))
        })
        .collect();
    names.sort();
    for from in names {
        let Some(name) = from.file_name() else {
            continue;
        };
        let to = out.join(name);
        std::fs::copy(&from, &to)
            .with_context(|| format!("copy {} to {}", from.display(), to.display()))?;
    }
    Ok(())
}
