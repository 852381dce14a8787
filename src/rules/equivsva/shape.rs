//! A generated property as EquivSVA's checker sees it: its body (the declaration's or
//! the `assert property (...)`'s), the identifiers it references (their list, with its
//! quirk), and whether their lowering supports it, with its parts when it does.
//!
//! Their lowering (dataset README, "Formal scores") supports `@(posedge clk)
//! [disable iff (D)]` followed by an invariant `E`, `A |-> B`, `A |-> ##1 B` or
//! `A |=> B`; a property with more than one implication operator is
//! `not_run_lowering_unsupported` with the reason "multiple implication operators
//! unsupported" (the 15 such properties of the dev split's formal scores). Sequence
//! operators elsewhere are unsupported too (flipscope's reading of "supports only").

use crate::rules::keywords::is_keyword;
use crate::text::token::{Kind, Token, tokenize};

/// The reason their checker gives for several implications.
pub const MULTIPLE_IMPLICATIONS: &str = "multiple implication operators unsupported";

/// A property in one of the forms their lowering supports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lowerable {
    /// The `disable iff` condition, as written.
    pub disable: Option<String>,
    /// The antecedent (`None`: an invariant).
    pub antecedent: Option<String>,
    /// The consequent, or the invariant's expression.
    pub consequent: String,
    /// Cycles between antecedent and consequent: 0 (`|->`) or 1 (`|=>`, `|-> ##1`).
    pub delay: u32,
}

/// The body of a property's text: inside `property NAME [(...)]; ... endproperty`, or
/// inside `assert property ( ... )`, else the text itself; without a final `;`.
pub fn body(text: &str) -> &str {
    let toks = tokenize(text);
    let w = |k: usize| toks.get(k).map(|t: &Token| t.text(text));
    let mut out = text;
    if let Some(p) = (0..toks.len()).find(|&k| w(k) == Some("property")) {
        if p > 0 && matches!(w(p - 1), Some("assert" | "assume" | "cover")) {
            // `assert property ( BODY )`
            if let Some(open) = (p + 1..toks.len()).find(|&k| w(k) == Some("(")) {
                let close = matching(text, &toks, open).unwrap_or(toks.len());
                let start = toks[open].end;
                let end = toks.get(close).map_or(text.len(), |t| t.start);
                out = &text[start..end];
            }
        } else if let Some(semi) = (p + 1..toks.len()).find(|&k| w(k) == Some(";")) {
            let end = (semi..toks.len())
                .find(|&k| w(k) == Some("endproperty"))
                .map_or(text.len(), |k| toks[k].start);
            out = &text[toks[semi].end..end];
        }
    }
    out.trim().trim_end_matches(';').trim()
}

