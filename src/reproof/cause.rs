//! Why the two engines disagree on an assertion: one cause per disagreement (and per
//! verdict of a run whose bind did not take that would have been one), decided from
//! evidence only, in this order (the first that holds wins):
//!
//! 1. `bind-not-taken`: the import's flag; JasperGold proved the property module's free
//!    inputs, not the design.
//! 2. `black-boxed-multiplier`: JasperGold's log replaced an operator by a free signal
//!    (its warning WNL018), the assertion depends on it (it is that line of the property
//!    file, or it names a signal assigned from that line of the design, directly or
//!    through further assignments: [`black_boxed_cone`]), and JasperGold refutes what
//!    flipscope proves (a free signal has more behaviours than the multiplier, never
//!    fewer).
//! 3. `width`: the assertion names a port of the property module whose declared width
//!    differs from the design signal bound to it.
//! 4. `clock-as-data`: the assertion reads its clock signal outside its clocking event.
//! 5. `out-of-range-read`: the assertion selects a bit of a design signal at a constant
//!    index outside its declared width, or at an index signal wide enough to leave it
//!    (the value read there is undefined: each engine picks its own).
//! 6. `reset-convention`: the assertion reads the script's reset signal outside its
//!    `disable iff`, or JasperGold found its antecedent unreachable (after its reset
//!    phase) where flipscope refutes it, or the script gives no reset and flipscope's
//!    counterexample fails in cycle 0 (registers start anywhere).
//! 7. `unexplained`: none of the above.

use std::collections::HashMap;

use super::agreement::ExternalClass;
pub use super::cause_kind::Cause;
use super::widths::Width;
use crate::study::FormalStatus;
use crate::text::token::{Kind, Token, tokenize};

/// What is known about one assertion when its verdicts differ.
#[derive(Debug, Clone, Copy)]
pub struct Evidence<'a> {
    pub external: ExternalClass,
    pub status: FormalStatus,
    /// The import's `bind-not-taken` flag.
    pub bind_not_taken: bool,
    /// Whether the assertion depends on what JasperGold black-boxed (WNL018): see
    /// [`black_boxed_cone`].
    pub black_boxed: bool,
    /// The ports of the property module whose declared width differs from their
    /// bound signal.
    pub mismatched_ports: &'a [String],
    /// The statement as the property file has it (the property module's names).
    pub statement: &'a str,
    /// The text proven (the design's names, before the reset phase is added).
    pub proven: &'a str,
    /// The script's clock signal, when it gives one.
    pub clock: Option<&'a str>,
    /// The script's reset expression, when it gives one.
    pub reset: Option<&'a str>,
    /// JasperGold's precondition cover status (`covered`, `unreachable`).
    pub precondition: Option<&'a str>,
    /// The cycle flipscope's counterexample fails in.
    pub fail_cycle: Option<usize>,
    /// The widths of the design's signals.
    pub widths: &'a HashMap<String, Width>,
}

/// Whether the verdicts differ: JasperGold's `status` is a proof and flipscope's a
/// counterexample, or the other way (for a bind that did not take: would differ, had
/// they been compared).
pub fn differs(external: Option<&str>, status: FormalStatus) -> bool {
    matches!(
        (external, status),
        (Some("proven"), FormalStatus::Fail) | (Some("cex"), FormalStatus::Pass)
    )
}

/// The cause of a disagreement (see the module's order).
pub fn classify(e: &Evidence) -> Cause {
    if e.bind_not_taken {
        return Cause::BindNotTaken;
    }
    if e.black_boxed && e.external == ExternalClass::Cex && e.status == FormalStatus::Pass {
        return Cause::BlackBoxedMultiplier;
    }
    let statement = tokenize(e.statement);
    if e.mismatched_ports
        .iter()
        .any(|p| names(e.statement, &statement, p))
    {
        return Cause::Width;
    }
    let proven = tokenize(e.proven);
    let mut clocks = clock_signals(e.proven, &proven);
    if let Some(c) = e.clock {
        clocks.push(c.to_string());
    }
    if clocks.iter().any(|c| reads_as_data(e.proven, &proven, c)) {
        return Cause::ClockAsData;
    }
    if out_of_range_read(e.proven, &proven, e.widths) {
        return Cause::OutOfRangeRead;
    }
    let reset_named = e.reset.is_some_and(|r| {
        let rt = tokenize(r);
        rt.iter()
            .filter(|t| t.kind == Kind::Ident)
            .any(|t| reads_outside_disable(e.statement, &statement, t.text(r)))
    });
    let unreachable = e.precondition == Some("unreachable") && e.status == FormalStatus::Fail;
    let free_start = e.reset.is_none() && e.fail_cycle == Some(0);
    if reset_named || unreachable || free_start {
        return Cause::ResetConvention;
    }
    Cause::Unexplained
}

