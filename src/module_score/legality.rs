//! flipscope's syntax gate, IEEE 1800-2017 legality before yosys elaboration: the
//! properties of an output, each written back as its declaration and its assertion,
//! are placed in their implementation's top module and the whole is parsed by
//! sv-parser; a property whose name is an IEEE 1800 keyword, or that declares a name
//! the module's scope already has (a second `property p`, an assertion label used
//! twice, a name the design declares: slang's "redefinition of 'p'"), is illegal too.
//! A design that is not legal on its own is a dataset defect (`crate::rules`), never
//! the model's fault: the gate then judges none of its outputs' properties.

use crate::formal::{PropertyForm, PropertySet, ReadProperty};
use crate::rtl::stack::on_deep_stack;
use crate::rtl::{RtlError, parse_tree, source::Wrapped};
use crate::rules::keywords::{declarations, keyword_uses};
use crate::text::line_column;
use crate::text::token::tokenize;

/// The gate's word in the engine text hashed into each verdict's `input_hash`.
pub const GATE: &str = "ieee 1800-2017 gate (sv-parser, redefinitions)";

/// A property as the module would hold it: its declaration and assertion.
fn written(p: &ReadProperty) -> String {
    let label = p
        .label
        .as_deref()
        .map_or(String::new(), |l| format!("{l}: "));
    match p.form {
        PropertyForm::Declared => {
            // Repeats of a name are numbered by the reader (`p#2`); the text had `p`.
            let name = p.name.split('#').next().unwrap_or(&p.name);
            let mut s = format!("property {name};\n{}\nendproperty\n", p.text.trim());
            if p.asserted {
                s.push_str(&format!("{label}assert property ({name});\n"));
            }
            s
        }
        PropertyForm::Inline => format!("{label}assert property ({});\n", p.text.trim()),
    }
}

/// Byte offset in `rtl` where the top module's body ends (its `endmodule`): the first
/// `endmodule` after `module TOP`, else the last one.
fn insertion_point(rtl: &str, top: Option<&str>) -> Option<usize> {
    let toks = tokenize(rtl);
    let w = |k: usize| toks.get(k).map(|t| t.text(rtl));
    let ends: Vec<usize> = (0..toks.len())
        .filter(|&k| w(k) == Some("endmodule"))
        .collect();
    let start = top.and_then(|top| {
        (0..toks.len()).find(|&k| {
            matches!(w(k), Some("module" | "macromodule"))
                && (w(k + 1) == Some(top)
                    || (matches!(w(k + 1), Some("static" | "automatic")) && w(k + 2) == Some(top)))
        })
    });
    let end = match start {
        Some(s) => ends.iter().copied().find(|&e| e > s),
        None => ends.last().copied(),
    }?;
    Some(toks[end].start)
}

/// `rtl` with `chunk` placed before the top module's `endmodule`, and the byte offset
/// where it starts.
fn placed(rtl: &str, at: usize, chunk: &str) -> (String, usize) {
    let mut s = String::with_capacity(rtl.len() + chunk.len() + 2);
    s.push_str(&rtl[..at]);
    if !s.ends_with('\n') {
        s.push('\n');
    }
    let start = s.len();
    s.push_str(chunk);
    s.push_str(&rtl[at..]);
    (s, start)
}

/// sv-parser's verdict on `text`: `Ok(())`, the located error, or `None` when the text
/// could not be judged (a limit, an internal error).
fn parse(text: &str) -> Option<Result<(), (usize, usize, String)>> {
    let wrapped = Wrapped::new(text);
    on_deep_stack(|| match parse_tree(&wrapped) {
        Ok(tree) => {
            drop(tree);
            Some(Ok(()))
        }
        Err(RtlError::Syntax {
            line,
            column,
            message,
        }) => Some(Err((line, column, message))),
        Err(_) => None,
    })
}

