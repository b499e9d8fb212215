#!/usr/bin/env bash
# Session 9 GPU check (carry .gpu: the tarball, and .gpu/cases: the listed case folders copied from bench/real/cache): segmented shuffles and cub WarpReduce on the H200, then the
# real local-bug cases (read triage) through debug-kernelbench.
set -u
ROOT=$PWD; OUTDIR=${OUT:-/tmp/out9}; mkdir -p $OUTDIR
mkdir -p /tmp/kp && tar -C /tmp/kp -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
K=$(ls -d /tmp/kp/kfix-*/ | head -1)
( cd /tmp && for t in $ROOT/test/Runtime/Inputs/segmented-shuffle $ROOT/test/Frontend/Inputs/cub-warp $ROOT/test/Frontend/Inputs/cub-block; do
    echo "== $t"; ${K}bin/kfix run $t/task.json --target cuda 2>&1 | tail -3; done ) > $OUTDIR/shuffle.txt 2>&1
OWN=skip CASE_TIMEOUT=430 DEADLINE=100 bash bench/real/gpu-run.sh .gpu/kfix-0.1-linux-x86_64.tar.xz .gpu/cases bench/real/local-bugs.txt 17 --mode debug
