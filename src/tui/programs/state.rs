//! The programs screen's state: the catalog (built by the load job), the selected
//! program and the first one shown, and the variant whose RTL is shown.

use std::sync::Arc;

use crate::tui::model::catalog::{Catalog, ProgramEntry};

/// Where the programs screen is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramsState {
    pub catalog: Arc<Catalog>,
    /// The selected program (index into `catalog.programs`).
    pub selected: usize,
    /// The first program shown.
    pub offset: usize,
    /// The variant shown (index into the program's variants; kept in range when the
    /// program changes).
    pub variant: usize,
}

impl ProgramsState {
    pub fn new(catalog: Arc<Catalog>) -> ProgramsState {
        ProgramsState {
            catalog,
            ..ProgramsState::default()
        }
    }

    /// The selected program.
    pub fn program(&self) -> Option<&ProgramEntry> {
        self.catalog.programs.get(self.selected)
    }

    /// The variant shown, for the selected program.
    pub fn variant_name(&self) -> Option<&str> {
        let p = self.program()?;
        p.variants
            .get(self.variant.min(p.variants.len().saturating_sub(1)))
            .map(String::as_str)
    }

    /// Moves the selection by `delta` (clamped), keeping it within `rows` shown rows.
    pub fn move_by(&mut self, delta: isize, rows: usize) {
        let len = self.catalog.programs.len();
        if len == 0 {
            return;
        }
        self.selected = self.selected.saturating_add_signed(delta).min(len - 1);
        self.scroll_into_view(rows);
        if let Some(p) = self.program() {
            self.variant = self.variant.min(p.variants.len().saturating_sub(1));
        }
    }

    /// Keeps the selection among the `rows` shown.
    pub fn scroll_into_view(&mut self, rows: usize) {
        let rows = rows.max(1);
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + rows {
            self.offset = self.selected + 1 - rows;
        }
    }

    /// Shows the next (`1`) or previous (`-1`) variant, wrapping.
    pub fn cycle_variant(&mut self, step: isize) {
        let Some(n) = self.program().map(|p| p.variants.len()).filter(|&n| n > 0) else {
            return;
        };
        let current = self.variant.min(n - 1) as isize;
        self.variant = (current + step).rem_euclid(n as isize) as usize;
    }
}
