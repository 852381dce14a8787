//! The family audit screen of a whole-module study (EquivSVA): Enter on a family pair
//! of the queue (one model's outputs for a family's canonical implementation and one
//! variant) shows the family's four implementations, each with its diff against the
//! canonical one (`v` chooses the one shown), that implementation's generated
//! properties with their status, the selected property's counterexample as a
//! waveform table, and the transfer matrix (property x implementation) with the
//! mutants each property catches. The tagging keys work here as on the VERT audit
//! screen. `model` builds what it shows when the study loads; `state`, `update` and
//! `view` as for every screen; `whose` chooses whose counterexample is shown;
//! `figures` draws the family figures on the dashboard.

pub mod figures;
pub mod model;
pub mod state;
pub mod update;
pub mod view;
pub mod whose;

pub use model::FamilyStudy;
pub use state::{FamilyAudit, FamilyPane, FamilyState};

#[cfg(test)]
mod tests;
