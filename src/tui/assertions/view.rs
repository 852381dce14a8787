//! The assertions queue: a header with the counts (assertions shown, agreements,
//! disagreements) and the filter, then one row per assertion: design, model, shots,
//! N, JasperGold's status, flipscope's, whether they agree, and the statement.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Wrap};

use crate::reproof::AssertionView;
use crate::tui::assertions::AssertionsState;
use crate::tui::layout::frame_areas;
use crate::tui::shell::Shell;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::ellipsis::{Cut, distinct_cut, fit};
use crate::tui::widgets::table::{DataTable, TableRow, fit_widths};

/// Lines of the header block (borders included).
pub const HEADER: u16 = 4;

/// The column headings.
pub const COLUMNS: [&str; 8] = [
    "design",
    "model",
    "shots",
    "#",
    "jasper",
    "flipscope",
    "agree",
    "assertion",
];

/// The widest the tags column gets (the audit screen shows them whole).
const TAGS_MAX: usize = 24;

/// Rows of the table at a terminal size.
pub fn rows(size: (u16, u16)) -> usize {
    let [body, _, _] = frame_areas(Rect::new(0, 0, size.0, size.1));
    body.height.saturating_sub(HEADER + 3).max(1) as usize
}

/// The role of a verdict word.
pub fn verdict_role(word: &str) -> Role {
    match word {
        "proven" => Role::Correct,
        "cex" => Role::Wrong,
        "error" | "unsupported" => Role::Error,
        _ => Role::Muted,
    }
}

/// The role of an agreement word.
pub fn agree_role(word: &str) -> Role {
    match word {
        "yes" => Role::Gain,
        "no" => Role::Loss,
        _ => Role::Muted,
    }
}

struct AssertionRow<'a> {
    view: &'a AssertionView,
    widths: [u16; 2],
    cuts: [Cut; 2],
    /// The tags (and `✎` for a note), when the tags column is shown.
    tags: Option<String>,
}

impl TableRow for AssertionRow<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let u = &self.view.unit;
        let jasper = u.external_class().to_string();
        let flip = self.view.flipscope().to_string();
        let agree = self.view.agree().to_string();
        let text: String = u.text.split_whitespace().collect::<Vec<_>>().join(" ");
        vec![
            Cell::from(fit(&u.program, usize::from(self.widths[0]), self.cuts[0])),
            Cell::from(fit(&u.model, usize::from(self.widths[1]), self.cuts[1])),
            Cell::from(u.shots.map(|k| k.to_string()).unwrap_or_default()),
            Cell::from(u.index.to_string()),
            Cell::from(jasper.clone()).style(theme.style(verdict_role(&jasper))),
            Cell::from(flip.clone()).style(theme.style(verdict_role(&flip))),
            Cell::from(agree.clone()).style(theme.style(agree_role(&agree))),
        ]
        .into_iter()
        .chain(
            self.tags
                .as_ref()
                .map(|t| Cell::from(t.clone()).style(theme.style(Role::Key))),
        )
        .chain(std::iter::once(Cell::from(text)))
        .collect()
    }
}

/// The short columns' widths (shots, N, the two verdicts, agree) and the spaces
/// between the eight columns.
const FIXED: u16 = 5 + 3 + 6 + 11 + 5 + 7;

/// The design and model columns' widths in a table `width` cells wide: their widest
/// cells when they fit, shrunk (widest first) so that the assertion statement, the
/// column that says most, keeps at least a quarter of the row (and 16 cells).
fn budget(s: &AssertionsState, width: u16) -> [u16; 2] {
    let widest = |f: &dyn Fn(&AssertionView) -> usize| {
        s.visible
            .iter()
            .map(|&i| f(&s.study.views[i]))
            .max()
            .unwrap_or(0)
            .min(usize::from(u16::MAX)) as u16
    };
    let natural = [
        widest(&|v| v.unit.program.chars().count()),
        widest(&|v| v.unit.model.chars().count()),
    ];
    let inner = width.saturating_sub(2);
    let statement = (inner / 4).max(16);
    let available = inner.saturating_sub(FIXED + statement);
    let w = fit_widths(&[6, 5], &natural, available, 4);
    [w[0], w[1]]
}

/// The distinct values of a column, sorted.
fn unique(mut v: Vec<&str>) -> Vec<&str> {
    v.sort_unstable();
    v.dedup();
    v
}

