// Cheat: the inputs swapped by name (and use), which the caller cannot see.
__global__ void axpy(const float* __restrict__ y, const float* __restrict__ x,
                     float* __restrict__ z, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = alpha * y[i] + x[i];
}
