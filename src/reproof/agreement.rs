//! The external engine's status against flipscope's, per assertion: a table of counts
//! (rows JasperGold `proven`, `cex`, `error` for a file its run failed on, `none`,
//! and `bind-not-taken` for verdicts of runs whose bind did not take; columns
//! flipscope `proven`, `cex`, `unsupported`, `error`, `unknown`), and the
//! disagreements: a proof on one side, a counterexample on the other. Runs whose bind
//! did not take proved the property module's free inputs, not the design: they have
//! their own row and are never compared.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::cause_kind::Cause;
use super::record::ReproofRecord;
use crate::stats::filter::FieldRow;
use crate::study::FormalStatus;

/// The external side of an assertion, as the table counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExternalClass {
    Proven,
    Cex,
    /// The external run failed on the whole file (syntax error, no assertion).
    Error,
    /// No external verdict (no log, an incomplete run, a file that is not the one run).
    None,
    /// Any other status the engine gave (`undetermined`, ...).
    Other,
    /// A verdict of a run whose bind did not take (of free inputs, not the design).
    BindNotTaken,
}

impl ExternalClass {
    pub const ALL: [ExternalClass; 6] = [
        ExternalClass::Proven,
        ExternalClass::Cex,
        ExternalClass::Error,
        ExternalClass::None,
        ExternalClass::Other,
        ExternalClass::BindNotTaken,
    ];

    pub fn of(record: &ReproofRecord) -> ExternalClass {
        if record.external.bind_not_taken && record.external.status.is_some() {
            return ExternalClass::BindNotTaken;
        }
        match record.external.status.as_deref() {
            Some("proven") => ExternalClass::Proven,
            Some("cex") => ExternalClass::Cex,
            Some(_) => ExternalClass::Other,
            None if record.external.outcome.is_some_and(|o| o.is_error()) => ExternalClass::Error,
            None => ExternalClass::None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ExternalClass::Proven => "proven",
            ExternalClass::Cex => "cex",
            ExternalClass::Error => "error",
            ExternalClass::None => "none",
            ExternalClass::Other => "other",
            ExternalClass::BindNotTaken => "bind-not-taken",
        }
    }
}

/// flipscope's side in the table's words: `proven`, `cex`, `unsupported`, `error`,
/// `unknown`, `interface-violation`.
pub type FlipscopeClass = FormalStatus;

/// flipscope's status in the table's words (`pass` is `proven`, `fail` is `cex`).
pub fn flipscope_word(s: FormalStatus) -> &'static str {
    match s {
        FormalStatus::Pass => "proven",
        FormalStatus::Fail => "cex",
        other => other.as_str(),
    }
}

/// Whether the two engines disagree: one proves what the other refutes.
pub fn disagrees(record: &ReproofRecord) -> bool {
    matches!(
        (ExternalClass::of(record), record.status),
        (ExternalClass::Proven, FormalStatus::Fail) | (ExternalClass::Cex, FormalStatus::Pass)
    )
}

/// `yes` (both prove, or both refute), `no` (they disagree) or `n/a`.
pub fn agreement_word(record: &ReproofRecord) -> &'static str {
    match (ExternalClass::of(record), record.status) {
        (ExternalClass::Proven, FormalStatus::Pass) | (ExternalClass::Cex, FormalStatus::Fail) => {
            "yes"
        }
        _ if disagrees(record) => "no",
        _ => "n/a",
    }
}

/// The table of counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Agreement {
    pub cells: BTreeMap<(ExternalClass, FormalStatus), usize>,
    pub total: usize,
    /// Assertions both engines decided (proven or cex on both sides).
    pub compared: usize,
    pub agree: usize,
    /// Positions (in the records given) of the disagreements.
    pub disagreements: Vec<usize>,
    /// The records whose verdicts differ, by cause: (JasperGold proven and flipscope
    /// cex, JasperGold cex and flipscope proven). The bind-not-taken row counts
    /// verdicts that are not compared (so not in `disagreements`).
    pub by_cause: BTreeMap<Cause, (usize, usize)>,
}

impl Agreement {
    pub fn of(records: &[&ReproofRecord]) -> Agreement {
        let mut a = Agreement {
            total: records.len(),
            ..Agreement::default()
        };
        for (i, r) in records.iter().enumerate() {
            *a.cells.entry((ExternalClass::of(r), r.status)).or_default() += 1;
            if let Some(cause) = r.cause {
                let e = a.by_cause.entry(cause).or_default();
                if r.status == FormalStatus::Fail {
                    e.0 += 1;
                } else {
                    e.1 += 1;
                }
            }
            match agreement_word(r) {
                "yes" => {
                    a.compared += 1;
                    a.agree += 1;
                }
                "no" => {
                    a.compared += 1;
                    a.disagreements.push(i);
                }
                _ => {}
            }
        }
        a
    }

    pub fn count(&self, external: ExternalClass, flipscope: FormalStatus) -> usize {
        self.cells.get(&(external, flipscope)).copied().unwrap_or(0)
    }

    /// Rows that have any count, in table order.
    pub fn rows(&self) -> Vec<ExternalClass> {
        ExternalClass::ALL
            .into_iter()
            .filter(|e| self.cells.keys().any(|(x, _)| x == e))
            .collect()
    }

