//! The rules a verdict line must keep beyond its JSON shape: non-empty names, a
//! `sound` the rest of the line agrees with, an output line (index null) that carries
//! no property, and, when programs are loaded, implementations and mutants the
//! program has. Each broken rule is reported at the offending field.

use super::checks::unknown_variant;
use super::error::LocatedError;
use super::program::Program;
use super::record_line::Line;
use super::verdict::{FormalStatus, PropertyVerdict};

/// The problems of one verdict line on its own (`program` is its program when the
/// study has programs).
pub fn verdict(at: &Line, v: &PropertyVerdict, program: Option<&Program>) -> Vec<LocatedError> {
    let mut out = Vec::new();
    for (field, value) in [
        ("program", &v.program),
        ("variant", &v.variant),
        ("model", &v.model),
    ] {
        if value.trim().is_empty() {
            out.push(at.at(
                &[field],
                format!("expected a {field} name, not an empty string"),
            ));
        }
    }
    if v.index.is_none() {
        let present = [
            ("name", v.name.is_some()),
            ("text", v.text.is_some()),
            ("status", v.status.is_some()),
            ("transfer", !v.transfer.is_empty()),
            ("mutants", !v.mutants.is_empty()),
            ("sound", v.sound.is_some()),
            ("interface_only", v.interface_only.is_some()),
        ];
        for (field, _) in present.iter().filter(|(_, is)| *is) {
            out.push(at.at_key(
                &[field],
                format!(
                    "\"{field}\" belongs to a property: a line with \"index\": null stands for an output from which no property was read"
                ),
            ));
        }
    }
    if let Some(stored) = v.sound {
        sound(at, v, stored, &mut out);
    }
    if let Some(p) = program {
        implementations(at, v, p, &mut out);
    }
    out
}

/// A stored `sound` must agree with the status, the syntax and the interface check.
fn sound(at: &Line, v: &PropertyVerdict, stored: bool, out: &mut Vec<LocatedError>) {
    let passes = v
        .status
        .as_ref()
        .is_some_and(|c| c.status == FormalStatus::Pass);
    if stored && !(passes && v.syntax.ok && v.interface_only == Some(true)) {
        out.push(at.at(
            &["sound"],
            "a sound property passes on its own implementation, parses and is interface-only: this line says otherwise",
        ));
    } else if !stored && v.computed_sound() {
        out.push(at.at(
            &["sound"],
            "a non-vacuous pass that parses and is interface-only is sound: expected true",
        ));
    }
}

/// The variant, the transfer targets and the mutants must be the program's.
fn implementations(at: &Line, v: &PropertyVerdict, p: &Program, out: &mut Vec<LocatedError>) {
    if !p.has_variant(&v.variant) {
        out.push(at.at(&["variant"], unknown_variant(p, &v.variant)));
    }
    if let Some(s) = &v.stratum
        && s != &p.stratum
    {
        out.push(at.at(
            &["stratum"],
            format!(
                "stratum \"{s}\" differs from program \"{}\"'s \"{}\": score the study again",
                p.id, p.stratum
            ),
        ));
    }
    for name in v.transfer.keys() {
        if name == &v.variant {
            out.push(at.at_key(
                &["transfer", name],
                format!(
                    "\"{name}\" is the property's own implementation: its status there is \"status\""
                ),
            ));
        } else if !p.has_variant(name) {
            out.push(at.at_key(&["transfer", name], unknown_variant(p, name)));
        }
    }
    for name in v.mutants.keys() {
        if !p.mutants.contains_key(name) {
            let known: Vec<String> = p.mutants.keys().map(|m| format!("\"{m}\"")).collect();
            let expected = if known.is_empty() {
                "it has none".to_string()
            } else {
                format!("expected one of {}", known.join(", "))
            };
            out.push(at.at_key(
                &["mutants", name],
                format!("program \"{}\" has no mutant \"{name}\": {expected}", p.id),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    const PROGRAM: &str = r#"{"id": "f", "stratum": "arbiter", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "f_a", "rtl": "module f_a; endmodule", "reference": "", "variants": {"b": {"rtl": "module f_b; endmodule", "top": "f_b"}}, "mutants": {"m1": {"rtl": "module f_m; endmodule"}}}"#;

    fn problems(text: &str) -> Vec<String> {
        let (_, v) = parse_line::<PropertyVerdict>("verdicts.jsonl", 1, text).unwrap();
        let (_, p) = parse_line::<Program>("programs.jsonl", 1, PROGRAM).unwrap();
        let at = Line {
            file: "verdicts.jsonl",
            line: 1,
            text,
        };
        verdict(&at, &v, Some(&p))
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_good_line_has_no_problems() {
        let t = r#"{"program": "f", "variant": "original", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}, "transfer": {"b": {"status": "fail"}}, "mutants": {"m1": {"status": "fail"}}, "sound": true}"#;
        assert!(problems(t).is_empty(), "{:?}", problems(t));
    }

    #[test]
    fn sound_must_agree_with_the_line() {
        let t = r#"{"program": "f", "variant": "b", "model": "m", "index": 0, "interface_only": false, "status": {"status": "pass"}, "sound": true}"#;
        let p = problems(t);
        assert_eq!(p.len(), 1, "{p:?}");
        let col = t.find("true}").unwrap() + 1;
        assert!(p[0].starts_with(&format!("verdicts.jsonl:1:{col}: a sound property")));
        let t = r#"{"program": "f", "variant": "b", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass"}, "sound": false}"#;
        assert!(problems(t)[0].contains("expected true"));
        // A vacuous pass may be counted either way.
        let t = r#"{"program": "f", "variant": "b", "model": "m", "index": 0, "interface_only": true, "status": {"status": "pass", "vacuous": true}, "sound": false}"#;
        assert!(problems(t).is_empty());
    }

    #[test]
    fn unknown_implementations_and_mutants_are_named() {
        let t = r#"{"program": "f", "variant": "c", "model": "m", "index": 1, "transfer": {"original": {"status": "fail"}, "z": {"status": "pass"}}, "mutants": {"m9": {"status": "pass"}}}"#;
        let p = problems(t);
        assert_eq!(p.len(), 3, "{p:#?}");
        assert!(p[0].contains("has no variant \"c\""), "{}", p[0]);
        assert!(p[1].contains("has no variant \"z\""), "{}", p[1]);
        assert!(
            p[2].contains("no mutant \"m9\": expected one of \"m1\""),
            "{}",
            p[2]
        );
        let t = r#"{"program": "f", "variant": "b", "model": "m", "index": 1, "transfer": {"b": {"status": "fail"}}}"#;
        assert!(problems(t)[0].contains("own implementation"));
    }

    #[test]
    fn an_output_line_carries_no_property() {
        let t = r#"{"program": "f", "variant": "b", "model": " ", "index": null, "status": {"status": "pass"}, "syntax": {"ok": false, "message": "no property"}}"#;
        let p = problems(t);
        assert_eq!(p.len(), 2, "{p:#?}");
        assert!(p[0].contains("expected a model name"));
        assert!(p[1].contains("\"status\" belongs to a property"));
    }
}
