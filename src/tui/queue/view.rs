//! The audit queue: a header with the counts, quick keys, filter and the 2x2 transition
//! table of the current filter, then the pairs (only the rows in view are built).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Wrap};

use crate::tui::layout::frame_areas;
use crate::tui::model::{FlipClass, PairView};
use crate::tui::queue::COLUMNS;
use crate::tui::shell::{LoadState, Shell};
use crate::tui::tagging::suggestion_counts;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::ellipsis::{Cut, distinct_cut, fit};
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

/// One pair as a queue row, with the widths its fixed columns are drawn at and how
/// each text column is cut (text that does not fit is cut with an ellipsis, so that no
/// two values of a column look the same).
struct QueueRow<'a> {
    pair: &'a PairView,
    widths: &'a [u16],
    cuts: &'a [Cut; 5],
    tags_width: usize,
    marked: bool,
    noted: bool,
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
        let marks = format!(
            "{}{}",
            if self.marked { MARK } else { ' ' },
            if self.noted { NOTE } else { ' ' }
        );
        vec![
            Cell::from(marks).style(theme.style(Role::Key)),
            Cell::from(text(0, &p.program, self.cuts[0])),
            Cell::from(text(1, &p.stratum, self.cuts[1])),
            Cell::from(text(2, &p.behavior, self.cuts[2])),
            Cell::from(text(3, &p.model, self.cuts[3])),
            Cell::from(text(4, &p.variant, self.cuts[4])),
            Cell::from(p.flip.as_str()).style(theme.style(flip_role(p.flip))),
            category(6, &p.base.category, p.base.correct),
            category(7, &p.trans.category, p.trans.correct),
            Cell::from(fit_tags(&p.tags, self.tags_width)).style(theme.style(Role::Muted)),
        ]
    }
}

/// The mark of a marked pair (Space) and of a pair with a note.
pub const MARK: char = '●';
pub const NOTE: char = '✎';

/// Every tag when they fit in `width`; else each cut to the same length, else as many
/// as fit and how many more (`branch-pol…,+2`).
pub fn fit_tags(tags: &[String], width: usize) -> String {
    let all = tags.join(",");
    if all.chars().count() <= width || tags.is_empty() {
        return fit(&all, width, Cut::End);
    }
    let longest = tags.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    for keep in (4..longest).rev() {
        let cut: Vec<String> = tags.iter().map(|t| fit(t, keep, Cut::End)).collect();
        let joined = cut.join(",");
        if joined.chars().count() <= width {
            return joined;
        }
    }
    for shown in (1..tags.len()).rev() {
        let more = format!(",+{}", tags.len() - shown);
        let room = width.saturating_sub(more.chars().count());
        let head = tags[..shown].join(",");
        if head.chars().count() <= room {
            return format!("{head}{more}");
        }
        if shown == 1 && room >= 2 {
            return format!("{}{more}", fit(&head, room, Cut::End));
        }
    }
    fit(&format!("+{}", tags.len()), width, Cut::End)
}

/// The cuts of the program, stratum, behavior, model and variant columns at `widths`.
fn column_cuts(q: &crate::tui::queue::Queue, widths: &[u16]) -> [Cut; 5] {
    const PREFERRED: [Cut; 5] = [Cut::Middle, Cut::Middle, Cut::End, Cut::Path, Cut::End];
    std::array::from_fn(|c| distinct_cut(&q.distinct[c], usize::from(widths[c]), PREFERRED[c]))
}

/// Draws the queue screen into `area`.
pub fn draw(shell: &Shell, frame: &mut Frame, area: Rect) {
    let [header, table] = queue_areas(area);
    draw_header(shell, frame, header);
    if let LoadState::Failed(message) = &shell.load {
        let block = Block::bordered().title_top(Line::styled(
            " Cannot load the study ",
            shell.theme.style(Role::Error),
        ));
        let text = Paragraph::new(message.as_str())
            .style(shell.theme.style(Role::Error))
            .wrap(Wrap { trim: false });
        frame.render_widget(text.block(block), table);
        return;
    }
    let q = &shell.queue;
    if q.visible.is_empty() && *shell.load == LoadState::Ready && q.total() > 0 {
        draw_empty(shell, frame, table);
        return;
    }
    let rows = DataTable::<QueueRow>::capacity(table);
    let offset = q.offset.min(q.visible.len().saturating_sub(1));
    // A family pair's behavior reads `sound` on every row: the column is left out.
    // Until a pair is tagged the tags column needs only its heading's room.
    let tagged = shell.study.pairs.iter().any(|p| !p.tags.is_empty());
    let tags_min = if tagged { TAGS_MIN } else { TAGS_HEADING };
    let fitted = fitted_widths(
        &q.natural_widths,
        table.width,
        shell.family.is_some(),
        tags_min,
    );
    let cuts = column_cuts(q, &fitted);
    let used: u16 = fitted.iter().sum::<u16>() + MARKS_WIDTH + COLUMNS.len() as u16 + 2;
    let tags_width = table.width.saturating_sub(used) as usize;
    let window = q
        .visible
        .iter()
        .skip(offset)
        .take(rows)
        .map(|&i| QueueRow {
            pair: &shell.study.pairs[i],
            widths: &fitted,
            cuts: &cuts,
            tags_width,
            marked: q.marked.contains(&i),
            noted: shell.note_of(i).is_some(),
        })
        .collect();
    let mut widths = vec![Constraint::Length(MARKS_WIDTH)];
    widths.extend(fitted.iter().copied().map(Constraint::Length));
    widths.push(Constraint::Fill(1));
    let arrow = if q.descending { '▼' } else { '▲' };
    let mut header = vec![String::new()];
    header.extend(
        COLUMNS
            .iter()
            .zip(fitted.iter().chain([&u16::MAX]))
            .enumerate()
            .map(|(c, (h, &w))| {
                let h = if q.sort == Some(c) {
                    format!("{h}{arrow}")
                } else {
                    h.to_string()
                };
                fit(&h, usize::from(w), Cut::End)
            }),
    );
    let widget = DataTable {
        block: Block::bordered().title_top(Line::styled(" Pairs ", shell.theme.style(Role::Title))),
        header,
        widths,
        rows: window,
        offset,
        selected: (!q.visible.is_empty()).then_some(q.selected),
        total: q.visible.len(),
        theme: shell.theme,
    };
    frame.render_widget(widget, table);
}

