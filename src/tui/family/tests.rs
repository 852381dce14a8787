//! The family screens on the EquivSVA fixture study (one family, `counter_0001`, with
//! verdicts from `flipscope score`): the queue lists its family pairs with the study's
//! filters and the formal taxonomy, Enter opens the family screen on the pair's
//! variant, `v` chooses the implementation, `j`/`k` the property, the counterexample
//! is a waveform table, tagging works, Esc goes back; snapshots at 120x40 and 80x24.

use crate::study::FormalStatus;
use crate::tui::app::{App, Screen};
use crate::tui::family::FamilyPane;
use crate::tui::model::FlipClass;
use crate::tui::testing::{SIZES, family_app, press, render, screen_text, settle, type_text};
use crate::tui::theme::Role;

/// Selects the queue's pair of `variant`.
fn select(app: &mut App, variant: &str) {
    let at = app
        .queue
        .visible
        .iter()
        .position(|&i| app.study.pairs[i].variant == variant)
        .unwrap_or_else(|| panic!("no {variant} pair in the queue"));
    let rows = app.queue_rows();
    let pair = app.queue.visible[at];
    app.queue.select_pair(pair, rows);
}

/// The app on the family screen of the `ternary_next` pair (its canonical side has a
/// sound property, it has none: a loss).
fn on_ternary(size: (u16, u16)) -> App {
    let mut app = family_app(size, None);
    select(&mut app, "ternary_next");
    press(&mut app, "Enter");
    settle(&mut app);
    app
}

#[test]
fn the_queue_lists_the_family_pairs_with_the_formal_taxonomy() {
    let app = family_app((120, 40), None);
    assert_eq!(app.screen, Screen::Queue);
    assert!(app.raw.is_none(), "a proven study is not rescored");
    let pairs = &app.study.pairs;
    assert_eq!(pairs.len(), 3, "one pair per non-canonical implementation");
    let flip = |v: &str| pairs.iter().find(|p| p.variant == v).unwrap().flip;
    assert_eq!(flip("ternary_next"), FlipClass::CW);
    assert_eq!(flip("sequential_priority"), FlipClass::CC);
    assert_eq!(flip("function_update"), FlipClass::CC);
    assert!(pairs.iter().all(|p| p.class.as_deref() == Some("counter")));
    assert_eq!(app.tagging.taxonomy.for_key('1'), Some("too-weak"));
    assert_eq!(app.tagging.taxonomy.for_key('6'), Some("not-a-property"));
    let text = screen_text(&app);
    assert!(
        text.contains("ternary_next") && text.contains("counter_0001"),
        "{text}"
    );
}

#[test]
fn the_study_filters_work_on_family_pairs() {
    for (filter, n) in [
        ("category=counter", 3),
        ("category=arbiter", 0),
        ("variant=ternary_next", 1),
        ("flip=CW", 1),
        ("model=fixture-model flip=CC", 2),
        ("trans=fail", 1),
    ] {
        let mut app = family_app((120, 40), None);
        // Every flip class (the queue opens on CW).
        press(&mut app, "x /");
        type_text(&mut app, filter);
        press(&mut app, "Enter");
        assert_eq!(app.queue.visible.len(), n, "{filter}");
    }
}

#[test]
fn enter_opens_the_family_screen_on_the_pairs_implementation() {
    let app = on_ternary((120, 40));
    assert_eq!(app.screen, Screen::Family);
    let state = app.family.as_ref().unwrap();
    let audit = state.audit.as_ref().unwrap();
    assert_eq!(audit.shown_variant(&state.study), "ternary_next");
    let rows = audit.rows(&state.study);
    assert_eq!(rows.len(), 2);
    let p = audit.selected(&state.study).unwrap();
    assert_eq!(p.name, "p_full_late");
    assert_eq!(p.status.as_ref().unwrap().status, FormalStatus::Fail);
    assert!(p.shown_trace("ternary_next", None).is_some());
    let text = screen_text(&app);
    assert!(
        text.contains("p_full_late on ternary_next (its own)"),
        "{text}"
    );
    assert!(
        text.contains("cycle") && text.contains("[property fails]"),
        "{text}"
    );
    assert!(
        text.contains("canonical_next") && text.contains("Transfer"),
        "{text}"
    );
}

