//! The assertions of a study to re-prove: for each generation, the statements its
//! external run gave verdicts on (with the statement the verdict names), else the
//! `assert property` statements of its own output, without an external verdict.

use std::borrow::Cow;

use crate::stats::filter::FieldRow;
use crate::study::assertionbench::property_file::parse_property_file;
use crate::study::{Generation, RunOutcome, Study};

/// One assertion to re-prove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssertionUnit {
    /// `design/model/k-shot/#N`, unique in the study.
    pub id: String,
    pub program: String,
    pub group: String,
    pub model: String,
    pub shots: Option<u32>,
    /// `N`: its place in the property file the text comes from (JasperGold's
    /// `_assert_N` when the external run analysed that file).
    pub index: usize,
    /// The property file the statement is read from.
    pub file: String,
    /// Its 1-based line there, when known.
    pub line: Option<usize>,
    /// The statement to prove (with the declaration of a property it names).
    pub text: String,
    /// The external engine's status of this assertion (`proven`, `cex`, ...), when
    /// its run gave one.
    pub external: Option<String>,
    /// The external run's precondition cover status (`covered`, `unreachable`).
    pub precondition: Option<String>,
    /// How the external run ended (`None`: the generation has none).
    pub outcome: Option<RunOutcome>,
    /// Why the external verdict is missing or to be read with care.
    pub note: Option<String>,
    /// The external run's bind did not take: its verdict is of the property module's
    /// free inputs (the name is `i_<top>._assert_N`, with no design scope).
    pub bind_not_taken: bool,
    /// The declared widths of the ports of the generation's property module, by name.
    pub ports: Vec<(String, super::widths::Width)>,
    /// What the external run black-boxed (JasperGold's warning WNL018: operators
    /// replaced by free signals), from the import.
    pub black_boxed: Vec<String>,
}

/// Whether an external verdict's name shows a bind that did not take: the scope before
/// `._assert_N` is one module name (`i_fht_bfly`), not a design path
/// (`fht_bfly.v_fht_bfly`).
pub fn bind_not_taken(name: &str) -> bool {
    match name.rsplit_once("._assert_") {
        Some((scope, _)) => !scope.is_empty() && !scope.contains('.'),
        None => false,
    }
}

impl AssertionUnit {
    /// Its key in the annotation store: the design as the program, the model, the
    /// `original` variant and `k-shot #N` (`#N` without shots) as the behavior, so
    /// an auditor's tags and notes on an assertion live in `annotations.jsonl` beside
    /// the pairs' (docs/annotations.md).
    pub fn annotation_key(&self) -> crate::study::PairKey {
        let behavior = match self.shots {
            Some(k) => format!("{k}-shot #{}", self.index),
            None => format!("#{}", self.index),
        };
        crate::study::PairKey {
            model: self.model.clone(),
            variant: crate::study::ORIGINAL.to_string(),
            program: self.program.clone(),
            behavior,
            sample: 0,
        }
    }

    /// The external side as the agreement table counts it: `proven`, `cex`, `error`
    /// (the run failed on the whole file) or `none`.
    pub fn external_class(&self) -> &str {
        match (&self.external, self.outcome) {
            (Some(s), _) => s,
            (None, Some(RunOutcome::Syntax | RunOutcome::Empty)) => "error",
            _ => "none",
        }
    }
}

impl FieldRow for AssertionUnit {
    const KEYS: &'static [&'static str] = &[
        "design",
        "group",
        "model",
        "shots",
        "assertion",
        "jasper",
        "outcome",
        "id",
    ];

    fn field(&self, key: &str) -> Option<Cow<'_, str>> {
        match key {
            "design" => Some(Cow::Borrowed(&self.program)),
            "group" => Some(Cow::Borrowed(&self.group)),
            "model" => Some(Cow::Borrowed(&self.model)),
            "shots" => self.shots.map(|k| Cow::Owned(k.to_string())),
            "assertion" => Some(Cow::Owned(self.index.to_string())),
            "jasper" => Some(Cow::Borrowed(self.external_class())),
            "outcome" => self.outcome.map(|o| Cow::Borrowed(o.as_str())),
            "id" => Some(Cow::Borrowed(&self.id)),
            _ => None,
        }
    }
}

