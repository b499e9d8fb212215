// RUN: kfix-translate --import-cuda %s | kfix-opt --kfix-repair-softmax-max | FileCheck %s

// A sum of exps over a warp's lanes (step 32), combined by shuffles only:
// the max is computed the same parallel way (each lane over its elements,
// then an xor butterfly 16..1), not by every lane scanning the whole row.

// CHECK-LABEL: gpu.func @warp_softmax
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c32_i32
// CHECK: arith.maxnumf {{.*}}kfix.repaired
// CHECK: } {kfix.repaired = "kfix-repair-softmax-max"}
// CHECK-COUNT-5: gpu.shuffle  xor {{.*}}kfix.repaired
// CHECK-NOT: step %c1_i32
// CHECK: math.exp {{.*}}kfix.repaired
__global__ void warp_softmax(const float* x, float* y, int rows, int cols) {
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    if (row >= rows) return;
    const float* in = x + row * cols;
    float s = 0.0f;
    for (int j = lane; j < cols; j += 32) s += expf(in[j]);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    for (int j = lane; j < cols; j += 32) y[row * cols + j] = expf(in[j]) / s;
}
