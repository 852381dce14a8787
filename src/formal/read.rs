//! The prover's properties of any generated text: what the one reader (`text::read`,
//! with its prover rules) finds, parsed. Every `property NAME; ... endproperty` (asserted
//! by `assert property (NAME);` or not), every labelled or bare `assert property (...)`,
//! anywhere in the text (inside Markdown fences, between prose); `sequence` declarations
//! are used by name, `default clocking` and `default disable iff` apply to the
//! properties without their own. Everything else is ignored. Nothing fails: a property
//! that does not parse is kept with its located problem.

use std::collections::HashMap;
use std::sync::Arc;

use super::error::Location;
use super::params::Initializers;
use super::property::ast::{BinOp, ExprKind};
use super::property::ast::{ClockEvent, Expr, PropertySpec, Span};
use super::property::expr::Cursor;
use super::property::fold::Constants;
use super::property::problem::{Problem, ProblemKind};
use super::property::prop::{
    Named, clocking_event, parse_assert_prefix, parse_property, parse_sequence,
};
use crate::text::Lines;
use crate::text::read::{Form, IssueKind, Rules, read};
use crate::text::token::{Kind, Token, tokenize};

/// How a property was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PropertyForm {
    /// `property NAME; ... endproperty`.
    Declared,
    /// `[LABEL:] assert property (...)` with the property written inside.
    Inline,
}

/// One property as read from the text.
#[derive(Clone, Debug)]
pub struct ReadProperty {
    /// The declared name, else the assertion's label, else `assert_LINE_COLUMN` (the
    /// position of the `assert` keyword); repeats get `#2`, `#3`, ... in reading order.
    pub name: String,
    /// The label of the `assert property` statement that asserts it, if any.
    pub label: Option<String>,
    pub form: PropertyForm,
    /// Whether an `assert property` statement asserts it (always true for inline ones).
    pub asserted: bool,
    /// Where it starts (the `property` keyword, the label or the `assert` keyword).
    pub location: Location,
    /// The property's text as written (between `property NAME;` and `endproperty`, or
    /// inside `assert property (...)`).
    pub text: String,
    /// The parsed property, or why it cannot be checked.
    pub(crate) parsed: Result<PropertySpec, LocatedProblem>,
    /// Where its text is among the set's tokens, to read it again with the design's
    /// parameters (`None` when the scan itself found a problem).
    source: Option<Source>,
}

/// The tokens of a property: its body, the byte offset just after it, and the prefix
/// written on the `assert` that asserts it.
#[derive(Clone, Debug)]
struct Source {
    body: std::ops::Range<usize>,
    end: usize,
    prefix: Option<std::ops::Range<usize>>,
}

impl ReadProperty {
    /// The parsed property, when it parsed.
    pub fn spec(&self) -> Option<&PropertySpec> {
        self.parsed.as_ref().ok()
    }

    /// `None` when the property parsed; else `(unsupported, message)` where the message
    /// is located (`file:line:column: ...`).
    pub fn problem(&self) -> Option<(bool, String)> {
        self.parsed.as_ref().err().map(|p| {
            (
                p.kind == ProblemKind::Unsupported,
                format!("{}: {}", p.location, p.message),
            )
        })
    }

    /// The identifiers the property names (signals, parameters, functions), sorted and
    /// without repeats; the clocking event's signal is not among them. Empty when the
    /// property does not parse.
    pub fn identifiers(&self) -> Vec<String> {
        let Ok(spec) = &self.parsed else {
            return Vec::new();
        };
        let mut out = Vec::new();
        spec_identifiers(spec, &mut out);
        let mut names: Vec<String> = out.into_iter().map(|(n, _)| n.to_string()).collect();
        names.sort();
        names.dedup();
        names
    }
}

/// A problem with its position in the user's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocatedProblem {
    pub kind: ProblemKind,
    pub message: String,
    pub location: Location,
}

