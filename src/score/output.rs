//! Scoring one generated output against the behaviors of its program: renaming,
//! extraction, parsing, matching, the contract and the antecedent, in the order of
//! SCORING.md §6.

use super::antecedent::classify_prepared;
use super::behavior::Behavior;
use super::category::Category;
use super::matching::{Context, Match, match_behaviors};
use super::prepared::PreparedReference;
use super::verdict::{ScoreOptions, Verdict};
use crate::logic::{Expr, Grammar};
use crate::sva::{
    ClockEvent, Declaration, Dialect, Mode, RawDeclaration, check_contract, extract,
    parse_declaration_in, rename_identifiers,
};
use crate::text::line_column;
use crate::text::token::Kind;

/// The verdict of every behavior (same order) in one generated `output`. Prepares
/// the behaviors' antecedents for this output alone, under `options.semantics`: to
/// score several outputs against the same behaviors, prepare them once and use
/// `score_prepared`.
pub fn score_output(behaviors: &[Behavior], output: &str, options: &ScoreOptions) -> Vec<Verdict> {
    score_prepared(
        &PreparedReference::new(behaviors, &options.semantics),
        output,
        options,
    )
}

/// The verdict of every behavior of `reference` (same order) in one generated
/// `output`: what `score_output` gives for the same behaviors. The semantics is the
/// one `reference` was prepared with (`options.semantics` is not read).
pub fn score_prepared(
    reference: &PreparedReference,
    output: &str,
    options: &ScoreOptions,
) -> Vec<Verdict> {
    // The canonical form of each declaration's antecedent, computed when first needed.
    let mut canonical: Vec<Option<Expr>> = Vec::new();
    score_with(
        reference,
        output,
        options,
        |declaration, generated, condition| {
            if canonical.len() <= declaration {
                canonical.resize(declaration + 1, None);
            }
            classify_prepared(
                generated,
                &mut canonical[declaration],
                reference.condition(condition),
            )
        },
    )
}

/// Every verdict of (declaration, behavior) asked for, once.
struct Judge<'a, 'r, F> {
    reference: &'a PreparedReference<'r>,
    declarations: &'a [Declaration],
    text: &'a str,
    clock: Option<ClockEvent>,
    classify: F,
    /// (declaration, reference condition) -> verdict, for well-formed properties that
    /// meet the contract.
    cache: Vec<(usize, usize, Category, String)>,
}

impl<F: FnMut(usize, &Expr, usize) -> (Category, String)> Judge<'_, '_, F> {
    /// The category and reason of declaration `i` for behavior `behavior`.
    fn judge(&mut self, i: usize, behavior: usize) -> (Category, String) {
        match &self.declarations[i] {
            Declaration::Malformed(m) => {
                let (line, column) = line_column(self.text, m.at);
                (
                    Category::OutputContract,
                    format!("malformed: {} (at {line}:{column})", m.reason),
                )
            }
            Declaration::Property(p) => match check_contract(p, self.clock.as_ref()) {
                Err(why) => (Category::OutputContract, why),
                Ok(()) => {
                    let condition = self.reference.condition_of(behavior);
                    let (cat, why) = match self.cache.iter().find(|c| c.0 == i && c.1 == condition)
                    {
                        Some(c) => (c.2, c.3.clone()),
                        None => {
                            let (cat, why) = (self.classify)(i, &p.antecedent, condition);
                            self.cache.push((i, condition, cat, why.clone()));
                            (cat, why)
                        }
                    };
                    let reference_disables =
                        self.reference.behaviors()[behavior].disable_iff.is_some();
                    match (&p.disable_iff, cat) {
                        (Some(d), c) if c != Category::Correct && !reference_disables => self
                            .without_disable_iff(i, p, d, condition)
                            .unwrap_or((cat, why)),
                        _ => (cat, why),
                    }
                }
            },
        }
    }
}

impl<F: FnMut(usize, &Expr, usize) -> (Category, String)> Judge<'_, '_, F> {
    /// `extra-disable-iff` when property `i` (declaration index), whose `disable iff
    /// (disable)` the reference lacks, would be correct without it.
    fn without_disable_iff(
        &mut self,
        i: usize,
        p: &crate::sva::Property,
        disable: &str,
        condition: usize,
    ) -> Option<(Category, String)> {
        // The parser put `!(D)` first among the antecedent's conjuncts.
        let Expr::And(conjuncts) = &p.antecedent else {
            return None;
        };
        let rest = match &conjuncts[1..] {
            [] => return None,
            [one] => one.clone(),
            many => Expr::And(many.to_vec()),
        };
        // Its own slot for the canonical form: `declarations.len() + i`.
        let slot = self.declarations.len() + i;
        let (category, _) = (self.classify)(slot, &rest, condition);
        (category == Category::Correct).then(|| {
            (
                Category::ExtraDisableIff,
                format!(
                    "`disable iff ({disable})` is all that differs: the reference has no \
                     `disable iff`, and without it the antecedent is equivalent to the \
                     reference"
                ),
            )
        })
    }
}

