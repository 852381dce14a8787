#!/usr/bin/env bash
# The scale bench (issue 26): every row of the issue's table measured against its
# anchor in one run, each command under /usr/bin/time -v (CPU seconds = user + system,
# wall, peak resident memory).
#
#   benches/scale/run.sh [WORKDIR] [PROGRAMS] [SMALL_PROGRAMS]
#
# Rows (PROGRAMS defaults to 20,000, SMALL_PROGRAMS to 2,000):
#   synth     `flipscope synth --programs PROGRAMS` into WORKDIR/study-PROGRAMS, with an
#             empty parse cache; written once: a later run reuses the study and prints
#             the figure measured when it was written.
#   score     `flipscope score` of that study with 1 and with 2 rayon threads (warm
#             parse cache); both outputs must be identical; the 2-thread one is the
#             pairs file of every row below.
#   metrics   `flipscope metrics --replicates 10000 --format json` against the numpy
#             anchor (anchor.py metrics), on the SMALL_PROGRAMS study and on the
#             PROGRAMS one; counts must be equal and intervals within Monte Carlo error.
#   loading   the same with --replicates 0 (reading and counting only).
#   bootstrap the difference of the two (CPU seconds), for both.
#   audit     `flipscope audit` on the four VERT files with an empty parse cache,
#             against slang_anchor.py (pyslang parsing the same wrapped fragments).
#
# Needs a release build (FLIPSCOPE, default target/release/flipscope; CARGO_TARGET_DIR
# is honoured), /usr/bin/time and bc. The anchors need a python3 with numpy (and
# pyslang for the audit row): PYTHON if set, else python3 if it imports numpy, else a
# venv made once in WORKDIR/venv with `pip install numpy pyslang`. VERT names the VERT
# directory (default ../shared/data/vert beside the checkout); without it the audit
# row is skipped, saying so.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${1:-/tmp/flipscope-scale}"
programs="${2:-20000}"
small="${3:-2000}"
bin="${FLIPSCOPE:-${CARGO_TARGET_DIR:-$root/target}/release/flipscope}"
vert="${VERT:-$root/../shared/data/vert}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"

if [ -n "${PYTHON:-}" ]; then
  python="$PYTHON"
elif python3 -c 'import numpy' 2> /dev/null; then
  python=python3
else
  if [ ! -x "$work/venv/bin/python" ]; then
    echo "making $work/venv (numpy, pyslang)"
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q numpy pyslang
  fi
  python="$work/venv/bin/python"
fi
[ -x "$bin" ] || { echo "no release build at $bin (cargo build --release)" >&2; exit 1; }

echo "scale bench: $("$bin" --version 2>/dev/null || echo flipscope), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "numpy $("$python" -c 'import numpy; print(numpy.__version__)'), BLAS pinned to one thread"

measure() { # name, command... (stdout to WORKDIR/name.out)
  local name="$1"; shift
  /usr/bin/time -v "$@" > "$work/$name.out" 2> "$work/$name.time" || {
    echo "$name failed:" >&2; tail -5 "$work/$name.time" >&2; exit 1; }
  report "$name"
}
report() { # name: one line from WORKDIR/name.time
  local name="$1" user sys wall rss cpu
  user=$(awk -F': ' '/User time/ {print $2}' "$work/$name.time")
  sys=$(awk -F': ' '/System time/ {print $2}' "$work/$name.time")
  wall=$(awk -F': ' '/Elapsed/ {print $2}' "$work/$name.time")
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/$name.time")
  cpu=$(echo "$user + $sys" | bc)
  printf '  %-34s cpu %8.2f s  wall %9s  peak %6d MiB\n' "$name" "$cpu" "$wall" $((rss / 1024))
  echo "$cpu" > "$work/$name.cpu"
  echo "$wall" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' > "$work/$name.wall"
}
cpu() { cat "$work/$1.cpu"; }
divide() { # a / b to two decimals, n/a when b is 0 (below the clock's resolution)
  if [ "$(echo "$2 > 0" | bc)" = 1 ]; then printf '%.2f' "$(echo "$1 / $2" | bc -l)"; else printf 'n/a'; fi
}
ratio() { divide "$(cpu "$1")" "$(cpu "$2")"; }
wall_ratio() { divide "$(cat "$work/$1.wall")" "$(cat "$work/$2.wall")"; }

