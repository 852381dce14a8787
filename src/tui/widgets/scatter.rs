//! A scatter plot of labelled marks on two axes with ticks (drawn by hand, one mark per
//! cell, so every position is known and tested): the dashboard draws the accuracy
//! delta (x) against the invariance failure (y), one mark per condition.

use std::collections::HashSet;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::axis::{Axis, centred_label};
use crate::tui::theme::{Role, Theme};

/// One mark.
#[derive(Clone, Debug, PartialEq)]
pub struct ScatterPoint {
    pub x: f64,
    pub y: f64,
    /// The mark (one cell).
    pub marker: &'static str,
    /// Written next to the mark when there is room.
    pub label: String,
    pub selected: bool,
}

/// Where the plotting area is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScatterLayout {
    /// The cells marks can take.
    pub plot: Rect,
    /// Whether a last line holds the x axis's title.
    pub x_title: bool,
}

impl ScatterLayout {
    /// The layout in `area`: the y title on the first line, y tick labels at the
    /// left of the y axis, the x axis and its tick labels under the plot, then the x
    /// title when there is room.
    pub fn of(area: Rect, y_axis: &Axis) -> ScatterLayout {
        let label_width = [y_axis.min, y_axis.max]
            .iter()
            .map(|v| y_axis.format.label(*v).chars().count() as u16)
            .max()
            .unwrap_or(1);
        let x_title = area.height >= 9;
        let below = 2 + u16::from(x_title);
        let left = label_width + 1;
        let plot = Rect {
            x: area.x + left,
            y: area.y + 1,
            // Two columns at the right for the last x tick label.
            width: area.width.saturating_sub(left + 2),
            height: area.height.saturating_sub(1 + below),
        };
        ScatterLayout { plot, x_title }
    }

    /// The cell of (x, y).
    pub fn position(&self, x_axis: &Axis, y_axis: &Axis, x: f64, y: f64) -> (u16, u16) {
        let col = self.plot.x + x_axis.cell(x, self.plot.width);
        let row = self.plot.bottom() - 1 - y_axis.cell(y, self.plot.height);
        (col, row)
    }
}

/// The widget.
pub struct Scatter<'a> {
    pub points: &'a [ScatterPoint],
    pub x_axis: Axis,
    pub y_axis: Axis,
    pub x_title: &'a str,
    pub y_title: &'a str,
    pub theme: &'a Theme,
}

impl Widget for Scatter<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Nothing fits in an empty area (a one-row terminal leaves the figures none).
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let theme = self.theme;
        let muted = theme.style(Role::Muted);
        let layout = ScatterLayout::of(area, &self.y_axis);
        let plot = layout.plot;
        if plot.width < 10 || plot.height < 3 {
            buf.set_stringn(area.x, area.y, "(too small)", area.width as usize, muted);
            return;
        }
        buf.set_stringn(
            area.x,
            area.y,
            self.y_title,
            area.width as usize,
            theme.style(Role::Header),
        );
        // The y axis with its ticks and labels.
        let axis_x = plot.x - 1;
        for y in plot.y..plot.bottom() {
            buf.set_string(axis_x, y, "│", muted);
        }
        for (v, label) in self.y_axis.vertical_ticks(plot.height) {
            let (_, y) = layout.position(&self.x_axis, &self.y_axis, self.x_axis.min, v);
            buf.set_string(axis_x, y, "┤", muted);
            let len = label.chars().count() as u16;
            buf.set_string(axis_x.saturating_sub(len), y, &label, muted);
        }
        // The x axis with its ticks and labels, and the zero line.
        let base = plot.bottom();
        buf.set_string(axis_x, base, "└", muted);
        for x in plot.x..plot.right() {
            buf.set_string(x, base, "─", muted);
        }
        if self.x_axis.min < 0.0 && self.x_axis.max > 0.0 {
            let (x0, _) = layout.position(&self.x_axis, &self.y_axis, 0.0, self.y_axis.min);
            for y in plot.y..plot.bottom() {
                buf.set_string(x0, y, "┆", theme.style(Role::Border));
            }
        }
        for (v, label) in self.x_axis.ticks(plot.width) {
            let (x, _) = layout.position(&self.x_axis, &self.y_axis, v, self.y_axis.min);
            buf.set_string(x, base, "┬", muted);
            centred_label(buf, area, x, base + 1, &label, muted);
        }
        if layout.x_title {
            let len = self.x_title.chars().count() as u16;
            let x = area.right().saturating_sub(len + 1).max(area.x);
            buf.set_stringn(
                x,
                base + 2,
                self.x_title,
                area.width as usize,
                theme.style(Role::Header),
            );
        }
        self.draw_marks(buf, &layout);
    }
}

