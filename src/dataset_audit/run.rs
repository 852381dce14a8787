//! Running an audit over programs: RTL analysed in parallel through the parse cache
//! (the variants' too, for whether they parse), references read and compared in
//! parallel, outcomes added to the report in program order.

use rayon::prelude::*;

use super::program::AuditProgram;
use super::report::{AuditReport, ProgramOutcome};
use crate::logic::{Grammar, Values};
use crate::rtl::{ParseCache, RtlInput, analyse_many};
use crate::score::compare::compare_program;
use crate::score::reference_behaviors_in;
use crate::score::study::program_semantics;

/// Audits the programs of one input (`file` is how examples name it), comparing
/// paths under `values` with what each program's RTL declares.
pub fn audit_programs(
    report: &mut AuditReport,
    file: &str,
    kind: &'static str,
    programs: &[AuditProgram],
    values: Values,
    cache: &ParseCache,
) {
    report.begin_input(file, kind);
    let mut inputs: Vec<RtlInput<'_>> = programs
        .iter()
        .map(|p| RtlInput {
            source: &p.rtl,
            clock: p.clock.as_deref(),
        })
        .collect();
    let variants: Vec<(&AuditProgram, &str, &str)> = programs
        .iter()
        .flat_map(|p| {
            p.variants
                .iter()
                .map(move |(n, rtl)| (p, n.as_str(), rtl.as_str()))
        })
        .collect();
    inputs.extend(variants.iter().map(|(p, _, rtl)| RtlInput {
        source: rtl,
        clock: p.clock.as_deref(),
    }));
    let mut rtl = analyse_many(&inputs, cache);
    let variant_outcomes = rtl.split_off(programs.len());
    let outcomes: Vec<ProgramOutcome> = programs
        .par_iter()
        .zip(rtl.par_iter())
        .map(|(program, rtl)| {
            let reference = reference_behaviors_in(&program.reference, Grammar::of(values))
                .map_err(|e| e.to_string());
            let xz_literals = rtl
                .as_ref()
                .map_or(0, |b| b.iter().filter(|b| b.xz).count());
            match (rtl, reference) {
                (Ok(rtl), Ok(reference)) => {
                    let declared = rtl.first().map(|b| b.declarations.as_ref());
                    let semantics = program_semantics(values, declared, &program.widths);
                    ProgramOutcome::Compared {
                        behaviors: compare_program(&reference, rtl, &semantics),
                        xz_literals,
                    }
                }
                (Err(e), reference) => ProgramOutcome::RtlError {
                    message: e.to_string(),
                    reference_error: reference.err(),
                    xz_literals,
                },
                (Ok(_), Err(message)) => ProgramOutcome::ReferenceError {
                    message,
                    xz_literals,
                },
            }
        })
        .collect();
    for (program, outcome) in programs.iter().zip(outcomes) {
        report.add_program(file, &program.id, outcome);
        for w in crate::rtl::warnings(&program.rtl) {
            report.add_rtl_warning(
                file,
                &program.id,
                format!("{}:{}: {}", w.line, w.column, w.message),
            );
        }
    }
    for ((program, variant, text), outcome) in variants.iter().zip(variant_outcomes) {
        if let Err(e) = outcome {
            report.add_variant_rtl_error(file, &program.id, format!("variant \"{variant}\": {e}"));
        }
        for w in crate::rtl::warnings(text) {
            report.add_rtl_warning(
                file,
                &program.id,
                format!(
                    "variant \"{variant}\", {}:{}: {}",
                    w.line, w.column, w.message
                ),
            );
        }
    }
}
