//! The dashboard's metrics table: the columns and cells of `flipscope metrics`
//! (`stats::export::table`, so the numbers and their rounding are the same), as many as
//! the width allows. Columns come in a fixed priority (the invariance failure and the
//! accuracy delta with their intervals first, then the accuracies, robustness, flip rate,
//! and the raw counts last); those left out are named under the table.

use ratatui::text::Line;
use ratatui::widgets::Cell as TuiCell;

use crate::stats::export::table::{Cell, Column, Table};
use crate::tui::theme::{Role, Theme};
use crate::tui::widgets::ellipsis::{Cut, fit};
use crate::tui::widgets::table::TableRow;

/// One column as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Index into the table's columns.
    pub col: usize,
    /// Whether cells carry their interval.
    pub interval: bool,
    pub width: u16,
}

/// The columns chosen for a width, and what was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub shown: Vec<Shown>,
    /// Titles (as `flipscope metrics` prints them) of the columns or intervals left out.
    pub hidden: Vec<String>,
}

/// The model column is never squeezed below this (names are cut in the middle).
const MODEL_MIN: u16 = 16;

/// The order in which columns (and then their intervals) are added while they fit;
/// `("model", true)` gives the model column its whole width.
const PRIORITY: [(&str, bool); 19] = [
    ("invariance_failure", false),
    ("delta_acc", false),
    ("N", false),
    ("L", false),
    ("G", false),
    ("mcnemar_p", false),
    ("invariance_failure", true),
    ("delta_acc", true),
    ("acc_base", false),
    ("acc_trans", false),
    ("conditional_robustness", false),
    ("flip_rate", false),
    ("model", true),
    ("programs", false),
    ("B", false),
    ("T", false),
    ("R", false),
    ("conditional_robustness", true),
    ("flip_rate", true),
];

/// The two-line heading of a column (shorter than the CLI's titles; the same names).
pub fn heading(column: &Column) -> &'static str {
    match column.key {
        "model" => "\nModel",
        "variant" => "\nVar",
        "programs" => "\nProg",
        "acc_base" => "Acc\nbase",
        "acc_trans" => "Acc\ntrans",
        "delta_acc" => "Δ acc\n(pts)",
        "conditional_robustness" => "Cond.\nrobust.",
        "invariance_failure" => "Inv.\nfailure",
        "flip_rate" => "Flip\nrate",
        "mcnemar_p" => "McNemar\np",
        "N" => "\nN",
        "B" => "\nB",
        "T" => "\nT",
        "R" => "\nR",
        "L" => "\nL",
        "G" => "\nG",
        _ => column.title,
    }
}

/// A cell as `flipscope metrics` prints it, with or without its interval.
pub fn cell_text(cell: &Cell, column: &Column, interval: bool) -> String {
    match cell {
        Cell::Ratio { value, .. } if !interval => Cell::Ratio {
            value: *value,
            interval: None,
        }
        .human(column.kind),
        other => other.human(column.kind),
    }
}

/// The model cell: the model's marker (shared with the figures) and its name.
pub fn model_text(marker: &str, model: &str) -> String {
    format!("{marker} {model}")
}

fn width_of(table: &Table, models: &[String], col: usize, interval: bool) -> u16 {
    let column = &table.columns[col];
    let head = heading(column)
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let cells = table.rows.iter().enumerate().map(|(r, row)| {
        if column.key == "model" {
            models[r].chars().count()
        } else {
            cell_text(&row[col], column, interval).chars().count()
        }
    });
    cells.fold(head, usize::max) as u16
}