#[test]
fn the_failing_cycle_is_marked_in_the_loss_role() {
    let app = on_ternary((120, 40));
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    let audit = app.family_audit().unwrap();
    let state = app.family.as_ref().unwrap();
    let (_, trace) = audit
        .selected(&state.study)
        .unwrap()
        .shown_trace("ternary_next", None)
        .unwrap();
    let mark = format!("{}*", trace.fail_cycle);
    let found = (0..buf.area.height).find_map(|y| {
        let line: String = (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        line.find(&mark)
            .map(|at| (line[..at].chars().count() as u16, y))
    });
    let (x, y) = found.expect("the failing cycle is drawn");
    assert_eq!(buf[(x, y)].style().fg, app.theme.style(Role::Loss).fg);
}

#[test]
fn v_chooses_the_implementation_and_j_the_property() {
    let mut app = on_ternary((120, 40));
    press(&mut app, "v");
    let shown = |app: &App| {
        let s = app.family.as_ref().unwrap();
        s.audit
            .as_ref()
            .unwrap()
            .shown_variant(&s.study)
            .to_string()
    };
    // The implementations in order: the canonical one, then the variants by name.
    assert_eq!(shown(&app), "original");
    let text = screen_text(&app);
    assert!(text.contains("the canonical implementation"), "{text}");
    press(&mut app, "v");
    assert_eq!(shown(&app), "function_update");
    assert!(screen_text(&app).contains("changes against A marked"));
    // The vacuous property of function_update.
    press(&mut app, "j");
    let text = screen_text(&app);
    assert!(
        text.contains("p_never") && text.contains("vacuous"),
        "{text}"
    );
    // sequential_priority's p_full catches the mutant full_early.
    press(&mut app, "v g j j");
    assert_eq!(shown(&app), "sequential_priority");
    let text = screen_text(&app);
    assert!(text.contains("p_full catches full_early"), "{text}");
    // It passes everywhere: no counterexample of its own, the mutant's is shown.
    assert!(text.contains("on mutant full_early"), "{text}");
    press(&mut app, "v");
    assert_eq!(shown(&app), "ternary_next", "wraps around");
}

#[test]
fn an_internal_signal_is_flagged() {
    let mut app = on_ternary((120, 40));
    press(&mut app, "v j j");
    let text = screen_text(&app);
    assert!(
        text.contains("p_next") && text.contains("internal"),
        "{text}"
    );
    assert!(text.contains("not ports: count_next"), "{text}");
}

#[test]
fn panes_focus_and_the_waveform_scrolls_by_cycles() {
    let mut app = on_ternary((120, 40));
    assert_eq!(app.family_audit().unwrap().pane, FamilyPane::Properties);
    press(&mut app, "Tab");
    assert_eq!(app.family_audit().unwrap().pane, FamilyPane::Counterexample);
    press(&mut app, "L L");
    assert_eq!(app.family_audit().unwrap().wave.cycle, 2);
    press(&mut app, "L L L L L L L L");
    let cycles = app.family_audit().unwrap().wave.cycle;
    press(&mut app, "L");
    assert_eq!(
        app.family_audit().unwrap().wave.cycle,
        cycles,
        "no further than the trace"
    );
    press(&mut app, "H");
    assert_eq!(app.family_audit().unwrap().wave.cycle, cycles - 1);
    press(&mut app, "Tab Tab");
    assert_eq!(app.family_audit().unwrap().pane, FamilyPane::Rtl);
    press(&mut app, "BackTab");
    assert_eq!(app.family_audit().unwrap().pane, FamilyPane::Transfer);
    press(&mut app, "Tab j j j j j j j j j j j j j j j j j j j j");
    let scroll = app.family_audit().unwrap().scroll[0];
    assert!(
        scroll <= 12,
        "the RTL scrolls no further than its lines: {scroll}"
    );
}

#[test]
fn next_pair_and_back() {
    let mut app = family_app((120, 40), None);
    press(&mut app, "x");
    select(&mut app, "ternary_next");
    press(&mut app, "Enter");
    let first = app.family_audit().unwrap().pair;
    press(&mut app, "[");
    let second = app.family_audit().unwrap().pair;
    assert_ne!(first, second);
    press(&mut app, "]");
    assert_eq!(app.family_audit().unwrap().pair, first);
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
    assert!(app.family_audit().is_none());
}

#[test]
fn tagging_works_from_the_family_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = family_app((120, 40), Some(dir.path()));
    assert!(app.tagging.writable(), "{}", app.tagging.place);
    select(&mut app, "ternary_next");
    press(&mut app, "Enter");
    let pair = app.family_audit().unwrap().pair;
    press(&mut app, "2");
    assert_eq!(app.study.pairs[pair].tags, ["wrong-timing"]);
    assert!(screen_text(&app).contains("wrong-timing"));
    let text = std::fs::read_to_string(dir.path().join("annotations.jsonl")).unwrap();
    assert!(
        text.contains("wrong-timing") && text.contains("ternary_next"),
        "{text}"
    );
    press(&mut app, "u");
    assert!(app.study.pairs[pair].tags.is_empty());
    // The suggestion: ternary_next's output fails (no formal tag for `fail`).
    press(&mut app, "a");
    assert!(app.study.pairs[pair].tags.is_empty());
    assert!(
        app.message
            .as_deref()
            .unwrap_or("")
            .contains("no tag suggested")
    );
}

