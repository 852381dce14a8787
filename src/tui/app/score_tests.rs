//! State tests of a raw study (programs and generations, no pairs): the load job hands
//! the study to the scoring job, the oracle switch rescores it, stale results are
//! dropped, and the audit screen follows the new verdicts.

use std::path::PathBuf;
use std::sync::Arc;

use crate::tui::action::Action;
use crate::tui::app::{App, Oracle, Request, Screen};
use crate::tui::jobs::JobKind;
use crate::tui::keymap::Keymap;
use crate::tui::model::FlipClass;
use crate::tui::model::load::{LoadError, Prepared, check_paths};
use crate::tui::runner::perform;
use crate::tui::testing::{press, settle};
use crate::tui::theme::{Theme, ThemeKind};

fn raw_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score-study")
}

/// A copy of the raw fixture study in a temp dir: an app that loads a study opens its
/// annotation store beside it, which must not be in tests/fixtures/.
fn raw_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(raw_fixture()).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
    }
    dir
}

/// An app that loaded and scored a copy of the raw fixture study (kept while the app
/// is used).
fn scored_app() -> (App, tempfile::TempDir) {
    let dir = raw_copy();
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(120, 40));
    app.start_loading(vec![dir.path().to_path_buf()]);
    settle(&mut app);
    (app, dir)
}

fn flip_of(app: &App, program: &str, behavior: &str) -> FlipClass {
    app.study
        .pairs
        .iter()
        .find(|p| p.program == program && p.behavior == behavior)
        .unwrap_or_else(|| panic!("no pair {program} {behavior}"))
        .flip
}

#[test]
fn programs_with_generations_are_a_study_to_open() {
    assert!(check_paths(&[raw_fixture()]).is_ok());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("generations.jsonl"), "").unwrap();
    let err = check_paths(&[dir.path().to_path_buf()]).unwrap_err();
    assert!(matches!(err, LoadError::NoPairs(_)), "{err}");
}

#[test]
fn a_raw_study_is_scored_after_loading() {
    let study = raw_copy();
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.start_loading(vec![study.path().to_path_buf()]);
    let load = std::mem::take(&mut app.requests);
    let mut results = Vec::new();
    for r in load {
        perform(r, &mut |a| results.push(a), &|| false);
    }
    for a in results {
        app.update(a);
    }
    // Loaded, not yet scored: the scoring job is asked for and the app is not idle.
    assert!(app.raw.is_some());
    assert!(app.study.pairs.is_empty());
    assert!(app.awaiting.contains_key(&JobKind::Score));
    assert!(!app.is_idle());
    assert!(matches!(
        app.requests.as_slice(),
        [Request::Score {
            oracle: Oracle::Reference,
            ..
        }]
    ));
    settle(&mut app);
    assert!(app.is_idle());
    assert_eq!(app.study.pairs.len(), 9);
    // The properties and reasons come from the scored pairs.
    assert!(app.study.pairs.iter().all(|p| !p.base.reason.is_empty()));
    assert!(app.study.pairs.iter().any(|p| !p.base.property.is_empty()));
}

#[test]
fn the_oracle_switch_rescores_and_the_counts_change() {
    let (mut app, _study) = scored_app();
    assert_eq!(flip_of(&app, "p3", "z=w"), FlipClass::WC);
    let before = app.queue.transitions;
    press(&mut app, "o");
    assert_eq!(app.oracle, Oracle::Rtl);
    assert!(app.awaiting.contains_key(&JobKind::Score));
    settle(&mut app);
    assert!(app.is_idle());
    // The sibling-if reference is stronger than the RTL path of p3's z=w.
    assert_eq!(flip_of(&app, "p3", "z=w"), FlipClass::CW);
    assert_eq!(flip_of(&app, "p3", "x=y"), FlipClass::CC);
    assert_ne!(app.queue.transitions, before);
    press(&mut app, "o");
    settle(&mut app);
    assert_eq!(flip_of(&app, "p3", "z=w"), FlipClass::WC);
    assert_eq!(app.queue.transitions, before);
}

