//! Keys to actions: a pure function of (mode, key) over a table read from the
//! compiled-in `keymap.toml`, optionally patched by a user file that overrides only the
//! (mode, action) entries it names. The footer hints and the help screen are generated
//! from the same table, so they cannot drift from what the keys do.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;

use super::action::Action;

/// The default bindings.
pub const DEFAULT_KEYMAP: &str = include_str!("keymap.toml");

/// Which key table applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Queue,
    Audit,
    Filter,
    Finder,
    Help,
    Agreement,
    Dashboard,
    /// The assertions queue of a study with external verdicts (AssertionBench).
    Assertions,
    /// The audit of one assertion.
    AssertionAudit,
    /// The copy menu (`y`).
    Copy,
    /// The whole status message (`!`).
    Message,
    /// The programs screen (`P`).
    Programs,
    /// The family audit screen (EquivSVA studies).
    Family,
    /// The model's raw answer (`A`).
    Answer,
    /// A text pane's search in force (after `/` and Enter on the audit, family and
    /// assertion-audit screens): its keys come before the screen's.
    TextSearch,
}

impl Mode {
    pub const ALL: [Mode; 15] = [
        Mode::Queue,
        Mode::Audit,
        Mode::Dashboard,
        Mode::Programs,
        Mode::Filter,
        Mode::Finder,
        Mode::Help,
        Mode::Agreement,
        Mode::Assertions,
        Mode::AssertionAudit,
        Mode::Family,
        Mode::Copy,
        Mode::Message,
        Mode::Answer,
        Mode::TextSearch,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Queue => "queue",
            Mode::Audit => "audit",
            Mode::Filter => "filter",
            Mode::Finder => "finder",
            Mode::Help => "help",
            Mode::Agreement => "agreement",
            Mode::Dashboard => "dashboard",
            Mode::Programs => "programs",
            Mode::Assertions => "assertions",
            Mode::AssertionAudit => "assertion_audit",
            Mode::Copy => "copy",
            Mode::Message => "message",
            Mode::Family => "family",
            Mode::Answer => "answer",
            Mode::TextSearch => "text_search",
        }
    }

    /// What the help calls the mode's section.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Queue => "queue (the list of pairs)",
            Mode::Audit => "audit (one pair)",
            Mode::Dashboard => "dashboard (metrics)",
            Mode::Filter => "filter bar and other text fields (search, note, compare, name)",
            Mode::Finder => "finder",
            Mode::Help => "help",
            Mode::Agreement => "agreement",
            Mode::Copy => "copy menu (y)",
            Mode::Message => "message (!)",
            Mode::Programs => "programs (variants, behaviors, generations)",
            Mode::Assertions => "assertions (AssertionBench: JasperGold and flipscope verdicts)",
            Mode::AssertionAudit => "assertion audit (one assertion)",
            Mode::Family => "family (one EquivSVA family pair)",
            Mode::Answer => "raw answer (A)",
            Mode::TextSearch => {
                "search in a text pane (after / and Enter on the audit, family and assertion screens)"
            }
        }
    }

    /// Whether unbound printable keys type into a text field.
    pub fn is_text(self) -> bool {
        matches!(self, Mode::Filter | Mode::Finder)
    }
}

/// A key as written in the keymap: a code and its modifiers (Shift is part of the
/// character for printable keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
    pub alt: bool,
}

