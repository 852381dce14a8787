//! The exact McNemar test of losses L against gains G: a two-sided exact binomial
//! test, p = min(1, 2 * P(X <= min(L, G))) with X ~ Bin(L + G, 1/2).

/// The exact two-sided McNemar p-value; 1 when there are no discordant pairs.
///
/// Computed without overflow or underflow for any counts: the largest term
/// C(n, m) / 2^n is found in log space, and the smaller ones follow from it by the
/// ratio C(n, k-1) / C(n, k) = k / (n - k + 1), so every summand is a number in
/// [0, 1] and the sum never cancels.
pub fn mcnemar_exact(losses: u64, gains: u64) -> f64 {
    let n = losses + gains;
    if n == 0 {
        return 1.0;
    }
    let m = losses.min(gains);
    if 2 * m == n {
        return 1.0;
    }
    // ln C(n, m) - n ln 2, with ln C(n, m) = sum_{i=1..m} ln((n - m + i) / i).
    let mut log_top = -(n as f64) * std::f64::consts::LN_2;
    for i in 1..=m {
        log_top += ((n - m + i) as f64 / i as f64).ln();
    }
    let mut term = log_top.exp();
    let mut tail = 0.0;
    let mut k = m;
    loop {
        tail += term;
        if k == 0 || term < tail * 1e-17 {
            break;
        }
        term *= k as f64 / (n - k + 1) as f64;
        k -= 1;
    }
    (2.0 * tail).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    /// Exact tail with big rational arithmetic done by hand in u128 (small n only).
    fn reference(l: u64, g: u64) -> f64 {
        let n = l + g;
        if n == 0 {
            return 1.0;
        }
        let m = l.min(g);
        let mut c: u128 = 1;
        let mut sum: u128 = 0;
        for k in 0..=m {
            if k > 0 {
                c = c * u128::from(n - k + 1) / u128::from(k);
            }
            sum += c;
        }
        (2.0 * sum as f64 / 2f64.powi(n as i32)).min(1.0)
    }

    #[test]
    fn paper_condition_is_significant() {
        // L = 31, G = 60: the exact test gives 0.003113 (sum_{k<=31} C(91,k) / 2^90).
        // The 0.0033 sometimes quoted is the chi-square test with continuity
        // correction ((|31-60|-1)^2/91 = 8.62), which is not this test.
        let p = mcnemar_exact(31, 60);
        assert!(close(p, reference(31, 60), 1e-12), "{p}");
        assert!(close(p, 0.003_112_689_848_393_76, 1e-12), "{p}");
        assert_eq!(p, mcnemar_exact(60, 31));
    }

    #[test]
    fn known_small_values() {
        assert_eq!(mcnemar_exact(0, 0), 1.0);
        assert_eq!(mcnemar_exact(3, 3), 1.0);
        assert_eq!(mcnemar_exact(0, 1), 1.0);
        assert_eq!(mcnemar_exact(0, 5), 2.0 / 32.0);
        assert!(close(mcnemar_exact(1, 9), 22.0 / 1024.0, 1e-14));
        assert!(close(mcnemar_exact(2, 8), 2.0 * 56.0 / 1024.0, 1e-14));
    }

    #[test]
    fn matches_exact_sums_up_to_one_hundred() {
        for l in 0..60 {
            for g in 0..(100 - l) {
                let (p, r) = (mcnemar_exact(l, g), reference(l, g));
                assert!(close(p, r, 1e-12), "L={l} G={g}: {p} vs {r}");
            }
        }
    }

    #[test]
    fn huge_counts_neither_overflow_nor_vanish_wrongly() {
        let p = mcnemar_exact(1_000_000, 1_000_000);
        assert_eq!(p, 1.0);
        let p = mcnemar_exact(499_000, 501_000);
        assert!(p > 0.0 && p < 1.0 && p.is_finite(), "{p}");
        // About 2 standard deviations apart: p close to 0.0455.
        assert!((0.04..0.05).contains(&p), "{p}");
        let tiny = mcnemar_exact(10, 1_000_000);
        assert!((0.0..1e-300).contains(&tiny), "{tiny}");
    }

    proptest::proptest! {
        #[test]
        fn symmetric_bounded_and_monotone(l in 0u64..500, g in 0u64..500) {
            // (Beyond about 1,000 discordant pairs a p-value can underflow to 0.0.)
            let p = mcnemar_exact(l, g);
            proptest::prop_assert!(p > 0.0 && p <= 1.0, "{}", p);
            proptest::prop_assert_eq!(p, mcnemar_exact(g, l));
            // Moving one discordant pair from the smaller side to the larger one can
            // only make the evidence stronger.
            if l < g {
                proptest::prop_assert!(mcnemar_exact(l, g + 1) <= p * (1.0 + 1e-12));
                if l > 0 {
                    proptest::prop_assert!(mcnemar_exact(l - 1, g + 1) <= p * (1.0 + 1e-12));
                }
            }
        }
    }
}
