//! Syntax highlighting of RTL and properties with syntect and flipscope's own
//! SystemVerilog grammar (`syntax/systemverilog.sublime-syntax`), built once, lazily.
//! Scopes map to theme roles (keyword, type, number, string, comment, operator), so the
//! colours come from the theme. Runs in the background job; the views show plain text
//! until the result for a text (keyed by its hash) is in the cache.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;
use std::sync::LazyLock;

use syntect::parsing::{
    ParseState, Scope, ScopeStack, SyntaxDefinition, SyntaxReference, SyntaxSet, SyntaxSetBuilder,
};

use crate::tui::theme::Role;

const GRAMMAR: &str = include_str!("syntax/systemverilog.sublime-syntax");

static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(|| {
    let mut builder = SyntaxSetBuilder::new();
    let definition = SyntaxDefinition::load_from_str(GRAMMAR, true, None)
        .expect("the compiled-in SystemVerilog grammar is valid");
    builder.add(definition);
    builder.build()
});

/// The highlighted lines of one text: per line, byte ranges (line-relative) with their
/// role. Bytes not covered are plain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlighted {
    pub lines: Vec<Vec<(Range<usize>, Role)>>,
}

/// The cache key of a text.
pub fn text_key(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

fn syntax() -> &'static SyntaxReference {
    SYNTAXES.syntaxes().first().expect("one syntax")
}

/// The role of the innermost scope that has one.
fn role_of(stack: &ScopeStack) -> Option<Role> {
    const PREFIXES: [(&str, Role); 7] = [
        ("comment", Role::Comment),
        ("string", Role::String),
        ("constant.numeric", Role::Number),
        ("keyword.operator", Role::Operator),
        ("keyword", Role::Keyword),
        ("storage.type", Role::Type),
        ("support.function", Role::Keyword),
    ];
    stack.as_slice().iter().rev().find_map(|scope: &Scope| {
        let name = scope.build_string();
        PREFIXES
            .iter()
            .find(|(p, _)| name.starts_with(p))
            .map(|(_, r)| *r)
    })
}

/// Highlights `text` line by line (a line the grammar cannot parse stays plain).
pub fn highlight(text: &str) -> Highlighted {
    let mut state = ParseState::new(syntax());
    let mut stack = ScopeStack::new();
    let mut lines = Vec::new();
    for line in text.split_inclusive('\n') {
        let content_len = line.trim_end_matches(['\n', '\r']).len();
        let mut spans = Vec::new();
        let Ok(ops) = state.parse_line(line, &SYNTAXES) else {
            lines.push(spans);
            state = ParseState::new(syntax());
            stack = ScopeStack::new();
            continue;
        };
        let mut at = 0;
        for (pos, op) in ops {
            let pos = pos.min(content_len);
            if pos > at
                && let Some(role) = role_of(&stack)
            {
                spans.push((at..pos, role));
            }
            at = at.max(pos);
            let _ = stack.apply(&op);
        }
        if content_len > at
            && let Some(role) = role_of(&stack)
        {
            spans.push((at..content_len, role));
        }
        lines.push(spans);
    }
    Highlighted { lines }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles(text: &str) -> Vec<(&str, Role)> {
        let h = highlight(text);
        let mut out = Vec::new();
        let mut start = 0;
        for (line, spans) in text.split_inclusive('\n').zip(&h.lines) {
            for (r, role) in spans {
                out.push((&text[start + r.start..start + r.end], *role));
            }
            start += line.len();
        }
        out
    }

    #[test]
    fn keywords_numbers_comments_and_operators() {
        let got = roles("if (a && b) begin // go\n  x <= 4'hF;\nend\n");
        assert!(got.contains(&("if", Role::Keyword)), "{got:?}");
        assert!(got.contains(&("&&", Role::Operator)), "{got:?}");
        assert!(got.contains(&("// go", Role::Comment)), "{got:?}");
        assert!(got.contains(&("4'hF", Role::Number)), "{got:?}");
        assert!(got.contains(&("end", Role::Keyword)), "{got:?}");
        assert!(
            !got.iter().any(|(t, _)| *t == "x"),
            "identifiers stay plain: {got:?}"
        );
    }

    #[test]
    fn block_comments_span_lines_and_lines_count_matches() {
        let text = "/* a\n b */ wire w;";
        let got = roles(text);
        assert!(got.contains(&("/* a", Role::Comment)), "{got:?}");
        assert!(got.contains(&(" b */", Role::Comment)), "{got:?}");
        assert!(got.contains(&("wire", Role::Type)), "{got:?}");
        assert_eq!(highlight(text).lines.len(), 2);
    }
}
