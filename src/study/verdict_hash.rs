//! The verdict input hash: a hex SHA-256 over everything the verdicts of one output of
//! a whole-module program were computed from, so a stored verdict can tell when its
//! design, its output or the engine has changed since.
//!
//! Hashed in this order, each part as its byte length (u64, little-endian) then its
//! UTF-8 bytes: the tag `flipscope-verdict-v1`, program id, variant, model, the output,
//! the clock (empty when none), the reset (empty when none), the names and texts of the
//! program's `files`, then for `original` and every variant in name order its name, top
//! and RTL, then for every mutant in name order its name, top and RTL, then the engine
//! (its name, versions and options, as the writer describes them).

use sha2::{Digest, Sha256};

use super::program::Program;
use super::source::hex;

/// The inputs of the verdicts of one output.
#[derive(Debug, Clone, Copy)]
pub struct VerdictInputs<'a> {
    /// The program (its implementations, mutants, files, clock and reset).
    pub program: &'a Program,
    /// The implementation the output was generated for.
    pub variant: &'a str,
    /// The model.
    pub model: &'a str,
    /// The model's output.
    pub output: &'a str,
    /// The engine and its options, e.g. `yosys 0.23; smtbmc z3; depth 20`.
    pub engine: &'a str,
}

impl VerdictInputs<'_> {
    /// The hex SHA-256 described in the module documentation.
    pub fn hash(&self) -> String {
        let p = self.program;
        let mut parts: Vec<&str> = vec![
            "flipscope-verdict-v1",
            &p.id,
            self.variant,
            self.model,
            self.output,
            p.clock.as_deref().unwrap_or(""),
            p.reset.as_deref().unwrap_or(""),
        ];
        for f in &p.files {
            parts.extend([f.name.as_str(), f.text.as_str()]);
        }
        for name in p.variant_names() {
            parts.push(name);
            parts.push(p.variant_top(name).unwrap_or(""));
            parts.push(p.variant_rtl(name).unwrap_or(""));
        }
        for (name, m) in &p.mutants {
            parts.extend([name.as_str(), p.mutant_top(m).unwrap_or(""), &m.rtl]);
        }
        parts.push(self.engine);
        let mut h = Sha256::new();
        for part in parts {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        hex(&h.finalize())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::pair_hash::is_sha256_hex;

    fn program() -> Program {
        serde_json::from_str(r#"{"id": "f", "stratum": "s", "synchronous": true, "clock": "posedge clk", "kind": "module", "top": "f_a", "rtl": "module f_a; endmodule", "reference": "", "reset": "rst", "variants": {"b": {"rtl": "module f_b; endmodule", "top": "f_b"}}, "mutants": {"m1": {"rtl": "module f_m; endmodule"}}}"#).unwrap()
    }

    #[test]
    fn every_input_changes_the_hash() {
        let p = program();
        let base = VerdictInputs {
            program: &p,
            variant: "b",
            model: "m",
            output: "o",
            engine: "e",
        };
        let h = base.hash();
        assert!(is_sha256_hex(&h));
        assert_eq!(h, base.hash());
        for other in [
            VerdictInputs {
                variant: "original",
                ..base
            },
            VerdictInputs { model: "n", ..base },
            VerdictInputs {
                output: "o2",
                ..base
            },
            VerdictInputs {
                engine: "e2",
                ..base
            },
        ] {
            assert_ne!(other.hash(), h);
        }
        let mut q = program();
        q.mutants.get_mut("m1").unwrap().rtl.push(' ');
        assert_ne!(
            VerdictInputs {
                program: &q,
                ..base
            }
            .hash(),
            h
        );
        let mut q = program();
        q.reset = None;
        assert_ne!(
            VerdictInputs {
                program: &q,
                ..base
            }
            .hash(),
            h
        );
    }
}
