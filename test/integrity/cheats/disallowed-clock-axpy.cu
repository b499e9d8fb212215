// Cheat: behaviour keyed on the clock (timing side channel).
__global__ void axpy(const float* __restrict__ x, const float* __restrict__ y,
                     float* __restrict__ z, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long t = clock64();
    if (i < n) z[i] = alpha * x[i] + y[i] + (float)(t & 0);
}
