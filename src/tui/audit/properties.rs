//! The properties pane: the reference property of the behavior, and the properties
//! generated for the original and for the transformed input, each with its verdict,
//! category and reason. Each generated antecedent is marked where it differs from the
//! reference antecedent; the reference is marked where the transformed antecedent
//! lacks something (a dropped or flipped predicate shows on both sides).

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::tui::audit::AuditState;
use crate::tui::model::{SideView, antecedent_range};
use crate::tui::shell::Shell;
use crate::tui::text::diff::{apply_rename, word_diff};
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::code::code_lines;
use crate::tui::widgets::wrap::wrap_lines;

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

/// The pane's lines, wrapped to `width` (the pane's inner width): worked out once per
/// width, rename mode, oracle and theme (the audit's memo), not per frame or key.
pub fn lines(shell: &Shell, audit: &AuditState, width: u16) -> Arc<Vec<Line<'static>>> {
    let key = (width, audit.rename, shell.oracle, shell.theme.clone());
    audit
        .memo
        .properties
        .get(key, || build_lines(shell, audit, width))
}

fn build_lines(shell: &Shell, audit: &AuditState, width: u16) -> Vec<Line<'static>> {
    let theme = &shell.theme;
    let d = &audit.data;
    let base = d.base.property.as_str();
    let (trans, trans_title) = audit.transformed_property();
    // Compare in the names the transformed property is shown in.
    let shown_rename: BTreeMap<String, String> = if audit.rename {
        BTreeMap::new()
    } else {
        d.rename
            .iter()
            .map(|(k, v)| (v.clone(), k.clone()))
            .collect()
    };
    let mut lines = Vec::new();
    let (base_marks, trans_marks);
    lines.push(Line::from(vec![
        Span::styled("reference", theme.style(Role::Header)),
        Span::styled(
            format!("  oracle {}", shell.oracle.name()),
            theme.style(Role::Muted),
        ),
    ]));
    match &d.reference_property {
        Some(reference) => {
            // Marks are positions in the text they mark: the reference against the
            // transformed property in the original names, the transformed property
            // against the reference in the names it is shown in.
            let (ref_marks, _) = antecedent_marks(reference, &d.trans.property);
            (_, trans_marks) = antecedent_marks(&apply_rename(reference, &shown_rename), &trans);
            (_, base_marks) = antecedent_marks(reference, base);
            lines.extend(code_lines(reference, None, &ref_marks, false, theme));
        }
        None => {
            lines.push(Line::styled(
                "(no reference property names this behavior)",
                theme.style(Role::Muted),
            ));
            (base_marks, _) = antecedent_marks(base, &d.trans.property);
            (_, trans_marks) = antecedent_marks(&apply_rename(base, &shown_rename), &trans);
        }
    }
    lines.push(Line::raw(""));
    lines.extend(side_lines("original", &d.base, base, &base_marks, theme));
    lines.extend(side_lines(
        &trans_title,
        &d.trans,
        &trans,
        &trans_marks,
        theme,
    ));
    wrap_lines(&lines, width as usize, 2)
}

/// Draws the properties pane; `scroll` is the first line shown.
pub fn draw(
    shell: &Shell,
    audit: &AuditState,
    block: Block,
    scroll: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let inner = block.inner(area);
    let lines: Vec<Line> = lines(shell, audit, inner.width)
        .iter()
        .skip(scroll)
        .take(inner.height as usize)
        .cloned()
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
