// RUN: kfix-translate --import-cuda %s -DMODROWS | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][cols];v[cols];y[rows][cols]' | FileCheck %s --check-prefix=MODROWS
// RUN: kfix-translate --import-cuda %s -DCOLMAJOR | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][cols];v[rows];w[?][cols]' | FileCheck %s --check-prefix=COLMAJOR
// RUN: kfix-translate --import-cuda %s -DNCHW | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[n][c][h][w];v[c];y[n][c][h][w]' | FileCheck %s --check-prefix=NCHW
// RUN: kfix-translate --import-cuda %s -DUNSIGNED | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][cols];v[cols];y[rows][cols]' | FileCheck %s --check-prefix=UNSIGNED
// RUN: kfix-translate --import-cuda %s -DGRID64 | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][cols];v[rows];y[rows][cols]' | FileCheck %s --check-prefix=GRID64
// RUN: kfix-translate --import-cuda %s -DCORRECT | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][cols];v[cols];w[rows];y[rows][cols]' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DCORRECT3D | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[n][c][h][w];v[c];y[n][c][h][w]' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DSQUARE | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][rows];v[rows];y[rows][rows]' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DMODROWS | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=x[rows][cols];y[rows][cols]' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DMODROWS | kfix-opt --verify-each '--kfix-repair-flat-index-split=shape=v[cols]' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DMODROWS --mlir-print-debuginfo | kfix-opt --verify-each '--kfix-repair-flat-index-split=loc=flat-index-split.cu:3 shape=x[rows][cols];v[cols];y[rows][cols]' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DMODROWS | not kfix-opt --kfix-repair-flat-index-split 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: kfix-translate --import-cuda %s -DMODROWS | not kfix-opt '--kfix-repair-flat-index-split=shape=x[rows' 2>&1 | FileCheck %s --check-prefix=ERR2

// A flat index walking a row-major tensor, its coordinates extracted with
// the wrong dimension; the declared shapes say which coordinate each
// extracted value is (the dimension of the buffer it indexes).

// MODROWS-LABEL: gpu.func @k
// MODROWS: arith.remsi %{{.*}}, %arg{{[0-9]+}} {kfix.repaired = "kfix-repair-flat-index-split"} : i32
// MODROWS-NOT: arith.remsi

// COLMAJOR-LABEL: gpu.func @k
// COLMAJOR: %[[R:.*]] = arith.divsi %{{.*}}, %[[C:arg[0-9]+]] {kfix.repaired = "kfix-repair-flat-index-split"} : i32
// COLMAJOR: %{{.*}} = arith.remsi %{{.*}}, %[[C]] {kfix.repaired = "kfix-repair-flat-index-split"} : i32

// NCHW-LABEL: gpu.func @k
// NCHW: %[[HW:.*]] = arith.muli %arg{{[0-9]+}}, %arg{{[0-9]+}} {kfix.repaired = "kfix-repair-flat-index-split"}
// NCHW: %[[Q:.*]] = arith.divsi %{{.*}}, %[[HW]] {kfix.repaired = "kfix-repair-flat-index-split"} : i32
// NCHW: arith.remsi %[[Q]], %{{.*}} {kfix.repaired = "kfix-repair-flat-index-split"} : i32

// UNSIGNED-LABEL: gpu.func @k
// UNSIGNED: arith.remui %{{.*}}, %{{.*}} {kfix.repaired = "kfix-repair-flat-index-split"} : i32

// GRID64-LABEL: gpu.func @k
// GRID64: arith.divsi %{{.*}}, %{{.*}} {kfix.repaired = "kfix-repair-flat-index-split"} : i64
// GRID64-NOT: arith.remsi

// NONE-LABEL: gpu.func @k
// NONE-NOT: kfix.repaired

// ERR: kfix-repair-flat-index-split: needs shape=
// ERR2: kfix-repair-flat-index-split: bad shape: shape must be NAME[d0][d1]..., not 'x[rows'
#if defined(NCHW) || defined(CORRECT3D)
__global__ void k(const float* x, const float* v, float* y, int n, int c, int h, int w) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n * c * h * w) return;
#if defined(NCHW)
    int ch = i % c;
#else
    int ch = (i / (h * w)) % c;
#endif
    y[i] = x[i] * v[ch];
}
#elif defined(GRID64)
__global__ void k(const float* x, const float* v, float* y, long long rows, long long cols) {
    for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < rows * cols;
         e += (long long)blockDim.x * gridDim.x) {
        long long r = e % rows;
        y[e] = x[e] + v[r];
    }
}
#elif defined(COLMAJOR)
__global__ void k(const float* x, const float* v, float* w, int rows, int cols) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < rows * cols) {
        int i = t % rows;
        int j = t / rows;
        w[(int)v[i] * cols + j] += x[t];
    }
}
#else
__global__ void k(const float* x, const float* v, const float* w, float* y, int rows, int cols) {
#if defined(UNSIGNED)
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (unsigned)(rows * cols)) y[i] = x[i] + v[i % (unsigned)rows];
#elif defined(CORRECT)
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) y[i] = x[i] * w[i / cols] + v[i % cols];
#elif defined(SQUARE)
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * rows) y[i] = x[i] + v[i / rows];
#else
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) y[i] = x[i] + v[i % rows];
#endif
}
#endif
