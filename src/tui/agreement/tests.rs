//! State tests of the agreement screen (`K`) and `open --compare`: actions in, the
//! screen's figures out, compared with what `flipscope agreement` computes.
//! Snapshots of the screen at 120x40 and 80x24 and the styles they cannot show.

use std::path::{Path, PathBuf};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::action::Action;
use crate::tui::agreement::{Focus, candidates};
use crate::tui::app::{App, Overlay, Screen};
use crate::tui::keymap::Keymap;
use crate::tui::tagging::export::EXPORT_FILE;
use crate::tui::testing::{press, settle, type_text};
use crate::tui::testing::{study_copy, tagging_app};
use crate::tui::theme::{Role, Theme, ThemeKind};

/// A decision line of auditor `bo` (or `who`).
fn line(model: &str, variant: &str, program: &str, behavior: &str, tag: &str) -> String {
    format!(
        r#"{{"program": "{program}", "behavior": "{behavior}", "model": "{model}", "variant": "{variant}", "action": "tag", "tag": "{tag}", "auditor": "bo", "time": "2026-11-30T10:00:00Z", "version": "0.1.0"}}"#
    )
}

const Q: &str = "qwen2.5-coder-7b";
const D: &str = "deepseek-coder-v2-lite";

/// A second auditor's file in the study directory: agrees on three of the fixture's
/// pairs, tags two differently, and adds one the fixture's file has no decision on.
fn write_bo(dir: &Path) -> PathBuf {
    let lines = [
        line(Q, "T3", "p01", "flag=1'b1", "branch-polarity"),
        line(D, "T2", "p01", "out=data", "dropped-predicate"),
        line(D, "T3", "p02", "done=1'b1", "boolean-structure"),
        line(Q, "T1", "p03", "y=c", "boolean-structure"),
        line(D, "T1", "p03", "y=c", "boolean-structure"),
        line(D, "T1", "p03", "y=c", "dropped-predicate"),
        line(Q, "T1", "p01", "out=data", "dropped-predicate"),
    ];
    let path = dir.join("annotations-bo.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The fixture app with its store open in a copy of the study, and `bo`'s file there.
pub(crate) fn app_with_bo() -> (tempfile::TempDir, App, PathBuf) {
    let dir = study_copy();
    let bo = write_bo(dir.path());
    let mut app = tagging_app(dir.path());
    app.study_dir = Some(dir.path().to_path_buf());
    app.paths = vec![dir.path().to_path_buf()];
    (dir, app, bo)
}

/// `K`, the path typed over the suggestion, Enter.
fn compare_with(app: &mut App, path: &str) {
    press(app, "K Ctrl-u");
    type_text(app, path);
    press(app, "Enter");
}

#[test]
fn k_suggests_the_other_file_and_the_figures_match_the_command() {
    let (dir, mut app, bo) = app_with_bo();
    press(&mut app, "K");
    assert_eq!(app.overlay, Some(Overlay::Compare));
    assert_eq!(app.compare.input, bo.display().to_string(), "suggested");
    press(&mut app, "Enter");
    assert_eq!(app.screen, Screen::Agreement);
    assert_eq!(app.overlay, None);
    let view = app.compare.view.as_ref().unwrap();
    let command = crate::cli::agreement::compute(dir.path(), &bo).unwrap();
    assert_eq!(
        view.result, command.result,
        "the same figures as the command"
    );
    assert_eq!(view.first.path, command.first_path);
    assert_eq!(view.result.pairs_both, 5);
    assert_eq!(view.result.disagreements.len(), 6);
    assert_eq!(view.second.auditors, ["bo"]);
    assert_eq!(view.foreign, None);
    assert!(app.message.as_deref().unwrap().contains("disagree"));
}

#[test]
fn enter_audits_a_disagreement_and_esc_comes_back_recomputed() {
    let (_dir, mut app, bo) = app_with_bo();
    compare_with(&mut app, &bo.display().to_string());
    let first = app.compare.view.as_ref().unwrap().result.disagreements[0].clone();
    press(&mut app, "Enter");
    assert_eq!(app.screen, Screen::Audit);
    let audited = &app.study.pairs[app.audit.as_ref().unwrap().pair];
    assert_eq!(crate::tui::tagging::pair_key(audited), first.key);
    // `]` audits the next disagreement.
    press(&mut app, "]");
    let second = app.compare.view.as_ref().unwrap().result.disagreements[1].clone();
    let audited = &app.study.pairs[app.audit.as_ref().unwrap().pair];
    assert_eq!(crate::tui::tagging::pair_key(audited), second.key);
    settle(&mut app);
    // Tag it as bo did: back on the agreement screen, one disagreement fewer.
    let before = app
        .compare
        .view
        .as_ref()
        .unwrap()
        .result
        .disagreements
        .len();
    let wanted: Vec<String> = second.second.difference(&second.first).cloned().collect();
    let unwanted: Vec<String> = second.first.difference(&second.second).cloned().collect();
    for tag in wanted.iter().chain(&unwanted) {
        let key = ('1'..='9')
            .find(|&k| app.tagging.taxonomy.for_key(k) == Some(tag.as_str()))
            .expect("a digit key");
        press(&mut app, &key.to_string());
    }
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Agreement);
    let after = app.compare.view.as_ref().unwrap();
    assert_eq!(after.result.disagreements.len(), before - 1);
    press(&mut app, "Esc");
    assert_eq!(app.screen, Screen::Queue);
    assert!(app.compare.view.is_none());
}

#[test]
fn tab_moves_the_focus_between_the_tables() {
    let (_dir, mut app, bo) = app_with_bo();
    compare_with(&mut app, &bo.display().to_string());
    let view = app.compare.view.as_ref().unwrap();
    assert_eq!(view.focus, Focus::Pairs);
    press(&mut app, "j j");
    assert_eq!(app.compare.view.as_ref().unwrap().selected, 2);
    press(&mut app, "Tab j G");
    let view = app.compare.view.as_ref().unwrap();
    assert_eq!(view.focus, Focus::Tags);
    assert_eq!(view.tag_selected, view.result.tags.len() - 1);
    assert_eq!(view.selected, 2, "the other table keeps its place");
    press(&mut app, "Tab");
    assert_eq!(app.compare.view.as_ref().unwrap().focus, Focus::Pairs);
}

#[test]
fn bad_second_files_are_named_with_their_line_and_nothing_breaks() {
    let (dir, mut app, _) = app_with_bo();
    let cases: Vec<(PathBuf, String, &str)> = {
        let corrupt = dir.path().join("corrupt.jsonl");
        std::fs::write(
            &corrupt,
            format!(
                "{}\n{{\"program\": 7}}\n",
                line(Q, "T1", "p01", "out=data", "x")
            ),
        )
        .unwrap();
        let other = dir.path().join("other-study.jsonl");
        std::fs::write(&other, line("m", "T1", "zz", "a=b", "x") + "\n").unwrap();
        let empty = dir.path().join("empty.jsonl");
        std::fs::write(&empty, "\n").unwrap();
        vec![
            (corrupt.clone(), format!("{}:2:", corrupt.display()), ""),
            (
                other.clone(),
                format!("{}:1:", other.display()),
                "another study",
            ),
            (
                dir.path().join("missing.jsonl"),
                "no such annotations file".into(),
                "",
            ),
            (empty, "holds no decisions".into(), ""),
            (
                dir.path().join("annotations.jsonl"),
                "this study's own annotations".into(),
                "",
            ),
        ]
    };
    for (path, located, also) in cases {
        compare_with(&mut app, &path.display().to_string());
        assert_eq!(app.overlay, Some(Overlay::Compare), "{}", path.display());
        assert_eq!(app.screen, Screen::Queue);
        let error = app.compare.error.clone().unwrap();
        assert!(error.contains(&located), "{error}");
        assert!(error.contains(also), "{error}");
        // Typing clears the error; Esc closes the prompt.
        type_text(&mut app, " ");
        assert_eq!(app.compare.error, None);
        press(&mut app, "Esc");
        assert_eq!(app.overlay, None);
    }
}

#[test]
fn decisions_on_pairs_the_study_lacks_are_counted_and_reported() {
    let (dir, mut app, bo) = app_with_bo();
    let mut text = std::fs::read_to_string(&bo).unwrap();
    text.push_str(&(line(Q, "T9", "p77", "x=y", "dropped-predicate") + "\n"));
    std::fs::write(&bo, text).unwrap();
    compare_with(&mut app, "annotations-bo.jsonl");
    let view = app
        .compare
        .view
        .as_ref()
        .expect("a relative name is found in the study");
    let (count, place) = view.foreign.clone().unwrap();
    assert_eq!(count, 1);
    assert!(place.ends_with("annotations-bo.jsonl:8"), "{place}");
    let command = crate::cli::agreement::compute(dir.path(), &bo).unwrap();
    assert_eq!(view.result, command.result, "counted as the command does");
    // Enter on a pair the study lacks says so.
    let at = view
        .result
        .disagreements
        .iter()
        .position(|d| d.key.program == "p77")
        .unwrap();
    app.compare.view.as_mut().unwrap().selected = at;
    press(&mut app, "Enter");
    assert_eq!(app.screen, Screen::Agreement);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("not among the loaded pairs")
    );
}

