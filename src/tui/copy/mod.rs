//! The copy menu (`y` on the queue and the audit screen): the pair id, the transformed
//! or original property, the reason or the reference property to the clipboard, with
//! OSC 52. `update` picks the text, `view` draws the menu from the `copy` key table.

mod update;
pub mod view;