/// What the run's black-boxed operators (WNL018 warnings, `F.v(89): multiplication
/// operator ...`) reach: the signals assigned on those lines of the design's `sources`
/// and, to a fixed point, every signal assigned from one of them (`x = ...;`,
/// `x <= ...;`, `assign x = ...;`, one assignment per statement), and the
/// (file, line) places of the warnings (a property file's own multiplication).
pub fn black_boxed_cone(
    sources: &[(String, String)],
    black_boxed: &[String],
) -> (Vec<String>, Vec<(String, usize)>) {
    let mut places: Vec<(String, usize)> = Vec::new();
    for w in black_boxed {
        let Some((file, rest)) = w.split_once('(') else {
            continue;
        };
        if let Some(line) = rest.split(')').next().and_then(|l| l.parse().ok()) {
            places.push((file.rsplit('/').next().unwrap_or(file).to_string(), line));
        }
    }
    // Every assignment: (lhs, identifiers on the right), with its file and line.
    let mut assigns: Vec<(String, usize, String, Vec<String>)> = Vec::new();
    for (name, text) in sources {
        let file = name.rsplit('/').next().unwrap_or(name).to_string();
        let mut line = 1;
        for stmt in text.split_inclusive(';') {
            let start = line;
            line += stmt.matches('\n').count();
            let toks = tokenize(stmt);
            let Some(eq) = toks.iter().position(|t| matches!(t.text(stmt), "=" | "<=")) else {
                continue;
            };
            let Some(lhs) = toks[..eq]
                .iter()
                .rev()
                .find(|t| t.kind == Kind::Ident && !is_keyword(t.text(stmt)))
            else {
                continue;
            };
            let rhs: Vec<String> = toks[eq + 1..]
                .iter()
                .filter(|t| t.kind == Kind::Ident)
                .map(|t| t.text(stmt).to_string())
                .collect();
            // The statement's own line is where its `=` is.
            let at = start + stmt[..toks[eq].start].matches('\n').count();
            assigns.push((file.clone(), at, lhs.text(stmt).to_string(), rhs));
        }
    }
    let mut cone: Vec<String> = assigns
        .iter()
        .filter(|(f, l, _, _)| places.iter().any(|(pf, pl)| pf == f && pl == l))
        .map(|(_, _, lhs, _)| lhs.clone())
        .collect();
    loop {
        let before = cone.len();
        for (_, _, lhs, rhs) in &assigns {
            if !cone.contains(lhs) && rhs.iter().any(|r| cone.contains(r)) {
                cone.push(lhs.clone());
            }
        }
        if cone.len() == before {
            break;
        }
    }
    (cone, places)
}

fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "assign" | "begin" | "end" | "if" | "else" | "case" | "default" | "always" | "for"
    )
}

/// Whether the assertion `statement` (of `file`, at `line`) depends on the black-boxed
/// operators of [`black_boxed_cone`]: it is at one of the places, or names a signal of
/// the cone.
pub fn depends_on(
    cone: &(Vec<String>, Vec<(String, usize)>),
    statement: &str,
    file: &str,
    line: Option<usize>,
) -> bool {
    let file = file.rsplit('/').next().unwrap_or(file);
    let lines = statement.matches('\n').count();
    if let Some(l) = line
        && cone
            .1
            .iter()
            .any(|(f, pl)| f == file && (l..=l + lines).contains(pl))
    {
        return true;
    }
    let toks = tokenize(statement);
    cone.0.iter().any(|s| names(statement, &toks, s))
}

/// Whether `name` is one of the identifier tokens of `text`.
fn names(text: &str, tokens: &[Token], name: &str) -> bool {
    tokens
        .iter()
        .any(|t| t.kind == Kind::Ident && t.text(text) == name)
}

/// The signals of every clocking event `@(posedge X)` / `@(negedge X)` / `@(X)`.
fn clock_signals(text: &str, tokens: &[Token]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.text(text) != "@" || tokens.get(i + 1).is_none_or(|p| p.text(text) != "(") {
            continue;
        }
        let mut k = i + 2;
        if tokens
            .get(k)
            .is_some_and(|e| matches!(e.text(text), "posedge" | "negedge"))
        {
            k += 1;
        }
        if let Some(c) = tokens.get(k).filter(|c| c.kind == Kind::Ident) {
            out.push(c.text(text).to_string());
        }
    }
    out
}

/// Whether `signal` appears anywhere but as a clocking event's signal (right after
/// `posedge`, `negedge`, `edge`, or `@(`).
fn reads_as_data(text: &str, tokens: &[Token], signal: &str) -> bool {
    tokens.iter().enumerate().any(|(i, t)| {
        let prev = |k: usize| i.checked_sub(k).map(|j| tokens[j].text(text));
        let event = matches!(prev(1), Some("posedge" | "negedge" | "edge"))
            || (prev(1) == Some("(") && prev(2) == Some("@"));
        t.kind == Kind::Ident && t.text(text) == signal && !event
    })
}

