//! The metrics dashboard: a header (the filter, the bootstrap, whether the figures are
//! up to date), the metrics table of the current filter, and the paper's two figures:
//! a forest plot of the invariance failure with its interval per condition, and the
//! accuracy delta (x) against the invariance failure (y). From 110 columns and 30 rows
//! on the figures sit side by side; below that one shows at a time (Tab switches).
//! Stale figures (another filter, or being recomputed) are dimmed and marked. A
//! whole-module study's family figures (`tui::family::figures`) go above the figures.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::stats::Metric;
use crate::stats::export::table::metrics_table as build_table;
use crate::tui::dashboard::DashboardState;
use crate::tui::dashboard::metrics_table::{MetricsRow, choose, model_text, padded_heading};
use crate::tui::dashboard::{Figure, MetricsView, figures_side_by_side};
use crate::tui::jobs::JobKind;
use crate::tui::shell::{LoadState, Shell};
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::axis::{Axis, LabelFormat};
use crate::tui::widgets::ellipsis::{Cut, fit};
use crate::tui::widgets::forest::{Forest, ForestLayout, ForestRow};
use crate::tui::widgets::scatter::{Scatter, ScatterPoint};
use crate::tui::widgets::table::DataTable;

/// The markers of the models (by their order in the table), shared by the table and
/// both figures.
pub const MARKERS: [&str; 10] = ["●", "■", "▲", "◆", "★", "✚", "○", "□", "△", "◇"];

/// The header, the table and the figures' area for `conditions` rows.
pub fn areas(body: Rect, conditions: usize) -> [Rect; 3] {
    // Borders, two heading lines and the rows, as long as one figure keeps room for
    // every row (title, rows, axis, tick labels); else about half the body.
    let wanted = conditions.max(1) as u16 + 4;
    let rest = body.height.saturating_sub(3);
    let cap = (rest / 2)
        .max(rest.saturating_sub(conditions as u16 + 3))
        .max(6);
    Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(wanted.min(cap)),
        Constraint::Min(0),
    ])
    .areas(body)
}

/// Draws the dashboard into `area`.
pub fn draw(shell: &Shell, d: &DashboardState, frame: &mut Frame, area: Rect) {
    let view = d.shown.as_deref();
    let n = view.map_or(0, |v| v.report.conditions.len());
    let [header, table, figures] = areas(area, n);
    draw_header(shell, d, frame, header);
    let theme = &shell.theme;
    let note = |frame: &mut Frame, text: String, role: Role| {
        let block = section(theme, " Metrics ", Borders::TOP);
        let p = Paragraph::new(text)
            .style(theme.style(role))
            .wrap(Wrap { trim: false });
        frame.render_widget(p.block(block), table);
    };
    match (&shell.load, view) {
        (LoadState::Failed(_), _) => {
            return note(frame, "the study did not load".into(), Role::Error);
        }
        (LoadState::Loading(_), None) => {
            return note(frame, "the study is loading…".into(), Role::Busy);
        }
        _ => {}
    }
    let Some(view) = view else {
        let text = match &d.error {
            Some(e) => e.clone(),
            None if shell.jobs.contains_key(&JobKind::Score) => {
                "waiting for the scoring of the study…".into()
            }
            None => "computing the metrics…".into(),
        };
        return note(frame, text, Role::Busy);
    };
    if view.report.conditions.is_empty() {
        note(
            frame,
            format!(
                "no pairs match the filter `{}`: nothing to count (x clears it, / edits it)",
                view.key.filter
            ),
            Role::Muted,
        );
    } else {
        draw_table(shell, d, view, frame, table);
        // A whole-module study's family figures above the paired ones.
        let rows = crate::tui::family::figures::height(shell, figures.height);
        let [family, paired] =
            Layout::vertical([Constraint::Length(rows), Constraint::Min(0)]).areas(figures);
        if rows > 0 {
            crate::tui::family::figures::draw(shell, frame, family);
        }
        draw_figures(shell, d, view, frame, paired);
    }
    if d.is_stale(shell) {
        let dim = Style::new().add_modifier(Modifier::DIM);
        frame.buffer_mut().set_style(table.union(figures), dim);
    }
}

/// A section: a rule with a title (and a bottom rule for the table).
fn section<'a>(theme: &Theme, title: &'a str, borders: Borders) -> Block<'a> {
    Block::new()
        .borders(borders)
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(title, theme.style(Role::Title)))
}

