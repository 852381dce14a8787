//! Argument groups that several commands share, each with its validation and defaults in
//! one place: the proof budget (`--depth`, `--timeout`, `--jobs`) of `prove`, `score`
//! (and the commands that score: `metrics`, `export`, `reconcile`), `reprove` and
//! `audit`, read into the one options type of the prover, [`ProveOptions`]; and the
//! output format of the commands that print a table or JSON.

use crate::formal::options::{DEFAULT_DEPTH, DEFAULT_TIMEOUT_SECONDS, valid_depth, valid_timeout};
use crate::formal::{CacheChoice, ProveOptions};

use super::UsageError;

/// `--format`: a table for people, JSON for programs (`prove`, `reprove`, `assertions`,
/// `audit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
}

/// How long and how far each proof may go, and how many run at once.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ProofArgs {
    /// The longest counterexample, in cycles (failing at cycle N-1 at the latest); also
    /// the most time frames PDR explores, 1 to 1000000 [default: 30].
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// The time limit of each check, in seconds [default: 60].
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Checks run at once [default: one per core].
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

impl ProofArgs {
    /// Whether any of the options was given.
    pub fn given(&self) -> bool {
        self.depth.is_some() || self.timeout.is_some() || self.jobs.is_some()
    }

    /// The prover's options with these (validated) and `--no-cache` applied, the rest
    /// at their defaults.
    pub fn prove_options(&self, no_cache: bool) -> Result<ProveOptions, UsageError> {
        let mut options = ProveOptions::default();
        self.apply(&mut options, no_cache)?;
        Ok(options)
    }

    /// Writes these options (validated) and `--no-cache` into `options`.
    pub fn apply(&self, options: &mut ProveOptions, no_cache: bool) -> Result<(), UsageError> {
        options.depth = valid_depth(self.depth.unwrap_or(DEFAULT_DEPTH)).map_err(UsageError)?;
        options.timeout = match self.timeout {
            Some(t) => valid_timeout(t).map_err(UsageError)?,
            None => std::time::Duration::from_secs(DEFAULT_TIMEOUT_SECONDS),
        };
        options.jobs = self.jobs.unwrap_or(0);
        options.cache = if no_cache {
            CacheChoice::Off
        } else {
            CacheChoice::User
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        proof: ProofArgs,
    }

    fn options(args: &[&str]) -> Result<ProveOptions, UsageError> {
        let cli = Cli::try_parse_from(std::iter::once("t").chain(args.iter().copied())).unwrap();
        cli.proof.prove_options(false)
    }

    #[test]
    fn defaults_are_the_provers() {
        let o = options(&[]).unwrap();
        let d = ProveOptions::default();
        assert_eq!((o.depth, o.timeout, o.jobs), (d.depth, d.timeout, d.jobs));
        assert_eq!(o.depth, 30);
        assert!(!Cli::try_parse_from(["t"]).unwrap().proof.given());
    }

    #[test]
    fn every_command_refuses_the_same_bad_values() {
        assert!(
            options(&["--depth", "0"])
                .unwrap_err()
                .0
                .contains("between 1 and")
        );
        assert!(options(&["--depth", "1000001"]).is_err());
        assert_eq!(options(&["--depth", "1000000"]).unwrap().depth, 1_000_000);
        for t in ["0", "-1", "inf", "NaN"] {
            let e = options(&[&format!("--timeout={t}")]).unwrap_err().0;
            assert!(e.contains("positive number of seconds"), "{t}: {e}");
        }
        let o = options(&["--depth", "7", "--timeout", "2.5", "--jobs", "3"]).unwrap();
        assert_eq!(o.depth, 7);
        assert_eq!(o.timeout, std::time::Duration::from_millis(2500));
        assert_eq!(o.jobs, 3);
    }

    #[test]
    fn no_cache_turns_the_cache_off() {
        let cli = Cli::try_parse_from(["t"]).unwrap();
        assert_eq!(
            cli.proof.prove_options(true).unwrap().cache,
            CacheChoice::Off
        );
        assert_eq!(
            cli.proof.prove_options(false).unwrap().cache,
            CacheChoice::User
        );
    }
}
