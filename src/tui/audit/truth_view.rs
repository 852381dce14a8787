//! The truth-table pane: a legend (each atom's short label and the atom in full, as
//! written; each expression column's label, what it is and its text), wrapped to the
//! pane, then the generic table with one row per assignment of the atoms, rows where
//! the expressions disagree first and marked. The legend and the rows scroll as one
//! text: the legend first, then the rows under the table's heading.
//!
//! Bounded by the pane, not by the pair (issue 29, item 10): the table has a column for
//! as many atoms as fit the pane's width (the table's title says "atoms a-u of 10000"
//! when not all do, and the legend lists those atoms), each expression takes at most
//! [`EXPRESSION_LINES`] lines of the legend (the properties pane shows it whole), and
//! the legend is built once per width and table (the audit's memo).

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph};

use std::sync::Arc;

use crate::tui::audit::AuditState;
use crate::tui::audit::state::TableKey;
use crate::tui::audit::truth::{TruthRow, TruthView};
use crate::tui::shell::Shell;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::table::{DataTable, TableRow};
use crate::tui::widgets::wrap::wrap_line;

/// The most legend lines an expression's text takes; past it the legend says how long
/// the text is and that the properties pane has it whole.
pub const EXPRESSION_LINES: usize = 8;

/// A row as drawn: its first `atoms` atom values, then the expressions' values.
struct TruthRowView<'a> {
    row: &'a TruthRow,
    atoms: usize,
}

