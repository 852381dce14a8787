//! The study's files and their loading: programs, generations, pairs and annotations,
//! read streaming with errors that name the file, line and column.

pub mod annotation;
pub mod assertionbench;
pub mod checks;
pub mod config;
pub mod error;
pub mod external;
pub mod generation;
pub mod jsonl;
pub mod load;
pub mod locate;
pub mod model;
pub mod pair;
pub mod pair_hash;
pub mod program;
pub mod source;
pub mod store;
pub mod summary;
pub mod taxonomy;
pub mod timestamp;
pub mod vert;
pub mod warnings;

pub use annotation::{Annotation, AnnotationAction, PairAudit};
pub use config::Config;
pub use error::LocatedError;
pub use external::{ExternalRun, ExternalVerdict, RunOutcome};
pub use generation::Generation;
pub use load::{ERROR_CAP, LoadProgress, PROGRESS_EVERY, load_study, load_study_with_progress};
pub use model::{Study, StudyErrors};
pub use pair::{FlipClass, PairKey, PairRecord, Side};
pub use pair_hash::PairInputs;
pub use program::{ORIGINAL, Program, Variant};
pub use source::{FileKind, SourceFile};
pub use store::{AnnotationStore, Decision, StoreError, StoreLocation};
pub use taxonomy::{TagDef, Taxonomy};

#[cfg(test)]
mod load_tests;

#[cfg(test)]
mod doc_tests;