#[test]
fn the_dashboard_measures_the_family_pairs() {
    let mut app = family_app((120, 40), None);
    app.dashboard.config.replicates = 50;
    press(&mut app, "M");
    settle(&mut app);
    let shown = app
        .dashboard
        .shown
        .clone()
        .expect("the metrics are computed");
    // One condition per (model, variant): three pairs, the canonical side correct in
    // each (B = 3), two variants keep a sound property (T = 2), one loss.
    let conditions = &shown.report.conditions;
    assert_eq!(conditions.len(), 3, "{conditions:?}");
    let sum =
        |f: fn(&crate::stats::Counts) -> u64| conditions.iter().map(|c| f(&c.counts)).sum::<u64>();
    assert_eq!(sum(|c| c.n), 3);
    assert_eq!(sum(|c| c.b), 3);
    assert_eq!(sum(|c| c.t), 2);
    assert_eq!(sum(|c| c.l), 1);
    assert_eq!(sum(|c| c.g), 0);
    let text = screen_text(&app);
    assert!(
        text.contains("fixture-model") && text.contains("ternary_next"),
        "{text}"
    );
    // The family figures, as `flipscope metrics` counts them: 4 outputs, all valid;
    // 5 sound of 9 interface-only properties; 3 of 4 tasks with a sound property; the
    // family is neither all nor none sound and is variant-sensitive; 1 of 3 mutants
    // caught.
    let counts = crate::tui::family::figures::counts(&app.shell());
    assert_eq!(counts.len(), 1);
    let c = &counts[0].1;
    let got: Vec<u64> = [
        "outputs",
        "syntax_valid",
        "sound",
        "interface_only",
        "tasks_with_sound",
        "families_all_sound",
        "families_none_sound",
        "variant_sensitive",
        "mutants_caught",
        "mutants",
    ]
    .iter()
    .map(|k| c[k])
    .collect();
    assert_eq!(got, [4, 4, 5, 9, 3, 0, 0, 1, 1, 3]);
    assert!(
        text.contains("Family figures") && text.contains("5/9"),
        "{text}"
    );
    // The selection's filter applies: one implementation.
    press(&mut app, "Esc /");
    type_text(&mut app, "variant=ternary_next");
    press(&mut app, "Enter M");
    settle(&mut app);
    let c = &crate::tui::family::figures::counts(&app.shell())[0].1;
    assert_eq!((c["outputs"], c["sound"]), (1, 0));
}

#[test]
fn snapshots() {
    for (w, h) in SIZES {
        let mut app = on_ternary((w, h));
        insta::assert_snapshot!(format!("family_properties_{w}x{h}"), render(&app).backend());
        press(&mut app, "Tab");
        insta::assert_snapshot!(
            format!("family_counterexample_{w}x{h}"),
            render(&app).backend()
        );
        press(&mut app, "Tab");
        insta::assert_snapshot!(format!("family_transfer_{w}x{h}"), render(&app).backend());
        press(&mut app, "Tab v v");
        insta::assert_snapshot!(format!("family_rtl_{w}x{h}"), render(&app).backend());
    }
}

#[test]
fn a_module_study_without_verdicts_says_to_prove_it() {
    let from =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/equivsva-study");
    let dir = tempfile::tempdir().unwrap();
    for name in ["programs.jsonl", "generations.jsonl"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    let paths = [dir.path().to_path_buf()];
    let study = crate::tui::model::load::load_raw(&paths, |_| {}).unwrap();
    let prepared = crate::tui::model::load::Prepared::of_loaded_at(study, &paths);
    assert!(prepared.raw.is_none(), "the TUI does not prove");
    assert!(prepared.study.pairs.is_empty());
    let note = prepared.families.as_ref().unwrap().note.clone().unwrap();
    assert!(note.contains("flipscope score"), "{note}");
}

#[test]
fn the_family_screen_shows_the_saved_note() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = family_app((120, 40), Some(dir.path()));
    select(&mut app, "ternary_next");
    press(&mut app, "Enter");
    settle(&mut app);
    press(&mut app, "n");
    type_text(&mut app, "clock gated");
    press(&mut app, "Enter");
    let text = screen_text(&app);
    assert!(
        text.contains("✎ clock gated"),
        "the header shows the note:\n{text}"
    );
}

