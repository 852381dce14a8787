//! What the fuzz targets check of one input, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and by `tests/fuzz_corpus.rs`, which replays the committed
//! corpus on stable Rust in every test run. Each check panics on a violation.

use flipscope::logic::{
    Atom, canonical, canonical_text, equivalent, evaluate, parse_expr, truth_table,
};
use flipscope::rtl::{RtlError, behaviors};
use flipscope::score::{ScoreOptions, reference_behaviors, score_output};
use flipscope::study::{LocatedError, load_study};
use flipscope::sva::{Dialect, Mode, extract, parse_declaration};

/// Extraction, declaration parsing and scoring of `text` (as a generated output,
/// strict and lenient, and as a reference) never panic, and scoring gives one verdict
/// per reference behavior.
pub fn extract_parse(text: &str) {
    for mode in [Mode::Strict, Mode::Lenient] {
        let extraction = extract(text, mode);
        for raw in &extraction.declarations {
            let _ = parse_declaration(text, raw, Dialect::Generated);
            let _ = parse_declaration(text, raw, Dialect::Reference);
        }
    }
    let _ = reference_behaviors(text);
    let behaviors = reference_behaviors("property r; a && b |=> x == y; endproperty")
        .expect("the fixed reference parses");
    for lenient in [false, true] {
        let options = ScoreOptions {
            lenient,
            clock: Some("posedge clk".into()),
            ..Default::default()
        };
        assert_eq!(
            score_output(&behaviors, text, &options).len(),
            behaviors.len()
        );
    }
}

/// `text` given to the Boolean-expression parser gets an expression or a located
/// error, never a panic; a parsed expression is equivalent to its canonical form, the
/// canonical form is a fixed point, its text parses back to an equivalent expression,
/// and truth-table rows (from BDDs) agree with evaluating the canonical form directly.
pub fn logic_expr(text: &str) {
    if text.len() > 4096 {
        return;
    }
    let Ok(e) = parse_expr(text) else {
        return;
    };
    let c = canonical(&e);
    assert_eq!(canonical(&c), c, "canonical form is not a fixed point");
    assert!(equivalent(&e, &c), "not equivalent to its canonical form");
    let table = truth_table(&[&e, &c], 64);
    assert_eq!(table.disagreeing_rows, Some(0), "truth table disagrees");
    for row in &table.rows {
        let mut value_of = |a: &Atom| {
            let i = table
                .atoms
                .iter()
                .position(|x| x == a)
                .expect("atom in table");
            row.values_of_atoms[i]
        };
        assert_eq!(
            evaluate(&c, &mut value_of),
            row.values[1],
            "BDD and evaluator differ"
        );
    }
    // The canonical text parenthesises every compound operand, so an expression near
    // the parser's nesting limit can print deeper than the limit (docs/logic.md); that
    // error, and only that one, is allowed.
    match parse_expr(&canonical_text(&e)) {
        Ok(again) => assert!(
            equivalent(&e, &again),
            "canonical text means something else"
        ),
        Err(err) if err.message.contains("nested too deeply") => {}
        Err(err) => panic!("canonical text does not parse: {err:?}"),
    }
}

/// `text` as an RTL fragment (asynchronous, then clocked) gets behaviors or a located
/// syntax error inside the text, never a panic, a stack overflow or a hang.
pub fn rtl_front(text: &str) {
    if text.len() > 65536 {
        return;
    }
    let lines = text.split('\n').count();
    for clock in [None, Some("posedge clk")] {
        match behaviors(text, clock) {
            Ok(found) => {
                for b in &found {
                    assert!(!b.id.is_empty(), "a behavior without an id");
                }
            }
            Err(RtlError::Syntax { line, column, .. }) => {
                assert!(line >= 1 && column >= 1, "error at {line}:{column}");
                // The wrapper around a fragment may add a line of its own.
                assert!(line <= lines + 2, "error at line {line} of {lines}");
            }
            Err(RtlError::Internal(_)) => {}
        }
    }
}

