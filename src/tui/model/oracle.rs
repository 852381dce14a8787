//! The oracle: where the true path condition of a pair comes from (the view model
//! and the jobs that score and build truth tables are told which one is in force).

/// Where the true path condition comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oracle {
    /// The dataset's reference properties (the paper's choice, the default).
    Reference,
    /// The path condition flipscope derives from the RTL.
    Rtl,
}

impl Oracle {
    pub fn name(self) -> &'static str {
        match self {
            Oracle::Reference => "reference",
            Oracle::Rtl => "rtl",
        }
    }
}
