//! An assertion as the listings and the TUI show it: the unit (design, model, shots, N,
//! text, external verdict) with flipscope's record when the study has been re-proven,
//! filterable by `design`, `group`, `model`, `shots`, `assertion`, `jasper`,
//! `flipscope`, `agree`, `outcome`, `vacuous`, `id` and `cause` (of differing
//! verdicts).

use std::borrow::Cow;
use std::collections::HashMap;

use super::agreement::{agreement_word, flipscope_word};
use super::record::ReproofRecord;
use super::unit::AssertionUnit;
use crate::stats::filter::FieldRow;

/// One assertion with both verdicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssertionView {
    pub unit: AssertionUnit,
    /// flipscope's record, when re-proven.
    pub record: Option<ReproofRecord>,
}

impl AssertionView {
    /// flipscope's status in the agreement table's words, or `not-run`.
    pub fn flipscope(&self) -> &str {
        self.record
            .as_ref()
            .map_or("not-run", |r| flipscope_word(r.status))
    }

    /// `yes`, `no` or `n/a`.
    pub fn agree(&self) -> &str {
        self.record.as_ref().map_or("n/a", agreement_word)
    }
}

/// The units joined with the records of the same id (records of other ids are
/// ignored: the study changed since).
pub fn join(units: Vec<AssertionUnit>, records: Vec<ReproofRecord>) -> Vec<AssertionView> {
    let mut by_id: HashMap<String, ReproofRecord> =
        records.into_iter().map(|r| (r.id.clone(), r)).collect();
    units
        .into_iter()
        .map(|unit| {
            let record = by_id.remove(&unit.id);
            AssertionView { unit, record }
        })
        .collect()
}

impl FieldRow for AssertionView {
    const KEYS: &'static [&'static str] = &[
        "design",
        "group",
        "model",
        "shots",
        "assertion",
        "jasper",
        "flipscope",
        "agree",
        "outcome",
        "vacuous",
        "id",
        "cause",
    ];

    fn field(&self, key: &str) -> Option<Cow<'_, str>> {
        match key {
            "cause" => self
                .record
                .as_ref()
                .and_then(|r| r.cause)
                .map(|c| Cow::Borrowed(c.as_str())),
            "flipscope" => Some(Cow::Borrowed(self.flipscope())),
            "agree" => Some(Cow::Borrowed(self.agree())),
            "vacuous" => self
                .record
                .as_ref()
                .and_then(|r| r.vacuous)
                .map(|v| Cow::Borrowed(if v { "yes" } else { "no" })),
            other => self.unit.field(other),
        }
    }
}
