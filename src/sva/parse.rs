//! Parsing one declaration: `property NAME; [@(EVENT)] ANTECEDENT IMPL CONSEQUENT [;]`.
//! Generated text is read as written; a reference is read with the repairs that are
//! unambiguous in the VERT data (see `Dialect`).

use super::consequent::{named_equalities, parse_consequent, unbalanced};
use super::extract::{RawDeclaration, RawKind};
use super::group::{check_balance, matching_close, top_level};
use super::property::{ClockEvent, Declaration, Implication, Malformed, Property};
use crate::logic::{Expr, Grammar, parse_expr_in};
use crate::text::line_column;
use crate::text::token::{Token, join};

/// Whose text is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// A model's output: exactly the form of SCORING.md §2.
    Generated,
    /// A dataset's reference. Also accepted, because their meaning is not in doubt:
    /// `property NAME:` (a colon for the `;`), clock events at the start of a
    /// top-level conjunct of the antecedent (moved out of it), and extra `)` at the end
    /// of an antecedent whose top level is a chain of one operator (`&&` or `||`), read
    /// as enclosing the whole chain.
    Reference,
}

/// Parses one extracted declaration of `source` (antecedents in the two-state
/// grammar).
pub fn parse_declaration(source: &str, raw: &RawDeclaration, dialect: Dialect) -> Declaration {
    parse_declaration_in(source, raw, dialect, Grammar::TwoState)
}

/// Parses one extracted declaration of `source`, antecedents in `grammar`.
pub fn parse_declaration_in(
    source: &str,
    raw: &RawDeclaration,
    dialect: Dialect,
    grammar: Grammar,
) -> Declaration {
    let mut d = DeclarationParser {
        source,
        raw,
        dialect,
        grammar,
        name: None,
    };
    match d.parse() {
        Ok(p) => Declaration::Property(p),
        Err((at, reason)) => {
            // The equalities after the implication, or after a `->` written in its
            // place.
            let arrow = impl_positions(source, &raw.tokens)
                .first()
                .copied()
                .or_else(|| top_level(source, &raw.tokens, &["->"]).first().copied());
            let named = match arrow {
                Some(i) => named_equalities(source, &raw.tokens[i + 1..]),
                None => Vec::new(),
            };
            Declaration::Malformed(Malformed {
                name: d.name,
                offset: raw.start,
                at,
                reason,
                named,
            })
        }
    }
}

/// A problem at a byte offset, with what was expected.
type Problem = (usize, String);

struct DeclarationParser<'s> {
    source: &'s str,
    raw: &'s RawDeclaration,
    dialect: Dialect,
    grammar: Grammar,
    name: Option<String>,
}

impl<'s> DeclarationParser<'s> {
    /// The name and the body's tokens (after `NAME;`, without the final `;`), and
    /// where the header ends.
    fn header(&self) -> Result<(String, &'s [Token], usize), Problem> {
        let src = self.source;
        let tokens = &self.raw.tokens[..];
        if let RawKind::Assertion { name } = &self.raw.kind {
            return Ok((name.clone(), tokens, self.raw.start));
        }
        let Some(first) = tokens.first() else {
            return Err((
                self.raw.start,
                "expected a property name after `property`".into(),
            ));
        };
        let name = first.text(src).to_string();
        let separator_ok =
            |t: &Token| t.is(src, ";") || (self.dialect == Dialect::Reference && t.is(src, ":"));
        match tokens.get(1) {
            Some(t) if separator_ok(t) => {}
            Some(t) => {
                let found = t.text(src);
                return Err((
                    t.start,
                    format!("expected `;` after the property name `{name}`, found `{found}`"),
                ));
            }
            None => {
                return Err((
                    tokens[0].end,
                    format!("expected `;` after the property name `{name}`"),
                ));
            }
        }
        let mut body = &tokens[2..];
        if body.last().is_some_and(|t| t.is(src, ";")) {
            body = &body[..body.len() - 1];
        }
        Ok((name, body, tokens[1].end))
    }

