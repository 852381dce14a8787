//! LaTeX: a booktabs `tabular` ready to `\input`, with the provenance as `%` comments.

use super::table::{Table, metrics_table, provenance_lines};
use crate::stats::report::MetricsReport;

/// Renders the report as a LaTeX table (needs `\usepackage{booktabs}`).
pub fn render(report: &MetricsReport) -> String {
    let mut out = provenance_comments(&provenance_lines(report));
    out.push_str(&tabular(&metrics_table(report)));
    out
}

/// Provenance `(label, value)` lines as `%` comments, one line each.
pub fn provenance_comments(lines: &[(String, String)]) -> String {
    lines
        .iter()
        .map(|(label, value)| format!("% {label}: {}\n", value.replace('\n', " ")))
        .collect()
}

/// Any table as a booktabs `tabular`.
pub fn tabular(table: &Table) -> String {
    let mut out = String::new();
    let spec: String = table
        .columns
        .iter()
        .map(|c| if c.numeric() { 'r' } else { 'l' })
        .collect();
    out.push_str(&format!("\\begin{{tabular}}{{{spec}}}\n\\toprule\n"));
    let titles: Vec<String> = table.columns.iter().map(|c| escape(c.title)).collect();
    out.push_str(&format!("{} \\\\\n\\midrule\n", titles.join(" & ")));
    for row in &table.rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&table.columns)
            .map(|(cell, col)| escape(&cell.human(col.kind)))
            .collect();
        out.push_str(&format!("{} \\\\\n", cells.join(" & ")));
    }
    out.push_str("\\bottomrule\n\\end{tabular}\n");
    out
}

/// Escapes LaTeX's special characters; `Δ` becomes `$\Delta$`.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            'Δ' => out.push_str("$\\Delta$"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_specials() {
        assert_eq!(escape("53.9%"), "53.9\\%");
        assert_eq!(escape("qwen_2 & co"), "qwen\\_2 \\& co");
        assert_eq!(escape("Δ acc"), "$\\Delta$ acc");
        assert_eq!(escape("a\\b~"), "a\\textbackslash{}b\\textasciitilde{}");
    }
}
