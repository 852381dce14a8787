//! The TUI's view model: one `PairView` row per pair for the queue, the programs they
//! point at, and `AuditData`, everything the audit screen shows for one pair. Filled by
//! `load` from the study's files; `filter` adapts the rows to the study-wide filter
//! language. No terminal types here.

pub mod catalog;
pub mod filter;
pub mod load;
pub mod oracle;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

pub use crate::study::FlipClass;
use crate::sva::rename_identifiers;
use crate::tui::text::diff::apply_rename;
pub use oracle::Oracle;

/// One side of a pair: the verdict of the behavior on the original or on the variant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideView {
    pub correct: bool,
    /// The SCORING.md category (`correct`, `branch-polarity`, ...).
    pub category: String,
    /// The generated property matched to the behavior (empty when none matched).
    pub property: String,
    /// Why the scorer chose the category.
    pub reason: String,
    /// Whether the pairs file gave the category; `false` when it gave only whether the
    /// side is correct, and `category` is `correct`/`wrong` from that (`export tags`
    /// writes `null` then).
    pub category_given: bool,
}

/// One row of the queue: a behavior, a model, the original and one variant's verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairView {
    pub program: String,
    pub stratum: String,
    /// `lhs=rhs` (with `#2`, `#3` for repeats).
    pub behavior: String,
    pub model: String,
    pub variant: String,
    pub flip: FlipClass,
    pub base: SideView,
    pub trans: SideView,
    /// Failure tags a person confirmed on the pair.
    pub tags: Vec<String>,
    /// The hash of the pair's inputs (`study::PairInputs::hash`): from the pairs file,
    /// or computed when the TUI scored the study. Every decision records it, so a later
    /// `export tags` can tell whether the pair changed since. `None` when unknown (a
    /// pairs file without `pair_hash`).
    pub pair_hash: Option<String>,
    /// The behavior class of a pair derived from property verdicts (an EquivSVA
    /// family's category), for `category=`; `None` for VERT pairs.
    pub class: Option<String>,
    /// Whether the pair's family is variant-sensitive for its model (family pairs;
    /// the filter's `sensitive` key).
    pub sensitive: Option<bool>,
    /// The pair's key as the study spells it, when the texts above differ from it
    /// (they are escaped for the terminal): the annotation store's key.
    pub raw_key: Option<Box<crate::study::PairKey>>,
    /// The sample of a model with several generations per prompt (0 otherwise).
    pub sample: u32,
}

/// One rewrite of a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantView {
    pub rtl: String,
    /// Identifiers of the variant -> the original ones.
    pub rename: BTreeMap<String, String>,
}

/// One RTL program with its reference and variants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramView {
    pub id: String,
    pub stratum: String,
    pub synchronous: bool,
    pub clock: Option<String>,
    pub rtl: String,
    pub reference: String,
    pub variants: BTreeMap<String, VariantView>,
}

/// Everything loaded: the pairs (in file order) and the programs by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StudyView {
    pub pairs: Vec<PairView>,
    pub programs: BTreeMap<String, ProgramView>,
    /// The files the study came from, as named by the user.
    pub sources: Vec<String>,
    /// Set when the study's generations say they are simulated (`meta.simulated`), with
    /// what they are calibrated to: the title bar says so plainly.
    pub simulated: Option<String>,
    /// The files read, with their SHA-256 (the metrics exports' provenance).
    pub inputs: Vec<crate::study::SourceFile>,
    /// The oracle the pairs record (`"oracle"` field), as `flipscope metrics` reads it.
    pub oracle: Option<String>,
    /// The generations' raw outputs by (model, program, variant, sample), when the
    /// study has them: the audit screen shows a variant's answer as the model wrote it.
    pub outputs: Arc<BTreeMap<(String, String, String, u32), String>>,
    /// The notes the study's annotations files hold, by the pair's key as the study
    /// spells it (escaped for the terminal): shown whether or not this session's store
    /// opened (a read-only session shows them too), until the store decides the pair.
    pub notes: Arc<BTreeMap<crate::study::PairKey, String>>,
}

