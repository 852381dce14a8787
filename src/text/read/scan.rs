//! The scan: one pass over a text's tokens that finds declarations (properties and
//! sequences), defaults and, through `assertion`, `... property (...)` statements, as
//! the [`Rules`] say; in strict rules, the first token outside a declaration.

use super::{
    End, Form, Header, Incomplete, Issue, IssueKind, Kind, Property, Reading, Rules, Sequence,
    Token, Violation,
};

/// A property found, before it is named: its declared name (or, of an assertion of an
/// undeclared name, that name) and the rest.
pub(super) struct Found {
    pub name: Option<String>,
    pub property: Property,
}

/// An `assert property ([@(EVENT)] [disable iff (EXPR)] NAME);` seen by the scan,
/// resolved against the declarations after it (`assertion`).
pub(super) struct Reference {
    pub name: String,
    pub label: Option<String>,
    /// The token of the `assert` keyword.
    pub at: usize,
    /// The tokens in front of the name.
    pub prefix: std::ops::Range<usize>,
    /// With a prefix, what the statement is when `NAME` is no declared property: an
    /// inline property (`@(posedge clk) flag` checks the signal `flag`).
    pub instead: Option<Found>,
}

pub(super) struct Scan<'a> {
    pub src: &'a str,
    pub toks: &'a [Token],
    pub rules: Rules,
    pub found: Vec<Found>,
    pub references: Vec<Reference>,
    pub reading: Reading,
}

