//! One cell of the benchmark's table: a run of one model's property file on one design,
//! with its assertion counts and outcome, and P, C, E.

use std::borrow::Cow;

use crate::stats::filter::FieldRow;
use crate::study::{RunOutcome, Study};

/// A (design, model, shots) cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunTally {
    /// The design as the dataset and its paper name it: the name of its design folder
    /// (`RMON_ctrl`), else the program id.
    pub design: String,
    /// The top module (`RMON_CTRL`), else the program id.
    pub top: String,
    /// The program's stratum (AssertionBench's group folder).
    pub group: String,
    pub model: String,
    pub shots: Option<u32>,
    pub outcome: RunOutcome,
    /// Assertions with a verdict.
    pub assertions: u64,
    pub proven: u64,
    pub cex: u64,
}

impl RunTally {
    /// P = proven / assertions (0 when the run has none: a failed file proves nothing).
    pub fn p(&self) -> f64 {
        ratio(self.proven, self.assertions)
    }

    /// C = cex / assertions (0 when the run has none).
    pub fn c(&self) -> f64 {
        ratio(self.cex, self.assertions)
    }

    /// E = 1 when the whole file failed (a syntax error, or no assertion at all).
    pub fn e(&self) -> f64 {
        if self.outcome.is_error() { 1.0 } else { 0.0 }
    }

    /// Whether the cell counts in the metrics (the run gave verdicts or failed whole).
    pub fn counts(&self) -> bool {
        self.outcome.has_verdict()
    }
}

fn ratio(n: u64, d: u64) -> f64 {
    if d == 0 { 0.0 } else { n as f64 / d as f64 }
}

impl FieldRow for RunTally {
    const KEYS: &'static [&'static str] = &["design", "top", "group", "model", "shots", "outcome"];

    fn field(&self, key: &str) -> Option<Cow<'_, str>> {
        match key {
            "design" => Some(Cow::Borrowed(&self.design)),
            "top" => Some(Cow::Borrowed(&self.top)),
            "group" => Some(Cow::Borrowed(&self.group)),
            "model" => Some(Cow::Borrowed(&self.model)),
            "shots" => self.shots.map(|k| Cow::Owned(k.to_string())),
            "outcome" => Some(Cow::Borrowed(self.outcome.as_str())),
            _ => None,
        }
    }
}

/// The cells of a study from its generations' external (JasperGold) runs, in file
/// order; generations without an external run are left out.
pub fn jasper_tallies(study: &Study) -> Vec<RunTally> {
    study
        .generations
        .iter()
        .filter_map(|g| {
            let run = g.external.as_ref()?;
            let program = study.program(&g.program);
            let folder = program
                .and_then(|p| p.meta.as_ref())
                .and_then(|m| m.get("folder"))
                .and_then(|f| f.as_str())
                .and_then(|f| f.trim_end_matches('/').rsplit('/').next())
                .filter(|f| !f.is_empty());
            Some(RunTally {
                design: folder.unwrap_or(&g.program).to_string(),
                top: program
                    .and_then(|p| p.top.clone())
                    .unwrap_or_else(|| g.program.clone()),
                group: study
                    .program(&g.program)
                    .map(|p| p.stratum.clone())
                    .unwrap_or_default(),
                model: g.model.clone(),
                shots: g.shots,
                outcome: run.outcome,
                assertions: run.verdicts.len() as u64,
                proven: run.count("proven") as u64,
                cex: run.count("cex") as u64,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn cell(design: &str, outcome: RunOutcome, n: u64, p: u64, c: u64) -> RunTally {
        RunTally {
            design: design.into(),
            top: design.into(),
            group: "g".into(),
            model: "m".into(),
            shots: Some(1),
            outcome,
            assertions: n,
            proven: p,
            cex: c,
        }
    }

    #[test]
    fn p_c_e_of_a_cell() {
        let ok = cell("d", RunOutcome::Ok, 4, 3, 1);
        assert_eq!((ok.p(), ok.c(), ok.e()), (0.75, 0.25, 0.0));
        let syntax = cell("d", RunOutcome::Syntax, 0, 0, 0);
        assert_eq!((syntax.p(), syntax.c(), syntax.e()), (0.0, 0.0, 1.0));
        assert_eq!(cell("d", RunOutcome::Empty, 0, 0, 0).e(), 1.0);
        assert!(!cell("d", RunOutcome::Incomplete, 0, 0, 0).counts());
        assert!(!cell("d", RunOutcome::Nolog, 0, 0, 0).counts());
        assert_eq!(ok.field("shots").as_deref(), Some("1"));
        assert_eq!(ok.field("outcome").as_deref(), Some("ok"));
    }
}
