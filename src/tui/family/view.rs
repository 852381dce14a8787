//! The family audit screen: a header (the family, its behavior class, the model, the
//! pair's flip and tags; then the four implementations, each with its sound
//! properties, the shown one highlighted), then four panes: the shown implementation's
//! RTL with its word diff against the canonical one, its generated properties with
//! their status, the selected property's counterexample as a waveform table, and the
//! transfer matrix (property x implementation) with the mutants each property catches.
//! Side by side (two by two) on a wide terminal, one at a time behind a tab bar on a
//! small one, as on the VERT audit screen.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::model::{CheckView, FamilyStudy, FamilyText, PropertyRow};
use super::state::{FamilyAudit, FamilyPane, FamilyState};
use crate::study::FormalStatus;
use crate::tui::audit::view::audit_is_wide;
use crate::tui::layout::frame_areas;
use crate::tui::queue::view::flip_role;
use crate::tui::shell::Shell;
use crate::tui::text::diff::word_diff;
use crate::tui::text::highlight::text_key;
use crate::tui::theme::Role;
use crate::tui::widgets::code::{clip_line, code_lines};
use crate::tui::widgets::ellipsis::{Cut, fit};
use crate::tui::widgets::pane::{pane_block, with_position};
use crate::tui::widgets::waveform::Waveform;
use crate::tui::widgets::wrap::wrap_line;

/// Rows of the header: the pair, then the implementations.
const HEADER: u16 = 2;

/// Where the family screen's parts go.
pub struct FamilyLayout {
    pub header: Rect,
    /// The pane tab bar (narrow terminals only).
    pub tabs: Option<Rect>,
    pub panes: Vec<(FamilyPane, Rect)>,
}

/// The screen's parts in `area` (the frame's body) with `focused` the focused pane, at
/// the terminal size `size`.
pub fn layout(size: (u16, u16), focused: FamilyPane, area: Rect) -> FamilyLayout {
    let [header, body] =
        Layout::vertical([Constraint::Length(HEADER), Constraint::Min(3)]).areas(area);
    if audit_is_wide(size) {
        let [top, bottom] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(body);
        let [a, b] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(top);
        let [c, d] = Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)])
            .areas(bottom);
        FamilyLayout {
            header,
            tabs: None,
            panes: vec![
                (FamilyPane::Rtl, a),
                (FamilyPane::Properties, b),
                (FamilyPane::Counterexample, c),
                (FamilyPane::Transfer, d),
            ],
        }
    } else {
        let [tabs, pane] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(3)]).areas(body);
        FamilyLayout {
            header,
            tabs: Some(tabs),
            panes: vec![(focused, pane)],
        }
    }
}

/// Rows inside the RTL pane's border at the terminal size `size`.
pub fn rtl_rows(size: (u16, u16)) -> usize {
    let [body, _, _] = frame_areas(Rect::new(0, 0, size.0, size.1));
    let l = layout(size, FamilyPane::Rtl, body);
    l.panes
        .iter()
        .find(|(p, _)| *p == FamilyPane::Rtl)
        .map_or(1, |(_, r)| r.height.saturating_sub(2).max(1) as usize)
}

/// The pane titles.
pub fn title(pane: FamilyPane) -> &'static str {
    match pane {
        FamilyPane::Rtl => "RTL",
        FamilyPane::Properties => "Properties",
        FamilyPane::Counterexample => "Counterexample",
        FamilyPane::Transfer => "Transfer and mutants",
    }
}

/// The letter naming implementation `i` in the transfer matrix.
pub fn letter(i: usize) -> char {
    (b'A' + (i % 26) as u8) as char
}

/// The role of a status word.
pub fn status_role(word: &str) -> Role {
    match word {
        "pass" => Role::Correct,
        "fail" => Role::Wrong,
        "vacuous" => Role::Differs,
        "error" | "interface-violation" | "syntax" => Role::Error,
        _ => Role::Muted,
    }
}

/// A status as a matrix cell of four characters.
fn short(check: Option<&CheckView>) -> &'static str {
    match check {
        None => "  — ",
        Some(c) if c.status == FormalStatus::Pass && c.vacuous => "vac ",
        Some(c) => match c.status {
            FormalStatus::Pass => "pass",
            FormalStatus::Fail => "FAIL",
            FormalStatus::Unknown => "unk ",
            FormalStatus::Unsupported => "uns ",
            FormalStatus::InterfaceViolation => "ifv ",
            FormalStatus::Error => "err ",
        },
    }
}

