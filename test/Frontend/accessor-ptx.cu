// A lifted accessor kernel lowers to PTX with the memref ABI the CUDA launch
// fills (CudaLaunch.cpp): rank r = 3 + 2r parameters (allocated, aligned,
// offset, sizes, strides), bounds checks included.
// RUN: kfix-translate --import-cuda %s | kfix-opt --kfix-instrument-bounds --kfix-lower-to-nvvm | kfix-translate --kfix-extract-ptx | FileCheck %s
#include <torch/extension.h>

// CHECK-LABEL: .entry add_rows(
// CHECK-NEXT: .param .u64 .ptr .align 1 add_rows_param_0,
// CHECK-NEXT: .param .u64 .ptr .align 1 add_rows_param_1,
// CHECK-NEXT: .param .u64 add_rows_param_2,
// CHECK-NEXT: .param .u64 add_rows_param_3,
// CHECK-NEXT: .param .u64 add_rows_param_4,
// CHECK-NEXT: .param .u64 add_rows_param_5,
// CHECK-NEXT: .param .u64 add_rows_param_6,
// CHECK-NEXT: .param .u64 .ptr .align 1 add_rows_param_7,
// CHECK-NEXT: .param .u64 .ptr .align 1 add_rows_param_8,
// CHECK-NEXT: .param .u64 add_rows_param_9,
// CHECK-NEXT: .param .u64 add_rows_param_10,
// CHECK-NEXT: .param .u64 add_rows_param_11
// CHECK-NEXT: )
__global__ void add_rows(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x,
                         torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits> y) {
  int r = blockIdx.x;
  if (threadIdx.x == 0)
    for (int c = 0; c < x.size(1); ++c)
      y[r] += x[r][c];
}
