//! What EquivSVA's rules say about each of flipscope's verdict lines, and the lines
//! rewritten under those rules, one cause at a time ([`Cause`], in a fixed order), so
//! that each cause's share of a figure's difference is the change it makes when
//! applied after the ones before it: the shares add up to the difference exactly.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use rayon::prelude::*;

use super::induction::{InductionCheck, inductive};
use super::shape::{Lowerable, body, lowerable, referenced_identifiers};
use super::syntax::{SlangError, SlangRule, code, output_errors};
use crate::formal::parse_clock;
use crate::rules::keywords::{KeywordUse, declarations, keyword_uses, ports};
use crate::study::{Check, FormalStatus, Program, PropertyVerdict, Study, Syntax};
use crate::text::token::tokenize;

/// One difference between flipscope's rules and EquivSVA's, in the order applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cause {
    /// A family whose own RTL is illegal: left out by flipscope, every output of its
    /// illegal implementations rejected by slang.
    DatasetDefect,
    /// slang: an IEEE 1800 keyword used as a name in the output.
    SyntaxKeyword,
    /// slang: a name declared twice.
    SyntaxRedefinition,
    /// slang: an immediate assertion outside procedural code.
    SyntaxImmediateAssertion,
    /// A property declared but never asserted: flipscope reads it, their checker does
    /// not list it.
    Unlisted,
    /// Their lowering does not support the property's form.
    Lowering,
    /// Their interface check (it lists `inside` as an identifier).
    InterfaceQuirk,
    /// They count a vacuous pass as a pass.
    Vacuity,
    /// Their engine's status differs (k-induction at depth 30 cannot prove it).
    FormalStatus,
}

impl Cause {
    /// The order applied: an output slang rejects has no property listed, so the
    /// syntax rules come before the properties their checker does not list.
    pub const ALL: [Cause; 9] = [
        Cause::DatasetDefect,
        Cause::SyntaxKeyword,
        Cause::SyntaxRedefinition,
        Cause::SyntaxImmediateAssertion,
        Cause::Unlisted,
        Cause::Lowering,
        Cause::InterfaceQuirk,
        Cause::Vacuity,
        Cause::FormalStatus,
    ];

    /// The cause's name in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Cause::DatasetDefect => "dataset-defect",
            Cause::Unlisted => "not-asserted",
            Cause::SyntaxKeyword => "syntax:keyword-as-identifier",
            Cause::SyntaxRedefinition => "syntax:redefinition",
            Cause::SyntaxImmediateAssertion => "syntax:immediate-assertion-outside-procedure",
            Cause::Lowering => "lowering-unsupported",
            Cause::InterfaceQuirk => "interface-quirk",
            Cause::Vacuity => "vacuity",
            Cause::FormalStatus => "formal-status",
        }
    }

    fn of_rule(rule: &SlangRule) -> Cause {
        match rule {
            SlangRule::Keyword => Cause::SyntaxKeyword,
            SlangRule::Redefinition => Cause::SyntaxRedefinition,
            SlangRule::ImmediateAssertion => Cause::SyntaxImmediateAssertion,
        }
    }
}

/// How the engine-depth check runs.
#[derive(Debug, Clone)]
pub struct EquivsvaOptions {
    /// Their depth (30).
    pub depth: u32,
    pub timeout: Duration,
    pub cache: bool,
    /// Checks at once (0: one per core).
    pub jobs: usize,
}

impl Default for EquivsvaOptions {
    fn default() -> Self {
        Self {
            depth: 30,
            timeout: Duration::from_secs(120),
            cache: true,
            jobs: 0,
        }
    }
}

/// What their rules say about one line.
#[derive(Debug, Clone, Default)]
pub struct LineJudgement {
    /// Their checker lists it (it is asserted).
    pub listed: bool,
    /// The identifiers their checker lists.
    pub referenced: Vec<String>,
    /// Their interface check: every listed identifier is a port.
    pub interface_only: bool,
    /// Why their lowering does not support it.
    pub unsupported: Option<String>,
    /// For a property flipscope proves and their checker runs: whether it is
    /// 30-inductive as they lower it (`None`: not checked, or the check failed).
    pub inductive: Option<bool>,
    /// Why the induction check could not be made.
    pub induction_error: Option<String>,
}

