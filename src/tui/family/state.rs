//! The family audit screen's state: the pair audited, the implementation shown (one of
//! the family's four, chosen with `v`), the focused pane, the selected property, whose
//! counterexample is shown (chosen on the transfer matrix), and where each pane is
//! scrolled (the waveform by signals and cycles).

use std::sync::Arc;

use super::model::{FamilyStudy, FamilyText, PropertyRow, Whose};
use crate::reproof::Trace;
use crate::tui::widgets::waveform::WaveScroll;

/// The panes of the family screen, in focus (Tab) order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyPane {
    /// The shown implementation's RTL with its diff against the canonical one.
    Rtl,
    /// The shown implementation's generated properties and their status.
    Properties,
    /// The selected property's counterexample as a waveform table.
    Counterexample,
    /// The transfer matrix (property x implementation) and the mutants caught.
    Transfer,
}

impl FamilyPane {
    pub const ALL: [FamilyPane; 4] = [
        FamilyPane::Rtl,
        FamilyPane::Properties,
        FamilyPane::Counterexample,
        FamilyPane::Transfer,
    ];

    pub fn index(self) -> usize {
        Self::ALL.iter().position(|p| *p == self).unwrap_or(0)
    }
}

/// The audit of one family pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyAudit {
    /// The pair's index in the study.
    pub pair: usize,
    pub program: String,
    pub model: String,
    /// The pair's variant (its non-canonical side).
    pub variant: String,
    /// The sample both sides come from (0 when the model has one per prompt).
    pub sample: u32,
    /// The implementation shown: an index into the family's implementations.
    pub implementation: usize,
    pub pane: FamilyPane,
    /// The selected property of the shown implementation's output.
    pub property: usize,
    /// Rows scrolled per pane (the RTL's lines; the waveform's are in `wave`).
    pub scroll: [usize; 4],
    /// Where the counterexample's waveform is scrolled.
    pub wave: WaveScroll,
    /// Whose counterexample is shown (`None`: the first there is, see
    /// [`PropertyRow::shown_trace`]).
    pub whose: Option<Whose>,
    /// The transfer matrix's column under the cursor: an implementation, or (one past
    /// the last) the mutants.
    pub column: usize,
}

impl FamilyAudit {
    /// A fresh audit of a pair, showing its variant's implementation.
    pub fn new(
        pair: usize,
        program: &str,
        model: &str,
        variant: &str,
        sample: u32,
        family: Option<&FamilyText>,
    ) -> FamilyAudit {
        FamilyAudit {
            pair,
            program: program.to_string(),
            model: model.to_string(),
            variant: variant.to_string(),
            sample,
            implementation: family.and_then(|f| f.position(variant)).unwrap_or(0),
            pane: FamilyPane::Properties,
            property: 0,
            scroll: [0; 4],
            wave: WaveScroll::default(),
            whose: None,
            column: 0,
        }
    }

    /// The shown implementation's variant name (`original` when the family is missing).
    pub fn shown_variant<'a>(&'a self, study: &'a FamilyStudy) -> &'a str {
        study
            .families
            .get(&self.program)
            .and_then(|f| f.implementations.get(self.implementation))
            .map_or(crate::study::ORIGINAL, |i| i.variant.as_str())
    }

    /// The shown implementation's property lines.
    pub fn rows<'a>(&self, study: &'a FamilyStudy) -> &'a [PropertyRow] {
        study.rows(
            &self.model,
            &self.program,
            self.shown_variant(study),
            self.sample,
        )
    }

    /// The selected property line, if the output has one.
    pub fn selected<'a>(&self, study: &'a FamilyStudy) -> Option<&'a PropertyRow> {
        self.rows(study).get(self.property)
    }

    /// Shows the next implementation (wrapping), with its first property selected.
    pub fn next_implementation(&mut self, study: &FamilyStudy) {
        let n = study
            .families
            .get(&self.program)
            .map_or(1, |f| f.implementations.len().max(1));
        self.implementation = (self.implementation + 1) % n;
        self.property = 0;
        self.scroll = [0; 4];
        self.wave = WaveScroll::default();
        self.whose = None;
    }

    /// Selects the property `delta` lines further (clamped); the waveform starts over.
    pub fn move_property(&mut self, delta: isize, study: &FamilyStudy) {
        let n = self.rows(study).len();
        if n == 0 {
            return;
        }
        let to = self.property.saturating_add_signed(delta).min(n - 1);
        if to != self.property {
            self.property = to;
            self.wave = WaveScroll::default();
            self.whose = None;
        }
    }

    /// The selected property's counterexample shown, and where it comes from.
    pub fn shown_trace<'a>(&self, study: &'a FamilyStudy) -> Option<(String, &'a Trace)> {
        self.selected(study)
            .and_then(|r| r.shown_trace(self.shown_variant(study), self.whose.as_ref()))
    }

    /// Shows `whose` counterexample, the waveform from its start.
    pub fn show(&mut self, whose: Whose) {
        self.whose = Some(whose);
        self.wave = WaveScroll::default();
    }
}

/// The family screens' data and the audit open on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyState {
    pub study: Arc<FamilyStudy>,
    pub audit: Option<FamilyAudit>,
}

impl FamilyState {
    pub fn new(study: Arc<FamilyStudy>) -> FamilyState {
        FamilyState { study, audit: None }
    }
}
