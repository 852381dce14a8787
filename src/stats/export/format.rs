//! How numbers are shown to people: percents with one decimal, signed percentage
//! points, intervals in brackets, p-values. (CSV and JSON keep full precision.)

use crate::stats::interval::Interval;

/// Shown for a ratio whose denominator is zero.
pub const UNDEFINED: &str = "n/a";

/// A fraction as a percent with one decimal: `0.539 -> "53.9%"`.
pub fn percent(value: Option<f64>) -> String {
    value.map_or_else(
        || UNDEFINED.to_string(),
        |v| format!("{}%", one_decimal(v * 100.0)),
    )
}

/// A signed fraction in percentage points: `0.098 -> "+9.8"`, `0 -> "0.0"`.
pub fn points(value: Option<f64>) -> String {
    value.map_or_else(|| UNDEFINED.to_string(), |v| signed(v * 100.0))
}

/// An interval of fractions in percent, without the sign: `"[13.0, 26.8]"`.
pub fn percent_interval(interval: Interval) -> String {
    format!(
        "[{}, {}]",
        one_decimal(interval.lo * 100.0),
        one_decimal(interval.hi * 100.0)
    )
}

/// An interval of signed fractions in points: `"[+3.1, +16.6]"`.
pub fn points_interval(interval: Interval) -> String {
    format!(
        "[{}, {}]",
        signed(interval.lo * 100.0),
        signed(interval.hi * 100.0)
    )
}

/// A p-value: four decimals, `<0.0001` below that.
pub fn p_value(p: f64) -> String {
    if p < 0.0001 {
        "<0.0001".to_string()
    } else {
        format!("{p:.4}")
    }
}

/// One decimal, never `-0.0`.
fn one_decimal(x: f64) -> String {
    let s = format!("{x:.1}");
    if s == "-0.0" { "0.0".to_string() } else { s }
}

/// One decimal with a sign, `0.0` unsigned.
fn signed(x: f64) -> String {
    let s = one_decimal(x);
    if s == "0.0" || s.starts_with('-') {
        s
    } else {
        format!("+{s}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_numbers_read_as_published() {
        assert_eq!(percent(Some(159.0 / 295.0)), "53.9%");
        assert_eq!(percent(Some(188.0 / 295.0)), "63.7%");
        assert_eq!(points(Some(29.0 / 295.0)), "+9.8");
        assert_eq!(points(Some(-0.112)), "-11.2");
        assert_eq!(points(Some(-0.0001)), "0.0");
        assert_eq!(percent(None), "n/a");
        assert_eq!(
            percent_interval(Interval {
                lo: 0.13,
                hi: 0.268
            }),
            "[13.0, 26.8]"
        );
        assert_eq!(
            points_interval(Interval {
                lo: -0.01,
                hi: 0.166
            }),
            "[-1.0, +16.6]"
        );
        assert_eq!(p_value(0.003_112_689), "0.0031");
        assert_eq!(p_value(1.0), "1.0000");
        assert_eq!(p_value(1e-9), "<0.0001");
    }
}
