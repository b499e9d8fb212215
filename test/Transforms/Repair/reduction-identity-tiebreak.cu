// RUN: kfix-translate --import-cuda %s | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s
// RUN: kfix-translate --import-cuda %s -DMAX | kfix-opt --verify-each --kfix-repair-reduction-identity | FileCheck %s --check-prefix=MAX

// An argmin whose guarded assignment breaks ties toward the lower index
// (`v < best || (v == best && j < arg)`): `best` is a min, started from the
// identity; the tie-break's `j < arg` makes no min of `arg` (its 0 stays). A
// largest finite value of the wrong sign becomes its opposite (`-FLT_MAX` ->
// `FLT_MAX`), not infinity.
#include <cfloat>
__global__ void argmin_rows(const float* x, long long* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
#ifdef MAX
    float best = FLT_MAX;
#else
    float best = -FLT_MAX;
#endif
    long long arg = 0;
    for (int j = 0; j < cols; ++j) {
        float v = x[r * cols + j];
#ifdef MAX
        if (v > best || (v == best && j < arg)) {
#else
        if (v < best || (v == best && j < arg)) {
#endif
            best = v;
            arg = j;
        }
    }
    out[r] = arg;
}

// CHECK-LABEL: gpu.func @argmin_rows
// CHECK: arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} 3.40282347E+38 : f32
// CHECK-NOT: kfix.repaired = "kfix-repair-reduction-identity"} {{.*}} : i64
// CHECK-NOT: arith.constant {kfix.repaired{{.*}} : i64

// MAX: arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} -3.40282347E+38 : f32
