//! The status line (the idle signal `ready`, job progress, messages, the filter and
//! search bars) and the footer of key hints generated from the keymap.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::action::Action;
use crate::tui::app::{App, LoadState, Overlay};
use crate::tui::jobs::JobKind;
use crate::tui::keymap::Mode;
use crate::tui::theme::Role;

/// The status line's left part: `ready` exactly when no job runs.
pub fn status_text(app: &App) -> (String, Role) {
    match &app.load {
        LoadState::Loading(Some(p)) => {
            let file = p.file.rsplit('/').next().unwrap_or(&p.file);
            return (
                format!(
                    "loading {file}: {} records, {}/{} files",
                    p.records, p.files_done, p.files_total
                ),
                Role::Busy,
            );
        }
        LoadState::Loading(None) => return ("loading".into(), Role::Busy),
        LoadState::Failed(_) if app.is_idle() => return ("error".into(), Role::Error),
        _ => {}
    }
    if app.awaiting.contains_key(&JobKind::Score) {
        let generations = app.raw.as_ref().map_or(0, |r| r.0.generations.len());
        return (
            format!(
                "scoring {generations} generations under the {} oracle…",
                app.oracle.name()
            ),
            Role::Busy,
        );
    }
    match app.awaiting.keys().next() {
        Some(kind) => (format!("{}…", kind.name()), Role::Busy),
        None => ("ready".into(), Role::Ready),
    }
}

/// The filter bar: the text typed, the word the error is about underlined.
fn filter_bar(app: &App) -> Line<'static> {
    let theme = &app.theme;
    let input = &app.filter_input;
    let mut spans = vec![Span::styled("/", theme.style(Role::Key))];
    match &app.filter_error {
        Some(e) => {
            let start = e.offset.min(input.len());
            let end = (start + e.word.len().max(1)).min(input.len());
            let (start, end) = if input.is_char_boundary(start) && input.is_char_boundary(end) {
                (start, end)
            } else {
                (input.len(), input.len())
            };
            let bad = theme.style(Role::Error).add_modifier(Modifier::UNDERLINED);
            spans.push(Span::raw(input[..start].to_string()));
            spans.push(Span::styled(input[start..end].to_string(), bad));
            spans.push(Span::raw(input[end..].to_string()));
            spans.push(Span::styled("▏", theme.style(Role::Key)));
            spans.push(Span::raw("  "));
            spans.push(Span::styled(e.to_string(), theme.style(Role::Error)));
        }
        None => {
            spans.push(Span::raw(input.clone()));
            spans.push(Span::styled("▏", theme.style(Role::Key)));
        }
    }
    Line::from(spans)
}

/// A one-line text field: its label, the text, the cursor and a note after it.
fn field(app: &App, label: &str, text: &str, note: &str) -> Line<'static> {
    let theme = &app.theme;
    Line::from(vec![
        Span::styled(label.to_string(), theme.style(Role::Key)),
        Span::raw(text.to_string()),
        Span::styled("▏", theme.style(Role::Key)),
        Span::styled(format!("  {note}"), theme.style(Role::Muted)),
    ])
}

/// Draws the status line (or the filter or search bar while it is open).
pub fn draw_status(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    match app.overlay {
        Some(Overlay::Filter) => {
            frame.render_widget(Paragraph::new(filter_bar(app)), area);
            return;
        }
        Some(Overlay::TextSearch) => {
            // What the text typed finds, once there is one; what the keys do before.
            let note = match (&app.message, app.text_search.input.is_empty()) {
                (Some(found), false) => found.as_str(),
                _ => "Enter keeps the search (n/N step, Esc ends it) · Esc goes back",
            };
            let line = field(app, "/", &app.text_search.input, note);
            frame.render_widget(Paragraph::new(line), area);
            return;
        }
        Some(Overlay::Search) => {
            let note = app.search_note();
            let line = field(app, "search: ", &app.search.query, &note);
            frame.render_widget(Paragraph::new(line), area);
            return;
        }
        _ => {}
    }
    let (text, role) = status_text(app);
    let message = app.message.clone().unwrap_or_default();
    let [left, right] = Layout::horizontal([
        Constraint::Length(text.chars().count() as u16 + 2),
        Constraint::Min(0),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(Span::styled(text, theme.style(role))), left);
    // A message too long for the line is cut and says how to read it whole.
    let room = right.width as usize;
    let shown = if message.chars().count() > room {
        let more = "… (! shows all)";
        let keep = room.saturating_sub(more.chars().count());
        format!("{}{more}", message.chars().take(keep).collect::<String>())
    } else {
        message
    };
    frame.render_widget(
        Paragraph::new(Line::styled(shown, theme.style(Role::Status)).right_aligned()),
        right,
    );
}

/// Draws the key hints of the current mode: as many as fit, in the table's order, with
/// `? help` and `q quit` always there (last) outside text fields. Hints for keys that do
/// nothing here are left out.
pub fn draw_footer(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let pinned = |a: &Action| matches!(a, Action::ToggleHelp | Action::Quit);
    // While a text pane's search is in force its keys come first, and the screen's
    // hints whose key it takes are left out.
    let search: Vec<&crate::tui::keymap::Binding> = if app.text_search_active() {
        app.keymap.bindings(Mode::TextSearch).iter().collect()
    } else {
        Vec::new()
    };
    let taken = |b: &crate::tui::keymap::Binding| {
        b.keys
            .first()
            .is_some_and(|k| search.iter().any(|s| s.keys.contains(k)))
    };
    let screen = app
        .keymap
        .hint_bindings(app.mode())
        .into_iter()
        .filter(|b| !taken(b));
    let all: Vec<_> = search
        .iter()
        .copied()
        .filter(|b| b.hint)
        .chain(screen)
        .filter(|b| app.offers(&b.action))
        .collect();
    let text = |b: &crate::tui::keymap::Binding| {
        format!(
            "{} {}",
            b.keys.first().cloned().unwrap_or_default(),
            b.describe()
        )
    };
    let width = |b: &&crate::tui::keymap::Binding| text(b).chars().count() + 2;
    let mut room = (area.width as usize).saturating_sub(
        all.iter()
            .filter(|b| pinned(&b.action))
            .map(width)
            .sum::<usize>(),
    );
    let mut shown = Vec::new();
    for b in all.iter().filter(|b| !pinned(&b.action)) {
        let w = width(b);
        if w > room {
            break;
        }
        room -= w;
        shown.push(*b);
    }
    shown.extend(all.iter().filter(|b| pinned(&b.action)).copied());
    let mut spans = Vec::new();
    for b in shown {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(
            b.keys.first().cloned().unwrap_or_default(),
            theme.style(Role::Key),
        ));
        spans.push(Span::styled(
            format!(" {}", b.describe()),
            theme.style(Role::Muted),
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
