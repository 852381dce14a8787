//! One simulated generation: the properties a model writes for one (program,
//! variant), read from the variant's own RTL (its names, its operand order), each
//! behavior right or wrong as planned, and sometimes the noise real models produce.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::models::{FAILURES, Failure, ModelSpec};
use super::perturb::{conjuncts, perturb};
use crate::logic::Expr;
use crate::rtl::{Behavior, path_text};

/// What one generation is made from.
pub struct Input<'a> {
    pub model: &'a ModelSpec,
    /// The variant's behaviors in reading order (variant names).
    pub behaviors: &'a [Behavior],
    /// How many behaviors each reference block holds, in order.
    pub blocks: &'a [usize],
    /// Planned verdict of every behavior.
    pub correct: &'a [bool],
    /// The clock event as the variant spells it (`None`: asynchronous).
    pub clock: Option<&'a str>,
}

/// A generated output and the failure planned for each behavior (`None`: correct).
pub struct Output {
    pub text: String,
    pub failures: Vec<Option<Failure>>,
    /// The noise wrapped around the output, if any.
    pub noise: Option<&'static str>,
}

/// One property to write.
struct Prop {
    antecedent: Expr,
    equalities: Vec<(String, String)>,
    contract_broken: bool,
}

/// Writes one generation.
pub fn render(rng: &mut ChaCha8Rng, input: &Input<'_>) -> Output {
    let all_wrong = input.correct.iter().all(|c| !c);
    let noise = (all_wrong && rng.random_bool(input.model.noise))
        .then(|| NOISES[rng.random_range(0..NOISES.len())]);
    let mut props = Vec::new();
    let mut failures = Vec::new();
    let mut start = 0;
    for &size in input.blocks {
        let block = start..start + size;
        start += size;
        let behaviors = &input.behaviors[block.clone()];
        let correct = &input.correct[block];
        if noise.is_some() || correct.iter().all(|&c| c) {
            // Inside noise the properties themselves are right: only strict scoring
            // rejects the output as a whole.
            props.push(Prop {
                antecedent: behaviors[0].path.clone(),
                equalities: behaviors
                    .iter()
                    .map(|b| (b.lhs.clone(), b.rhs.clone()))
                    .collect(),
                contract_broken: false,
            });
            failures.extend(
                correct
                    .iter()
                    .map(|_| noise.map(|_| Failure::OutputContract)),
            );
            continue;
        }
        for (b, &ok) in behaviors.iter().zip(correct) {
            if ok {
                props.push(Prop {
                    antecedent: b.path.clone(),
                    equalities: vec![(b.lhs.clone(), b.rhs.clone())],
                    contract_broken: false,
                });
                failures.push(None);
                continue;
            }
            let (failure, prop) = wrong(rng, input.model, b);
            failures.push(Some(failure));
            props.extend(prop);
        }
    }
    let body = props
        .iter()
        .enumerate()
        .map(|(i, p)| write_prop(input, i + 1, p))
        .collect::<Vec<_>>();
    let text = match noise {
        None => body.join("\n"),
        Some(kind) => wrap(kind, &body),
    };
    Output {
        text,
        failures,
        noise,
    }
}

/// The noises of real outputs, each breaking the strict output contract.
const NOISES: [&str; 3] = ["markdown-fence", "prose", "assert-property"];

fn wrap(kind: &str, body: &[String]) -> String {
    match kind {
        "markdown-fence" => format!("```systemverilog\n{}\n```", body.join("\n")),
        "prose" => format!(
            "Here are the SystemVerilog properties for each assignment:\n\n{}",
            body.join("\n")
        ),
        _ => {
            let asserts = (1..=body.len())
                .map(|i| format!("assert property (p{i});"))
                .collect::<Vec<_>>()
                .join("\n");
            format!("{}\n\n{asserts}", body.join("\n"))
        }
    }
}

/// A failure for wrong behavior `b` (weighted by the model, falling back to branch
/// polarity when the path cannot carry the one drawn) and its property, if any.
fn wrong(rng: &mut ChaCha8Rng, model: &ModelSpec, b: &Behavior) -> (Failure, Option<Prop>) {
    let total: u32 = model.weights.iter().sum();
    let mut draw = rng.random_range(0..total);
    let mut failure = FAILURES[0];
    for (f, &w) in FAILURES.iter().zip(&model.weights) {
        if draw < w {
            failure = *f;
            break;
        }
        draw -= w;
    }
    let fresh = fresh_name(rng);
    let right = (b.lhs.clone(), b.rhs.clone());
    let prop = |antecedent, equalities, contract_broken| Prop {
        antecedent,
        equalities,
        contract_broken,
    };
    match failure {
        Failure::MissingProperty => (failure, None),
        Failure::WrongConsequent => (
            failure,
            Some(prop(b.path.clone(), vec![(b.lhs.clone(), fresh)], false)),
        ),
        Failure::OutputContract => (failure, Some(prop(b.path.clone(), vec![right], true))),
        _ => match perturb(rng, failure, &conjuncts(&b.path), &fresh) {
            Some(g) => (failure, Some(prop(g, vec![right], false))),
            None => {
                let g = perturb(rng, Failure::BranchPolarity, &conjuncts(&b.path), &fresh)
                    .expect("a path can always be negated");
                (Failure::BranchPolarity, Some(prop(g, vec![right], false)))
            }
        },
    }
}

/// A name no generated program uses (their numbers stay below 200).
fn fresh_name(rng: &mut ChaCha8Rng) -> String {
    format!("data_{}", rng.random_range(200..400))
}

/// The antecedent in the model's style.
fn antecedent_text(model: &ModelSpec, e: &Expr) -> String {
    let (items, joiner) = match e {
        // A lone `if` condition (one branch predicate) is written as its chain.
        Expr::And(items) if items.len() == 1 => return antecedent_text(model, &items[0]),
        Expr::And(items) => (items.as_slice(), " && "),
        Expr::Or(items) => (items.as_slice(), " || "),
        other => (std::slice::from_ref(other), ""),
    };
    if model.parenthesise {
        items
            .iter()
            .map(|c| format!("({})", path_text(c)))
            .collect::<Vec<_>>()
            .join(joiner)
    } else {
        path_text(e)
    }
}

fn write_prop(input: &Input<'_>, n: usize, p: &Prop) -> String {
    let antecedent = antecedent_text(input.model, &p.antecedent);
    let consequent = p
        .equalities
        .iter()
        .map(|(l, r)| format!("{l} == {r}"))
        .collect::<Vec<_>>()
        .join(" && ");
    // A broken contract: the other implication (and no clock for a synchronous one).
    let (event, implication) = match (input.clock, p.contract_broken) {
        (Some(c), false) => (format!("@({c}) "), "|->"),
        (Some(_), true) => (String::new(), "|->"),
        (None, false) => (String::new(), "|=>"),
        (None, true) => (String::new(), "|->"),
    };
    if input.model.parenthesise {
        format!("property p{n};\n  {event}{antecedent} {implication} {consequent};\nendproperty")
    } else {
        format!("property check_{n}; {event}{antecedent} {implication} {consequent}; endproperty")
    }
}
