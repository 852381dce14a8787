//! Reading an opaque atom's or operand's text again as a value expression
//! (`a & b`, `a[3]`, `~|a`): the condition, operand or width it stands for under a
//! semantics, when that differs from the opaque atom itself.

use super::expr::{Atom, Expr, Term};
use super::parse::parse_value;
use super::semantics::Semantics;

/// Whether opaque text may be a value expression worth reading again.
pub(crate) fn may_be_value(text: &str) -> bool {
    text.contains(['&', '|', '^', '~', '['])
}

/// The condition an opaque atom's text stands for under `semantics`, when reading it
/// again gives something else than the same opaque atom.
pub(crate) fn resolve_condition(text: &str, semantics: &Semantics) -> Option<Expr> {
    if !may_be_value(text) {
        return None;
    }
    let value = parse_value(text)?;
    let e = value.condition(semantics);
    (e != Expr::Atom(Atom::Opaque(text.to_string()))).then_some(e)
}

/// The operand an opaque operand's text stands for under `semantics`, when different.
pub(crate) fn resolve_term(text: &str, semantics: &Semantics) -> Option<Term> {
    if !may_be_value(text) {
        return None;
    }
    let value = parse_value(text)?;
    let t = value.term(semantics);
    (t != Term::Opaque(text.to_string())).then_some(t)
}

/// The width of an opaque operand, read from its text.
pub(crate) fn opaque_width(text: &str, semantics: &Semantics) -> Option<u32> {
    if !may_be_value(text) {
        return None;
    }
    parse_value(text)?.width(semantics)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Widths;
    use crate::logic::semantics::Values;

    fn sem(widths: &[(&str, u32)]) -> Semantics {
        Semantics::new(Values::TwoState).with_widths(
            widths
                .iter()
                .map(|(n, w)| (n.to_string(), *w))
                .collect::<Widths>(),
        )
    }

    fn cond(text: &str, widths: &[(&str, u32)]) -> String {
        let v = parse_value(text).expect(text);
        v.condition(&sem(widths)).to_string()
    }

    #[test]
    fn prints_canonical_text() {
        for (text, expected) in [
            ("a&b", "a & b"),
            ("(a & b) | c", "a & b | c"),
            ("a & (b | c)", "a & (b | c)"),
            ("~ a", "~a"),
            ("~(a & b)", "~(a & b)"),
            ("a [ 3 : 0 ]", "a[3:0]"),
            ("a ^~ b", "a ~^ b"),
            ("a & (b == c)", "a & (b == c)"),
        ] {
            let v = parse_value(text).expect(text);
            assert_eq!(v.text(), expected, "{text}");
        }
    }

    #[test]
    fn one_bit_operands_make_bitwise_operators_logical() {
        let one = [("a", 1), ("b", 1)];
        assert_eq!(cond("a & b", &one), "a && b");
        assert_eq!(cond("~a", &one), "!a");
        assert_eq!(cond("a ^ b", &one), "a && !b || !a && b");
        assert_eq!(cond("&a", &one), "a");
        // Unknown widths: an atom of its own, named by its text.
        assert_eq!(cond("a & b", &[]), "(a & b)");
        assert_eq!(cond("~a", &[]), "(~a)");
    }

    #[test]
    fn or_and_reductions_need_no_width() {
        assert_eq!(cond("a | b", &[]), "a || b");
        assert_eq!(cond("|a", &[]), "a");
        assert_eq!(cond("~|a", &[]), "!a");
        assert_eq!(cond("&a", &[("a", 4)]), "a == 4'hf");
        assert_eq!(cond("&a", &[]), "(&a)");
    }

    #[test]
    fn selects_have_widths() {
        let s = sem(&[("a", 8)]);
        let v = parse_value("a[3:0]").unwrap();
        assert_eq!(v.width(&s), Some(4));
        let v = parse_value("a[3]").unwrap();
        assert_eq!(v.width(&s), Some(1));
        assert_eq!(v.width(&sem(&[])), None, "a may be an array");
        assert_eq!(opaque_width("a[3]", &s), Some(1));
        assert_eq!(cond("a[3] & b", &[("a", 8), ("b", 1)]), "a[3] && b");
    }
}
