//! The P/C/E report in every output format: per design (one row per cell, the CSV
//! columns `design,model,shots,assertions,proven,cex,P,C,E`) or per model and shots
//! (means with intervals), with the provenance as in the pair metrics.

use serde_json::{Value, json};

use super::summary::{Estimate, GroupSummary};
use super::tally::RunTally;
use crate::stats::export::Format;
use crate::stats::export::table::{Cell, Column, Kind, Table};
use crate::stats::interval::BootstrapConfig;
use crate::stats::report::InputFile;

/// Which table a render shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    /// One row per (design, model, shots) cell.
    Design,
    /// One row per (model, shots): means over designs with intervals.
    Model,
}

/// Everything a render needs.
#[derive(Debug, Clone, PartialEq)]
pub struct PceReport {
    /// Whose verdicts: `jaspergold` or `flipscope`.
    pub engine: String,
    /// The counted cells that match the filter, in study order.
    pub cells: Vec<RunTally>,
    /// Cells that match the filter but have no verdict (incomplete, no log, internal
    /// error): left out of the figures, listed.
    pub left_out: Vec<RunTally>,
    pub groups: Vec<GroupSummary>,
    pub filter: String,
    pub bootstrap: BootstrapConfig,
    pub inputs: Vec<InputFile>,
    pub version: String,
}

const fn col(title: &'static str, key: &'static str, kind: Kind, interval: bool) -> Column {
    Column {
        title,
        key,
        kind,
        interval,
    }
}

fn design_table(report: &PceReport) -> Table {
    let columns = vec![
        col("Design", "design", Kind::Text, false),
        col("Model", "model", Kind::Text, false),
        col("Shots", "shots", Kind::Text, false),
        col("Outcome", "outcome", Kind::Text, false),
        col("Assertions", "assertions", Kind::Count, false),
        col("Proven", "proven", Kind::Count, false),
        col("Cex", "cex", Kind::Count, false),
        col("P", "P", Kind::Percent, false),
        col("C", "C", Kind::Percent, false),
        col("E", "E", Kind::Count, false),
    ];
    let ratio = |v: f64| Cell::Ratio {
        value: Some(v),
        interval: None,
    };
    let rows = report
        .cells
        .iter()
        .map(|t| {
            vec![
                Cell::Text(t.design.clone()),
                Cell::Text(t.model.clone()),
                Cell::Text(shots(t.shots)),
                Cell::Text(t.outcome.as_str().to_string()),
                Cell::Count(t.assertions),
                Cell::Count(t.proven),
                Cell::Count(t.cex),
                ratio(t.p()),
                ratio(t.c()),
                Cell::Count(t.e() as u64),
            ]
        })
        .collect();
    Table { columns, rows }
}

fn model_table(report: &PceReport) -> Table {
    let columns = vec![
        col("Model", "model", Kind::Text, false),
        col("Shots", "shots", Kind::Text, false),
        col("Designs", "designs", Kind::Count, false),
        col("Assertions", "assertions", Kind::Count, false),
        col("Proven", "proven", Kind::Count, false),
        col("Cex", "cex", Kind::Count, false),
        col("Errors", "errors", Kind::Count, false),
        col("P", "P", Kind::Percent, true),
        col("C", "C", Kind::Percent, true),
        col("E", "E", Kind::Percent, true),
    ];
    let ratio = |e: Estimate| Cell::Ratio {
        value: Some(e.value),
        interval: e.interval,
    };
    let rows = report
        .groups
        .iter()
        .map(|g| {
            vec![
                Cell::Text(g.model.clone()),
                Cell::Text(shots(g.shots)),
                Cell::Count(g.designs as u64),
                Cell::Count(g.assertions),
                Cell::Count(g.proven),
                Cell::Count(g.cex),
                Cell::Count(g.errors),
                ratio(g.p),
                ratio(g.c),
                ratio(g.e),
            ]
        })
        .collect();
    Table { columns, rows }
}

fn shots(s: Option<u32>) -> String {
    s.map(|k| k.to_string()).unwrap_or_default()
}

