//! Axes of the figures: a range of fractions mapped onto cells, with "nice" tick steps
//! (1, 2, 2.5 or 5 times a power of ten) spaced so their labels never touch.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// How tick labels read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelFormat {
    /// A fraction as a percent: `25%`.
    Percent,
    /// A signed fraction in percentage points: `-10`, `0`, `+5`.
    Points,
}

impl LabelFormat {
    pub fn label(self, v: f64) -> String {
        let x = v * 100.0;
        let text = if (x - x.round()).abs() < 1e-6 {
            format!("{}", x.round() as i64)
        } else {
            format!("{x:.1}")
        };
        match self {
            LabelFormat::Percent => format!("{text}%"),
            LabelFormat::Points if x.abs() < 1e-6 => "0".into(),
            LabelFormat::Points if x > 0.0 => format!("+{text}"),
            LabelFormat::Points => text,
        }
    }
}

/// A range of fractions with a tick step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    pub min: f64,
    pub max: f64,
    /// The finest tick step; `ticks` widens it to fit the labels.
    pub step: f64,
    pub format: LabelFormat,
}

impl Axis {
    /// 0% to 100%, ticks every 10% (or 25%, 50%, 100% when narrow).
    pub fn unit() -> Axis {
        Axis {
            min: 0.0,
            max: 1.0,
            step: 0.1,
            format: LabelFormat::Percent,
        }
    }

    /// An axis over `lo..=hi` (widened to hold both) with about five ticks at a nice
    /// step, its ends on multiples of the step; never narrower than `min_span`.
    pub fn nice(lo: f64, hi: f64, min_span: f64, format: LabelFormat) -> Axis {
        let (mut lo, mut hi) = (lo.min(hi), lo.max(hi));
        if hi - lo < min_span {
            let mid = (lo + hi) / 2.0;
            lo = mid - min_span / 2.0;
            hi = mid + min_span / 2.0;
        }
        let step = nice_step((hi - lo) / 5.0);
        Axis {
            min: (lo / step + 1e-9).floor() * step,
            max: (hi / step - 1e-9).ceil() * step,
            step,
            format,
        }
    }

    /// The cell (0-based, of `width`) of value `v`, clamped to the axis.
    pub fn cell(&self, v: f64, width: u16) -> u16 {
        let span = self.max - self.min;
        if width <= 1 || span <= 0.0 || !v.is_finite() {
            return 0;
        }
        let t = ((v - self.min) / span).clamp(0.0, 1.0);
        (t * f64::from(width - 1)).round() as u16
    }

    /// The ticks on a horizontal axis `width` cells wide: (value, label), at the
    /// finest nice step (from `step` on) whose labels stay two cells apart; the ends at
    /// least.
    pub fn ticks(&self, width: u16) -> Vec<(f64, String)> {
        self.spaced(width, |widest| widest + 2)
    }

    /// The ticks on a vertical axis `height` rows high, a blank row between labels.
    pub fn vertical_ticks(&self, height: u16) -> Vec<(f64, String)> {
        self.spaced(height, |_| 2)
    }

    fn spaced(&self, width: u16, apart: impl Fn(usize) -> usize) -> Vec<(f64, String)> {
        let span = self.max - self.min;
        let tick = |v: f64| (v, self.format.label(v));
        if span <= 0.0 || width < 2 || self.step <= 0.0 {
            return vec![tick(self.min)];
        }
        let mut step = self.step;
        while step <= span + 1e-9 {
            let first = (self.min / step - 1e-9).ceil() * step;
            let n = ((self.max - first) / step + 1e-9).floor() as usize;
            let values: Vec<f64> = (0..=n).map(|i| first + i as f64 * step).collect();
            let widest = values
                .iter()
                .map(|v| self.format.label(*v).chars().count())
                .max()
                .unwrap_or(1);
            if step / span * f64::from(width - 1) >= apart(widest) as f64 {
                return values.into_iter().map(tick).collect();
            }
            step = nice_step(step * 1.0001);
        }
        vec![tick(self.min), tick(self.max)]
    }
}

/// 1, 2, 2.5 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    if raw <= 0.0 || !raw.is_finite() {
        return 0.01;
    }
    let power = 10f64.powf(raw.log10().floor());
    for m in [1.0, 2.0, 2.5, 5.0, 10.0] {
        if m * power >= raw - 1e-12 {
            return m * power;
        }
    }
    10.0 * power
}

/// Writes `label` centred on column `x` of line `y`, kept inside `area`.
pub fn centred_label(buf: &mut Buffer, area: Rect, x: u16, y: u16, label: &str, style: Style) {
    if y >= area.bottom() {
        return;
    }
    let len = label.chars().count() as u16;
    let start = x.saturating_sub(len / 2).max(area.x);
    let start = start.min(area.right().saturating_sub(len)).max(area.x);
    buf.set_stringn(start, y, label, (area.right() - start) as usize, style);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_as_percents_and_signed_points() {
        assert_eq!(LabelFormat::Percent.label(0.25), "25%");
        assert_eq!(LabelFormat::Percent.label(0.0), "0%");
        assert_eq!(LabelFormat::Points.label(-0.1), "-10");
        assert_eq!(LabelFormat::Points.label(0.05), "+5");
        assert_eq!(LabelFormat::Points.label(0.0), "0");
        assert_eq!(LabelFormat::Points.label(0.025), "+2.5");
    }

    #[test]
    fn nice_axes_hold_the_data_on_round_steps() {
        let a = Axis::nice(-0.112, 0.098, 0.1, LabelFormat::Points);
        assert_eq!(a.step, 0.05);
        assert!(
            (a.min + 0.15).abs() < 1e-9 && (a.max - 0.1).abs() < 1e-9,
            "{a:?}"
        );
        let flat = Axis::nice(0.2, 0.2, 0.1, LabelFormat::Percent);
        assert!(flat.min <= 0.15 && flat.max >= 0.25, "{flat:?}");
        assert_eq!(nice_step(0.03), 0.05);
        assert_eq!(nice_step(0.021), 0.025);
    }

    #[test]
    fn ticks_thin_out_on_narrow_axes() {
        let unit = Axis::unit();
        assert_eq!(unit.ticks(61).len(), 11, "every 10% from 61 cells");
        let labels = |w: u16| -> Vec<String> { unit.ticks(w).into_iter().map(|t| t.1).collect() };
        assert_eq!(labels(31), ["0%", "20%", "40%", "60%", "80%", "100%"]);
        assert_eq!(labels(25), ["0%", "25%", "50%", "75%", "100%"]);
        assert_eq!(labels(12), ["0%", "100%"]);
        assert_eq!(unit.cell(0.5, 31), 15);
        assert_eq!(unit.cell(f64::NAN, 31), 0);
    }
}