/// The cuts that keep the shown designs and models distinct at `widths`.
fn cuts(s: &AssertionsState, widths: [u16; 2]) -> [Cut; 2] {
    let designs: Vec<&str> = s
        .visible
        .iter()
        .map(|&i| s.study.views[i].unit.program.as_str())
        .collect();
    let models: Vec<&str> = s
        .visible
        .iter()
        .map(|&i| s.study.views[i].unit.model.as_str())
        .collect();
    [
        distinct_cut(&unique(designs), usize::from(widths[0]), Cut::Middle),
        distinct_cut(&unique(models), usize::from(widths[1]), Cut::Path),
    ]
}

/// Draws the queue into `area`.
pub fn draw(shell: &Shell, s: &AssertionsState, frame: &mut Frame, area: Rect) {
    let [header, table] =
        Layout::vertical([Constraint::Length(HEADER), Constraint::Min(3)]).areas(area);
    let theme = &shell.theme;
    let [agree, disagree, other] = s.agreement;
    let mut lines = vec![Line::from(vec![
        Span::styled(
            format!("{} assertions", s.visible.len()),
            theme.style(Role::Title),
        ),
        Span::raw(format!(" of {}   ", s.study.views.len())),
        Span::styled(format!("agree {agree}"), theme.style(Role::Gain)),
        Span::raw("   "),
        Span::styled(format!("disagree {disagree}"), theme.style(Role::Loss)),
        Span::raw(format!("   not compared {other}")),
    ])];
    let filter = if s.filter.is_empty() {
        "(none: / to filter)".to_string()
    } else {
        s.filter.source().to_string()
    };
    lines.push(Line::from(vec![
        Span::styled("filter ", theme.style(Role::Muted)),
        Span::raw(filter),
    ]));
    if let Some(note) = &s.study.note {
        lines[1]
            .spans
            .push(Span::styled(format!("   {note}"), theme.style(Role::Muted)));
    }
    let block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(
            " Assertions: JasperGold and flipscope ",
            theme.style(Role::Title),
        ));
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        header,
    );
    if s.metrics {
        super::metrics_view::draw(shell, s, frame, table);
        return;
    }
    let capacity = DataTable::<AssertionRow>::capacity(table);
    let offset = s.offset.min(s.visible.len().saturating_sub(1));
    let shown: Vec<usize> = s
        .visible
        .iter()
        .skip(offset)
        .take(capacity)
        .copied()
        .collect();
    // The tags column, only while a shown assertion has a tag or a note.
    let marks: Vec<String> = shown
        .iter()
        .map(|&i| {
            let mut t = super::tagging::tags_of(shell, s, i).join(",");
            if super::tagging::note_of(shell, s, i).is_some() {
                t.push_str(if t.is_empty() { "✎" } else { " ✎" });
            }
            t
        })
        .collect();
    let tags_w = marks
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0)
        .min(TAGS_MAX) as u16;
    let with_tags = tags_w > 0;
    let tags_w = tags_w.max(4);
    let widths = budget(
        s,
        table
            .width
            .saturating_sub(if with_tags { tags_w + 1 } else { 0 }),
    );
    let [design_w, model_w] = widths;
    let cuts = cuts(s, widths);
    let window = shown
        .iter()
        .zip(marks)
        .map(|(&i, t)| AssertionRow {
            view: &s.study.views[i],
            widths,
            cuts,
            tags: with_tags.then(|| fit(&t, usize::from(tags_w), Cut::End)),
        })
        .collect();
    let mut constraints = vec![
        Constraint::Length(design_w),
        Constraint::Length(model_w),
        Constraint::Length(5),
        Constraint::Length(3),
        Constraint::Length(6),
        Constraint::Length(11),
        Constraint::Length(5),
    ];
    let mut header: Vec<String> = COLUMNS[..7].iter().map(|c| c.to_string()).collect();
    if with_tags {
        constraints.push(Constraint::Length(tags_w));
        header.push("tags".into());
    }
    constraints.push(Constraint::Fill(1));
    header.push(COLUMNS[7].to_string());
    let sorted = match s.sort {
        Some(c) => format!(
            " Assertions · sorted by {} {} ",
            COLUMNS[c],
            if s.descending { "▼" } else { "▲" }
        ),
        None => " Assertions ".to_string(),
    };
    let widget = DataTable {
        block: Block::bordered().title_top(Line::styled(sorted, theme.style(Role::Title))),
        header,
        widths: constraints,
        rows: window,
        offset,
        selected: (!s.visible.is_empty()).then_some(s.selected),
        total: s.visible.len(),
        theme,
    };
    frame.render_widget(widget, table);
}
