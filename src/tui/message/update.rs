//! How `App` shows the whole status message (`!`).

use crate::tui::app::{App, Overlay};

impl App {
    /// `!`: the status message whole, wrapped, in a popup.
    pub(crate) fn show_message(&mut self) {
        if self.message.as_deref().is_some_and(|m| !m.is_empty()) {
            self.overlay = Some(Overlay::Message);
        } else {
            self.message = Some("no message to show".into());
        }
    }
}
