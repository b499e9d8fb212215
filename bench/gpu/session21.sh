#!/usr/bin/env bash
# Session 21 on the GPU (carry .gpu: the portable tarball and .gpu/cases):
#   PART=f  NM-bench round five (bench/tasks/*-s22, *-s23; SETS to choose) on the GPU
#           target, repaired kernels timed against the originals and the human fixes
#   PART=e  the 10 eh-kernelbench local bugs read this session
#           (bench/real/local-bugs-eh2.txt), kfix debug-kernelbench on each
#   PART=h  the hzeng2000 cases of bench/real/local-bugs-session21-rerun.txt (those that
#           ran out of GPU memory or search time when all 17 ran at once)
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
here="$(cd "$(dirname "$0")" && pwd)"
real() {
  OUT=$OUTDIR RESULTS=/tmp/real-gpu LIST=$1 JOBS=${JOBS:-4} \
    TIME_LIMIT=${TIME_LIMIT:-300} CASE_TIMEOUT=${CASE_TIMEOUT:-360} DEADLINE=${DEADLINE:-120} \
    bash "$here/session11-eh.sh" > "$OUTDIR/log.txt" 2>&1
  tail -n 24 "$OUTDIR/summary.md"; head -80 "$OUTDIR/diffs.txt"
}
case "${PART:-f}" in
f) SETS=${SETS:-"s22 s23"} PART=f bash "$here/session20.sh" ;;
e) real bench/real/local-bugs-eh2.txt ;;
h) real bench/real/local-bugs-session21-rerun.txt ;;
esac