impl Key {
    /// Parses `j`, `G`, `?`, `Ctrl-p`, `Alt-x`, `Enter`, `Esc`, `Tab`, `BackTab`, `Up`,
    /// `PageDown`, `F1`, ...
    pub fn parse(text: &str) -> Option<Key> {
        let mut ctrl = false;
        let mut alt = false;
        let mut rest = text;
        loop {
            if let Some(r) = rest.strip_prefix("Ctrl-") {
                ctrl = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("Alt-") {
                alt = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => match rest {
                "Enter" => KeyCode::Enter,
                "Esc" => KeyCode::Esc,
                "Tab" => KeyCode::Tab,
                "BackTab" => KeyCode::BackTab,
                "Backspace" => KeyCode::Backspace,
                "Up" => KeyCode::Up,
                "Down" => KeyCode::Down,
                "Left" => KeyCode::Left,
                "Right" => KeyCode::Right,
                "PageUp" => KeyCode::PageUp,
                "PageDown" => KeyCode::PageDown,
                "Home" => KeyCode::Home,
                "End" => KeyCode::End,
                "Space" => KeyCode::Char(' '),
                f if f.starts_with('F') => KeyCode::F(f[1..].parse().ok()?),
                _ => return None,
            },
        };
        Some(Key { code, ctrl, alt })
    }

    /// An Alt-key as the two keys a terminal sends for it, Escape and the key: what a
    /// quick Escape followed by a key arrives as. `None` for any other key.
    pub fn escape_then_key(self) -> Option<[Key; 2]> {
        self.alt.then_some([
            Key {
                code: KeyCode::Esc,
                ctrl: false,
                alt: false,
            },
            Key { alt: false, ..self },
        ])
    }

    /// The key as the key table spells it (`Ctrl-p`, `G`, `PageDown`, `Space`), a
    /// control character escaped: what the status line names.
    pub fn spelled(&self) -> String {
        let name = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) if c.is_control() => c.escape_default().to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "BackTab".into(),
            KeyCode::Backspace => "Backspace".into(),
            KeyCode::Up => "Up".into(),
            KeyCode::Down => "Down".into(),
            KeyCode::Left => "Left".into(),
            KeyCode::Right => "Right".into(),
            KeyCode::PageUp => "PageUp".into(),
            KeyCode::PageDown => "PageDown".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        let ctrl = if self.ctrl { "Ctrl-" } else { "" };
        let alt = if self.alt { "Alt-" } else { "" };
        format!("{ctrl}{alt}{name}")
    }

    /// The key of a terminal event.
    pub fn from_event(event: KeyEvent) -> Key {
        Key {
            code: event.code,
            ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
            alt: event.modifiers.contains(KeyModifiers::ALT),
        }
    }
}

/// One binding of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub action: Action,
    /// The keys as written (shown in hints and help).
    pub keys: Vec<String>,
    parsed: Vec<Key>,
    /// Whether the footer shows it.
    pub hint: bool,
    /// What it does on this screen, when the action's own words would not say.
    pub help: Option<String>,
}

impl Binding {
    /// What the binding does: its own help text, else the action's.
    pub fn describe(&self) -> &str {
        self.help
            .as_deref()
            .unwrap_or_else(|| self.action.describe())
    }
}

/// A problem in a keymap file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeymapError {
    #[error("keymap: {0}")]
    Toml(String),
    #[error("keymap: [{mode}] unknown action `{action}`")]
    UnknownAction { mode: String, action: String },
    #[error("keymap: [{mode}] unknown key `{key}`: expected e.g. `j`, `Ctrl-p`, `Enter`, `F1`")]
    UnknownKey { mode: String, key: String },
    #[error(
        "keymap: unknown mode `{0}`: expected global, queue, audit, dashboard, programs, filter, finder, help, agreement, copy, message, assertions, assertion_audit, family, answer or text_search"
    )]
    UnknownMode(String),
}

#[derive(Deserialize)]
struct RawBinding {
    action: String,
    keys: Vec<String>,
    #[serde(default)]
    hint: bool,
    help: Option<String>,
}

/// The whole table: global bindings and one list per mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Keymap {
    pub global: Vec<Binding>,
    modes: Vec<(Mode, Vec<Binding>)>,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap::parse(DEFAULT_KEYMAP).expect("the compiled-in keymap is valid")
    }
}

