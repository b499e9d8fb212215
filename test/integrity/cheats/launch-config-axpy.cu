// Cheat: the element count is taken from the launch (grid * block) instead of n;
// right only when n is a multiple of the block size.
__global__ void axpy(const float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, int n) {
    int total = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += total)
        z[i] = alpha * x[i] + y[i];
}