/// Everything read from one text.
#[derive(Clone, Debug)]
pub struct PropertySet {
    /// The file name used in locations.
    pub file: String,
    /// The properties in reading order.
    pub properties: Vec<ReadProperty>,
    /// `default clocking ... @(EVENT)` of the text, if any.
    pub default_clock: Option<ClockEvent>,
    /// `default disable iff (EXPR);` of the text, if any.
    pub(crate) default_disable: Option<Expr>,
    pub(crate) source: Arc<str>,
    pub(crate) lines: Arc<Lines>,
    toks: Arc<Vec<Token>>,
    /// The named sequences' token ranges.
    sequences: Arc<Vec<(String, std::ops::Range<usize>)>>,
    /// The parameter values cycle counts were folded over (see [`Self::with_design`]).
    pub(crate) constants: Arc<Constants>,
    /// The declared initial values of the design's variables (for `$past` before its
    /// tick).
    pub(crate) initials: Arc<Initializers>,
    /// The design's memories (unpacked arrays): no counterexample row reads one whole.
    pub(crate) memories: Arc<std::collections::BTreeSet<String>>,
}

impl PropertySet {
    /// The position of byte `offset` of the text.
    pub(crate) fn locate(&self, offset: usize) -> Location {
        let (line, column) = self.lines.line_column(&self.source, offset);
        Location::new(self.file.clone(), line, column)
    }

    /// The text of a span, white space collapsed.
    pub(crate) fn snippet(&self, span: Span) -> String {
        let text = self.source.get(span.start..span.end).unwrap_or_default();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The set read again for a design whose top module has the parameter values
    /// `consts` and the declared initial values `initials`: every property outside the
    /// subset is parsed again with its cycle counts folded (`##N`, `[*N]`;
    /// `$past(e, N)` is folded when lowered).
    pub fn with_design(
        &self,
        consts: &Constants,
        initials: &Initializers,
        memories: &std::collections::BTreeSet<String>,
    ) -> PropertySet {
        let mut out = self.clone();
        out.initials = Arc::new(initials.clone());
        out.memories = Arc::new(memories.clone());
        if consts.is_empty() {
            return out;
        }
        out.constants = Arc::new(consts.clone());
        let named = named_sequences(&self.source, &self.toks, &self.sequences, Some(consts));
        for p in &mut out.properties {
            let again =
                matches!(&p.parsed, Err(problem) if problem.kind == ProblemKind::Unsupported);
            if let (true, Some(src)) = (again, &p.source) {
                p.parsed = parse_source(self, &named, src, Some(consts));
            }
        }
        out
    }

    /// The properties named `names` only (in this set's order), e.g. to re-check the
    /// passing ones elsewhere.
    pub fn only(&self, names: &[&str]) -> PropertySet {
        let mut out = self.clone();
        out.properties.retain(|p| names.contains(&p.name.as_str()));
        out
    }
}

fn spec_identifiers<'a>(spec: &'a PropertySpec, out: &mut Vec<(&'a str, Span)>) {
    if let Some(d) = &spec.disable {
        d.identifiers(out);
    }
    prop_identifiers(&spec.body, out);
}

fn prop_identifiers<'a>(p: &'a super::property::Prop, out: &mut Vec<(&'a str, Span)>) {
    use super::property::Prop;
    match p {
        Prop::Seq(s) => seq_identifiers(s, out),
        Prop::Implies { ante, cons, .. } => {
            seq_identifiers(ante, out);
            prop_identifiers(cons, out);
        }
        Prop::And(a, b) => {
            prop_identifiers(a, out);
            prop_identifiers(b, out);
        }
    }
}

fn seq_identifiers<'a>(s: &'a super::property::Seq, out: &mut Vec<(&'a str, Span)>) {
    use super::property::Seq;
    match s {
        Seq::Bool(e) => e.identifiers(out),
        Seq::Delay { lhs, rhs, .. } => {
            if let Some(l) = lhs {
                seq_identifiers(l, out);
            }
            seq_identifiers(rhs, out);
        }
        Seq::Repeat { seq, .. } => seq_identifiers(seq, out),
        Seq::Or(a, b) => {
            seq_identifiers(a, out);
            seq_identifiers(b, out);
        }
        Seq::Throughout(e, s) => {
            e.identifiers(out);
            seq_identifiers(s, out);
        }
    }
}

/// Every identifier of a parsed property with its span (for locating problems).
pub(crate) fn located_identifiers(spec: &PropertySpec) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    spec_identifiers(spec, &mut out);
    out
}

/// Reads every property of `text`; `file` names the text in locations. A text with
/// many operators is read on a deep stack (the parser recurses on them, up to
/// [`MAX_OPERATORS`] per property), whatever thread calls.
pub fn read_properties(text: &str, file: &str) -> PropertySet {
    let operators = text
        .bytes()
        .filter(|b| b"()[]{}|&^+-*/<>=!?:~%".contains(b))
        .count();
    if operators > 128 {
        crate::rtl::stack::on_deep_stack(|| read_properties_here(text, file))
    } else {
        read_properties_here(text, file)
    }
}

