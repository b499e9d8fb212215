#!/usr/bin/env bash
# Session 20 on the GPU (carry .gpu: the portable tarball), two calls:
#   PART=f  the fresh NM-bench rounds (bench/tasks/*-s20, *-s21; SETS to choose) on the
#           GPU target, each round's repaired kernels timed against the originals and
#           the human fixes (session18.sh PART=f per round, outputs in $OUT/<set>/)
#   PART=d  issue 17 item 2: every NM-bench task and KB example through
#           `kfix debug --target cuda`, the delivered files compiled with NVRTC and
#           nvcc (bench/gpu/delivery-compile.sh with the tarball of .gpu)
set -u
OUTDIR=${OUT:-$PWD/gpu-out}; mkdir -p "$OUTDIR"
here="$(cd "$(dirname "$0")" && pwd)"
case "${PART:-f}" in
f)
  for s in ${SETS:-s20 s21}; do
    echo "== $s"
    mkdir -p "$OUTDIR/$s"
    OUT="$OUTDIR/$s" SET=$s PART=f bash "$here/session18.sh"
  done ;;
d)
  P=/tmp/kfix-prefix-d; rm -rf $P; mkdir -p $P && tar -C $P -xJf .gpu/kfix-0.1-linux-x86_64.tar.xz
  KFIX=$(ls -d $P/kfix-*/ | head -1)bin/kfix OUT=$OUTDIR bash "$here/delivery-compile.sh" > /dev/null 2>&1
  tail -n 30 "$OUTDIR/delivery-compile.md" ;;
esac
