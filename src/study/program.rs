//! `programs.jsonl`: one program per line, with its reference properties and its
//! variants (named rewrites of its RTL, each with an optional rename map). A program is
//! an RTL fragment scored by path conditions (VERT), or a whole module scored by formal
//! proof (EquivSVA, AssertionBench) with its top module, extra source files, reset and
//! mutants.

use std::collections::BTreeMap;
use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The name of the unrewritten input in generations and pairs.
pub const ORIGINAL: &str = "original";

/// The extra program field that gives the prompt's `{{ reset }}` text word for word (the
/// EquivSVA importer writes `describe_reset` of the family's `spec.json` there).
pub const RESET_DESCRIPTION: &str = "reset_description";

/// What a program's RTL is, and so how its generated properties are scored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProgramKind {
    /// An RTL fragment (VERT): assignment behaviors judged by path-condition equivalence.
    #[default]
    Fragment,
    /// A whole module (EquivSVA, AssertionBench): properties judged by formal proof.
    Module,
}

impl ProgramKind {
    /// Whether this is the default kind (kept out of written records).
    pub fn is_fragment(&self) -> bool {
        *self == ProgramKind::Fragment
    }

    /// The name used in files: `fragment` or `module`.
    pub fn as_str(&self) -> &'static str {
        match self {
            ProgramKind::Fragment => "fragment",
            ProgramKind::Module => "module",
        }
    }
}

/// A named source file of a whole-module design, read before the program's `rtl`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceText {
    /// The file name shown in messages, e.g. `fht_bfly.v`.
    pub name: String,
    /// The file's text, exactly as given.
    pub text: String,
    /// A file that is only `` `include``d by the others (a header such as `defines.v`, or a
    /// module file the RTL includes), not read as a source of its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub header: bool,
}

/// A behavior-changing rewrite of a whole-module program: a good property should fail on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mutant {
    /// The mutant's RTL (the whole module).
    pub rtl: String,
    /// The mutant's top module; the program's `top` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<String>,
    /// The file name of `rtl` shown in messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rtl_name: Option<String>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One RTL input with its reference properties and its variants.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Program {
    /// Unique within the study, e.g. `ifdataset-not-else/0007`.
    pub id: String,
    /// The stratum the program is counted in, e.g. `nested-if/async`.
    pub stratum: String,
    /// Whether the properties are clocked (`|->` with the clock event) or not (`|=>`).
    pub synchronous: bool,
    /// The clock event of a synchronous program, e.g. `posedge clk`.
    #[serde(default)]
    pub clock: Option<String>,
    /// The RTL fragment (or module) as given.
    pub rtl: String,
    /// The dataset's reference properties, as given (possibly several).
    pub reference: String,
    /// Named rewrites of `rtl` (`T1`, `T2`, `T3`, ...), by name.
    #[serde(default)]
    pub variants: BTreeMap<String, Variant>,
    /// Widths of signals in bits (`{"a": 1, "state": 2}`), for two-state scoring;
    /// they add to (and override) what the RTL declares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub widths: Option<BTreeMap<String, NonZeroU32>>,
    /// `fragment` (the default) or `module`.
    #[serde(default, skip_serializing_if = "ProgramKind::is_fragment")]
    pub kind: ProgramKind,
    /// The top module of `rtl` (module programs; required there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<String>,
    /// The file name of `rtl` shown in messages (module programs), e.g. `canonical_case.sv`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rtl_name: Option<String>,
    /// Further source files of the design, read in order before `rtl` (module programs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<SourceText>,
    /// The reset condition, an expression true while the design is in reset (`rst`,
    /// `!rst_n`): assumed to hold in the first cycle of a proof. Absent or null: no reset
    /// assumption (module programs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reset: Option<String>,
    /// Behavior-changing rewrites of the module, by name (module programs).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mutants: BTreeMap<String, Mutant>,
    /// Whatever the dataset or importer records about the program (EquivSVA: category,
    /// model type, interface ports, the rendered prompt, the spec; AssertionBench: its
    /// group, folder and script). Kept, not interpreted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Value>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Program {
    /// The widths the study file gives, as the logic core takes them.
    pub fn widths(&self) -> crate::logic::Widths {
        self.widths
            .iter()
            .flatten()
            .map(|(n, w)| (n.clone(), w.get()))
            .collect()
    }

    /// The RTL of a variant, `original` included.
    pub fn variant_rtl(&self, variant: &str) -> Option<&str> {
        if variant == ORIGINAL {
            Some(&self.rtl)
        } else {
            self.variants.get(variant).map(|v| v.rtl.as_str())
        }
    }

    /// Whether the program has this variant (`original` always exists).
    pub fn has_variant(&self, variant: &str) -> bool {
        variant == ORIGINAL || self.variants.contains_key(variant)
    }

    /// `original` followed by the variant names in order.
    pub fn variant_names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(ORIGINAL).chain(self.variants.keys().map(String::as_str))
    }

    /// Whether this is a whole-module program, scored by formal proof.
    pub fn is_module(&self) -> bool {
        self.kind == ProgramKind::Module
    }

    /// The top module of a variant (`original` included): the variant's own `top`, else
    /// the program's.
    pub fn variant_top(&self, variant: &str) -> Option<&str> {
        let own = if variant == ORIGINAL {
            None
        } else {
            self.variants.get(variant)?.top.as_deref()
        };
        own.or(self.top.as_deref())
    }

    /// The file name of a variant's RTL (`original` included), for messages: its
    /// `rtl_name`, else `<top>.sv`, else `<variant>.sv`.
    pub fn variant_rtl_name(&self, variant: &str) -> String {
        let own = if variant == ORIGINAL {
            self.rtl_name.as_deref()
        } else {
            self.variants
                .get(variant)
                .and_then(|v| v.rtl_name.as_deref())
        };
        match (own, self.variant_top(variant)) {
            (Some(name), _) => name.to_string(),
            (None, Some(top)) => format!("{top}.sv"),
            (None, None) => format!("{variant}.sv"),
        }
    }

    /// The top module of a mutant: its own `top`, else the program's.
    pub fn mutant_top<'a>(&'a self, mutant: &'a Mutant) -> Option<&'a str> {
        mutant.top.as_deref().or(self.top.as_deref())
    }
}

