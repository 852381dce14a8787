//! The agreement screen: the two annotations files compared (A, the study's own; B,
//! the other auditor's), Cohen's kappa per tag with its 2x2 counts, and the pairs the
//! two disagree on with the tags that differ. `Tab` moves the focus between the two
//! tables; Enter audits the selected pair.

use std::collections::BTreeSet;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph};

use crate::stats::agreement::{Disagreement, TagAgreement};
use crate::tui::agreement::CompareState;
use crate::tui::agreement::{AgreementView, Focus};
use crate::tui::layout::frame_areas;
use crate::tui::shell::Shell;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::table::{DataTable, TableRow};

/// Lines of the header block (borders included), with and without the line about
/// decisions on pairs the study does not have.
fn header_height(view: &AgreementView) -> u16 {
    if view.foreign.is_some() { 6 } else { 5 }
}

/// The header, the tags table and the disagreements in `body`. The tags table gets
/// what it needs when the disagreements keep at least three rows; otherwise the two
/// share the space (and scroll).
fn areas(body: Rect, view: &AgreementView) -> [Rect; 3] {
    let header = header_height(view).min(body.height);
    let rest = body.height - header;
    let needed = view.result.tags.len().max(1) as u16 + 3;
    let tags = if rest.saturating_sub(needed) >= 6 {
        needed
    } else {
        (rest / 2).max(4).min(needed).min(rest)
    };
    Layout::vertical([
        Constraint::Length(header),
        Constraint::Length(tags),
        Constraint::Min(0),
    ])
    .areas(body)
}

/// Rows shown of the tags table and of the disagreements at a terminal size.
pub fn table_rows(size: (u16, u16), view: &AgreementView) -> (usize, usize) {
    let [body, _, _] = frame_areas(Rect::new(0, 0, size.0, size.1));
    let [_, tags, pairs] = areas(body, view);
    (
        DataTable::<TagRow>::capacity(tags).max(1),
        DataTable::<PairRow>::capacity(pairs).max(1),
    )
}

/// `0.412`, or `n/a` when kappa is undefined (as `flipscope agreement` prints it).
pub fn kappa_text(kappa: Option<f64>) -> String {
    kappa.map_or("n/a".to_string(), |k| format!("{k:.3}"))
}

struct TagRow<'a>(&'a TagAgreement);

impl TableRow for TagRow<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let t = self.0;
        let number = |n: usize| Cell::from(Line::from(n.to_string()).right_aligned());
        let ratio = |x: f64| Cell::from(Line::from(format!("{x:.3}")).right_aligned());
        let kappa = Cell::from(Line::from(kappa_text(t.kappa)).right_aligned()).style(theme.style(
            if t.kappa.is_some() {
                Role::Header
            } else {
                Role::Muted
            },
        ));
        vec![
            Cell::from(t.tag.clone()),
            number(t.both),
            number(t.only_first),
            number(t.only_second),
            number(t.neither),
            ratio(t.observed),
            ratio(t.expected),
            kappa,
        ]
    }
}

struct PairRow<'a>(&'a Disagreement);

impl TableRow for PairRow<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let d = self.0;
        let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| {
            let tags: Vec<&str> = a.difference(b).map(String::as_str).collect();
            if tags.is_empty() {
                Cell::from("-").style(theme.style(Role::Muted))
            } else {
                Cell::from(tags.join(",")).style(theme.style(Role::Differs))
            }
        };
        vec![
            Cell::from(d.key.program.clone()),
            Cell::from(d.key.behavior.clone()),
            Cell::from(d.key.model.clone()),
            Cell::from(d.key.variant.clone()),
            only(&d.first, &d.second),
            only(&d.second, &d.first),
        ]
    }
}

/// Draws the agreement screen into `area`.
pub fn draw(shell: &Shell, compare: &CompareState, frame: &mut Frame, area: Rect) {
    let Some(view) = &compare.view else {
        return;
    };
    let [header, tags, pairs] = areas(area, view);
    draw_header(shell, view, frame, header);
    draw_tags(shell, view, frame, tags);
    draw_pairs(shell, view, frame, pairs);
}

