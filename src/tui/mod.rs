//! The terminal interface: one `Action` enum, one `update`, read-only rendering,
//! views, keymap, themes and background jobs.
