//! AssertionBench (the OpenCores designs, the model-written property files and their
//! committed JasperGold logs) read as a study: `flipscope import assertionbench`.
//!
//! Reading order: [`folder`] reads a design folder, [`tcl`] its script, [`bindings`] its
//! bind, [`property_file`] its property files, [`log`] its logs; [`design`] resolves the
//! design, [`verdicts`] maps each log's `_assert_N` to the N-th statement of the file
//! the log says it analysed, and [`import`] assembles programs and generations. Every
//! flaw of the data is a [`Flaw`], never a silent guess.

pub mod bindings;
pub mod design;
pub mod flaw;
pub mod folder;
pub mod import;
pub mod log;
pub mod names;
pub mod property_file;
pub mod scan;
pub mod tcl;
pub mod verdicts;

pub use flaw::{Flaw, FlawKind};
pub use import::{Import, ImportError, LogRecord, import_assertionbench};
pub use names::{Model, RunName};
