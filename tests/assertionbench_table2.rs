//! The AssertionBench paper's Table 2 through the binary: every (design, model, shots)
//! cell the committed JasperGold logs determine is a row of `flipscope metrics STUDY
//! --format csv`, read as `csv.DictReader` reads it (the first row is the header), and
//! its P, C and E are the log's: checked cell by cell against the dataset README's
//! per-design table, the record of what each log holds (docs/assertionbench.md,
//! "The paper's Table 2").

mod common;

use std::collections::BTreeMap;

/// The README's columns, as (file model, k) and flipscope's model name.
const COLUMNS: [(&str, &str, &str); 8] = [
    ("gpt_3.5 1", "gpt-3.5", "1"),
    ("gpt_3.5 5", "gpt-3.5", "5"),
    ("gpt_4o 1", "gpt-4o", "1"),
    ("gpt_4o 5", "gpt-4o", "5"),
    ("llama2 1", "codellama2-70b", "1"),
    ("llama2 5", "codellama2-70b", "5"),
    ("llama3 1", "llama3-70b", "1"),
    ("llama3 5", "llama3-70b", "5"),
];

/// The README's per-design table: (design folder, model, shots) -> the verdict part of
/// the cell (`8P/0C`, `E`, `empty`, `inc/inc`, `no log`).
fn readme_cells() -> BTreeMap<(String, String, String), String> {
    let path = common::shared_data("assertionbench/README.md").unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if !line.starts_with("| ") || cells.len() != 10 || cells[0] == "group" {
            continue;
        }
        for ((_, model, k), cell) in COLUMNS.iter().zip(&cells[2..]) {
            let verdict = cell.split_once(": ").map_or(*cell, |(_, v)| v);
            let key = (cells[1].to_string(), model.to_string(), k.to_string());
            // The one folder name used twice (`eth_shiftreg`): its other folder has no
            // run at all.
            match out.get(&key).map(String::as_str) {
                Some("no log") | None => {
                    out.insert(key, verdict.to_string());
                }
                Some(_) => assert_eq!(verdict, "no log", "{key:?} twice"),
            }
        }
    }
    out
}

/// RFC 4180 records with a header, as `csv.DictReader` gives them.
fn dict_reader(text: &str) -> Vec<BTreeMap<String, String>> {
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
            '\r' if !quoted => {}
            c => field.push(c),
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "the CSV ends mid-record"
    );
    let header = records.remove(0);
    records
        .into_iter()
        .map(|r| {
            assert_eq!(r.len(), header.len(), "a row of another width: {r:?}");
            header.iter().cloned().zip(r).collect()
        })
        .collect()
}

#[test]
fn every_cell_the_logs_determine_is_reproduced() {
    let Some(root) = common::shared_data("assertionbench/Jasper_llama_results") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("ab");
    let out = common::run(&[
        "import",
        "assertionbench",
        root.parent().unwrap().to_str().unwrap(),
        "--out",
        study.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let out = common::run(&[
        "metrics",
        study.to_str().unwrap(),
        "--format",
        "csv",
        "--replicates",
        "0",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = dict_reader(&String::from_utf8(out.stdout).unwrap());
    let ours: BTreeMap<(String, String, String), &BTreeMap<String, String>> = rows
        .iter()
        .map(|r| {
            (
                (r["design"].clone(), r["model"].clone(), r["shots"].clone()),
                r,
            )
        })
        .collect();
    assert_eq!(ours.len(), rows.len(), "one row per cell");

    let cells = readme_cells();
    assert_eq!(
        cells.len(),
        8 * 122,
        "123 folders, one name used twice, 8 cells each"
    );
    let mut determined = 0;
    let mut undetermined = BTreeMap::<&str, usize>::new();
    for (key, verdict) in &cells {
        let expected: Option<(f64, f64, &str)> = match verdict.as_str() {
            "E" | "empty" => Some((0.0, 0.0, "1")),
            "inc/inc" | "no log" => None,
            v => {
                let (p, c) = v.trim_end_matches('C').split_once("P/").expect(v);
                let (p, c): (f64, f64) = (p.parse().unwrap(), c.parse().unwrap());
                Some((p / (p + c), c / (p + c), "0"))
            }
        };
        let Some((p, c, e)) = expected else {
            *undetermined.entry(verdict.as_str()).or_default() += 1;
            assert!(!ours.contains_key(key), "{key:?}: no verdict, yet a row");
            continue;
        };
        determined += 1;
        let row = ours
            .get(key)
            .unwrap_or_else(|| panic!("{key:?} ({verdict}) has no row"));
        let got = |k: &str| row[k].parse::<f64>().unwrap();
        assert_eq!(
            (got("P"), got("C"), row["E"].as_str()),
            (p, c, e),
            "{key:?} ({verdict})"
        );
    }
    assert_eq!(
        determined,
        rows.len(),
        "every row is a cell the README lists"
    );
    assert_eq!(determined, 686);
    assert_eq!(
        undetermined,
        [("inc/inc", 3), ("no log", 287)].into_iter().collect()
    );
}