#[test]
fn the_candidates_are_other_annotation_files_of_the_study() {
    let (dir, _app, bo) = app_with_bo();
    let sniffed = dir.path().join("bo.jsonl");
    std::fs::copy(&bo, &sniffed).unwrap();
    std::fs::write(dir.path().join(EXPORT_FILE), "{\"model\": \"m\"}\n").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "").unwrap();
    let store = dir.path().join("annotations.jsonl");
    let found = candidates(dir.path(), Some(&store));
    assert_eq!(found, [bo, sniffed]);
}

#[test]
fn open_compare_waits_for_a_raw_study_to_be_scored() {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score-study");
    let dir = tempfile::tempdir().unwrap();
    for name in ["programs.jsonl", "generations.jsonl"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    let decision = |program: &str, behavior: &str, model: &str, tag: &str, who: &str| {
        line(model, "T1", program, behavior, tag).replace("\"bo\"", &format!("\"{who}\""))
    };
    std::fs::write(
        dir.path().join("annotations.jsonl"),
        decision("p2", "x=y", "m1", "extra-predicate", "ana") + "\n",
    )
    .unwrap();
    let other = dir.path().join("bo.jsonl");
    std::fs::write(
        &other,
        decision("p2", "x=y", "m1", "dropped-predicate", "bo") + "\n",
    )
    .unwrap();
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.tagging.auditor = "tester".into();
    app.compare.pending = Some(other.clone());
    // The runner resizes before it starts loading: nothing to compare yet.
    app.update(Action::Resize(120, 40));
    assert_eq!((app.overlay, app.compare.error.clone()), (None, None));
    assert!(app.compare.pending.is_some());
    app.start_loading(vec![dir.path().to_path_buf()]);
    settle(&mut app);
    assert_eq!(app.screen, Screen::Agreement, "{:?}", app.compare.error);
    assert!(app.compare.pending.is_none());
    let view = app.compare.view.as_ref().unwrap();
    assert_eq!(view.foreign, None, "the scored pairs are known");
    assert_eq!(view.result.disagreements.len(), 1);
    let command = crate::cli::agreement::compute(dir.path(), &other).unwrap();
    assert_eq!(view.result, command.result);
}

use crate::tui::testing::SIZES;

fn render(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal
        .draw(|frame| crate::tui::app::draw::draw(app, frame))
        .unwrap();
    terminal
}

/// The app at each size with `setup` applied; temp paths shown as `STUDY`.
fn snapshot(name: &str, setup: impl Fn(&mut App, &Path)) {
    for (w, h) in SIZES {
        let (dir, mut app, _) = app_with_bo();
        app.update(Action::Resize(w, h));
        setup(&mut app, dir.path());
        let shown = dir.path().display().to_string();
        app.message = app.message.map(|m| m.replace(&shown, "STUDY"));
        app.compare.input = app.compare.input.replace(&shown, "STUDY");
        app.compare.error = app.compare.error.map(|m| m.replace(&shown, "STUDY"));
        let terminal = render(&app);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), terminal.backend());
    }
}

