//! Syntax as slang (EquivSVA's syntax checker) judges it, where yosys, and so
//! flipscope's own syntax gate, is more lenient: an IEEE 1800 keyword used as a name,
//! a name declared twice in the module's scope (`redefinition of 'p'`), and an
//! immediate assertion outside procedural code ("immediate assertion statements may
//! only appear in procedural contexts"). The messages are slang's, as the dev split's
//! committed `slang_output` shows them.
//!
//! Their checker compiles the design with the output's *normalized response* (the
//! Markdown code blocks joined, else the whole response: [`code`]) placed inside the
//! module.

use crate::rules::keywords::{Declared, declarations, keyword_uses};
use crate::text::line_column;
use crate::text::token::tokenize;

/// One reason slang rejects an output that yosys accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlangRule {
    /// An IEEE 1800 keyword used as a name (in the output or in the design).
    Keyword,
    /// A name declared twice.
    Redefinition,
    /// An immediate assertion at module level.
    ImmediateAssertion,
}

impl SlangRule {
    /// The rule's name in reports.
    pub fn as_str(&self) -> &'static str {
        match self {
            SlangRule::Keyword => "keyword-as-identifier",
            SlangRule::Redefinition => "redefinition",
            SlangRule::ImmediateAssertion => "immediate-assertion-outside-procedure",
        }
    }
}

/// A located rejection: the rule and slang's message, at a line and column of the
/// normalized response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlangError {
    pub rule: SlangRule,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for SlangError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// End-of-turn markers a chat model's response ends with.
const END_MARKERS: [&str; 4] = ["<|im_end|>", "<|endoftext|>", "<|eot_id|>", "</s>"];

/// The normalized response: the contents of every Markdown code block (each trimmed,
/// joined by a newline; an unterminated last block runs to the end), else the whole
/// response; without end-of-turn markers. On the dev split this equals the committed
/// `normalized_response` of all 96 tasks.
pub fn code(response: &str) -> String {
    let mut text = response.to_string();
    for m in END_MARKERS {
        text = text.replace(m, "");
    }
    let mut blocks = Vec::new();
    let mut rest = text.as_str();
    while let Some(open) = rest.find("```") {
        let after = &rest[open + 3..];
        // The info string (`systemverilog`) runs to the end of the line.
        let Some(nl) = after.find('\n') else { break };
        let inner = &after[nl + 1..];
        match inner.find("```") {
            Some(close) => {
                blocks.push(inner[..close].trim());
                rest = &inner[close + 3..];
            }
            None => {
                blocks.push(inner.trim());
                rest = "";
            }
        }
    }
    if blocks.is_empty() {
        text.trim().to_string()
    } else {
        blocks.join("\n")
    }
}

/// Why slang rejects `code` (a normalized response) placed in a module that declares
/// `design` (its module-scope names), in text order; empty when it does not on these
/// rules' account.
pub fn output_errors(code: &str, design: &[Declared]) -> Vec<SlangError> {
    let mut out: Vec<SlangError> = keyword_uses(code)
        .into_iter()
        .map(|k| SlangError {
            rule: SlangRule::Keyword,
            line: k.line,
            column: k.column,
            message: format!("expected an identifier: `{}` is a keyword", k.keyword),
        })
        .collect();
    let mut seen: Vec<&Declared> = Vec::new();
    let declared = declarations(code);
    for d in declared
        .iter()
        .filter(|d| matches!(d.what, "property" | "sequence" | "label"))
    {
        let (line, column) = line_column(code, d.at);
        if seen.iter().any(|s| s.name == d.name) || design.iter().any(|s| s.name == d.name) {
            out.push(SlangError {
                rule: SlangRule::Redefinition,
                line,
                column,
                message: format!("redefinition of '{}' [-Wredefinition]", d.name),
            });
        }
        seen.push(d);
    }
    out.extend(immediate_assertions(code));
    out.sort_by_key(|e| (e.line, e.column));
    out
}

/// Immediate assertions (`assert (...)`, `assert NAME`, not `assert property`,
/// `assert #0` or `assert final`) outside `always`, `initial`, `final` blocks and
/// functions or tasks.
fn immediate_assertions(code: &str) -> Vec<SlangError> {
    let toks = tokenize(code);
    let w = |k: usize| toks.get(k).map(|t| t.text(code));
    let mut out = Vec::new();
    let mut procedural = false;
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let s = w(i).unwrap_or("");
        match s {
            "function" | "task" => {
                let end = if s == "function" {
                    "endfunction"
                } else {
                    "endtask"
                };
                i = (i..toks.len())
                    .find(|&k| w(k) == Some(end))
                    .unwrap_or(toks.len());
                continue;
            }
            "always" | "always_ff" | "always_comb" | "always_latch" | "initial" | "final"
                if !procedural =>
            {
                procedural = true;
                depth = 0;
            }
            "begin" if procedural => depth += 1,
            "end" if procedural => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    procedural = false;
                }
            }
            ";" if procedural && depth == 0 => procedural = false,
            "assert" | "assume" | "cover"
                if !procedural && !matches!(w(i + 1), Some("property" | "#" | "final")) =>
            {
                let (line, column) = line_column(code, toks[i].start);
                out.push(SlangError {
                    rule: SlangRule::ImmediateAssertion,
                    line,
                    column,
                    message:
                        "immediate assertion statements may only appear in procedural contexts"
                            .into(),
                });
            }
            _ => {}
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normalized_response_is_the_code_blocks() {
        let r = "Here:\n```systemverilog\nproperty p; a; endproperty\n```\nand\n```\nassert property (p);\n```<|im_end|>";
        assert_eq!(code(r), "property p; a; endproperty\nassert property (p);");
        assert_eq!(
            code("assert property (p);<|im_end|>"),
            "assert property (p);"
        );
    }

    #[test]
    fn a_property_declared_twice_is_a_redefinition() {
        let c = "property p_a; a; endproperty\nproperty p_a; b; endproperty\na_x: assert property (p_a);\na_x: assert property (p_a);";
        let e = output_errors(c, &[]);
        let found: Vec<(usize, &str)> = e.iter().map(|e| (e.line, e.message.as_str())).collect();
        assert_eq!(
            found,
            [
                (2, "redefinition of 'p_a' [-Wredefinition]"),
                (4, "redefinition of 'a_x' [-Wredefinition]")
            ]
        );
    }

    #[test]
    fn a_name_the_design_declares_is_a_redefinition() {
        let design = declarations("module m(input clk, output valid); endmodule");
        let e = output_errors("property valid; a; endproperty", &design);
        assert_eq!(e[0].rule, SlangRule::Redefinition);
    }

    #[test]
    fn immediate_assertions_outside_procedures() {
        let c = "assert a_tokens_within_range\n  (tokens <= 7);\nalways @(posedge clk) begin assert (x); end\ninitial assert (y);\nassert property (@(posedge clk) a);\nassert final (z);";
        let e = output_errors(c, &[]);
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!((e[0].line, e[0].column), (1, 1));
        assert_eq!(e[0].rule, SlangRule::ImmediateAssertion);
    }

    #[test]
    fn keywords_as_names() {
        let e = output_errors("property wait; a; endproperty", &[]);
        assert_eq!(e[0].rule, SlangRule::Keyword);
        assert_eq!(
            e[0].to_string(),
            "1:10: expected an identifier: `wait` is a keyword"
        );
    }
}