/// What their rules say about one output.
#[derive(Debug, Clone, Default)]
pub struct OutputJudgement {
    /// slang's rejections of the output itself.
    pub slang: Vec<SlangError>,
    /// Keywords the output's implementation uses as names (a dataset defect).
    pub design: Vec<KeywordUse>,
}

/// Every line's and output's judgement, and the families with a defect.
#[derive(Debug, Clone, Default)]
pub struct Judged {
    /// By position in the verdicts judged.
    pub lines: Vec<LineJudgement>,
    /// By (model, program, variant, sample).
    pub outputs: HashMap<OutputKey, OutputJudgement>,
    /// Families whose own RTL (an implementation or a mutant) is illegal, with the
    /// first keyword use found and where (`variant` or `mutant NAME`).
    pub defective: BTreeMap<String, (String, KeywordUse)>,
}

/// An output's identity: (model, program, variant, sample).
pub type OutputKey = (String, String, String, u32);

fn key(v: &PropertyVerdict) -> OutputKey {
    (
        v.model.clone(),
        v.program.clone(),
        v.variant.clone(),
        v.sample_index(),
    )
}

/// The defects of a program's own RTL: the first keyword use of each implementation
/// and mutant, by its name.
pub fn design_defects(p: &Program) -> Vec<(String, KeywordUse)> {
    let mut out = Vec::new();
    for v in p.variant_names() {
        if let Some(k) = p
            .variant_rtl(v)
            .and_then(|r| keyword_uses(r).into_iter().next())
        {
            out.push((v.to_string(), k));
        }
    }
    for (name, m) in &p.mutants {
        if let Some(k) = keyword_uses(&m.rtl).into_iter().next() {
            out.push((format!("mutant {name}"), k));
        }
    }
    out
}

/// The text of the declaration of property `name` in `code`, if it declares it.
fn declaration<'a>(code: &'a str, name: &str) -> Option<&'a str> {
    let toks = tokenize(code);
    let w = |k: usize| toks.get(k).map(|t| t.text(code));
    let start = (0..toks.len()).find(|&k| w(k) == Some("property") && w(k + 1) == Some(name))?;
    let end = (start..toks.len()).find(|&k| w(k) == Some("endproperty"))?;
    Some(&code[toks[start].start..toks[end].end])
}

