#!/usr/bin/env bash
# The H200 run of docs/portable.md: unpack the portable tarball, list devices,
# run the CUDA executor's smoke kernels, check the PTX with ptxas, and time the
# softmax compile (kfix-opt vs nvcc). Run from the folder holding the tarball
# and the bench/compile files; writes everything to $OUT/log when OUT is set.
cd "$(dirname "$0")"
LOG=${OUT:-/tmp}/log
exec > >(tee "$LOG") 2>&1
export PATH="$PATH:/usr/local/cuda/bin"
set -x
uname -a; nvidia-smi -L; nvcc --version | tail -2; ldd --version | head -1
tar xJf kfix-*-linux-x86_64.tar.xz
K=$(ls -d "$PWD"/kfix-*-linux-x86_64)/bin
ldd "$K/kfix"; ls -la "$K"
"$K/kfix" --version
"$K/kfix" devices; echo "devices rc=$?"
time "$K/kfix" exec-smoke smoke.mlir; echo "smoke rc=$?"
time "$K/kfix" exec-smoke softmax.mlir; echo "softmax rc=$?"
"$K/kfix-opt" smoke.mlir --kfix-lower-to-nvvm | "$K/kfix-translate" --kfix-extract-ptx > smoke.ptx
ptxas -arch=sm_90 smoke.ptx -o smoke.cubin; echo "ptxas smoke rc=$?"
"$K/kfix-opt" softmax.mlir --kfix-lower-to-nvvm | "$K/kfix-translate" --kfix-extract-ptx > softmax.ptx
ptxas -v -arch=sm_90 softmax.ptx -o softmax.cubin; echo "ptxas softmax rc=$?"
nvcc -ptx -arch=sm_90 softmax.cu -o softmax.nvcc.ptx && ptxas -v -arch=sm_90 softmax.nvcc.ptx -o /dev/null
set +x
python3 timing.py "$K" 20
echo "device-run done"
