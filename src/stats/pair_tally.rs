//! The conditions of a pairs-only study straight from its files: lines parsed in
//! parallel as borrowed views (`study::pair_stream`), filtered, and folded in file
//! order into per-(condition, program) counts, so memory holds the counts and one
//! 8-byte hash per pair (to refuse duplicates), never the pairs.
//!
//! The result equals loading the study and calling [`group_conditions`] on the
//! filtered pairs: same conditions, programs, strata and counts (tested), hence the
//! same figures and intervals. Whatever the loader would report (errors, warnings, a
//! duplicate pair, or an 8-byte hash seen twice) makes the tally [`Unusual`], and the
//! caller loads the study the ordinary way instead.
//!
//! [`group_conditions`]: super::group_conditions

use std::collections::BTreeMap;
use std::hash::{BuildHasher, Hash, Hasher};

use foldhash::HashMap;
use foldhash::fast::FixedState;
use rayon::prelude::*;

use super::condition::{Condition, ProgramCounts};
use super::counts::Counts;
use super::filter::Filter;
use crate::study::jsonl::MAX_LINE_BYTES;
use crate::study::pair_stream::{self, PairView, Unusual};

/// Counts of one condition while its pairs are read.
#[derive(Default)]
struct Building {
    /// (program, stratum of its first pair, counts), in the order first seen.
    programs: Vec<(String, String, Counts)>,
    /// Program -> index into `programs`.
    index: HashMap<String, usize>,
    /// The program of the last pair (pairs of a program mostly come together).
    last: usize,
}

impl Building {
    /// The counts of `program`, added (with `stratum`) when first seen.
    fn counts(&mut self, program: &str, stratum: &str) -> &mut Counts {
        let at = match self.programs.get(self.last) {
            Some((p, _, _)) if p == program => self.last,
            _ => match self.index.get(program) {
                Some(&i) => i,
                None => {
                    let i = self.programs.len();
                    self.programs.push((
                        program.to_string(),
                        stratum.to_string(),
                        Counts::default(),
                    ));
                    self.index.insert(program.to_string(), i);
                    i
                }
            },
        };
        self.last = at;
        &mut self.programs[at].2
    }
}

/// Everything read so far.
pub struct PairTally<'f> {
    filter: &'f Filter,
    /// One hash of (model, variant, program, behavior) per pair read; sorted at the
    /// end to find a second pair with the same key.
    seen: Vec<u64>,
    /// (model, variant, counts) of each condition, in the order first seen.
    conditions: Vec<(String, String, Building)>,
    /// The condition of the last pair.
    last: usize,
    /// `oracle` values in the order first seen.
    oracles: Vec<String>,
    /// Pairs read, and pairs the filter kept.
    pub read: usize,
    pub matched: usize,
}

/// One line parsed: its view, its key's hash, whether the filter keeps it.
struct Parsed<'a> {
    view: PairView<'a>,
    key: u64,
    kept: bool,
}

/// The hash that stands for a pair's identity (model, variant, program, behavior).
fn key_hash(v: &PairView<'_>) -> u64 {
    let mut h = FixedState::with_seed(0x5eed).build_hasher();
    v.model.hash(&mut h);
    v.variant.hash(&mut h);
    v.program.hash(&mut h);
    v.behavior.hash(&mut h);
    h.finish()
}

fn parse_piece<'a>(piece: &'a [u8], filter: &Filter) -> Result<Vec<Parsed<'a>>, Unusual> {
    pair_stream::lines(piece)
        .map(|line| {
            if line.len() >= MAX_LINE_BYTES {
                return Err(Unusual);
            }
            let view = pair_stream::read_line(line)?;
            Ok(Parsed {
                key: key_hash(&view),
                kept: filter.matches(&view),
                view,
            })
        })
        .collect()
}

impl<'f> PairTally<'f> {
    pub fn new(filter: &'f Filter) -> Self {
        Self {
            filter,
            seen: Vec::new(),
            conditions: Vec::new(),
            last: 0,
            oracles: Vec::new(),
            read: 0,
            matched: 0,
        }
    }

    /// Reads one chunk of whole lines: parsed in parallel, folded in order.
    pub fn add_chunk(&mut self, chunk: &[u8]) -> Result<(), Unusual> {
        let parts = rayon::current_num_threads() * 4;
        let filter = self.filter;
        let parsed: Vec<Result<Vec<Parsed<'_>>, Unusual>> = pair_stream::pieces(chunk, parts)
            .par_iter()
            .map(|piece| parse_piece(piece, filter))
            .collect();
        for piece in parsed {
            for p in piece? {
                self.add(p);
            }
        }
        Ok(())
    }

