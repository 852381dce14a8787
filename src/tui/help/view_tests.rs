//! Snapshots of the help screen at 120x40 and 80x24, and its text.

use crate::tui::testing::{AppBuilder, press, snapshot_screens};

#[test]
fn help() {
    snapshot_screens!("help", |app| press(app, "?"));
}

#[test]
fn help_names_the_tags_of_the_digit_keys() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "?");
    let text: String = super::view::help_lines(&app)
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(text.contains("toggle tag output-contract"), "{text}");
    assert!(text.contains("toggle tag reference-error"), "{text}");
    assert!(text.contains("accept"), "{text}");
}
