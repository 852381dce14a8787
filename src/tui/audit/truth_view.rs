//! The truth-table pane: a legend of the expression columns, then the generic table with
//! one row per assignment of the atoms, rows where the expressions disagree first and
//! marked.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph};

use crate::tui::app::App;
use crate::tui::audit::truth::TruthRow;
use crate::tui::audit::{AuditState, Pane};
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::ellipsis::{Cut, fit};
use crate::tui::widgets::table::{DataTable, TableRow};

/// The widest an atom's column gets; longer atoms are cut in the middle (`cfg_1…== 3`)
/// in the header (the expressions above the table spell every atom out).
const ATOM_WIDTH: usize = 12;

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

/// Draws the truth-table pane.
pub fn draw(app: &App, audit: &AuditState, block: Block, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let Some(table) = &audit.truth else {
        let text = Paragraph::new(Line::styled("computing…", theme.style(Role::Busy))).block(block);
        frame.render_widget(text, area);
        return;
    };
    let inner = block.inner(area);
    let block_title = block.clone();
    let mut legend: Vec<Line> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (label, expr))| {
            let mut spans = vec![
                Span::styled(format!("{} ", column_label(i)), theme.style(Role::Header)),
                Span::styled(format!("{label}: "), theme.style(Role::Muted)),
            ];
            match expr {
                Ok(text) => spans.push(Span::raw(text.clone())),
                Err(why) => spans.push(Span::styled(why.clone(), theme.style(Role::Muted))),
            }
            Line::from(spans)
        })
        .collect();
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
    legend.push(Line::styled(summary, theme.style(Role::Muted)));
    let legend_height = (legend.len() as u16).min(inner.height / 2);
    frame.render_widget(block_title, area);
    let [top, bottom] =
        Layout::vertical([Constraint::Length(legend_height), Constraint::Min(3)]).areas(inner);
    frame.render_widget(Paragraph::new(legend), top);
    let capacity = DataTable::<TruthRowView>::capacity(bottom);
    let offset = audit
        .scroll_of(Pane::TruthTable)
        .min(table.rows.len().saturating_sub(capacity));
    let mut header = vec![" ".to_string()];
    header.extend(table.atoms.iter().map(|a| fit(a, ATOM_WIDTH, Cut::Middle)));
    let labels: Vec<String> = (0..table.columns.len()).map(column_label).collect();
    header.extend(labels.iter().cloned());
    let mut widths = vec![Constraint::Length(1)];
    widths.extend(
        table
            .atoms
            .iter()
            .map(|a| Constraint::Length(a.chars().count().clamp(1, ATOM_WIDTH) as u16)),
    );
    widths.extend(labels.iter().map(|_| Constraint::Length(1)));
    let widget = DataTable {
        block: Block::bordered(),
        header,
        widths,
        rows: table
            .rows
            .iter()
            .skip(offset)
            .take(capacity)
            .map(TruthRowView)
            .collect(),
        offset,
        selected: None,
        total: table.rows.len(),
        theme,
    };
    frame.render_widget(widget, bottom);
}
