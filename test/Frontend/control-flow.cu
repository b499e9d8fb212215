// RUN: kfix-translate --import-cuda %s | FileCheck %s

// Early return: a __return flag guards the rest of the body.
// CHECK-LABEL: gpu.func @early_return
// CHECK: %[[RET:.*]] = memref.alloca() {kfix.var = "__return"} : memref<i1>
// CHECK: memref.store %false, %[[RET]][]
// CHECK: scf.if
// CHECK: memref.store %true{{.*}}, %[[RET]][]
// CHECK: %[[R:.*]] = memref.load %[[RET]][]
// CHECK: %[[GO:.*]] = arith.xori %[[R]], %true
// CHECK: scf.if %[[GO]]
// CHECK: memref.store
__global__ void early_return(float *y, int n) {
  int i = threadIdx.x;
  if (i >= n)
    return;
  y[i] = 1.0f;
}

// A counted loop with a blockDim stride is scf.for over i32.
// CHECK-LABEL: gpu.func @grid_stride
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32
// CHECK-NEXT: memref.store %[[IV]], %{{.*}}[] : memref<i32>
__global__ void grid_stride(float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] *= 2.0f;
}

// Halving loops, break and continue become scf.while with flags.
// CHECK-LABEL: gpu.func @loops
// CHECK-DAG: {kfix.var = "__break"}
// CHECK-DAG: {kfix.var = "__continue"}
// CHECK: scf.while
// CHECK: arith.cmpi sgt
// CHECK: scf.condition
// CHECK: arith.shrsi
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: do
// CHECK: scf.if
__global__ void loops(const float *x, int *out, int n) {
  int s = 0;
  for (int k = n; k > 0; k >>= 1)
    s += k;
  int j = 0;
  while (j < n) {
    j++;
    if (x[j - 1] < 0.0f)
      continue;
    if (x[j - 1] > 10.0f)
      break;
    s++;
  }
  out[threadIdx.x] = s;
}

// ?: with a memory read on one side is an scf.if; a pure one is a select.
// CHECK-LABEL: gpu.func @ternary
// CHECK: scf.if %{{.*}} -> (f32)
// CHECK: memref.load %arg0
// CHECK: arith.select
__global__ void ternary(const float *x, float *y, int n) {
  int i = threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  y[0] = v > 0.0f ? v : -v;
}

// do/while and a __device__ helper with several returns (inlined with flags).
// CHECK-LABEL: gpu.func @do_while
// CHECK: {kfix.var = "__retval"}
// CHECK: scf.while
// CHECK-NOT: func.call
__device__ float clampf(float v) {
  if (v < 0.0f) return 0.0f;
  if (v > 1.0f) return 1.0f;
  return v;
}
__global__ void do_while(float *y, int n) {
  int i = threadIdx.x;
  do {
    y[i] = clampf(y[i]);
    i += blockDim.x;
  } while (i < n);
}

// A conditional of two lvalues (`m = v < m ? v : m`) is an lvalue; its value
// is the chosen arm's, loaded.
// CHECK-LABEL: gpu.func @lvalue_ternary
// CHECK: scf.for
// CHECK: %[[V:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[M:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[C:.*]] = arith.cmpf olt
// CHECK: %[[V2:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[M2:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: arith.select %[[C]], %[[V2]], %[[M2]] : f32
__global__ void lvalue_ternary(const float *x, float *out, int n) {
  float m = 3.0e38f;
  for (int r = 0; r < n; ++r) {
    float v = x[r * blockDim.x + threadIdx.x];
    m = v < m ? v : m;
  }
  out[threadIdx.x] = m;
}
