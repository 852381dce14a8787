//! Tests of [`super::load::load_study`] on small studies written to a temporary
//! directory.

use std::path::{Path, PathBuf};

use super::load::{ERROR_CAP, load_study};
use super::pair::FlipClass;
use super::source::FileKind;

const PROGRAMS: &str = concat!(
    r#"{"id": "p1", "stratum": "nested-if/async", "synchronous": false, "clock": null, "rtl": "if (a) x = y;", "reference": "property p; a |=> x == y; endproperty", "variants": {"T1": {"rtl": "if (a) x = y;"}}}"#,
    "\n",
    r#"{"id": "p2", "stratum": "nested-if/sync", "synchronous": true, "clock": "posedge clk", "rtl": "if (b) u = v;", "reference": "property p; @(posedge clk) b |-> u == v; endproperty", "source": "hand"}"#,
    "\n"
);

const GENERATIONS: &str = concat!(
    r#"{"program": "p1", "variant": "original", "model": "m", "output": "o1"}"#,
    "\n",
    r#"{"program": "p1", "variant": "T1", "model": "m", "output": "o2", "meta": {"t": 1}}"#,
    "\n"
);

const PAIRS: &str = concat!(
    r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "nested-if/async", "behavior": "x=y", "base": true, "trans": false}"#,
    "\n"
);

const ANNOTATIONS: &str = concat!(
    r#"{"program": "p1", "behavior": "x=y", "model": "m", "variant": "T1", "action": "tag", "tag": "dropped-predicate", "auditor": "ana", "time": "2026-11-29T15:04:05Z", "version": "0.1.0"}"#,
    "\n"
);

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn messages(dir: &Path, files: &[(&str, &str)]) -> Vec<String> {
    let paths: Vec<PathBuf> = files.iter().map(|(n, t)| write(dir, n, t)).collect();
    let errors = load_study(&paths).unwrap_err();
    let prefix = format!("{}/", dir.display());
    errors
        .errors
        .iter()
        .map(|e| e.to_string().replace(&prefix, ""))
        .collect()
}

#[test]
fn a_directory_loads_whole_with_provenance_and_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "programs.jsonl", PROGRAMS);
    write(d, "generations.jsonl", GENERATIONS);
    write(d, "pairs.jsonl", PAIRS);
    write(d, "annotations.jsonl", ANNOTATIONS);
    let study = load_study(&[d.to_path_buf()]).unwrap();
    assert_eq!(study.programs.len(), 2);
    assert_eq!(
        study.program("p2").unwrap().clock.as_deref(),
        Some("posedge clk")
    );
    assert_eq!(study.program_index("p1"), Some(0));
    assert_eq!(study.generations.len(), 2);
    assert_eq!(
        study.pairs[0].flip,
        Some(FlipClass::CW),
        "the loader fills flip in"
    );
    assert_eq!(study.annotations.len(), 1);
    let kinds: Vec<FileKind> = study.sources.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            FileKind::Programs,
            FileKind::Generations,
            FileKind::Pairs,
            FileKind::Annotations
        ]
    );
    assert!(
        study
            .sources
            .iter()
            .all(|s| s.sha256.len() == 64 && s.records > 0)
    );
    assert_eq!(study.warnings.len(), 1, "{:?}", study.warnings);
    assert!(
        study.warnings[0]
            .message
            .contains("unknown field \"source\"")
    );
    assert_eq!(study.warnings[0].location.line, 2);
}

#[test]
fn every_error_of_every_file_is_collected() {
    let dir = tempfile::tempdir().unwrap();
    let programs = format!("{PROGRAMS}{}", PROGRAMS.lines().next().unwrap());
    let generations = concat!(
        r#"{"program": "p9", "variant": "original", "model": "m", "output": ""}"#,
        "\n",
        r#"{"program": "p1", "variant": "T3", "model": "m", "output": ""}"#,
        "\n",
        r#"{"program": "p1", "variant": "original", "model": "m", "output": 5}"#,
        "\n",
        r#"{"program": "p1", "variant": "T1", "model": "m", "output": "a"}"#,
        "\n",
        r#"{"program": "p1", "variant": "T1", "model": "m", "output": "b"}"#,
        "\n",
    );
    let got = messages(
        dir.path(),
        &[
            ("generations.jsonl", generations),
            ("programs.jsonl", &programs),
        ],
    );
    assert_eq!(
        got,
        [
            "programs.jsonl:3:8: duplicate program id \"p1\": the first is at programs.jsonl:1".to_string(),
            "generations.jsonl:1:13: unknown program \"p9\": no program in the programs files has this id".into(),
            "generations.jsonl:2:30: program \"p1\" has no variant \"T3\": expected one of \"original\", \"T1\"".into(),
            "generations.jsonl:3:66: invalid type: integer `5`, expected a string for \"output\"".into(),
            format!(
                "generations.jsonl:5:13: a second generation for model \"m\", program \"p1\", variant \"T1\": the first is at {}/generations.jsonl:4",
                dir.path().display()
            )
            .replace(&format!("{}/", dir.path().display()), ""),
        ]
    );
}