/// Chooses the columns for `width` cells (one cell between columns); `models` are the
/// model cells' texts (`model_text`), row by row.
pub fn choose(table: &Table, models: &[String], width: u16) -> Layout {
    let index = |key: &str| table.columns.iter().position(|c| c.key == key);
    let (Some(model), Some(variant)) = (index("model"), index("variant")) else {
        return Layout {
            shown: vec![],
            hidden: vec![],
        };
    };
    let model_full = width_of(table, models, model, false);
    let mut chosen: Vec<(usize, bool)> = vec![(model, false), (variant, false)];
    let total = |chosen: &[(usize, bool)]| -> u16 {
        chosen
            .iter()
            .map(|&(c, i)| {
                if c == model {
                    if i {
                        model_full
                    } else {
                        model_full.min(MODEL_MIN)
                    }
                } else {
                    width_of(table, models, c, i)
                }
            })
            .sum::<u16>()
            + chosen.len().saturating_sub(1) as u16
    };
    for (key, interval) in PRIORITY {
        let Some(col) = index(key) else { continue };
        let mut next = chosen.clone();
        match next.iter_mut().find(|(c, _)| *c == col) {
            Some(entry) if interval => entry.1 = true,
            Some(_) => continue,
            None if interval => continue,
            None => next.push((col, false)),
        }
        if total(&next) <= width {
            chosen = next;
        } else if key == "model" {
            // The rest (raw counts, the last intervals) only beside the whole name.
            break;
        }
    }
    let spare = width.saturating_sub(total(&chosen));
    chosen.sort_by_key(|(c, _)| *c);
    let shown = chosen
        .iter()
        .map(|&(col, interval)| Shown {
            col,
            interval,
            width: if col == model {
                model_full
                    .min(MODEL_MIN + spare)
                    .max(if interval { model_full } else { 0 })
            } else {
                width_of(table, models, col, interval)
            },
        })
        .collect();
    let mut hidden = Vec::new();
    for (col, column) in table.columns.iter().enumerate() {
        match chosen.iter().find(|(c, _)| *c == col) {
            None => hidden.push(column.title.to_string()),
            Some((_, false)) if column.interval && col != model => {
                hidden.push(format!("{} interval", column.title));
            }
            _ => {}
        }
    }
    Layout { shown, hidden }
}