/// Whether `signal` appears outside every `disable iff (...)`.
fn reads_outside_disable(text: &str, tokens: &[Token], signal: &str) -> bool {
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].text(text);
        if t == "disable"
            && tokens.get(i + 1).is_some_and(|n| n.text(text) == "iff")
            && tokens.get(i + 2).is_some_and(|n| n.text(text) == "(")
        {
            let mut depth = 0usize;
            let mut k = i + 2;
            while k < tokens.len() {
                match tokens[k].text(text) {
                    "(" => depth += 1,
                    ")" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
            i = k + 1;
            continue;
        }
        if tokens[i].kind == Kind::Ident && t == signal {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether some `x[i]` of the text may read outside `x`'s declared bits: a constant
/// `i` at least the width, or an index signal `i` of `w` bits with `2^w` above it.
fn out_of_range_read(text: &str, tokens: &[Token], widths: &HashMap<String, Width>) -> bool {
    tokens.windows(4).any(|w| {
        if w[0].kind != Kind::Ident || w[1].text(text) != "[" || w[3].text(text) != "]" {
            return false;
        }
        let Some(width) = widths.get(w[0].text(text)) else {
            return false;
        };
        if width.bits <= 1 {
            return false;
        }
        match w[2].kind {
            Kind::Number => number(w[2].text(text)).is_some_and(|n| n >= u64::from(width.bits)),
            Kind::Ident => widths
                .get(w[2].text(text))
                .is_some_and(|i| i.bits < 64 && (1u64 << i.bits) > u64::from(width.bits)),
            _ => false,
        }
    })
}

/// The value of an integer literal without x or z digits (`5`, `4'd9`, `'hF`).
fn number(text: &str) -> Option<u64> {
    let clean: String = text.chars().filter(|&c| c != '_').collect();
    let Some((_, rest)) = clean.split_once('\'') else {
        return clean.parse().ok();
    };
    let rest = rest.trim_start_matches(['s', 'S']);
    let mut chars = rest.chars();
    let radix = match chars.next()?.to_ascii_lowercase() {
        'd' => 10,
        'h' => 16,
        'b' => 2,
        'o' => 8,
        _ => return None,
    };
    u64::from_str_radix(chars.as_str(), radix).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widths() -> HashMap<String, Width> {
        [("data", 8), ("sel", 4), ("idx", 3), ("clk", 1), ("rst", 1)]
            .into_iter()
            .map(|(n, b)| {
                (
                    n.to_string(),
                    Width {
                        bits: b,
                        signed: false,
                    },
                )
            })
            .collect()
    }

    fn evidence<'a>(
        statement: &'a str,
        widths: &'a HashMap<String, Width>,
        external: ExternalClass,
        status: FormalStatus,
    ) -> Evidence<'a> {
        Evidence {
            external,
            status,
            bind_not_taken: false,
            black_boxed: false,
            mismatched_ports: &[],
            statement,
            proven: statement,
            clock: Some("clk"),
            reset: Some("rst"),
            precondition: Some("covered"),
            fail_cycle: Some(3),
            widths,
        }
    }

    const PLAIN: &str = "assert property (@(posedge clk) disable iff (rst) a |=> b);";

    #[test]
    fn each_piece_of_evidence_gives_its_cause() {
        let w = widths();
        let cex_pass = evidence(PLAIN, &w, ExternalClass::Cex, FormalStatus::Pass);
        assert_eq!(classify(&cex_pass), Cause::Unexplained);
        let bind = Evidence {
            bind_not_taken: true,
            ..cex_pass
        };
        assert_eq!(classify(&bind), Cause::BindNotTaken);
        let boxed = Evidence {
            black_boxed: true,
            ..cex_pass
        };
        assert_eq!(classify(&boxed), Cause::BlackBoxedMultiplier);
        // A free signal never makes JasperGold prove more: not the cause the other way.
        let boxed_other_way = Evidence {
            external: ExternalClass::Proven,
            status: FormalStatus::Fail,
            ..boxed
        };
        assert_eq!(classify(&boxed_other_way), Cause::Unexplained);
        let ports = ["b".to_string()];
        let width = Evidence {
            mismatched_ports: &ports,
            ..cex_pass
        };
        assert_eq!(classify(&width), Cause::Width);
        let other_port = ["z".to_string()];
        let width_unread = Evidence {
            mismatched_ports: &other_port,
            ..cex_pass
        };
        assert_eq!(classify(&width_unread), Cause::Unexplained);
        let clock = evidence(
            "assert property (@(posedge clk) $rose(clk) |-> a);",
            &w,
            ExternalClass::Proven,
            FormalStatus::Fail,
        );
        assert_eq!(classify(&clock), Cause::ClockAsData);
        let clock_bare = evidence(
            "assert property (@(posedge clk) !clk);",
            &w,
            ExternalClass::Proven,
            FormalStatus::Fail,
        );
        assert_eq!(classify(&clock_bare), Cause::ClockAsData);
        for text in [
            "assert property (@(posedge clk) data[8] == 0);",
            "assert property (@(posedge clk) data[4'd9] == 0);",
            "assert property (@(posedge clk) data[sel] == 0);",
        ] {
            let e = evidence(text, &w, ExternalClass::Proven, FormalStatus::Fail);
            assert_eq!(classify(&e), Cause::OutOfRangeRead, "{text}");
        }
        for text in [
            "assert property (@(posedge clk) data[7] == 0);",
            "assert property (@(posedge clk) data[idx] == 0);",
        ] {
            let e = evidence(text, &w, ExternalClass::Proven, FormalStatus::Fail);
            assert_eq!(classify(&e), Cause::Unexplained, "{text}");
        }
        let reset = evidence(
            "assert property (@(posedge clk) rst |=> q == 0);",
            &w,
            ExternalClass::Cex,
            FormalStatus::Pass,
        );
        assert_eq!(classify(&reset), Cause::ResetConvention);
        let unreachable = Evidence {
            precondition: Some("unreachable"),
            ..evidence(PLAIN, &w, ExternalClass::Proven, FormalStatus::Fail)
        };
        assert_eq!(classify(&unreachable), Cause::ResetConvention);
        let free_start = Evidence {
            reset: None,
            fail_cycle: Some(0),
            ..evidence(PLAIN, &w, ExternalClass::Proven, FormalStatus::Fail)
        };
        assert_eq!(classify(&free_start), Cause::ResetConvention);
    }

    #[test]
    fn the_first_cause_in_order_wins() {
        let w = widths();
        let ports = ["rst".to_string()];
        let e = Evidence {
            black_boxed: true,
            mismatched_ports: &ports,
            ..evidence(
                "assert property (@(posedge clk) rst |-> !clk);",
                &w,
                ExternalClass::Cex,
                FormalStatus::Pass,
            )
        };
        assert_eq!(classify(&e), Cause::BlackBoxedMultiplier);
        let e = Evidence {
            black_boxed: false,
            ..e
        };
        assert_eq!(classify(&e), Cause::Width);
    }

    #[test]
    fn only_a_proof_against_a_refutation_differs() {
        assert!(differs(Some("proven"), FormalStatus::Fail));
        assert!(differs(Some("cex"), FormalStatus::Pass));
        assert!(!differs(Some("cex"), FormalStatus::Fail));
        assert!(!differs(Some("proven"), FormalStatus::Unknown));
        assert!(!differs(None, FormalStatus::Pass));
    }

    #[test]
    fn the_black_boxed_cone_follows_assignments() {
        let rtl = "module m(input [3:0] a, b, output [7:0] p, output reg [7:0] q, output [3:0] r);\n  wire [7:0] t;\n  assign t = a * b;\n  assign p = t + 1;\n  always @(posedge clk) q <= p;\n  assign r = a;\nendmodule\n";
        let sources = [("rtl/m.v".to_string(), rtl.to_string())];
        let warnings = [
            "m.v(3): multiplication operator mult_4u_4u (size 8) automatically black boxed."
                .to_string(),
            "property_x.sva(7): multiplication operator".to_string(),
        ];
        let cone = black_boxed_cone(&sources, &warnings);
        assert_eq!(cone.0, ["t", "p", "q"]);
        assert!(depends_on(
            &cone,
            "assert property (@(posedge clk) q > 0);",
            "p.sva",
            Some(2)
        ));
        assert!(!depends_on(
            &cone,
            "assert property (@(posedge clk) r > 0);",
            "p.sva",
            Some(2)
        ));
        // The property file's own multiplication, at the statement's line.
        assert!(depends_on(
            &cone,
            "assert property (@(posedge clk) r * a > 0);",
            "property_x.sva",
            Some(7)
        ));
        assert!(!depends_on(
            &cone,
            "assert property (@(posedge clk) r * a > 0);",
            "property_x.sva",
            Some(8)
        ));
    }

    #[test]
    fn reads_literals() {
        assert_eq!(number("12"), Some(12));
        assert_eq!(number("4'd9"), Some(9));
        assert_eq!(number("'hF"), Some(15));
        assert_eq!(number("8'sb1000_0000"), Some(128));
        assert_eq!(number("4'bx"), None);
    }
}
