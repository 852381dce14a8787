//! The finder's index and search: program ids, behaviors, signal names (identifiers of
//! the RTL) and generated property texts, each pointing at the first pair it occurs in;
//! fuzzy matching with fuzzy-matcher's skim algorithm. Searching runs in a background
//! job, so a large index never slows typing.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;

use crate::tui::model::StudyView;
use crate::tui::text::diff::tokens;

/// What an entry names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FinderKind {
    Program,
    Behavior,
    Signal,
    Property,
}

impl FinderKind {
    pub fn label(self) -> &'static str {
        match self {
            FinderKind::Program => "program",
            FinderKind::Behavior => "behavior",
            FinderKind::Signal => "signal",
            FinderKind::Property => "property",
        }
    }
}

/// One searchable thing and the pair it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinderEntry {
    pub kind: FinderKind,
    /// What is matched and shown (a property without its `property`/`endproperty`
    /// words; a signal or behavior without its program, which `program` names).
    pub text: String,
    /// The program the entry belongs to.
    pub program: String,
    /// Index of the pair to jump to.
    pub pair: usize,
}

impl FinderEntry {
    /// What the query is matched against: the text, then the program (so `sel p03`
    /// finds signal `sel` of `p03`).
    pub fn haystack(&self) -> String {
        if self.kind == FinderKind::Program {
            self.text.clone()
        } else {
            format!("{} {}", self.text, self.program)
        }
    }
}

/// One search result: the entry and the matched character positions (in the
/// entry's `haystack`: the text's first, then the program's after a space).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinderHit {
    pub kind: FinderKind,
    pub text: String,
    pub program: String,
    pub pair: usize,
    pub score: i64,
    pub positions: Vec<usize>,
}

const KEYWORDS: &[&str] = &[
    "always",
    "always_ff",
    "always_comb",
    "begin",
    "end",
    "if",
    "else",
    "case",
    "endcase",
    "default",
    "posedge",
    "negedge",
    "or",
    "and",
    "not",
    "assign",
    "module",
    "endmodule",
    "reg",
    "wire",
    "logic",
    "input",
    "output",
    "property",
    "endproperty",
];

/// The index of a study, in the order programs, behaviors, signals, properties.
pub fn build_index(study: &StudyView) -> Vec<FinderEntry> {
    let mut first_of_program: BTreeMap<&str, usize> = BTreeMap::new();
    let mut first_of_behavior: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut properties: HashMap<&str, usize> = HashMap::new();
    let mut property_order: Vec<&str> = Vec::new();
    for (i, pair) in study.pairs.iter().enumerate() {
        first_of_program.entry(&pair.program).or_insert(i);
        first_of_behavior
            .entry((&pair.program, &pair.behavior))
            .or_insert(i);
        for text in [&pair.base.property, &pair.trans.property] {
            if !text.is_empty() && !properties.contains_key(text.as_str()) {
                properties.insert(text, i);
                property_order.push(text);
            }
        }
    }
    let mut out = Vec::new();
    for (program, &pair) in &first_of_program {
        out.push(FinderEntry {
            kind: FinderKind::Program,
            text: program.to_string(),
            program: program.to_string(),
            pair,
        });
    }
    for ((program, behavior), &pair) in &first_of_behavior {
        out.push(FinderEntry {
            kind: FinderKind::Behavior,
            text: behavior.to_string(),
            program: program.to_string(),
            pair,
        });
    }
    for (program, &pair) in &first_of_program {
        let Some(p) = study.programs.get(*program) else {
            continue;
        };
        let signals: BTreeSet<&str> = tokens(&p.rtl)
            .into_iter()
            .map(|r| &p.rtl[r])
            .filter(|t| {
                t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && !KEYWORDS.contains(t)
            })
            .collect();
        for s in signals {
            out.push(FinderEntry {
                kind: FinderKind::Signal,
                text: s.to_string(),
                program: program.to_string(),
                pair,
            });
        }
    }
    for text in property_order {
        let pair = properties[text];
        out.push(FinderEntry {
            kind: FinderKind::Property,
            text: property_text(text),
            program: study.pairs[pair].program.clone(),
            pair,
        });
    }
    out
}

/// A property on one line, without the `property` and `endproperty` words (the kind
/// column says it is one): `p1; (a && b) |=> x == y;`.
fn property_text(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let line = line.strip_prefix("property ").unwrap_or(&line);
    let line = line.strip_suffix(" endproperty").unwrap_or(line);
    line.to_string()
}

