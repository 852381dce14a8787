//! What `transform STUDY` did to each (program, implementation, kind): added, or why
//! not; and the counts per kind that the command prints.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Kind;

/// Why a rewrite was not added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", content = "detail", rename_all = "kebab-case")]
pub enum Refusal {
    /// The kind finds nothing to rewrite.
    NotApplicable(&'static str),
    /// The program already has a variant of that name (it is kept as it is).
    Exists,
    /// The source or the rewrite does not parse.
    Unparsable(String),
    /// The equivalence was not proven (a counterexample, a limit, no clock).
    Unproven(String),
    /// Equivalent, but a gold property's verdict differs between the two.
    GoldFlip(String),
}

impl Refusal {
    /// The short name counted per kind.
    pub fn word(&self) -> &'static str {
        match self {
            Refusal::NotApplicable(_) => "not applicable",
            Refusal::Exists => "already there",
            Refusal::Unparsable(_) => "unparsable",
            Refusal::Unproven(_) => "unproven",
            Refusal::GoldFlip(_) => "gold flip",
        }
    }

    /// The detail shown after the word.
    pub fn detail(&self) -> String {
        match self {
            Refusal::NotApplicable(s) => s.to_string(),
            Refusal::Exists => "the study already has a variant of this name; kept as it is".into(),
            Refusal::Unparsable(s) | Refusal::Unproven(s) | Refusal::GoldFlip(s) => s.clone(),
        }
    }
}

/// One (program, implementation, kind).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantOutcome {
    pub program: String,
    /// The implementation rewritten (`original` for the canonical one).
    pub source: String,
    pub kind: Kind,
    /// The variant's name (`T1`, `onehot_case.T1`).
    pub name: String,
    /// `None`: added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
}

/// The counts of one kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KindTally {
    pub added: usize,
    /// Refusal word -> count.
    pub refused: BTreeMap<&'static str, usize>,
}

/// The whole run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct StudyTransformReport {
    pub kinds: Vec<Kind>,
    /// Whole-module programs considered.
    pub modules: usize,
    /// Fragment programs, written unchanged.
    pub fragments: usize,
    pub outcomes: Vec<VariantOutcome>,
}

impl StudyTransformReport {
    pub fn new(kinds: &[Kind]) -> Self {
        Self {
            kinds: kinds.to_vec(),
            ..Self::default()
        }
    }

    /// Program, implementation, kind order.
    pub fn sort(&mut self) {
        self.outcomes
            .sort_by(|a, b| (&a.program, &a.source, a.kind).cmp(&(&b.program, &b.source, b.kind)));
    }

    /// The counts per kind, in the order asked for.
    pub fn tallies(&self) -> Vec<(Kind, KindTally)> {
        self.kinds
            .iter()
            .map(|&k| {
                let mut t = KindTally::default();
                for o in self.outcomes.iter().filter(|o| o.kind == k) {
                    match &o.refusal {
                        None => t.added += 1,
                        Some(r) => *t.refused.entry(r.word()).or_default() += 1,
                    }
                }
                (k, t)
            })
            .collect()
    }

    /// Rewrites added in all.
    pub fn added(&self) -> usize {
        self.outcomes.iter().filter(|o| o.refusal.is_none()).count()
    }

    /// One line per refusal (program, variant, word: detail), then one line per kind
    /// (`T1: 20 added (proven equivalent), 4 not applicable`).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for o in &self.outcomes {
            if let Some(r) = &o.refusal {
                out.push_str(&format!(
                    "program \"{}\": {}: {}: {}\n",
                    o.program,
                    o.name,
                    r.word(),
                    r.detail()
                ));
            }
        }
        for (kind, t) in self.tallies() {
            let mut parts = vec![format!("{} added (proven equivalent)", t.added)];
            parts.extend(t.refused.iter().map(|(w, n)| format!("{n} {w}")));
            out.push_str(&format!("{kind}: {}\n", parts.join(", ")));
        }
        if self.fragments > 0 {
            out.push_str(&format!(
                "{} fragment program(s) written unchanged (use `import vert --variants` for fragments)\n",
                self.fragments
            ));
        }
        out
    }
}
