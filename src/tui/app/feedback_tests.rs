//! The status line's feedback (issue 27, fix 9): a status does not outlive its pair,
//! `]` and `[` say when there is no further pair, `u` says what it undid, `T` says
//! which theme it chose.

use crate::tui::testing::{press, study_copy, tagging_app};

#[test]
fn a_status_goes_with_its_pair_and_the_ends_say_so() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    app.queue.selected = 0;
    press(&mut app, "Enter 1");
    let tagged = app.message.clone().unwrap();
    assert!(tagged.contains("(saved)"), "{tagged}");
    press(&mut app, "]");
    assert_eq!(app.message, None, "the tag message was about the pair left");
    press(&mut app, "[ [");
    let n = app.queue.visible.len();
    assert_eq!(
        app.message.as_deref(),
        Some(format!("the first pair (1 of {n}): ] goes on").as_str())
    );
    app.queue.selected = n - 1;
    press(&mut app, "Enter ]");
    assert_eq!(
        app.message.as_deref(),
        Some(format!("the last pair ({n} of {n}): [ goes back").as_str())
    );
}

#[test]
fn undo_says_which_decision_it_took_back() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    app.queue.selected = 0;
    press(&mut app, "Enter 1 u");
    let said = app.message.clone().unwrap();
    assert!(
        said.starts_with("undone: ") && said.contains(" on "),
        "{said}"
    );
    assert!(
        said.contains("tag output-contract") || said.contains("untag output-contract"),
        "{said}"
    );
    press(&mut app, "u u u u u u");
    assert_eq!(
        app.message.as_deref(),
        Some("nothing to undo in this session")
    );
}

#[test]
fn the_theme_key_says_which_theme() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    let before = app.theme.kind;
    press(&mut app, "T");
    assert_ne!(app.theme.kind, before);
    let said = app.message.clone().unwrap();
    assert!(
        said == format!("theme: {} (T switches back)", app.theme.kind.name())
            || said.contains("without colours"),
        "{said}"
    );
}
