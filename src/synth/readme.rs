//! The `README.md` written beside a simulated study: what it is (simulated, not real
//! model outputs), what it is calibrated to, and how to regenerate it.

use std::fmt::Write;

use super::SampleStudy;
use super::models::MODELS;

/// The README text of `study`.
pub fn readme(study: &SampleStudy) -> String {
    let o = study.options;
    let behaviors: usize = study
        .plans
        .first()
        .map_or(0, |(_, p)| p.original.iter().map(Vec::len).sum());
    let mut s = String::new();
    let _ = writeln!(s, "# Simulated sample study\n");
    let _ = writeln!(
        s,
        "**The generations in this study are simulated, not real model outputs.** They were \
         written by `flipscope synth --programs {} --seed {}` from correct properties by a \
         documented, seeded perturbation (see `docs/sample-study.md`), calibrated so that \
         the scored study reproduces the counts published for Qwen2.5-Coder-7B and \
         DeepSeek-Coder-V2-Lite in arXiv 2609.05658. Every generation line says so in its \
         `meta` field (`\"simulated\": true`, `\"calibrated_to\": ...`).\n",
        o.programs, o.seed
    );
    let _ = writeln!(
        s,
        "- `programs.jsonl`: {} synthetic programs ({} assignment behaviors) in the four \
         strata (nested-if and if-else-tree, async and sync), in VERT's style but made by \
         flipscope's generator, with correct reference properties and T1/T2/T3 variants \
         made by flipscope's own transformations.",
        study.programs.len(),
        behaviors
    );
    let _ = writeln!(
        s,
        "- `generations.jsonl`: {} outputs of two simulated models (one per model, program \
         and variant).",
        study.generations.len()
    );
    let _ = writeln!(
        s,
        "- `annotations.jsonl`: {} audit decisions on correct-to-wrong pairs, also \
         simulated.\n",
        study.annotations.len()
    );
    let _ = writeln!(s, "## Planned counts (strict scoring)\n");
    let _ = writeln!(s, "| model | variant | N | B | L | G |");
    let _ = writeln!(s, "|---|---|---:|---:|---:|---:|");
    for (model, plan) in &study.plans {
        for (variant, per_program) in &plan.variants {
            let n: usize = per_program.iter().flatten().map(Vec::len).sum();
            if let Some(c) = plan.counts(variant) {
                let _ = writeln!(
                    s,
                    "| {model} | {variant} | {n} | {} | {} | {} |",
                    c.base, c.losses, c.gains
                );
            }
        }
    }
    let _ = writeln!(s, "\n## Calibration targets\n");
    for m in &MODELS {
        let _ = writeln!(s, "- `{}`: {}.", m.id, m.calibrated_to);
    }
    let _ = writeln!(
        s,
        "\nSome outputs whose behaviors are all planned wrong carry Markdown fences, a line \
         of prose or `assert property` lines around otherwise right properties: strict \
         scoring (the default) rejects them as `output-contract`, `--lenient` scoring \
         reads the properties inside, so the two modes differ.\n"
    );
    let _ = writeln!(s, "## Regenerate\n");
    let _ = writeln!(
        s,
        "    flipscope synth --out sample-runs --programs {} --seed {}",
        o.programs, o.seed
    );
    s
}
