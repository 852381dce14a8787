//! Running an audit over programs: RTL analysed in parallel through the parse cache,
//! references read and compared in parallel, outcomes added to the report in program
//! order.

use rayon::prelude::*;

use super::compare::compare_program;
use super::program::AuditProgram;
use super::report::{AuditReport, ProgramOutcome};
use crate::rtl::{ParseCache, RtlInput, analyse_many};
use crate::score::reference_behaviors;

/// Audits the programs of one input (`file` is how examples name it).
pub fn audit_programs(
    report: &mut AuditReport,
    file: &str,
    kind: &'static str,
    programs: &[AuditProgram],
    cache: &ParseCache,
) {
    report.begin_input(file, kind);
    let inputs: Vec<RtlInput<'_>> = programs
        .iter()
        .map(|p| RtlInput {
            source: &p.rtl,
            clock: p.clock.as_deref(),
        })
        .collect();
    let rtl = analyse_many(&inputs, cache);
    let outcomes: Vec<ProgramOutcome> = programs
        .par_iter()
        .zip(rtl.par_iter())
        .map(|(program, rtl)| {
            let reference = reference_behaviors(&program.reference).map_err(|e| e.to_string());
            let xz_literals = rtl
                .as_ref()
                .map_or(0, |b| b.iter().filter(|b| b.xz).count());
            match (rtl, reference) {
                (Ok(rtl), Ok(reference)) => ProgramOutcome::Compared {
                    behaviors: compare_program(&reference, rtl),
                    xz_literals,
                },
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
    }
}
