#!/usr/bin/env bash
# A short GPU check after the campaign: the CUDA executor's bounds checks, the
# README example on the GPU, and the CI subset of NM-bench on the GPU.
# Run from the repository root with the portable tarball in .dist/ (device tool:
# carry [".dist"]). Results: $OUT/final-check.log and $OUT/bench-cuda.md.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/final-check.log") 2>&1
tarball=$(ls "$ROOT"/.dist/kfix-*-linux-x86_64.tar.xz | head -1)
rm -rf /tmp/kfix && mkdir -p /tmp/kfix && tar -xJf "$tarball" -C /tmp/kfix --strip-components=1
export PATH=/tmp/kfix/bin:$PATH
kfix devices
echo "== 1. a tail bug on the GPU is an out-of-bounds fault, not a pass"
timeout 120 kfix run "$ROOT/bench/tasks/elementwise-tail-1/task.json" --target cuda | tail -4; echo "rc=$?"
echo "== 2. the README example, debugged on the GPU"
timeout 150 kfix debug "$ROOT/examples/near-miss/gelu-tail/task.json" --target cuda -o /tmp/gelu-out; echo "rc=$?"
head -c 600 /tmp/gelu-out/repaired.cu
echo "== 3. NM-bench CI subset on the GPU"
timeout 200 kfix bench "$ROOT/bench/tasks" --subset "$ROOT/bench/ci-subset.txt" --target cuda \
  --task-timeout 45 -o /tmp/bench-cuda; echo "rc=$?"
cp /tmp/bench-cuda/results.md "$OUT/bench-cuda.md" 2>/dev/null
echo "== done"
