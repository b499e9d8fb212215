#!/usr/bin/env bash
# Session 22 on the GPU (carry .gpu: the portable tarball and .gpu/cases):
#   PART=f  NM-bench rounds five and six (bench/tasks/*-s22 .. *-s25; SETS to choose) on
#           the GPU target, repaired kernels timed against the originals and the human
#           fixes (session20.sh PART=f, outputs in $OUT/<set>/)
#   PART=e  the 10 eh-kernelbench local bugs (bench/real/local-bugs-eh2.txt)
#   PART=a  the 17 hzeng2000/eh local bugs (bench/real/local-bugs-all17.txt)
# through `kfix debug-kernelbench` in real PyTorch (session11-eh.sh).
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
here="$(cd "$(dirname "$0")" && pwd)"
real() {
  OUT=$OUTDIR RESULTS=/tmp/real-gpu LIST=$1 JOBS=${JOBS:-8} \
    TIME_LIMIT=${TIME_LIMIT:-300} CASE_TIMEOUT=${CASE_TIMEOUT:-360} DEADLINE=${DEADLINE:-120} \
    bash "$here/session11-eh.sh" > "$OUTDIR/log.txt" 2>&1
  tail -n 30 "$OUTDIR/summary.md"; head -60 "$OUTDIR/diffs.txt"
}
case "${PART:-f}" in
f) SETS=${SETS:-"s22 s23 s24 s25"} PART=f bash "$here/session20.sh" ;;
e) real bench/real/local-bugs-eh2.txt ;;
a) real bench/real/local-bugs-all17.txt ;;
esac
