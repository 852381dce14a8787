//! Every change to the TUI's state is an `Action`, applied by `App::update`. Keys become
//! actions through the keymap (`tui::keymap`); background jobs report back as actions
//! too, tagged with the request they answer so stale results can be dropped.

use std::sync::Arc;

use super::audit::truth::TruthView;
use super::dashboard::MetricsView;
use super::finder::FinderHit;
use super::model::load::{LoadProgress, Prepared};
use super::text::highlight::Highlighted;

/// What `y` copies to the clipboard (OSC 52).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyTarget {
    /// The pair's key: `model variant program behavior`.
    PairId,
    /// The property generated for the transformed input, as shown (as the model wrote
    /// it, or in the original names in rename mode).
    Transformed,
    /// The property generated for the original input.
    Original,
    /// The scorer's reason for the transformed side.
    Reason,
    /// The reference property of the behavior.
    Reference,
    /// The model's raw answer (the transformed side's on a pair; the shown
    /// implementation's on a family pair; the assertion's generation).
    Answer,
}

/// One thing that happens to the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Leave flipscope (exit status 0).
    Quit,
    /// Show or hide the help screen (generated from the keymap).
    ToggleHelp,
    /// Close the open overlay, or go back from the audit screen to the queue.
    Back,
    /// Move the selection (or scroll the focused pane) one row down.
    Down,
    /// Move the selection (or scroll the focused pane) one row up.
    Up,
    /// One page down.
    PageDown,
    /// One page up.
    PageUp,
    /// To the first row.
    First,
    /// To the last row.
    Last,
    /// Open the audit screen of the selected pair.
    Open,
    /// Open the filter bar.
    OpenFilter,
    /// Cycle the flip-class quick key: CW, WC, CC, WW, all.
    CycleFlip,
    /// Cycle the model quick key through the models, then all.
    CycleModel,
    /// Cycle the variant quick key through the variants, then all.
    CycleVariant,
    /// Clear the filter and every quick key (show all pairs).
    ClearFilters,
    /// Open the fuzzy finder.
    OpenFinder,
    /// Focus the next pane of the audit screen.
    NextPane,
    /// Focus the previous pane of the audit screen.
    PrevPane,
    /// Audit the next pair of the queue.
    NextPair,
    /// Audit the previous pair of the queue.
    PrevPair,
    /// Show the transformed RTL and property in the original names (rename map).
    ToggleRename,
    /// Switch the oracle between the reference properties and the RTL path.
    ToggleOracle,
    /// Switch between the dark and the light theme.
    ToggleTheme,
    /// Toggle the taxonomy tag bound to this digit key on the selected pair.
    ToggleTag(char),
    /// Tag the selected pair with its suggested category (the transformed side's).
    AcceptSuggestion,
    /// Open the note popup of the selected pair.
    EditNote,
    /// Undo this session's last annotation decision.
    Undo,
    /// Replace the queue with the audit sample, or return to the full queue.
    ToggleSample,
    /// Ask for another auditor's annotations file and show the agreement with it.
    OpenCompare,
    /// Write the tagged pairs (of the text filter) to JSON Lines, as `export tags`.
    ExportTags,
    /// Open the metrics dashboard of the current filter.
    OpenDashboard,
    /// Open the programs screen: programs, variants, behaviors and the generations'
    /// states (truncated, failed, missing).
    OpenPrograms,
    /// Write the dashboard's table to a file in the chosen format.
    ExportMetrics,
    /// Cycle the export format: markdown, csv, latex, json.
    CycleExportFormat,
    /// Show the other figure (when only one fits beside the table).
    ToggleFigure,
    /// Open the search bar: find a row of the list (the queue) or a line of the help,
    /// without changing what is shown.
    OpenSearch,
    /// The next row (or help line) the search matches.
    NextMatch,
    /// The previous row (or help line) the search matches.
    PrevMatch,
    /// Mark or unmark the selected pair (tagging keys then act on every marked pair),
    /// and move down.
    ToggleMark,
    /// Sort the queue by the next column (then back to the default order).
    CycleSort,
    /// Reverse the queue's sort order.
    ReverseSort,
    /// Open the copy menu (what `y` copies: pair id, property, reason...).
    OpenCopy,
    /// Copy this to the clipboard with OSC 52.
    Copy(CopyTarget),
    /// Scroll the focused RTL pane left.
    ScrollLeft,
    /// Scroll the focused RTL pane right.
    ScrollRight,
    /// Scroll the two RTL panes together (as a side-by-side diff), or apart.
    ToggleLinkedScroll,
    /// Show the whole status message in a popup (when it is cut).
    ShowMessage,
    /// The model's raw answer, whole and scrollable (`A`).
    ShowAnswer,
    /// Type a character into the open text field.
    Input(char),
    /// Delete the character before the cursor of the open text field.
    DeleteChar,
    /// Empty the open text field.
    ClearInput,
    /// Accept the open text field (apply the filter, jump to the finder's hit).
    Submit,
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// Loading request `id` has come this far.
    LoadProgress(u64, LoadProgress),
    /// Loading request `id` finished: the study ready to show, or the error message.
    Loaded(u64, Result<Arc<Prepared>, String>),
    /// Highlighting request `id` finished: each text's highlighting by its `text_key`.
    Highlighted(u64, Arc<Vec<(u64, Arc<Highlighted>)>>),
    /// Finder request `id` found these hits.
    FinderResults(u64, Arc<Vec<FinderHit>>),
    /// Truth-table request `id` finished.
    TruthTable(u64, Arc<TruthView>),
    /// Scoring request `id` finished: the study scored (tagged with its oracle in
    /// `Prepared::oracle`), or the error message.
    Scored(u64, Result<Arc<Prepared>, String>),
    /// Metrics request `id` finished: the dashboard's figures, or the error message.
    MetricsComputed(u64, Result<Arc<MetricsView>, String>),
    /// Time passes while a job runs (animates the dashboard's spinner).
    Tick,
}

