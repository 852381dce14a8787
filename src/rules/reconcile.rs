//! The reconciliation of flipscope's rules with EquivSVA's (`flipscope reconcile
//! STUDY --rules equivsva`): every figure under both rule sets, and the difference
//! split by cause. The causes are applied one after another in [`Cause::ALL`]'s
//! order, each share being the change in the figure when its cause is switched to
//! their rule after the ones before it, so the shares add up to the difference
//! exactly. The formal status disagreements and the dataset defects are listed one
//! by one, as are the outputs each slang rule rejects.

use std::collections::BTreeMap;

use serde::Serialize;

use super::equivsva::{Cause, Judged, verdicts_under};
use crate::stats::family::{KEYS, model_counts, outputs};
use crate::study::{PropertyVerdict, Study};

/// One figure of one model under both rule sets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FigureRow {
    pub figure: &'static str,
    pub flipscope: i64,
    pub equivsva: i64,
    /// The difference (equivsva − flipscope) by cause; only causes that change it.
    pub causes: BTreeMap<&'static str, i64>,
}

/// A property whose formal status differs between the rule sets' engines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatusDisagreement {
    pub model: String,
    pub program: String,
    pub variant: String,
    pub property: String,
    pub flipscope: String,
    pub equivsva: String,
    pub reason: String,
}

/// An output slang rejects and yosys accepts, by rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SyntaxRejection {
    pub model: String,
    pub task: String,
    pub rule: &'static str,
    pub message: String,
}

/// A family whose own RTL is illegal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DatasetDefect {
    pub program: String,
    /// The implementation or `mutant NAME`.
    pub design: String,
    pub message: String,
}

/// The reconciliation of one study.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reconciliation {
    /// By model: every figure of [`KEYS`].
    pub models: BTreeMap<String, Vec<FigureRow>>,
    pub syntax: Vec<SyntaxRejection>,
    pub formal_status: Vec<StatusDisagreement>,
    pub dataset_defects: Vec<DatasetDefect>,
}

/// The counts per model of `verdicts` read with `study`'s programs.
fn counts(
    study: &Study,
    verdicts: Vec<PropertyVerdict>,
) -> BTreeMap<String, BTreeMap<&'static str, u64>> {
    let mut s = Study::new(study.programs.clone(), Vec::new(), Vec::new(), Vec::new());
    s.verdicts = verdicts;
    let outs = outputs(&s);
    let refs: Vec<_> = outs.iter().collect();
    let mutants_of = |id: &str| s.program(id).map(|p| p.mutants.len());
    model_counts(&refs, &mutants_of).into_iter().collect()
}