/// What the audit screen shows for one pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditData {
    pub program: String,
    pub stratum: String,
    pub behavior: String,
    pub model: String,
    pub variant: String,
    pub flip: FlipClass,
    pub base: SideView,
    pub trans: SideView,
    pub tags: Vec<String>,
    /// The program's whole reference text.
    pub reference: String,
    /// The reference property of this behavior, when one names it.
    pub reference_property: Option<String>,
    pub rtl_original: String,
    pub rtl_transformed: String,
    /// Identifiers of the variant -> the original ones.
    pub rename: BTreeMap<String, String>,
    pub synchronous: bool,
    pub clock: Option<String>,
    /// The model's raw output for the variant, when the study has its generations.
    pub trans_output: Option<String>,
}

/// Where the transformed property "as the model wrote it" comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verbatim {
    /// The variant has no rename map: the property scored is the model's text.
    Same,
    /// The declaration of the model's output that the scorer matched (renamed back, it
    /// is the property scored).
    Output,
    /// No output to read it from (a pairs file): the property scored, with the rename
    /// map turned around.
    Rebuilt,
}

impl AuditData {
    /// The transformed side's property as the model wrote it (in the variant's
    /// identifiers), and where that text comes from. The property the scorer records
    /// (`trans.property`) is in the original names.
    pub fn trans_verbatim(&self) -> (String, Verbatim) {
        let scored = &self.trans.property;
        if self.rename.is_empty() || scored.is_empty() {
            return (scored.clone(), Verbatim::Same);
        }
        let rename: HashMap<String, String> = self
            .rename
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let wanted = squash(scored);
        if let Some(output) = &self.trans_output {
            let found = property_declarations(output)
                .into_iter()
                .find(|d| squash(&rename_identifiers(d, &rename)) == wanted);
            if let Some(d) = found {
                return (d.to_string(), Verbatim::Output);
            }
        }
        let inverse: BTreeMap<String, String> = self
            .rename
            .iter()
            .map(|(k, v)| (v.clone(), k.clone()))
            .collect();
        (apply_rename(scored, &inverse), Verbatim::Rebuilt)
    }

    /// The audit data of pair `index` of `study`; a pair whose program is missing still
    /// shows, with empty RTL and reference.
    pub fn of(study: &StudyView, index: usize) -> Option<Arc<AuditData>> {
        let pair = study.pairs.get(index)?;
        let program = study.programs.get(&pair.program);
        let variant = program.and_then(|p| p.variants.get(&pair.variant));
        let reference = program.map(|p| p.reference.clone()).unwrap_or_default();
        Some(Arc::new(AuditData {
            program: pair.program.clone(),
            stratum: pair.stratum.clone(),
            behavior: pair.behavior.clone(),
            model: pair.model.clone(),
            variant: pair.variant.clone(),
            flip: pair.flip,
            base: pair.base.clone(),
            trans: pair.trans.clone(),
            tags: pair.tags.clone(),
            reference_property: reference_property_of(&reference, &pair.behavior),
            reference,
            rtl_original: program.map(|p| p.rtl.clone()).unwrap_or_default(),
            rtl_transformed: variant.map(|v| v.rtl.clone()).unwrap_or_default(),
            rename: variant.map(|v| v.rename.clone()).unwrap_or_default(),
            synchronous: program.is_some_and(|p| p.synchronous),
            clock: program.and_then(|p| p.clock.clone()),
            trans_output: study
                .outputs
                .get(&(
                    pair.model.clone(),
                    pair.program.clone(),
                    pair.variant.clone(),
                    pair.sample,
                ))
                .cloned(),
        }))
    }
}

