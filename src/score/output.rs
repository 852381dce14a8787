//! Scoring one generated output against the behaviors of its program: renaming,
//! extraction, parsing, matching, the contract and the antecedent, in the order of
//! SCORING.md §6.

use super::antecedent::classify;
use super::behavior::Behavior;
use super::category::Category;
use super::matching::{Match, match_behaviors};
use super::verdict::{ScoreOptions, Verdict};
use crate::logic::Expr;
use crate::sva::token::line_column;
use crate::sva::{
    ClockEvent, Declaration, Dialect, Mode, check_contract, extract, parse_declaration,
    rename_identifiers,
};

/// The verdict of every behavior (same order) in one generated `output`.
pub fn score_output(behaviors: &[Behavior], output: &str, options: &ScoreOptions) -> Vec<Verdict> {
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
    // Classifications already made: (declaration, reference antecedent) -> verdict.
    let mut cache: Vec<(usize, &Expr, Category, String)> = Vec::new();
    let matches = match_behaviors(behaviors, &declarations);
    behaviors
        .iter()
        .zip(matches)
        .map(|(b, m)| match m {
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
                            Ok(()) => match cache.iter().find(|c| c.0 == i && *c.1 == b.antecedent)
                            {
                                Some(c) => (c.2, c.3.clone()),
                                None => {
                                    let (cat, why) = classify(&p.antecedent, &b.antecedent);
                                    cache.push((i, &b.antecedent, cat, why.clone()));
                                    (cat, why)
                                }
                            },
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
