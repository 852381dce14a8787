//! Snapshots of the frame while the study loads and after it failed to, and the
//! status line's idle signal.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::action::Action;
use crate::tui::app::{App, LoadState};
use crate::tui::keymap::Keymap;
use crate::tui::testing::{AppBuilder, SIZES, press, render, settle};
use crate::tui::theme::{Theme, ThemeKind};

#[test]
fn loading_and_failed() {
    for (w, h) in SIZES {
        let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
        app.update(Action::Resize(w, h));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("pairs.jsonl"), "{\"program\": 1}\n").unwrap();
        app.start_loading(vec![dir.path().join("pairs.jsonl")]);
        insta::assert_snapshot!(format!("loading_{w}x{h}"), render(&app).backend());
        settle(&mut app);
        // The temporary path differs per run: show it under a fixed name.
        if let LoadState::Failed(m) = &mut app.load {
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

/// The footer line of the app as drawn.
fn footer(app: &App) -> String {
    let terminal = render(app);
    let buf = terminal.backend().buffer();
    let y = buf.area.height - 1;
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

#[test]
fn the_footer_always_offers_help_and_quit() {
    for (w, h) in [(120, 40), (80, 24), (60, 16)] {
        let mut app = AppBuilder::fixture().size(w, h).build();
        for keys in ["", "Enter", "Esc M", "Esc ?"] {
            if !keys.is_empty() {
                press(&mut app, keys);
                settle(&mut app);
            }
            let line = footer(&app);
            assert!(
                line.contains("? help") && line.contains("q quit"),
                "{w}x{h} after `{keys}`: {line}"
            );
        }
    }
}

#[test]
fn the_footer_offers_tab_only_where_it_does_something() {
    let mut app = AppBuilder::fixture().size(120, 40).build();
    app.dashboard.config.replicates = 20;
    press(&mut app, "M");
    settle(&mut app);
    assert!(
        !footer(&app).contains("Tab other figure"),
        "both figures shown"
    );
    app.update(Action::Resize(80, 24));
    assert!(
        footer(&app).contains("Tab other figure"),
        "{}",
        footer(&app)
    );
}

#[test]
fn messages_of_another_screen_are_cleared_and_long_ones_open_whole() {
    let mut app = AppBuilder::fixture().size(120, 40).build();
    press(&mut app, "Enter r");
    assert!(app.message.is_some());
    press(&mut app, "Esc");
    assert_eq!(app.message, None, "the audit's message stays on the audit");
    let long = format!(
        "error: {}",
        "a long problem that names a file and a line, ".repeat(6)
    );
    app.message = Some(long.clone());
    let status = {
        let terminal = render(&app);
        let buf = terminal.backend().buffer();
        (0..120)
            .map(|x| buf[(x, 38)].symbol().to_string())
            .collect::<String>()
    };
    assert!(status.contains("… (! shows all)"), "{status}");
    press(&mut app, "!");
    assert_eq!(app.overlay, Some(crate::tui::app::Overlay::Message));
    let text = crate::tui::testing::screen_text(&app);
    assert!(
        text.contains("names a file and a line, a long"),
        "wrapped whole: {text}"
    );
    press(&mut app, "Esc");
    assert_eq!(app.overlay, None);
}

#[test]
fn message_popup() {
    crate::tui::testing::snapshot_screens!("message_popup", |app| {
        app.message = Some(format!(
            "read-only: {}",
            "the annotation store STUDY/annotations.jsonl is locked by another flipscope (pid 4242, since 10:02); "
                .repeat(3)
        ));
        press(app, "!");
    });
}

#[test]
fn y_copies_the_pair_id_and_the_properties() {
    let mut app = AppBuilder::fixture().build();
    let i = app.queue.selected_pair().unwrap();
    press(&mut app, "y");
    assert_eq!(app.overlay, Some(crate::tui::app::Overlay::Copy));
    press(&mut app, "i");
    let key = crate::tui::tagging::pair_key(&app.study.pairs[i]).to_string();
    assert_eq!(app.clipboard.as_deref(), Some(key.as_str()));
    assert_eq!(app.overlay, None);
    press(&mut app, "Enter y t");
    assert_eq!(
        app.clipboard.as_deref(),
        Some(app.study.pairs[i].trans.property.as_str())
    );
    press(&mut app, "y r");
    assert_eq!(
        app.clipboard.as_deref(),
        Some(app.study.pairs[i].trans.reason.as_str())
    );
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .starts_with("copied the reason")
    );
}

#[test]
fn copy_menu() {
    crate::tui::testing::snapshot_screens!("copy_menu", |app| press(app, "y"));
}
