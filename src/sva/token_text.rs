//! An operand's canonical text read token by token, without operator precedence: the
//! redundant parentheses dropped (never a call's), tokens joined with a space only
//! where two would run together. `canonical_operand` falls back to it where the
//! precedence reader (`operand.rs`) does not follow the text.

use super::group::{paren_partners, strip_enclosing};
use crate::text::token::{Kind, Token};

/// `canonical_operand` token by token, without reading operator precedence.
pub(super) fn token_text(source: &str, tokens: &[Token]) -> String {
    let tokens = strip_enclosing(source, tokens);
    let n = tokens.len();
    // One token (the usual operand: `c_1`, `4'hA`) is its own text.
    if let [only] = tokens {
        return only.text(source).to_string();
    }
    // partner[i]: the other parenthesis of the pair at i (balanced pairs only).
    let partner = paren_partners(source, tokens);
    // Redundant parentheses, marked on both tokens of the pair. Each chain of pairs
    // nested directly inside one another is walked once, from its outermost pair.
    let mut redundant = vec![false; n];
    let mut walked = vec![false; n];
    for i in 0..n {
        // From each pair's `(` only (a `)` pairs with an earlier token).
        if partner[i] == usize::MAX || partner[i] < i || walked[i] {
            continue;
        }
        let (mut lo, mut hi) = (i, partner[i]);
        while lo + 1 < hi && partner[lo + 1] == hi - 1 {
            lo += 1;
            hi -= 1;
            walked[lo] = true;
        }
        // The parentheses of a call stay, whatever they hold.
        let call = i > 0 && tokens[i - 1].kind == Kind::Ident;
        // `( ... ( x ) ... )` around one token: every pair of the chain goes; else
        // all but the outermost.
        let from = if hi == lo + 2 && !call { i } else { i + 1 };
        for k in from..=lo {
            redundant[k] = true;
            redundant[partner[k]] = true;
        }
    }
    // No longer than the text it comes from.
    let span = match (tokens.first(), tokens.last()) {
        (Some(first), Some(last)) => last.end.saturating_sub(first.start),
        _ => 0,
    };
    let mut out = String::with_capacity(span + 4);
    let mut previous: Option<&str> = None;
    for (t, _) in tokens.iter().zip(&redundant).filter(|(_, r)| !**r) {
        let text = t.text(source);
        if previous.is_some_and(|p| crate::text::token::needs_space(p, text)) {
            out.push(' ');
        }
        out.push_str(text);
        previous = Some(text);
    }
    out
}
