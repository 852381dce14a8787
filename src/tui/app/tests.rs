//! State tests of the app core: actions in, state out, across screens (loading,
//! stale results, the oracle, the theme, quitting).

use crate::tui::action::Action;

use std::sync::Arc;

use crate::tui::app::*;
use crate::tui::audit::Pane;
use crate::tui::jobs::JobKind;
use crate::tui::keymap::{Keymap, Mode};
use crate::tui::model::{FlipClass, PairView};
use crate::tui::testing::{AppBuilder, press, settle, type_text};
use crate::tui::text::highlight::text_key;
use crate::tui::theme::{Theme, ThemeKind};

#[test]
fn the_queue_starts_on_the_losses_sorted_by_model_variant_program() {
    let app = AppBuilder::fixture().build();
    assert!(!app.queue.visible.is_empty());
    let rows: Vec<&PairView> = app
        .queue
        .visible
        .iter()
        .map(|&i| &app.study.pairs[i])
        .collect();
    assert!(rows.iter().all(|p| p.flip == FlipClass::CW));
    let keys: Vec<_> = rows
        .iter()
        .map(|p| (&p.model, &p.variant, &p.program))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(
        app.queue.transitions.iter().sum::<usize>(),
        app.study.pairs.len()
    );
    assert!(app.is_idle());
}

#[test]
fn moving_and_paging_stay_within_the_list() {
    let mut app = AppBuilder::synthetic(1000).size(80, 24).build();
    assert_eq!(app.queue.visible.len(), 250);
    press(&mut app, "j j j");
    assert_eq!(app.queue.selected, 3);
    press(&mut app, "PageDown");
    assert_eq!(app.queue.selected, 3 + app.queue_rows());
    assert!(app.queue.offset > 0);
    press(&mut app, "G");
    assert_eq!(app.queue.selected, 249);
    press(&mut app, "k g");
    assert_eq!((app.queue.selected, app.queue.offset), (0, 0));
}

#[test]
fn quick_keys_change_the_shown_pairs() {
    let mut app = AppBuilder::synthetic(1000).build();
    press(&mut app, "c");
    assert_eq!(app.queue.flip, Some(FlipClass::WC));
    assert!(
        app.queue
            .visible
            .iter()
            .all(|&i| app.study.pairs[i].flip == FlipClass::WC)
    );
    press(&mut app, "m");
    assert_eq!(app.queue.model.as_deref(), Some("m-a"));
    press(&mut app, "v");
    assert_eq!(app.queue.variant.as_deref(), Some("T1"));
    assert!(app.queue.visible.iter().all(|&i| {
        let p = &app.study.pairs[i];
        p.model == "m-a" && p.variant == "T1" && p.flip == FlipClass::WC
    }));
    press(&mut app, "x");
    assert_eq!(app.queue.visible.len(), 1000);
}

#[test]
fn the_filter_bar_applies_as_you_type_and_reports_errors() {
    let mut app = AppBuilder::synthetic(1000).build();
    press(&mut app, "/");
    assert_eq!(app.mode(), Mode::Filter);
    type_text(&mut app, "model=m-b");
    assert!(app.filter_error.is_none());
    assert!(
        app.queue
            .visible
            .iter()
            .all(|&i| app.study.pairs[i].model == "m-b")
    );
    type_text(&mut app, " colour=red");
    let error = app.filter_error.clone().unwrap();
    assert!(error.to_string().contains("colour"), "{error}");
    press(&mut app, "Enter");
    assert_eq!(app.mode(), Mode::Filter, "a bad filter is not accepted");
    for _ in 0..10 {
        press(&mut app, "Backspace");
    }
    press(&mut app, "Enter");
    assert_eq!(app.mode(), Mode::Queue);
    assert_eq!(app.queue.filter.source().trim(), "model=m-b");
}

