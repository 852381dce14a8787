//! The top module's parameters and localparams folded to integers (in declaration
//! order, each over the ones before it: `localparam DEPTH = 1 << AW;`), so that a
//! property may count cycles by them (`$past(din, N)`, `##N`, `##[1:MAX]`, `[*N]`).
//! A parameter whose value is not an integer constant expression (a string, a real, a
//! type, an unpacked array, a function call) is left out.

use super::design::{Design, Module};
use super::property::expr::Cursor;
use super::property::fold::{Constants, fold};
use crate::text::token::{Kind, tokenize};

/// The integer parameters of `top` (its header's and its body's).
pub fn module_parameters(design: &Design, top: &Module) -> Constants {
    let mut out = Constants::new();
    let Some(file) = design.files.get(top.file) else {
        return out;
    };
    let text = file.text.as_str();
    let toks = tokenize(text);
    let is = |i: usize, s: &str| toks.get(i).is_some_and(|t| t.text(text) == s);
    let ident = |i: usize| toks.get(i).is_some_and(|t| t.kind == Kind::Ident);
    // From the `module` keyword of `top` (the last one before its `endmodule`).
    let Some((start, end)) = module_tokens(&toks, text, top) else {
        return out;
    };
    let mut i = start;
    while i < end {
        if !(is(i, "parameter") || is(i, "localparam")) {
            i += 1;
            continue;
        }
        i += 1;
        // The name: the identifier just before `=` (after any type and range).
        while let Some(name) = (i..end.min(i + 16)).find(|&j| ident(j) && is(j + 1, "=")) {
            if is(name.saturating_sub(1), "type") {
                break;
            }
            let mut c = Cursor::new(text, &toks[name + 2..end], text.len());
            let parsed = c.expr();
            let next = name + 2 + c.pos;
            if let Ok(e) = parsed
                && let Some(v) = fold(&e, &out)
            {
                out.insert(toks[name].text(text).to_string(), v);
            }
            i = next;
            if is(i, ",") && ident(i + 1) && is(i + 2, "=") {
                i += 1;
                continue;
            }
            break;
        }
    }
    out
}

/// The declared initial values of the top module's variables
/// (`logic [3:0] q = 4'd0;`, `output reg r = 1'b1`), as Verilog constant expressions
/// (parenthesised text), by name: the default sampled value of a static variable
/// (IEEE 1800 16.5.1). Only initializers over literals and parameters count; `initial`
/// blocks are not declarations, and nets (`wire w = a;`) are continuous assignments.
pub fn module_initializers(design: &Design, top: &Module, consts: &Constants) -> Initializers {
    let mut out = Initializers::new();
    let Some(file) = design.files.get(top.file) else {
        return out;
    };
    let text = file.text.as_str();
    let toks = tokenize(text);
    let is = |i: usize, s: &str| toks.get(i).is_some_and(|t| t.text(text) == s);
    let ident = |i: usize| toks.get(i).is_some_and(|t| t.kind == Kind::Ident);
    let Some((start, end)) = module_tokens(&toks, text, top) else {
        return out;
    };
    let mut depth = 0usize;
    let mut i = start;
    while i < end {
        match toks[i].text(text) {
            "begin" | "function" | "task" => depth += 1,
            "end" | "endfunction" | "endtask" => depth = depth.saturating_sub(1),
            _ => {}
        }
        let var = matches!(
            toks[i].text(text),
            "reg" | "logic" | "bit" | "int" | "integer" | "byte" | "shortint" | "longint"
        );
        if !var || depth > 0 {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while is(j, "signed") || is(j, "unsigned") {
            j += 1;
        }
        // Packed ranges.
        while is(j, "[") {
            match (j..end).find(|&k| is(k, "]")) {
                Some(k) => j = k + 1,
                None => break,
            }
        }
        loop {
            if !ident(j) || !is(j + 1, "=") {
                break;
            }
            let name = toks[j].text(text).to_string();
            let mut c = Cursor::new(text, &toks[j + 2..end], text.len());
            let parsed = c.expr();
            let next = j + 2 + c.pos;
            if let Ok(e) = parsed {
                let mut names = Vec::new();
                e.identifiers(&mut names);
                let constant = names.iter().all(|(n, _)| consts.contains_key(*n)) && !has_call(&e);
                if constant && next > j + 2 {
                    let from = toks[j + 2].start;
                    let to = toks[next - 1].end;
                    out.insert(name, format!("({})", &text[from..to]));
                }
            }
            j = next;
            if is(j, ",") && ident(j + 1) && is(j + 2, "=") {
                j += 1;
                continue;
            }
            break;
        }
        i = j.max(i + 1);
    }
    out
}

/// The top module's memories: variables declared with an unpacked dimension
/// (`reg [7:0] mem [0:3];`, `logic [7:0] mem [4]`). A property may read their words
/// (`mem[i]`), never the whole array.
pub fn module_memories(design: &Design, top: &Module) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let Some(file) = design.files.get(top.file) else {
        return out;
    };
    let text = file.text.as_str();
    let toks = tokenize(text);
    let is = |i: usize, s: &str| toks.get(i).is_some_and(|t| t.text(text) == s);
    let ident = |i: usize| toks.get(i).is_some_and(|t| t.kind == Kind::Ident);
    let Some((start, end)) = module_tokens(&toks, text, top) else {
        return out;
    };
    let skip_ranges = |mut j: usize| {
        while is(j, "[") {
            match (j..end).find(|&k| is(k, "]")) {
                Some(k) => j = k + 1,
                None => break,
            }
        }
        j
    };
    for i in start..end {
        let var = matches!(
            toks[i].text(text),
            "reg" | "logic" | "bit" | "int" | "integer" | "byte" | "wire"
        );
        if !var {
            continue;
        }
        let mut j = i + 1;
        while is(j, "signed") || is(j, "unsigned") {
            j += 1;
        }
        j = skip_ranges(j);
        while ident(j) {
            let name = j;
            j = skip_ranges(j + 1);
            if j > name + 1 {
                out.insert(toks[name].text(text).to_string());
            }
            if is(j, ",") {
                j += 1;
            } else {
                break;
            }
        }
    }
    out
}