pub fn draw(shell: &Shell, state: &FamilyState, frame: &mut Frame, area: Rect) {
    let Some(audit) = &state.audit else { return };
    let study = &state.study;
    let l = layout(shell.size, audit.pane, area);
    draw_header(shell, study, audit, frame, l.header);
    if let Some(tabs) = l.tabs {
        draw_tabs(shell, audit, frame, tabs);
    }
    for (pane, rect) in l.panes {
        let focused = pane == audit.pane;
        match pane {
            FamilyPane::Rtl => draw_rtl(shell, study, audit, focused, frame, rect),
            FamilyPane::Properties => draw_properties(shell, study, audit, focused, frame, rect),
            FamilyPane::Counterexample => {
                draw_counterexample(shell, study, audit, focused, frame, rect);
            }
            FamilyPane::Transfer => draw_transfer(shell, study, audit, focused, frame, rect),
        }
    }
}

fn draw_header(
    shell: &Shell,
    study: &FamilyStudy,
    audit: &FamilyAudit,
    frame: &mut Frame,
    area: Rect,
) {
    let theme = &shell.theme;
    let muted = |s: String| Span::styled(s, theme.style(Role::Muted));
    let family = study.families.get(&audit.program);
    // The pair first (its family, variant, flip, tags, place), the model and class
    // last: they are cut first on a narrow terminal.
    // The two sides by their implementations' names (a rewrite not among them, such
    // as `T1`, by its variant).
    let named = |variant: &str| {
        family
            .and_then(|f| f.implementations.iter().find(|i| i.variant == variant))
            .map_or_else(|| variant.to_string(), |i| i.style.clone())
    };
    let mut first = vec![
        Span::styled(audit.program.clone(), theme.style(Role::Title)),
        Span::raw(format!(
            " {} vs {}",
            named("original"),
            named(&audit.variant)
        )),
    ];
    if let Some(p) = shell.study.pairs.get(audit.pair) {
        first.push(Span::raw("  "));
        first.push(Span::styled(
            p.flip.as_str(),
            theme.style(flip_role(p.flip)),
        ));
        first.push(muted("  tags ".into()));
        first.push(if p.tags.is_empty() {
            muted("none".into())
        } else {
            Span::styled(p.tags.join(","), theme.style(Role::Key))
        });
        if let Some(note) = shell.note_of(audit.pair) {
            first.push(Span::styled("  ✎ ", theme.style(Role::Key)));
            let room = (area.width as usize / 3).max(12);
            first.push(Span::raw(fit(&note.replace('\n', " "), room, Cut::End)));
            first.push(muted(" (n edits)".into()));
        }
        if let Some(at) = shell.queue.visible.iter().position(|&i| i == audit.pair) {
            first.push(muted(format!(
                "  pair {}/{}",
                at + 1,
                shell.queue.visible.len()
            )));
        }
    }
    first.push(Span::raw(format!("  {}", audit.model)));
    if let Some(f) = family {
        first.push(muted(format!(" ({})", f.category)));
    }
    let mut second = Vec::new();
    match family {
        Some(f) => {
            let label = |i: usize, unit: &str, room: usize| {
                let imp = &f.implementations[i];
                let counts = study
                    .output(&audit.model, &audit.program, &imp.variant, audit.sample)
                    .map_or("no output".to_string(), |o| {
                        format!("{}/{}{unit}", o.sound, o.properties)
                    });
                format!(
                    " {} {} {counts} ",
                    letter(i),
                    fit(&imp.style, room, Cut::End)
                )
            };
            let n = f.implementations.len();
            let fits = |unit: &str| {
                let total: usize = (0..n)
                    .map(|i| label(i, unit, usize::MAX).chars().count() + 1)
                    .sum();
                total <= area.width as usize
            };
            // The whole labels when they fit, else without "sound", else each style cut
            // to its share of the line.
            let (unit, room) = if fits(" sound") {
                (" sound", usize::MAX)
            } else if fits("") {
                ("", usize::MAX)
            } else {
                (
                    "",
                    (area.width as usize / n.max(1)).saturating_sub(10).max(4),
                )
            };
            for i in 0..n {
                let imp = &f.implementations[i];
                let role = if i == audit.implementation {
                    Role::Selected
                } else if imp.variant == audit.variant {
                    Role::Key
                } else {
                    Role::Normal
                };
                second.push(Span::styled(label(i, unit, room), theme.style(role)));
                second.push(Span::raw(" "));
            }
        }
        None => second.push(muted("the family's programs are not in the study".into())),
    }
    frame.render_widget(
        Paragraph::new(vec![Line::from(first), Line::from(second)]),
        area,
    );
}

