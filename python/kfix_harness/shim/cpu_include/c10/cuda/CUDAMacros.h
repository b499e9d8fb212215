#pragma once
#define C10_CUDA_API
#define C10_CUDA_IMPORT
#define C10_CUDA_EXPORT
