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