impl Keymap {
    /// Parses a whole keymap text.
    pub fn parse(text: &str) -> Result<Keymap, KeymapError> {
        let mut map = Keymap {
            global: Vec::new(),
            modes: Mode::ALL.map(|m| (m, Vec::new())).into(),
        };
        map.patch(text)?;
        Ok(map)
    }

    /// Applies a user file: each (mode, action) it names replaces that entry's keys
    /// (or adds the binding); everything else stays.
    pub fn patch(&mut self, text: &str) -> Result<(), KeymapError> {
        let raw: std::collections::BTreeMap<String, Vec<RawBinding>> =
            toml::from_str(text).map_err(|e| KeymapError::Toml(e.to_string()))?;
        // Keep the file's order for new bindings: toml tables are sorted, arrays are not.
        for (mode_name, bindings) in raw {
            let list = if mode_name == "global" {
                &mut self.global
            } else {
                let mode = Mode::ALL
                    .into_iter()
                    .find(|m| m.name() == mode_name)
                    .ok_or_else(|| KeymapError::UnknownMode(mode_name.clone()))?;
                &mut self
                    .modes
                    .iter_mut()
                    .find(|(m, _)| *m == mode)
                    .expect("all modes")
                    .1
            };
            for b in bindings {
                let action =
                    Action::from_name(&b.action).ok_or_else(|| KeymapError::UnknownAction {
                        mode: mode_name.clone(),
                        action: b.action.clone(),
                    })?;
                let parsed = b
                    .keys
                    .iter()
                    .map(|k| {
                        Key::parse(k).ok_or_else(|| KeymapError::UnknownKey {
                            mode: mode_name.clone(),
                            key: k.clone(),
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let binding = Binding {
                    action,
                    keys: b.keys,
                    parsed,
                    hint: b.hint,
                    help: b.help,
                };
                match list.iter_mut().find(|x| x.action == binding.action) {
                    Some(existing) => {
                        existing.keys = binding.keys;
                        existing.parsed = binding.parsed;
                        existing.hint |= binding.hint;
                        if binding.help.is_some() {
                            existing.help = binding.help;
                        }
                    }
                    None => list.push(binding),
                }
            }
        }
        Ok(())
    }

    /// The bindings of one mode (without the global ones).
    pub fn bindings(&self, mode: Mode) -> &[Binding] {
        self.modes
            .iter()
            .find(|(m, _)| *m == mode)
            .map_or(&[], |(_, b)| b.as_slice())
    }

    /// The action of `key` in `mode`: the mode's own table, then (outside text fields)
    /// the global one; in a text field an unbound printable key types itself.
    pub fn action(&self, mode: Mode, key: Key) -> Option<Action> {
        let find = |list: &[Binding]| {
            list.iter()
                .find(|b| b.parsed.iter().any(|k| matches(*k, key)))
                .map(|b| b.action.clone())
        };
        if let Some(action) = find(self.bindings(mode)) {
            return Some(action);
        }
        if mode.is_text() {
            return match key.code {
                KeyCode::Char(c) if !key.ctrl && !key.alt => Some(Action::Input(c)),
                _ => None,
            };
        }
        find(&self.global)
    }

    /// The action `mode`'s own table binds to `key` (no global, no typing).
    pub fn own_action(&self, mode: Mode, key: Key) -> Option<Action> {
        self.bindings(mode)
            .iter()
            .find(|b| b.parsed.iter().any(|k| matches(*k, key)))
            .map(|b| b.action.clone())
    }

    /// The footer hints of a mode: (keys, description), own bindings first.
    pub fn hints(&self, mode: Mode) -> Vec<(String, &str)> {
        self.hint_bindings(mode)
            .into_iter()
            .map(|b| (b.keys.first().cloned().unwrap_or_default(), b.describe()))
            .collect()
    }

    /// The bindings the footer of a mode shows, own bindings first.
    pub fn hint_bindings(&self, mode: Mode) -> Vec<&Binding> {
        let own = self.bindings(mode).iter();
        let global = self.global.iter().filter(|_| !mode.is_text());
        own.chain(global).filter(|b| b.hint).collect()
    }
}

fn matches(bound: Key, pressed: Key) -> bool {
    bound.ctrl == pressed.ctrl
        && bound.alt == pressed.alt
        && match (bound.code, pressed.code) {
            (KeyCode::Char(a), KeyCode::Char(b)) => {
                // Terminals report Ctrl-letters in either case.
                if bound.ctrl {
                    a.eq_ignore_ascii_case(&b)
                } else {
                    a == b
                }
            }
            (a, b) => a == b,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> Key {
        Key::parse(text).unwrap()
    }

    #[test]
    fn the_default_keymap_parses_and_maps() {
        let map = Keymap::default();
        assert_eq!(map.action(Mode::Queue, key("j")), Some(Action::Down));
        assert_eq!(map.action(Mode::Queue, key("q")), Some(Action::Quit));
        assert_eq!(map.action(Mode::Audit, key("Esc")), Some(Action::Back));
        assert_eq!(
            map.action(Mode::Queue, key("Ctrl-P")),
            Some(Action::OpenFinder)
        );
        assert_eq!(map.action(Mode::Queue, key("F1")), Some(Action::ToggleHelp));
        assert_eq!(map.action(Mode::Queue, key("z")), None);
    }

    #[test]
    fn text_fields_type_unbound_keys_and_ignore_globals() {
        let map = Keymap::default();
        assert_eq!(map.action(Mode::Filter, key("q")), Some(Action::Input('q')));
        assert_eq!(map.action(Mode::Finder, key("Enter")), Some(Action::Submit));
        assert_eq!(map.action(Mode::Finder, key("Ctrl-p")), Some(Action::Up));
        assert_eq!(map.action(Mode::Filter, key("Ctrl-c")), Some(Action::Quit));
        assert_eq!(map.action(Mode::Filter, key("F1")), None);
    }

    #[test]
    fn keys_are_spelled_as_the_table_writes_them() {
        for text in [
            "j", "G", "?", "Ctrl-p", "Alt-x", "Enter", "BackTab", "PageDown", "Space", "F1",
        ] {
            assert_eq!(key(text).spelled(), text);
        }
        let bell = Key {
            code: KeyCode::Char('\u{7}'),
            ctrl: false,
            alt: false,
        };
        assert_eq!(bell.spelled(), "\\u{7}", "no raw control character");
    }

    #[test]
    fn a_user_file_overrides_only_what_it_names() {
        let mut map = Keymap::default();
        map.patch("queue = [{ action = \"down\", keys = [\"n\"] }]")
            .unwrap();
        assert_eq!(map.action(Mode::Queue, key("n")), Some(Action::Down));
        assert_eq!(map.action(Mode::Queue, key("j")), None);
        assert_eq!(map.action(Mode::Queue, key("k")), Some(Action::Up));
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let mut map = Keymap::default();
        let e = map
            .patch("queue = [{ action = \"fly\", keys = [\"n\"] }]")
            .unwrap_err();
        assert!(e.to_string().contains("unknown action `fly`"), "{e}");
        let e = map
            .patch("queue = [{ action = \"up\", keys = [\"Hyper-n\"] }]")
            .unwrap_err();
        assert!(e.to_string().contains("unknown key `Hyper-n`"), "{e}");
        let e = map.patch("space = []").unwrap_err();
        assert!(matches!(e, KeymapError::UnknownMode(_)), "{e}");
        assert!(map.patch("queue = 3").is_err());
    }

    #[test]
    fn hints_come_from_the_table() {
        let map = Keymap::default();
        let hints = map.hints(Mode::Queue);
        assert!(hints.contains(&("/".to_string(), "filter")));
        assert!(hints.contains(&("q".to_string(), "quit")));
        assert!(!map.hints(Mode::Filter).iter().any(|(_, d)| *d == "quit"));
    }
}
