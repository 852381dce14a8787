//! `flipscope score`: a whole study (programs + generations) scored into pairs, one
//! JSON line per pair on standard output, and its whole-module programs proven into
//! property verdicts (`verdicts.jsonl` lines); what could not be scored on standard
//! error.

use super::output::OrOutput;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;

use crate::study::load_study_to_score;

/// Scores every generation of a study into pairs (`pairs.jsonl` on standard output).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Study files or directories holding programs and generations.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// Write the verdicts of whole-module programs to FILE (default: standard output,
    /// when the study has no fragment programs to write pairs for).
    #[arg(long, value_name = "FILE")]
    pub verdicts: Option<PathBuf>,
    #[command(flatten)]
    pub scoring: super::scoring::ScoringArgs,
    #[command(flatten)]
    pub rules: super::rules::RulesArgs,
    /// How atoms are compared [default: the study's `study.toml`, else two-state].
    #[arg(long, value_enum, value_name = "SEMANTICS")]
    pub semantics: Option<SemanticsArg>,
}

/// `--semantics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SemanticsArg {
    /// Two-state values: constants by value and exclusive, `a == 0` is `!a`, 1-bit
    /// signals equal to their truth.
    TwoState,
    /// Independent Boolean atoms, as the paper's propositional abstraction.
    Atoms,
}

impl From<SemanticsArg> for crate::logic::Values {
    fn from(a: SemanticsArg) -> Self {
        match a {
            SemanticsArg::TwoState => crate::logic::Values::TwoState,
            SemanticsArg::Atoms => crate::logic::Values::Atoms,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Pairs and verdicts files are what `score` writes: they are never read, so that
    // `flipscope score STUDY > STUDY/pairs.jsonl` works although the shell creates
    // the empty file first (docs/scoring-studies.md).
    let (mut study, left_out) =
        load_study_to_score(&args.paths).map_err(|e| anyhow::anyhow!("{e}"))?;
    for path in left_out.iter().filter(|p| args.paths.contains(p)) {
        eprintln!(
            "warning: {}: not read: `score` writes pairs and verdicts, it does not read them",
            crate::study::error::display_path(path)
        );
    }
    if let Some(s) = args.semantics {
        // The command line overrides the study's own setting.
        study.settings.scoring.semantics = Some(s.into());
    }
    if study.programs.is_empty() {
        anyhow::bail!(
            "the study holds no programs: `score` needs programs.jsonl and generations.jsonl"
        );
    }
    for w in &study.warnings {
        eprintln!("warning: {w}");
    }
    let modules = study.has_module_generations();
    let fragments = study.has_fragment_generations();
    if modules && fragments && args.verdicts.is_none() {
        return Err(super::UsageError(
            "the study holds fragment and whole-module programs: give --verdicts FILE for the module verdicts (pairs go to standard output)".into(),
        )
        .into());
    }
    if modules {
        let verdicts = super::modules::score(&study, &args.scoring)?;
        let options = super::rules::equivsva_options(&args.scoring);
        let verdicts = super::rules::to_write(&study, &verdicts, &args.rules, &options);
        super::modules::write_verdicts(args.verdicts.as_deref(), &verdicts)?;
        if !fragments {
            return Ok(ExitCode::SUCCESS);
        }
    }
    // Pairs are scored on `--jobs` threads and written as they are scored, in their
    // deterministic order (`score::pairs_stream`).
    let cache = args.scoring.cache();
    let progress = super::progress::Progress::on_stderr(
        "score",
        "programs",
        crate::score::study::fragment_programs(&study) as u64,
    );
    let jobs = args.scoring.formal.proof.jobs.unwrap_or(0);
    let mut out = BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    let written = crate::score::pairs_stream::write_pairs(
        &study,
        &args.scoring.options(),
        &cache,
        jobs,
        &mut out,
        &|| progress.advance(1),
    )
    .or_output()?;
    out.flush().or_output()?;
    drop(progress);
    super::scoring::print_report_of(&written.report, written.pairs);
    Ok(ExitCode::SUCCESS)
}