impl<'a> Scan<'a> {
    pub fn new(src: &'a str, toks: &'a [Token], rules: Rules) -> Scan<'a> {
        Scan {
            src,
            toks,
            rules,
            found: Vec::new(),
            references: Vec::new(),
            reading: Reading {
                empty: toks.is_empty(),
                ..Reading::default()
            },
        }
    }

    pub fn text(&self, i: usize) -> Option<&'a str> {
        self.toks.get(i).map(|t| t.text(self.src))
    }

    pub fn ident(&self, i: usize) -> bool {
        self.toks.get(i).is_some_and(|t| t.kind == Kind::Ident)
    }

    /// Reads every token, as the rules say.
    pub fn run(&mut self) {
        let mut i = 0;
        while i < self.toks.len() {
            let next = self
                .assertion(i)
                .or_else(|| self.declaration(i))
                .or_else(|| self.default(i));
            i = match next {
                Some(Some(next)) => next,
                // Reading stops.
                Some(None) => return,
                None if self.rules.strict && !self.empty_item(i) => {
                    self.reading.violation = Some(Violation {
                        offset: self.toks[i].start,
                        message: stray(self.src, &self.toks[i]),
                    });
                    return;
                }
                None => i + 1,
            };
        }
    }

    /// The properties named and sorted, the references resolved.
    pub fn finish(mut self) -> Reading {
        self.resolve();
        let mut found = std::mem::take(&mut self.found);
        found.sort_by_key(|f| f.property.start);
        self.reading.properties = super::name_all(self.src, found, self.rules.names);
        self.reading
    }

    /// An empty item (`endproperty;`): punctuation, not content.
    fn empty_item(&self, i: usize) -> bool {
        self.text(i) == Some(";") && !self.found.is_empty()
    }

    /// Whether token `j` starts a declaration the reader's way (`property|sequence
    /// NAME ;|(`).
    fn starts_checked(&self, j: usize) -> bool {
        let keyword = match self.text(j) {
            Some("property") => true,
            Some("sequence") => self.rules.sequences_and_defaults,
            _ => false,
        };
        keyword && self.ident(j + 1) && matches!(self.text(j + 2), Some(";" | "("))
    }

    /// The keyword of a declaration starting at token `i`, if one does.
    fn starts_declaration(&self, i: usize) -> Option<&'a str> {
        let named = self.ident(i + 1) && self.text(i + 1) != Some("endproperty");
        match self.rules.header {
            Header::Parser => (self.text(i) == Some("property") && named).then_some("property"),
            Header::Reader if self.starts_checked(i) => self.text(i),
            Header::Reader => (self.text(i) == Some("property") && named).then_some("property"),
        }
    }

    /// Whether token `j` ends a declaration without its end keyword.
    fn ends_declaration(&self, j: usize) -> bool {
        match self.rules.end {
            End::AnyProperty => self.text(j) == Some("property"),
            End::NextDeclaration => self.starts_checked(j),
        }
    }

    /// A declaration starting at token `i`: `Some(next)` to go on at token `next`,
    /// `Some(None)` to stop, `None` when none starts there.
    fn declaration(&mut self, i: usize) -> Option<Option<usize>> {
        let keyword = self.starts_declaration(i)?;
        let toks = self.toks;
        let n = toks.len();
        let close = if keyword == "property" {
            "endproperty"
        } else {
            "endsequence"
        };
        let name = self.text(i + 1).unwrap_or_default().to_string();
        let (mut body_start, mut issue, malformed) = match self.rules.header {
            Header::Parser => (i + 1, None, false),
            Header::Reader => self.header(i, keyword, &name),
        };
        // The end is searched from the name on in the parser's header (the name may be
        // `property` itself), after the header in the reader's.
        // A malformed header ends at any `property` (prose that names one ends there).
        let stop = (body_start..n).find(|&j| {
            self.text(j) == Some(close)
                || self.ends_declaration(j)
                || (malformed && self.text(j) == Some("property"))
        });
        if self.rules.header == Header::Parser {
            body_start = i + 2 + usize::from(self.text(i + 2) == Some(";"));
        }
        let complete = stop.filter(|&j| self.text(j) == Some(close));
        let body_end = match (complete, self.rules.incomplete) {
            (Some(j), _) => j,
            (None, Incomplete::Violation) => {
                let (line, column) = super::line_column(self.src, toks[i].start);
                self.reading.violation = Some(Violation {
                    offset: toks[i].start,
                    message: format!(
                        "the declaration of `{name}` at {line}:{column} has no `endproperty`"
                    ),
                });
                return Some(None);
            }
            (None, Incomplete::Skip) => return Some(Some(stop.unwrap_or(n))),
            // Without an end, a header that is not a declaration's is prose.
            (None, Incomplete::Keep) if malformed => return None,
            // Without its end keyword, a declaration's text runs to its first `;`.
            (None, Incomplete::Keep) => {
                let stop = stop.unwrap_or(n);
                (body_start..stop)
                    .find(|&j| self.text(j) == Some(";"))
                    .map_or(stop, |j| j + 1)
            }
        };
        if complete.is_none() && issue.is_none() {
            issue = Some(Issue {
                kind: IssueKind::Syntax,
                message: format!("the {keyword} `{name}` has no `{close}`"),
                span: toks[i].start..toks[i + 1].end,
            });
        }
        let text_end = if body_end > body_start {
            toks[body_end - 1].end
        } else {
            toks[(body_start - 1).min(n - 1)].end
        };
        let text_start = toks
            .get(body_start)
            .map_or(text_end, |b| b.start.min(text_end));
        if keyword == "sequence" {
            if issue.is_none() {
                self.reading.sequences.push(Sequence {
                    name,
                    body: body_start..body_end,
                });
            }
        } else {
            self.found.push(Found {
                name: Some(name),
                property: Property {
                    form: Form::Declared,
                    name: String::new(),
                    label: None,
                    asserted: false,
                    start: toks[i].start,
                    line: 0,
                    column: 0,
                    end: complete.map_or(text_end, |j| toks[j].end),
                    inner: i + 1..body_end,
                    body: body_start..body_end,
                    text: text_start..text_end,
                    prefix: None,
                    issue,
                },
            });
        }
        let Some(close) = complete else {
            return Some(Some(body_end));
        };
        // `endproperty : NAME` is legal SystemVerilog.
        let after = close + 1;
        Some(Some(
            if self.text(after) == Some(":") && self.ident(after + 1) {
                after + 2
            } else {
                after
            },
        ))
    }

    /// The reader's header of the declaration at token `i`: where its body starts, its
    /// issue, and whether the header is not a declaration's (`property p:`).
    fn header(&self, i: usize, keyword: &str, name: &str) -> (usize, Option<Issue>, bool) {
        let toks = self.toks;
        match self.text(i + 2) {
            Some(";") => (i + 3, None, false),
            Some("(") => {
                let end = self.matching(i + 2, true).unwrap_or(toks.len() - 1);
                let issue = Issue {
                    kind: IssueKind::Unsupported,
                    message: format!("a {keyword} with arguments (`{name}(...)`)"),
                    span: toks[i + 2].start..toks[end].end,
                };
                let semicolon = usize::from(self.text(end + 1) == Some(";"));
                (end + 1 + semicolon, Some(issue), false)
            }
            found => {
                let (message, span) = match found {
                    Some(found) => (
                        format!("expected `;` after the property name `{name}`, found `{found}`"),
                        toks[i + 2].start..toks[i + 2].end,
                    ),
                    None => (
                        format!("expected `;` after the property name `{name}`"),
                        toks[i + 1].end..toks[i + 1].end,
                    ),
                };
                let issue = Issue {
                    kind: IssueKind::Syntax,
                    message,
                    span,
                };
                (i + 2, Some(issue), true)
            }
        }
    }

    /// `default clocking ... @(EVENT)` or `default disable iff EXPR;` at token `i`.
    fn default(&mut self, i: usize) -> Option<Option<usize>> {
        if !self.rules.sequences_and_defaults || self.text(i) != Some("default") {
            return None;
        }
        let n = self.toks.len();
        if self.text(i + 1) == Some("clocking")
            && let Some(at) = (i + 2..n.min(i + 6)).find(|&j| self.text(j) == Some("@"))
            && let Some(end) = (self.text(at + 1) == Some("("))
                .then(|| self.matching(at + 1, true))
                .flatten()
        {
            self.reading.default_clock = Some(at..end + 1);
            return Some(Some(end + 1));
        }
        if self.text(i + 1) == Some("disable")
            && self.text(i + 2) == Some("iff")
            && let Some(end) = (i + 3..n).find(|&j| self.text(j) == Some(";"))
        {
            self.reading.default_disable = Some(i + 3..end);
            return Some(Some(end + 1));
        }
        None
    }

    /// The index of the `)` matching the `(` at token `open`; `None` at the end of the
    /// text or, when `statement` is set, at a `;` directly inside it.
    pub fn matching(&self, open: usize, statement: bool) -> Option<usize> {
        self.closing(open, statement).ok()
    }

    /// Where the `(` at token `open` closes: `Ok` at its `)`; else `Err` with, when
    /// `statement` is set, the `;` directly inside it that ended the statement with
    /// the parenthesis open, or `None` at the end of the text.
    pub fn closing(&self, open: usize, statement: bool) -> Result<usize, Option<usize>> {
        let mut depth = 0usize;
        for (j, t) in self.toks.iter().enumerate().skip(open) {
            match t.text(self.src) {
                "(" => depth += 1,
                ")" => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(j);
                    }
                }
                ";" if statement && depth == 1 => return Err(Some(j)),
                _ => {}
            }
        }
        Err(None)
    }
}

/// The message for a token outside any declaration in a strict text.
pub(crate) fn stray(source: &str, t: &Token) -> String {
    let (line, column) = super::line_column(source, t.start);
    let text = t.text(source);
    let what = match text {
        "`" => "a Markdown fence".to_string(),
        "assert" | "assume" | "cover" | "restrict" => format!("an `{text} property` statement"),
        "always" | "always_ff" | "always_comb" | "initial" => format!("an `{text}` block"),
        "module" => "a module".to_string(),
        "endproperty" => "an `endproperty` without its `property`".to_string(),
        "/*" => "an unterminated comment `/*`".to_string(),
        "property" => "a `property` keyword without a name".to_string(),
        _ if t.kind == Kind::Ident => format!("text outside a declaration (`{text}`)"),
        _ => format!("`{text}` outside a declaration"),
    };
    format!(
        "output holds {what} at {line}:{column}; a strict output holds only property declarations"
    )
}
