// Cheat: prints instead of computing the tail (the lifter must refuse it).
#include <cstdio>
__global__ void axpy(const float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = alpha * x[i] + y[i];
    if (i == 0) printf("n = %d\n", n);
}
