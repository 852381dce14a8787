//! A counterexample as a waveform table: one row per signal (inputs, outputs, the
//! property's sub-expressions, the monitor's verdict rows), one column per cycle. A
//! 1-bit signal is drawn as a level (`▔▔` high, `▁▁` low), a wider one by its value,
//! a value that changed since the previous cycle is marked, and the cycle where the
//! property fails is headed in the loss role. Columns scroll from `first_cycle`; rows
//! from `first_row` ([`WaveScroll`], the one scroll state of every screen's waveform:
//! `j`/`k` the signals, `H`/`L` the cycles). Signal names get the room the cycles
//! leave, cut in the middle with `…` (at the start or end when that is what keeps them
//! apart), and the bottom border says which signals and cycles are shown.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Row, Table, Widget};

use crate::formal::trace::display;
use crate::reproof::{SignalRole, Trace};
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::ellipsis::{Cut, distinct_cut, fit};

/// Where a waveform is scrolled: its first signal row and its first cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaveScroll {
    pub row: usize,
    pub cycle: usize,
}

impl WaveScroll {
    /// `j`/`k` and pages: `delta` signals further, no further than the last signal.
    pub fn move_rows(&mut self, delta: isize, trace: Option<&Trace>) {
        let max = trace.map_or(0, |t| t.signals.len().saturating_sub(1));
        self.row = self.row.min(max).saturating_add_signed(delta).min(max);
    }

    /// `H`/`L`: `delta` cycles further, no further than the last cycle.
    pub fn move_cycles(&mut self, delta: isize, trace: Option<&Trace>) {
        let max = trace.map_or(0, |t| Waveform::cycles(t).saturating_sub(1));
        self.cycle = self.cycle.min(max).saturating_add_signed(delta).min(max);
    }
}

/// The narrowest the signal names' column gets, and the room kept for cycles when the
/// names would take it all.
const MIN_NAME_WIDTH: usize = 5;
const MIN_CYCLES_WIDTH: usize = 18;

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
        let names: Vec<&str> = t.signals.iter().map(|s| s.name.as_str()).collect();
        let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        // The names take what the cycles leave (all the cycles, or MIN_CYCLES_WIDTH).
        let all_cycles: usize = (first..cycles).map(|c| usize::from(col_width(c)) + 1).sum();
        let inner_width = usize::from(area.width.saturating_sub(3));
        let room = inner_width.saturating_sub(all_cycles.min(MIN_CYCLES_WIDTH));
        let name_width = longest.min(room).max(MIN_NAME_WIDTH);
        let cut = distinct_cut(&names, name_width, Cut::Middle);
        let name_width = name_width as u16;
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
                let mut cells = vec![
                    Cell::from(fit(&s.name, usize::from(name_width), cut))
                        .style(theme.style(name_role)),
                ];
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
        // Rows inside the border, below the cycle numbers.
        let rows_shown = usize::from(area.height.saturating_sub(3));
        let signals = t.signals.len();
        let top = self.first_row.min(signals);
        let bottom = (top + rows_shown).min(signals);
        let position = format!(
            " signals {}-{} of {} · cycles {}-{} of {} ",
            (top + 1).min(bottom),
            bottom,
            signals,
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

    fn draw(t: &Trace, width: u16, height: u16, scroll: WaveScroll) -> Vec<String> {
        let theme = Theme::builtin(crate::tui::theme::ThemeKind::Dark);
        let mut term = Terminal::new(TestBackend::new(width, height)).unwrap();
        term.draw(|f| {
            f.render_widget(
                Waveform {
                    trace: t,
                    block: Block::bordered(),
                    first_cycle: scroll.cycle,
                    first_row: scroll.row,
                    theme: &theme,
                },
                f.area(),
            );
        })
        .unwrap();
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| term.backend().buffer()[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn long_names_take_the_room_there_is_and_are_cut_in_the_middle_apart() {
        let mut t = trace();
        let long = |end: &str| format!("controller_state_machine_{end}_registered");
        t.signals[0].name = long("authenticating");
        t.signals[1].name = long("transferring");
        // At 120 columns the 52-character names are whole.
        let wide = draw(&t, 120, 7, WaveScroll::default()).join("\n");
        assert!(wide.contains(&long("authenticating")), "{wide}");
        assert!(wide.contains(&long("transferring")), "{wide}");
        assert!(!wide.contains('…'), "{wide}");
        // At 50 they are cut with an ellipsis, and stay apart.
        let narrow = draw(&t, 50, 7, WaveScroll::default());
        let names: Vec<&str> = narrow[2..4]
            .iter()
            .map(|l| l.trim_start_matches('│').split(' ').next().unwrap())
            .collect();
        assert!(names.iter().all(|n| n.contains('…')), "{narrow:#?}");
        assert_ne!(names[0], names[1], "{narrow:#?}");
        // The cycles keep their room: every cycle of the 3 is shown.
        assert!(narrow[1].contains("2*"), "{narrow:#?}");
    }

    #[test]
    fn the_position_names_the_signals_and_cycles_shown() {
        let t = trace();
        let text = draw(&t, 40, 5, WaveScroll { row: 1, cycle: 1 });
        // Two rows inside the border below the cycle numbers: signals 2-3.
        assert!(text[4].contains("signals 2-3 of 3"), "{text:#?}");
        assert!(text[4].contains("cycles 1-2 of 3"), "{text:#?}");
        assert!(text[2].starts_with("│a "), "{text:#?}");
    }

    #[test]
    fn scrolls_stop_at_the_last_signal_and_cycle() {
        let t = trace();
        let mut s = WaveScroll::default();
        s.move_rows(10, Some(&t));
        s.move_cycles(10, Some(&t));
        assert_eq!(s, WaveScroll { row: 2, cycle: 2 });
        s.move_rows(-1, Some(&t));
        s.move_cycles(-5, Some(&t));
        assert_eq!(s, WaveScroll { row: 1, cycle: 0 });
        s.move_rows(3, None);
        assert_eq!(s.row, 0, "no trace: nothing to scroll");
    }
}