fn draw_tabs(shell: &Shell, audit: &FamilyAudit, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let mut spans = Vec::new();
    for pane in FamilyPane::ALL {
        let role = if pane == audit.pane {
            Role::Selected
        } else {
            Role::Muted
        };
        spans.push(Span::styled(
            format!(" {} ", title(pane)),
            theme.style(role),
        ));
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled("(Tab)", theme.style(Role::Muted)));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn draw_rtl(
    shell: &Shell,
    study: &FamilyStudy,
    audit: &FamilyAudit,
    focused: bool,
    frame: &mut Frame,
    area: Rect,
) {
    let Some(family) = study.families.get(&audit.program) else {
        frame.render_widget(
            Paragraph::new("").block(pane_block(shell.theme, "RTL", focused)),
            area,
        );
        return;
    };
    let Some(imp) = family.implementations.get(audit.implementation) else {
        return;
    };
    let canonical = &family.implementations[0].rtl;
    let changed = if audit.implementation == 0 {
        Vec::new()
    } else {
        word_diff(canonical, &imp.rtl).1
    };
    let what = if audit.implementation == 0 {
        "the canonical implementation".to_string()
    } else {
        "changes against A marked".to_string()
    };
    let title = format!(
        "RTL {} {} · {what}",
        letter(audit.implementation),
        imp.style
    );
    let b = pane_block(shell.theme, title, focused);
    let inner = b.inner(area);
    let lines = code_lines(
        &imp.rtl,
        shell
            .highlights
            .get(&text_key(&imp.rtl))
            .map(|h| h.as_ref()),
        &changed,
        true,
        shell.theme,
    );
    let visible = inner.height as usize;
    let scroll = audit.scroll[FamilyPane::Rtl.index()].min(lines.len().saturating_sub(visible));
    let b = with_position(b, shell.theme, scroll, visible, lines.len());
    let gutter = imp.rtl.lines().count().max(1).to_string().len() + 1;
    let shown: Vec<Line> = lines
        .iter()
        .skip(scroll)
        .take(visible)
        .map(|l| clip_line(l, gutter, 0, inner.width as usize, shell.theme))
        .collect();
    frame.render_widget(Paragraph::new(shown).block(b), area);
}

/// A property's flags: interface-only or the internal names it uses, sound.
fn flags(row: &PropertyRow) -> String {
    let mut out = Vec::new();
    match row.interface_only {
        Some(true) => out.push("iface".to_string()),
        Some(false) => out.push("internal".to_string()),
        None => {}
    }
    if row.sound {
        out.push("sound".into());
    }
    out.join(" ")
}

fn property_lines(
    shell: &Shell,
    rows: &[PropertyRow],
    selected: usize,
    width: usize,
) -> Vec<Line<'static>> {
    let theme = &shell.theme;
    let name_width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 24);
    let mut lines = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let mark = if i == selected { "›" } else { " " };
        let word = r.word();
        let name = fit(&r.name, name_width, Cut::End);
        let line = Line::from(vec![
            Span::styled(
                format!("{mark}{name:<name_width$} "),
                theme.style(if i == selected {
                    Role::Selected
                } else {
                    Role::Normal
                }),
            ),
            Span::styled(format!("{word:<11} "), theme.style(status_role(word))),
            Span::styled(
                flags(r),
                theme.style(if r.sound { Role::Gain } else { Role::Muted }),
            ),
        ]);
        lines.push(line);
    }
    let Some(r) = rows.get(selected) else {
        return lines;
    };
    lines.push(Line::raw(""));
    // The selected property whole: wrapped, never cut, so a syntax error's column
    // points at text on screen (continuation lines indented by two).
    let mut whole = |text: String, role: Role| {
        lines.extend(wrap_line(&Line::styled(text, theme.style(role)), width, 2));
    };
    for l in r.text.lines() {
        whole(l.trim_end().to_string(), Role::Keyword);
    }
    if let Some(m) = &r.syntax_message {
        whole(format!("syntax: {m}"), Role::Error);
    }
    if !r.non_interface.is_empty() {
        whole(
            format!("not ports: {}", r.non_interface.join(", ")),
            Role::Differs,
        );
    }
    if let Some(reason) = r.status.as_ref().and_then(|c| c.reason.as_ref()) {
        whole(reason.clone(), Role::Muted);
    }
    if let Some(external) = &r.external {
        whole(external.clone(), Role::Muted);
    }
    lines
}

