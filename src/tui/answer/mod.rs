//! The raw answer popup (`A` on the audit, family and assertion audit screens, #30
//! item 4): the model's answer as it wrote it, whole, wrapped and scrollable. When
//! nothing can be read from an output (`missing-property`, `output-contract`) the raw
//! answer is the evidence. `state` holds the answers shown and the scroll, `view`
//! draws them; the app opens it with the answers of the screen in front.

pub mod state;
pub mod view;

pub use state::{Answer, AnswerState};