/// A semantics-preserving rewrite of a program's RTL.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// The rewritten RTL.
    pub rtl: String,
    /// Identifiers used in this variant mapped back to the original ones
    /// (variant name -> original name), for renaming rewrites such as T2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rename: Option<BTreeMap<String, String>>,
    /// The variant's top module, when it differs from the program's (module programs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<String>,
    /// The file name of the variant's RTL shown in messages (module programs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rtl_name: Option<String>,
    /// Whatever the dataset records about this variant (EquivSVA: its style's name,
    /// the rendered prompt). Kept, not interpreted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Value>,
    /// Fields flipscope does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::jsonl::parse_line;

    const LINE: &str = r#"{"id": "p07", "stratum": "nested-if/async", "synchronous": false, "clock": null, "rtl": "if (a && b) begin\n x = y;\nend\n", "reference": "property name; (a && b) |=> x == y; endproperty", "variants": {"T1": {"rtl": "if (b && a) begin\n x = y;\nend\n"}, "T2": {"rtl": "if (v3 && v4) begin\n x = y;\nend\n", "rename": {"v3": "a", "v4": "b"}}}, "source": "hand"}"#;

    #[test]
    fn design_example_reads_with_variants_and_extra() {
        let (_, p): (usize, Program) = parse_line("programs.jsonl", 1, LINE).unwrap();
        assert_eq!(p.id, "p07");
        assert!(!p.synchronous && p.clock.is_none());
        assert_eq!(p.variants["T2"].rename.as_ref().unwrap()["v3"], "a");
        assert!(p.variants["T1"].rename.is_none());
        assert_eq!(p.extra["source"], "hand");
        assert_eq!(
            p.variant_names().collect::<Vec<_>>(),
            ["original", "T1", "T2"]
        );
        assert!(p.has_variant("original") && p.has_variant("T1") && !p.has_variant("T3"));
        assert_eq!(
            p.variant_rtl("T1").unwrap(),
            "if (b && a) begin\n x = y;\nend\n"
        );
        let again: Program = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(again, p);
    }

    #[test]
    fn wrong_type_and_variant_without_rtl_are_located() {
        let line = LINE.replace(r#""synchronous": false"#, r#""synchronous": "no""#);
        let e = parse_line::<Program>("programs.jsonl", 3, &line).unwrap_err();
        assert!(
            e.message.contains("expected a boolean for \"synchronous\""),
            "{e}"
        );
        assert_eq!(e.location.line, 3);

        let line = LINE.replace(
            r#"{"rtl": "if (b && a) begin\n x = y;\nend\n"}"#,
            r#"{"rtl2": "x"}"#,
        );
        let e = parse_line::<Program>("programs.jsonl", 1, &line).unwrap_err();
        assert!(e.message.contains("missing field `rtl`"), "{e}");
        assert!(e.message.contains("variants.T1"), "{e}");
    }
}
