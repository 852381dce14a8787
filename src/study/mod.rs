//! The study's files and their loading: programs, generations, pairs and annotations,
//! read streaming with errors that name the file, line and column.

pub mod error;
pub mod jsonl;
pub mod pair;

pub use error::LocatedError;
pub use pair::{FlipClass, PairRecord, Side};
