#!/usr/bin/env bash
# The harness on the H200 (device tool): unpacks the portable tarball outside the
# checkout, runs kfix's own harness inputs (test/PyHarness/Inputs) and the real
# candidates of a case list through `kfix run-kernelbench --target cuda`.
#   bench/real/gpu-run.sh TARBALL CASES_DIR LIST [JOBS] [extra run.py args...]
# Writes under $OUT (the device tool's output folder) or ./gpu-out.
set -uo pipefail
TARBALL=$(realpath "$1"); CASES=$(realpath "$2"); LIST=$(realpath "$3"); JOBS=${4:-12}; shift 4 || shift $#
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PREFIX=${PREFIX:-/tmp/kfix-prefix}; RESULTS=${RESULTS:-/tmp/real-gpu}
mkdir -p "$PREFIX" && tar -C "$PREFIX" -xJf "$TARBALL"
K=$(ls -d "$PREFIX"/kfix-*/ | head -1)
# PY_OVERLAY=python: the checkout's kfix_harness over the tarball's (a harness
# change measured without repacking; say so where the results are recorded).
if [ -n "${PY_OVERLAY:-}" ]; then
  cp "$ROOT/$PY_OVERLAY"/kfix_harness/*.py "$K/share/kfix/python/kfix_harness/" && echo "python overlay: $PY_OVERLAY"
fi
export KFIX_BIN=${K}bin/kfix KFIX_PYTHON=${KFIX_PYTHON:-python3} PYTHONUNBUFFERED=1
export KFIX_HARNESS_CACHE=/tmp/kfix-harness-cache MAX_JOBS=2
cd /tmp   # not the build checkout
nvidia-smi -L; python3 -c "import torch; print('torch', torch.__version__, torch.cuda.get_device_name())"
"$KFIX_BIN" devices | head -3
IN=$ROOT/test/PyHarness/Inputs
# OWN=run (default): kfix's own harness inputs through run-kernelbench;
# OWN=debug: the failing ones through debug-kernelbench; OWN=skip: neither.
( case "${OWN:-run}" in
  run) for c in relu_ok relu_offbyone conv_fused_ok conv_fused_bug; do
         p=relu_problem; case $c in conv*) p=conv_fused_problem;; esac
         "$KFIX_BIN" run-kernelbench --problem $IN/$p.py --candidate $IN/$c.py -o /tmp/own-$c --target cuda
         echo "rc=$?"
       done ;;
  debug) for c in relu_offbyone conv_fused_bug leaky_inplace_bug bn_running_stats linear_relu_randn; do
         p=relu_problem
         case $c in conv*) p=conv_fused_problem;; leaky*) p=leaky_inplace_problem;;
                    bn_*) p=bn_problem;; linear*) p=linear_relu_problem;; esac
         "$KFIX_BIN" debug-kernelbench --problem $IN/$p.py --candidate $IN/$c.py -o /tmp/own-debug-$c \
           --target cuda --time-limit 120
         echo "rc=$?"; cp /tmp/own-debug-$c/repair.diff "$OUTDIR/$c-repair.diff" 2>/dev/null
       done ;;
  esac ) > "$OUTDIR/own-inputs.txt" 2>&1 &
python3 "$ROOT/bench/real/run.py" --cases "$CASES" --list "$LIST" --target cuda --jobs "$JOBS" \
  --timeout ${CASE_TIMEOUT:-300} --deadline ${DEADLINE:-230} -o "$RESULTS" --kfix "$KFIX_BIN" "$@" > "$OUTDIR/real-run.txt" 2>&1
wait
cp "$RESULTS"/summary.md "$OUTDIR/summary.md"
python3 - "$OUTDIR" "$RESULTS" <<'PY'
import json, sys
r = json.load(open(sys.argv[2] + '/results.json'))
for v in r.values():
    v['log_tail'] = v['log_tail'][-600:]
json.dump(r, open(sys.argv[1] + '/results.json', 'w'), indent=1)
PY
tail -n 60 "$OUTDIR/own-inputs.txt" | grep -E "verdict|trial 0|rc=|kernels run|harness-error|finding|debug|benchmark check|delivered|solution" 
cat "$OUTDIR/summary.md"
