#!/usr/bin/env bash
# Session 10 GPU check (carry .gpu: the portable tarball, and .gpu/cases: the case
# folders of bench/real/local-bugs.txt copied from bench/real/cache): the real
# local-bug candidates through debug-kernelbench, each run bounded by its own
# --time-limit (the whole run: candidate, search, checks, delivery).
set -u
OWN=skip CASE_TIMEOUT=${CASE_TIMEOUT:-540} DEADLINE=${DEADLINE:-120} \
  bash bench/real/gpu-run.sh .gpu/kfix-0.1-linux-x86_64.tar.xz .gpu/cases bench/real/local-bugs.txt 17 \
  --mode debug -- --time-limit ${TIME_LIMIT:-500}
for d in /tmp/real-gpu/*/; do
  [ -f "$d/repair.diff" ] && { echo "== $(basename $d)"; cat "$d/repair.diff"; }
done > "${OUT:-$PWD/gpu-out}/diffs.txt" 2>&1
