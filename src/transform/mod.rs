//! The semantics-preserving rewrites T1 (operand reordering), T2 (identifier
//! renaming) and T3 (redundant parentheses), and their validation.
//!
//! Every rewrite is a list of edits by span, the spans taken from sv-parser's tree and
//! mapped back to the user's own text (a fragment's offsets, not those of the module
//! it is wrapped into), so formatting and comments elsewhere stay as they were. Every
//! rewrite is validated: the variant's behaviors, mapped back through its rename map,
//! must be the original's one for one with exactly equivalent path conditions.

mod attach;
mod batch;
mod conditions;
pub mod edit;
pub mod error;
pub mod kind;
mod module_reorder;
mod parens;
mod rename;
mod reorder;
pub mod span;
pub mod study;
pub mod validate;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

pub use attach::{KindCounts, VariantFailure, attach_variants};
pub use batch::{Outcome, ProgramInput, transform_many};
pub use edit::Edit;
pub use error::TransformError;
pub use kind::{Kind, UnknownKind, parse_kinds};

use crate::rtl::source::Wrapped;
use span::Parsed;

/// A rewritten program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rewrite {
    pub kind: Kind,
    /// The rewritten text.
    pub rtl: String,
    /// For T2: new name -> original name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rename: Option<BTreeMap<String, String>>,
    /// The program's clock event as the variant spells it (renamed by T2).
    pub clock: Option<String>,
    /// The edits, in text order, with offsets into the original text.
    pub edits: Vec<Edit>,
}

impl Rewrite {
    /// The rename map as a look-up table, if any.
    pub fn back_map(&self) -> Option<HashMap<String, String>> {
        self.rename
            .as_ref()
            .map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
    }
}

/// What a rewrite is made for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Scope {
    /// A VERT fragment (or a module handled as one, `flipscope transform FILE`): T1 on
    /// `if` conditions, T2 renames every identifier.
    #[default]
    Fragment,
    /// A whole module of a metamorphic study of designs: T1 on every commutative
    /// operator of conditions and continuous assignments (`module_reorder`), T3 on them
    /// too, T2 keeps the names in `keep` (the ports, unless they are renamed) and every
    /// module name.
    Module { keep: BTreeSet<String> },
}

/// The rewrites of one text for each kind (parsed once), not validated; `None` for a
/// kind that does not apply (T1 without a chain to reverse, no condition at all).
pub fn rewrite(
    source: &str,
    clock: Option<&str>,
    kinds: &[Kind],
) -> Result<Vec<(Kind, Option<Rewrite>)>, TransformError> {
    rewrite_in(source, clock, kinds, &Scope::Fragment)
}

/// [`rewrite`] for a scope.
pub fn rewrite_in(
    source: &str,
    clock: Option<&str>,
    kinds: &[Kind],
    scope: &Scope,
) -> Result<Vec<(Kind, Option<Rewrite>)>, TransformError> {
    crate::rtl::stack::on_deep_stack(|| {
        let wrapped = Wrapped::new(source);
        let tree = crate::rtl::parse_tree(&wrapped).map_err(TransformError::Rtl)?;
        let parsed = Parsed {
            tree: &tree,
            wrapped: &wrapped,
        };
        kinds
            .iter()
            .map(|&kind| rewrite_parsed(&parsed, clock, kind, scope).map(|r| (kind, r)))
            .collect()
    })
}

fn rewrite_parsed(
    p: &Parsed<'_>,
    clock: Option<&str>,
    kind: Kind,
    scope: &Scope,
) -> Result<Option<Rewrite>, TransformError> {
    let module = matches!(scope, Scope::Module { .. });
    let (mut edits, rename, clock) = match kind {
        Kind::T1 if module => (
            module_reorder::module_reorder_edits(p),
            None,
            clock.map(str::to_string),
        ),
        Kind::T1 => (reorder::reorder_edits(p), None, clock.map(str::to_string)),
        Kind::T3 if module => (
            parens::module_paren_edits(p),
            None,
            clock.map(str::to_string),
        ),
        Kind::T3 => (parens::paren_edits(p), None, clock.map(str::to_string)),
        Kind::T2 => {
            let keep = match scope {
                Scope::Fragment => BTreeSet::new(),
                Scope::Module { keep } => {
                    let mut keep = keep.clone();
                    keep.extend(module_names(p));
                    keep
                }
            };
            let r = rename::rename_edits(p, clock, &keep);
            (r.edits, Some(r.back), r.clock)
        }
    };
    if edits.is_empty() && !(kind == Kind::T2 && rename.as_ref().is_some_and(|m| !m.is_empty())) {
        return Ok(None);
    }
    let rtl = edit::apply(p.text(), &mut edits)
        .map_err(|o| TransformError::Overlap { kind, at: o.at })?;
    Ok(Some(Rewrite {
        kind,
        rtl,
        rename,
        clock,
        edits,
    }))
}

/// The names of the modules a text declares or instantiates.
fn module_names(p: &Parsed<'_>) -> Vec<String> {
    p.tree
        .into_iter()
        .filter_map(|node| match node {
            sv_parser::RefNode::ModuleIdentifier(m) => span::token_locates(m)
                .first()
                .and_then(|l| p.tree.get_str(*l))
                .map(str::to_string),
            _ => None,
        })
        .collect()
}

/// One validated rewrite of one text (uncached; see [`transform_many`] for many).
pub fn transform(
    source: &str,
    clock: Option<&str>,
    kind: Kind,
) -> Result<Option<Rewrite>, TransformError> {
    let Some((_, Some(rewrite))) = rewrite(source, clock, &[kind])?.pop() else {
        return Ok(None);
    };
    let original = crate::rtl::behaviors(source, clock).map_err(TransformError::Rtl)?;
    let variant = crate::rtl::behaviors(&rewrite.rtl, rewrite.clock.as_deref())
        .map_err(|error| TransformError::Unparsable { kind, error })?;
    check(kind, &original, &variant, &rewrite)?;
    Ok(Some(rewrite))
}

/// [`validate::validate`] with the error of this kind.
fn check(
    kind: Kind,
    original: &[crate::rtl::Behavior],
    variant: &[crate::rtl::Behavior],
    rewrite: &Rewrite,
) -> Result<(), TransformError> {
    let back = rewrite.back_map();
    validate::validate(original, variant, back.as_ref())
        .map_err(|message| TransformError::Invalid { kind, message })
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