#[test]
fn pairs_and_annotations_are_checked_against_the_programs() {
    let dir = tempfile::tempdir().unwrap();
    let pairs = concat!(
        r#"{"model": "m", "variant": "original", "program": "p1", "stratum": "nested-if/async", "behavior": "x=y", "base": true, "trans": true}"#,
        "\n",
        r#"{"model": "m", "variant": "T1", "program": "p1", "stratum": "case/async", "behavior": "x=y", "base": true, "trans": true, "flip": "WW"}"#,
        "\n",
    );
    let annotations = ANNOTATIONS.replace("2026-11-29T15:04:05Z", "noon");
    let got = messages(
        dir.path(),
        &[
            ("programs.jsonl", PROGRAMS),
            ("pairs.jsonl", pairs),
            ("annotations.jsonl", &annotations),
        ],
    );
    // A bad annotations file is a warning (the study opens read-only), not an error.
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(
        got[0].starts_with("pairs.jsonl:1:27: a pair compares \"original\" with a variant"),
        "{got:#?}"
    );
    assert!(
        got[1].starts_with("pairs.jsonl:2:131: flip \"WW\" disagrees"),
        "{got:#?}"
    );
    assert!(
        got[2].starts_with("pairs.jsonl:2:61: stratum \"case/async\" differs"),
        "{got:#?}"
    );
}

#[test]
fn records_of_a_program_that_failed_to_load_add_no_errors() {
    let dir = tempfile::tempdir().unwrap();
    let programs = PROGRAMS.replacen(r#""synchronous": false"#, r#""synchronous": "no""#, 1);
    let got = messages(
        dir.path(),
        &[
            ("programs.jsonl", &programs),
            ("generations.jsonl", GENERATIONS),
        ],
    );
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].contains("expected a boolean for \"synchronous\""),
        "{got:#?}"
    );
}

#[test]
fn errors_are_capped_but_counted() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "{\"id\": 1}\n".repeat(ERROR_CAP + 20);
    let path = write(dir.path(), "programs.jsonl", &bad);
    let errors = load_study(&[path]).unwrap_err();
    assert_eq!(errors.errors.len(), ERROR_CAP);
    assert_eq!(errors.total, ERROR_CAP + 20);
    let text = errors.to_string();
    assert!(
        text.contains("... and 20 more errors (the first 100 are shown)"),
        "{text}"
    );
    assert!(text.ends_with("120 errors in the study"), "{text}");
}

#[test]
fn empty_files_bad_bytes_and_missing_paths_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("generations.jsonl"),
        b"{\"program\": \"p\xc3\"}\n",
    )
    .unwrap();
    let got = messages(dir.path(), &[("programs.jsonl", "")]);
    assert_eq!(
        got[0],
        "programs.jsonl:1:1: the file is empty: expected one JSON object per line"
    );
    let e = load_study(&[dir.path().to_path_buf()]).unwrap_err();
    assert_eq!(
        (e.errors[1].location.line, e.errors[1].location.column),
        (1, 15),
        "{}",
        e.errors[1]
    );
    assert!(e.errors[1].message.contains("UTF-8"), "{}", e.errors[1]);
    let e = load_study(&[dir.path().join("nope.jsonl")]).unwrap_err();
    assert!(e.errors[0].message.contains("cannot"), "{}", e.errors[0]);
    let e = load_study(&[]).unwrap_err();
    assert!(e.errors[0].message.contains("no study files"));
}

#[test]
fn a_pairs_file_alone_loads_without_programs() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "pairs.jsonl", PAIRS);
    let study = load_study(&[path]).unwrap();
    assert_eq!(study.pairs.len(), 1);
    assert!(study.programs.is_empty());
    assert!(study.warnings.is_empty());

    let path = write(dir.path(), "generations.jsonl", GENERATIONS);
    let study = load_study(&[path]).unwrap();
    assert_eq!(study.generations.len(), 2);
    assert!(study.warnings[0].message.contains("no programs file"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// A study file damaged anywhere (a byte replaced, the end cut off) loads or gives
    /// errors located on one of its lines; it never panics.
    #[test]
    fn damaged_files_give_located_errors(
        at in 0usize..PROGRAMS.len(),
        byte in proptest::prelude::any::<u8>(),
        cut in proptest::prelude::any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = PROGRAMS.as_bytes().to_vec();
        if cut { bytes.truncate(at) } else { bytes[at] = byte }
        let path = dir.path().join("programs.jsonl");
        std::fs::write(&path, &bytes).unwrap();
        let lines = bytes.split(|b| *b == b'\n').count().max(1);
        if let Err(e) = load_study(&[path]) {
            proptest::prop_assert!(e.total >= 1);
            for err in &e.errors {
                proptest::prop_assert!(err.location.line >= 1 && err.location.line <= lines, "{}", err);
                proptest::prop_assert!(err.location.column >= 1, "{}", err);
            }
        }
    }
}
