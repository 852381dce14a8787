//! Unit tests of the canonical form, one per rule of SCORING.md §5.

use super::*;
use crate::logic::parse_expr;

fn c(t: &str) -> String {
    canonical_text(&parse_expr(t).unwrap_or_else(|e| panic!("{t}: {e}")))
}

#[test]
fn removes_double_negations() {
    assert_eq!(c("!!a"), "a");
    assert_eq!(c("!!!a"), "!a");
    assert_eq!(c("!(!(a && b))"), "a && b");
}

#[test]
fn flattens_sorts_and_deduplicates() {
    assert_eq!(c("(c && a) && (b && a)"), "a && b && c");
    assert_eq!(c("b || (c || a) || b"), "a || b || c");
    assert_eq!(c("(a || b) && c"), c("c && (b || a)"));
    assert_eq!(c("!a && b && a2"), "!a && a2 && b");
}

#[test]
fn folds_constants() {
    assert_eq!(c("a && 1"), "a");
    assert_eq!(c("a || 1"), "1");
    assert_eq!(c("a && 1'b0"), "0");
    assert_eq!(c("a || 0"), "a");
    assert_eq!(c("!1'b0"), "1");
    assert_eq!(c("a && !a"), "0");
    assert_eq!(c("a || b || !a"), "1");
}

#[test]
fn constants_alone_are_true_by_non_zero_value() {
    assert_eq!(c("4'hA"), "1");
    assert_eq!(c("'d0"), "0");
    assert_eq!(c("2'b1x"), "1");
    assert_eq!(c("2'bx0"), "0");
}

#[test]
fn orders_equality_operands() {
    assert_eq!(c("b == a"), "a == b");
    assert_eq!(c("a == b"), "a == b");
    assert_eq!(c("4'hA == sig"), "sig == 10");
    assert_eq!(c("b != a"), "a != b");
    assert_eq!(c("!(b == a)"), "a != b");
    assert_eq!(c("x == y && y == x"), "x == y");
}

#[test]
fn compares_constants_by_value() {
    assert_eq!(c("4'hA == 10"), "1");
    assert_eq!(c("4'hA == 4'd11"), "0");
    assert_eq!(c("sig == 4'hA"), c("sig == 'd10"));
    assert_eq!(c("a == a"), "1");
    assert_eq!(c("a != a"), "0");
}

#[test]
fn never_folds_x_or_z() {
    assert_eq!(c("1'bx == 1'bx"), "1'bx == 1'bx");
    assert_eq!(c("1'bx == 0"), "0 == 1'bx");
    assert_eq!(c("sig == 8'B1010_XX0?"), "sig == 8'b1010xx0z");
}

#[test]
fn reduces_compound_operands_against_constants() {
    assert_eq!(c("(a && b) == 1'b1"), "a && b");
    assert_eq!(c("(a || b) == 1'b0"), "!(a || b)");
    assert_eq!(c("1 == (a || b)"), "a || b");
    assert_eq!(c("(a && b) == 2"), "0");
    assert_eq!(c("(a && b) != 1'b1"), "!(a && b)");
    assert_eq!(c("(!a) == 1'b1"), "!a");
    assert_eq!(c("(a == b) == 1'b0"), "a != b");
}

#[test]
fn compares_two_compound_operands_as_equivalence() {
    assert_eq!(c("(!a) == (!b)"), c("(a && b) || (!a && !b)"));
}

#[test]
fn keeps_compound_operands_against_signals() {
    assert_eq!(c("(b && a) == c"), "c == (a && b)");
}

#[test]
fn operand_reordering_gives_identical_text() {
    assert_eq!(
        c("(sig_3 && reg_6 && auth_5) && (hw_2 && hw_11 || auth_41)"),
        c("(auth_41 || hw_11 && hw_2) && (auth_5 && reg_6 && sig_3)")
    );
}

#[test]
fn is_idempotent_on_examples() {
    for t in [
        "!(a || !b) && (c == 3 || d)",
        "(a && b) == c || !!e",
        "x != 4'hA",
    ] {
        let once = canonical(&parse_expr(t).unwrap());
        assert_eq!(canonical(&once), once, "{t}");
    }
}

#[test]
fn long_chains_of_compound_equalities_stay_small() {
    let chain = (0..200)
        .map(|i| format!("!s{i}"))
        .collect::<Vec<_>>()
        .join(" == ");
    let text = c(&chain);
    assert!(text.len() < 20_000, "{} bytes", text.len());
    let once = canonical(&parse_expr(&chain).unwrap());
    assert_eq!(canonical(&once), once);
}
