// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: env KFIX_NO_CUDA_TOOLKIT=1 kfix-translate --import-cuda %s | FileCheck %s

// CHECK: module attributes {gpu.container_module, kfix.source = "{{.*}}import-basic.cu"}
// CHECK: gpu.module @kernels
// CHECK-LABEL: gpu.func @add(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: i32)
// CHECK-SAME: kernel attributes
// CHECK-SAME: kfix.arg_ctypes = ["const float *__restrict__", "const float *__restrict__", "float *", "int"]
// CHECK-SAME: kfix.arg_names = ["a", "b", "c", "n"], kfix.name = "add"
// CHECK: %[[I:.*]] = memref.alloca() {kfix.var = "i"} : memref<i32>
// CHECK: gpu.block_id x
// CHECK: arith.index_castui %{{.*}} : index to i32
// CHECK: arith.muli %{{.*}} : i32
// CHECK: gpu.thread_id x
// CHECK: memref.store %{{.*}}, %[[I]][] : memref<i32>
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK: memref.load %arg0[
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %arg2[
// CHECK: gpu.return
__global__ void add(const float *__restrict__ a, const float *__restrict__ b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

// Unsigned and 64-bit index arithmetic stay in their C++ types.
// CHECK-LABEL: gpu.func @wide
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.cmpi ult, %{{.*}} : i64
// CHECK: arith.sitofp
// CHECK: arith.divui
// CHECK: arith.index_castui %{{.*}} : i64 to index
__global__ void wide(float *y, size_t n, unsigned k) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = (float)(int)i + (float)(k / 3u);
}
