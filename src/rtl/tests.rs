//! Unit tests of behavior extraction, one per construct.

use super::*;
use crate::logic::{Atom, Expr, Term};

/// (id, path text, line:column) of every behavior.
fn paths(source: &str) -> Vec<(String, String, String)> {
    behaviors(source, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|b| (b.id, b.path.to_string(), format!("{}:{}", b.line, b.column)))
        .collect()
}

fn path_texts(source: &str) -> Vec<String> {
    behaviors(source, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|b| path_text(&b.path))
        .collect()
}

#[test]
fn if_else_if_else_chain() {
    let got = paths("if (a) x = 1;\nelse if (b && c) x = 2;\nelse x = 3;\n");
    assert_eq!(got[0], ("x=1".into(), "a".into(), "1:8".into()));
    assert_eq!(
        got[1],
        ("x=2".into(), "!a && (b && c)".into(), "2:18".into())
    );
    assert_eq!(
        got[2],
        ("x=3".into(), "!a && !(b && c)".into(), "3:6".into())
    );
}

#[test]
fn nested_ifs_conjoin_every_enclosing_branch() {
    let src = "if (a) begin\n  if (b) begin\n    if (c || d) y <= 1'b1;\n    else y <= 1'b0;\n  end\n  z = w;\nend\n";
    assert_eq!(
        path_texts(src),
        ["a && b && (c || d)", "a && b && !(c || d)", "a"]
    );
}

#[test]
fn sibling_ifs_do_not_conjoin_each_other() {
    // The VERT shape: the second inner `if` is a sibling of the first, not nested in it.
    let src = "if (p) begin\n  q = r;\n  if (s) begin\n    t = u;\n  end\n    if (v) begin\n      w = x;\n    end\nend\n";
    assert_eq!(path_texts(src), ["p", "p && s", "p && v"]);
}

#[test]
fn not_equal_negates_an_equality_and_else_reads_it_back() {
    let got = behaviors("if (a != b) x = 1; else x = 2;", None).unwrap();
    assert_eq!(
        got[0].path,
        Expr::not(Expr::Atom(Atom::Eq(
            Term::Ident("a".into()),
            Term::Ident("b".into())
        )))
    );
    assert_eq!(got[1].path.to_string(), "a == b");
}

#[test]
fn case_items_with_several_labels_and_default() {
    let src = "case (state)\n  2'd0, 2'd1: n = 1;\n  2'd2: begin n = 2; m = 3; end\n  default: n = 0;\nendcase\n";
    let got = behaviors(src, None).unwrap();
    let texts: Vec<String> = got.iter().map(|b| b.path.to_string()).collect();
    assert_eq!(
        texts,
        [
            "state == 2'd0 || state == 2'd1",
            "state == 2'd2",
            "state == 2'd2",
            "!(state == 2'd0 || state == 2'd1) && state != 2'd2",
        ]
    );
    assert!(got.iter().all(|b| !b.xz));
    let Expr::Atom(Atom::Eq(_, Term::Const(c))) = &got[1].path else {
        panic!("{:?}", got[1].path)
    };
    assert_eq!((c.width, c.value), (Some(2), Some(2)));
}

#[test]
fn casez_wildcards_and_xz_labels_are_flagged() {
    let src = "casez (op)\n  4'b1???: r = a;\n  4'b01??: r = b;\n  default: r = c;\nendcase\n";
    let got = behaviors(src, None).unwrap();
    assert!(got.iter().all(|b| b.xz), "{got:?}");
    assert_eq!(got[0].path.to_string(), "op == 4'b1???");
    let src = "case (s)\n  3'b1x0: r = a;\n  3'b001: r = b;\nendcase\n";
    let got = behaviors(src, None).unwrap();
    assert_eq!(got.iter().map(|b| b.xz).collect::<Vec<_>>(), [true, false]);
}

#[test]
fn x_literal_in_an_if_condition_is_flagged() {
    let got = behaviors("if (a == 1'bx) b = c; else b = d;", None).unwrap();
    assert!(got[0].xz && got[1].xz);
    let got = behaviors("if (a === 1'bx) b = c;", None).unwrap();
    assert!(got[0].xz);
    assert_eq!(got[0].path, Expr::Atom(Atom::Opaque("a === 1'bx".into())));
}

