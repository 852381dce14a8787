//! How a raw study is scored, as every command that scores takes it: the oracle,
//! lenient reading, the caches and the proof options of whole-module programs
//! (`score`, `metrics`, `export`, `reconcile`, `sample`), with the report of what was
//! left out on standard error.

use clap::ValueEnum;

use super::args::ProofArgs;
use crate::module_score::ModuleScoreOptions;
use crate::rtl::ParseCache;
use crate::score::study::{Oracle, ScoreReport, StudyOptions, fragment_programs, score_study_with};
use crate::study::Study;

/// How a raw study is scored (shared by `score` and `metrics`).
#[derive(Debug, Clone, clap::Args)]
pub struct ScoringArgs {
    /// Where the true path condition comes from [default: reference].
    #[arg(long, value_enum, value_name = "ORACLE")]
    pub oracle: Option<OracleArg>,
    /// Read outputs leniently: every well-formed declaration anywhere in the output.
    #[arg(long)]
    pub lenient: bool,
    /// Parse every RTL text again (rtl oracle) and prove every property again (whole-module
    /// programs), without the caches.
    #[arg(long)]
    pub no_cache: bool,
    /// How whole-module programs are proven.
    #[command(flatten)]
    pub formal: FormalArgs,
}

/// `--oracle`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OracleArg {
    /// The dataset's reference antecedents.
    Reference,
    /// The path conditions flipscope derives from the RTL.
    Rtl,
}

impl ScoringArgs {
    pub fn options(&self) -> StudyOptions {
        StudyOptions {
            oracle: match self.oracle {
                Some(OracleArg::Rtl) => Oracle::Rtl,
                Some(OracleArg::Reference) | None => Oracle::Reference,
            },
            lenient: self.lenient,
        }
    }

    /// The parse cache scoring goes through (none with `--no-cache`).
    pub fn cache(&self) -> ParseCache {
        if self.no_cache {
            ParseCache::disabled()
        } else {
            ParseCache::user()
        }
    }

    /// Whether any scoring flag was given.
    pub fn given(&self) -> bool {
        self.oracle.is_some() || self.lenient || self.no_cache || self.formal.given()
    }

    /// Scores `study`, printing the report of what was left out on standard error.
    pub fn score(&self, study: &Study) -> ScoreReport {
        let cache = self.cache();
        let progress = super::progress::Progress::on_stderr(
            "score",
            "programs",
            fragment_programs(study) as u64,
        );
        let report = score_study_with(study, &self.options(), &cache, &|| progress.advance(1));
        drop(progress);
        print_report(&report);
        report
    }
}

/// How whole-module programs are proven.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FormalArgs {
    /// Whole-module programs' proofs.
    #[command(flatten)]
    pub proof: ProofArgs,
    /// Do not check properties on the program's other implementations.
    #[arg(long)]
    pub no_transfer: bool,
    /// Do not check passing properties on the program's mutants.
    #[arg(long)]
    pub no_mutants: bool,
}

impl FormalArgs {
    /// Whether any proof option was given.
    pub fn given(&self) -> bool {
        self.proof.given() || self.no_transfer || self.no_mutants
    }

    /// The scoring options (`no_cache` from the shared `--no-cache`).
    pub fn options(&self, no_cache: bool) -> anyhow::Result<ModuleScoreOptions> {
        Ok(ModuleScoreOptions {
            prove: self.proof.prove_options(no_cache)?,
            transfer: !self.no_transfer,
            mutants: !self.no_mutants,
        })
    }
}

/// The programs, generations and behaviors left out, on standard error.
pub fn print_report(report: &ScoreReport) {
    print_report_of(report, report.pairs.len());
}

/// [`print_report`] of a report whose `pairs` pairs were written, not kept.
pub fn print_report_of(report: &ScoreReport, pairs: usize) {
    for u in &report.unscorable_programs {
        eprintln!(
            "warning: program \"{}\" cannot be scored (left out of every metric): {}",
            u.program, u.reason
        );
    }
    for m in &report.missing_generations {
        eprintln!(
            "warning: no generation for model \"{}\", program \"{}\", variant \"{}\": its pairs are not formed",
            m.model, m.program, m.variant
        );
    }
    for d in &report.dropped_behaviors {
        eprintln!(
            "warning: program \"{}\": behavior \"{}\" has no RTL assignment (rtl oracle): left out",
            d.program, d.behavior
        );
    }
    eprintln!(
        "scored {} pairs; {} unscorable programs, {} missing generations, {} behaviors without RTL counterpart",
        pairs,
        report.unscorable_programs.len(),
        report.missing_generations.len(),
        report.dropped_behaviors.len()
    );
}
