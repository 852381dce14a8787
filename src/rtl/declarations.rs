//! What a design declares that the semantics reads: the width of each signal (ports,
//! variables and nets, packed dimensions evaluated), and its named constants
//! (`localparam`, `parameter` defaults, enum members with their implicit values).
//! File-wide: a name declared twice with different widths or values is left out.

use std::collections::{BTreeMap, BTreeSet};

use sv_parser::{RefNode, SyntaxTree};

use super::const_eval::{Tok, eval, lex};
use super::text::compact;
use crate::logic::{Constant, Declarations};

/// Reads the declarations of a parsed text.
pub fn read(tree: &SyntaxTree) -> Declarations {
    let mut r = Reader::default();
    for node in tree {
        match node {
            RefNode::LocalParameterDeclarationParam(p) => {
                let width = r.parameter_width(&lex(&compact(tree, &p.nodes.1)));
                r.parameters(tree, RefNode::from(&p.nodes.2), width);
            }
            RefNode::ParameterDeclarationParam(p) => {
                let width = r.parameter_width(&lex(&compact(tree, &p.nodes.1)));
                r.parameters(tree, RefNode::from(&p.nodes.2), width);
            }
            RefNode::ParameterPortDeclarationParamList(p) => {
                let width = r.parameter_width(&lex(&compact(tree, &p.nodes.0)));
                r.parameters(tree, RefNode::from(&p.nodes.1), width);
            }
            RefNode::ParamAssignment(a) => {
                // One not inside a declaration above (`#(W = 8)`): no declared type.
                let name = compact(tree, &a.nodes.0);
                if !r.seen_parameters.contains(&name) {
                    r.parameter(tree, a, None);
                }
            }
            RefNode::DataTypeEnum(e) => r.enumeration(tree, e),
            RefNode::TypeDeclarationDataType(t) => {
                let name = compact(tree, &t.nodes.2);
                let width = if t.nodes.3.is_empty() {
                    r.type_width(&lex(&compact(tree, &t.nodes.1)))
                } else {
                    None
                };
                r.typedefs.insert(name, width);
            }
            RefNode::AnsiPortDeclarationNet(_) | RefNode::AnsiPortDeclarationVariable(_) => {
                let tokens = lex(&compact(tree, sv_parser::RefNodes(vec![node])));
                r.ansi_port(&tokens);
            }
            RefNode::InputDeclarationNet(_)
            | RefNode::InputDeclarationVariable(_)
            | RefNode::OutputDeclarationNet(_)
            | RefNode::OutputDeclarationVariable(_)
            | RefNode::InoutDeclaration(_)
            | RefNode::DataDeclarationVariable(_)
            | RefNode::NetDeclarationNetType(_)
            // `state_t state;` reads as a net of a user net type.
            | RefNode::NetDeclarationNetTypeIdentifier(_) => {
                let tokens = lex(&compact(tree, sv_parser::RefNodes(vec![node])));
                r.declaration(&tokens);
            }
            _ => {}
        }
    }
    r.finish()
}

#[derive(Default)]
struct Reader {
    widths: BTreeMap<String, Option<u32>>,
    constants: BTreeMap<String, Constant>,
    conflicting: BTreeSet<String>,
    typedefs: BTreeMap<String, Option<u32>>,
    seen_parameters: BTreeSet<String>,
    /// The width of the last ANSI port with a type (a port without one takes it).
    last_port: Option<Option<u32>>,
}

const SKIPPED: [&str; 24] = [
    "input",
    "output",
    "inout",
    "ref",
    "wire",
    "wand",
    "wor",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "uwire",
    "supply0",
    "supply1",
    "var",
    "const",
    "automatic",
    "static",
    "signed",
    "unsigned",
    "localparam",
    "parameter",
];

impl Reader {
    fn finish(self) -> Declarations {
        let widths = self
            .widths
            .into_iter()
            .filter(|(n, _)| !self.conflicting.contains(n))
            .filter_map(|(n, w)| Some((n, w?)))
            .collect();
        let constants = self
            .constants
            .into_iter()
            .filter(|(n, _)| !self.conflicting.contains(n))
            .collect();
        Declarations { widths, constants }
    }

