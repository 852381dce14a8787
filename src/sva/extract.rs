//! The fragment scorer's view of a text's property declarations (SCORING.md §2):
//! strict (nothing but declarations, else the whole output breaks the contract) or
//! lenient (every complete declaration anywhere, the rest ignored), read by the one
//! reader (`text::read`) with its fragment rules.

pub use crate::text::read::Violation;
use crate::text::read::{Form, Rules, read};
use crate::text::token::{Token, tokenize};

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

/// Reads the property declarations out of `source` with the fragment scorer's rules
/// of `mode` (`text::read`), each with its tokens.
pub fn extract(source: &str, mode: Mode) -> Extraction {
    let rules = match mode {
        Mode::Strict => Rules::FRAGMENT_STRICT,
        Mode::Lenient => Rules::FRAGMENT_LENIENT,
    };
    let toks = tokenize(source);
    let reading = read(source, &toks, rules);
    let declarations = reading
        .properties
        .into_iter()
        .map(|p| RawDeclaration {
            start: p.start,
            end: p.end,
            tokens: toks[p.inner].to_vec(),
            kind: match p.form {
                Form::Declared => RawKind::Declaration,
                Form::Inline => RawKind::Assertion { name: p.name },
            },
        })
        .collect();
    Extraction {
        declarations,
        violation: reading.violation,
        empty: reading.empty,
    }
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
