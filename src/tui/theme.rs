//! Semantic themes: every style the TUI draws is named by its role (selected, loss,
//! gain, differs, muted, header, ...), read from a flat TOML file per theme
//! (`themes/dark.toml`, `themes/light.toml`, compiled in). Views ask for a role, never
//! for a colour. With `NO_COLOR` set the theme drops every colour but keeps (and, where
//! a role was told apart by colour alone, adds) reverse, bold, underline and italic, so
//! the selection, diff marks and focus stay visible.

use std::collections::BTreeMap;
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// A role a style plays on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Normal,
    Title,
    Header,
    Border,
    Focus,
    Selected,
    Muted,
    Key,
    Status,
    Ready,
    Busy,
    Error,
    /// A correct-to-wrong flip.
    Loss,
    /// A wrong-to-correct flip.
    Gain,
    /// A pair whose verdict did not move.
    Stable,
    Correct,
    Wrong,
    /// Text that differs between the two sides of a diff.
    Differs,
    /// A truth-table row where the expressions disagree.
    Disagree,
    True,
    False,
    Keyword,
    Type,
    Number,
    String,
    Comment,
    Operator,
}

impl Role {
    pub const ALL: [Role; 27] = [
        Role::Normal,
        Role::Title,
        Role::Header,
        Role::Border,
        Role::Focus,
        Role::Selected,
        Role::Muted,
        Role::Key,
        Role::Status,
        Role::Ready,
        Role::Busy,
        Role::Error,
        Role::Loss,
        Role::Gain,
        Role::Stable,
        Role::Correct,
        Role::Wrong,
        Role::Differs,
        Role::Disagree,
        Role::True,
        Role::False,
        Role::Keyword,
        Role::Type,
        Role::Number,
        Role::String,
        Role::Comment,
        Role::Operator,
    ];

    /// The role's name in theme files.
    pub fn name(self) -> &'static str {
        match self {
            Role::Normal => "normal",
            Role::Title => "title",
            Role::Header => "header",
            Role::Border => "border",
            Role::Focus => "focus",
            Role::Selected => "selected",
            Role::Muted => "muted",
            Role::Key => "key",
            Role::Status => "status",
            Role::Ready => "ready",
            Role::Busy => "busy",
            Role::Error => "error",
            Role::Loss => "loss",
            Role::Gain => "gain",
            Role::Stable => "stable",
            Role::Correct => "correct",
            Role::Wrong => "wrong",
            Role::Differs => "differs",
            Role::Disagree => "disagree",
            Role::True => "true",
            Role::False => "false",
            Role::Keyword => "keyword",
            Role::Type => "type",
            Role::Number => "number",
            Role::String => "string",
            Role::Comment => "comment",
            Role::Operator => "operator",
        }
    }
}

/// Which of the compiled-in themes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeKind {
    Dark,
    Light,
}

impl ThemeKind {
    /// Guesses the background from `COLORFGBG` (set by rxvt, Konsole and others as
    /// `fg;bg`): a light background colour (7 or 15) picks the light theme.
    pub fn detect() -> ThemeKind {
        match std::env::var("COLORFGBG") {
            Ok(v) => match v.rsplit(';').next().and_then(|bg| bg.parse::<u8>().ok()) {
                Some(7 | 15) => ThemeKind::Light,
                _ => ThemeKind::Dark,
            },
            Err(_) => ThemeKind::Dark,
        }
    }

    /// `dark` or `light`, as the status line says it.
    pub fn name(self) -> &'static str {
        match self {
            ThemeKind::Dark => "dark",
            ThemeKind::Light => "light",
        }
    }

    pub fn toggled(self) -> ThemeKind {
        match self {
            ThemeKind::Dark => ThemeKind::Light,
            ThemeKind::Light => ThemeKind::Dark,
        }
    }
}

/// A problem in a theme file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    #[error("theme: {0}")]
    Toml(String),
    #[error("theme: unknown role `{0}`")]
    UnknownRole(String),
    #[error("theme: role `{role}`: unknown colour `{colour}`: expected a name, #rrggbb or 0-255")]
    UnknownColour { role: String, colour: String },
    #[error(
        "theme: role `{role}`: unknown modifier `{modifier}`: expected bold, dim, italic, underlined or reversed"
    )]
    UnknownModifier { role: String, modifier: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStyle {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    modifiers: Vec<String>,
}

/// A style per role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub kind: ThemeKind,
    /// Whether the theme draws colours (`false` under `NO_COLOR`).
    pub colours: bool,
    styles: BTreeMap<Role, Style>,
}

/// Whether `NO_COLOR` asks for no colours (set and not empty, per no-color.org).
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// What a role keeps on screen when colours are off: the attributes that tell it
/// apart where its colour did.
fn plain_attributes(role: Role) -> Modifier {
    match role {
        Role::Title | Role::Header | Role::Key | Role::Error | Role::Focus => Modifier::BOLD,
        Role::Selected => Modifier::REVERSED,
        Role::Differs => Modifier::UNDERLINED | Modifier::BOLD,
        Role::Disagree | Role::Loss | Role::True | Role::Keyword => Modifier::BOLD,
        Role::Comment => Modifier::ITALIC,
        _ => Modifier::empty(),
    }
}

