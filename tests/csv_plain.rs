//! Every CSV flipscope writes is plain CSV, read as Python's `csv.DictReader` reads it:
//! the first row is the header and every other row is data of the same width, no `#`
//! line anywhere; the provenance goes to `--provenance FILE` or standard error
//! (docs/commands.md, "CSV"). Through the binary: the paired metrics of the sample
//! study (`metrics`, `export metrics`), the figures and the pairs of a whole-module
//! study, and the usage errors of `--table` and `--provenance`.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// RFC 4180 records as `csv.DictReader` gives them (header from the first row).
fn dict_reader(text: &str) -> (Vec<String>, Vec<BTreeMap<String, String>>) {
    let mut records: Vec<Vec<String>> = Vec::new();
    let (mut record, mut field) = (Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => record.push(std::mem::take(&mut field)),
            '\n' if !quoted => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            c => field.push(c),
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "the CSV ends mid-record"
    );
    assert!(!records.is_empty(), "no header");
    let header = records.remove(0);
    let rows = records
        .into_iter()
        .map(|r| {
            assert_eq!(r.len(), header.len(), "a row of another width: {r:?}");
            header.iter().cloned().zip(r).collect()
        })
        .collect();
    (header, rows)
}

/// Runs flipscope; (stdout, stderr), asserting success.
fn ok(args: &[&str]) -> (String, String) {
    let out = common::run(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "flipscope {args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

fn plain(csv: &str) -> (Vec<String>, Vec<BTreeMap<String, String>>) {
    assert!(!csv.lines().any(|l| l.starts_with('#')), "a # line:\n{csv}");
    assert!(!csv.contains("\n\n"), "a blank line: two tables?\n{csv}");
    dict_reader(csv)
}

#[test]
fn paired_metrics_csv_is_plain_with_the_provenance_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let study = repo("sample-runs");
    let s = study.to_str().unwrap();
    let (csv, stderr) = ok(&["metrics", s, "--format", "csv", "--replicates", "50"]);
    let (header, rows) = plain(&csv);
    assert_eq!(&header[..2], ["model", "variant"]);
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|r| r["N"].parse::<u64>().is_ok()),
        "{rows:?}"
    );
    assert!(stderr.contains("filter: (none)"), "{stderr}");
    assert!(stderr.contains(env!("CARGO_PKG_VERSION")), "{stderr}");

    // export metrics: the same table; the provenance in its sidecar, not on stderr.
    let sidecar = dir.path().join("provenance.txt");
    let out = dir.path().join("table.csv");
    let (_, stderr) = ok(&[
        "export",
        "metrics",
        s,
        "--format",
        "csv",
        "--replicates",
        "50",
        "-o",
        out.to_str().unwrap(),
        "--provenance",
        sidecar.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), csv);
    assert!(!stderr.contains("filter:"), "{stderr}");
    let provenance = std::fs::read_to_string(&sidecar).unwrap();
    assert!(provenance.contains("filter: (none)"), "{provenance}");
    assert!(provenance.contains("sha256"), "{provenance}");
}

#[test]
fn a_module_study_writes_one_table_per_csv() {
    let study = repo("tests/fixtures/equivsva-study");
    let s = study.to_str().unwrap();
    let (csv, stderr) = ok(&["metrics", s, "--format", "csv", "--replicates", "0"]);
    let (header, rows) = plain(&csv);
    assert_eq!(
        header,
        [
            "model", "variant", "figure", "count", "of", "rate", "rate_lo", "rate_hi"
        ]
    );
    assert!(rows.iter().any(|r| r["figure"] == "sound"), "{rows:?}");
    assert!(
        stderr.contains("`--table pairs` gives the pairs"),
        "{stderr}"
    );
    assert!(stderr.contains("outputs: "), "{stderr}");
    let (csv, _) = ok(&[
        "metrics",
        s,
        "--format",
        "csv",
        "--replicates",
        "0",
        "--table",
        "pairs",
    ]);
    let (header, _) = plain(&csv);
    assert_eq!(&header[..2], ["model", "variant"]);
    assert!(header.contains(&"delta_acc".to_string()), "{header:?}");
    let (export, _) = ok(&[
        "export",
        "metrics",
        s,
        "--format",
        "csv",
        "--replicates",
        "0",
        "--table",
        "pairs",
    ]);
    assert_eq!(export, csv);
}

#[test]
fn table_and_provenance_need_csv() {
    let s = repo("sample-runs");
    for args in [
        vec!["metrics", s.to_str().unwrap(), "--table", "pairs"],
        vec!["metrics", s.to_str().unwrap(), "--provenance", "p.txt"],
        vec![
            "export",
            "metrics",
            s.to_str().unwrap(),
            "--table",
            "figures",
        ],
    ] {
        let out = common::run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--format csv"), "{stderr}");
    }
}
