//! Store behaviour: record and reopen, undo, the lock, corrupt files, the fallback.

use std::fs;
use std::path::Path;

use super::*;

pub(super) fn key(i: usize) -> PairKey {
    PairKey {
        model: "m".into(),
        variant: "T2".into(),
        program: format!("p{i}"),
        behavior: "x=y".into(),
        sample: 0,
    }
}

fn open(dir: &Path) -> AnnotationStore {
    AnnotationStore::open_with(dir, "ana", None).unwrap()
}

#[test]
fn decisions_are_saved_before_record_returns_and_reload() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    assert_eq!(store.location(), &StoreLocation::StudyDir);
    store
        .record(&key(1), Decision::Tag("branch-polarity".into()), None)
        .unwrap();
    let hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    store
        .record(&key(1), Decision::Note("flipped b".into()), Some(hash))
        .unwrap();
    assert!(
        store
            .toggle_tag(&key(2), "dropped-predicate", None)
            .unwrap()
    );
    assert!(
        !store
            .toggle_tag(&key(2), "dropped-predicate", None)
            .unwrap()
    );
    let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
    assert_eq!(text.lines().count(), 4);
    drop(store);

    let store = open(dir.path());
    assert_eq!(store.decisions().len(), 4);
    assert_eq!(store.session_len(), 0);
    assert_eq!(
        store.current_tags(&key(1)).into_iter().collect::<Vec<_>>(),
        ["branch-polarity"]
    );
    assert_eq!(store.note(&key(1)), Some("flipped b"));
    assert!(store.current_tags(&key(2)).is_empty());
    assert_eq!(store.decisions()[1].pair_hash.as_deref(), Some(hash));
    assert_eq!(store.decisions()[0].auditor, "ana");
    assert_eq!(store.decisions()[0].version, env!("CARGO_PKG_VERSION"));
}

#[test]
fn undo_removes_only_this_sessions_decisions() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    store
        .record(&key(1), Decision::Tag("a".into()), None)
        .unwrap();
    drop(store);
    let before = fs::read(dir.path().join(FILE_NAME)).unwrap();

    let mut store = open(dir.path());
    store
        .record(&key(1), Decision::Tag("b".into()), None)
        .unwrap();
    store
        .record(&key(1), Decision::Untag("a".into()), None)
        .unwrap();
    assert!(store.current_tags(&key(1)).iter().eq(["b"]));
    let undone = store.undo().unwrap().unwrap();
    assert_eq!(undone.tag.as_deref(), Some("a"));
    assert!(store.current_tags(&key(1)).iter().eq(["a", "b"]));
    store.undo().unwrap().unwrap();
    assert!(store.undo().unwrap().is_none(), "the file's decision stays");
    assert!(store.current_tags(&key(1)).iter().eq(["a"]));
    assert_eq!(fs::read(dir.path().join(FILE_NAME)).unwrap(), before);
}

#[test]
fn a_second_open_is_refused_while_the_first_is_open() {
    let dir = tempfile::tempdir().unwrap();
    let first = open(dir.path());
    let err = AnnotationStore::open_with(dir.path(), "bo", None).unwrap_err();
    assert!(matches!(err, StoreError::Locked { .. }), "{err}");
    let message = err.to_string();
    assert!(message.contains("annotations.jsonl"), "{message}");
    assert!(message.contains("another flipscope"), "{message}");
    drop(first);
    open(dir.path());
}

#[test]
fn a_corrupt_file_is_reported_kept_and_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let good = r#"{"program": "p1", "behavior": "x=y", "model": "m", "variant": "T2", "action": "tag", "tag": "a", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}"#;
    let bytes = format!("{good}\n{{\"program\": 3}}\nno newline at the end").into_bytes();
    fs::write(&path, &bytes).unwrap();
    let mut store = open(dir.path());
    let reason = store.read_only_reason().unwrap().to_string();
    assert!(reason.contains("read-only"), "{reason}");
    assert!(reason.contains(":2:"), "{reason}");
    assert_eq!(store.problems().len(), 2);
    assert_eq!(store.problems()[0].location.line, 2);
    assert_eq!(store.problems()[1].location.line, 3);
    assert_eq!(store.decisions().len(), 1, "the good lines are still shown");
    let err = store
        .record(&key(1), Decision::Tag("b".into()), None)
        .unwrap_err();
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
    assert_eq!(fs::read(&path).unwrap(), bytes);
}

#[test]
fn bad_utf8_is_reported_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let bytes = b"{\"program\": \"p\xff\"}\n".to_vec();
    fs::write(&path, &bytes).unwrap();
    let mut store = open(dir.path());
    assert!(store.read_only_reason().unwrap().contains("UTF-8"));
    assert!(
        store
            .record(&key(1), Decision::Note("n".into()), None)
            .is_err()
    );
    assert_eq!(fs::read(&path).unwrap(), bytes);
}

#[test]
fn invalid_decisions_are_refused_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(dir.path());
    let err = store
        .record(&key(1), Decision::Tag("  ".into()), None)
        .unwrap_err();
    assert!(matches!(err, StoreError::Invalid(_)), "{err}");
    let err = store
        .record(&key(1), Decision::Tag("a".into()), Some("nothex"))
        .unwrap_err();
    assert!(matches!(err, StoreError::Invalid(_)), "{err}");
    assert_eq!(store.session_len(), 0);
    assert!(!dir.path().join(FILE_NAME).exists());
}

