//! The keys every screen shares, once the screen in front, the overlay, the
//! annotations and the dashboard have declined an action: quitting, help, going back,
//! moving, the queue's filter, quick keys, search, marks and sort, the oracle, the
//! theme, copying, scrolling sideways.

use crate::tui::action::Action;
use crate::tui::app::{App, Oracle, Overlay};
use crate::tui::audit::Pane;
use crate::tui::queue::Queue;

impl App {
    pub(super) fn shared_action(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::ToggleHelp => self.toggle_help(),
            Action::Back => self.back(),
            Action::Down => self.move_by(1),
            Action::Up => self.move_by(-1),
            Action::PageDown => self.move_by(self.page() as isize),
            Action::PageUp => self.move_by(-(self.page() as isize)),
            Action::First => self.move_by(isize::MIN / 2),
            Action::Last => self.move_by(isize::MAX / 2),
            Action::Open => self.open_selected(),
            Action::OpenFilter => self.open_filter(),
            Action::CycleFlip => self.change_queue(Queue::cycle_flip),
            Action::CycleModel => self.change_queue(Queue::cycle_model),
            Action::CycleVariant => self.change_queue(Queue::cycle_variant),
            Action::ClearFilters => {
                if self.queue.unfiltered() {
                    self.message = Some("no filter to clear: every pair is shown".into());
                } else {
                    self.change_queue(Queue::clear_filters);
                    self.message = Some("filters cleared: every pair is shown".into());
                }
            }
            Action::OpenFinder => self.open_finder(),
            Action::OpenPrograms => self.open_programs(),
            Action::NextPane => self.cycle_pane(1),
            Action::PrevPane => self.cycle_pane(Pane::ALL.len() - 1),
            Action::NextPair if self.compare.view.is_some() => self.step_disagreement(1),
            Action::PrevPair if self.compare.view.is_some() => self.step_disagreement(-1),
            Action::NextPair => self.step_pair(1),
            Action::PrevPair => self.step_pair(-1),
            Action::ToggleRename => self.toggle_rename(),
            Action::ToggleOracle => self.toggle_oracle(),
            Action::ToggleTheme => {
                self.theme = self.theme.toggled();
                self.message = Some(format!(
                    "theme: {}{} (T switches back)",
                    self.theme.kind.name(),
                    if self.theme.colours {
                        ""
                    } else {
                        ", without colours (NO_COLOR)"
                    }
                ));
            }
            Action::OpenSearch => self.open_search(),
            Action::NextMatch => self.step_search(true),
            Action::PrevMatch => self.step_search(false),
            Action::ToggleMark => self.toggle_mark(),
            Action::CycleSort => self.change_sort(false),
            Action::ReverseSort => self.change_sort(true),
            Action::OpenCopy => self.overlay = Some(Overlay::Copy),
            Action::Copy(target) => self.copy(target),
            Action::ScrollLeft => self.scroll_sideways(-1),
            Action::ScrollRight => self.scroll_sideways(1),
            Action::ToggleLinkedScroll => self.toggle_linked_scroll(),
            Action::ShowMessage => self.show_message(),
            Action::ShowAnswer => self.show_answer(),
            // Answers of jobs, typing, the annotation and dashboard keys: taken before.
            _ => {}
        }
    }

    fn toggle_oracle(&mut self) {
        if self.is_family_study() {
            self.message = Some("family pairs are scored by proof: no oracle to switch".into());
            return;
        }
        self.oracle = match self.oracle {
            Oracle::Reference => Oracle::Rtl,
            Oracle::Rtl => Oracle::Reference,
        };
        self.message = Some(format!("oracle: {}", self.oracle.name()));
        self.request_score();
        self.request_truth();
    }
}
