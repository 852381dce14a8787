//! Snapshots of the note popup and of the audit sample at 120x40 and 80x24.

use crate::tui::testing::{press, snapshot_tagging, type_text};

#[test]
fn note_popup() {
    snapshot_tagging!("note_popup", |app| {
        press(app, "n");
        type_text(app, "antecedent drops en");
    });
}

#[test]
fn audit_sample() {
    snapshot_tagging!("audit_sample", |app| press(app, "S 1"));
}
