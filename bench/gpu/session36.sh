#!/usr/bin/env bash
# Session 36 on a GPU: rounds twenty (s39), twenty-one (s40) and twenty-two (s41)
# of NM-bench through `kfix bench --target cuda` (delivery compiled with NVRTC and
# nvcc, the cuda target's default), with the portable tarball in .gpu/ unpacked
# outside the checkout:
#   run(command="bash bench/gpu/session36.sh", carry=[".gpu"])
# Writes $OUT/session36.log, $OUT/results.md and $OUT/delivery.tsv (per task:
# verdict, changed lines, whether the delivered file is a patch, NVRTC and nvcc
# on it). Env: ROUNDS (default "s39 s40 s41"), JOBS (default 8), T_TASK
# (default 240), T_ALL (default 480).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT"
exec > >(tee "$OUT/session36.log") 2>&1
START=$(date +%s)
tarball=$(ls "$ROOT"/.gpu/kfix-*-linux-x86_64.tar.xz 2>/dev/null | head -1)
[ -n "$tarball" ] || { echo "session36: no .gpu/kfix-*-linux-x86_64.tar.xz"; exit 2; }
rm -rf /tmp/kfix && mkdir -p /tmp/kfix
tar -xJf "$tarball" -C /tmp/kfix --strip-components=1 || { echo "session36: unpack failed"; exit 2; }
K=/tmp/kfix/bin/kfix
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi -L 2>&1 | head -1
SUB=/tmp/s36tasks; rm -rf "$SUB"; mkdir -p "$SUB"
for r in ${ROUNDS:-s39 s40 s41}; do cp -r "$ROOT"/bench/tasks/*-"$r" "$SUB"/; done
echo "== $(ls "$SUB" | wc -l) tasks, unpacked at $(( $(date +%s) - START )) s"
B=/tmp/s36bench; rm -rf "$B"
timeout -k 10 "${T_ALL:-480}" "$K" bench "$SUB" --target cuda -j "${JOBS:-8}" --kb "$ROOT/kb" \
  --time-limit "${T_TASK:-240}" -o "$B"
echo "bench rc=$? ($(( $(date +%s) - START )) s)"
cp "$B/results.md" "$OUT/" 2>/dev/null
python3 - "$B" > "$OUT/delivery.tsv" <<'PY'
import json, os, sys
b = sys.argv[1]
print("task\tverdict\tchanged_lines\tdelivery\tnvrtc\tnvcc")
for t in sorted(os.listdir(os.path.join(b, "tasks"))):
    p = os.path.join(b, "tasks", t, "report.json")
    if not os.path.exists(p):
        print(f"{t}\tunfinished\t\t\t\t"); continue
    r = json.load(open(p))
    pa = r.get("patch") or {}
    comp = pa.get("compile") or {}
    def flag(k):
        v = comp.get(k)
        return "" if v is None else f"{v.get('status')}/{v.get('delivered')}"
    print(f"{t}\t{r.get('verdict')}\t{pa.get('changed_lines','')}\t{pa.get('delivery','')}\t{flag('nvrtc')}\t{flag('nvcc')}")
PY
cat "$OUT/delivery.tsv"
echo "done ($(( $(date +%s) - START )) s)"