/// The provenance lines shared by every format.
fn provenance(report: &PceReport) -> Vec<(String, String)> {
    let b = &report.bootstrap;
    let mut lines = vec![
        ("verdicts".to_string(), report.engine.clone()),
        (
            "filter".to_string(),
            if report.filter.trim().is_empty() {
                "(none)".to_string()
            } else {
                report.filter.clone()
            },
        ),
        (
            "bootstrap".to_string(),
            format!(
                "{} replicates resampling designs{}, seed {}, percentile {:.0}% intervals",
                b.replicates,
                if b.stratified { " within groups" } else { "" },
                b.seed,
                b.level * 100.0
            ),
        ),
        (
            "cells".to_string(),
            format!(
                "{} with verdicts, {} left out without one",
                report.cells.len(),
                report.left_out.len()
            ),
        ),
        ("flipscope".to_string(), report.version.clone()),
    ];
    for f in &report.inputs {
        lines.push((
            "input".to_string(),
            format!("{} sha256:{}", f.path, f.sha256),
        ));
    }
    lines
}

/// Renders the report.
pub fn render(report: &PceReport, format: Format, per: Per) -> String {
    let table = match per {
        Per::Design => design_table(report),
        Per::Model => model_table(report),
    };
    match format {
        Format::Table => {
            let mut out = crate::stats::export::text::aligned(&table);
            if table.rows.is_empty() {
                out.push_str("(no run matches the filter)\n");
            }
            out.push('\n');
            for (label, value) in provenance(report) {
                out.push_str(&format!("{label}: {value}\n"));
            }
            out
        }
        Format::Csv => csv(report, per),
        Format::Json => json(report),
        Format::Markdown => markdown(report, &table),
        Format::Latex => latex(report, &table),
    }
}

/// The provenance of a CSV table, one `label: value` line each: written beside the
/// table (`--provenance FILE`, or standard error), never into it.
pub fn csv_provenance(report: &PceReport) -> String {
    provenance(report)
        .into_iter()
        .map(|(label, value)| format!("{label}: {}\n", value.replace('\n', " ")))
        .collect()
}

/// Plain CSV: a header row, then one row per cell or group (no comment lines, so
/// `pandas.read_csv` and `csv.DictReader` read it as it is).
fn csv(report: &PceReport, per: Per) -> String {
    use crate::stats::export::csv::{number, quote};
    let mut out = String::new();
    match per {
        Per::Design => {
            out.push_str("design,top,model,shots,assertions,proven,cex,P,C,E\n");
            for t in &report.cells {
                out.push_str(&format!(
                    "{},{},{},{},{},{},{},{},{},{}\n",
                    quote(&t.design),
                    quote(&t.top),
                    quote(&t.model),
                    shots(t.shots),
                    t.assertions,
                    t.proven,
                    t.cex,
                    t.p(),
                    t.c(),
                    t.e() as u64
                ));
            }
        }
        Per::Model => {
            out.push_str("model,shots,designs,assertions,proven,cex,errors,P,P_lo,P_hi,C,C_lo,C_hi,E,E_lo,E_hi\n");
            for g in &report.groups {
                let est = |e: Estimate| {
                    format!(
                        "{},{},{}",
                        e.value,
                        number(e.interval.map(|i| i.lo)),
                        number(e.interval.map(|i| i.hi))
                    )
                };
                out.push_str(&format!(
                    "{},{},{},{},{},{},{},{},{},{}\n",
                    quote(&g.model),
                    shots(g.shots),
                    g.designs,
                    g.assertions,
                    g.proven,
                    g.cex,
                    g.errors,
                    est(g.p),
                    est(g.c),
                    est(g.e)
                ));
            }
        }
    }
    out
}

