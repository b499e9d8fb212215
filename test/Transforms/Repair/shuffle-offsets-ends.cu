// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DSTOP | kfix-opt --kfix-repair-shuffle='fix=offsets loc=shuffle-offsets-ends.cu:23' | FileCheck %s --check-prefix=STOP
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DSTOP | kfix-opt --kfix-repair-shuffle='fix=offsets' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DFIRST | kfix-opt --kfix-repair-shuffle='fix=offsets loc=shuffle-offsets-ends.cu:26' | FileCheck %s --check-prefix=FIRST
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DFIRST | kfix-opt --kfix-repair-shuffle='fix=offsets' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DGOOD | kfix-opt --kfix-repair-shuffle='fix=offsets loc=shuffle-offsets-ends.cu:29' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo -DWIDE | kfix-opt --kfix-repair-shuffle='fix=offsets' | FileCheck %s --check-prefix=WIDE

// The other end of a warp's offset sequence, aimed (loc): a halving loop that
// stops at 2 is made to reach 1, a doubling loop that starts at 2 starts at
// 1; a correct loop is left alone. Unaimed, only a doubling loop bounded past
// the warp is changed.

// STOP-LABEL: gpu.func @k
// STOP: arith.cmpi sgt, %{{.*}}, %[[Z:.*]] {kfix.repaired = "kfix-repair-shuffle"}
// FIRST-LABEL: gpu.func @k
// FIRST: %[[ONE:.*]] = arith.constant {kfix.repaired = "kfix-repair-shuffle"} 1 : i32
// FIRST-NEXT: memref.store %[[ONE]]
// NONE-NOT: kfix.repaired
// WIDE: arith.constant {kfix.repaired = "kfix-repair-shuffle"} 32 : i32
__global__ void k(const float* x, float* out) {
    float v = x[blockIdx.x * 32 + threadIdx.x];
#if defined(STOP)
    for (int off = 16; off > 1; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
#endif
#if defined(FIRST)
    for (int m = 2; m < 32; m *= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, m));
#endif
#if defined(GOOD)
    for (int m = 1; m <= 16; m <<= 1) v += __shfl_xor_sync(0xffffffff, v, m);
#endif
#if defined(WIDE)
    for (int m = 1; m < 64; m <<= 1) v += __shfl_xor_sync(0xffffffff, v, m);
#endif
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}
