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
    pub header: Vec<String>,
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

/// Column widths that fit `available` cells. Each column wants its `header` width or
/// its widest `data` cell, whichever is larger, and gets it while all fit. Otherwise
/// headers wider than their data are cut first (down to the data, at least `min`);
/// then the widest columns give up one cell at a time, never below `min` (or their
/// natural width, if smaller), so a long model name and a long category lose a few
/// letters each instead of one column losing many.
pub fn fit_widths(header: &[u16], data: &[u16], available: u16, min: u16) -> Vec<u16> {
    let mut widths: Vec<u16> = header.iter().zip(data).map(|(&h, &d)| h.max(d)).collect();
    let mut total: u32 = widths.iter().map(|&w| u32::from(w)).sum();
    let floors = [
        data.iter().map(|&d| d.max(min)).collect::<Vec<u16>>(),
        widths.iter().map(|&w| w.min(min)).collect(),
    ];
    for floor in floors {
        while total > u32::from(available) {
            let widest = widths
                .iter()
                .enumerate()
                .filter(|&(i, &w)| w > floor[i])
                .max_by_key(|&(i, &w)| (w, std::cmp::Reverse(i)))
                .map(|(i, _)| i);
            let Some(i) = widest else { break };
            widths[i] -= 1;
            total -= 1;
        }
    }
    widths
}

impl<R: TableRow> DataTable<'_, R> {
    /// How many rows fit in `area` (borders and header taken off).
    pub fn capacity(area: Rect) -> usize {
        area.height.saturating_sub(3) as usize
    }
}

impl<R: TableRow> Widget for DataTable<'_, R> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // An area below a one-row terminal's border lies outside the buffer.
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
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
        let header = Row::new(self.header.into_iter().map(Cell::from))
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

#[cfg(test)]
mod tests {
    use super::fit_widths;

    const HEADER: [u16; 4] = [7, 7, 5, 7];

    #[test]
    fn natural_widths_stand_when_they_fit() {
        assert_eq!(
            fit_widths(&HEADER, &[3, 18, 26, 2], 60, 4),
            vec![7, 18, 26, 7]
        );
    }

    #[test]
    fn headers_wider_than_their_data_are_cut_first() {
        assert_eq!(
            fit_widths(&HEADER, &[3, 18, 26, 2], 54, 4),
            vec![5, 18, 26, 5]
        );
        assert_eq!(
            fit_widths(&HEADER, &[3, 18, 26, 2], 52, 4),
            vec![4, 18, 26, 4]
        );
    }

    #[test]
    fn then_the_widest_columns_shrink_evenly() {
        assert_eq!(
            fit_widths(&HEADER, &[3, 18, 26, 2], 48, 4),
            vec![4, 18, 22, 4]
        );
        assert_eq!(
            fit_widths(&HEADER, &[3, 18, 26, 2], 38, 4),
            vec![4, 15, 15, 4]
        );
    }

    #[test]
    fn no_column_goes_below_the_minimum() {
        assert_eq!(fit_widths(&HEADER, &[3, 18, 26, 2], 5, 4), vec![4, 4, 4, 4]);
        assert_eq!(fit_widths(&[2], &[1], 0, 4), vec![2]);
    }
}