    fn define_width(&mut self, name: &str, width: Option<u32>) {
        match self.widths.get(name) {
            Some(w) if *w != width => {
                self.conflicting.insert(name.to_string());
            }
            _ => {
                self.widths.insert(name.to_string(), width);
            }
        }
    }

    fn define_constant(&mut self, name: &str, value: i128, width: Option<u32>) {
        let Ok(mut value) = u128::try_from(value) else {
            // A negative constant: two's complement of its width, when known.
            match width {
                Some(w) if w < 128 => {
                    let v = (value as u128) & ((1u128 << w) - 1);
                    return self.define_constant(name, v as i128, width);
                }
                _ => {
                    self.conflicting.insert(name.to_string());
                    return;
                }
            }
        };
        if let Some(w) = width.filter(|&w| w < 128) {
            value &= (1u128 << w) - 1;
        }
        let c = Constant {
            text: name.to_string(),
            width,
            value: Some(value),
            has_xz: false,
        };
        match self.constants.get(name) {
            Some(old) if old.value != c.value => {
                self.conflicting.insert(name.to_string());
            }
            _ => {
                self.constants.insert(name.to_string(), c);
            }
        }
    }

    /// The `ParamAssignment`s under `list`, with a declared width.
    fn parameters(&mut self, tree: &SyntaxTree, list: RefNode<'_>, width: Option<u32>) {
        let assignments: Vec<_> = list
            .into_iter()
            .filter_map(|n| match n {
                RefNode::ParamAssignment(a) => Some(a),
                _ => None,
            })
            .collect();
        for a in assignments {
            self.parameter(tree, a, width);
        }
    }

    fn parameter(&mut self, tree: &SyntaxTree, a: &sv_parser::ParamAssignment, width: Option<u32>) {
        let name = compact(tree, &a.nodes.0);
        self.seen_parameters.insert(name.clone());
        if !a.nodes.1.is_empty() {
            return;
        }
        let Some((_, value)) = &a.nodes.2 else {
            return;
        };
        let tokens = lex(&compact(tree, value));
        match eval(&tokens, &self.constants) {
            Some(v) => self.define_constant(&name, v.value, width.or(v.width)),
            None => {
                self.conflicting.insert(name);
            }
        }
    }

    fn enumeration(&mut self, tree: &SyntaxTree, e: &sv_parser::DataTypeEnum) {
        let base = match &e.nodes.1 {
            Some(b) => self.type_width(&lex(&compact(tree, b))),
            None => Some(32),
        };
        let mut next: i128 = 0;
        let members: Vec<_> = RefNode::from(e)
            .into_iter()
            .filter_map(|n| match n {
                RefNode::EnumNameDeclaration(m) => Some(m),
                _ => None,
            })
            .collect();
        for m in members {
            let name = compact(tree, &m.nodes.0);
            if m.nodes.1.is_some() {
                // `A[2]` declares A0, A1: not followed.
                return;
            }
            let value = match &m.nodes.2 {
                Some((_, expr)) => match eval(&lex(&compact(tree, expr)), &self.constants) {
                    Some(v) => v.value,
                    None => {
                        self.conflicting.insert(name);
                        return;
                    }
                },
                None => next,
            };
            self.define_constant(&name, value, base);
            next = value + 1;
        }
    }

    /// A port of an ANSI list: `input logic [7:0] a`, or just `b` (the previous
    /// port's type).
    fn ansi_port(&mut self, tokens: &[Tok]) {
        let Some((name, type_tokens, array)) = declarator(tokens) else {
            return;
        };
        let width = if type_tokens.is_empty() {
            self.last_port.unwrap_or(Some(1))
        } else {
            let w = self.type_width(type_tokens);
            self.last_port = Some(w);
            w
        };
        self.define_width(&name, if array { None } else { width });
    }

