//! The prepared path scores exactly as the plain one: same verdicts (category, reason,
//! property) for VERT-shaped references and outputs with every kind of mistake, with a
//! reference prepared for one output or reused across several.

use proptest::prelude::*;

use super::*;
use crate::score::output::score_plain;
use crate::score::props_tests::{Shape, shape};
use crate::score::{ScoreOptions, reference_behaviors, score_output, score_prepared};

#[test]
fn behaviors_of_one_property_share_their_prepared_antecedent() {
    // `p&&q` is `p && q` as parsed; (a lone `(p && q)` would be one branch predicate,
    // another parse).
    let reference = "property a; p && q |=> x == y && z == w; endproperty\n\
                     property b; p && !q |=> x == y; endproperty\n\
                     property c; p&&q |=> v == u; endproperty";
    let behaviors = reference_behaviors(reference).unwrap();
    let prepared = PreparedReference::new(&behaviors, &crate::logic::Semantics::default());
    let conditions: Vec<usize> = (0..4).map(|i| prepared.condition_of(i)).collect();
    assert_eq!(conditions, [0, 0, 1, 0]);
    assert_eq!(prepared.condition(1).parsed(), &behaviors[2].antecedent);
    assert_eq!(prepared.behaviors().len(), 4);
}

/// `shape` as text with leaves `{prefix}_{n}`; the `flip`-th leaf (0-based) negated.
fn render(shape: &Shape, prefix: &str, next: &mut usize, flip: usize) -> String {
    match shape {
        Shape::Leaf | Shape::EqLeaf(_) => {
            *next += 1;
            let leaf = match shape {
                Shape::EqLeaf(v) => format!("{prefix}_{next} == 3'd{v}"),
                _ => format!("{prefix}_{next}"),
            };
            if *next - 1 == flip {
                format!("!({leaf})")
            } else {
                leaf
            }
        }
        Shape::Not(s) => format!("!({})", render(s, prefix, next, flip)),
        Shape::And(a, b) => format!(
            "({} && {})",
            render(a, prefix, next, flip),
            render(b, prefix, next, flip)
        ),
        Shape::Or(a, b) => format!(
            "({} || {})",
            render(a, prefix, next, flip),
            render(b, prefix, next, flip)
        ),
    }
}

/// A reference shaped like VERT's nested ifs: property k's antecedent is the first
/// k + 1 branch predicates; its consequent assigns `o{k}` (and `o{k}b` on odd k).
#[derive(Debug)]
struct Program {
    predicates: Vec<Shape>,
    properties: usize,
}

impl Program {
    fn predicate(&self, i: usize, flip: usize) -> String {
        render(&self.predicates[i], &format!("c{i}"), &mut 0, flip)
    }

    fn consequent(k: usize) -> String {
        if k % 2 == 1 {
            format!("o{k} == i{k} && o{k}b == (i{k} + 1)")
        } else {
            format!("o{k} == i{k}")
        }
    }

