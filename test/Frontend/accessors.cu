// PyTorch tensor accessors: a kernel parameter of an accessor type is an N-D
// memref (dynamic sizes); a[i][j] loads/stores an element, a.size(d) is a
// memref.dim and a.stride(d) the product of the later dimensions.
// Without a torch include (a task's kernel.cu has them blanked) too, and with
// the fallback CUDA headers.
// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: kfix-translate --import-cuda %s -DNO_TORCH_INCLUDE | FileCheck %s
// RUN: env KFIX_NO_CUDA_TOOLKIT=1 kfix-translate --import-cuda %s | FileCheck %s
#ifndef NO_TORCH_INCLUDE
#include <torch/extension.h>
#endif

// CHECK-LABEL: gpu.func @row_sum(%{{.*}}: memref<?x?xf32>, %{{.*}}: memref<?xf32>)
// CHECK-SAME: kfix.arg_ctypes = ["const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits>", "torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits>"]
// The bound x.size(1) reads no memory: a counted loop.
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = memref.dim %arg0, %[[C1]] : memref<?x?xf32>
// CHECK: %[[N:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// out[r] += s: a load and a store of the same element.
// CHECK: memref.load %arg1[%{{.*}}] : memref<?xf32>
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
__global__ void row_sum(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x,
                        torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits> out) {
  int r = blockIdx.x;
  float s = 0.f;
  for (int c = threadIdx.x; c < x.size(1); c += blockDim.x)
    s += x[r][c];
  out[r] += s;
}

// 64-bit accessors index in i64; rank 4, at:: spelling, DefaultPtrTraits.
// CHECK-LABEL: gpu.func @copy4(%{{.*}}: memref<?x?x?x?xf64>, %{{.*}}: memref<?x?x?x?xf64>)
// CHECK: memref.dim %arg0, %{{.*}} : memref<?x?x?x?xf64>
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK: %[[V:.*]] = memref.load %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<?x?x?x?xf64>
// CHECK: memref.store %[[V]], %arg1[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<?x?x?x?xf64>
__global__ void copy4(at::PackedTensorAccessor64<double, 4, at::DefaultPtrTraits> in,
                      at::PackedTensorAccessor64<double, 4> out) {
  long n = blockIdx.x, c = blockIdx.y, h = threadIdx.y, w = threadIdx.x;
  if (h < in.size(2) && w < in.size(3))
    out[n][c][h][w] = in[n][c][h][w];
}

// stride(d): the product of the dimensions after d; sub-accessors
// (`auto plane = x[b]`) keep their leading index, so plane.size(0) is
// dimension 1 of x.
// CHECK-LABEL: gpu.func @strides(%{{.*}}: memref<?x?x?xf32>, %{{.*}}: memref<?xi32>, %{{.*}}: i32)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D2:.*]] = memref.dim %arg0, %[[C2]]
// CHECK: arith.muli %{{.*}}, %[[D2]] : index
// CHECK: %[[C1b:.*]] = arith.constant 1 : index
// CHECK: memref.dim %arg0, %[[C1b]]
// A run-time dimension: every later dimension, selected.
// CHECK: arith.cmpi sgt
// CHECK: arith.select
__global__ void strides(const at::GenericPackedTensorAccessor<float, 3, at::RestrictPtrTraits, int> x,
                        torch::PackedTensorAccessor32<int, 1> out, int d) {
  auto plane = x[blockIdx.x];
  out[0] = x.stride(1);
  out[1] = plane.size(0);
  out[2] = x.stride(d);
}

// Deprecated torch::PackedTensorAccessor with a size_t index; a __device__
// helper taking a sub-accessor by const reference and an accessor by value.
// CHECK-LABEL: gpu.func @helpers(%{{.*}}: memref<?x?xf32>, %{{.*}}: memref<?x?xf32>)
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<?x?xf32>
__device__ float twice(const torch::TensorAccessor<float, 1, torch::RestrictPtrTraits, size_t> &row,
                       size_t j) {
  return 2.0f * row[j];
}
__device__ void put(torch::PackedTensorAccessor<float, 2, torch::RestrictPtrTraits, size_t> o,
                    size_t i, size_t j, float v) {
  o[i][j] = v;
}
__global__ void helpers(torch::PackedTensorAccessor<float, 2, torch::RestrictPtrTraits, size_t> x,
                        torch::PackedTensorAccessor<float, 2, torch::RestrictPtrTraits, size_t> y) {
  size_t i = blockIdx.x, j = threadIdx.x;
  y[i][j] = twice(x[i], j);
  put(y, i, j, y[i][j] * 3.0f);
}

// scalar_t kernels: one gpu.func per instantiation the file uses.
// CHECK-LABEL: gpu.func @scale_float(%{{.*}}: memref<?x?x?xf32>, %{{.*}}: memref<?x?x?xf32>
// CHECK-SAME: kfix.name = "scale<float>"
// CHECK: arith.mulf
// CHECK-LABEL: gpu.func @scale_double(%{{.*}}: memref<?x?x?xf64>, %{{.*}}: memref<?x?x?xf64>
template <typename scalar_t>
__global__ void scale(const torch::PackedTensorAccessor32<scalar_t, 3, torch::RestrictPtrTraits> x,
                      torch::PackedTensorAccessor32<scalar_t, 3, torch::RestrictPtrTraits> y,
                      scalar_t a) {
  int i = blockIdx.z, j = blockIdx.y, k = threadIdx.x;
  if (k < x.size(2))
    y[i][j][k] = x[i][j][k] * a;
}
template __global__ void scale<float>(const torch::PackedTensorAccessor32<float, 3, torch::RestrictPtrTraits>,
                                      torch::PackedTensorAccessor32<float, 3, torch::RestrictPtrTraits>, float);
template __global__ void scale<double>(const torch::PackedTensorAccessor32<double, 3, torch::RestrictPtrTraits>,
                                       torch::PackedTensorAccessor32<double, 3, torch::RestrictPtrTraits>, double);
