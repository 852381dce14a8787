//! A JasperGold log turned into the generation's external run: its outcome, the
//! verdict of each `_assert_N` (with its precondition cover), and the statement it
//! names, the N-th `assert property` of the file the log says it analysed. Every
//! disagreement between the log and the files is a flaw, and a verdict whose statement
//! cannot be known for sure keeps no text.

use serde_json::{Map, Value, json};

use super::flaw::{Flaw, FlawKind};
use super::folder::{DesignFolder, RunLog};
use super::log::JasperLog;
use super::property_file::parse_property_file;
use crate::study::{ExternalRun, ExternalVerdict, RunOutcome};

/// The engine's name in studies.
pub const ENGINE: &str = "jaspergold";

/// How a log ended.
pub fn outcome(log: &JasperLog) -> RunOutcome {
    if log.bytes == 0 {
        RunOutcome::Nolog
    } else if log.internal_error.is_some() {
        RunOutcome::InternalError
    } else if log.results_line.is_some() {
        if log.assertion_rows().next().is_some() {
            RunOutcome::Ok
        } else {
            RunOutcome::Empty
        }
    } else if !log.errors.is_empty() {
        RunOutcome::Syntax
    } else {
        RunOutcome::Incomplete
    }
}

/// The first error of a stopped run, located: `property_X.sva:18: syntax error near
/// 'assert' (VERI-1137)`.
fn first_error(log: &JasperLog) -> Option<String> {
    let e = log
        .errors
        .iter()
        .find(|e| e.source.is_some())
        .or_else(|| log.errors.first())?;
    let code = e
        .code
        .as_deref()
        .map(|c| format!(" ({c})"))
        .unwrap_or_default();
    Some(match &e.source {
        Some((file, line)) => format!("{file}:{line}: {}{code}", e.message),
        None => format!("{}{code}", e.message),
    })
}

