// RUN: kfix-translate --import-cuda %s | kfix-opt --verify-each '--kfix-repair-int-division' | FileCheck %s

// The quotient reaches the float conversion through integer arithmetic
// (`(acc / cnt - zp) * scale`): the division and the subtraction after it are
// computed in float, and the integer chain left unread is erased.

__global__ void dequant_mean(const int* acc, const int* cnt, float* y, int zp, float scale, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    // CHECK-NOT: arith.divsi
    // CHECK: %[[A:.*]] = arith.sitofp
    // CHECK: %[[C:.*]] = arith.sitofp
    // CHECK: %[[Q:.*]] = arith.divf %[[A]], %[[C]] {kfix.repaired = "kfix-repair-int-division"}
    // CHECK: %[[Z:.*]] = arith.sitofp
    // CHECK: arith.subf %[[Q]], %[[Z]] {kfix.repaired = "kfix-repair-int-division"}
    // CHECK-NOT: arith.divsi
    y[i] = (acc[i] / cnt[i] - zp) * scale;
}