#[test]
fn enter_opens_the_audit_and_esc_goes_back() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "j Enter");
    assert_eq!(app.screen, Screen::Audit);
    let audit = app.audit.as_ref().unwrap();
    assert_eq!(Some(audit.pair), app.queue.selected_pair());
    assert!(!audit.data.rtl_original.is_empty());
    assert!(
        !app.is_idle(),
        "highlighting and the truth table were asked for"
    );
    settle(&mut app);
    assert!(app.is_idle());
    let audit = app.audit.as_ref().unwrap();
    assert!(
        app.highlights
            .contains_key(&text_key(&audit.data.rtl_original))
    );
    assert!(audit.truth.is_some());
    press(&mut app, "Tab Tab j j");
    let audit = app.audit.as_ref().unwrap();
    assert_eq!(audit.pane, Pane::Properties);
    let inner = crate::tui::audit::view::pane_inner(&app.shell(), audit, Pane::Properties);
    let (_, max) =
        crate::tui::audit::view::pane_extent(&app.shell(), audit, Pane::Properties, inner);
    assert_eq!(audit.scroll_of(Pane::Properties), max.min(2));
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
    assert!(app.audit.is_none());
}

#[test]
fn rename_mode_shows_the_variant_in_the_original_names() {
    let mut app = AppBuilder::fixture().build();
    let t2 = app
        .queue
        .visible
        .iter()
        .position(|&i| app.study.pairs[i].variant == "T2")
        .unwrap();
    let pair = app.queue.visible[t2];
    app.jump_to(pair);
    let audit = app.audit.as_ref().unwrap();
    assert_ne!(audit.transformed_rtl(), audit.data.rtl_original);
    press(&mut app, "r");
    let audit = app.audit.as_ref().unwrap();
    assert!(audit.rename);
    assert_eq!(
        audit.transformed_rtl(),
        audit.data.rtl_original,
        "T2 only renames"
    );
}

#[test]
fn next_pair_walks_the_queue_from_the_audit() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "Enter ]");
    assert_eq!(app.audit.as_ref().unwrap().pair, app.queue.visible[1]);
    press(&mut app, "p");
    assert_eq!(app.audit.as_ref().unwrap().pair, app.queue.visible[0]);
}

#[test]
fn stale_job_results_are_dropped() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "f");
    type_text(&mut app, "p0");
    // Three requests went out; only the last one's answer counts.
    let ids: Vec<u64> = app
        .requests
        .iter()
        .filter_map(|r| {
            if let Request::Find { id, .. } = r {
                Some(*id)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(ids.len(), 3);
    let stale = Arc::new(vec![]);
    app.update(Action::FinderResults(ids[0], stale));
    assert!(!app.is_idle());
    app.requests.clear();
    let hits = Arc::new(crate::tui::finder::search(&app.finder_index, "p0", 10, || false).unwrap());
    app.update(Action::FinderResults(ids[2], Arc::clone(&hits)));
    assert!(app.is_idle());
    assert_eq!(app.finder.hits, hits);
}

#[test]
fn the_finder_jumps_to_the_pair_even_when_filtered_out() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "f");
    type_text(&mut app, "sel2");
    settle(&mut app);
    let hit = app.finder.hits.first().expect("a hit").clone();
    assert!(hit.text.contains("sel2"), "{}", hit.text);
    press(&mut app, "Enter");
    assert_eq!(app.screen, Screen::Audit);
    assert_eq!(app.audit.as_ref().unwrap().pair, hit.pair);
    assert_eq!(app.queue.selected_pair(), Some(hit.pair));
    assert_eq!(app.overlay, None);
}

#[test]
fn loading_reports_progress_then_shows_the_study() {
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    // A copy: the load opens the annotation store beside the study.
    let copy = crate::tui::testing::study_copy();
    app.start_loading(vec![copy.path().to_path_buf()]);
    assert!(matches!(app.load, LoadState::Loading(None)));
    assert!(!app.is_idle());
    settle(&mut app);
    assert_eq!(app.load, LoadState::Ready);
    assert!(app.study.pairs.len() >= 10);
    assert!(app.is_idle());
}

