#!/usr/bin/env bash
# Side by side: `kfix diagnose --target cuda --quick` with the trace copied
# whole (KFIX_CUDA_FULL_TRACE_COPY=1, kfix before session 5) and with only its
# head and the written access records (the default), alternating per task.
# The findings must be the same; the wall times give the ratio.
# Writes $OUT/trace-copy.md.
# Usage: bash bench/gpu/trace_copy.sh TASK_DIR...   (KFIX: the kfix binary)
set -uo pipefail
OUT="${OUT:-/tmp/trace-copy-out}"; mkdir -p "$OUT"
KFIX="${KFIX:-kfix}"
run() { # MODE TASK DIR -> seconds on stdout
  local s; s=$(date +%s.%N)
  KFIX_CUDA_FULL_TRACE_COPY=$1 "$KFIX" diagnose "$2/task.json" --target cuda --quick \
    -o "$3" > "$3.log" 2>&1
  python3 -c "import time,sys; print('%.2f' % (time.time() - float(sys.argv[1])))" "$s"
}
{
  echo "# Trace copy: whole buffer vs head + written records (kfix diagnose --target cuda --quick)"
  echo
  echo "| task | whole (s) | head+records (s) | ratio | same findings |"
  echo "|---|---|---|---|---|"
  for t in "$@"; do
    d=$(mktemp -d)
    a=$(run 1 "$t" "$d/full"); b=$(run 0 "$t" "$d/head")
    python3 - "$t" "$d" "$a" "$b" <<'PY'
import json, os, sys
t, d, a, b = sys.argv[1:5]
def fin(p):
    try:
        sig = json.load(open(os.path.join(d, p, "report.json")))["signature"]
    except Exception as e:
        return "error: %s" % e
    return sorted((f["kind"], tuple((x.get("file", "").split("/")[-1], x.get("line"))
                                    for x in f.get("sites", [])))
                  for f in sig.get("findings", []))
fa, fb = fin("full"), fin("head")
print("| %s | %s | %s | %.2f | %s |" % (os.path.basename(t.rstrip("/")), a, b,
      float(a) / max(float(b), 1e-9), "yes" if fa == fb else "NO: %s vs %s" % (fa, fb)))
PY
  done
} | tee "$OUT/trace-copy.md"