impl Scatter<'_> {
    /// Marks first (they always show), then labels where they fit without covering a
    /// mark or another label: right of the mark, else left of it; the selected
    /// condition last, so it is drawn on top.
    fn draw_marks(&self, buf: &mut Buffer, layout: &ScatterLayout) {
        let theme = self.theme;
        let mut order: Vec<&ScatterPoint> = self.points.iter().filter(|p| !p.selected).collect();
        order.extend(self.points.iter().filter(|p| p.selected));
        let at = |p: &ScatterPoint| layout.position(&self.x_axis, &self.y_axis, p.x, p.y);
        let mut taken: HashSet<(u16, u16)> = order.iter().map(|p| at(p)).collect();
        for p in &order {
            let (x, y) = at(p);
            let role = if p.selected {
                Role::Selected
            } else {
                Role::Header
            };
            buf.set_string(x, y, p.marker, theme.style(role));
        }
        let plot = layout.plot;
        for p in &order {
            let (x, y) = at(p);
            let len = p.label.chars().count() as u16;
            let free = |from: u16| (from..from + len).all(|c| !taken.contains(&(c, y)));
            let right = x + 1;
            let left = x.saturating_sub(len);
            let start = if right + len <= plot.right() + 2 && free(right) {
                // (The two columns right of the plot are the scatter's own margin.)
                Some(right)
            } else if x >= plot.x + len && free(left) {
                Some(left)
            } else {
                None
            };
            if let Some(start) = start {
                let role = if p.selected {
                    Role::Selected
                } else {
                    Role::Normal
                };
                buf.set_string(start, y, &p.label, theme.style(role));
                taken.extend((start..start + len).map(|c| (c, y)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::ThemeKind;
    use crate::tui::widgets::axis::LabelFormat;

    fn line(buf: &Buffer, y: u16) -> String {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect()
    }

    fn point(x: f64, y: f64, label: &str) -> ScatterPoint {
        ScatterPoint {
            x,
            y,
            marker: "●",
            label: label.into(),
            selected: false,
        }
    }

    fn axes() -> (Axis, Axis) {
        (
            Axis::nice(-0.1, 0.1, 0.1, LabelFormat::Points),
            Axis::nice(0.0, 0.3, 0.1, LabelFormat::Percent),
        )
    }

    fn draw(points: &[ScatterPoint], area: Rect) -> Buffer {
        let theme = Theme::builtin(ThemeKind::Dark);
        let (x_axis, y_axis) = axes();
        let mut buf = Buffer::empty(area);
        Scatter {
            points,
            x_axis,
            y_axis,
            x_title: "Δ acc →",
            y_title: "IF",
            theme: &theme,
        }
        .render(area, &mut buf);
        buf
    }

    #[test]
    fn marks_sit_where_their_values_map() {
        let area = Rect::new(0, 0, 50, 14);
        let (x_axis, y_axis) = axes();
        let layout = ScatterLayout::of(area, &y_axis);
        // y labels up to "30%" (3) and the axis: the plot starts at column 4, line 1;
        // 14 lines less the title line and three below leave 10 rows.
        assert_eq!(layout.plot, Rect::new(4, 1, 44, 10));
        assert_eq!(layout.position(&x_axis, &y_axis, -0.1, 0.0), (4, 10));
        assert_eq!(layout.position(&x_axis, &y_axis, 0.1, 0.3), (47, 1));
        // 0.15 / 0.3 of 9 rows is 4.4999… in floating point: 4 rows up.
        assert_eq!(layout.position(&x_axis, &y_axis, 0.0, 0.15), (26, 6));
        let buf = draw(&[point(0.0, 0.15, "T1"), point(0.1, 0.3, "T2xx")], area);
        assert_eq!(buf[(26, 6)].symbol(), "●");
        assert!(line(&buf, 6).contains("●T1"), "{}", line(&buf, 6));
        // At the right edge the label goes left of the mark.
        assert!(line(&buf, 1).contains("T2xx●"), "{}", line(&buf, 1));
        // Axes: the zero line, the ticks and their labels.
        assert_eq!(buf[(26, 3)].symbol(), "┆");
        let labels = line(&buf, 12);
        assert_eq!(labels.find("-10"), Some(3), "{labels}");
        assert_eq!(labels.find("+10"), Some(46), "{labels}");
        assert!(line(&buf, 1).starts_with("30%┤"), "{}", line(&buf, 1));
        assert!(line(&buf, 10).starts_with(" 0%┤"), "{}", line(&buf, 10));
        assert!(line(&buf, 13).ends_with("Δ acc → "), "{}", line(&buf, 13));
    }

    #[test]
    fn labels_never_cover_a_mark_or_each_other() {
        let area = Rect::new(0, 0, 50, 14);
        let buf = draw(
            &[
                point(0.0, 0.15, "AA"),
                point(0.005, 0.15, "BB"),
                point(0.01, 0.15, "CC"),
            ],
            area,
        );
        let row = line(&buf, 6);
        assert_eq!(row.matches('●').count(), 3, "{row}");
        // Marks at 26, 27, 28: AA goes left, BB has no room left or right, CC right.
        assert!(row.contains("AA●●●CC"), "{row}");
        assert!(!row.contains("BB"), "{row}");
    }

    #[test]
    fn small_areas_do_not_panic() {
        for (w, h) in [(1, 1), (8, 3), (20, 5), (50, 4)] {
            draw(&[point(0.0, 0.1, "x")], Rect::new(0, 0, w, h));
        }
    }
}
