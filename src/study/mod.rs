//! The study's files and their loading: programs, generations, pairs and annotations,
//! read streaming with errors that name the file, line and column.

pub mod error;
pub mod jsonl;

pub use error::LocatedError;
