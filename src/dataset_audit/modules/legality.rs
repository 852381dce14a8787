//! Whether an implementation or a mutant is legal IEEE 1800: an IEEE 1800-2017 keyword
//! used as a name is named and located (`release`, `use`: yosys accepts them, slang
//! and sv-parser do not); otherwise sv-parser's own located error, if any.

use super::report::LegalityFinding;
use crate::rtl::RtlError;
use crate::rules::keywords::keyword_uses;

/// The findings of one design's RTL (`design`: the variant, or `mutant NAME`; `file`
/// as shown in messages).
pub fn check(program: &str, design: &str, file: &str, rtl: &str) -> Vec<LegalityFinding> {
    let finding = |line, column, message: String| LegalityFinding {
        program: program.to_string(),
        design: design.to_string(),
        file: file.to_string(),
        line,
        column,
        message,
    };
    let keywords = keyword_uses(rtl);
    if !keywords.is_empty() {
        return keywords
            .into_iter()
            .map(|k| {
                finding(
                    k.line,
                    k.column,
                    format!(
                        "the IEEE 1800-2017 keyword `{}` is used as a {} name",
                        k.keyword, k.what
                    ),
                )
            })
            .collect();
    }
    match crate::rtl::analyse(rtl) {
        Err(RtlError::Syntax {
            line,
            column,
            message,
        }) => vec![finding(line, column, message)],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyword_port_is_named_and_located() {
        let rtl = "module m(input clk, input release, output q);\nassign q = release;\nendmodule\n";
        let f = check("fam", "original", "m.sv", rtl);
        assert_eq!(f.len(), 1);
        assert_eq!((f[0].line, f[0].column), (1, 27));
        assert!(f[0].message.contains("`release`"), "{}", f[0].message);
    }

    #[test]
    fn a_legal_module_has_no_finding() {
        let rtl = "module m(input clk, input a, output reg q);\nalways @(posedge clk) q <= a;\nendmodule\n";
        assert_eq!(check("fam", "original", "m.sv", rtl), []);
    }
}
