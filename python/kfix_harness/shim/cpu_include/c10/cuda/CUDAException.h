// kfix harness, CPU target: CUDA error checks against the harness's runtime shim.
#pragma once
#include <cuda_runtime.h>
#include <c10/util/Exception.h>
#define C10_CUDA_CHECK(EXPR)                                                                       \
  do {                                                                                             \
    cudaError_t __err = (EXPR);                                                                    \
    TORCH_CHECK(__err == cudaSuccess, "CUDA error: ", cudaGetErrorString(__err));                  \
  } while (0)
#define C10_CUDA_CHECK_WARN(EXPR) (void)(EXPR)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
#define C10_CUDA_ERROR_HANDLED(EXPR) (EXPR)
