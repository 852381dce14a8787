//! The Boolean expression type shared by the scorer, the RTL analysis and the TUI:
//! constants, atoms (identifiers, equalities, opaque RTL sub-expressions), `!`, `&&`, `||`.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

/// A Boolean expression over atoms. Not canonical unless it came from
/// `logic::canonical`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expr {
    /// `1'b1`/`1'b0` or any constant standing alone (non-zero is true).
    Const(bool),
    /// A Boolean variable of the abstraction.
    Atom(Atom),
    /// `!e`.
    Not(Box<Expr>),
    /// `e1 && e2 && ...` (two or more operands once canonical).
    And(Vec<Expr>),
    /// `e1 || e2 || ...` (two or more operands once canonical).
    Or(Vec<Expr>),
}

/// A variable of the Boolean abstraction.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// A signal used as a condition (non-zero is true).
    Ident(String),
    /// `lhs == rhs`; canonical form orders the two operands.
    Eq(Term, Term),
    /// An RTL sub-expression outside the Boolean grammar (`cnt > 3`, `a[2]`, `a & b`),
    /// kept by its canonical text. Only the RTL side produces these.
    Opaque(String),
}

/// An operand of an equality. The variants are declared in canonical operand order:
/// a constant sorts last, so a canonical equality reads `sig == 4'hA`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    Ident(String),
    /// A compound operand (`(a && b) == c`), itself an expression.
    Expr(Box<Expr>),
    /// An operand outside the Boolean grammar (`a[3:0]`, `a & b`, `d + 1`), by
    /// canonical text.
    Opaque(String),
    Const(Constant),
}

/// A SystemVerilog integer constant (`1'b0`, `4'hA`, `3`, `7'bxx01`, or a named one
/// the RTL resolves: `START`).
///
/// Its identity (`==`, ordering, hashing) is its value when it has one: `4'hA`,
/// `4'd10` and `10` are one constant, whatever the width (equality zero-extends). A
/// constant without a value (x/z digits, `'1`, too large) is identified by its text.
/// The text is kept as written, for showing.
#[derive(Clone, Debug)]
pub struct Constant {
    /// The text as written, white space removed (`4'hA`), or the name of a resolved
    /// constant (`START`).
    pub text: String,
    /// The declared width, if any.
    pub width: Option<u32>,
    /// The value, or `None` when the constant holds x/z bits (or does not fit 128 bits).
    pub value: Option<u128>,
    /// Whether the constant holds x, z or `?` digits (outside the 2-state abstraction).
    pub has_xz: bool,
}

impl PartialEq for Constant {
    fn eq(&self, other: &Self) -> bool {
        match (self.value, other.value) {
            (Some(a), Some(b)) => a == b,
            (None, None) => self.has_xz == other.has_xz && self.text == other.text,
            _ => false,
        }
    }
}

impl Eq for Constant {}

impl Ord for Constant {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (self.value, other.value) {
            (Some(a), Some(b)) => a.cmp(&b),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => (self.has_xz, &self.text).cmp(&(other.has_xz, &other.text)),
        }
    }
}

impl PartialOrd for Constant {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::hash::Hash for Constant {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self.value {
            Some(v) => v.hash(state),
            None => {
                self.has_xz.hash(state);
                self.text.hash(state);
            }
        }
    }
}

impl Expr {
    pub fn ident(name: impl Into<String>) -> Expr {
        Expr::Atom(Atom::Ident(name.into()))
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(e: Expr) -> Expr {
        Expr::Not(Box::new(e))
    }

    pub fn and(items: impl IntoIterator<Item = Expr>) -> Expr {
        Expr::And(items.into_iter().collect())
    }

    pub fn or(items: impl IntoIterator<Item = Expr>) -> Expr {
        Expr::Or(items.into_iter().collect())
    }

    /// The atoms that occur in the expression (including inside compound operands' atoms
    /// only as the enclosing `Eq` atom).
    pub fn atoms(&self) -> BTreeSet<Atom> {
        let mut out = BTreeSet::new();
        self.collect_atoms(&mut out);
        out
    }

    fn collect_atoms(&self, out: &mut BTreeSet<Atom>) {
        match self {
            Expr::Const(_) => {}
            Expr::Atom(a) => {
                out.insert(a.clone());
            }
            Expr::Not(e) => e.collect_atoms(out),
            Expr::And(v) | Expr::Or(v) => v.iter().for_each(|e| e.collect_atoms(out)),
        }
    }

    /// Calls `f` on each atom occurrence, left to right as printed.
    pub fn visit_atoms(&self, f: &mut dyn FnMut(&Atom)) {
        match self {
            Expr::Const(_) => {}
            Expr::Atom(a) => f(a),
            Expr::Not(e) => e.visit_atoms(f),
            Expr::And(v) | Expr::Or(v) => v.iter().for_each(|e| e.visit_atoms(f)),
        }
    }

    /// The distinct atoms in order of first appearance.
    pub fn atoms_in_order(&self) -> Vec<Atom> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        self.visit_atoms(&mut |a| {
            if seen.insert(a.clone()) {
                out.push(a.clone());
            }
        });
        out
    }

