// *result += dot(x, y) accumulated in double; one atomicAdd(double) per thread block (256 threads).
#include <cuda_runtime.h>

__global__ void ddot(const double* x, const double* y, double* result, long long n) {
    __shared__ double partial[256];
    double acc = 0.0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)blockDim.x * gridDim.x)
        acc += x[i] * y[i];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(result, partial[0]);
}
