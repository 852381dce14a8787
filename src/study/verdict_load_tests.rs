//! Tests of loading `verdicts*.jsonl` with the rest of a study.

use std::path::{Path, PathBuf};

use super::load::load_study;
use super::source::FileKind;

const PROGRAMS: &str = concat!(
    r#"{"id": "f", "stratum": "arbiter", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "f_a", "rtl": "module f_a; endmodule", "reference": "p: assert property (@(posedge clk) 1);", "reset": "rst", "variants": {"b": {"rtl": "module f_b; endmodule", "top": "f_b"}}, "mutants": {"m1": {"rtl": "module f_m; endmodule"}}}"#,
    "\n"
);

const VERDICTS: &str = concat!(
    r#"{"program": "f", "variant": "original", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}, "transfer": {"b": {"status": "fail"}}, "mutants": {"m1": {"status": "fail"}}}"#,
    "\n",
    r#"{"program": "f", "variant": "original", "model": "m", "index": 1, "interface_only": false, "non_interface": ["state"], "status": {"status": "interface-violation"}}"#,
    "\n",
    r#"{"program": "f", "variant": "b", "model": "m", "index": null, "syntax": {"ok": false, "message": "no property was read"}}"#,
    "\n"
);

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn errors(dir: &Path, verdicts: &str) -> Vec<String> {
    write(dir, "programs.jsonl", PROGRAMS);
    write(dir, "verdicts.jsonl", verdicts);
    load_study(&[dir.to_path_buf()])
        .unwrap_err()
        .errors
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn verdicts_load_with_sound_filled_in() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "programs.jsonl", PROGRAMS);
    write(dir.path(), "verdicts.jsonl", VERDICTS);
    let study = load_study(&[dir.path().to_path_buf()]).unwrap();
    assert_eq!(study.verdicts.len(), 3);
    assert_eq!(study.verdicts[0].sound, Some(true));
    assert_eq!(study.verdicts[1].sound, Some(false));
    assert_eq!(study.verdicts[2].sound, None, "an output line has no sound");
    assert_eq!(
        study.verdicts[0].detected_mutants().collect::<Vec<_>>(),
        ["m1"]
    );
    let kinds: Vec<FileKind> = study.sources.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, [FileKind::Programs, FileKind::Verdicts]);
    assert!(study.warnings.is_empty(), "{:?}", study.warnings);
}

#[test]
fn a_file_of_verdicts_is_known_by_its_keys() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "programs.jsonl", PROGRAMS);
    let odd = write(dir.path(), "formal-run.jsonl", VERDICTS);
    let study = load_study(&[dir.path().join("programs.jsonl"), odd]).unwrap();
    assert_eq!(study.verdicts.len(), 3);
}

#[test]
fn duplicates_unknown_programs_and_mixed_outputs_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let line0 = VERDICTS.lines().next().unwrap();
    let text = format!(
        "{line0}\n{line0}\n{}\n{}\n",
        line0.replace(r#""program": "f""#, r#""program": "g""#),
        r#"{"program": "f", "variant": "original", "model": "m", "index": null}"#
    );
    let e = errors(dir.path(), &text);
    assert_eq!(e.len(), 3, "{e:#?}");
    assert!(
        e[0].contains("verdicts.jsonl:2:")
            && e[0].contains("a second verdict for model \"m\", program \"f\", variant \"original\", property 0: the first is at")
            && e[0].ends_with("verdicts.jsonl:1"),
        "{}",
        e[0]
    );
    assert!(e[1].contains("unknown program \"g\""), "{}", e[1]);
    assert!(e[2].contains("verdicts.jsonl:4:"), "{}", e[2]);
    assert!(
        e[2].contains("either property lines or one line"),
        "{}",
        e[2]
    );
}

#[test]
fn a_contradicted_sound_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"program": "f", "variant": "b", "model": "m", "index": 0, "interface_only": true, "status": {"status": "fail"}, "sound": true}"#;
    let e = errors(dir.path(), &format!("{text}\n"));
    assert_eq!(e.len(), 1, "{e:#?}");
    let col = text.find("true}").unwrap() + 1;
    assert!(
        e[0].contains(&format!("verdicts.jsonl:1:{col}: a sound property")),
        "{}",
        e[0]
    );
}