/// #27 fix 2: the selected property is shown whole (wrapped, never cut with `…`),
/// even when it is wider than its pane.
#[test]
fn the_selected_property_is_wrapped_whole() {
    for size in [(80, 24), (120, 40), (200, 60)] {
        let mut app = on_ternary(size);
        let long = format!(
            "@(posedge clk) disable iff (rst) {} |-> count_is_at_the_end_of_a_long_line;",
            (0..12)
                .map(|i| format!("(sig_{i} == 1'b1)"))
                .collect::<Vec<_>>()
                .join(" && ")
        );
        {
            let state = app.family.as_mut().unwrap();
            let audit = state.audit.as_ref().unwrap();
            assert_eq!(audit.property, 0);
            let key = (
                audit.model.clone(),
                audit.program.clone(),
                audit.shown_variant(&state.study).to_string(),
                audit.sample,
            );
            let mut study = (*state.study).clone();
            study.properties.get_mut(&key).unwrap()[0].text = long.clone();
            state.study = std::sync::Arc::new(study);
        }
        app.family.as_mut().unwrap().audit.as_mut().unwrap().pane = FamilyPane::Properties;
        let text = screen_text(&app);
        assert!(
            text.contains("count_is_at_the_end_of_a_long_line;"),
            "{size:?}: the property's end is on screen\n{text}"
        );
        for i in 0..12 {
            assert!(
                text.contains(&format!("sig_{i} ")),
                "{size:?}: sig_{i}\n{text}"
            );
        }
    }
}

/// #30 item 4: `A` shows the raw answer of the implementation shown, and `y w` copies it.
#[test]
fn a_shows_the_shown_implementations_raw_answer() {
    let mut app = on_ternary((120, 40));
    press(&mut app, "A");
    let text = screen_text(&app);
    assert!(
        text.contains("fixture-model on counter_0001 · ternary_next"),
        "{text}"
    );
    assert!(text.contains("property p_full_late;"), "{text}");
    press(&mut app, "Esc y w");
    let copied = app.clipboard.clone().unwrap_or_default();
    assert!(copied.contains("p_full_late"), "{copied}");
    assert!(copied.contains("endproperty"), "{copied}");
}

/// Several samples of one prompt (`generate --samples N`) are outputs of their own:
/// the family screen of a sample-1 pair shows sample 1's properties, not sample 0's
/// with sample 1's piled on.
#[test]
fn each_sample_shows_its_own_properties() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/equivsva-study");
    let mut study = crate::study::load_study(std::slice::from_ref(&dir)).expect("loads");
    let mut second: Vec<_> = study
        .verdicts
        .iter()
        .filter(|v| v.variant == "ternary_next")
        .cloned()
        .collect();
    let first = second.len();
    assert!(first > 0, "the fixture has verdicts of ternary_next");
    second.truncate(1);
    for v in &mut second {
        v.sample = Some(1);
        v.name = Some("p_of_sample_1".into());
    }
    study.verdicts.extend(second);
    let families = crate::tui::family::FamilyStudy::build(&study, &[]);
    let model = &study.verdicts[0].model;
    let rows = |sample| families.rows(model, "counter_0001", "ternary_next", sample);
    assert_eq!(rows(0).len(), first, "sample 0 keeps its own lines only");
    let names: Vec<&str> = rows(1).iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["p_of_sample_1"]);
    assert!(rows(2).is_empty());
}

/// The queue of a family study says its pairs are judged by proof (no oracle) and has
/// no behavior column (it read `sound` on every row).
#[test]
fn the_queue_of_a_family_study_names_no_oracle_and_no_behavior() {
    for (w, h) in SIZES {
        let app = family_app((w, h), None);
        let screen = crate::tui::testing::screen_text(&app);
        assert!(screen.contains("judged by proof"), "{screen}");
        assert!(!screen.contains("oracle"), "{screen}");
        assert!(
            !screen.contains("behavior") && !screen.contains("beha"),
            "{screen}"
        );
        insta::assert_snapshot!(format!("family_queue_{w}x{h}"), render(&app).backend());
    }
}

