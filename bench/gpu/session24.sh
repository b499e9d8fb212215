#!/usr/bin/env bash
# Session 24 on the GPU (carry .gpu: the portable tarball and .gpu/cases): launches on
# the tensors' own GPU memory (CUDA IPC) in the KernelBench harness.
#   PART=t  the commands of test/PyHarness/cuda-shared.test, from the tarball outside the
#           checkout, and the staged path side by side on the same candidate (timings)
#   PART=e  the 10 eh-kernelbench local bugs (bench/real/local-bugs-eh2.txt)
#   PART=a  the 17 hzeng2000/eh local bugs (bench/real/local-bugs-all17.txt)
# (e and a: `kfix debug-kernelbench` in real PyTorch through session11-eh.sh; LIST to choose)
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
here="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$here/../.." && pwd)"
real() {
  OUT=$OUTDIR RESULTS=/tmp/real-gpu LIST=${LIST:-$1} JOBS=${JOBS:-4} \
    TIME_LIMIT=${TIME_LIMIT:-300} CASE_TIMEOUT=${CASE_TIMEOUT:-360} DEADLINE=${DEADLINE:-120} \
    bash "$here/session11-eh.sh" > "$OUTDIR/log.txt" 2>&1
  tail -n 40 "$OUTDIR/summary.md"; head -80 "$OUTDIR/diffs.txt"
}
shared_test() {
  PREFIX=/tmp/kfix-prefix; mkdir -p $PREFIX && tar -C $PREFIX -xJf "$ROOT"/.gpu/kfix-*-linux-x86_64.tar.xz
  K=$(ls -d $PREFIX/kfix-*/ | head -1); export KFIX_BIN=${K}bin/kfix KFIX_HARNESS_CACHE=/tmp/kfix-hc
  IN=$ROOT/test/PyHarness/Inputs; T=/tmp/shared-test; rm -rf $T; mkdir -p $T; cd /tmp
  for mode in 1 0; do
    for c in relu_ok relu_offbyone; do
      /usr/bin/time -f "wall %e s" env KFIX_HARNESS_IPC=$mode $KFIX_BIN run-kernelbench \
        --problem $IN/relu_problem.py --candidate $IN/$c.py -o $T/$c-ipc$mode --target cuda
      echo "rc=$? ($c, KFIX_HARNESS_IPC=$mode)"
      python3 -c "import json; h=json.load(open('$T/$c-ipc$mode/verdict.json'))['harness']; print({k: h.get(k) for k in ('shared_launches','staged_launches','staged_why','faults')})"
    done
  done
  /usr/bin/time -f "wall %e s" $KFIX_BIN debug-kernelbench --problem $IN/conv_fused_problem.py \
    --candidate $IN/conv_fused_bug.py -o $T/dbg --target cuda
  echo "rc=$? (debug conv_fused_bug)"
  cp $T/dbg/repair.diff "$OUTDIR/conv_fused-repair.diff" 2>/dev/null
  python3 -c "import json; h=json.load(open('$T/dbg/verdict.json'))['harness']; print({k: h.get(k) for k in ('shared_launches','staged_launches','staged_why')})"
  cd "$ROOT"
}
case "${PART:-t}" in
t) shared_test 2>&1 | tee "$OUTDIR/shared-test.txt" ;;
e) real bench/real/local-bugs-eh2.txt ;;
a) real bench/real/local-bugs-all17.txt ;;
te) shared_test > "$OUTDIR/shared-test.txt" 2>&1; tail -n 40 "$OUTDIR/shared-test.txt"
    real bench/real/local-bugs-eh2.txt ;;
esac