/// The best `limit` entries for `query`, best first (ties in index order). An empty
/// query lists the first entries. `stop` is asked now and then; when it says so the
/// search gives up and returns `None`.
pub fn search(
    index: &[FinderEntry],
    query: &str,
    limit: usize,
    stop: impl Fn() -> bool,
) -> Option<Vec<FinderHit>> {
    let hit = |e: &FinderEntry, score, positions| FinderHit {
        kind: e.kind,
        text: e.text.clone(),
        program: e.program.clone(),
        pair: e.pair,
        score,
        positions,
    };
    if query.trim().is_empty() {
        return Some(
            index
                .iter()
                .take(limit)
                .map(|e| hit(e, 0, Vec::new()))
                .collect(),
        );
    }
    let matcher = SkimMatcherV2::default().smart_case();
    let mut scored: Vec<(i64, usize)> = Vec::new();
    for (i, entry) in index.iter().enumerate() {
        if i % 4096 == 0 && stop() {
            return None;
        }
        if let Some(score) = matcher.fuzzy_match(&entry.haystack(), query) {
            scored.push((score, i));
        }
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.truncate(limit);
    Some(
        scored
            .into_iter()
            .map(|(score, i)| {
                let e = &index[i];
                let positions = matcher
                    .fuzzy_indices(&e.haystack(), query)
                    .map(|(_, p)| p)
                    .unwrap_or_default();
                hit(e, score, positions)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::{FlipClass, PairView, ProgramView, SideView};

    fn study() -> StudyView {
        let pair = |program: &str, behavior: &str, prop: &str| PairView {
            program: program.into(),
            stratum: "s".into(),
            behavior: behavior.into(),
            model: "m".into(),
            variant: "T1".into(),
            flip: FlipClass::CW,
            base: SideView {
                property: prop.into(),
                ..SideView::default()
            },
            trans: SideView::default(),
            tags: vec![],
            pair_hash: None,
            class: None,
            sensitive: None,
            raw_key: None,
            sample: 0,
        };
        let mut s = StudyView {
            pairs: vec![
                pair(
                    "p01",
                    "out=data",
                    "property a; en |=> out == data; endproperty",
                ),
                pair("p02", "y=b", "property b; sel |=> y == b; endproperty"),
                pair("p02", "y=c", ""),
            ],
            ..StudyView::default()
        };
        s.programs.insert(
            "p02".into(),
            ProgramView {
                id: "p02".into(),
                rtl: "if (sel_valid) y = b;".into(),
                ..Default::default()
            },
        );
        s
    }

    #[test]
    fn the_index_names_programs_behaviors_signals_and_properties() {
        let index = build_index(&study());
        let kinds: Vec<_> = index
            .iter()
            .map(|e| (e.kind, e.text.as_str(), e.pair))
            .collect();
        assert!(kinds.contains(&(FinderKind::Program, "p02", 1)));
        assert!(kinds.contains(&(FinderKind::Behavior, "y=c", 2)));
        assert!(kinds.contains(&(FinderKind::Signal, "sel_valid", 1)));
        let property = index
            .iter()
            .find(|e| e.kind == FinderKind::Property && e.pair == 1)
            .unwrap();
        assert_eq!(property.text, "b; sel |=> y == b;");
        assert_eq!(property.program, "p02");
        assert!(index.iter().all(|e| !e.program.is_empty()));
        assert!(!kinds.iter().any(|(_, t, _)| t.starts_with("if ")));
        assert_eq!(
            index
                .iter()
                .filter(|e| e.kind == FinderKind::Property)
                .count(),
            2
        );
    }

    #[test]
    fn search_ranks_fuzzy_hits_and_can_stop() {
        let index = build_index(&study());
        let hits = search(&index, "selvalid", 5, || false).unwrap();
        assert_eq!(
            (hits[0].text.as_str(), hits[0].program.as_str()),
            ("sel_valid", "p02")
        );
        let hits = search(&index, "valid p02", 5, || false).unwrap();
        assert!(
            hits.iter().any(|h| h.text == "sel_valid"),
            "the program is searched too: {hits:?}"
        );
        assert!(search(&index, "valid p01", 5, || false).unwrap().is_empty());
        assert!(!hits[0].positions.is_empty());
        assert_eq!(search(&index, "", 2, || false).unwrap().len(), 2);
        assert!(search(&index, "zzzzqqq", 5, || false).unwrap().is_empty());
        assert_eq!(search(&index, "p", 5, || true), None);
    }
}
