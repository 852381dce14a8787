//! The strict reading of a whole-module output (SCORING.md §2, for assertions): the
//! output must be nothing but property and sequence declarations, `default clocking`
//! and `default disable iff` items, and `[LABEL:] assert|assume|cover property (...)`
//! statements, comments and white space aside. Prose, a Markdown fence or any other
//! text breaks it for the whole output. A chat model's end-of-turn marker at the very
//! end (`<|im_end|>`, `<|endoftext|>`, `<|eot_id|>`, `</s>`) is not part of the output,
//! and a last statement cut short (a generation that hit its token limit) still counts
//! as a statement: its property's own syntax check reports it.

use crate::text::token::{Kind, Token, tokenize};

/// End-of-turn markers a generation may end with.
const END_MARKERS: [&str; 4] = ["<|im_end|>", "<|endoftext|>", "<|eot_id|>", "</s>"];

/// Whether `output` meets the strict reading.
pub fn is_strict(output: &str) -> bool {
    let mut text = output.trim_end();
    while let Some(marker) = END_MARKERS.iter().find(|m| text.ends_with(**m)) {
        text = text[..text.len() - marker.len()].trim_end();
    }
    let toks = tokenize(text);
    let mut i = 0;
    while i < toks.len() {
        match item_end(text, &toks, i) {
            None => return false,
            Some(next) => i = next,
        }
    }
    true
}

/// The token after the item starting at `i` (past the end when the item runs to the
/// end of the text unfinished), or `None` when no item starts at `i`.
fn item_end(text: &str, toks: &[Token], i: usize) -> Option<usize> {
    let w = |k: usize| toks.get(k).map(|t| t.text(text));
    let ident = |k: usize| toks.get(k).is_some_and(|t| t.kind == Kind::Ident);
    match w(i)? {
        "property" => Some(closing(text, toks, i, "endproperty")),
        "sequence" => Some(closing(text, toks, i, "endsequence")),
        "default" => Some(statement_end(text, toks, i)),
        "assert" | "assume" | "cover" => assertion(text, toks, i),
        _ if ident(i) && w(i + 1) == Some(":") => match w(i + 2)? {
            "assert" | "assume" | "cover" => assertion(text, toks, i + 2),
            _ => None,
        },
        _ => None,
    }
}

/// After `KEYWORD ... END [: NAME]`.
fn closing(text: &str, toks: &[Token], i: usize, end: &str) -> usize {
    match toks[i..].iter().position(|t| t.text(text) == end) {
        None => toks.len() + 1,
        Some(k) => {
            let after = i + k + 1;
            let is = |k: usize, s: &str| toks.get(k).is_some_and(|t| t.text(text) == s);
            if is(after, ":") && toks.get(after + 1).is_some_and(|t| t.kind == Kind::Ident) {
                after + 2
            } else {
                after
            }
        }
    }
}

/// After the `;` that ends the statement starting at `i` (outside brackets).
fn statement_end(text: &str, toks: &[Token], i: usize) -> usize {
    let mut depth: i32 = 0;
    for (k, t) in toks.iter().enumerate().skip(i) {
        match t.text(text) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            ";" if depth <= 0 => return k + 1,
            _ => {}
        }
    }
    toks.len() + 1
}

/// `assert|assume|cover property (...)` then an optional action block, to its `;`.
fn assertion(text: &str, toks: &[Token], i: usize) -> Option<usize> {
    match toks.get(i + 1).map(|t| t.text(text)) {
        Some("property") => Some(statement_end(text, toks, i)),
        None => Some(toks.len() + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_and_assertions_only_are_strict() {
        assert!(is_strict(
            "// properties\nproperty p; @(posedge clk) a |-> b; endproperty\na_p: assert property (p);\n\
             assert property (@(posedge clk) c) else $error(\"x\");\ndefault disable iff (rst);\n\
             sequence s; a ##1 b; endsequence : s\n<|im_end|>"
        ));
        assert!(is_strict(""));
        // Cut short by the token limit.
        assert!(is_strict(
            "a_x: assert property (\n @(posedge clk) disable iff (rst)"
        ));
    }

    #[test]
    fn fences_prose_and_other_code_are_not() {
        assert!(!is_strict(
            "```systemverilog\nproperty p; a; endproperty\n```"
        ));
        assert!(!is_strict(
            "Here are the properties:\nproperty p; a; endproperty"
        ));
        assert!(!is_strict("always @(posedge clk) assert (a);"));
        assert!(!is_strict("assert a_x property (p);"));
        assert!(!is_strict("p: wire x;"));
    }
}
