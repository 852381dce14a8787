//! The oracle: where the true path condition of a pair comes from (the view model and
//! the jobs that score and build truth tables are told which one is in force). It is
//! the scorer's own choice (`score::study::Oracle`), not a copy of it.

pub use crate::score::study::Oracle;