/// An empty queue says which selection matches nothing, and how to widen it.
fn draw_empty(shell: &Shell, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let selection = shell.queue.selection_text();
    let sample = if shell.queue.only.is_some() {
        " in the audit sample"
    } else {
        ""
    };
    let lines = vec![
        Line::from(vec![
            Span::styled("no pairs match ", theme.style(Role::Header)),
            Span::styled(format!("`{selection}`"), theme.style(Role::Key)),
            Span::styled(sample, theme.style(Role::Header)),
        ]),
        Line::styled(
            "x shows all pairs, / edits the filter, c m v change the quick keys",
            theme.style(Role::Muted),
        ),
    ];
    let block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(" Pairs ", theme.style(Role::Title)));
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        area,
    );
}

/// The tags column keeps at least this many cells once a pair is tagged (before, its
/// heading's); the others fit in what is left.
const TAGS_MIN: u16 = 10;
const TAGS_HEADING: u16 = 4;

/// The column of marks (Space) and notes.
const MARKS_WIDTH: u16 = 2;

/// Widths of the queue's fixed columns in a table `width` cells wide (borders, the
/// marks column, the one-cell column spacing and the tags column's minimum taken off):
/// each at its widest cell when they fit, shrunk evenly from the widest when not. The
/// tags column takes the rest.
fn fitted_widths(
    natural: &[u16; 8],
    width: u16,
    without_behavior: bool,
    tags_min: u16,
) -> Vec<u16> {
    let spacing = COLUMNS.len() as u16;
    let available = width.saturating_sub(2 + spacing + tags_min + MARKS_WIDTH);
    let mut header: Vec<u16> = COLUMNS[..8].iter().map(|h| h.len() as u16).collect();
    let mut natural = *natural;
    if without_behavior {
        (header[BEHAVIOR], natural[BEHAVIOR]) = (0, 0);
    }
    fit_widths(&header, &natural, available, 4)
}

/// The behavior column's place in [`COLUMNS`].
const BEHAVIOR: usize = 2;

fn draw_header(shell: &Shell, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let q = &shell.queue;
    let mut block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(" flipscope ", theme.style(Role::Title)));
    if let Some(note) = &shell.study.simulated {
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
        counts_line(shell),
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
            // Family pairs are judged by proof, not against an oracle.
            label(if shell.family.is_some() {
                "  judged by proof"
            } else {
                "  oracle "
            }),
            value(if shell.family.is_some() {
                String::new()
            } else {
                shell.oracle.name().to_string()
            }),
            label("  "),
            label(&shell.tagging.place),
        ]),
    ];
    let mut lines = lines;
    if let Some(c) = q
        .sort
        .map(|c| COLUMNS[c])
        .or(q.descending.then_some("default order"))
    {
        let arrow = if q.descending { "▼" } else { "▲" };
        lines[1].spans.push(label("  sort "));
        lines[1].spans.push(value(format!("{c} {arrow}")));
    }
    if !q.marked.is_empty() {
        lines[0]
            .spans
            .insert(2, value(format!("  {} marked", q.marked.len())));
    }
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
fn counts_line(shell: &Shell) -> Line<'static> {
    let theme = &shell.theme;
    let q = &shell.queue;
    let label = |s: String| Span::styled(s, theme.style(Role::Muted));
    let value = |s: String| Span::styled(s, theme.style(Role::Header));
    let mut spans = vec![
        value(format!("{}", q.visible.len())),
        label(format!(" of {} pairs", q.total())),
    ];
    if let Some(progress) = shell.sample_progress() {
        spans.push(label("  ".into()));
        spans.push(value(progress));
    }
    let counts = suggestion_counts(shell.study, &q.visible, &shell.tagging.taxonomy);
    if !counts.is_empty() {
        spans.push(label("  tagged/suggested".into()));
    }
    for (tag, suggested, tagged) in counts {
        spans.push(label(format!("  {tag} ")));
        spans.push(value(format!("{tagged}/{suggested}")));
    }
    Line::from(spans)
}
