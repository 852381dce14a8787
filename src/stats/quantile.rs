//! Sample quantiles of sorted bootstrap statistics.

/// The `p`-quantile (p in [0, 1]) of ascending `sorted` values by linear interpolation
/// between order statistics (Hyndman and Fan's type 7, the default of R and NumPy).
/// `None` for no values.
pub fn quantile_sorted(sorted: &[f64], p: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let h = last as f64 * p.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(last);
    let frac = h - lo as f64;
    let (a, b) = (sorted[lo], sorted[hi]);
    // Equal neighbours give exactly that value (no rounding from the interpolation).
    Some(if a == b { a } else { a + frac * (b - a) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_seven_quantiles() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile_sorted(&v, 0.0), Some(1.0));
        assert_eq!(quantile_sorted(&v, 1.0), Some(5.0));
        assert_eq!(quantile_sorted(&v, 0.5), Some(3.0));
        assert_eq!(quantile_sorted(&v, 0.025), Some(1.1));
        assert_eq!(quantile_sorted(&[7.0], 0.975), Some(7.0));
        assert_eq!(quantile_sorted(&[], 0.5), None);
    }
}
