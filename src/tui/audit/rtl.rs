//! The RTL panes: the original and the transformed program, syntax-highlighted once the
//! background job has done so (plain text before), with the word-level diff between the
//! two marked, and the transformed side optionally in the original names.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Paragraph};

use crate::tui::app::App;
use crate::tui::audit::{AuditState, Pane};
use crate::tui::text::diff::word_diff;
use crate::tui::text::highlight::text_key;
use crate::tui::widgets::code::code_lines;

/// Draws one RTL pane.
pub fn draw(
    app: &App,
    audit: &AuditState,
    pane: Pane,
    block: Block,
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
    let highlighted = app.highlights.get(&text_key(text));
    let lines = code_lines(
        text,
        highlighted.map(|h| h.as_ref()),
        &changed,
        true,
        &app.theme,
    );
    let visible = area.height.saturating_sub(2) as usize;
    let scroll = audit
        .scroll_of(pane)
        .min(lines.len().saturating_sub(visible));
    let paragraph = Paragraph::new(lines)
        .block(block)
        .scroll((scroll as u16, 0));
    frame.render_widget(paragraph, area);
}
