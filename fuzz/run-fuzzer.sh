#!/usr/bin/env bash
# Runs one kfix fuzz target over its seed corpus (docs/fuzzing.md).
#   fuzz/run-fuzzer.sh TARGET WORKDIR [libFuzzer flags...]
# Seeds are regenerated from the checkout into WORKDIR/seeds (fuzz/make-corpus.py;
# KFIX_FUZZ_MAX_SEEDS=N keeps N of them), new inputs go to WORKDIR/corpus, crash
# inputs to WORKDIR/artifacts/. The fuzzers are taken from $KFIX_FUZZ_BUILD_DIR/bin
# (default ./build-fuzz, scripts/build-fuzz.sh). Exit status: libFuzzer's (0 = no crash).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${KFIX_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}/bin"
t="$1"; work="$2"; shift 2
mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts"
python3 "$ROOT/fuzz/make-corpus.py" "$t" "$work/seeds" ${KFIX_FUZZ_MAX_SEEDS:+--max "$KFIX_FUZZ_MAX_SEEDS"} >/dev/null
flags=(-timeout=25 -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1
       -artifact_prefix="$work/artifacts/" -dict="$ROOT/fuzz/dicts/$t.dict")
# The CUDA target: Clang parses each input; fewer, bigger inputs.
[ "$t" = cuda ] && flags+=(-max_len=24576)
exec "$BIN/kfix-fuzz-$t" "${flags[@]}" "$@" "$work/corpus" "$work/seeds"
