//! The rules a single record must keep beyond its JSON shape (non-empty ids and RTL, a
//! clock for synchronous programs, a flip class that agrees with its sides), each
//! broken rule reported at the offending field.

use super::error::LocatedError;
use super::locate::{key_column, value_column};
use super::pair::PairRecord;
use super::program::{ORIGINAL, Program};

/// One line of a file being loaded: where it is and its text, to locate problems.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// The file as shown in messages.
    pub file: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// The line's text.
    pub text: &'a str,
}

impl Line<'_> {
    /// An error at the value of the member `path` (or at column 1 when it is absent).
    pub fn at(&self, path: &[&str], message: impl Into<String>) -> LocatedError {
        LocatedError::new(self.file, self.line, value_column(self.text, path), message)
    }

    /// An error at the key of the member `path`.
    pub fn at_key(&self, path: &[&str], message: impl Into<String>) -> LocatedError {
        LocatedError::new(self.file, self.line, key_column(self.text, path), message)
    }
}

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
    out
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
        assert_eq!(errors[0].column, t.find("\"CC\"").unwrap() + 1);
        assert!(
            errors[0].message.contains("expected \"CW\""),
            "{}",
            errors[0]
        );
    }
}
