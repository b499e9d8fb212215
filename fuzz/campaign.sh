#!/usr/bin/env bash
# The longer fuzzing campaign of docs/fuzzing.md: every target for SECONDS of
# wall time at nice 19, two at a time (two lanes), in $KFIX_FUZZ_BUILD_DIR/campaign/<target>/.
#   fuzz/campaign.sh SECONDS [TARGET...]     (default: all seven targets)
# Then fuzz/campaign-summary.py prints the table of docs/fuzzing.md.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${KFIX_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}/campaign"
secs="$1"; shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(cuda manifest kb patch action npy expr)
lane() {
  for t in "$@"; do
    mkdir -p "$OUT/$t"
    echo "$(date -Is) start $t" >>"$OUT/campaign.log"
    nice -n 19 "$ROOT/fuzz/run-fuzzer.sh" "$t" "$OUT/$t" -max_total_time="$secs" -seed=1 \
      >"$OUT/$t/fuzz.log" 2>&1
    echo "$(date -Is) end $t rc=$?" >>"$OUT/campaign.log"
  done
}
a=(); b=()
for i in "${!targets[@]}"; do
  if [ $((i % 2)) -eq 0 ]; then a+=("${targets[$i]}"); else b+=("${targets[$i]}"); fi
done
lane "${a[@]}" & lane "${b[@]}" & wait