/// The external run of a log, and the flaws of the log against the folder.
pub fn external_run(folder: &DesignFolder, run_log: &RunLog) -> (ExternalRun, Vec<Flaw>) {
    let log = &run_log.log;
    let mut flaws = Vec::new();
    let outcome = outcome(log);
    let analysed = log.property_file().map(|(p, _)| p.to_string());
    let mut verdicts: Vec<ExternalVerdict> = Vec::new();
    for row in log.assertion_rows() {
        let Some(name) = row.parsed_name() else {
            continue;
        };
        let precondition = log
            .rows
            .iter()
            .find(|r| {
                r.parsed_name().is_some_and(|p| {
                    p.assertion == name.assertion
                        && p.precondition.is_some()
                        && p.scope == name.scope
                })
            })
            .map(|r| r.status.clone());
        verdicts.push(ExternalVerdict {
            assertion: name.assertion,
            name: row.name.clone(),
            status: row.status.clone(),
            precondition,
            text: None,
            line: None,
            extra: Map::new(),
        });
    }
    let at = run_log.path.as_str();
    match outcome {
        RunOutcome::Nolog => flaws.push(Flaw::new(
            FlawKind::EmptyLog,
            at,
            1,
            "the log is empty (0 bytes): nothing is known of this run",
        )),
        RunOutcome::Incomplete => {
            let undetermined = log
                .summary_assertions
                .as_ref()
                .and_then(|s| s.get("undetermined"))
                .copied()
                .unwrap_or(0);
            flaws.push(Flaw::new(
                FlawKind::IncompleteRun,
                at,
                log.bytes.min(1),
                format!(
                    "the run stopped before `report`: no RESULTS table{}",
                    if undetermined > 0 {
                        format!(" (its SUMMARY has {undetermined} undetermined)")
                    } else {
                        String::new()
                    }
                ),
            ));
        }
        RunOutcome::InternalError => {
            let (line, text) = log.internal_error.clone().unwrap_or_default();
            flaws.push(Flaw::new(FlawKind::InternalError, at, line, text));
        }
        _ => {}
    }
    let expected = run_log.run.property_file();
    if let Some((file, line)) = log.property_file()
        && file != expected
    {
        flaws.push(Flaw::new(
            FlawKind::AnalysedOtherFile,
            at,
            line,
            format!(
                "the run analysed {file}, not {expected} as its name says: its verdicts are those of {file}"
            ),
        ));
    }
    if let Some(row) = log
        .assertion_rows()
        .find(|r| r.parsed_name().is_some_and(|n| !n.scope.contains('.')))
    {
        flaws.push(Flaw::new(
            FlawKind::BindNotTaken,
            at,
            row.line,
            format!(
                "assertions are named {}: the bind did not take and JasperGold proved them on the property module's free inputs, not on the design",
                row.name
            ),
        ));
    }
    summary_check(log, at, &mut flaws);
    if let Some((file, line)) = log.property_file() {
        match folder.text(file) {
            None => flaws.push(Flaw::new(
                FlawKind::MissingPropertyFile,
                at,
                line,
                format!("the run analysed {file}, which is not in the folder: its verdicts keep no statement text"),
            )),
            Some(text) if !verdicts.is_empty() => {
                let parsed = parse_property_file(text);
                let numbers: Vec<usize> = verdicts.iter().map(|v| v.assertion).collect();
                let in_order = numbers.iter().enumerate().all(|(i, &n)| n == i + 1);
                if parsed.assertions.len() == verdicts.len() && in_order {
                    for (v, a) in verdicts.iter_mut().zip(&parsed.assertions) {
                        v.text = Some(parsed.proof_text(a));
                        v.line = Some(a.line);
                    }
                } else {
                    flaws.push(Flaw::new(
                        FlawKind::CountMismatch,
                        at,
                        log.results_line.unwrap_or(1),
                        format!(
                            "{file} has {} `assert property` statements but the log has {} `_assert_N` verdicts{}: the file in the folder is not the one that was run, so the verdicts keep no statement text",
                            parsed.assertions.len(),
                            verdicts.len(),
                            if in_order { "" } else { " (not numbered 1..n)" }
                        ),
                    ));
                }
            }
            Some(_) => {}
        }
    }
    let run = ExternalRun {
        engine: ENGINE.to_string(),
        version: log.version.clone(),
        outcome,
        log: Some(run_log.path.clone()),
        analysed,
        message: (outcome == RunOutcome::Syntax)
            .then(|| first_error(log))
            .flatten(),
        verdicts,
        extra: black_boxed(log),
    };
    (run, flaws)
}

/// The run's `black_boxed` field: the operators JasperGold replaced by free signals
/// (its warning WNL018), when there are any.
fn black_boxed(log: &JasperLog) -> Map<String, Value> {
    let mut extra = Map::new();
    if !log.black_boxed.is_empty() {
        extra.insert(BLACK_BOXED.to_string(), json!(log.black_boxed));
    }
    extra
}

/// The field of an external run listing what JasperGold black-boxed (WNL018).
pub const BLACK_BOXED: &str = "black_boxed";

/// The SUMMARY's assertion counts against the RESULTS rows.
fn summary_check(log: &JasperLog, at: &str, flaws: &mut Vec<Flaw>) {
    let (Some(summary), Some(line)) = (&log.summary_assertions, log.results_line) else {
        return;
    };
    for status in ["proven", "cex"] {
        let rows = log.assertion_rows().filter(|r| r.status == status).count() as u64;
        let said = summary.get(status).copied().unwrap_or(0);
        if rows != said {
            flaws.push(Flaw::new(
                FlawKind::SummaryMismatch,
                at,
                line,
                format!("the SUMMARY says {said} {status}, the RESULTS table has {rows}"),
            ));
        }
    }
}

/// Whether two runs give the same verdicts (assertion number and status, in order).
pub fn same_verdicts(a: &ExternalRun, b: &ExternalRun) -> bool {
    a.outcome == b.outcome
        && a.verdicts.len() == b.verdicts.len()
        && a.verdicts
            .iter()
            .zip(&b.verdicts)
            .all(|(x, y)| x.assertion == y.assertion && x.status == y.status)
}
