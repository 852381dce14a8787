//! The command line: argument parsing (clap), dispatch to one file per command, and the
//! exit codes of the command contract (0 ok, 1 bad input, 2 usage).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod agreement;
mod annotated;
pub mod args;
pub mod assertions;
pub mod audit;
mod audit_modules;
mod audit_table;
pub mod behaviors;
pub mod check_sva;
pub mod export;
pub mod generate;
mod generate_progress;
pub mod import;
pub mod import_assertionbench;
mod import_equivsva;
mod import_variants;
pub mod metrics;
pub mod metrics_args;
pub mod metrics_pce;
pub mod metrics_stream;
pub mod modules;
pub mod open;
pub mod output;
mod progress;
pub mod prove;
pub mod reconcile;
pub mod reprove;
pub mod rules;
pub mod sample;
pub mod score;
pub mod scoring;
mod shell_word;
mod study_warnings;
pub mod synth;
pub mod transform;
pub mod transform_args;
pub mod transform_study;
pub mod validate;

/// A mistake in how a command was called (as opposed to bad input): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Terminal explorer for metamorphic robustness studies of LLM-generated SVA.
#[derive(Debug, Parser)]
#[command(name = "flipscope", version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// With no command: the TUI on these study paths (same as `flipscope open`).
    #[command(flatten)]
    pub open: open::Args,
}

/// Every command that works. Add a variant only when its command does.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the TUI on a study (the default when no command is given).
    Open(open::Args),
    /// Import a dataset: VERT and EquivSVA files to standard output, AssertionBench into a
    /// study folder (--out).
    Import(import::ImportArgs),
    /// Check a study's files and print what they hold, or every located error.
    Validate(validate::ValidateArgs),
    /// Data quality of studies and VERT files: RTL errors, references, path agreement.
    Audit(audit::Args),
    /// The assignment behaviors of an RTL file or fragment, with path conditions (JSON).
    Behaviors(behaviors::Args),
    /// A validated rewrite (T1 reorder, T2 rename, T3 parenthesise) of an RTL file.
    Transform(transform::Args),
    /// Score one generated output against one reference text (JSON verdicts).
    CheckSva(check_sva::CheckSvaArgs),
    /// Score a whole study into pairs (JSON Lines on standard output).
    Score(score::Args),
    /// Metrics per (model, variant) with program-clustered bootstrap intervals.
    Metrics(metrics::Args),
    /// Export the metrics table (with provenance) or the tagged pairs.
    Export(export::Args),
    /// A seeded random audit sample of k correct-to-wrong pairs per condition.
    Sample(sample::Args),
    /// Agreement between two auditors' annotations (Cohen's kappa per tag).
    Agreement(agreement::Args),
    /// Prove generated properties on an RTL design (yosys and ABC PDR).
    Prove(prove::Args),
    /// Write a simulated study (the bundled sample-runs/ with the defaults).
    Synth(synth::Args),
    /// Generate a study's outputs from a model endpoint (OpenAI-compatible).
    Generate(generate::Args),
    /// A whole-module study's figures under flipscope's and EquivSVA's rules, the
    /// difference split by cause.
    Reconcile(reconcile::Args),
    /// Re-prove a study's assertions (AssertionBench) and compare with its JasperGold verdicts.
    Reprove(reprove::Args),
    /// The assertions of a study with both verdicts (filters, disagreements, one in full).
    Assertions(assertions::Args),
}

/// Parses the arguments, runs the command and maps the outcome to an exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let printed = e
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()));
            return if e.use_stderr() {
                ExitCode::from(2)
            } else if let Err(why) = printed {
                // `--help` or `--version` that could not be written (a full disk, a
                // closed pipe) is a failure, said on standard error.
                eprintln!("error: {}", output::error(why));
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Messages quote study names and texts: never a raw escape on the terminal.
            eprintln!(
                "error: {}",
                crate::printable::escape_lines(&format!("{e:#}"))
            );
            if e.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => open::run(cli.open),
        Some(command) => match command {
            Command::Open(args) => open::run(args),
            Command::Import(args) => import::run(args),
            Command::Validate(args) => validate::run(args),
            Command::Audit(args) => audit::run(args),
            Command::Behaviors(args) => behaviors::run(args),
            Command::Transform(args) => transform::run(args),
            Command::CheckSva(args) => check_sva::run(args),
            Command::Score(args) => score::run(args),
            Command::Metrics(args) => metrics::run(args),
            Command::Export(args) => export::run(args),
            Command::Sample(args) => sample::run(args),
            Command::Agreement(args) => agreement::run(args),
            Command::Prove(args) => prove::run(args),
            Command::Synth(args) => synth::run(args),
            Command::Generate(args) => generate::run(args),
            Command::Reconcile(args) => reconcile::run(args),
            Command::Reprove(args) => reprove::run(args),
            Command::Assertions(args) => assertions::run(args),
        },
    }
}
