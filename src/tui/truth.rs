//! The audit screen's truth table as shown: one column per expression (reference
//! antecedent, RTL path, the two generated antecedents), one row per assignment of the
//! atoms, rows where the expressions disagree first. Built from `logic` in a background
//! job.

/// One assignment of the atoms and what each expression gives under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TruthRow {
    /// A value per atom, in `TruthView::atoms` order.
    pub atoms: Vec<bool>,
    /// A value per expression column (`None` when that expression is missing).
    pub values: Vec<Option<bool>>,
    /// Whether the present expressions disagree.
    pub disagree: bool,
}

/// A truth table ready to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TruthView {
    /// The atoms, as text.
    pub atoms: Vec<String>,
    /// The expression columns: label and the expression's text (or why it is missing).
    pub columns: Vec<(String, Result<String, String>)>,
    pub rows: Vec<TruthRow>,
    /// Something to say above the table (too many atoms, rows cut, ...).
    pub note: Option<String>,
}

impl TruthView {
    /// How many rows disagree.
    pub fn disagreements(&self) -> usize {
        self.rows.iter().filter(|r| r.disagree).count()
    }
}

use super::app::Oracle;
use super::model::AuditData;

/// The truth table of an audit: the reference antecedent, the RTL path and both
/// generated antecedents over the atoms of all of them.
pub fn build(_data: &AuditData, _oracle: Oracle) -> TruthView {
    // Interim until `logic` (parse_expr, truth_table) is merged.
    TruthView {
        note: Some("truth tables arrive with the logic module".into()),
        ..TruthView::default()
    }
}
