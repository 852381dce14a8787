//! Consequents: a conjunction of equalities `lhs == rhs`, each side reduced to canonical
//! text; and, for malformed bodies, the equalities they name anyway.

use super::group::{check_balance, split_at_indices, strip_enclosing, top_level};
use super::property::Equality;
use crate::text::token::{Kind, Token};

/// A problem at a token (index into the given slice) with what was expected.
pub type TokenError = (usize, String);

/// Reads `C` = `E1 && E2 && ...` (each `Ei` is `lhs == rhs`, parentheses allowed around
/// the whole and around each equality). `tokens` is the text after the implication
/// without the final `;`.
pub fn parse_consequent(source: &str, tokens: &[Token]) -> Result<Vec<Equality>, TokenError> {
    if tokens.is_empty() {
        return Err((
            0,
            "expected a consequent `lhs == rhs` after the implication".into(),
        ));
    }
    if let Err((i, open)) = check_balance(source, tokens) {
        return Err((i, unbalanced(open)));
    }
    if let Some(i) = tokens.iter().position(|t| t.is(source, ";")) {
        return Err((i, "expected the end of the property after `;`".into()));
    }
    let whole = strip_enclosing(source, tokens);
    let offset = offset_of(tokens, whole);
    let ands = top_level(source, whole, &["&&"]);
    let mut out = Vec::with_capacity(ands.len() + 1);
    let mut base = offset;
    for item in split_at_indices(whole, &ands) {
        let item_base = base;
        base += item.len() + 1;
        let inner = strip_enclosing(source, item);
        let at = item_base + offset_of(item, inner);
        let eqs = top_level(source, inner, &["=="]);
        // For the messages only.
        let text = || crate::text::token::join(source, item);
        if let Some(bad) = inner.iter().position(|t| is_forbidden(source, t)) {
            let t = inner[bad].text(source);
            let what = match t {
                "##" => " (a cycle delay: the consequent is the equality itself)",
                _ => "",
            };
            return Err((
                at + bad,
                format!("unsupported `{t}` in the consequent{what}"),
            ));
        }
        let written = top_level(source, inner, &["===", "!=", "!==", "<=", "="]);
        if let (Some(&i), true) = (written.first(), eqs.is_empty()) {
            let op = inner[i].text(source);
            return Err((
                at + i,
                format!(
                    "consequent item `{}` uses `{op}`, not the equality `==` the contract asks for",
                    text()
                ),
            ));
        }
        match eqs.as_slice() {
            [i] if *i > 0 && *i + 1 < inner.len() => out.push(Equality {
                lhs: canonical_operand(source, &inner[..*i]),
                rhs: canonical_operand(source, &inner[*i + 1..]),
            }),
            [] | [_] => {
                return Err((
                    at,
                    format!(
                        "consequent item `{}` is not an equality `lhs == rhs`",
                        text()
                    ),
                ));
            }
            _ => {
                return Err((
                    at,
                    format!("consequent item `{}` holds more than one `==`", text()),
                ));
            }
        }
    }
    Ok(out)
}

/// Tokens that cannot be part of an equality's operand.
fn is_forbidden(source: &str, t: &Token) -> bool {
    matches!(
        t.text(source),
        "||" | "|->" | "|=>" | "@" | "##" | "#" | "'" | "property" | "endproperty"
    ) || matches!(t.kind, Kind::Other | Kind::Str)
}

pub fn unbalanced(open: bool) -> String {
    if open {
        "unbalanced parentheses: this `(` is never closed".into()
    } else {
        "unbalanced parentheses: this `)` has no matching `(`".into()
    }
}

/// Where `inner` (a sub-slice of `outer`) starts within `outer`.
fn offset_of(outer: &[Token], inner: &[Token]) -> usize {
    inner
        .first()
        .map_or(0, |f| outer.iter().position(|t| t == f).unwrap_or(0))
}

/// An operand as canonical text: enclosing parentheses, parentheses around a single
/// token and parentheses directly inside another pair (`((a + b))`) removed, however
/// deep, but never the parentheses of a call (`f(y)`, `$past(y)`); tokens written
/// without white space except where two would run together (`a b`, `& &`).
pub fn canonical_operand(source: &str, tokens: &[Token]) -> String {
    let tokens = strip_enclosing(source, tokens);
    if tokens.len() > 1
        && let Some(text) = super::operand::precedence_text(source, tokens)
    {
        return text;
    }
    super::token_text::token_text(source, tokens)
}

/// The comparisons a model may write where an equality belongs: each names its left
/// operand as much as `==` does.
const COMPARISONS: [&str; 6] = ["==", "===", "!=", "!==", "<=", "="];

