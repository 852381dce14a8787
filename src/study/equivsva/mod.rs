//! EquivSVA import: behavior families (four formally equivalent implementations, gold
//! properties over the interface, three mutants) as whole-module programs; its
//! generation rows as generations; and its committed score files as property verdicts
//! (to compare flipscope's verdicts with the authors'). See `docs/equivsva.md`.
//!
//! Implementations are named by their style, the file stem of their RTL
//! (`onehot_case`, `sequential_priority`, ...). The canonical one (`canonical_case` for
//! FSM families, `canonical_next` for register families) is the program's `original`.

mod dataset;
mod results;
mod rtl_name;
mod scores;
mod spec_text;

#[cfg(test)]
mod tests;

pub use dataset::{DatasetOptions, import_dataset};
pub use results::{ResultsOptions, import_results};
pub use scores::{ScoreFiles, import_scores};
pub use spec_text::{describe_clock, describe_reset};

/// The styles that are the canonical implementation of a family, in preference order.
pub const CANONICAL_STYLES: [&str; 2] = ["canonical_case", "canonical_next"];

/// The `source` of the external verdicts read from EquivSVA's score files.
pub const SOURCE: &str = "equivsva";

/// The variant name of an implementation style: `original` for a canonical style, the
/// style itself otherwise.
pub fn variant_of_style(style: &str) -> &str {
    if CANONICAL_STYLES.contains(&style) {
        crate::study::ORIGINAL
    } else {
        style
    }
}

/// The style (file stem) of a register family's implementation from the short name its
/// tasks use (`rtl_variant`): `canonical` is `canonical_next`, `sequential` is
/// `sequential_priority`, `ternary` is `ternary_next`, `function` is
/// `function_update`. Any other name is its own style (FSM styles are already
/// complete).
pub fn style_of_task_variant(name: &str) -> &str {
    match name {
        "canonical" => "canonical_next",
        "sequential" => "sequential_priority",
        "ternary" => "ternary_next",
        "function" => "function_update",
        other => other,
    }
}

/// The style of an implementation from its RTL file name (`sequential_priority.sv`).
pub fn style_of_file(file: &str) -> &str {
    let name = file.rsplit('/').next().unwrap_or(file);
    name.strip_suffix(".sv").unwrap_or(name)
}
