// Small structs and stateless functors in registers (lib/Frontend/LiftStructs.cpp):
// one local per scalar field named `var.field`, member functions and
// operator() inlined with `this` bound to the object's slots, struct results
// through slots, capture-less lambdas, nested structs; a struct the lifter
// cannot hold field by field is a precise error.
// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: kfix-translate --import-cuda %s | kfix-translate --export-cuda | FileCheck %s --check-prefix=EXPORT
// RUN: not kfix-translate --import-cuda %s -DCASE_POINTER 2>&1 | FileCheck %s --check-prefix=POINTER

struct Pair {
  float v;
  int i;
};
__device__ Pair better(Pair a, Pair b) { return (b.v > a.v) ? b : a; }

struct MaxOp {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
template <typename Op> __device__ float warp_reduce(float v, Op op) {
  for (int o = 16; o > 0; o >>= 1)
    v = op(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}

struct Span {
  Pair lo;
  float hi;
  __device__ Span(float x, int i) : lo{x, i}, hi(x) {}
  __device__ void take(float x, int i) {
    if (x < lo.v) {
      lo.v = x;
      lo.i = i;
    }
    hi = fmaxf(hi, x);
  }
};

// CHECK-LABEL: gpu.func @rows
// CHECK-DAG: kfix.var = "best.v"
// CHECK-DAG: kfix.var = "best.i"
// CHECK-DAG: kfix.var = "s.lo.v"
// CHECK-DAG: kfix.var = "s.hi"
// CHECK: arith.select
// CHECK: arith.select
// CHECK: gpu.shuffle xor
// CHECK: arith.maxnumf
// CHECK: arith.minnumf
// EXPORT: float best_v;
// EXPORT: int best_i;
// EXPORT: float s_lo_v;
__global__ void rows(const float *x, int *arg, float *mx, float *mn, int rows, int cols) {
  int r = blockIdx.x;
  if (r >= rows)
    return;
  Pair best = {-INFINITY, 0};
  Span s(x[r * cols], 0);
  for (int c = threadIdx.x; c < cols; c += 32) {
    Pair p;
    p.v = x[r * cols + c];
    p.i = c;
    best = better(best, p);
    s.take(p.v, c);
  }
  float m = warp_reduce(best.v, MaxOp());
  float lo = warp_reduce(-s.lo.v, [](float a, float b) { return fmaxf(a, b); });
  if (threadIdx.x == 0) {
    mx[r] = m;
    arg[r] = best.i;
    mn[r] = fminf(-lo, s.hi);
  }
}

#ifdef CASE_POINTER
struct View {
  const float *p;
  int n;
};
// POINTER: structs.cu:[[@LINE+2]]:{{[0-9]+}}: error: kfix cannot lift a value of type 'View'
__global__ void k(const float *x, float *y) {
  View v = {x, 4};
  y[0] = v.p[0];
}
#endif
