//! The audit screen of one pair: a header (the pair, where it stands in the queue, the
//! verdicts, tags; its note and, from the agreement screen, both auditors' tags), then
//! the panes (RTL original, RTL transformed, properties, truth table): side by side on
//! a wide terminal, one at a time behind a tab bar on a small one. The focused pane has
//! a heavy border; each pane says which of its lines are in view. Where everything
//! goes is a pure function of the shell and the screen's state (`layout`), shared with `update` (paging and how
//! far a pane scrolls).

use std::collections::BTreeSet;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph};

use crate::tui::audit::{AuditState, Pane, properties, rtl, truth_view};
use crate::tui::layout::frame_areas;
use crate::tui::queue::view::flip_role;
use crate::tui::shell::Shell;
use crate::tui::theme::Role;
use crate::tui::widgets::ellipsis::{Cut, fit};

/// The audit screen shows its panes side by side from this width on.
pub const WIDE: u16 = 110;

/// Whether the audit panes go side by side.
pub fn audit_is_wide(size: (u16, u16)) -> bool {
    size.0 >= WIDE && size.1 >= 30
}

/// Where the audit screen's parts go.
pub struct AuditLayout {
    pub header: Rect,
    /// The tab bar (narrow terminals only).
    pub tabs: Option<Rect>,
    /// Each pane shown and its area (borders included).
    pub panes: Vec<(Pane, Rect)>,
}

/// The header's extra lines: both auditors' tags (from the agreement screen), the note.
fn extra_lines(shell: &Shell, audit: &AuditState) -> Vec<Line<'static>> {
    let theme = &shell.theme;
    let muted = |s: &str| Span::styled(s.to_string(), theme.style(Role::Muted));
    let mut lines = Vec::new();
    if let Some(d) = shell
        .agreement
        .and_then(|v| v.selected_disagreement())
        .filter(|d| d.key == crate::tui::tagging::pair_key(&shell.study.pairs[audit.pair]))
    {
        let tags = |t: &BTreeSet<String>| {
            if t.is_empty() {
                "none".to_string()
            } else {
                t.iter().cloned().collect::<Vec<_>>().join(", ")
            }
        };
        lines.push(Line::from(vec![
            Span::styled("A ", theme.style(Role::Key)),
            Span::raw(tags(&d.first)),
            Span::styled("   B ", theme.style(Role::Key)),
            Span::styled(tags(&d.second), theme.style(Role::Differs)),
        ]));
    }
    if let Some(note) = shell.note_of(audit.pair) {
        let width = (shell.size.0 as usize).saturating_sub(16);
        lines.push(Line::from(vec![
            muted("note "),
            Span::raw(fit(&note.replace('\n', " "), width, Cut::End)),
            muted("  (n edits)"),
        ]));
    }
    lines
}

/// The RTL panes' least height on a wide terminal (borders included), however short
/// the code.
const MIN_RTL_HEIGHT: u16 = 6;

/// The screen's parts in `area` (the frame's body).
pub fn layout(shell: &Shell, audit: &AuditState, area: Rect) -> AuditLayout {
    let header_height = 2 + extra_lines(shell, audit).len() as u16;
    let [header, body] =
        Layout::vertical([Constraint::Length(header_height), Constraint::Min(3)]).areas(area);
    if audit_is_wide(shell.size) {
        // The RTL panes take half the height, or less when their code is shorter: the
        // rows they would leave blank go to the properties and the truth table.
        let code = rtl::line_count(audit, Pane::RtlOriginal)
            .max(rtl::line_count(audit, Pane::RtlTransformed));
        let half = body.height / 2;
        let top_height = u16::try_from(code + 2)
            .unwrap_or(u16::MAX)
            .clamp(half.min(MIN_RTL_HEIGHT), half);
        let [top, bottom] =
            Layout::vertical([Constraint::Length(top_height), Constraint::Min(3)]).areas(body);
        let [a, b] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(top);
        let [c, d] = Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)])
            .areas(bottom);
        AuditLayout {
            header,
            tabs: None,
            panes: vec![
                (Pane::RtlOriginal, a),
                (Pane::RtlTransformed, b),
                (Pane::Properties, c),
                (Pane::TruthTable, d),
            ],
        }
    } else {
        let [tabs, pane] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(3)]).areas(body);
        AuditLayout {
            header,
            tabs: Some(tabs),
            panes: vec![(audit.pane, pane)],
        }
    }
}

/// The area inside a pane's border at the terminal's size (on a narrow terminal every pane
/// takes the one pane's place).
pub fn pane_inner(shell: &Shell, audit: &AuditState, pane: Pane) -> Rect {
    let [body, _, _] = frame_areas(Rect::new(0, 0, shell.size.0, shell.size.1));
    let l = layout(shell, audit, body);
    let rect = l
        .panes
        .iter()
        .find(|(p, _)| *p == pane)
        .or(l.panes.first())
        .map_or(Rect::default(), |(_, r)| *r);
    Block::bordered().inner(rect)
}

/// How many lines (or legend lines and rows) a pane has, and how far it scrolls in
/// `inner`.
pub fn pane_extent(shell: &Shell, audit: &AuditState, pane: Pane, inner: Rect) -> (usize, usize) {
    let visible = inner.height as usize;
    match pane {
        Pane::RtlOriginal | Pane::RtlTransformed => {
            let n = rtl::line_count(audit, pane);
            (n, n.saturating_sub(visible))
        }
        Pane::Properties => {
            let n = properties::lines(shell, audit, inner.width).len();
            (n, n.saturating_sub(visible))
        }
        Pane::TruthTable => match &audit.truth {
            Some(t) => (
                t.rows.len(),
                truth_view::max_scroll(shell.theme, audit, t, inner),
            ),
            None => (0, 0),
        },
    }
}

