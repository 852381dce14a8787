//! The ports of a module, with direction and packed range, as a miter needs them; and
//! a module's name changed where it is declared (so that two designs with the same
//! module names can sit side by side in one miter).

use crate::text::token::{Kind, Token, tokenize};

/// One port of a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Port {
    pub name: String,
    /// `input`, `output` or `inout`.
    pub direction: String,
    /// The packed range as written (`[2:0]`), or empty.
    pub range: String,
}

/// The tokens of module `top` (from `module` to `endmodule`).
fn module_span(text: &str, toks: &[Token], top: &str) -> Option<(usize, usize)> {
    let w = |k: usize| toks.get(k).map(|t| t.text(text));
    let start = (0..toks.len()).find(|&k| w(k) == Some("module") && w(k + 1) == Some(top))?;
    let end = (start..toks.len()).find(|&k| w(k) == Some("endmodule"))?;
    Some((start, end))
}

/// The ports of module `top` in `text`, in declaration order; `None` when the module
/// is not there.
pub fn ports_of(text: &str, top: &str) -> Option<Vec<Port>> {
    let toks = tokenize(text);
    let (start, end) = module_span(text, &toks, top)?;
    let w = |k: usize| toks[k].text(text);
    let mut out: Vec<Port> = Vec::new();
    let mut i = start;
    while i < end {
        match w(i) {
            "function" | "task" => {
                let stop = if w(i) == "function" {
                    "endfunction"
                } else {
                    "endtask"
                };
                i = (i..end).find(|&k| w(k) == stop).unwrap_or(end);
            }
            d @ ("input" | "output" | "inout") => {
                let direction = d.to_string();
                let mut k = i + 1;
                let mut range = String::new();
                while k < end {
                    let s = w(k);
                    match s {
                        "wire" | "reg" | "logic" | "signed" | "unsigned" | "var" | "bit" => k += 1,
                        "[" => {
                            let close = (k..end).find(|&j| w(j) == "]").unwrap_or(end);
                            range.push_str(&text[toks[k].start..toks[close.min(end - 1)].end]);
                            k = close + 1;
                        }
                        _ => break,
                    }
                }
                // Names, until `;`, `)` or the next direction.
                while k < end {
                    let s = w(k);
                    if matches!(s, ";" | ")" | "input" | "output" | "inout") {
                        break;
                    }
                    if toks[k].kind == Kind::Ident && s != "," {
                        if let Some(p) = out.iter_mut().find(|p| p.name == s) {
                            p.direction = direction.clone();
                            if !range.is_empty() {
                                p.range = range.clone();
                            }
                        } else {
                            out.push(Port {
                                name: s.to_string(),
                                direction: direction.clone(),
                                range: range.clone(),
                            });
                        }
                    }
                    k += 1;
                }
                i = k;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Some(out)
}

/// `text` with the declaration of module `from` renamed `to`.
pub fn rename_module(text: &str, from: &str, to: &str) -> String {
    let toks = tokenize(text);
    match (0..toks.len()).find(|&k| {
        toks[k].text(text) == "module" && toks.get(k + 1).is_some_and(|t| t.text(text) == from)
    }) {
        Some(k) => {
            let t = toks[k + 1];
            format!("{}{}{}", &text[..t.start], to, &text[t.end..])
        }
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ansi_and_body_ports_with_ranges() {
        let rtl = "module m (\n input wire clk, input rst,\n input [2:0] a, b,\n output reg [1:0] q\n);\nfunction f(input x); f = x; endfunction\nendmodule";
        let p = ports_of(rtl, "m").unwrap();
        let got: Vec<(&str, &str, &str)> = p
            .iter()
            .map(|p| (p.name.as_str(), p.direction.as_str(), p.range.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("clk", "input", ""),
                ("rst", "input", ""),
                ("a", "input", "[2:0]"),
                ("b", "input", "[2:0]"),
                ("q", "output", "[1:0]")
            ]
        );
        let old = "module m(a); input [3:0] a; endmodule";
        assert_eq!(ports_of(old, "m").unwrap()[0].range, "[3:0]");
        assert_eq!(
            rename_module("module m(input a); endmodule", "m", "left"),
            "module left(input a); endmodule"
        );
    }
}