#[test]
fn a_failed_load_is_shown_not_fatal() {
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pairs.jsonl"), "{oops\n").unwrap();
    app.start_loading(vec![dir.path().to_path_buf()]);
    settle(&mut app);
    let LoadState::Failed(message) = &app.load else {
        panic!("{:?}", app.load)
    };
    assert!(message.contains("pairs.jsonl:1:"), "{message}");
}

#[test]
fn help_oracle_theme_and_quit() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "?");
    assert_eq!(app.overlay, Some(Overlay::Help));
    press(&mut app, "Esc");
    assert_eq!(app.overlay, None);
    press(&mut app, "T");
    assert_eq!(app.theme.kind, ThemeKind::Light);
    press(&mut app, "Enter o");
    assert_eq!(app.oracle, Oracle::Rtl);
    press(&mut app, "q");
    assert!(app.quit);
}

#[test]
fn audit_panes_scroll_no_further_than_their_content() {
    use crate::tui::audit::view::{pane_extent, pane_inner};
    let mut app = AppBuilder::fixture().size(80, 24).build();
    // A program longer than the pane.
    let program = app.study.pairs[app.queue.selected_pair().unwrap()]
        .program
        .clone();
    let long: String = (0..40).map(|i| format!("x{i} = y;\n")).collect();
    std::sync::Arc::make_mut(&mut app.study)
        .programs
        .get_mut(&program)
        .unwrap()
        .rtl = long;
    press(&mut app, "Enter");
    settle(&mut app);
    for _ in 0..50 {
        press(&mut app, "j");
    }
    let audit = app.audit.as_ref().unwrap();
    let inner = pane_inner(&app.shell(), audit, Pane::RtlOriginal);
    // The last line shows at the bottom of the pane, no further.
    let lines = audit.data.rtl_original.lines().count();
    let last = lines.saturating_sub(inner.height as usize);
    assert!(last > 1, "the fixture's RTL is longer than the pane");
    assert_eq!(audit.scroll_of(Pane::RtlOriginal), last);
    press(&mut app, "k");
    assert_eq!(
        app.audit.as_ref().unwrap().scroll_of(Pane::RtlOriginal),
        last - 1
    );
    press(&mut app, "Tab Tab Tab G");
    let audit = app.audit.as_ref().unwrap();
    assert_eq!(audit.pane, Pane::TruthTable);
    let inner = pane_inner(&app.shell(), audit, Pane::TruthTable);
    let (rows, max) = pane_extent(&app.shell(), audit, Pane::TruthTable, inner);
    assert_eq!(rows, audit.truth.as_ref().unwrap().rows.len());
    assert_eq!(audit.scroll_of(Pane::TruthTable), max);
    press(&mut app, "g");
    assert_eq!(app.audit.as_ref().unwrap().scroll_of(Pane::TruthTable), 0);
}

#[test]
fn a_failed_job_is_shown_and_ends_the_wait() {
    let mut app = AppBuilder::fixture().build();
    press(&mut app, "Enter");
    let truth = app
        .requests
        .iter()
        .find(|r| r.kind() == JobKind::Truth)
        .unwrap()
        .id();
    app.update(failed_job(
        JobKind::Truth,
        truth,
        "internal error while truth table: boom".into(),
    ));
    let table = app.audit.as_ref().unwrap().truth.clone().unwrap();
    assert_eq!(
        table.note.as_deref(),
        Some("internal error while truth table: boom")
    );
    assert!(!app.awaiting.contains_key(&JobKind::Truth));
    app.start_loading(vec![]);
    let load = app.requests.last().unwrap().id();
    app.update(failed_job(
        JobKind::Load,
        load,
        "internal error while loading: boom".into(),
    ));
    assert!(matches!(&app.load, LoadState::Failed(m) if m.contains("boom")));
}