#[test]
fn non_constant_case_labels_take_first_match_order() {
    let src = "case (1'b1)\n  a: y = 1;\n  b: y = 2;\nendcase\n";
    assert_eq!(path_texts(src), ["1'b1 == a", "1'b1 != a && 1'b1 == b"]);
}

#[test]
fn conditions_outside_the_grammar_become_opaque_atoms() {
    let src = "if (cnt  >  4'd3 && en[2] && (a & b) && c == d + 1) x = 1;";
    let got = behaviors(src, None).unwrap();
    // The path is one branch predicate (the `if` condition), itself a conjunction.
    let Expr::And(predicates) = &got[0].path else {
        panic!("{:?}", got[0].path)
    };
    assert_eq!(predicates.len(), 1);
    let Expr::And(parts) = &predicates[0] else {
        panic!("{:?}", predicates[0])
    };
    assert_eq!(parts[0], Expr::Atom(Atom::Opaque("cnt > 4'd3".into())));
    assert_eq!(parts[1], Expr::Atom(Atom::Opaque("en[2]".into())));
    assert_eq!(parts[2], Expr::Atom(Atom::Opaque("a & b".into())));
    assert_eq!(
        parts[3],
        Expr::Atom(Atom::Eq(
            Term::Ident("c".into()),
            Term::Opaque("d + 1".into())
        ))
    );
    assert!(!got[0].xz);
}

#[test]
fn blocking_and_nonblocking_assignments() {
    let got = behaviors("a = b;\nc <= d & e;\ncnt += 1;", None).unwrap();
    let kinds: Vec<_> = got.iter().map(|b| (b.id.as_str(), b.kind)).collect();
    assert_eq!(
        kinds,
        [
            ("a=b", AssignKind::Blocking),
            ("c=d & e", AssignKind::Nonblocking),
            ("cnt=cnt + 1", AssignKind::Blocking)
        ]
    );
    assert!(got.iter().all(|b| b.path == Expr::Const(true)));
}

#[test]
fn repeated_assignments_get_numbered_ids() {
    let got = paths("if (a) x = y; else x = y;\nx = y;\n");
    let ids: Vec<_> = got.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(ids, ["x=y", "x=y#2", "x=y#3"]);
}

#[test]
fn modules_take_their_clock_from_the_first_edge_event() {
    let src = "module m(input clk, input rst_n, input d, output reg q, output reg r);\n\
               always @(posedge clk or negedge rst_n) begin\n  if (!rst_n) q <= 1'b0;\n  else q <= d;\nend\n\
               always @(*) r = d;\n\
               endmodule\n";
    let got = behaviors(src, Some("posedge ignored")).unwrap();
    assert_eq!(got[0].clock.as_deref(), Some("posedge clk"));
    assert_eq!(got[0].path.to_string(), "!rst_n");
    assert_eq!((got[0].line, got[0].column), (3, 15));
    assert_eq!(got[1].path.to_string(), "rst_n");
    assert_eq!(got[2].clock, None);
}

#[test]
fn fragments_take_the_programs_clock() {
    let got = behaviors("if (a) b <= c;", Some("posedge  clk_4")).unwrap();
    assert_eq!(got[0].clock.as_deref(), Some("posedge clk_4"));
    let got = behaviors("if (a) b <= c;", None).unwrap();
    assert_eq!(got[0].clock, None);
}

#[test]
fn always_ff_comb_and_latch_blocks_are_all_read() {
    let src = "module m;\nalways_ff @(posedge clk) q <= d;\nalways_comb y = a;\nalways_latch if (en) l = d;\nendmodule\n";
    let got = behaviors(src, None).unwrap();
    let ids: Vec<_> = got.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["q=d", "y=a", "l=d"]);
    assert_eq!(got[2].path.to_string(), "en");
}

#[test]
fn missing_semicolon_is_located_in_fragment_coordinates() {
    let src = "case ( s ) \n   7'h1b : begin\n     a <= b\n     c = d;\n   end\nendcase";
    let err = behaviors(src, None).unwrap_err();
    let (line, column) = err.position();
    assert_eq!((line, column), (4, 6), "{err}");
    assert!(
        err.to_string()
            .contains("expected `;` to end the statement on line 3"),
        "{err}"
    );
}

