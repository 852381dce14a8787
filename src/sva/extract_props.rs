//! `extract` (the one reader, `text::read`, with the fragment rules) against the
//! fragment scorer's reader before it (the whole text tokenised, then scanned by
//! index), kept here as the oracle: same declarations, violations and emptiness on
//! SVA-shaped token soup, strict and lenient.

use proptest::prelude::*;

use super::extract::{Extraction, Mode, RawDeclaration, RawKind, Violation, extract};
use crate::text::line_column;
use crate::text::read::stray;
use crate::text::token::{Kind, Token, tokenize};

fn extract_by_index(source: &str, mode: Mode) -> Extraction {
    let tokens = tokenize(source);
    let mut out = Extraction {
        declarations: Vec::new(),
        violation: None,
        empty: tokens.is_empty(),
    };
    let is_kw = |t: &Token, kw: &str| t.kind == Kind::Ident && t.is(source, kw);
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        let starts_declaration = is_kw(&t, "property")
            && tokens
                .get(i + 1)
                .is_some_and(|n| n.kind == Kind::Ident && !is_kw(n, "endproperty"));
        if !starts_declaration {
            let empty_item = t.is(source, ";") && !out.declarations.is_empty();
            if mode == Mode::Strict && !empty_item {
                out.violation = Some(Violation {
                    offset: t.start,
                    message: stray(source, &t),
                });
                return out;
            }
            i += 1;
            continue;
        }
        let close = tokens[i + 1..]
            .iter()
            .position(|n| is_kw(n, "endproperty") || is_kw(n, "property"))
            .map(|n| n + i + 1);
        match close {
            Some(j) if is_kw(&tokens[j], "endproperty") => {
                out.declarations.push(RawDeclaration {
                    start: t.start,
                    end: tokens[j].end,
                    tokens: tokens[i + 1..j].to_vec(),
                    kind: RawKind::Declaration,
                });
                i = j + 1;
                if tokens.get(i).is_some_and(|n| n.is(source, ":"))
                    && tokens.get(i + 1).is_some_and(|n| n.kind == Kind::Ident)
                {
                    i += 2;
                }
            }
            _ => {
                if mode == Mode::Strict {
                    let (line, column) = line_column(source, t.start);
                    let name = tokens[i + 1].text(source);
                    out.violation = Some(Violation {
                        offset: t.start,
                        message: format!(
                            "the declaration of `{name}` at {line}:{column} has no `endproperty`"
                        ),
                    });
                    return out;
                }
                i += 1;
            }
        }
    }
    out
}

/// Pieces of outputs: whole declarations, their ends and names, stray keywords,
/// prose, fences, comments.
fn chunk() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "property p; a |=> x == y; endproperty",
        "property q; @(posedge clk) b && !c |-> z == 1'b1;\nendproperty",
        "property r;",
        "property",
        "endproperty",
        ": p",
        ":",
        "p",
        ";",
        "a |=> x == y;",
        "assert property (p);",
        "Here you go:",
        "```systemverilog",
        "// property s; endproperty\n",
        "/* endproperty */",
        "\"property\"",
        "ä",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn streaming_extract_reads_like_the_indexed_one(
        chunks in prop::collection::vec(chunk(), 0..12),
        words in prop::collection::vec(prop::sample::select(vec![
            "property", "endproperty", "p", ";", ":", "(", ")", "|=>", "x", "==", "`", "//",
            "/*", "*/", "\n",
        ]), 0..8),
        lenient in any::<bool>(),
    ) {
        let text = format!("{} {}", chunks.join("\n"), words.join(" "));
        let mode = if lenient { Mode::Lenient } else { Mode::Strict };
        prop_assert_eq!(extract(&text, mode), extract_by_index(&text, mode), "{:?}", text);
    }
}
