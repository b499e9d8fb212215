// RUN: kfix-translate --import-cuda %s | kfix-opt --verify-each '--kfix-repair-thread-dim=op=block_dim from=x to=y mixed=true' | FileCheck %s
// RUN: kfix-translate --import-cuda %s -DCORRECT | kfix-opt --verify-each '--kfix-repair-thread-dim=op=block_dim from=x to=y mixed=true' | FileCheck %s --check-prefix=NONE

// Rows per block on a 1-D grid of (32, 8) blocks: the row is `blockIdx.x *
// blockDim.y + threadIdx.y`; written with blockDim.x, rows of different blocks
// overlap. With `mixed`, the block size that scales a block index added to a
// threadIdx.y becomes blockDim.y; the column loop's blockDim.x stays.
__global__ void row_norms(const float* x, float* out, int rows, int cols) {
#ifdef CORRECT
    int row = blockIdx.x * blockDim.y + threadIdx.y;
#else
    int row = blockIdx.x * blockDim.x + threadIdx.y;
#endif
    if (row >= rows) return;
    float s = 0.0f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) s += x[row * cols + j] * x[row * cols + j];
    for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffff, s, o);
    if (threadIdx.x == 0) out[row] = s;
}

// CHECK-LABEL: gpu.func @row_norms
// CHECK: gpu.block_dim y {kfix.repaired = "kfix-repair-thread-dim"}
// CHECK-NOT: gpu.block_dim y {kfix.repaired
// CHECK: gpu.block_dim x
// NONE-NOT: kfix.repaired
