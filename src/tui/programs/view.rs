//! The programs screen: the list of programs (how many of their generations are there,
//! truncated or failed) on the left; on the right the selected program's generations
//! per variant and model (or, in a study with none yet, how to make them), the RTL of
//! the variant shown, and its assignment behaviors with their path conditions.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Wrap};

use crate::tui::layout::frame_areas;
use crate::tui::model::catalog::{GenerationState, ProgramEntry};
use crate::tui::programs::ProgramsState;
use crate::tui::shell::Shell;
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::code::code_lines;
use crate::tui::widgets::ellipsis::{Cut, fit};
use crate::tui::widgets::table::{DataTable, TableRow};

/// The list and the detail side of the body.
fn areas(body: Rect) -> [Rect; 2] {
    let list = (body.width * 36 / 100).max(28).min(body.width);
    Layout::horizontal([Constraint::Length(list), Constraint::Min(0)]).areas(body)
}

/// Rows of the program list at a terminal size.
pub fn program_rows(size: (u16, u16)) -> usize {
    let [body, _, _] = frame_areas(Rect::new(0, 0, size.0, size.1));
    let [list, _] = areas(body);
    DataTable::<ProgramRow>::capacity(list).max(1)
}

/// A generation's state as a short cell: a mark and a word, and its role.
pub fn state_cell(state: Option<&GenerationState>) -> (String, Role) {
    match state {
        None => ("· missing".into(), Role::Muted),
        Some(GenerationState::Done { tokens, .. }) => (
            match tokens {
                Some(n) => format!("✓ {n} tok"),
                None => "✓ generated".into(),
            },
            Role::Correct,
        ),
        Some(GenerationState::Truncated { tokens, .. }) => (
            match tokens {
                Some(n) => format!("✂ truncated {n}"),
                None => "✂ truncated".into(),
            },
            Role::Differs,
        ),
        Some(GenerationState::Failed { kind, .. }) => (format!("✗ failed {kind}"), Role::Error),
    }
}

struct ProgramRow<'a> {
    program: &'a ProgramEntry,
    models: usize,
}

impl TableRow for ProgramRow<'_> {
    fn cells(&self, theme: &Theme) -> Vec<Cell<'static>> {
        let p = self.program;
        let (done, all) = p.generated(self.models);
        let (truncated, failed) = p.troubles();
        let mut flags = Vec::new();
        if truncated > 0 {
            flags.push(Span::styled(
                format!("✂{truncated} "),
                theme.style(Role::Differs),
            ));
        }
        if failed > 0 {
            flags.push(Span::styled(format!("✗{failed}"), theme.style(Role::Error)));
        }
        let generated = if self.models == 0 {
            Cell::from("-").style(theme.style(Role::Muted))
        } else {
            Cell::from(format!("{done}/{all}")).style(theme.style(if done == all {
                Role::Correct
            } else {
                Role::Normal
            }))
        };
        vec![
            Cell::from(p.id.clone()),
            Cell::from(p.stratum.clone()).style(theme.style(Role::Muted)),
            generated,
            Cell::from(Line::from(flags)),
        ]
    }
}

/// Draws the programs screen into `area`.
pub fn draw(shell: &Shell, state: &ProgramsState, frame: &mut Frame, area: Rect) {
    let [list, detail] = areas(area);
    draw_list(shell, state, frame, list);
    let Some(program) = state.program() else {
        return;
    };
    let generations_height = if state.catalog.is_ungenerated() {
        UNGENERATED_LINES + 2
    } else {
        program.variants.len() as u16 + 3
    };
    let behaviors = program.behaviors.as_ref().map_or(1, Vec::len) as u16;
    let [generations, rtl, behavior_area] = Layout::vertical([
        Constraint::Length(generations_height.min(detail.height / 2)),
        Constraint::Min(4),
        Constraint::Length((behaviors + 2).min(detail.height / 3).max(3)),
    ])
    .areas(detail);
    draw_generations(shell, state, program, frame, generations);
    draw_rtl(shell, state, program, frame, rtl);
    draw_behaviors(shell, program, frame, behavior_area);
}

fn draw_list(shell: &Shell, state: &ProgramsState, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let programs = &state.catalog.programs;
    let rows = DataTable::<ProgramRow>::capacity(area);
    let models = state.catalog.models.len();
    let shown = programs
        .iter()
        .skip(state.offset)
        .take(rows)
        .map(|program| ProgramRow { program, models })
        .collect();
    let id_width = programs
        .iter()
        .map(|p| p.id.chars().count())
        .max()
        .unwrap_or(7);
    let table = DataTable {
        block: Block::bordered().title_top(Line::styled(" Programs ", theme.style(Role::Title))),
        header: vec![
            "program".into(),
            "stratum".into(),
            "gen".into(),
            String::new(),
        ],
        widths: vec![
            Constraint::Length(id_width.clamp(7, 24) as u16),
            Constraint::Min(5),
            Constraint::Length(5),
            Constraint::Length(6),
        ],
        rows: shown,
        offset: state.offset,
        selected: Some(state.selected),
        total: programs.len(),
        theme,
    };
    frame.render_widget(table, area);
}

/// Lines of the how-to-generate note (each fits the detail side at 80 columns).
const UNGENERATED_LINES: u16 = 7;

