//! The prompts: a template (the built-in `vert` and `equivsva`, or a user's file)
//! rendered over one (program, variant) with named placeholders. Templates use Jinja
//! syntax (minijinja): `{{ rtl }}`, `{% if synchronous %}...{% else %}...{% endif %}`;
//! an unknown placeholder is an error, found when the template is loaded.

mod equivsva;
mod inputs;

use std::path::Path;

use minijinja::{Environment, UndefinedBehavior, syntax::SyntaxConfig};
use sha2::{Digest, Sha256};

pub use crate::study::equivsva::{describe_clock, describe_reset};
pub use equivsva::inputs_from_spec;
pub use inputs::{PLACEHOLDERS, PromptInputs, RESET_DESCRIPTION, program_reset};

use crate::study::source::hex;
use crate::text::line_column;

/// The built-in template of the study's prompt specification.
const VERT: &str = include_str!("../templates/vert.txt");
/// EquivSVA's task prompt, word for word.
const EQUIVSVA: &str = include_str!("../templates/equivsva.txt");

/// SHA-256 of the built-in `equivsva` template.
fn equivsva_sha256() -> String {
    hex(&Sha256::digest(EQUIVSVA.as_bytes()))
}

/// The one name every template is registered under in its environment.
const NAME: &str = "prompt";

/// A template that cannot be used, located in its file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct TemplateError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// A loaded, checked prompt template.
pub struct PromptTemplate {
    /// `vert`, `equivsva`, or the file as named on the command line.
    name: String,
    /// SHA-256 of the template's text (part of the settings a run is compared on).
    sha256: String,
    env: Environment<'static>,
}

impl std::fmt::Debug for PromptTemplate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PromptTemplate")
            .field("name", &self.name)
            .field("sha256", &self.sha256)
            .finish()
    }
}

impl PromptTemplate {
    /// `vert`, `equivsva`, or the path of a template file.
    pub fn load(spec: &str) -> Result<Self, TemplateError> {
        match spec {
            "vert" => Self::from_text("vert", VERT.to_string()),
            "equivsva" => Self::from_text("equivsva", EQUIVSVA.to_string()),
            path => {
                let text = std::fs::read_to_string(Path::new(path)).map_err(|e| TemplateError {
                    file: path.to_string(),
                    line: 1,
                    column: 1,
                    message: format!("cannot read the prompt template: {e}"),
                })?;
                Self::from_text(path, text)
            }
        }
    }

    /// A template from its text; `name` is how it is recorded and named in errors.
    pub fn from_text(name: &str, text: String) -> Result<Self, TemplateError> {
        let sha256 = hex(&Sha256::digest(text.as_bytes()));
        let mut env = Environment::new();
        let syntax = SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .expect("the default delimiters are valid");
        env.set_syntax(syntax);
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.add_template_owned(NAME, text.clone())
            .map_err(|e| locate(name, &text, &e))?;
        let template = Self {
            name: name.to_string(),
            sha256,
            env,
        };
        // Unknown placeholders show up only when rendered: try both kinds of record.
        for synchronous in [true, false] {
            let probe = PromptInputs::probe(synchronous);
            template.render(&probe).map_err(|e| match e {
                RenderError::Template(e) => locate(name, &text, &e),
            })?;
        }
        Ok(template)
    }

    /// How the template is recorded in a generation's `meta`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// SHA-256 of the template's text.
    pub fn sha256(&self) -> &str {
        &self.sha256
    }

    /// The user message for one (program, variant): for the built-in `equivsva`
    /// template, the prompt the study records as rendered (byte for byte) when it has
    /// one; else the template rendered over the inputs.
    pub fn prompt(&self, inputs: &PromptInputs) -> Result<String, RenderError> {
        match &inputs.recorded {
            Some(recorded) if self.name == "equivsva" && self.sha256 == equivsva_sha256() => {
                Ok(recorded.clone())
            }
            _ => self.render(inputs),
        }
    }

    /// The template rendered over one (program, variant)'s inputs.
    pub fn render(&self, inputs: &PromptInputs) -> Result<String, RenderError> {
        let template = self.env.get_template(NAME).map_err(RenderError::Template)?;
        template
            .render(inputs.context())
            .map_err(RenderError::Template)
    }
}

/// Rendering failed (only for inputs a checked template cannot foresee).
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("{0}")]
    Template(minijinja::Error),
}

/// A minijinja error as a located one: line from the error, column from its byte range.
fn locate(name: &str, text: &str, e: &minijinja::Error) -> TemplateError {
    let (line, column) = match e.range() {
        Some(range) => line_column(text, range.start),
        None => (e.line().unwrap_or(1), 1),
    };
    let mut message = match e.kind() {
        minijinja::ErrorKind::UndefinedError => format!(
            "unknown placeholder (the placeholders are {})",
            PLACEHOLDERS.join(", ")
        ),
        _ => e
            .detail()
            .map_or_else(|| e.kind().to_string(), str::to_string),
    };
    if let (minijinja::ErrorKind::UndefinedError, Some(detail)) = (e.kind(), e.detail()) {
        message = format!("{detail}: {message}");
    }
    TemplateError {
        file: name.to_string(),
        line,
        column,
        message,
    }
}

#[cfg(test)]
mod tests;