impl TableRow for TruthRowView<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let bit = |v: bool| {
            Cell::from(if v { "1" } else { "0" }).style(theme.style(if v {
                Role::True
            } else {
                Role::False
            }))
        };
        let row = self.row;
        let mut cells = vec![if row.disagree {
            Cell::from("≠").style(theme.style(Role::Disagree))
        } else {
            Cell::from(" ")
        }];
        cells.extend(row.atoms.iter().take(self.atoms).map(|&v| bit(v)));
        cells.extend(row.values.iter().map(|v| match v {
            Some(v) => {
                let c = bit(*v);
                if row.disagree {
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

/// The atom columns the table has in `width` (the pane's inner width): how many, and
/// whether they are headed by the atoms in full (when all of them fit) or by their
/// labels. The first atoms get a column, as many as fit.
pub fn atom_columns(table: &TruthView, width: u16) -> (usize, bool) {
    let width = width as usize;
    // Borders, the `≠` column and each expression's column, each with its spacing.
    let fixed = 2 + 2 + 2 * table.columns.len();
    let full: usize = table.atoms.iter().map(|a| a.chars().count() + 1).sum();
    if fixed + full <= width {
        return (table.atoms.len(), true);
    }
    let mut used = fixed;
    let fit = table
        .labels
        .iter()
        .take_while(|l| {
            used += l.chars().count() + 1;
            used <= width
        })
        .count();
    (fit, false)
}

/// What the table leaves out in `width`, for its title: the rows past the cap and the
/// atoms without a column (empty when nothing is left out).
fn bounds(table: &TruthView, width: u16) -> String {
    let (shown, _) = atom_columns(table, width);
    let mut parts: Vec<String> = table.bound.iter().cloned().collect();
    if shown < table.atoms.len() {
        parts.push(match shown {
            0 => format!("no room for the {} atoms", table.atoms.len()),
            n => format!(
                "atoms {}-{} of {}",
                table.labels[0],
                table.labels[n - 1],
                table.atoms.len()
            ),
        });
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" {} ", parts.join(" · "))
    }
}

/// The legend, wrapped to `width`, built once per width, table and theme.
pub fn legend(
    theme: &Theme,
    audit: &AuditState,
    table: &Arc<TruthView>,
    width: u16,
) -> Arc<Vec<Line<'static>>> {
    let key = (width, TableKey(Arc::clone(table)), theme.clone());
    audit
        .memo
        .legend
        .get(key, || legend_lines(theme, table, width))
}

/// The legend, wrapped to `width`: the atoms that have a column, each expression in at
/// most [`EXPRESSION_LINES`] lines, and the counts.
pub fn legend_lines(theme: &Theme, table: &TruthView, width: u16) -> Vec<Line<'static>> {
    let (columns, _) = atom_columns(table, width);
    let width = width as usize;
    let mut lines = Vec::new();
    // No table at all: why, first.
    if table.rows.is_empty()
        && let Some(note) = &table.note
    {
        lines.extend(wrap_line(
            &Line::styled(note.clone(), theme.style(Role::Busy)),
            width,
            2,
        ));
    }
    for (label, atom) in table.labels.iter().zip(&table.atoms).take(columns) {
        let line = Line::from(vec![
            Span::styled(format!("{label:<2} "), theme.style(Role::Header)),
            Span::raw(atom.clone()),
        ]);
        lines.extend(wrap_line(&line, width, 3));
    }
    if columns < table.atoms.len() {
        lines.extend(wrap_line(
            &Line::styled(
                format!(
                    "… and {} more atoms; the properties pane shows the expressions whole",
                    table.atoms.len() - columns
                ),
                theme.style(Role::Muted),
            ),
            width,
            2,
        ));
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
        let mut wrapped = wrap_line(&Line::from(spans), width, 2);
        if wrapped.len() > EXPRESSION_LINES {
            let chars = expr
                .as_ref()
                .map_or_else(|e| e.chars().count(), |t| t.chars().count());
            wrapped.truncate(EXPRESSION_LINES);
            wrapped.extend(wrap_line(
                &Line::styled(
                    format!("  … {chars} characters in all (the properties pane shows them)"),
                    theme.style(Role::Muted),
                ),
                width,
                4,
            ));
        }
        lines.extend(wrapped);
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
/// legend, then until the last row shows; without rows, until the legend's end shows.
pub fn max_scroll(theme: &Theme, audit: &AuditState, table: &Arc<TruthView>, inner: Rect) -> usize {
    let legend = legend(theme, audit, table, inner.width).len();
    if table.rows.is_empty() {
        return legend.saturating_sub(inner.height as usize);
    }
    // The legend lines scrolled away give their rows to the table: the last row shows
    // once the legend and the rows left fit together.
    let capacity = DataTable::<TruthRowView>::capacity(inner);
    (legend + table.rows.len()).saturating_sub(capacity)
}

/// The rows shown at `scroll` in `inner`: (first, last exclusive), of all rows.
pub fn rows_shown(
    theme: &Theme,
    audit: &AuditState,
    table: &Arc<TruthView>,
    inner: Rect,
    scroll: usize,
) -> (usize, usize) {
    let legend = legend(theme, audit, table, inner.width).len();
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
    let legend = legend(theme, audit, table, inner.width);
    let shown: Vec<Line> = legend
        .iter()
        .skip(scroll)
        .take(inner.height as usize)
        .cloned()
        .collect();
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
    let (first, last) = rows_shown(theme, audit, table, inner, scroll);
    // Each atom's column is headed by the atom when all of them fit, else by its label;
    // atoms past the pane's width have no column.
    let (columns, full) = atom_columns(table, inner.width);
    let labels: Vec<String> = (0..table.columns.len()).map(column_label).collect();
    let atom_heads = if full { &table.atoms } else { &table.labels };
    let mut header = vec![" ".to_string()];
    header.extend(atom_heads.iter().take(columns).cloned());
    header.extend(labels.iter().cloned());
    let mut widths = vec![Constraint::Length(1)];
    widths.extend(
        atom_heads
            .iter()
            .take(columns)
            .map(|h| Constraint::Length(h.chars().count().max(1) as u16)),
    );
    widths.extend(labels.iter().map(|_| Constraint::Length(1)));
    let mut block = Block::bordered();
    let bounds = bounds(table, inner.width);
    if !bounds.is_empty() {
        block = block.title_top(Line::styled(bounds, theme.style(Role::Muted)));
    }
    let widget = DataTable {
        block,
        header,
        widths,
        rows: table.rows[first..last]
            .iter()
            .map(|row| TruthRowView {
                row,
                atoms: columns,
            })
            .collect(),
        offset: first,
        selected: None,
        total: table.rows.len(),
        theme,
    };
    frame.render_widget(widget, bottom);
}
