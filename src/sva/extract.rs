//! Finding the property declarations in a text (SCORING.md §2): strict (nothing but
//! declarations, else the whole output breaks the contract) or lenient (every complete
//! declaration anywhere, the rest ignored).

use crate::text::line_column;
use crate::text::token::{Kind, Token, Tokens};

/// How much besides property declarations a text may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Nothing but declarations: anything else breaks the contract for the whole text.
    Strict,
    /// Every complete declaration anywhere is used; the rest is ignored.
    Lenient,
}

/// One `property ... endproperty` (or, in lenient mode, one `assert property (...)`)
/// found in the text, not parsed yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawDeclaration {
    /// Byte offset of the `property` keyword (of the label or `assert` of an
    /// assertion).
    pub start: usize,
    /// Byte offset just after `endproperty` (after the `)` of an assertion).
    pub end: usize,
    /// The tokens between `property` and `endproperty` (the header and the body); of
    /// an assertion, the body inside its parentheses.
    pub tokens: Vec<Token>,
    /// A declaration or an assertion.
    pub kind: RawKind,
}

/// What a raw declaration is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawKind {
    /// `property NAME; BODY endproperty`.
    Declaration,
    /// `[LABEL:] assert property (BODY)`, read in lenient mode: its name is the label,
    /// or `assertion at LINE:COLUMN`.
    Assertion { name: String },
}

/// Why a strict text is not only property declarations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Byte offset of the offending token.
    pub offset: usize,
    /// What was found, with its line and column, and what was expected.
    pub message: String,
}

/// What a text holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extraction {
    /// The declarations, in reading order.
    pub declarations: Vec<RawDeclaration>,
    /// Strict mode only: why the text breaks the contract as a whole.
    pub violation: Option<Violation>,
    /// Whether the text holds nothing but comments and white space.
    pub empty: bool,
}

/// Reads the property declarations out of `source`, token by token: each
/// declaration's tokens are collected as they are read.
pub fn extract(source: &str, mode: Mode) -> Extraction {
    let mut tokens = Tokens::new(source);
    let mut out = Extraction {
        declarations: Vec::new(),
        violation: None,
        empty: true,
    };
    let is_kw = |t: &Token, kw: &str| t.kind == Kind::Ident && t.is(source, kw);
    // A token read ahead that is still to be looked at.
    let mut pending = None;
    // The two tokens before `t` (for the label of an assertion).
    let mut before: [Option<Token>; 2] = [None, None];
    while let Some(t) = pending.take().or_else(|| tokens.next()) {
        out.empty = false;
        let label = match before {
            [Some(l), Some(c)] if l.kind == Kind::Ident && c.is(source, ":") => Some(l),
            _ => None,
        };
        before = [before[1], Some(t)];
        if mode == Mode::Lenient && is_kw(&t, "assert") {
            let mut ahead = tokens.clone();
            if let Some(found) = assertion(source, &t, label, &mut ahead) {
                out.declarations.extend(found);
                tokens = ahead;
                before = [None, None];
                continue;
            }
        }
        // The declaration's name.
        let name = if is_kw(&t, "property") {
            tokens
                .clone()
                .next()
                .filter(|n| n.kind == Kind::Ident && !is_kw(n, "endproperty"))
        } else {
            None
        };
        let Some(name) = name else {
            // An empty item (`endproperty;`) is punctuation, not content.
            let empty_item = t.is(source, ";") && !out.declarations.is_empty();
            if mode == Mode::Strict && !empty_item {
                out.violation = Some(Violation {
                    offset: t.start,
                    message: stray(source, &t),
                });
                return out;
            }
            continue;
        };
        // Up to the `endproperty`, or the next `property` (then the declaration has
        // no end; the tokens before that `property` cannot start one).
        let mut body = Vec::with_capacity(32);
        let close = tokens.find(|n| {
            let end = is_kw(n, "endproperty") || is_kw(n, "property");
            if !end {
                body.push(*n);
            }
            end
        });
        match close {
            Some(close) if is_kw(&close, "endproperty") => {
                out.declarations.push(RawDeclaration {
                    start: t.start,
                    end: close.end,
                    tokens: body,
                    kind: RawKind::Declaration,
                });
                // `endproperty : name` is legal SystemVerilog.
                let mut ahead = tokens.clone();
                if ahead.next().is_some_and(|n| n.is(source, ":"))
                    && ahead.next().is_some_and(|n| n.kind == Kind::Ident)
                {
                    tokens = ahead;
                }
            }
            _ => {
                if mode == Mode::Strict {
                    let (line, column) = line_column(source, t.start);
                    let name = name.text(source);
                    out.violation = Some(Violation {
                        offset: t.start,
                        message: format!(
                            "the declaration of `{name}` at {line}:{column} has no `endproperty`"
                        ),
                    });
                    return out;
                }
                pending = close;
            }
        }
    }
    out
}

