//! The rewrites to prove: for each whole-module program and each implementation to
//! rewrite, every kind that applies and parses, with its miter against its source and
//! the gold properties to prove on both. What cannot get that far is a refusal.

use std::collections::BTreeSet;

use super::report::{Refusal, VariantOutcome};
use super::{Implementations, StudyTransformOptions, variant_name};
use super::{Kind, Rewrite, Scope, TransformError, rewrite_in};
use crate::dataset_audit::modules::miter::{Side, miter};
use crate::dataset_audit::modules::ports::ports_of;
use crate::formal::{Design, PropertySet, SourceFile, parse_clock, read_properties};
use crate::rtl::source::Wrapped;
use crate::study::{ORIGINAL, Program};

/// One rewrite that parses, ready to be proven.
pub struct Candidate {
    pub program: usize,
    pub source: String,
    pub kind: Kind,
    pub name: String,
    pub rewrite: Rewrite,
    pub top: Option<String>,
    pub rtl_name: String,
    pub miter: Design,
    pub miter_properties: PropertySet,
    pub source_design: Design,
    pub variant_design: Design,
    pub gold: PropertySet,
}

/// Whether a variant was made by `transform` (it is never rewritten again).
fn made_by_transform(p: &Program, variant: &str) -> bool {
    p.variants
        .get(variant)
        .and_then(|v| v.meta.as_ref())
        .is_some_and(|m| m.get("transform").is_some())
}

/// The implementations of `p` to rewrite.
fn sources(p: &Program, which: Implementations) -> Vec<&str> {
    match which {
        Implementations::Canonical => vec![ORIGINAL],
        Implementations::All => p
            .variant_names()
            .filter(|v| !made_by_transform(p, v))
            .collect(),
    }
}

/// The shared files of `p`, then `own`.
fn files<'a>(p: &'a Program, own_name: &str, own: &'a str) -> Vec<(String, &'a str)> {
    let mut out: Vec<(String, &str)> = p
        .files
        .iter()
        .filter(|f| !f.header)
        .map(|f| (f.name.clone(), f.text.as_str()))
        .collect();
    out.push((own_name.to_string(), own));
    out
}

fn design_of(files: &[(String, &str)], top: &str) -> Design {
    Design::new(
        files
            .iter()
            .map(|(n, t)| SourceFile::new(n.clone(), *t))
            .collect(),
        Some(top.to_string()),
    )
}

/// `canonical_case.sv` -> `canonical_case.T1.sv`.
fn rtl_name_of(source_name: &str, kind: Kind) -> String {
    match source_name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{kind}.{ext}"),
        None => format!("{source_name}.{kind}"),
    }
}

/// Why a kind has nothing to rewrite in a module.
pub fn not_applicable(kind: Kind) -> &'static str {
    match kind {
        Kind::T1 => {
            "no commutative operand to reorder (&&, ||, ==, !=, &, |, ^ in a condition or continuous assignment)"
        }
        Kind::T2 => "no internal signal, state constant or parameter to rename",
        Kind::T3 => "no condition, case selector or continuous assignment to parenthesise",
    }
}

/// The candidates of program `index`, and the refusals found before any proof.
pub fn plan_program(
    index: usize,
    p: &Program,
    options: &StudyTransformOptions,
) -> (Vec<Candidate>, Vec<VariantOutcome>) {
    let mut planned = Vec::new();
    let mut refused = Vec::new();
    let gold = read_properties(&p.reference, &format!("{}/reference", p.id));
    let clock = p.clock.as_deref().and_then(|c| parse_clock(c).ok());
    for source in sources(p, options.implementations) {
        let refuse = |kind: Kind, refusal: Refusal| VariantOutcome {
            program: p.id.clone(),
            source: source.to_string(),
            kind,
            name: variant_name(source, kind),
            refusal: Some(refusal),
        };
        let kinds: Vec<Kind> = options
            .kinds
            .iter()
            .copied()
            .filter(|&k| {
                let exists = p.has_variant(&variant_name(source, k));
                if exists {
                    refused.push(refuse(k, Refusal::Exists));
                }
                !exists
            })
            .collect();
        let rtl = p.variant_rtl(source).unwrap_or("");
        let top = p.variant_top(source);
        let ports = top.and_then(|t| ports_of(rtl, t));
        let (Some(clock), Some(top), Some(ports)) = (&clock, top, ports) else {
            let why = if clock.is_none() {
                "the program has no clock (`posedge CLK`), so no sequential equivalence can be proven"
            } else {
                "its top module or its ports could not be found"
            };
            refused.extend(
                kinds
                    .iter()
                    .map(|&k| refuse(k, Refusal::Unproven(why.to_string()))),
            );
            continue;
        };
        let keep: BTreeSet<String> = ports.iter().map(|x| x.name.clone()).collect();
        let rewrites = match rewrite_in(rtl, p.clock.as_deref(), &kinds, &Scope::Module { keep }) {
            Ok(r) => r,
            Err(e) => {
                let why = match e {
                    TransformError::Rtl(e) => e.located(&p.variant_rtl_name(source)).to_string(),
                    other => other.to_string(),
                };
                refused.extend(
                    kinds
                        .iter()
                        .map(|&k| refuse(k, Refusal::Unparsable(why.clone()))),
                );
                continue;
            }
        };
        let source_name = p.variant_rtl_name(source);
        let source_files = files(p, &source_name, rtl);
        for (kind, rewrite) in rewrites {
            let Some(rewrite) = rewrite else {
                refused.push(refuse(kind, Refusal::NotApplicable(not_applicable(kind))));
                continue;
            };
            let rtl_name = rtl_name_of(&source_name, kind);
            if let Err(e) = crate::rtl::stack::on_deep_stack(|| {
                crate::rtl::parse_tree(&Wrapped::new(&rewrite.rtl)).map(drop)
            }) {
                refused.push(refuse(
                    kind,
                    Refusal::Unparsable(format!(
                        "the rewrite does not parse: {}",
                        e.located(&rtl_name)
                    )),
                ));
                continue;
            }
            let variant_files = files(p, &rtl_name, &rewrite.rtl);
            let Some(variant_ports) = ports_of(&rewrite.rtl, top) else {
                refused.push(refuse(
                    kind,
                    Refusal::Unproven(format!("the rewrite has no module `{top}`")),
                ));
                continue;
            };
            let left = Side {
                files: source_files.clone(),
                top,
            };
            let right = Side {
                files: variant_files.clone(),
                top,
            };
            let (miter_design, props) =
                match miter(&left, &ports, &right, &variant_ports, &clock.signal) {
                    Ok(m) => m,
                    Err(e) => {
                        refused.push(refuse(kind, Refusal::Unproven(e.to_string())));
                        continue;
                    }
                };
            planned.push(Candidate {
                program: index,
                source: source.to_string(),
                kind,
                name: variant_name(source, kind),
                top: Some(top.to_string()),
                rtl_name,
                miter: miter_design,
                miter_properties: read_properties(&props, "flipscope_miter.sva"),
                source_design: design_of(&source_files, top),
                variant_design: design_of(&variant_files, top),
                gold: gold.clone(),
                rewrite,
            });
        }
    }
    (planned, refused)
}
