//! The RTL panes: the original and the transformed program, syntax-highlighted once the
//! background job has done so (plain text before), with the word-level diff between the
//! two marked, and the transformed side optionally in the original names. Long lines
//! are cut at the pane's edge with `›` and scroll sideways (`H`/`L`); the line numbers
//! stay.

use std::ops::Range;
use std::sync::Arc;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Paragraph};

use crate::tui::audit::{AuditState, Pane};
use crate::tui::shell::Shell;
use crate::tui::text::diff::{ranges_by_line, word_diff};
use crate::tui::text::highlight::text_key;
use crate::tui::widgets::code::window_line;

/// One RTL pane's text with what it takes to draw it, worked out once per pair and
/// rename mode (the audit's memo), not per frame or key.
#[derive(Debug)]
pub struct Shown {
    pub text: String,
    /// The highlighter's cache key of `text`.
    pub key: u64,
    /// The word diff's marks, split by line.
    pub marks: Vec<Vec<Range<usize>>>,
    pub lines: usize,
    /// Characters of the longest line.
    pub longest: usize,
}

/// Both RTL panes as shown, original first.
pub type ShownPair = (Shown, Shown);

fn shown(text: String, changed: &[Range<usize>]) -> Shown {
    Shown {
        key: text_key(&text),
        marks: ranges_by_line(&text, changed),
        lines: text.lines().count(),
        longest: text.lines().map(|l| l.chars().count()).max().unwrap_or(0),
        text,
    }
}

/// The two RTL panes as shown (the transformed side in the original names in rename
/// mode), with the word diff between them.
pub fn shown_pair(audit: &AuditState) -> Arc<ShownPair> {
    audit.memo.rtl.get(audit.rename, || {
        let original = audit.data.rtl_original.clone();
        let transformed = audit.transformed_rtl();
        let (old_changed, new_changed) = word_diff(&original, &transformed);
        (
            shown(original, &old_changed),
            shown(transformed, &new_changed),
        )
    })
}

/// What a pane shows, from the pair.
fn side(pair: &ShownPair, pane: Pane) -> &Shown {
    match pane {
        Pane::RtlOriginal => &pair.0,
        _ => &pair.1,
    }
}

/// The pane's text, line by line (what `/` searches).
pub fn text_lines(audit: &AuditState, pane: Pane) -> Vec<String> {
    side(&shown_pair(audit), pane)
        .text
        .lines()
        .map(String::from)
        .collect()
}

/// Lines of the pane's text.
pub fn line_count(audit: &AuditState, pane: Pane) -> usize {
    side(&shown_pair(audit), pane).lines
}

/// The widest the pane can scroll sideways in `width` columns (its inner width).
pub fn max_hscroll(audit: &AuditState, pane: Pane, width: u16) -> usize {
    let pair = shown_pair(audit);
    let shown = side(&pair, pane);
    let gutter = gutter_width(shown.lines);
    // One column stays for the `‹` marker.
    shown
        .longest
        .saturating_sub((width as usize).saturating_sub(gutter + 1))
}

/// Columns of the line numbers (and the space after them).
fn gutter_width(lines: usize) -> usize {
    lines.max(1).to_string().len() + 1
}

/// Draws one RTL pane; `scroll` is the first line shown. Only the lines in view are
/// built, and of each only the characters in view are styled.
pub fn draw(
    shell: &Shell,
    audit: &AuditState,
    pane: Pane,
    block: Block,
    scroll: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let pair = shown_pair(audit);
    let shown = side(&pair, pane);
    let highlighted = shell.highlights.get(&shown.key);
    let inner = block.inner(area);
    let gutter = gutter_width(shown.lines);
    let skip = audit.hscroll_of(pane);
    let digits = gutter - 1;
    let lines: Vec<_> = shown
        .text
        .lines()
        .enumerate()
        .skip(scroll)
        .take(inner.height as usize)
        .map(|(i, line)| {
            let roles = highlighted
                .and_then(|h| h.lines.get(i))
                .map_or(&[][..], Vec::as_slice);
            let marks = shown.marks.get(i).map_or(&[][..], Vec::as_slice);
            window_line(
                line,
                roles,
                marks,
                Some((i, digits)),
                skip,
                inner.width as usize,
                shell.theme,
            )
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
