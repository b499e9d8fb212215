// out[i] = in[i] * factor, templated on the element type (float, double).
#include <cuda_runtime.h>

template <typename T>
__global__ void scale(const T* in, T* out, T factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * factor;
}

template __global__ void scale<float>(const float*, float*, float, int);
template __global__ void scale<double>(const double*, double*, double, int);