#[test]
fn enter_on_a_transfer_cell_or_the_counterexample_chooses_whose_trace() {
    let mut app = on_ternary((120, 40));
    let whose = |app: &App| {
        let s = app.family.as_ref().unwrap();
        let a = s.audit.as_ref().unwrap();
        a.shown_trace(&s.study).map(|(w, _)| w)
    };
    assert_eq!(
        whose(&app).as_deref(),
        Some("on ternary_next (its own)"),
        "its own failure first"
    );
    // The transfer matrix: H/L move the cell, Enter shows its trace (or says why not).
    press(&mut app, "Tab Tab");
    assert_eq!(app.family_audit().unwrap().pane, FamilyPane::Transfer);
    let mut shown = Vec::new();
    let columns = 5; // four implementations and the mutants
    for _ in 0..columns {
        press(&mut app, "Enter");
        let message = app.message.clone().unwrap_or_default();
        shown.push((message, whose(&app)));
        press(&mut app, "L");
    }
    assert!(
        shown.iter().all(|(m, _)| !m.is_empty()),
        "every cell answers: {shown:#?}"
    );
    let chosen: Vec<&(String, Option<String>)> = shown
        .iter()
        .filter(|(m, _)| m.starts_with("counterexample of p_full_late on "))
        .collect();
    assert!(!chosen.is_empty(), "{shown:#?}");
    for (m, w) in &chosen {
        let on = m.trim_start_matches("counterexample of p_full_late ");
        let on = on.split(" (").next().unwrap();
        assert!(
            w.as_deref().is_some_and(|w| w.starts_with(on)),
            "{m} shows {w:?}"
        );
    }
    // A cell where the property passes says so and keeps the trace shown.
    assert!(
        shown
            .iter()
            .any(|(m, _)| m.contains("no counterexample there") || m.contains("detects no mutant")),
        "{shown:#?}"
    );
    // The counterexample pane's Enter steps through every trace and wraps.
    press(&mut app, "BackTab");
    assert_eq!(app.family_audit().unwrap().pane, FamilyPane::Counterexample);
    let n = {
        let s = app.family.as_ref().unwrap();
        let a = s.audit.as_ref().unwrap();
        a.selected(&s.study).unwrap().traces("ternary_next").len()
    };
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..n {
        press(&mut app, "Enter");
        seen.insert(whose(&app).unwrap());
        let m = app.message.clone().unwrap();
        assert!(m.starts_with("counterexample "), "{m}");
    }
    assert_eq!(seen.len(), n, "each trace once: {seen:?}");
    let title = screen_text(&app);
    assert!(
        title.contains(&format!("Counterexample 1/{n}:")) || n < 2,
        "{title}"
    );
    // A new property starts from its own trace again.
    press(&mut app, "BackTab j");
    assert_eq!(app.family_audit().unwrap().whose, None);
}

#[test]
fn the_queue_lists_the_variant_sensitive_families_pairs() {
    let mut app = family_app((120, 40), None);
    let sensitive: Vec<usize> = (0..app.study.pairs.len())
        .filter(|&i| app.study.pairs[i].sensitive == Some(true))
        .collect();
    assert!(
        app.study.pairs.iter().all(|p| p.sensitive.is_some()),
        "every family pair says whether its family is variant-sensitive"
    );
    for (filter, want) in [("sensitive=yes", true), ("sensitive=no", false)] {
        press(&mut app, "x /");
        type_text(&mut app, filter);
        press(&mut app, "Enter");
        let expected = app
            .study
            .pairs
            .iter()
            .filter(|p| p.sensitive == Some(want))
            .count();
        assert_eq!(app.queue.visible.len(), expected, "{filter}");
        assert!(
            app.queue
                .visible
                .iter()
                .all(|&i| app.study.pairs[i].sensitive == Some(want)),
            "{filter}"
        );
    }
    assert!(
        !sensitive.is_empty(),
        "the test study has a variant-sensitive family"
    );
    // The dashboard explains its sound figure and points at the filter.
    press(&mut app, "x M");
    settle(&mut app);
    let text = screen_text(&app);
    assert!(text.contains("var.-sens.: filter sensitive=yes"), "{text}");
}

#[test]
fn m_opens_the_metrics_from_the_family_screen_and_esc_comes_back() {
    let mut app = on_ternary((120, 40));
    let audited = app.family_audit().unwrap().pair;
    press(&mut app, "M");
    assert_eq!(app.screen, Screen::Dashboard);
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Family);
    assert_eq!(app.family_audit().unwrap().pair, audited);
    // `M` on the dashboard goes back the same way.
    press(&mut app, "M M");
    assert_eq!(app.screen, Screen::Family);
}
