//! `[LABEL:] assert property (...)` statements in the scan, read as [`Assertions`]
//! says: inline properties, references to declarations (resolved after the scan),
//! and `(`s never closed.

use super::scan::{Found, Reference, Scan};
use super::{Assertions, Form, Issue, IssueKind, Kind, Property};
use std::ops::Range;

impl Scan<'_> {
    /// A `VERB property (` statement at token `i`, as [`Scan::declaration`] answers.
    pub(super) fn assertion(&mut self, i: usize) -> Option<Option<usize>> {
        let verb = self.text(i)?;
        let read = match self.rules.assertions {
            Assertions::None => false,
            Assertions::Inline => verb == "assert",
            Assertions::Resolved => matches!(verb, "assert" | "assume" | "cover" | "restrict"),
        };
        if !read || self.text(i + 1) != Some("property") || self.text(i + 2) != Some("(") {
            return None;
        }
        let resolved = self.rules.assertions == Assertions::Resolved;
        let close = match self.closing(i + 2, resolved) {
            Ok(close) => close,
            Err(_) if !resolved => return None,
            // The statement ends at the `;` that found the `(` open; reading goes on
            // after it (at the end of the text, it stops).
            Err(semicolon) => {
                if verb == "assert" {
                    self.unclosed(i, semicolon);
                }
                return Some(semicolon.map(|j| j + 1));
            }
        };
        if verb != "assert" {
            return Some(Some(close + 1));
        }
        let toks = self.toks;
        let label = self.label_before(i);
        let inner = i + 3..close;
        let start = if label.is_some() {
            toks[i - 2].start
        } else {
            toks[i].start
        };
        let text = toks
            .get(i + 3)
            .map_or(toks[close].start, |b| b.start.min(toks[close].start))
            ..toks[close].start;
        let inline = inline(
            None,
            label.clone(),
            start,
            toks[close].end,
            inner.clone(),
            text,
            None,
        );
        if !resolved {
            if !self.is_reference(inner) {
                self.found.push(inline);
            }
            return Some(Some(close + 1));
        }
        match self.name_after_prefix(inner.clone()) {
            Some(j) => self.references.push(Reference {
                name: self.text(j).unwrap_or_default().to_string(),
                label,
                at: i,
                prefix: inner.start..j,
                instead: (j > inner.start).then_some(inline),
            }),
            None => self.found.push(inline),
        }
        Some(Some(close + 1))
    }

    /// `assert property (` at token `i` never closed: kept with the issue, its text up
    /// to the `;` that ended the statement (token `semicolon`), else the rest of the
    /// text.
    fn unclosed(&mut self, i: usize, semicolon: Option<usize>) {
        let toks = self.toks;
        let issue = Issue {
            kind: IssueKind::Syntax,
            message: "`assert property (` has no closing `)`".into(),
            span: toks[i + 2].start..toks[i + 2].end,
        };
        let start = toks[i].start;
        let (body, end) = match semicolon {
            Some(j) => (i + 3..j, toks[j].start),
            None => (i + 3..toks.len(), self.src.len()),
        };
        let label = self.label_before(i);
        self.found.push(inline(
            None,
            label,
            start,
            end,
            body,
            start..end,
            Some(issue),
        ));
    }

    /// Inline rules: whether the body `inner` (`p1`, `p1(a, b)`, no implication) refers
    /// to a declaration.
    fn is_reference(&self, inner: Range<usize>) -> bool {
        let body = &self.toks[inner];
        body.first().is_some_and(|f| f.kind == Kind::Ident)
            && (body.len() == 1 || body.get(1).is_some_and(|n| n.is(self.src, "(")))
            && !body
                .iter()
                .any(|n| matches!(n.text(self.src), "|->" | "|=>"))
    }

    /// `LABEL :` just before token `i` (a keyword is no label: `default:` of a case
    /// item, `end:`).
    fn label_before(&self, i: usize) -> Option<String> {
        if i >= 2 && self.text(i - 1) == Some(":") && self.ident(i - 2) {
            let l = self.text(i - 2).unwrap_or_default();
            if !matches!(l, "endproperty" | "endsequence" | "end" | "default") {
                return Some(l.to_string());
            }
        }
        None
    }

    /// The token of `NAME` when the tokens `inner` are `[@(EVENT)] [disable iff
    /// (EXPR)] NAME` (either order of the two).
    fn name_after_prefix(&self, inner: Range<usize>) -> Option<usize> {
        let mut j = inner.start;
        let (mut clock, mut disable) = (false, false);
        loop {
            if !clock && self.text(j) == Some("@") && self.text(j + 1) == Some("(") {
                j = self.matching(j + 1, true)? + 1;
                clock = true;
            } else if !disable
                && self.text(j) == Some("disable")
                && self.text(j + 1) == Some("iff")
                && self.text(j + 2) == Some("(")
            {
                j = self.matching(j + 2, true)? + 1;
                disable = true;
            } else {
                break;
            }
        }
        let named = j + 1 == inner.end
            && self.ident(j)
            && !self.text(j).is_some_and(|t| t.starts_with('$'));
        named.then_some(j)
    }

    /// Resolves every `assert property ([PREFIX] NAME);` against the declarations.
    pub(super) fn resolve(&mut self) {
        let toks = self.toks;
        for r in std::mem::take(&mut self.references) {
            let Reference {
                name,
                label,
                at,
                prefix,
                instead,
            } = r;
            let decl = self
                .found
                .iter_mut()
                .find(|f| f.property.form == Form::Declared && f.name.as_deref() == Some(&name));
            match decl {
                Some(d) => {
                    let d = &mut d.property;
                    d.asserted = true;
                    if d.label.is_none() {
                        d.label = label;
                    }
                    if d.prefix.is_none() && !prefix.is_empty() {
                        d.prefix = Some(prefix);
                    }
                }
                None if instead.is_some() => self.found.extend(instead),
                None => {
                    let tok = toks[at + 3];
                    let issue = Issue {
                        kind: IssueKind::Syntax,
                        message: format!(
                            "`assert property ({name})` names no property declared in the text"
                        ),
                        span: tok.start..tok.end,
                    };
                    let name = Some(label.clone().unwrap_or(name));
                    let (start, text) = (toks[at].start, tok.start..tok.end);
                    let body = at + 3..at + 4;
                    self.found
                        .push(inline(name, label, start, tok.end, body, text, Some(issue)));
                }
            }
        }
    }
}

/// An inline property found at byte `start` (its label's or its `assert`'s), whose
/// body is the tokens `body` (those inside its parentheses) and text the bytes `text`.
fn inline(
    name: Option<String>,
    label: Option<String>,
    start: usize,
    end: usize,
    body: Range<usize>,
    text: Range<usize>,
    issue: Option<Issue>,
) -> Found {
    Found {
        name,
        property: Property {
            form: Form::Inline,
            name: String::new(),
            label,
            asserted: true,
            start,
            line: 0,
            column: 0,
            end,
            inner: body.clone(),
            body,
            text,
            prefix: None,
            issue,
        },
    }
}
