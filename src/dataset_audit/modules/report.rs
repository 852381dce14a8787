//! The module audit's findings and their table: legality (located), pairwise
//! equivalence of the implementations (with the counterexample trace of a pair that
//! differs), the gold properties on every implementation, and the mutants (whether each
//! differs and which gold properties detect it); plus an imported study's own
//! warnings (AssertionBench's `import-warnings.jsonl`).

use serde::Serialize;

use crate::formal::Counterexample;

/// A design that is not legal IEEE 1800.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalityFinding {
    pub program: String,
    /// The variant, or `mutant NAME`.
    pub design: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Two implementations (or an implementation and a mutant) compared by a miter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EquivalenceCheck {
    pub program: String,
    pub left: String,
    pub right: String,
    /// `equivalent`, `differ`, `unknown`, `unsupported` or `error`.
    pub status: String,
    /// The first output that differs (or could not be decided).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Under which inputs they first differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Counterexample>,
}

/// One gold property on one implementation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GoldCheck {
    pub program: String,
    pub design: String,
    pub property: String,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vacuous: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl GoldCheck {
    /// A pass that is not vacuous.
    pub fn holds(&self) -> bool {
        self.status == "pass" && self.vacuous == Some(false)
    }
}

/// One mutant: whether it differs from the canonical implementation, and the gold
/// properties that fail on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MutantCheck {
    pub program: String,
    pub mutant: String,
    pub differs: Option<EquivalenceCheck>,
    pub detected_by: Vec<String>,
}

impl MutantCheck {
    pub fn is_different(&self) -> bool {
        self.differs.as_ref().is_some_and(|d| d.status == "differ")
    }
}

/// The audit of a module study.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct ModuleAudit {
    pub families: usize,
    pub implementations: usize,
    pub mutants: usize,
    pub legality: Vec<LegalityFinding>,
    pub equivalence: Vec<EquivalenceCheck>,
    pub gold: Vec<GoldCheck>,
    pub mutant_checks: Vec<MutantCheck>,
    /// The import's own warnings, by kind then as written.
    pub import_warnings: Vec<serde_json::Value>,
    /// What could not be checked, and why.
    pub notes: Vec<String>,
}

impl ModuleAudit {
    /// Whether nothing was found.
    pub fn is_clean(&self) -> bool {
        self.legality.is_empty()
            && self.equivalence.iter().all(|e| e.status == "equivalent")
            && self.gold.iter().all(GoldCheck::holds)
            && self
                .mutant_checks
                .iter()
                .all(|m| m.is_different() && !m.detected_by.is_empty())
            && self.import_warnings.is_empty()
            && self.notes.is_empty()
    }

    /// The audit as JSON: the summary figures and every check.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        v["summary"] = serde_json::json!({
            "families": self.families,
            "implementations": self.implementations,
            "mutants": self.mutants,
            "illegal_designs": self.legality.len(),
            "equivalence_pairs": self.equivalence.len(),
            "equivalent": self.equivalence.iter().filter(|e| e.status == "equivalent").count(),
            "gold_checks": self.gold.len(),
            "gold_hold": self.gold.iter().filter(|g| g.holds()).count(),
            "mutants_differ": self.mutant_checks.iter().filter(|m| m.is_different()).count(),
            "mutants_detected": self.mutant_checks.iter().filter(|m| !m.detected_by.is_empty()).count(),
            "import_warnings": self.import_warnings.len(),
            "clean": self.is_clean(),
        });
        v
    }
}

/// The trace of a counterexample on one line per signal: `name: v0 v1 ...`.
fn trace_lines(t: &Counterexample) -> Vec<String> {
    t.signals
        .iter()
        .map(|s| format!("      {:<24} {}", s.name, s.values.join(" ")))
        .collect()
}

