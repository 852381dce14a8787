//! A generation's verdicts from an engine outside flipscope, as a dataset committed
//! them (AssertionBench's JasperGold logs): how the run ended and, per assertion of
//! the property file it analysed, the engine's status. `generations.jsonl` carries it
//! in the optional `external` member.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How an external run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunOutcome {
    /// The run printed its verdicts, at least one assertion.
    Ok,
    /// Analysis or elaboration stopped on an error in the files (the whole file fails).
    Syntax,
    /// The run printed its table, without a single assertion (the file has none).
    Empty,
    /// The run was stopped before it printed its verdicts.
    Incomplete,
    /// No log, or a 0-byte log: nothing is known of the run.
    Nolog,
    /// The engine stopped on an internal error of its own.
    InternalError,
}

impl RunOutcome {
    pub const ALL: [RunOutcome; 6] = [
        RunOutcome::Ok,
        RunOutcome::Syntax,
        RunOutcome::Empty,
        RunOutcome::Incomplete,
        RunOutcome::Nolog,
        RunOutcome::InternalError,
    ];

    /// The name used in files: `ok`, `syntax`, `empty`, `incomplete`, `nolog`,
    /// `internal-error`.
    pub fn as_str(self) -> &'static str {
        match self {
            RunOutcome::Ok => "ok",
            RunOutcome::Syntax => "syntax",
            RunOutcome::Empty => "empty",
            RunOutcome::Incomplete => "incomplete",
            RunOutcome::Nolog => "nolog",
            RunOutcome::InternalError => "internal-error",
        }
    }

    /// Whether the run gives the benchmark's figures: verdicts (`ok`) or a whole-file
    /// failure (`syntax`, `empty`). The others say nothing about the generation.
    pub fn has_verdict(self) -> bool {
        matches!(
            self,
            RunOutcome::Ok | RunOutcome::Syntax | RunOutcome::Empty
        )
    }

    /// Whether the whole file failed (the benchmark's E = 1).
    pub fn is_error(self) -> bool {
        matches!(self, RunOutcome::Syntax | RunOutcome::Empty)
    }
}

/// One external run of a generation's properties.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExternalRun {
    /// The engine, e.g. `jaspergold`.
    pub engine: String,
    /// Its version as the log prints it, e.g. `2024.03 FCS 64 bits`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// How the run ended.
    pub outcome: RunOutcome,
    /// The log the verdicts were read from, relative to the dataset's folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
    /// The property file the run analysed (by the log's own word), which may differ
    /// from the generation's own file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysed: Option<String>,
    /// Why a run stopped: its first error, located in the file it names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// One verdict per assertion, in the analysed file's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verdicts: Vec<ExternalVerdict>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The external engine's verdict on one assertion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExternalVerdict {
    /// `N`: the N-th `assert property` statement of the analysed file (1-based).
    pub assertion: usize,
    /// The property's name as the engine printed it
    /// (`fht_bfly.v_fht_bfly._assert_2`).
    pub name: String,
    /// The engine's status: for JasperGold assertions `proven` or `cex` (also
    /// `undetermined`, `unknown`, `error`, `bounded_proven`, ... in other runs).
    pub status: String,
    /// The status of the antecedent's cover (`covered`, `unreachable`), when the
    /// engine checked one; `unreachable` makes a proof vacuous.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precondition: Option<String>,
    /// The assertion's text (with the declaration of the property it names), when the
    /// analysed file is known and agrees with the log on the number of assertions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The statement's 1-based line in the analysed file, with `text`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl ExternalRun {
    /// The number of assertions with this status.
    pub fn count(&self, status: &str) -> usize {
        self.verdicts.iter().filter(|v| v.status == status).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    #[test]
    fn reads_a_run_and_rejects_unknown_outcomes() {
        let line = r#"{"engine": "jaspergold", "outcome": "ok", "verdicts": [{"assertion": 1, "name": "t.v_t._assert_1", "status": "cex", "precondition": "covered"}], "seed": 3}"#;
        let (_, run): (usize, ExternalRun) = parse_line("g.jsonl", 1, line).unwrap();
        assert_eq!(run.outcome, RunOutcome::Ok);
        assert_eq!(run.count("cex"), 1);
        assert_eq!(run.extra["seed"], 3);
        let bad = line.replace("\"ok\"", "\"fine\"");
        let e = parse_line::<ExternalRun>("g.jsonl", 1, &bad).unwrap_err();
        assert!(e.message.contains("unknown variant `fine`"), "{e}");
        for o in RunOutcome::ALL {
            let text = serde_json::to_string(&o).unwrap();
            assert_eq!(text, format!("\"{}\"", o.as_str()));
        }
    }
}
