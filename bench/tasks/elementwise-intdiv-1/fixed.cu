#include <cuda_runtime.h>

template <typename T>
__device__ inline T relu6(T v) { return v < T(0) ? T(0) : (v > T(6) ? T(6) : v); }

template <typename T>
__global__ void hardswish_kernel(const T* in, T* out, int n) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n) return;
    T v = in[idx];
    out[idx] = v * relu6(v + T(3)) / T(6);
}

template __global__ void hardswish_kernel<float>(const float*, float*, int);
