//! The view of one pair that the filter language and the metrics need: [`FilterRow`],
//! and [`Observation`], a plain owned row for tests, benchmarks and callers without
//! a richer pair type.

/// One pair (one behavior, one model, the original verdict and one variant's verdict)
/// as the filter and the metrics see it. The scored pairs, the TUI's rows and plain
/// [`Observation`]s all implement it.
pub trait FilterRow {
    fn model(&self) -> &str;
    fn variant(&self) -> &str;
    fn program(&self) -> &str;
    fn stratum(&self) -> &str;
    /// The behavior's identity within its program (`lhs=rhs`, `#2` for repeats).
    fn behavior(&self) -> &str;
    /// Whether the behavior is correct on the original program.
    fn base_correct(&self) -> bool;
    /// Whether the behavior is correct on the variant.
    fn trans_correct(&self) -> bool;
    /// The original side's category (SCORING.md), when known.
    fn base_category(&self) -> Option<&str> {
        None
    }
    /// The variant side's category, when known.
    fn trans_category(&self) -> Option<&str> {
        None
    }
    /// The behavior class of the pair's program, for programs that have one (an
    /// EquivSVA family's category, e.g. `arbiter`); the filter's `category` key
    /// matches it besides the verdict categories.
    fn behavior_class(&self) -> Option<&str> {
        None
    }
    /// Whether the pair's family is variant-sensitive for its model (see
    /// `stats::family::variant_sensitive`); `None` for pairs that are not of a family.
    fn variant_sensitive(&self) -> Option<bool> {
        None
    }
    /// The failure tags a person confirmed on this pair.
    fn tags(&self) -> impl Iterator<Item = &str> {
        std::iter::empty()
    }
    /// The sample the pair's two sides come from (0 unless the model has several
    /// generations per prompt).
    fn sample(&self) -> u32 {
        0
    }
    /// The flip class: `CC`, `CW` (a loss), `WC` (a gain) or `WW`.
    fn flip(&self) -> &'static str {
        flip_class(self.base_correct(), self.trans_correct())
    }
}

/// Implements the identity accessors of [`FilterRow`] (`model`, `variant`, `program`,
/// `stratum`, `behavior`) for a row type with `String` fields of those names; used
/// inside an `impl FilterRow for ...` block.
macro_rules! filter_row_identity {
    () => {
        fn model(&self) -> &str {
            &self.model
        }
        fn variant(&self) -> &str {
            &self.variant
        }
        fn program(&self) -> &str {
            &self.program
        }
        fn stratum(&self) -> &str {
            &self.stratum
        }
        fn behavior(&self) -> &str {
            &self.behavior
        }
    };
}
pub(crate) use filter_row_identity;

/// Implements the side accessors of [`FilterRow`] (`base_correct`, `trans_correct`,
/// `base_category`, `trans_category`) for a row type whose `base` and `trans` fields
/// have a `correct: bool` and a `category: Option<_>` that derefs to `str`.
macro_rules! filter_row_sides {
    () => {
        fn base_correct(&self) -> bool {
            self.base.correct
        }
        fn trans_correct(&self) -> bool {
            self.trans.correct
        }
        fn base_category(&self) -> Option<&str> {
            self.base.category.as_deref()
        }
        fn trans_category(&self) -> Option<&str> {
            self.trans.category.as_deref()
        }
    };
}
pub(crate) use filter_row_sides;

/// The flip class of a pair from the correctness of its two sides.
pub fn flip_class(base: bool, trans: bool) -> &'static str {
    match (base, trans) {
        (true, true) => "CC",
        (true, false) => "CW",
        (false, true) => "WC",
        (false, false) => "WW",
    }
}

/// A plain owned pair.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Observation {
    pub model: String,
    pub variant: String,
    pub program: String,
    pub stratum: String,
    pub behavior: String,
    pub base: bool,
    pub trans: bool,
    pub base_category: Option<String>,
    pub trans_category: Option<String>,
    pub tags: Vec<String>,
}

impl FilterRow for Observation {
    crate::stats::row::filter_row_identity!();
    fn base_correct(&self) -> bool {
        self.base
    }
    fn trans_correct(&self) -> bool {
        self.trans
    }
    fn base_category(&self) -> Option<&str> {
        self.base_category.as_deref()
    }
    fn trans_category(&self) -> Option<&str> {
        self.trans_category.as_deref()
    }
    fn tags(&self) -> impl Iterator<Item = &str> {
        self.tags.iter().map(String::as_str)
    }
}