    /// `TYPE a [= ...], b [...], ...;`
    fn declaration(&mut self, tokens: &[Tok]) {
        let tokens = match tokens.last() {
            Some(t) if t.is(";") => &tokens[..tokens.len() - 1],
            _ => tokens,
        };
        let segments = split_top(tokens, ",");
        let Some((name, type_tokens, array)) = segments.first().and_then(|s| declarator(s)) else {
            return;
        };
        let width = self.type_width(type_tokens);
        self.define_width(&name, if array { None } else { width });
        for segment in &segments[1..] {
            if let Some((name, _, array)) = declarator(segment) {
                self.define_width(&name, if array { None } else { width });
            }
        }
    }

    /// The declared width of a parameter: none when only its value gives one
    /// (`localparam A = 2'd1`, `parameter signed B = -1`).
    fn parameter_width(&self, tokens: &[Tok]) -> Option<u32> {
        if tokens.iter().all(|t| t.is("signed") || t.is("unsigned")) {
            None
        } else {
            self.type_width(tokens)
        }
    }

    /// The width of a data type written as tokens (`input logic [7:0]`, `state_t`,
    /// `int`, `enum logic [1:0] {...}`, or nothing: 1 bit).
    fn type_width(&self, tokens: &[Tok]) -> Option<u32> {
        let mut width: u32 = 1;
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                Tok::Ident(k) if SKIPPED.contains(&k.as_str()) => {}
                Tok::Ident(k) if matches!(k.as_str(), "logic" | "reg" | "bit") => {}
                Tok::Ident(k) => {
                    let atom = match k.as_str() {
                        "byte" => Some(8),
                        "shortint" => Some(16),
                        "int" | "integer" => Some(32),
                        "longint" | "time" => Some(64),
                        _ => None,
                    };
                    width = match atom {
                        Some(w) => w,
                        None if k == "enum" => {
                            let open = tokens.iter().position(|t| t.is("{"))?;
                            let base = &tokens[i + 1..open];
                            return if base.is_empty() {
                                Some(32)
                            } else {
                                self.type_width(base)
                            };
                        }
                        None => (*self.typedefs.get(k)?)?,
                    };
                }
                Tok::Op(o) if o == "[" => {
                    let close = matching(tokens, i, "[", "]")?;
                    let inside = &tokens[i + 1..close];
                    let parts = split_top(inside, ":");
                    let [hi, lo] = parts.as_slice() else {
                        return None;
                    };
                    let hi = eval(hi, &self.constants)?.value;
                    let lo = eval(lo, &self.constants)?.value;
                    let bits = u32::try_from(hi.abs_diff(lo) + 1).ok()?;
                    width = width.checked_mul(bits)?;
                    i = close;
                }
                _ => return None,
            }
            i += 1;
        }
        Some(width)
    }
}

/// The declared name of `tokens` (`logic [3:0] a [0:7] = 0`): the name, the type's
/// tokens before it, and whether it has unpacked dimensions (an array).
fn declarator(tokens: &[Tok]) -> Option<(String, &[Tok], bool)> {
    let end = split_top(tokens, "=")
        .first()
        .map_or(tokens.len(), |s| s.len());
    let mut tokens = &tokens[..end];
    let mut array = false;
    while tokens.last().is_some_and(|t| t.is("]")) {
        let open = (0..tokens.len()).rev().find(|&i| {
            tokens[i].is("[") && matching(tokens, i, "[", "]") == Some(tokens.len() - 1)
        })?;
        tokens = &tokens[..open];
        array = true;
    }
    match tokens.last()? {
        Tok::Ident(name) => Some((name.clone(), &tokens[..tokens.len() - 1], array)),
        _ => None,
    }
}

/// The index of the token closing the bracket at `open`.
fn matching(tokens: &[Tok], open: usize, o: &str, c: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        if t.is(o) {
            depth += 1;
        } else if t.is(c) {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// `tokens` split at `separator` outside brackets, parentheses and braces.
fn split_top<'t>(tokens: &'t [Tok], separator: &str) -> Vec<&'t [Tok]> {
    let mut out = Vec::new();
    let mut depth = 0isize;
    let mut from = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t {
            Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{" | "'{") => depth += 1,
            Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => depth -= 1,
            t if depth == 0 && t.is(separator) => {
                out.push(&tokens[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(&tokens[from..]);
    out
}
