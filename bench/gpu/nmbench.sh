#!/usr/bin/env bash
# The whole NM-bench on the H200 in one device call (session 3, with the
# persistent CUDA worker): a smoke test of the worker, the full benchmark on
# the CUDA executor with several tasks at once, then the turnaround
# measurements (bench/gpu/perf.py turnaround).
# Run from the repository root with the portable tarball in .dist/:
#   run(command="bash bench/gpu/nmbench.sh", carry=[".dist"])
# Results in $OUT: nmbench.log, bench-cuda.tar.xz (results.{json,md,svg} and
# every task's report.json / trace.jsonl), perf.md.
# Env: STEPS (default "bench turnaround"; also "rtime": time the repaired
# kernels of this run against the originals and the human fixes, and
# "kernelbench": bench/gpu/kernelbench.sh; "sanitizer": bench/gpu/sanitizer.py;
# "accuracy": bench/diagnose/accuracy.py --target cuda), JOBS (tasks at once, default 8),
# T_BENCH (seconds for the benchmark, default 330), T_PERF (default 150),
# TURN_REPS (default 5), T_RTIME (default 150), T_KB (default 150), T_SAN (default
# 400; SAN_TIME_TASKS, SAN_REPS: bench/gpu/sanitizer.py), T_ACC (default 240).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/nmbench.log") 2>&1
START=$(date +%s)
elapsed() { echo $(( $(date +%s) - START )); }
if [ -z "${KFIX:-}" ]; then
  tarball=$(ls "$ROOT"/.dist/kfix-*-linux-x86_64.tar.xz 2>/dev/null | head -1)
  [ -n "$tarball" ] || { echo "nmbench: no .dist/kfix-*-linux-x86_64.tar.xz"; exit 2; }
  rm -rf /tmp/kfix && mkdir -p /tmp/kfix
  tar -xJf "$tarball" -C /tmp/kfix --strip-components=1 || { echo "nmbench: unpack failed"; exit 2; }
  export KFIX=/tmp/kfix/bin/kfix
fi
export PATH="$(dirname "$KFIX"):$PATH:/usr/local/cuda/bin"
echo "== kfix $KFIX, unpacked at $(elapsed) s"; nvidia-smi -L 2>&1 | head -1; nproc
kfix devices; echo "devices rc=$?"

echo "== smoke: the README example on the GPU ($(elapsed) s)"
timeout 120 kfix debug "$ROOT/examples/near-miss/gelu-tail/task.json" --target cuda -o /tmp/smoke
echo "smoke rc=$? ($(elapsed) s)"
grep -h '"ms_split"' /tmp/smoke/trace.jsonl | head -3

STEPS="${STEPS:-bench turnaround}"
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }

if has bench; then
echo "== NM-bench, --target cuda, -j ${JOBS:-8} ($(elapsed) s)"
B=/tmp/bench-cuda; rm -rf "$B"
timeout -k 10 "${T_BENCH:-330}" kfix bench "$ROOT/bench/tasks" --target cuda -j "${JOBS:-8}" \
  --task-timeout 120 -o "$B"
echo "bench rc=$? ($(elapsed) s)"
tail -40 "$B/results.md" 2>/dev/null | head -5
(cd /tmp && tar -cJf "$OUT/bench-cuda.tar.xz" \
   $(cd /tmp && find bench-cuda -maxdepth 1 -type f) \
   $(cd /tmp && find bench-cuda/tasks -name report.json -o -name trace.jsonl -o -name outcome.json -o -name repaired.mlir 2>/dev/null)) \
  && ls -la "$OUT/bench-cuda.tar.xz"
fi

if has rtime && [ -d /tmp/bench-cuda/tasks ]; then
  echo "== repaired vs original vs human fix, kernel time ($(elapsed) s)"
  rm -rf /tmp/rep && mkdir -p /tmp/rep
  for d in /tmp/bench-cuda/tasks/*/; do
    t=$(basename "$d")
    grep -q '"verdict": "repaired"' "$d/report.json" 2>/dev/null && [ -f "$d/repaired.mlir" ] \
      && cp "$d/repaired.mlir" "/tmp/rep/$t.mlir"
  done
  ls /tmp/rep | wc -l
  REPS=30 timeout -k 10 "${T_RTIME:-150}" python3 "$ROOT/bench/gpu/repaired-time.py" /tmp/rep
  echo "rtime rc=$? ($(elapsed) s)"
fi

if has turnaround; then
echo "== turnaround ($(elapsed) s)"
TURN_REPS="${TURN_REPS:-5}" timeout -k 10 "${T_PERF:-150}" python3 "$ROOT/bench/gpu/perf.py" turnaround
echo "perf rc=$? ($(elapsed) s)"
fi

if has kernelbench; then
  echo "== KernelBench round trip ($(elapsed) s)"
  timeout -k 10 "${T_KB:-150}" bash "$ROOT/bench/gpu/kernelbench.sh"
  echo "kernelbench rc=$? ($(elapsed) s)"
fi
if has sanitizer; then
  echo "== compute-sanitizer vs kfix findings and kernel cost ($(elapsed) s)"
  JOBS="${JOBS:-8}" timeout -k 10 "${T_SAN:-400}" python3 "$ROOT/bench/gpu/sanitizer.py"
  echo "sanitizer rc=$? ($(elapsed) s)"
fi

if has accuracy; then
  echo "== diagnosis accuracy, --target cuda ($(elapsed) s)"
  (cd "$ROOT" && timeout -k 10 "${T_ACC:-240}" python3 bench/diagnose/accuracy.py --target cuda \
     --kfix "$KFIX" --clean kb/examples/* bench/tasks/*/ > "$OUT/accuracy-cuda.md" 2>&1)
  echo "accuracy rc=$? ($(elapsed) s)"; tail -3 "$OUT/accuracy-cuda.md"
fi
echo "== done ($(elapsed) s)"; ls -la "$OUT"
