//! Finding the property declarations in a text (SCORING.md §2): strict (nothing but
//! declarations, else the whole output breaks the contract) or lenient (every complete
//! declaration anywhere, the rest ignored).

use super::token::{Token, TokenKind, Tokens, line_column};

/// How much besides property declarations a text may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Nothing but declarations: anything else breaks the contract for the whole text.
    Strict,
    /// Every complete declaration anywhere is used; the rest is ignored.
    Lenient,
}

/// One `property ... endproperty` found in the text, not parsed yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawDeclaration {
    /// Byte offset of the `property` keyword.
    pub start: usize,
    /// Byte offset just after `endproperty`.
    pub end: usize,
    /// The tokens between `property` and `endproperty` (the header and the body).
    pub tokens: Vec<Token>,
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
    let is_kw = |t: &Token, kw: &str| t.kind == TokenKind::Ident && t.is(source, kw);
    // A token read ahead that is still to be looked at.
    let mut pending = None;
    while let Some(t) = pending.take().or_else(|| tokens.next()) {
        out.empty = false;
        // The declaration's name.
        let name = if is_kw(&t, "property") {
            tokens
                .clone()
                .next()
                .filter(|n| n.kind == TokenKind::Ident && !is_kw(n, "endproperty"))
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
                });
                // `endproperty : name` is legal SystemVerilog.
                let mut ahead = tokens.clone();
                if ahead.next().is_some_and(|n| n.is(source, ":"))
                    && ahead.next().is_some_and(|n| n.kind == TokenKind::Ident)
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
        "property" => "a `property` keyword without a name".to_string(),
        _ if t.kind == TokenKind::Ident => format!("text outside a declaration (`{text}`)"),
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
    fn comments_only_is_empty() {
        let e = extract("  // nothing\n /* at all */ ", Mode::Strict);
        assert!(e.empty);
        assert_eq!(e.violation, None);
    }
}
