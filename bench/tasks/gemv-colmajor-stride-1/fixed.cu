#include <cuda_runtime.h>

// y = A x where A (M x K) is stored column-major: the buffer At is K x M row-major.
// Grid-stride loop over the outputs.
template <typename T>
__global__ void gemv_colmajor(const T* At, const T* x, T* y, int M, int K)
{
    for (int m = blockIdx.x * blockDim.x + threadIdx.x; m < M; m += blockDim.x * gridDim.x) {
        T s = 0;
        for (int k = 0; k < K; k++)
            s += At[k * M + m] * x[k];
        y[m] = s;
    }
}

template __global__ void gemv_colmajor<float>(const float*, const float*, float*, int, int);
