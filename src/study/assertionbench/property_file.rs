//! The model-written property files, `property_<model>_<k>shot.sva`: a module
//! `i_<top>(input ...)` holding `assert property (...);` statements. JasperGold names
//! the N-th `assert property` statement of the file `_assert_N` (no file labels its
//! assertions), so the statements are numbered here in file order, 1-based, exactly as
//! the words `assert property` occur outside comments, whether or not the statement
//! around them is well formed (the count JasperGold's numbering and the dataset's
//! README use).

use super::scan::{blank_comments, find_words, identifier_at, skip_space, string_end};
use crate::text::line_column;

/// One `assert property` statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssertionStatement {
    /// 1-based position in the file: JasperGold's `_assert_N`.
    pub index: usize,
    /// `label:` before `assert`, when there is one.
    pub label: Option<String>,
    /// Where the statement starts (its label, else `assert`), 1-based.
    pub line: usize,
    pub column: usize,
    /// The statement as written, from its label or `assert` to its `;` (comments
    /// inside it kept).
    pub text: String,
    /// Whether the statement ends with `;` at its own nesting level before the next
    /// statement or `endmodule` (a truncated or garbled statement does not).
    pub terminated: bool,
    /// The named property it asserts (`assert property (p_name);`), when the file
    /// declares a property of that name.
    pub asserts_named: Option<String>,
}

/// A `property NAME; ... endproperty` declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedProperty {
    pub name: String,
    /// The declaration as written, `property` to `endproperty`.
    pub text: String,
}

/// What a property file holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PropertyFile {
    /// The name of its (first) module, `i_<top>`.
    pub module: Option<String>,
    /// The `assert property` statements in file order.
    pub assertions: Vec<AssertionStatement>,
    /// Named property declarations in file order.
    pub properties: Vec<NamedProperty>,
}

impl PropertyFile {
    /// The text a prover needs for one assertion: the declaration of the property it
    /// names (when it names one of this file) and the statement.
    pub fn proof_text(&self, assertion: &AssertionStatement) -> String {
        match assertion
            .asserts_named
            .as_deref()
            .and_then(|n| self.properties.iter().find(|p| p.name == n))
        {
            Some(p) => format!("{}\n{}", p.text, assertion.text),
            None => assertion.text.clone(),
        }
    }
}

/// Reads a property file. It never fails: a garbled file gives the statements it has.
pub fn parse_property_file(text: &str) -> PropertyFile {
    let blank = blank_comments(text);
    let bytes = blank.as_bytes();
    let module = find_words(&blank, "module")
        .next()
        .and_then(|at| identifier_at(&blank, at + "module".len()))
        .map(|(name, _)| name.to_string());
    let properties = named_properties(text, &blank);
    let starts: Vec<usize> = find_words(&blank, "assert")
        .filter(|&at| {
            identifier_at(&blank, at + "assert".len()).is_some_and(|(w, _)| w == "property")
        })
        .collect();
    let endmodules: Vec<usize> = find_words(&blank, "endmodule").collect();
    let mut assertions = Vec::with_capacity(starts.len());
    for (i, &at) in starts.iter().enumerate() {
        let limit = starts
            .get(i + 1)
            .copied()
            .into_iter()
            .chain(endmodules.iter().copied().filter(|&e| e > at))
            .min()
            .unwrap_or(blank.len());
        let (end, terminated) = statement_end(bytes, at, limit);
        let (start, label) = label_before(&blank, at);
        let (line, column) = line_column(text, start);
        let asserts_named =
            named_target(&blank, at, end).filter(|name| properties.iter().any(|p| &p.name == name));
        assertions.push(AssertionStatement {
            index: i + 1,
            label,
            line,
            column,
            text: text[start..end].trim_end().to_string(),
            terminated,
            asserts_named,
        });
    }
    PropertyFile {
        module,
        assertions,
        properties,
    }
}