/// The audit as a table: a summary, then every finding.
pub fn render_table(a: &ModuleAudit) -> String {
    let mut out = String::new();
    let line = |out: &mut String, s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(
        &mut out,
        format!(
            "module audit: {} families, {} implementations, {} mutants",
            a.families, a.implementations, a.mutants
        ),
    );
    let eq = a
        .equivalence
        .iter()
        .filter(|e| e.status == "equivalent")
        .count();
    let gold = a.gold.iter().filter(|g| g.holds()).count();
    let differ = a.mutant_checks.iter().filter(|m| m.is_different()).count();
    let detected = a
        .mutant_checks
        .iter()
        .filter(|m| !m.detected_by.is_empty())
        .count();
    line(&mut out, format!("{:<34} {:>6} {:>6}", "check", "ok", "of"));
    line(
        &mut out,
        format!(
            "{:<34} {:>6} {:>6}",
            "legal designs",
            a.implementations + a.mutants - distinct_designs(a),
            a.implementations + a.mutants
        ),
    );
    line(
        &mut out,
        format!(
            "{:<34} {:>6} {:>6}",
            "equivalent implementation pairs",
            eq,
            a.equivalence.len()
        ),
    );
    line(
        &mut out,
        format!(
            "{:<34} {:>6} {:>6}",
            "gold checks passing non-vacuously",
            gold,
            a.gold.len()
        ),
    );
    line(
        &mut out,
        format!(
            "{:<34} {:>6} {:>6}",
            "mutants that differ",
            differ,
            a.mutant_checks.len()
        ),
    );
    line(
        &mut out,
        format!(
            "{:<34} {:>6} {:>6}",
            "mutants a gold property detects",
            detected,
            a.mutant_checks.len()
        ),
    );
    line(
        &mut out,
        format!("{:<34} {:>6}", "import warnings", a.import_warnings.len()),
    );
    if a.is_clean() {
        line(&mut out, "no findings".into());
        return out;
    }
    line(&mut out, "findings:".into());
    for f in &a.legality {
        line(
            &mut out,
            format!(
                "  illegal  {} {}: {}:{}:{}: {}",
                f.program, f.design, f.file, f.line, f.column, f.message
            ),
        );
    }
    for e in a.equivalence.iter().filter(|e| e.status != "equivalent") {
        line(
            &mut out,
            format!(
                "  not-equivalent  {} {} vs {}: {}{}{}",
                e.program,
                e.left,
                e.right,
                e.status,
                e.output
                    .as_ref()
                    .map(|o| format!(" on output `{o}`"))
                    .unwrap_or_default(),
                e.reason
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
        );
        if let Some(t) = &e.trace {
            line(
                &mut out,
                format!("    counterexample, fails at cycle {}:", t.fail_cycle),
            );
            for l in trace_lines(t) {
                line(&mut out, l);
            }
        }
    }
    for g in a.gold.iter().filter(|g| !g.holds()) {
        let what = if g.status == "pass" {
            "vacuous".to_string()
        } else {
            g.status.clone()
        };
        line(
            &mut out,
            format!(
                "  gold  {} {} {}: {what}{}",
                g.program,
                g.design,
                g.property,
                g.reason
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
        );
    }
    for m in &a.mutant_checks {
        if !m.is_different() {
            let why = m
                .differs
                .as_ref()
                .map_or("not compared".to_string(), |d| d.status.clone());
            line(
                &mut out,
                format!("  mutant-equivalent  {} {}: {why}", m.program, m.mutant),
            );
        }
        if m.detected_by.is_empty() {
            line(
                &mut out,
                format!(
                    "  mutant-undetected  {} {}: no gold property fails on it",
                    m.program, m.mutant
                ),
            );
        }
    }
    for w in &a.import_warnings {
        let kind = w["kind"].as_str().unwrap_or("warning");
        let message = w["message"]
            .as_str()
            .map_or_else(|| w.to_string(), str::to_string);
        let file = w["file"].as_str().unwrap_or("");
        let at = w["line"].as_u64().unwrap_or(1);
        line(
            &mut out,
            format!("  import  [{kind}] {file}:{at}: {message}"),
        );
    }
    for n in &a.notes {
        line(&mut out, format!("  note  {n}"));
    }
    out
}

/// How many distinct designs have a legality finding.
fn distinct_designs(a: &ModuleAudit) -> usize {
    let set: std::collections::BTreeSet<(&str, &str)> = a
        .legality
        .iter()
        .map(|f| (f.program.as_str(), f.design.as_str()))
        .collect();
    set.len()
}
