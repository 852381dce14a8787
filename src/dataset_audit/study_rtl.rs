//! The RTL texts of a loaded study, every program's and every variant's, analysed (in
//! parallel, through the parse cache) to find those that do not parse and the
//! `` `include ``s they hold, each located at the text's value in `programs.jsonl` with
//! the place inside the RTL in the message. `validate` reports them as errors and
//! warnings. Fragment programs only: a whole-module program is elaborated with its
//! own files by `prove`, which reports what does not read.

use crate::rtl::{ParseCache, RtlInput, analyse_many, warnings};
use crate::study::{LocatedError, ORIGINAL, Study};

/// What the study's RTL texts gave.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct StudyRtl {
    /// One per text that does not parse.
    pub errors: Vec<LocatedError>,
    /// One per `` `include `` (never followed).
    pub warnings: Vec<LocatedError>,
}

/// Analyses every fragment program's RTL and its variants'.
pub fn check_study_rtl(study: &Study, cache: &ParseCache) -> StudyRtl {
    let texts: Vec<(&str, &str, &str)> = study
        .programs
        .iter()
        .filter(|p| !p.is_module())
        .flat_map(|p| {
            p.variant_names()
                .filter_map(move |v| p.variant_rtl(v).map(|rtl| (p.id.as_str(), v, rtl)))
        })
        .collect();
    let inputs: Vec<RtlInput<'_>> = texts
        .iter()
        .map(|(_, _, rtl)| RtlInput {
            source: rtl,
            clock: None,
        })
        .collect();
    let outcomes = analyse_many(&inputs, cache);
    let mut out = StudyRtl::default();
    for ((program, variant, rtl), outcome) in texts.iter().zip(outcomes) {
        let Some(place) = study.rtl_place(program, variant) else {
            continue;
        };
        let what = if *variant == ORIGINAL {
            format!("the RTL of program \"{program}\"")
        } else {
            format!("the RTL of variant \"{variant}\" of program \"{program}\"")
        };
        if let Err(e) = outcome {
            let (line, column) = e.position();
            out.errors.push(place.error(format!(
                "{what} does not parse: {line}:{column}: {}",
                e.message()
            )));
        }
        for w in warnings(rtl) {
            out.warnings
                .push(place.error(format!("{what}, {}:{}: {}", w.line, w.column, w.message)));
        }
    }
    out
}