fn read_properties_here(text: &str, file: &str) -> PropertySet {
    let source: Arc<str> = Arc::from(text);
    let lines = Arc::new(Lines::new(text));
    let toks = tokenize(text);
    let reading = read(text, &toks, Rules::PROVER);
    let sequences: Vec<_> = reading
        .sequences
        .into_iter()
        .map(|s| (s.name, s.body))
        .collect();
    let named = named_sequences(text, &toks, &sequences, None);
    let mut set = PropertySet {
        file: file.to_string(),
        properties: Vec::new(),
        default_clock: None,
        default_disable: None,
        source: source.clone(),
        lines,
        toks: Arc::new(toks),
        sequences: Arc::new(sequences),
        constants: Arc::new(Constants::new()),
        initials: Arc::new(Initializers::new()),
        memories: Default::default(),
    };
    let toks = set.toks.clone();
    if let Some(range) = reading.default_clock {
        let mut c = Cursor::new(text, &toks[range.clone()], end_of(&toks, range));
        set.default_clock = clocking_event(&mut c).ok();
    }
    if let Some(range) = reading
        .default_disable
        .filter(|r| beyond_limits(text, &toks[r.clone()]).is_none())
    {
        let mut c = Cursor::new(text, &toks[range.clone()], end_of(&toks, range));
        set.default_disable = c.expr().ok().filter(|_| c.done());
    }
    for p in reading.properties {
        let problem = p
            .issue
            .map(|issue| {
                let span = Span {
                    start: issue.span.start,
                    end: issue.span.end,
                };
                match issue.kind {
                    IssueKind::Syntax => Problem::syntax(issue.message, span),
                    IssueKind::Unsupported => Problem::unsupported(issue.message, span),
                }
            })
            .or_else(|| beyond_limits(text, &toks[p.body.clone()]));
        let source = problem.is_none().then(|| Source {
            body: p.body.clone(),
            end: end_of(&toks, p.body.clone()).max(p.text.end),
            prefix: p.prefix.clone(),
        });
        let parsed = match (problem, &source) {
            (Some(problem), _) => Err(LocatedProblem {
                kind: problem.kind,
                message: problem.message,
                location: set.locate(problem.span.start),
            }),
            (None, Some(src)) => parse_source(&set, &named, src, None),
            (None, None) => unreachable!("a source without a problem"),
        };
        // A comment or string left open inside the property is what its error is about.
        let parsed = parsed.map_err(|problem| match open_inside(text, p.start..p.text.end) {
            Some(u) if problem.kind == ProblemKind::Syntax => LocatedProblem {
                kind: ProblemKind::Syntax,
                message: u.message().to_string(),
                location: set.locate(u.offset()),
            },
            _ => problem,
        });
        set.properties.push(ReadProperty {
            name: p.name,
            label: p.label,
            form: match p.form {
                Form::Declared => PropertyForm::Declared,
                Form::Inline => PropertyForm::Inline,
            },
            asserted: p.asserted,
            location: Location::new(file, p.line, p.column),
            text: text[p.text].trim().to_string(),
            parsed,
            source,
        });
    }
    set
}

/// `spec` asserted by a statement that gives `clock` and `disable`: the statement's
/// clock applies when the declaration has none (two different clocks are multiple
/// clocks, outside the subset); the statement's disable condition applies, or-ed with
/// the declaration's own if it has one.
fn with_assert_prefix(
    mut spec: PropertySpec,
    clock: Option<ClockEvent>,
    disable: Option<Expr>,
) -> Result<PropertySpec, Problem> {
    match (&spec.clock, clock) {
        (Some(own), Some(other)) if *own != other => {
            let span = spec.disable.as_ref().map(|d| d.span).unwrap_or_default();
            return Err(Problem::unsupported(
                format!(
                    "a property clocked by `{own}` asserted with the clocking event `{other}` (multiple clocks)"
                ),
                span,
            ));
        }
        (None, Some(c)) => spec.clock = Some(c),
        _ => {}
    }
    spec.disable = match (spec.disable.take(), disable) {
        (Some(own), Some(other)) => {
            let span = own.span.join(other.span);
            Some(Expr {
                kind: ExprKind::Binary(BinOp::LogOr, Box::new(own), Box::new(other)),
                span,
            })
        }
        (own, other) => own.or(other),
    };
    Ok(spec)
}

