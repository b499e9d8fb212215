#!/usr/bin/env bash
# The GPU campaign (docs/gpu-campaign.md), in two parts that each fit one device
# call (< 9 minutes):
#   part1: kfix devices, agree.sh (CPU vs CUDA executor), sanitizer.sh
#   part2: perf.sh (turnaround first, then repaired vs original), kernelbench.sh,
#          `kfix bench bench/tasks --target cuda` when this kfix has `bench`
# Run from the repository root with the portable tarball in .dist/:
#   bash bench/gpu/campaign.sh part1      (device tool: carry [".dist"])
# Results: $OUT/*.md (one file per step) and $OUT/campaign-PART.log.
# Per-step time limits (seconds): T_AGREE T_SAN T_PERF T_KB T_BENCH.
# KFIX=/path/to/kfix skips the tarball (e.g. a local build).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PART="${1:-part1}"
export OUT="${OUT:-$ROOT/gpu-out}"
mkdir -p "$OUT"
LOG="$OUT/campaign-$PART.log"
exec > >(tee "$LOG") 2>&1
export PATH="$PATH:/usr/local/cuda/bin"
START=$(date +%s)
elapsed() { echo $(( $(date +%s) - START )); }

if [ -z "${KFIX:-}" ]; then
  tarball=$(ls "$ROOT"/.dist/kfix-*-linux-x86_64.tar.xz 2>/dev/null | head -1)
  if [ -z "$tarball" ]; then
    echo "campaign: no .dist/kfix-*-linux-x86_64.tar.xz and no \$KFIX"; exit 2
  fi
  rm -rf /tmp/kfix && mkdir -p /tmp/kfix
  tar -xJf "$tarball" -C /tmp/kfix --strip-components=1 || { echo "campaign: unpack failed"; exit 2; }
  export KFIX=/tmp/kfix/bin/kfix
fi
export PATH="$(dirname "$KFIX"):$PATH"
echo "== campaign $PART: kfix $KFIX ($(elapsed) s)"
uname -srm; nvidia-smi -L 2>&1 | head -2; command -v compute-sanitizer nvcc python3
"$KFIX" devices; echo "devices rc=$?"

step() { # NAME LIMIT CMD...
  local name=$1 limit=$2; shift 2
  echo "== $name (limit ${limit} s, at $(elapsed) s)"
  timeout -k 10 "$limit" "$@"
  echo "== $name rc=$? ($(elapsed) s)"
}

case "$PART" in
  part1)
    step agree "${T_AGREE:-150}" bash "$ROOT/bench/gpu/agree.sh"
    step sanitizer "${T_SAN:-300}" bash "$ROOT/bench/gpu/sanitizer.sh"
    ;;
  part2)
    PERF_TASKS_FILE="$ROOT/bench/gpu/h200-subset.txt" step perf "${T_PERF:-250}" bash "$ROOT/bench/gpu/perf.sh"
    step kernelbench "${T_KB:-150}" bash "$ROOT/bench/gpu/kernelbench.sh"
    if "$KFIX" bench --help >/dev/null 2>&1 && [ -d "$ROOT/bench/tasks" ]; then
      B=/tmp/kfix-bench-out; rm -rf "$B"
      step bench "${T_BENCH:-200}" "$KFIX" bench "$ROOT/bench/tasks" --subset "$ROOT/bench/gpu/h200-subset.txt" --task-timeout 60 --target cuda -o "$B"
      # Only the top-level summaries come back (the device tool returns 8 files).
      n=0
      for f in "$B"/*.md "$B"/*.json; do
        [ -f "$f" ] || continue
        cp "$f" "$OUT/bench-$(basename "$f")"; n=$((n + 1))
        [ $n -ge 2 ] && break
      done
      ls -la "$B" | head -20
    else
      echo "== bench: skipped (no 'kfix bench' in this kfix or no bench/tasks)"
    fi
    ;;
  *)
    echo "usage: campaign.sh part1|part2"; exit 2 ;;
esac
echo "== campaign $PART done ($(elapsed) s)"; ls -la "$OUT"
