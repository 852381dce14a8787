//! The audit screen's state: the pair shown, its panes in focus order, where each pane
//! is scrolled, rename mode and the truth table once it is computed.

use std::collections::HashMap;
use std::sync::Arc;

use ratatui::text::Line;

use super::rtl::ShownPair;
use super::truth::TruthView;
use crate::tui::memo::Memo;
use crate::tui::model::{AuditData, Oracle, Verbatim};
use crate::tui::text::diff::apply_rename;
use crate::tui::theme::Theme;

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
    /// Horizontal scroll offset (characters after the line numbers) of the RTL panes.
    pub hscroll: HashMap<Pane, usize>,
    /// The two RTL panes scroll together (as a side-by-side diff).
    pub linked: bool,
    /// Show the transformed side in the original names.
    pub rename: bool,
    pub truth: Option<Arc<TruthView>>,
    /// What the panes cost to lay out, kept between frames and keys.
    pub memo: AuditMemo,
}

/// The audit screen's layout work, each kept for the last key it was asked for: a
/// 10,000-atom pair's word diff, wrapped properties and truth-table legend are worked
/// out once, then every frame and key costs what is on screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AuditMemo {
    /// The RTL panes, by rename mode.
    pub rtl: Memo<bool, ShownPair>,
    /// The properties pane's wrapped lines, by (width, rename mode, oracle, theme).
    pub properties: Memo<(u16, bool, Oracle, Theme), Vec<Line<'static>>>,
    /// The truth table's legend, by (width, the table, theme).
    pub legend: Memo<(u16, TableKey, Theme), Vec<Line<'static>>>,
}

/// A truth table as a memo's key: the same table (not an equal one).
#[derive(Clone, Debug)]
pub struct TableKey(pub Arc<TruthView>);

impl PartialEq for TableKey {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl AuditState {
    /// A fresh audit of `pair`.
    pub fn new(pair: usize, data: Arc<AuditData>) -> AuditState {
        AuditState {
            pair,
            data,
            pane: Pane::RtlOriginal,
            scroll: HashMap::new(),
            hscroll: HashMap::new(),
            linked: false,
            rename: false,
            truth: None,
            memo: AuditMemo::default(),
        }
    }

    pub fn scroll_of(&self, pane: Pane) -> usize {
        self.scroll.get(&pane).copied().unwrap_or(0)
    }

    pub fn hscroll_of(&self, pane: Pane) -> usize {
        self.hscroll.get(&pane).copied().unwrap_or(0)
    }

    /// The transformed RTL as shown (in the original names in rename mode).
    pub fn transformed_rtl(&self) -> String {
        if self.rename {
            apply_rename(&self.data.rtl_transformed, &self.data.rename)
        } else {
            self.data.rtl_transformed.clone()
        }
    }

    /// The transformed property as shown, and what it is: as the model wrote it (the
    /// variant's names), or, in rename mode, in the original names as the scorer
    /// compared it.
    pub fn transformed_property(&self) -> (String, String) {
        if self.rename || self.data.rename.is_empty() {
            let label = if self.data.rename.is_empty() {
                "transformed".to_string()
            } else {
                "transformed · in the original names (as scored)".to_string()
            };
            return (self.data.trans.property.clone(), label);
        }
        let (text, source) = self.data.trans_verbatim();
        let label = match source {
            Verbatim::Output | Verbatim::Same => {
                format!(
                    "transformed · as the model wrote it ({} names)",
                    self.data.variant
                )
            }
            Verbatim::Rebuilt => format!(
                "transformed · in the {} names (rebuilt from the rename map; no output loaded)",
                self.data.variant
            ),
        };
        (text, label)
    }
}
