//! The metrics table as data: columns and typed cells, built once from a report and
//! drawn by every renderer (and later by the TUI's generic table).

use super::format;
use crate::stats::counts::Metric;
use crate::stats::interval::Interval;
use crate::stats::report::{ConditionReport, MetricsReport};

/// What a column holds, which decides alignment and formatting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Count,
    /// A fraction shown as a percent.
    Percent,
    /// A signed fraction shown in percentage points.
    Points,
    PValue,
}

/// One column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// Heading for people.
    pub title: &'static str,
    /// Machine name (CSV header, JSON key).
    pub key: &'static str,
    pub kind: Kind,
    /// Whether cells carry a 95% interval (CSV adds `KEY_lo` and `KEY_hi`).
    pub interval: bool,
}

impl Column {
    /// Numbers are right-aligned.
    pub fn numeric(&self) -> bool {
        self.kind != Kind::Text
    }
}

/// One cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Count(u64),
    /// A fraction (percent or points, per the column), undefined when `None`.
    Ratio {
        value: Option<f64>,
        interval: Option<Interval>,
    },
    PValue(f64),
}

impl Cell {
    /// The cell as people read it (percent with one decimal, interval in brackets).
    pub fn human(&self, kind: Kind) -> String {
        match self {
            // Study text (a model's or a condition's name) never reaches a terminal raw.
            Cell::Text(t) => crate::printable::escape(t).into_owned(),
            Cell::Count(n) => n.to_string(),
            Cell::PValue(p) => format::p_value(*p),
            Cell::Ratio { value, interval } => {
                let (v, i): (String, Option<String>) = if kind == Kind::Points {
                    (
                        format::points(*value),
                        interval.map(format::points_interval),
                    )
                } else {
                    (
                        format::percent(*value),
                        interval.map(format::percent_interval),
                    )
                };
                match (value, i) {
                    (Some(_), Some(i)) => format!("{v} {i}"),
                    _ => v,
                }
            }
        }
    }
}

/// A table: columns and rows of cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
}

const fn col(title: &'static str, key: &'static str, kind: Kind, interval: bool) -> Column {
    Column {
        title,
        key,
        kind,
        interval,
    }
}

/// The columns of the metrics table.
pub const METRICS_COLUMNS: [Column; 16] = [
    col("Model", "model", Kind::Text, false),
    col("Variant", "variant", Kind::Text, false),
    col("Programs", "programs", Kind::Count, false),
    col("N", "N", Kind::Count, false),
    col("B", "B", Kind::Count, false),
    col("T", "T", Kind::Count, false),
    col("R", "R", Kind::Count, false),
    col("L", "L", Kind::Count, false),
    col("G", "G", Kind::Count, false),
    col("Acc base", "acc_base", Kind::Percent, false),
    col("Acc trans", "acc_trans", Kind::Percent, false),
    col("Δ acc (pts)", "delta_acc", Kind::Points, true),
    col(
        "Cond. robustness",
        "conditional_robustness",
        Kind::Percent,
        true,
    ),
    col("Inv. failure", "invariance_failure", Kind::Percent, true),
    col("Flip rate", "flip_rate", Kind::Percent, true),
    col("McNemar p", "mcnemar_p", Kind::PValue, false),
];

/// The metrics table of a report, one row per condition.
pub fn metrics_table(report: &MetricsReport) -> Table {
    Table {
        columns: METRICS_COLUMNS.to_vec(),
        rows: report.conditions.iter().map(row).collect(),
    }
}

fn row(c: &ConditionReport) -> Vec<Cell> {
    let k = c.counts;
    let ratio = |m: Metric, with_interval: bool| Cell::Ratio {
        value: c.value(m),
        interval: if with_interval {
            c.intervals.get(m)
        } else {
            None
        },
    };
    vec![
        Cell::Text(c.model.clone()),
        Cell::Text(c.variant.clone()),
        Cell::Count(c.programs as u64),
        Cell::Count(k.n),
        Cell::Count(k.b),
        Cell::Count(k.t),
        Cell::Count(k.r),
        Cell::Count(k.l),
        Cell::Count(k.g),
        ratio(Metric::AccBase, false),
        ratio(Metric::AccTrans, false),
        ratio(Metric::DeltaAcc, true),
        ratio(Metric::ConditionalRobustness, true),
        ratio(Metric::InvarianceFailure, true),
        ratio(Metric::FlipRate, true),
        Cell::PValue(c.mcnemar_p),
    ]
}

/// Provenance as (label, value) lines, shared by the text, Markdown, LaTeX and CSV
/// renderers.
pub fn provenance_lines(report: &MetricsReport) -> Vec<(String, String)> {
    let p = &report.provenance;
    let b = &p.bootstrap;
    let mut lines = vec![
        (
            "filter".to_string(),
            if p.filter.trim().is_empty() {
                "(none)".to_string()
            } else {
                p.filter.clone()
            },
        ),
        (
            "oracle".to_string(),
            p.oracle
                .clone()
                .unwrap_or_else(|| "(not recorded in the pairs)".to_string()),
        ),
        (
            "bootstrap".to_string(),
            format!(
                "{} replicates resampling programs{}, seed {}, {} {:.0}% intervals",
                b.replicates,
                if b.stratified { " within strata" } else { "" },
                b.seed,
                b.method.as_str(),
                b.level * 100.0
            ),
        ),
        (
            "pairs".to_string(),
            format!(
                "{} read, {} matched the filter",
                p.pairs_read, p.pairs_matched
            ),
        ),
        ("flipscope".to_string(), p.version.clone()),
    ];
    for f in &p.inputs {
        lines.push((
            "input".to_string(),
            format!("{} sha256:{}", f.path, f.sha256),
        ));
    }
    for c in &report.conditions {
        if c.intervals.left_out > 0 {
            lines.push((
                "left out".to_string(),
                format!(
                    "{} {}: {} of {} replicates have B = 0 and are left out of the R/B and L/B intervals",
                    c.model, c.variant, c.intervals.left_out, b.replicates
                ),
            ));
        }
    }
    lines
}