impl Theme {
    /// One of the compiled-in themes.
    pub fn builtin(kind: ThemeKind) -> Theme {
        let text = match kind {
            ThemeKind::Dark => include_str!("../../themes/dark.toml"),
            ThemeKind::Light => include_str!("../../themes/light.toml"),
        };
        Theme::parse(kind, text).expect("the compiled-in themes are valid")
    }

    /// The same roles without colours: only their attributes, and those `NO_COLOR`
    /// needs to keep them apart (`plain_attributes`).
    pub fn without_colours(mut self) -> Theme {
        for (role, style) in self.styles.iter_mut() {
            let modifiers = style.add_modifier | plain_attributes(*role);
            *style = Style::new().add_modifier(modifiers);
        }
        self.colours = false;
        self
    }

    /// The other built-in theme, with or without colours as this one.
    pub fn toggled(&self) -> Theme {
        let other = Theme::builtin(self.kind.toggled());
        if self.colours {
            other
        } else {
            other.without_colours()
        }
    }

    /// Parses a theme file.
    pub fn parse(kind: ThemeKind, text: &str) -> Result<Theme, ThemeError> {
        let raw: BTreeMap<String, RawStyle> =
            toml::from_str(text).map_err(|e| ThemeError::Toml(e.to_string()))?;
        let mut styles = BTreeMap::new();
        for (name, raw) in raw {
            let role = Role::ALL
                .into_iter()
                .find(|r| r.name() == name)
                .ok_or_else(|| ThemeError::UnknownRole(name.clone()))?;
            let colour = |c: &Option<String>| -> Result<Option<Color>, ThemeError> {
                c.as_ref()
                    .map(|c| {
                        Color::from_str(c).map_err(|_| ThemeError::UnknownColour {
                            role: name.clone(),
                            colour: c.clone(),
                        })
                    })
                    .transpose()
            };
            let mut style = Style::default();
            if let Some(fg) = colour(&raw.fg)? {
                style = style.fg(fg);
            }
            if let Some(bg) = colour(&raw.bg)? {
                style = style.bg(bg);
            }
            for m in &raw.modifiers {
                let modifier = match m.as_str() {
                    "bold" => Modifier::BOLD,
                    "dim" => Modifier::DIM,
                    "italic" => Modifier::ITALIC,
                    "underlined" => Modifier::UNDERLINED,
                    "reversed" => Modifier::REVERSED,
                    _ => {
                        return Err(ThemeError::UnknownModifier {
                            role: name.clone(),
                            modifier: m.clone(),
                        });
                    }
                };
                style = style.add_modifier(modifier);
            }
            styles.insert(role, style);
        }
        Ok(Theme {
            kind,
            colours: true,
            styles,
        })
    }

    /// The style of a role (the default style when the theme leaves it out).
    pub fn style(&self, role: Role) -> Style {
        self.styles.get(&role).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_builtin_themes_name_every_role() {
        for kind in [ThemeKind::Dark, ThemeKind::Light] {
            let theme = Theme::builtin(kind);
            for role in Role::ALL {
                assert!(
                    theme.styles.contains_key(&role),
                    "{kind:?} lacks {}",
                    role.name()
                );
            }
            assert!(
                theme
                    .style(Role::Selected)
                    .add_modifier
                    .contains(Modifier::REVERSED)
            );
        }
    }

    #[test]
    fn without_colours_every_role_keeps_its_attributes_and_no_colour() {
        for kind in [ThemeKind::Dark, ThemeKind::Light] {
            let theme = Theme::builtin(kind).without_colours();
            for role in Role::ALL {
                let s = theme.style(role);
                assert_eq!((s.fg, s.bg), (None, None), "{kind:?} {}", role.name());
            }
            let has = |r: Role, m: Modifier| theme.style(r).add_modifier.contains(m);
            assert!(has(Role::Selected, Modifier::REVERSED));
            assert!(has(Role::Differs, Modifier::UNDERLINED));
            assert!(has(Role::Focus, Modifier::BOLD));
            assert!(has(Role::Disagree, Modifier::BOLD));
            assert!(!theme.toggled().colours, "T keeps colours off");
        }
    }

    #[test]
    fn the_light_theme_never_draws_light_grey_or_white_text() {
        let theme = Theme::builtin(ThemeKind::Light);
        for role in Role::ALL {
            let fg = theme.style(role).fg;
            assert!(
                !matches!(
                    fg,
                    Some(Color::Gray | Color::White | Color::Indexed(7 | 15))
                ),
                "light theme role {} uses {fg:?}, unreadable on a light background",
                role.name()
            );
        }
    }

    #[test]
    fn bad_theme_files_say_what_is_wrong() {
        let e = Theme::parse(ThemeKind::Dark, "shiny = {}").unwrap_err();
        assert_eq!(e, ThemeError::UnknownRole("shiny".into()));
        let e = Theme::parse(ThemeKind::Dark, "loss = { fg = \"blurple\" }").unwrap_err();
        assert!(matches!(e, ThemeError::UnknownColour { .. }), "{e}");
        let e = Theme::parse(ThemeKind::Dark, "loss = { modifiers = [\"blink\"] }").unwrap_err();
        assert!(matches!(e, ThemeError::UnknownModifier { .. }), "{e}");
    }
}