/// The actions a key can be bound to, by their keymap name, with the help text.
pub const NAMED: &[(&str, Action, &str)] = &[
    ("quit", Action::Quit, "quit"),
    ("help", Action::ToggleHelp, "help"),
    ("back", Action::Back, "back"),
    ("down", Action::Down, "down"),
    ("up", Action::Up, "up"),
    ("page_down", Action::PageDown, "page down"),
    ("page_up", Action::PageUp, "page up"),
    ("first", Action::First, "first row"),
    ("last", Action::Last, "last row"),
    ("open", Action::Open, "audit pair"),
    ("filter", Action::OpenFilter, "filter"),
    ("cycle_flip", Action::CycleFlip, "flip class"),
    ("cycle_model", Action::CycleModel, "model"),
    ("cycle_variant", Action::CycleVariant, "variant"),
    ("clear_filters", Action::ClearFilters, "show all"),
    ("finder", Action::OpenFinder, "find"),
    ("next_pane", Action::NextPane, "next pane"),
    ("prev_pane", Action::PrevPane, "previous pane"),
    ("next_pair", Action::NextPair, "next pair"),
    ("prev_pair", Action::PrevPair, "previous pair"),
    ("rename", Action::ToggleRename, "original names"),
    ("oracle", Action::ToggleOracle, "oracle"),
    ("theme", Action::ToggleTheme, "theme"),
    ("tag_1", Action::ToggleTag('1'), "tag (1-9)"),
    ("tag_2", Action::ToggleTag('2'), "tag 2"),
    ("tag_3", Action::ToggleTag('3'), "tag 3"),
    ("tag_4", Action::ToggleTag('4'), "tag 4"),
    ("tag_5", Action::ToggleTag('5'), "tag 5"),
    ("tag_6", Action::ToggleTag('6'), "tag 6"),
    ("tag_7", Action::ToggleTag('7'), "tag 7"),
    ("tag_8", Action::ToggleTag('8'), "tag 8"),
    ("tag_9", Action::ToggleTag('9'), "tag 9"),
    ("accept", Action::AcceptSuggestion, "accept"),
    ("note", Action::EditNote, "note"),
    ("undo", Action::Undo, "undo"),
    ("sample", Action::ToggleSample, "sample"),
    ("compare", Action::OpenCompare, "agreement with a file"),
    ("export_tags", Action::ExportTags, "export tags"),
    ("dashboard", Action::OpenDashboard, "metrics"),
    ("programs", Action::OpenPrograms, "programs"),
    ("export", Action::ExportMetrics, "export"),
    ("export_format", Action::CycleExportFormat, "format"),
    ("figure", Action::ToggleFigure, "other figure"),
    ("search", Action::OpenSearch, "search"),
    ("next_match", Action::NextMatch, "next match"),
    ("prev_match", Action::PrevMatch, "previous match"),
    ("mark", Action::ToggleMark, "mark"),
    ("sort", Action::CycleSort, "sort by the next column"),
    ("reverse_sort", Action::ReverseSort, "reverse the sort"),
    ("copy", Action::OpenCopy, "copy…"),
    (
        "copy_pair_id",
        Action::Copy(CopyTarget::PairId),
        "copy the pair id",
    ),
    (
        "copy_transformed",
        Action::Copy(CopyTarget::Transformed),
        "copy the transformed property",
    ),
    (
        "copy_original",
        Action::Copy(CopyTarget::Original),
        "copy the original property",
    ),
    (
        "copy_reason",
        Action::Copy(CopyTarget::Reason),
        "copy the reason",
    ),
    (
        "copy_reference",
        Action::Copy(CopyTarget::Reference),
        "copy the reference property",
    ),
    ("scroll_left", Action::ScrollLeft, "scroll left"),
    ("scroll_right", Action::ScrollRight, "scroll right"),
    (
        "link_scroll",
        Action::ToggleLinkedScroll,
        "scroll RTL panes together",
    ),
    ("message", Action::ShowMessage, "whole message"),
    ("answer", Action::ShowAnswer, "the model's raw answer"),
    (
        "copy_answer",
        Action::Copy(CopyTarget::Answer),
        "copy the model's raw answer",
    ),
    ("delete", Action::DeleteChar, "delete"),
    ("clear_input", Action::ClearInput, "clear the field"),
    ("submit", Action::Submit, "accept"),
];

impl Action {
    /// The action a keymap names, if any.
    pub fn from_name(name: &str) -> Option<Action> {
        NAMED
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, a, _)| a.clone())
    }

    /// The short help text of a named action.
    pub fn describe(&self) -> &'static str {
        NAMED
            .iter()
            .find(|(_, a, _)| a == self)
            .map_or("", |(_, _, d)| d)
    }
}
