//! Decisions made in the TUI carry the pair's input hash: the one a pairs file gives,
//! or the one the TUI's scoring computed; `flipscope export tags` then compares it with
//! the pair's hash now and does not call the decision stale.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cli::scoring::ScoringArgs;
use crate::rtl::ParseCache;
use crate::score::study::{StudyOptions, score_study};
use crate::study::pair_hash::is_sha256_hex;
use crate::study::{Annotation, load_study};
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::keymap::Keymap;
use crate::tui::testing::{AppBuilder, press, settle};
use crate::tui::theme::{Theme, ThemeKind};

/// A copy of the raw fixture study (programs and generations) in a temp dir.
fn raw_copy() -> tempfile::TempDir {
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score-study");
    let dir = tempfile::tempdir().unwrap();
    for name in ["programs.jsonl", "generations.jsonl"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    dir
}

fn decisions(dir: &Path) -> Vec<Annotation> {
    std::fs::read_to_string(dir.join("annotations.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `flipscope export tags DIR` (raw studies scored under the default oracle).
fn export_rows(dir: &Path, no_cache: bool) -> Vec<Value> {
    let scoring = ScoringArgs {
        oracle: None,
        lenient: false,
        no_cache,
        formal: Default::default(),
    };
    crate::cli::export::tags(&[dir.to_path_buf()], "", &scoring)
        .unwrap()
        .text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Shows every pair and selects the first one.
fn select_first(app: &mut App) {
    press(app, "x g");
    assert!(app.queue.selected_pair().is_some());
}

#[test]
fn a_raw_study_scored_in_the_tui_stamps_its_decisions_with_the_pair_hash() {
    let dir = raw_copy();
    let mut app = App::new(Keymap::default(), Theme::builtin(ThemeKind::Dark));
    app.update(Action::Resize(120, 40));
    app.tagging.auditor = "tester".into();
    app.start_loading(vec![dir.path().to_path_buf()]);
    settle(&mut app);
    assert!(app.tagging.writable(), "{:?}", app.message);
    select_first(&mut app);
    let pair = app.study.pairs[app.queue.selected_pair().unwrap()].clone();
    let hash = pair
        .pair_hash
        .clone()
        .expect("the scored pairs carry their hash");
    assert!(is_sha256_hex(&hash));

    // A tag (digit key) and a note: every decision carries the hash.
    press(&mut app, "7 n");
    app.update(Action::Input('x'));
    press(&mut app, "Enter");
    let made = decisions(dir.path());
    assert_eq!(made.len(), 2);
    assert!(made.iter().all(|a| a.pair_hash.as_deref() == Some(&hash)));

    let rows = export_rows(dir.path(), true);
    let row = rows
        .iter()
        .find(|r| r["program"] == pair.program.as_str() && r["behavior"] == pair.behavior.as_str())
        .expect("the tagged pair is exported");
    assert_eq!(row["stale"], Value::Bool(false), "{row}");
}

#[test]
fn a_pairs_file_gives_the_hash_its_decisions_carry() {
    // A pairs file written by scoring the raw fixture, beside its programs only.
    let raw = raw_copy();
    let study = load_study(&[raw.path().to_path_buf()]).unwrap();
    let report = score_study(&study, &StudyOptions::default(), &ParseCache::disabled());
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        raw.path().join("programs.jsonl"),
        dir.path().join("programs.jsonl"),
    )
    .unwrap();
    let pairs: String = report
        .pairs
        .iter()
        .map(|p| serde_json::to_string(p).unwrap() + "\n")
        .collect();
    std::fs::write(dir.path().join("pairs.jsonl"), pairs).unwrap();

    let view = crate::tui::model::load::load_study(&[dir.path().to_path_buf()], |_| {}).unwrap();
    let mut app = AppBuilder::from_study(view).build();
    app.tagging.auditor = "tester".into();
    app.open_annotations(dir.path(), None);
    select_first(&mut app);
    let i = app.queue.selected_pair().unwrap();
    press(&mut app, "4");
    let expected = report
        .pairs
        .iter()
        .find(|p| crate::tui::tagging::pair_key(&app.study.pairs[i]) == p.key())
        .and_then(|p| p.pair_hash.clone())
        .unwrap();
    let made = decisions(dir.path());
    assert_eq!(made[0].pair_hash.as_deref(), Some(expected.as_str()));
    let rows = export_rows(dir.path(), false);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["stale"], Value::Bool(false));
    assert_eq!(rows[0]["tags"], serde_json::json!(["branch-polarity"]));
}

#[test]
fn without_a_hash_in_the_pairs_file_decisions_carry_none() {
    let dir = crate::tui::testing::study_copy();
    let mut app = crate::tui::testing::tagging_app(dir.path());
    press(&mut app, "8");
    let made = decisions(dir.path());
    let last = made.last().unwrap();
    assert_eq!(last.tag.as_deref(), Some("scorer-false-positive"));
    assert_eq!(last.pair_hash, None);
}