/// The named sequences, parsed (with cycle counts folded over `consts` if given).
fn named_sequences(
    text: &str,
    toks: &[Token],
    sequences: &[(String, std::ops::Range<usize>)],
    consts: Option<&Constants>,
) -> HashMap<String, Named> {
    let mut named = HashMap::new();
    for (name, range) in sequences {
        let range = range.clone();
        if beyond_limits(text, &toks[range.clone()]).is_some() {
            continue;
        }
        if let Ok(n) = parse_sequence(text, &toks[range.clone()], end_of(toks, range), consts) {
            named.insert(name.clone(), n);
        }
    }
    named
}

/// Parses one property of `set`: its body, the clock and disable condition of the
/// `assert` in front of its name, the text's default disable condition.
fn parse_source(
    set: &PropertySet,
    named: &HashMap<String, Named>,
    src: &Source,
    consts: Option<&Constants>,
) -> Result<PropertySpec, LocatedProblem> {
    let text = &*set.source;
    let toks = &set.toks;
    let parsed = parse_property(text, &toks[src.body.clone()], src.end, named, consts);
    let parsed = match (parsed, &src.prefix) {
        (Ok(spec), Some(range)) => {
            parse_assert_prefix(text, &toks[range.clone()], end_of(toks, range.clone()))
                .and_then(|(clock, disable)| with_assert_prefix(spec, clock, disable))
        }
        (parsed, _) => parsed,
    };
    let parsed = parsed.map(|mut spec| {
        if spec.disable.is_none() {
            spec.disable = set.default_disable.clone();
        }
        spec
    });
    parsed.map_err(|p| LocatedProblem {
        kind: p.kind,
        message: p.message,
        location: set.locate(p.span.start),
    })
}

/// Deepest nesting of brackets accepted in a property (the RTL front end's limit).
pub const MAX_NESTING: usize = crate::rtl::limits::MAX_NESTING;

/// Most operators and punctuation tokens accepted in one property (a real one has at
/// most about 60; the reader, the lowering and the monitor's text recurse on them).
pub const MAX_OPERATORS: usize = 512;

/// Most bytes of one property's text.
pub const MAX_PROPERTY_BYTES: usize = 64 * 1024;

fn beyond(message: String, span: Span) -> Problem {
    Problem {
        kind: ProblemKind::Unsupported,
        message,
        span,
    }
}

/// Why the tokens of a property (or a sequence or default) are beyond the reader's
/// limits, checked before it is parsed (the parser recurses on nesting and operators).
fn beyond_limits(src: &str, toks: &[Token]) -> Option<Problem> {
    let (first, last) = (toks.first()?, toks.last()?);
    let span = |t: &Token| Span {
        start: t.start,
        end: t.end,
    };
    if last.end - first.start > MAX_PROPERTY_BYTES {
        return Some(beyond(
            format!(
                "the property is beyond the limits: {} bytes of text (at most {MAX_PROPERTY_BYTES})",
                last.end - first.start
            ),
            span(first),
        ));
    }
    let (mut depth, mut ops) = (0usize, 0usize);
    for t in toks.iter().filter(|t| t.kind == Kind::Op) {
        ops += 1;
        match t.text(src) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            return Some(beyond(
                format!(
                    "the property is beyond the limits: brackets nested more than {MAX_NESTING} deep"
                ),
                span(t),
            ));
        }
        if ops > MAX_OPERATORS {
            return Some(beyond(
                format!("the property is beyond the limits: more than {MAX_OPERATORS} operators"),
                span(t),
            ));
        }
    }
    None
}

/// The first comment or string of `text` left open, when it opens within `span` (a
/// property's text: one opened later is not its problem).
fn open_inside(text: &str, span: std::ops::Range<usize>) -> Option<crate::rtl::unclosed::Unclosed> {
    crate::rtl::unclosed::find(text).filter(|u| span.contains(&u.offset()))
}