/// The `property ... endproperty` declarations of a text, in order.
pub fn property_declarations(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = find_word(rest, "property") {
        let after = &rest[start..];
        match find_word(after, "endproperty") {
            Some(end) => {
                out.push(after[..end + "endproperty".len()].trim());
                rest = &after[end + "endproperty".len()..];
            }
            None => {
                out.push(after.trim());
                break;
            }
        }
    }
    out
}

/// The reference property whose consequent holds the behavior's equality `lhs == rhs`
/// (white space ignored; `#2` suffixes name the n-th such property).
pub fn reference_property_of(reference: &str, behavior: &str) -> Option<String> {
    let (id, nth) = match behavior.rsplit_once('#') {
        Some((id, n)) => (id, n.parse::<usize>().unwrap_or(1)),
        None => (behavior, 1),
    };
    let (lhs, rhs) = id.split_once('=')?;
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let wanted = [
        format!("{}=={}", squash(lhs), squash(rhs)),
        format!("{}=={}", squash(rhs), squash(lhs)),
    ];
    property_declarations(reference)
        .into_iter()
        .filter(|p| {
            let consequent = p
                .split_once("|->")
                .or_else(|| p.split_once("|=>"))
                .map(|x| x.1);
            consequent.is_some_and(|c| {
                let c = squash(c);
                wanted.iter().any(|w| contains_equality(&c, w))
            })
        })
        .nth(nth.saturating_sub(1))
        .map(str::to_string)
}

/// The antecedent of a property declaration: the text between the clock event (or the
/// `property NAME;` header) and the implication. `None` without an implication.
pub fn antecedent_of(property: &str) -> Option<&str> {
    antecedent_range(property).map(|r| &property[r])
}

/// The byte range of the antecedent within a property declaration (trimmed).
pub fn antecedent_range(property: &str) -> Option<std::ops::Range<usize>> {
    let imp = property.find("|->").or_else(|| property.find("|=>"))?;
    let head = &property[..imp];
    let mut start = head.find(';').map_or(0, |i| i + 1);
    let body = &head[start..];
    let trimmed = body.trim_start();
    if let Some(event) = trimmed.strip_prefix('@') {
        // Skip `@(...)` with nested parentheses.
        let offset = start + (body.len() - trimmed.len()) + 1;
        let mut depth = 0usize;
        for (i, ch) in event.char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        start = offset + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    let text = &property[start..imp];
    let lead = text.len() - text.trim_start().len();
    Some(start + lead..start + lead + text.trim().len())
}

fn contains_equality(haystack: &str, equality: &str) -> bool {
    haystack.match_indices(equality).any(|(i, _)| {
        let before = haystack[..i].chars().next_back();
        let after = haystack[i + equality.len()..].chars().next();
        let ident =
            |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '\'');
        !ident(before) && !ident(after)
    })
}

/// Byte offset of `word` standing alone (not inside a longer identifier).
fn find_word(text: &str, word: &str) -> Option<usize> {
    text.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: &str = "property p1; (a && b) |=> x == y; endproperty\n\
        property p2; @(posedge clk) (!a) |-> x == 1'b0 && z == y; endproperty";

    #[test]
    fn finds_the_reference_property_of_a_behavior() {
        let p = reference_property_of(REFERENCE, "z=y").unwrap();
        assert!(p.starts_with("property p2;"), "{p}");
        assert!(
            reference_property_of(REFERENCE, "x=y")
                .unwrap()
                .starts_with("property p1;")
        );
        assert_eq!(reference_property_of(REFERENCE, "x=y#2"), None);
        assert_eq!(reference_property_of(REFERENCE, "w=y"), None);
        assert_eq!(reference_property_of(REFERENCE, "nonsense"), None);
    }

    #[test]
    fn antecedents_skip_the_header_and_clock() {
        let decls = property_declarations(REFERENCE);
        assert_eq!(decls.len(), 2);
        assert_eq!(antecedent_of(decls[0]), Some("(a && b)"));
        assert_eq!(antecedent_of(decls[1]), Some("(!a)"));
        assert_eq!(antecedent_of("property p; a ; endproperty"), None);
    }
}
