//! Snapshots of the audit screen at 120x40 and 80x24 (each pane, rename mode, a
//! tagged pair), and the styles they cannot show.

use crate::tui::testing::{AppBuilder, press, render, settle, snapshot_screens, snapshot_tagging};
use crate::tui::theme::Role;

#[test]
fn audit() {
    snapshot_screens!("audit", |app| {
        press(app, "Enter");
        settle(app);
    });
}

#[test]
fn audit_properties_pane() {
    snapshot_screens!("audit_properties", |app| {
        press(app, "Enter Tab Tab");
        settle(app);
    });
}

#[test]
fn audit_truth_pane() {
    snapshot_screens!("audit_truth", |app| {
        press(app, "Enter Tab Tab Tab");
        settle(app);
    });
}

#[test]
fn audit_rename_mode() {
    snapshot_screens!("audit_rename", |app| {
        let t2 = app
            .queue
            .visible
            .iter()
            .copied()
            .find(|&i| app.study.pairs[i].variant == "T2");
        app.jump_to(t2.unwrap());
        press(app, "Tab r");
        settle(app);
    });
}

#[test]
fn audit_tagged() {
    snapshot_tagging!("audit_tagged", |app| {
        press(app, "j j Enter 5");
        settle(app);
    });
}

#[test]
fn the_diff_marks_the_reordered_operands_in_the_differs_role() {
    let mut app = AppBuilder::fixture().size(120, 40).build();
    let t1 = app.queue.visible.iter().copied().find(|&i| {
        let p = &app.study.pairs[i];
        p.variant == "T1" && p.program == "p03"
    });
    app.jump_to(t1.unwrap());
    settle(&mut app);
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    let differs = app.theme.style(Role::Differs).bg.unwrap();
    let line = |y: u16| {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect::<String>()
    };
    // `end else if (req || sel2) begin` in the transformed pane (right half).
    let y = (0..buf.area.height)
        .find(|&y| line(y).contains("(req || sel2)"))
        .unwrap();
    let x = line(y).find("(req || sel2)").unwrap();
    let x = line(y)[..x].chars().count() as u16 + 1;
    assert_eq!(buf[(x, y)].symbol(), "r");
    assert_eq!(buf[(x, y)].bg, differs, "the moved operand is marked");
    let keyword = app.theme.style(Role::Keyword).fg.unwrap();
    let end = line(y).find("end").unwrap();
    let end = line(y)[..end].chars().count() as u16;
    assert_eq!(
        buf[(end, y)].fg,
        keyword,
        "`end` is highlighted as a keyword"
    );
}
