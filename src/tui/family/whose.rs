//! Choosing whose counterexample the family screen shows. Enter on a cell of the
//! transfer matrix shows that implementation's trace of the selected property (on the
//! mutants column, the next mutant it detects); Enter on the counterexample pane steps
//! to the next trace there is (its own, the other implementations', the mutants'). A
//! cell with no trace says why on the status line and leaves the waveform as it was.

use super::model::{FamilyStudy, Whose};
use super::state::{FamilyAudit, FamilyPane};
use crate::study::FormalStatus;
use crate::tui::app::App;

/// The trace chosen, with the status line that names it; or why there is none.
type Choice = Result<(Whose, String), String>;

/// Enter on the transfer matrix: the trace of the cell under the cursor.
pub fn on_cell(audit: &FamilyAudit, study: &FamilyStudy) -> Choice {
    let row = audit
        .selected(study)
        .ok_or_else(|| "no property selected".to_string())?;
    let family = study
        .families
        .get(&audit.program)
        .ok_or_else(|| format!("the family {} is not in the study", audit.program))?;
    let own = audit.shown_variant(study);
    let name = &row.name;
    if let Some(imp) = family.implementations.get(audit.column) {
        let variant = imp.variant.as_str();
        let check = row
            .check_on(variant, own)
            .ok_or_else(|| format!("{name} was not checked on {variant}"))?;
        return match (&check.trace, check.status) {
            (Some(_), _) => Ok((
                Whose::Implementation(variant.to_string()),
                format!("counterexample of {name} on {variant}"),
            )),
            (None, FormalStatus::Fail) => Err(format!(
                "{name} fails on {variant}, but its verdict carries no counterexample"
            )),
            (None, _) => Err(format!(
                "{name} is {} on {variant}: no counterexample there",
                check.word()
            )),
        };
    }
    let mutants: Vec<String> = row
        .traces(own)
        .into_iter()
        .filter_map(|(w, _, _)| match w {
            Whose::Mutant(k) => Some(k),
            Whose::Implementation(_) => None,
        })
        .collect();
    if mutants.is_empty() {
        return Err(format!("{name} detects no mutant with a counterexample"));
    }
    let next = match &audit.whose {
        Some(Whose::Mutant(k)) => mutants.iter().position(|m| m == k).map_or(0, |i| i + 1),
        _ => 0,
    } % mutants.len();
    Ok((
        Whose::Mutant(mutants[next].clone()),
        format!(
            "counterexample of {name} on mutant {} ({} of {} detected; Enter: the next)",
            mutants[next],
            next + 1,
            mutants.len()
        ),
    ))
}

/// Enter on the counterexample pane: the next trace of the selected property.
pub fn next(audit: &FamilyAudit, study: &FamilyStudy) -> Choice {
    let row = audit
        .selected(study)
        .ok_or_else(|| "no property selected".to_string())?;
    let all = row.traces(audit.shown_variant(study));
    if all.is_empty() {
        return Err(format!("{} has no counterexample", row.name));
    }
    let current = audit
        .whose
        .as_ref()
        .and_then(|w| all.iter().position(|(k, _, _)| k == w))
        .unwrap_or(0);
    let n = all.len();
    let to = (current + 1) % n;
    let Some((whose, whence, _)) = all.into_iter().nth(to) else {
        return Err(format!("{} has no counterexample", row.name));
    };
    Ok((
        whose,
        format!("counterexample {} of {n}: {} {whence}", to + 1, row.name),
    ))
}

impl App {
    /// Enter on the family screen: on the transfer matrix, the cell's counterexample;
    /// on the counterexample, the next one; elsewhere it says where Enter works.
    pub(crate) fn choose_counterexample(&mut self) {
        let Some(state) = &mut self.family else {
            return;
        };
        let study = std::sync::Arc::clone(&state.study);
        let Some(a) = &mut state.audit else { return };
        let choice = match a.pane {
            FamilyPane::Transfer => on_cell(a, &study),
            FamilyPane::Counterexample => next(a, &study),
            _ => Err(
                "Enter chooses a counterexample: on the transfer matrix (H/L pick the cell) or on the counterexample (the next one)"
                    .into(),
            ),
        };
        self.message = Some(match choice {
            Ok((whose, message)) => {
                a.show(whose);
                message
            }
            Err(why) => why,
        });
    }
}