/// For each property of `set` (in order), why it is not legal IEEE 1800 in its
/// implementation `rtl` (top module `top`), if it is not. Properties the reader
/// could not parse (their verdict already says why) are left out and get `None`;
/// every property gets `None` when the design itself is not legal.
pub fn illegal_properties(rtl: &str, top: Option<&str>, set: &PropertySet) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = vec![None; set.properties.len()];
    let judged: Vec<usize> = (0..set.properties.len())
        .filter(|&i| !matches!(set.properties[i].problem(), Some((false, _))))
        .collect();
    if judged.is_empty() || !keyword_uses(rtl).is_empty() {
        return out;
    }
    let Some(at) = insertion_point(rtl, top) else {
        return out;
    };
    if !matches!(parse(rtl), Some(Ok(()))) {
        return out;
    }
    // The names each property declares, against the design's and the ones before it.
    let design: Vec<String> = declarations(rtl).into_iter().map(|d| d.name).collect();
    let mut seen: Vec<(String, String)> = Vec::new();
    for &i in &judged {
        let p = &set.properties[i];
        let chunk = written(p);
        if let Some(k) = keyword_uses(&chunk).into_iter().next() {
            out[i] = Some(format!(
                "not legal IEEE 1800: {}: the IEEE 1800-2017 keyword `{}` is used as a {} name",
                p.location, k.keyword, k.what
            ));
            continue;
        }
        for d in declarations(&chunk)
            .into_iter()
            .filter(|d| matches!(d.what, "property" | "sequence" | "label"))
        {
            if out[i].is_some() {
                break;
            }
            if design.contains(&d.name) {
                out[i] = Some(format!(
                    "not legal IEEE 1800: {}: redefinition of '{}': the design declares it",
                    p.location, d.name
                ));
            } else if let Some((_, first)) = seen.iter().find(|(n, _)| *n == d.name) {
                out[i] = Some(format!(
                    "not legal IEEE 1800: {}: redefinition of '{}' (first declared at {first})",
                    p.location, d.name
                ));
            }
        }
        for d in declarations(&chunk)
            .into_iter()
            .filter(|d| matches!(d.what, "property" | "sequence" | "label"))
        {
            if !seen.iter().any(|(n, _)| *n == d.name) {
                seen.push((d.name, p.location.to_string()));
            }
        }
    }
    // sv-parser on the whole; only when it rejects it, on each property alone.
    let all: String = judged
        .iter()
        .filter(|&&i| out[i].is_none())
        .map(|&i| written(&set.properties[i]))
        .collect();
    if all.is_empty() || matches!(parse(&placed(rtl, at, &all).0), Some(Ok(())) | None) {
        return out;
    }
    for &i in &judged {
        if out[i].is_some() {
            continue;
        }
        let chunk = written(&set.properties[i]);
        let (text, start) = placed(rtl, at, &chunk);
        if let Some(Err((line, column, message))) = parse(&text) {
            let (first, _) = line_column(&text, start);
            let inside = line >= first && line < first + chunk.lines().count().max(1);
            let place = if inside {
                format!(
                    "line {} column {column} of the property as written in its module",
                    line + 1 - first
                )
            } else {
                format!("line {line} column {column} of its module")
            };
            out[i] = Some(format!(
                "not legal IEEE 1800 with its design (sv-parser): {}: {message} ({place})",
                set.properties[i].location
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formal::read_properties;

    const RTL: &str = "module m(input clk, input rst, input a, output reg q);\n  always @(posedge clk) q <= rst ? 1'b0 : a;\nendmodule\n";

    fn gate(rtl: &str, text: &str) -> Vec<Option<String>> {
        illegal_properties(rtl, Some("m"), &read_properties(text, "out"))
    }

    #[test]
    fn legal_properties_pass() {
        let text = "property p_q; @(posedge clk) disable iff (rst) a |=> q; endproperty\na_q: assert property (p_q);\nassert property (@(posedge clk) rst |=> !q);";
        assert_eq!(gate(RTL, text), [None, None]);
    }

    #[test]
    fn a_property_declared_twice_is_a_redefinition() {
        let text = "property p; @(posedge clk) a |=> q; endproperty\nproperty p; @(posedge clk) rst |=> !q; endproperty\nassert property (p);";
        let g = gate(RTL, text);
        assert_eq!(g[0], None);
        let m = g[1].as_deref().unwrap();
        assert!(
            m.contains("redefinition of 'p' (first declared at out:1:1)"),
            "{m}"
        );
    }

    #[test]
    fn a_label_used_twice_or_a_design_name_is_a_redefinition() {
        let text = "x: assert property (@(posedge clk) a |=> q);\nx: assert property (@(posedge clk) rst |=> !q);\nq: assert property (@(posedge clk) 1);";
        let g = gate(RTL, text);
        assert_eq!(g[0], None);
        assert!(g[1].as_deref().unwrap().contains("redefinition of 'x'"));
        assert!(g[2].as_deref().unwrap().contains("the design declares it"));
    }

    #[test]
    fn a_keyword_as_a_property_name_is_illegal() {
        let text = "property wait; @(posedge clk) a |=> q; endproperty\nassert property (wait);";
        let m = gate(RTL, text)[0].clone().unwrap();
        assert!(m.contains("keyword `wait`"), "{m}");
    }

    #[test]
    fn what_sv_parser_rejects_is_located_in_the_property() {
        // `wait` is a keyword: flipscope's reader (and yosys) take it for a signal, as a
        // model did on the EquivSVA dev split (pulse_event_0009); IEEE 1800 does not.
        let text = "assert property (@(posedge clk) a |=> q);\nassert property (@(posedge clk) a |-> ##1 wait);";
        let g = gate(RTL, text);
        assert_eq!(g[0], None, "{g:?}");
        // sv-parser stops where `a |-> ##1 wait` can no longer be a property.
        let m = g[1]
            .as_deref()
            .expect("sv-parser rejects `wait` as a signal");
        assert!(
            m.starts_with(
                "not legal IEEE 1800 with its design (sv-parser): out:2:1: syntax error at `|->`"
            ),
            "{m}"
        );
        assert!(
            m.contains("(line 1 column 35 of the property as written in its module)"),
            "{m}"
        );
    }

    #[test]
    fn an_illegal_design_charges_no_property() {
        let bad = "module m(input clk, input use, output q);\n  assign q = use;\nendmodule\n";
        let text =
            "property p; @(posedge clk) q; endproperty\nproperty p; @(posedge clk) q; endproperty";
        assert_eq!(gate(bad, text), [None, None]);
    }

    #[test]
    fn the_properties_go_into_the_top_module() {
        let rtl = "module helper(input a, output b); assign b = a; endmodule\nmodule m(input clk, output q); endmodule\n";
        let at = insertion_point(rtl, Some("m")).unwrap();
        assert!(rtl[..at].contains("module m("));
        let at = insertion_point(rtl, Some("helper")).unwrap();
        assert!(!rtl[..at].contains("module m("));
    }
}
