//! The audit of one assertion: the design's RTL (every file, the top module's first,
//! headers last), the statement with both verdicts (JasperGold's status, precondition
//! and run; flipscope's status, reason and vacuity), and flipscope's counterexample as
//! a waveform table. The focused pane (Tab) scrolls.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::model::DesignText;
use super::state::{AssertionAudit, AssertionPane};
use super::view::{agree_role, verdict_role};
use crate::reproof::AssertionView;
use crate::tui::assertions::AssertionsState;
use crate::tui::shell::Shell;
use crate::tui::text::highlight::text_key;
use crate::tui::theme::Role;
use crate::tui::widgets::code::{clip_line, code_lines};
use crate::tui::widgets::pane::{pane_block, with_position};
use crate::tui::widgets::waveform::Waveform;

/// The RTL pane's text: the design's files, each under its name.
pub fn rtl_text(design: &DesignText) -> String {
    let mut out = String::new();
    for (name, text) in &design.files {
        out.push_str(&format!("// ── {name} ──\n"));
        out.push_str(text);
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The line (0-based) of the RTL pane's text where the top module is declared, so the
/// pane opens on the design rather than a licence header; 0 when it is not found.
pub fn top_line(design: &DesignText) -> usize {
    let text = rtl_text(design);
    text.lines()
        .position(|l| {
            let mut words = l
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                .filter(|w| !w.is_empty());
            let first = words.next();
            matches!(first, Some("module" | "macromodule")) && words.next() == Some(&design.top)
        })
        .unwrap_or(0)
}

/// The areas: title line, RTL | assertion, waveform.
fn areas(area: Rect) -> [Rect; 4] {
    let [title, top, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Percentage(55),
        Constraint::Min(5),
    ])
    .areas(area);
    let [rtl, assertion] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(top);
    [title, rtl, assertion, bottom]
}

/// How far pane `pane` (RTL or assertion) of `audit` scrolls at `size`: its lines less
/// the rows it shows, as the view clamps it.
pub fn scroll_max(
    shell: &Shell,
    s: &AssertionsState,
    audit: &AssertionAudit,
    pane: AssertionPane,
) -> usize {
    let Some(view) = s.study.views.get(audit.index) else {
        return 0;
    };
    let [body, _, _] = crate::tui::layout::frame_areas(Rect::new(0, 0, shell.size.0, shell.size.1));
    let [_, rtl_area, assertion_area, _] = areas(body);
    match pane {
        AssertionPane::Rtl => {
            let lines = s
                .study
                .designs
                .get(&view.unit.program)
                .map_or(0, |d| rtl_text(d).lines().count());
            lines.saturating_sub(rtl_area.height.saturating_sub(2) as usize)
        }
        AssertionPane::Assertion => assertion_pane_lines(shell, s, audit.index)
            .len()
            .saturating_sub(assertion_area.height.saturating_sub(2) as usize),
        AssertionPane::Waveform => 0,
    }
}

/// Lines a pane scrolls by a page.
pub fn page(size: (u16, u16)) -> usize {
    (size.1 as usize * 55 / 100).saturating_sub(4).max(1)
}

pub fn draw(shell: &Shell, s: &AssertionsState, frame: &mut Frame, area: Rect) {
    let Some(audit) = &s.audit else { return };
    let Some(view) = s.study.views.get(audit.index) else {
        return;
    };
    let theme = &shell.theme;
    let [title, rtl_area, assertion_area, wave_area] = areas(area);
    let u = &view.unit;
    let shots = u.shots.map(|k| format!("{k}-shot")).unwrap_or_default();
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(u.program.clone(), theme.style(Role::Title)),
            Span::raw(format!("  {}  {shots}  assertion #{}  ", u.model, u.index)),
            Span::styled(
                format!("jasper {}", u.external_class()),
                theme.style(verdict_role(u.external_class())),
            ),
            Span::raw("  "),
            Span::styled(
                format!("flipscope {}", view.flipscope()),
                theme.style(verdict_role(view.flipscope())),
            ),
            Span::raw("  "),
            Span::styled(
                format!("agree {}", view.agree()),
                theme.style(agree_role(view.agree())),
            ),
            Span::styled(
                match super::tagging::tags_of(shell, s, audit.index) {
                    t if t.is_empty() => "  tags none".to_string(),
                    t => format!("  tags {}", t.join(",")),
                },
                theme.style(Role::Key),
            ),
        ])),
        title,
    );
    // The design's RTL.
    let focused = |p: AssertionPane| audit.pane == p;
    match s.study.designs.get(&u.program) {
        Some(design) => {
            let text = rtl_text(design);
            let highlighted = shell.highlights.get(&text_key(&text));
            let lines = code_lines(&text, highlighted.map(|h| h.as_ref()), &[], true, theme);
            // The top module names the design: shown only where the program's id differs.
            let top = if design.top == u.program {
                String::new()
            } else {
                format!(" top {}", design.top)
            };
            let name = format!(
                "RTL{top} clock {}, reset {}",
                design.clock.as_deref().unwrap_or("the assertions' own"),
                design.reset.as_deref().unwrap_or("none")
            );
            let b = pane_block(theme, name, focused(AssertionPane::Rtl));
            let inner = b.inner(rtl_area);
            let visible = inner.height as usize;
            let scroll = audit.scroll[0].min(lines.len().saturating_sub(visible));
            let b = with_position(b, theme, scroll, visible, lines.len());
            let gutter = text.lines().count().max(1).to_string().len() + 1;
            let shown: Vec<Line> = lines
                .iter()
                .skip(scroll)
                .take(visible)
                .map(|l| clip_line(l, gutter, 0, inner.width as usize, theme))
                .collect();
            frame.render_widget(Paragraph::new(shown).block(b), rtl_area);
        }
        None => frame.render_widget(
            Paragraph::new("the design's files are not in the study").block(pane_block(
                theme,
                "RTL",
                focused(AssertionPane::Rtl),
            )),
            rtl_area,
        ),
    }
    let lines = assertion_pane_lines(shell, s, audit.index);
    let visible = assertion_area.height.saturating_sub(2) as usize;
    let scroll = audit.scroll[1].min(lines.len().saturating_sub(visible));
    let title = format!(
        "Assertion {}{}",
        u.file,
        u.line.map(|l| format!(":{l}")).unwrap_or_default()
    );
    frame.render_widget(
        Paragraph::new(lines)
            .block(pane_block(
                shell.theme,
                &title,
                focused(AssertionPane::Assertion),
            ))
            .wrap(Wrap { trim: false })
            .scroll((scroll as u16, 0)),
        assertion_area,
    );
    draw_waveform(shell, view, audit, frame, wave_area);
}