fn draw_header(shell: &Shell, view: &AgreementView, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let label = |s: String| Span::styled(s, theme.style(Role::Muted));
    let value = |s: String| Span::styled(s, theme.style(Role::Header));
    let side = |name: &str, f: &crate::tui::agreement::AuditorFile| {
        Line::from(vec![
            Span::styled(format!("{name} "), theme.style(Role::Key)),
            value(f.name()),
            label(format!("  {} pairs  auditors ", f.pairs)),
            Span::raw(f.auditors.join(", ")),
        ])
    };
    let r = &view.result;
    let share = if r.pairs == 0 {
        0.0
    } else {
        100.0 * r.identical as f64 / r.pairs as f64
    };
    let mut lines = vec![
        side("A", &view.first),
        side("B", &view.second),
        Line::from(vec![
            label("decided by both ".into()),
            value(r.pairs_both.to_string()),
            label("  by either ".into()),
            value(r.pairs.to_string()),
            label("  same tags ".into()),
            value(format!("{} ({share:.1}%)", r.identical)),
            label("  pooled kappa ".into()),
            value(kappa_text(r.pooled.kappa)),
        ]),
    ];
    if let Some((count, place)) = &view.foreign {
        lines.push(Line::styled(
            format!("{count} of B's decisions are about pairs not loaded here (first: {place}); they count"),
            theme.style(Role::Error),
        ));
    }
    let block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(
            " Agreement: Cohen's kappa ",
            theme.style(Role::Title),
        ));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// A table's title: marked when it has the focus.
fn title(theme: &Theme, text: String, focused: bool) -> Line<'static> {
    if focused {
        Line::styled(format!(" ▶ {text} "), theme.style(Role::Focus))
    } else {
        Line::styled(format!(" {text} "), theme.style(Role::Title))
    }
}

fn draw_tags(shell: &Shell, view: &AgreementView, frame: &mut Frame, area: Rect) {
    let focused = view.focus == Focus::Tags;
    let rows = DataTable::<TagRow>::capacity(area);
    let tags = &view.result.tags;
    let offset = view.tag_offset.min(tags.len().saturating_sub(1));
    let widget = DataTable {
        block: Block::bordered().title_top(title(shell.theme, "Kappa per tag".into(), focused)),
        header: [
            "tag", " both", "A only", "B only", "neither", "observed", "expected", " kappa",
        ]
        .map(String::from)
        .to_vec(),
        widths: vec![
            Constraint::Fill(1),
            Constraint::Length(5),
            Constraint::Length(6),
            Constraint::Length(6),
            Constraint::Length(7),
            Constraint::Length(8),
            Constraint::Length(8),
            Constraint::Length(6),
        ],
        rows: tags.iter().skip(offset).take(rows).map(TagRow).collect(),
        offset,
        selected: (focused && !tags.is_empty()).then_some(view.tag_selected),
        total: tags.len(),
        theme: shell.theme,
    };
    frame.render_widget(widget, area);
}

fn draw_pairs(shell: &Shell, view: &AgreementView, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let focused = view.focus == Focus::Pairs;
    let list = &view.result.disagreements;
    let heading = format!("Pairs they tag differently ({})", list.len());
    if list.is_empty() {
        let block = Block::bordered()
            .border_style(theme.style(Role::Border))
            .title_top(title(theme, heading, focused));
        let text = Line::styled(
            "none: both files give every pair the same tags",
            theme.style(Role::Muted),
        );
        frame.render_widget(Paragraph::new(text).block(block), area);
        return;
    }
    let rows = DataTable::<PairRow>::capacity(area);
    let offset = view.offset.min(list.len() - 1);
    let widget = DataTable {
        block: Block::bordered().title_top(title(theme, heading, focused)),
        header: [
            "program", "behavior", "model", "variant", "A only", "B only",
        ]
        .map(String::from)
        .to_vec(),
        // The differing tags are what the list is for: they get the most room.
        widths: vec![
            Constraint::Fill(2),
            Constraint::Fill(3),
            Constraint::Fill(3),
            Constraint::Length(7),
            Constraint::Fill(5),
            Constraint::Fill(5),
        ],
        rows: list.iter().skip(offset).take(rows).map(PairRow).collect(),
        offset,
        selected: focused.then_some(view.selected),
        total: list.len(),
        theme,
    };
    frame.render_widget(widget, area);
}
