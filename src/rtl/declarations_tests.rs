//! Tests of the declarations read from a parsed design (widths, named constants).

use crate::logic::Declarations;
use crate::rtl::declarations::read;
use crate::rtl::parse::parse_tree;
use crate::rtl::source::Wrapped;

fn declared(source: &str) -> Declarations {
    read(&parse_tree(&Wrapped::new(source)).unwrap())
}

#[test]
fn reads_widths_of_ports_variables_and_nets() {
    let d = declared(
        "module m #(parameter W = 8) (input logic clk, rst, input logic [W-1:0] data,\n\
         output reg [3:0] q);\n\
         wire en; logic [1:0] s, t; int i; logic [7:0] mem [0:3];\n\
         endmodule\n",
    );
    let w = |n: &str| d.widths.get(n).copied();
    assert_eq!(
        (w("clk"), w("rst"), w("data"), w("q")),
        (Some(1), Some(1), Some(8), Some(4))
    );
    assert_eq!(
        (w("en"), w("s"), w("t"), w("i")),
        (Some(1), Some(2), Some(2), Some(32))
    );
    assert_eq!(w("mem"), None, "an array has no width");
    assert_eq!(d.constants["W"].value, Some(8));
}

#[test]
fn reads_enum_members_and_local_parameters() {
    let d = declared(
        "module m;\n\
         typedef enum logic [1:0] {IDLE, START, DATA = 2'd3} state_t;\n\
         state_t state;\n\
         localparam [2:0] A = 3'd5, B = A + 1;\n\
         enum {X, Y} e;\n\
         endmodule\n",
    );
    let v = |n: &str| d.constants.get(n).and_then(|c| c.value);
    assert_eq!(
        (v("IDLE"), v("START"), v("DATA")),
        (Some(0), Some(1), Some(3))
    );
    assert_eq!(d.constants["START"].width, Some(2));
    assert_eq!(d.constants["START"].text, "START");
    assert_eq!((v("A"), v("B")), (Some(5), Some(6)));
    assert_eq!((v("X"), v("Y")), (Some(0), Some(1)));
    assert_eq!(d.widths.get("state"), Some(&2));
    assert_eq!(d.widths.get("e"), Some(&32));
}

#[test]
fn conflicting_declarations_are_left_out() {
    let d = declared(
        "module a; localparam K = 1; logic [1:0] s; endmodule\n\
         module b; localparam K = 2; logic [3:0] s; endmodule\n",
    );
    assert!(!d.constants.contains_key("K"));
    assert!(!d.widths.contains_key("s"));
}
