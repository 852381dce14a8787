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
    let text: String = super::view::help_lines(&app.shell())
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(text.contains("toggle tag output-contract"), "{text}");
    assert!(text.contains("toggle tag reference-error"), "{text}");
    assert!(text.contains("accept"), "{text}");
}

#[test]
fn help_opens_at_the_current_screens_keys_and_pages() {
    use crate::tui::keymap::Mode;
    let mut app = AppBuilder::fixture().size(80, 24).build();
    press(&mut app, "Enter");
    crate::tui::testing::settle(&mut app);
    press(&mut app, "?");
    assert_eq!(app.help.from, Mode::Audit);
    let lines = super::view::help_lines(&app.shell());
    assert!(
        lines[app.help.scroll].to_string().starts_with("audit"),
        "{}",
        lines[app.help.scroll]
    );
    let page = super::view::visible_lines(&app.shell(), &app.help);
    let at = app.help.scroll;
    press(&mut app, "PageDown");
    assert_eq!(app.help.scroll, at + page);
    press(&mut app, "Ctrl-u g");
    assert_eq!(app.help.scroll, 0);
    press(&mut app, "Ctrl-d");
    assert_eq!(app.help.scroll, page);
    press(&mut app, "G");
    let last = lines.len() - page;
    assert_eq!(app.help.scroll, last, "the last line at the bottom");
    press(&mut app, "j End");
    assert_eq!(app.help.scroll, last);
    // The position shows.
    let text = crate::tui::testing::screen_text(&app);
    assert!(
        text.contains(&format!("{}-{}/{}", last + 1, lines.len(), lines.len())),
        "{text}"
    );
}

#[test]
fn slash_searches_the_help() {
    let mut app = AppBuilder::fixture().size(80, 24).build();
    press(&mut app, "? /");
    crate::tui::testing::type_text(&mut app, "pair id");
    let lines: Vec<String> = super::view::help_lines(&app.shell())
        .iter()
        .map(|l| l.to_string())
        .collect();
    let first = app.help.current.expect("a match");
    assert!(
        lines[first].contains("copy the pair id"),
        "{}",
        lines[first]
    );
    press(&mut app, "Esc");
    assert_eq!(
        app.help.scroll,
        crate::tui::help::view::section_start(&app.shell(), crate::tui::keymap::Mode::Queue)
    );
    press(&mut app, "/");
    crate::tui::testing::type_text(&mut app, "scroll");
    press(&mut app, "Enter");
    let first = app.help.current.unwrap();
    press(&mut app, "n");
    let second = app.help.current.unwrap();
    assert!(
        second > first && lines[second].contains("scroll"),
        "{}",
        lines[second]
    );
    press(&mut app, "N");
    assert_eq!(app.help.current, Some(first));
    assert!(
        app.message.as_deref().unwrap().contains("match 1 of"),
        "{:?}",
        app.message
    );
    press(&mut app, "Esc");
    assert_eq!(app.overlay, None, "Esc then closes the help");
}

#[test]
fn help_search() {
    snapshot_screens!("help_search", |app| {
        press(app, "Enter");
        crate::tui::testing::settle(app);
        press(app, "? /");
        crate::tui::testing::type_text(app, "scroll");
    });
}
