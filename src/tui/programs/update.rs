//! How the programs screen applies its actions: moving between programs and cycling
//! the variant shown (opening and closing it is the app's routing).

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::tui::action::Action;
use crate::tui::component::Component;
use crate::tui::programs::{ProgramsState, view};
use crate::tui::shell::Shell;

impl Component for ProgramsState {
    fn update(&mut self, action: Action, _shell: &Shell) -> Option<Action> {
        match action {
            // The programs screen has nothing to open.
            Action::Open => {}
            Action::NextPane => self.cycle_variant(1),
            Action::PrevPane => self.cycle_variant(-1),
            other => return Some(other),
        }
        None
    }

    fn move_by(&mut self, delta: isize, shell: &Shell) {
        let rows = view::program_rows(shell.size);
        ProgramsState::move_by(self, delta, rows);
    }

    fn page(&self, shell: &Shell) -> usize {
        view::program_rows(shell.size).max(1)
    }

    fn draw(&self, shell: &Shell, frame: &mut Frame, area: Rect) {
        view::draw(shell, self, frame, area);
    }
}
