//! Snapshots of the finder at 120x40 and 80x24.

use crate::tui::testing::{press, settle, snapshot_screens, type_text};

#[test]
fn finder() {
    snapshot_screens!("finder", |app| {
        press(app, "f");
        type_text(app, "sel");
        settle(app);
    });
}
