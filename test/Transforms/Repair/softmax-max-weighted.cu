// RUN: kfix-translate --import-cuda %s -DRATIO | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=RATIO
// RUN: kfix-translate --import-cuda %s -DLOGDEN | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=LOGDEN
// RUN: kfix-translate --import-cuda %s -DLEAK | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DSTORE | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=NONE
// RUN: kfix-translate --import-cuda %s -DSHIFTED | kfix-opt --kfix-repair-softmax-max | FileCheck %s --check-prefix=NONE

// One exp per element of a 2-D neighbourhood feeding two accumulators whose
// ratio is the result (a softmax-weighted mean; attention over a window):
// the max comes from a copy of the nest with its own locals, and the exp is
// shifted by it. Refused when an accumulator leaks, the nest writes memory,
// or the exp is already shifted.

// RATIO-LABEL: gpu.func @k
// RATIO-DAG: memref.alloca() {kfix.repaired = "kfix-repair-softmax-max", kfix.var = "__kfix_max"}
// RATIO-DAG: memref.alloca() {kfix.repaired = "kfix-repair-softmax-max", kfix.var = "s"}
// RATIO: scf.for
// RATIO: scf.for
// RATIO: arith.maxnumf {{.*}}kfix.repaired
// RATIO-NOT: math.exp
// RATIO: } {kfix.repaired = "kfix-repair-softmax-max"}
// RATIO: scf.for
// RATIO: scf.for
// RATIO: arith.subf {{.*}}kfix.repaired
// RATIO: math.exp {{.*}}kfix.repaired
// RATIO: arith.divf

// LOGDEN-LABEL: gpu.func @k
// LOGDEN: arith.maxnumf
// LOGDEN: arith.subf {{.*}}kfix.repaired
// LOGDEN: %[[L:.*]] = math.log
// LOGDEN: arith.addf %[[L]], {{.*}}kfix.repaired

// NONE-LABEL: gpu.func @k
// NONE-NOT: kfix.repaired

__global__ void k(const float *x, const float *v, float *y, float *aux, int H, int W, int R) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= H * W)
    return;
  int r0 = o / W, c0 = o % W;
  float num = 0.0f, den = 0.0f;
  for (int r = max(r0 - R, 0); r < min(r0 + R + 1, H); ++r)
    for (int c = max(c0 - R, 0); c < min(c0 + R + 1, W); ++c) {
      float s = x[r * W + c];
#if defined(SHIFTED)
      float e = expf(s - 1.0f);
#else
      float e = expf(s);
#endif
      num += e * v[r * W + c];
      den += e;
#ifdef STORE
      aux[o] = den;
#endif
    }
#if defined(RATIO) || defined(STORE) || defined(SHIFTED)
  y[o] = num / den;
#elif defined(LOGDEN)
  y[o] = logf(den) + num / den;
#elif defined(LEAK)
  y[o] = num / den;
  aux[o] = den;
#endif
}
