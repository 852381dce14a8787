//! The counts of one condition (or one program, or one bootstrap replicate) and the
//! study's ratios over them. A ratio with a zero denominator is `None`, never NaN.

use std::ops::{Add, AddAssign, Sub};

/// N behaviors, B correct on the original, T correct on the transformed input, R
/// correct on both, L correct-to-wrong (losses), G wrong-to-correct (gains).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub n: u64,
    pub b: u64,
    pub t: u64,
    pub r: u64,
    pub l: u64,
    pub g: u64,
}

impl Counts {
    /// Counts of a single pair.
    pub fn of_pair(base: bool, trans: bool) -> Self {
        let mut c = Self::default();
        c.add_pair(base, trans);
        c
    }

    /// Adds one pair.
    pub fn add_pair(&mut self, base: bool, trans: bool) {
        self.n += 1;
        self.b += u64::from(base);
        self.t += u64::from(trans);
        self.r += u64::from(base && trans);
        self.l += u64::from(base && !trans);
        self.g += u64::from(!base && trans);
    }

    /// Rebuilds the counts from (N, B, L, G): R = B - L and T = R + G.
    pub fn from_nblg(n: u64, b: u64, l: u64, g: u64) -> Self {
        let r = b - l;
        Self {
            n,
            b,
            t: r + g,
            r,
            l,
            g,
        }
    }

    /// Accuracy on the original, B/N.
    pub fn acc_base(&self) -> Option<f64> {
        ratio(self.b as f64, self.n)
    }

    /// Accuracy on the transformed input, T/N.
    pub fn acc_trans(&self) -> Option<f64> {
        ratio(self.t as f64, self.n)
    }

    /// Accuracy delta (T-B)/N, a signed fraction.
    pub fn delta_acc(&self) -> Option<f64> {
        ratio(self.t as f64 - self.b as f64, self.n)
    }

    /// Conditional robustness R/B.
    pub fn conditional_robustness(&self) -> Option<f64> {
        ratio(self.r as f64, self.b)
    }

    /// Invariance failure L/B.
    pub fn invariance_failure(&self) -> Option<f64> {
        ratio(self.l as f64, self.b)
    }

    /// Any-flip rate (L+G)/N.
    pub fn flip_rate(&self) -> Option<f64> {
        ratio((self.l + self.g) as f64, self.n)
    }
}

fn ratio(num: f64, den: u64) -> Option<f64> {
    (den != 0).then(|| num / den as f64)
}

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Self) {
        self.n += o.n;
        self.b += o.b;
        self.t += o.t;
        self.r += o.r;
        self.l += o.l;
        self.g += o.g;
    }
}

impl Add for Counts {
    type Output = Self;
    fn add(mut self, o: Self) -> Self {
        self += o;
        self
    }
}

impl Sub for Counts {
    type Output = Self;
    /// Removes a part (a program) from a whole; `o` must be contained in `self`.
    fn sub(self, o: Self) -> Self {
        Self {
            n: self.n - o.n,
            b: self.b - o.b,
            t: self.t - o.t,
            r: self.r - o.r,
            l: self.l - o.l,
            g: self.g - o.g,
        }
    }
}

/// The ratios the study reports, in the order of the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Metric {
    AccBase,
    AccTrans,
    DeltaAcc,
    ConditionalRobustness,
    InvarianceFailure,
    FlipRate,
}

impl Metric {
    pub const ALL: [Metric; 6] = [
        Metric::AccBase,
        Metric::AccTrans,
        Metric::DeltaAcc,
        Metric::ConditionalRobustness,
        Metric::InvarianceFailure,
        Metric::FlipRate,
    ];

    /// The metric's value on some counts.
    pub fn value(self, c: &Counts) -> Option<f64> {
        match self {
            Metric::AccBase => c.acc_base(),
            Metric::AccTrans => c.acc_trans(),
            Metric::DeltaAcc => c.delta_acc(),
            Metric::ConditionalRobustness => c.conditional_robustness(),
            Metric::InvarianceFailure => c.invariance_failure(),
            Metric::FlipRate => c.flip_rate(),
        }
    }

    /// The key used in JSON and CSV.
    pub fn key(self) -> &'static str {
        match self {
            Metric::AccBase => "acc_base",
            Metric::AccTrans => "acc_trans",
            Metric::DeltaAcc => "delta_acc",
            Metric::ConditionalRobustness => "conditional_robustness",
            Metric::InvarianceFailure => "invariance_failure",
            Metric::FlipRate => "flip_rate",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// DeepSeek-Coder-V2-Lite under T2 in the paper: N=295, B=159, L=31, G=60.
    fn paper() -> Counts {
        Counts::from_nblg(295, 159, 31, 60)
    }

    #[test]
    fn paper_figures_from_counts() {
        let c = paper();
        assert_eq!((c.t, c.r), (188, 128));
        assert_eq!(c.acc_base(), Some(159.0 / 295.0));
        assert_eq!(c.acc_trans(), Some(188.0 / 295.0));
        assert_eq!(c.delta_acc(), Some(29.0 / 295.0));
        assert_eq!(c.invariance_failure(), Some(31.0 / 159.0));
        assert_eq!(c.conditional_robustness(), Some(128.0 / 159.0));
        assert_eq!(c.flip_rate(), Some(91.0 / 295.0));
        let pct = |x: Option<f64>| format!("{:.1}", x.unwrap() * 100.0);
        assert_eq!(pct(c.acc_base()), "53.9");
        assert_eq!(pct(c.acc_trans()), "63.7");
        assert_eq!(pct(c.delta_acc()), "9.8");
        assert_eq!(pct(c.invariance_failure()), "19.5");
        assert_eq!(pct(c.flip_rate()), "30.8");
    }

    #[test]
    fn pairs_add_up_to_the_same_counts() {
        let mut c = Counts::default();
        let flips = [
            (true, true, 128),
            (true, false, 31),
            (false, true, 60),
            (false, false, 76),
        ];
        for (base, trans, k) in flips {
            for _ in 0..k {
                c.add_pair(base, trans);
            }
        }
        assert_eq!(c, paper());
        assert_eq!(
            c - Counts::of_pair(true, false),
            Counts::from_nblg(294, 158, 30, 60)
        );
    }

    #[test]
    fn zero_denominators_are_none_not_nan() {
        let c = Counts::from_nblg(3, 0, 0, 2);
        assert_eq!(c.conditional_robustness(), None);
        assert_eq!(c.invariance_failure(), None);
        assert_eq!(c.flip_rate(), Some(2.0 / 3.0));
        let empty = Counts::default();
        assert!(Metric::ALL.iter().all(|m| m.value(&empty).is_none()));
    }
}
