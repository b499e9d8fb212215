#!/usr/bin/env bash
# bench/gpu/agree.sh: see bench/gpu/agree.py and docs/gpu-campaign.md. Writes $OUT/agree.md.
# Env: OUT (results dir), KFIX (binary; default kfix on PATH), JOBS,
# KFIX_GPU_BENCH_TARGET=cpu for the local dry run without a GPU.
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$HERE/agree.py" "$@"
