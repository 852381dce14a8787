//! Scoring one generated output against the behaviors of its program: renaming,
//! extraction, parsing, matching, the contract and the antecedent, in the order of
//! SCORING.md §6.

use super::antecedent::classify_prepared;
use super::behavior::Behavior;
use super::category::Category;
use super::matching::{Match, match_behaviors};
use super::prepared::PreparedReference;
use super::verdict::{ScoreOptions, Verdict};
use crate::logic::Expr;
use crate::sva::token::line_column;
use crate::sva::{
    ClockEvent, Declaration, Dialect, Mode, check_contract, extract, parse_declaration,
    rename_identifiers,
};

/// The verdict of every behavior (same order) in one generated `output`. Prepares
/// the behaviors' antecedents for this output alone: to score several outputs against
/// the same behaviors, prepare them once and use `score_prepared`.
pub fn score_output(behaviors: &[Behavior], output: &str, options: &ScoreOptions) -> Vec<Verdict> {
    score_prepared(&PreparedReference::new(behaviors), output, options)
}

/// The verdict of every behavior of `reference` (same order) in one generated
/// `output`: what `score_output` gives for the same behaviors.
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

/// Scoring with the antecedent decisions left to `classify(declaration index,
/// generated antecedent as parsed, condition index of the reference antecedent)`,
/// called once per (declaration, condition).
fn score_with(
    reference: &PreparedReference,
    output: &str,
    options: &ScoreOptions,
    mut classify: impl FnMut(usize, &Expr, usize) -> (Category, String),
) -> Vec<Verdict> {
    let behaviors = reference.behaviors();
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
            reason,
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
    let declarations: Vec<Declaration> = extraction
        .declarations
        .iter()
        .map(|raw| parse_declaration(text, raw, Dialect::Generated))
        .collect();
    let texts: Vec<&str> = extraction
        .declarations
        .iter()
        .map(|raw| &text[raw.start..raw.end])
        .collect();
    let clock = options.clock.as_deref().map(ClockEvent::parse);
    // Classifications already made: (declaration, reference condition) -> verdict.
    let mut cache: Vec<(usize, usize, Category, String)> = Vec::new();
    let matches = match_behaviors(behaviors, &declarations);
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
                    let (category, reason) = match &declarations[i] {
                        Declaration::Malformed(m) => {
                            let (line, column) = line_column(text, m.at);
                            (
                                Category::OutputContract,
                                format!("malformed: {} (at {line}:{column})", m.reason),
                            )
                        }
                        Declaration::Property(p) => match check_contract(p, clock.as_ref()) {
                            Err(why) => (Category::OutputContract, why),
                            Ok(()) => {
                                let condition = reference.condition_of(index);
                                match cache.iter().find(|c| c.0 == i && c.1 == condition) {
                                    Some(c) => (c.2, c.3.clone()),
                                    None => {
                                        let (cat, why) = classify(i, &p.antecedent, condition);
                                        cache.push((i, condition, cat, why.clone()));
                                        (cat, why)
                                    }
                                }
                            }
                        },
                    };
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

/// `score_output` with the plain `antecedent::classify` (no prepared forms): what the
/// prepared path must agree with.
#[cfg(test)]
pub(crate) fn score_plain(
    behaviors: &[Behavior],
    output: &str,
    options: &ScoreOptions,
) -> Vec<Verdict> {
    let reference = PreparedReference::new(behaviors);
    score_with(&reference, output, options, |_, generated, condition| {
        super::antecedent::classify(generated, reference.condition(condition).parsed())
    })
}
