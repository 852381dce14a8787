//! The assertions metrics (`M` on the assertions queue): over the assertions the
//! filter keeps, the agreement of JasperGold's and flipscope's verdicts, the same text
//! `flipscope reprove` prints (counts by verdict, compared and agreeing, differing
//! verdicts by cause), then each model's agreement. Esc or `M` goes back to the queue.

use std::collections::BTreeMap;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::reproof::agreement_text::{agreement_table, cause_table};
use crate::reproof::{Agreement, ReproofRecord};
use crate::tui::assertions::AssertionsState;
use crate::tui::shell::Shell;
use crate::tui::theme::Role;
use crate::tui::widgets::pane::pane_block;

/// The metrics' text for the assertions `s` shows.
pub fn metrics_text(s: &AssertionsState) -> String {
    let records: Vec<&ReproofRecord> = s
        .visible
        .iter()
        .filter_map(|&i| s.study.views[i].record.as_ref())
        .collect();
    let unproven = s.visible.len() - records.len();
    let mut out = String::new();
    if records.is_empty() {
        out.push_str(&format!(
            "none of the {} assertions shown is re-proven yet: run `flipscope reprove STUDY`\n",
            s.visible.len()
        ));
        return out;
    }
    let all = Agreement::of(&records);
    out.push_str(&agreement_table(&all));
    out.push_str(&cause_table(&all));
    if unproven > 0 {
        out.push_str(&format!(
            "{unproven} of the {} assertions shown are not re-proven (not counted)\n",
            s.visible.len()
        ));
    }
    let mut by_model: BTreeMap<&str, Vec<&ReproofRecord>> = BTreeMap::new();
    for r in &records {
        by_model.entry(r.model.as_str()).or_default().push(r);
    }
    if by_model.len() > 1 {
        out.push_str("\nper model: agree of compared\n");
        let width = by_model
            .keys()
            .map(|m| m.chars().count())
            .max()
            .unwrap_or(0);
        for (model, rs) in &by_model {
            let a = Agreement::of(rs);
            let pct = if a.compared == 0 {
                "n/a".to_string()
            } else {
                format!("{:.1}%", 100.0 * a.agree as f64 / a.compared as f64)
            };
            out.push_str(&format!(
                "{model:<width$}  {} of {} ({pct}), {} assertions\n",
                a.agree, a.compared, a.total
            ));
        }
    }
    out
}

/// Draws the metrics into `area`, scrolled to none (the text is short).
pub fn draw(shell: &Shell, s: &AssertionsState, frame: &mut Frame, area: Rect) {
    let filter = if s.filter.is_empty() {
        "every assertion".to_string()
    } else {
        format!("filter {}", s.filter.source())
    };
    let title = format!("Metrics: JasperGold and flipscope agreement ({filter})");
    let lines: Vec<Line> = metrics_text(s)
        .lines()
        .map(|l| Line::raw(l.to_string()))
        .chain(std::iter::once(Line::styled(
            "Esc or M: back to the assertions; / filters them",
            shell.theme.style(Role::Muted),
        )))
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(pane_block(shell.theme, title, false)),
        area,
    );
}
