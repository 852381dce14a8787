//! The audit's findings: counts over all compared behaviors, a few examples of each
//! agreement kind (with program ids), and the located RTL and reference errors.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::rtl::path_text;
use crate::score::compare::{Agreement, Compared};

/// How many examples of each kind (and of each error kind) a report keeps.
pub const EXAMPLES_PER_KIND: usize = 5;

/// The counts of the audit contract.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    pub programs: usize,
    /// Behaviors compared: those of programs whose RTL and reference both read.
    pub behaviors: usize,
    pub equivalent: usize,
    pub reference_stronger: usize,
    pub reference_weaker: usize,
    pub incomparable: usize,
    /// `unmatched_reference + unmatched_rtl`.
    pub unmatched: usize,
    pub unmatched_reference: usize,
    pub unmatched_rtl: usize,
    /// Programs whose RTL does not parse.
    pub rtl_errors: usize,
    /// Programs whose reference does not parse.
    pub reference_errors: usize,
    /// Variants (of a study's programs) whose RTL does not parse.
    pub variant_rtl_errors: usize,
    /// `` `include `` directives in the RTL (never followed).
    pub rtl_warnings: usize,
    /// RTL behaviors (of programs whose RTL parses) whose path involves x/z literals
    /// or wildcard case items.
    pub xz_literals: usize,
    /// Programs with at least one `reference_stronger` behavior.
    pub programs_with_reference_stronger: usize,
    /// `reference_stronger` behaviors whose extra conjuncts are the branch condition
    /// of a sibling assignment (VERT's nested-if defect).
    pub reference_stronger_sibling_branch: usize,
    /// `reference_stronger` behaviors by the reference property (0-based, reading
    /// order) they come from.
    pub reference_stronger_by_property: Vec<usize>,
}

impl Counts {
    pub fn add(&mut self, other: &Counts) {
        self.programs += other.programs;
        self.behaviors += other.behaviors;
        self.equivalent += other.equivalent;
        self.reference_stronger += other.reference_stronger;
        self.reference_weaker += other.reference_weaker;
        self.incomparable += other.incomparable;
        self.unmatched += other.unmatched;
        self.unmatched_reference += other.unmatched_reference;
        self.unmatched_rtl += other.unmatched_rtl;
        self.rtl_errors += other.rtl_errors;
        self.reference_errors += other.reference_errors;
        self.variant_rtl_errors += other.variant_rtl_errors;
        self.rtl_warnings += other.rtl_warnings;
        self.xz_literals += other.xz_literals;
        self.programs_with_reference_stronger += other.programs_with_reference_stronger;
        self.reference_stronger_sibling_branch += other.reference_stronger_sibling_branch;
        add_by_index(
            &mut self.reference_stronger_by_property,
            &other.reference_stronger_by_property,
        );
    }

    fn count(&mut self, a: Agreement) {
        self.behaviors += 1;
        match a {
            Agreement::Equivalent => self.equivalent += 1,
            Agreement::ReferenceStronger => self.reference_stronger += 1,
            Agreement::ReferenceWeaker => self.reference_weaker += 1,
            Agreement::Incomparable => self.incomparable += 1,
            Agreement::UnmatchedReference => {
                self.unmatched += 1;
                self.unmatched_reference += 1;
            }
            Agreement::UnmatchedRtl => {
                self.unmatched += 1;
                self.unmatched_rtl += 1;
            }
        }
    }

    /// The counts as JSON fields, in contract order.
    pub fn to_json(&self) -> Value {
        json!({
            "programs": self.programs,
            "behaviors": self.behaviors,
            "equivalent": self.equivalent,
            "reference_stronger": self.reference_stronger,
            "reference_weaker": self.reference_weaker,
            "incomparable": self.incomparable,
            "unmatched": self.unmatched,
            "unmatched_reference": self.unmatched_reference,
            "unmatched_rtl": self.unmatched_rtl,
            "rtl_errors": self.rtl_errors,
            "reference_errors": self.reference_errors,
            "variant_rtl_errors": self.variant_rtl_errors,
            "rtl_warnings": self.rtl_warnings,
            "xz_literals": self.xz_literals,
            "programs_with_reference_stronger": self.programs_with_reference_stronger,
            "reference_stronger_sibling_branch": self.reference_stronger_sibling_branch,
            "reference_stronger_by_property": self.reference_stronger_by_property,
        })
    }
}

/// One compared behavior kept as an example.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    pub file: String,
    pub program: String,
    pub compared: Compared,
}

/// A program whose RTL or reference could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub program: String,
    /// `line:column: message` within the program's own text.
    pub message: String,
}

/// Counts of one input file or study.
#[derive(Debug, Clone, PartialEq)]
pub struct InputSummary {
    pub path: String,
    /// `vert` or `study`.
    pub kind: &'static str,
    pub counts: Counts,
}

/// Everything an audit found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AuditReport {
    pub inputs: Vec<InputSummary>,
    pub counts: Counts,
    pub examples: BTreeMap<Agreement, Vec<Example>>,
    pub rtl_errors: Vec<Problem>,
    pub reference_errors: Vec<Problem>,
    pub variant_rtl_errors: Vec<Problem>,
    pub rtl_warnings: Vec<Problem>,
}

/// What one program gave, for [`AuditReport::add_program`].
pub enum ProgramOutcome {
    Compared {
        behaviors: Vec<Compared>,
        xz_literals: usize,
    },
    RtlError {
        message: String,
        reference_error: Option<String>,
        xz_literals: usize,
    },
    ReferenceError {
        message: String,
        xz_literals: usize,
    },
}

