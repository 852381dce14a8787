//! Speed of the logic core: exact equivalence and relation of and/or mixes of 10
//! (truth-table fast path), 24, 40 and 80 atoms (BDDs), and parsing plus canonical
//! form of a VERT antecedent.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use flipscope::logic::{Expr, canonical, equivalent, parse_expr, relation};

/// A read-once and/or mix over `n` atoms (deterministic shape).
fn mix(n: usize) -> Expr {
    fn build(lo: usize, hi: usize, depth: usize) -> Expr {
        if hi - lo == 1 {
            let atom = Expr::ident(format!("sig_{lo}"));
            return if lo % 5 == 3 { Expr::not(atom) } else { atom };
        }
        let parts = if hi - lo >= 3 && depth.is_multiple_of(2) {
            3
        } else {
            2
        };
        let step = (hi - lo).div_ceil(parts);
        let items: Vec<Expr> = (lo..hi)
            .step_by(step)
            .map(|s| build(s, (s + step).min(hi), depth + 1))
            .collect();
        if depth.is_multiple_of(2) {
            Expr::And(items)
        } else {
            Expr::Or(items)
        }
    }
    build(0, n, 0)
}

/// `!` of the negation normal form of `!e`: equivalent, with a different canonical
/// text, and with operand lists reversed (T1), so no shortcut applies.
fn disguised(e: &Expr) -> Expr {
    fn nnf_not(e: &Expr) -> Expr {
        match e {
            Expr::Not(x) => (**x).clone(),
            Expr::And(v) => Expr::Or(v.iter().rev().map(nnf_not).collect()),
            Expr::Or(v) => Expr::And(v.iter().rev().map(nnf_not).collect()),
            other => Expr::not(other.clone()),
        }
    }
    Expr::not(nnf_not(e))
}

fn benches(c: &mut Criterion) {
    for n in [10, 24, 40, 80] {
        let a = mix(n);
        let b = disguised(&a);
        assert!(equivalent(&a, &b));
        c.bench_function(&format!("equivalent {n} atoms"), |bench| {
            bench.iter(|| equivalent(black_box(&a), black_box(&b)))
        });
        let weaker = Expr::Or(vec![b.clone(), Expr::ident("extra")]);
        c.bench_function(&format!("relation {n} atoms"), |bench| {
            bench.iter(|| relation(black_box(&a), black_box(&weaker)))
        });
    }
    let text = "(  sig_3  && reg_6  && auth_5 ) &&  (  hw_2  && hw_11  || auth_41 ) && \
                ( flag_register_7 ) != 7'b11111x0 && ( rst_3  != data_8 )";
    c.bench_function("parse and canonical VERT antecedent", |bench| {
        bench.iter(|| canonical(&parse_expr(black_box(text)).unwrap_or(Expr::Const(false))))
    });
}

criterion_group!(logic, benches);
criterion_main!(logic);