/// The end of the statement starting at `at`: just past its `;` at nesting level 0
/// (true), or `limit` (false).
fn statement_end(bytes: &[u8], at: usize, limit: usize) -> (usize, bool) {
    let mut depth: i64 = 0;
    let mut i = at;
    while i < limit {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b';' if depth <= 0 => return (i + 1, depth == 0),
            b'"' => {
                i = string_end(bytes, i);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (limit, false)
}

/// A `label :` right before `assert` (not `::`, not the end of a `?:`).
fn label_before(blank: &str, at: usize) -> (usize, Option<String>) {
    let bytes = blank.as_bytes();
    let mut i = at;
    while i > 0 && bytes[i - 1].is_ascii_whitespace() {
        i -= 1;
    }
    if i == 0 || bytes[i - 1] != b':' || (i >= 2 && bytes[i - 2] == b':') {
        return (at, None);
    }
    let mut j = i - 1;
    while j > 0 && bytes[j - 1].is_ascii_whitespace() {
        j -= 1;
    }
    let end = j;
    while j > 0 && super::scan::is_ident_byte(bytes[j - 1]) {
        j -= 1;
    }
    match identifier_at(blank, j) {
        Some((name, e)) if e == end && !is_keyword(name) => (j, Some(name.to_string())),
        _ => (at, None),
    }
}

fn is_keyword(word: &str) -> bool {
    matches!(word, "default" | "begin" | "end" | "else")
}

/// `assert property (NAME)` or `assert property (NAME);`: the NAME.
fn named_target(blank: &str, at: usize, end: usize) -> Option<String> {
    let after = identifier_at(blank, at + "assert".len())?.1;
    let open = skip_space(blank.as_bytes(), after);
    if blank.as_bytes().get(open) != Some(&b'(') {
        return None;
    }
    let (name, after_name) = identifier_at(blank, open + 1)?;
    let close = skip_space(blank.as_bytes(), after_name);
    (close < end && blank.as_bytes()[close] == b')').then(|| name.to_string())
}

/// `property NAME ... endproperty` blocks (the `property` of `assert property` is not
/// one).
fn named_properties(text: &str, blank: &str) -> Vec<NamedProperty> {
    let ends: Vec<usize> = find_words(blank, "endproperty").collect();
    let mut out = Vec::new();
    for at in find_words(blank, "property") {
        let before = blank[..at].trim_end();
        let after_keyword = ["assert", "assume", "cover", "restrict", "expect"]
            .iter()
            .any(|k| before.ends_with(k));
        if after_keyword {
            continue;
        }
        let Some((name, _)) = identifier_at(blank, at + "property".len()) else {
            continue;
        };
        let Some(&end) = ends.iter().find(|&&e| e > at) else {
            continue;
        };
        out.push(NamedProperty {
            name: name.to_string(),
            text: text[at..end + "endproperty".len()].to_string(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FHT_BFLY: &str = "parameter N = 8;\nmodule i_fht_bfly(\ninput clk,\n\tinput [N-1:0] a // input\n);\n\nassert property(@(posedge clk) (valid) |-> (c == rca_N(a,b)));\n// assert property(@(posedge clk) commented);\nassert property(@(posedge clk) (valid) |-> (d == rca_N(a,twos_complement(b))));\n\nendmodule";

    #[test]
    fn numbers_statements_in_file_order() {
        let f = parse_property_file(FHT_BFLY);
        assert_eq!(f.module.as_deref(), Some("i_fht_bfly"));
        assert_eq!(f.assertions.len(), 2);
        let a = &f.assertions[1];
        assert_eq!(a.index, 2);
        assert_eq!((a.line, a.column), (9, 1));
        assert_eq!(
            a.text,
            "assert property(@(posedge clk) (valid) |-> (d == rca_N(a,twos_complement(b))));"
        );
        assert!(a.terminated && a.label.is_none());
    }

    #[test]
    fn garbled_statements_still_count() {
        // A model's response cut short, and assertions nested in one another: every
        // `assert property` is a statement to JasperGold's numbering.
        let text = "module i_t(input c);\nassert property(@(posedge c) (x == {4'b0,);\nassert property(@(posedge c) (assert property (a) |-> (b)));assert property(@(posedge c) ));\nassert property1 @(posedge c) a;\nendmodule\n";
        let f = parse_property_file(text);
        assert_eq!(f.assertions.len(), 4);
        assert!(!f.assertions[0].terminated);
        assert_eq!(
            f.assertions[0].text,
            "assert property(@(posedge c) (x == {4'b0,);"
        );
        assert!(!f.assertions[1].terminated);
        assert_eq!(f.assertions[3].text, "assert property(@(posedge c) ));");
    }

    #[test]
    fn labels_and_named_properties() {
        let text = "module i_b(input clk);\nproperty a22;\n@(posedge clk) a ##1 b |-> c;\nendproperty\nassert_a22: assert property(a22);\nx: assert property (@(posedge clk) a) else $error(\"no; really\");\nendmodule";
        let f = parse_property_file(text);
        assert_eq!(f.properties.len(), 1);
        assert_eq!(f.properties[0].name, "a22");
        let a = &f.assertions[0];
        assert_eq!(a.label.as_deref(), Some("assert_a22"));
        assert_eq!(a.asserts_named.as_deref(), Some("a22"));
        assert_eq!(a.text, "assert_a22: assert property(a22);");
        assert_eq!(
            f.proof_text(a),
            "property a22;\n@(posedge clk) a ##1 b |-> c;\nendproperty\nassert_a22: assert property(a22);"
        );
        let b = &f.assertions[1];
        assert_eq!(
            b.text,
            "x: assert property (@(posedge clk) a) else $error(\"no; really\");"
        );
        assert!(b.asserts_named.is_none());
    }

    #[test]
    fn an_empty_file_has_no_statements() {
        assert_eq!(parse_property_file(""), PropertyFile::default());
        let f = parse_property_file("module i_x(input a);\nendmodule\n");
        assert!(f.assertions.is_empty());
    }
}