    fn parse(&mut self) -> Result<Property, Problem> {
        let src = self.source;
        self.name = match &self.raw.kind {
            RawKind::Assertion { name } => Some(name.clone()),
            RawKind::Declaration => self.raw.tokens.first().map(|t| t.text(src).to_string()),
        };
        let (name, mut body, end_of_header) = self.header()?;
        if body.is_empty() {
            return Err((
                end_of_header,
                "empty property body: expected `ANTECEDENT |-> CONSEQUENT`".into(),
            ));
        }
        let mut clock = None;
        if body[0].is(src, "@") {
            let (event, rest) = self.clock_event(body)?;
            clock = Some(event);
            let end_of_clock = body[rest - 1].end;
            body = &body[rest..];
            if body.is_empty() {
                return Err((
                    end_of_clock,
                    "nothing after the clock event: expected `ANTECEDENT |-> CONSEQUENT`".into(),
                ));
            }
        }
        let mut disable_iff = None;
        if body[0].is(src, "disable") && body.get(1).is_some_and(|t| t.is(src, "iff")) {
            let (condition, rest) = self.disable_iff(body)?;
            disable_iff = Some(condition);
            let end = body[rest - 1].end;
            body = &body[rest..];
            if body.is_empty() {
                return Err((
                    end,
                    "nothing after `disable iff (...)`: expected `ANTECEDENT |-> CONSEQUENT`"
                        .into(),
                ));
            }
        }
        let impls = impl_positions(src, body);
        let at = match impls.as_slice() {
            [] => {
                if let Some(&arrow) = top_level(src, body, &["->"]).first() {
                    let (line, column) = line_column(src, body[arrow].start);
                    return Err((
                        body[arrow].start,
                        format!(
                            "`->` at {line}:{column} is logical implication, not a property \
                             implication: expected `|->` or `|=>` between antecedent and consequent"
                        ),
                    ));
                }
                return Err((
                    body[0].start,
                    "no implication: expected `|->` or `|=>` between antecedent and consequent"
                        .into(),
                ));
            }
            [i] => *i,
            [a, b, ..] => {
                let (la, ca) = line_column(src, body[*a].start);
                let (lb, cb) = line_column(src, body[*b].start);
                return Err((
                    body[*b].start,
                    format!(
                        "two implications (`{}` at {la}:{ca} and `{}` at {lb}:{cb}); a property holds exactly one",
                        body[*a].text(src),
                        body[*b].text(src)
                    ),
                ));
            }
        };
        let implication = if body[at].is(src, "|->") {
            Implication::Overlapping
        } else {
            Implication::NonOverlapping
        };
        let (antecedent_text, mut antecedent, inner_clock) =
            self.antecedent(&body[..at], body[at].start)?;
        if clock.is_none() {
            clock = inner_clock;
        }
        // `disable iff (D) A |-> C` checks `C` where `A` holds and `D` does not: the
        // antecedent becomes `!(D) && A`, with `!(D)` one more branch predicate.
        if let Some((_, d)) = &disable_iff {
            let mut conjuncts = vec![Expr::not(d.clone())];
            match antecedent {
                Expr::And(v) => conjuncts.extend(v),
                other => conjuncts.push(other),
            }
            antecedent = Expr::And(conjuncts);
        }
        let consequent = parse_consequent(src, &body[at + 1..]).map_err(|(i, message)| {
            let t = body.get(at + 1 + i).unwrap_or(&body[at]);
            (t.start, message)
        })?;
        Ok(Property {
            name,
            offset: self.raw.start,
            clock,
            disable_iff: disable_iff.map(|(text, _)| text),
            antecedent_text,
            antecedent,
            implication,
            consequent,
        })
    }

    /// `disable iff ( CONDITION )` at the start of `tokens`: the condition (text and
    /// expression) and the index after it.
    fn disable_iff(&self, tokens: &[Token]) -> Result<((String, Expr), usize), Problem> {
        let src = self.source;
        if !tokens.get(2).is_some_and(|t| t.is(src, "(")) {
            let at = tokens.get(2).unwrap_or(&tokens[1]);
            return Err((at.start, "expected `(` after `disable iff`".into()));
        }
        let Some(close) = matching_close(src, tokens, 2) else {
            return Err((
                tokens[2].start,
                "the `(` of `disable iff` is never closed".into(),
            ));
        };
        if close == 3 {
            return Err((
                tokens[3].start,
                "empty `disable iff ()`: expected a condition".into(),
            ));
        }
        let (start, end) = (tokens[3].start, tokens[close - 1].end);
        let text = &src[start..end];
        let expr = parse_expr_in(text, self.grammar).map_err(|e| (start + e.offset, e.message))?;
        Ok(((text.to_string(), expr), close + 1))
    }