/// The heading of a shown column, right-aligned for numbers.
pub fn padded_heading(table: &Table, shown: &Shown) -> String {
    let column = &table.columns[shown.col];
    let w = shown.width as usize;
    heading(column)
        .split('\n')
        .map(|l| {
            if column.numeric() {
                format!("{l:>w$}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// One condition's row.
pub struct MetricsRow<'a> {
    pub table: &'a Table,
    pub row: usize,
    pub layout: &'a Layout,
    pub model: &'a str,
}

impl TableRow for MetricsRow<'_> {
    fn cells(&self, theme: &Theme) -> Vec<TuiCell<'static>> {
        let cells = &self.table.rows[self.row];
        self.layout
            .shown
            .iter()
            .map(|s| {
                let column = &self.table.columns[s.col];
                if column.key == "model" {
                    return TuiCell::from(fit(self.model, s.width as usize, Cut::Middle));
                }
                let text = cell_text(&cells[s.col], column, s.interval);
                let line = if column.numeric() {
                    Line::from(text).right_aligned()
                } else {
                    Line::from(text)
                };
                TuiCell::from(line).style(theme.style(role_of(column, &cells[s.col])))
            })
            .collect()
    }
}

/// Losses in the loss role, gains in the gain role, and an accuracy delta whose interval
/// excludes zero in the role of its sign.
fn role_of(column: &Column, cell: &Cell) -> Role {
    match (column.key, cell) {
        ("L", _) => Role::Loss,
        ("G", _) => Role::Gain,
        (
            "delta_acc",
            Cell::Ratio {
                interval: Some(i), ..
            },
        ) if i.hi < 0.0 => Role::Loss,
        (
            "delta_acc",
            Cell::Ratio {
                interval: Some(i), ..
            },
        ) if i.lo > 0.0 => Role::Gain,
        _ => Role::Normal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::export::table::metrics_table;
    use crate::stats::{BootstrapConfig, Condition, MetricsReport, ProgramCounts, Provenance};
    use crate::stats::{Counts, compute};

    fn report() -> MetricsReport {
        let condition = |model: &str, variant: &str| Condition {
            model: model.into(),
            variant: variant.into(),
            totals: Counts::from_nblg(295, 159, 31, 60),
            programs: (0..4)
                .map(|i| ProgramCounts {
                    program: format!("p{i}"),
                    stratum: "s".into(),
                    counts: Counts::from_nblg(74, 40, 8, 15),
                })
                .collect(),
        };
        let config = BootstrapConfig {
            replicates: 50,
            ..BootstrapConfig::default()
        };
        let conditions = vec![
            condition("sim-deepseek-coder-v2-lite", "T1"),
            condition("sim-qwen2.5-coder-7b", "T2"),
        ];
        MetricsReport {
            conditions: compute(&conditions, &config),
            provenance: Provenance {
                filter: String::new(),
                oracle: None,
                bootstrap: config,
                version: "0".into(),
                inputs: vec![],
                pairs_read: 0,
                pairs_matched: 0,
            },
        }
    }

    fn keys(table: &Table, layout: &Layout) -> Vec<String> {
        layout
            .shown
            .iter()
            .map(|s| {
                let k = table.columns[s.col].key;
                if s.interval {
                    format!("{k}±")
                } else {
                    k.to_string()
                }
            })
            .collect()
    }

    #[test]
    fn wide_terminals_show_every_column_with_its_interval() {
        let r = report();
        let table = metrics_table(&r);
        let models: Vec<String> = r
            .conditions
            .iter()
            .map(|c| model_text("●", &c.model))
            .collect();
        let all = choose(&table, &models, 400);
        assert_eq!(all.shown.len(), 16);
        assert!(all.hidden.is_empty(), "{:?}", all.hidden);
        assert_eq!(
            all.shown[0].width, 28,
            "the whole model name and its marker"
        );
    }

    #[test]
    fn narrow_terminals_keep_the_figures_of_the_paper_first() {
        let r = report();
        let table = metrics_table(&r);
        let models: Vec<String> = r
            .conditions
            .iter()
            .map(|c| model_text("●", &c.model))
            .collect();
        let at_120 = choose(&table, &models, 118);
        assert_eq!(
            keys(&table, &at_120),
            [
                "model±",
                "variant",
                "programs",
                "N",
                "L",
                "G",
                "acc_base",
                "acc_trans",
                "delta_acc±",
                "conditional_robustness",
                "invariance_failure±",
                "flip_rate",
                "mcnemar_p"
            ],
            "the whole model name (±) before the programs"
        );
        assert_eq!(
            at_120.hidden,
            [
                "B",
                "T",
                "R",
                "Cond. robustness interval",
                "Flip rate interval"
            ]
        );
        let total: u16 = at_120.shown.iter().map(|s| s.width).sum::<u16>() + 12;
        assert!(total <= 118, "{total}");
        let at_80 = choose(&table, &models, 80);
        assert_eq!(
            keys(&table, &at_80),
            [
                "model",
                "variant",
                "N",
                "L",
                "G",
                "delta_acc±",
                "invariance_failure±",
                "mcnemar_p"
            ]
        );
        assert!(
            at_80.hidden.contains(&"Acc base".to_string()),
            "{:?}",
            at_80.hidden
        );
        assert!(at_80.hidden.contains(&"Cond. robustness".to_string()));
    }

    #[test]
    fn cells_read_as_the_cli_prints_them() {
        let r = report();
        let table = metrics_table(&r);
        let text = crate::stats::export::text::aligned(&table);
        let col = table
            .columns
            .iter()
            .position(|c| c.key == "invariance_failure")
            .unwrap();
        let with = cell_text(&table.rows[0][col], &table.columns[col], true);
        assert!(text.contains(&with), "{with} in\n{text}");
        assert_eq!(
            cell_text(&table.rows[0][col], &table.columns[col], false),
            "19.5%"
        );
    }
}
