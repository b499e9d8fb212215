#pragma once
#include <c10/cuda/CUDAException.h>
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define AT_CUDA_DRIVER_CHECK(EXPR) (void)(EXPR)
