// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | kfix-opt --verify-each --pass-pipeline='builtin.module(gpu.module(kfix-repair-swap-values{loc=%s:19 pair=0}))' | FileCheck %s

// Two float2 values passed to a helper the wrong way round, stored through a
// float2 (a vector store): the two reads are exchanged, each marked for the
// source patch (kfix.swap 0 and 1).

__device__ float2 f2(float2 z, float2 t) {
    return make_float2((1.0f - t.x) * z.x, (1.0f - t.y) * z.y);
}

__global__ void k(const float* a, const float* b, float* out, int n2) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n2) return;
    const float2 zv = reinterpret_cast<const float2*>(a)[p];
    const float2 tv = reinterpret_cast<const float2*>(b)[p];
    // CHECK-DAG: memref.load {{.*}} {kfix.swap = 0 : i32}
    // CHECK-DAG: memref.load {{.*}} {kfix.swap = 1 : i32}
    // CHECK: vector.store {{.*}} {kfix.repaired = "kfix-repair-swap-values"}
    reinterpret_cast<float2*>(out)[p] = f2(tv, zv);
}