    fn add(&mut self, p: Parsed<'_>) {
        self.seen.push(p.key);
        self.read += 1;
        let v = p.view;
        if let Some(o) = &v.oracle
            && !self.oracles.iter().any(|s| s == o)
        {
            self.oracles.push(o.to_string());
        }
        if !p.kept {
            return;
        }
        self.matched += 1;
        let at = match self.conditions.get(self.last) {
            Some((m, t, _)) if *m == v.model && *t == v.variant => self.last,
            _ => match self
                .conditions
                .iter()
                .position(|(m, t, _)| *m == v.model && *t == v.variant)
            {
                Some(i) => i,
                None => {
                    let b = Building::default();
                    self.conditions
                        .push((v.model.to_string(), v.variant.to_string(), b));
                    self.conditions.len() - 1
                }
            },
        };
        self.last = at;
        self.conditions[at]
            .2
            .counts(&v.program, &v.stratum)
            .add_pair(v.base.correct, v.trans.correct);
    }

    /// The oracles the pairs name, as `recorded_oracle` gives them.
    pub fn oracle(&self) -> Option<String> {
        (!self.oracles.is_empty()).then(|| self.oracles.join(","))
    }

    /// The conditions, sorted by (model, variant), programs by id; unusual when two
    /// pairs have the same key (or two keys the same 8-byte hash).
    pub fn conditions(mut self) -> Result<Vec<Condition>, Unusual> {
        self.seen.par_sort_unstable();
        if self.seen.windows(2).any(|w| w[0] == w[1]) {
            return Err(Unusual);
        }
        let mut sorted: BTreeMap<(String, String), Building> = BTreeMap::new();
        for (model, variant, b) in self.conditions {
            sorted.insert((model, variant), b);
        }
        Ok(sorted
            .into_iter()
            .map(|((model, variant), b)| {
                let mut programs: Vec<ProgramCounts> = b
                    .programs
                    .into_iter()
                    .map(|(program, stratum, counts)| ProgramCounts {
                        program,
                        stratum,
                        counts,
                    })
                    .collect();
                programs.sort_by(|a, b| a.program.cmp(&b.program));
                let totals = programs
                    .iter()
                    .fold(Counts::default(), |acc, p| acc + p.counts);
                Condition {
                    model,
                    variant,
                    totals,
                    programs,
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::group_conditions;
    use crate::stats::pair_row::recorded_oracle;
    use crate::study::PairRecord;
    use crate::study::jsonl::parse_line;

    fn line(model: &str, variant: &str, program: usize, b: usize, seed: usize) -> String {
        let base = (program * 7 + b * 3 + seed) % 5 < 3;
        let trans = (program * 5 + b + seed) % 4 < 2;
        let stratum = ["nested-if/async", "if-else/sync"][(program + b) % 2];
        let oracle = ["reference", "rtl"][seed % 2];
        format!(
            r#"{{"model": "{model}", "variant": "{variant}", "program": "p{program:02}", "stratum": "{stratum}", "behavior": "x{b}=y", "base": {{"category": "{}", "correct": {base}}}, "trans": {trans}, "oracle": "{oracle}"}}"#,
            if base { "correct" } else { "dropped-predicate" }
        )
    }

    fn text(seed: usize) -> String {
        let mut out = String::new();
        for program in (0..23).rev() {
            for model in ["qwen", "deep\\u00e9"] {
                for variant in ["T2", "T1"] {
                    for b in 0..(program % 4 + 1) {
                        out.push_str(&line(model, variant, program, b, seed));
                        out.push_str(if b % 3 == 0 { "\r\n" } else { "\n\n" });
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_tally_equals_grouping_the_loaded_pairs() {
        for expr in ["", "flip=CW,WC", "model=qwen base=dropped*", "stratum=if*"] {
            let filter = Filter::parse(expr).unwrap();
            let all = text(3);
            let pairs: Vec<PairRecord> = all
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| parse_line("pairs.jsonl", 1, l).unwrap().1)
                .collect();
            let kept: Vec<&PairRecord> = pairs.iter().filter(|p| filter.matches(*p)).collect();
            let expected = group_conditions(kept.iter().copied());
            for chunk in [7, 300, all.len()] {
                let mut tally = PairTally::new(&filter);
                let bytes = all.as_bytes();
                let mut start = 0;
                while start < bytes.len() {
                    let end = match bytes[(start + chunk).min(bytes.len())..]
                        .iter()
                        .position(|&b| b == b'\n')
                    {
                        Some(i) => (start + chunk).min(bytes.len()) + i + 1,
                        None => bytes.len(),
                    };
                    tally.add_chunk(&bytes[start..end]).unwrap();
                    start = end;
                }
                assert_eq!(tally.read, pairs.len());
                assert_eq!(tally.matched, kept.len());
                assert_eq!(tally.oracle(), recorded_oracle(&pairs));
                assert_eq!(
                    tally.conditions().unwrap(),
                    expected,
                    "filter {expr:?}, chunk {chunk}"
                );
            }
        }
    }

    #[test]
    fn a_second_pair_with_the_same_key_is_unusual() {
        let filter = Filter::parse("").unwrap();
        let mut tally = PairTally::new(&filter);
        let (l, other) = (line("m", "T1", 1, 0, 0), line("m", "T1", 2, 0, 0));
        tally
            .add_chunk(format!("{l}\n{other}\n").as_bytes())
            .unwrap();
        tally.add_chunk(format!("{l}\n").as_bytes()).unwrap();
        assert_eq!(tally.conditions(), Err(Unusual));
    }
}
