#!/usr/bin/env bash
# Session 8's GPU check (device tool, carry [".gpu"] with the portable tarball):
# the compile cache on the CUDA executor (compiles and wall time of `kfix debug`
# with the cache and with KFIX_COMPILE_CACHE=0), cub BlockReduce/WarpReduce kernels
# on the GPU, the harness's new debug statuses and the in-place capture on kfix's
# own inputs (--target cuda), host-set __constant__ through the harness, then the
# NM-bench CI subset on the GPU. Output: $OUT/session8-check.log.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/session8-check.log") 2>&1
tarball=$(ls "$ROOT"/.gpu/kfix-*-linux-x86_64.tar.xz | head -1)
rm -rf /tmp/kfix && mkdir -p /tmp/kfix && tar -xJf "$tarball" -C /tmp/kfix --strip-components=1
export PATH=/tmp/kfix/bin:$PATH KFIX_HARNESS_CACHE=/tmp/kfix-harness-cache
cd /tmp
IN=$ROOT/test/PyHarness/Inputs
# The harness cases build torch extensions: in the background, side by side.
harness() {  # mode problem candidate
  kfix $1-kernelbench --problem $IN/$2.py --candidate $IN/$3.py -o /tmp/h-$3 --target cuda \
    --time-limit 120 > /tmp/h-$3.log 2>&1; echo "rc=$?" >> /tmp/h-$3.log
}
harness debug leaky_inplace_problem leaky_inplace_bug &
harness debug bn_problem bn_running_stats &
harness debug linear_relu_problem linear_relu_randn &
harness run affine_problem affine_constant_ok &
harness run affine_problem affine_constant_offset &
echo "== compile cache on the CUDA executor (gelu-tail)"
for c in 1 0; do
  s=$(date +%s%N)
  KFIX_COMPILE_CACHE=$c kfix debug "$ROOT/examples/near-miss/gelu-tail/task.json" --target cuda -o /tmp/gelu-$c --quiet | tail -1
  e=$(( ($(date +%s%N) - s) / 1000000 ))
  python3 -c "import json,sys; r=json.load(open('/tmp/gelu-$c/report.json')); c=r.get('costs',{}); print('cache=$c wall_ms=$e', 'compiles', c.get('compiles'), 'hits', c.get('compile_cache_hits'), 'accepted', r.get('accepted_repair'))"
done
python3 - <<'PY'
import json
for c in ("1", "0"):
    r = json.load(open("/tmp/gelu-%s/report.json" % c))
    ms = [it.get("ms_split", {}) for it in r.get("iterations", [])]
    t = sorted(m.get("apply", 0) + m.get("screen", 0) for m in ms if "screen" in m)
    if t:
        print("cache=%s candidate turnaround (apply+screen) median %.1f ms over %d" % (c, t[len(t)//2], len(t)))
PY
echo "== cub on the GPU (PASS, PASS, then FAIL for the every-thread variant)"
F=$ROOT/test/Frontend/Inputs
kfix run $F/cub-block/task.json --target cuda | tail -1
kfix run $F/cub-warp/task.json --target cuda | tail -1
kfix run $F/cub-block/task.json --target cuda --candidate $F/cub-block/every-thread.cu | tail -1
echo "== NM-bench CI subset on the GPU"
timeout 170 kfix bench "$ROOT/bench/tasks" --subset "$ROOT/bench/ci-subset.txt" --target cuda \
  --task-timeout 45 -o /tmp/bench-cuda > /dev/null 2>&1; echo "rc=$?"
tail -n 12 /tmp/bench-cuda/results.md 2>/dev/null
wait
for c in leaky_inplace_bug bn_running_stats linear_relu_randn affine_constant_ok affine_constant_offset; do
  echo "== harness: $c"; grep -E "verdict|debug:|benchmark check|delivered|rc=|error" /tmp/h-$c.log | head -8
done
echo "== done"