#[test]
fn an_unwritable_study_dir_falls_back_to_the_user_data_dir() {
    // Tests run as root, so chmod cannot make a directory read-only: /proc/self can
    // be written by nobody.
    let data = tempfile::tempdir().unwrap();
    let study = Path::new("/proc/self");
    if !study.is_dir() {
        return;
    }
    let mut store = AnnotationStore::open_with(study, "ana", Some(data.path())).unwrap();
    let StoreLocation::UserData { reason } = store.location().clone() else {
        panic!("expected the user data dir, got {:?}", store.location());
    };
    assert!(reason.contains("cannot be written"), "{reason}");
    assert!(store.path().starts_with(data.path()));
    store
        .record(&key(1), Decision::Tag("a".into()), None)
        .unwrap();
    let folder = store.path().parent().unwrap().to_path_buf();
    let recorded = fs::read_to_string(folder.join("study-path.txt")).unwrap();
    assert!(recorded.starts_with("/proc/"), "{recorded}");
    drop(store);
    let store = AnnotationStore::open_with(study, "ana", Some(data.path())).unwrap();
    assert_eq!(store.decisions().len(), 1);
    // Without a data root there is nowhere to write.
    let err = AnnotationStore::open_with(study, "ana", None).unwrap_err();
    assert!(matches!(err, StoreError::NoLocation(_)), "{err}");
}

#[test]
fn the_fallback_starts_from_the_study_dirs_annotations() {
    let data = tempfile::tempdir().unwrap();
    let study = tempfile::tempdir().unwrap();
    {
        let mut store = open(study.path());
        store
            .record(&key(1), Decision::Tag("a".into()), None)
            .unwrap();
    }
    let resolved = location::Resolved {
        path: data.path().join("x").join(FILE_NAME),
        location: StoreLocation::UserData {
            reason: "test".into(),
        },
        study_file: study.path().join(FILE_NAME),
    };
    location::prepare_user_data(&resolved, study.path()).unwrap();
    assert_eq!(
        fs::read(&resolved.path).unwrap(),
        fs::read(&resolved.study_file).unwrap()
    );
}

#[test]
fn the_user_data_folder_is_named_by_the_canonical_path() {
    let a = location::study_folder(Path::new("/data/study-a"));
    assert_eq!(a.len(), 16);
    assert_ne!(a, location::study_folder(Path::new("/data/study-b")));
    assert_eq!(a, location::study_folder(Path::new("/data/study-a")));
}

#[test]
fn a_missing_study_dir_is_an_error_not_a_fallback() {
    let data = tempfile::tempdir().unwrap();
    let missing = data.path().join("no-such-study");
    let err = AnnotationStore::open_with(&missing, "ana", Some(data.path())).unwrap_err();
    assert!(matches!(err, StoreError::NoLocation(_)), "{err}");
    assert!(err.to_string().contains("no-such-study"), "{err}");
    assert!(!data.path().join(FILE_NAME).exists());
}

/// A decision line as another program (or person) would append it.
fn foreign_line(i: usize, tag: &str) -> String {
    let mut a = Annotation::decision(&key(i), AnnotationAction::Tag, "bo");
    a.tag = Some(tag.into());
    serde_json::to_string(&a).unwrap()
}

#[test]
fn lines_appended_by_another_program_are_merged_never_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let mut store = open(dir.path());
    store
        .record(&key(1), Decision::Tag("a".into()), None)
        .unwrap();
    let theirs = foreign_line(2, "from-bo");
    let mut text = fs::read_to_string(&path).unwrap();
    text.push_str(&theirs);
    text.push('\n');
    fs::write(&path, &text).unwrap();
    store
        .record(&key(3), Decision::Tag("c".into()), None)
        .unwrap();
    assert_eq!(store.merged(), 1);
    assert_eq!(
        store.current_tags(&key(2)).len(),
        1,
        "their decision is shown"
    );
    let lines: Vec<String> = fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], theirs, "kept where it was written");
    // Undo takes back this session's last decision only; theirs stays.
    store.undo().unwrap();
    store.undo().unwrap();
    assert_eq!(store.undo().unwrap(), None);
    let left = fs::read_to_string(&path).unwrap();
    assert_eq!(left, format!("{theirs}\n"));
    assert_eq!(store.decisions().len(), 1);
}

#[test]
fn any_other_change_by_another_program_stops_the_writing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let mut store = open(dir.path());
    store
        .record(&key(1), Decision::Tag("a".into()), None)
        .unwrap();
    // A `git pull` replaced the file with another version.
    let theirs = format!("{}\n", foreign_line(5, "theirs"));
    fs::write(&path, &theirs).unwrap();
    let err = store
        .record(&key(3), Decision::Tag("c".into()), None)
        .unwrap_err();
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
    assert!(
        err.to_string().contains("changed by another program"),
        "{err}"
    );
    assert!(store.read_only_reason().is_some());
    assert_eq!(fs::read_to_string(&path).unwrap(), theirs);
    assert!(store.undo().is_err(), "undo would rewrite the file too");
    assert_eq!(fs::read_to_string(&path).unwrap(), theirs);
    // The lock is let go: another store may open it now.
    drop(open(dir.path()));
}

#[test]
fn a_stale_temporary_file_is_removed_at_open() {
    let dir = tempfile::tempdir().unwrap();
    let temp = file::temp_path(&dir.path().join(FILE_NAME));
    fs::write(&temp, "partial").unwrap();
    let _store = open(dir.path());
    assert!(!temp.exists());
}

#[test]
fn a_full_disk_is_said_once_in_a_chained_message() {
    let e = StoreError::Io {
        path: "annotations.jsonl".into(),
        what: "write",
        reason: std::io::Error::from_raw_os_error(28),
    };
    let shown = format!("{:#}", anyhow::Error::from(e));
    assert_eq!(
        shown.matches("No space left on device").count(),
        1,
        "{shown}"
    );
}
