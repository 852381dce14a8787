//! Replays the committed fuzz corpora (`fuzz/corpus/*`) through the fuzz targets'
//! own checks on stable Rust, so every input the fuzzer kept (and every crash it found,
//! kept as a named regression input) is checked in each test run.

#[path = "../fuzz/checks/mod.rs"]
mod checks;

use std::path::Path;

fn replay(target: &str, check: fn(&str)) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let result = std::panic::catch_unwind(|| check(text));
            assert!(result.is_ok(), "{} fails its check", path.display());
            n += 1;
        }
    }
    assert!(n >= 5, "{}: only {n} UTF-8 inputs", dir.display());
}

#[test]
fn the_extract_parse_corpus_passes() {
    replay("extract_parse", checks::extract_parse);
}

#[test]
fn the_logic_expr_corpus_passes() {
    replay("logic_expr", checks::logic_expr);
}

#[test]
fn the_crashes_found_by_fuzzing_are_kept_as_inputs() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for kept in [
        "extract_parse/clock_without_body",
        "logic_expr/double_negation_operand",
        "logic_expr/deep_canonical_text",
    ] {
        assert!(corpus.join(kept).is_file(), "{kept} is missing");
    }
}

/// The input kept for the one allowance in `checks::logic_expr`: it parses, and its
/// canonical text is deeper than the parser's limit.
#[test]
fn a_long_chain_of_negated_comparisons_prints_deeper_than_it_parses() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/logic_expr/deep_canonical_text");
    let text = std::fs::read_to_string(path).unwrap();
    let e = flipscope::logic::parse_expr(&text).expect("within the nesting limit");
    let err = flipscope::logic::parse_expr(&flipscope::logic::canonical_text(&e)).unwrap_err();
    assert!(err.message.contains("nested too deeply"), "{}", err.message);
}

#[test]
fn the_rtl_front_corpus_passes() {
    replay("rtl_front", checks::rtl_front);
}

#[test]
fn the_study_load_corpus_passes() {
    replay("study_load", checks::study_load);
}

#[test]
fn the_sva_read_corpus_passes() {
    replay("sva_read", checks::sva_read);
}

#[test]
fn the_assertionbench_log_corpus_passes() {
    replay("assertionbench_log", checks::assertionbench_log);
}

#[test]
fn the_assertionbench_tcl_corpus_passes() {
    replay("assertionbench_tcl", checks::assertionbench_tcl);
}

#[test]
fn the_equivsva_import_corpus_passes() {
    replay("equivsva_import", checks::equivsva_import);
}

/// Every target of `fuzz/Cargo.toml` has its corpus replayed here.
#[test]
fn every_fuzz_target_has_its_corpus_replayed() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/Cargo.toml"))
            .unwrap();
    let this = include_str!("fuzz_corpus.rs");
    let targets: Vec<&str> = manifest
        .split("[[bin]]")
        .skip(1)
        .filter_map(|bin| bin.lines().find_map(|l| l.strip_prefix("name = ")))
        .map(|name| name.trim_matches('"'))
        .collect();
    assert!(targets.len() >= 8, "{targets:?}");
    for target in targets {
        assert!(
            this.contains(&format!("replay(\"{target}\"")),
            "the {target} corpus is not replayed"
        );
    }
}