/// Reconciles flipscope's `verdicts` of `study` with EquivSVA's rules as `judged`.
pub fn reconcile(study: &Study, verdicts: &[PropertyVerdict], judged: &Judged) -> Reconciliation {
    let mut stages = vec![counts(study, verdicts_under(verdicts, judged, &[], false))];
    for k in 1..=Cause::ALL.len() {
        stages.push(counts(
            study,
            verdicts_under(verdicts, judged, &Cause::ALL[..k], false),
        ));
    }
    let models: std::collections::BTreeSet<&String> =
        stages.iter().flat_map(|s| s.keys()).collect();
    let value = |stage: usize, model: &str, key: &str| -> i64 {
        stages[stage]
            .get(model)
            .and_then(|c| c.get(key))
            .copied()
            .unwrap_or(0) as i64
    };
    let mut table = BTreeMap::new();
    for model in models {
        let rows = KEYS
            .iter()
            .map(|&figure| {
                let mut causes = BTreeMap::new();
                for (k, cause) in Cause::ALL.iter().enumerate() {
                    let d = value(k + 1, model, figure) - value(k, model, figure);
                    if d != 0 {
                        causes.insert(cause.as_str(), d);
                    }
                }
                FigureRow {
                    figure,
                    flipscope: value(0, model, figure),
                    equivsva: value(Cause::ALL.len(), model, figure),
                    causes,
                }
            })
            .collect();
        table.insert(model.clone(), rows);
    }
    let mut syntax = Vec::new();
    let mut valid: BTreeMap<crate::rules::equivsva::judge::OutputKey, bool> = BTreeMap::new();
    for v in verdicts {
        *valid
            .entry((
                v.model.clone(),
                v.program.clone(),
                v.variant.clone(),
                v.sample_index(),
            ))
            .or_insert(true) &= v.syntax.ok;
    }
    for (k, ok) in valid {
        if !ok {
            continue;
        }
        if let Some(e) = judged.outputs[&k].slang.first() {
            syntax.push(SyntaxRejection {
                model: k.0,
                task: if k.3 > 0 {
                    format!("{}__{} sample {}", k.1, k.2, k.3)
                } else {
                    format!("{}__{}", k.1, k.2)
                },
                rule: e.rule.as_str(),
                message: e.to_string(),
            });
        }
    }
    let all = verdicts_under(verdicts, judged, &Cause::ALL, false);
    let mut formal_status = Vec::new();
    for (v, l) in verdicts.iter().zip(&judged.lines) {
        if l.inductive == Some(false) {
            let theirs = all
                .iter()
                .find(|a| a.key() == v.key())
                .and_then(|a| a.status.as_ref());
            formal_status.push(StatusDisagreement {
                model: v.model.clone(),
                program: v.program.clone(),
                variant: v.variant.clone(),
                property: v.name.clone().unwrap_or_default(),
                flipscope: v
                    .status
                    .as_ref()
                    .map_or("none", |c| c.status.as_str())
                    .to_string(),
                equivsva: theirs.map_or("none", |c| c.status.as_str()).to_string(),
                reason: "true (PDR proves it) but not 30-inductive: k-induction at depth 30 cannot prove it".into(),
            });
        }
    }
    let dataset_defects = judged
        .defective
        .iter()
        .map(|(p, (design, k))| DatasetDefect {
            program: p.clone(),
            design: design.clone(),
            message: k.to_string(),
        })
        .collect();
    Reconciliation {
        models: table,
        syntax,
        formal_status,
        dataset_defects,
    }
}

/// The reconciliation as a table (one block per model).
pub fn render_table(r: &Reconciliation) -> String {
    let mut out = String::new();
    for (model, rows) in &r.models {
        out.push_str(&format!("model {model}\n"));
        out.push_str(&format!(
            "{:<20} {:>9} {:>9} {:>6}  by cause\n",
            "figure", "flipscope", "equivsva", "diff"
        ));
        for row in rows {
            let causes: Vec<String> = row
                .causes
                .iter()
                .map(|(c, d)| format!("{c} {d:+}"))
                .collect();
            out.push_str(&format!(
                "{:<20} {:>9} {:>9} {:>+6}  {}\n",
                row.figure,
                row.flipscope,
                row.equivsva,
                row.equivsva - row.flipscope,
                causes.join(", ")
            ));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "syntax: {} outputs slang rejects and yosys accepts\n",
        r.syntax.len()
    ));
    for s in &r.syntax {
        out.push_str(&format!("  {} [{}] {}\n", s.task, s.rule, s.message));
    }
    out.push_str(&format!(
        "formal status: {} disagreements\n",
        r.formal_status.len()
    ));
    for d in &r.formal_status {
        out.push_str(&format!(
            "  {}__{} {}: flipscope {}, equivsva {} ({})\n",
            d.program, d.variant, d.property, d.flipscope, d.equivsva, d.reason
        ));
    }
    out.push_str(&format!(
        "dataset defects: {} families\n",
        r.dataset_defects.len()
    ));
    for d in &r.dataset_defects {
        out.push_str(&format!("  {} {}: {}\n", d.program, d.design, d.message));
    }
    out
}
