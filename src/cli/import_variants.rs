//! `import vert --variants T1,T2,T3`: the validated variants added to the imported
//! programs, with what was not written reported on standard error (capped).

use std::io::Write;

use crate::rtl::ParseCache;
use crate::study::{ERROR_CAP, Program};
use crate::transform::{Kind, attach_variants};

/// Adds the variants; a failed variant is reported with its program id, never fatal.
pub fn add(programs: &mut [Program], kinds: &[Kind]) -> anyhow::Result<()> {
    let mut unique: Vec<Kind> = Vec::new();
    for k in kinds {
        if !unique.contains(k) {
            unique.push(*k);
        }
    }
    let kinds = unique.as_slice();
    let (counts, failures) = attach_variants(programs, kinds, &ParseCache::user());
    let mut err = std::io::stderr().lock();
    for f in failures.iter().take(ERROR_CAP) {
        writeln!(err, "variant not written: {f}")?;
    }
    if failures.len() > ERROR_CAP {
        writeln!(
            err,
            "... and {} more variants not written (the first {ERROR_CAP} are shown)",
            failures.len() - ERROR_CAP
        )?;
    }
    let summary: Vec<String> = counts
        .iter()
        .map(|(kind, c)| {
            format!(
                "{kind}: {} written, {} not applicable, {} failed",
                c.written, c.not_applicable, c.failed
            )
        })
        .collect();
    writeln!(
        err,
        "variants of {} programs: {}",
        programs.len(),
        summary.join("; ")
    )?;
    Ok(())
}
