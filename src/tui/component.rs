//! A screen as a component: it owns its state, applies its own actions and draws from
//! its state plus the read-only [`Shell`]. The app keeps one of each and routes to the
//! one in front (`app::route`); an action a component gives back goes on to the keys
//! every screen shares.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::tui::action::Action;
use crate::tui::shell::Shell;

pub trait Component {
    /// Its own meaning of `action`; the action back when it has none.
    fn update(&mut self, action: Action, shell: &Shell) -> Option<Action>;
    /// Moves the selection (or scrolls) by `delta` rows.
    fn move_by(&mut self, delta: isize, shell: &Shell);
    /// The rows a page key moves.
    fn page(&self, shell: &Shell) -> usize;
    /// Draws the screen into `area`.
    fn draw(&self, shell: &Shell, frame: &mut Frame, area: Rect);
}
