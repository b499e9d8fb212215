#!/usr/bin/env bash
# kfix diagnose --target cuda on the shared-race tasks, the race findings and
# any trace-overflow warning per task (session 4: after the device trace grew
# to 2^22 access records). Writes $OUT/races-cuda.md.
# Usage: bash bench/gpu/races.sh TASK_DIR...   (KFIX: the kfix binary)
set -uo pipefail
OUT="${OUT:-/tmp/races-out}"; mkdir -p "$OUT"
KFIX="${KFIX:-kfix}"
{
  echo "# Shared-race findings on the GPU (kfix diagnose --target cuda --quick)"
  echo
  echo "| task | shared-race findings | trace-overflow | seconds |"
  echo "|---|---|---|---|"
  for t in "$@"; do
    d=$(mktemp -d)
    s=$(date +%s.%N)
    "$KFIX" diagnose "$t/task.json" --target cuda --quick -o "$d" > "$d/log" 2>&1
    e=$(python3 -c "import time,sys; print('%.1f' % (time.time() - float(sys.argv[1])))" "$s")
    python3 - "$t" "$d/report.json" "$e" <<'PY'
import json, os, sys
t, rep, secs = sys.argv[1:4]
try:
    sig = json.load(open(rep))["signature"]
except Exception as e:
    print("| %s | error: %s | | %s |" % (t, e, secs)); sys.exit()
races = sorted({",".join("%s:%s" % (os.path.basename(x.get("file", "?")), x.get("line"))
                         for x in f.get("sites", []))
                for f in sig.get("findings", []) if f["kind"] == "shared-race"})
over = [f["message"] for f in sig.get("findings", []) if f["kind"] == "trace-overflow"]
print("| %s | %s | %s | %s |" % (t, "; ".join(races) or "none", (over[0][:90] if over else "-"), secs))
PY
  done
} | tee "$OUT/races-cuda.md"
