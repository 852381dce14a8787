//! The readable form of an audit report: counts with shares, then a section per
//! finding with a few examples (program id, behavior, reference antecedent, RTL path,
//! the conjunct that differs), then the RTL and reference errors.

use std::fmt::Write;

use crate::dataset_audit::{Agreement, AuditReport, Counts};
use crate::rtl::path_text;

/// The report as plain text.
pub fn render(report: &AuditReport) -> String {
    let mut out = String::new();
    for input in &report.inputs {
        let _ = writeln!(
            out,
            "audit of {} ({} file, {} programs)",
            input.path, input.kind, input.counts.programs
        );
    }
    if report.inputs.len() > 1 {
        per_input(&mut out, report);
        let _ = writeln!(out, "\ntotals over {} inputs:", report.inputs.len());
    }
    out.push('\n');
    counts_table(&mut out, &report.counts);
    for agreement in [
        Agreement::ReferenceStronger,
        Agreement::ReferenceWeaker,
        Agreement::Incomparable,
        Agreement::UnmatchedReference,
        Agreement::UnmatchedRtl,
    ] {
        examples(&mut out, report, agreement);
    }
    problems(
        &mut out,
        ("RTL syntax errors", "programs"),
        report.counts.rtl_errors,
        &report.rtl_errors,
    );
    problems(
        &mut out,
        ("Unreadable references", "programs"),
        report.counts.reference_errors,
        &report.reference_errors,
    );
    problems(
        &mut out,
        ("Variant RTL syntax errors", "variants"),
        report.counts.variant_rtl_errors,
        &report.variant_rtl_errors,
    );
    problems(
        &mut out,
        ("RTL warnings", "includes"),
        report.counts.rtl_warnings,
        &report.rtl_warnings,
    );
    out
}

/// One row of counts per input (several inputs only).
fn per_input(out: &mut String, report: &AuditReport) {
    let _ = writeln!(
        out,
        "\n  {:<36}{:>9}{:>11}{:>10}{:>9}{:>9}{:>10}{:>9}{:>9}{:>9}",
        "input",
        "behaviors",
        "equivalent",
        "ref>rtl",
        "ref<rtl",
        "incomp",
        "unmatched",
        "rtl_err",
        "ref_err",
        "xz"
    );
    for i in &report.inputs {
        let c = &i.counts;
        let name = i.path.rsplit(['/', '\\']).next().unwrap_or(&i.path);
        let _ = writeln!(
            out,
            "  {name:<36}{:>9}{:>11}{:>10}{:>9}{:>9}{:>10}{:>9}{:>9}{:>9}",
            c.behaviors,
            c.equivalent,
            c.reference_stronger,
            c.reference_weaker,
            c.incomparable,
            c.unmatched,
            c.rtl_errors,
            c.reference_errors,
            c.xz_literals
        );
    }
}

fn share(n: usize, of: usize) -> String {
    if of == 0 {
        String::new()
    } else {
        format!("{:5.1}%", 100.0 * n as f64 / of as f64)
    }
}

fn counts_table(out: &mut String, c: &Counts) {
    let b = c.behaviors;
    let rows: [(&str, usize, String); 11] = [
        (
            "behaviors",
            b,
            String::from("compared (RTL and reference both read)"),
        ),
        ("equivalent", c.equivalent, share(c.equivalent, b)),
        (
            "reference_stronger",
            c.reference_stronger,
            share(c.reference_stronger, b),
        ),
        (
            "reference_weaker",
            c.reference_weaker,
            share(c.reference_weaker, b),
        ),
        ("incomparable", c.incomparable, share(c.incomparable, b)),
        (
            "unmatched",
            c.unmatched,
            format!(
                "{}  ({} reference only, {} RTL only)",
                share(c.unmatched, b),
                c.unmatched_reference,
                c.unmatched_rtl
            ),
        ),
        (
            "rtl_errors",
            c.rtl_errors,
            format!("programs  {}", share(c.rtl_errors, c.programs)),
        ),
        (
            "reference_errors",
            c.reference_errors,
            format!("programs  {}", share(c.reference_errors, c.programs)),
        ),
        (
            "variant_rtl_errors",
            c.variant_rtl_errors,
            String::from("variants whose RTL does not parse"),
        ),
        (
            "rtl_warnings",
            c.rtl_warnings,
            String::from("`include directives (not followed)"),
        ),
        (
            "xz_literals",
            c.xz_literals,
            String::from("RTL behaviors with x/z literals or wildcard case items"),
        ),
    ];
    for (name, n, note) in rows {
        let _ = writeln!(out, "  {name:<20}{n:>8}  {note}");
    }
}

