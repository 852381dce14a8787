//! T2, identifier renaming: every identifier the program uses (its signals, and the
//! clock of the program's clock field) gets a new name `v1`, `v2`, ... in order of
//! first appearance, the clock's first; names the program already uses are skipped so
//! a new name never means two things. Keywords, system functions (`$rose`) and
//! literals are not identifiers and stay. The names of other modules (an
//! instantiation's module name, its named ports) and package scopes are kept, since
//! they are defined elsewhere.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use sv_parser::{Locate, RefNode};

use super::edit::Edit;
use super::span::{Parsed, Span, token_locates};
use crate::sva::rename_identifiers;
use crate::text::token::{Kind, tokenize};

/// What T2 does to one program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Renaming {
    /// One edit per identifier occurrence, in text order.
    pub edits: Vec<Edit>,
    /// New name -> original name (what a variant's `rename` holds).
    pub back: BTreeMap<String, String>,
    /// The program's clock event with its signal renamed.
    pub clock: Option<String>,
}

/// Words of a clock event that are not signals.
const EVENT_WORDS: [&str; 5] = ["posedge", "negedge", "edge", "or", "iff"];

/// The renaming of a parsed program whose clock field is `clock`; the names in `keep`
/// (a module's ports and module names, for T2 on a whole module) are not renamed.
pub fn rename_edits(p: &Parsed<'_>, clock: Option<&str>, keep: &BTreeSet<String>) -> Renaming {
    let kept = kept_locates(p);
    let mut occurrences: Vec<(Span, String)> = Vec::new();
    for node in p.tree {
        let locate = match node {
            RefNode::SimpleIdentifier(x) => &x.nodes.0,
            RefNode::EscapedIdentifier(x) => &x.nodes.0,
            _ => continue,
        };
        if kept.contains(&locate.offset) {
            continue;
        }
        if let Some(span) = p.locate_span(locate)
            && !keep.contains(p.slice(span))
        {
            occurrences.push((span, p.slice(span).to_string()));
        }
    }
    occurrences.sort();
    occurrences.dedup();
    let clock_names: Vec<String> = clock
        .map(clock_identifiers)
        .unwrap_or_default()
        .into_iter()
        .filter(|n| !keep.contains(n))
        .collect();
    let order: Vec<&str> = clock_names
        .iter()
        .map(String::as_str)
        .chain(occurrences.iter().map(|(_, name)| name.as_str()))
        .collect();
    let taken: HashSet<&str> = order
        .iter()
        .copied()
        .chain(kept_names(p))
        .chain(keep.iter().map(String::as_str))
        .collect();
    let mut forward: HashMap<String, String> = HashMap::new();
    let mut back = BTreeMap::new();
    let mut n = 0usize;
    for name in order {
        if forward.contains_key(name) {
            continue;
        }
        let new = loop {
            n += 1;
            let candidate = format!("v{n}");
            if !taken.contains(candidate.as_str()) {
                break candidate;
            }
        };
        forward.insert(name.to_string(), new.clone());
        back.insert(new, name.to_string());
    }
    let edits = occurrences
        .iter()
        .map(|(span, name)| Edit::replace(p.text(), *span, forward[name].clone()))
        .collect();
    Renaming {
        edits,
        back,
        clock: clock.map(|c| rename_identifiers(c, &forward).into_owned()),
    }
}

/// The signal names of a clock event (`posedge clk` -> `clk`), in order.
fn clock_identifiers(clock: &str) -> Vec<String> {
    tokenize(clock)
        .into_iter()
        .filter(|t| t.kind == Kind::Ident)
        .map(|t| t.text(clock).to_string())
        .filter(|w| !EVENT_WORDS.contains(&w.as_str()) && !w.starts_with('$'))
        .collect()
}

/// Offsets of identifier tokens that name things defined elsewhere.
fn kept_locates(p: &Parsed<'_>) -> BTreeSet<usize> {
    let mut kept = BTreeSet::new();
    let mut keep = |locates: Vec<&Locate>| kept.extend(locates.into_iter().map(|l| l.offset));
    for node in p.tree {
        match node {
            RefNode::ModuleInstantiation(m) => keep(token_locates(&m.nodes.0)),
            RefNode::NamedPortConnectionIdentifier(c) => keep(token_locates(&c.nodes.2)),
            RefNode::PackageScope(s) => keep(token_locates(s)),
            _ => {}
        }
    }
    kept
}

/// The texts of the kept identifiers (never given as new names).
fn kept_names<'a>(p: &'a Parsed<'_>) -> impl Iterator<Item = &'a str> {
    let kept = kept_locates(p);
    p.tree.into_iter().filter_map(move |node| match node {
        RefNode::SimpleIdentifier(x) if kept.contains(&x.nodes.0.offset) => {
            p.tree.get_str(&x.nodes.0)
        }
        _ => None,
    })
}
