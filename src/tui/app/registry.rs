//! The registry of screens that are components: which state answers for which
//! `Screen`. Routing (`route`), moving, paging and drawing all go through it, so a new
//! component screen is one arm in each of the two functions below.

use crate::tui::app::{App, Screen};
use crate::tui::component::Component;
use crate::tui::shell::Shell;

impl App {
    /// Runs `f` on the component in front with the shell; `None` when the screen in
    /// front is not (yet) a component.
    pub(super) fn with_component<R>(
        &mut self,
        f: impl FnOnce(&mut dyn Component, &Shell) -> R,
    ) -> Option<R> {
        let shell = crate::shell_of!(self);
        let component: &mut dyn Component = match self.screen {
            Screen::Programs => &mut self.programs,
            _ => return None,
        };
        Some(f(component, &shell))
    }

    /// The component in front, to draw.
    pub(super) fn component(&self) -> Option<&dyn Component> {
        match self.screen {
            Screen::Programs => Some(&self.programs),
            _ => None,
        }
    }
}
