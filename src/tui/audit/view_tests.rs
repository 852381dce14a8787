//! Snapshots of the audit screen at 120x40 and 80x24 (each pane, rename mode, a
//! tagged pair, a note, long lines), and the styles they cannot show (the focused
//! pane, no colours).

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

/// A program with a line longer than the pane, audited at `w`x`h`.
fn long_lines_app(w: u16, h: u16) -> crate::tui::app::App {
    let mut app = AppBuilder::fixture().size(w, h).build();
    let program = app.study.pairs[app.queue.selected_pair().unwrap()]
        .program
        .clone();
    let long = format!(
        "if ({}) begin\n  y = a;\nend\n",
        (0..14)
            .map(|i| format!("sig_{i:02}"))
            .collect::<Vec<_>>()
            .join(" && ")
    );
    let study = std::sync::Arc::make_mut(&mut app.study);
    let p = study.programs.get_mut(&program).unwrap();
    p.rtl = long.clone();
    for v in p.variants.values_mut() {
        v.rtl = long.replace("sig_13", "sig_99");
    }
    press(&mut app, "Enter");
    settle(&mut app);
    app
}

#[test]
fn long_rtl_lines_are_marked_and_scroll_sideways_together() {
    use crate::tui::audit::Pane;
    use crate::tui::widgets::code::{CUT_LEFT, CUT_RIGHT};
    let mut app = long_lines_app(120, 40);
    let text = crate::tui::testing::screen_text(&app);
    let first = text.lines().find(|l| l.contains("if (sig_00")).unwrap();
    assert!(first.contains(CUT_RIGHT), "{first}");
    press(&mut app, "s L");
    let audit = app.audit.as_ref().unwrap();
    assert!(audit.linked);
    let moved = audit.hscroll_of(Pane::RtlOriginal);
    assert!(moved > 0);
    assert_eq!(
        audit.hscroll_of(Pane::RtlTransformed),
        moved,
        "scrolled together"
    );
    let text = crate::tui::testing::screen_text(&app);
    let first = text.lines().find(|l| l.contains("1 ‹")).unwrap();
    assert!(first.matches(CUT_LEFT).count() == 2, "both panes: {first}");
    // As far as it goes: the end of the line shows, with no `›`.
    press(&mut app, "L L L L L L L L L L");
    let text = crate::tui::testing::screen_text(&app);
    let first = text.lines().find(|l| l.contains("1 ‹")).unwrap();
    assert!(first.contains("sig_13) begin"), "{first}");
    press(&mut app, "H H H H H H H H H H H H");
    assert_eq!(app.audit.as_ref().unwrap().hscroll_of(Pane::RtlOriginal), 0);
}

#[test]
fn audit_long_lines() {
    for (w, h) in [(120, 40), (80, 24)] {
        let mut app = long_lines_app(w, h);
        press(&mut app, "L");
        insta::assert_snapshot!(format!("audit_long_lines_{w}x{h}"), render(&app).backend());
    }
}

#[test]
fn the_header_says_where_the_pair_stands_and_shows_its_note() {
    use crate::tui::testing::{study_copy, tagging_app, type_text};
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    press(&mut app, "j j n");
    type_text(&mut app, "the antecedent drops sel2");
    press(&mut app, "Enter Enter");
    settle(&mut app);
    let text = crate::tui::testing::screen_text(&app);
    assert!(text.contains("pair 3/12"), "{text}");
    assert!(text.contains("note the antecedent drops sel2"), "{text}");
    // The queue marks the pair as noted.
    press(&mut app, "Esc");
    let text = crate::tui::testing::screen_text(&app);
    let row = text.lines().find(|l| l.contains('✎')).unwrap_or_default();
    assert!(!row.is_empty(), "{text}");
}

#[test]
fn audit_noted() {
    use crate::tui::testing::type_text;
    snapshot_tagging!("audit_noted", |app| {
        press(app, "j j n");
        type_text(app, "the antecedent drops sel2; the scorer is right");
        press(app, "Enter Enter");
        settle(app);
        app.message = None;
    });
}

#[test]
fn the_focused_pane_has_a_heavy_border_in_the_focus_role() {
    let mut app = AppBuilder::fixture().size(120, 40).build();
    press(&mut app, "Enter");
    settle(&mut app);
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    // The RTL original pane (focused) starts under the two header lines.
    let corner = &buf[(0, 2)];
    assert_eq!(corner.symbol(), "┏");
    assert_eq!(corner.fg, app.theme.style(Role::Focus).fg.unwrap());
    let other = (0..buf.area.width)
        .find(|&x| buf[(x, 2)].symbol() == "┌")
        .unwrap();
    assert!(other > 50, "the transformed pane is not focused");
}