/// The token closing the bracket at `open`.
fn matching(text: &str, toks: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, t) in toks.iter().enumerate().skip(open) {
        match t.text(text) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The body without its clocking event (`@(...)` at its start).
fn unclocked(body: &str) -> &str {
    let toks = tokenize(body);
    if toks.first().map(|t| t.text(body)) == Some("@")
        && toks.get(1).map(|t| t.text(body)) == Some("(")
        && let Some(close) = matching(body, &toks, 1)
    {
        return body[toks[close].end..].trim();
    }
    body
}

/// The identifiers their checker lists as referenced (sorted, without repeats): every
/// identifier of the body after its clocking event that is not a keyword or a system
/// function, but `inside` listed as one (their keyword list lacks it).
pub fn referenced_identifiers(text: &str) -> Vec<String> {
    let b = unclocked(body(text));
    let mut ids: Vec<String> = tokenize(b)
        .iter()
        .filter(|t| t.kind == Kind::Ident)
        .map(|t| t.text(b))
        .filter(|s| !s.starts_with('$') && !s.starts_with('\\'))
        .filter(|s| *s == "inside" || !is_keyword(s))
        .map(str::to_string)
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Sequence and property operators their lowering does not support.
const SEQUENCE_OPERATORS: &[&str] = &[
    "##",
    "[*",
    "[=",
    "[->",
    "[+",
    "throughout",
    "within",
    "intersect",
    "until",
    "s_until",
    "until_with",
    "s_until_with",
    "eventually",
    "s_eventually",
    "nexttime",
    "s_nexttime",
    "always",
    "s_always",
    "first_match",
    "and",
    "or",
    "not",
    "implies",
    "iff",
    "if",
    "case",
    "#-#",
    "#=#",
    "accept_on",
    "reject_on",
    "sync_accept_on",
    "sync_reject_on",
];

/// Strips brackets that enclose the whole text.
fn unwrap(mut s: &str) -> &str {
    loop {
        let t = s.trim();
        let toks = tokenize(t);
        if toks.first().map(|x| x.text(t)) == Some("(")
            && matching(t, &toks, 0) == Some(toks.len() - 1)
        {
            s = &t[1..t.len() - 1];
        } else {
            return t;
        }
    }
}

/// The property in their supported form, or the reason it is not.
pub fn lowerable(text: &str) -> Result<Lowerable, String> {
    let mut rest = unclocked(body(text));
    let mut disable = None;
    let toks = tokenize(rest);
    let w = |k: usize| toks.get(k).map(|t: &Token| t.text(rest));
    if w(0) == Some("disable") && w(1) == Some("iff") && w(2) == Some("(") {
        let close = matching(rest, &toks, 2).ok_or("unbalanced `disable iff`")?;
        disable = Some(rest[toks[2].end..toks[close].start].trim().to_string());
        rest = rest[toks[close].end..].trim();
    }
    let rest = unwrap(rest);
    let toks = tokenize(rest);
    let implications: Vec<usize> = (0..toks.len())
        .filter(|&k| matches!(toks[k].text(rest), "|->" | "|=>"))
        .collect();
    if implications.len() > 1 {
        return Err(MULTIPLE_IMPLICATIONS.to_string());
    }
    let check = |part: &str, allow_delay: bool| -> Result<String, String> {
        let toks = tokenize(part);
        for (k, t) in toks.iter().enumerate() {
            let s = t.text(part);
            if SEQUENCE_OPERATORS.contains(&s) && !(allow_delay && k == 0 && s == "##") {
                return Err(format!("`{s}` unsupported"));
            }
        }
        Ok(part.trim().to_string())
    };
    let Some(&at) = implications.first() else {
        return Ok(Lowerable {
            disable,
            antecedent: None,
            consequent: check(rest, false)?,
            delay: 0,
        });
    };
    // The implication must be at the top level.
    let mut depth = 0i32;
    for t in &toks[..at] {
        match t.text(rest) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
    }
    if depth != 0 {
        return Err("an implication inside an expression unsupported".to_string());
    }
    let antecedent = check(unwrap(&rest[..toks[at].start]), false)?;
    let mut consequent = unwrap(&rest[toks[at].end..]);
    let mut delay = u32::from(toks[at].text(rest) == "|=>");
    let ct = tokenize(consequent);
    if ct.first().map(|t| t.text(consequent)) == Some("##") {
        if delay == 1 || ct.get(1).map(|t| t.text(consequent)) != Some("1") {
            return Err("`##` unsupported".to_string());
        }
        consequent = unwrap(&consequent[ct[1].end..]);
        delay = 1;
    }
    Ok(Lowerable {
        disable,
        antecedent: Some(antecedent),
        consequent: check(consequent, false)?,
        delay,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_of_declarations_and_assertions() {
        assert_eq!(
            body("property p_a;\n  @(posedge clk) disable iff (rst) a |-> b;\nendproperty"),
            "@(posedge clk) disable iff (rst) a |-> b"
        );
        assert_eq!(
            body("a_x: assert property (\n @(posedge clk) (a |=> b)\n) else $error(\"x\");"),
            "@(posedge clk) (a |=> b)"
        );
    }

    #[test]
    fn identifiers_as_their_checker_lists_them() {
        let text = "property p; @(posedge clk) disable iff (rst) value inside {[1:6]} |-> $past(q) == 3'd7; endproperty";
        assert_eq!(
            referenced_identifiers(text),
            ["inside", "q", "rst", "value"]
        );
    }

    #[test]
    fn the_supported_forms() {
        let l = lowerable("@(posedge clk) disable iff (rst) (a && b) |-> ##1 c").unwrap();
        assert_eq!(
            l,
            Lowerable {
                disable: Some("rst".into()),
                antecedent: Some("a && b".into()),
                consequent: "c".into(),
                delay: 1
            }
        );
        let l = lowerable("@(posedge clk) (dec |-> (value > value - 1))").unwrap();
        assert_eq!(l.antecedent.as_deref(), Some("dec"));
        assert_eq!(l.consequent, "value > value - 1");
        let l = lowerable("@(posedge clk) !(a && b)").unwrap();
        assert_eq!((l.antecedent, l.consequent.as_str()), (None, "!(a && b)"));
        assert_eq!(lowerable("@(posedge clk) a |=> b").unwrap().delay, 1);
    }

    #[test]
    fn what_their_lowering_does_not_support() {
        assert_eq!(
            lowerable("@(posedge clk) disable iff (rst) push |-> !pop |-> empty"),
            Err(MULTIPLE_IMPLICATIONS.to_string())
        );
        assert_eq!(
            lowerable("@(posedge clk) (a |-> b) and (c |-> d)"),
            Err(MULTIPLE_IMPLICATIONS.to_string())
        );
        assert!(lowerable("@(posedge clk) a |-> ##[1:3] b").is_err());
        assert!(lowerable("@(posedge clk) a ##1 b |-> c").is_err());
    }
}
