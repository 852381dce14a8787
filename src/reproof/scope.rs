//! From a study's program to the design the engine proves on, and from an assertion of
//! a bound property module to the text proven in the top module's scope.
//!
//! AssertionBench binds `module i_<top>(input ...)` into the design with
//! `bind <top> i_<top> v_<top>(.port(signal), ...)`: every port connects to the design
//! signal of the same name (internal ones too), so the assertion is proven as written,
//! inside the top module. A port connected to another expression is renamed to it.
//! A source that another source `` `include``s is read through the include only, as
//! JasperGold's analysis of it twice amounted to (yosys would see its modules twice).
//!
//! JasperGold's `reset EXPR` holds EXPR during a reset phase, checks nothing then, and
//! keeps the reset inactive for the whole proof after it (so an antecedent that needs
//! the reset is `unreachable`). flipscope's engine assumes the reset in the first cycle
//! and leaves it free after; [`with_reset_disabled`] adds `disable iff (EXPR)` to an
//! assertion so that no attempt is checked while the reset holds, which is the closest
//! the engine's options come (`--reset-phase jasper`, the default of `reprove`).

use std::collections::BTreeSet;

use super::engine::DesignSpec;
use crate::study::Program;
use crate::study::assertionbench::design::includes;
use crate::study::assertionbench::scan::{
    blank_comments, find_words, identifier_at, is_ident_byte, matching_paren, skip_space,
    string_end,
};

/// The design of a whole-module program, or why there is none.
pub fn design_of(program: &Program) -> Result<DesignSpec, String> {
    let top = program
        .top
        .clone()
        .ok_or_else(|| format!("program {} has no top module", program.id))?;
    let rtl_name = program.variant_rtl_name(crate::study::ORIGINAL);
    let mut sources: Vec<(String, String)> = program
        .files
        .iter()
        .filter(|f| !f.header)
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect();
    sources.push((rtl_name, program.rtl.clone()));
    let mut headers: Vec<(String, String)> = program
        .files
        .iter()
        .filter(|f| f.header)
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect();
    let included: BTreeSet<String> = sources
        .iter()
        .flat_map(|(_, text)| includes(text).into_iter().map(|(name, _)| name))
        .collect();
    let (as_headers, kept): (Vec<_>, Vec<_>) = sources
        .into_iter()
        .partition(|(name, _)| included.contains(name));
    headers.extend(as_headers);
    Ok(DesignSpec {
        name: program.id.clone(),
        sources: kept,
        headers,
        top,
        clock: program.clock.clone(),
        reset: program.reset.clone(),
    })
}

/// The bind's connections that are not by name (`formal`, `actual`), from the
/// program's `meta.bind.ports`.
pub fn renamed_ports(program: &Program) -> Vec<(String, String)> {
    let Some(ports) = program
        .meta
        .as_ref()
        .and_then(|m| m.get("bind"))
        .and_then(|b| b.get("ports"))
        .and_then(|p| p.as_object())
    else {
        return Vec::new();
    };
    ports
        .iter()
        .filter_map(|(formal, actual)| {
            let actual = actual.as_str()?.trim();
            (!actual.is_empty() && actual != formal).then(|| (formal.clone(), actual.to_string()))
        })
        .collect()
}

/// The assertion in the top module's scope: each renamed port replaced by its actual
/// (parenthesised unless it is a plain name), outside comments and strings.
pub fn in_top_scope(text: &str, renames: &[(String, String)]) -> String {
    if renames.is_empty() {
        return text.to_string();
    }
    let blank = blank_comments(text);
    let bytes = blank.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' {
            i = string_end(bytes, i);
            continue;
        }
        let starts =
            (b.is_ascii_alphabetic() || b == b'_') && (i == 0 || !is_ident_byte(bytes[i - 1]));
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < bytes.len() && is_ident_byte(bytes[end]) {
            end += 1;
        }
        let word = &blank[i..end];
        if let Some((_, actual)) = renames.iter().find(|(f, _)| f == word) {
            out.push_str(&text[copied..i]);
            if actual.bytes().all(is_ident_byte) {
                out.push_str(actual);
            } else {
                out.push('(');
                out.push_str(actual);
                out.push(')');
            }
            copied = end;
        }
        i = end;
    }
    out.push_str(&text[copied..]);
    out
}

