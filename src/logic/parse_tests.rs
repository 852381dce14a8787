//! Unit tests of the antecedent parser.

use super::*;
use crate::logic::expr::Constant;
use crate::logic::lexer::Grammar;

fn p(t: &str) -> Expr {
    parse_expr(t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn err(t: &str) -> ParseError {
    parse_expr(t).unwrap_err()
}

fn id(n: &str) -> Expr {
    Expr::ident(n)
}

fn eq(l: &str, r: &str) -> Expr {
    Expr::Atom(Atom::Eq(Term::Ident(l.into()), Term::Ident(r.into())))
}

#[test]
fn and_binds_tighter_than_or() {
    assert_eq!(
        p("a || b && c"),
        Expr::or([id("a"), Expr::and([id("b"), id("c")])])
    );
    assert_eq!(
        p("a && b || c"),
        Expr::or([Expr::and([id("a"), id("b")]), id("c")])
    );
}

#[test]
fn equality_binds_tighter_than_and() {
    assert_eq!(p("a == b && c"), Expr::and([eq("a", "b"), id("c")]));
}

#[test]
fn not_binds_tighter_than_equality() {
    let e = p("!a == b");
    let expected = Expr::Atom(Atom::Eq(
        Term::Expr(Box::new(Expr::not(id("a")))),
        Term::Ident("b".into()),
    ));
    assert_eq!(e, expected);
}

#[test]
fn not_equal_is_negated_equality() {
    assert_eq!(p("a != b"), Expr::not(eq("a", "b")));
}

#[test]
fn parentheses_group_and_keep_branch_predicates() {
    assert_eq!(p("((a))"), id("a"));
    assert_eq!(
        p("(a || b) && c"),
        Expr::and([Expr::or([id("a"), id("b")]), id("c")])
    );
    assert_eq!(
        p("( a && b ) && ( c )"),
        Expr::and([Expr::and([id("a"), id("b")]), id("c")])
    );
    assert_eq!(p("( x ) == ( 4'hA )").to_string(), "x == 4'hA");
}

#[test]
fn constants_alone_are_true_or_false() {
    assert_eq!(p("1'b1"), Expr::Const(true));
    assert_eq!(p("1'b0"), Expr::Const(false));
    assert_eq!(p("3"), Expr::Const(true));
    assert_eq!(p("'d0"), Expr::Const(false));
    assert_eq!(p("a && 0"), Expr::and([id("a"), Expr::Const(false)]));
}

#[test]
fn constants_in_equalities_keep_their_text() {
    let Expr::Atom(Atom::Eq(l, Term::Const(c))) = p("sig == 8'b1010_xx01") else {
        panic!("not an equality")
    };
    assert_eq!(l, Term::Ident("sig".into()));
    assert_eq!(
        c,
        Constant {
            text: "8'b1010_xx01".into(),
            width: Some(8),
            value: None,
            has_xz: true
        }
    );
}

#[test]
fn compound_operands_become_expression_terms() {
    let e = p("(a && b) == 1'b1");
    let Expr::Atom(Atom::Eq(Term::Expr(inner), Term::Const(_))) = &e else {
        panic!("{e:?}")
    };
    assert_eq!(**inner, Expr::and([id("a"), id("b")]));
}

#[test]
fn accepts_hierarchical_and_escaped_names() {
    assert_eq!(p("top.u1.sig"), id("top.u1.sig"));
    assert_eq!(p("\\bus[3] && a"), Expr::and([id("\\bus[3]"), id("a")]));
}

#[test]
fn real_antecedent_from_vert() {
    let e = p("(  sig_3  && reg_6  && auth_5 ) &&  (  hw_2  && hw_11  || auth_41 )");
    assert_eq!(
        e.to_string(),
        "(sig_3 && reg_6 && auth_5) && (hw_2 && hw_11 || auth_41)"
    );
}

#[test]
fn reports_unsupported_operators_with_position() {
    let e = parse_expr_in("a &&\n  b & c", Grammar::Atoms).unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
    assert!(
        e.message.contains("unsupported operator `&` (bitwise AND)"),
        "{e}"
    );
    let e = err("a &&\n  b + c");
    assert_eq!((e.line, e.column), (2, 5));
    assert!(e.message.contains("unsupported operator `+`"), "{e}");
    assert!(err("f(a)").message.contains("function call `f(...)`"));
}

#[test]
fn reads_bit_and_part_selects_in_both_grammars() {
    for grammar in [Grammar::Atoms, Grammar::TwoState] {
        let e = parse_expr_in("a[3] && a[3:0] == 4'b1010", grammar).unwrap();
        assert_eq!(e.to_string(), "a[3] && a[3:0] == 4'b1010");
        let Expr::And(v) = &e else { panic!("{e:?}") };
        assert_eq!(v[0], Expr::Atom(Atom::Opaque("a[3]".into())));
        assert!(matches!(&v[1], Expr::Atom(Atom::Eq(Term::Opaque(t), _)) if t == "a[3:0]"));
    }
    assert!(err("a[").message.contains("index of a select"));
    assert!(err("a[1").message.contains("expected `]`"));
}

#[test]
fn a_lone_parenthesised_conjunction_is_one_conjunct() {
    let e = p("( e && f )");
    assert_eq!(
        e,
        Expr::and([Expr::and([id("e"), id("f")])]),
        "the lone group keeps its parentheses"
    );
    assert_eq!(crate::logic::top_level_conjuncts(&e).len(), 1);
    // The same predicate followed by another is numbered the same way: conjunct 1.
    let more = p("( e && f ) && g");
    assert_eq!(
        crate::logic::top_level_conjuncts(&more)[0],
        Expr::and([id("e"), id("f")])
    );
    // Without the parentheses, or when they are not around everything, no change.
    assert_eq!(p("e && f"), Expr::and([id("e"), id("f")]));
    assert_eq!(p("(e) && (f)"), Expr::and([id("e"), id("f")]));
    assert_eq!(p("(e || f)"), Expr::or([id("e"), id("f")]));
}

#[test]
fn two_state_grammar_reads_case_equality_and_bitwise_operators() {
    assert_eq!(p("a === b"), eq("a", "b"));
    assert_eq!(p("a !== b"), Expr::not(eq("a", "b")));
    assert_eq!(p("a | b"), Expr::or([id("a"), id("b")]));
    assert_eq!(p("a & b"), Expr::Atom(Atom::Opaque("a & b".into())));
    // `&` binds looser than `==`.
    assert_eq!(p("a & b == c").to_string(), "(a & (b == c))");
    // `b & &c` is b AND the reduction of c, not `b && c`.
    assert_eq!(p("b & &c"), Expr::Atom(Atom::Opaque("b & &c".into())));
    assert_ne!(p("b & &c"), p("b && c"));
    for text in ["a === b", "a & b", "~a", "&a"] {
        assert!(parse_expr_in(text, Grammar::Atoms).is_err(), "{text}");
    }
}

#[test]
fn reports_structural_mistakes() {
    assert!(err("").message.contains("found the end of the text"));
    assert!(err("   ").message.contains("expected an expression"));
    assert!(err("a &&").message.contains("expected an identifier"));
    assert!(
        err("(a && b")
            .message
            .contains("expected `)` to close the `(` at 1:1")
    );
    assert!(err("a)").message.contains("unmatched `)`"));
    assert!(err("a b").message.contains("found `b`"));
    assert!(err("()").message.contains("empty parentheses"));
    assert_eq!(err("a || && b").column, 6);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}a{}", "(".repeat(10_000), ")".repeat(10_000));
    assert!(err(&deep).message.contains("nested too deeply"));
    let nots = format!("{}a", "!".repeat(10_000));
    assert!(err(&nots).message.contains("nested too deeply"));
    let chain = vec!["a"; 10_000].join(" == ");
    assert!(err(&chain).message.contains("nested too deeply"));
    let ok = format!("{}a{}", "(".repeat(200), ")".repeat(200));
    assert_eq!(p(&ok), id("a"));
}

#[test]
fn huge_flat_input_parses() {
    let wide = (0..50_000)
        .map(|i| format!("s{i}"))
        .collect::<Vec<_>>()
        .join(" && ");
    let Expr::And(v) = p(&wide) else { panic!() };
    assert_eq!(v.len(), 50_000);
}

#[test]
fn escaped_names_print_back_parseably() {
    let e = p("!(\\bus[3] ) && (\\a+b == c)");
    assert_eq!(parse_expr(&e.to_string()).unwrap(), e);
}