/// Whether `code` asserts the declared property `name`: `assert property (name)`, or
/// with a clocking event or `disable iff` before the name.
fn asserted(code: &str, name: &str) -> bool {
    let toks = tokenize(code);
    let w = |k: usize| toks.get(k).map(|t| t.text(code));
    (0..toks.len()).any(|k| {
        w(k) == Some("assert") && w(k + 1) == Some("property") && w(k + 2) == Some("(") && {
            let mut depth = 0i32;
            let mut found = false;
            for j in k + 2..toks.len() {
                match w(j) {
                    Some("(") => depth += 1,
                    Some(")") => {
                        depth -= 1;
                        if depth == 0 {
                            found = w(j - 1) == Some(name);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            found
        }
    })
}

/// Judges every line of `verdicts` (flipscope's, of `study`'s module programs).
pub fn judge(study: &Study, verdicts: &[PropertyVerdict], options: &EquivsvaOptions) -> Judged {
    let outputs_text: HashMap<OutputKey, String> = study
        .generations
        .iter()
        .map(|g| {
            (
                (
                    g.model.clone(),
                    g.program.clone(),
                    g.variant.clone(),
                    g.sample_index(),
                ),
                code(&g.output),
            )
        })
        .collect();
    let mut judged = Judged::default();
    for p in study.programs.iter().filter(|p| p.is_module()) {
        if let Some(first) = design_defects(p).into_iter().next() {
            judged.defective.insert(p.id.clone(), first);
        }
    }
    let empty = String::new();
    for v in verdicts {
        let k = key(v);
        if judged.outputs.contains_key(&k) {
            continue;
        }
        let text = outputs_text.get(&k).unwrap_or(&empty);
        let mut o = OutputJudgement::default();
        if let Some(p) = study.program(&v.program) {
            let rtl = p.variant_rtl(&v.variant).unwrap_or("");
            o.design = keyword_uses(rtl);
            let design = declarations(rtl);
            o.slang = output_errors(text, &design);
        }
        judged.outputs.insert(k, o);
    }
    let mut lines: Vec<LineJudgement> = verdicts
        .iter()
        .map(|v| {
            let k = key(v);
            let text = outputs_text.get(&k).unwrap_or(&empty);
            line_judgement(study, v, text)
        })
        .collect();
    // The engine-depth check, for the properties flipscope proves that their checker
    // runs.
    let runs: Vec<usize> = (0..verdicts.len())
        .filter(|&i| {
            let (v, l) = (&verdicts[i], &lines[i]);
            let o = &judged.outputs[&key(v)];
            l.listed
                && l.unsupported.is_none()
                && l.interface_only
                && o.slang.is_empty()
                && o.design.is_empty()
                && v.syntax.ok
                && v.status
                    .as_ref()
                    .is_some_and(|c| c.status == FormalStatus::Pass)
        })
        .collect();
    let check = |i: usize| -> (usize, Result<bool, String>) {
        let v = &verdicts[i];
        let Some(p) = study.program(&v.program) else {
            return (i, Err("no program".into()));
        };
        let text = outputs_text.get(&key(v)).unwrap_or(&empty);
        let prop_text = property_text(v, text);
        let Ok(lowered) = lowerable(&prop_text) else {
            return (i, Err("not lowerable".into()));
        };
        (i, induction(p, &v.variant, &lowered, options))
    };
    let results: Vec<(usize, Result<bool, String>)> = match rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs)
        .build()
    {
        Ok(pool) => pool.install(|| runs.par_iter().map(|&i| check(i)).collect()),
        Err(_) => runs.iter().map(|&i| check(i)).collect(),
    };
    for (i, r) in results {
        match r {
            Ok(b) => lines[i].inductive = Some(b),
            Err(e) => lines[i].induction_error = Some(e),
        }
    }
    judged.lines = lines;
    judged
}

/// The property's text as their checker reads it: its declaration when the line
/// holds only the assertion of a declared property.
fn property_text(v: &PropertyVerdict, code: &str) -> String {
    let text = v.text.clone().unwrap_or_default();
    let name = v.name.as_deref().unwrap_or("");
    let b = body(&text);
    if tokenize(b).len() <= 1
        && let Some(d) = declaration(code, if b.is_empty() { name } else { b })
    {
        return d.to_string();
    }
    text
}

fn line_judgement(study: &Study, v: &PropertyVerdict, code: &str) -> LineJudgement {
    if !v.is_property() {
        return LineJudgement {
            listed: true,
            ..LineJudgement::default()
        };
    }
    let name = v.name.as_deref().unwrap_or("");
    let declared = declaration(code, name).is_some();
    let listed = !declared || asserted(code, name);
    let text = property_text(v, code);
    let referenced = referenced_identifiers(&text);
    let interface: Vec<String> = study
        .program(&v.program)
        .map(|p| {
            let mut all = String::new();
            for f in &p.files {
                all.push_str(&f.text);
                all.push('\n');
            }
            all.push_str(p.variant_rtl(&v.variant).unwrap_or(""));
            ports(&all)
        })
        .unwrap_or_default();
    let interface_only = referenced.iter().all(|r| interface.contains(r));
    LineJudgement {
        listed,
        interface_only,
        referenced,
        unsupported: lowerable(&text).err(),
        inductive: None,
        induction_error: None,
    }
}

fn induction(
    p: &Program,
    variant: &str,
    property: &Lowerable,
    options: &EquivsvaOptions,
) -> Result<bool, String> {
    let clock = p
        .clock
        .as_deref()
        .and_then(|c| parse_clock(c).ok())
        .ok_or("the program has no clock")?;
    let top = p
        .variant_top(variant)
        .ok_or("the program has no top module")?;
    let mut files: Vec<(&str, &str)> = p
        .files
        .iter()
        .filter(|f| !f.header)
        .map(|f| (f.name.as_str(), f.text.as_str()))
        .collect();
    files.push(("top.sv", p.variant_rtl(variant).unwrap_or("")));
    let c = InductionCheck {
        files,
        top,
        clock: &clock.signal,
        reset: p.reset.as_deref(),
        property,
        depth: options.depth,
        timeout: options.timeout,
    };
    inductive(&c, options.cache).map_err(|e| e.to_string())
}

/// The lines of `verdicts` under flipscope's rules with the causes in `applied`
/// switched to EquivSVA's (all of [`Cause::ALL`]: EquivSVA's rules). Under
/// flipscope's rules a defective family is left out unless `include_defective`.
pub fn verdicts_under(
    verdicts: &[PropertyVerdict],
    judged: &Judged,
    applied: &[Cause],
    include_defective: bool,
) -> Vec<PropertyVerdict> {
    let on = |c: Cause| applied.contains(&c);
    let mut out = Vec::with_capacity(verdicts.len());
    let mut dropped_all: BTreeMap<OutputKey, PropertyVerdict> = BTreeMap::new();
    let mut kept_any: std::collections::HashSet<OutputKey> = Default::default();
    for (v, l) in verdicts.iter().zip(&judged.lines) {
        let k = key(v);
        let o = &judged.outputs[&k];
        let defective = judged.defective.contains_key(&v.program);
        if defective && !on(Cause::DatasetDefect) && !include_defective {
            continue;
        }
        let mut v = v.clone();
        let slang = |syntax: &mut Syntax| {
            if on(Cause::DatasetDefect)
                && let Some(k) = o.design.first()
            {
                *syntax = Syntax::error(format!(
                    "slang: the design is not legal IEEE 1800: {k} (a dataset defect)"
                ));
            }
            for e in &o.slang {
                if on(Cause::of_rule(&e.rule)) && syntax.ok {
                    *syntax = Syntax::error(format!("slang: {e}"));
                }
            }
        };
        if on(Cause::Unlisted) && v.is_property() && !l.listed {
            dropped_all.entry(k).or_insert_with(|| {
                let mut e = PropertyVerdict::empty_output(
                    &v.program,
                    &v.variant,
                    &v.model,
                    v.syntax.clone(),
                );
                e.stratum = v.stratum.clone();
                e.sample = v.sample;
                slang(&mut e.syntax);
                e
            });
            continue;
        }
        kept_any.insert(k);
        slang(&mut v.syntax);
        if v.is_property() {
            if on(Cause::Lowering)
                && let Some(reason) = &l.unsupported
            {
                let mut c = Check::of(FormalStatus::Unsupported);
                c.reason = Some(format!("their lowering: {reason}"));
                v.status = Some(c);
                v.interface_only = None;
                v.non_interface.clear();
                v.mutants.clear();
            } else if on(Cause::InterfaceQuirk) {
                v.interface_only = Some(l.interface_only);
            }
            if on(Cause::Vacuity)
                && let Some(c) = v.status.as_mut()
                && c.vacuous
            {
                c.vacuous = false;
                c.reason = Some("a vacuous pass, counted as a pass by their rules".into());
            }
            if on(Cause::FormalStatus) && l.inductive == Some(false) {
                let mut c = Check::of(FormalStatus::Unknown);
                c.reason = Some(
                    "not 30-inductive as their checker lowers it: k-induction at depth 30 cannot prove it (flipscope's PDR does)".into(),
                );
                v.status = Some(c);
            }
        }
        v.sound = Some(v.computed_sound());
        out.push(v);
    }
    for (k, e) in dropped_all {
        if !kept_any.contains(&k) {
            out.push(e);
        }
    }
    out
}
