//! Text the audit and finder show: word-level diffs and rename rewriting (`diff`), and
//! syntax highlighting of RTL and properties (`highlight`, with `syntax/`).

pub mod diff;
pub mod highlight;
