//! The audit screen's state: the pair shown, its panes in focus order, where each pane
//! is scrolled, rename mode and the truth table once it is computed.

use std::collections::HashMap;
use std::sync::Arc;

use super::truth::TruthView;
use crate::tui::model::AuditData;
use crate::tui::text::diff::apply_rename;

/// The panes of the audit screen, in focus order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    RtlOriginal,
    RtlTransformed,
    Properties,
    TruthTable,
}

impl Pane {
    pub const ALL: [Pane; 4] = [
        Pane::RtlOriginal,
        Pane::RtlTransformed,
        Pane::Properties,
        Pane::TruthTable,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Pane::RtlOriginal => "RTL original",
            Pane::RtlTransformed => "RTL transformed",
            Pane::Properties => "Properties",
            Pane::TruthTable => "Truth table",
        }
    }
}

/// The audit screen's state for one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditState {
    /// Index of the pair in the study.
    pub pair: usize,
    pub data: Arc<AuditData>,
    pub pane: Pane,
    /// Scroll offset (rows) per pane.
    pub scroll: HashMap<Pane, usize>,
    /// Show the transformed side in the original names.
    pub rename: bool,
    pub truth: Option<Arc<TruthView>>,
}

impl AuditState {
    pub fn scroll_of(&self, pane: Pane) -> usize {
        self.scroll.get(&pane).copied().unwrap_or(0)
    }

    /// How far a pane can scroll: its last line (or row) at the top. The properties
    /// pane wraps, so its bound is generous; the view clamps it further to what fits.
    pub fn max_scroll(&self, pane: Pane) -> usize {
        let lines = |t: &str| t.lines().count().saturating_sub(1);
        match pane {
            Pane::RtlOriginal => lines(&self.data.rtl_original),
            Pane::RtlTransformed => lines(&self.data.rtl_transformed),
            Pane::Properties => {
                let texts = [&self.data.base.property, &self.data.trans.property];
                let reference = self.data.reference_property.as_deref().unwrap_or("");
                12 + lines(reference) * 2 + texts.iter().map(|t| lines(t) * 2).sum::<usize>()
            }
            Pane::TruthTable => self
                .truth
                .as_ref()
                .map_or(0, |t| t.rows.len().saturating_sub(1)),
        }
    }

    /// The transformed RTL as shown (in the original names in rename mode).
    pub fn transformed_rtl(&self) -> String {
        if self.rename {
            apply_rename(&self.data.rtl_transformed, &self.data.rename)
        } else {
            self.data.rtl_transformed.clone()
        }
    }
}
