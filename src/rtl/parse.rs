//! The sv-parser call: parses a wrapped text, maps its errors to the user's own
//! coordinates with a message saying what was expected, and extracts the behaviors.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use super::behavior::{Behavior, assign_ids};
use super::error::RtlError;
use super::source::{SourceKind, Wrapped};
use super::walk::extract;

/// The behaviors of an RTL text (a module or a fragment), ids assigned. Fragments get
/// no clock here: the program's own fields decide it (see [`with_fragment_clock`]).
pub fn analyse(source: &str) -> Result<(SourceKind, Vec<Behavior>), RtlError> {
    analyse_wrapped(&Wrapped::new(source))
}

/// [`analyse`] of an already wrapped text.
pub fn analyse_wrapped(wrapped: &Wrapped) -> Result<(SourceKind, Vec<Behavior>), RtlError> {
    let parsed = catch_unwind(AssertUnwindSafe(|| {
        sv_parser::parse_sv_str(
            &wrapped.text,
            PathBuf::from("flipscope.sv"),
            &HashMap::new(),
            &[] as &[PathBuf],
            true,
            false,
        )
        .map(|(tree, _)| extract(&tree, wrapped))
    }));
    match parsed {
        Ok(Ok(mut behaviors)) => {
            assign_ids(&mut behaviors);
            Ok((wrapped.kind, behaviors))
        }
        Ok(Err(e)) => Err(syntax_error(wrapped, e)),
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".to_string());
            Err(RtlError::Internal(text))
        }
    }
}

/// Sets a fragment's clock (from the program's fields) on behaviors without one.
pub fn with_fragment_clock(
    kind: SourceKind,
    mut behaviors: Vec<Behavior>,
    clock: Option<&str>,
) -> Vec<Behavior> {
    if kind == SourceKind::Fragment {
        let clock = clock
            .map(crate::rtl::text::normalise_white_space)
            .filter(|c| !c.is_empty());
        for b in &mut behaviors {
            b.clock.clone_from(&clock);
        }
    }
    behaviors
}

fn syntax_error(wrapped: &Wrapped, e: sv_parser::Error) -> RtlError {
    let (offset, what) = match e {
        sv_parser::Error::Parse(place) => (place.map(|(_, o)| o), "syntax error"),
        sv_parser::Error::Preprocess(place) => (place.map(|(_, o)| o), "preprocessor error"),
        other => {
            return RtlError::Syntax {
                line: 1,
                column: 1,
                message: other.to_string(),
            };
        }
    };
    let offset = offset.unwrap_or(wrapped.text.len());
    let (line, column) = wrapped.position(offset);
    let unit = match wrapped.kind {
        SourceKind::Fragment => "fragment",
        SourceKind::Module => "file",
    };
    let message = match wrapped.token_at(offset) {
        Some(token)
            if !wrapped.is_past_end(offset) && missing_semicolon(wrapped, offset).is_some() =>
        {
            let before = missing_semicolon(wrapped, offset).unwrap_or(line);
            format!("{what} at `{token}`: expected `;` to end the statement on line {before} first")
        }
        Some(token) if !wrapped.is_past_end(offset) => format!(
            "{what} at `{token}`: expected a statement, an expression or `;` here \
             (a missing `;` on the line before, or an unbalanced `begin`/`end`?)"
        ),
        _ => format!("{what}: the {unit} ends too early (a missing `;`, `end` or `endcase`?)"),
    };
    RtlError::Syntax {
        line,
        column,
        message,
    }
}

/// When the error token starts a line and the previous line ends in a word or `]`
/// (`a <= b` then `c = d`), the likely cause is a missing `;`: the previous line.
fn missing_semicolon(wrapped: &Wrapped, offset: usize) -> Option<usize> {
    let before = wrapped.text.get(..offset)?;
    let trimmed = before.trim_end_matches([' ', '\t', '\r']);
    let code = trimmed.strip_suffix('\n')?.trim_end();
    let last = code.chars().last()?;
    let ends_statement = last.is_ascii_alphanumeric() || last == '_' || last == ']';
    let keyword = ["begin", "end", "else", "endcase", "default"]
        .iter()
        .any(|k| {
            code.ends_with(k)
                && !code[..code.len() - k.len()]
                    .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        });
    (ends_statement && !keyword).then(|| wrapped.position(code.len()).0)
}
