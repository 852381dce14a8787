//! What the fuzz targets check of one input, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and by `tests/fuzz_corpus.rs`, which replays the committed
//! corpus on stable Rust in every test run. Each check panics on a violation.

use flipscope::logic::{
    Atom, canonical, canonical_text, equivalent, evaluate, parse_expr, truth_table,
};
use flipscope::score::{ScoreOptions, reference_behaviors, score_output};
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