fn draw_header(shell: &Shell, d: &DashboardState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let label = |s: &str| Span::styled(s.to_string(), theme.style(Role::Muted));
    let value = |s: String| Span::styled(s, theme.style(Role::Header));
    let mut block = section(theme, " flipscope · metrics ", Borders::TOP);
    if let Some(note) = &shell.study.simulated {
        block = block.title_top(Line::styled(format!(" {note} "), theme.style(Role::Error)));
    }
    let filter = d.key(shell.queue).filter;
    let state = if shell.jobs.contains_key(&JobKind::Score) {
        Span::styled(format!("{} scoring…", d.spinner()), theme.style(Role::Busy))
    } else if shell.jobs.contains_key(&JobKind::Metrics) {
        Span::styled(
            format!("{} computing…", d.spinner()),
            theme.style(Role::Busy),
        )
    } else if d.is_stale(shell) {
        Span::styled("stale", theme.style(Role::Busy))
    } else if d.shown.is_some() {
        Span::styled("up to date", theme.style(Role::Ready))
    } else {
        Span::raw("")
    };
    let config = d.config;
    let lines = vec![
        Line::from(vec![
            label("filter "),
            if filter.is_empty() {
                label("none")
            } else {
                value(filter)
            },
            label("  oracle "),
            value(shell.oracle.name().to_string()),
            label("  "),
            state,
        ]),
        Line::from(vec![
            label("bootstrap "),
            value(format!("{} replicates", config.replicates)),
            label(" (programs), seed "),
            value(config.seed.to_string()),
            label(format!(", {} {:.0}%", config.method.as_str(), config.level * 100.0).as_str()),
            label("  export "),
            value(d.format.name().to_string()),
        ]),
    ];
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The marker of each condition's model: models in table order.
fn markers(view: &MetricsView) -> Vec<&'static str> {
    let mut models: Vec<&str> = Vec::new();
    view.report
        .conditions
        .iter()
        .map(|c| {
            let at = match models.iter().position(|m| *m == c.model) {
                Some(at) => at,
                None => {
                    models.push(&c.model);
                    models.len() - 1
                }
            };
            MARKERS[at % MARKERS.len()]
        })
        .collect()
}

fn draw_table(
    shell: &Shell,
    d: &DashboardState,
    view: &MetricsView,
    frame: &mut Frame,
    area: Rect,
) {
    let theme = &shell.theme;
    let table = build_table(&view.report);
    let marks = markers(view);
    let models: Vec<String> = view
        .report
        .conditions
        .iter()
        .zip(&marks)
        .map(|(c, m)| model_text(m, &c.model))
        .collect();
    let layout = choose(&table, &models, area.width);
    let headings: Vec<String> = layout
        .shown
        .iter()
        .map(|s| padded_heading(&table, s))
        .collect();
    let fit = area.height.saturating_sub(4).max(1) as usize;
    let selected = d.selected.min(models.len().saturating_sub(1));
    let offset = selected.saturating_sub(fit - 1);
    let rows = (offset..models.len())
        .take(fit)
        .map(|row| MetricsRow {
            table: &table,
            row,
            layout: &layout,
            model: &models[row],
        })
        .collect();
    let p = &view.report.provenance;
    let title = format!(
        " Metrics · {} pairs, {} programs, {} conditions{} ",
        p.pairs_matched,
        view.programs,
        models.len(),
        match (d.is_stale(shell), view.key.filter.as_str()) {
            (false, _) => String::new(),
            (true, f) if f == d.key(shell.queue).filter => " · stale".to_string(),
            (true, "") => " · stale (computed for no filter)".to_string(),
            (true, f) => format!(" · stale (computed for `{f}`)"),
        }
    );
    let mut block = section(theme, "", Borders::TOP | Borders::BOTTOM)
        .title_top(Line::styled(title, theme.style(Role::Title)));
    if !layout.hidden.is_empty() {
        let hidden = format!(
            " {} more on a wider terminal ({}); e exports them all ",
            layout.hidden.len(),
            layout.hidden.join(", ")
        );
        block = block.title_bottom(Line::styled(hidden, theme.style(Role::Muted)));
    }
    let widget = DataTable {
        block,
        header: headings,
        widths: layout
            .shown
            .iter()
            .map(|s| Constraint::Length(s.width))
            .collect(),
        rows,
        offset,
        selected: Some(selected),
        total: models.len(),
        theme,
    };
    frame.render_widget(widget, area);
}

