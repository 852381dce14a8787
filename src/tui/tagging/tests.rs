//! State tests of tagging: actions in, the store's file and the queue out.

use std::path::Path;

use crate::study::AnnotationStore;
use crate::tui::action::Action;
use crate::tui::app::{App, Overlay};
use crate::tui::model::filter::Filter;
use crate::tui::tagging::pair_key;
use crate::tui::testing::{AppBuilder, press, screen_text, study_copy, tagging_app, type_text};

fn selected_tags(app: &App) -> Vec<String> {
    app.study.pairs[app.queue.selected_pair().unwrap()]
        .tags
        .clone()
}

/// Selects the first queue row without tags.
fn select_untagged(app: &mut App) {
    app.queue.selected = app
        .queue
        .visible
        .iter()
        .position(|&i| app.study.pairs[i].tags.is_empty())
        .expect("the fixture has untagged pairs");
}

fn file_text(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("annotations.jsonl")).unwrap()
}

#[test]
fn a_digit_toggles_its_tag_and_saves_it_first() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    assert_eq!(app.tagging.place, "annotations: study dir");
    select_untagged(&mut app);
    let before = file_text(dir.path()).lines().count();
    press(&mut app, "1");
    assert!(selected_tags(&app).contains(&"output-contract".to_string()));
    assert_eq!(file_text(dir.path()).lines().count(), before + 1);
    assert!(file_text(dir.path()).contains("\"auditor\":\"tester\""));
    press(&mut app, "1");
    assert!(!selected_tags(&app).contains(&"output-contract".to_string()));
    assert_eq!(file_text(dir.path()).lines().count(), before + 2);
}

#[test]
fn tags_on_the_audit_screen_reach_the_queue_and_the_filter() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    let pair = app.queue.selected_pair().unwrap();
    press(&mut app, "Enter 9");
    assert!(
        app.audit
            .as_ref()
            .unwrap()
            .data
            .tags
            .contains(&"reference-error".to_string()),
        "the audit screen shows it"
    );
    assert!(
        app.study.pairs[pair]
            .tags
            .contains(&"reference-error".to_string())
    );
    press(&mut app, "Esc /");
    type_text(&mut app, "tag=reference-error");
    app.update(Action::Submit);
    assert_eq!(app.queue.visible, vec![pair]);
    assert_eq!(
        app.queue.filter,
        Filter::parse("tag=reference-error").unwrap()
    );
}

#[test]
fn accept_tags_the_transformed_sides_category() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    // Find a visible pair whose transformed category is a taxonomy tag, untagged.
    let at = app
        .queue
        .visible
        .iter()
        .position(|&i| {
            let p = &app.study.pairs[i];
            app.tagging.taxonomy.get(&p.trans.category).is_some() && p.tags.is_empty()
        })
        .expect("the fixture has a pair with a suggestion");
    app.queue.selected = at;
    let category = app.study.pairs[app.queue.visible[at]]
        .trans
        .category
        .clone();
    press(&mut app, "a");
    assert_eq!(selected_tags(&app), vec![category.clone()]);
    press(&mut app, "a");
    assert_eq!(
        selected_tags(&app),
        vec![category],
        "accepting twice adds nothing"
    );
    assert!(app.message.as_deref().unwrap().contains("already"));
}

#[test]
fn a_note_is_typed_saved_and_cancelled() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    let key = pair_key(&app.study.pairs[app.queue.selected_pair().unwrap()]);
    press(&mut app, "n");
    assert_eq!(app.overlay, Some(Overlay::Note));
    type_text(&mut app, "looks fine q");
    press(&mut app, "Enter");
    assert_eq!(app.overlay, None);
    let store = app.tagging.store.as_ref().unwrap();
    assert_eq!(store.note(&key), Some("looks fine q"));
    press(&mut app, "n");
    assert_eq!(
        app.tagging.note_input, "looks fine q",
        "the popup starts from the note"
    );
    type_text(&mut app, "zzz");
    press(&mut app, "Esc");
    let store = app.tagging.store.as_ref().unwrap();
    assert_eq!(store.note(&key), Some("looks fine q"), "Esc cancels");
}

