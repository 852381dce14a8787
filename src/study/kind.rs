//! What kind of study this is, decided once when the study is loaded (or built), from
//! its records: the one predicate every command and screen asks
//! ([`super::Study::kind`]).

use super::generation::Generation;
use super::pair::PairRecord;
use super::program::Program;

/// The kind of a study, which decides how it is scored, which metrics it has and which
/// screens show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StudyKind {
    /// No programs: pairs (and annotations) scored elsewhere, only browsed and measured.
    #[default]
    Pairs,
    /// Fragment programs (VERT's shape), scored by path-condition equivalence.
    Fragments,
    /// Whole-module programs (EquivSVA's families, a user's own designs), scored by
    /// proof.
    Families,
    /// Whole-module designs whose generations carry a dataset's external verdicts and no
    /// pairs (AssertionBench): measured by P, C and E and re-proven against the verdicts.
    Assertions,
    /// Fragment and whole-module programs both: each generation is scored the way its
    /// program's shape asks.
    Mixed,
}

impl StudyKind {
    /// The kind of a study made of these records.
    pub fn of(programs: &[Program], generations: &[Generation], pairs: &[PairRecord]) -> StudyKind {
        let modules = programs.iter().filter(|p| p.is_module()).count();
        let fragments = programs.len() - modules;
        match (fragments, modules) {
            (0, 0) => StudyKind::Pairs,
            (_, 0) => StudyKind::Fragments,
            (0, _) if external_only(generations, pairs) => StudyKind::Assertions,
            (0, _) => StudyKind::Families,
            _ => StudyKind::Mixed,
        }
    }

    /// Whether some of its programs are whole modules.
    pub fn has_modules(self) -> bool {
        matches!(
            self,
            StudyKind::Families | StudyKind::Assertions | StudyKind::Mixed
        )
    }

    /// Whether some of its programs are fragments.
    pub fn has_fragments(self) -> bool {
        matches!(self, StudyKind::Fragments | StudyKind::Mixed)
    }
}

/// Generations with external verdicts, every one, and no pairs.
fn external_only(generations: &[Generation], pairs: &[PairRecord]) -> bool {
    pairs.is_empty() && !generations.is_empty() && generations.iter().all(|g| g.external.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::program::ProgramKind;
    use crate::study::{ExternalRun, Generation, Program, RunOutcome, Study};

    fn program(id: &str, module: bool) -> Program {
        let kind = if module {
            ProgramKind::Module
        } else {
            ProgramKind::Fragment
        };
        Program {
            id: id.into(),
            kind,
            ..Program::default()
        }
    }

    fn generation(program: &str, external: bool) -> Generation {
        let external = external.then(|| ExternalRun {
            engine: "jaspergold".into(),
            version: None,
            outcome: RunOutcome::Ok,
            log: None,
            analysed: None,
            message: None,
            verdicts: vec![],
            extra: Default::default(),
        });
        Generation {
            program: program.into(),
            variant: "original".into(),
            model: "m".into(),
            output: String::new(),
            shots: None,
            sample: None,
            external,
            meta: None,
            extra: Default::default(),
        }
    }

    #[test]
    fn kinds_follow_the_programs_and_the_external_verdicts() {
        let kind = |p: Vec<Program>, g: Vec<Generation>| Study::new(p, g, vec![], vec![]).kind();
        assert_eq!(kind(vec![], vec![]), StudyKind::Pairs);
        assert_eq!(
            kind(vec![program("f", false)], vec![]),
            StudyKind::Fragments
        );
        assert_eq!(kind(vec![program("m", true)], vec![]), StudyKind::Families);
        assert_eq!(
            kind(vec![program("m", true)], vec![generation("m", false)]),
            StudyKind::Families
        );
        assert_eq!(
            kind(vec![program("m", true)], vec![generation("m", true)]),
            StudyKind::Assertions
        );
        assert_eq!(
            kind(
                vec![program("m", true)],
                vec![generation("m", true), generation("m", false)]
            ),
            StudyKind::Families,
            "one generation without an external verdict makes it a family study"
        );
        assert_eq!(
            kind(vec![program("f", false), program("m", true)], vec![]),
            StudyKind::Mixed
        );
    }

    #[test]
    fn generations_to_prove_and_to_score_by_path_conditions() {
        let mixed = Study::new(
            vec![program("f", false), program("m", true)],
            vec![generation("m", false)],
            vec![],
            vec![],
        );
        assert!(mixed.has_module_generations());
        assert!(!mixed.has_fragment_generations());
        assert!(mixed.has_generations_to_score());
        let fragments = Study::new(vec![program("f", false)], vec![], vec![], vec![]);
        assert!(!fragments.has_fragment_generations());
        assert!(!fragments.has_generations_to_score());
    }
}
