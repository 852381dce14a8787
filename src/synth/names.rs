//! Identifiers in VERT's style (`sig_8`, `reg_2`, `auth_12`), drawn without repeats
//! within one program so that every branch condition has atoms of its own.

use std::collections::BTreeSet;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The prefixes VERT's generated identifiers use.
const PREFIXES: [&str; 14] = [
    "sig", "reg", "auth", "cfg", "clk", "hw", "rst", "fsm", "err", "chip", "core", "tx", "rx",
    "data",
];

/// Draws fresh identifiers for one program.
#[derive(Debug, Default)]
pub struct Names {
    used: BTreeSet<String>,
}

impl Names {
    /// A name not drawn before in this program, such as `auth_12`.
    pub fn fresh(&mut self, rng: &mut ChaCha8Rng) -> String {
        loop {
            let prefix = PREFIXES[rng.random_range(0..PREFIXES.len())];
            let name = format!("{prefix}_{}", rng.random_range(1..200));
            if self.used.insert(name.clone()) {
                return name;
            }
        }
    }

    /// A clock signal (`clock_div_4`), never a name the conditions use.
    pub fn clock(&mut self, rng: &mut ChaCha8Rng) -> String {
        loop {
            let name = format!("clock_div_{}", rng.random_range(1..16));
            if self.used.insert(name.clone()) {
                return name;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn names_never_repeat_within_a_program() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut names = Names::default();
        let drawn: Vec<String> = (0..500).map(|_| names.fresh(&mut rng)).collect();
        let distinct: BTreeSet<&String> = drawn.iter().collect();
        assert_eq!(distinct.len(), drawn.len());
        assert!(drawn.iter().all(|n| n.contains('_')));
    }
}
