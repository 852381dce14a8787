//! CSV: one row per condition with full-precision fractions (not percents), each
//! interval as two columns `KEY_lo` and `KEY_hi`, and the count of left-out
//! replicates. The CSV is plain (a header row, then data rows, as `csv.DictReader` and
//! `pandas.read_csv` read it): its provenance is a text of its own ([`provenance`]),
//! which the command writes to `--provenance FILE` or standard error.

use super::table::{Cell, metrics_table, provenance_lines};
use crate::stats::report::MetricsReport;

/// The provenance of a CSV table: one `label: value` line each.
pub fn provenance(report: &MetricsReport) -> String {
    provenance_lines(report)
        .into_iter()
        .map(|(label, value)| format!("{label}: {}\n", value.replace('\n', " ")))
        .collect()
}

/// Renders the report as CSV (RFC 4180 quoting), without its provenance.
pub fn render(report: &MetricsReport) -> String {
    let mut out = String::new();
    let table = metrics_table(report);
    let mut header = Vec::new();
    for col in &table.columns {
        header.push(col.key.to_string());
        if col.interval {
            header.push(format!("{}_lo", col.key));
            header.push(format!("{}_hi", col.key));
        }
    }
    header.push("replicates_left_out".to_string());
    out.push_str(&header.join(","));
    out.push('\n');
    for (row, c) in table.rows.iter().zip(&report.conditions) {
        let mut fields = Vec::new();
        for (cell, col) in row.iter().zip(&table.columns) {
            match cell {
                Cell::Text(t) => fields.push(quote(t)),
                Cell::Count(n) => fields.push(n.to_string()),
                Cell::PValue(p) => fields.push(number(Some(*p))),
                Cell::Ratio { value, interval } => {
                    fields.push(number(*value));
                    if col.interval {
                        fields.push(number(interval.map(|i| i.lo)));
                        fields.push(number(interval.map(|i| i.hi)));
                    }
                }
            }
        }
        fields.push(c.intervals.left_out.to_string());
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// A number in its shortest exact form; empty when undefined.
pub(crate) fn number(v: Option<f64>) -> String {
    v.map_or_else(String::new, |v| v.to_string())
}

pub(crate) fn quote(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) || text.starts_with('#') {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(quote("qwen"), "qwen");
        assert_eq!(quote("a,b"), "\"a,b\"");
        assert_eq!(quote("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(number(None), "");
        assert_eq!(number(Some(0.5)), "0.5");
    }
}