    fn reference(&self) -> String {
        (0..self.properties)
            .map(|k| {
                let predicates: Vec<String> = (0..=k)
                    .map(|i| format!("({})", self.predicate(i, usize::MAX)))
                    .collect();
                format!(
                    "property r{k}; {} |=> {}; endproperty",
                    predicates.join(" && "),
                    Program::consequent(k)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Property k of an output, written with mistake `how`.
    fn generated(&self, k: usize, how: u8, pick: usize, other: &Shape, sync: bool) -> String {
        let chosen = |i: usize| pick >> (i % 8) & 1 == 1;
        let plain = |i: usize| format!("({})", self.predicate(i, usize::MAX));
        let all: Vec<usize> = (0..=k).collect();
        let (antecedent, consequent) = match how % 11 {
            // Right, written in reverse order.
            0 => (all.iter().rev().map(|&i| plain(i)).collect(), None),
            // Some branch predicates negated.
            1 => (
                all.iter()
                    .map(|&i| {
                        if chosen(i) {
                            format!("!{}", plain(i))
                        } else {
                            plain(i)
                        }
                    })
                    .collect(),
                None,
            ),
            // Some dropped.
            2 => (
                all.iter()
                    .filter(|&&i| !chosen(i))
                    .map(|&i| plain(i))
                    .collect(),
                None,
            ),
            // One more predicate.
            3 => {
                let mut v: Vec<String> = all.iter().map(|&i| plain(i)).collect();
                v.push(render(other, "e", &mut 0, usize::MAX));
                (v, None)
            }
            // One atom occurrence flipped.
            4 => (
                all.iter()
                    .map(|&i| {
                        let flip = if i == pick % (k + 1) {
                            pick % 5
                        } else {
                            usize::MAX
                        };
                        format!("({})", self.predicate(i, flip))
                    })
                    .collect(),
                None,
            ),
            // Something else over the same names.
            5 => (vec![render(other, "c0", &mut 0, usize::MAX)], None),
            // The lhs equated to something else.
            6 => (
                all.iter().map(|&i| plain(i)).collect(),
                Some(format!("o{k} == zz")),
            ),
            // An antecedent outside the grammar.
            7 => (vec![format!("{} & c0_1", plain(0))], None),
            // The other implication.
            8 => {
                let body: Vec<String> = all.iter().map(|&i| plain(i)).collect();
                let implication = if sync { "|=>" } else { "|->" };
                let clock = if sync { "@(posedge clk) " } else { "" };
                return format!(
                    "property g{k}; {clock}{} {implication} {}; endproperty",
                    body.join(" && "),
                    Program::consequent(k)
                );
            }
            // Missing.
            9 => return String::new(),
            // Parenthesised differently, the consequent reversed.
            _ => (
                vec![format!(
                    "(({}))",
                    all.iter()
                        .map(|&i| plain(i))
                        .collect::<Vec<_>>()
                        .join(" && ")
                )],
                Some(format!("i{k} == (o{k})")),
            ),
        };
        let antecedent = if antecedent.is_empty() {
            vec!["1'b1".to_string()]
        } else {
            antecedent
        };
        let (clock, implication) = if sync {
            ("@(posedge clk) ", "|->")
        } else {
            ("", "|=>")
        };
        format!(
            "property g{k}; {clock}{} {implication} {}; endproperty",
            antecedent.join(" && "),
            consequent.unwrap_or_else(|| Program::consequent(k))
        )
    }
}

fn program() -> impl Strategy<Value = Program> {
    (prop::collection::vec(shape(), 1..5), 1usize..4).prop_map(|(predicates, n)| Program {
        properties: n.min(predicates.len()),
        predicates,
    })
}

/// Per property: (mistake, which parts, another predicate).
fn mistakes() -> impl Strategy<Value = Vec<(u8, usize, Shape)>> {
    prop::collection::vec((any::<u8>(), any::<usize>(), shape()), 4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn prepared_scoring_gives_the_plain_verdicts(
        program in program(),
        first in mistakes(),
        second in mistakes(),
        sync in any::<bool>(),
        lenient in any::<bool>(),
        repeat in any::<bool>(),
    ) {
        let behaviors = reference_behaviors(&program.reference()).expect("reference parses");
        let options = ScoreOptions {
            clock: sync.then(|| "posedge clk".to_string()),
            lenient,
            ..ScoreOptions::default()
        };
        let prepared = PreparedReference::new(&behaviors, &options.semantics);
        for mistakes in [&first, &second] {
            let mut parts: Vec<String> = (0..program.properties)
                .map(|k| {
                    let (how, pick, other) = &mistakes[k];
                    program.generated(k, *how, *pick, other, sync)
                })
                .collect();
            if repeat {
                // A second property for the first behavior, written correctly.
                parts.push(program.generated(0, 0, 0, &Shape::Leaf, sync));
            }
            let output = parts.join("\n");
            let plain = score_plain(&behaviors, &output, &options);
            prop_assert_eq!(&score_output(&behaviors, &output, &options), &plain, "{}", output);
            prop_assert_eq!(&score_prepared(&prepared, &output, &options), &plain, "{}", output);
        }
    }
}
