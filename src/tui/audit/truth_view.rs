//! The truth-table pane: a legend (each atom's short label and the atom in full, as
//! written; each expression column's label, what it is and its text), wrapped to the
//! pane, then the generic table with one row per assignment of the atoms, rows where
//! the expressions disagree first and marked. The legend and the rows scroll as one
//! text: the legend first, then the rows under the table's heading.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph};

use crate::tui::audit::AuditState;
use crate::tui::audit::truth::{TruthRow, TruthView};
use crate::tui::shell::Shell;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::table::{DataTable, TableRow};
use crate::tui::widgets::wrap::wrap_line;

struct TruthRowView<'a>(&'a TruthRow);

impl TableRow for TruthRowView<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let bit = |v: bool| {
            Cell::from(if v { "1" } else { "0" }).style(theme.style(if v {
                Role::True
            } else {
                Role::False
            }))
        };
        let mut cells = vec![if self.0.disagree {
            Cell::from("≠").style(theme.style(Role::Disagree))
        } else {
            Cell::from(" ")
        }];
        cells.extend(self.0.atoms.iter().map(|&v| bit(v)));
        cells.extend(self.0.values.iter().map(|v| match v {
            Some(v) => {
                let c = bit(*v);
                if self.0.disagree {
                    c.style(theme.style(Role::Disagree))
                } else {
                    c
                }
            }
            None => Cell::from("-").style(theme.style(Role::Muted)),
        }));
        cells
    }
}

/// The short label of expression column `i` (the legend spells it out).
fn column_label(i: usize) -> String {
    ["R", "P", "O", "T"]
        .get(i)
        .map_or_else(|| format!("E{i}"), |s| s.to_string())
}

/// The legend, wrapped to `width`.
pub fn legend_lines(theme: &Theme, table: &TruthView, width: u16) -> Vec<Line<'static>> {
    let width = width as usize;
    let mut lines = Vec::new();
    for (label, atom) in table.labels.iter().zip(&table.atoms) {
        let line = Line::from(vec![
            Span::styled(format!("{label:<2} "), theme.style(Role::Header)),
            Span::raw(atom.clone()),
        ]);
        lines.extend(wrap_line(&line, width, 3));
    }
    for (i, (label, expr)) in table.columns.iter().enumerate() {
        let mut spans = vec![
            Span::styled(format!("{} ", column_label(i)), theme.style(Role::Header)),
            Span::styled(format!("{label}: "), theme.style(Role::Muted)),
        ];
        match expr {
            Ok(text) => spans.push(Span::raw(text.clone())),
            Err(why) => spans.push(Span::styled(why.clone(), theme.style(Role::Muted))),
        }
        lines.extend(wrap_line(&Line::from(spans), width, 2));
    }
    let summary = format!(
        "{} atoms, {} rows, {} disagree{}",
        table.atoms.len(),
        table.rows.len(),
        table.disagreements(),
        table
            .note
            .as_ref()
            .map_or(String::new(), |n| format!("; {n}"))
    );
    lines.extend(wrap_line(
        &Line::styled(summary, theme.style(Role::Muted)),
        width,
        2,
    ));
    lines
}

/// How far the pane scrolls in `inner` (the pane inside its border): through the
/// legend, then until the last row shows.
pub fn max_scroll(theme: &Theme, table: &TruthView, inner: Rect) -> usize {
    let legend = legend_lines(theme, table, inner.width).len();
    let capacity = DataTable::<TruthRowView>::capacity(inner);
    legend + table.rows.len().saturating_sub(capacity)
}

/// The rows shown at `scroll` in `inner`: (first, last exclusive), of all rows.
pub fn rows_shown(theme: &Theme, table: &TruthView, inner: Rect, scroll: usize) -> (usize, usize) {
    let legend = legend_lines(theme, table, inner.width).len();
    let legend_shown = legend.saturating_sub(scroll) as u16;
    let rest = Rect {
        height: inner.height.saturating_sub(legend_shown),
        ..inner
    };
    let first = scroll.saturating_sub(legend).min(table.rows.len());
    let last = (first + DataTable::<TruthRowView>::capacity(rest)).min(table.rows.len());
    (first, last)
}

/// Draws the truth-table pane; `scroll` counts legend lines, then rows.
pub fn draw(
    shell: &Shell,
    audit: &AuditState,
    block: Block,
    scroll: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let theme = &shell.theme;
    let Some(table) = &audit.truth else {
        let text = Paragraph::new(Line::styled("computing…", theme.style(Role::Busy))).block(block);
        frame.render_widget(text, area);
        return;
    };
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let legend = legend_lines(theme, table, inner.width);
    let shown: Vec<Line> = legend.iter().skip(scroll).cloned().collect();
    let legend_height = (shown.len() as u16).min(inner.height);
    let top = Rect {
        height: legend_height,
        ..inner
    };
    frame.render_widget(Paragraph::new(shown), top);
    let bottom = Rect {
        y: inner.y + legend_height,
        height: inner.height - legend_height,
        ..inner
    };
    if bottom.height < 3 {
        return;
    }
    let (first, last) = rows_shown(theme, table, inner, scroll);
    // Each atom's column is headed by the atom when all of them fit, else by its label.
    let labels: Vec<String> = (0..table.columns.len()).map(column_label).collect();
    let fixed = 2 + 2 * labels.len() + 2;
    let full: usize = table.atoms.iter().map(|a| a.chars().count() + 1).sum();
    let atom_heads: &[String] = if fixed + full <= inner.width as usize {
        &table.atoms
    } else {
        &table.labels
    };
    let mut header = vec![" ".to_string()];
    header.extend(atom_heads.iter().cloned());
    header.extend(labels.iter().cloned());
    let mut widths = vec![Constraint::Length(1)];
    widths.extend(
        atom_heads
            .iter()
            .map(|h| Constraint::Length(h.chars().count().max(1) as u16)),
    );
    widths.extend(labels.iter().map(|_| Constraint::Length(1)));
    let widget = DataTable {
        block: Block::bordered(),
        header,
        widths,
        rows: table.rows[first..last].iter().map(TruthRowView).collect(),
        offset: first,
        selected: None,
        total: table.rows.len(),
        theme,
    };
    frame.render_widget(widget, bottom);
}
