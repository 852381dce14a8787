//! The default output: an aligned plain-text table followed by the provenance.

use super::table::{Table, metrics_table, provenance_lines};
use crate::stats::report::MetricsReport;

/// Renders the report as an aligned table.
pub fn render(report: &MetricsReport) -> String {
    let mut out = aligned(&metrics_table(report));
    if report.conditions.is_empty() {
        out.push_str("(no pairs match the filter)\n");
    }
    out.push('\n');
    for (label, value) in provenance_lines(report) {
        out.push_str(&format!("{label}: {value}\n"));
    }
    out
}

/// Any table as aligned text: text left-aligned, numbers right-aligned, two spaces
/// between columns, a rule under the header.
pub fn aligned(table: &Table) -> String {
    let cells: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .zip(&table.columns)
                .map(|(c, col)| c.human(col.kind))
                .collect()
        })
        .collect();
    let width = |i: usize| {
        let title = table.columns[i].title.chars().count();
        cells
            .iter()
            .map(|r| r[i].chars().count())
            .fold(title, usize::max)
    };
    let widths: Vec<usize> = (0..table.columns.len()).map(width).collect();
    let line = |texts: Vec<&str>| {
        let parts: Vec<String> = texts
            .iter()
            .zip(&table.columns)
            .zip(&widths)
            .map(|((t, col), &w)| {
                if col.numeric() {
                    format!("{t:>w$}")
                } else {
                    format!("{t:<w$}")
                }
            })
            .collect();
        format!("{}\n", parts.join("  ").trim_end())
    };
    let mut out = line(table.columns.iter().map(|c| c.title).collect());
    let rules: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    out.push_str(&line(rules.iter().map(String::as_str).collect()));
    for row in &cells {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}
