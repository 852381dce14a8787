#!/usr/bin/env bash
# The scale bench (issue 26): writes a 20,000-program pairs file once, then measures
# `flipscope metrics` against the vectorised numpy anchor (anchor.py) side by side
# in one run, each under /usr/bin/time -v (CPU seconds, wall, peak memory), and
# checks that both give the same counts and intervals within Monte Carlo error.
#
#   benches/scale/run.sh [WORKDIR] [PROGRAMS]
#
# Needs a release build (`cargo build --release`), /usr/bin/time, and a python3
# with numpy (set PYTHON, e.g. PYTHON=/tmp/venv/bin/python).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${1:-/tmp/flipscope-scale}"
programs="${2:-20000}"
python="${PYTHON:-python3}"
bin="${FLIPSCOPE:-$root/target/release/flipscope}"
mkdir -p "$work"
pairs="$work/pairs-$programs.jsonl"
if [ ! -s "$pairs" ]; then
  "$python" "$here/anchor.py" write "$pairs" --programs "$programs"
fi
echo "pairs file: $pairs ($(wc -l < "$pairs") pairs, $(du -m "$pairs" | cut -f1) MB); load: $(cut -d' ' -f1-3 /proc/loadavg)"

measure() { # name, command...
  local name="$1"; shift
  /usr/bin/time -v "$@" > "$work/$name.out" 2> "$work/$name.time"
  local user sys wall rss
  user=$(awk -F': ' '/User time/ {print $2}' "$work/$name.time")
  sys=$(awk -F': ' '/System time/ {print $2}' "$work/$name.time")
  wall=$(awk -F': ' '/Elapsed/ {print $2}' "$work/$name.time")
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/$name.time")
  local cpu
  cpu=$(echo "$user + $sys" | bc)
  printf '%-28s cpu %7.2f s  wall %8s  peak %6d MiB\n' "$name" "$cpu" "$wall" $((rss / 1024))
  echo "$cpu" > "$work/$name.cpu"
}

measure numpy-metrics "$python" "$here/anchor.py" metrics "$pairs" --replicates 10000
measure flipscope-metrics "$bin" metrics "$pairs" --replicates 10000 --format json
# The same figures through the loaded path (the study read whole, as before the
# streaming read): an annotations file (one note, no tag) makes `metrics` load it.
first=$(head -1 "$pairs")
key=$("$python" -c 'import json,sys; p=json.loads(sys.argv[1]); print(json.dumps({k: p[k] for k in ("program","behavior","model","variant")})[:-1])' "$first")
echo "$key, \"action\": \"note\", \"note\": \"makes metrics load the study\", \"auditor\": \"scale bench\", \"time\": \"2026-12-01T00:00:00Z\", \"version\": \"0.1.0\"}" > "$work/annotations.jsonl"
measure flipscope-metrics-loaded "$bin" metrics "$pairs" "$work/annotations.jsonl" --replicates 10000 --format json
"$python" - "$work/flipscope-metrics.out" "$work/flipscope-metrics-loaded.out" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for r in (a, b):
    r["provenance"].pop("inputs")
print("streamed and loaded figures identical:", a == b)
assert a == b
PY
ratio() { echo "$(cat "$work/$1.cpu") / $(cat "$work/$2.cpu")" | bc -l; }
printf 'ratio numpy / flipscope streamed (CPU): %.2f\n' "$(ratio numpy-metrics flipscope-metrics)"
printf 'ratio loaded / streamed (CPU): %.2f\n' "$(ratio flipscope-metrics-loaded flipscope-metrics)"

"$python" - "$work/numpy-metrics.out" "$work/flipscope-metrics.out" <<'PY'
import json, sys
a = {(c["model"], c["variant"]): c for c in json.load(open(sys.argv[1]))["conditions"]}
b = {(c["model"], c["variant"]): c for c in json.load(open(sys.argv[2]))["conditions"]}
assert a.keys() == b.keys(), (a.keys(), b.keys())
worst = 0.0
for k in a:
    for f in ("programs", "N", "B", "L", "G"):
        assert a[k][f] == b[k][f], (k, f, a[k][f], b[k][f])
    for m, (lo, hi) in a[k]["ci95"].items():
        blo, bhi = b[k]["ci95"][m]
        width = hi - lo
        worst = max(worst, abs(lo - blo) / width, abs(hi - bhi) / width)
print(f"same counts; interval ends differ by at most {worst:.3f} of the interval width (Monte Carlo error)")
assert worst < 0.15
PY