fn draw_properties(
    shell: &Shell,
    study: &FamilyStudy,
    audit: &FamilyAudit,
    focused: bool,
    frame: &mut Frame,
    area: Rect,
) {
    let rows = audit.rows(study);
    let shown = audit.shown_variant(study);
    let title = format!(
        "Properties of {} ({})",
        letter(audit.implementation),
        rows.iter().filter(|r| r.index.is_some()).count()
    );
    let b = pane_block(shell.theme, title, focused);
    let inner = b.inner(area);
    if rows.is_empty() {
        let why = study
            .note
            .clone()
            .unwrap_or_else(|| format!("no verdicts for {} of this family", shown));
        frame.render_widget(
            Paragraph::new(Line::styled(why, shell.theme.style(Role::Muted)))
                .wrap(Wrap { trim: true })
                .block(b),
            area,
        );
        return;
    }
    let lines = property_lines(shell, rows, audit.property, inner.width as usize);
    // Keep the selected property in view.
    let visible = inner.height as usize;
    let scroll = (audit.property + 1).saturating_sub(visible);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll.min(u16::MAX as usize) as u16, 0))
            .block(b),
        area,
    );
}

fn draw_counterexample(
    shell: &Shell,
    study: &FamilyStudy,
    audit: &FamilyAudit,
    focused: bool,
    frame: &mut Frame,
    area: Rect,
) {
    let shown = audit.shown_variant(study);
    let selected = audit.selected(study);
    match selected.and_then(|r| audit.shown_trace(study).map(|(w, t)| (r, w, t))) {
        Some((row, whence, trace)) => {
            let all = row.traces(shown);
            let title = if all.len() > 1 {
                let at = audit
                    .whose
                    .as_ref()
                    .and_then(|w| all.iter().position(|(k, _, _)| k == w))
                    .unwrap_or(0);
                format!(
                    "Counterexample {}/{}: {} {whence}",
                    at + 1,
                    all.len(),
                    row.name
                )
            } else {
                format!("Counterexample of {} {whence}", row.name)
            };
            let b = pane_block(shell.theme, title, focused);
            frame.render_widget(
                Waveform {
                    trace,
                    block: b,
                    first_cycle: audit.wave.cycle,
                    first_row: audit.wave.row,
                    theme: shell.theme,
                },
                area,
            );
        }
        None => {
            let why = match selected {
                None => "no property selected".to_string(),
                Some(r)
                    if r.status
                        .as_ref()
                        .is_some_and(|c| c.status == FormalStatus::Fail) =>
                {
                    format!(
                        "{} fails, but its verdict carries no counterexample (imported verdicts have none; `flipscope score` records them)",
                        r.name
                    )
                }
                Some(r) => format!(
                    "no counterexample: {} is {} and fails on no other implementation or mutant",
                    r.name,
                    r.word()
                ),
            };
            frame.render_widget(
                Paragraph::new(Line::styled(why, shell.theme.style(Role::Muted)))
                    .wrap(Wrap { trim: true })
                    .block(pane_block(shell.theme, "Counterexample", focused)),
                area,
            );
        }
    }
}

