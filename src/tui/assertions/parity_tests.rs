//! The assertions screens offer what the pairs screens do (issue 27, fix 6): tags,
//! notes, undo and the export, search, sort, the metrics and the programs screen; and
//! the RTL pane opens on the top module, clips long lines and says where it is.

use std::sync::Arc;

use super::tests::{app, text};
use crate::tui::app::{App, Overlay, Screen};
use crate::tui::testing::{press, type_text};

/// The test app with an annotation store open in a temp dir.
fn tagging(dir: &std::path::Path) -> App {
    let mut app = app(120, 40);
    app.tagging.auditor = "tester".into();
    app.open_annotations(dir, None);
    app.message = None;
    app
}

fn selected(app: &App) -> usize {
    let s = app.assertions.as_ref().unwrap();
    s.visible[s.selected]
}

#[test]
fn digits_tag_n_notes_u_undoes_and_the_store_keeps_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = tagging(dir.path());
    press(&mut app, "1");
    assert!(
        app.message.as_deref().unwrap().starts_with("tagged "),
        "{:?}",
        app.message
    );
    let file = std::fs::read_to_string(dir.path().join("annotations.jsonl")).unwrap();
    assert!(file.contains("\"program\":\"fht_bfly\""), "{file}");
    assert!(file.contains("\"behavior\":\"1-shot #1\""), "{file}");
    assert!(file.contains("\"model\":\"codellama2-70b\""), "{file}");
    // The queue grows a tags column.
    let t = text(&app);
    assert!(t.contains(" tags "), "{t}");
    // A note from the audit screen, shown there and marked in the queue.
    press(&mut app, "j Enter n");
    assert_eq!(app.overlay, Some(Overlay::Note));
    type_text(&mut app, "clock read as data");
    press(&mut app, "Enter");
    assert_eq!(app.message.as_deref(), Some("note saved"));
    let t = text(&app);
    assert!(t.contains("clock read as data"), "{t}");
    press(&mut app, "Esc");
    assert!(text(&app).contains('✎'), "{}", text(&app));
    // u takes back the note, and says what it undid.
    press(&mut app, "u");
    assert!(
        app.message.as_deref().unwrap().starts_with("undone: "),
        "{:?}",
        app.message
    );
    assert!(!text(&app).contains('✎'));
    // Reopened, the store still has the first tag.
    app.tagging.store = None;
    let again = tagging(dir.path());
    let s = again.assertions.as_ref().unwrap();
    let key = s.study.views[0].unit.annotation_key();
    assert!(
        !again.tagging.tags_on(&key).unwrap_or_default().is_empty(),
        "the tag is on disk"
    );
}

#[test]
fn a_read_only_session_shows_the_loaded_tags() {
    let mut app = app(120, 40);
    let s = app.assertions.as_mut().unwrap();
    let mut study = (*s.study).clone();
    let key = study.views[2].unit.annotation_key();
    study.loaded_tags.insert(key, vec!["clock-as-data".into()]);
    *s = super::AssertionsState::new(Arc::new(study));
    let t = text(&app);
    assert!(t.contains("clock-as-data"), "{t}");
    // Without a store, a decision says why it is not saved.
    press(&mut app, "1");
    assert!(
        app.message.as_deref().unwrap().contains("not saved"),
        "{:?}",
        app.message
    );
}

#[test]
fn e_exports_the_tagged_assertions_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = tagging(dir.path());
    press(&mut app, "j 2 E");
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .starts_with("exported 1 tagged assertions to "),
        "{:?}",
        app.message
    );
    let out =
        std::fs::read_to_string(dir.path().join(super::tagging::ASSERTION_EXPORT_FILE)).unwrap();
    let row: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(row["assertion"], 2);
    assert_eq!(row["jasper"], "cex");
    assert_eq!(row["flipscope"], "cex");
    assert_eq!(row["tags"].as_array().unwrap().len(), 1);
}

