//! Fuzz target: any text given to the Boolean-expression parser gets an expression or
//! a located error, never a panic; a parsed expression is equivalent to its canonical
//! form, the canonical form is a fixed point, and its text parses back to an
//! equivalent expression; truth-table rows agree with direct evaluation.
#![no_main]

use flipscope::logic::{
    canonical, canonical_text, equivalent, evaluate, parse_expr, truth_table,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > 4096 {
        return;
    }
    let Ok(e) = parse_expr(text) else {
        return;
    };
    let c = canonical(&e);
    assert_eq!(canonical(&c), c, "canonical form is not a fixed point");
    assert!(equivalent(&e, &c), "not equivalent to its canonical form");
    // The table's rows (from BDDs) agree with evaluating the canonical form directly.
    let table = truth_table(&[&e, &c], 64);
    assert_eq!(table.disagreeing_rows, Some(0), "truth table disagrees");
    for row in &table.rows {
        let mut value_of = |a: &flipscope::logic::Atom| {
            let i = table.atoms.iter().position(|x| x == a).expect("atom in table");
            row.values_of_atoms[i]
        };
        assert_eq!(evaluate(&c, &mut value_of), row.values[1], "BDD and evaluator differ");
    }
    let again = parse_expr(&canonical_text(&e)).expect("canonical text parses");
    assert!(equivalent(&e, &again), "canonical text means something else");
});