/// Draws the audit screen into `area`.
pub fn draw(shell: &Shell, audit: &AuditState, frame: &mut Frame, area: Rect) {
    let l = layout(shell, audit, area);
    draw_header(shell, audit, frame, l.header);
    if let Some(tabs) = l.tabs {
        let mut spans = Vec::new();
        for p in Pane::ALL {
            let role = if p == audit.pane {
                Role::Selected
            } else {
                Role::Muted
            };
            spans.push(Span::styled(
                format!(" {} ", p.title()),
                shell.theme.style(role),
            ));
            spans.push(Span::raw(" "));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), tabs);
    }
    for (pane, rect) in l.panes {
        draw_pane(shell, audit, pane, frame, rect);
    }
}

fn draw_pane(shell: &Shell, audit: &AuditState, pane: Pane, frame: &mut Frame, area: Rect) {
    let focused = pane == audit.pane;
    let theme = &shell.theme;
    let linked = if audit.linked && matches!(pane, Pane::RtlOriginal | Pane::RtlTransformed) {
        ", scrolled together"
    } else {
        ""
    };
    let title = match pane {
        Pane::RtlTransformed => format!(
            " {} ({}{}{linked}) ",
            pane.title(),
            audit.data.variant,
            if audit.rename { ", original names" } else { "" }
        ),
        Pane::RtlOriginal if !linked.is_empty() => {
            format!(" {} (scrolled together) ", pane.title())
        }
        _ => format!(" {} ", pane.title()),
    };
    let inner = Block::bordered().inner(area);
    let (total, max) = pane_extent(shell, audit, pane, inner);
    let scroll = audit.scroll_of(pane).min(max);
    let position = match pane {
        Pane::TruthTable => match &audit.truth {
            Some(t) if !t.rows.is_empty() => {
                let (first, last) = truth_view::rows_shown(theme, audit, t, inner, scroll);
                if first < last {
                    format!(" rows {}-{last}/{total} ", first + 1)
                } else {
                    format!(" legend · {total} rows below ")
                }
            }
            _ => String::new(),
        },
        _ if total == 0 => String::new(),
        _ => {
            let last = (scroll + inner.height as usize).min(total);
            let side = match audit.hscroll_of(pane) {
                0 => String::new(),
                n => format!(" · col {}", n + 1),
            };
            format!(" {}-{last}/{total}{side} ", scroll + 1)
        }
    };
    let mut block = Block::bordered()
        .border_type(if focused {
            BorderType::Thick
        } else {
            BorderType::Plain
        })
        .border_style(theme.style(if focused { Role::Focus } else { Role::Border }))
        .title_top(Line::styled(title, theme.style(Role::Title)));
    if !position.is_empty() {
        block =
            block.title_bottom(Line::styled(position, theme.style(Role::Muted)).right_aligned());
    }
    match pane {
        Pane::RtlOriginal | Pane::RtlTransformed => {
            rtl::draw(shell, audit, pane, block, scroll, frame, area)
        }
        Pane::Properties => properties::draw(shell, audit, block, scroll, frame, area),
        Pane::TruthTable => truth_view::draw(shell, audit, block, scroll, frame, area),
    }
}

fn draw_header(shell: &Shell, audit: &AuditState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let d = &audit.data;
    let muted = |s: &str| Span::styled(s.to_string(), theme.style(Role::Muted));
    let strong = |s: &str| Span::styled(s.to_string(), theme.style(Role::Header));
    let verdict = |correct: bool, category: &str| {
        Span::styled(
            format!("{} {category}", if correct { "✓" } else { "✗" }),
            theme.style(if correct { Role::Correct } else { Role::Wrong }),
        )
    };
    let place = shell.position(audit.pair);
    let [left, right] = Layout::horizontal([
        Constraint::Min(1),
        Constraint::Length(place.chars().count() as u16 + 1),
    ])
    .areas(Rect { height: 1, ..area });
    frame.render_widget(
        Paragraph::new(Line::styled(place, theme.style(Role::Key)).right_aligned()),
        right,
    );
    let first = Line::from(vec![
        strong(&d.program),
        muted("  "),
        strong(&d.behavior),
        muted("  model "),
        Span::raw(d.model.clone()),
        muted("  variant "),
        Span::raw(d.variant.clone()),
        muted("  "),
        Span::styled(d.flip.as_str(), theme.style(flip_role(d.flip))),
        muted("  "),
        muted(&d.stratum),
    ]);
    frame.render_widget(Paragraph::new(first), left);
    let mut lines = vec![Line::from(vec![
        muted("original "),
        verdict(d.base.correct, &d.base.category),
        muted("  transformed "),
        verdict(d.trans.correct, &d.trans.category),
        muted("  oracle "),
        Span::raw(shell.oracle.name()),
        muted(if d.tags.is_empty() { "" } else { "  tags " }),
        Span::raw(d.tags.join(", ")),
    ])];
    lines.extend(extra_lines(shell, audit));
    let rest = Rect {
        y: area.y.saturating_add(1),
        height: area.height.saturating_sub(1),
        ..area
    };
    frame.render_widget(Paragraph::new(lines), rest);
}