fn draw_figures(
    shell: &Shell,
    d: &DashboardState,
    view: &MetricsView,
    frame: &mut Frame,
    area: Rect,
) {
    if figures_side_by_side(shell.size) {
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .spacing(1)
                .areas(area);
        draw_forest(
            shell,
            d,
            view,
            frame,
            left,
            " Invariance failure L/B, 95% interval ",
        );
        draw_scatter(
            shell,
            d,
            view,
            frame,
            right,
            " Δ accuracy (x) against invariance failure (y) ",
        );
    } else {
        match d.figure {
            Figure::Forest => draw_forest(
                shell,
                d,
                view,
                frame,
                area,
                " Invariance failure L/B, 95% interval · Tab: scatter ",
            ),
            Figure::Scatter => draw_scatter(
                shell,
                d,
                view,
                frame,
                area,
                " Δ accuracy against invariance failure · Tab: forest ",
            ),
        }
    }
}

fn draw_forest(
    shell: &Shell,
    d: &DashboardState,
    view: &MetricsView,
    frame: &mut Frame,
    area: Rect,
    title: &str,
) {
    let block = section(shell.theme, title, Borders::TOP);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let marks = markers(view);
    let rows: Vec<ForestRow> = view
        .report
        .conditions
        .iter()
        .zip(marks)
        .enumerate()
        .map(|(i, (c, marker))| ForestRow {
            label: format!("{} {}", c.variant, c.model),
            marker,
            estimate: c.value(Metric::InvarianceFailure),
            interval: c.intervals.get(Metric::InvarianceFailure),
            selected: i == d.selected,
        })
        .collect();
    let fit = inner.height.saturating_sub(2).max(1) as usize;
    let offset = d.selected.saturating_sub(fit - 1);
    frame.render_widget(
        Forest {
            rows: &rows,
            offset,
            theme: shell.theme,
        },
        inner,
    );
    // What the figure shows, in the room left under it.
    let longest = rows
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(1);
    let layout = ForestLayout::of(inner, rows.len(), longest);
    let used = (layout.rows.min(rows.len()) as u16) * layout.pitch + 2;
    if inner.height >= used + 3 {
        let caption = format!(
            "{} point estimate (one marker per model), ├─┤ 95% {} interval of {} bootstrap replicates resampling programs; L/B: correct-to-wrong flips among the behaviors correct on the original",
            markers(view).first().copied().unwrap_or("●"),
            view.key.config.method.as_str(),
            view.key.config.replicates,
        );
        let area = Rect {
            y: inner.y + used + 1,
            height: inner.height - used - 1,
            ..inner
        };
        frame.render_widget(
            Paragraph::new(caption)
                .style(shell.theme.style(Role::Muted))
                .wrap(Wrap { trim: true }),
            area,
        );
    }
}

fn draw_scatter(
    shell: &Shell,
    d: &DashboardState,
    view: &MetricsView,
    frame: &mut Frame,
    area: Rect,
    title: &str,
) {
    let block = section(shell.theme, title, Borders::TOP);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let marks = markers(view);
    let points: Vec<ScatterPoint> = view
        .report
        .conditions
        .iter()
        .zip(marks)
        .enumerate()
        .filter_map(|(i, (c, marker))| {
            Some(ScatterPoint {
                x: c.value(Metric::DeltaAcc)?,
                y: c.value(Metric::InvarianceFailure)?,
                marker,
                label: fit(&c.variant, 8, Cut::Middle),
                selected: i == d.selected,
            })
        })
        .collect();
    let reach = points.iter().map(|p| p.x.abs()).fold(0.05, f64::max);
    let x_axis = Axis::nice(-reach, reach, 0.1, LabelFormat::Points);
    let top = points.iter().map(|p| p.y).fold(0.1, f64::max);
    let mut y_axis = Axis::nice(0.0, top, 0.1, LabelFormat::Percent);
    y_axis.max = y_axis.max.min(1.0);
    frame.render_widget(
        Scatter {
            points: &points,
            x_axis,
            y_axis,
            x_title: "Δ accuracy (pts) →",
            y_title: "↑ Inv. failure",
            theme: shell.theme,
        },
        inner,
    );
}