fn end_of(toks: &[Token], range: std::ops::Range<usize>) -> usize {
    if range.end > range.start {
        toks[range.end - 1].end
    } else {
        toks.get(range.start).map_or(0, |t| t.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "Here are the properties:\n```systemverilog\n// one\nproperty p_a;\n  @(posedge clk) disable iff (rst) a |=> b;\nendproperty\n\nproperty p_b;\n  @(posedge clk) c |-> d;\nendproperty : p_b\na_a: assert property (p_a);\nlbl: assert property (@(posedge clk) x |-> y);\nassert property (@(posedge clk) z);\nassert property (@(posedge clk) z);\ncover property (@(posedge clk) q);\n```\nThe property p_a checks it.<|im_end|>";

    #[test]
    fn reads_declared_labelled_and_bare_properties() {
        let set = read_properties(TEXT, "gen.txt");
        let names: Vec<&str> = set.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["p_a", "p_b", "lbl", "assert_13_1", "assert_14_1"]);
        let a = &set.properties[0];
        assert!(a.asserted);
        assert_eq!(a.label.as_deref(), Some("a_a"));
        assert_eq!(a.location.to_string(), "gen.txt:4:1");
        assert_eq!(a.text, "@(posedge clk) disable iff (rst) a |=> b;");
        assert_eq!(a.identifiers(), ["a", "b", "rst"]);
        assert!(!set.properties[1].asserted);
        assert_eq!(set.properties[2].form, PropertyForm::Inline);
        assert_eq!(set.properties[2].location.to_string(), "gen.txt:12:1");
        assert!(set.properties.iter().all(|p| p.parsed.is_ok()));
    }

    #[test]
    fn repeats_get_numbered_and_problems_are_located() {
        let text = "property p; a |-> ; endproperty\nproperty p; a endproperty\nproperty q; a |-> b;\nassert property (nosuch);\n";
        let set = read_properties(text, "f");
        let names: Vec<&str> = set.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["p", "p#2", "q", "nosuch"]);
        let (unsupported, msg) = set.properties[0].problem().unwrap();
        assert!(!unsupported);
        assert!(msg.starts_with("f:1:19: "), "{msg}");
        assert!(set.properties[1].problem().is_none());
        let (_, msg) = set.properties[2].problem().unwrap();
        assert!(msg.contains("has no `endproperty`"), "{msg}");
        let (_, msg) = set.properties[3].problem().unwrap();
        assert!(msg.contains("names no property"), "{msg}");
    }

    #[test]
    fn an_assert_gives_its_clock_and_disable_to_the_declared_property() {
        let text = "property p_hold; !en |=> $stable(q); endproperty\nchk: assert property (@(posedge clk) disable iff (rst) p_hold);\nassert property (@(posedge clk) flag);\n";
        let set = read_properties(text, "f");
        let names: Vec<&str> = set.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["p_hold", "assert_3_1"]);
        let p = &set.properties[0];
        assert_eq!(p.label.as_deref(), Some("chk"));
        let spec = p.spec().expect("parses");
        assert_eq!(spec.clock.as_ref().unwrap().to_string(), "posedge clk");
        assert!(spec.disable.is_some());
        assert_eq!(p.identifiers(), ["en", "q", "rst"]);
        // `flag` is no declared property: an invariant on the signal.
        assert!(set.properties[1].spec().is_some());
        assert_eq!(set.properties[1].identifiers(), ["flag"]);
    }

    #[test]
    fn an_unclosed_assert_ends_at_its_semicolon_and_reading_goes_on() {
        let text = "assert property (@(posedge clk) a |-> b;\nproperty q; @(posedge clk) c |-> d; endproperty";
        let set = read_properties(text, "f");
        let names: Vec<&str> = set.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["assert_1_1", "q"]);
        let (unsupported, msg) = set.properties[0].problem().unwrap();
        assert!(!unsupported);
        assert_eq!(msg, "f:1:17: `assert property (` has no closing `)`");
        assert!(set.properties[1].parsed.is_ok());
    }

    #[test]
    fn uses_sequences_and_defaults() {
        let text = "default clocking cb @(posedge clk); endclocking\ndefault disable iff (rst);\nsequence s_req; req ##1 gnt; endsequence\nproperty p; s_req |=> done; endproperty";
        let set = read_properties(text, "f");
        assert_eq!(
            set.default_clock.as_ref().unwrap().to_string(),
            "posedge clk"
        );
        assert!(set.default_disable.is_some());
        let p = &set.properties[0];
        assert!(p.parsed.is_ok(), "{:?}", p.parsed);
        assert_eq!(p.identifiers(), ["done", "gnt", "req", "rst"]);
    }
}
