//! The RTL panes: the original and the transformed program, syntax-highlighted once the
//! background job has done so (plain text before), with the word-level diff between the
//! two marked, and the transformed side optionally in the original names. Long lines
//! are cut at the pane's edge with `›` and scroll sideways (`H`/`L`); the line numbers
//! stay.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Paragraph};

use crate::tui::audit::{AuditState, Pane};
use crate::tui::shell::Shell;
use crate::tui::text::diff::word_diff;
use crate::tui::text::highlight::text_key;
use crate::tui::widgets::code::{clip_line, code_lines};

/// The text a pane shows.
fn text(audit: &AuditState, pane: Pane) -> String {
    match pane {
        Pane::RtlOriginal => audit.data.rtl_original.clone(),
        _ => audit.transformed_rtl(),
    }
}

/// Lines of the pane's text.
pub fn line_count(audit: &AuditState, pane: Pane) -> usize {
    text(audit, pane).lines().count()
}

/// The widest the pane can scroll sideways in `width` columns (its inner width).
pub fn max_hscroll(audit: &AuditState, pane: Pane, width: u16) -> usize {
    let text = text(audit, pane);
    let gutter = gutter_width(&text);
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    // One column stays for the `‹` marker.
    longest.saturating_sub((width as usize).saturating_sub(gutter + 1))
}

/// Columns of the line numbers (and the space after them).
fn gutter_width(text: &str) -> usize {
    text.lines().count().max(1).to_string().len() + 1
}

/// Draws one RTL pane; `scroll` is the first line shown.
pub fn draw(
    shell: &Shell,
    audit: &AuditState,
    pane: Pane,
    block: Block,
    scroll: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let original = &audit.data.rtl_original;
    let transformed = audit.transformed_rtl();
    let (old_changed, new_changed) = word_diff(original, &transformed);
    let (text, changed) = match pane {
        Pane::RtlOriginal => (original.as_str(), old_changed),
        _ => (transformed.as_str(), new_changed),
    };
    let highlighted = shell.highlights.get(&text_key(text));
    let inner = block.inner(area);
    let gutter = gutter_width(text);
    let skip = audit.hscroll_of(pane);
    let lines: Vec<_> = code_lines(
        text,
        highlighted.map(|h| h.as_ref()),
        &changed,
        true,
        shell.theme,
    )
    .iter()
    .skip(scroll)
    .take(inner.height as usize)
    .map(|l| clip_line(l, gutter, skip, inner.width as usize, shell.theme))
    .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