/// `assert property ( BODY )` from `assert` (`t`), its tokens read from `tokens`:
/// `Some(None)` for `assert property (name)` (an assertion of a declared property,
/// which is no property of its own), `Some(Some(raw))` for a body; `None` when this
/// is no `assert property (...)` (nothing of `tokens` is then used).
fn assertion(
    source: &str,
    t: &Token,
    label: Option<Token>,
    tokens: &mut Tokens<'_>,
) -> Option<Option<RawDeclaration>> {
    let property = tokens.next()?;
    let open = tokens.next()?;
    if !property.is(source, "property") || !open.is(source, "(") {
        return None;
    }
    let mut body = Vec::new();
    let mut depth = 1usize;
    let close = loop {
        let n = tokens.next()?;
        match n.text(source) {
            "(" => depth += 1,
            ")" => {
                depth -= 1;
                if depth == 0 {
                    break n;
                }
            }
            _ => {}
        }
        body.push(n);
    };
    // `assert property (p1)` or `assert property (p1(a, b))` refers to a declaration.
    let reference = body.first().is_some_and(|f| f.kind == Kind::Ident)
        && (body.len() == 1 || body.get(1).is_some_and(|n| n.is(source, "(")))
        && !body.iter().any(|n| matches!(n.text(source), "|->" | "|=>"));
    if reference {
        return Some(None);
    }
    let name = match label {
        Some(l) => l.text(source).to_string(),
        None => {
            let (line, column) = line_column(source, t.start);
            format!("assertion at {line}:{column}")
        }
    };
    Some(Some(RawDeclaration {
        start: label.map_or(t.start, |l| l.start),
        end: close.end,
        tokens: body,
        kind: RawKind::Assertion { name },
    }))
}

