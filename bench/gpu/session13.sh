#!/usr/bin/env bash
# Session 13 on the H200 (carry .gpu: the portable tarball and .gpu/cases): side by
# side, (1) bench/gpu/delivery-compile.sh (every NM-bench task and KB example
# through kfix debug --target cuda, the delivered file compiled with NVRTC and
# nvcc) and (2) the 4 hzeng2000 candidates of bench/real/local-bugs-session13.txt
# (two whose launches exceed the capture budget, one with a size tuple, one
# re-checked) through debug-kernelbench, as session11-eh.sh.
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR" .dist
cp .gpu/kfix-*-linux-x86_64.tar.xz .dist/
( OUT=$OUTDIR/compile JOBS=10 T_TASK=${T_TASK:-60} T_ALL=${T_ALL:-330} bash bench/gpu/delivery-compile.sh > /dev/null 2>&1 ) &
mkdir -p "$OUTDIR/compile" "$OUTDIR/real"
OUT=$OUTDIR/real LIST=bench/real/local-bugs-session13.txt JOBS=4 TIME_LIMIT=${TIME_LIMIT:-300} \
  CASE_TIMEOUT=${CASE_TIMEOUT:-340} bash bench/gpu/session11-eh.sh
wait
tail -n 30 "$OUTDIR/compile/delivery-compile.md"