    /// The identifiers used anywhere in the expression.
    pub fn identifiers(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.walk_terms(&mut |t| {
            if let Term::Ident(n) = t {
                out.insert(n.clone());
            }
        });
        for a in self.atoms() {
            if let Atom::Ident(n) = a {
                out.insert(n);
            }
        }
        out
    }

    fn walk_terms(&self, f: &mut dyn FnMut(&Term)) {
        match self {
            Expr::Const(_) => {}
            Expr::Atom(Atom::Eq(l, r)) => {
                for t in [l, r] {
                    f(t);
                    if let Term::Expr(e) = t {
                        e.walk_terms(f);
                    }
                }
            }
            Expr::Atom(_) => {}
            Expr::Not(e) => e.walk_terms(f),
            Expr::And(v) | Expr::Or(v) => v.iter().for_each(|e| e.walk_terms(f)),
        }
    }

    /// Whether any constant holds x/z bits or an opaque part mentions them.
    pub fn has_xz(&self) -> bool {
        let mut found = false;
        self.walk_terms(&mut |t| {
            if let Term::Const(c) = t {
                found |= c.has_xz;
            }
        });
        found
    }

    /// Renames identifiers (`map`: from -> to); names not in the map stay.
    pub fn rename(&self, map: &HashMap<String, String>) -> Expr {
        let name = |n: &String| map.get(n).cloned().unwrap_or_else(|| n.clone());
        match self {
            Expr::Const(b) => Expr::Const(*b),
            Expr::Atom(Atom::Ident(n)) => Expr::Atom(Atom::Ident(name(n))),
            Expr::Atom(Atom::Eq(l, r)) => Expr::Atom(Atom::Eq(l.rename(map), r.rename(map))),
            Expr::Atom(Atom::Opaque(t)) => Expr::Atom(Atom::Opaque(t.clone())),
            Expr::Not(e) => Expr::not(e.rename(map)),
            Expr::And(v) => Expr::And(v.iter().map(|e| e.rename(map)).collect()),
            Expr::Or(v) => Expr::Or(v.iter().map(|e| e.rename(map)).collect()),
        }
    }

    /// Binding strength for printing: higher binds tighter.
    fn precedence(&self) -> u8 {
        match self {
            // A one-operand `&&` (a lone parenthesised branch predicate) prints as its
            // operand.
            Expr::And(v) | Expr::Or(v) if v.len() == 1 => v[0].precedence(),
            Expr::Or(v) if v.len() > 1 => 1,
            Expr::And(v) if v.len() > 1 => 2,
            Expr::Atom(Atom::Eq(..)) => 3,
            Expr::Not(e) if matches!(**e, Expr::Atom(Atom::Eq(..))) => 3,
            // An opaque atom prints its own parentheses.
            Expr::Atom(Atom::Opaque(_)) => 4,
            _ => 4,
        }
    }
}

impl Term {
    pub fn rename(&self, map: &HashMap<String, String>) -> Term {
        match self {
            Term::Ident(n) => Term::Ident(map.get(n).cloned().unwrap_or_else(|| n.clone())),
            Term::Expr(e) => Term::Expr(Box::new(e.rename(map))),
            other => other.clone(),
        }
    }
}

