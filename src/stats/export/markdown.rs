//! Markdown: a pipe table (numbers right-aligned) followed by the provenance as a list.

use super::table::{Table, metrics_table, provenance_lines};
use crate::stats::report::MetricsReport;

/// Renders the report as GitHub-flavoured Markdown.
pub fn render(report: &MetricsReport) -> String {
    let mut out = pipe_table(&metrics_table(report));
    if report.conditions.is_empty() {
        out.push_str("\n*No pairs match the filter.*\n");
    }
    out.push('\n');
    out.push_str(&provenance_list(&provenance_lines(report)));
    out
}

/// Provenance `(label, value)` lines as a list, each value as inline code.
pub fn provenance_list(lines: &[(String, String)]) -> String {
    lines
        .iter()
        .map(|(label, value)| format!("- {label}: {}\n", code(value)))
        .collect()
}

/// Any table as a pipe table (numbers right-aligned).
pub fn pipe_table(table: &Table) -> String {
    let mut out = String::new();
    let titles: Vec<String> = table.columns.iter().map(|c| escape(c.title)).collect();
    out.push_str(&format!("| {} |\n", titles.join(" | ")));
    let rules: Vec<&str> = table
        .columns
        .iter()
        .map(|c| if c.numeric() { "---:" } else { "---" })
        .collect();
    out.push_str(&format!("|{}|\n", rules.join("|")));
    for row in &table.rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&table.columns)
            .map(|(cell, col)| escape(&cell.human(col.kind)))
            .collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// Escapes what would break a table cell or start Markdown markup.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // Brackets stay: an interval `[lo, hi]` is no link without a definition.
        if matches!(c, '|' | '\\' | '*' | '_' | '`' | '<' | '>') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Provenance values (filters, paths, hashes) as inline code, so nothing in them is
/// read as markup.
fn code(text: &str) -> String {
    let fence = if text.contains('`') { "``" } else { "`" };
    format!("{fence}{text}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_table_breakers() {
        assert_eq!(escape("a|b_c"), "a\\|b\\_c");
        assert_eq!(escape("19.5% [13.0, 26.8]"), "19.5% [13.0, 26.8]");
        assert_eq!(code("model=q*"), "`model=q*`");
    }
}
