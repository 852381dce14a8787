//! Pairs grouped into conditions (model, variant), each pre-aggregated per program so
//! that everything downstream (ratios, bootstrap replicates, jackknife) costs
//! O(programs), not O(pairs).

use std::collections::BTreeMap;

use super::counts::Counts;
use super::row::FilterRow;

/// One program's counts within a condition: a cluster of the bootstrap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramCounts {
    pub program: String,
    /// The stratum of the program's first pair in the condition.
    pub stratum: String,
    pub counts: Counts,
}

/// One (model, variant) with its programs in program order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub model: String,
    pub variant: String,
    pub totals: Counts,
    /// Sorted by program id, so results do not depend on the order of the input.
    pub programs: Vec<ProgramCounts>,
}

/// Groups rows into conditions sorted by (model, variant).
pub fn group_conditions<'a, R, I>(rows: I) -> Vec<Condition>
where
    R: FilterRow + 'a,
    I: IntoIterator<Item = &'a R>,
{
    type Programs = BTreeMap<String, ProgramCounts>;
    let mut by_model: BTreeMap<String, BTreeMap<String, Programs>> = BTreeMap::new();
    for row in rows {
        let variants = match by_model.get_mut(row.model()) {
            Some(v) => v,
            None => by_model.entry(row.model().to_string()).or_default(),
        };
        let programs = match variants.get_mut(row.variant()) {
            Some(p) => p,
            None => variants.entry(row.variant().to_string()).or_default(),
        };
        let program = match programs.get_mut(row.program()) {
            Some(p) => p,
            None => programs
                .entry(row.program().to_string())
                .or_insert_with(|| ProgramCounts {
                    program: row.program().to_string(),
                    stratum: row.stratum().to_string(),
                    counts: Counts::default(),
                }),
        };
        program
            .counts
            .add_pair(row.base_correct(), row.trans_correct());
    }
    let mut out = Vec::new();
    for (model, variants) in by_model {
        for (variant, programs) in variants {
            let programs: Vec<ProgramCounts> = programs.into_values().collect();
            let totals = programs
                .iter()
                .fold(Counts::default(), |acc, p| acc + p.counts);
            out.push(Condition {
                model: model.clone(),
                variant,
                totals,
                programs,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::row::Observation;

    fn obs(model: &str, variant: &str, program: &str, base: bool, trans: bool) -> Observation {
        Observation {
            model: model.into(),
            variant: variant.into(),
            program: program.into(),
            stratum: "s".into(),
            base,
            trans,
            ..Default::default()
        }
    }

    #[test]
    fn groups_by_model_and_variant_and_sums_programs() {
        let rows = vec![
            obs("m2", "T1", "p2", true, false),
            obs("m1", "T2", "p1", true, true),
            obs("m1", "T1", "p2", false, true),
            obs("m1", "T1", "p1", true, true),
            obs("m1", "T1", "p2", true, false),
        ];
        let c = group_conditions(&rows);
        let names: Vec<_> = c
            .iter()
            .map(|c| (c.model.as_str(), c.variant.as_str()))
            .collect();
        assert_eq!(names, [("m1", "T1"), ("m1", "T2"), ("m2", "T1")]);
        let t1 = &c[0];
        assert_eq!(
            t1.programs
                .iter()
                .map(|p| p.program.as_str())
                .collect::<Vec<_>>(),
            ["p1", "p2"]
        );
        assert_eq!(t1.programs[1].counts, Counts::from_nblg(2, 1, 1, 1));
        assert_eq!(t1.totals, Counts::from_nblg(3, 2, 1, 1));
    }
}
