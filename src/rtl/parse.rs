//! The sv-parser call: checks a wrapped text against flipscope's limits (size, macro
//! expansion, nesting), preprocesses and parses it on a deep stack, maps its errors to
//! the user's own coordinates with a message saying what was expected, and extracts
//! the behaviors.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use sv_parser::{PreprocessedText, SyntaxTree};

use super::behavior::{Behavior, assign_ids};
use super::error::{RtlError, RtlWarning};
use super::limits;
use super::macros::{self, Directives};
use super::source::{SourceKind, Wrapped};
use super::stack::on_deep_stack;
use super::walk::extract;

/// The behaviors of an RTL text (a module or a fragment), ids assigned. Fragments get
/// no clock here: the program's own fields decide it (see [`with_fragment_clock`]).
pub fn analyse(source: &str) -> Result<(SourceKind, Vec<Behavior>), RtlError> {
    analyse_wrapped(&Wrapped::new(source))
}

/// [`analyse`] of an already wrapped text.
pub fn analyse_wrapped(wrapped: &Wrapped) -> Result<(SourceKind, Vec<Behavior>), RtlError> {
    on_deep_stack(|| {
        guarded(|| {
            let tree = parse_checked(wrapped)?;
            let mut behaviors = extract(&tree, wrapped)?;
            assign_ids(&mut behaviors);
            Ok((wrapped.kind, behaviors))
        })
    })
}

/// The syntax tree of an already wrapped text, for callers that edit the text by the
/// spans of its nodes (`transform`); errors as in [`analyse_wrapped`]. Call it inside
/// [`super::stack::on_deep_stack`], and walk and drop the tree there: sv-parser
/// recurses on every level of nesting (a syntax tree cannot move between threads).
pub fn parse_tree(wrapped: &Wrapped) -> Result<SyntaxTree, RtlError> {
    guarded(|| parse_checked(wrapped))
}

/// What the text's directives call for, though they do not stop the analysis: every
/// `` `include `` (never followed), located in the user's text.
pub fn warnings(source: &str) -> Vec<RtlWarning> {
    let wrapped = Wrapped::new(source);
    let found = match macros::scan(&wrapped.text) {
        Ok(found) => found,
        Err(_) => return Vec::new(),
    };
    found
        .includes
        .iter()
        .filter(|(at, _)| wrapped.user_offset(*at).is_some())
        .map(|(at, what)| {
            let (line, column) = wrapped.position(*at);
            RtlWarning {
                line,
                column,
                message: format!(
                    "`include {what} is not followed: flipscope reads one text, so what the \
                     included file declares or defines is missing"
                ),
            }
        })
        .collect()
}

/// Runs `f`, turning a panic inside sv-parser into [`RtlError::Internal`].
fn guarded<T>(f: impl FnOnce() -> Result<T, RtlError>) -> Result<T, RtlError> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
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

/// The name sv-parser gives the text in its positions.
const PATH: &str = "flipscope.sv";

/// Checks the limits, preprocesses, checks the shape of what came out, and parses.
fn parse_checked(wrapped: &Wrapped) -> Result<SyntaxTree, RtlError> {
    let at = |offset: usize, message: String| {
        let (line, column) = wrapped.position(offset);
        RtlError::Syntax {
            line,
            column,
            message,
        }
    };
    limits::check_size(wrapped.user_text().len()).map_err(|e| at(0, e.message))?;
    let directives = macros::scan(&wrapped.text).map_err(|e| at(e.offset, e.message))?;
    let (text, defines) = sv_parser::preprocess_str(
        &wrapped.text,
        PathBuf::from(PATH),
        &HashMap::new(),
        &[] as &[PathBuf],
        true,
        false,
        0,
        0,
    )
    .map_err(|e| preprocess_error(wrapped, &directives, e))?;
    limits::check_shape(text.text(), wrapped.user_region(text.text()))
        .map_err(|e| at(origin(&text, e.offset), e.message))?;
    sv_parser::parse_sv_pp(text, defines, false)
        .map(|(tree, _)| tree)
        .map_err(|e| syntax_error(wrapped, e))
}

/// The offset in the wrapped text that an offset of the preprocessed text comes from
/// (inside a macro's body for expanded text).
fn origin(text: &PreprocessedText, offset: usize) -> usize {
    text.origin(offset).map_or(offset, |(_, o)| o)
}

/// A preprocessor error, placed where the pass of [`macros::scan`] saw its cause.
fn preprocess_error(wrapped: &Wrapped, found: &Directives, e: sv_parser::Error) -> RtlError {
    let at = |offset: usize, message: String| {
        let (line, column) = wrapped.position(offset);
        RtlError::Syntax {
            line,
            column,
            message,
        }
    };
    match e {
        sv_parser::Error::DefineNotFound(name) => match found.undefined.get(&name) {
            Some(&offset) => at(
                offset,
                format!("undefined macro `{name}`: no `define {name} comes before this use"),
            ),
            None => at(0, format!("undefined macro `{name}`")),
        },
        sv_parser::Error::DefineNoArgs(name) => {
            let offset = found.first_use.get(&name).copied().unwrap_or(0);
            at(
                offset,
                format!("macro `{name}` takes arguments: expected `{name}(...)`"),
            )
        }
        sv_parser::Error::Preprocess(_) if !found.open_conditionals.is_empty() => {
            let offset = *found.open_conditionals.last().expect("not empty");
            let directive = wrapped.text[offset..]
                .lines()
                .next()
                .unwrap_or("")
                .trim()
                .to_string();
            at(offset, format!("{directive} has no matching `endif"))
        }
        other => syntax_error(wrapped, other),
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
    // A comment or string never closed swallows what follows it: say so, where it
    // opens, rather than blame the text after it (the rule `prove` applies to designs;
    // the finder lives with the formal front end).
    if let Some(open) = super::unclosed::find(wrapped.user_text()) {
        let (line, column) = wrapped.position(wrapped.user_start() + open.offset());
        return RtlError::Syntax {
            line,
            column,
            message: open.message().to_string(),
        };
    }
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
