//! Renderers of a [`MetricsReport`]: an aligned text table, JSON, CSV, Markdown and
//! LaTeX. All but CSV carry the provenance (CSV's is [`csv::provenance`]). The TUI can reuse [`table::metrics_table`] and the
//! renderers to export what is on screen.

pub mod csv;
pub mod format;
pub mod json;
pub mod latex;
pub mod markdown;
pub mod table;
pub mod text;

use super::report::MetricsReport;

/// An output format of `flipscope metrics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Table,
    Json,
    Csv,
    Markdown,
    Latex,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Table,
        Format::Json,
        Format::Csv,
        Format::Markdown,
        Format::Latex,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Markdown => "markdown",
            Format::Latex => "latex",
        }
    }
}

/// Renders the report; the text ends with a newline.
pub fn render(report: &MetricsReport, format: Format) -> String {
    match format {
        Format::Table => text::render(report),
        Format::Json => json::render(report),
        Format::Csv => csv::render(report),
        Format::Markdown => markdown::render(report),
        Format::Latex => latex::render(report),
    }
}

#[cfg(test)]
mod tests;
