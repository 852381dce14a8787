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

#[test]
fn the_finder_opens_empty_and_ctrl_u_clears_it() {
    let mut app = crate::tui::testing::AppBuilder::fixture().build();
    press(&mut app, "f");
    type_text(&mut app, "sel");
    press(&mut app, "Esc f");
    assert_eq!(app.finder.query, "", "a new search each time");
    type_text(&mut app, "sel");
    press(&mut app, "Ctrl-u");
    assert_eq!(app.finder.query, "");
}

#[test]
fn a_jump_that_clears_the_filter_is_undone_by_esc() {
    use crate::tui::app::Screen;
    let mut app = crate::tui::testing::AppBuilder::fixture().build();
    press(&mut app, "/");
    type_text(&mut app, "program=p01");
    press(&mut app, "Enter j");
    let selected = app.queue.selected_pair();
    // Program p03: the filter hides its pairs.
    press(&mut app, "f");
    type_text(&mut app, "p03");
    settle(&mut app);
    press(&mut app, "Enter");
    settle(&mut app);
    assert_eq!(app.screen, Screen::Audit);
    assert!(app.queue.filter.is_empty(), "cleared to show the pair");
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("Esc brings them back"),
        "{:?}",
        app.message
    );
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
    assert_eq!(app.queue.filter.source(), "program=p01");
    assert_eq!(app.queue.flip, Some(crate::tui::model::FlipClass::CW));
    assert_eq!(app.queue.selected_pair(), selected);
    // With nothing left to go back to, Esc on the queue does nothing.
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
}
