//! The rules a single record must keep beyond its JSON shape (non-empty ids and RTL, a
//! clock for synchronous programs, a flip class that agrees with its sides), each
//! broken rule reported at the offending field.

use super::error::LocatedError;
use super::pair::PairRecord;
use super::program::{ORIGINAL, Program, ProgramKind};
use super::record_line::Line;

/// The problems of one program on its own (duplicates are the loader's business).
pub fn program(at: &Line, p: &Program) -> Vec<LocatedError> {
    let mut out = Vec::new();
    if p.id.trim().is_empty() {
        out.push(at.at(&["id"], "expected a program id, not an empty string"));
    }
    if p.stratum.trim().is_empty() {
        out.push(at.at(
            &["stratum"],
            "expected a stratum such as \"nested-if/async\", not an empty string",
        ));
    }
    if p.rtl.trim().is_empty() {
        out.push(at.at(&["rtl"], "expected the program's RTL, not an empty string"));
    }
    let no_clock = p.clock.as_deref().is_none_or(|c| c.trim().is_empty());
    if p.synchronous && no_clock {
        out.push(at.at(
            &["synchronous"],
            "a synchronous program needs a \"clock\" event such as \"posedge clk\"",
        ));
    }
    for (name, variant) in &p.variants {
        if name == ORIGINAL {
            out.push(at.at_key(
                &["variants", name],
                "\"original\" is the program itself and cannot be a variant name",
            ));
        } else if name.trim().is_empty() {
            out.push(at.at_key(
                &["variants", name],
                "expected a variant name, not an empty string",
            ));
        }
        if variant.rtl.trim().is_empty() {
            out.push(at.at(
                &["variants", name, "rtl"],
                format!("variant \"{name}\" has no RTL: expected its rewritten program text"),
            ));
        }
    }
    match p.kind {
        ProgramKind::Fragment => fragment_fields(at, p, &mut out),
        ProgramKind::Module => module_fields(at, p, &mut out),
    }
    out.extend(super::rename_map::check(at, p));
    out
}

/// A fragment program carries none of the whole-module fields.
fn fragment_fields(at: &Line, p: &Program, out: &mut Vec<LocatedError>) {
    let present = [
        ("top", p.top.is_some()),
        ("rtl_name", p.rtl_name.is_some()),
        ("files", !p.files.is_empty()),
        ("reset", p.reset.is_some()),
        ("mutants", !p.mutants.is_empty()),
    ];
    for (field, _) in present.iter().filter(|(_, is)| *is) {
        out.push(at.at_key(
            &[field],
            format!(
                "\"{field}\" belongs to a whole-module program: add \"kind\": \"module\" or remove it"
            ),
        ));
    }
    for (name, variant) in &p.variants {
        for (field, is) in [
            ("top", variant.top.is_some()),
            ("rtl_name", variant.rtl_name.is_some()),
        ] {
            if is {
                out.push(at.at_key(
                    &["variants", name, field],
                    format!("\"{field}\" of variant \"{name}\" belongs to a whole-module program: add \"kind\": \"module\" to the program or remove it"),
                ));
            }
        }
    }
}

/// Why a file name of a program cannot be used (flipscope writes header files under
/// their names in a private folder): an absolute name, a `..` component, a NUL or
/// control character. `None` for a plain relative name such as `rtl/defs.vh`.
pub fn unsafe_file_name(name: &str) -> Option<String> {
    let shown = name.escape_debug();
    if name.starts_with('/') || name.starts_with('\\') || name.get(1..2) == Some(":") {
        return Some(format!(
            "file name \"{shown}\" is absolute: expected a name relative to the design, such as \"defs.vh\""
        ));
    }
    if name.split(['/', '\\']).any(|c| c == "..") {
        return Some(format!(
            "file name \"{shown}\" has a `..` component: expected a name inside the design's folder"
        ));
    }
    if name.chars().any(char::is_control) {
        return Some(format!("file name \"{shown}\" holds a control character"));
    }
    None
}

