#!/usr/bin/env bash
# bench/gpu/perf.sh: see bench/gpu/perf.py and docs/gpu-campaign.md. Writes $OUT/perf.md.
# Env: OUT (results dir), KFIX (binary; default kfix on PATH), JOBS,
# KFIX_GPU_BENCH_TARGET=cpu for the local dry run without a GPU.
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$HERE/perf.py" "$@"
