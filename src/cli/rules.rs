//! `--rules flipscope|equivsva` and `--include-invalid-designs`, shared by `score`,
//! `metrics` and `export metrics`: the verdicts of a study's whole-module programs
//! read under flipscope's rules (a family whose own RTL is not legal IEEE 1800 is a
//! dataset defect, left out with a warning unless `--include-invalid-designs`) or
//! rewritten under EquivSVA's published ones (docs/equivsva.md, "Scoring rules").

use clap::ValueEnum;

use crate::rules::Rules;
use crate::rules::equivsva::{Cause, EquivsvaOptions, Judged, judge, verdicts_under};
use crate::study::{PropertyVerdict, Study};

/// Which scoring rules apply to whole-module studies.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RulesArgs {
    /// The scoring rules of whole-module programs: flipscope's own, or EquivSVA's
    /// published ones as their scripts apply them.
    #[arg(long, value_enum, value_name = "RULES", default_value_t = RulesArg::Flipscope)]
    pub rules: RulesArg,
    /// Count the families whose own RTL is not legal IEEE 1800 (flipscope's rules leave
    /// them out of the figures).
    #[arg(long)]
    pub include_invalid_designs: bool,
}

/// `--rules`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// IEEE 1800 semantics, PDR, a vacuous pass is not sound.
    #[default]
    Flipscope,
    /// EquivSVA's: slang's syntax, their interface check, vacuous passes counted,
    /// their lowering's forms, k-induction at depth 30.
    Equivsva,
}

impl From<RulesArg> for Rules {
    fn from(r: RulesArg) -> Self {
        match r {
            RulesArg::Flipscope => Rules::Flipscope,
            RulesArg::Equivsva => Rules::Equivsva,
        }
    }
}

/// The options of EquivSVA's engine-depth check from the proof flags.
pub fn equivsva_options(scoring: &super::scoring::ScoringArgs) -> EquivsvaOptions {
    EquivsvaOptions {
        cache: !scoring.no_cache,
        jobs: scoring.formal.proof.jobs.unwrap_or(0),
        ..EquivsvaOptions::default()
    }
}

/// Judges flipscope's verdicts of `study` under EquivSVA's rules.
pub fn judged(study: &Study, verdicts: &[PropertyVerdict], options: &EquivsvaOptions) -> Judged {
    judge(study, verdicts, options)
}

/// The study's families whose own RTL is not legal IEEE 1800: (program, design, the
/// first keyword use).
fn defects(study: &Study) -> Vec<(String, String, String)> {
    study
        .programs
        .iter()
        .filter(|p| p.is_module())
        .filter_map(|p| {
            crate::rules::equivsva::design_defects(p)
                .into_iter()
                .next()
                .map(|(d, k)| (p.id.clone(), d, k.to_string()))
        })
        .collect()
}

/// The verdicts `score` writes under `rules`: under flipscope's, every line (a dataset
/// defect is named on standard error and left out where the figures are computed, so
/// that `--include-invalid-designs` can count it later); under EquivSVA's, the lines
/// rewritten by their rules ([`apply`]).
pub fn to_write(
    study: &Study,
    verdicts: &[PropertyVerdict],
    rules: &RulesArgs,
    options: &EquivsvaOptions,
) -> Vec<PropertyVerdict> {
    if Rules::from(rules.rules) == Rules::Equivsva {
        return apply(study, verdicts, rules, options);
    }
    for (p, d, k) in defects(study) {
        eprintln!(
            "warning: program \"{p}\" is a dataset defect: its {d} is not legal IEEE 1800 ({k}); its verdicts are written, and the figures leave it out (--include-invalid-designs counts it)"
        );
    }
    verdicts.to_vec()
}

/// The study's verdicts under `rules` (flipscope's verdicts in, the rules' out), with
/// the dataset defects named on standard error.
pub fn apply(
    study: &Study,
    verdicts: &[PropertyVerdict],
    rules: &RulesArgs,
    options: &EquivsvaOptions,
) -> Vec<PropertyVerdict> {
    let defects = defects(study);
    match Rules::from(rules.rules) {
        Rules::Flipscope => {
            for (p, d, k) in &defects {
                let what = if rules.include_invalid_designs {
                    "counted (--include-invalid-designs)"
                } else {
                    "left out of the figures (--include-invalid-designs counts it)"
                };
                eprintln!(
                    "warning: program \"{p}\" is a dataset defect: its {d} is not legal IEEE 1800 ({k}); {what}"
                );
            }
            if defects.is_empty() || rules.include_invalid_designs {
                return verdicts.to_vec();
            }
            verdicts
                .iter()
                .filter(|v| !defects.iter().any(|(p, _, _)| *p == v.program))
                .cloned()
                .collect()
        }
        Rules::Equivsva => {
            for (p, d, k) in &defects {
                eprintln!(
                    "warning: program \"{p}\": its {d} is not legal IEEE 1800 ({k}); slang rejects every output of it"
                );
            }
            let j = judged(study, verdicts, options);
            for (v, l) in verdicts.iter().zip(&j.lines) {
                if let Some(e) = &l.induction_error {
                    eprintln!(
                        "warning: {}/{}/{} {}: their engine's depth could not be checked ({e}); flipscope's status kept",
                        v.model,
                        v.program,
                        v.variant,
                        v.name.as_deref().unwrap_or("")
                    );
                }
            }
            verdicts_under(verdicts, &j, &Cause::ALL, false)
        }
    }
}