/// A module program names its top module; its files, variants and mutants are whole.
fn module_fields(at: &Line, p: &Program, out: &mut Vec<LocatedError>) {
    match p.top.as_deref() {
        None => out.push(at.at(
            &["kind"],
            "a module program needs \"top\", the name of its top module",
        )),
        Some(top) if top.trim().is_empty() => out.push(at.at(
            &["top"],
            "expected the top module's name, not an empty string",
        )),
        Some(_) => {}
    }
    if p.reset.as_deref().is_some_and(|r| r.trim().is_empty()) {
        out.push(at.at(
            &["reset"],
            "expected a reset condition such as \"rst\" or \"!rst_n\", or null for none",
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(why) = p.rtl_name.as_deref().and_then(unsafe_file_name) {
        out.push(at.at(&["rtl_name"], why));
    }
    for (name, variant) in &p.variants {
        if let Some(why) = variant.rtl_name.as_deref().and_then(unsafe_file_name) {
            out.push(at.at(&["variants", name, "rtl_name"], why));
        }
    }
    for (i, file) in p.files.iter().enumerate() {
        let index = i.to_string();
        if file.name.trim().is_empty() {
            out.push(at.at(
                &["files", &index, "name"],
                "expected a file name, not an empty string",
            ));
        } else if let Some(why) = unsafe_file_name(&file.name) {
            out.push(at.at(&["files", &index, "name"], why));
        } else if !seen.insert(file.name.as_str()) || p.rtl_name.as_deref() == Some(&file.name) {
            out.push(at.at(
                &["files", &index, "name"],
                format!("file \"{}\" is given twice", file.name),
            ));
        }
    }
    for (name, variant) in &p.variants {
        if variant.top.as_deref().is_some_and(|t| t.trim().is_empty()) {
            out.push(at.at(
                &["variants", name, "top"],
                "expected the variant's top module, not an empty string",
            ));
        }
    }
    for (name, mutant) in &p.mutants {
        if name.trim().is_empty() {
            out.push(at.at_key(
                &["mutants", name],
                "expected a mutant name, not an empty string",
            ));
        }
        if mutant.rtl.trim().is_empty() {
            out.push(at.at(
                &["mutants", name, "rtl"],
                format!("mutant \"{name}\" has no RTL: expected the mutated module"),
            ));
        }
        if mutant.top.as_deref().is_some_and(|t| t.trim().is_empty()) {
            out.push(at.at(
                &["mutants", name, "top"],
                "expected the mutant's top module, not an empty string",
            ));
        }
    }
}

/// The problems of one pair on its own.
pub fn pair(at: &Line, p: &PairRecord) -> Vec<LocatedError> {
    let mut out = Vec::new();
    if p.variant == ORIGINAL {
        out.push(at.at(
            &["variant"],
            "a pair compares \"original\" with a variant: expected a variant name such as \"T1\"",
        ));
    }
    for (field, value) in [
        ("model", &p.model),
        ("program", &p.program),
        ("behavior", &p.behavior),
    ] {
        if value.trim().is_empty() {
            out.push(at.at(&[field], format!("expected a {field}, not an empty string")));
        }
    }
    if let Some(stored) = p.flip {
        let computed = p.computed_flip();
        if stored != computed {
            let word = |c: bool| if c { "correct" } else { "wrong" };
            out.push(at.at(
                &["flip"],
                format!(
                    "flip \"{stored}\" disagrees with base ({}) and trans ({}): expected \"{computed}\"",
                    word(p.base.correct),
                    word(p.trans.correct)
                ),
            ));
        }
    }
    out
}

/// The message for a record that names a variant its program does not have.
pub fn unknown_variant(p: &Program, variant: &str) -> String {
    let known: Vec<&str> = p.variant_names().collect();
    format!(
        "program \"{}\" has no variant \"{variant}\": expected one of {}",
        p.id,
        known
            .iter()
            .map(|v| format!("\"{v}\""))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    fn check_program(text: &str) -> Vec<LocatedError> {
        let (_, p) = parse_line::<Program>("programs.jsonl", 2, text).unwrap();
        program(
            &Line {
                file: "programs.jsonl",
                line: 2,
                text,
            },
            &p,
        )
    }

    #[test]
    fn a_good_program_has_no_problems() {
        let t = r#"{"id": "p", "stratum": "s", "synchronous": true, "clock": "posedge clk", "rtl": "x = y;", "reference": "r"}"#;
        assert!(check_program(t).is_empty());
    }

    #[test]
    fn empty_rtl_missing_clock_and_bad_variants_are_located() {
        let t = r#"{"id": "p", "stratum": "s", "synchronous": true, "rtl": " ", "reference": "r", "variants": {"T1": {"rtl": ""}, "original": {"rtl": "x"}}}"#;
        let errors = check_program(t);
        let msgs: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 4, "{msgs:#?}");
        let col = |needle: &str| t.find(needle).unwrap() + 1;
        assert!(msgs.iter().any(|m| m
            == &format!(
                "programs.jsonl:2:{}: expected the program's RTL, not an empty string",
                col("\" \"")
            )));
        assert!(msgs.iter().any(|m| m.starts_with(&format!(
            "programs.jsonl:2:{}: a synchronous program needs",
            col("true")
        ))));
        assert!(msgs.iter().any(|m| m.starts_with(&format!(
            "programs.jsonl:2:{}: variant \"T1\" has no RTL",
            col("\"\"}")
        ))));
        assert!(msgs.iter().any(|m| m.starts_with(&format!(
            "programs.jsonl:2:{}: \"original\" is the program",
            col("\"original\"")
        ))));
    }

    const MODULE: &str = r#"{"id": "arbiter_0007", "stratum": "arbiter", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "arb_case", "rtl": "module arb_case(input clk); endmodule", "reference": "", "reset": "rst", "variants": {"nested_if": {"rtl": "module arb_if(input clk); endmodule", "top": "arb_if"}}, "mutants": {"drop_t1": {"rtl": "module arb_m(input clk); endmodule", "top": "arb_m"}}}"#;

    #[test]
    fn a_good_module_program_has_no_problems() {
        assert!(
            check_program(MODULE).is_empty(),
            "{:?}",
            check_program(MODULE)
        );
    }

    #[test]
    fn a_module_program_needs_a_top_and_whole_mutants() {
        let t = MODULE
            .replace(r#""top": "arb_case", "#, "")
            .replace(
                r#""rtl": "module arb_m(input clk); endmodule""#,
                r#""rtl": """#,
            )
            .replace(r#""reset": "rst""#, r#""reset": " ""#);
        let msgs: Vec<String> = check_program(&t).iter().map(ToString::to_string).collect();
        assert_eq!(msgs.len(), 3, "{msgs:#?}");
        let col = |needle: &str| t.find(needle).unwrap() + 1;
        assert!(msgs.contains(&format!(
            "programs.jsonl:2:{}: a module program needs \"top\", the name of its top module",
            col("\"module\"")
        )));
        assert!(
            msgs.iter()
                .any(|m| m.contains("mutant \"drop_t1\" has no RTL"))
        );
        assert!(
            msgs.iter()
                .any(|m| m.contains("expected a reset condition"))
        );
    }

    #[test]
    fn module_fields_on_a_fragment_are_errors_at_their_key() {
        let t = r#"{"id": "p", "stratum": "s", "synchronous": false, "rtl": "x = y;", "reference": "r", "top": "m", "variants": {"T1": {"rtl": "x = y;", "top": "n"}}}"#;
        let errors = check_program(t);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(errors[0].location.column, t.find("\"top\"").unwrap() + 1);
        assert!(errors[0].message.contains("add \"kind\": \"module\""));
        assert!(errors[1].message.contains("of variant \"T1\""));
    }

    #[test]
    fn module_accessors_fall_back_to_the_program() {
        let (_, p) = parse_line::<Program>("programs.jsonl", 1, MODULE).unwrap();
        assert!(p.is_module());
        assert_eq!(p.variant_top("original"), Some("arb_case"));
        assert_eq!(p.variant_top("nested_if"), Some("arb_if"));
        assert_eq!(p.variant_rtl_name("nested_if"), "arb_if.sv");
        assert_eq!(p.mutant_top(&p.mutants["drop_t1"]), Some("arb_m"));
        let line = serde_json::to_string(&p).unwrap();
        let (_, again) = parse_line::<Program>("programs.jsonl", 1, &line).unwrap();
        assert_eq!(again, p);
        assert!(again.extra.is_empty());
    }

    #[test]
    fn a_stored_flip_must_agree_with_the_sides() {
        let t = r#"{"model": "m", "variant": "T1", "program": "p", "stratum": "s", "behavior": "x=y", "base": true, "trans": false, "flip": "CC"}"#;
        let (_, p) = parse_line::<PairRecord>("pairs.jsonl", 1, t).unwrap();
        let errors = pair(
            &Line {
                file: "pairs.jsonl",
                line: 1,
                text: t,
            },
            &p,
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].location.column, t.find("\"CC\"").unwrap() + 1);
        assert!(
            errors[0].message.contains("expected \"CW\""),
            "{}",
            errors[0]
        );
    }
}
