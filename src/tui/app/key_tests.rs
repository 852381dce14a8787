//! Every key a screen's footer or help lists does something there, or says why not
//! (issue 27): per screen, from the same state each time, each binding of the screen's
//! table and the global one is pressed; the screen drawn, the status line, the screen,
//! the overlay, the clipboard or quitting must change.

use crate::tui::app::{App, Overlay, Screen};
use crate::tui::keymap::Key;
use crate::tui::testing::{family_app, press, render, settle, study_copy, tagging_app};

/// What a key can change that a user sees.
#[derive(PartialEq, Eq, Debug)]
struct Seen {
    drawn: String,
    message: Option<String>,
    screen: Screen,
    overlay: Option<Overlay>,
    clipboard: Option<String>,
    quit: bool,
}

fn seen(app: &App) -> Seen {
    Seen {
        drawn: format!("{}", render(app).backend()),
        message: app.message.clone(),
        screen: app.screen,
        overlay: app.overlay,
        clipboard: app.clipboard.clone(),
        quit: app.quit,
    }
}

/// The keys of `make()`'s screen that change nothing a user sees.
fn silent_keys(make: &dyn Fn() -> App) -> Vec<String> {
    let first = make();
    let mode = first.mode();
    let keymap = first.keymap.clone();
    let own = keymap.bindings(mode).iter();
    let global = keymap.hint_bindings(mode).into_iter().filter(|b| {
        // Global ones the screen's own table does not shadow.
        !keymap.bindings(mode).iter().any(|o| o.keys == b.keys)
    });
    let mut silent = Vec::new();
    for binding in own.chain(global) {
        for name in &binding.keys {
            let Some(key) = Key::parse(name) else {
                panic!("unparsable key {name}");
            };
            let mut app = make();
            app.message = None;
            let before = seen(&app);
            if let Some(action) = app.keymap.action(mode, key) {
                app.update(action);
                settle(&mut app);
            }
            if seen(&app) == before {
                silent.push(format!("{mode:?} {name} ({:?})", binding.action));
            }
        }
    }
    silent
}

fn check(make: &dyn Fn() -> App) {
    let silent = silent_keys(make);
    assert!(
        silent.is_empty(),
        "keys that do nothing and say nothing:\n{}",
        silent.join("\n")
    );
}

#[test]
fn every_queue_key_does_something() {
    let dir = study_copy();
    check(&|| {
        let mut app = tagging_app(dir.path());
        press(&mut app, "j j");
        app
    });
}

#[test]
fn every_audit_key_does_something() {
    let dir = study_copy();
    check(&|| {
        let mut app = tagging_app(dir.path());
        press(&mut app, "j Enter");
        settle(&mut app);
        app
    });
}

#[test]
fn every_dashboard_key_does_something() {
    let dir = study_copy();
    check(&|| {
        let mut app = tagging_app(dir.path());
        press(&mut app, "M");
        settle(&mut app);
        press(&mut app, "j");
        settle(&mut app);
        app
    });
}

#[test]
fn every_programs_key_does_something() {
    check(&|| {
        let mut app = family_app((120, 40), None);
        press(&mut app, "P");
        assert_eq!(app.screen, Screen::Programs);
        app
    });
}

#[test]
fn every_help_key_does_something() {
    let dir = study_copy();
    check(&|| {
        let mut app = tagging_app(dir.path());
        press(&mut app, "? j");
        app
    });
}

#[test]
fn every_family_key_does_something() {
    let dir = tempfile::tempdir().unwrap();
    check(&|| {
        let store = tempfile::tempdir_in(dir.path()).unwrap().keep();
        let mut app = family_app((120, 40), Some(&store));
        press(&mut app, "Enter");
        settle(&mut app);
        app
    });
}

/// The assertions fixture with an annotation store of its own under `dir`, after
/// `keys`.
fn assertions_app(dir: &std::path::Path, keys: &str) -> App {
    let store = tempfile::tempdir_in(dir).unwrap().keep();
    let mut app = crate::tui::assertions::tests::app(120, 40);
    app.tagging.auditor = "tester".into();
    app.open_annotations(&store, None);
    press(&mut app, keys);
    settle(&mut app);
    app
}

#[test]
fn every_assertions_key_does_something() {
    let dir = tempfile::tempdir().unwrap();
    check(&|| assertions_app(dir.path(), "j"));
}

#[test]
fn every_assertion_audit_key_does_something() {
    let dir = tempfile::tempdir().unwrap();
    check(&|| assertions_app(dir.path(), "j Enter"));
}
