//! The scorer over the real VERT data: every reference is read (or refused with a
//! located error), and each reference scored against itself is correct.

mod common;

use flipscope::score::{ScoreOptions, reference_behaviors, score_output};

fn records(rel: &str) -> Option<Vec<serde_json::Value>> {
    let path = common::shared_data(rel)?;
    let text = std::fs::read_to_string(path).expect("read VERT file");
    Some(serde_json::from_str(&text).expect("VERT file is a JSON array"))
}

#[test]
fn every_vert_reference_is_read_and_scores_correct_against_itself() {
    for (rel, count) in common::VERT_FILES {
        let Some(records) = records(rel) else {
            continue;
        };
        assert_eq!(records.len(), count, "{rel}");
        let mut behaviors_total = 0;
        for (i, r) in records.iter().enumerate() {
            let reference = r["Assertion"].as_str().expect("Assertion");
            let behaviors = reference_behaviors(reference)
                .unwrap_or_else(|e| panic!("{rel} record {i}: {e}\n{reference}"));
            assert!(!behaviors.is_empty());
            behaviors_total += behaviors.len();
            // The reference as an output: the case files' `property name:` and
            // misplaced clocks are malformed for a model, so only score the if files.
            if rel.starts_with("vert/if") {
                let clock = r.get("Clock").and_then(|c| c.as_str()).map(str::to_string);
                let options = ScoreOptions {
                    clock,
                    ..ScoreOptions::default()
                };
                for v in score_output(&behaviors, reference, &options) {
                    assert!(v.correct, "{rel} record {i}: {v:?}");
                }
            }
        }
        assert!(behaviors_total > count, "{rel}: {behaviors_total}");
    }
}