/// Scoring with the antecedent decisions left to `classify(declaration index,
/// generated antecedent as parsed, condition index of the reference antecedent)`,
/// called once per (declaration, condition).
fn score_with(
    reference: &PreparedReference,
    output: &str,
    options: &ScoreOptions,
    classify: impl FnMut(usize, &Expr, usize) -> (Category, String),
) -> Vec<Verdict> {
    let behaviors = reference.behaviors();
    let semantics = reference.semantics();
    let text = rename_identifiers(output, &options.rename);
    let text = text.as_ref();
    let mode = if options.lenient {
        Mode::Lenient
    } else {
        Mode::Strict
    };
    let extraction = extract(text, mode);
    let verdict =
        |b: &Behavior, category: Category, reason: String, property: Option<String>| Verdict {
            behavior_id: b.id.clone(),
            lhs: b.lhs.clone(),
            rhs: b.rhs.clone(),
            category,
            correct: category.is_correct(),
            reason: visible(&reason),
            property,
        };
    if extraction.empty {
        let reason = "the output is empty".to_string();
        return behaviors
            .iter()
            .map(|b| verdict(b, Category::MissingProperty, reason.clone(), None))
            .collect();
    }
    if let Some(v) = &extraction.violation {
        return behaviors
            .iter()
            .map(|b| verdict(b, Category::OutputContract, v.message.clone(), None))
            .collect();
    }
    if extraction.declarations.is_empty() {
        let reason = "the output holds no complete property declaration".to_string();
        return behaviors
            .iter()
            .map(|b| verdict(b, Category::MissingProperty, reason.clone(), None))
            .collect();
    }
    let grammar = Grammar::of(semantics.values());
    let declarations: Vec<Declaration> = extraction
        .declarations
        .iter()
        .map(|raw| parse_declaration_in(text, raw, Dialect::Generated, grammar))
        .collect();
    let texts: Vec<&str> = extraction
        .declarations
        .iter()
        .map(|raw| &text[raw.start..raw.end])
        .collect();
    let mut judge = Judge {
        reference,
        declarations: &declarations,
        text,
        clock: options.clock.as_deref().map(ClockEvent::parse),
        classify,
        cache: Vec::new(),
    };
    let raw = &extraction.declarations;
    let mentions = |i: usize, name: &str| mentions(text, &raw[i], name);
    let context = Context {
        by_value: semantics.is_two_state(),
        texts: &texts,
        mentions: &mentions,
    };
    let matches = match_behaviors(behaviors, &declarations, &context, &mut |i, b| {
        judge.judge(i, b).0 == Category::Correct
    });
    behaviors
        .iter()
        .zip(matches)
        .enumerate()
        .map(|(index, (b, m))| match m {
            Match::Missing(reason) => verdict(b, Category::MissingProperty, reason, None),
            Match::WrongConsequent { declaration, found } => {
                let name = declarations[declaration].name().unwrap_or("?");
                let reason = format!("`{name}` asserts {found} instead of {} == {}", b.lhs, b.rhs);
                verdict(
                    b,
                    Category::WrongConsequent,
                    reason,
                    Some(texts[declaration].to_string()),
                )
            }
            Match::Properties(indices) => {
                // The first wrong declaration in output order decides; else the last.
                let mut decided = (Category::Correct, String::new(), indices[0]);
                for &i in &indices {
                    let (category, reason) = judge.judge(i, index);
                    decided = (category, reason, i);
                    if category != Category::Correct {
                        break;
                    }
                }
                let (category, reason, i) = decided;
                let name = declarations[i].name().unwrap_or("?");
                verdict(
                    b,
                    category,
                    format!("`{name}`: {reason}"),
                    Some(texts[i].to_string()),
                )
            }
        })
        .collect()
}

/// Whether the declaration mentions the identifier `name` (as a whole token).
fn mentions(text: &str, raw: &RawDeclaration, name: &str) -> bool {
    raw.tokens
        .iter()
        .any(|t| t.kind == Kind::Ident && t.text(text) == name)
}

/// `reason` with invisible characters escaped (`\u{200b}`, `\n`, `\t`, control
/// characters, bidirectional controls, non-ASCII spaces), so that a reason always
/// shows what the text held.
pub(crate) fn visible(reason: &str) -> String {
    let invisible = |c: char| {
        (c.is_control() || (c.is_whitespace() && c != ' '))
            || matches!(
                c,
                '\u{00ad}'
                    | '\u{034f}'
                    | '\u{061c}'
                    | '\u{115f}'
                    | '\u{1160}'
                    | '\u{17b4}'
                    | '\u{17b5}'
                    | '\u{180e}'
                    | '\u{200b}'..='\u{200f}'
                    | '\u{202a}'..='\u{202e}'
                    | '\u{2060}'..='\u{206f}'
                    | '\u{3164}'
                    | '\u{fe00}'..='\u{fe0f}'
                    | '\u{feff}'
                    | '\u{ffa0}'
                    | '\u{fff9}'..='\u{fffb}'
            )
    };
    // Printable ASCII (the usual reason) holds nothing to escape: one pass over bytes.
    if reason.bytes().all(|b| (0x20..0x7f).contains(&b)) || !reason.chars().any(invisible) {
        return reason.to_string();
    }
    let mut out = String::with_capacity(reason.len() + 8);
    for c in reason.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if invisible(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `score_output` with the plain `antecedent::classify` (no prepared forms): what the
/// prepared path must agree with.
#[cfg(test)]
pub(crate) fn score_plain(
    behaviors: &[Behavior],
    output: &str,
    options: &ScoreOptions,
) -> Vec<Verdict> {
    let reference = PreparedReference::new(behaviors, &options.semantics);
    score_with(&reference, output, options, |_, generated, condition| {
        super::antecedent::classify(
            generated,
            reference.condition(condition).parsed(),
            &options.semantics,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn invisible_characters_are_escaped() {
        assert_eq!(visible("a\u{200b}b"), "a\\u{200b}b");
        assert_eq!(visible("x\ny\tz"), "x\\ny\\tz");
        assert_eq!(visible("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(visible("plain `a` ä"), "plain `a` ä");
    }
}
