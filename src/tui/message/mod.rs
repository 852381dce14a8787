//! The message popup (`!`): the status message whole and wrapped, for messages the
//! status line has to cut (error and lock messages name files and lines). `update`
//! opens it, `view` draws it.

mod update;
pub mod view;
