//! The audit queue: a header with the counts, quick keys, filter and the 2x2 transition
//! table of the current filter, then the pairs (only the rows in view are built).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Wrap};

use crate::tui::app::{App, LoadState};
use crate::tui::layout::frame_areas;
use crate::tui::model::{FlipClass, PairView};
use crate::tui::queue::COLUMNS;
use crate::tui::tagging::suggestion_counts;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::ellipsis::{Cut, fit};
use crate::tui::widgets::table::{DataTable, TableRow, fit_widths};

/// Lines of the queue's header block (borders included).
pub const QUEUE_HEADER: u16 = 5;

/// The queue screen's header and table.
pub fn queue_areas(body: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Length(QUEUE_HEADER), Constraint::Min(3)]).areas(body)
}

/// Rows of the queue table at a terminal size.
pub fn queue_rows(size: (u16, u16)) -> usize {
    let [body, _, _] = frame_areas(Rect::new(0, 0, size.0, size.1));
    let [_, table] = queue_areas(body);
    table.height.saturating_sub(3).max(1) as usize
}

/// The role a flip class is drawn in.
pub fn flip_role(flip: FlipClass) -> Role {
    match flip {
        FlipClass::CW => Role::Loss,
        FlipClass::WC => Role::Gain,
        FlipClass::CC | FlipClass::WW => Role::Stable,
    }
}

/// One pair as a queue row, with the widths its fixed columns are drawn at (text that
/// does not fit is cut with an ellipsis).
struct QueueRow<'a> {
    pair: &'a PairView,
    widths: &'a [u16],
}

impl TableRow for QueueRow<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let p = self.pair;
        let text = |column: usize, s: &str, cut: Cut| fit(s, usize::from(self.widths[column]), cut);
        let category = |column: usize, c: &str, correct: bool| {
            Cell::from(text(column, c, Cut::End)).style(theme.style(if correct {
                Role::Correct
            } else {
                Role::Wrong
            }))
        };
        vec![
            Cell::from(text(0, &p.program, Cut::Middle)),
            Cell::from(text(1, &p.stratum, Cut::Middle)),
            Cell::from(text(2, &p.behavior, Cut::End)),
            Cell::from(text(3, &p.model, Cut::Middle)),
            Cell::from(text(4, &p.variant, Cut::End)),
            Cell::from(p.flip.as_str()).style(theme.style(flip_role(p.flip))),
            category(6, &p.base.category, p.base.correct),
            category(7, &p.trans.category, p.trans.correct),
            Cell::from(p.tags.join(",")).style(theme.style(Role::Muted)),
        ]
    }
}

/// Draws the queue screen into `area`.
pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let [header, table] = queue_areas(area);
    draw_header(app, frame, header);
    if let LoadState::Failed(message) = &app.load {
        let block = Block::bordered().title_top(Line::styled(
            " Cannot load the study ",
            app.theme.style(Role::Error),
        ));
        let text = Paragraph::new(message.as_str())
            .style(app.theme.style(Role::Error))
            .wrap(Wrap { trim: false });
        frame.render_widget(text.block(block), table);
        return;
    }
    let q = &app.queue;
    let rows = DataTable::<QueueRow>::capacity(table);
    let offset = q.offset.min(q.visible.len().saturating_sub(1));
    let fitted = fitted_widths(&q.natural_widths, table.width);
    let window = q
        .visible
        .iter()
        .skip(offset)
        .take(rows)
        .map(|&i| QueueRow {
            pair: &app.study.pairs[i],
            widths: &fitted,
        })
        .collect();
    let mut widths: Vec<Constraint> = fitted.iter().copied().map(Constraint::Length).collect();
    widths.push(Constraint::Fill(1));
    let widget = DataTable {
        block: Block::bordered().title_top(Line::styled(" Pairs ", app.theme.style(Role::Title))),
        header: COLUMNS
            .iter()
            .zip(fitted.iter().chain([&u16::MAX]))
            .map(|(h, &w)| fit(h, usize::from(w), Cut::End))
            .collect(),
        widths,
        rows: window,
        offset,
        selected: (!q.visible.is_empty()).then_some(q.selected),
        total: q.visible.len(),
        theme: &app.theme,
    };
    frame.render_widget(widget, table);
}