/// The transfer matrix's lines: one row per property, a column per implementation
/// (its own marked), the mutants caught; then the selected property's mutants by name.
fn transfer_lines(
    shell: &Shell,
    family: &FamilyText,
    rows: &[PropertyRow],
    audit: &FamilyAudit,
    own: &str,
    focused: bool,
) -> Vec<Line<'static>> {
    let theme = &shell.theme;
    // The cell cursor (Enter shows its counterexample) is drawn while the pane has focus.
    let cursor = |i: usize, column: usize| focused && i == audit.property && column == audit.column;
    let name_width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 18);
    let mut header = vec![Span::styled(
        format!(" {:<name_width$}", "property"),
        theme.style(Role::Header),
    )];
    for (i, _) in family.implementations.iter().enumerate() {
        let role = if i == audit.implementation {
            Role::Selected
        } else {
            Role::Header
        };
        header.push(Span::raw(" "));
        header.push(Span::styled(format!("  {} ", letter(i)), theme.style(role)));
    }
    header.push(Span::styled(" mutants", theme.style(Role::Header)));
    let mut lines = vec![Line::from(header)];
    for (i, r) in rows.iter().enumerate().filter(|(_, r)| r.index.is_some()) {
        let mark = if i == audit.property { "›" } else { " " };
        let mut spans = vec![Span::styled(
            format!("{mark}{:<name_width$}", fit(&r.name, name_width, Cut::End)),
            theme.style(if i == audit.property {
                Role::Selected
            } else {
                Role::Normal
            }),
        )];
        for (column, imp) in family.implementations.iter().enumerate() {
            let check = r.check_on(&imp.variant, own);
            let word = check.map_or("", CheckView::word);
            let style = theme.style(status_role(word));
            spans.push(Span::raw(" "));
            spans.push(Span::styled(
                short(check),
                if cursor(i, column) {
                    style.add_modifier(Modifier::REVERSED)
                } else {
                    style
                },
            ));
        }
        let caught = r.caught().len();
        let checked = r.mutants.len();
        let on_mutants = cursor(i, family.implementations.len());
        let mutants = if checked == 0 {
            Span::styled("   —", theme.style(Role::Muted))
        } else {
            Span::styled(
                format!(" {caught}/{checked}"),
                theme.style(if caught > 0 { Role::Gain } else { Role::Normal }),
            )
        };
        spans.push(if on_mutants {
            let style = mutants.style.add_modifier(Modifier::REVERSED);
            mutants.style(style)
        } else {
            mutants
        });
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    if let Some(r) = rows.get(audit.property) {
        let caught = r.caught();
        let text = if r.mutants.is_empty() {
            format!(
                "{}: not checked on the mutants (only passing properties are)",
                r.name
            )
        } else if caught.is_empty() {
            format!("{} catches none of {} mutants", r.name, r.mutants.len())
        } else {
            format!("{} catches {}", r.name, caught.join(", "))
        };
        lines.push(Line::styled(text, theme.style(Role::Muted)));
    }
    let names: Vec<String> = family
        .implementations
        .iter()
        .enumerate()
        .map(|(i, imp)| format!("{} {}", letter(i), imp.style))
        .collect();
    lines.push(Line::styled(names.join("  "), theme.style(Role::Muted)));
    if !family.mutants.is_empty() {
        lines.push(Line::styled(
            format!("mutants: {}", family.mutants.join(", ")),
            theme.style(Role::Muted),
        ));
    }
    if focused {
        lines.push(Line::styled(
            "H/L: the cell · Enter: its counterexample",
            theme.style(Role::Muted),
        ));
    }
    lines
}

fn draw_transfer(
    shell: &Shell,
    study: &FamilyStudy,
    audit: &FamilyAudit,
    focused: bool,
    frame: &mut Frame,
    area: Rect,
) {
    let b = pane_block(shell.theme, title(FamilyPane::Transfer), focused);
    let rows = audit.rows(study);
    let Some(family) = study.families.get(&audit.program) else {
        frame.render_widget(Paragraph::new("").block(b), area);
        return;
    };
    let own = audit.shown_variant(study).to_string();
    let inner = b.inner(area);
    let lines = transfer_lines(shell, family, rows, audit, &own, focused);
    // Keep the selected property's row in view (the header stays on top).
    let visible = inner.height as usize;
    let scroll = (audit.property + 2).saturating_sub(visible);
    let mut shown = vec![lines[0].clone()];
    shown.extend(lines.into_iter().skip(1 + scroll));
    frame.render_widget(
        Paragraph::new(shown).wrap(Wrap { trim: false }).block(b),
        area,
    );
}
