//! Width inference for fragment programs (docs/scoring.md, "Boolean-only signals"): a
//! VERT fragment declares no widths, so a signal the program uses only as a Boolean
//! (a condition standing alone, under `!`, `&&`, `||`) and never as a value (compared,
//! assigned, assigned from, inside an operator or select) is read as 1 bit wide. The
//! program is its reference's antecedents and consequents and, when its RTL was
//! analysed, the RTL's path conditions and assignments; the generated outputs never
//! count (every model is scored under the same widths).

use std::collections::BTreeSet;

use super::behavior::Behavior;
use super::hints::words;
use crate::logic::{Atom, Expr, Semantics, Term, Widths};

/// How the names of one program are used.
#[derive(Debug, Default)]
pub struct Uses {
    /// Names standing alone as a condition (`a`, `!a`, `a && b`).
    boolean: BTreeSet<String>,
    /// Names used as a value anywhere (compared, assigned, in an operator or select).
    value: BTreeSet<String>,
}

impl Uses {
    /// Every use in a condition: identifiers standing alone are Boolean uses, the
    /// names inside equalities and opaque sub-expressions are value uses.
    pub fn condition(&mut self, e: &Expr) {
        e.visit_atoms(&mut |a| match a {
            Atom::Ident(n) => {
                self.boolean.insert(n.clone());
            }
            Atom::Eq(l, r) => {
                for t in [l, r] {
                    self.term(t);
                }
            }
            Atom::Opaque(text) => words(text, &mut self.value),
        });
    }

    fn term(&mut self, t: &Term) {
        match t {
            Term::Ident(n) => {
                self.value.insert(n.clone());
            }
            Term::Opaque(text) => words(text, &mut self.value),
            // A compound operand (`(a && b) == c`) is itself a Boolean: its own atoms
            // are read as in a condition, and it is compared as a value, so every name
            // in it is a value use too.
            Term::Expr(inner) => {
                for n in inner.identifiers() {
                    self.value.insert(n);
                }
            }
            Term::Const(_) => {}
        }
    }

    /// The names of an assigned side or value (`x`, `y + 1`, `mem[3]`): value uses.
    pub fn value_text(&mut self, text: &str) {
        words(text, &mut self.value);
    }

    /// The uses of a reference's behaviors: their antecedents and both sides of their
    /// equalities.
    pub fn behaviors(&mut self, behaviors: &[Behavior]) {
        for b in behaviors {
            self.condition(&b.antecedent);
            self.value_text(&b.lhs);
            self.value_text(&b.rhs);
        }
    }

    /// The uses of an RTL's assignments: their paths, assigned sides and values.
    pub fn rtl(&mut self, behaviors: &[crate::rtl::Behavior]) {
        for b in behaviors {
            self.condition(&b.path);
            self.value_text(&b.lhs);
            self.value_text(&b.rhs);
        }
    }

    /// The names used only as Booleans, none of them a named constant of `semantics`
    /// nor of a known width: each is 1 bit wide.
    pub fn boolean_only(&self, semantics: &Semantics) -> Widths {
        self.boolean
            .iter()
            .filter(|n| !self.value.contains(*n))
            .filter(|n| semantics.width(n).is_none() && semantics.constant(n).is_none())
            .map(|n| (n.clone(), 1))
            .collect()
    }
}

/// `semantics` with the Boolean-only names of `uses` known to be 1 bit wide (two-state
/// only; the widths already known win).
pub fn with_boolean_widths(semantics: Semantics, uses: &Uses) -> Semantics {
    if !semantics.is_two_state() {
        return semantics;
    }
    let inferred = uses.boolean_only(&semantics);
    if inferred.is_empty() {
        return semantics;
    }
    let mut widths = semantics.widths().clone();
    widths.extend(inferred);
    semantics.with_widths(widths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Values, parse_expr};
    use crate::score::reference_behaviors;

    fn inferred(reference: &str) -> Vec<String> {
        let mut uses = Uses::default();
        uses.behaviors(&reference_behaviors(reference).unwrap());
        uses.boolean_only(Semantics::default_ref())
            .into_keys()
            .collect()
    }

    #[test]
    fn conditions_alone_are_boolean_and_values_are_not() {
        assert_eq!(
            inferred("property r; (clk_15 || tx_4) && !en && (a != b) |=> x == y; endproperty"),
            ["clk_15", "en", "tx_4"]
        );
        // Compared with a constant: the RTL shows a width (or might): not inferred.
        assert_eq!(
            inferred("property r; s == 2'd1 && go |=> x == y; endproperty"),
            ["go"]
        );
        assert_eq!(
            inferred("property r; s == 1'b1 && go |=> x == y; endproperty"),
            ["go"]
        );
        // A condition that is also assigned, or assigned from, is a value.
        assert_eq!(
            inferred("property r; go && ready |=> ready == y && x == go; endproperty"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn rtl_uses_count_too() {
        let mut uses = Uses::default();
        uses.behaviors(&reference_behaviors("property r; a && b |=> x == y; endproperty").unwrap());
        let rtl =
            crate::rtl::behaviors("if (a && b) begin\n  x = y;\n  z = a[1];\nend\n", None).unwrap();
        uses.rtl(&rtl);
        assert_eq!(
            uses.boolean_only(Semantics::default_ref())
                .into_keys()
                .collect::<Vec<_>>(),
            ["b"]
        );
    }

    #[test]
    fn known_widths_and_atoms_win() {
        let mut uses = Uses::default();
        uses.condition(&parse_expr("a && b").unwrap());
        let known = Semantics::new(Values::TwoState).with_widths([("a".to_string(), 4)].into());
        let s = with_boolean_widths(known, &uses);
        assert_eq!(s.width("a"), Some(4));
        assert_eq!(s.width("b"), Some(1));
        let atoms = with_boolean_widths(Semantics::new(Values::Atoms), &uses);
        assert!(atoms.widths().is_empty());
    }

    #[test]
    fn one_bit_reading_makes_the_written_forms_equal() {
        let mut uses = Uses::default();
        uses.condition(&parse_expr("a && b").unwrap());
        let s = with_boolean_widths(Semantics::default(), &uses);
        for (g, r) in [
            ("a == 1'b1 && b", "a && b"),
            ("a == 1 && b == 1'b1", "a && b"),
            ("a & b", "a && b"),
            ("~a && b", "!a && b"),
        ] {
            let (g, r) = (parse_expr(g).unwrap(), parse_expr(r).unwrap());
            assert!(s.equivalent(&g, &r), "{g} / {r}");
            assert!(!Semantics::default_ref().equivalent(&g, &r), "{g} / {r}");
        }
        // A multi-bit reading stays where a width is known.
        let wide = Semantics::default().with_widths([("a".to_string(), 2)].into());
        let s = with_boolean_widths(wide, &uses);
        assert!(!s.equivalent(&parse_expr("a == 1'b1").unwrap(), &parse_expr("a").unwrap()));
    }
}
