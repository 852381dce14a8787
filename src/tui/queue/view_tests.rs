//! Snapshots of the queue at 120x40 and 80x24, and the styles they cannot show.

use ratatui::style::{Color, Modifier};

use crate::tui::testing::{
    AppBuilder, press, render, snapshot_screens, snapshot_tagging, type_text,
};
use crate::tui::theme::Role;

#[test]
fn queue() {
    snapshot_screens!("queue", |_| {});
}

#[test]
fn queue_all_pairs_filtered() {
    snapshot_screens!("queue_filter", |app| {
        press(app, "x /");
        type_text(app, "model=qwen2.5-coder-7b variant=T2");
    });
}

#[test]
fn queue_filter_error() {
    snapshot_screens!("queue_filter_error", |app| {
        press(app, "/");
        type_text(app, "colour=red");
    });
}

#[test]
fn queue_tagged() {
    snapshot_tagging!("queue_tagged", |app| press(app, "j j 3 j 9 4"));
}

#[test]
fn the_selected_row_is_reversed_and_losses_use_the_loss_role() {
    let app = AppBuilder::fixture().size(120, 40).build();
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    // The first pair row sits under the header block (5), the table border and header.
    let row = 5 + 2;
    let cell = &buf[(2, row)];
    assert!(cell.modifier.contains(Modifier::REVERSED), "{cell:?}");
    let next = &buf[(2, row + 1)];
    assert!(!next.modifier.contains(Modifier::REVERSED), "{next:?}");
    let loss = app.theme.style(Role::Loss).fg.unwrap();
    assert_eq!(loss, Color::LightRed);
    let line: String = (0..buf.area.width)
        .map(|x| buf[(x, row + 1)].symbol().to_string())
        .collect();
    let at = line.find(" CW ").expect("a CW cell") as u16 + 1;
    assert_eq!(buf[(at, row + 1)].fg, loss);
}

#[test]
fn queue_rows_follow_the_terminal() {
    use super::view::queue_rows;
    assert_eq!(queue_rows((80, 24)), 14);
    assert_eq!(queue_rows((120, 40)), 30);
    assert_eq!(queue_rows((10, 3)), 1);
}