/// The tags column keeps at least this many cells; the others fit in what is left.
const TAGS_MIN: u16 = 10;

/// Widths of the queue's fixed columns in a table `width` cells wide (borders, the
/// one-cell column spacing and the tags column's minimum taken off): each at its widest
/// cell when they fit, shrunk evenly from the widest when not. The tags column takes
/// the rest.
fn fitted_widths(natural: &[u16; 8], width: u16) -> Vec<u16> {
    let spacing = COLUMNS.len() as u16 - 1;
    let available = width.saturating_sub(2 + spacing + TAGS_MIN);
    let header: Vec<u16> = COLUMNS[..8].iter().map(|h| h.len() as u16).collect();
    fit_widths(&header, natural, available, 4)
}

fn draw_header(app: &App, frame: &mut Frame, area: Rect) {
    let theme = &app.theme;
    let q = &app.queue;
    let mut block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(" flipscope ", theme.style(Role::Title)));
    if let Some(note) = &app.study.simulated {
        block = block.title_top(Line::styled(format!(" {note} "), theme.style(Role::Error)));
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [left, right] = Layout::horizontal([Constraint::Min(10), Constraint::Length(28)])
        .spacing(1)
        .areas(inner);
    let label = |s: &str| Span::styled(s.to_string(), theme.style(Role::Muted));
    let value = |s: String| Span::styled(s, theme.style(Role::Header));
    let all = |v: &Option<String>| v.clone().unwrap_or_else(|| "all".into());
    let lines = vec![
        counts_line(app),
        Line::from(vec![
            label("flip "),
            value(q.flip.map_or("all".into(), |f| f.to_string())),
            label("  model "),
            value(all(&q.model)),
            label("  variant "),
            value(all(&q.variant)),
        ]),
        Line::from(vec![
            label("filter "),
            if q.filter.is_empty() {
                label("none")
            } else {
                value(q.filter.source().to_string())
            },
            label("  oracle "),
            value(app.oracle.name().to_string()),
            label("  "),
            label(&app.tagging.place),
        ]),
    ];
    frame.render_widget(Paragraph::new(lines), left);
    let t = q.transitions;
    let cell = |flip: FlipClass| {
        vec![
            Span::styled(flip.as_str(), theme.style(flip_role(flip))),
            Span::raw(format!("{:>7}", t[flip as usize])),
        ]
    };
    let row = |head: &str, a: FlipClass, b: FlipClass| {
        let mut spans = vec![label(head)];
        spans.extend(cell(a));
        spans.push(Span::raw("  "));
        spans.extend(cell(b));
        Line::from(spans)
    };
    let table = vec![
        Line::from(label("        trans C    trans W")),
        row("base C  ", FlipClass::CC, FlipClass::CW),
        row("base W  ", FlipClass::WC, FlipClass::WW),
    ];
    frame.render_widget(Paragraph::new(table), right);
}

/// `12 of 40 pairs` (or the sample's progress), then per suggested category how many
/// shown pairs carry its tag: `branch-polarity 2/5` (tagged/suggested).
fn counts_line(app: &App) -> Line<'static> {
    let theme = &app.theme;
    let q = &app.queue;
    let label = |s: String| Span::styled(s, theme.style(Role::Muted));
    let value = |s: String| Span::styled(s, theme.style(Role::Header));
    let mut spans = vec![
        value(format!("{}", q.visible.len())),
        label(format!(" of {} pairs", q.total())),
    ];
    if let Some(progress) = app.sample_progress() {
        spans.push(label("  ".into()));
        spans.push(value(progress));
    }
    let counts = suggestion_counts(&app.study, &q.visible, &app.tagging.taxonomy);
    if !counts.is_empty() {
        spans.push(label("  tagged/suggested".into()));
    }
    for (tag, suggested, tagged) in counts {
        spans.push(label(format!("  {tag} ")));
        spans.push(value(format!("{tagged}/{suggested}")));
    }
    Line::from(spans)
}
