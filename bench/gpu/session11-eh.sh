#!/usr/bin/env bash
# Session 11: the 7 eh-kernelbench (level 1) local-bug candidates (LIST, JOBS: another list) with the repair
# search at scaled sizes (debug-kernelbench --search-elements, default 2^20), the
# repair checked at the benchmark's sizes; same settings as session10-eh.sh.
set -u
OWN=skip CASE_TIMEOUT=${CASE_TIMEOUT:-520} DEADLINE=${DEADLINE:-60} \
  bash bench/real/gpu-run.sh .gpu/kfix-0.1-linux-x86_64.tar.xz .gpu/cases ${LIST:-bench/real/local-bugs-eh.txt} ${JOBS:-7} \
  --mode debug -- --time-limit ${TIME_LIMIT:-480}
for d in ${RESULTS:-/tmp/real-gpu}/*/; do
  [ -f "$d/repair.diff" ] && { echo "== $(basename $d)"; cat "$d/repair.diff"; }
done > "${OUT:-$PWD/gpu-out}/diffs.txt" 2>&1
# Per case: the harness verdict, kfix debug's report.json and trace.jsonl (compressed).
( cd "${RESULTS:-/tmp/real-gpu}" && find . -maxdepth 5 \( -name verdict.json -o -name report.json \
    -o -name trace.jsonl -o -name repair.diff \) -size -20M -print0 |
  tar --null -T - -cJf "${OUT:-$PWD/gpu-out}/case-reports.tar.xz" ) 2>/dev/null || true
