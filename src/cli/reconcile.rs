//! `flipscope reconcile STUDY --rules equivsva`: a whole-module study's figures under
//! flipscope's rules and under EquivSVA's, each difference split by cause (they add
//! up exactly), with the formal status disagreements, the outputs each slang rule
//! rejects and the dataset defects listed one by one (`crate::rules::reconcile`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;

use super::rules::RulesArg;
use super::scoring::ScoringArgs;
use crate::rules::reconcile::{reconcile, render_table};
use crate::study::load_study;

/// Figures under both rule sets and their difference by cause.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A study (programs and generations, or programs and flipscope's verdicts).
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    /// The rules compared with flipscope's.
    #[arg(long, value_enum, value_name = "RULES")]
    pub rules: RulesArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReconcileFormat::Table)]
    pub format: ReconcileFormat,
    /// How a raw study is proven first.
    #[command(flatten)]
    pub scoring: ScoringArgs,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReconcileFormat {
    Table,
    Json,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.rules == RulesArg::Flipscope {
        return Err(super::UsageError(
            "--rules flipscope: nothing to reconcile; give the rules to compare with flipscope's (equivsva)".into(),
        )
        .into());
    }
    let study = load_study(&args.paths).map_err(|e| anyhow::anyhow!("{e}"))?;
    super::study_warnings::print_warnings(&study);
    if !study.kind().has_modules() {
        anyhow::bail!("the study holds no whole-module programs: nothing to reconcile");
    }
    let verdicts = if study.verdicts.is_empty() {
        if !study.has_module_generations() {
            anyhow::bail!(
                "the study holds neither verdicts nor generations of its module programs"
            );
        }
        super::modules::score(&study, &args.scoring)?
    } else {
        study.verdicts.clone()
    };
    let options = super::rules::equivsva_options(&args.scoring);
    let judged = super::rules::judged(&study, &verdicts, &options);
    let r = reconcile(&study, &verdicts, &judged);
    let text = match args.format {
        ReconcileFormat::Table => render_table(&r),
        ReconcileFormat::Json => {
            let mut t = serde_json::to_string_pretty(&r)?;
            t.push('\n');
            t
        }
    };
    super::output::print(&text)?;
    Ok(ExitCode::SUCCESS)
}