#[test]
fn undo_takes_back_the_last_decision() {
    let dir = study_copy();
    let before = file_text(dir.path());
    let mut app = tagging_app(dir.path());
    select_untagged(&mut app);
    press(&mut app, "3 4");
    assert_eq!(selected_tags(&app).len(), 2);
    press(&mut app, "u");
    assert_eq!(selected_tags(&app), vec!["wrong-consequent".to_string()]);
    press(&mut app, "u u");
    assert!(selected_tags(&app).is_empty());
    assert_eq!(file_text(dir.path()), before, "the file is as it was");
    assert!(app.message.as_deref().unwrap().contains("nothing to undo"));
}

#[test]
fn tags_survive_reopening_the_store() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    select_untagged(&mut app);
    press(&mut app, "3");
    let pair = app.queue.selected_pair().unwrap();
    drop(app);
    let again = tagging_app(dir.path());
    assert!(
        again.study.pairs[pair]
            .tags
            .contains(&"wrong-consequent".to_string())
    );
}

#[test]
fn a_locked_store_leaves_the_tui_read_only() {
    let dir = study_copy();
    let _other = AnnotationStore::open_with(dir.path(), "other", None).unwrap();
    let before = file_text(dir.path());
    let mut app = tagging_app(dir.path());
    assert_eq!(app.tagging.place, "annotations: read-only");
    assert!(app.message.as_deref().unwrap().contains("already open"));
    press(&mut app, "1");
    assert!(
        app.message.as_deref().unwrap().contains("not saved: ")
            && app.message.as_deref().unwrap().contains("already open")
    );
    assert_eq!(file_text(dir.path()), before);
    press(&mut app, "j Enter");
    assert!(app.audit.is_some(), "still usable");
}

#[test]
fn a_corrupt_store_is_reported_and_read_only() {
    let dir = study_copy();
    std::fs::write(dir.path().join("annotations.jsonl"), "{not json\n").unwrap();
    let mut app = tagging_app(dir.path());
    assert_eq!(app.tagging.place, "annotations: read-only");
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("annotations.jsonl:1:")
    );
    press(&mut app, "1");
    assert!(app.message.as_deref().unwrap().contains("not saved"));
}

#[test]
fn the_sample_replaces_the_queue_and_counts_progress() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    let full = app.queue.visible.clone();
    press(&mut app, "S");
    let sample = app.tagging.sample.clone().unwrap();
    assert_eq!(app.queue.visible, sample.pairs);
    assert!(
        sample.pairs.iter().all(|i| full.contains(i)),
        "CW pairs only"
    );
    let progress = app.sample_progress().unwrap();
    let audited = sample.audited(&app.study, app.tagging.store.as_ref());
    assert!(progress.starts_with(&format!("sample {audited}/{}", sample.pairs.len())));
    assert!(progress.contains("seed 0"));
    let untagged = app
        .queue
        .visible
        .iter()
        .position(|&i| app.study.pairs[i].tags.is_empty());
    if let Some(at) = untagged {
        app.queue.selected = at;
        press(&mut app, "5");
        let now = app.sample_progress().unwrap();
        assert!(
            now.starts_with(&format!("sample {}/", audited + 1)),
            "{now}"
        );
    }
    press(&mut app, "S");
    assert_eq!(app.queue.visible, full);
    assert!(app.sample_progress().is_none());
}

#[test]
fn the_header_counts_tags_by_suggested_category() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    let counts = |app: &App| {
        crate::tui::tagging::suggestion_counts(
            &app.study,
            &app.queue.visible,
            &app.tagging.taxonomy,
        )
    };
    let before = counts(&app);
    let at = app
        .queue
        .visible
        .iter()
        .position(|&i| {
            let p = &app.study.pairs[i];
            app.tagging.taxonomy.get(&p.trans.category).is_some() && p.tags.is_empty()
        })
        .unwrap();
    app.queue.selected = at;
    let tag = app.study.pairs[app.queue.visible[at]]
        .trans
        .category
        .clone();
    press(&mut app, "a");
    let after = counts(&app);
    let of = |c: &[(String, usize, usize)]| c.iter().find(|c| c.0 == tag).unwrap().2;
    assert_eq!(of(&after), of(&before) + 1);
}