#[test]
fn unterminated_fragment_reports_its_end() {
    let err = behaviors("if (a) begin\n  b = c;\n", None).unwrap_err();
    assert_eq!(err.position().0, 3, "{err}");
    assert!(err.to_string().contains("ends too early"), "{err}");
}

#[test]
fn module_syntax_errors_use_file_coordinates() {
    let err = behaviors(
        "module m;\nalways @* begin\n  a = ;\nend\nendmodule\n",
        None,
    )
    .unwrap_err();
    assert_eq!(err.position().0, 3, "{err}");
}

#[test]
fn binary_chains_follow_systemverilog_precedence() {
    assert_eq!(path_texts("if (a || b && c) x = 1;"), ["a || b && c"]);
    let got = behaviors("if (a == b && c || !d) x = 1;", None).unwrap();
    let Expr::Or(parts) = &got[0].path else {
        panic!("{:?}", got[0].path)
    };
    assert_eq!(parts[0].to_string(), "a == b && c");
    assert_eq!(parts[1], Expr::not(Expr::ident("d")));
    let got = behaviors("if (a == b + 1 * c) x = 1;", None).unwrap();
    assert_eq!(
        got[0].path,
        Expr::Atom(Atom::Eq(
            Term::Ident("a".into()),
            Term::Opaque("b + 1 * c".into())
        ))
    );
}

#[test]
fn a_comment_or_string_never_closed_is_blamed_where_it_opens() {
    let err = behaviors("if (a)\n  b = c; /* rest\n", None).unwrap_err();
    assert_eq!(err.position(), (2, 10), "{err}");
    assert!(err.to_string().contains("is never closed by `*/`"), "{err}");
    let err = behaviors(
        "module m(input a);\ninitial $display(\"x);\nendmodule\n",
        None,
    )
    .unwrap_err();
    assert_eq!(err.position(), (2, 18), "{err}");
    assert!(
        err.to_string()
            .contains("string opened here is never closed"),
        "{err}"
    );
}

#[test]
fn syntax_error_inside_a_line_gets_the_general_message() {
    let err = behaviors("if (a) begin\n  b = c +;\nend\n", None).unwrap_err();
    assert_eq!(err.position().0, 2, "{err}");
    assert!(
        err.to_string()
            .contains("expected a statement, an expression or `;`"),
        "{err}"
    );
}

#[test]
fn only_labels_that_may_overlap_take_first_match_negations() {
    let src = "case (s)\n  4'hf: y = 1;\n  4'b01x1: y = 2;\n  r: y = 3;\n  4'h2: y = 4;\nendcase\n";
    assert_eq!(
        path_texts(src),
        [
            "s == 4'hf",
            "s == 4'b01x1",
            "s != 4'hf && s != 4'b01x1 && s == r",
            "s != r && s == 4'h2",
        ]
    );
    let src = "casez (s)\n  4'b1???: y = 1;\n  4'b11??: y = 2;\n  4'b0000: y = 3;\nendcase\n";
    assert_eq!(
        path_texts(src),
        [
            "s == 4'b1???",
            "s != 4'b1??? && s == 4'b11??",
            "s != 4'b1??? && s != 4'b11?? && s == 4'b0000"
        ]
    );
}

/// Issue 14: `parameter` defaults, `localparam`s and enum members are constants, so a
/// case over distinct ones needs no negations; two names of one value may match
/// together, so the later item keeps the first-match negation.
#[test]
fn named_constant_labels_are_compared_by_value() {
    let src = "module m #(parameter A = 0, parameter B = 1) (input logic [1:0] s, output logic y);\n\
               localparam logic [1:0] C = 2'd2, D = 2'd1;\n\
               always_comb begin\n\
                 case (s)\n\
                   A: y = 1'b0;\n\
                   B: y = 1'b1;\n\
                   C: y = 1'b0;\n\
                   D: y = 1'b1;\n\
                 endcase\n\
               end\n\
               endmodule\n";
    assert_eq!(
        path_texts(src),
        ["s == A", "s == B", "s == C", "s != B && s == D"]
    );
}
