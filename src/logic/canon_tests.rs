//! Unit tests of the canonical form, one per rule of SCORING.md §5.

use super::*;
use crate::logic::{Semantics, parse_expr};

fn c(t: &str) -> String {
    canonical_text(&parse_expr(t).unwrap_or_else(|e| panic!("{t}: {e}")))
}

/// The canonical text under the paper's independent-atoms semantics.
fn ca(t: &str) -> String {
    Semantics::new(crate::logic::Values::Atoms)
        .canonical_text(&parse_expr(t).unwrap_or_else(|e| panic!("{t}: {e}")))
}

/// The canonical form under two-state semantics with these widths.
fn cw(t: &str, widths: &[(&str, u32)]) -> String {
    Semantics::default()
        .with_widths(widths.iter().map(|(n, w)| (n.to_string(), *w)).collect())
        .canonical_text(&parse_expr(t).unwrap_or_else(|e| panic!("{t}: {e}")))
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
    // Constants sort last and keep their text as written.
    assert_eq!(c("4'hA == sig"), "sig == 4'hA");
    assert_eq!(c("b != a"), "a != b");
    assert_eq!(c("!(b == a)"), "a != b");
    assert_eq!(c("x == y && y == x"), "x == y");
}

#[test]
fn compares_constants_by_value() {
    assert_eq!(c("4'hA == 10"), "1");
    assert_eq!(c("4'hA == 4'd11"), "0");
    // One atom (its text is the first spelling met).
    let e = |t: &str| canonical(&parse_expr(t).unwrap());
    assert_eq!(e("sig == 4'hA"), e("sig == 'd10"));
    assert_eq!(c("sig == 4'hA && sig == 'd10"), "sig == 4'hA");
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
fn keeps_compound_operands_against_signals_as_atoms() {
    assert_eq!(ca("(b && a) == c"), "c == (a && b)");
}

#[test]
fn two_state_reads_a_signal_against_a_one_bit_value() {
    // c equals 1 when a && b holds, 0 when not, whatever its width.
    assert_eq!(c("(b && a) == c"), "a && b && c == 1'b1 || !c && !(a && b)");
    assert_eq!(
        cw("(b && a) == c", &[("c", 1)]),
        "a && b && c || !c && !(a && b)"
    );
}

#[test]
fn two_state_reads_a_term_as_non_zero() {
    assert_eq!(c("a == 0"), "!a");
    assert_eq!(c("a != 4'h0"), "a");
    assert_eq!(c("0 == (a[3:0])"), "!a[3:0]");
    assert_eq!(ca("a == 0"), "a == 0");
}

#[test]
fn two_state_uses_known_widths() {
    assert_eq!(cw("a == 1'b1", &[("a", 1)]), "a");
    assert_eq!(cw("a == 2", &[("a", 1)]), "0");
    assert_eq!(cw("s == 4", &[("s", 2)]), "0");
    assert_eq!(cw("s == '1", &[("s", 2)]), "s == 'h3");
    assert_eq!(cw("a == b", &[("a", 1), ("b", 1)]), "a && b || !a && !b");
    // Unknown widths: distinct atoms.
    assert_eq!(c("a == 1'b1"), "a == 1'b1");
    assert_eq!(c("a == b"), "a == b");
    // Atoms semantics ignores widths.
    let atoms =
        Semantics::new(crate::logic::Values::Atoms).with_widths([("a".to_string(), 1)].into());
    assert_eq!(
        atoms.canonical_text(&parse_expr("a == 1'b1").unwrap()),
        "a == 1'b1"
    );
}

#[test]
fn two_state_reads_bitwise_operators_on_one_bit_signals() {
    let one = [("a", 1), ("b", 1)];
    assert_eq!(cw("a & b", &one), "a && b");
    assert_eq!(cw("~a | b", &one), "!a || b");
    assert_eq!(cw("(a ^ b) == 1'b0", &one), "!(a && !b || !a && b)");
    assert_eq!(c("a & b"), "(a & b)");
    assert_eq!(c("a | b"), "a || b");
    assert_eq!(c("a === 1'b1 && b !== 0"), "b && a == 1'b1");
}

#[test]
fn two_state_reads_opaque_rtl_operands_again() {
    use crate::logic::{Atom, Expr, Term};
    let opaque = Expr::and([
        Expr::Atom(Atom::Opaque("a & b".into())),
        Expr::Atom(Atom::Eq(
            Term::Opaque("en[2]".into()),
            Term::Const(crate::logic::Constant {
                text: "1'b1".into(),
                width: Some(1),
                value: Some(1),
                has_xz: false,
            }),
        )),
    ]);
    let sem = Semantics::default().with_widths(
        [("a", 1), ("b", 1), ("en", 4)]
            .iter()
            .map(|(n, w)| (n.to_string(), *w))
            .collect(),
    );
    assert_eq!(sem.canonical_text(&opaque), "a && b && en[2]");
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