fn heading(a: Agreement) -> &'static str {
    match a {
        Agreement::Equivalent => "Equivalent",
        Agreement::ReferenceStronger => {
            "Reference stronger than RTL: the reference antecedent has a conjunct the RTL path does not imply"
        }
        Agreement::ReferenceWeaker => {
            "Reference weaker than RTL: the reference antecedent misses a conjunct of the RTL path"
        }
        Agreement::Incomparable => "Incomparable: neither implies the other",
        Agreement::UnmatchedReference => {
            "Reference behaviors with no RTL assignment of the same lhs = rhs"
        }
        Agreement::UnmatchedRtl => "RTL assignments no reference property describes",
    }
}

fn count_of(c: &Counts, a: Agreement) -> usize {
    match a {
        Agreement::Equivalent => c.equivalent,
        Agreement::ReferenceStronger => c.reference_stronger,
        Agreement::ReferenceWeaker => c.reference_weaker,
        Agreement::Incomparable => c.incomparable,
        Agreement::UnmatchedReference => c.unmatched_reference,
        Agreement::UnmatchedRtl => c.unmatched_rtl,
    }
}

fn examples(out: &mut String, report: &AuditReport, a: Agreement) {
    let n = count_of(&report.counts, a);
    let Some(list) = report.examples.get(&a).filter(|l| n > 0 && !l.is_empty()) else {
        return;
    };
    let _ = write!(out, "\n{} ({n} behaviors", heading(a));
    if a == Agreement::ReferenceStronger {
        let _ = write!(
            out,
            " in {} of {} programs",
            report.counts.programs_with_reference_stronger, report.counts.programs
        );
    }
    let _ = writeln!(out, "; first {}):", list.len());
    if a == Agreement::ReferenceStronger && report.counts.reference_stronger_sibling_branch > 0 {
        let _ = writeln!(
            out,
            "  {} of them take the extra conjunct from a sibling branch's condition.",
            report.counts.reference_stronger_sibling_branch
        );
    }
    if a == Agreement::ReferenceStronger {
        let by: Vec<String> = report
            .counts
            .reference_stronger_by_property
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| format!("property {}: {n}", i + 1))
            .collect();
        let _ = writeln!(
            out,
            "  By reference property (reading order): {}.",
            by.join(", ")
        );
    }
    let many_files = report.inputs.len() > 1;
    for e in list {
        let c = &e.compared;
        let program = if many_files {
            format!("{}#{}", e.file, e.program)
        } else {
            e.program.clone()
        };
        let line = c
            .line
            .map(|l| format!(" (RTL line {l})"))
            .unwrap_or_default();
        let property = c
            .property_index
            .map(|i| format!(", reference property {}", i + 1))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  program {program}  behavior {}{line}{property}",
            c.behavior
        );
        if let Some(r) = &c.reference {
            let _ = writeln!(out, "      reference: {}", path_text(r));
        }
        if let Some(r) = &c.rtl {
            let _ = writeln!(out, "      RTL path:  {}", path_text(r));
        }
        if !c.extra.is_empty() {
            let extra: Vec<String> = c.extra.iter().map(path_text).collect();
            let _ = writeln!(out, "      extra in reference: {}", extra.join("  &&  "));
        }
        if let Some((id, line)) = &c.sibling {
            let _ = writeln!(
                out,
                "      = the branch condition of `{id}` (RTL line {line}), a sibling branch this assignment is not inside"
            );
        }
        if !c.missing.is_empty() {
            let missing: Vec<String> = c.missing.iter().map(path_text).collect();
            let _ = writeln!(
                out,
                "      missing from reference: {}",
                missing.join("  &&  ")
            );
        }
        if c.xz {
            let _ = writeln!(out, "      (x/z literals: outside the Boolean abstraction)");
        }
    }
}

fn problems(
    out: &mut String,
    (title, unit): (&str, &str),
    total: usize,
    list: &[crate::dataset_audit::report::Problem],
) {
    if total == 0 {
        return;
    }
    let _ = writeln!(out, "\n{title} ({total} {unit}; first {}):", list.len());
    for p in list {
        let _ = writeln!(out, "  program {}: {}", p.program, p.message);
    }
}
