// RUN: kfix-translate --import-cuda %s -DHALF | kfix-opt --verify-each '--kfix-repair-shuffle=fix=offsets' | FileCheck %s --check-prefix=HALF
// RUN: kfix-translate --import-cuda %s -DWARP | kfix-opt --verify-each '--kfix-repair-shuffle=fix=offsets' | FileCheck %s --check-prefix=WARP

// A reduction over groups of lanes narrower than the warp (`lane = tid % 16`:
// two rows per warp): the halving offsets start at half the group, not at 16.
// Lanes grouped by the warp itself keep 16.

__global__ void rows(const float* x, float* y, int n) {
#ifdef HALF
    const int sub = threadIdx.x % 16;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 16;
    float acc = x[row * 16 + sub];
    // HALF: arith.constant {kfix.repaired = "kfix-repair-shuffle"} 8 : i32
    for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
#else
    const int sub = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    float acc = x[row * 32 + sub];
    // WARP-NOT: kfix.repaired
    for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
#endif
    if (sub == 0) y[row] = acc;
}
