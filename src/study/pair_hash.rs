//! The pair hash: a hex SHA-256 over everything a pair's two verdicts were computed
//! from, so an annotation made on a pair can tell when the pair has since changed.
//!
//! Hashed, in this order, each as its byte length (u64, little-endian) then its UTF-8
//! bytes: the tag `flipscope-pair-v1`, program id, behavior, model, variant, the
//! reference text, the original RTL, the variant's RTL, the variant's rename map as
//! `from=to` lines in name order (empty when none), the original output and the
//! variant's output. Length prefixes keep field boundaries unambiguous.

use sha2::{Digest, Sha256};

use super::program::Program;
use super::source::hex;

/// The inputs of one pair.
#[derive(Debug, Clone, Copy)]
pub struct PairInputs<'a> {
    /// The program (its id, reference, RTL and the variant's RTL and rename map).
    pub program: &'a Program,
    /// The variant compared with `original`.
    pub variant: &'a str,
    /// The behavior (`lhs=rhs`).
    pub behavior: &'a str,
    /// The model.
    pub model: &'a str,
    /// The model's output on the original.
    pub base_output: &'a str,
    /// The model's output on the variant.
    pub trans_output: &'a str,
}

impl PairInputs<'_> {
    /// The hex SHA-256 described in the module documentation.
    pub fn hash(&self) -> String {
        let p = self.program;
        let variant = p.variants.get(self.variant);
        let rename: String = variant
            .and_then(|v| v.rename.as_ref())
            .map(|m| {
                m.iter()
                    .map(|(from, to)| format!("{from}={to}\n"))
                    .collect()
            })
            .unwrap_or_default();
        let trans_rtl = p.variant_rtl(self.variant).unwrap_or("");
        let mut h = Sha256::new();
        for part in [
            "flipscope-pair-v1",
            &p.id,
            self.behavior,
            self.model,
            self.variant,
            &p.reference,
            &p.rtl,
            trans_rtl,
            &rename,
            self.base_output,
            self.trans_output,
        ] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        hex(&h.finalize())
    }
}

/// Whether `s` looks like a hex SHA-256 (64 lowercase hex digits).
pub fn is_sha256_hex(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::program::Variant;

    fn program() -> Program {
        serde_json::from_str(
            r#"{"id": "p1", "stratum": "s", "synchronous": false, "rtl": "if (a) x = y;",
                "reference": "property p; a |=> x == y; endproperty",
                "variants": {"T2": {"rtl": "if (v1) x = y;", "rename": {"v1": "a"}}}}"#,
        )
        .unwrap()
    }

    fn inputs(p: &Program) -> PairInputs<'_> {
        PairInputs {
            program: p,
            variant: "T2",
            behavior: "x=y",
            model: "m",
            base_output: "out a",
            trans_output: "out b",
        }
    }

    #[test]
    fn hash_is_stable_and_changes_with_every_input() {
        let p = program();
        let h = inputs(&p).hash();
        assert!(is_sha256_hex(&h));
        assert_eq!(h, inputs(&p).hash());
        let swapped = PairInputs {
            base_output: "out b",
            trans_output: "out a",
            ..inputs(&p)
        };
        assert_ne!(h, swapped.hash());
        let other_model = PairInputs {
            model: "m2",
            ..inputs(&p)
        };
        assert_ne!(h, other_model.hash());
        let mut q = program();
        q.variants.insert(
            "T2".into(),
            Variant {
                rtl: "if (v1) x = y;".into(),
                rename: None,
                ..Variant::default()
            },
        );
        assert_ne!(h, inputs(&q).hash(), "the rename map is an input");
    }

    #[test]
    fn boundaries_between_fields_matter() {
        let p = program();
        let a = PairInputs {
            base_output: "ab",
            trans_output: "c",
            ..inputs(&p)
        };
        let b = PairInputs {
            base_output: "a",
            trans_output: "bc",
            ..inputs(&p)
        };
        assert_ne!(a.hash(), b.hash());
    }
}
