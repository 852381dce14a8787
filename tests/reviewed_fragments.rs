//! The fragment scorer against engineer-reviewed verdicts (issue 24, "the fragment
//! scorer's last rejections"), through the real binary: `flipscope score` on the
//! hand-written VERT-shaped study `tests/fixtures/reviewed-fragments/` (our own signal
//! names), whose `expected.jsonl` gives each program's reviewed category and why.
//! The cases cover the three classes of the issue (Boolean-only signals read as 1 bit,
//! consequents equal up to commutativity, `disable iff` on an output whose reference
//! has none) and, for each, its limit (a signal the RTL uses as a value or shows
//! wider keeps its exact reading; subtraction does not commute; a `disable iff` beside
//! a real extra predicate, or standing for the reference's own reset conjunct).

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reviewed-fragments")
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Program -> (category, why) of the reviewed verdicts.
fn reviewed() -> BTreeMap<String, (String, String)> {
    let text = std::fs::read_to_string(fixture().join("expected.jsonl")).unwrap();
    lines(&text)
        .into_iter()
        .map(|v| {
            (
                v["program"].as_str().unwrap().to_string(),
                (
                    v["category"].as_str().unwrap().to_string(),
                    v["why"].as_str().unwrap().to_string(),
                ),
            )
        })
        .collect()
}

#[test]
fn every_reviewed_verdict_is_agreed_with() {
    let out = common::run(&["score", fixture().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let pairs = lines(&String::from_utf8(out.stdout).unwrap());
    let reviewed = reviewed();
    assert_eq!(pairs.len(), reviewed.len(), "one pair per program");
    let mut disagreements = Vec::new();
    for pair in &pairs {
        let program = pair["program"].as_str().unwrap();
        let (expected, why) = &reviewed[program];
        // The variant repeats the original's output: both sides are the same verdict.
        for side in ["base", "trans"] {
            let got = pair[side]["category"].as_str().unwrap();
            if got != expected {
                disagreements.push(format!(
                    "{program} ({side}): {got}, reviewed {expected} ({why}): {}",
                    pair[side]["reason"]
                ));
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} reviewed verdicts disagree:\n{}",
        disagreements.len(),
        reviewed.len(),
        disagreements.join("\n")
    );
}

#[test]
fn the_disable_iff_category_says_what_differs() {
    let out = common::run(&["score", fixture().to_str().unwrap()]);
    let pairs = lines(&String::from_utf8(out.stdout).unwrap());
    let d1 = pairs.iter().find(|p| p["program"] == "d1").unwrap();
    let reason = d1["base"]["reason"].as_str().unwrap();
    assert!(
        reason.contains("`disable iff (rst_10)` is all that differs"),
        "{reason}"
    );
    assert_eq!(d1["base"]["correct"], false);
}

/// The progress line is for a person at a terminal: with standard error a pipe (as
/// here), `score` prints its warnings and closing line and nothing else.
#[test]
fn no_progress_line_when_stderr_is_not_a_terminal() {
    let out = common::run(&["score", fixture().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        "scored 14 pairs; 0 unscorable programs, 0 missing generations, 0 behaviors without RTL counterpart",
    );
    assert!(!stderr.contains("programs/s"), "{stderr}");
    assert!(!stderr.contains('\r'), "{stderr}");
}