/// Declared initial values by variable name (see [`module_initializers`]).
pub type Initializers = std::collections::HashMap<String, String>;

fn has_call(e: &super::property::Expr) -> bool {
    matches!(
        e.kind,
        super::property::ExprKind::Call(..) | super::property::ExprKind::System(..)
    ) || e.children().into_iter().any(has_call)
}

/// The token range of `top`: from its `module` keyword to its `endmodule`.
fn module_tokens(
    toks: &[crate::text::token::Token],
    text: &str,
    top: &Module,
) -> Option<(usize, usize)> {
    let is = |i: usize, s: &str| toks.get(i).is_some_and(|t| t.text(text) == s);
    let start = (0..toks.len())
        .filter(|&i| toks[i].start < top.end)
        .filter(|&i| is(i, "module") || is(i, "macromodule"))
        .rfind(|&i| {
            let name = if is(i + 1, "automatic") || is(i + 1, "static") {
                i + 2
            } else {
                i + 1
            };
            toks.get(name).is_some_and(|t| t.text(text) == top.name)
        })?;
    let end = toks
        .iter()
        .position(|t| t.start >= top.end)
        .unwrap_or(toks.len());
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::super::design::SourceFile;
    use super::*;

    #[test]
    fn folds_header_and_body_parameters_in_order() {
        let text = "module other #(parameter N = 9) (); endmodule\nmodule fifo #(parameter int AW = 3, DW = 8, parameter N = 2) (input clk);\n  localparam DEPTH = 1 << AW, LAST = DEPTH - 1;\n  localparam [3:0] W = $clog2(DEPTH) + N;\n  parameter string S = \"x\";\nendmodule\n";
        let design = Design::new(vec![SourceFile::new("f.sv", text)], Some("fifo".into()));
        let top = design.find_top().unwrap();
        let p = module_parameters(&design, &top);
        assert_eq!(p.get("AW"), Some(&3));
        assert_eq!(p.get("DW"), Some(&8));
        assert_eq!(p.get("N"), Some(&2));
        assert_eq!(p.get("DEPTH"), Some(&8));
        assert_eq!(p.get("LAST"), Some(&7));
        assert_eq!(p.get("W"), Some(&5));
        assert_eq!(p.get("S"), None);
    }

    #[test]
    fn reads_declared_initial_values_only() {
        let text = "module t #(parameter W = 4) (input clk, output reg [W-1:0] r = {W{1'b1}});\n  logic [3:0] q = 4'd0, z = W - 1;\n  reg s;\n  initial s = 1'b0;\n  wire w = q;\n  logic u = q;\n  always @(posedge clk) begin : b\n    integer k = 2;\n  end\nendmodule\n";
        let design = Design::new(vec![SourceFile::new("t.sv", text)], None);
        let top = design.find_top().unwrap();
        let consts = module_parameters(&design, &top);
        let init = module_initializers(&design, &top, &consts);
        assert_eq!(init.get("r").map(String::as_str), Some("({W{1'b1}})"));
        assert_eq!(init.get("q").map(String::as_str), Some("(4'd0)"));
        assert_eq!(init.get("z").map(String::as_str), Some("(W - 1)"));
        assert_eq!(init.get("s"), None);
        assert_eq!(init.get("w"), None);
        assert_eq!(init.get("u"), None);
        assert_eq!(init.get("k"), None);
    }

    #[test]
    fn finds_memories() {
        let text = "module m(input clk);\n  reg [7:0] mem [0:3], flat, two [4];\n  logic [3:0] v;\nendmodule\n";
        let design = Design::new(vec![SourceFile::new("m.sv", text)], None);
        let top = design.find_top().unwrap();
        let mems: Vec<String> = module_memories(&design, &top).into_iter().collect();
        assert_eq!(mems, ["mem", "two"]);
    }
}
