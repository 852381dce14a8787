//! Snapshots of every screen at 120x40 and 80x24 (`TestBackend`, insta), and the styles
//! that text snapshots cannot show.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};

use super::action::Action;
use super::app::App;
use super::app::tests::{AppBuilder, press, settle, type_text};
use super::theme::Role;

const SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

fn render(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal
        .draw(|frame| super::views::draw(app, frame))
        .unwrap();
    terminal
}

/// Builds the fixture app at each size, applies `setup`, snapshots the screen.
fn snapshot_screens(name: &str, setup: impl Fn(&mut App)) {
    for (w, h) in SIZES {
        let mut app = AppBuilder::fixture().size(w, h).build();
        setup(&mut app);
        let terminal = render(&app);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), terminal.backend());
    }
}

#[test]
fn queue() {
    snapshot_screens("queue", |_| {});
}

#[test]
fn queue_all_pairs_filtered() {
    snapshot_screens("queue_filter", |app| {
        press(app, "x /");
        type_text(app, "model=qwen2.5-coder-7b variant=T2");
    });
}

#[test]
fn queue_filter_error() {
    snapshot_screens("queue_filter_error", |app| {
        press(app, "/");
        type_text(app, "colour=red");
    });
}

#[test]
fn audit() {
    snapshot_screens("audit", |app| {
        press(app, "Enter");
        settle(app);
    });
}

#[test]
fn audit_properties_pane() {
    snapshot_screens("audit_properties", |app| {
        press(app, "Enter Tab Tab");
        settle(app);
    });
}

#[test]
fn audit_truth_pane() {
    snapshot_screens("audit_truth", |app| {
        press(app, "Enter Tab Tab Tab");
        settle(app);
    });
}

#[test]
fn audit_rename_mode() {
    snapshot_screens("audit_rename", |app| {
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
fn finder() {
    snapshot_screens("finder", |app| {
        press(app, "f");
        type_text(app, "sel");
        settle(app);
    });
}

#[test]
fn help() {
    snapshot_screens("help", |app| press(app, "?"));
}

#[test]
fn loading_and_failed() {
    for (w, h) in SIZES {
        let mut app = App::new(
            super::keymap::Keymap::default(),
            super::theme::Theme::builtin(super::theme::ThemeKind::Dark),
        );
        app.update(Action::Resize(w, h));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("pairs.jsonl"), "{\"program\": 1}\n").unwrap();
        app.start_loading(vec![dir.path().join("pairs.jsonl")]);
        insta::assert_snapshot!(format!("loading_{w}x{h}"), render(&app).backend());
        settle(&mut app);
        // The temporary path differs per run: show it under a fixed name.
        if let super::app::LoadState::Failed(m) = &mut app.load {
            *m = m.replace(&dir.path().display().to_string(), "STUDY");
        }
        insta::assert_snapshot!(format!("failed_{w}x{h}"), render(&app).backend());
    }
}

#[test]
fn the_status_line_says_ready_only_when_idle() {
    let mut app = AppBuilder::fixture().size(80, 24).build();
    let line = |t: &Terminal<TestBackend>| {
        let buf = t.backend().buffer();
        (0..buf.area.width)
            .map(|x| buf[(x, 22)].symbol().to_string())
            .collect::<String>()
    };
    assert!(line(&render(&app)).starts_with("ready"));
    press(&mut app, "Enter");
    assert!(!line(&render(&app)).starts_with("ready"));
    settle(&mut app);
    assert!(line(&render(&app)).starts_with("ready"));
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

/// Like `snapshot_screens`, with the annotation store open on a copy of the fixture
/// (the message naming the temp path cleared).
fn snapshot_tagging(name: &str, setup: impl Fn(&mut App)) {
    use super::tag_actions::tests::{study_copy, tagging_app};
    for (w, h) in SIZES {
        let dir = study_copy();
        let mut app = tagging_app(dir.path());
        app.update(Action::Resize(w, h));
        app.message = None;
        setup(&mut app);
        let terminal = render(&app);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), terminal.backend());
    }
}

#[test]
fn queue_tagged() {
    snapshot_tagging("queue_tagged", |app| press(app, "j j 3 j 9 4"));
}

#[test]
fn audit_tagged() {
    snapshot_tagging("audit_tagged", |app| {
        press(app, "j j Enter 5");
        settle(app);
    });
}

#[test]
fn note_popup() {
    snapshot_tagging("note_popup", |app| {
        press(app, "n");
        type_text(app, "antecedent drops en");
    });
}

#[test]
fn audit_sample() {
    snapshot_tagging("audit_sample", |app| press(app, "S 1"));
}

#[test]
fn help_names_the_tags_of_the_digit_keys() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "?");
    let text: String = super::views::help::help_lines(&app)
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(text.contains("toggle tag output-contract"), "{text}");
    assert!(text.contains("toggle tag reference-error"), "{text}");
    assert!(text.contains("accept"), "{text}");
}
