//! Reusable widgets: the one generic table and the styled-text builder for code.

pub mod code;
pub mod ellipsis;
pub mod table;
