//! A counterexample as a waveform table: one row per signal (inputs, outputs, the
//! property's sub-expressions, the monitor's verdict rows), one column per cycle. A
//! 1-bit signal is drawn as a level (`▔▔` high, `▁▁` low), a wider one by its value,
//! a value that changed since the previous cycle is marked, and the cycle where the
//! property fails is headed in the loss role. Columns scroll from `first_cycle`; rows
//! from `first_row`.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Row, Table, Widget};

use crate::formal::trace::display;
use crate::reproof::{SignalRole, Trace};
use crate::tui::theme::{Role, Theme};

/// The waveform of one counterexample.
pub struct Waveform<'a> {
    pub trace: &'a Trace,
    pub block: Block<'a>,
    /// The first cycle shown (scrolled right).
    pub first_cycle: usize,
    /// The first signal shown (scrolled down).
    pub first_row: usize,
    pub theme: &'a Theme,
}

/// A cell's text: a level for one bit, the value otherwise.
pub fn cell_text(width: usize, value: &str) -> String {
    if width == 1 {
        match value {
            "1" => "▔▔".into(),
            "0" => "▁▁".into(),
            other => other.to_string(),
        }
    } else {
        display(value)
    }
}

impl Waveform<'_> {
    /// The cycles of the trace (from 0 to the failing one).
    pub fn cycles(trace: &Trace) -> usize {
        trace
            .signals
            .iter()
            .map(|s| s.values.len())
            .max()
            .unwrap_or(0)
            .max(trace.fail_cycle + 1)
    }
}

impl Widget for Waveform<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let t = self.trace;
        let cycles = Self::cycles(t);
        let first = self.first_cycle.min(cycles.saturating_sub(1));
        let name_width = t
            .signals
            .iter()
            .map(|s| s.name.chars().count())
            .max()
            .unwrap_or(5)
            .clamp(5, 28) as u16;
        let texts: Vec<Vec<String>> = t
            .signals
            .iter()
            .map(|s| s.values.iter().map(|v| cell_text(s.width, v)).collect())
            .collect();
        let col_width = |c: usize| {
            let header = if c == t.fail_cycle {
                format!("{c}*")
            } else {
                c.to_string()
            };
            texts
                .iter()
                .filter_map(|r| r.get(c))
                .map(|v| v.chars().count())
                .chain([header.chars().count()])
                .max()
                .unwrap_or(1) as u16
        };
        // As many cycles as fit after the names.
        let inner = area.width.saturating_sub(2 + name_width + 1);
        let mut shown = Vec::new();
        let mut used = 0u16;
        for c in first..cycles {
            let w = col_width(c);
            if used + w + 1 > inner && !shown.is_empty() {
                break;
            }
            used += w + 1;
            shown.push((c, w));
        }
        let mut header = vec![Cell::from("cycle").style(theme.style(Role::Header))];
        header.extend(shown.iter().map(|&(c, _)| {
            if c == t.fail_cycle {
                Cell::from(format!("{c}*")).style(theme.style(Role::Loss))
            } else {
                Cell::from(c.to_string()).style(theme.style(Role::Header))
            }
        }));
        let rows: Vec<Row> = t
            .signals
            .iter()
            .zip(&texts)
            .skip(self.first_row)
            .map(|(s, values)| {
                let name_role = match s.role {
                    SignalRole::Input => Role::Normal,
                    SignalRole::Output => Role::Keyword,
                    SignalRole::Expression => Role::Muted,
                    SignalRole::Monitor => Role::Loss,
                };
                let mut cells = vec![Cell::from(s.name.clone()).style(theme.style(name_role))];
                for &(c, _) in &shown {
                    let v = values.get(c).cloned().unwrap_or_default();
                    let changed = c > 0 && s.values.get(c) != s.values.get(c - 1);
                    let role = if s.role == SignalRole::Monitor
                        && s.values.get(c).is_some_and(|v| v == "1")
                    {
                        Role::Loss
                    } else if changed {
                        Role::Differs
                    } else {
                        Role::Normal
                    };
                    cells.push(Cell::from(v).style(theme.style(role)));
                }
                Row::new(cells)
            })
            .collect();
        let mut widths = vec![Constraint::Length(name_width)];
        widths.extend(shown.iter().map(|&(_, w)| Constraint::Length(w)));
        let position = format!(
            " cycles {}-{} of {} ",
            first,
            shown.last().map_or(first, |&(c, _)| c),
            cycles
        );
        let block = self
            .block
            .border_style(theme.style(Role::Border))
            .title_bottom(Line::styled(position, theme.style(Role::Muted)).right_aligned());
        Table::new(rows, widths)
            .header(Row::new(header))
            .column_spacing(1)
            .block(block)
            .render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproof::TraceSignal;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn trace() -> Trace {
        let s = |name: &str, role, width, values: &[&str]| TraceSignal {
            name: name.into(),
            role,
            width,
            values: values.iter().map(|v| v.to_string()).collect(),
        };
        Trace {
            fail_cycle: 2,
            signals: vec![
                s("valid", SignalRole::Input, 1, &["0", "1", "1"]),
                s(
                    "a",
                    SignalRole::Input,
                    8,
                    &["00000000", "01000000", "01000000"],
                ),
                s("[property fails]", SignalRole::Monitor, 1, &["0", "0", "1"]),
            ],
        }
    }

    #[test]
    fn levels_values_and_the_failing_cycle() {
        assert_eq!(cell_text(1, "1"), "▔▔");
        assert_eq!(cell_text(1, "0"), "▁▁");
        assert_eq!(cell_text(8, "01000000"), "64");
        let theme = Theme::builtin(crate::tui::theme::ThemeKind::Dark);
        let mut term = Terminal::new(TestBackend::new(40, 7)).unwrap();
        let t = trace();
        term.draw(|f| {
            f.render_widget(
                Waveform {
                    trace: &t,
                    block: Block::bordered(),
                    first_cycle: 0,
                    first_row: 0,
                    theme: &theme,
                },
                f.area(),
            );
        })
        .unwrap();
        let text: Vec<String> = (0..7)
            .map(|y| {
                (0..40)
                    .map(|x| term.backend().buffer()[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect();
        assert!(
            text[1].contains("cycle") && text[1].contains("2*"),
            "{text:#?}"
        );
        assert!(
            text[2].contains("valid") && text[2].contains("▁▁ ▔▔ ▔▔"),
            "{text:#?}"
        );
        assert!(text[3].contains("a") && text[3].contains("64"), "{text:#?}");
        let x = (0..40u16)
            .find(|&x| {
                term.backend().buffer()[(x, 1)].symbol() == "2"
                    && term.backend().buffer()[(x + 1, 1)].symbol() == "*"
            })
            .unwrap();
        let fail = term.backend().buffer()[(x, 1)].style();
        assert_eq!(fail.fg, theme.style(Role::Loss).fg);
        assert!(text[6].contains("cycles 0-2 of 3"), "{text:#?}");
    }
}