#[test]
fn s_searches_o_sorts_and_r_reverses() {
    let mut app = app(120, 40);
    press(&mut app, "s");
    assert_eq!(app.overlay, Some(Overlay::Search));
    type_text(&mut app, "8'd0");
    press(&mut app, "Enter");
    assert_eq!(selected(&app), 2, "the third holds 8'd0");
    press(&mut app, "]");
    assert_eq!(selected(&app), 2);
    assert!(
        app.message.as_deref().unwrap().contains("wrapped around"),
        "{:?}",
        app.message
    );
    // O: by design, then model ... the sixth column is flipscope's verdict.
    press(&mut app, "O O O O O O");
    let s = app.assertions.as_ref().unwrap();
    assert_eq!(s.sort, Some(5));
    let words: Vec<&str> = s
        .visible
        .iter()
        .map(|&i| s.study.views[i].flipscope())
        .collect();
    assert_eq!(words, ["cex", "cex", "proven"]);
    assert_eq!(selected(&app), 2, "the selection stays on its assertion");
    assert!(text(&app).contains("sorted by flipscope ▲"));
    press(&mut app, "R");
    let s = app.assertions.as_ref().unwrap();
    let words: Vec<&str> = s
        .visible
        .iter()
        .map(|&i| s.study.views[i].flipscope())
        .collect();
    assert_eq!(words, ["proven", "cex", "cex"]);
}

#[test]
fn m_shows_the_agreement_of_the_assertions_shown() {
    let mut app = app(120, 40);
    press(&mut app, "M");
    let t = text(&app);
    assert!(
        t.contains("Metrics: JasperGold and flipscope agreement"),
        "{t}"
    );
    assert!(t.contains("JasperGold \\ flipscope"), "{t}");
    assert!(t.contains("agree 2"), "{t}");
    // The filter narrows them.
    press(&mut app, "/");
    type_text(&mut app, "agree=no");
    press(&mut app, "Enter");
    let t = text(&app);
    assert!(t.contains("filter agree=no"), "{t}");
    assert!(t.contains("agree 0"), "{t}");
    press(&mut app, "j");
    assert!(
        app.message.as_deref().unwrap().contains("Esc or M"),
        "{:?}",
        app.message
    );
    press(&mut app, "Esc");
    assert!(!app.assertions.as_ref().unwrap().metrics);
    assert!(text(&app).contains("assertions of 3"), "{}", text(&app));
}

#[test]
fn p_opens_the_programs_of_the_study_and_esc_comes_back() {
    let mut app = app(120, 40);
    let catalog = crate::tui::model::load::catalog_of(&super::tests::study());
    app.programs = crate::tui::programs::ProgramsState::new(Arc::new(catalog));
    press(&mut app, "P");
    assert_eq!(app.screen, Screen::Programs);
    let t = text(&app);
    assert!(!t.contains("No generations yet"), "{t}");
    assert!(t.contains("fht_bfly"), "{t}");
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Assertions);
}

#[test]
fn the_rtl_pane_opens_on_the_top_module_clips_and_says_where_it_is() {
    let mut app = app(100, 30);
    let s = app.assertions.as_mut().unwrap();
    let mut study = (*s.study).clone();
    let design = study.designs.get_mut("fht_bfly").unwrap();
    let licence: String = (1..=40).map(|i| format!("// licence line {i}\n")).collect();
    let long = format!("  // {}\n", "x".repeat(200));
    let rtl = design.files[0].1.clone();
    design.files[0].1 = format!("{licence}{long}{rtl}");
    *s = super::AssertionsState::new(Arc::new(study));
    press(&mut app, "Enter");
    let t = text(&app);
    assert!(t.contains("module fht_bfly"), "{t}");
    assert!(!t.contains("licence line 1 "), "{t}");
    // As far down as the pane goes: the top module's line is in view.
    assert!(t.contains("lines 35-47/47"), "the position: {t}");
    press(&mut app, "k");
    let t = text(&app);
    assert!(t.contains('›'), "a long line is clipped with ›: {t}");
    // Focus shows without colours: the heavy border.
    assert!(t.contains('┏'), "{t}");
}

#[test]
fn metrics_snapshots() {
    for (w, h) in crate::tui::testing::SIZES {
        let mut app = app(w, h);
        press(&mut app, "M");
        insta::assert_snapshot!(
            format!("assertions_metrics_{w}x{h}"),
            crate::tui::testing::render(&app).backend()
        );
    }
}
