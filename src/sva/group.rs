//! Parenthesis bookkeeping over token slices: balance checks, enclosing pairs, and
//! splitting at an operator outside every parenthesis.

use crate::text::token::Token;

/// The first parenthesis without a partner: `Err((index, is_open))`.
pub fn check_balance(source: &str, tokens: &[Token]) -> Result<(), (usize, bool)> {
    let mut open = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.text(source) {
            "(" => open.push(i),
            ")" if open.pop().is_none() => return Err((i, false)),
            _ => {}
        }
    }
    match open.first() {
        Some(&i) => Err((i, true)),
        None => Ok(()),
    }
}

/// `tokens` without the parentheses that enclose all of it (`((a == b))` -> `a == b`).
/// Linear in the length, however deep the nesting.
pub fn strip_enclosing<'t>(source: &str, tokens: &'t [Token]) -> &'t [Token] {
    // Only `( ... )` can be enclosed (most operands and items are not).
    let n = tokens.len();
    if n < 2 || !tokens[0].is(source, "(") || !tokens[n - 1].is(source, ")") {
        return tokens;
    }
    let partner = paren_partners(source, tokens);
    let (mut lo, mut hi) = (0, tokens.len());
    while hi >= lo + 2 && partner[hi - 1] == lo {
        lo += 1;
        hi -= 1;
    }
    &tokens[lo..hi]
}

/// For each token, the index of the parenthesis it pairs with (a `(` its `)`, a `)` its
/// `(`), or `usize::MAX` for any other token and for an unbalanced one.
pub(super) fn paren_partners(source: &str, tokens: &[Token]) -> Vec<usize> {
    let mut partner = vec![usize::MAX; tokens.len()];
    let mut open = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.text(source) {
            "(" => open.push(i),
            ")" => {
                if let Some(o) = open.pop() {
                    partner[o] = i;
                    partner[i] = o;
                }
            }
            _ => {}
        }
    }
    partner
}

/// The index of the `)` that closes the `(` at `open`.
pub fn matching_close(source: &str, tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t.text(source) {
            "(" => depth += 1,
            ")" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The indices of the tokens equal to one of `ops` outside every parenthesis.
pub fn top_level(source: &str, tokens: &[Token], ops: &[&str]) -> Vec<usize> {
    let mut depth = 0isize;
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let text = t.text(source);
        match text {
            "(" => depth += 1,
            ")" => depth -= 1,
            _ if depth == 0 && ops.contains(&text) => out.push(i),
            _ => {}
        }
    }
    out
}

/// `tokens` split at the given indices (the separators left out).
pub fn split_at_indices<'t>(tokens: &'t [Token], at: &[usize]) -> Vec<&'t [Token]> {
    let mut out = Vec::with_capacity(at.len() + 1);
    let mut from = 0;
    for &i in at {
        out.push(&tokens[from..i]);
        from = i + 1;
    }
    out.push(&tokens[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::token::tokenize;

    #[test]
    fn finds_unbalanced_parentheses() {
        let s = "(a && (b) ) )";
        assert_eq!(check_balance(s, &tokenize(s)), Err((7, false)));
        let s = "( (a)";
        assert_eq!(check_balance(s, &tokenize(s)), Err((0, true)));
    }

    #[test]
    fn strips_only_enclosing_pairs() {
        let s = "((a) && (b))";
        let t = tokenize(s);
        assert_eq!(strip_enclosing(s, &t).len(), 7);
        let s = "(a) && (b)";
        let t = tokenize(s);
        assert_eq!(strip_enclosing(s, &t).len(), 7);
    }

    #[test]
    fn splits_outside_parentheses() {
        let s = "a && (b && c) && d";
        let t = tokenize(s);
        let at = top_level(s, &t, &["&&"]);
        assert_eq!(at, [1, 7]);
        assert_eq!(
            split_at_indices(&t, &at)
                .iter()
                .map(|p| p.len())
                .collect::<Vec<_>>(),
            [1, 5, 1]
        );
    }
}