impl AuditReport {
    /// Starts the summary of a new input; programs added next count towards it.
    pub fn begin_input(&mut self, path: &str, kind: &'static str) {
        self.inputs.push(InputSummary {
            path: path.to_string(),
            kind,
            counts: Counts::default(),
        });
    }

    /// Adds one program's outcome to the current input and to the totals.
    pub fn add_program(&mut self, file: &str, program: &str, outcome: ProgramOutcome) {
        let mut c = Counts {
            programs: 1,
            ..Counts::default()
        };
        match outcome {
            ProgramOutcome::Compared {
                behaviors,
                xz_literals,
            } => {
                c.xz_literals = xz_literals;
                for b in behaviors {
                    c.count(b.agreement);
                    if b.agreement == Agreement::ReferenceStronger {
                        c.reference_stronger_sibling_branch += usize::from(b.sibling.is_some());
                        if let Some(i) = b.property_index {
                            let mut one = vec![0; i + 1];
                            one[i] = 1;
                            add_by_index(&mut c.reference_stronger_by_property, &one);
                        }
                    }
                    let kept = self.examples.entry(b.agreement).or_default();
                    if kept.len() < EXAMPLES_PER_KIND {
                        kept.push(Example {
                            file: file.into(),
                            program: program.into(),
                            compared: b,
                        });
                    }
                }
                c.programs_with_reference_stronger = usize::from(c.reference_stronger > 0);
            }
            ProgramOutcome::RtlError {
                message,
                reference_error,
                xz_literals,
            } => {
                c.rtl_errors = 1;
                c.xz_literals = xz_literals;
                push_capped(&mut self.rtl_errors, file, program, message);
                if let Some(message) = reference_error {
                    c.reference_errors = 1;
                    push_capped(&mut self.reference_errors, file, program, message);
                }
            }
            ProgramOutcome::ReferenceError {
                message,
                xz_literals,
            } => {
                c.reference_errors = 1;
                c.xz_literals = xz_literals;
                push_capped(&mut self.reference_errors, file, program, message);
            }
        }
        if let Some(input) = self.inputs.last_mut() {
            input.counts.add(&c);
        }
        self.counts.add(&c);
    }

    /// Counts a variant whose RTL does not parse (`message` names the variant).
    pub fn add_variant_rtl_error(&mut self, file: &str, program: &str, message: String) {
        self.add_counts(&Counts {
            variant_rtl_errors: 1,
            ..Counts::default()
        });
        push_capped(&mut self.variant_rtl_errors, file, program, message);
    }

    /// Counts an `` `include `` in a program's or variant's RTL.
    pub fn add_rtl_warning(&mut self, file: &str, program: &str, message: String) {
        self.add_counts(&Counts {
            rtl_warnings: 1,
            ..Counts::default()
        });
        push_capped(&mut self.rtl_warnings, file, program, message);
    }

    fn add_counts(&mut self, c: &Counts) {
        if let Some(input) = self.inputs.last_mut() {
            input.counts.add(c);
        }
        self.counts.add(c);
    }

    /// The report as JSON: the counts at the top level, then inputs, examples, errors.
    pub fn to_json(&self) -> Value {
        let mut top = self.counts.to_json();
        let obj = top.as_object_mut().expect("counts are an object");
        let inputs: Vec<Value> = self
            .inputs
            .iter()
            .map(|i| json!({"path": i.path, "kind": i.kind, "counts": i.counts.to_json()}))
            .collect();
        obj.insert("inputs".into(), Value::Array(inputs));
        let mut examples = serde_json::Map::new();
        for a in Agreement::ALL {
            let list = self.examples.get(&a).map(Vec::as_slice).unwrap_or_default();
            examples.insert(
                a.name().into(),
                Value::Array(list.iter().map(example_json).collect()),
            );
        }
        obj.insert("examples".into(), Value::Object(examples));
        obj.insert("rtl_error_examples".into(), problems_json(&self.rtl_errors));
        obj.insert(
            "reference_error_examples".into(),
            problems_json(&self.reference_errors),
        );
        obj.insert(
            "variant_rtl_error_examples".into(),
            problems_json(&self.variant_rtl_errors),
        );
        obj.insert(
            "rtl_warning_examples".into(),
            problems_json(&self.rtl_warnings),
        );
        top
    }
}

fn add_by_index(into: &mut Vec<usize>, other: &[usize]) {
    if into.len() < other.len() {
        into.resize(other.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(other) {
        *a += b;
    }
}

fn push_capped(list: &mut Vec<Problem>, file: &str, program: &str, message: String) {
    if list.len() < EXAMPLES_PER_KIND {
        list.push(Problem {
            file: file.into(),
            program: program.into(),
            message,
        });
    }
}

fn example_json(e: &Example) -> Value {
    let c = &e.compared;
    json!({
        "file": e.file,
        "program": e.program,
        "behavior": c.behavior,
        "reference_property": c.property_index.map(|i| i + 1),
        "line": c.line,
        "reference": c.reference.as_ref().map(path_text),
        "rtl": c.rtl.as_ref().map(path_text),
        "extra_conjuncts": c.extra.iter().map(path_text).collect::<Vec<_>>(),
        "missing_conjuncts": c.missing.iter().map(path_text).collect::<Vec<_>>(),
        "xz": c.xz,
        "sibling_branch": c.sibling.as_ref().map(|(id, line)| json!({"behavior": id, "line": line})),
    })
}

fn problems_json(list: &[Problem]) -> Value {
    Value::Array(
        list.iter()
            .map(|p| json!({"file": p.file, "program": p.program, "message": p.message}))
            .collect(),
    )
}
