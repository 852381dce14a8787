//! `reproof.jsonl`: one line per re-proven assertion, written into the study folder by
//! `flipscope reprove`: the assertion (design, model, shots, N, the text proven),
//! flipscope's status with its reason and counterexample, and the external engine's
//! verdict it is compared with.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::engine::Trace;
use crate::study::FormalStatus;
use crate::study::jsonl::JsonlReader;
use crate::study::{LocatedError, RunOutcome};

/// The file name of the records in a study folder (not read as a study file).
pub const REPROOF_FILE: &str = "reproof.jsonl";

/// The external side of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExternalSide {
    /// `jaspergold`.
    pub engine: String,
    /// Its status of this assertion (`proven`, `cex`), when its run gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The antecedent cover's status (`covered`, `unreachable`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precondition: Option<String>,
    /// How its run ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<RunOutcome>,
    /// Why the external verdict is missing or to be read with care.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The bind did not take (the import's `bind-not-taken` warning: the assertion is
    /// named `i_<top>._assert_N`): the engine proved it on the property module's free
    /// inputs, not on the design, so its verdict is not compared.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bind_not_taken: bool,
}

/// One re-proven assertion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReproofRecord {
    /// `design/model/k-shot/#N`.
    pub id: String,
    pub program: String,
    pub model: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shots: Option<u32>,
    /// `N`, the statement's place in `file`.
    pub assertion: usize,
    /// The property file the statement comes from.
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The text proven, in the top module's scope.
    pub property: String,
    pub status: FormalStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacuous: Option<bool>,
    #[serde(default)]
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Trace>,
    pub external: ExternalSide,
    /// The engine that proved it (name and versions).
    pub engine: String,
    /// Why the verdicts differ, when they do (a proof against a counterexample; also
    /// for a bind that did not take, which is not compared): `reprove`'s cause
    /// classifier, docs/assertionbench.md.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<super::cause_kind::Cause>,
}

/// Writes the records, one per line, atomically.
pub fn write_records(path: &Path, records: &[ReproofRecord]) -> std::io::Result<()> {
    let mut text = String::new();
    for r in records {
        text.push_str(&serde_json::to_string(r).map_err(std::io::Error::other)?);
        text.push('\n');
    }
    crate::study::store::file::replace_atomically(path, text)
}

/// Reads a records file; every bad line is reported, located.
pub fn read_records(path: &Path) -> Result<Vec<ReproofRecord>, Vec<LocatedError>> {
    let mut reader = JsonlReader::open(path).map_err(|e| vec![e])?;
    let mut out = Vec::new();
    let mut errors = Vec::new();
    while let Some(record) = reader.next_record::<ReproofRecord>() {
        match record {
            Ok((_, r)) => out.push(r),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproof::engine::{SignalRole, TraceSignal};

    #[test]
    fn records_round_trip_and_bad_lines_are_located() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(REPROOF_FILE);
        let record = ReproofRecord {
            id: "d/m/1-shot/#1".into(),
            program: "d".into(),
            model: "m".into(),
            shots: Some(1),
            assertion: 1,
            file: "property_m_1shot.sva".into(),
            line: Some(3),
            property: "assert property(@(posedge clk) a);".into(),
            status: FormalStatus::Fail,
            vacuous: None,
            reason: "fails at cycle 1".into(),
            counterexample: Some(Trace {
                fail_cycle: 1,
                signals: vec![TraceSignal {
                    name: "a".into(),
                    role: SignalRole::Input,
                    width: 1,
                    values: vec!["1".into(), "0".into()],
                }],
            }),
            external: ExternalSide {
                engine: "jaspergold".into(),
                status: Some("cex".into()),
                precondition: None,
                outcome: Some(RunOutcome::Ok),
                note: None,
                bind_not_taken: false,
            },
            engine: "test".into(),
            cause: None,
        };
        write_records(&path, std::slice::from_ref(&record)).unwrap();
        assert_eq!(read_records(&path).unwrap(), [record]);
        std::fs::write(&path, "{\"id\": 3}\n").unwrap();
        let e = read_records(&path).unwrap_err();
        assert_eq!(e[0].location.line, 1);
    }
}