/// The assertion pane's lines: the statement, the verdicts and the auditor's note.
fn assertion_pane_lines(shell: &Shell, s: &AssertionsState, index: usize) -> Vec<Line<'static>> {
    let Some(view) = s.study.views.get(index) else {
        return Vec::new();
    };
    let mut lines = assertion_lines(shell, view);
    if let Some(note) = super::tagging::note_of(shell, s, index) {
        lines.push(Line::raw(""));
        lines.push(Line::styled("✎ note", shell.theme.style(Role::Header)));
        lines.extend(note.lines().map(|l| Line::raw(l.to_string())));
    }
    lines
}

/// The assertion pane's lines as plain text (what `/` searches).
pub fn assertion_texts(shell: &Shell, s: &AssertionsState, index: usize) -> Vec<String> {
    assertion_pane_lines(shell, s, index)
        .iter()
        .map(|l| l.to_string())
        .collect()
}

fn assertion_lines(shell: &Shell, view: &AssertionView) -> Vec<Line<'static>> {
    let theme = &shell.theme;
    let u = &view.unit;
    let highlighted = shell.highlights.get(&text_key(&u.text));
    let mut lines = code_lines(&u.text, highlighted.map(|h| h.as_ref()), &[], false, theme);
    lines.push(Line::raw(""));
    let jasper = u.external_class().to_string();
    let mut j = vec![
        Span::styled("JasperGold ", theme.style(Role::Header)),
        Span::styled(jasper.clone(), theme.style(verdict_role(&jasper))),
    ];
    if let Some(p) = &u.precondition {
        j.push(Span::raw(format!("  precondition {p}")));
    }
    if let Some(o) = u.outcome {
        j.push(Span::styled(
            format!("  run {}", o.as_str()),
            theme.style(Role::Muted),
        ));
    }
    lines.push(Line::from(j));
    if let Some(note) = &u.note {
        lines.push(Line::styled(note.clone(), theme.style(Role::Muted)));
    }
    match &view.record {
        None => lines.push(Line::from(vec![
            Span::styled("flipscope  ", theme.style(Role::Header)),
            Span::styled("not run", theme.style(Role::Muted)),
            Span::raw(" (flipscope reprove STUDY)"),
        ])),
        Some(r) => {
            let word = view.flipscope().to_string();
            let mut f = vec![
                Span::styled("flipscope  ", theme.style(Role::Header)),
                Span::styled(word.clone(), theme.style(verdict_role(&word))),
            ];
            if r.vacuous == Some(true) {
                f.push(Span::raw("  vacuous"));
            }
            lines.push(Line::from(f));
            if !r.reason.is_empty() {
                lines.push(Line::raw(r.reason.clone()));
            }
            if r.property.trim() != u.text.trim() {
                lines.push(Line::raw(""));
                lines.push(Line::styled("proven as", theme.style(Role::Muted)));
                lines.extend(r.property.lines().map(|l| Line::raw(l.to_string())));
            }
        }
    }
    lines
}

fn draw_waveform(
    shell: &Shell,
    view: &AssertionView,
    audit: &AssertionAudit,
    frame: &mut Frame,
    area: Rect,
) {
    let title = "Counterexample (flipscope)";
    let b = pane_block(shell.theme, title, audit.pane == AssertionPane::Waveform);
    match view.record.as_ref().and_then(|r| r.counterexample.as_ref()) {
        Some(trace) => frame.render_widget(
            Waveform {
                trace,
                block: b,
                first_cycle: audit.wave.cycle,
                first_row: audit.wave.row,
                theme: shell.theme,
            },
            area,
        ),
        None => {
            let why = match &view.record {
                None => "flipscope has not proven this assertion yet".to_string(),
                Some(r) => format!(
                    "no counterexample: flipscope says {}",
                    crate::reproof::agreement::flipscope_word(r.status)
                ),
            };
            frame.render_widget(
                Paragraph::new(Line::styled(why, shell.theme.style(Role::Muted))).block(b),
                area,
            );
        }
    }
}
