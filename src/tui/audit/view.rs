//! The audit screen of one pair: a two-line header, then the panes (RTL original, RTL
//! transformed, properties, truth table): side by side on a wide terminal, one at a time
//! behind a tab bar on a small one.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::tui::app::App;
use crate::tui::audit::{AuditState, Pane};
use crate::tui::queue::view::flip_role;
use crate::tui::theme::Role;

/// The audit screen shows its panes side by side from this width on.
pub const WIDE: u16 = 110;

/// Whether the audit panes go side by side.
pub fn audit_is_wide(size: (u16, u16)) -> bool {
    size.0 >= WIDE && size.1 >= 30
}

/// A page of the audit screen's focused pane.
pub fn audit_page(size: (u16, u16)) -> usize {
    let body = size.1.saturating_sub(6) as usize;
    if audit_is_wide(size) {
        (body / 2).max(1)
    } else {
        body.max(1)
    }
}

/// Draws the audit screen into `area`.
pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let Some(audit) = &app.audit else { return };
    let [header, body] = Layout::vertical([Constraint::Length(2), Constraint::Min(3)]).areas(area);
    draw_header(app, audit, frame, header);
    if audit_is_wide(app.size) {
        let [top, bottom] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(body);
        let [a, b] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(top);
        let [c, d] = Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)])
            .areas(bottom);
        for (pane, rect) in [
            (Pane::RtlOriginal, a),
            (Pane::RtlTransformed, b),
            (Pane::Properties, c),
            (Pane::TruthTable, d),
        ] {
            draw_pane(app, audit, pane, frame, rect);
        }
    } else {
        let [tabs, pane] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(3)]).areas(body);
        let mut spans = Vec::new();
        for p in Pane::ALL {
            let role = if p == audit.pane {
                Role::Selected
            } else {
                Role::Muted
            };
            spans.push(Span::styled(
                format!(" {} ", p.title()),
                app.theme.style(role),
            ));
            spans.push(Span::raw(" "));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), tabs);
        draw_pane(app, audit, audit.pane, frame, pane);
    }
}

fn draw_pane(app: &App, audit: &AuditState, pane: Pane, frame: &mut Frame, area: Rect) {
    let focused = pane == audit.pane;
    let theme = &app.theme;
    let title = match pane {
        Pane::RtlTransformed => format!(
            " {} ({}{}) ",
            pane.title(),
            audit.data.variant,
            if audit.rename { ", original names" } else { "" }
        ),
        _ => format!(" {} ", pane.title()),
    };
    let block = Block::bordered()
        .border_style(theme.style(if focused { Role::Focus } else { Role::Border }))
        .title_top(Line::styled(title, theme.style(Role::Title)));
    match pane {
        Pane::RtlOriginal | Pane::RtlTransformed => {
            crate::tui::audit::rtl::draw(app, audit, pane, block, frame, area)
        }
        Pane::Properties => crate::tui::audit::properties::draw(app, audit, block, frame, area),
        Pane::TruthTable => crate::tui::audit::truth_view::draw(app, audit, block, frame, area),
    }
}

fn draw_header(app: &App, audit: &AuditState, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let d = &audit.data;
    let muted = |s: &str| Span::styled(s.to_string(), theme.style(Role::Muted));
    let strong = |s: &str| Span::styled(s.to_string(), theme.style(Role::Header));
    let verdict = |correct: bool, category: &str| {
        Span::styled(
            format!("{} {category}", if correct { "✓" } else { "✗" }),
            theme.style(if correct { Role::Correct } else { Role::Wrong }),
        )
    };
    let lines = vec![
        Line::from(vec![
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
        ]),
        Line::from(vec![
            muted("original "),
            verdict(d.base.correct, &d.base.category),
            muted("  transformed "),
            verdict(d.trans.correct, &d.trans.category),
            muted("  oracle "),
            Span::raw(app.oracle.name()),
            muted(if d.tags.is_empty() { "" } else { "  tags " }),
            Span::raw(d.tags.join(", ")),
        ]),
    ];
    frame.render_widget(Paragraph::new(lines), area);
}