/// The id of an assertion.
pub fn unit_id(program: &str, model: &str, shots: Option<u32>, index: usize) -> String {
    let shots = shots.map_or_else(|| "-".to_string(), |k| format!("{k}-shot"));
    format!("{program}/{model}/{shots}/#{index}")
}

/// Every assertion of the study's generations, in generation order.
pub fn units_of(study: &Study) -> Vec<AssertionUnit> {
    study
        .generations
        .iter()
        .flat_map(|g| generation_units(study, g))
        .collect()
}

fn generation_units(study: &Study, g: &Generation) -> Vec<AssertionUnit> {
    let group = study
        .program(&g.program)
        .map(|p| p.stratum.clone())
        .unwrap_or_default();
    let own_file = g
        .meta
        .as_ref()
        .and_then(|m| m.get("file"))
        .and_then(|f| f.as_str())
        .unwrap_or("output")
        .to_string();
    let run = g.external.as_ref();
    let mut ports: Vec<(String, super::widths::Width)> = parse_property_file(&g.output)
        .module
        .map(|m| {
            super::widths::declared_widths(&g.output, &m)
                .into_iter()
                .collect()
        })
        .unwrap_or_default();
    ports.sort_by(|a, b| a.0.cmp(&b.0));
    let black_boxed: Vec<String> = run
        .and_then(|r| {
            r.extra
                .get(crate::study::assertionbench::verdicts::BLACK_BOXED)
        })
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let unit = |index: usize, file: &str, line, text: String| AssertionUnit {
        id: unit_id(&g.program, &g.model, g.shots, index),
        program: g.program.clone(),
        group: group.clone(),
        model: g.model.clone(),
        shots: g.shots,
        index,
        file: file.to_string(),
        line,
        text,
        external: None,
        precondition: None,
        outcome: run.map(|r| r.outcome),
        note: None,
        bind_not_taken: false,
        ports: ports.clone(),
        black_boxed: black_boxed.clone(),
    };
    if let Some(run) = run
        && !run.verdicts.is_empty()
        && run.verdicts.iter().all(|v| v.text.is_some())
    {
        let file = run.analysed.clone().unwrap_or_else(|| own_file.clone());
        return run
            .verdicts
            .iter()
            .map(|v| AssertionUnit {
                external: Some(v.status.clone()),
                precondition: v.precondition.clone(),
                bind_not_taken: bind_not_taken(&v.name),
                note: bind_not_taken(&v.name).then(|| {
                    format!(
                        "the bind did not take ({}): the engine proved the property module's free inputs, not the design",
                        v.name
                    )
                }),
                ..unit(
                    v.assertion,
                    &file,
                    v.line,
                    v.text.clone().unwrap_or_default(),
                )
            })
            .collect();
    }
    // No usable verdicts: the output's own statements, each said why.
    let note = match run {
        None => Some("no external run".to_string()),
        Some(r) if !r.verdicts.is_empty() => Some(format!(
            "the {} verdicts of {} cannot be matched to this file's statements (see the import's count-mismatch warning)",
            r.verdicts.len(),
            r.log.as_deref().unwrap_or("the log")
        )),
        Some(r) if r.analysed.as_deref().is_some_and(|a| a != own_file) => Some(format!(
            "the run ({}) analysed {}, not this file",
            r.outcome.as_str(),
            r.analysed.as_deref().unwrap_or_default()
        )),
        Some(r) => match r.outcome {
            RunOutcome::Syntax => Some(format!(
                "the run stopped on the file: {}",
                r.message.as_deref().unwrap_or("a syntax error")
            )),
            RunOutcome::Ok | RunOutcome::Empty => None,
            other => Some(format!("no verdict: the run is {}", other.as_str())),
        },
    };
    let mismatched = run.is_some_and(|r| {
        !r.verdicts.is_empty() || r.analysed.as_deref().is_some_and(|a| a != own_file)
    });
    parse_property_file(&g.output)
        .assertions
        .iter()
        .map(|a| {
            let mut u = unit(a.index, &own_file, Some(a.line), a.text.clone());
            if mismatched {
                // The run's status is not this file's.
                u.outcome = None;
            }
            u.note = note.clone();
            u
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::{ExternalRun, ExternalVerdict, Program};
    use serde_json::{Map, json};

    fn study(run: Option<ExternalRun>, output: &str) -> Study {
        let program: Program = serde_json::from_value(json!({
            "id": "d", "stratum": "g", "synchronous": true, "clock": "posedge clk",
            "rtl": "module d(input clk); endmodule", "reference": "", "kind": "module", "top": "d"
        }))
        .unwrap();
        let generation = Generation {
            program: "d".into(),
            variant: "original".into(),
            model: "gpt-4o".into(),
            output: output.into(),
            shots: Some(5),
            sample: None,
            external: run,
            meta: Some(json!({"file": "property_gpt_4o_5shot.sva"})),
            extra: Map::new(),
        };
        Study::new(vec![program], vec![generation], vec![], vec![])
    }

    fn run(outcome: RunOutcome, verdicts: Vec<ExternalVerdict>) -> ExternalRun {
        ExternalRun {
            engine: "jaspergold".into(),
            version: None,
            outcome,
            log: Some("x/jg.log".into()),
            analysed: Some("property_gpt_4o_5shot.sva".into()),
            message: Some("property_gpt_4o_5shot.sva:3: syntax error near 'x'".into()),
            verdicts,
            extra: Map::new(),
        }
    }

    fn verdict(n: usize, status: &str, text: Option<&str>) -> ExternalVerdict {
        ExternalVerdict {
            assertion: n,
            name: format!("d.v_d._assert_{n}"),
            status: status.into(),
            precondition: Some("covered".into()),
            text: text.map(str::to_string),
            line: text.map(|_| n + 2),
            extra: Map::new(),
        }
    }

    const OUTPUT: &str = "module i_d(input clk);\nassert property(@(posedge clk) a);\nassert property(@(posedge clk) b);\nendmodule\n";

    #[test]
    fn verdicts_with_text_are_the_units() {
        let s = study(
            Some(run(
                RunOutcome::Ok,
                vec![
                    verdict(1, "proven", Some("assert property(x);")),
                    verdict(2, "cex", Some("assert property(y);")),
                ],
            )),
            OUTPUT,
        );
        let units = units_of(&s);
        assert_eq!(units.len(), 2);
        assert_eq!(units[1].id, "d/gpt-4o/5-shot/#2");
        assert_eq!(units[1].text, "assert property(y);");
        assert_eq!(units[1].external_class(), "cex");
        assert_eq!(units[0].field("jasper").as_deref(), Some("proven"));
        assert_eq!(units[0].field("shots").as_deref(), Some("5"));
        assert!(units[0].note.is_none());
    }

    #[test]
    fn without_usable_verdicts_the_outputs_statements_are_proven_with_a_note() {
        let s = study(Some(run(RunOutcome::Syntax, vec![])), OUTPUT);
        let units = units_of(&s);
        assert_eq!(units.len(), 2);
        assert_eq!(units[0].external_class(), "error");
        assert!(
            units[0]
                .note
                .as_deref()
                .unwrap()
                .contains("syntax error near")
        );
        let s = study(
            Some(run(RunOutcome::Ok, vec![verdict(1, "proven", None)])),
            OUTPUT,
        );
        let units = units_of(&s);
        assert_eq!(units.len(), 2);
        assert_eq!(units[0].external_class(), "none");
        assert!(
            units[0]
                .note
                .as_deref()
                .unwrap()
                .contains("cannot be matched")
        );
        let s = study(None, OUTPUT);
        assert_eq!(units_of(&s)[1].external_class(), "none");
        let mut r = run(RunOutcome::Syntax, vec![]);
        r.analysed = Some("property_gpt_3.5.sva".into());
        let units = units_of(&study(Some(r), OUTPUT));
        assert_eq!(
            units[0].external_class(),
            "none",
            "another file's syntax error"
        );
    }
}
