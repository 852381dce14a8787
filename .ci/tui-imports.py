#!/usr/bin/env python3
"""Measures the import graph of src/tui (files as nodes): how many imports run back up
from a screen into `tui::app`, and the circles (strongly connected components of more
than one file). Tests (`*tests.rs`, `testing.rs`) are left out: they may build an App.

Usage: python3 .ci/tui-imports.py [src/tui]  (prints the figures; -v lists them)"""
import os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else "src/tui"
verbose = "-v" in sys.argv

def module_of(path):
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    return tuple(rel)

files = {}
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith(".rs"):
            p = os.path.join(d, f)
            if f.endswith("tests.rs") or f == "testing.rs":
                continue
            files[module_of(p)] = p

def resolve(parts):
    for n in range(len(parts), 0, -1):
        if tuple(parts[:n]) in files:
            return tuple(parts[:n])
    return None

def strip_cfg_test(text):
    # drop `#[cfg(test)] mod tests { ... }` blocks (unit tests beside the code)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)

edges = {m: set() for m in files}
for mod, path in files.items():
    text = strip_cfg_test(open(path).read())
    text = re.sub(r"//[^\n]*", "", text)
    # use-trees: expand `crate::tui::a::{b, c::d}` one level
    for m in re.finditer(r"crate::tui::([A-Za-z_][\w:]*)(::\{([^}]*)\})?", text):
        base = [p for p in m.group(1).split("::") if p]
        targets = [base]
        if m.group(3):
            targets = [base + [p for p in item.strip().split("::") if p and p != "self"]
                       for item in m.group(3).split(",") if item.strip()]
        for t in targets:
            r = resolve(t)
            if r and r != mod:
                edges[mod].add(r)
    for m in re.finditer(r"\b((?:super::)+)([A-Za-z_][\w:]*)", text):
        ups = m.group(1).count("super::")
        here = list(mod) if not path.endswith("mod.rs") else list(mod) + ["_"]
        base = here[: len(here) - 1 - ups]
        r = resolve(base + m.group(2).split("::"))
        if r and r != mod:
            edges[mod].add(r)

def is_app(m):
    return len(m) > 0 and m[0] == "app"

up = sorted((a, b) for a in edges for b in edges[a] if is_app(b) and not is_app(a))

# Tarjan
index, low, on, stack, sccs, counter = {}, {}, set(), [], [], [0]
sys.setrecursionlimit(10000)
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))
for v in sorted(edges):
    if v not in index:
        visit(v)

# the same at the level of folders (a screen's folder, app/, model/, ...; a file of
# tui/ itself is a node of its own)
fedges = {}
for a in edges:
    for b in edges[a]:
        fa, fb = a[:1], b[:1]
        if fa != fb:
            fedges.setdefault(fa, set()).add(fb)
        fedges.setdefault(fb, set())
findex, flow, fon, fstack, fsccs, fcounter = {}, {}, set(), [], [], [0]
def fvisit(v):
    findex[v] = flow[v] = fcounter[0]; fcounter[0] += 1
    fstack.append(v); fon.add(v)
    for w in fedges.get(v, ()):
        if w not in findex:
            fvisit(w); flow[v] = min(flow[v], flow[w])
        elif w in fon:
            flow[v] = min(flow[v], findex[w])
    if flow[v] == findex[v]:
        comp = []
        while True:
            w = fstack.pop(); fon.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            fsccs.append(sorted(comp))
for v in sorted(fedges):
    if v not in findex:
        fvisit(v)

print(f"files: {len(files)}")
print(f"imports back up into tui::app: {len(up)} (from {len({a for a, _ in up})} files)")
print(f"circles: {len(sccs)}, files in circles: {sum(len(c) for c in sccs)}"
      + (f", largest: {max(len(c) for c in sccs)}" if sccs else ""))
print(f"folder circles: {len(fsccs)}, folders in them: {sum(len(c) for c in fsccs)}")
if verbose:
    for c in fsccs:
        print("  folder circle:", ", ".join("/".join(m) or "tui" for m in c))
    for a, b in up:
        print("  up:", "/".join(a), "->", "/".join(b))
    for c in sccs:
        print("  circle:", ", ".join("/".join(m) or "tui" for m in c))
    for c in sccs:
        cs = set(c)
        for a in c:
            for b in sorted(edges[a] & cs):
                print("    edge:", "/".join(a) or "tui", "->", "/".join(b) or "tui")
