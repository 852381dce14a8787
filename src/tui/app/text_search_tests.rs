//! `/` in text panes with `n`/`N` (issue 27, fix 8), on the audit, family and
//! assertion-audit screens: the search jumps as it is typed, Enter keeps it, `n`/`N`
//! step and wrap, Esc ends it and gives `n` back to the note, Esc in the field goes
//! back where the pane was, and the footer shows the search's keys.

use crate::tui::action::Action;
use crate::tui::app::{App, Overlay, Screen};
use crate::tui::audit::Pane;
use crate::tui::testing::{family_app, press, render, settle, study_copy, tagging_app};

fn audit_app(dir: &std::path::Path) -> App {
    let mut app = tagging_app(dir);
    press(&mut app, "Enter");
    settle(&mut app);
    assert_eq!(app.screen, Screen::Audit);
    app
}

/// The family fixture at `size`, its first pair open on the family screen.
fn family_open(size: (u16, u16)) -> App {
    let mut app = family_app(size, None);
    press(&mut app, "Enter");
    settle(&mut app);
    assert_eq!(app.screen, Screen::Family);
    app
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Input(c));
    }
}

fn message(app: &App) -> String {
    app.message.clone().unwrap_or_default()
}

fn footer(app: &App) -> String {
    let drawn = format!("{}", render(app).backend());
    drawn.lines().last().unwrap_or_default().to_string()
}

#[test]
fn slash_searches_the_focused_rtl_pane_and_n_steps_through_the_matches() {
    let dir = study_copy();
    let mut app = audit_app(dir.path());
    let lines = crate::tui::audit::rtl::text_lines(app.audit.as_ref().unwrap(), Pane::RtlOriginal);
    let hits: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("end"))
        .collect();
    assert!(hits.len() >= 2, "the fixture's RTL has several `end`s");
    press(&mut app, "/");
    assert_eq!(app.overlay, Some(Overlay::TextSearch));
    typed(&mut app, "END");
    assert!(
        message(&app).contains(&format!("match 1 of {}", hits.len())),
        "{}",
        message(&app)
    );
    press(&mut app, "Enter");
    assert_eq!(app.overlay, None);
    assert!(app.text_search_active());
    assert!(footer(&app).contains("n next match"), "{}", footer(&app));
    assert!(!footer(&app).contains("n note"), "{}", footer(&app));
    press(&mut app, "n");
    assert!(
        message(&app).contains(&format!("match 2 of {}", hits.len())),
        "{}",
        message(&app)
    );
    press(&mut app, "N");
    assert!(
        message(&app).contains(&format!("match 1 of {}", hits.len())),
        "{}",
        message(&app)
    );
    // Back from the first wraps to the last.
    press(&mut app, "N");
    assert!(
        message(&app).contains(&format!("match {} of {}", hits.len(), hits.len())),
        "{}",
        message(&app)
    );
    // Esc ends the search; then n is the note again and Esc goes back.
    press(&mut app, "Esc");
    assert!(!app.text_search_active());
    assert_eq!(app.screen, Screen::Audit);
    assert!(message(&app).contains("search ended"), "{}", message(&app));
    press(&mut app, "n");
    assert_eq!(app.overlay, Some(Overlay::Note));
}

#[test]
fn the_search_scrolls_the_pane_to_the_match_and_esc_in_the_field_goes_back() {
    let mut app = family_open((60, 16));
    press(&mut app, "BackTab");
    let rtl = crate::tui::family::FamilyPane::Rtl;
    assert_eq!(app.family_audit().unwrap().pane, rtl);
    let scroll = |app: &App| app.family_audit().unwrap().scroll[rtl.index()];
    assert_eq!(scroll(&app), 0);
    // The last line of the module is below the pane's rows.
    press(&mut app, "/");
    typed(&mut app, "endmodule");
    assert!(message(&app).contains("match 1 of 1"), "{}", message(&app));
    assert!(scroll(&app) > 0, "the pane scrolled to the match");
    // Esc in the field: back where the pane was, no search in force.
    press(&mut app, "Esc");
    assert_eq!(app.overlay, None);
    assert!(!app.text_search_active());
    assert_eq!(scroll(&app), 0);
    // A text that is nowhere says so, and Enter keeps nothing to step through.
    press(&mut app, "/");
    typed(&mut app, "zzz_not_there");
    assert!(message(&app).contains("no match"), "{}", message(&app));
    press(&mut app, "Enter");
    assert!(message(&app).contains("no match"), "{}", message(&app));
}

fn audit_pane(app: &App) -> Pane {
    app.audit.as_ref().unwrap().pane
}

#[test]
fn the_truth_table_says_it_is_not_searched() {
    let dir = study_copy();
    let mut app = audit_app(dir.path());
    while audit_pane(&app) != Pane::TruthTable {
        press(&mut app, "Tab");
    }
    press(&mut app, "/");
    assert_eq!(app.overlay, None);
    assert!(message(&app).contains("not searched"), "{}", message(&app));
}

#[test]
fn matches_are_shown_reversed_on_the_screen() {
    let dir = study_copy();
    let mut app = audit_app(dir.path());
    press(&mut app, "/");
    typed(&mut app, "begin");
    press(&mut app, "Enter");
    let terminal = render(&app);
    let buffer = terminal.backend().buffer();
    let reversed = buffer
        .content()
        .iter()
        .filter(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED))
        .count();
    assert!(reversed >= "begin".len(), "{reversed} cells reversed");
}

#[test]
fn the_family_screen_searches_its_rtl_and_its_properties() {
    let mut app = family_open((120, 40));
    // The screen opens on the properties: the search selects the matching property.
    let study = std::sync::Arc::clone(&app.family.as_ref().unwrap().study);
    let rows = app.family_audit().unwrap().rows(&study).to_vec();
    let last = rows.len() - 1;
    assert!(last > 0, "the fixture has several properties");
    let name = rows[last].name.clone();
    press(&mut app, "/");
    assert_eq!(app.overlay, Some(Overlay::TextSearch));
    typed(&mut app, &name);
    assert!(message(&app).contains("match"), "{}", message(&app));
    press(&mut app, "Enter");
    let selected = &rows[app.family_audit().unwrap().property];
    assert!(selected.name.contains(&name) || selected.text.contains(&name));
    // Tab to the RTL: n searches the new pane's lines.
    press(&mut app, "BackTab");
    press(&mut app, "n");
    assert!(message(&app).contains("match"), "{}", message(&app));
    press(&mut app, "Esc Esc");
    assert_eq!(app.screen, Screen::Queue);
}

#[test]
fn the_assertion_audit_searches_its_rtl() {
    let mut app = crate::tui::assertions::tests::app(120, 40);
    press(&mut app, "Enter");
    settle(&mut app);
    assert_eq!(app.screen, Screen::AssertionAudit);
    press(&mut app, "/");
    typed(&mut app, "module");
    assert!(message(&app).contains("match 1 of"), "{}", message(&app));
    press(&mut app, "Enter n");
    assert!(message(&app).contains("match"), "{}", message(&app));
}

#[test]
fn lists_keep_slash_as_their_filter() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    press(&mut app, "/");
    assert_eq!(app.overlay, Some(Overlay::Filter));
}
