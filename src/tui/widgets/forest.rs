//! A forest plot: one row per condition, its point estimate as a marker and its
//! interval as a horizontal bar `├──●──┤` on a shared 0–100% axis with tick labels
//! below. A pure function of its rows and the area (drawn by hand: each cell is known).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::axis::{Axis, centred_label};
use super::ellipsis::{Cut, fit};
use crate::stats::Interval;
use crate::tui::theme::{Role, Theme};

/// One row of the plot.
#[derive(Clone, Debug, PartialEq)]
pub struct ForestRow {
    pub label: String,
    /// The marker of the point estimate (one cell).
    pub marker: &'static str,
    /// The point estimate, a fraction; `None` when undefined.
    pub estimate: Option<f64>,
    /// The interval, fractions; `None` without bootstrap.
    pub interval: Option<Interval>,
    pub selected: bool,
}

/// Where the parts of the plot go in an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForestLayout {
    /// Width of the label column.
    pub label_width: u16,
    /// The axis: first column and width (cells).
    pub axis_x: u16,
    pub axis_width: u16,
    /// Lines per row (2 leaves a blank line between rows when there is room).
    pub pitch: u16,
    /// How many rows fit.
    pub rows: usize,
}

/// Lines under the rows: the axis line and the tick labels.
const AXIS_LINES: u16 = 2;

impl ForestLayout {
    /// The layout of `rows` rows labelled up to `longest` cells wide in `area`.
    pub fn of(area: Rect, rows: usize, longest: usize) -> ForestLayout {
        let label_width = (longest as u16).min(area.width * 2 / 5).max(1);
        // A blank column after the labels, two at the right for the last tick label.
        let axis_x = area.x + label_width + 1;
        let axis_width = area.width.saturating_sub(label_width + 3);
        let room = area.height.saturating_sub(AXIS_LINES);
        let pitch = if rows > 0 && room as usize >= 2 * rows {
            2
        } else {
            1
        };
        ForestLayout {
            label_width,
            axis_x,
            axis_width,
            pitch,
            rows: (room / pitch) as usize,
        }
    }

    /// The column of fraction `v` (clamped to 0–100%).
    pub fn column(&self, v: f64) -> u16 {
        self.axis_x + Axis::unit().cell(v, self.axis_width)
    }
}

/// The widget: `rows[offset..]` as fit.
pub struct Forest<'a> {
    pub rows: &'a [ForestRow],
    pub offset: usize,
    pub theme: &'a Theme,
}

impl Widget for Forest<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Nothing fits in an empty area (a one-row terminal leaves the figures none).
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let theme = self.theme;
        let longest = self
            .rows
            .iter()
            .map(|r| r.label.chars().count())
            .max()
            .unwrap_or(1);
        let layout = ForestLayout::of(area, self.rows.len(), longest);
        if layout.axis_width < 11 || layout.rows == 0 {
            buf.set_stringn(
                area.x,
                area.y,
                "(too small)",
                area.width as usize,
                theme.style(Role::Muted),
            );
            return;
        }
        let axis = Axis::unit();
        let ticks = axis.ticks(layout.axis_width);
        let muted = theme.style(Role::Muted);
        let shown = self.rows.iter().skip(self.offset).take(layout.rows);
        let mut y = area.y;
        for row in shown {
            draw_row(buf, &layout, y, row, &ticks, theme);
            y += layout.pitch;
        }
        let axis_y = area.y + (layout.rows.min(self.rows.len()) as u16) * layout.pitch;
        let axis_y = axis_y.min(area.bottom().saturating_sub(AXIS_LINES));
        for x in 0..layout.axis_width {
            buf.set_string(layout.axis_x + x, axis_y, "─", muted);
        }
        for &(v, ref label) in &ticks {
            let x = layout.column(v);
            buf.set_string(x, axis_y, "┬", muted);
            centred_label(buf, area, x, axis_y + 1, label, muted);
        }
    }
}