    /// The columns shown: the five of the issue, and interface violations when any.
    pub fn columns(&self) -> Vec<FormalStatus> {
        let mut cols = vec![
            FormalStatus::Pass,
            FormalStatus::Fail,
            FormalStatus::Unsupported,
            FormalStatus::Error,
            FormalStatus::Unknown,
        ];
        if self
            .cells
            .keys()
            .any(|(_, s)| *s == FormalStatus::InterfaceViolation)
        {
            cols.push(FormalStatus::InterfaceViolation);
        }
        cols
    }
}

impl FieldRow for ReproofRecord {
    const KEYS: &'static [&'static str] = &[
        "design",
        "model",
        "shots",
        "assertion",
        "jasper",
        "flipscope",
        "agree",
        "vacuous",
        "outcome",
        "id",
        "cause",
    ];

    fn field(&self, key: &str) -> Option<Cow<'_, str>> {
        match key {
            "cause" => self.cause.map(|c| Cow::Borrowed(c.as_str())),
            "design" => Some(Cow::Borrowed(&self.program)),
            "model" => Some(Cow::Borrowed(&self.model)),
            "shots" => self.shots.map(|k| Cow::Owned(k.to_string())),
            "assertion" => Some(Cow::Owned(self.assertion.to_string())),
            "jasper" => Some(Cow::Borrowed(ExternalClass::of(self).as_str())),
            "flipscope" => Some(Cow::Borrowed(flipscope_word(self.status))),
            "agree" => Some(Cow::Borrowed(agreement_word(self))),
            "vacuous" => self
                .vacuous
                .map(|v| Cow::Borrowed(if v { "yes" } else { "no" })),
            "outcome" => self.external.outcome.map(|o| Cow::Borrowed(o.as_str())),
            "id" => Some(Cow::Borrowed(&self.id)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproof::record::ExternalSide;
    use crate::study::RunOutcome;

    pub(crate) fn record(
        external: Option<&str>,
        outcome: RunOutcome,
        status: FormalStatus,
    ) -> ReproofRecord {
        ReproofRecord {
            id: "d/m/1-shot/#1".into(),
            program: "d".into(),
            model: "m".into(),
            shots: Some(1),
            assertion: 1,
            file: "p.sva".into(),
            line: None,
            property: "assert property(a);".into(),
            status,
            vacuous: None,
            reason: String::new(),
            counterexample: None,
            external: ExternalSide {
                engine: "jaspergold".into(),
                status: external.map(str::to_string),
                precondition: None,
                outcome: Some(outcome),
                note: None,
                bind_not_taken: false,
            },
            engine: "t".into(),
            cause: None,
        }
    }

    #[test]
    fn counts_agreements_and_disagreements() {
        let records = [
            record(Some("proven"), RunOutcome::Ok, FormalStatus::Pass),
            record(Some("proven"), RunOutcome::Ok, FormalStatus::Fail),
            record(Some("cex"), RunOutcome::Ok, FormalStatus::Fail),
            record(Some("cex"), RunOutcome::Ok, FormalStatus::Unsupported),
            record(None, RunOutcome::Syntax, FormalStatus::Pass),
            record(None, RunOutcome::Nolog, FormalStatus::Error),
        ];
        let refs: Vec<&ReproofRecord> = records.iter().collect();
        let a = Agreement::of(&refs);
        assert_eq!((a.total, a.compared, a.agree), (6, 3, 2));
        assert_eq!(a.disagreements, [1]);
        assert_eq!(a.count(ExternalClass::Error, FormalStatus::Pass), 1);
        assert_eq!(a.count(ExternalClass::None, FormalStatus::Error), 1);
        assert_eq!(
            a.rows(),
            [
                ExternalClass::Proven,
                ExternalClass::Cex,
                ExternalClass::Error,
                ExternalClass::None
            ]
        );
        assert_eq!(a.columns().len(), 5);
        assert_eq!(records[1].field("agree").as_deref(), Some("no"));
        assert_eq!(records[3].field("agree").as_deref(), Some("n/a"));
        assert_eq!(records[0].field("flipscope").as_deref(), Some("proven"));
        assert_eq!(records[4].field("jasper").as_deref(), Some("error"));
        assert!(a.by_cause.is_empty());
    }

    #[test]
    fn counts_differing_verdicts_by_cause_both_ways() {
        let mut records = [
            record(Some("proven"), RunOutcome::Ok, FormalStatus::Fail),
            record(Some("cex"), RunOutcome::Ok, FormalStatus::Pass),
            record(Some("cex"), RunOutcome::Ok, FormalStatus::Pass),
            record(Some("cex"), RunOutcome::Ok, FormalStatus::Pass),
        ];
        records[0].cause = Some(Cause::ClockAsData);
        records[1].cause = Some(Cause::BlackBoxedMultiplier);
        records[2].cause = Some(Cause::BlackBoxedMultiplier);
        records[3].cause = Some(Cause::BindNotTaken);
        records[3].external.bind_not_taken = true;
        let refs: Vec<&ReproofRecord> = records.iter().collect();
        let a = Agreement::of(&refs);
        assert_eq!(a.by_cause[&Cause::ClockAsData], (1, 0));
        assert_eq!(a.by_cause[&Cause::BlackBoxedMultiplier], (0, 2));
        assert_eq!(a.by_cause[&Cause::BindNotTaken], (0, 1));
        // The bind-not-taken one is not compared.
        assert_eq!(a.disagreements, [0, 1, 2]);
        assert_eq!(
            records[1].field("cause").as_deref(),
            Some("black-boxed-multiplier")
        );
    }
}
