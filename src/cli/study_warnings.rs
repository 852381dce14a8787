//! The study loader's warnings on standard error: the first few, then a count.

use crate::study::Study;

/// How many loader warnings are printed before they are only counted.
const WARNINGS_SHOWN: usize = 5;

/// Prints the first loader warnings to standard error.
pub fn print_warnings(study: &Study) {
    for w in study.warnings.iter().take(WARNINGS_SHOWN) {
        eprintln!(
            "warning: {}",
            crate::printable::escape_lines(&w.to_string())
        );
    }
    if study.warnings.len() > WARNINGS_SHOWN {
        eprintln!(
            "warning: ... and {} more warnings",
            study.warnings.len() - WARNINGS_SHOWN
        );
    }
}
