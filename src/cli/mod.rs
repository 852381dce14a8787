//! The command line: argument parsing (clap), dispatch to one file per command, and the
//! exit codes of the command contract (0 ok, 1 bad input, 2 usage).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod audit;
mod audit_table;
pub mod behaviors;
pub mod check_sva;
pub mod import;
pub mod metrics;
pub mod score;
pub mod validate;

/// A mistake in how a command was called (as opposed to bad input): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Terminal explorer for metamorphic robustness studies of LLM-generated SVA.
#[derive(Debug, Parser)]
#[command(name = "flipscope", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Every command that works. Add a variant only when its command does.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Metrics per (model, variant) with program-clustered bootstrap intervals.
    Metrics(metrics::Args),
    /// Score a study's generations into pairs (pairs.jsonl on standard output).
    Score(score::Args),
    /// Import a dataset file as programs.jsonl (written to standard output).
    Import(import::ImportArgs),
    /// Check a study's files and print what they hold, or every located error.
    Validate(validate::ValidateArgs),
    /// The assignment behaviors of an RTL file or fragment, with path conditions (JSON).
    Behaviors(behaviors::Args),
    /// Data quality of studies and VERT files: RTL errors, references, path agreement.
    Audit(audit::Args),
    /// Score one generated output against one reference text (JSON verdicts).
    CheckSva(check_sva::CheckSvaArgs),
}

/// Parses the arguments, runs the command and maps the outcome to an exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
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
        None => {
            use clap::CommandFactory;
            Cli::command().print_help()?;
            Ok(ExitCode::SUCCESS)
        }
        Some(command) => match command {
            Command::Metrics(args) => metrics::run(args),
            Command::Score(args) => score::run(args),
            Command::Import(args) => import::run(args),
            Command::Validate(args) => validate::run(args),
            Command::Behaviors(args) => behaviors::run(args),
            Command::Audit(args) => audit::run(args),
            Command::CheckSva(args) => check_sva::run(args),
        },
    }
}