#[test]
fn the_latest_oracle_wins_and_stale_results_are_dropped() {
    let (mut app, _study) = scored_app();
    let raw = app.raw.clone().unwrap();
    press(&mut app, "o");
    let first = std::mem::take(&mut app.requests);
    press(&mut app, "o");
    assert_eq!(app.oracle, Oracle::Reference);
    // The answer to the first request (rtl) arrives late: it is dropped.
    for r in first {
        perform(r, &mut |a| app.update(a), &|| false);
    }
    assert_eq!(flip_of(&app, "p3", "z=w"), FlipClass::WC);
    assert!(!app.is_idle(), "still waiting for the latest request");
    // A result tagged with another oracle than the one in force is dropped too.
    let cache = crate::rtl::ParseCache::disabled();
    let rtl = Prepared::scored(&raw, Oracle::Rtl, &cache);
    let id = app.awaiting[&JobKind::Score];
    app.update(Action::Scored(id, Ok(Arc::new(rtl))));
    assert_eq!(flip_of(&app, "p3", "z=w"), FlipClass::WC);
}

#[test]
fn the_audit_screen_follows_the_rescored_pair() {
    let (mut app, _study) = scored_app();
    press(&mut app, "c c c c"); // all flip classes
    let at = app
        .study
        .pairs
        .iter()
        .position(|p| p.program == "p3" && p.behavior == "z=w")
        .unwrap();
    app.jump_to(at);
    settle(&mut app);
    assert_eq!(app.screen, Screen::Audit);
    assert!(!app.audit.as_ref().unwrap().data.base.correct);
    press(&mut app, "o");
    settle(&mut app);
    let audit = app.audit.as_ref().expect("still auditing");
    let pair = &app.study.pairs[audit.pair];
    assert_eq!(
        (pair.program.as_str(), pair.behavior.as_str()),
        ("p3", "z=w")
    );
    assert!(audit.data.base.correct, "the new verdict is shown");
    assert!(!audit.data.trans.correct);
    assert!(!audit.data.base.reason.is_empty());
    assert!(audit.truth.is_some());
}

#[test]
fn decisions_of_the_session_survive_rescoring() {
    // A copy of the raw study: the TUI keeps its annotations beside it.
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(raw_fixture()).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
    }
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(120, 40));
    app.tagging.auditor = "tester".into();
    app.start_loading(vec![dir.path().to_path_buf()]);
    settle(&mut app);
    assert!(app.tagging.store.is_some(), "{:?}", app.message);
    press(&mut app, "x");
    let i = app.queue.selected_pair().unwrap();
    let key = crate::tui::tagging::pair_key(&app.study.pairs[i]);
    press(&mut app, "9");
    assert!(
        app.study.pairs[i]
            .tags
            .contains(&"reference-error".to_string())
    );
    press(&mut app, "o");
    settle(&mut app);
    assert_eq!(app.oracle, Oracle::Rtl);
    let after = app
        .study
        .pairs
        .iter()
        .find(|p| crate::tui::tagging::pair_key(p) == key)
        .expect("the pair is scored under the rtl oracle too");
    assert!(
        after.tags.contains(&"reference-error".to_string()),
        "{after:?}"
    );
}

/// The raw fixture's p1 T2 pair of m1: its output is in the variant's names (`v_a`,
/// `v_x`), the scorer's property in the original ones.
fn audit_t2(app: &mut App) {
    press(app, "x");
    let at = app
        .study
        .pairs
        .iter()
        .position(|p| p.program == "p1" && p.variant == "T2" && p.model == "m1")
        .unwrap();
    app.jump_to(at);
    settle(app);
}