study() { # programs: writes WORKDIR/study-N once (measured), scores it (measured)
  local n="$1" dir="$work/study-$1"
  if [ ! -s "$dir/generations.jsonl" ]; then
    rm -rf "$work/cache-$n" "$dir"
    XDG_CACHE_HOME="$work/cache-$n" measure "synth-$n" "$bin" synth --out "$dir" --programs "$n" --seed 7
  else
    echo "  (study-$n written before; its synth figure:)"
    report "synth-$n"
  fi
  if [ ! -s "$dir/pairs.jsonl" ] || [ "${RESCORE:-1}" = 1 ]; then
    for threads in 1 2; do
      RAYON_NUM_THREADS=$threads XDG_CACHE_HOME="$work/cache-$n" \
        measure "score-$n-${threads}thread" "$bin" score "$dir"
    done
    cmp -s "$work/score-$n-1thread.out" "$work/score-$n-2thread.out" ||
      { echo "score with 1 and 2 threads differ" >&2; exit 1; }
    echo "  score: same pairs with 1 and 2 threads; 2 threads are $(wall_ratio "score-$n-1thread" "score-$n-2thread")x as fast as 1 (wall; CPU $(ratio "score-$n-2thread" "score-$n-1thread")x)"
    mv "$work/score-$n-2thread.out" "$dir/pairs.jsonl"
    rm -f "$work/score-$n-1thread.out"
  fi
  echo "  pairs: $(wc -l < "$dir/pairs.jsonl") pairs, $(du -m "$dir/pairs.jsonl" | cut -f1) MB"
}

metrics() { # programs
  local n="$1" pairs="$work/study-$1/pairs.jsonl"
  measure "numpy-metrics-$n" "$python" "$here/anchor.py" metrics "$pairs" --replicates 10000
  grep '^anchor phases' "$work/numpy-metrics-$n.time" | sed 's/^/    /'
  measure "flipscope-metrics-$n" "$bin" metrics "$pairs" --replicates 10000 --format json
  measure "numpy-loading-$n" "$python" "$here/anchor.py" metrics "$pairs" --replicates 0
  measure "flipscope-loading-$n" "$bin" metrics "$pairs" --replicates 0 --format json
  "$python" "$here/compare.py" "$work/numpy-metrics-$n.out" "$work/flipscope-metrics-$n.out"
  local nb fb
  nb=$(echo "$(cpu "numpy-metrics-$n") - $(cpu "numpy-loading-$n")" | bc)
  fb=$(echo "$(cpu "flipscope-metrics-$n") - $(cpu "flipscope-loading-$n")" | bc)
  printf '  metrics %s programs, whole process: numpy / flipscope (CPU) = %s\n' "$n" "$(ratio "numpy-metrics-$n" "flipscope-metrics-$n")"
  printf '  loading only: numpy / flipscope (CPU) = %s\n' "$(ratio "numpy-loading-$n" "flipscope-loading-$n")"
  printf '  bootstrap only (whole minus loading): numpy %.2f s, flipscope %.2f s, ratio %s\n' \
    "$nb" "$fb" "$(divide "$nb" "$fb")"
}

echo "== study of $small programs"
study "$small"
metrics "$small"
echo "== study of $programs programs"
study "$programs"
metrics "$programs"

echo "== audit, empty parse cache, the four VERT files"
if ls "$vert"/*.json > /dev/null 2>&1; then
  if "$python" -c 'import pyslang' 2> /dev/null; then
    measure pyslang-parse "$python" "$here/slang_anchor.py" "$vert"/*.json
    echo "    $(cat "$work/pyslang-parse.out")"
  else
    echo "  pyslang cannot be imported by $python: no anchor (the issue's figure: 0.83 s)"
  fi
  rm -rf "$work/cache-audit"
  XDG_CACHE_HOME="$work/cache-audit" measure flipscope-audit-cold "$bin" audit --format json "$vert"/*.json
  XDG_CACHE_HOME="$work/cache-audit" measure flipscope-audit-warm "$bin" audit --format json "$vert"/*.json
  cmp -s "$work/flipscope-audit-cold.out" "$work/flipscope-audit-warm.out" ||
    { echo "audit findings differ between a cold and a warm cache" >&2; exit 1; }
  if [ -s "$work/pyslang-parse.cpu" ]; then
    printf '  audit cold: flipscope / pyslang (CPU) = %s\n' "$(ratio flipscope-audit-cold pyslang-parse)"
  fi
else
  echo "  skipped: no VERT files in $vert"
fi