fn draw_row(
    buf: &mut Buffer,
    layout: &ForestLayout,
    y: u16,
    row: &ForestRow,
    ticks: &[(f64, String)],
    theme: &Theme,
) {
    let label_style = if row.selected {
        theme.style(Role::Selected)
    } else {
        theme.style(Role::Normal)
    };
    let label = fit(&row.label, layout.label_width as usize, Cut::Middle);
    buf.set_string(
        layout.axis_x - layout.label_width - 1,
        y,
        &label,
        label_style,
    );
    for (v, _) in ticks {
        buf.set_string(layout.column(*v), y, "┊", theme.style(Role::Border));
    }
    let Some(estimate) = row.estimate else {
        buf.set_string(layout.axis_x, y, "n/a (B = 0)", theme.style(Role::Muted));
        return;
    };
    let bar: Style = theme.style(if row.selected {
        Role::Focus
    } else {
        Role::Normal
    });
    if let Some(i) = row.interval {
        let (lo, hi) = (layout.column(i.lo), layout.column(i.hi));
        for x in lo..=hi {
            buf.set_string(x, y, "─", bar);
        }
        if lo < hi {
            buf.set_string(lo, y, "├", bar);
            buf.set_string(hi, y, "┤", bar);
        }
    }
    let point = theme.style(if row.selected {
        Role::Selected
    } else {
        Role::Header
    });
    buf.set_string(layout.column(estimate), y, row.marker, point);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::ThemeKind;

    fn line(buf: &Buffer, y: u16) -> String {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect()
    }

    fn row(label: &str, est: f64, lo: f64, hi: f64) -> ForestRow {
        ForestRow {
            label: label.into(),
            marker: "●",
            estimate: Some(est),
            interval: Some(Interval { lo, hi }),
            selected: false,
        }
    }

    #[test]
    fn the_axis_maps_fractions_to_columns() {
        // 40 wide, labels of 6 (under 2/5 of 40): the axis starts at 7 and has
        // 40 - 9 = 31 cells.
        let layout = ForestLayout::of(Rect::new(0, 0, 40, 10), 2, 6);
        assert_eq!((layout.axis_x, layout.axis_width), (7, 31));
        assert_eq!(layout.column(0.0), 7);
        assert_eq!(layout.column(1.0), 37);
        assert_eq!(layout.column(0.5), 22);
        assert_eq!(layout.column(-0.3), 7, "clamped");
        assert_eq!(layout.column(1.7), 37, "clamped");
        assert_eq!(layout.pitch, 2, "room for a blank line between rows");
        assert_eq!(ForestLayout::of(Rect::new(0, 0, 40, 5), 3, 6).pitch, 1);
    }

    #[test]
    fn the_point_and_the_interval_ends_sit_on_their_columns() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let rows = [row("a T1", 0.2, 0.1, 0.3), row("b T2", 0.5, 0.5, 0.5)];
        let area = Rect::new(0, 0, 40, 8);
        let mut buf = Buffer::empty(area);
        Forest {
            rows: &rows,
            offset: 0,
            theme: &theme,
        }
        .render(area, &mut buf);
        let layout = ForestLayout::of(area, 2, 4);
        let first = line(&buf, 0);
        let at = |v: f64| layout.column(v) as usize;
        let cells: Vec<char> = first.chars().collect();
        assert!(first.starts_with("a T1 "), "{first}");
        assert_eq!(cells[at(0.1)], '├', "{first}");
        assert_eq!(cells[at(0.2)], '●', "{first}");
        assert_eq!(cells[at(0.3)], '┤', "{first}");
        assert_eq!(cells[at(0.25)], '─', "{first}");
        // A zero-width interval is only the point.
        let second: Vec<char> = line(&buf, 2).chars().collect();
        assert_eq!(second[at(0.5)], '●');
        assert_eq!(second[at(0.5) - 1], ' ');
        // The axis and its tick labels: 0%, 20%, ..., 100% centred on their ticks.
        let axis: Vec<char> = line(&buf, 4).chars().collect();
        assert_eq!(axis[at(0.0)], '┬');
        assert_eq!(axis[at(1.0)], '┬');
        let labels = line(&buf, 5);
        assert_eq!(labels.find("0%"), Some(at(0.0) - 1), "{labels}");
        assert_eq!(labels.find("40%"), Some(at(0.4) - 1), "{labels}");
        assert_eq!(labels.find("100%"), Some(at(1.0) - 2), "{labels}");
        assert_eq!(
            buf[(at(0.2) as u16, 0)].fg,
            theme.style(Role::Header).fg.unwrap()
        );
    }

    #[test]
    fn undefined_estimates_say_so_and_tiny_areas_do_not_panic() {
        let theme = Theme::builtin(ThemeKind::Dark);
        let rows = [ForestRow {
            estimate: None,
            interval: None,
            ..row("x", 0.0, 0.0, 0.0)
        }];
        let area = Rect::new(0, 0, 40, 4);
        let mut buf = Buffer::empty(area);
        Forest {
            rows: &rows,
            offset: 0,
            theme: &theme,
        }
        .render(area, &mut buf);
        assert!(line(&buf, 0).contains("n/a (B = 0)"));
        for (w, h) in [(1, 1), (5, 2), (12, 3), (40, 2)] {
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            Forest {
                rows: &rows,
                offset: 0,
                theme: &theme,
            }
            .render(area, &mut buf);
        }
    }
}
