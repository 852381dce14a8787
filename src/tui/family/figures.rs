//! The family figures on the metrics dashboard of a whole-module study: EquivSVA's
//! counts per model (`stats::family::model_counts`: outputs, syntax-valid ones,
//! interface-only and sound properties, tasks with a sound property, families sound on
//! every implementation and on none, variant-sensitive families, mutants caught) over
//! the outputs the dashboard's selection keeps (the same filter expression as
//! `flipscope metrics --filter`). Counts only: `flipscope metrics` gives their
//! family-clustered intervals.

use std::collections::{BTreeMap, BTreeSet};

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Cell, Row, Table};

use crate::stats::family::{OutputSummary, model_counts, rows};
use crate::tui::dashboard::Selection;
use crate::tui::model::filter::Filter;
use crate::tui::shell::Shell;
use crate::tui::theme::Role;
use crate::tui::widgets::ellipsis::{Cut, fit};

/// The columns: heading and how a model's counts read.
const COLUMNS: [(&str, &str, &str); 8] = [
    ("outputs", "outputs", ""),
    ("valid", "syntax_valid", "outputs"),
    ("sound/iface", "sound", "interface_only"),
    ("tasks sound", "tasks_with_sound", "tasks"),
    ("all sound", "families_all_sound", "families"),
    ("none sound", "families_none_sound", "families"),
    ("var.-sens.", "variant_sensitive", "families"),
    ("mutants", "mutants_caught", "mutants"),
];

/// What the two "sound" figures mean, under the table: the dashboard counts the sound
/// properties of syntax-valid outputs only (EquivSVA's rule), where `flipscope score`'s
/// summary counts every output's; and how to list the variant-sensitive families.
pub const FOOTNOTE: &str = " sound: of syntax-valid outputs only (score's total counts every output) · var.-sens.: filter sensitive=yes ";

/// Each model's counts over the outputs the dashboard's selection keeps.
pub fn counts(shell: &Shell) -> Vec<(String, BTreeMap<&'static str, u64>)> {
    let Some(study) = shell.family else {
        return Vec::new();
    };
    let filter = Filter::parse(&Selection::of(shell.queue).text()).unwrap_or_default();
    let tags: BTreeMap<(String, String, String), BTreeSet<String>> = shell
        .study
        .pairs
        .iter()
        .map(|p| {
            (
                (p.model.clone(), p.program.clone(), p.variant.clone()),
                p.tags.iter().cloned().collect(),
            )
        })
        .collect();
    let outputs: Vec<OutputSummary> = study.outputs.values().cloned().collect();
    let kept: Vec<&OutputSummary> = rows(&outputs, |o| {
        tags.get(&(o.model.clone(), o.program.clone(), o.variant.clone()))
    })
    .into_iter()
    .filter(|r| filter.matches(r))
    .map(|r| r.output)
    .collect();
    let mutants_of = |id: &str| study.families.get(id).map(|f| f.mutants.len());
    model_counts(&kept, &mutants_of)
}

/// Rows the section takes in an area of `height` rows (none when it does not fit
/// beside the figures, or the study has no families).
pub fn height(shell: &Shell, height: u16) -> u16 {
    if shell.family.is_none() {
        return 0;
    }
    let wanted = counts(shell).len().max(1) as u16 + 3;
    if height >= wanted + 8 { wanted } else { 0 }
}

pub fn draw(shell: &Shell, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let counts = counts(shell);
    let header = std::iter::once(Cell::from("model"))
        .chain(COLUMNS.iter().map(|(h, _, _)| Cell::from(*h)))
        .collect::<Row>()
        .style(theme.style(Role::Header));
    let model_width = area.width.saturating_sub(2 + 8 * 12).clamp(8, 30);
    let body: Vec<Row> = counts
        .iter()
        .map(|(model, c)| {
            let get = |k: &str| c.get(k).copied().unwrap_or(0);
            let mut cells = vec![Cell::from(fit(model, model_width as usize, Cut::Middle))];
            cells.extend(COLUMNS.iter().map(|(_, num, den)| {
                Cell::from(if den.is_empty() {
                    get(num).to_string()
                } else {
                    format!("{}/{}", get(num), get(den))
                })
            }));
            Row::new(cells)
        })
        .collect();
    let mut widths = vec![Constraint::Length(model_width)];
    widths.extend(COLUMNS.iter().map(|_| Constraint::Length(11)));
    let block = Block::new()
        .borders(Borders::TOP | Borders::BOTTOM)
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(
            " Family figures (EquivSVA; intervals: flipscope metrics) ",
            theme.style(Role::Title),
        ))
        .title_bottom(Line::styled(FOOTNOTE, theme.style(Role::Muted)));
    let body = if body.is_empty() {
        vec![Row::new(vec![Cell::from("no outputs match")]).style(theme.style(Role::Muted))]
    } else {
        body
    };
    frame.render_widget(
        Table::new(body, widths)
            .header(header)
            .column_spacing(1)
            .block(block),
        area,
    );
}