/// The message for a token outside any declaration in a strict text.
pub(super) fn stray(source: &str, t: &Token) -> String {
    let (line, column) = line_column(source, t.start);
    let text = t.text(source);
    let what = match text {
        "`" => "a Markdown fence".to_string(),
        "assert" | "assume" | "cover" | "restrict" => format!("an `{text} property` statement"),
        "always" | "always_ff" | "always_comb" | "initial" => format!("an `{text}` block"),
        "module" => "a module".to_string(),
        "endproperty" => "an `endproperty` without its `property`".to_string(),
        "/*" => "an unterminated comment `/*`".to_string(),
        "property" => "a `property` keyword without a name".to_string(),
        _ if t.kind == Kind::Ident => format!("text outside a declaration (`{text}`)"),
        _ => format!("`{text}` outside a declaration"),
    };
    format!(
        "output holds {what} at {line}:{column}; a strict output holds only property declarations"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "// two\nproperty p1; a |=> x == y; endproperty\nproperty p2; b |=> z == w; endproperty : p2\n";

    #[test]
    fn strict_reads_declarations_only() {
        let e = extract(TWO, Mode::Strict);
        assert_eq!(e.violation, None);
        assert_eq!(e.declarations.len(), 2);
        assert!(!e.empty);
    }

    #[test]
    fn strict_rejects_prose_fences_asserts_and_always_blocks() {
        let cases = [
            (
                "Here you go:\n",
                "text outside a declaration (`Here`) at 1:1",
            ),
            ("```systemverilog\n", "a Markdown fence at 1:1"),
            (
                "assert property (p1);\n",
                "an `assert property` statement at 1:1",
            ),
            (
                "always @(posedge clk) begin end\n",
                "an `always` block at 1:1",
            ),
        ];
        for (prefix, expected) in cases {
            let v = extract(&format!("{prefix}{TWO}"), Mode::Strict)
                .violation
                .expect(prefix);
            assert!(v.message.contains(expected), "{}", v.message);
            let v = extract(&format!("{TWO}{prefix}"), Mode::Strict)
                .violation
                .expect(prefix);
            assert!(v.message.contains(" at 4:1;"), "{}", v.message);
        }
    }

    #[test]
    fn strict_rejects_a_declaration_without_endproperty() {
        let v = extract(
            "property p1; a |=> x == y;\nproperty p2; b |=> z == w; endproperty",
            Mode::Strict,
        )
        .violation
        .unwrap();
        assert_eq!(
            v.message,
            "the declaration of `p1` at 1:1 has no `endproperty`"
        );
        assert!(
            extract("property p1; a |=> b;", Mode::Strict)
                .violation
                .is_some()
        );
    }

    #[test]
    fn lenient_uses_every_complete_declaration() {
        let text = format!("Sure!\n```sv\nproperty p0; a |=> b;\n{TWO}```\nassert property (p1);");
        let e = extract(&text, Mode::Lenient);
        assert_eq!(e.violation, None);
        assert_eq!(e.declarations.len(), 2);
    }

    #[test]
    fn strict_accepts_a_semicolon_after_endproperty_only() {
        let e = extract(
            "property p1; a |=> x == y; endproperty;\nproperty p2; b |=> z; endproperty ;",
            Mode::Strict,
        );
        assert_eq!((e.violation, e.declarations.len()), (None, 2));
        let v = extract("; property p1; a |=> x == y; endproperty", Mode::Strict)
            .violation
            .unwrap();
        assert!(
            v.message.contains("`;` outside a declaration at 1:1"),
            "{}",
            v.message
        );
    }

    #[test]
    fn lenient_reads_labelled_and_bare_assertions() {
        let text = "Here:\nproperty p1; a |=> x == y; endproperty\nassert property (p1);\n\
                    chk: assert property (@(posedge clk) b |-> z == w) else $error(\"no\");\n\
                    assert property (c |=> q == r);";
        let e = extract(text, Mode::Lenient);
        let kinds: Vec<&RawKind> = e.declarations.iter().map(|d| &d.kind).collect();
        assert_eq!(
            kinds,
            [
                &RawKind::Declaration,
                &RawKind::Assertion { name: "chk".into() },
                &RawKind::Assertion {
                    name: "assertion at 5:1".into()
                },
            ]
        );
        assert!(text[e.declarations[1].start..].starts_with("chk:"));
        // Strict: an assertion still breaks the contract.
        assert!(extract(text, Mode::Strict).violation.is_some());
    }

    #[test]
    fn an_unterminated_comment_swallows_nothing() {
        let text = "Note: use /* for comments.\nproperty p1; a |=> x == y; endproperty";
        let e = extract(text, Mode::Lenient);
        assert_eq!(e.declarations.len(), 1);
        let v = extract(
            "property p1; a |=> x == y; endproperty /* open",
            Mode::Strict,
        )
        .violation
        .unwrap();
        assert!(
            v.message.contains("an unterminated comment `/*` at 1:40"),
            "{}",
            v.message
        );
    }

    #[test]
    fn comments_only_is_empty() {
        let e = extract("  // nothing\n /* at all */ ", Mode::Strict);
        assert!(e.empty);
        assert_eq!(e.violation, None);
    }
}
