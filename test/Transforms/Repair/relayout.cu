// RUN: kfix-translate --import-cuda %s -DFILTER | kfix-opt --verify-each '--kfix-repair-transposed-index=shape=w[3][3][C] fix=relayout' | FileCheck %s --check-prefix=FILTER
// RUN: kfix-translate --import-cuda %s -DNHWC | kfix-opt --verify-each '--kfix-repair-transposed-index=shape=x[N][C][H][W] fix=relayout' | FileCheck %s --check-prefix=NHWC
// RUN: kfix-translate --import-cuda %s -DCORRECT | kfix-opt --verify-each '--kfix-repair-transposed-index=shape=w[3][3][C] fix=relayout' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DFILTER | kfix-opt --verify-each '--kfix-repair-transposed-index=shape=w[3][C][3] fix=relayout' | FileCheck %s --check-prefix=MIDDLE
// RUN: kfix-translate --import-cuda %s -DFILTER | not kfix-opt '--kfix-repair-transposed-index=shape=w[3][3][C] fix=other' 2>&1 | FileCheck %s --check-prefix=ERR

// An index that is the declared coordinates linearized in another order: each
// coordinate's extent (its loop's trip count, the bound it is tested against)
// names its declared dimension, and the index is rebuilt with the declared
// strides. Coordinates of one extent (ky, kx: 3) keep their order.

#if defined(FILTER) || defined(CORRECT)
// A depthwise filter declared [3][3][C] (channels last) read as [C][3][3].
__global__ void dw(const float* x, const float* w, float* y, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    float s = 0.0f;
    for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx)
#ifdef CORRECT
            s += x[(ky * 3 + kx) * C + c] * w[(ky * 3 + kx) * C + c];
#else
            s += x[(ky * 3 + kx) * C + c] * w[c * 9 + ky * 3 + kx];
#endif
    y[c] = s;
}
#endif

#ifdef NHWC
// An NCHW tensor read with NHWC strides.
__global__ void nchw(const float* x, float* y, int N, int C, int H, int W) {
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    int h = blockIdx.y;
    if (w >= W || h >= H) return;
    for (int n = 0; n < N; ++n)
        for (int c = 0; c < C; ++c)
            y[n * C + c] += x[((n * H + h) * W + w) * C + c];
}
#endif

// FILTER-LABEL: gpu.func @dw
// FILTER: %[[C3:.*]] = arith.muli %arg3, %c3{{.*}} : i32
// FILTER: %[[T1:.*]] = arith.muli %{{.*}}, %[[C3]] {kfix.repaired = "kfix-repair-transposed-index"} : i32
// FILTER: arith.muli %{{.*}}, %arg3 {kfix.repaired = "kfix-repair-transposed-index"} : i32
// FILTER: memref.load %arg1[%{{.*}}] {kfix.repaired = "kfix-repair-transposed-index"}

// NHWC-LABEL: gpu.func @nchw
// NHWC-COUNT-3: {kfix.repaired = "kfix-repair-transposed-index"} : i32
// NHWC: memref.load %arg0[%{{.*}}] {kfix.repaired = "kfix-repair-transposed-index"}
// NHWC-NOT: memref.load %arg1[%{{.*}}] {kfix.repaired

// NONE-NOT: kfix.repaired

// MIDDLE-LABEL: gpu.func @dw
// MIDDLE: memref.load %arg1[%{{.*}}] {kfix.repaired = "kfix-repair-transposed-index"}

// ERR: fix must be swap, stride or relayout