    /// `@ ( EVENT )` at the start of `tokens`: the event and the index after it.
    fn clock_event(&self, tokens: &[Token]) -> Result<(ClockEvent, usize), Problem> {
        let src = self.source;
        if !tokens.get(1).is_some_and(|t| t.is(src, "(")) {
            return Err((
                tokens[0].start,
                "expected `(` after `@` in the clock event `@(EDGE SIGNAL)`".into(),
            ));
        }
        let Some(close) = matching_close(src, tokens, 1) else {
            return Err((
                tokens[1].start,
                "the clock event's `(` is never closed".into(),
            ));
        };
        if close == 2 {
            return Err((
                tokens[2].start,
                "empty clock event: expected `@(EDGE SIGNAL)`".into(),
            ));
        }
        Ok((ClockEvent(join(src, &tokens[2..close])), close + 1))
    }

    /// The antecedent's text (clock events and repaired parentheses blanked out), its
    /// expression, and a clock event found inside it (references only).
    fn antecedent(
        &self,
        tokens: &[Token],
        impl_start: usize,
    ) -> Result<(String, Expr, Option<ClockEvent>), Problem> {
        let src = self.source;
        if tokens.is_empty() {
            return Err((
                impl_start,
                "expected an antecedent before the implication".into(),
            ));
        }
        let mut blank: Vec<(usize, usize)> = Vec::new();
        let mut clock = None;
        let mut i = 0;
        while i < tokens.len() {
            if tokens[i].is(src, "@") {
                let at_conjunct_start = i == 0 || tokens[i - 1].is(src, "&&");
                if self.dialect == Dialect::Generated || !at_conjunct_start {
                    return Err((
                        tokens[i].start,
                        "clock event inside the antecedent: it goes before the antecedent".into(),
                    ));
                }
                let (event, next) = self.clock_event(&tokens[i..])?;
                clock.get_or_insert(event);
                blank.push((tokens[i].start, tokens[i + next - 1].end));
                i += next;
            } else {
                i += 1;
            }
        }
        let mut kept: Vec<Token> = Vec::with_capacity(tokens.len());
        kept.extend(
            tokens
                .iter()
                .filter(|t| !blank.iter().any(|b| t.start >= b.0 && t.end <= b.1)),
        );
        if kept.is_empty() {
            return Err((
                impl_start,
                "expected an antecedent before the implication".into(),
            ));
        }
        if let Err((k, open)) = check_balance(src, &kept) {
            let repairable =
                !open && self.dialect == Dialect::Reference && self.trailing_excess(&kept, k);
            if !repairable {
                return Err((kept[k].start, unbalanced(open)));
            }
            blank.extend(kept[k..].iter().map(|t| (t.start, t.end)));
        }
        let (start, end) = (kept[0].start, kept[kept.len() - 1].end);
        let mut text = src[start..end].to_string();
        for (from, to) in blank {
            if from >= start && to <= end {
                text.replace_range(from - start..to - start, &" ".repeat(to - from));
            }
        }
        let expr = parse_expr_in(&text, self.grammar).map_err(|e| (start + e.offset, e.message))?;
        Ok((text, expr, clock))
    }

    /// Whether the unmatched `)` at `k` and everything after it are `)` and the tokens
    /// before form a chain of one top-level operator, so reading the extra `)` as
    /// enclosing the whole antecedent is the only sensible reading.
    fn trailing_excess(&self, tokens: &[Token], k: usize) -> bool {
        let src = self.source;
        if !tokens[k..].iter().all(|t| t.is(src, ")")) {
            return false;
        }
        let head = &tokens[..k];
        let ands = top_level(src, head, &["&&"]).len();
        let ors = top_level(src, head, &["||"]).len();
        check_balance(src, head).is_ok() && (ands == 0 || ors == 0)
    }
}

/// Indices of the implication tokens.
fn impl_positions(source: &str, tokens: &[Token]) -> Vec<usize> {
    tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is(source, "|->") || t.is(source, "|=>"))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
