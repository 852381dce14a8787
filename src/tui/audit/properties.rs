//! The properties pane: the reference property of the behavior, and the properties
//! generated for the original and for the transformed input, each with its verdict,
//! category and reason. Each generated antecedent is marked where it differs from the
//! reference antecedent; the reference is marked where the transformed antecedent
//! lacks something (a dropped or flipped predicate shows on both sides).

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::tui::app::App;
use crate::tui::audit::{AuditState, Pane};
use crate::tui::model::{SideView, antecedent_range};
use crate::tui::text::diff::{apply_rename, word_diff};
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::code::code_lines;

/// The changed ranges of two properties' antecedents, shifted into each property.
fn antecedent_marks(a: &str, b: &str) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let (Some(ra), Some(rb)) = (antecedent_range(a), antecedent_range(b)) else {
        return (Vec::new(), Vec::new());
    };
    let (ca, cb) = word_diff(&a[ra.clone()], &b[rb.clone()]);
    let shift =
        |v: Vec<Range<usize>>, by: usize| v.into_iter().map(|r| r.start + by..r.end + by).collect();
    (shift(ca, ra.start), shift(cb, rb.start))
}

fn side_lines(
    title: &str,
    side: &SideView,
    property: &str,
    marks: &[Range<usize>],
    theme: &Theme,
) -> Vec<Line<'static>> {
    let role = if side.correct {
        Role::Correct
    } else {
        Role::Wrong
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(title.to_string(), theme.style(Role::Header)),
        Span::raw(" "),
        Span::styled(
            format!("{} {}", if side.correct { "✓" } else { "✗" }, side.category),
            theme.style(role),
        ),
    ])];
    if property.is_empty() {
        lines.push(Line::styled(
            "(no property matched this behavior)",
            theme.style(Role::Muted),
        ));
    } else {
        lines.extend(code_lines(property, None, marks, false, theme));
    }
    if !side.reason.is_empty() {
        lines.push(Line::from(vec![
            Span::styled("reason ", theme.style(Role::Muted)),
            Span::raw(side.reason.clone()),
        ]));
    }
    lines.push(Line::raw(""));
    lines
}

/// Draws the properties pane.
pub fn draw(app: &App, audit: &AuditState, block: Block, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let d = &audit.data;
    let base = d.base.property.as_str();
    let trans = if audit.rename {
        apply_rename(&d.trans.property, &d.rename)
    } else {
        d.trans.property.clone()
    };
    let mut lines = Vec::new();
    let (base_marks, trans_marks);
    lines.push(Line::from(vec![
        Span::styled("reference", theme.style(Role::Header)),
        Span::styled(
            format!("  oracle {}", app.oracle.name()),
            theme.style(Role::Muted),
        ),
    ]));
    match &d.reference_property {
        Some(reference) => {
            let (ref_marks, t) = antecedent_marks(reference, &trans);
            (_, base_marks) = antecedent_marks(reference, base);
            trans_marks = t;
            lines.extend(code_lines(reference, None, &ref_marks, false, theme));
        }
        None => {
            lines.push(Line::styled(
                "(no reference property names this behavior)",
                theme.style(Role::Muted),
            ));
            (base_marks, trans_marks) = antecedent_marks(base, &trans);
        }
    }
    lines.push(Line::raw(""));
    lines.extend(side_lines("original", &d.base, base, &base_marks, theme));
    let title = if audit.rename {
        "transformed (original names)"
    } else {
        "transformed"
    };
    lines.extend(side_lines(title, &d.trans, &trans, &trans_marks, theme));
    let scroll = audit
        .scroll_of(Pane::Properties)
        .min(lines.len().saturating_sub(1));
    let paragraph = Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .scroll((scroll as u16, 0));
    frame.render_widget(paragraph, area);
}
