//! The causes of a disagreement between flipscope and a dataset's engine, as records
//! store them and the table by cause names them (which evidence decides each is
//! [`super::cause`]'s).

use serde::{Deserialize, Serialize};

/// The cause of a disagreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    BindNotTaken,
    BlackBoxedMultiplier,
    Width,
    ClockAsData,
    OutOfRangeRead,
    ResetConvention,
    Unexplained,
}

impl Cause {
    pub const ALL: [Cause; 7] = [
        Cause::BindNotTaken,
        Cause::BlackBoxedMultiplier,
        Cause::Width,
        Cause::ClockAsData,
        Cause::OutOfRangeRead,
        Cause::ResetConvention,
        Cause::Unexplained,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Cause::BindNotTaken => "bind-not-taken",
            Cause::BlackBoxedMultiplier => "black-boxed-multiplier",
            Cause::Width => "width",
            Cause::ClockAsData => "clock-as-data",
            Cause::OutOfRangeRead => "out-of-range-read",
            Cause::ResetConvention => "reset-convention",
            Cause::Unexplained => "unexplained",
        }
    }

    /// The row's label in the table by cause.
    pub fn label(self) -> &'static str {
        match self {
            Cause::BindNotTaken => "bind not taken (not compared)",
            Cause::BlackBoxedMultiplier => "multiplier black-boxed by JasperGold (WNL018)",
            Cause::Width => "port width differs from the bound signal",
            Cause::ClockAsData => "clock read as data",
            Cause::OutOfRangeRead => "undefined out-of-range read",
            Cause::ResetConvention => "reset convention",
            Cause::Unexplained => "unexplained",
        }
    }
}