/// The equalities a (possibly malformed) consequent names: around every `==` after the
/// implication (and every comparison written in its place: `===`, `!=`, `!==`, `<=`,
/// `=`), the operands out to the nearest `&&`, `||`, implication, `;`, comparison,
/// cycle delay (`##1`, `##[1:3]`) or unmatched parenthesis.
pub fn named_equalities(source: &str, tokens: &[Token]) -> Vec<Equality> {
    let boundary_text = |t: &Token| {
        matches!(
            t.text(source),
            "&&" | "||" | "|->" | "|=>" | "->" | ";" | "##"
        ) || COMPARISONS.contains(&t.text(source))
    };
    // A cycle delay and its amount (`##1`, `##[1:3]`, `##n`) bound an operand too.
    let mut boundary: Vec<bool> = tokens.iter().map(boundary_text).collect();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i].is(source, "##") {
            let mut j = i + 1;
            if tokens.get(j).is_some_and(|t| t.is(source, "[")) {
                while j < tokens.len() && !tokens[j].is(source, "]") {
                    boundary[j] = true;
                    j += 1;
                }
            }
            if j < tokens.len() {
                boundary[j] = true;
            }
            i = j;
        }
        i += 1;
    }
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if !COMPARISONS.contains(&t.text(source)) {
            continue;
        }
        let mut from = i;
        let mut depth = 0isize;
        while from > 0 {
            let p = &tokens[from - 1];
            match p.text(source) {
                ")" => depth += 1,
                "(" if depth == 0 => break,
                "(" => depth -= 1,
                _ if depth == 0 && boundary[from - 1] => break,
                _ => {}
            }
            from -= 1;
        }
        let mut to = i + 1;
        let mut depth = 0isize;
        while to < tokens.len() {
            let n = &tokens[to];
            match n.text(source) {
                "(" => depth += 1,
                ")" if depth == 0 => break,
                ")" => depth -= 1,
                _ if depth == 0 && boundary[to] => break,
                _ => {}
            }
            to += 1;
        }
        if from < i && i + 1 < to {
            out.push(Equality {
                lhs: canonical_operand(source, &tokens[from..i]),
                rhs: canonical_operand(source, &tokens[i + 1..to]),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::token::tokenize;

    fn eqs(s: &str) -> Result<Vec<String>, TokenError> {
        parse_consequent(s, &tokenize(s)).map(|v| v.iter().map(|e| e.to_string()).collect())
    }

    #[test]
    fn reads_conjunctions_of_equalities() {
        assert_eq!(eqs("x == y && (z == ( w ))").unwrap(), ["x == y", "z == w"]);
        assert_eq!(eqs("((x == 4'hA))").unwrap(), ["x == 4'hA"]);
        assert_eq!(eqs("x == a + b").unwrap(), ["x == a+b"]);
    }

    #[test]
    fn canonical_text_drops_redundant_parentheses_however_nested() {
        for (text, expected) in [
            ("x == a + ((b))", "x == a+b"),
            ("x == c * ((a + b))", "x == c*(a+b)"),
            ("x == (((y)))", "x == y"),
            ("((x)) == ((a) + (((b))))", "x == a+b"),
            ("x == (a + b) * ((c))", "x == (a+b)*c"),
            ("x == f(a, b)", "x == f(a,b)"),
            ("x == a + (b * c)", "x == a+b*c"),
            ("x == (a + b) * c", "x == (a+b)*c"),
            ("x == a - (b - c)", "x == a-(b-c)"),
            ("x == (a - b) - c", "x == a-b-c"),
            ("x == (a & b) | (c[3:0] & d)", "x == a&b|c[3:0]&d"),
            ("x == (s ? (a) : (b + c))", "x == s?a:b+c"),
            ("x == -(a)", "x == -a"),
            ("x == ~(a | b)", "x == ~(a|b)"),
            ("x == {a, (b)}", "x == {a,b}"),
        ] {
            assert_eq!(eqs(text).unwrap(), [expected], "{text}");
        }
    }

    #[test]
    fn rejects_other_consequents_with_the_reason() {
        assert_eq!(
            eqs("x != y").unwrap_err().1,
            "consequent item `x != y` uses `!=`, not the equality `==` the contract asks for"
        );
        assert_eq!(
            eqs("x").unwrap_err().1,
            "consequent item `x` is not an equality `lhs == rhs`"
        );
        assert_eq!(
            eqs("x == y == z").unwrap_err().1,
            "consequent item `x == y == z` holds more than one `==`"
        );
        assert!(eqs("x == y || z == w").unwrap_err().1.contains("`||`"));
        assert!(eqs("(x == y").unwrap_err().1.contains("never closed"));
        assert!(eqs("").is_err());
    }

    #[test]
    fn names_equalities_of_malformed_text() {
        let named = |s: &str| -> Vec<String> {
            named_equalities(s, &tokenize(s))
                .iter()
                .map(|e| e.to_string())
                .collect()
        };
        assert_eq!(named("b |-> (x == y) && z==w |-> q"), ["x == y", "z == w"]);
        // A cycle delay bounds the operand; comparisons in place of `==` name it too.
        assert_eq!(named("##1 x == y"), ["x == y"]);
        assert_eq!(named("##[1:3] x == y"), ["x == y"]);
        assert_eq!(named("x <= y"), ["x == y"]);
        assert_eq!(named("x = y"), ["x == y"]);
        assert_eq!(named("x === y"), ["x == y"]);
        assert_eq!(named("a -> x == y"), ["x == y"]);
    }

    #[test]
    fn comparisons_in_place_of_an_equality_say_so() {
        for (text, op) in [("x <= y", "<="), ("x === y", "==="), ("x = y", "=")] {
            let e = eqs(text).unwrap_err().1;
            assert!(e.contains(&format!("uses `{op}`")), "{text}: {e}");
        }
        assert!(eqs("##1 x == y").unwrap_err().1.contains("cycle delay"));
    }

    #[test]
    fn calls_keep_their_parentheses_and_operators_stay_apart() {
        assert_eq!(eqs("x == f(y)").unwrap(), ["x == f(y)"]);
        assert_eq!(eqs("x == $past(y)").unwrap(), ["x == $past(y)"]);
        assert_eq!(eqs("x == $past((y))").unwrap(), ["x == $past(y)"]);
        assert_eq!(eqs("x == b & &c").unwrap(), ["x == b& &c"]);
        assert_eq!(eqs("x == (b && c)").unwrap(), ["x == b&&c"]);
        assert_eq!(eqs("x == a - -b").unwrap(), ["x == a- -b"]);
    }
}