fn json(report: &PceReport) -> String {
    let est = |e: Estimate| json!({"value": e.value, "lo": e.interval.map(|i| i.lo), "hi": e.interval.map(|i| i.hi)});
    let cell = |t: &RunTally| {
        json!({"design": t.design, "top": t.top, "group": t.group, "model": t.model, "shots": t.shots,
               "outcome": t.outcome.as_str(), "assertions": t.assertions, "proven": t.proven,
               "cex": t.cex, "P": t.p(), "C": t.c(), "E": t.e() as u64})
    };
    let groups: Vec<Value> = report
        .groups
        .iter()
        .map(|g| {
            json!({"model": g.model, "shots": g.shots, "designs": g.designs, "cells": g.cells,
                   "assertions": g.assertions, "proven": g.proven, "cex": g.cex, "errors": g.errors,
                   "P": est(g.p), "C": est(g.c), "E": est(g.e)})
        })
        .collect();
    let left_out: Vec<Value> = report
        .left_out
        .iter()
        .map(|t| json!({"design": t.design, "model": t.model, "shots": t.shots, "outcome": t.outcome.as_str()}))
        .collect();
    let b = &report.bootstrap;
    let value = json!({
        "verdicts": report.engine,
        "per_model": groups,
        "per_design": report.cells.iter().map(cell).collect::<Vec<_>>(),
        "left_out": left_out,
        "provenance": {
            "filter": report.filter,
            "bootstrap": {"replicates": b.replicates, "seed": b.seed, "stratified": b.stratified,
                          "method": "percentile", "level": b.level, "clusters": "designs"},
            "flipscope": report.version,
            "inputs": report.inputs.iter().map(|f| json!({"path": f.path, "sha256": f.sha256})).collect::<Vec<_>>(),
        }
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

fn markdown(report: &PceReport, table: &Table) -> String {
    use crate::stats::export::markdown::{pipe_table, provenance_list};
    let mut out = pipe_table(table);
    out.push('\n');
    out.push_str(&provenance_list(&provenance(report)));
    out
}

fn latex(report: &PceReport, table: &Table) -> String {
    use crate::stats::export::latex::{provenance_comments, tabular};
    let mut out = provenance_comments(&provenance(report));
    out.push_str(&tabular(table));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::pce::summary::summarise;
    use crate::study::RunOutcome;

    fn report() -> PceReport {
        let cells = vec![
            RunTally {
                design: "fht_bfly".into(),
                top: "fht_bfly".into(),
                group: "g".into(),
                model: "codellama2-70b".into(),
                shots: Some(1),
                outcome: RunOutcome::Ok,
                assertions: 2,
                proven: 0,
                cex: 2,
            },
            RunTally {
                design: "a,b".into(),
                top: "AB".into(),
                group: "g".into(),
                model: "codellama2-70b".into(),
                shots: Some(1),
                outcome: RunOutcome::Syntax,
                assertions: 0,
                proven: 0,
                cex: 0,
            },
        ];
        let bootstrap = BootstrapConfig {
            replicates: 200,
            ..BootstrapConfig::default()
        };
        let refs: Vec<&RunTally> = cells.iter().collect();
        PceReport {
            engine: "jaspergold".into(),
            groups: summarise(&refs, &bootstrap),
            cells,
            left_out: Vec::new(),
            filter: String::new(),
            bootstrap,
            inputs: Vec::new(),
            version: "0.1.0".into(),
        }
    }

    #[test]
    fn csv_per_design_has_the_benchmarks_columns() {
        let text = render(&report(), Format::Csv, Per::Design);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(
            rows,
            [
                "design,top,model,shots,assertions,proven,cex,P,C,E",
                "fht_bfly,fht_bfly,codellama2-70b,1,2,0,2,0,1,0",
                "\"a,b\",AB,codellama2-70b,1,0,0,0,0,0,1",
            ]
        );
        assert!(csv_provenance(&report()).contains("verdicts: jaspergold"));
        let model = render(&report(), Format::Csv, Per::Model);
        assert!(model.contains("\ncodellama2-70b,1,2,2,0,2,1,0,"), "{model}");
    }

    #[test]
    fn every_format_renders_both_tables() {
        for format in Format::ALL {
            for per in [Per::Design, Per::Model] {
                let text = render(&report(), format, per);
                assert!(
                    text.contains("codellama2-70b"),
                    "{format:?} {per:?}: {text}"
                );
            }
        }
        let table = render(&report(), Format::Table, Per::Model);
        assert!(table.contains("50.0% [0.0, 100.0]"), "{table}");
        let json: Value =
            serde_json::from_str(&render(&report(), Format::Json, Per::Model)).unwrap();
        assert_eq!(json["per_model"][0]["E"]["value"], 0.5);
        assert_eq!(json["per_design"][0]["C"], 1.0);
    }
}
