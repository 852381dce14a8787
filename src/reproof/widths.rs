//! Port widths of a bound property module against the design signals bound to them.
//! A port narrower or wider than its signal reads it truncated or extended (IEEE 1800
//! 23.3.3: a port connection is an assignment), so an assertion proven in the top
//! module's scope reads the signal through a size cast to the port's width
//! (`4'(sig)`, `$signed(4'(sig))` for a signed port), and every mismatch is reported.

use std::collections::HashMap;

use crate::formal::property::fold::{Constants, fold};
use crate::text::token::{Kind, Token, tokenize};

/// A declared width: bits and signedness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Width {
    pub bits: u32,
    pub signed: bool,
}

/// The widths of the ports and signals declared in module `module` of `text`
/// (`input [7:0] a`, `wire signed [3:0] b, c`, `reg r`); a range that does not fold to
/// constants leaves the name out. Unpacked arrays are left out.
pub fn declared_widths(text: &str, module: &str) -> HashMap<String, Width> {
    let toks = tokenize(text);
    let mut out = HashMap::new();
    let s = |i: usize| toks.get(i).map(|t| t.text(text)).unwrap_or("");
    let Some(start) = (0..toks.len())
        .find(|&i| (s(i) == "module" || s(i) == "macromodule") && s(i + 1) == module)
    else {
        return out;
    };
    let end = (start..toks.len())
        .find(|&i| s(i) == "endmodule")
        .unwrap_or(toks.len());
    let consts = Constants::new();
    let mut i = start + 2;
    while i < end {
        let word = s(i);
        if !matches!(
            word,
            "input" | "output" | "inout" | "wire" | "reg" | "logic" | "bit"
        ) {
            i += 1;
            continue;
        }
        i += 1;
        let mut signed = false;
        let mut bits = Some(1u32);
        while matches!(s(i), "wire" | "reg" | "logic" | "var" | "bit") {
            i += 1;
        }
        if s(i) == "signed" {
            signed = true;
            i += 1;
        } else if s(i) == "unsigned" {
            i += 1;
        }
        if s(i) == "[" {
            let (w, next) = range_width(text, &toks, i, end, &consts);
            bits = w;
            i = next;
        }
        // Names, until the declaration ends.
        while i < end && toks[i].kind == Kind::Ident {
            let name = s(i).to_string();
            i += 1;
            let array = s(i) == "[";
            while s(i) == "[" {
                i = (i..end).find(|&k| s(k) == "]").map_or(end, |k| k + 1);
            }
            if let (Some(b), false) = (bits, array) {
                out.entry(name).or_insert(Width { bits: b, signed });
            }
            if s(i) == "=" {
                // Skip an initializer up to the next `,` or `;` at depth 0.
                let mut depth = 0i32;
                while i < end {
                    match s(i) {
                        "(" | "{" | "[" => depth += 1,
                        ")" | "}" | "]" => depth -= 1,
                        "," | ";" if depth <= 0 => break,
                        _ => {}
                    }
                    i += 1;
                }
            }
            if s(i) == "," && toks.get(i + 1).is_some_and(|t| t.kind == Kind::Ident) {
                let next = s(i + 1);
                if matches!(
                    next,
                    "input" | "output" | "inout" | "wire" | "reg" | "logic" | "bit"
                ) {
                    break;
                }
                i += 1;
                continue;
            }
            break;
        }
    }
    out
}

/// The width of `[hi:lo]` at token `open`, and the token after its `]`.
fn range_width(
    text: &str,
    toks: &[Token],
    open: usize,
    end: usize,
    consts: &Constants,
) -> (Option<u32>, usize) {
    let close = (open..end)
        .find(|&k| toks[k].text(text) == "]")
        .unwrap_or(end);
    let inner = &toks[open + 1..close];
    let mut c = crate::formal::property::expr::Cursor::new(text, inner, text.len());
    let width = (|| {
        let hi = fold(&c.expr().ok()?, consts)?;
        c.expect(":", "").ok()?;
        let lo = fold(&c.expr().ok()?, consts)?;
        c.done().then_some(())?;
        u32::try_from((hi - lo).abs() + 1).ok()
    })();
    (width, close + 1)
}

/// The text a port reads its bound signal as, when the widths differ: `N'(sig)`
/// (`$signed(N'(sig))` for a signed port).
pub fn cast(port: Width, actual: &str) -> String {
    let cast = format!("{}'({actual})", port.bits);
    if port.signed {
        format!("$signed({cast})")
    } else {
        cast
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ansi_and_body_declarations() {
        let text = "module i_top(input clk, input [3:0] a, input signed [7:0] b, c,\n  input wire [`W-1:0] m);\n  input [1:0] late;\n  logic [2:0] mem [4];\nendmodule\nmodule other(input [9:0] a); endmodule\n";
        let w = declared_widths(text, "i_top");
        assert_eq!(
            w["clk"],
            Width {
                bits: 1,
                signed: false
            }
        );
        assert_eq!(
            w["a"],
            Width {
                bits: 4,
                signed: false
            }
        );
        assert_eq!(
            w["b"],
            Width {
                bits: 8,
                signed: true
            }
        );
        assert_eq!(
            w["c"],
            Width {
                bits: 8,
                signed: true
            }
        );
        assert_eq!(w["late"].bits, 2);
        assert!(!w.contains_key("m"));
        assert!(!w.contains_key("mem"));
        assert_eq!(cast(w["a"], "x"), "4'(x)");
        assert_eq!(cast(w["b"], "y"), "$signed(8'(y))");
    }
}
