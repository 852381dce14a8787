#!/usr/bin/env python3
"""The numpy anchor of the scale bench (benches/scale/run.sh).

    anchor.py write PAIRS.jsonl --programs 20000 [--seed 7]
        writes a pairs file shaped like a scored study: 2 models x 3 variants x
        4..11 behaviors per program, sides as `flipscope score` writes them.
    anchor.py metrics PAIRS.jsonl [--replicates 10000] [--seed 0]
        the program-clustered percentile bootstrap of docs/metrics.md, written the
        way a good numpy user writes it: pairs read line by line into arrays, counts
        per (condition, program) by bincount, every replicate's draws as one
        multiplicity matrix times the count matrix (BLAS pinned to one thread).
        Prints each condition's counts and 95% intervals of the six ratios.

Its draws are numpy's (PCG64), not flipscope's (ChaCha8): the intervals agree within
Monte Carlo error, not bit for bit. Only the standard library and numpy are needed.
"""

import os

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

STRATA = ["nested-if/async", "if-else/sync", "case/async", "case/sync"]
MODELS = ["sim-deepseek-coder-v2-lite", "sim-qwen2.5-coder-7b"]
VARIANTS = ["T1", "T2", "T3"]


def write(path, programs, seed):
    rng = random.Random(seed)
    width = max(2, len(str(programs)))
    with open(path, "w") as out:
        for i in range(programs):
            program = f"p{i + 1:0{width}d}"
            stratum = STRATA[i * 4 // programs]
            behaviors = rng.randint(4, 11)
            for model in MODELS:
                for variant in VARIANTS:
                    for b in range(behaviors):
                        base = rng.random() < 0.55
                        trans = rng.random() < (0.8 if base else 0.3)
                        side = lambda ok: {  # noqa: E731
                            "category": "correct" if ok else "dropped-predicate",
                            "correct": ok,
                            "property": f"property p_{b}; @(posedge clk) (sel == 2'd{b % 4}) |-> (out_{b} == in_{b} & en); endproperty",
                            "reason": "matched" if ok else "the antecedent lost a predicate of the branch condition",
                        }
                        record = {
                            "model": model,
                            "variant": variant,
                            "program": program,
                            "stratum": stratum,
                            "behavior": f"out_{b}=in_{b}&en",
                            "base": side(base),
                            "trans": side(trans),
                            "flip": ("C" if base else "W") + ("C" if trans else "W"),
                            "oracle": "reference",
                        }
                        out.write(json.dumps(record))
                        out.write("\n")


def metrics(path, replicates, seed, batch=250):
    started = time.process_time()
    conds, programs = {}, {}
    cond_ix, prog_ix, base, trans = [], [], [], []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            p = json.loads(line)
            c = conds.setdefault((p["model"], p["variant"]), len(conds))
            g = programs.setdefault(p["program"], len(programs))
            cond_ix.append(c)
            prog_ix.append(g)
            side = lambda s: s if isinstance(s, bool) else s["correct"]  # noqa: E731
            base.append(side(p["base"]))
            trans.append(side(p["trans"]))
    cond_ix = np.asarray(cond_ix, dtype=np.int64)
    prog_ix = np.asarray(prog_ix, dtype=np.int64)
    base = np.asarray(base, dtype=bool)
    trans = np.asarray(trans, dtype=bool)
    n_c, n_p = len(conds), len(programs)
    cell = cond_ix * n_p + prog_ix
    # counts[p, c*4 + k] for k in (N, B, L, G)
    cols = [np.ones_like(base), base, base & ~trans, ~base & trans]
    counts = np.zeros((n_p, n_c * 4), dtype=np.float64)
    for k, col in enumerate(cols):
        per = np.bincount(cell, weights=col.astype(np.float64), minlength=n_c * n_p)
        counts[:, k::4] = per.reshape(n_c, n_p).T
    present = counts[:, 0::4] > 0  # programs with pairs, per condition
    loaded = time.process_time()
    rng = np.random.default_rng(seed)
    sums = np.empty((replicates, n_c * 4))
    # Conditions over the same programs share one multiplicity matrix per batch of
    # replicates (a condition without T1 on some programs has a layout of its own).
    layouts = {}
    for c in range(n_c):
        layouts.setdefault(present[:, c].tobytes(), []).append(c)
    for key, members in layouts.items():
        progs = np.flatnonzero(present[:, members[0]])
        cols = np.concatenate([np.arange(c * 4, c * 4 + 4) for c in members])
        sub = counts[np.ix_(progs, cols)]
        k = len(progs)
        for start in range(0, replicates, batch):
            r = min(batch, replicates - start)
            draws = rng.integers(0, k, size=(r, k))
            rows = np.repeat(np.arange(r), k) * k + draws.ravel()
            mult = np.bincount(rows, minlength=r * k).reshape(r, k).astype(np.float64)
            sums[start : start + r, cols] = mult @ sub
    drawn = time.process_time()
    names = {v: k for k, v in conds.items()}
    out = []
    for c in sorted(range(n_c), key=lambda c: names[c]):
        n, b, l, g = (sums[:, c * 4 + k] for k in range(4))
        tot = counts[:, c * 4 : c * 4 + 4].sum(axis=0)
        r_ = b - l
        t = r_ + g
        with np.errstate(invalid="ignore", divide="ignore"):
            ratios = {
                "acc_base": b / n,
                "acc_trans": t / n,
                "delta_acc": (t - b) / n,
                "conditional_robustness": r_ / b,
                "invariance_failure": l / b,
                "flip_rate": (l + g) / n,
            }
        ci = {}
        for key, v in ratios.items():
            v = v[np.isfinite(v)]
            ci[key] = [float(x) for x in np.percentile(v, [2.5, 97.5])] if v.size else None
        model, variant = names[c]
        out.append(
            {
                "model": model,
                "variant": variant,
                "programs": int(present[:, c].sum()),
                "N": int(tot[0]),
                "B": int(tot[1]),
                "L": int(tot[2]),
                "G": int(tot[3]),
                "ci95": ci,
            }
        )
    print(
        f"anchor phases (CPU s): load {loaded - started:.2f} bootstrap {drawn - loaded:.2f}",
        file=sys.stderr,
    )
    json.dump({"conditions": out}, sys.stdout, indent=1)
    sys.stdout.write("\n")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("path")
    w.add_argument("--programs", type=int, default=20000)
    w.add_argument("--seed", type=int, default=7)
    m = sub.add_parser("metrics")
    m.add_argument("path")
    m.add_argument("--replicates", type=int, default=10000)
    m.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    if a.cmd == "write":
        write(a.path, a.programs, a.seed)
    else:
        metrics(a.path, a.replicates, a.seed)


if __name__ == "__main__":
    main()
