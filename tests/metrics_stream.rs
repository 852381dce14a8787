//! `flipscope metrics` on pairs files reads them streaming (docs/metrics.md, "Large
//! studies"): its output must be byte for byte what loading the study gives, for
//! every format, filter and bootstrap option, and a file the loader rejects must be
//! rejected with the loader's messages.

mod common;

use std::path::Path;

use clap::Parser;
use common::run;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: metrics::Args,
}

fn parse(args: &[&str]) -> metrics::Args {
    let mut argv = vec!["metrics"];
    argv.extend_from_slice(args);
    Cli::try_parse_from(argv).unwrap().args
}
use flipscope::cli::metrics;
use flipscope::stats::export::{self, Format};

/// A pairs file with what real ones hold: object and bare sides, escapes, CRLF and
/// blank lines, several models, variants, strata and oracles.
fn pairs_text(seed: usize, programs: usize) -> String {
    let mut out = String::new();
    for program in (0..programs).rev() {
        for model in ["qwen", "deep\\u00e9-coder"] {
            for variant in ["T3", "T1", "T2"] {
                for b in 0..(program * 7 + seed) % 6 + 1 {
                    let base = (program * 7 + b * 3 + seed) % 5 < 3;
                    let trans = (program * 5 + b + seed + variant.len()) % 4 < 2;
                    let stratum = ["nested-if/async", "if-else/sync", "case/sync"][program % 3];
                    let category = if base { "correct" } else { "branch-polarity" };
                    out.push_str(&format!(
                        r#"{{"model": "{model}", "variant": "{variant}", "program": "p{program:03}", "stratum": "{stratum}", "behavior": "x{b}=y\"{b}", "base": {{"category": "{category}", "correct": {base}, "property": "property p; a |=> x == y; endproperty", "reason": null}}, "trans": {trans}, "flip": "{}", "oracle": "{}", "pair_hash": "00ab"}}"#,
                        match (base, trans) {
                            (true, true) => "CC",
                            (true, false) => "CW",
                            (false, true) => "WC",
                            (false, false) => "WW",
                        },
                        ["reference", "rtl"][program % 2],
                    ));
                    out.push_str(if b % 4 == 1 { "\r\n\n" } else { "\n" });
                }
            }
        }
    }
    out
}

/// The report of the ordinary path (the study loaded whole), rendered.
fn loaded(args: &[&str], format: Format) -> String {
    let report = metrics::full_report(&parse(args)).unwrap();
    export::render(&report.metrics, format)
}

fn streamed(args: &[&str]) -> String {
    let mut argv = vec!["metrics"];
    argv.extend_from_slice(args);
    let out = run(&argv);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn streamed_figures_equal_the_loaded_ones_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "pairs-a.jsonl", &pairs_text(1, 60));
    let b = write(
        dir.path(),
        "pairs-b.jsonl",
        &pairs_text(2, 9)
            .replace("qwen", "llama")
            .replace("deep\\u00e9-coder", "mistral"),
    );
    let cases: Vec<(Vec<&str>, Format)> = vec![
        (
            vec![&a, "--format", "json", "--replicates", "500"],
            Format::Json,
        ),
        (
            vec![
                &a,
                &b,
                "--format",
                "csv",
                "--replicates",
                "300",
                "--seed",
                "9",
            ],
            Format::Csv,
        ),
        (
            vec![
                &a,
                "--format",
                "json",
                "--stratified",
                "--interval",
                "bca",
                "--replicates",
                "400",
            ],
            Format::Json,
        ),
        (
            vec![
                &a,
                &b,
                "--filter",
                "flip!=WW stratum=*sync base=branch*,correct",
                "--replicates",
                "200",
            ],
            Format::Table,
        ),
        (
            vec![
                dir.path().to_str().unwrap(),
                "--format",
                "markdown",
                "--replicates",
                "100",
            ],
            Format::Markdown,
        ),
        (
            vec![&a, "--filter", "model=nobody", "--format", "json"],
            Format::Json,
        ),
    ];
    for (args, format) in cases {
        let mut with_format = args.clone();
        if !args.contains(&"--format") {
            with_format.extend(["--format", "table"]);
        }
        assert_eq!(
            streamed(&with_format),
            loaded(&with_format, format),
            "{args:?}"
        );
    }
}

#[test]
fn lines_the_loader_rejects_get_the_loaders_messages() {
    let dir = tempfile::tempdir().unwrap();
    let text = pairs_text(1, 5);
    let first = text.lines().next().unwrap().to_string();
    let bad = [
        format!("{text}{first}\n"),
        text.replacen("\"trans\": true", "\"trans\": 3", 1),
        text.replacen("\"pair_hash\"", "\"run\": 1, \"pair_hash\"", 1),
        text.replacen("\"flip\": \"CC\"", "\"flip\": \"WW\"", 1),
        format!("\u{feff}{text}"),
        format!("{text}{{\"model\": "),
    ];
    for (i, t) in bad.iter().enumerate() {
        let file = write(dir.path(), &format!("pairs-{i}.jsonl"), t);
        let out = run(&["metrics", &file, "--replicates", "50"]);
        let parsed = parse(&[&file, "--replicates", "50"]);
        match metrics::full_report(&parsed) {
            Err(e) => {
                assert!(!out.status.success(), "case {i}");
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(
                    stderr.contains(&e.to_string()),
                    "case {i}: {stderr}\nexpected {e}"
                );
            }
            Ok(report) => {
                assert!(out.status.success(), "case {i}");
                let table = export::render(&report.metrics, Format::Table);
                assert_eq!(String::from_utf8(out.stdout).unwrap(), table, "case {i}");
                if i == 2 {
                    let stderr = String::from_utf8_lossy(&out.stderr);
                    assert!(stderr.contains("\"run\""), "case {i}: {stderr}");
                }
            }
        }
    }
}

/// The hand scanner of pair lines reads every line of scored studies (the bundled one
/// and two synthesized ones), each exactly as serde reads it.
#[test]
fn the_scanner_reads_scored_studies_as_serde_does() {
    use flipscope::study::pair_stream::{read_view, scan_view};
    let dir = tempfile::tempdir().unwrap();
    let mut studies = vec!["sample-runs".to_string()];
    for seed in ["11", "12"] {
        let out = dir.path().join(format!("study-{seed}"));
        let out = out.to_str().unwrap();
        let synth = run(&["synth", "--out", out, "--programs", "60", "--seed", seed]);
        assert!(
            synth.status.success(),
            "{}",
            String::from_utf8_lossy(&synth.stderr)
        );
        studies.push(out.to_string());
    }
    for study in &studies {
        let scored = run(&["score", study]);
        assert!(
            scored.status.success(),
            "{}",
            String::from_utf8_lossy(&scored.stderr)
        );
        let lines: Vec<&[u8]> = scored
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        assert!(lines.len() > 1000, "{study}: {} pairs", lines.len());
        for line in lines {
            let text = String::from_utf8_lossy(line);
            let view = scan_view(line).unwrap_or_else(|| panic!("{study}: declined {text}"));
            assert_eq!(read_view(line), Ok(view), "{study}: {text}");
        }
    }
}
