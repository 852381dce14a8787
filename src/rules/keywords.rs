//! The reserved keywords of IEEE 1800-2017 (Annex B), and where a text uses one as an
//! identifier: the name declared by a port, net, variable, parameter, property,
//! sequence or assertion label. slang rejects such text; yosys accepts several of
//! them (`release`, `use`, `inside`), so flipscope checks for them itself.

use crate::text::line_column;
use crate::text::token::{Kind, Token, tokenize};

/// IEEE 1800-2017 Table B.1, sorted: the one list, kept by the rename-map checks.
pub use crate::study::rename_map::KEYWORDS;

/// Whether `word` is an IEEE 1800-2017 reserved keyword.
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.binary_search(&word).is_ok()
}

/// A name a text declares: a port, net, variable, parameter, property, sequence or
/// assertion label, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    pub name: String,
    /// `port`, `signal`, `parameter`, `property`, `sequence` or `label`.
    pub what: &'static str,
    /// Byte offset of the name in the text.
    pub at: usize,
}

/// A keyword used where a name is declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeywordUse {
    pub keyword: String,
    /// 1-based line and column in the text.
    pub line: usize,
    pub column: usize,
    /// What it names: `port`, `signal`, `parameter`, `property`, `sequence`, `label`.
    pub what: &'static str,
}

impl std::fmt::Display for KeywordUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: the IEEE 1800-2017 keyword `{}` is used as a {} name",
            self.line, self.column, self.keyword, self.what
        )
    }
}

/// Words that start a declaration whose names follow, and what they declare.
fn declares(word: &str) -> Option<&'static str> {
    Some(match word {
        "input" | "output" | "inout" => "port",
        "wire" | "reg" | "logic" | "bit" | "byte" | "int" | "integer" | "shortint" | "longint"
        | "tri" | "wand" | "wor" | "uwire" | "genvar" | "var" => "signal",
        "parameter" | "localparam" => "parameter",
        _ => return None,
    })
}

/// Words that may stand between a declaration's first word and its name.
fn declaration_modifier(word: &str) -> bool {
    matches!(
        word,
        "wire"
            | "reg"
            | "logic"
            | "bit"
            | "byte"
            | "int"
            | "integer"
            | "shortint"
            | "longint"
            | "tri"
            | "wand"
            | "wor"
            | "uwire"
            | "var"
            | "signed"
            | "unsigned"
            | "const"
    )
}

/// The names `text` declares in module scope (the declarations and arguments of
/// functions and tasks are left out), in text order.
pub fn declarations(text: &str) -> Vec<Declared> {
    let toks = tokenize(text);
    let w = |k: usize| toks.get(k).map(|t: &Token| t.text(text));
    let mut out = Vec::new();
    let mut push = |t: &Token, what: &'static str| {
        out.push(Declared {
            name: t.text(text).to_string(),
            what,
            at: t.start,
        });
    };
    let mut i = 0;
    while i < toks.len() {
        let word = w(i).unwrap_or("");
        if matches!(word, "function" | "task") {
            let end = if word == "function" {
                "endfunction"
            } else {
                "endtask"
            };
            i = (i..toks.len())
                .find(|&k| w(k) == Some(end))
                .unwrap_or(toks.len());
            continue;
        }
        if matches!(word, "property" | "sequence")
            && let Some(t) = toks.get(i + 1)
            && t.kind == Kind::Ident
            && w(i + 2).is_some_and(|n| n == ";" || n == "(")
        {
            push(
                t,
                if word == "property" {
                    "property"
                } else {
                    "sequence"
                },
            );
        }
        if toks[i].kind == Kind::Ident
            && w(i + 1) == Some(":")
            && matches!(w(i + 2), Some("assert" | "assume" | "cover"))
        {
            push(&toks[i], "label");
        }
        let Some(what) = declares(word) else {
            i += 1;
            continue;
        };
        // A declaration: modifiers and packed ranges, then names separated by commas
        // (each with unpacked ranges and an initializer skipped), up to `;` or `)` or
        // the next direction.
        let mut k = i + 1;
        let mut expect_name = true;
        let mut depth = 0usize;
        while let Some(t) = toks.get(k) {
            let s = t.text(text);
            if depth > 0 {
                match s {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth -= 1,
                    _ => {}
                }
                k += 1;
                continue;
            }
            match s {
                ";" | ")" => break,
                "[" | "(" | "{" => depth += 1,
                "," => expect_name = true,
                "=" => expect_name = false,
                _ if declares(s).is_some_and(|d| d == "port") => break,
                _ if expect_name && declaration_modifier(s) => {}
                _ if expect_name && t.kind == Kind::Ident => {
                    push(t, what);
                    expect_name = false;
                }
                _ => {}
            }
            k += 1;
        }
        i = k.max(i + 1);
    }
    out
}

/// Every keyword `text` (RTL, or generated properties) uses as a declared name, in
/// text order.
pub fn keyword_uses(text: &str) -> Vec<KeywordUse> {
    declarations(text)
        .into_iter()
        .filter(|d| is_keyword(&d.name))
        .map(|d| {
            let (line, column) = line_column(text, d.at);
            KeywordUse {
                keyword: d.name,
                line,
                column,
                what: d.what,
            }
        })
        .collect()
}

/// The ports `text` declares (every module's, in text order, without repeats).
pub fn ports(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for d in declarations(text) {
        if d.what == "port" && !out.contains(&d.name) {
            out.push(d.name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_named_by_keywords_are_found_and_located() {
        let rtl = "module m (\n  input logic clk,\n  input logic release,\n  output logic [1:0] use, ok\n);\nendmodule\n";
        let found = keyword_uses(rtl);
        let words: Vec<(&str, usize, usize)> = found
            .iter()
            .map(|k| (k.keyword.as_str(), k.line, k.column))
            .collect();
        assert_eq!(words, [("release", 3, 15), ("use", 4, 22)]);
        assert_eq!(
            found[0].to_string(),
            "3:15: the IEEE 1800-2017 keyword `release` is used as a port name"
        );
    }

    #[test]
    fn ordinary_declarations_and_expressions_are_not() {
        let rtl = "module m(input clk, input [3:0] a, output reg q);\n\
                   localparam [1:0] IDLE = 2'd0, RUN = 2'd1;\n\
                   wire [3:0] x = a & 4'hf;\n\
                   always @(posedge clk or posedge a[0]) if (a inside {1, 2}) q <= 1'b1; else q <= 0;\n\
                   endmodule";
        assert_eq!(keyword_uses(rtl), []);
    }

    #[test]
    fn property_names_and_labels() {
        let out = "property wait; a |-> b; endproperty\nuse: assert property (wait);";
        let found: Vec<&str> = keyword_uses(out).iter().map(|k| k.what).collect();
        assert_eq!(found, ["property", "label"]);
    }

    #[test]
    fn ports_leave_function_arguments_out() {
        let rtl = "module m(input clk, input [2:0] v, output q);\nfunction automatic [2:0] f(input [2:0] x); f = x; endfunction\nendmodule";
        assert_eq!(ports(rtl), ["clk", "v", "q"]);
    }

    #[test]
    fn the_table_is_sorted() {
        let mut sorted = KEYWORDS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, KEYWORDS);
    }
}
