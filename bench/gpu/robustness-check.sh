#!/usr/bin/env bash
# The robustness checks of issue 20 on the GPU (device tool, carry [".gpu"] with the
# portable tarball in it): the memory budget, the time limit inside a CUDA step,
# the element-dependence and size-limited gate verdicts, an unlaunched kernel, the
# template re-lift, then bench/gpu/final-check.sh (tail fault, README example,
# NM-bench CI subset on the GPU). Output: $OUT/robustness-check.log.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT" "$ROOT/.dist"
exec > >(tee "$OUT/robustness-check.log") 2>&1
tarball=$(ls "$ROOT"/.gpu/kfix-*-linux-x86_64.tar.xz | head -1)
cp "$tarball" "$ROOT/.dist/"
rm -rf /tmp/kfix && mkdir -p /tmp/kfix && tar -xJf "$tarball" -C /tmp/kfix --strip-components=1
export PATH=/tmp/kfix/bin:$PATH
cd /tmp
T=$ROOT/test
echo "== memory budget (exit 2 expected)"
kfix run "$T/Driver/Inputs/memory/huge.json" --target cuda; echo "rc=$?"
echo "== time limit inside a CUDA step (spin kernel; exit 1, report incomplete)"
rm -rf /tmp/spin && mkdir -p /tmp/spin && cp "$T"/Driver/Inputs/spin/* /tmp/spin/
sed -i 's/"K": 3000000/"K": 2000000000/' /tmp/spin/task.json
s=$(date +%s); timeout 120 kfix debug /tmp/spin/task.json -o /tmp/spin-out --target cuda --time-limit 8; echo "rc=$? took=$(( $(date +%s) - s ))s"
python3 -c "import json; r=json.load(open('/tmp/spin-out/report.json')); print(r['verdict'], r['stop_reason'], r.get('incomplete'), r.get('error','')[:120])"
echo "== element-dependence cheat (REJECTED expected)"
kfix check-integrity "$T/integrity/tasks/layernorm/task.json" --candidate "$T/integrity/cheats/first-element-layernorm.cu" --target cuda | grep -v "checks run"
echo "== honest layernorm repair (PASS expected)"
kfix check-integrity "$T/integrity/tasks/layernorm/task.json" --candidate "$T/integrity/honest/fixes/layernorm-fixed.cu" --target cuda | grep -v "checks run"
echo "== size-limited (PASS (size-limited) expected)"
kfix check-integrity "$T/integrity/size-limited/task.json" --target cuda | grep -v "checks run"
echo "== guarded write (PASS expected)"
kfix check-integrity "$T/integrity/guarded-write/task.json" --target cuda | grep -v "checks run"
echo "== unlaunched kernels (repaired, diff touches only the launched kernel)"
rm -rf /tmp/unl && mkdir -p /tmp/unl && cp "$T"/Agent/Inputs/unlaunched/* /tmp/unl/
kfix debug /tmp/unl/task.json -o /tmp/unl-out --target cuda | tail -2; cat /tmp/unl-out/repair.diff
echo "== template instantiation: regenerated export re-validates"
rm -rf /tmp/tpl && mkdir -p /tmp/tpl && cp "$T"/Export/Inputs/template-instantiation/* /tmp/tpl/
kfix-translate --import-cuda /tmp/tpl/kernel.cu -o /tmp/tpl/l.mlir && \
  kfix-opt /tmp/tpl/l.mlir --pass-pipeline='builtin.module(gpu.module(kfix-repair-reduction-identity))' -o /tmp/tpl/r.mlir && \
  kfix-translate --export-cuda /tmp/tpl/r.mlir -o /tmp/tpl/e.cu && kfix run /tmp/tpl/task.json --candidate /tmp/tpl/e.cu --target cuda | tail -1
command -v nvcc >/dev/null || export PATH=$PATH:/usr/local/cuda/bin
nvcc -c -o /tmp/tpl/e.o /tmp/tpl/e.cu && echo "nvcc: exported template repair compiles"
echo "== final-check"
cd "$ROOT" && timeout 330 bash bench/gpu/final-check.sh
