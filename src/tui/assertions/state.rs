//! The assertions screens' state: the study's assertions, the indices that pass the
//! filter, the selection, and the audited assertion with its pane and scrolls (the
//! waveform's by signals and cycles).

use std::sync::Arc;

use super::model::AssertionStudy;
use crate::reproof::AssertionView;
use crate::stats::FieldFilter;
use crate::tui::widgets::waveform::WaveScroll;

/// The panes of the audit screen, in Tab order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssertionPane {
    Rtl,
    Assertion,
    Waveform,
}

impl AssertionPane {
    pub const ALL: [AssertionPane; 3] = [
        AssertionPane::Rtl,
        AssertionPane::Assertion,
        AssertionPane::Waveform,
    ];

    pub fn index(self) -> usize {
        Self::ALL.iter().position(|p| *p == self).unwrap_or(0)
    }
}

/// The audit of one assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssertionAudit {
    /// The assertion's index in the study.
    pub index: usize,
    pub pane: AssertionPane,
    /// Lines scrolled in the RTL and assertion panes.
    pub scroll: [usize; 2],
    /// Where the counterexample's waveform is scrolled (signals and cycles).
    pub wave: WaveScroll,
}

impl AssertionAudit {
    /// A fresh audit of assertion `index` with `pane` focused, scrolled to the top.
    pub fn new(index: usize, pane: AssertionPane) -> AssertionAudit {
        AssertionAudit {
            index,
            pane,
            scroll: [0; 2],
            wave: WaveScroll::default(),
        }
    }
}

/// What a column sorts by: numbers as numbers (shots, N), the rest as text; ties keep
/// the study's order (the sort is stable).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum SortKey<'a> {
    Number(Option<u64>),
    Text(&'a str),
}

fn sort_key(v: &AssertionView, column: usize) -> SortKey<'_> {
    let u = &v.unit;
    match column {
        0 => SortKey::Text(u.program.as_str()),
        1 => SortKey::Text(u.model.as_str()),
        2 => SortKey::Number(u.shots.map(u64::from)),
        3 => SortKey::Number(Some(u.index as u64)),
        4 => SortKey::Text(u.external_class()),
        5 => SortKey::Text(v.flipscope()),
        6 => SortKey::Text(v.agree()),
        _ => SortKey::Text(u.text.trim()),
    }
}

/// The queue of assertions and its audit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssertionsState {
    pub study: Arc<AssertionStudy>,
    /// The indices shown, in study order.
    pub visible: Vec<usize>,
    pub selected: usize,
    pub offset: usize,
    pub filter: FieldFilter,
    /// (agree, disagree, not compared) over the visible assertions.
    pub agreement: [usize; 3],
    pub audit: Option<AssertionAudit>,
    /// The column the queue is sorted by (`view::COLUMNS` index); `None`: study order.
    pub sort: Option<usize>,
    /// Whether the order is reversed.
    pub descending: bool,
    /// Whether the metrics (the agreement table of the assertions shown) replace the
    /// queue (`M`).
    pub metrics: bool,
}

impl AssertionsState {
    /// The queue showing every assertion.
    pub fn new(study: Arc<AssertionStudy>) -> AssertionsState {
        let mut s = AssertionsState {
            study,
            visible: Vec::new(),
            selected: 0,
            offset: 0,
            filter: FieldFilter::default(),
            agreement: [0; 3],
            audit: None,
            sort: None,
            descending: false,
            metrics: false,
        };
        s.refilter();
        s
    }

    /// The assertion under the selection.
    pub fn selected_view(&self) -> Option<&AssertionView> {
        self.visible
            .get(self.selected)
            .map(|&i| &self.study.views[i])
    }

    /// Recomputes the visible list, keeping the selected assertion when still shown.
    pub fn refilter(&mut self) {
        let keep = self.visible.get(self.selected).copied();
        self.visible = (0..self.study.views.len())
            .filter(|&i| self.filter.matches(&self.study.views[i]))
            .collect();
        if let Some(column) = self.sort {
            let views = &self.study.views;
            self.visible
                .sort_by(|&a, &b| sort_key(&views[a], column).cmp(&sort_key(&views[b], column)));
        }
        if self.descending {
            self.visible.reverse();
        }
        self.agreement = [0; 3];
        for &i in &self.visible {
            let slot = match self.study.views[i].agree() {
                "yes" => 0,
                "no" => 1,
                _ => 2,
            };
            self.agreement[slot] += 1;
        }
        self.selected = keep
            .and_then(|k| self.visible.iter().position(|&i| i == k))
            .unwrap_or(0);
        self.offset = self.offset.min(self.selected);
    }

    /// Sorts by `column` (`None`: the study's order), reversed when `descending`,
    /// keeping the selected assertion selected.
    pub fn sort_by(&mut self, column: Option<usize>, descending: bool) {
        self.sort = column;
        self.descending = descending;
        self.refilter();
    }

    /// Moves the selection by `delta` (clamped), scrolled to stay within `rows`.
    pub fn move_by(&mut self, delta: isize, rows: usize) {
        if self.visible.is_empty() {
            return;
        }
        self.selected = self
            .selected
            .saturating_add_signed(delta)
            .min(self.visible.len() - 1);
        let rows = rows.max(1);
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + rows {
            self.offset = self.selected + 1 - rows;
        }
    }
}
