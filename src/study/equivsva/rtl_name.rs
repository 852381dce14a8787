//! The name of the first module declared in a SystemVerilog text, outside comments and
//! strings: the top module of an EquivSVA implementation or mutant file.

/// The first `module NAME` of `text`, if any.
pub fn first_module(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let mut i = 0;
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if word(c) => {
                let start = i;
                while i < b.len() && word(b[i]) {
                    i += 1;
                }
                if &text[start..i] == "module" || &text[start..i] == "macromodule" {
                    while i < b.len() && b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    let name_start = i;
                    while i < b.len() && word(b[i]) {
                        i += 1;
                    }
                    return (i > name_start).then(|| &text[name_start..i]);
                }
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_module_outside_comments() {
        assert_eq!(
            first_module("// module fake\n/* module no */ module arb_case (\n input clk);"),
            Some("arb_case")
        );
        assert_eq!(first_module("module\n  m2#(parameter W=1)();"), Some("m2"));
        assert_eq!(first_module("wire modulex; "), None);
        assert_eq!(first_module("\"module s\" module"), None);
        assert_eq!(first_module("/* never closed module m"), None);
    }
}
