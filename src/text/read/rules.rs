//! The rules a reading follows: one value per caller ([`Rules::FRAGMENT_STRICT`],
//! [`Rules::FRAGMENT_LENIENT`], [`Rules::PROVER`]), each rule where the fragment scorer
//! and the prover read text differently an option with its own documented values.
//! docs/scoring.md ("One reader, three rule sets") lists them per caller.

/// How a text is read: what starts and ends a declaration, which statements are
/// read, what else is found and how things are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Whether anything outside a declaration breaks the text as a whole (a
    /// [`super::Violation`] at the first such token; a `;` right after a declaration
    /// is an empty item, not content).
    pub strict: bool,
    pub header: Header,
    pub end: End,
    pub incomplete: Incomplete,
    pub assertions: Assertions,
    /// Whether `sequence NAME; ... endsequence`, `default clocking ... @(EVENT)` and
    /// `default disable iff (EXPR);` are read.
    pub sequences_and_defaults: bool,
    pub names: Names,
}

/// Where a declaration starts and who reads its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// `property NAME` and any token after it (NAME any identifier but
    /// `endproperty`); the header is the parser's to judge (`property p:` is malformed
    /// to a generated text's parser, read as `property p;` in a reference).
    Parser,
    /// `property NAME;` or `property NAME(`: arguments are an unsupported issue and
    /// the body follows them. `property NAME` and any other token is a malformed
    /// declaration (a syntax issue at that token) when an `endproperty` closes it
    /// before any other `property`; else it is prose (`the property p_a checks ...`)
    /// and no declaration.
    /// `sequence NAME;` and `sequence NAME(` start a sequence the same way.
    Reader,
}

/// What ends a declaration besides its `endproperty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Any `property` token (an `assert property`'s too): the declaration then has
    /// no end.
    AnyProperty,
    /// The start of the next declaration, `property|sequence NAME ;|(`.
    NextDeclaration,
}

/// What becomes of a declaration without its end keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Incomplete {
    /// The text breaks as a whole: `the declaration of `p` at L:C has no `endproperty``.
    Violation,
    /// It is skipped; reading goes on at what ended it.
    Skip,
    /// It is kept with a syntax issue, its text running to its first `;`; reading
    /// goes on after that `;`.
    Keep,
}

/// Which `... property (...)` statements are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assertions {
    /// None: an `assert` is text outside a declaration.
    None,
    /// `[LABEL:] assert property (BODY)` up to its matching `)` (an `assert` without
    /// one is no statement). `NAME` or `NAME(ARGS)` without an implication is a
    /// reference to a declaration and adds nothing; any other body is a property of
    /// its own.
    Inline,
    /// `assert`, `assume`, `cover` and `restrict property (...)`, of which only
    /// `assert` is kept; a `;` before the matching `)` ends the statement with its
    /// `(` unclosed, an issue of the `assert`, and reading goes on after the `;` (at
    /// the end of the text, it stops). `[@(EVENT)] [disable iff (E)]
    /// NAME` asserts the declaration `NAME` (anywhere in the text) with that prefix;
    /// when none is declared, it is an inline property with a prefix, else an issue
    /// (`names no property declared in the text`). `NAME(ARGS)` is an inline property.
    Resolved,
}

/// How properties without a declared name are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// By label, else `assertion at LINE:COLUMN`; repeats stay as they are.
    Fragment,
    /// By label, else `assert_LINE_COLUMN`; a name seen again (declared ones too)
    /// gets `#2`, `#3`, ... in reading order.
    Prover,
}

impl Rules {
    /// The fragment scorer's strict contract: nothing but complete declarations.
    pub const FRAGMENT_STRICT: Rules = Rules {
        strict: true,
        header: Header::Parser,
        end: End::AnyProperty,
        incomplete: Incomplete::Violation,
        assertions: Assertions::None,
        sequences_and_defaults: false,
        names: Names::Fragment,
    };

    /// The fragment scorer's lenient reading: every complete declaration and inline
    /// assertion anywhere, the rest ignored.
    pub const FRAGMENT_LENIENT: Rules = Rules {
        strict: false,
        incomplete: Incomplete::Skip,
        assertions: Assertions::Inline,
        ..Rules::FRAGMENT_STRICT
    };

    /// The prover's: everything it can check, anything found kept with its issue.
    pub const PROVER: Rules = Rules {
        strict: false,
        header: Header::Reader,
        end: End::NextDeclaration,
        incomplete: Incomplete::Keep,
        assertions: Assertions::Resolved,
        sequences_and_defaults: true,
        names: Names::Prover,
    };
}