#[test]
fn agreement_screen() {
    snapshot("agreement", |app, _| press(app, "K Enter j"));
}

#[test]
fn agreement_screen_tags_focused() {
    snapshot("agreement_tags", |app, _| press(app, "K Enter Tab j"));
}

#[test]
fn compare_prompt() {
    snapshot("compare_prompt", |app, _| press(app, "K"));
}

#[test]
fn compare_prompt_with_an_error() {
    snapshot("compare_prompt_error", |app, dir| {
        let corrupt = dir.join("corrupt.jsonl");
        std::fs::write(&corrupt, "{\"program\": 7}\n").unwrap();
        compare_with(app, &corrupt.display().to_string());
    });
}

/// The text of row `y` of a buffer.
fn row_text(buf: &ratatui::buffer::Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

/// The first cell (x, y) where `text` starts, searching rows from the top.
fn find(buf: &ratatui::buffer::Buffer, text: &str) -> Option<(u16, u16)> {
    (0..buf.area.height).find_map(|y| {
        let line = row_text(buf, y);
        line.find(text)
            .map(|i| (line[..i].chars().count() as u16, y))
    })
}

#[test]
fn focus_and_differing_tags_have_their_roles() {
    let (_dir, mut app, _) = app_with_bo();
    press(&mut app, "K Enter");
    let terminal = render(&app);
    let buf = terminal.backend().buffer();
    let (x, y) = find(buf, "▶ Pairs").expect("the list has the focus");
    assert_eq!(buf[(x, y)].fg, app.theme.style(Role::Focus).fg.unwrap());
    assert!(find(buf, "▶ Kappa").is_none());
    // A tag only one auditor gave is drawn in the differs role; `-` (none) is muted.
    let differs = app.theme.style(Role::Differs);
    let (x, y) = find(buf, "scorer-false-positive")
        .or_else(|| find(buf, "boolean-structure  "))
        .unwrap();
    let list_top = find(buf, "▶ Pairs").unwrap().1;
    let (x, y) = if y > list_top {
        (x, y)
    } else {
        // The first hit was in the kappa table: look in the list.
        (list_top..buf.area.height)
            .find_map(|y| {
                let line = row_text(buf, y);
                ["dropped-predicate", "boolean-structure", "extra-predicate"]
                    .iter()
                    .find_map(|t| line.find(t))
                    .map(|i| (line[..i].chars().count() as u16, y))
            })
            .unwrap()
    };
    assert_eq!(buf[(x, y)].bg, differs.bg.unwrap(), "{}", row_text(buf, y));
    press(&mut app, "Tab");
    let terminal = render(&app);
    assert!(find(terminal.backend().buffer(), "▶ Kappa per tag").is_some());
}

#[test]
fn at_80x24_many_tags_share_the_screen_with_the_list_and_scroll() {
    let (dir, mut app, bo) = app_with_bo();
    let tags = [
        "output-contract",
        "missing-property",
        "wrong-consequent",
        "branch-polarity",
        "dropped-predicate",
        "extra-predicate",
        "boolean-structure",
        "scorer-false-positive",
        "reference-error",
    ];
    let lines: Vec<String> = tags
        .iter()
        .map(|t| line(Q, "T1", "p02", "done=1'b1", t))
        .collect();
    std::fs::write(&bo, lines.join("\n") + "\n").unwrap();
    app.update(Action::Resize(80, 24));
    compare_with(&mut app, &bo.display().to_string());
    let view = app.compare.view.as_ref().unwrap();
    assert_eq!(view.result.tags.len(), 9);
    let (tag_rows, pair_rows) = crate::tui::agreement::view::table_rows(app.size, view);
    assert!(tag_rows < 9, "{tag_rows}");
    assert!(pair_rows >= 3, "{pair_rows}");
    press(&mut app, "Tab G");
    let view = app.compare.view.as_ref().unwrap();
    assert_eq!(view.tag_selected, 8);
    assert_eq!(view.tag_offset, 9 - tag_rows);
    let terminal = render(&app);
    assert!(find(terminal.backend().buffer(), "reference-error").is_some());
    drop(dir);
}

#[test]
fn side_a_is_read_from_disk_when_another_flipscope_holds_the_store() {
    let dir = study_copy();
    let bo = write_bo(dir.path());
    let _other = crate::study::AnnotationStore::open_with(dir.path(), "other", None).unwrap();
    let mut app = tagging_app(dir.path());
    app.study_dir = Some(dir.path().to_path_buf());
    assert!(app.tagging.store.is_none());
    compare_with(&mut app, &bo.display().to_string());
    let view = app.compare.view.as_ref().expect("compared");
    let command = crate::cli::agreement::compute(dir.path(), &bo).unwrap();
    assert_eq!(view.result, command.result);
}

#[test]
fn a_corrupt_store_is_named_instead_of_compared() {
    let dir = study_copy();
    let bo = write_bo(dir.path());
    let store = dir.path().join("annotations.jsonl");
    let mut text = std::fs::read_to_string(&store).unwrap();
    text.push_str("{oops\n");
    std::fs::write(&store, text).unwrap();
    let mut app = tagging_app(dir.path());
    app.study_dir = Some(dir.path().to_path_buf());
    compare_with(&mut app, &bo.display().to_string());
    assert_eq!(app.screen, Screen::Queue);
    let error = app.compare.error.clone().unwrap();
    assert!(error.contains("annotations.jsonl:9:"), "{error}");
}

#[test]
fn the_audit_of_a_disagreement_shows_both_tags_and_the_last_one_says_so() {
    let (_dir, mut app, bo) = app_with_bo();
    compare_with(&mut app, &bo.display().to_string());
    press(&mut app, "Enter");
    settle(&mut app);
    let d = app.compare.view.as_ref().unwrap().result.disagreements[0].clone();
    let text = crate::tui::testing::screen_text(&app);
    let line = text
        .lines()
        .find(|l| l.starts_with("A "))
        .unwrap_or_else(|| panic!("{text}"));
    let tags = |t: &std::collections::BTreeSet<String>| {
        if t.is_empty() {
            "none".to_string()
        } else {
            t.iter().cloned().collect::<Vec<_>>().join(", ")
        }
    };
    assert!(line.contains(&format!("A {}", tags(&d.first))), "{line}");
    assert!(line.contains(&format!("B {}", tags(&d.second))), "{line}");
    assert!(text.contains("disagreement 1/"), "{text}");
    let n = app
        .compare
        .view
        .as_ref()
        .unwrap()
        .result
        .disagreements
        .len();
    for _ in 1..n {
        press(&mut app, "]");
    }
    let last = app.audit.as_ref().unwrap().pair;
    press(&mut app, "]");
    assert_eq!(app.audit.as_ref().unwrap().pair, last, "stays on the last");
    assert_eq!(
        app.message.as_deref(),
        Some(format!("that was the last disagreement ({n} of {n})").as_str())
    );
}

#[test]
fn k_offers_the_file_compared_last() {
    let (dir, mut app, _) = app_with_bo();
    let other = dir.path().join("zz-other.jsonl");
    std::fs::write(
        &other,
        line(Q, "T1", "p01", "out=data", "dropped-predicate") + "\n",
    )
    .unwrap();
    compare_with(&mut app, &other.display().to_string());
    assert_eq!(app.screen, Screen::Agreement);
    press(&mut app, "Esc K");
    assert_eq!(app.compare.input, other.display().to_string());
}

#[test]
fn agreement_audit() {
    snapshot("agreement_audit", |app, _| {
        press(app, "K Enter Enter");
        settle(app);
        app.message = None;
    });
}
