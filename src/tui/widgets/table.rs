//! The one generic table (after bottom's `DataToCell`): any row type that can turn
//! itself into cells is drawn by `DataTable`, which only ever builds the rows in view.
//! The queue and the truth table both use it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Row, Table, Widget};

use crate::tui::theme::{Role, Theme};

/// A row that can draw itself as cells.
pub trait TableRow {
    /// The row's cells, in column order.
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>>;
}

/// A window onto a long list of rows: only `rows` (those in view) are built.
pub struct DataTable<'a, R> {
    pub block: Block<'a>,
    pub header: Vec<&'a str>,
    pub widths: Vec<Constraint>,
    /// The rows in view, starting at list position `offset`.
    pub rows: Vec<R>,
    pub offset: usize,
    /// The selected list position, if any.
    pub selected: Option<usize>,
    /// How many rows the whole list has.
    pub total: usize,
    pub theme: &'a Theme,
}

impl<R: TableRow> DataTable<'_, R> {
    /// How many rows fit in `area` (borders and header taken off).
    pub fn capacity(area: Rect) -> usize {
        area.height.saturating_sub(3) as usize
    }
}

impl<R: TableRow> Widget for DataTable<'_, R> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let position = match self.selected {
            Some(s) if self.total > 0 => format!(" {}/{} ", s + 1, self.total),
            _ => format!(" {} ", self.total),
        };
        let block = self
            .block
            .border_style(theme.style(Role::Border))
            .title_bottom(Line::styled(position, theme.style(Role::Muted)).right_aligned());
        // A heading may take several lines (`"Acc\nbase"`).
        let height = self
            .header
            .iter()
            .map(|h| h.lines().count())
            .max()
            .unwrap_or(1);
        let header = Row::new(self.header.iter().map(|h| Cell::from(*h)))
            .height(height.max(1) as u16)
            .style(theme.style(Role::Header));
        let rows = self.rows.iter().enumerate().map(|(i, row)| {
            let r = Row::new(row.cells(theme));
            if self.selected == Some(self.offset + i) {
                r.style(theme.style(Role::Selected))
            } else {
                r
            }
        });
        Table::new(rows, self.widths)
            .header(header)
            .block(block)
            .column_spacing(1)
            .render(area, buf);
    }
}
