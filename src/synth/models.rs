//! The two simulated models: their published counts (the calibration targets), their
//! mix of failure modes and their writing style.

/// A failure mode a wrong behavior is given (SCORING.md's categories).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    DroppedPredicate,
    BranchPolarity,
    BooleanStructure,
    OutputContract,
    WrongConsequent,
    MissingProperty,
    ExtraPredicate,
}

impl Failure {
    /// The category name (and annotation tag) of this failure.
    pub fn name(self) -> &'static str {
        match self {
            Failure::DroppedPredicate => "dropped-predicate",
            Failure::BranchPolarity => "branch-polarity",
            Failure::BooleanStructure => "boolean-structure",
            Failure::OutputContract => "output-contract",
            Failure::WrongConsequent => "wrong-consequent",
            Failure::MissingProperty => "missing-property",
            Failure::ExtraPredicate => "extra-predicate",
        }
    }
}

/// Losses and gains of one transformation, as published for the reference sizes.
#[derive(Debug, Clone, Copy)]
pub struct Flips {
    pub variant: &'static str,
    pub losses: usize,
    pub gains: usize,
}

/// One simulated model.
#[derive(Debug, Clone, Copy)]
pub struct ModelSpec {
    /// The `model` field of its generations.
    pub id: &'static str,
    /// What the calibration reproduces (written into every generation's `meta`).
    pub calibrated_to: &'static str,
    /// Correct on the original, of the 295 behaviors.
    pub base: usize,
    /// Correct on the original, of the 280 behaviors T1 applies to.
    pub base_t1: usize,
    /// Losses and gains per transformation (T1 on the 280, T2 and T3 on the 295).
    pub flips: [Flips; 3],
    /// Relative weights of the failure modes of a wrong behavior, in the order of
    /// [`FAILURES`].
    pub weights: [u32; 7],
    /// Writes every conjunct of an antecedent in parentheses.
    pub parenthesise: bool,
    /// Chance that an output whose behaviors are all wrong carries Markdown fences,
    /// prose or `assert property` lines around otherwise right properties.
    pub noise: f64,
}

/// The failure modes in the order of [`ModelSpec::weights`].
pub const FAILURES: [Failure; 7] = [
    Failure::DroppedPredicate,
    Failure::BranchPolarity,
    Failure::BooleanStructure,
    Failure::OutputContract,
    Failure::WrongConsequent,
    Failure::MissingProperty,
    Failure::ExtraPredicate,
];

/// Behaviors of the reference study (the paper's evaluation set).
pub const REFERENCE_BEHAVIORS: usize = 295;
/// Behaviors of the reference study that T1 applies to.
pub const REFERENCE_T1_BEHAVIORS: usize = 280;

/// The two simulated models of the sample study.
pub const MODELS: [ModelSpec; 2] = [
    ModelSpec {
        id: "sim-qwen2.5-coder-7b",
        calibrated_to: "Qwen2.5-Coder-7B as published in arXiv 2609.05658: 206/295 correct on the original (196/280 in T1's subset); T1 19 losses, 9 gains (gains chosen by flipscope); T2 21 losses, 18 gains; T3 45 losses, 12 gains",
        base: 206,
        base_t1: 196,
        flips: [
            Flips {
                variant: "T1",
                losses: 19,
                gains: 9,
            },
            Flips {
                variant: "T2",
                losses: 21,
                gains: 18,
            },
            Flips {
                variant: "T3",
                losses: 45,
                gains: 12,
            },
        ],
        weights: [30, 25, 15, 10, 7, 5, 8],
        parenthesise: true,
        noise: 0.5,
    },
    ModelSpec {
        id: "sim-deepseek-coder-v2-lite",
        calibrated_to: "DeepSeek-Coder-V2-Lite as published in arXiv 2609.05658: 159/295 correct on the original (149/280 in T1's subset, derived); T1 24 losses, 38 gains (derived from invariance failure 16.1% and +5.0 points); T2 31 losses, 60 gains; T3 43 losses, 31 gains",
        base: 159,
        base_t1: 149,
        flips: [
            Flips {
                variant: "T1",
                losses: 24,
                gains: 38,
            },
            Flips {
                variant: "T2",
                losses: 31,
                gains: 60,
            },
            Flips {
                variant: "T3",
                losses: 43,
                gains: 31,
            },
        ],
        weights: [25, 20, 15, 20, 8, 7, 5],
        parenthesise: false,
        noise: 0.5,
    },
];