#[test]
fn without_colours_the_selection_diff_marks_and_focus_stay_visible() {
    use ratatui::style::{Color, Modifier};
    let mut app = AppBuilder::fixture().size(120, 40).build();
    app.theme = app.theme.clone().without_colours();
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    let selected = &buf[(3, 7)];
    assert!(
        selected.modifier.contains(Modifier::REVERSED),
        "{selected:?}"
    );
    assert!(
        (0..buf.area.width).all(|x| (0..buf.area.height).all(|y| {
            let c = &buf[(x, y)];
            c.fg == Color::Reset && c.bg == Color::Reset
        })),
        "no colour anywhere"
    );
    let t1 = app.queue.visible.iter().copied().find(|&i| {
        let p = &app.study.pairs[i];
        p.variant == "T1" && p.program == "p03"
    });
    app.jump_to(t1.unwrap());
    settle(&mut app);
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    let corner = &buf[(0, 2)];
    assert_eq!(corner.symbol(), "┏", "focus by its border");
    assert!(corner.modifier.contains(Modifier::BOLD));
    let line = |y: u16| {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect::<String>()
    };
    let y = (0..buf.area.height)
        .find(|&y| line(y).contains("(req || sel2)"))
        .unwrap();
    let x = line(y)[..line(y).find("(req || sel2)").unwrap()]
        .chars()
        .count() as u16
        + 1;
    assert!(
        buf[(x, y)].modifier.contains(Modifier::UNDERLINED),
        "the diff mark is underlined: {:?}",
        buf[(x, y)]
    );
}

/// A truth table of eight long atoms, as the issue's `auth_1…g_127` example.
fn many_atoms() -> crate::tui::audit::truth::TruthView {
    use crate::tui::audit::truth::{TruthRow, TruthView, atom_label};
    let atoms: Vec<String> = [
        "chip_select_n",
        "hw_1_ready",
        "reg_ctrl_q[3]",
        "auth_1_state != AUTH_IDLE_127",
        "clk_div_count == 4'hF",
        "chip_enable_long_name",
        "irq_pending_flag",
        "mode_sel == 2'b10",
    ]
    .map(String::from)
    .to_vec();
    let expr = atoms.join(" && ");
    let rows = (0..12)
        .map(|r: usize| TruthRow {
            atoms: (0..8).map(|b| (r >> b) & 1 == 1).collect(),
            values: vec![Some(r == 3), Some(r == 3), Some(r == 3), Some(r % 2 == 1)],
            disagree: r % 2 == 1 && r != 3,
        })
        .collect();
    TruthView {
        labels: (0..atoms.len()).map(atom_label).collect(),
        columns: vec![
            ("reference (oracle)".into(), Ok(expr.clone())),
            ("RTL path".into(), Ok(expr.clone())),
            ("original".into(), Ok(expr)),
            ("transformed".into(), Ok("chip_select_n".into())),
        ],
        atoms,
        rows,
        note: None,
        bound: None,
    }
}

#[test]
fn audit_truth_many_atoms() {
    for (w, h) in [(120, 40), (80, 24), (200, 60)] {
        let mut app = AppBuilder::fixture().size(w, h).build();
        press(&mut app, "Enter Tab Tab Tab");
        settle(&mut app);
        app.audit.as_mut().unwrap().truth = Some(std::sync::Arc::new(many_atoms()));
        let text = crate::tui::testing::screen_text(&app);
        // Every atom is in the legend in full, under its label.
        for atom in ["auth_1_state != AUTH_IDLE_127", "clk_div_count == 4'hF"] {
            assert!(text.contains(atom), "{w}x{h}: {atom}\n{text}");
        }
        insta::assert_snapshot!(
            format!("audit_truth_many_atoms_{w}x{h}"),
            render(&app).backend()
        );
    }
}

/// A truth table scrolled on a small terminal and then given room shows its legend
/// and every row again: the scroll is no further than the new size allows.
#[test]
fn a_resize_brings_the_truth_tables_legend_back() {
    let mut app = AppBuilder::fixture().size(80, 24).build();
    press(&mut app, "Enter Tab Tab Tab");
    settle(&mut app);
    press(&mut app, "G");
    let pane = crate::tui::audit::Pane::TruthTable;
    let scrolled = app.audit.as_ref().unwrap().scroll_of(pane);
    assert!(scrolled > 0, "G scrolls into the legend at 80x24");
    let small = crate::tui::testing::screen_text(&app);
    assert!(
        small.contains("rows 1-8/8"),
        "G shows the last row:\n{small}"
    );
    app.update(crate::tui::action::Action::Resize(120, 40));
    assert_eq!(app.audit.as_ref().unwrap().scroll_of(pane), 0);
    let big = crate::tui::testing::screen_text(&app);
    assert!(big.contains("3 atoms, 8 rows, 4 disagree"), "{big}");
    assert!(big.contains("rows 1-8/8"), "{big}");
}