/// The generations of the selected program, variant by model; or how to make them.
fn draw_generations(
    shell: &Shell,
    state: &ProgramsState,
    program: &ProgramEntry,
    frame: &mut Frame,
    area: Rect,
) {
    let theme = &shell.theme;
    let catalog = &state.catalog;
    let title = Line::styled(" Generations ", theme.style(Role::Title));
    if catalog.is_ungenerated() {
        let study = shell
            .study_dir
            .map_or("STUDY".to_string(), |d| d.display().to_string());
        let lines = vec![
            Line::styled(
                "No generations yet. Make them with:",
                theme.style(Role::Header),
            ),
            Line::styled(
                format!("  flipscope generate {study}"),
                theme.style(Role::Key),
            ),
            Line::styled("      --endpoint URL --model NAME", theme.style(Role::Key)),
            Line::raw("(any OpenAI-compatible server: vLLM, llama.cpp,"),
            Line::raw("Ollama's /v1, mlx_lm.server, LM Studio), then open"),
            Line::raw("the study again: it is scored as it loads."),
            Line::styled("See docs/generate.md.", theme.style(Role::Muted)),
        ];
        debug_assert_eq!(lines.len(), usize::from(UNGENERATED_LINES));
        frame.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: false }).block(
                Block::bordered()
                    .border_style(theme.style(Role::Border))
                    .title_top(title),
            ),
            area,
        );
        return;
    }
    let shown = state.variant_name();
    let cell_width = (area.width.saturating_sub(12) / catalog.models.len().max(1) as u16).max(6);
    let mut lines = vec![Line::from(
        std::iter::once(Span::styled(
            format!("{:<10}", "variant"),
            theme.style(Role::Header),
        ))
        .chain(catalog.models.iter().map(|m| {
            Span::styled(
                format!(
                    " {:<w$}",
                    fit(m, usize::from(cell_width) - 1, Cut::Middle),
                    w = usize::from(cell_width) - 1
                ),
                theme.style(Role::Header),
            )
        }))
        .collect::<Vec<_>>(),
    )];
    for variant in &program.variants {
        let mut spans = vec![Span::styled(
            format!("{:<10}", fit(variant, 10, Cut::End)),
            theme.style(if Some(variant.as_str()) == shown {
                Role::Selected
            } else {
                Role::Normal
            }),
        )];
        for model in &catalog.models {
            let (text, role) = state_cell(program.state(variant, model));
            let w = usize::from(cell_width) - 1;
            spans.push(Span::styled(
                format!(" {:<w$}", fit(&text, w, Cut::End)),
                theme.style(role),
            ));
        }
        lines.push(Line::from(spans));
    }
    let mut block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(title);
    if let Some(note) = &catalog.failures_note {
        block = block.title_bottom(Line::styled(format!(" {note} "), theme.style(Role::Error)));
    } else if let Some(message) = failure_message(state, program) {
        block = block.title_bottom(Line::styled(
            format!(" {message} "),
            theme.style(Role::Error),
        ));
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The first failure's message of the variant shown, for the block's bottom line.
fn failure_message(state: &ProgramsState, program: &ProgramEntry) -> Option<String> {
    let variant = state.variant_name()?;
    state
        .catalog
        .models
        .iter()
        .find_map(|m| match program.state(variant, m) {
            Some(GenerationState::Failed { message, .. }) => Some(format!("{m}: {message}")),
            _ => None,
        })
}

/// The RTL of the variant shown (a renamed variant as the model sees it).
fn draw_rtl(
    shell: &Shell,
    state: &ProgramsState,
    program: &ProgramEntry,
    frame: &mut Frame,
    area: Rect,
) {
    let theme = &shell.theme;
    let variant = state.variant_name().unwrap_or("original");
    let view = shell.study.programs.get(&program.id);
    let (text, renamed) = match view {
        Some(p) if variant == "original" => (p.rtl.as_str(), false),
        Some(p) => p
            .variants
            .get(variant)
            .map_or(("", false), |v| (v.rtl.as_str(), !v.rename.is_empty())),
        None => ("", false),
    };
    let mut title = vec![Span::styled(
        format!(" RTL {variant} "),
        theme.style(Role::Title),
    )];
    if renamed {
        title.push(Span::styled(
            "(renamed: prompted so) ",
            theme.style(Role::Muted),
        ));
    }
    let count = program.variants.len();
    let position = program
        .variants
        .iter()
        .position(|v| v == variant)
        .map_or(0, |i| i + 1);
    let block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::from(title))
        .title_bottom(
            Line::styled(
                format!(" variant {position}/{count} (Tab) "),
                theme.style(Role::Muted),
            )
            .right_aligned(),
        );
    frame.render_widget(
        Paragraph::new(code_lines(text, None, &[], true, theme)).block(block),
        area,
    );
}

/// The program's assignment behaviors with their path conditions.
fn draw_behaviors(shell: &Shell, program: &ProgramEntry, frame: &mut Frame, area: Rect) {
    let theme = &shell.theme;
    let (lines, count): (Vec<Line>, String) = match &program.behaviors {
        _ if program.module => (
            vec![Line::styled(
                "a whole-module program: its properties are judged by proof, not by behaviors",
                theme.style(Role::Muted),
            )],
            String::new(),
        ),
        Ok(behaviors) => {
            let width = behaviors
                .iter()
                .map(|b| b.id.chars().count())
                .max()
                .unwrap_or(0)
                .min(32);
            (
                behaviors
                    .iter()
                    .map(|b| {
                        Line::from(vec![
                            Span::styled(
                                format!("{:<width$}  ", fit(&b.id, width, Cut::Middle)),
                                theme.style(Role::Header),
                            ),
                            Span::raw(b.condition.clone()),
                        ])
                    })
                    .collect(),
                format!(" ({})", behaviors.len()),
            )
        }
        Err(e) => (
            vec![Line::styled(e.clone(), theme.style(Role::Error))],
            String::new(),
        ),
    };
    let block = Block::bordered()
        .border_style(theme.style(Role::Border))
        .title_top(Line::styled(
            format!(" Behaviors{count} "),
            theme.style(Role::Title),
        ));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
