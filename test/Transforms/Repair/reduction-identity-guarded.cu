// RUN: kfix-translate --import-cuda %s -DARGMAX | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=ARGMAX
// RUN: kfix-translate --import-cuda %s -DARGMIN_REV | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=ARGMIN
// RUN: kfix-translate --import-cuda %s -DINTMAX | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=INTMAX
// RUN: kfix-translate --import-cuda %s -DUMIN | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=UMIN
// RUN: kfix-translate --import-cuda %s -DMASKED | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=ARGMAX
// RUN: kfix-translate --import-cuda %s -DRELOAD | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=ARGMAX
// RUN: kfix-translate --import-cuda %s -DARGMAX --mlir-print-debuginfo | kfix-opt --verify-each '--kfix-repair-reduction-identity=loc=reduction-identity-guarded.cu:71:18' | FileCheck %s --check-prefix=ARGMAX
// RUN: kfix-translate --import-cuda %s -DARGMAX --mlir-print-debuginfo | kfix-opt --verify-each '--kfix-repair-reduction-identity=loc=reduction-identity-guarded.cu:98' | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DTHRESHOLD | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DOTHERVALUE | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DELSEARM | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DMIXED | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DALREADY | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=NONE

// A max/min written as a guarded assignment, the argmax/argmin form
// `if (v > best) { best = v; arg = i; }`, seeded with 0: the seed becomes the
// identity of the comparison's direction (and signedness).

// ARGMAX-LABEL: gpu.func @k
// ARGMAX: %[[C:.*]] = arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} 0xFF800000 : f32
// ARGMAX-NEXT: memref.store %[[C]], %{{.*}}[] {kfix.repaired = "kfix-repair-reduction-identity"}
// ARGMAX-NOT: kfix.repaired

// ARGMIN-LABEL: gpu.func @k
// ARGMIN: arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} 0x7F800000 : f32
// ARGMIN-NEXT: memref.store %{{.*}}, %{{.*}}[] {kfix.repaired = "kfix-repair-reduction-identity"}
// ARGMIN-NOT: kfix.repaired

// INTMAX-LABEL: gpu.func @k
// INTMAX: arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} -2147483648 : i32
// INTMAX-NEXT: memref.store %{{.*}}, %{{.*}}[] {kfix.repaired = "kfix-repair-reduction-identity"}
// INTMAX-NOT: kfix.repaired

// UMIN-LABEL: gpu.func @k
// UMIN: arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} -1 : i32
// UMIN-NEXT: memref.store %{{.*}}, %{{.*}}[] {kfix.repaired = "kfix-repair-reduction-identity"}
// UMIN-NOT: kfix.repaired

// NONE-LABEL: gpu.func @k
// NONE-NOT: kfix.repaired
__global__ void k(const float* x, const int* s, const unsigned* u, const int* mask, int* out,
                  int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
#if defined(ARGMIN_REV)
    float lo = 0.0f;
    int at = -1;
    for (int c = 0; c < cols; ++c) {
        float v = x[r * cols + c];
        if (lo > v) { lo = v; at = c; }
    }
    out[r] = at;
#elif defined(INTMAX)
    int best = 0, arg = 0;
    int c = 0;
    while (c < cols) {
        int v = s[r * cols + c];
        if (v >= best) { best = v; arg = c; }
        c += 1;
    }
    out[r] = arg;
#elif defined(UMIN)
    unsigned lo = 0u;
    for (int c = 0; c < cols; ++c)
        if (u[r * cols + c] < lo) lo = u[r * cols + c];
    out[r] = (int)lo;
#else
#if defined(ALREADY)
    float best = -3.402823466e+38f;
#else
    float best = 0.0f;
#endif
    int arg = 0;
    for (int c = 0; c < cols; ++c) {
#if defined(RELOAD)
        if (x[r * cols + c] > best) { best = x[r * cols + c]; arg = c; }
#elif defined(MASKED)
        float v = x[r * cols + c];
        if (mask[c] != 0 && v > best) { best = v; arg = c; }
#elif defined(THRESHOLD)
        float v = x[r * cols + c];
        if (v > 0.5f) { best = v; arg = c; }
#elif defined(OTHERVALUE)
        float v = x[r * cols + c];
        if (v > best) { best = 2.0f * v; arg = c; }
#elif defined(ELSEARM)
        float v = x[r * cols + c];
        if (v > best) { arg = c; } else { best = v; }
#elif defined(MIXED)
        float v = x[r * cols + c];
        if (v > best) { best = v; arg = c; }
        best = best + 1.0f;
#else
        float v = x[r * cols + c];
        if (v > best) { best = v; arg = c; }
#endif
    }
    out[r] = arg;
#endif
}
