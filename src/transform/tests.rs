//! Unit tests of the rewrites on small fragments: exact output text and validation.

use super::*;

fn one(source: &str, kind: Kind) -> Option<Rewrite> {
    transform(source, None, kind).unwrap_or_else(|e| panic!("{e}"))
}

fn text(source: &str, kind: Kind) -> String {
    one(source, kind).map_or_else(|| "<none>".to_string(), |r| r.rtl)
}

#[test]
fn t1_reverses_top_level_chains_keeping_operand_text() {
    let src = "if (a &&  b == c && (d || e)) x = 1; // keep  me\nelse if (f || !g) x = 2;\n";
    assert_eq!(
        text(src, Kind::T1),
        "if ((d || e) &&  b == c && a) x = 1; // keep  me\nelse if (!g || f) x = 2;\n"
    );
}

#[test]
fn t1_skips_mixed_side_effects_and_single_atoms() {
    assert_eq!(text("if (a && b || c) x = 1;\n", Kind::T1), "<none>");
    assert_eq!(text("if (a && f(b)) x = 1;\n", Kind::T1), "<none>");
    assert_eq!(text("if (a) x = 1;\n", Kind::T1), "<none>");
    assert_eq!(text("if (a && a) x = 1;\n", Kind::T1), "<none>");
    // Parentheses around the whole condition do not hide its chain.
    assert_eq!(
        text("if ((a || b)) x = 1;\n", Kind::T1),
        "if ((b || a)) x = 1;\n"
    );
}

#[test]
fn t1_twice_is_the_original() {
    let src = "if (a && b && c) begin\n  if (d || e) y <= 1;\nend\n";
    let once = text(src, Kind::T1);
    assert_eq!(text(&once, Kind::T1), src);
}

#[test]
fn t2_renames_consistently_with_the_clock_first() {
    let r = transform(
        "if (en && v1) q <= d; // en\n",
        Some("posedge clk"),
        Kind::T2,
    )
    .unwrap()
    .unwrap();
    // `v1` is taken by the program: the scheme skips it.
    assert_eq!(r.rtl, "if (v3 && v4) v5 <= v6; // en\n");
    assert_eq!(r.clock.as_deref(), Some("posedge v2"));
    let back: Vec<(&str, &str)> = r
        .rename
        .as_ref()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        back,
        [
            ("v2", "clk"),
            ("v3", "en"),
            ("v4", "v1"),
            ("v5", "q"),
            ("v6", "d")
        ]
    );
}

#[test]
fn t2_keeps_keywords_system_functions_and_literals() {
    let src = "if ($rose(a) && cnt > 4'hA) x = y[2];\n";
    assert_eq!(
        text(src, Kind::T2),
        "if ($rose(v1) && v2 > 4'hA) v3 = v4[2];\n"
    );
}

#[test]
fn t3_parenthesises_operands_atoms_and_negations() {
    assert_eq!(
        text("if (a && !b || c == d) x = 1;\n", Kind::T3),
        "if (((a) && (!(b))) || (c == d)) x = 1;\n"
    );
    assert_eq!(text("if (a) x = 1;\n", Kind::T3), "if ((a)) x = 1;\n");
    assert_eq!(
        text("if (!(a && b)) x = 1;\n", Kind::T3),
        "if ((!((a) && (b)))) x = 1;\n"
    );
    assert_eq!(
        text(
            "case (s)\n 1'b0: x = 1;\n default: x = 2;\nendcase\n",
            Kind::T3
        ),
        "case ((s))\n 1'b0: x = 1;\n default: x = 2;\nendcase\n"
    );
}

#[test]
fn modules_are_edited_in_place() {
    let src = "module m(input clk, a, b, output reg q);\n  always @(posedge clk)\n    if (a && b) q <= 1'b1;\nendmodule\n";
    assert_eq!(
        text(src, Kind::T1),
        src.replace("if (a && b)", "if (b && a)")
    );
    let r = one(src, Kind::T2).unwrap();
    assert!(
        r.rtl
            .starts_with("module v1(input v2, v3, v4, output reg v5);"),
        "{}",
        r.rtl
    );
}

#[test]
fn a_syntax_error_is_located_in_the_fragment() {
    let e = transform("if (a) x = 1\ny = 2;\n", None, Kind::T1).unwrap_err();
    assert!(matches!(e, TransformError::Rtl(_)), "{e}");
    assert!(e.to_string().starts_with("2:1:"), "{e}");
}

#[test]
fn validation_rejects_a_changed_condition() {
    let original = crate::rtl::behaviors("if (a && b) x = 1;\n", None).unwrap();
    let variant = crate::rtl::behaviors("if (a || b) x = 1;\n", None).unwrap();
    let e = validate::validate(&original, &variant, None).unwrap_err();
    assert!(e.contains("not equivalent"), "{e}");
    let variant = crate::rtl::behaviors("if (a && b) x = 2;\n", None).unwrap();
    assert!(validate::validate(&original, &variant, None).is_err());
}
