//! Tests of the renderers on a report with the paper's DeepSeek/T2 counts.

use super::*;
use crate::stats::counts::{Counts, Metric};
use crate::stats::interval::{BootstrapConfig, Interval, IntervalMethod, Intervals};
use crate::stats::report::{ConditionReport, InputFile, Provenance};

fn report() -> MetricsReport {
    let mut by_metric = [None; 6];
    for (i, m) in Metric::ALL.iter().enumerate() {
        if *m != Metric::ConditionalRobustness {
            by_metric[i] = Some(Interval {
                lo: 0.031,
                hi: 0.166,
            });
        }
    }
    let deepseek = ConditionReport {
        model: "deepseek-coder-v2-lite".into(),
        variant: "T2".into(),
        programs: 40,
        counts: Counts::from_nblg(295, 159, 31, 60),
        mcnemar_p: 0.003_112_689_848_393_76,
        intervals: Intervals {
            by_metric,
            left_out: 3,
        },
    };
    let empty = ConditionReport {
        model: "m_x".into(),
        variant: "T1".into(),
        programs: 1,
        counts: Counts::from_nblg(2, 0, 0, 0),
        mcnemar_p: 1.0,
        intervals: Intervals {
            by_metric: [None; 6],
            left_out: 0,
        },
    };
    MetricsReport {
        conditions: vec![deepseek, empty],
        provenance: Provenance {
            filter: "model=deep* variant=T2,T1".into(),
            oracle: Some("reference".into()),
            bootstrap: BootstrapConfig {
                method: IntervalMethod::Bca,
                ..Default::default()
            },
            version: "0.1.0".into(),
            inputs: vec![InputFile {
                path: "runs/pairs.jsonl".into(),
                sha256: "ab".repeat(32),
            }],
            pairs_read: 300,
            pairs_matched: 297,
        },
    }
}

#[test]
fn text_table_is_aligned_and_carries_provenance() {
    let out = render(&report(), Format::Table);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Model "), "{out}");
    let row = lines[2];
    for part in [
        "deepseek-coder-v2-lite",
        "53.9%",
        "63.7%",
        "+9.8 [+3.1, +16.6]",
        "19.5% [3.1, 16.6]",
        "30.8%",
        "0.0031",
    ] {
        assert!(row.contains(part), "{part} missing in {row}");
    }
    assert!(lines[3].contains("n/a"), "{out}");
    // Every column starts at the same place in the header and the rows.
    let at = |l: &str, w: &str| l.find(w).unwrap();
    assert_eq!(
        at(lines[0], "Programs") + "Programs".len(),
        at(lines[2], "40") + 2
    );
    for needle in [
        "filter: model=deep* variant=T2,T1",
        "oracle: reference",
        "10000 replicates resampling programs, seed 0, bca 95% intervals",
        "flipscope: 0.1.0",
        "input: runs/pairs.jsonl sha256:abab",
        "3 of 10000 replicates have B = 0",
    ] {
        assert!(out.contains(needle), "{needle} missing:\n{out}");
    }
}

#[test]
fn json_has_the_documented_shape() {
    let v: serde_json::Value = serde_json::from_str(&render(&report(), Format::Json)).unwrap();
    let c = &v["conditions"][0];
    let keys: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "model",
            "variant",
            "programs",
            "N",
            "B",
            "T",
            "R",
            "L",
            "G",
            "acc_base",
            "acc_trans",
            "delta_acc",
            "conditional_robustness",
            "invariance_failure",
            "flip_rate",
            "mcnemar_p",
            "ci95"
        ]
    );
    assert_eq!(c["acc_base"], 159.0 / 295.0);
    assert_eq!(c["invariance_failure"], 31.0 / 159.0);
    assert_eq!(c["ci95"]["delta_acc"], serde_json::json!([0.031, 0.166]));
    assert!(c["ci95"]["conditional_robustness"].is_null());
    assert_eq!(c["ci95"]["replicates_left_out"], 3);
    assert!(v["conditions"][1]["conditional_robustness"].is_null());
    let p = &v["provenance"];
    assert_eq!(p["interval"], "bca");
    assert_eq!(p["replicates"], 10000);
    assert_eq!(p["inputs"][0]["sha256"].as_str().unwrap().len(), 64);
    assert_eq!(p["flipscope_version"], "0.1.0");
}

#[test]
fn csv_has_full_precision_and_interval_columns() {
    let out = render(&report(), Format::Csv);
    let lines: Vec<&str> = out.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(&header[..4], ["model", "variant", "programs", "N"]);
    assert!(!out.lines().any(|l| l.starts_with('#')), "{out}");
    assert!(header.contains(&"delta_acc_lo") && header.contains(&"flip_rate_hi"));
    assert_eq!(header.last(), Some(&"replicates_left_out"));
    let row: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(row.len(), header.len());
    let field = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(field("acc_base").parse::<f64>().unwrap(), 159.0 / 295.0);
    assert_eq!(field("conditional_robustness_lo"), "");
    let provenance = super::csv::provenance(&report());
    assert!(
        provenance.starts_with("filter: model=deep* variant=T2,T1\n"),
        "{provenance}"
    );
}

#[test]
fn markdown_and_latex_render_the_same_rows() {
    let md = render(&report(), Format::Markdown);
    assert!(md.starts_with("| Model | Variant | Programs |"), "{md}");
    assert!(md.contains("|---|---|---:|"), "{md}");
    assert!(
        md.contains("| deepseek-coder-v2-lite | T2 | 40 | 295 |"),
        "{md}"
    );
    assert!(md.contains("m\\_x"), "{md}");
    assert!(md.contains("- filter: `model=deep* variant=T2,T1`"), "{md}");
    let tex = render(&report(), Format::Latex);
    assert!(tex.contains("\\begin{tabular}{llrrrrrrrrrrrrrr}"), "{tex}");
    assert!(
        tex.contains("53.9\\% & 63.7\\% & +9.8 [+3.1, +16.6]"),
        "{tex}"
    );
    assert!(tex.contains("m\\_x"), "{tex}");
    assert!(tex.starts_with("% filter: "), "{tex}");
    assert!(tex.trim_end().ends_with("\\end{tabular}"));
}

#[test]
fn every_format_says_when_nothing_matched() {
    let mut r = report();
    r.conditions.clear();
    assert!(render(&r, Format::Table).contains("no pairs match"));
    let v: serde_json::Value = serde_json::from_str(&render(&r, Format::Json)).unwrap();
    assert_eq!(v["conditions"], serde_json::json!([]));
    for f in Format::ALL.into_iter().filter(|f| *f != Format::Csv) {
        assert!(render(&r, f).contains("0.1.0"), "{f:?} lacks provenance");
    }
    // CSV is plain: a header row and no rows; its provenance is its own text.
    assert_eq!(render(&r, Format::Csv).lines().count(), 1);
    assert!(super::csv::provenance(&r).contains("0.1.0"));
}