#[test]
fn a_renamed_variant_shows_the_answer_as_the_model_wrote_it_and_r_maps_it_back() {
    let (mut app, _study) = scored_app();
    audit_t2(&mut app);
    let audit = app.audit.as_ref().unwrap();
    assert_eq!(
        audit.data.trans.property,
        "property g; a |=> x == y; endproperty"
    );
    let (text, label) = audit.transformed_property();
    assert_eq!(text, "property g; v_a |=> v_x == y; endproperty");
    assert!(
        label.contains("as the model wrote it (T2 names)"),
        "{label}"
    );
    press(&mut app, "r");
    let (text, label) = app.audit.as_ref().unwrap().transformed_property();
    assert_eq!(text, "property g; a |=> x == y; endproperty");
    assert!(label.contains("original names (as scored)"), "{label}");
}

#[test]
fn audit_verbatim() {
    for (w, h) in [(120, 40), (80, 24)] {
        let (mut app, _study) = scored_app();
        app.update(Action::Resize(w, h));
        audit_t2(&mut app);
        press(&mut app, "Tab Tab");
        app.message = None;
        let shown = crate::tui::testing::render(&app);
        insta::assert_snapshot!(format!("audit_verbatim_{w}x{h}"), shown.backend());
        press(&mut app, "r");
        app.message = None;
        let shown = crate::tui::testing::render(&app);
        insta::assert_snapshot!(format!("audit_mapped_back_{w}x{h}"), shown.backend());
    }
}

/// #30 item 4: `A` on the audit screen shows both raw answers whole, in the names the
/// model wrote them in; the copy menu's `w` copies the transformed side's.
#[test]
fn a_shows_the_raw_answers_and_the_copy_menu_copies_them() {
    let (mut app, _study) = scored_app();
    audit_t2(&mut app);
    press(&mut app, "A");
    assert_eq!(app.overlay, Some(crate::tui::app::Overlay::Answer));
    let text = crate::tui::testing::screen_text(&app);
    assert!(text.contains("The model's raw answer"), "{text}");
    assert!(text.contains("original: m1 on p1 · original"), "{text}");
    assert!(text.contains("transformed: m1 on p1 · T2"), "{text}");
    assert!(
        text.contains("property g; v_a |=> v_x == y; endproperty"),
        "{text}"
    );
    press(&mut app, "Esc");
    assert_eq!(app.overlay, None);
    assert_eq!(app.screen, Screen::Audit);
    press(&mut app, "y w");
    assert_eq!(
        app.clipboard.as_deref(),
        Some("property g; v_a |=> v_x == y; endproperty")
    );
}

/// A long answer scrolls to its end at 80x24, where it does not fit.
#[test]
fn a_long_raw_answer_scrolls_to_its_end() {
    let (mut app, _study) = scored_app();
    app.update(Action::Resize(80, 24));
    audit_t2(&mut app);
    let mut study = (*app.study).clone();
    let mut outputs = (*study.outputs).clone();
    let long: String = (0..200)
        .map(|i| format!("line {i} of the answer\n"))
        .collect();
    outputs.insert(
        ("m1".into(), "p1".into(), "T2".into(), 0),
        format!("{long}THE END"),
    );
    study.outputs = Arc::new(outputs);
    app.study = Arc::new(study);
    press(&mut app, "A");
    let text = crate::tui::testing::screen_text(&app);
    assert!(!text.contains("THE END"), "{text}");
    assert!(text.contains("lines 1-"), "{text}");
    press(&mut app, "G");
    let text = crate::tui::testing::screen_text(&app);
    assert!(text.contains("THE END"), "{text}");
    assert!(text.contains("/205 "), "{text}");
    press(&mut app, "k");
    assert!(!crate::tui::testing::screen_text(&app).contains("THE END"));
}

/// A pairs file holds no generations: `A` says so and opens nothing.
#[test]
fn a_pairs_file_has_no_raw_answer_to_show() {
    let mut app = crate::tui::testing::AppBuilder::fixture().build();
    press(&mut app, "Enter");
    settle(&mut app);
    press(&mut app, "A");
    assert_eq!(app.overlay, None);
    assert!(
        app.message
            .as_deref()
            .unwrap_or("")
            .contains("no raw answer"),
        "{:?}",
        app.message
    );
}
