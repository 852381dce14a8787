//! `flipscope open [PATHS...]` (and plain `flipscope [PATHS...]`): the TUI on a study.
//! With no paths it opens the bundled `sample-runs/` (in the current directory, else
//! next to the crate).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args as ClapArgs, ValueEnum};

use crate::tui::theme::ThemeKind;
use crate::tui::{Options, run as run_tui};

/// The colour theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    Dark,
    Light,
}

/// Open the TUI on a study: directories or `pairs*.jsonl` / `programs*.jsonl` files.
#[derive(Debug, Clone, Default, ClapArgs)]
pub struct Args {
    /// Study directories or files (default: sample-runs/).
    pub paths: Vec<PathBuf>,
    /// The colour theme (default: detected from the terminal, else dark).
    #[arg(long, value_enum)]
    pub theme: Option<ThemeArg>,
    /// Open on the agreement between the study's annotations and this other auditor's
    /// annotations file (Cohen's kappa per tag, the pairs they disagree on).
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// Bootstrap replicates of the metrics dashboard [default: 10000, as `metrics`].
    #[arg(long, value_name = "N")]
    pub replicates: Option<usize>,
    /// Seed of the dashboard's bootstrap [default: 0].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Take over the study's annotations lock when another host holds it (a session
    /// there that is gone). A lock whose holder on this host is gone is taken over
    /// without asking.
    #[arg(long)]
    pub take_over_lock: bool,
}

/// The paths to open: those given, else `sample-runs/`.
pub fn study_paths(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    if !paths.is_empty() {
        return paths;
    }
    let here = PathBuf::from("sample-runs");
    if here.is_dir() {
        return vec![here];
    }
    vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("sample-runs")]
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let theme = args.theme.map(|t| match t {
        ThemeArg::Dark => ThemeKind::Dark,
        ThemeArg::Light => ThemeKind::Light,
    });
    run_tui(Options {
        paths: study_paths(args.paths),
        theme,
        compare: args.compare,
        replicates: args.replicates,
        seed: args.seed,
        take_over_lock: args.take_over_lock,
    })?;
    Ok(ExitCode::SUCCESS)
}
