#!/usr/bin/env python3
"""compare.py NUMPY.json FLIPSCOPE.json: the scale bench's check that the numpy anchor
and `flipscope metrics --format json` give the same counts per condition, and 95%
intervals whose ends differ by less than 0.15 of the interval's width (their
generators differ, PCG64 and flipscope's, so only within Monte Carlo error)."""

import json
import sys

a = {(c["model"], c["variant"]): c for c in json.load(open(sys.argv[1]))["conditions"]}
b = {(c["model"], c["variant"]): c for c in json.load(open(sys.argv[2]))["conditions"]}
assert a.keys() == b.keys(), (a.keys(), b.keys())
worst = 0.0
for k in a:
    for f in ("programs", "N", "B", "L", "G"):
        assert a[k][f] == b[k][f], (k, f, a[k][f], b[k][f])
    for m, ci in a[k]["ci95"].items():
        if ci is None:
            assert b[k]["ci95"][m] is None, (k, m)
            continue
        lo, hi = ci
        blo, bhi = b[k]["ci95"][m]
        width = hi - lo
        if width > 0:
            worst = max(worst, abs(lo - blo) / width, abs(hi - bhi) / width)
print(f"    same counts in {len(a)} conditions; interval ends differ by at most {worst:.3f} of the width")
assert worst < 0.15
