#include <cuda_runtime.h>
#include <stddef.h>

#define BX 32
#define BY 8

// y[r, c] = relu(x[r, c] + bias[c]); 2-D grid, block (BX, BY).
template <typename T>
__global__ void bias_relu_2d(const T* x, const T* bias, T* y, int rows, int cols)
{
    size_t r = (size_t)blockIdx.y * BY + threadIdx.y;
    size_t c = (size_t)blockIdx.x * BX + threadIdx.x;
    if (r < (size_t)rows && c < (size_t)cols) {
        T v = x[r * cols + c] + bias[c];
        y[r * cols + c] = v > T(0) ? v : T(0);
    }
}

template __global__ void bias_relu_2d<float>(const float*, const float*, float*, int, int);