#[test]
fn tags_from_other_annotation_files_stay_until_the_store_decides() {
    let dir = study_copy();
    // A second auditor's file in the study: loaded with the study, not the store.
    let line = r#"{"program": "p01", "behavior": "out=data", "model": "qwen2.5-coder-7b", "variant": "T1", "action": "tag", "tag": "scorer-false-positive", "auditor": "bob", "time": "2026-11-29T15:00:00Z", "version": "0.1.0"}"#;
    std::fs::write(
        dir.path().join("annotations-bob.jsonl"),
        format!("{line}\n"),
    )
    .unwrap();
    let study = crate::tui::model::load::load_study(&[dir.path().to_path_buf()], |_| {}).unwrap();
    let mut app = AppBuilder::from_study(study).build();
    app.open_annotations(dir.path(), None);
    let i = app
        .study
        .pairs
        .iter()
        .position(|p| p.tags == ["scorer-false-positive"])
        .expect("bob's tag is shown");
    app.jump_to(i);
    press(&mut app, "6");
    assert_eq!(
        app.study.pairs[i].tags,
        ["extra-predicate"],
        "the store decides"
    );
    press(&mut app, "u");
    assert_eq!(
        app.study.pairs[i].tags,
        ["scorer-false-positive"],
        "bob's tag is back"
    );
}

#[test]
fn opening_the_store_says_nothing_until_something_is_saved() {
    let dir = study_copy();
    let app = tagging_app(dir.path());
    assert_eq!(app.message, None, "the header says where decisions go");
    assert_eq!(app.tagging.place, "annotations: study dir");
}

#[test]
fn without_an_auditor_name_the_first_decision_asks_for_one() {
    let dir = study_copy();
    let mut app = AppBuilder::fixture().build();
    app.tagging.auditor = String::new();
    app.tagging.auditor_unknown = true;
    app.open_annotations(dir.path(), None);
    select_untagged(&mut app);
    press(&mut app, "4");
    assert_eq!(app.overlay, Some(Overlay::Auditor));
    assert!(selected_tags(&app).is_empty(), "nothing saved yet");
    // Esc: nothing decided.
    press(&mut app, "Esc");
    assert!(selected_tags(&app).is_empty());
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("needs an auditor name")
    );
    press(&mut app, "4");
    type_text(&mut app, "ana");
    press(&mut app, "Enter");
    assert_eq!(app.overlay, None);
    assert_eq!(
        selected_tags(&app),
        ["branch-polarity"],
        "the decision asked for is made"
    );
    let written = std::fs::read_to_string(dir.path().join("annotations.jsonl")).unwrap();
    let last = written.lines().last().unwrap();
    assert!(
        last.contains(r#""auditor":"ana""#) || last.contains(r#""auditor": "ana""#),
        "{last}"
    );
    assert!(!written.contains("unknown"));
    // Asked once.
    press(&mut app, "j 6");
    assert_eq!(app.overlay, None);
}

#[test]
fn auditor_prompt() {
    crate::tui::testing::snapshot_tagging!("auditor_prompt", |app| {
        app.tagging.auditor_unknown = true;
        press(app, "4");
        type_text(app, "an");
    });
}

#[test]
fn a_read_only_session_shows_every_note() {
    let dir = study_copy();
    let mut app = tagging_app(dir.path());
    let key = pair_key(&app.study.pairs[app.queue.selected_pair().unwrap()]);
    press(&mut app, "n");
    type_text(&mut app, "second look");
    press(&mut app, "Enter");
    drop(app);
    // Another session holds the lock: this one is read-only, its store not open.
    let _other = AnnotationStore::open_with(dir.path(), "other", None).unwrap();
    let study = crate::tui::model::load::load_study(&[dir.path().to_path_buf()], |_| {}).unwrap();
    let mut app = AppBuilder::from_study(study).build();
    app.open_annotations(dir.path(), None);
    assert_eq!(app.tagging.place, "annotations: read-only");
    let i = app
        .study
        .pairs
        .iter()
        .position(|p| pair_key(p) == key)
        .unwrap();
    assert_eq!(app.note_of(i).as_deref(), Some("second look"));
    let rows = app.queue_rows();
    app.queue.select_pair(i, rows);
    assert!(screen_text(&app).contains('✎'), "the queue marks the pair");
    press(&mut app, "Enter");
    assert!(
        screen_text(&app).contains("note second look"),
        "the audit screen shows the note"
    );
    press(&mut app, "n");
    assert_eq!(
        app.tagging.note_input, "second look",
        "the popup starts from it"
    );
}
