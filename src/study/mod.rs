//! The study's files and their loading: programs, generations, pairs, property
//! verdicts and annotations, read streaming with errors that name the file, line and
//! column.

pub mod annotation;
pub mod assertionbench;
pub mod checks;
pub mod config;
pub mod equivsva;
pub mod error;
pub mod external;
pub mod generation;
pub mod json_doc;
pub mod jsonl;
pub mod kind;
pub mod load;
pub mod locate;
pub mod model;
pub mod pair;
pub mod pair_hash;
pub mod pair_stream;
pub mod program;
pub mod record_line;
pub mod regular_file;
pub mod rename_apply;
pub mod rename_map;
pub mod settings;
pub mod source;
pub mod store;
pub mod summary;
pub mod taxonomy;
pub mod timestamp;
pub mod verdict;
mod verdict_checks;
pub mod verdict_hash;
pub mod vert;
pub mod warnings;

pub use annotation::{Annotation, AnnotationAction, PairAudit};
pub use config::Config;
pub use error::LocatedError;
pub use external::{ExternalRun, ExternalVerdict, RunOutcome};
pub use generation::Generation;
pub use kind::StudyKind;
pub use load::{
    ERROR_CAP, LoadProgress, PROGRESS_EVERY, load_study, load_study_to_score,
    load_study_with_progress,
};
pub use model::{Place, Study, StudyErrors};
pub use pair::{FlipClass, PairKey, PairRecord, Side};
pub use pair_hash::PairInputs;
pub use program::{ORIGINAL, Program, Variant};
pub use settings::StudySettings;
pub use source::{FileKind, SourceFile};
pub use store::{AnnotationStore, Decision, StoreError, StoreLocation};
pub use taxonomy::{TagDef, Taxonomy};
pub use verdict::{Check, FormalStatus, PropertyVerdict, Reading, Syntax};
pub use verdict_hash::VerdictInputs;

#[cfg(test)]
mod load_tests;

#[cfg(test)]
mod doc_tests;

#[cfg(test)]
mod verdict_load_tests;
