//! Fuzz target: extraction, declaration parsing and scoring of arbitrary text (as a
//! generated output, strict and lenient, and as a reference) must never panic.
#![no_main]

use flipscope::score::{ScoreOptions, reference_behaviors, score_output};
use flipscope::sva::{Dialect, Mode, extract, parse_declaration};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for mode in [Mode::Strict, Mode::Lenient] {
        let extraction = extract(text, mode);
        for raw in &extraction.declarations {
            let _ = parse_declaration(text, raw, Dialect::Generated);
            let _ = parse_declaration(text, raw, Dialect::Reference);
        }
    }
    let _ = reference_behaviors(text);
    let behaviors = reference_behaviors("property r; a && b |=> x == y; endproperty")
        .expect("the fixed reference parses");
    for lenient in [false, true] {
        let options = ScoreOptions {
            lenient,
            clock: Some("posedge clk".into()),
            ..Default::default()
        };
        assert_eq!(
            score_output(&behaviors, text, &options).len(),
            behaviors.len()
        );
    }
});