/// A valid `programs.jsonl` for [`study_load`]'s generations.
const PROGRAMS: &str = concat!(
    r#"{"id": "p1", "stratum": "s", "synchronous": false, "rtl": "if (a) x = y;", "#,
    r#""reference": "property r; a |-> x == y; endproperty", "variants": {"T2": {"rtl": "if (!(!a)) x = y;"}}}"#,
    "\n"
);

static STUDY_DIRS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// `text` as a study's `programs.jsonl`, then as the `generations.jsonl` of a valid
/// program file, loads or gets errors located inside the file, never a panic or a hang.
pub fn study_load(text: &str) {
    if text.len() > 65536 {
        return;
    }
    let n = STUDY_DIRS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("flipscope-fuzz-{}-{n}", std::process::id()));
    let lines = text.split('\n').count();
    for (programs, generations) in [(text, None), (PROGRAMS, Some(text))] {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary study directory");
        std::fs::write(dir.join("programs.jsonl"), programs).expect("write programs");
        if let Some(g) = generations {
            std::fs::write(dir.join("generations.jsonl"), g).expect("write generations");
        }
        if let Err(errors) = load_study(std::slice::from_ref(&dir)) {
            assert!(errors.total >= errors.errors.len(), "error count");
            for e in errors.errors.iter().chain(&errors.warnings) {
                assert_located(e, lines);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn assert_located(e: &LocatedError, lines: usize) {
    assert!(!e.message.is_empty(), "an error without a message");
    // Line 0 is a file-level error (a missing file); else a line of the file.
    assert!(
        e.location.line <= lines + 1,
        "{}: {} (of {lines} lines)",
        e.location,
        e.message
    );
}

/// The prover's SVA reader (`flipscope prove`): any text gives a property set without
/// a panic or a stack overflow (its nesting and length limits hold), every property is
/// located inside the text with a unique name, its problem (if any) is located too,
/// reading is deterministic, and every parsed property lowers to a monitor or a
/// located problem, clocked by its own event or a default one.
pub fn sva_read(text: &str) {
    use flipscope::formal::lower::lower;
    use flipscope::formal::{PastConvention, parse_clock, read_properties};
    let set = read_properties(text, "fuzz.sva");
    let lines = text.split('\n').count();
    let mut names = std::collections::HashSet::new();
    for p in &set.properties {
        assert!(names.insert(p.name.clone()), "name {} twice", p.name);
        assert_eq!(p.location.file, "fuzz.sva");
        assert!(
            (1..=lines).contains(&p.location.line) && p.location.column >= 1,
            "{} is outside the text",
            p.location
        );
        if let Some((_, message)) = p.problem() {
            assert!(message.starts_with("fuzz.sva:"), "unlocated: {message}");
        }
        let _ = p.identifiers();
        if let Some(spec) = p.spec() {
            let clock = spec
                .clock
                .clone()
                .or_else(|| set.default_clock.clone())
                .unwrap_or_else(|| parse_clock("posedge clk").expect("a clock"));
            for past in [PastConvention::Ieee, PastConvention::EquivSva] {
                let _ = lower(spec, &clock, &set, past);
            }
        }
    }
    let again = read_properties(text, "fuzz.sva");
    let names_again: Vec<&str> = again.properties.iter().map(|p| p.name.as_str()).collect();
    let names_first: Vec<&str> = set.properties.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names_first, names_again, "reading is not deterministic");
}

/// A JasperGold log of AssertionBench (`jg.log`, `jg_*.out`): any text is read without
/// a panic, deterministically, and everything read is placed on a line of the text in
/// order (the RESULTS rows after the `RESULTS` line, each row's name in its line).
pub fn assertionbench_log(text: &str) {
    use flipscope::study::assertionbench::log::parse_log;
    let log = parse_log(text);
    assert_eq!(log.bytes, text.len(), "the size");
    let lines: Vec<&str> = text.lines().collect();
    let on_a_line = |no: usize| (1..=lines.len()).contains(&no);
    let mut last = 0;
    for row in &log.rows {
        assert!(on_a_line(row.line), "row at line {}", row.line);
        assert!(row.line > last, "rows out of order at line {}", row.line);
        assert!(
            log.results_line.is_some_and(|r| r < row.line),
            "a row before RESULTS"
        );
        assert!(
            lines[row.line - 1].contains(row.name.as_str()),
            "row {} is not in its line",
            row.name
        );
        let _ = row.parsed_name();
        last = row.line;
    }
    for e in &log.errors {
        assert!(on_a_line(e.line), "error at line {}", e.line);
    }
    for (_, no) in log.analysed.iter().chain(&log.missing) {
        assert!(on_a_line(*no), "file at line {no}");
    }
    let _ = log.property_file();
    let _ = log.assertion_rows().count();
    assert_eq!(parse_log(text), log, "reading is not deterministic");
}

/// An `FPV_*.tcl` script of AssertionBench: any text is read without a panic, a hang
/// or a blow-up (variables that double each other stay within the word limit), every
/// analysed file and the `elaborate` command are placed on a line of the text.
pub fn assertionbench_tcl(text: &str) {
    use flipscope::study::assertionbench::tcl::{MAX_WORD_BYTES, parse_script};
    let script = parse_script(text);
    let lines = text.lines().count();
    for f in script.rtl.iter().chain(&script.sva) {
        assert!(
            (1..=lines).contains(&f.line),
            "{} at line {} of {lines}",
            f.path,
            f.line
        );
        assert!(
            f.path.len() <= MAX_WORD_BYTES + text.len(),
            "a path of {} bytes",
            f.path.len()
        );
        assert!(!f.path.starts_with("./"), "{} not normalised", f.path);
    }
    if let Some(line) = script.elaborate_line {
        assert!((1..=lines).contains(&line), "elaborate at line {line}");
    }
    assert_eq!(parse_script(text), script, "reading is not deterministic");
}

static EQUIVSVA_DIRS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// `text` as each file of a one-family EquivSVA dataset in turn (`spec.json`, the
/// splits file, an implementation, the gold properties' `properties.json`, a tasks
/// file) imports to that family, or to errors that each have a message and name a file
/// of the dataset, never a panic or a hang.
pub fn equivsva_import(text: &str) {
    use flipscope::study::equivsva::{DatasetOptions, import_dataset};
    if text.len() > 65536 {
        return;
    }
    let n = EQUIVSVA_DIRS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let root = std::env::temp_dir().join(format!("flipscope-fuzz-eq-{}-{n}", std::process::id()));
    let files = [
        ("dataset/fam1/spec.json", r#"{"category": "counter"}"#),
        ("dataset/splits.json", r#"{"dev": ["fam1"]}"#),
        (
            "dataset/fam1/rtl/behavioral.sv",
            "module fam1(input clk, output reg q);\nalways @(posedge clk) q <= !q;\nendmodule\n",
        ),
        (
            "dataset/fam1/properties/properties.sva",
            "assert property (@(posedge clk) q |=> !q);\n",
        ),
        ("dataset/fam1/properties/properties.json", "[]"),
        (
            "experiments/tasks/dev.jsonl",
            r#"{"task_id": "fam1__behavioral", "design_id": "fam1", "prompt": "p"}"#,
        ),
    ];
    for fuzzed in 0..files.len() {
        if fuzzed == 3 {
            continue; // the property text is read as text, nothing more
        }
        let _ = std::fs::remove_dir_all(&root);
        for (i, (path, good)) in files.iter().enumerate() {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
            std::fs::write(&path, if i == fuzzed { text } else { good }).expect("write");
        }
        for split in [None, Some("dev".to_string())] {
            match import_dataset(&root, &DatasetOptions { split }) {
                Ok(programs) => {
                    assert_eq!(programs.len(), 1, "one family, one program");
                    assert_eq!(programs[0].id, "fam1");
                }
                Err(errors) => {
                    assert!(!errors.is_empty(), "a failure without an error");
                    for e in &errors {
                        assert!(!e.message.is_empty(), "an error without a message");
                        assert!(
                            e.location
                                .file
                                .starts_with(&root.to_string_lossy().into_owned()),
                            "{}: outside the dataset",
                            e.location.file
                        );
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}
