// RUN: kfix-translate --import-cuda %s | kfix-opt --kfix-repair-softmax-max | FileCheck %s

// A pairwise log-add-exp (a scan's combine): log(exp(a) + exp(b)) overflows
// for arguments above ~88. The repair shifts both exps by m = max(a, b) and
// adds m back; equal arguments (both -inf, the scan's identity) give a + log 2.

// CHECK-LABEL: gpu.func @lse_scan
// CHECK: %[[M:.*]] = arith.maxnumf %[[A:.*]], %[[B:.*]] {{.*}}kfix.repaired
// CHECK: arith.subf %[[A]], %[[M]] {{.*}}kfix.repaired
// CHECK: arith.subf %[[B]], %[[M]] {{.*}}kfix.repaired
// CHECK: math.log {{.*}}kfix.repaired
// CHECK: arith.cmpf oeq, %[[A]], %[[B]] {{.*}}kfix.repaired
// CHECK: arith.select {{.*}}kfix.repaired
// CHECK-NOT: math.exp %[[A]]
__device__ float log_add_exp(float a, float b) { return logf(expf(a) + expf(b)); }

__global__ void lse_scan(const float* x, float* y, int n) {
    float acc = -INFINITY;
    for (int i = 0; i < n; ++i) {
        acc = log_add_exp(acc, x[i]);
        y[i] = acc;
    }
}