fn write_operand(f: &mut fmt::Formatter<'_>, e: &Expr, min_prec: u8) -> fmt::Result {
    if e.precedence() < min_prec {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}

/// SystemVerilog text with the fewest parentheses the precedence needs.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Const(true) => f.write_str("1"),
            Expr::Const(false) => f.write_str("0"),
            Expr::Atom(a) => write!(f, "{a}"),
            // `!(a == b)` prints as SystemVerilog writes it, `a != b`.
            Expr::Not(e) => match &**e {
                Expr::Atom(Atom::Eq(l, r)) => write!(f, "{l} != {r}"),
                _ => {
                    f.write_str("!")?;
                    write_operand(f, e, 4)
                }
            },
            Expr::And(v) | Expr::Or(v) if v.len() == 1 => write!(f, "{}", v[0]),
            Expr::And(v) | Expr::Or(v) if v.is_empty() => {
                f.write_str(if matches!(self, Expr::And(_)) {
                    "1"
                } else {
                    "0"
                })
            }
            Expr::And(v) | Expr::Or(v) => {
                let (op, prec) = if matches!(self, Expr::And(_)) {
                    (" && ", 2)
                } else {
                    (" || ", 1)
                };
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(op)?;
                    }
                    // Operands of the same operator print without parentheses only when
                    // they bind tighter, so nested chains keep their grouping visible.
                    write_operand(f, e, prec + 1)?;
                }
                Ok(())
            }
        }
    }
}

/// An identifier; an escaped one (`\bus[3]`) ends at white space, so one is added.
fn write_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    f.write_str(name)?;
    if name.starts_with('\\') {
        f.write_str(" ")?;
    }
    Ok(())
}

/// Opaque text in parentheses, except a name with selects (`a[3:0]`, `mem[i+1]`), which
/// reads back as itself.
fn write_opaque(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    if is_selected_name(text) {
        f.write_str(text)
    } else {
        write!(f, "({text})")
    }
}

/// Whether `text` is an identifier followed only by bracketed selects (`a[3]`,
/// `a[3:0]`, `data[bit_idx]`).
pub(crate) fn is_selected_name(text: &str) -> bool {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.';
    if !bytes
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
    {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() && word(bytes[i]) {
        i += 1;
    }
    if i == bytes.len() || bytes[i] != b'[' {
        return false;
    }
    let mut depth = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'[' => depth += 1,
            b']' => {
                depth = match depth.checked_sub(1) {
                    Some(d) => d,
                    None => return false,
                }
            }
            b' ' | b'(' | b')' if depth == 0 => return false,
            _ if depth == 0 => return false,
            _ => {}
        }
        i += 1;
    }
    depth == 0
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Ident(n) => write_name(f, n),
            Atom::Eq(l, r) => write!(f, "{l} == {r}"),
            Atom::Opaque(t) => write_opaque(f, t),
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Ident(n) => write_name(f, n),
            Term::Const(c) => f.write_str(&c.text),
            // A lone identifier (or opaque operand) as a compound operand is its truth
            // value, 1'b0 or 1'b1 (`!!a` after double negations are removed); `(a)`
            // would read back as the value of `a` itself.
            Term::Expr(e) if matches!(**e, Expr::Atom(Atom::Ident(_) | Atom::Opaque(_))) => {
                write!(f, "(!!{e})")
            }
            Term::Expr(e) => write!(f, "({e})"),
            Term::Opaque(t) => write_opaque(f, t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_with_minimal_parentheses() {
        let e = Expr::and([
            Expr::ident("a"),
            Expr::or([Expr::ident("b"), Expr::not(Expr::ident("c"))]),
            Expr::not(Expr::and([Expr::ident("d"), Expr::ident("e")])),
        ]);
        assert_eq!(e.to_string(), "a && (b || !c) && !(d && e)");
    }

    #[test]
    fn prints_negated_equality_as_not_equal() {
        let eq = Expr::Atom(Atom::Eq(Term::Ident("a".into()), Term::Ident("b".into())));
        assert_eq!(Expr::not(eq.clone()).to_string(), "a != b");
        assert_eq!(Expr::not(Expr::not(eq.clone())).to_string(), "!(a != b)");
        let inner = Expr::Atom(Atom::Eq(
            Term::Expr(Box::new(Expr::not(eq))),
            Term::Ident("c".into()),
        ));
        assert_eq!(inner.to_string(), "(a != b) == c");
    }

    #[test]
    fn renames_identifiers_everywhere() {
        let e = Expr::and([
            Expr::ident("v1"),
            Expr::Atom(Atom::Eq(Term::Ident("v2".into()), Term::Ident("b".into()))),
        ]);
        let map = HashMap::from([
            ("v1".to_string(), "a".to_string()),
            ("v2".to_string(), "x".to_string()),
        ]);
        assert_eq!(e.rename(&map).to_string(), "a && x == b");
        assert_eq!(
            e.rename(&map).identifiers().into_iter().collect::<Vec<_>>(),
            ["a", "b", "x"]
        );
    }
}