/// The assertion with `disable iff (reset)` added to its property (or the reset or-ed
/// into its own `disable iff`), after the clocking event; the declaration of a named
/// property the text asserts gets it instead. `None` when no place is found (the text
/// is then proven as it is).
pub fn with_reset_disabled(text: &str, reset: &str) -> Option<String> {
    let blank = blank_comments(text);
    let bytes = blank.as_bytes();
    // Where the property body starts: after `property NAME ... ;` of a declaration,
    // else after the `(` of `assert property (`.
    let body = if let Some(at) = find_words(&blank, "endproperty").next() {
        let decl = find_words(&blank, "property")
            .find(|&p| p < at && !blank[..p].trim_end().ends_with("assert"))?;
        decl + blank[decl..at].find(';')? + 1
    } else {
        let at = find_words(&blank, "assert").next()?;
        let (word, after) = identifier_at(&blank, at + 6)?;
        if word != "property" {
            return None;
        }
        let open = skip_space(bytes, after);
        (bytes.get(open) == Some(&b'(')).then_some(open + 1)?
    };
    let mut at = skip_space(bytes, body);
    if bytes.get(at) == Some(&b'@') {
        let open = skip_space(bytes, at + 1);
        if bytes.get(open) == Some(&b'(') {
            at = matching_paren(&blank, open)? + 1;
        } else {
            let (_, end) = identifier_at(&blank, open)?;
            at = end;
        }
    }
    let after_clock = skip_space(bytes, at);
    if let Some((w, end)) = identifier_at(&blank, after_clock)
        && w == "disable"
        && let Some((w2, end2)) = identifier_at(&blank, end)
        && w2 == "iff"
    {
        let open = skip_space(bytes, end2);
        if bytes.get(open) != Some(&b'(') {
            return None;
        }
        let close = matching_paren(&blank, open)?;
        return Some(format!(
            "{}(({}) || ({reset})){}",
            &text[..open],
            &text[open + 1..close],
            &text[close + 1..]
        ));
    }
    Some(format!(
        "{} disable iff ({reset}){}",
        &text[..at],
        &text[at..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn program() -> Program {
        serde_json::from_value(json!({
            "id": "fht_1d_x8", "stratum": "g", "synchronous": true, "clock": "posedge sclk",
            "rtl": "`include \"fht_bfly_noFF.v\"\nmodule fht_1d_x8(input sclk); endmodule",
            "reference": "", "kind": "module", "top": "fht_1d_x8", "rtl_name": "fht_1d_x8.v",
            "reset": "rstn",
            "files": [{"name": "fht_bfly_noFF.v", "text": "module fht_bfly_noFF(); endmodule"},
                      {"name": "defines.v", "text": "`define W 8", "header": true}],
            "meta": {"bind": {"ports": {"a": "a", "x": "y[3]", "v": "w"}}}
        }))
        .unwrap()
    }

    #[test]
    fn a_source_the_top_file_includes_is_read_through_the_include() {
        let d = design_of(&program()).unwrap();
        let sources: Vec<&str> = d.sources.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(sources, ["fht_1d_x8.v"]);
        let headers: Vec<&str> = d.headers.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(headers, ["defines.v", "fht_bfly_noFF.v"]);
        assert_eq!(
            (d.top.as_str(), d.clock.as_deref(), d.reset.as_deref()),
            ("fht_1d_x8", Some("posedge sclk"), Some("rstn"))
        );
    }

    #[test]
    fn the_reset_disables_the_assertion() {
        assert_eq!(
            with_reset_disabled(
                "assert property(@(posedge clk) (rstn) |-> (a_FF == 0));",
                "rstn"
            )
            .unwrap(),
            "assert property(@(posedge clk) disable iff (rstn) (rstn) |-> (a_FF == 0));"
        );
        assert_eq!(
            with_reset_disabled(
                "assert property (@(posedge clk) disable iff (rst) a |=> b);",
                "!rst_n"
            )
            .unwrap(),
            "assert property (@(posedge clk) disable iff ((rst) || (!rst_n)) a |=> b);"
        );
        assert_eq!(
            with_reset_disabled("assert property(a |-> b);", "r").unwrap(),
            "assert property( disable iff (r)a |-> b);"
        );
        assert_eq!(
            with_reset_disabled(
                "property p1;\n@(posedge clk) a ##1 b |-> c;\nendproperty\nx: assert property(p1);",
                "rst"
            )
            .unwrap(),
            "property p1;\n@(posedge clk) disable iff (rst) a ##1 b |-> c;\nendproperty\nx: assert property(p1);"
        );
        assert_eq!(
            with_reset_disabled("assert property1 @(posedge c) a;", "r"),
            None
        );
        assert_eq!(with_reset_disabled("garbage", "r"), None);
    }

    #[test]
    fn renamed_ports_are_replaced_in_the_assertion() {
        let renames = renamed_ports(&program());
        assert_eq!(
            renames,
            [
                ("x".to_string(), "y[3]".to_string()),
                ("v".to_string(), "w".to_string())
            ]
        );
        assert_eq!(
            in_top_scope(
                "assert property(@(posedge c) x |-> v_x == v // x\n && \"x\");",
                &renames
            ),
            "assert property(@(posedge c) (y[3]) |-> v_x == v // x\n && \"x\");"
                .replace("== v ", "== w ")
        );
        assert_eq!(in_top_scope("a == x", &[]), "a == x");
    }
}
