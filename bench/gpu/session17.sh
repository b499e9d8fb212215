#!/usr/bin/env bash
# Session 17 on the H200 (carry .gpu: the portable tarball and .gpu/cases), two calls:
#   PART=b  the three hzeng2000 local bugs of bench/real/local-bugs-session17.txt, at once,
#           --time-limit 540 (their candidate runs take 60-120 s with the torch build)
#   PART=c  checks on the GPU target with the tarball outside the checkout: the
#           __constant__ memory harness case (issue 20 item 4) through run-kernelbench
#           --target cuda; the edit-search inputs (loop-step and the others) and
#           --speed-check through kfix debug --target cuda.
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
ROOT=$PWD
case "${PART:-b}" in
b)
  OUT=$OUTDIR RESULTS=/tmp/real-s17 LIST=bench/real/local-bugs-session17.txt JOBS=3 \
    TIME_LIMIT=${TIME_LIMIT:-540} CASE_TIMEOUT=${CASE_TIMEOUT:-575} DEADLINE=30 \
    bash bench/gpu/session11-eh.sh > "$OUTDIR/log.txt" 2>&1
  tail -n 14 "$OUTDIR/summary.md"; cat "$OUTDIR/diffs.txt" | head -60 ;;
c)
  P=/tmp/kfix-prefix-c; mkdir -p $P && tar -C $P -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  K=$(ls -d $P/kfix-*/ | head -1); KF=${K}bin/kfix
  IN=$ROOT/test/PyHarness/Inputs; E=$ROOT/test/Agent/edit-search/Inputs
  cd /tmp
  {
    echo "== constant memory, run-kernelbench --target cuda"
    for c in affine_constant_ok affine_constant_offset; do
      "$KF" run-kernelbench --problem $IN/affine_problem.py --candidate $IN/$c.py -o /tmp/c-$c --target cuda \
        2>&1 | grep -E "trial 0|kernels run|verdict|cudaMemcpyToSymbol|native"; echo "rc=$?"
    done
    echo "== edit-search inputs, kfix debug --target cuda --speed-check on"
    for t in $E/*/task.json; do
      n=$(basename $(dirname $t))
      "$KF" debug $t --target cuda --speed-check on --max-evals 240 --max-iters 160 -o /tmp/es-$n > /tmp/es-$n.txt 2>&1
      echo "$n rc=$? $(grep -E '^verdict' /tmp/es-$n.txt) $(grep -E 'speed:' /tmp/es-$n.txt)"
    done
  } > "$OUTDIR/checks.txt" 2>&1
  cat "$OUTDIR/checks.txt" ;;
esac
